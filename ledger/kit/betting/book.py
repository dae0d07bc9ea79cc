"""The round's bookkeeping in ``evolve``: `record` a move in the book, `track` moves and round starts."""

from __future__ import annotations

from typing import cast

from ... import events as ev
from ...state import TableState
from .acting import reset
from .rules import Betting, Book


def record(state: TableState, book: Book, rules: Betting, event: ev.Event, *, forced: bool = False) -> None:
    """Update `book` for a recorded move, after the core step has applied it. A `forced`
    stake (a blind, a bring-in) moves the high bet but is nobody's move."""
    t = type(event)  # by class, not `match`: this runs for every move of a fold
    if t in _STAKES:
        player: str = event.player  # type: ignore[attr-defined]  # (a stake names its player)
        for seat in state.seats:  # `TableState.seat`, spelt out
            if seat.name == player:
                bet_now = seat.round_bet
                break
        else:
            bet_now = 0
        full = t is ev.Bet or t is ev.Raise
        raising = full or (t is ev.AllIn and bet_now > book.high)
        if rules.reopens == "highest":
            _record_highest(state, book, player, bet_now)
        elif not forced:
            if rules.reraise and raising and (full or rules.short_all_in_reopens
                                              or bet_now - book.high >= rules.smallest(state)):
                book.acted = [player]
            elif player not in book.acted:
                book.acted.append(player)
            if raising and (player not in book.raised or not rules.one_raise_each):
                book.raised.append(player)
        if state.hand is not None:
            book.high = state.hand.current_bet
    elif t is ev.Check and rules.reopens == "highest":
        player = cast(ev.Check, event).player
        found = state.seat(player)
        _record_highest(state, book, player, found.round_bet if found is not None else 0)
    elif t is ev.Check or (t is ev.Fold and rules.folds_act):
        player = event.player  # type: ignore[attr-defined]
        if player not in book.acted:
            book.acted.append(player)


_STAKES = frozenset({ev.Bet, ev.Raise, ev.Call, ev.AllIn})
MOVES = frozenset({ev.Bet, ev.Call, ev.Raise, ev.AllIn, ev.Check, ev.Fold})
"""The betting moves `record` keeps in a book."""


def track(state: TableState, book: Book, rules: Betting, event: ev.Event) -> bool:
    """``evolve``'s betting bookkeeping: record a move, or start the book of a new round (a
    ``round_started``). True when `event` was either (the turn moves on)."""
    t = type(event)
    if t in MOVES:
        record(state, book, rules, event)
        return True
    if t is ev.RoundStarted:
        reset(book)
        return True
    return False


def _record_highest(state: TableState, book: Book, player: str, bet_now: int) -> None:
    """``reopens="highest"``: a move that leaves `player` betting more than everyone else in the
    hand re-opens the round (they alone have acted); any other adds them to those who have."""
    others = [s.round_bet for s in state.seats if s.name != player and s.in_hand]
    if bet_now > max(others, default=0):
        book.acted = [player]
    elif player not in book.acted:
        book.acted.append(player)
