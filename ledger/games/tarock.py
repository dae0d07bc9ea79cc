"""Tarock: the German tarot, four players, each for themselves, the 54-card pack (``tarock54``:
the red suits without 5-10, the black ones without 1-6), counted in triplets of a counting card
and two low cards.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Tarock", in "Cards"): "game play is exactly
the same as Le Tarot Français except with a smaller deck", on the tarot hand engine
(`ledger.kit.tarothand`: the deal, the words, the chips) and French tarot's trick rules
(`ledger.kit.tarot`). Readings:

- The winner of the hand is whoever scores the most, each counting their own pile, so there is no
  bidding (Le Tarot's bids only set the taker's contract score). The deal is Le Tarot's: 12 cards
  each, 6 to the chien; the dealer takes it unseen and discards 6 (named; Le Tarot's limits), which
  count for the dealer. The dealer's right leads the first trick. The excuse as in Le Tarot (a low
  card handed over for it).
- The count: counting cards are the bouts (T1, T21, EX: 5) and the courts (king 5, queen 4,
  cavalier 3, jack 2); every other card is low (1). A triplet of a counting card and two low cards
  is worth the counting card; three low cards 1; two low cards left over 1, one 0. That is the sum
  of the values less 2 a triplet and less 1 for a remainder, and that sum is how potlog counts a
  pile with more counting cards than pairs of low ones (the text is silent there): two kings and
  a low card are 5 + 5 + 1 - 2 = 9.
- The score sheet keeps each player's points per hand; ``stake`` (chips per point) is paid at each
  hand's end, pairwise: every pair settles the difference of their points.
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..kit import tarot as tc
from ..kit.tarothand import TarotGame, Terms, each_for_themselves, no_kings_no_bouts


class Options(BaseModel):
    """Tarock's table choices."""

    model_config = ConfigDict(extra="forbid")
    pack: Literal["tarock54"] = Field(default="tarock54", description="the 54-card Tarock pack")
    stake: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="chips per point, settled pairwise each hand")
    hands: int = Field(default=0, ge=0, le=1000, description="the hands agreed (0: as many as the table likes)")


def value(card: str) -> int:
    return 5 if card in tc.BOUTS else tc.court_value(card) or 1


def counting(card: str) -> bool:
    return card in tc.BOUTS or tc.court(card) is not None


def points(cards: Sequence[str]) -> int:
    """A pile counted in triplets (see the docstring)."""
    return tc.triplets([value(c) for c in cards])


GAME = TarotGame(
    name="tarock", title="Tarock",
    summary="German tarot for four, each for themselves: French tarot's tricks with the 54-card pack; triplets "
            "of a counting card and two low cards.",
    pack="tarock54", players=(4, 4), size=lambda n: (54 - 6) // n, options=Options,
    terms={"dealer": Terms(alone=True, shown=False, lead="first")}, score=each_for_themselves(points), discard=no_kings_no_bouts,
    low=lambda c: not counting(c) and not tc.is_trump(c), pairwise=True, hint="hand, the dealer's discard, then play")
RULESET = GAME.ruleset()
