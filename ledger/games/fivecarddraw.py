"""Five-card draw, the home game: antes (and/or blinds), five cards down, one draw, the best high
hand; fixed limit by default, or no limit, or pot limit.

How a hand is recorded::

    potlog new fivecarddraw -p Ann=100 -p Ben=100 -p Cy=100 -o ante=1
    potlog hand                     # potlog posts the antes
    potlog deal all                 # five cards each, face down
    potlog bet Ann 2 ...            # the first betting round, left of the button first
    potlog exchange Ann --discard 4C --discard 7D --discard 9S   # the draw, in turn from the button's left
    potlog deal Ann 2H 2S KD                   # the cards drawn (or both in one command)
    potlog reveal Ben AS                       # Ben shows the ace he keeps ...
    potlog exchange Ben -d 3C -d 5D -d 8H -d JS  # ... and draws four
    potlog exchange Cy                         # Cy stands pat

Readings (the home game as the rule books deal it; PokerKit has no such variant):

- Forced bets: an ``ante`` from everyone (default 1), and blinds if the table wants them
  (``small_blind``, ``big_blind``, 0 by default: then the player left of the button opens
  the first round, and left of the big blind when there are blinds).
- No opening requirement (no "jacks or better"): anyone may open.
- ``structure=fixed-limit`` (the default): ``small_bet`` before the draw, ``big_bet`` after it
  (the bet doubles after the draw), a bet and three raises a round; ``no-limit`` and
  ``pot-limit`` as in hold'em and Omaha (the smallest bet: ``min_bet``, else the big blind,
  else the small bet).
- The draw, in turn from the button's left: each player still in discards and is dealt as
  many, or stands pat. ``draw_limit``: ``four-with-ace`` (the default, the usual home rule)
  allows three cards, or four when the one card kept is an ace the player shows first
  (potlog reveal NAME AS, then the exchange); ``three``: three at most; ``none``: any number.
  An empty stock: the discards are reshuffled (potlog reshuffle).
- The best five-card high hand wins (`poker.rank_high`); ties split, the odd chips from the
  button's left.
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..cards import UNKNOWN, rank
from ..errors import RuleViolation
from ..kit import poker
from ..kit.evaluators import Ranked, pokervariants
from ..kit.poker.options import chips, stakes, stakes_in_order
from ..state import Held, TableState
from ..core.options import options_of


class Options(BaseModel):
    """Five-card draw's table choices."""

    model_config = ConfigDict(extra="forbid")
    ante: int = chips(1, "an ante from every player; 0: none")
    small_blind: int = chips(0, "a small blind; 0: none")
    big_blind: int = chips(0, "a big blind; 0: none")
    structure: Literal["fixed-limit", "no-limit", "pot-limit"] = Field(
        default="fixed-limit", description="fixed-limit, no-limit or pot-limit")
    small_bet: int = chips(2, "fixed-limit: the bet before the draw", least=1)
    big_bet: int = chips(4, "fixed-limit: the bet after the draw", least=1)
    min_bet: int = chips(0, "the smallest bet (no-limit, pot-limit); 0: the big blind, else the small bet")
    draw_limit: Literal["four-with-ace", "three", "none"] = Field(
        default="four-with-ace", description="three cards, four with an ace shown (four-with-ace); three; none")

    @model_validator(mode="after")
    def _in_order(self) -> Options:
        stakes_in_order(self)
        return self


def best(hole: Sequence[str], board: Sequence[str]) -> Ranked:
    return pokervariants.rank_holdem(list(hole))  # poker-high, by lookup tables


def discards(state: TableState, player: str, held: Sequence[Held], discard: Sequence[str]) -> None:
    """Refuse a draw over the table's limit: three, or four keeping an ace that is shown."""
    limit = options_of(state, Options).draw_limit
    if limit == "none" or len(discard) <= 3:
        return
    if limit == "three":
        raise RuleViolation(f"{player} draws three cards at most at this table, not {len(discard)}")
    kept = [h for h in held]
    for card in discard:
        at = next((h for h in kept if h.card == card), None) or next((h for h in kept if h.card == UNKNOWN), None)
        if at is not None:
            kept.remove(at)
    if len(discard) > 4 or len(kept) != 1 or kept[0].card == UNKNOWN or rank(kept[0].card) != "A" or not kept[0].up:
        raise RuleViolation(f"{player} draws three cards at most, or four keeping an ace that is shown first "
                            f"(potlog reveal {player} AS), not {len(discard)}")


FIVECARDDRAW = poker.Game("fivecarddraw", "Five-card draw", Options, stakes(Options), best, poker.draw_streets(5, 1),
                          players=(2, 8), discards=discards, rising=False)

RULESET = poker.ruleset(FIVECARDDRAW, "Five-Card Draw",
                        "Five-card draw, the home game: antes (or blinds), one draw of up to three cards (four with an "
                        "ace), the best high hand; fixed limit, no limit or pot limit.")
