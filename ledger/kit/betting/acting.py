"""Whose turn it is in a round: what a player owes, who can act, who still has a move, who acts next."""

from __future__ import annotations

from typing import Sequence

from ...state import Seat, TableState
from .rules import Betting, Book, SeatTest


def reset(book: Book) -> None:
    """A new round: nobody has acted or raised."""
    book.acted, book.raised, book.high = [], [], 0


def owed(state: TableState, player: str) -> int:
    """Chips `player` needs to put in to call."""
    seat = state.seat(player)
    hand = state.hand
    if seat is None or hand is None:
        return 0
    return max(0, hand.current_bet - seat.round_bet)


def can_act(state: TableState, seat: Seat | None) -> bool:
    """In the hand, seated, not folded, with chips behind."""
    return (seat is not None and seat.in_hand and seat.active and not seat.folded
            and state.balances.get("seat:" + seat.name, 0) > 0)


def waiting(state: TableState, book: Book, rules: Betting) -> SeatTest:
    """A seat test: the seat still has a move this round (has not acted, or is called back
    to match a higher bet)."""
    high = state.hand.current_bet if state.hand is not None else 0

    def test(seat: Seat) -> bool:
        if not can_act(state, seat):
            return False
        return seat.name not in book.acted or (rules.call_back and seat.round_bet < high)
    return test


def to_act(state: TableState, book: Book, rules: Betting, order: Sequence[str], *,
           last: str | None = None) -> str | None:
    """Who acts next, or None when the round is over. Without ``reraise`` the go-around comes
    first (the first in `order` who has not acted), then the call-backs in `order`; with it,
    the next waiting seat after the last to act (from ``order[rules.opens]`` at first). `last`:
    who acted last, when the game keeps it (a move out of turn by a ruling leaves the order of
    ``book.acted`` stale); by default the last of ``book.acted``."""
    hand = state.hand
    if hand is None:
        return None
    high = hand.current_bet
    seats, balances, acted = state.seats, state.balances, book.acted
    if not rules.reraise and not rules.lone_ends:  # the go-around's first is the answer, then the call-backs
        for name in order:
            if name in acted:  # (no seat looked up for those who have acted: most of a go-around)
                continue
            for s in seats:  # `TableState.seat`, spelt out
                if s.name == name:
                    if s.in_hand and s.active and not s.folded and balances.get("seat:" + name, 0) > 0:
                        return name
                    break
        if rules.call_back:
            for name in order:
                for s in seats:
                    if s.name == name:
                        if (s.round_bet < high and s.in_hand and s.active and not s.folded
                                and balances.get("seat:" + name, 0) > 0):
                            return name
                        break
        return None
    # one pass over `order`: the seats that can act (in the hand, seated, not folded, chips behind)
    able: list[Seat] = []
    for name in order:
        for s in seats:  # `TableState.seat`, spelt out (a go-around's answer is mostly among the first names:
            if s.name == name:  # no name -> seat map built for all of them)
                break
        else:
            continue
        if s.in_hand and s.active and not s.folded and balances.get("seat:" + name, 0) > 0:
            able.append(s)
    if rules.lone_ends and len(able) <= 1 and (not able or able[0].round_bet >= high):
        return None
    if not rules.reraise:
        for seat in able:
            if seat.name not in acted:
                return seat.name
        if rules.call_back:
            for seat in able:
                if seat.round_bet < high:
                    return seat.name
        return None
    names = order if isinstance(order, list) else list(order)
    n = len(names)
    if last is None:
        for p in reversed(acted):
            if p in names:
                last = p
                break
    start = names.index(last) + 1 if last in names else min(rules.opens, max(n - 1, 0))
    call_back = rules.call_back
    waits = set()
    for s in able:
        if s.name not in acted or (call_back and s.round_bet < high):
            waits.add(s.name)
    if not waits:
        return None
    for i in range(n):
        name = names[(start + i) % n]
        if name in waits:
            return name
    return None
