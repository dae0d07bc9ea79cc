"""Deciding a command: the handler for its verb (registered by `dealing`, `betting` and
`showdown`), corrections (void), the shared verbs bluffjack allows, and what is set aside when a
player leaves or the game stops."""

from __future__ import annotations

from ... import events as ev
from ...chips import split_evenly
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from .. import base
from . import betting, dealing, showdown  # noqa: F401  (they register their verbs in _HANDLERS)
from .auto import _auto_chain, _trial
from .options import ASIDE, NAME, Options
from .table import _clockwise, _ext, _players_with_chips
from .verbs import _HANDLERS


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, NAME)
    base.require_open(state)
    if cmd.verb == "void":
        return _void(state, cmd)
    pre = _auto_chain(state) if state.in_hand else []  # only after an overridden or voided event
    current = _trial(state, pre) if pre else state
    events = _decide(current, cmd)
    if not events:
        return pre + events
    return pre + events + _auto_chain(_trial(current, events))


def _decide(state: TableState, cmd: Command) -> list[ev.Event]:
    handler = _HANDLERS.get(cmd.verb)
    if handler is not None:
        return handler(state, cmd)  # type: ignore[no-any-return]
    if cmd.verb in ("join", "leave", "note", "count", "close", "reveal", "rebuy", "pay"):
        return _generic(state, cmd)
    if cmd.verb in ("award", "carry", "end"):
        raise RuleViolation(f"in bluffjack potlog settles the pot: record the hand to its end and use "
                            f"'potlog showdown' (it pays the winners and ends the hand), not '{cmd.verb}'")
    if cmd.verb == "round":
        raise RuleViolation("in bluffjack potlog opens each betting round itself when the cards and bets before it are done")
    raise RuleViolation(f"bluffjack has no '{cmd.verb}': deal, ante, bet, call, raise, allin, check, fold, "
                        "hit, stand, reveal and showdown are its moves")


def _void(state: TableState, cmd: Command) -> list[ev.Event]:
    """Corrections go from the newest event back, so no event is left standing on one that
    is gone (a round opened by a call that is void, a forced raise without its antes)."""
    recent = _ext(state).recent
    if cmd.target is not None and cmd.target in _ext(state).final:
        raise RuleViolation(f"seq {cmd.target} is what the rules record once the hand is over (an elimination or the "
                            "set-aside chips paid out): it stands with the hand's result and cannot be voided")
    if cmd.target is not None and recent and cmd.target != recent[-1] and 1 < cmd.target <= state.seq \
            and cmd.target not in state.voided:
        if cmd.target in recent:
            raise RuleViolation(f"void seq {recent[-1]} first: in bluffjack corrections go from the newest "
                                f"event back (seq {recent[-1]} came after seq {cmd.target})")
        raise RuleViolation(f"seq {cmd.target} came before the last hand started (seq {recent[0]}): only the "
                            "events since then can be voided, newest first")
    return base.void(state, cmd)


_HANDLERS["void"] = _void


def _generic(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "join" and cmd.amount is not None and cmd.amount <= 0:
        raise RuleViolation(f"{cmd.player} needs chips to sit down at bluffjack: give a buy-in above 0")
    if cmd.verb == "rebuy" and state.in_hand:
        raise RuleViolation(f"{cmd.player} can rebuy between hands, not during hand {state.hand.number}")  # type: ignore[union-attr]
    if cmd.verb == "pay":
        for who in (cmd.source, cmd.to):
            if who is not None and state.seat(who) is None:
                raise RuleViolation(f"in bluffjack chips reach the pot by betting and leave it at the showdown: "
                                    f"pay moves chips between players only, not to or from {who}")
    if cmd.verb == "close":
        shares = _aside_at_close(state)
        return shares + base.close(_trial(state, shares) if shares else state, cmd)
    events = base.decide_generic(state, cmd, NAME)
    if cmd.verb == "leave":
        events += _aside_after_leave(state, events)
    return events


def _aside_after_leave(state: TableState, events: list[ev.Event]) -> list[ev.Event]:
    """No house: when a leave leaves one player with chips, they take what was set aside."""
    aside = state.balance(ASIDE)
    if not aside:
        return []
    after = _trial(state, events)
    if after.in_hand:
        return []
    left = _players_with_chips(after)
    if len(left) != 1:
        return []
    return [base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + left[0], amount=aside,
                            reason="the last player standing wins what was set aside")]


def _aside_at_close(state: TableState) -> list[ev.Event]:
    aside = state.balance(ASIDE)
    if not aside or state.in_hand:
        return []
    dealer = state.hand.dealer if state.hand is not None else None
    names = [s.name for s in _clockwise(state, dealer) if s.active and state.stack(s.name) > 0]
    names = names or [s.name for s in _clockwise(state, dealer) if s.active]
    if not names:
        return []
    return [base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + p, amount=a,
                            reason="the game stops: what was set aside is shared")
            for p, a in split_evenly(aside, names) if a]
