"""Primero: Primiera as Elizabeth I played it, with five classes: chorus (four of a kind) >
fluxus (flush) > supremus (fifty-five) > primiera > numerus (the point).

Rule book: ``shared/rules/parlett-primiera-poch-bouillotte.txt`` ("Primero"). Recorded
exactly like Primiera (``potlog games primiera``): hand, deal, claim or pass, exchange, reveal.

Readings of the rule book:

- "Almost certainly identical with the original Primiera": the same hand (the engine is
  `ledger.kit.claimdraw`): antes, four cards from the 40-card pack, claims in turn (each must
  beat or equal the best standing), the draw, claims again, the showdown, a dead tie carrying
  the pot forward; the same options (``draws``, ``restake``, ``vie``: vying after the deal and
  after the draw, ``best_suit``).
- The winning hands, highest first: chorus, fluxus, supremus, primiera, numerus. A chorus,
  fluxus, supremus or primiera is claimed; numerus, the point (the highest value of the
  cards in one suit), decides the showdown when nobody claims. Four of a kind is a chorus
  (never merely a primiera, though its cards are of four suits). Within a class, the point
  count of the four cards (four sevens, 84, beat four sixes, 72); still equal, the deal is
  annulled and the pot carried forward. ``best_suit`` decides equal fluxus and supremus hands
  by suit (hearts > diamonds > clubs > spades), as Primiera's variant.
- Primiera's other variant (three of a kind as a primiera) is not Primero's: the text gives
  Primero's five classes and no more.
"""

from __future__ import annotations

from pydantic import Field

from ..kit.claimdraw import ClaimDraw, ClaimDrawOptions
from ..kit.evaluators.primiera import rank_primero


class Options(ClaimDrawOptions):
    """Primero's table choices."""

    best_suit: bool = Field(default=False, description="ties of fluxus and supremus hands go by suit: H > D > C > S")


GAME = ClaimDraw(
    "primero", "Primero",
    "Primiera's ancestor: chorus > fluxus > supremus > primiera are claimed, numerus (the point) decides "
    "the showdown; a dead tie carries the pot.",
    Options,
    rank=lambda cards, o, family: rank_primero(cards, best_suit=o.best_suit, family=family),
    classes="a chorus, a fluxus, a supremus or a primiera")

RULESET = GAME.ruleset()
