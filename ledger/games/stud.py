"""Seven-card stud, fixed limit: antes, a bring-in, two cards down and one up, three more up, the
last down; hi-lo split eight or better as an option (PHH's F7S and F7S/8).

How a hand is recorded::

    potlog new stud -p Ann=200 -p Ben=200 -p Cy=200 -o ante=1 -o bring_in=2 -o small_bet=4 -o big_bet=8
    potlog hand                     # potlog posts the antes
    potlog deal Ann AS KD 3C        # third street: down, down, up (?? for a card not seen)
    potlog bringin Cy               # the lowest up card brings in (or: potlog bet Cy 4, completing)
    potlog raise Ann 2              # completes to the small bet (raise by 2 over the bring-in of 2)
    potlog deal Ann 9H              # fourth street, face up ... seventh street, face down

Readings (the card room's, as PokerKit plays F7S and F7S/8):

- Two to eight players. Everyone antes (``ante``); third street is two cards face down and
  one face up, fourth to sixth one face up each, seventh one face down.
- Third street: the lowest up card brings in (``bring_in``, less than the small bet) or
  completes to the small bet; aces are high and a tie of ranks goes to the lower suit, clubs,
  diamonds, hearts, spades (PokerKit's order). The bring-in does not count as a bet for the cap
  and is not re-opened: once everyone has called it, the round is over. The bring-in may not
  check or fold. Later streets: the best hand showing opens (pairs, trips, quads, then high
  cards; straights and flushes showing do not count); equal hands, the first from the
  button's left. The button moves every hand and sets only that order (and the odd chips).
- Fixed limit: the small bet on third and fourth street, the big bet from fifth street on
  (PokerKit's; some rooms let an open pair on fourth street bet the big bet: not here); a bet
  and three raises a round (the completion is the bet).
- With eight players the stock may not cover a street: that street's card is one community
  card, face up, everyone's (PokerKit's rule).
- The best five of the seven cards (`poker.rank_high`). ``split=hi-lo``: each pot halved with
  the best five-card eight-or-better low among the seven (`lowball.rank_eight_low`), the odd
  chip to the high half; no qualifying low among a pot's players: the high hand takes it.
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import Field

from ..kit import poker
from ..kit.evaluators import Ranked, lowball, pokervariants
from ..kit.poker.options import StudSizes, chips, stakes


class Options(StudSizes):
    """Seven-card stud's table choices."""

    bring_in: int = chips(2, "the bring-in of the lowest up card (less than the small bet); 0: none")
    split: Literal["high", "hi-lo"] = Field(default="high", description="high, or hi-lo (eight or better) split")


def best(hole: Sequence[str], board: Sequence[str]) -> Ranked:
    return pokervariants.rank_holdem(list(hole) + list(board))  # poker-high, by lookup tables


def low(hole: Sequence[str], board: Sequence[str]) -> Ranked | None:
    return lowball.rank_eight_low(list(hole) + list(board))


STUD = poker.Game("stud", "Stud", Options, stakes(Options, structure="fixed-limit"), best, poker.stud_streets(),
                  players=(2, 8), low=low, rising=False)

RULESET = poker.ruleset(STUD, "Seven-Card Stud",
                        "Fixed-limit seven-card stud (hi-lo eight or better as an option): antes, the bring-in, "
                        "three cards down and four up.")
