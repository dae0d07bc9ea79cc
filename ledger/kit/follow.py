"""What the rules record by themselves: after a command's events, the steps no one types.

A roll that ends the last turn is followed by the payout and the end of the hand; a call that
closes a betting round by the next round. A game says what follows a table state (``after``);
`then` applies the command's events to a copy, asks, and repeats until nothing more follows;
`trial` is the copy with some events applied, for a step that must look past them; `check`
is ``potlog verify --rules`` for a game that decides this way.
"""

from __future__ import annotations

from typing import Callable

from .. import events as ev
from ..commands import Command
from ..errors import RuleViolation
from ..reducer import apply
from ..state import TableState

After = Callable[[TableState], list[ev.Event]]
Decide = Callable[[TableState, Command], list[ev.Event]]
Redo = Callable[[TableState, ev.Event], "Command | bool | None"]
"""(table, recorded event) -> the command that records it, to decide again; True when the
game has checked it already; None when the game never records it."""


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


def trial(state: TableState, events: list[ev.Event]) -> TableState:
    """A copy of the table with `events` applied (the table itself when there are none)."""
    if not events:
        return state
    st = state.clone()
    for e in events:
        apply(st, st.seq + 1, e)
    return st


def check(state: TableState, event: ev.Event, after: After, decide: Decide, command: Redo, *, game: str,
          by_itself: tuple[type[ev.Event], ...]) -> None:
    """A game's `check_event` (``potlog verify --rules``): raise `RuleViolation` unless `event` is
    what the rules would have recorded in `state`. What `after` says follows by itself must come
    first, exactly; an event of a kind in `by_itself` only then; any other is decided again from
    `command` and must come out the same (its ruling aside)."""
    from ..games.base import require_same

    plain = event.model_copy(update={"ruling": None})
    auto = after(state)
    if auto:
        return require_same(auto[0], plain)
    if isinstance(event, by_itself):
        raise RuleViolation(f"potlog records {event.type.replace('_', ' ')} by itself, and none is due here")
    cmd = command(state, event)
    if isinstance(cmd, bool) and cmd:
        return None
    if not isinstance(cmd, Command):
        raise RuleViolation(f"{game} never records {event.type}")
    decided = decide(state, cmd)
    if not decided:
        raise RuleViolation(f"the rules record nothing for '{cmd.verb}' here")
    require_same(decided[0], plain)
