"""Omaha: pot-limit by default, four hole cards, a board of five, exactly two hole cards and three
board cards; hi-lo split eight or better as an option (fixed-limit Omaha hi-lo is PHH's FO/8).

How a hand is recorded::

    potlog new omaha -p Ann=200 -p Ben=200 -p Cy=200 -o small_blind=1 -o big_blind=2
    potlog hand                     # potlog posts the blinds
    potlog deal Ann AS KS QD 2C     # four cards each (or: potlog deal all)
    potlog raise Ann 7              # pot limit: at most the pot after calling
    potlog deal board 9H 9D 2C      # then the turn and the river; reveal or fold at the showdown

Readings (the card room's, as PokerKit plays PO and FO/8):

- Blinds, antes, a big-blind ante and a straddle as in hold'em (`ledger.games.holdem`); four
  hole cards face down; the flop, turn and river with a betting round each.
- ``structure=pot-limit`` (the default): a bet is at most the pot; a raise (by) at most the
  pot after calling (the pot with every bet of the round and the call); at least the big blind
  and the last raise, or all-in. ``no-limit`` as hold'em; ``fixed-limit``: ``small_bet`` on the
  first two streets (default the big blind), ``big_bet`` on the turn and river (default twice
  it), four bets a round, the big blind the first before the flop.
- The hand is exactly two of the four hole cards and three of the board
  (`pokervariants.rank_omaha`): a flush needs two suited hole cards.
- ``split=hi-lo``: each pot is halved between the best high and the best eight-or-better low,
  itself two hole cards and three board cards (`lowball.rank_omaha_eight_low`: five
  different ranks, eight or lower, aces low; straights and flushes do not count); no qualifying
  low among a pot's players, the high hand takes it all; the odd chip goes to the high half
  (`ledger.kit.poker.split`). The high and the low may use different hole cards.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..kit import poker
from ..kit.evaluators import lowball, pokervariants
from ..kit.poker.options import Blinds, chips, stakes


class Options(Blinds):
    """Omaha's table choices."""

    bb_ante: int = chips(0, "a big-blind ante (dead money the big blind posts for the table); 0: none")
    straddle: int = chips(0, "a straddle posted left of the big blind (3+ players); 0: none")
    structure: Literal["pot-limit", "no-limit", "fixed-limit"] = Field(default="pot-limit",
                                                                       description="pot-limit, no-limit or fixed-limit")
    min_bet: int = chips(0, "the smallest bet (pot-limit, no-limit); 0: the big blind")
    small_bet: int = chips(0, "fixed-limit: the bet of the first two streets; 0: the big blind")
    big_bet: int = chips(0, "fixed-limit: the bet of the turn and the river; 0: twice the small bet")
    split: Literal["high", "hi-lo"] = Field(default="high", description="high, or hi-lo (eight or better) split")


OMAHA = poker.Game("omaha", "Omaha", Options, stakes(Options), pokervariants.rank_omaha, poker.flop_streets(4),
                   low=lowball.rank_omaha_eight_low)

RULESET = poker.ruleset(OMAHA, "Omaha",
                        "Pot-limit Omaha (or no-limit, fixed-limit; hi-lo eight or better): four hole cards, exactly "
                        "two of them with three of the board.")
