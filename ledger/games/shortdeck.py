"""Short-deck (six-plus) hold'em, no limit: 36 cards, sixes to aces; antes and a button blind, as
PokerKit's NS plays it (the Triton form), or blinds.

How a hand is recorded::

    potlog new shortdeck -p Ann=300 -p Ben=300 -p Cy=300 -o ante=3 -o button_blind=3
    potlog hand                     # potlog posts the antes and the button's blind
    potlog deal all                 # two cards each; then the flop, turn and river as hold'em
    potlog call Ann                 # the player left of the button acts first, the button last

Readings (PokerKit's NoLimitShortDeckHoldem, and the PHH hand Phua-Xuan 2019):

- The pack has 36 cards, six to ace: a 2, 3, 4 or 5 is refused.
- Forced bets: an ``ante`` from everyone, and a ``button_blind`` the button posts (a bet the
  others call; the button has the option when they do). Before the flop the player left of
  the button acts first; after it, too. Blinds instead (``small_blind``, ``big_blind``,
  0 by default) play as in hold'em.
- No limit: the smallest bet is ``min_bet`` (default the big blind, else the button blind);
  a raise is at least the last bet or raise, or all-in.
- The best five of the seven cards, short-deck ranking (`pokervariants.rank_short_deck`): a
  flush beats a full house, A-6-7-8-9 is the lowest straight, three of a kind loses to a
  straight (PokerKit's order; the Triton rule has trips above a straight: not here).
"""

from __future__ import annotations

from typing import Sequence

from pydantic import BaseModel, ConfigDict, model_validator

from ..kit import poker
from ..kit.evaluators import Ranked, pokervariants
from ..kit.poker.options import chips, stakes


class Options(BaseModel):
    """Short deck's table choices."""

    model_config = ConfigDict(extra="forbid")
    ante: int = chips(1, "an ante from every player; 0: none")
    button_blind: int = chips(1, "a blind the button posts; 0: none")
    small_blind: int = chips(0, "a small blind (instead of the button blind); 0: none")
    big_blind: int = chips(0, "a big blind (instead of the button blind); 0: none")
    min_bet: int = chips(0, "the smallest bet; 0: the big blind, else the button blind")

    @model_validator(mode="after")
    def _forced(self) -> "Options":
        if not (self.ante or self.button_blind or self.big_blind):
            raise ValueError("a short-deck table needs an ante, a button blind or blinds")
        if self.small_blind > self.big_blind:
            raise ValueError("the small blind is at most the big blind")
        return self


def best(hole: Sequence[str], board: Sequence[str]) -> Ranked:
    return pokervariants.rank_short_deck(list(hole) + list(board))


SHORTDECK = poker.Game("shortdeck", "Short deck", Options, stakes(Options), best, poker.flop_streets(2), deck=36,
                       rising=False)

RULESET = poker.ruleset(SHORTDECK, "Short-Deck Hold'em",
                        "No-limit short-deck (six-plus) hold'em: 36 cards, antes and a button blind, a flush beats a "
                        "full house.")
