"""Replay a session: re-fold it from its events and show the table as it was.

`frames` yields the table after each event (voided events skipped, as in every fold that
includes their void; with `upto`, only voids recorded by then count, so the table is as it
was believed at that seq). `summaries` gives the hand-by-hand story (from the audit's
chip flows). Nothing here prints; `cli/cmd_audit.py` renders, hiding face-down cards
unless asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

from . import events as ev
from .audit import HandFlow, SessionAudit, audit_records, hand_of
from .chips import Posting
from .describe import describe
from .reducer import fold
from .state import TableState

LONG = 5000  # events: from here on, a replay shows a progress bar


@dataclass
class Frame:
    """The table right after one event.

    Attributes:
        hand: the hand the event belongs to (None between hands).
        text: the event in plain English.
        postings: the chips it moved.
        state: the whole table after it (a private copy).
    """

    seq: int
    hand: int | None
    event: ev.Event
    text: str
    postings: list[Posting]
    state: TableState


def frames(store: Any, session: str, *, hand: int | None = None, upto: int | None = None) -> Iterator[Frame]:
    """The table after each event of `session` (of hand `hand` only, up to seq `upto`)."""
    store.require(session)
    voided = set(store.voids(session, upto))
    state = TableState(session=session)
    for seq, event in store.events(session, 0, upto):
        if seq in voided:
            continue
        moved: list[Posting] = []
        state = fold([(seq, event)], state=state, voided=voided,
                     observer=lambda _s, _e, postings, _st: moved.extend(postings))
        number = hand_of(state, event)
        if hand is not None and number != hand:
            if state.hand is not None and state.hand.number > hand:
                return
            continue
        yield Frame(seq, number, event, describe(event), moved, state)


def summaries(store: Any, session: str, *, upto: int | None = None,
              progress: Callable[[int], None] | None = None) -> SessionAudit:
    """The hand-by-hand flows of `session` up to `upto` (the audit of that prefix)."""
    store.require(session)
    records = list(store.events(session, 0, upto))
    return audit_records(records, session, voids=store.voids(session, upto), progress=progress)


def winners(flow: HandFlow) -> dict[str, int]:
    """Who took chips out of the pots this hand, and how many."""
    return dict(flow.took_out)


def table_at(store: Any, session: str, upto: int | None = None) -> TableState:
    """The table after `upto` (default: the last event), folded from scratch."""
    store.require(session)
    voided = set(store.voids(session, upto))
    return fold(store.events(session, 0, upto), state=TableState(session=session), voided=voided)
