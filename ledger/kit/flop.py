"""Community-card poker (hold'em, Omaha, ...): the names this module always had, now on the poker
engine (`ledger.kit.poker`, where a game is declared by its streets).

    HOLDEM = flop.Game("holdem", "Hold'em", Options, stakes, best)    # two hole cards, a board of 3, 1, 1

Public API (as before):

- ``Stakes``: `poker.Stakes` (the forced bets and the betting structure).
- ``Game(name, title, options, stakes, best, hole=2, board=(0, 3, 4, 5), streets=(...),
  players=(2, 10)) -> poker.Game``: `best(hole, board)` ranks a hand; `board[i]` is how many
  board cards lie out once street `i` is dealt; `streets` names them.
- ``FlopHand`` (`poker.Hand`), ``initial(state)``, ``ext(state)``, ``BB_ANTE``, ``BLINDS``.

The readings are the poker engine's (`ledger.kit.poker`).
"""

from __future__ import annotations

from typing import Callable, Sequence

from pydantic import BaseModel

from ..state import TableState
from .evaluators import Ranked
from .poker import BB_ANTE, BLINDS, Stakes, ext, flop_streets, initial
from .poker import Game as PokerGame
from .poker import Hand as FlopHand

__all__ = ["BB_ANTE", "BLINDS", "FlopHand", "Game", "Stakes", "ext", "initial"]


def Game(name: str, title: str, options: type[BaseModel], stakes: Callable[[TableState], Stakes],  # noqa: N802
         best: Callable[[Sequence[str], Sequence[str]], Ranked], hole: int = 2, board: tuple[int, ...] = (0, 3, 4, 5),
         streets: tuple[str, ...] = ("preflop", "flop", "turn", "river"), players: tuple[int, int] = (2, 10),
         ) -> PokerGame:
    """A community-card game: `hole` cards face down, then the board street by street."""
    return PokerGame(name, title, options, stakes, best, flop_streets(hole, board=board, names=streets), players)
