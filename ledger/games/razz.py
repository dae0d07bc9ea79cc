"""Razz: seven-card stud for the ace-to-five low, fixed limit (PHH's FR).

How a hand is recorded (as stud, `ledger.games.stud`)::

    potlog new razz -p Ann=200 -p Ben=200 -p Cy=200 -o ante=1 -o bring_in=2 -o small_bet=4 -o big_bet=8
    potlog hand                     # potlog posts the antes
    potlog deal Ann AS 2D KC        # third street: down, down, up
    potlog bringin Ann              # the highest up card brings in (aces low: the king here)

Readings (the card room's, as PokerKit plays FR):

- Antes, third street two down and one up, fourth to sixth one up each, seventh one down, as
  in seven-card stud; two to eight players (a street the stock cannot cover is one
  community card).
- Third street: the highest up card brings in, aces low (a king is the highest); a tie of
  ranks goes to the higher suit, spades, hearts, diamonds, clubs. Later streets: the best
  low showing opens (aces low; a pair counts against it; compared from the highest card
  down); equal hands, the first from the button's left.
- Fixed limit: the small bet on third and fourth street, the big bet from fifth street on;
  the bring-in (less than the small bet) is completed by the first raise; a bet and three
  raises a round.
- The best ace-to-five low of the seven cards wins (`lowball.rank_razz`: straights and flushes
  do not count, pairs do; 5-4-3-2-A is the best); there is no qualifier and no high half.
"""

from __future__ import annotations

from typing import Sequence

from ..kit import poker
from ..kit.evaluators import Ranked, lowball
from ..kit.poker.options import StudSizes, chips, stakes


class Options(StudSizes):
    """Razz's table choices."""

    bring_in: int = chips(2, "the bring-in of the highest up card (less than the small bet); 0: none")


def best(hole: Sequence[str], board: Sequence[str]) -> Ranked:
    return lowball.rank_razz(list(hole) + list(board))


RAZZ = poker.Game("razz", "Razz", Options, stakes(Options, structure="fixed-limit"), best,
                  poker.stud_streets(low=True), players=(2, 8), rising=False)

RULESET = poker.ruleset(RAZZ, "Razz", "Seven-card stud for the ace-to-five low, fixed limit: antes, the bring-in "
                                      "of the highest up card, the best low showing opens.")
