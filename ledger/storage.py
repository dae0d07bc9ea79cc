"""What potlog asks of an event store: `EventStore`, the one protocol the SQLite store
(`ledger.store.Store`) and the PostgreSQL store (`ledger.pgstore.PgStore`) both implement.

Everything outside those two modules (the ledger, verify, audit, the exports, snapshots,
sync, the CLI) speaks to a store only through this protocol: no SQL anywhere else.

Also here, shared by both stores: what a readable stored row is (`ROW_TYPES`, `row_problem`,
`checked`), the one line for a row that is not an event (`not_an_event`), a void's target
(`void_target`), a cache row (`CacheRow`: a snapshot or a checkpoint, `ledger.snapshots`),
and `StoreBase`, the part of a store that is the same in every SQL dialect (the expected-seq
check and hash chaining of an append, the batch transaction, the readers built on `rows`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import json
import os
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Callable, Iterable, Iterator, Literal, Protocol, Self

from pydantic import ValidationError

from .core.frozen import later
from .errors import Conflict, IntegrityError, NotFound
from .events import GENESIS, HASH_SCHEME, Event, Recorded, chain_hash, parse_typed

APPEND_ONLY = "events are append-only: correct a mistake with a void"

Row = tuple[str, int, str, str, str, str, str]
"""A stored event as inserted: (session_id, seq, type, body, prev_hash, hash, recorded_at)."""
Written = tuple[int, str, str]
"""What an append wrote, per event: (seq, prev_hash, hash)."""


def default_db_path() -> Path:
    """``$POTLOG_DB``, else ``potlog.db`` in the user's data directory (XDG on Linux)."""
    env = os.environ.get("POTLOG_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("potlog", appauthor=False)) / "potlog.db"


# The one definition of a readable stored row (see `ledger.store`'s docstring): the columns a
# reader gets, `rows`'s order, each with the Python type sqlite3 gives for the SQLite type
# potlog writes it with. `session_id` is TEXT too. (A PostgreSQL store's columns are typed:
# its rows always have these types.)
ROW_TYPES: tuple[tuple[str, type, str], ...] = (
    ("seq", int, "INTEGER"), ("type", str, "TEXT"), ("body", str, "TEXT"), ("prev_hash", str, "TEXT"),
    ("hash", str, "TEXT"), ("recorded_at", str, "TEXT"))
ROW_COLUMNS = ", ".join(name for name, _, _ in ROW_TYPES)
SQL_TYPE = {int: "INTEGER", float: "REAL", str: "TEXT", bytes: "BLOB", type(None): "NULL"}


def row_problem(row: tuple) -> str | None:
    """What makes a stored row ``(seq, type, body, prev_hash, hash, recorded_at)`` unreadable
    by `ROW_TYPES` (its first column of the wrong type), or None."""
    for (name, kind, sql), value in zip(ROW_TYPES, row):
        if type(value) is not kind:
            return f"its {name} is stored as {SQL_TYPE.get(type(value), type(value).__name__)}, not {sql}"
    return None


def checked(session: str, row: tuple) -> tuple:
    """`row` if it is readable (`row_problem`), else `IntegrityError` naming its seq."""
    problem = row_problem(row)
    if problem is not None:
        raise not_an_event(session, row[0], problem)
    return row


def not_an_event(session: str, seq: object, why: str | None = None) -> IntegrityError:
    """The one line for a stored row that is not an event: its body is not one, or (`why`) a
    column is not of its type (`row_problem`)."""
    from .text import printable

    shown = seq if type(seq) is int else printable(repr(seq))
    what = f"{why}: it was written outside potlog" if why else "its stored body was written outside potlog"
    return IntegrityError(f"seq {shown} of session {printable(session)} is not an event ({what}): the log cannot be "
                          "read past it; 'potlog verify' checks the whole log")


def void_target(session: str, seq: int, body: object) -> int:
    """The target of a stored void's body, or `IntegrityError` naming the seq."""
    try:
        target = json.loads(body)["target"]  # type: ignore[arg-type]
    except (TypeError, ValueError, KeyError, RecursionError):  # not JSON, not an object, no target: written outside potlog
        raise not_an_event(session, seq) from None
    if type(target) is not int:
        raise not_an_event(session, seq)
    return target


@later(frozen=True)
class SessionInfo:
    session: str
    game: str
    title: str
    events: int
    started: str
    last: str
    closed: bool


@later(frozen=True)
class CacheRow:
    """One row of a disposable cache (`ledger.snapshots`): the session's snapshot, or a
    checkpoint at `seq` (then the session keeps only its last `keep` checkpoints)."""

    table: Literal["snapshots", "checkpoints"]
    session: str
    seq: int
    version: str
    state_hash: str
    state: str
    keep: int = 0


class EventStore(Protocol):
    """One potlog database: an append-only, hash-chained log per session, a few settings
    (``meta``), and the snapshot and checkpoint caches."""

    path: str  # for messages and as the in-process memo's key (a URL without its password)
    hash_scheme: int

    def close(self) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(self, *exc: object) -> None: ...

    # settings
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...

    # writing: every append states the seq it expects, else `Conflict` and nothing written
    def append(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]],
               recorded_at: str) -> list[Written]: ...
    def append_cached(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]], recorded_at: str,
                      cache: Callable[[list[Written]], list[CacheRow]],
                      expect_prev: str | None = None) -> tuple[list[Written], bool]: ...
    def append_rows(self, rows: list[Row], expected: dict[str, int]) -> None: ...
    def insert_rows(self, rows: list[Row]) -> None: ...
    def rehash(self) -> dict[str, int]: ...

    # transactions and the write lock
    @property
    def in_transaction(self) -> bool: ...
    def transaction(self) -> AbstractContextManager[None]: ...
    def held(self) -> AbstractContextManager[None]: ...
    def savepoint(self, name: str = "step") -> AbstractContextManager[None]: ...

    # reading a log
    def head(self, session: str) -> tuple[int, str]: ...
    def last_seq(self, session: str) -> int: ...
    def last_hash(self, session: str) -> str: ...
    errors: tuple[type[Exception], ...]
    """What its database driver raises (``sqlite3.Error``, ``psycopg.Error``): the snapshot
    cache, best-effort, takes these (and `IntegrityError`), never anything else."""

    def hash_at(self, session: str, seq: int) -> str | None: ...
    def exists(self, session: str) -> bool: ...
    def require(self, session: str) -> None: ...
    def rows(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[tuple]: ...
    def events(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[tuple[int, Event]]: ...
    def recorded(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[Recorded]: ...
    def voids(self, session: str, upto: int | None = None) -> dict[int, int]: ...
    def folding(self, session: str, upto: int | None = None) -> tuple[set[int], Iterator[tuple[int, Event]]]: ...
    def void_targets(self, session: str, after: int, upto: int) -> set[int]: ...
    def last_of_type(self, session: str, etype: str, upto: int, after: int = 0) -> tuple[int, str] | None: ...
    def stamps(self, session: str) -> Iterator[tuple[int, str, str]]: ...
    def sessions(self) -> list[SessionInfo]: ...
    def session_ids(self, prefix: str) -> list[str]: ...

    # the caches (best-effort: a failure reads as no cache, and writes nothing)
    def snapshot_info(self, session: str) -> tuple[int, str, str] | None: ...
    def snapshot_text(self, session: str, seq: int) -> str | None: ...
    def checkpoint_infos(self, session: str, before: int, after: int, limit: int) -> list[tuple[int, str, str]]: ...
    def checkpoint_text(self, session: str, seq: int) -> str | None: ...
    def write_cache(self, rows: list[CacheRow]) -> bool: ...
    def clear_cache(self, session: str | None = None) -> None: ...


class StoreBase(ABC):
    """What both stores do alike, in terms of a few primitives each implements: `_last`
    (the head, inside a write transaction under its lock), `_begin`/`_commit`/`_rollback`,
    `in_transaction`, `savepoint`, `_appending`, `_insert` and `_cache_in_transaction`."""

    path: str
    hash_scheme: int
    _held: bool

    # ------------------------------------------------------------------ primitives
    @abstractmethod
    def _last(self, session: str) -> tuple[int, str]:
        """(each store's own)"""

    @abstractmethod
    def _begin(self) -> None:
        """(each store's own)"""

    @abstractmethod
    def _commit(self) -> None:
        """(each store's own)"""

    @abstractmethod
    def _rollback(self) -> None:
        """(each store's own)"""

    @property
    @abstractmethod
    def in_transaction(self) -> bool:
        """(each store's own)"""

    @abstractmethod
    def savepoint(self, name: str = "step") -> AbstractContextManager[None]:
        """(each store's own)"""

    @abstractmethod
    def _appending(self, session: str, expected_seq: int) -> AbstractContextManager[None]:
        """(each store's own)"""

    @abstractmethod
    def _insert(self, rows: list[Row], first: int) -> None:
        """(each store's own)"""

    @abstractmethod
    def _cache_in_transaction(self, rows: list[CacheRow]) -> bool:
        """(each store's own)"""

    @abstractmethod
    def sessions(self) -> list[SessionInfo]:
        """(each store's own)"""

    @abstractmethod
    def rows(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[tuple]:
        """(each store's own)"""

    @abstractmethod
    def events(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[tuple[int, Event]]:
        """(each store's own)"""

    @abstractmethod
    def voids(self, session: str, upto: int | None = None) -> dict[int, int]:
        """(each store's own)"""

    def folding(self, session: str, upto: int | None = None) -> tuple[set[int], Iterator[tuple[int, Event]]]:
        """What a fold from the start reads: the voided seqs (`voids`) and the events (a store may
        read both at once)."""
        return set(self.voids(session, upto)), self.events(session, 0, upto)

    @abstractmethod
    def close(self) -> None:
        """(each store's own)"""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ writing
    def _writable(self) -> None:
        """Refuse to add events to a database whose chain is not in the current scheme."""
        if self.hash_scheme == 0:
            raise IntegrityError(
                f"{self.path} does not say how its events are hashed, and its first event matches no scheme potlog "
                "has used: 'potlog verify --all' names what was changed; nothing was recorded")
        if self.hash_scheme != HASH_SCHEME:
            raise IntegrityError(
                f"{self.path} was written by an older potlog (hash scheme {self.hash_scheme}, which does not cover "
                "the session or the time): run 'potlog rehash' once to check and re-chain it; nothing was recorded")

    def append(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]],
               recorded_at: str) -> list[Written]:
        """Append events (type, canonical body) as seqs `expected_seq`, `expected_seq+1` ...

        One transaction: if the session's next seq is not `expected_seq`, raise `Conflict`
        and write nothing. Returns (seq, prev_hash, hash) per event.
        """
        return self.append_cached(session, expected_seq, bodies, recorded_at, lambda written: [])[0]

    def append_cached(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]], recorded_at: str,
                      cache: Callable[[list[Written]], list[CacheRow]],
                      expect_prev: str | None = None) -> tuple[list[Written], bool]:
        """`append`, and in the same transaction the cache rows (a snapshot, a checkpoint)
        that `cache` returns for the (seq, prev_hash, hash) it appended: one commit for both.
        The cache writes are best-effort, in a savepoint of their own: if they fail, the
        events are appended all the same. Returns what `append` returns, and whether the
        cache rows were written. `expect_prev`: the hash the event before `expected_seq`
        must have (the head the events were decided on), else `Conflict`."""
        self._writable()
        if self._held:  # inside `held()`: a savepoint of that transaction, the cache too
            written = self._append_held(session, expected_seq, bodies, recorded_at, expect_prev)
            return written, self._cache_in_transaction(cache(written))
        with self._appending(session, expected_seq):
            rows = self._chained_rows(session, expected_seq, bodies, recorded_at, expect_prev)
            self._insert(rows, expected_seq)
            written = [(r[1], r[4], r[5]) for r in rows]
            cached = self._cache_in_transaction(cache(written))
            self._commit()
        return written, cached

    def _chained_rows(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]],
                      recorded_at: str, expect_prev: str | None = None) -> list[Row]:
        """Inside a write transaction: the rows that append `bodies` at `expected_seq`, each
        chained to the one before; `Conflict` if the session's next seq is not `expected_seq`
        (or the event before it does not have the hash `expect_prev`)."""
        last_seq, prev = self._last(session)
        if expect_prev is not None and prev != expect_prev and last_seq + 1 == expected_seq:
            raise Conflict(f"session {session}: seq {last_seq} is not the event this table was read with "
                           "(the database was replaced?); look at the table again and retry")
        if last_seq + 1 != expected_seq:
            raise Conflict(
                f"session {session} moved on: expected to write seq {expected_seq} but the log is at "
                f"{last_seq} (another recorder wrote first); look at the table again and retry"
            )
        rows = []
        seq = expected_seq
        for etype, body in bodies:
            h = chain_hash(prev, body, session=session, seq=seq, etype=etype, recorded_at=recorded_at)
            rows.append((session, seq, etype, body, prev, h, recorded_at))
            prev = h
            seq += 1
        return rows

    def _append_held(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]],
                     recorded_at: str, expect_prev: str | None = None) -> list[Written]:
        """`append` inside the transaction `held()` opened: the same checks and rows, in a
        savepoint (a failure leaves nothing of this append), committed when `held()` ends."""
        rows = self._chained_rows(session, expected_seq, bodies, recorded_at, expect_prev)
        with self.savepoint("append"):
            self._insert(rows, expected_seq)
        return [(r[1], r[4], r[5]) for r in rows]

    @contextmanager
    def held(self) -> Iterator[None]:
        """One write transaction around many appends: each `append` inside lands in it (as a
        savepoint), and all of them are committed together at the end, or none if it ends
        with an exception. Re-entered, it is part of the outer one."""
        if self._held:
            yield
            return
        self._writable()
        self._begin()
        self._held = True
        try:
            yield
            self._commit()
        except BaseException:  # roll back, then re-raise (a Ctrl-C too): nothing is swallowed
            self._rollback()
            raise
        finally:
            self._held = False

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction: every write inside lands, or none does. Inside `held()`
        (``potlog run``), a savepoint of that transaction, committed with it."""
        if self._held:
            with self.savepoint("transaction"):
                yield
            return
        self._begin()
        try:
            yield
            self._commit()
        except BaseException:  # roll back, then re-raise (a Ctrl-C too): nothing is swallowed
            self._rollback()
            raise

    def append_rows(self, rows: list[Row], expected: dict[str, int]) -> None:
        """Insert pre-hashed rows in one transaction, checking each session's next seq first."""
        with self.transaction():
            for session, seq in expected.items():
                last, _ = self._last(session)
                if last + 1 != seq:
                    raise Conflict(f"session {session} changed during the import (now at seq {last}); retry")
            self.insert_rows(rows)

    def insert_rows(self, rows: list[Row]) -> None:
        """Insert pre-hashed rows (an import); call inside `transaction()`."""
        self._writable()
        self._insert(rows, rows[0][1] if rows else 0)

    # ------------------------------------------------------------------ reading
    def head(self, session: str) -> tuple[int, str]:
        """(last seq, its hash) as stored; (0, GENESIS) for no events. Inside a write
        transaction, the session is this writer's until it ends."""
        return self._last(session)

    def last_hash(self, session: str) -> str:
        return self._last(session)[1]

    def last_seq(self, session: str) -> int:
        return self._last(session)[0]

    def exists(self, session: str) -> bool:
        return self.last_seq(session) > 0

    def require(self, session: str) -> None:
        if not self.exists(session):
            known = ", ".join(s.session for s in self.sessions()[-5:]) or "none yet"
            raise NotFound(f"no session called {session!r} in {self.path} (recent: {known})")

    def recorded(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[Recorded]:
        for row in self.rows(session, after, upto):
            seq, etype, body, prev, h, at = checked(session, row)
            try:
                event = parse_typed(etype, body)
            except ValidationError:  # pydantic's, whatever the body is (not JSON, not an event, bytes, a number...)
                raise not_an_event(session, seq) from None
            yield Recorded(session, seq, at, prev, h, body, event)


def opened_of(body: object) -> dict:
    """The session_opened body's object (its game and title), {} when it is not one."""
    try:
        opened = json.loads(body) if body else {}  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):
        return {}
    return opened if isinstance(opened, dict) else {}


__all__ = ["APPEND_ONLY", "CacheRow", "EventStore", "GENESIS", "ROW_COLUMNS", "ROW_TYPES", "Row", "SessionInfo",
           "StoreBase", "Written", "checked", "default_db_path", "not_an_event", "opened_of", "row_problem",
           "void_target"]
