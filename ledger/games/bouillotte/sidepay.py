"""Side payments for hands shown: every holder of a paying hand is paid so many chips by each
other player (Bouillotte's brelan: a chip from each opponent, two for a brelan carré), after
the pot and apart from it. potlog records them one at a time, each as a seat-to-seat
`Transfer`; the game keeps the ones made as "holder>payer" in its ext, so a payment is never
made twice and a re-check (``verify --rules``) finds the same next one.

Public API:

- ``next_payment(state, order, owed, made, reason) -> list[Event]``: the next payment still
  to make: for each holder in `owed` (player -> chips from each opponent; 0: none), in its
  order, each other player of `order` with chips left who has not paid them yet (`made`) pays
  `owed` chips, or what they have; `reason(holder, payer, chips)` words it. [] once all are
  made.
- ``record(made, event, *, prefix) -> bool``: in ``evolve``: a `Transfer` whose reason starts
  with `prefix` is a side payment made (added to `made`; True).
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from ... import events as ev
from ...core.verbs import make_event
from ...state import TableState


def next_payment(state: TableState, order: Sequence[str], owed: Mapping[str, int], made: Sequence[str],
                 reason: Callable[[str, str, int], str]) -> list[ev.Event]:
    """The next side payment (see the module docstring)."""
    for holder, chips in owed.items():
        for payer in (p for p in order if p != holder) if chips else ():
            if f"{holder}>{payer}" not in made and state.stack(payer) > 0:
                return [make_event(ev.Transfer, from_account=f"seat:{payer}", to_account=f"seat:{holder}",
                                   amount=min(chips, state.stack(payer)), reason=reason(holder, payer, chips))]
    return []


def record(made: list[str], event: ev.Event, *, prefix: str) -> bool:
    """Keep a side payment made (see the module docstring)."""
    if not isinstance(event, ev.Transfer) or not event.reason.startswith(prefix):
        return False
    made.append(f"{event.to_account[5:]}>{event.from_account[5:]}")
    return True
