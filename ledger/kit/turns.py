"""Turn order around the table: who sits where, clockwise, and who acts next.

Every game asks the same questions: the order of play from the dealer's left (or from a named
first player), skipping seats that are out (folded, all-in, sitting out), and the next seat in
that order that still has something to do. A game passes its own test as `include`/`waiting`.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..state import Seat, TableState

SeatTest = Callable[[Seat], bool]


def clockwise(state: TableState, start: str | None, *, after: bool = True,
              include: SeatTest | None = None) -> list[str]:
    """Seat names once around the table, clockwise: from the seat after `start` (the dealer's
    left, ``after=True``) or from `start` itself; from the first seat when `start` is not
    seated. Seats failing `include` are left out."""
    seats = state.seats
    n = len(seats)
    names = [s.name for s in seats]
    if start in names:
        first = names.index(start) + (1 if after else 0)
    else:
        first = 0
    ring = (seats[(first + i) % n] for i in range(n))
    return [s.name for s in ring if include is None or include(s)]


def in_hand(seat: Seat) -> bool:
    """Dealt into the hand, still seated and not folded."""
    return seat.in_hand and seat.active and not seat.folded


def next_waiting(state: TableState, order: Iterable[str], waiting: SeatTest) -> str | None:
    """The first name in `order` whose seat is `waiting` (still has to act), or None."""
    for name in order:
        seat = state.seat(name)
        if seat is not None and waiting(seat):
            return name
    return None


def has_chips(state: TableState) -> SeatTest:
    """A seat test: the seat has chips behind (it can still put some in)."""
    balances = state.balances
    return lambda seat: balances.get("seat:" + seat.name, 0) > 0
