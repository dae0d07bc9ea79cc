"""Deuce-to-seven lowball: five cards, blinds, one draw no-limit (PHH's N2L1D) or three draws
fixed-limit (F2L3D, the default), the best 2-7 low wins.

How a hand is recorded::

    potlog new deucetoseven -p Ann=200 -p Ben=200 -p Cy=200 -o small_blind=1 -o big_blind=2
    potlog hand                     # potlog posts the blinds
    potlog deal all                 # five cards each, face down
    potlog call Ann ...             # the predraw betting, left of the big blind first
    potlog exchange Ben --discard KS --discard 9D   # the draw, in turn from the button's left ...
    potlog deal Ben 3H 4C                   # ... and the cards drawn (or both in one command)
    potlog exchange Cy                      # Cy stands pat

Readings (the card room's, as PokerKit plays N2L1D and F2L3D):

- Blinds (and an ``ante`` or a big-blind ante, ``bb_ante``, as in hold'em); five cards face
  down; a betting round; then ``draws`` draws (1, 2 or 3), each followed by a betting round.
  ``structure``: fixed-limit by default (the small bet before the draw and after the first of
  two or three draws, the big bet after the others; after the only draw of a single draw), a
  bet and three raises a round (the big blind the first before the draw); ``no-limit`` (N2L1D)
  and ``pot-limit`` as in hold'em and Omaha.
- The draw: each player still in, in turn from the button's left (all-in players too),
  discards any number of cards, none for standing pat, and is dealt as many; the betting
  starts once everyone has drawn. An empty stock: the discards are reshuffled (potlog
  reshuffle) and the draw goes on.
- Deuce-to-seven low (`lowball.rank_deuce_seven`): aces are high, straights and flushes count
  against the hand; 7-5-4-3-2 of mixed suits is the best.
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import Field

from ..kit import poker
from ..kit.evaluators import Ranked, lowball
from ..kit.poker.options import Blinds, chips, stakes
from ..core.options import options_of


class Options(Blinds):
    """Deuce-to-seven's table choices."""

    bb_ante: int = chips(0, "a big-blind ante (dead money the big blind posts for the table); 0: none")
    draws: int = Field(default=3, ge=1, le=3, description="how many draws: 1 (single draw) to 3 (triple draw)")
    structure: Literal["fixed-limit", "no-limit", "pot-limit"] = Field(
        default="fixed-limit", description="fixed-limit, no-limit or pot-limit")
    min_bet: int = chips(0, "the smallest bet (no-limit, pot-limit); 0: the big blind")
    small_bet: int = chips(0, "fixed-limit: the small bet; 0: the big blind")
    big_bet: int = chips(0, "fixed-limit: the big bet; 0: twice the small bet")


def best(hole: Sequence[str], board: Sequence[str]) -> Ranked:
    return lowball.rank_deuce_seven(list(hole))


GAMES = {n: poker.Game("deucetoseven", "Deuce-to-seven", Options, stakes(Options), best, poker.draw_streets(5, n),
                       players=(2, 6)) for n in (1, 2, 3)}
"""One declaration per number of draws; the table's option picks it."""


RULESET = poker.ruleset(GAMES[3], "Deuce-to-Seven Lowball",
                        "2-7 lowball: five cards, blinds, triple draw fixed-limit or single draw no-limit; aces high, "
                        "straights and flushes count against the hand.",
                        pick=lambda state: GAMES[options_of(state, Options).draws])
