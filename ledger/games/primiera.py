"""Primiera: four cards from a 40-card pack, claims of a flush, a fifty-five or a primiera,
the draw, and the showdown on the best point in one suit; a dead tie carries the pot forward.

Rule book: ``shared/rules/parlett-primiera-poch-bouillotte.txt`` (the excerpt starts in the
middle of Primiera). How a hand is recorded::

    potlog new primiera -p Aldo=30 -p Bruno=30 -p Carlo=30 -p Dino=30 -o ante=2
    potlog hand                          # everyone antes; the deal passes left
    potlog deal all                      # four unseen cards each (or: potlog deal Aldo KH QD 4C 3S)
    potlog claim Bruno KH QD 4C 3S       # in turn from the dealer's left: claim by showing ...
    potlog pass Carlo                    # ... or pass; the best claim takes the pot
    potlog exchange Bruno -n 2           # nobody claimed: the draw, each in turn (1 to 4 cards)
    potlog claim Bruno / pass ...        # claims again; nobody: the showdown
    potlog reveal Carlo 7H 4H AS KC      # every hand still in turned up: the best point wins

Readings of the rule book (the engine is `ledger.kit.claimdraw`; the ranking is
`ledger.kit.evaluators.primiera`):

- The pack: 40 cards, A 2-7 J Q K in the four French suits the text names (``italian40``, the
  default); ``pack=spanish40`` for Latin-suited cards (sota, caballo, rey count 10).
- Before the excerpt: everyone antes ``ante`` and is dealt four cards; then each player in
  turn from the dealer's left may declare a hand, as Aldo, Bruno, Carlo and Dino do in the
  example (the same outline as the Italian game's "accusare").
- The classes, read off the example: flush (four of a suit) beats fifty-five (7, 6 and ace of
  one suit, and any card) beats primiera (one card of each suit). Each claim in the example
  counters the last: a claim must beat or equal the best standing one (a weaker one is
  refused: the player passes). Ties by the point count of the four cards (Dino's 6-5-4-3,
  60, over Carlo's 7-2-Q-J, 53; the excerpt prints "16-5-4-3", which counts 58, not 60: an
  OCR slip for 6-5-4-3); a fifty-five counts its 55 and its fourth card. Still equal: the
  deal is annulled and the whole pot carried forward to the next deal.
- ``best_suit`` (the variant): a tie of flushes or fifty-fives is decided by suit, hearts >
  diamonds > clubs > spades, instead of annulling the deal. ``triplets`` (the variant):
  three of a kind is a primiera (four of a kind always is: four suits).
- The draw: each in turn discards "one or more" cards (one to four) and is dealt as many from
  the top of the stock; the discards are not shuffled back. Then claims again; "if there is still no claim", the showdown: the
  best point, the highest value of the cards in one suit (7-4 of hearts and A, K: 35 beats
  K-Q-4 of diamonds and 7: 34). A class hand turned up at the showdown beats any point (a
  table lets nobody lose with a flush unclaimed). Equal points: annulled, the pot carried.
- Staking again, "at this stage" (the draw, once nobody has won outright), is read two ways,
  both options since "players may agree" to it (neither by default): a fixed stake, ``restake``
  N, everyone still in stakes N after the draw; or vying, ``vie=deal``: a round of poker-style
  vying (check, bet, call, raise, all-in, fold; ``min_bet``, ``limit``) once the claims after
  the deal come to nothing, before the draw, the stakes a table makes on the hands it holds.
  A player who folds is out: no draw, no claim, no share of the pot.
- "In some schools, the period between the draw and final showdown sees a round of
  Poker-style vying": ``vie=draw`` (or ``vying=true``), once the claims after the last draw
  come to nothing, before the showdown; ``vie=deal,draw`` vies at both stages, each round
  afresh. All but one folding wins the pot unseen. ``draws`` N allows further draws, each
  followed by claims, while the stock holds a card for every player in ("until a win is
  claimed or not enough cards remain"); the vying after the deal comes before the first draw
  only.
- Not modelled: nothing is paid outside the pot (the excerpt names no side payments).
"""

from __future__ import annotations

from pydantic import Field

from ..kit.claimdraw import ClaimDraw, ClaimDrawOptions
from ..kit.evaluators.primiera import rank_primiera


class Options(ClaimDrawOptions):
    """Primiera's table choices (the engine's, and the text's two variants)."""

    best_suit: bool = Field(default=False, description="ties of flushes and fifty-fives go by suit: H > D > C > S")
    triplets: bool = Field(default=False, description="three of a kind counts as a primiera")


GAME = ClaimDraw(
    "primiera", "Primiera",
    "Four cards of 40, claims of flush > fifty-five > primiera, the draw, the best point in one suit; "
    "a dead tie carries the pot.",
    Options,
    rank=lambda cards, o, family: rank_primiera(cards, best_suit=o.best_suit, triplets=o.triplets, family=family),
    classes="a flush, a fifty-five or a primiera")

RULESET = GAME.ruleset()
