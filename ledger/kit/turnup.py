"""The deal of N cards each and one card turned face up on a board after them (Poch's trump,
Bouillotte's turn-up, any game that turns the next card).

Public API:

- ``turned(state, board) -> str | None``: the card turned up on `board` this hand.
- ``deal(state, cmd, rules, order, *, board, size, example) -> list[Event]``: ``potlog deal``
  while the hand is dealt: to `board`, the one card turned face up, named, once (`example`
  shows how: ``potlog deal trump 8H --up``); to a player or ``all``, `rules.each` cards each
  (`ledger.kit.deal.deal`) from a pack of `size` cards.
- ``done(state, rules, board) -> bool``: everyone has their cards and the card is turned.
"""

from __future__ import annotations

from typing import Sequence

from .. import events as ev
from ..cards import UNKNOWN
from ..core.commands import Deal
from ..errors import RuleViolation
from ..core import verbs
from ..state import TableState
from . import deal as dealing


def turned(state: TableState, board: str) -> str | None:
    """The card turned up on `board`, or None."""
    cards = state.hand.boards.get(board, []) if state.hand is not None else []
    return cards[0].card if cards else None


def deal(state: TableState, cmd: Deal, rules: dealing.Dealing, order: Sequence[str], *, board: str, size: int,
         example: str) -> list[ev.Event]:
    """Cards to the players, or the one card turned up on `board` (see the module docstring)."""
    up = turned(state, board)
    if (cmd.to or "").lower() == board:
        if up is not None:
            raise RuleViolation(f"the {board} card is turned already: {up}")
        if len(cmd.cards) != 1 or UNKNOWN in cmd.cards or not cmd.face_up:
            raise RuleViolation(f"turn one card face up, named: {example}")
        return verbs.deal(state, cmd)
    held = sum(len(s.cards) for s in (state.seat(p) for p in order) if s is not None)
    return dealing.deal(state, cmd, rules, order, size - held - (1 if up else 0))


def done(state: TableState, rules: dealing.Dealing, board: str) -> bool:
    """Every player in the hand has `rules.each` cards and the card is turned."""
    return dealing.dealt(state, rules.each) and turned(state, board) is not None
