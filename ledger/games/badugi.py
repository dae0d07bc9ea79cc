"""Badugi: four cards, blinds, three draws, fixed limit (PHH's FB); the best badugi wins.

How a hand is recorded::

    potlog new badugi -p Ann=200 -p Ben=200 -p Cy=200 -o small_blind=1 -o big_blind=2
    potlog hand                     # potlog posts the blinds
    potlog deal all                 # four cards each, face down
    potlog call Ann ...             # the betting before the first draw
    potlog exchange Ben 3H --discard KH     # each draw in turn from the button's left
    potlog exchange Cy                      # stands pat

Readings (the card room's, as PokerKit plays FB):

- Blinds; four cards face down; a betting round; three draws, each followed by a betting
  round. Fixed limit: the small bet (default the big blind) before the draws and after the
  first, the big bet (default twice it) after the second and the third; a bet and three
  raises a round, the big blind the first before the first draw.
- The draw: each player still in, in turn from the button's left (all-in players too),
  discards any number of cards (none: standing pat) and is dealt as many; an empty stock,
  the discards are reshuffled (potlog reshuffle).
- The hand (`lowball.rank_badugi`): the largest set of cards of four different suits and
  ranks among the four; more cards beat fewer, then the lowest from the top down, aces low:
  A-2-3-4 of four suits is the best.
"""

from __future__ import annotations

from typing import Sequence

from ..kit import poker
from ..kit.evaluators import Ranked, lowball
from ..kit.poker.options import Blinds, chips, stakes


class Options(Blinds):
    """Badugi's table choices."""

    small_bet: int = chips(0, "the small bet; 0: the big blind")
    big_bet: int = chips(0, "the big bet; 0: twice the small bet")


def best(hole: Sequence[str], board: Sequence[str]) -> Ranked:
    return lowball.rank_badugi(list(hole))


BADUGI = poker.Game("badugi", "Badugi", Options, stakes(Options, structure="fixed-limit"), best,
                    poker.draw_streets(4, 3), players=(2, 6))

RULESET = poker.ruleset(BADUGI, "Badugi", "Fixed-limit triple-draw badugi: four cards, blinds, three draws; four "
                                          "suits and four ranks, lowest wins.")
