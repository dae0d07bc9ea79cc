"""Blackjack hands (the twenty-one family): card values, the best total, and the order of hands
with the table's choices for charlies and ranked two-card 21s (Bluffjack's readings).

- ``card_value(card) -> int``: an ace 1, a court card 10, any other its number.
- ``hand_total(cards) -> int``: the best total: one ace counts 11 when that does not go over 21.
- ``rank(cards, *, charlie=0, charlie_minimum=False, best_hand=False) -> Ranked``: a key that
  orders hands (higher is better) and the label the table reads. A bust (over 21) is lowest
  ("bust 23"); then totals under 21 ("18"); then charlies, exactly `charlie` cards under 21,
  or at least that many with `charlie_minimum` ("5-card charlie 19": the higher total wins,
  then, with `charlie_minimum`, more cards); then 21s, all equal, or with `best_hand` two-card
  21s ranked A-K suited, A-K, A-Q suited, ... A-10 above any other 21 ("21 (AS KS)").
"""

from __future__ import annotations

from ...cards import rank as rank_of
from ...cards import suit
from ...kit.evaluators.base import Ranked

_TWO_CARD_21 = {"10": 1, "J": 2, "Q": 3, "K": 4}


def card_value(card: str) -> int:
    """An ace 1, a court card 10, any other card its number."""
    r = rank_of(card)
    return 1 if r == "A" else 10 if r in ("J", "Q", "K") else int(r)


def hand_total(cards: list[str]) -> int:
    """The best blackjack total: aces count 11 when that does not go over 21, else 1."""
    total = sum(card_value(c) for c in cards)
    if any(rank_of(c) == "A" for c in cards) and total + 10 <= 21:
        total += 10
    return total


def _key(cards: list[str], total: int, charlie: int, charlie_minimum: bool, best_hand: bool) -> tuple[int, ...]:
    n = len(cards)
    if total > 21:
        return (0,)
    if total == 21:
        if best_hand and n == 2:
            other = [rank_of(c) for c in cards if rank_of(c) != "A"]
            kind = _TWO_CARD_21.get(other[0], 0) if other else 0
            return (3, 2 * kind - 1 + (1 if suit(cards[0]) == suit(cards[1]) else 0))
        return (3, 0)
    if charlie and (n == charlie or (charlie_minimum and n > charlie)):
        return (2, total, n if charlie_minimum else 0)
    return (1, total)


def rank(cards: list[str], *, charlie: int = 0, charlie_minimum: bool = False, best_hand: bool = False) -> Ranked:
    """The hand's place among blackjack hands under the table's choices (see the module docstring)."""
    total = hand_total(cards)
    key = _key(cards, total, charlie, charlie_minimum, best_hand)
    if key[0] == 0:
        return Ranked(key, f"bust {total}")
    if key[0] == 2:
        return Ranked(key, f"{len(cards)}-card charlie {total}")
    if key[0] == 3 and len(cards) == 2:
        return Ranked(key, "21 (" + " ".join(cards) + ")")
    return Ranked(key, str(total))
