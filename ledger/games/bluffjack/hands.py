"""Blackjack hands: card values, the best total, and how hands rank under the table's options."""

from __future__ import annotations

from typing import Any, Mapping

from ...cards import rank, suit
from .options import Options


def card_value(card: str) -> int:
    r = rank(card)
    if r == "A":
        return 1
    if r in ("J", "Q", "K"):
        return 10
    return int(r)


def hand_total(cards: list[str]) -> int:
    """The best blackjack total: aces count 11 when that does not go over 21, else 1."""
    total = sum(card_value(c) for c in cards)
    if any(rank(c) == "A" for c in cards) and total + 10 <= 21:
        total += 10
    return total


_TWO_CARD_21 = {"10": 1, "J": 2, "Q": 3, "K": 4}


def hand_key(cards: list[str], options: Options | Mapping[str, Any]) -> tuple[int, ...]:
    """A key that orders hands best-last under the table's options (bust is lowest)."""
    o = options if isinstance(options, Options) else Options.model_validate(options)
    total = hand_total(cards)
    n = len(cards)
    if total > 21:
        return (0,)
    if total == 21:
        if o.best_hand and n == 2:
            other = [rank(c) for c in cards if rank(c) != "A"]
            kind = _TWO_CARD_21.get(other[0], 0) if other else 0
            return (3, 2 * kind - 1 + (1 if suit(cards[0]) == suit(cards[1]) else 0))
        return (3, 0)
    if o.charlie and (n == o.charlie or (o.charlie_minimum and n > o.charlie)):
        return (2, total, n if o.charlie_minimum else 0)
    return (1, total)


def hand_name(cards: list[str], options: Options | Mapping[str, Any]) -> str:
    key = hand_key(cards, options)
    total = hand_total(cards)
    if key[0] == 0:
        return f"bust {total}"
    if key[0] == 2:
        return f"{len(cards)}-card charlie {total}"
    if key[0] == 3 and len(cards) == 2:
        return "21 (" + " ".join(cards) + ")"
    return str(total)
