"""The command classes of words several trick games share (each game declares its others).

- `TurnTrump`: ``potlog trump CARD``, the card turned face up for trump (Whist: the dealer's
  last card; Maw: the talon's top card).
- `Discard`: ``potlog discard NAME CARDS``, cards put out of a hand (Scarto's dealer, the tarot
  games' taker; none named: unseen, where the game allows it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.commands import Cards, Command


@dataclass(frozen=True, kw_only=True)
class TurnTrump(Command):
    """The card turned for trump (`cards`: the one card, as typed)."""

    verb: ClassVar[str] = "trump"
    cards: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Discard(Command):
    """`player` puts out the cards `discard` (as typed)."""

    verb: ClassVar[str] = "discard"
    player: str
    discard: Cards = ()
