"""What the rules record by themselves: after a command's events, the steps no one types.

A roll that ends the last turn is followed by the payout and the end of the hand; a call that
closes a betting round by the next round. A game says what follows a table state (``after``);
`then` applies the command's events to a copy, asks, and repeats until nothing more follows.
"""

from __future__ import annotations

from typing import Callable

from .. import events as ev
from ..reducer import apply
from ..state import TableState

After = Callable[[TableState], list[ev.Event]]


def then(state: TableState, events: list[ev.Event], after: After, *, limit: int = 64) -> list[ev.Event]:
    """`events`, then whatever `after` says follows them, until it says nothing (`state` is
    not changed)."""
    trial = state.clone()
    out = list(events)
    step = list(events)
    for _ in range(limit):
        for e in step:
            apply(trial, trial.seq + 1, e)
        step = after(trial)
        if not step:
            return out
        out += step
    raise RuntimeError("the rules keep recording by themselves: a game's `after` never settles")
