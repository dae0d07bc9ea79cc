"""Freeform: any game without a rules module yet.

It accepts every well-formed, chip-conserving command: seat and unseat players, deal known
or unseen cards, roll dice, declare anything, bet and call and raise in any order, pay
between any accounts, award or carry a pot. It checks only what holds at every table:
chips are never created or lost, nobody bets more than they have, a known card is in one
place at a time, and a hand ends with its pots empty (awarded or carried over).

Nobody's turn is tracked and no winner is computed: the recorder says who won (`award`).
A new betting round starts with `potlog round`, which sets everyone's bet in the round
back to zero (so `call` knows what to match).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..cards import PACKS
from ..commands import Command
from ..state import TableState
from . import base
from .ruleset import Ruleset

NAME = "freeform"
TITLE = "Freeform"
SUMMARY = "Any game: records every well-formed, chip-conserving action; the table decides who wins."


class Options(BaseModel):
    """Freeform's choices: the pack (for card notation and duplicate checks) and the die."""

    model_config = ConfigDict(extra="forbid")
    pack: str = Field(default="french52", pattern="^(" + "|".join(PACKS) + ")$")
    dice_sides: int = Field(default=6, ge=2, le=100)


def initial(state: TableState) -> Any:
    return None


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, NAME)
    return base.decide_generic(state, cmd, NAME)


def evolve(state: TableState, event: ev.Event) -> None:
    if isinstance(event, ev.HandStarted) and state.hand is not None:
        state.hand.phase = "playing"


def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    if not state.in_hand:
        return [base.Legal(None, ("hand", "join", "rebuy", "leave", "pay", "count", "note", "close"))]
    return [base.Legal(None, ("deal", "reveal", "exchange", "roll", "declare", "ante", "bet", "call",
                              "raise", "allin", "check", "fold", "pay", "award", "carry", "round",
                              "end", "note"), "anyone may act: freeform keeps no turn")]


def view(state: TableState) -> list[tuple[str, str]]:
    return []


RULESET = Ruleset(name=NAME, title=TITLE, summary=SUMMARY, options=Options, initial=initial,
                  decide=decide, evolve=evolve, legal=legal, view=view)
