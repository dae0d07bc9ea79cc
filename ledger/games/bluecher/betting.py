"""The betting verbs: the opening bet and calls, then check, bet, call, raise, all-in and fold
in the three rounds (limit betting, one raise per player per round)."""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from .. import base
from .guards import _first, _phase_text, _turn, _x_hand
from .options import BluecherExt


def _opening_ready(state: TableState, x: BluecherExt, player: str, doing: str) -> None:
    if player == _first(x):
        for what, have in (("dice", x.dice), ("limit", x.limit)):
            if have is None:
                raise RuleViolation(f"{player} declares the {what} before the bet: potlog declare {player} {what} N")
    if player not in x.hole:
        raise RuleViolation(f"{player} places a hole card before {doing}: potlog hole {player} [CARD]")


def _others_can_call(state: TableState, player: str) -> bool:
    return any(s.name != player and state.stack(s.name) > 0 for s in state.live_players())


def _bet(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    amount = cmd.amount or 0
    if x.phase == "open":
        if player != _first(x):
            if not state.hand.current_bet:  # type: ignore[union-attr]
                raise RuleViolation(f"{_first(x)}, the first player, opens the betting; then {player} calls or folds")
            owed = base.to_call(state, player)
            raise RuleViolation(f"{_first(x)} has opened with {state.hand.current_bet}: {player} calls {owed} or folds (no raises in the opening)")  # type: ignore[union-attr]
        _turn(state, player, "bet")
        _opening_ready(state, x, player, "betting")
    elif x.phase == "round":
        _turn(state, player, "bet")
        if player in x.acted:
            raise RuleViolation(f"{player} has had a turn this round: now only call or fold")
        if not _others_can_call(state, player):
            raise RuleViolation(f"nobody else can call a bet (all-in): {player} checks")
    else:
        _turn(state, player, "bet")
    limit = x.limit or 0
    if not 1 <= amount <= limit:
        raise RuleViolation(f"{player} may bet 1 to {limit} (the limit this hand), not {amount}")
    return base.bet(state, cmd)


def _call(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    _turn(state, player, "call")
    if x.phase == "open":
        _opening_ready(state, x, player, "calling")
    return base.call(state, cmd)


def _may_raise(x: BluecherExt, player: str, hint: str = "") -> None:
    """One raise per player per round, and none once the go-around is over."""
    if player in x.raised:
        raise RuleViolation(f"{player} cannot raise again: one raise per player per round{hint}")
    if player in x.acted:
        raise RuleViolation(f"{player} has had a turn this round: after the go-around players only call or fold")


def _raise(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    if x.phase == "open":
        raise RuleViolation(f"no raises in the opening round: {player} calls or folds")
    _turn(state, player, "raise")
    _may_raise(x, player)
    by = cmd.amount or 0
    limit = x.limit or 0
    if not 1 <= by <= limit:
        raise RuleViolation(f"{player} may raise by 1 to {limit} (the limit this hand), not {by}")
    if not _others_can_call(state, player):
        raise RuleViolation(f"nobody else can call a raise (all-in): {player} calls or checks")
    return base.raise_(state, cmd)


def _allin(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    _turn(state, player, "go all-in")
    stack = state.stack(player)
    owed = base.to_call(state, player)
    limit = x.limit or 0
    if x.phase == "open":
        if player == _first(x):
            _opening_ready(state, x, player, "betting")
            if stack > limit:
                raise RuleViolation(f"{player} has {stack} chips, more than the limit of {limit}: bet 1 to {limit}")
        else:
            _opening_ready(state, x, player, "calling")
            if stack > owed:
                raise RuleViolation(f"no raises in the opening round: {player} calls {owed} or folds")
    elif stack > owed:
        by = stack - owed
        _may_raise(x, player, f" (call {owed} or fold)")
        if by > limit:
            raise RuleViolation(f"{player}'s all-in of {stack} would raise by {by}, above the limit of {limit}")
        if not _others_can_call(state, player):
            raise RuleViolation(f"nobody else can call (all-in): {player} checks or calls")
    return base.all_in(state, cmd)


def _check(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    if x.phase == "open":
        if player == _first(x):
            raise RuleViolation(f"{player} opens the hand with a bet of 1 to the limit: nobody checks in the opening")
        raise RuleViolation(f"{player} calls {base.to_call(state, player)} or folds: nobody checks in the opening")
    _turn(state, player, "check")
    return base.check(state, cmd)


def _fold(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    if x.phase == "open" and player == _first(x) and player not in x.acted:
        raise RuleViolation(f"{player} opens the hand: declare the dice and the limit, place a hole card and bet at least 1")
    if x.phase not in ("open", "round"):
        raise RuleViolation(f"{player} cannot fold now: {_phase_text(state)}")
    _turn(state, player, "fold")
    return base.fold(state, cmd)
