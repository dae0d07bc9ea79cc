"""What a `Ledger` keeps in memory between commands: the heads it decided last.

Inside `batch` (``potlog run``, `undo`, `amend`: several commands as one write transaction)
each session's head is the table the command before left, never read back from the log;
`step` is a savepoint of one's own inside it. Outside a batch, a command's new head goes to
the in-process memo of `ledger.snapshots` (`_new_head`), and the table just before a hand
started is kept as a checkpoint (written with the next snapshot, or by `flush` at `close`).
`sharing` makes `Ledger.open` of the same database return the very ledger (its batch, its
memo) to code that opens a ledger per command.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator, Self

from .state import TableState
from .storage import EventStore

_SHARED: dict[str, HeadMemo] = {}  # database -> the ledger `Ledger.open` returns (see `Ledger.sharing`)


def _db_key(path: object) -> str:
    """One spelling of a database: an absolute file path (or the URL, or :memory:)."""
    if path is None:
        from .store import default_db_path

        path = os.environ.get("POTLOG_DB") or default_db_path()
    text = str(path)
    return text if "://" in text or text == ":memory:" else os.path.abspath(text)


class HeadMemo:
    """The heads a ledger keeps in memory (the base of `ledger.app.Ledger`)."""

    def __init__(self, store: EventStore):
        self.store = store
        self._heads: dict[str, TableState] | None = None  # inside `batch()`: each session's decided head
        self._points: dict[str, TableState] = {}  # states just before a hand started, to keep as checkpoints
        self._later: dict[str, tuple[TableState, str]] = {}  # such a state recorded, not yet written; its hash
        self._shared = 0  # inside `sharing()`: `open` of this database returns this ledger, `close` keeps it

    def flush(self) -> None:
        """Write the hands' checkpoints this recorder still keeps in memory (best-effort:
        they are a cache; one that no longer matches the log is not written)."""
        from .snapshots import write_checkpoint

        later, self._later = self._later, {}
        for session, (point, head) in later.items():
            write_checkpoint(self.store, session, point, head=head)

    @contextmanager
    def batch(self) -> Iterator[Self]:
        """Several commands as one write transaction: each `execute` inside is decided on the
        state the ones before it left (kept in memory, never reloaded) and appended as a
        savepoint; all of it is committed at the end, or nothing if the block raises.
        Re-entered, it is part of the outer batch."""
        if self._heads is not None:
            yield self
            return
        self._heads = {}
        try:
            with self.store.held():
                yield self
        except BaseException:  # forget what the rolled-back writes decided, then re-raise
            self._heads, self._points = None, {}
            raise
        heads, self._heads = self._heads, None
        from .snapshots import snapshot_due, write_snapshot

        for sid, state in heads.items():  # committed: they are the heads now (and a snapshot, when due)
            h = self.store.hash_at(sid, state.seq)
            if h is not None:
                due = snapshot_due(self.store, sid, state.seq)
                self._new_head(sid, state, h, snapshot=due and write_snapshot(self.store, sid, state))

    @contextmanager
    def step(self) -> Iterator[None]:
        """One savepoint inside a `batch` (outside one, nothing): if the block raises, what it
        wrote is undone, and the heads kept in memory are read again from the log."""
        if self._heads is None:
            yield
            return
        try:
            with self.store.savepoint("step"):
                yield
        except BaseException:  # forget what the rolled-back writes decided, then re-raise
            self._heads.clear()
            self._points.clear()
            raise

    @contextmanager
    def sharing(self) -> Iterator[Self]:
        """While inside, `Ledger.open` of this database returns this very ledger (and `close`
        leaves it open): code that opens and closes a ledger per command (the CLI's, run line
        by line) works inside this ledger's `batch`."""
        key = _db_key(self.store.path)
        before = _SHARED.get(key)
        _SHARED[key] = self
        self._shared += 1
        try:
            yield self
        finally:
            self._shared -= 1
            if before is None:
                _SHARED.pop(key, None)
            else:
                _SHARED[key] = before

    def _new_head(self, session: str, state: TableState, head_hash: str, *, snapshot: bool = False) -> None:
        """`state` (decided and applied; the caller gives it up) is the session's head: keep it
        in the memo (`snapshot`: it was just written as the snapshot too), and the state
        before a hand that started as a checkpoint."""
        from .snapshots import remember_head, write_checkpoint

        point = self._points.pop(session, None)
        if point is not None:
            write_checkpoint(self.store, session, point)
        remember_head(self.store, session, state, head_hash, snapshot=snapshot)
