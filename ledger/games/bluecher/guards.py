"""What every command checks first (a hand is on, it is this player's turn), and how the
hand's moment is said in a refusal."""

from __future__ import annotations

from ...errors import RuleViolation
from ...state import TableState
from .. import base
from .options import BluecherExt, _x


def _x_hand(state: TableState) -> BluecherExt:
    base.require_open(state)
    base.require_hand(state)
    return _x(state)


def _turn(state: TableState, player: str, doing: str) -> None:
    hand = state.hand
    assert hand is not None
    if hand.to_act != player:
        now = f"it is {hand.to_act}'s turn" if hand.to_act else _phase_text(state)
        raise RuleViolation(f"{player} cannot {doing} now: {now}")


def _phase_text(state: TableState) -> str:
    x = _x(state)
    return {
        "deal": "the cards are being dealt (3 each)",
        "open": "the opening is under way",
        "roll": "the first player rolls the dice next",
        "round-over": "the round is over",
        "showdown": "the third round is over: reveal the cards and record the showdown",
        "won": "everyone else has folded",
        "ended": "the hand is over",
    }.get(x.phase, "no hand is in progress")


def _first(x: BluecherExt) -> str:
    return x.order[0] if x.order else ""
