"""Bluke's name, pack and player limits, the table's choices (`Options`) and the game's own
state in ``state.ext`` (`BlukeState`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...kit import own, turns
from . import points, tricks

NAME, TITLE = "bluke", "Bluke"
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


@dataclass
class BlukeState(tricks.Keeping, points.Scoresheet, turns.Drawn):
    """Bluke's own state in ``state.ext``: the draw for the first deal (`turns.Drawn`), the
    hand of tricks (`tricks.Keeping`), the points (`points.Scoresheet`), and

    Attributes:
        schedule: cards per hand, fixed when the first hand starts.
    """

    schedule: list[int] = field(default_factory=list)


OWN = own.Plain(BlukeState, Options)
initial, ext, opts = OWN.initial, OWN.x, OWN.opts  # a fresh state; the game's state (fresh if none yet); options
