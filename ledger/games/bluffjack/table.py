"""Reading the table: the seats in turn order, who is live, who owes what, who still acts."""

from __future__ import annotations

from typing import Any

from ...state import Seat, TableState
from .options import BluffjackExt, Options


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _opt(state: TableState, key: str) -> Any:
    return state.options.get(key, Options.model_fields[key].default)


def _ext(state: TableState) -> BluffjackExt:
    if not isinstance(state.ext, BluffjackExt):
        state.ext = BluffjackExt()
    return state.ext


def _clockwise(state: TableState, dealer: str | None) -> list[Seat]:
    """Every seat, clockwise from the dealer's left (the dealer last)."""
    seats = state.seats
    names = [s.name for s in seats]
    d = names.index(dealer) if dealer in names else -1
    n = len(seats)
    return [seats[(d + 1 + i) % n] for i in range(n)]


def _order(state: TableState) -> list[Seat]:
    """The seats dealt into this hand, clockwise from the dealer's left."""
    assert state.hand is not None
    return [s for s in _clockwise(state, state.hand.dealer) if s.in_hand]


def _live(state: TableState) -> list[Seat]:
    return [s for s in _order(state) if not s.folded]


def _owes(state: TableState, s: Seat) -> int:
    assert state.hand is not None
    return max(0, state.hand.current_bet - s.round_bet)


def _able(state: TableState) -> list[Seat]:
    """Live players who still have chips to bet."""
    return [s for s in _live(state) if state.stack(s.name) > 0]


def _next_after(state: TableState, name: str | None, pred: Any) -> Seat | None:
    order = _order(state)
    names = [s.name for s in order]
    start = names.index(name) if name in names else -1
    n = len(order)
    for i in range(1, n + 1):
        s = order[(start + i) % n]
        if pred(s):
            return s
    return None


def _round_done(state: TableState) -> bool:
    ext = _ext(state)
    able = _able(state)
    if any(_owes(state, s) for s in able):
        return False
    return len(able) <= 1 or all(s.name in ext.acted for s in able)


def _needs_bet(state: TableState, s: Seat) -> bool:
    """Whether `s` still has a betting action in this round (owes chips or has not acted)."""
    return (not s.folded and state.stack(s.name) > 0
            and (_owes(state, s) > 0 or s.name not in _ext(state).acted))


def _can_bet_now(state: TableState, s: Seat) -> bool:
    """In a more-betting draw: whether `s` has a betting step on their turn."""
    if s.folded or state.stack(s.name) == 0:
        return False
    return _owes(state, s) > 0 or len(_able(state)) >= 2


def _cards_needed(state: TableState) -> int:
    return 1 if _opt(state, "two_initial_bets") else 2


def _next_to_deal(state: TableState, need: int) -> Seat | None:
    live = _live(state)
    if not live:
        return None
    fewest = min(len(s.cards) for s in live)
    if fewest >= need:
        return None
    return next(s for s in live if len(s.cards) == fewest)


def _players_with_chips(state: TableState) -> list[str]:
    return [s.name for s in state.seats if s.active and state.stack(s.name) > 0]
