"""Bluffjack's name, the table's choices (`Options`) and where the hand is (`BluffjackExt`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...kit import stages
from ...state import TableState
from ..ruleset import options_of

NAME = "bluffjack"

ASIDE = "pot:aside"
HOUSE = "house"
ELIMINATED = "eliminated"
BETTING_STAGES = ("opening", "second", "final")


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
    """Where the hand is.

    Attributes:
        stage: idle, deal, opening, deal-up, second, drawing, final, showdown, ended.
        due: a step potlog records by itself next (opening, second, draws, final), or "".
        anted: who has anted this hand.
        acted, raised, high: the betting round's book (`kit.betting`): who has acted since
            the last move that re-opened it.
        stood: who has stood this hand.
        last: who last finished a turn (the next turn is clockwise after them).
        drew: in a more-betting draw, the player who has just taken a card or stood and now bets.
        forced: who made this hand's forced raise.
        paid: how many of the showdown's payouts are recorded.
        recent: the seqs of the events since the last hand started (voids aside), for voids.
        final: the seqs of what the rules record once a hand is over (eliminations, the
            set-aside chips paid out): they stand with the hand's result and are not voided.
    """

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
    recent: list[int] = field(default_factory=list)
    final: list[int] = field(default_factory=list)


def opts(state: TableState) -> Options:
    """The table's options, parsed once."""
    return options_of(state, Options)


def ext(state: TableState) -> BluffjackExt:
    """Where the hand is (a fresh `BluffjackExt` before the session opens)."""
    return stages.ext_of(state, BluffjackExt, lambda _: BluffjackExt())


def chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"
