"""``decide``: each command to its verb, what the rules make follow, and the verbs between
hands (the next hand and its dealer, rebuys, payments, the end of a hand)."""

from __future__ import annotations

import dataclasses

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...kit.follow import then
from ...state import Seat, TableState
from .. import base
from . import NAME, betting, dealing
from .options import ROUND_NAMES, Options, ext, family_of, max_players
from .showdown import last_one_wins, showdown
from .stages import current, hand_ext, phase_text


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    verb = cmd.verb
    if verb == "open":
        return base.open_session(cmd, Options, NAME)
    if verb in _REFUSED:
        base.require_open(state)
        raise RuleViolation(_REFUSED[verb])
    handler = _VERBS.get(verb)
    events = handler(state, cmd) if handler is not None else base.decide_generic(state, cmd, NAME)
    if verb not in _FLOW_VERBS or not events:
        return events
    return _follow(state, events)


def _follow(state: TableState, events: list[ev.Event]) -> list[ev.Event]:
    """Add what the rules make happen next: a new round, or the pot to the last player left."""
    return then(state, events, _after)


def _after(state: TableState) -> list[ev.Event]:
    hand, x = state.hand, ext(state)
    if hand is None or hand.ended:
        return []
    if x.phase == "round-over":
        n = hand.round + 1
        return [base.make_event(ev.RoundStarted, round=n, name=ROUND_NAMES.get(n, ""))]
    return last_one_wins(state) if x.phase == "won" else []


def _players_with_chips(state: TableState) -> list[Seat]:
    return [s for s in state.active_seats if state.stack(s.name) > 0]


def _start(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    if state.in_hand:
        raise RuleViolation(f"hand {current(state).number} is still going: it ends with the showdown")
    x = ext(state)
    playing = _players_with_chips(state)
    top = max_players(state)
    if not 3 <= len(playing) <= top:
        pack = "Spanish" if family_of(state) == "spanish" else "French"
        raise RuleViolation(f"Blücher with the {pack} pack needs 3 to {top} players with chips, "
                            f"not {len(playing)}")
    last = state.hand if state.hand is not None and state.hand.number else None
    if last is None:
        dealer = base.require_seated(state, cmd.dealer) if cmd.dealer else state.active_seats[0].name
    else:
        nxt = x.next_dealer
        seat = state.seat(nxt) if nxt else None
        if seat is not None and seat.active:
            dealer, why = seat.name, f"{nxt} won the last hand"
        else:
            dealer = base.seat_after(state, last.dealer) or last.dealer
            why = "the deal passes to the left"
        if cmd.dealer and cmd.dealer != dealer:
            raise RuleViolation(f"{dealer} deals hand {last.number + 1}, not {cmd.dealer}: {why}")
    first = base.seat_after(state, dealer, skip=lambda s: state.stack(s.name) <= 0)
    if cmd.first and cmd.first != first:
        raise RuleViolation(f"{first} plays first, not {cmd.first}: the first player sits left of the dealer ({dealer})")
    return base.start_hand(state, dataclasses.replace(cmd, dealer=dealer, first=first), min_players=3)


def _rebuy(state: TableState, cmd: Command) -> list[ev.Event]:
    seat = state.seat(cmd.player or "")
    if state.in_hand and seat is not None and seat.in_hand and not seat.folded:
        raise RuleViolation(f"{seat.name} is in hand {current(state).number}: rebuy between hands (table stakes)")
    return base.rebuy(state, cmd)


def _pay(state: TableState, cmd: Command) -> list[ev.Event]:
    source, to = cmd.source or "", cmd.to or ""
    if state.seat(source) is None and (source == "pot" or source.startswith("pot:")):
        raise RuleViolation("chips leave the pot only by the rules (potlog showdown, or the last fold)")
    if state.seat(to) is None and to == "carry":
        raise RuleViolation("the pot rides only when everyone busts: potlog showdown carries it over")
    if state.seat(source) is None and source == "carry" and state.in_hand:
        raise RuleViolation("the carry-over is in this hand's pot now: the showdown settles it")
    return base.pay(state, cmd)


def _end(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if state.balance("pot"):
        raise RuleViolation(f"the hand ends with the showdown (or when all but one fold); {phase_text(state)}")
    return base.end_hand(state, cmd) if x.phase != "ended" else []


_VERBS = {
    "hand": _start, "deal": dealing.deal, "declare": dealing.declare, "hole": dealing.hole, "bet": betting.bet,
    "call": betting.call, "raise": betting.raise_, "allin": betting.all_in, "check": betting.check,
    "fold": betting.fold, "roll": dealing.roll, "buy": dealing.buy, "exchange": dealing.buy,
    "reshuffle": dealing.reshuffle, "round": dealing.new_round, "showdown": showdown,
    "rebuy": _rebuy, "pay": _pay, "end": _end,
}
_FLOW_VERBS = {"deal", "declare", "hole", "bet", "call", "raise", "allin", "check", "fold", "roll", "buy",
               "exchange", "round", "leave"}
_REFUSED = {
    "ante": "Blücher has no antes: the first player opens with a bet",
    "play": "Blücher has no tricks: cards are bought (potlog buy) and shown at the showdown",
    "score": "Blücher is played for chips, not points",
    "award": "Blücher settles the pot itself: potlog showdown (or the last fold) pays it out",
    "carry": "the pot rides only when everyone busts, and potlog showdown works that out",
}
