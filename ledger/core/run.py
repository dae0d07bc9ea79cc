"""How a command becomes the events the log records, and the one way events are applied.

A game's `decide` returns only what the command itself records, decided on a table it never
changes. What the rules then record by themselves (a forced bet, a street's start, the payout
and the end of a hand) is the game's `after`: (table) -> the next steps due there, one batch at
a time, read off the table as it stands. `run` puts the two together on a table its caller
owns, applying each event with the reducer as it is decided:

1. in a hand, the steps already due are recorded first (a ruling or a void can leave one due),
   except before a void or a note, which are decided as themselves whatever is due (``undo``
   voids an act's events one by one, each on the table the one before left);
2. the command's own events;
3. when `decide` marks them `Followed`, whatever `after` says follows, until it says nothing.

There is one way to apply an event: the reducer applies it to a table the caller owns, in place.
A caller that must keep its table (``potlog verify``, a trial) runs on a clone (`decided`); the
PHH replay and the application run on their own table and save the copy. Nothing here is a
mode: the table `run` changes is the one it is given, always.
"""

from __future__ import annotations

from typing import Callable

from .. import events as ev
from ..chips import check
from ..reducer import apply
from ..state import TableState
from .commands import Command, Note, Void

After = Callable[[TableState], list[ev.Event]]
Decide = Callable[[TableState, Command], list[ev.Event]]
Record = Callable[[ev.Event], None]

ANY_TIME = (Void, Note)
"""A recorder's corrections and asides, decided as themselves whatever step is due."""

LIMIT = 64
"""Batches of steps `after` may give in a row before `run` calls the game broken."""


class Followed(list[ev.Event]):
    """A command's events that the rules follow with what is due after them (`Ruleset.after`)."""


def followed(events: list[ev.Event]) -> Followed:
    """`events`, marked to be followed by the steps the rules record by themselves."""
    return events if isinstance(events, Followed) else Followed(events)


def drain(state: TableState, after: After, record: Record) -> list[ev.Event]:
    """Every step `after` says is due on `state`, each recorded (applied to `state`) in turn."""
    out: list[ev.Event] = []
    for _ in range(LIMIT):
        step = after(state)
        if not step:
            return out
        for event in step:
            record(event)
        out += step
    raise RuntimeError("the rules keep recording by themselves: a game's `after` never settles")


def applier(state: TableState) -> Record:
    """Apply an event to `state` at the next seq (the reducer; no check beyond its own)."""
    def record(event: ev.Event) -> None:
        apply(state, state.seq + 1, event)
    return record


def checked(state: TableState, log: list[tuple[int, ev.Event]] | None = None) -> Record:
    """A `record` for a replay that plays a whole game on its own table (a PHH hand, a MAT
    match): each event applied to `state` at the next seq, the chips checked after it (a hand
    closed by `HandEnded`), and (seq, event) appended to `log` when given."""
    def record(event: ev.Event) -> None:
        seq = state.seq + 1
        apply(state, seq, event)
        check(state, hand_closed=type(event) is ev.HandEnded)
        if log is not None:
            log.append((seq, event))
    return record


def run(state: TableState, cmd: Command, decide: Decide, after: After | None,
        record: Record | None = None, *, due: bool = True) -> list[ev.Event]:
    """The events `cmd` records on `state` (see the module docstring), each applied to `state`
    through `record` (default: the reducer) as it is decided. `state` is the caller's and is
    changed; on a refusal it holds the steps due recorded before the command's own events.

    The result is `Followed` when `after` was drained after the command's events: nothing is
    due on `state` then, and a caller that changes it only through `run` may pass
    ``due=False`` to the next `run` on it, which does not ask `after` first (a replay)."""
    put = record if record is not None else applier(state)
    if after is None:
        events = decide(state, cmd)
        for event in events:
            put(event)
        return list(events)
    pre = drain(state, after, put) if due and state.in_hand and not isinstance(cmd, ANY_TIME) else []
    own = decide(state, cmd)
    for event in own:
        put(event)
    if isinstance(own, Followed):
        return Followed(pre + own + drain(state, after, put))
    return pre + list(own)


def decided(state: TableState, cmd: Command, decide: Decide, after: After | None) -> list[ev.Event]:
    """The events `cmd` records on `state`, which is not changed (run on a clone when the
    rules record steps by themselves; `decide` alone never changes its table)."""
    if after is None:
        return list(decide(state, cmd))
    return run(state.clone(), cmd, decide, after)
