"""Texas hold'em, no limit (or fixed limit): blinds, antes, two hole cards, a board of five,
four betting rounds, and the best five of seven cards at the showdown.

How a hand is recorded::

    potlog new holdem -p Ann=200 -p Ben=200 -p Cy=200 -o small_blind=1 -o big_blind=2
    potlog hand                     # the button moves left; potlog posts the antes and blinds
    potlog deal all                 # two unseen cards each (or: potlog deal Ann AS KD)
    potlog raise Ann 4              # preflop: left of the big blind acts first
    potlog call Ben ...             # potlog starts each street by itself when the betting is level
    potlog deal board 9H 9D 2C      # the flop; then the turn and the river, one card each
    potlog reveal Ben AS AD         # the showdown: each player still in shows ...
    potlog fold Cy                  # ... or mucks; potlog pays every pot and ends the hand

Readings (the card-room rules, as PokerKit and the PHH standard play them):

- Seats and the button: the button (``dealer``) moves one seat left each hand; players with
  no chips sit the hand out. The small blind sits left of the button, the big blind left of
  it; heads-up, the button posts the small blind and acts first before the flop, last after.
- Forced bets, posted by potlog as the hand starts, in this order: the antes (``ante``, from
  every player), the big-blind ante (``bb_ante``: dead money the big blind puts in for the
  table; it counts for the main pot, not as the big blind's bet), the blinds, and a straddle
  (``straddle``: the player left of the big blind, three or more players; the first to act is
  then the player left of the straddle). A short stack posts what it has and is all-in.
- Streets: two hole cards each (face down, known or unseen ``??``), then betting; the flop
  (three board cards), betting; the turn (one), betting; the river (one), betting. Board cards
  are dealt face up and named. Each street after the first opens with a ``round_started``
  potlog records by itself once the betting is level.
- Betting (``structure=no-limit``): check, bet, call, raise, all-in, fold, clockwise; a raise
  re-opens the betting; the big blind has the option when nobody raised. The smallest bet is
  ``min_bet`` (the big blind by default); a raise must be at least the last bet or raise of the
  round (or all-in). ``structure=fixed-limit``: bets and raises of the big blind before the
  turn, twice that from the turn, four bets a round at most (the big blind counts as one
  before the flop).
  When at most one player can still bet, the rest of the board is dealt without betting.
- The showdown: every player still in shows (``potlog reveal``; unseen cards are named) or
  mucks (``potlog fold``: the hand gives up its claim). The best five of the seven cards wins
  (`ledger.kit.evaluators.poker.rank_high`). Side pots for all-in players; the part of a bet
  nobody called goes back first; a tied pot is split, the odd chips one each to the winners
  clockwise from the button's left (PokerKit gives them all to the first). Everyone else
  folding wins the pot without a showdown.
- Rebuys are between hands (table stakes). So are rising blinds: ``potlog blinds 2 4 [--ante N]``
  sets the blinds (and the ante) from the next hand on.

The engine is `ledger.kit.poker` (forced bets, streets, run-outs, show or muck, the pots); this
module declares hold'em on it: the options, its streets (two hole cards, a board of 3, 1 and
1), and the evaluator, the best five of the seven cards (`ledger.kit.evaluators.poker.rank_high`).
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .. import events as ev
from ..kit import poker as game
from ..kit.poker import options as poker_options
from ..kit.poker.options import stakes_in_order
from ..kit.evaluators import Ranked, pokervariants


class Options(BaseModel):
    """Hold'em's table choices."""

    model_config = ConfigDict(extra="forbid")
    small_blind: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="the small blind")
    big_blind: int = Field(default=2, ge=1, le=ev.MAX_CHIPS, description="the big blind")
    ante: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="an ante from every player; 0: none")
    bb_ante: int = Field(default=0, ge=0, le=ev.MAX_CHIPS,
                         description="a big-blind ante (dead money the big blind posts for the table); 0: none")
    straddle: int = Field(default=0, ge=0, le=ev.MAX_CHIPS,
                          description="a straddle posted left of the big blind (3+ players); 0: none")
    structure: Literal["no-limit", "fixed-limit"] = Field(default="no-limit", description="no-limit or fixed-limit")
    min_bet: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="the smallest bet (no-limit); 0: the big blind")

    @model_validator(mode="after")
    def _in_order(self) -> Options:
        stakes_in_order(self)
        return self


stakes = poker_options.stakes(Options)
"""The table's blinds, antes and structure (made once per option set)."""


def best(hole: Sequence[str], board: Sequence[str]) -> Ranked:
    """The best five of the hole cards and the board (any of them, none required): poker-high
    (`poker.rank_high`), by `pokervariants.rank_holdem`'s lookup tables (the same keys and labels)."""
    return pokervariants.rank_holdem(list(hole) + list(board))


HOLDEM = game.Game("holdem", "Hold'em", Options, stakes, best, game.flop_streets(2), players=(2, 10))

RULESET = game.ruleset(HOLDEM, "Texas Hold'em",
                       "No-limit (or fixed-limit) Texas hold'em: blinds and antes, two hole cards, flop, turn and "
                       "river; potlog posts the blinds, starts the streets and pays the pots.")
