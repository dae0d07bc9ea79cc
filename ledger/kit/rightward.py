"""Play to the right: turn order counter-clockwise, for the games whose deal and turn pass
to the right (Bouillotte). `ledger.kit.turns` is the clockwise half.

Public API:

- ``counterclockwise(state, start, *, after=True, include=None) -> list[str]``: seat names once
  around the table to the right: from the seat right of `start` (``after=True``: the dealer's
  right, eldest when play goes right) or from `start` itself; seats failing `include` left out.
- ``seat_right_of(state, name, *, skip=None) -> str | None``: the next active seat to the right
  of `name` (who deals next when the deal passes right).
"""

from __future__ import annotations

from ..state import TableState
from .turns import SeatTest


def counterclockwise(state: TableState, start: str | None, *, after: bool = True,
                     include: SeatTest | None = None) -> list[str]:
    """Seat names once around the table to the right, from the seat right of `start` (or `start`)."""
    seats = list(reversed(state.seats))
    names = [s.name for s in seats]
    first = names.index(start) + (1 if after else 0) if start in names else 0
    ring = (seats[(first + i) % len(seats)] for i in range(len(seats)))
    return [s.name for s in ring if include is None or include(s)]


def seat_right_of(state: TableState, name: str | None, *, skip: SeatTest | None = None) -> str | None:
    """The next active seat to the right of `name` (not failing `skip`), or None."""
    ring = counterclockwise(state, name, include=lambda s: s.active and (skip is None or not skip(s)))
    return ring[0] if ring else None
