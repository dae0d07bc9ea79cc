"""The betting verbs: the opening bet and calls, then check, bet, call, raise, all-in and fold
in the three rounds, on the kit's betting engine (`stages.OPENING`, `stages.ROUND`); what is
Blücher's own is the opening's order (declarations and hole card before the bet)."""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...kit import betting as bets
from ...state import TableState
from .. import base
from .options import BluecherExt
from .stages import OPENING, ROUND, current, first_player, hand_ext, phase_text, require_turn


_LIMIT_ONLY = bets.Betting(structure="declared", limit=OPENING.limit)
"""A bet outside the rounds (the first player, before the roll): only the limit holds."""


def _opening_ready(x: BluecherExt, player: str, doing: str) -> None:
    if player == first_player(x):
        for what, have in (("dice", x.dice), ("limit", x.limit)):
            if have is None:
                raise RuleViolation(f"{player} declares the {what} before the bet: potlog declare {player} {what} N")
    if player not in x.hole:
        raise RuleViolation(f"{player} places a hole card before {doing}: potlog hole {player} [CARD]")


def _move(state: TableState, cmd: Command, doing: str) -> tuple[BluecherExt, str]:
    x = hand_ext(state)
    player = base.require_live(state, cmd.player)
    if x.phase != "open":
        require_turn(state, player, doing)
        rules = ROUND if x.phase == "round" or cmd.verb != "bet" else _LIMIT_ONLY
        bets.check_move(state, x, rules, bets.Move(cmd.verb, player, cmd.amount))
    return x, player


def bet(state: TableState, cmd: Command) -> list[ev.Event]:
    x, player = _move(state, cmd, "bet")
    if x.phase == "open":
        first = first_player(x)
        if player != first:
            if not current(state).current_bet:
                raise RuleViolation(f"{first}, the first player, opens the betting; then {player} calls or folds")
            raise RuleViolation(f"{first} has opened with {current(state).current_bet}: {player} calls "
                                f"{bets.owed(state, player)} or folds (no raises in the opening)")
        require_turn(state, player, "bet")
        _opening_ready(x, player, "betting")
        bets.check_move(state, x, OPENING, bets.Move("bet", player, cmd.amount))
    return base.bet(state, cmd)


def call(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    player = base.require_live(state, cmd.player)
    require_turn(state, player, "call")
    if x.phase == "open":
        _opening_ready(x, player, "calling")
    return base.call(state, cmd)


def raise_(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if x.phase == "open":
        raise RuleViolation(f"no raises in the opening round: {base.require_live(state, cmd.player)} calls or folds")
    _move(state, cmd, "raise")
    return base.raise_(state, cmd)


def all_in(state: TableState, cmd: Command) -> list[ev.Event]:
    x, player = _move(state, cmd, "go all-in")
    if x.phase == "open":
        require_turn(state, player, "go all-in")
        stack, owed, limit = state.stack(player), bets.owed(state, player), x.limit or 0
        if player == first_player(x):
            _opening_ready(x, player, "betting")
            if stack > limit:
                raise RuleViolation(f"{player} has {stack} chips, more than the limit of {limit}: bet 1 to {limit}")
        else:
            _opening_ready(x, player, "calling")
            if stack > owed:
                raise RuleViolation(f"no raises in the opening round: {player} calls {owed} or folds")
    return base.all_in(state, cmd)


def check(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    player = base.require_live(state, cmd.player)
    if x.phase == "open":
        if player == first_player(x):
            raise RuleViolation(f"{player} opens the hand with a bet of 1 to the limit: nobody checks in the opening")
        raise RuleViolation(f"{player} calls {bets.owed(state, player)} or folds: nobody checks in the opening")
    require_turn(state, player, "check")
    return base.check(state, cmd)


def fold(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    player = base.require_live(state, cmd.player)
    if x.phase == "open" and player == first_player(x) and player not in x.acted:
        raise RuleViolation(f"{player} opens the hand: declare the dice and the limit, place a hole card and bet at least 1")
    if x.phase not in ("open", "round"):
        raise RuleViolation(f"{player} cannot fold now: {phase_text(state)}")
    require_turn(state, player, "fold")
    return base.fold(state, cmd)
