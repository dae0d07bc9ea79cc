"""Payments between players that the rules work out at one moment and potlog records one at a
time after it (Poch's chip for each card left, its chip for each new sequence): a list of rows
kept in the game's ext, so the amounts do not drift as the payments move the stacks.

Public API:

- ``Row``: ``[payer, payee, chips, reason]`` (JSON-able, for a flat ext).
- ``each_pays(state, payers, payee, chips, reason, pending=()) -> list[Row]``: every one of
  `payers` but `payee` pays `chips` (an int, or a function of the payer), at most what they
  have left after the `pending` rows; nothing is owed by a player with nothing left.
  `reason` may name ``{payer}`` and ``{payee}``.
- ``next_transfer(rows) -> list[Event]``: the first row's `Transfer` (seat to seat), or [].
- ``settle(rows, event) -> None``: in ``evolve``: a recorded transfer that is the first row
  takes it off the list.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ... import events as ev
from ...core.verbs import make_event
from ...state import TableState

Row = list[str | int]


def each_pays(state: TableState, payers: Sequence[str], payee: str, chips: int | Callable[[str], int], reason: str,
              pending: Sequence[Row] = ()) -> list[Row]:
    """The rows of everyone in `payers` but `payee` paying `chips` (see the module docstring)."""
    rows: list[Row] = []
    for p in payers:
        owed = chips(p) if callable(chips) else chips
        have = state.stack(p) - sum(int(r[2]) for r in [*pending, *rows] if r[0] == p)
        if p != payee and min(owed, have) > 0:
            rows.append([p, payee, min(owed, have), reason.format(payer=p, payee=payee)])
    return rows


def next_transfer(rows: Sequence[Row]) -> list[ev.Event]:
    if not rows:
        return []
    payer, payee, chips, why = rows[0]
    return [make_event(ev.Transfer, from_account=f"seat:{payer}", to_account=f"seat:{payee}", amount=chips,
                       reason=str(why))]


def settle(rows: list[Row], event: ev.Event) -> None:
    if isinstance(event, ev.Transfer) and rows and rows[0][:3] == [
            event.from_account.removeprefix("seat:"), event.to_account.removeprefix("seat:"), event.amount]:
        rows.pop(0)
