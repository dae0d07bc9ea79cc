"""Blücher's table choices (`Options`), its own state (`BluecherExt`) and the pack family."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ... import events as ev
from ...cards import get_pack
from ...kit import own
from ...state import TableState

MAX_DICE = 5
ROUND_NAMES = {1: "first card", 2: "second card", 3: "third card"}
_PACKS = ("french", "french52", "spanish", "spanish40", "spanish48")


class Options(BaseModel):
    """Blücher's table choices."""

    model_config = ConfigDict(extra="forbid")
    pack: str = Field(default="french52", description=(
        "french (52 cards, 3-10 players) or spanish (40 or 48 cards, 3-9 players); "
        "french52, spanish40, spanish48 are accepted too"))
    card_cost: int = Field(default=1, ge=1, le=ev.MAX_CHIPS,
                           description="chips to buy a card, unless the dealer declares otherwise before the deal")
    spanish_size: int = Field(default=40, description="40 or 48: the Spanish pack's size")

    @model_validator(mode="after")
    def _one_pack(self) -> Options:
        pack = self.pack.strip().lower()
        self.spanish_size = 48 if pack == "spanish48" else self.spanish_size
        if self.spanish_size not in (40, 48):
            raise ValueError(f"a Spanish pack has 40 or 48 cards, not {self.spanish_size}")
        if pack not in _PACKS:
            raise ValueError(f"Blücher is played with the french or the spanish pack, not {self.pack!r}")
        self.pack = "french52" if pack.startswith("french") else f"spanish{self.spanish_size}"
        return self


@dataclass(slots=True)
class BluecherExt:
    """Blücher's own state, flat JSON-able fields (a snapshot rebuilds it with ``BluecherExt(**d)``):
    phase (idle, deal, open, roll, round, round-over, showdown, won, ended); card_cost; dice,
    limit (the first player's declarations), target (the dice total); hole (player -> hole card,
    ``??`` while unseen); order (the hand's players from the first); acted, raised, high (the
    betting book); bought (who bought a card this round); stock, pack_size; carried_in;
    next_dealer; paid, settled (chips and settlement events so far, for `check_event`)."""

    phase: str = "idle"
    card_cost: int = 1
    dice: int | None = None
    limit: int | None = None
    target: int | None = None
    hole: dict[str, str] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    bought: list[str] = field(default_factory=list)
    high: int = 0
    stock: int = 0
    pack_size: int = 52
    carried_in: int = 0
    next_dealer: str | None = None
    paid: int = 0
    settled: int = 0


def family_of(state: TableState) -> str:
    """The pack's family: french or spanish."""
    return "spanish" if OWN.opts(state).pack.startswith("spanish") else "french"


OWN = own.Plain(BluecherExt, Options, fresh=lambda state, o: BluecherExt(card_cost=o.card_cost,
                                                                          pack_size=len(get_pack(o.pack).cards)))
initial, ext = OWN.initial, OWN.x  # Blücher's own state (rebuilt from a snapshot's plain data when needed)

