"""Who opens a street's betting by the cards showing (stud and razz), as PokerKit decides it.

- ``low-card`` (stud's bring-in): the lowest up card, aces high; a tie of ranks goes to the
  lower suit, clubs < diamonds < hearts < spades (PokerKit compares the suits in that order).
- ``high-card`` (razz's bring-in): the highest up card, aces low (the king is the highest); a
  tie goes to the higher suit (spades).
- ``high-hand`` (stud, later streets): the best poker hand among the up cards: four of a kind,
  three of a kind, two pair, a pair, then the high cards (straights and flushes do not count
  with fewer than five cards); equal hands: the first player from the button's left.
- ``low-hand`` (razz, later streets): the best low showing, aces low, pairs counting against
  it; equal hands: the first from the button's left.

A player whose deciding up card is unseen (``??``) cannot be compared: `opener` returns "?"
(the first to act is taken as the opener, as the record says) unless nobody can be told.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ...cards import UNKNOWN
from ...state import TableState
from .streets import Opening

_HIGH = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13,
         "A": 14}
_SUITS = {"C": 0, "D": 1, "H": 2, "S": 3}


def _rank(card: str, aces_low: bool) -> int:
    value = _HIGH.get(card[:-1], 0)
    return 1 if aces_low and value == 14 else value


def _card_key(card: str, aces_low: bool) -> tuple[int, int]:
    return _rank(card, aces_low), _SUITS.get(card[-1], 0)


def _hand_key(cards: Sequence[str], aces_low: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The showing hand as (counts, ranks by count then rank), each highest first."""
    counts = Counter(_rank(c, aces_low) for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(n for _, n in groups), tuple(r for r, _ in groups)


Key = tuple[tuple[int, ...], tuple[int, ...]]


def showing_key(opening: Opening, cards: Sequence[str]) -> Key:
    """A key of the up cards, greatest opens (see the module docstring)."""
    if opening == "low-card":
        low = min(_card_key(c, False) for c in cards)
        return (-low[0], -low[1]), ()
    if opening == "high-card":
        return max(_card_key(c, True) for c in cards), ()
    counts, ranks = _hand_key(cards, opening == "low-hand")
    if opening == "high-hand":
        return counts, ranks
    return tuple(-n for n in counts), tuple(-r for r in ranks)


def opener(state: TableState, opening: Opening, order: Sequence[str]) -> str:
    """Who opens: the player in `order` (still in the hand) with the greatest showing key; "?"
    when a player's up cards are unseen, so the opener cannot be told; "" by position."""
    if opening == "position":
        return ""
    best: Key | None = None
    who = ""
    for name in order:
        seat = state.seat(name)
        if seat is None or not seat.in_hand or seat.folded:
            continue
        up = [h.card for h in seat.cards if h.up]
        if not up:
            continue
        if UNKNOWN in up:
            return "?"
        key = showing_key(opening, up)
        if best is None or key > best:
            best, who = key, name
    return who
