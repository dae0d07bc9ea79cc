"""What the rules record by themselves: after a command's events, the steps no one types.

A roll that ends the last turn is followed by the payout and the end of the hand; a call that
closes a betting round by the next round. A game says what follows a table state (its
``Ruleset.after``) and marks the events of a command that it follows (`followed`); the caller's
`ledger.core.run.run` records the steps due first, the command's events and what follows them,
on the caller's own table. `check` is ``potlog verify --rules`` for a game that decides this
way, and asks of the log what `run` records.

For a rule that must look past some events inside a decision: `then` applies them to a copy,
asks `after`, and repeats until nothing more follows; `trial` is the copy with some events
applied; `due_first` decides a command at such a table (what a ruling or a void left due
first), for a game that settles its steps inside its own `decide` (Bluffjack). None of them
ever changes the table it is given.

Corrections newest first (`Recent`, `newest_first`): a game whose steps stand on each other
(a round opened by a call, a forced raise on its antes) lets ``potlog void`` undo only the
newest event of the last hand, and never what its rules record once a hand is over.
"""

from __future__ import annotations

from typing import Callable, Protocol

from .. import events as ev
from ..core.checks import require_same
from ..core.commands import Command, Void as VoidCmd, command_for
from ..core.run import After as After, Decide as Decide, followed as followed  # re-exported: what a game marks and declares
from ..core.verbs import void
from ..errors import RuleViolation
from ..reducer import apply
from ..state import Seqs, TableState

Redo = Callable[[TableState, ev.Event], "Command | bool | None"]
"""(table, recorded event) -> the command that records it, to decide again; True when the
game has checked it already; None when the game never records it."""

_ANY_TIME = (ev.Void, ev.Note)
"""A recorder's corrections and asides: ``undo`` and ``amend`` record voids one by one, each
on the table the one before left (where a step the rules record by themselves may be due
again, a blind whose void is next, say), and a note may be written at any moment."""


def then(state: TableState, events: list[ev.Event], after: After, *, limit: int = 64) -> list[ev.Event]:
    """`events`, then whatever `after` says follows them, until it says nothing, for a rule
    that must look past them (`state` is not changed: the events are applied to one copy of it,
    made only when there are some). A game's `decide` does not call it to follow its own events:
    it marks them `followed` and the caller's `run` records what follows."""
    out = list(events)
    step = list(events) if events else after(state)  # no events: `after` reads the table itself
    if not step:
        return out
    if not out:
        out += step
        limit -= 1
    trial = state.clone()
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


def due_first(state: TableState, cmd: Command, decide: Decide, after: After) -> list[ev.Event]:
    """`cmd` at a table whose rules record steps by themselves: in a hand, any step already due
    (a ruling or a void can leave one) first; then `cmd`'s events, decided on the table after
    those steps, and whatever follows them (only the due steps when `cmd` makes nothing)."""
    pre = then(state, [], after) if state.in_hand else []
    table = trial(state, pre)  # (neither `decide` nor `then` changes it)
    events = decide(table, cmd)
    return pre + then(table, events, after) if events else pre


def check(state: TableState, event: ev.Event, after: After, decide: Decide, command: Redo, *, game: str,
          by_itself: tuple[type[ev.Event], ...]) -> None:
    """A game's `check_event` (``potlog verify --rules``): raise `RuleViolation` unless `event` is
    what the rules would have recorded in `state`. What `after` says follows by itself must come
    first, exactly; an event of a kind in `by_itself` only then; any other is decided again from
    `command` and must come out the same (its ruling aside)."""
    plain = event.model_copy(update={"ruling": None})
    auto = after(state)
    if auto and auto[0] == plain:
        return None
    if isinstance(event, _ANY_TIME):
        return _check_any_time(state, plain, decide, command)
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


def _check_any_time(state: TableState, plain: ev.Event, decide: Decide, command: Redo) -> None:
    """A void or a note, checked as itself: the rules must record it for its command (a void's
    target live, the game's own limits on corrections), whatever step is due at that moment;
    the due steps the game would record first are not asked of it."""
    cmd = command(state, plain)
    if not isinstance(cmd, Command):
        return None  # (True: the game checked it; None cannot happen for these two classes)
    decided = decide(state, cmd)
    same = [e for e in decided if type(e) is type(plain)]
    if not same:
        raise RuleViolation(f"the rules record nothing for '{cmd.verb}' here")
    require_same(same[0], plain)



def redecide(decide: Decide, own: Callable[[ev.Event], Command | None] | None = None) -> Callable[[TableState, ev.Event], None]:
    """The simplest `check_event`: every event decided again from the command behind it
    (`ledger.core.commands.command_for`, or `own` for the game's own event classes) must come out the
    same; an event no command records passes (the chips still check it)."""
    def command(state: TableState, event: ev.Event) -> Command | bool:
        return command_for(event) or (own(event) if own is not None else None) or True

    def check_event(state: TableState, event: ev.Event) -> None:
        check(state, event, lambda s: [], decide, command, game="", by_itself=())
    return check_event


class Recent(Protocol):
    """Where a game keeps the seqs of the last hand's events (`recent`, voids aside: a `Seqs`,
    so that a long log before the first hand costs a clone nothing) and of those its rules
    recorded once the hand was over (`final`)."""

    recent: Seqs
    final: list[int]


def track(state: TableState, book: Recent, event: ev.Event, *, final: bool) -> None:
    """In ``evolve`` (``state.seq`` is the event's): a new hand starts the list again; `final`
    marks an event the rules record after a hand, which stands with the hand's result."""
    hand = state.hand
    if isinstance(event, ev.HandStarted):
        book.recent.clear()
        book.final.clear()
    elif final and hand is not None and hand.ended:
        book.final.append(state.seq)
    if not isinstance(event, ev.Void):
        book.recent.append(state.seq)


def newest_first(state: TableState, cmd: VoidCmd, book: Recent, *, game: str, final: str | None) -> list[ev.Event]:
    """``potlog void``, newest event first and only within the last hand; `final` is the
    refusal for an event recorded after the hand (field: target), or None when the game lets
    them go newest first like the rest (the hand's end with its last act)."""
    target = cmd.target
    voided = set(state.voided)  # (a table refolded has none: one applied in place keeps them listed)
    newest = next((seq for seq in reversed(book.recent) if seq not in voided), None)  # of the last hand's live events
    if final is not None and target is not None and target in book.final:
        raise RuleViolation(final.format(target=target))
    if target is not None and newest is not None and target != newest and 1 < target <= state.seq \
            and target not in voided:
        if target in book.recent:
            raise RuleViolation(f"void seq {newest} first: in {game} corrections go from the newest "
                                f"event back (seq {newest} came after seq {target})")
        oldest = next(seq for seq in book.recent if seq not in voided)
        raise RuleViolation(f"seq {target} came before the last hand started (seq {oldest}): only the "
                            "events since then can be voided, newest first")
    return void(state, cmd)
