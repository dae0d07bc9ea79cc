"""The peer: the same events through the `eventsourcing` library's SQLite recorder.

One aggregate per session; each of our events is one of its domain events carrying the body.
Both sides do the same domain work per event (validate the body into our event model, fold
with our reducer, voids included), so the ratio measures the plumbing: storage, decoding, rebuilding. The peer's
rebuild is checked against ours: it must reach the very same state hash.

Needs the ``bench`` extra: ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import time
from functools import cache
from itertools import groupby
from pathlib import Path
from typing import Any

from ledger.events import EVENT_ADAPTER
from ledger.reducer import fold as fold_events
from ledger.state import TableState, state_hash


@cache
def _classes() -> tuple[Any, Any]:
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event

    class Table(Aggregate):
        @event("Opened")
        def __init__(self, session: str) -> None:
            self.session = session
            self.events: list = []

        @event("Recorded")
        def record(self, body: dict) -> None:
            self.events.append((len(self.events) + 1, EVENT_ADAPTER.validate_python(body)))

        @property
        def state(self) -> TableState:
            """Our fold of the events (a void cancels an earlier event, so fold once all are in)."""
            return fold_events(self.events, state=TableState(session=self.session))

    class Tables(Application):
        pass

    return Table, Tables


def _app(path: Path) -> Any:
    _, Tables = _classes()
    return Tables(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})


def load(path: Path, rows: list[tuple]) -> tuple[dict[str, Any], float]:
    """Store the archive as aggregates (one save per session); (session -> id, seconds)."""
    import json

    Table, _ = _classes()
    app = _app(path)
    ids = {}
    t = time.perf_counter()
    for sid, group in groupby(rows, key=lambda r: r[0]):
        table = Table(sid)
        for row in group:
            table.record(body=json.loads(row[3]))
        app.save(table)
        ids[sid] = table.id
    return ids, time.perf_counter() - t


def fold(path: Path, ids: dict[str, Any]) -> tuple[dict[str, str], float]:
    """Rebuild every aggregate from its stored events; (session -> state hash, seconds)."""
    app = _app(path)
    hashes = {}
    t = time.perf_counter()
    for sid, aid in ids.items():
        table = app.repository.get(aid)
        hashes[sid] = table.state
    took = time.perf_counter() - t
    return {sid: state_hash(st) for sid, st in hashes.items()}, took


def append(path: Path, bodies: list[dict]) -> float:
    """Record `bodies` one event per transaction on one aggregate; seconds."""
    Table, _ = _classes()
    app = _app(path)
    table = Table("live")
    app.save(table)
    t = time.perf_counter()
    for body in bodies:
        table.record(body=body)
        app.save(table)
    return time.perf_counter() - t
