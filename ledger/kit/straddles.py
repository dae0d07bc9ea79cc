"""The opening of the brelan family (Bouillotte, Brelan): before anyone opens, each in turn,
once round from eldest to the dealer, folds, straddles (matches the last stake plus a step: a
blind raise that is only a check) or opens (any raise); when the straddles go round with no
open, everyone but the last straddler in turn must open or fold.

A straddle is recorded as the player's ``declared`` named ``straddle`` (its value: the stake it
makes), followed by its `Raise`, which potlog records by itself (`stake_due`), so a straddle
and an open of the same size stay apart in the log.

Public API:

- ``Opening``: where a game keeps the opening (any object with ``last``, ``straddler``,
  ``straddling`` and ``opener``, such as its flat ext): who moved last, the last straddler, a
  straddle declared and not yet staked, and who opened.
- ``turn(state, o, order, phase) -> str | None``: who acts: in ``straddle``, the next player
  still in after `last` up to the end of `order` (the dealer last), None once round; in
  ``force``, the next player still in, with chips, who is not the last straddler.
- ``declare(state, o, player, step=1, value=None) -> [Declared]``: `player`'s straddle (the
  stage and the turn are the game's to check); refused when they cannot pay it, or `value`
  names another stake.
- ``stake_due(state, o, step=1) -> list[Event]``: the `Raise` of a declared straddle, or [].
- ``moved(o, event) -> bool``: in ``evolve``: a declared straddle or a move (`Raise`, `AllIn`,
  `Fold` ...) updates the opening; True when it was an open.
- ``all_passed(o, live) -> bool``: nobody straddled or opened and only one player is left
  (the dealer): the pot is carried forward.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from .. import events as ev
from ..errors import RuleViolation
from ..games.base import make_event
from ..state import TableState
from .betting import owed


class Opening(Protocol):
    last: str
    straddler: str
    straddling: str
    opener: str


def _in(state: TableState, name: str) -> bool:
    seat = state.seat(name)
    return seat is not None and seat.in_hand and not seat.folded


def turn(state: TableState, o: Opening, order: Sequence[str], phase: str) -> str | None:
    """Who acts in the opening (see the module docstring)."""
    i = list(order).index(o.last) + 1 if o.last in order else 0
    if phase == "straddle":
        return next((p for p in order[i:] if _in(state, p)), None)
    ring = [order[(i + k) % len(order)] for k in range(len(order))]
    return next((p for p in ring if _in(state, p) and p != o.straddler and state.stack(p) > 0), None)


def declare(state: TableState, o: Opening, player: str, step: int = 1, value: object = None) -> list[ev.Event]:
    """`player` straddles: the declaration (its `Raise` follows by itself)."""
    stake = owed(state, player) + step
    if state.stack(player) < stake:
        raise RuleViolation(f"{player} has {state.stack(player)} chips and a straddle puts in {stake}: "
                            "open all-in or fold")
    makes = (state.hand.current_bet if state.hand is not None else 0) + step
    if value is not None and value != makes:
        raise RuleViolation(f"{player}'s straddle makes the stake {makes}, not {value}")
    return [make_event(ev.Declared, player=player, name="straddle", value=makes)]


def stake_due(state: TableState, o: Opening, step: int = 1) -> list[ev.Event]:
    """The chips of a declared straddle."""
    if not o.straddling:
        return []
    return [make_event(ev.Raise, player=o.straddling, amount=owed(state, o.straddling) + step, by=step)]


def moved(o: Opening, event: ev.Event) -> bool:
    """Update the opening for a recorded event; True when it opened the betting."""
    if isinstance(event, ev.Declared) and event.name == "straddle" and event.player:
        o.straddling = event.player
    elif isinstance(event, (ev.Raise, ev.AllIn, ev.Fold, ev.Call, ev.Check, ev.Bet)):
        if event.player == o.straddling:
            o.straddler, o.straddling = event.player, ""
        elif isinstance(event, (ev.Raise, ev.AllIn)) and not o.opener:
            o.opener = event.player
            o.last = event.player
            return True
        o.last = event.player
    return False


def all_passed(o: Opening, live: Sequence[str]) -> bool:
    """Everyone passed: nobody straddled or opened, and one player (the dealer) is left."""
    return len(live) <= 1 and not o.straddler and not o.opener
