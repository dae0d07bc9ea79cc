"""Tarocchi Siciliani: four players, each for themselves, the 63-card Sicilian pack
(``siciliani63``: no diamonds 1-3, no 1-4 of the other suits), counted in triplets.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Tarocchi Siciliani", in "Cards"): "game play
is exactly the same as Le Tarot Français except with a smaller deck", on the tarot hand engine
(`ledger.kit.tarothand`: the deal, the words, the chips) and French tarot's trick rules
(`ledger.kit.tarot`: follow suit, trump, over-trump, the excuse). Readings:

- Each player scores their own trick pile and the one with the most wins the hand, so Le Tarot's
  bidding (whose only use is the taker's contract score) has no place: nobody bids. The deal is
  Le Tarot's: 14 cards each, the 7 left to the chien, which the dealer takes unseen and discards
  as many (named; Le Tarot's limits: no king, no bout, an atout only when nothing else can go);
  the discard counts for the dealer. The dealer's right leads the first trick.
- The excuse stays with its player, who hands the trick's winner a 1-point card at the end.
- The count, each player's pile in triplets: each triplet worth its cards less 2, a remainder of
  one or two cards less 1 (how the cards are grouped does not change the total). Bouts (T1, T21,
  EX) 10, atouts 16-19 5, kings 5, queens 4, cavaliers 3, jacks 2, every other card 1.
- The score sheet keeps each player's points per hand; ``stake`` (chips per point) is paid at
  each hand's end, pairwise: every pair settles the difference of their points.
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..kit import tarot as tc
from ..kit.tarothand import TarotGame, Terms, each_for_themselves, no_kings_no_bouts


class Options(BaseModel):
    """Tarocchi Siciliani's table choices."""

    model_config = ConfigDict(extra="forbid")
    pack: Literal["siciliani63"] = Field(default="siciliani63", description="the 63-card Sicilian pack")
    stake: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="chips per point, settled pairwise each hand")
    hands: int = Field(default=0, ge=0, le=1000, description="the hands agreed (0: as many as the table likes)")


def value(card: str) -> int:
    if card in tc.BOUTS:
        return 10
    if 16 <= tc.trump_no(card) <= 19:
        return 5
    return tc.court_value(card) or 1


def points(cards: Sequence[str]) -> int:
    """A pile counted in triplets (the value less 2 each, a remainder less 1)."""
    return tc.triplets([value(c) for c in cards])


GAME = TarotGame(
    name="siciliani", title="Tarocchi Siciliani",
    summary="Sicilian tarot for four, each for themselves: French tarot's tricks with the 63-card pack; piles "
            "counted in triplets (value less 2, a remainder less 1).",
    pack="siciliani63", players=(4, 4), size=lambda n: (63 - 6) // n, options=Options,
    terms={"dealer": Terms(alone=True, shown=False, lead="first")}, score=each_for_themselves(points), discard=no_kings_no_bouts,
    low=lambda c: value(c) == 1 and not tc.is_trump(c), pairwise=True, hint="hand, the dealer's discard, then play")
RULESET = GAME.ruleset()
