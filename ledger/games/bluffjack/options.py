"""Bluffjack's name, the table's choices (`Options`) and where the hand is (`BluffjackExt`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...kit import own
from ...state import Seqs
from .elimination import Elimination

NAME = "bluffjack"
ASIDE = "pot:aside"
HOUSE = "house"
BETTING_STAGES = ("opening", "second", "final")
LAST = Elimination(NAME, ASIDE)
"""Played to the last chip: the eliminations, and what is set aside for the last player standing."""


class Options(BaseModel):
    """The table's choices. Defaults are the rule book's basic game."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=10**9,
                      description="Chips each player antes; also the forced raise and the smallest bet or raise.")
    no_house: bool = Field(default=False,
                           description="No house: a pot everyone busts is set aside for the last player standing.")
    more_betting: bool = Field(default=False,
                               description="A betting turn after every card taken or held during the draw.")
    two_initial_bets: bool = Field(default=False,
                                   description="Bet after the face-down card and again after the face-up card.")
    charlie: int = Field(default=0, description="Charlie size: 0 (off), 5, 7 or 10 cards under 21.")
    charlie_minimum: bool = Field(default=False,
                                  description="The charlie size is a minimum; a longer charlie wins a tied total.")
    best_hand: bool = Field(default=False,
                            description="Rank 21s: A-K suited best ... A-10, then other 21s, charlies, 20 down.")

    @field_validator("charlie")
    @classmethod
    def _charlie(cls, v: int) -> int:
        if v not in (0, 5, 7, 10):
            raise ValueError(f"a charlie is 5, 7 or 10 cards (0 for none), not {v}")
        return v

    @model_validator(mode="after")
    def _minimum_needs_size(self) -> Options:
        if self.charlie_minimum and not self.charlie:
            raise ValueError("charlie_minimum needs a charlie size: add charlie=5, 7 or 10")
        return self


@dataclass(slots=True)
class BluffjackExt:
    """Where the hand is: its `stage` (idle, deal, opening, deal-up, second, drawing, final,
    showdown, ended); the step potlog records by itself next (`due`: a round, or the forced
    raise); who has `anted`; the betting round's book (`acted`, `raised`, `high`: `kit.betting`);
    who has `stood`, who last finished a turn (`last`) and who has just drawn and now bets
    (`drew`: `games.bluffjack.draw`); who made the `forced` raise; how many showdown payouts are recorded
    (`paid`); the seqs of the last hand's events and of those that stand with its result
    (`recent`, `final`: `kit.follow`)."""

    stage: str = "idle"
    due: str = ""
    anted: list[str] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0
    stood: list[str] = field(default_factory=list)
    last: str | None = None
    drew: str | None = None
    forced: str | None = None
    paid: int = 0
    recent: Seqs = field(default_factory=Seqs)
    final: list[int] = field(default_factory=list)


OWN = own.Plain(BluffjackExt, Options)
opts, ext = OWN.opts, OWN.x  # the table's options, parsed once; where the hand is (fresh before the session opens)

