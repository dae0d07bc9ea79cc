"""Antes and betting: whose turn it is to bet, the smallest bet, and each betting verb."""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from .. import base
from .options import BETTING_STAGES
from .table import _chips, _ext, _opt, _owes
from .verbs import _handler
from .view import _waiting


@_handler("ante")
def _ante(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    ext = _ext(state)
    if ext.stage != "deal" or ext.due:
        raise RuleViolation(f"the antes are in and the betting has started: {_waiting(state)}")
    if player in ext.anted:
        raise RuleViolation(f"{player} has already anted this hand")
    ante = int(_opt(state, "ante"))
    stack = state.stack(player)
    owed = min(ante, stack)
    if cmd.amount is not None and cmd.amount != owed:
        if owed < ante:
            raise RuleViolation(f"{player} has only {_chips(stack)}: {player} antes {stack} and is all-in")
        raise RuleViolation(f"the ante at this table is {ante}, not {cmd.amount}: potlog ante {player} {ante}")
    return [base.make_event(ev.Ante, player=player, amount=owed)]


def _bet_turn(state: TableState, player: str | None, doing: str) -> str:
    base.require_hand(state)
    name = base.require_live(state, player)
    ext = _ext(state)
    hand = state.hand
    assert hand is not None
    who = hand.to_act
    if ext.stage == "drawing":
        if not _opt(state, "more_betting"):
            raise RuleViolation(f"{name} cannot {doing} while cards are taken: {_waiting(state)} "
                                "(the final betting round comes when everyone has stood)")
        if who == name and ext.drew != name and name not in ext.stood:
            raise RuleViolation(f"{name} takes a card or stands first (potlog hit / potlog stand), then calls, "
                                "raises or folds")
        betting = who is not None and (ext.drew == who or who in ext.stood)
    else:
        betting = ext.stage in BETTING_STAGES and who is not None
    if not betting:
        raise RuleViolation(f"{name} cannot {doing} now: {_waiting(state)}")
    if hand.to_act != name:
        extra = ""
        if name == ext.forced and ext.acted == [name] and ext.stage == "opening":
            extra = f" ({name}'s forced raise is already in)"
        raise RuleViolation(f"it is {hand.to_act}'s turn to bet, not {name}'s{extra}")
    if state.stack(name) == 0:
        raise RuleViolation(f"{name} is all-in: nothing more to bet")
    return name


def _min_bet(state: TableState, player: str, amount: int, what: str) -> None:
    ante = int(_opt(state, "ante"))
    if amount < ante and amount < state.stack(player):
        raise RuleViolation(f"{player} cannot {what} {amount}: the smallest bet or raise is the ante, {ante} "
                            "(or all-in)")


@_handler("call")
def _call(state: TableState, cmd: Command) -> list[ev.Event]:
    player = _bet_turn(state, cmd.player, "call")
    seat = state.seat(player)
    assert seat is not None
    if _owes(state, seat) == 0:
        if cmd.amount:
            raise RuleViolation(f"{player} has nothing to match: the call is a check")
        return [base.make_event(ev.Check, player=player)]
    return base.call(state, cmd)


@_handler("check")
def _check(state: TableState, cmd: Command) -> list[ev.Event]:
    _bet_turn(state, cmd.player, "check")
    return base.check(state, cmd)


@_handler("bet")
def _bet(state: TableState, cmd: Command) -> list[ev.Event]:
    player = _bet_turn(state, cmd.player, "bet")
    if cmd.amount is not None:
        _min_bet(state, player, cmd.amount, "bet")
    return base.bet(state, cmd)


@_handler("raise")
def _raise(state: TableState, cmd: Command) -> list[ev.Event]:
    player = _bet_turn(state, cmd.player, "raise")
    if cmd.amount is not None:
        seat = state.seat(player)
        assert seat is not None
        owed = _owes(state, seat)
        if cmd.amount < int(_opt(state, "ante")) and owed + cmd.amount < state.stack(player):
            _min_bet(state, player, cmd.amount, "raise by")
    return base.raise_(state, cmd)


@_handler("allin")
def _allin(state: TableState, cmd: Command) -> list[ev.Event]:
    _bet_turn(state, cmd.player, "go all-in")
    return base.all_in(state, cmd)


@_handler("fold")
def _fold(state: TableState, cmd: Command) -> list[ev.Event]:
    _bet_turn(state, cmd.player, "fold")
    return base.fold(state, cmd)
