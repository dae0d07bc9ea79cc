"""Bluke's name, pack and player limits, the table's choices (`Options`) and the game's own
state in ``state.ext`` (`BlukeState`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...kit import tricks
from ...state import TableState
from ..ruleset import options_of

NAME = "bluke"
PACK = "french54"
MIN_PLAYERS, MAX_PLAYERS = 2, 15
SUIT_NAMES = tricks.SUIT_NAMES


class Options(BaseModel):
    """Bluke's choices: the New Jersey variant and a stake in chips per point."""

    model_config = ConfigDict(extra="forbid")
    pack: Literal["french54"] = Field(default="french54", description="52 cards and the two Blukes (HI, LO).")
    new_jersey: bool = Field(default=False, description=(
        "New Jersey: hands go 1 up to 13 and back down, and the Blukes count as trumps (they must follow trump)."))
    stake: int = Field(default=0, ge=0, le=1_000_000, description=(
        "Chips per point: at the end each pair of players settles the difference of their scores (0: no chips)."))


@dataclass(slots=True)
class BlukeState:
    """Bluke's own state in ``state.ext`` (plain JSON-able fields only).

    Attributes:
        schedule: cards per hand, fixed when the first hand starts.
        draws: the cards each player drew for the first deal, round by round (ties redraw).
        order: this hand's players from the dealer's left (the bidding order).
        cards: cards dealt to each player this hand.
        trump: the trump suit letter, ``none`` (a Bluke turned), or None (not turned yet).
        bids, taken: this hand's bids and tricks per player.
        tally: the tricks were recorded as a scorekeeper's tally, not card by card.
        tricks_done: tricks finished this hand; leader: who leads the current trick.
        voids: player -> suit -> the trick where they did not follow it (this hand).
        revokes: every revoke flagged in the game.
        points: this hand's points per player, once scored.
        history: one entry per finished hand (the scorecard's rows).
        adjustments: points given outside the bid/tricks scoring (table rulings).
        over: every hand of the schedule is played. settled: the stake was paid out.
        settle_due: the settlement's payments still to record, ``[from, to, amount]``.
    """

    schedule: list[int] = field(default_factory=list)
    draws: dict[str, list[str]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    cards: int = 0
    trump: str | None = None
    trump_card: str | None = None
    bids: dict[str, int] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)
    tally: bool = False
    tricks_done: int = 0
    leader: str | None = None
    voids: dict[str, dict[str, int]] = field(default_factory=dict)
    revokes: list[dict[str, Any]] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    adjustments: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    settled: bool = False
    settle_due: list[list[Any]] = field(default_factory=list)


def initial(state: TableState) -> BlukeState:
    return BlukeState()


def ext(state: TableState) -> BlukeState:
    """The game's state (made fresh if the session has none yet)."""
    if not isinstance(state.ext, BlukeState):
        state.ext = BlukeState()
    return state.ext


def opts(state: TableState) -> Options:
    return options_of(state, Options)
