"""The SQLite event store (through sqlite-utils).

``events(session_id, seq, type, body, prev_hash, hash, recorded_at)``, primary key
(session_id, seq), seq gapless from 1, ``hash = chain_hash(...)`` of every other column
(`ledger.events.chain_hash`). Triggers make the database itself refuse UPDATE and DELETE on
events. WAL mode. Every append is one ``BEGIN IMMEDIATE`` transaction that states the seq it
expects: if another writer got there first, it raises `Conflict` and writes nothing.

``meta`` holds small settings: the current session pointer, and ``hash_scheme`` (2 for a
database made by this code; a database made before the row existed is judged by its first
event, and one written with scheme 1, whose hashes left out the session and the time, can
be read, but nothing is written to it until ``potlog rehash`` has checked and re-chained it
once). ``snapshots`` is a disposable cache of folded states (see `ledger.snapshots`).

A stored row potlog cannot read (written behind potlog's back, triggers dropped) is reported
as `IntegrityError` naming its seq wherever it is read, never as a crash. What a readable row
is has one definition, `ROW_TYPES` (`row_problem`), which every reader applies: each column
of the SQLite type potlog writes it with (seq an INTEGER; session_id, type, body, prev_hash,
hash and recorded_at TEXT; a BLOB or a number where text belongs is not read as text), and
then the body an event of its type. `state`, `audit`, `log`, the exports, `seal`, `sync` and
`verify` (a finding of kind ``row`` or ``body``) all refuse the same rows. (A PostgreSQL
store's columns are typed, `ledger.pgstore`: its rows always have these types.)
"""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from .errors import Conflict, InputError, IntegrityError, NotFound
from .events import GENESIS, HASH_SCHEME, Event, Recorded, chain_hash, parse_typed, v1_hash

if TYPE_CHECKING:
    from sqlite_utils import Database

APPEND_ONLY = "events are append-only: correct a mistake with a void"

_TRIGGERS = f"""
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END;
"""


def default_db_path() -> Path:
    """``$POTLOG_DB``, else ``potlog.db`` in the user's data directory (XDG on Linux)."""
    env = os.environ.get("POTLOG_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("potlog", appauthor=False)) / "potlog.db"


# The one definition of a readable stored row (see the module's docstring): the columns a
# reader gets, `Store.rows`'s order, each with the Python type sqlite3 gives for the SQLite
# type potlog writes it with. `session_id` is TEXT too (`_BAD_ROW_SQL`).
ROW_TYPES: tuple[tuple[str, type, str], ...] = (
    ("seq", int, "INTEGER"), ("type", str, "TEXT"), ("body", str, "TEXT"), ("prev_hash", str, "TEXT"),
    ("hash", str, "TEXT"), ("recorded_at", str, "TEXT"))
ROW_COLUMNS = ", ".join(name for name, _, _ in ROW_TYPES)
_SQL_TYPE = {int: "INTEGER", float: "REAL", str: "TEXT", bytes: "BLOB", type(None): "NULL"}
_ROW_OK_SQL = " AND ".join(f"typeof({name}) = '{sql.lower()}'" for name, _, sql in ROW_TYPES)  # the same, in SQL
_BAD_ROW_SQL = f"typeof(session_id) != 'text' OR NOT ({_ROW_OK_SQL})"  # (a session's reads name it as TEXT)


def row_problem(row: tuple) -> str | None:
    """What makes a stored row ``(seq, type, body, prev_hash, hash, recorded_at)`` unreadable
    by `ROW_TYPES` (its first column of the wrong type), or None."""
    for (name, kind, sql), value in zip(ROW_TYPES, row):
        if type(value) is not kind:
            return f"its {name} is stored as {_SQL_TYPE.get(type(value), type(value).__name__)}, not {sql}"
    return None


def checked(session: str, row: tuple) -> tuple:
    """`row` if it is readable (`row_problem`), else `IntegrityError` naming its seq."""
    problem = row_problem(row)
    if problem is not None:
        raise not_an_event(session, row[0], problem)
    return row


@dataclass(frozen=True)
class SessionInfo:
    session: str
    game: str
    title: str
    events: int
    started: str
    last: str
    closed: bool


class Store:
    """One potlog database. Open it with `Store.open(path)`; close it with `close()`."""

    def __init__(self, conn: sqlite3.Connection, path: str):
        self.conn = conn
        self._db: Database | None = None
        self.path = path
        self.hash_scheme = HASH_SCHEME  # read from ``meta`` on opening
        self._held = False  # inside `held()`: appends join its one transaction

    @property
    def db(self) -> Database:
        """The sqlite-utils view of the connection, imported on first use (it is slow to import)."""
        if self._db is None:
            from sqlite_utils import Database

            self._db = Database(self.conn)
        return self._db

    def _has_events(self) -> bool:
        return self.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").fetchone() is not None

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | Path | None = None, *, durable: bool = True) -> Store:
        p = Path(path) if path is not None else default_db_path()
        try:
            if str(p) != ":memory:":
                p.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(p), timeout=10.0, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise InputError(f"cannot open the database {p}: {exc} (give a file path with --db or $POTLOG_DB)") from None
        store = cls(conn, str(p))
        try:
            store._setup(durable)
        except sqlite3.DatabaseError as exc:
            conn.close()
            if "locked" in str(exc) or "busy" in str(exc):
                raise Conflict(f"the database {p} is busy: another potlog is writing to it; try again") from None
            raise InputError(f"{p} cannot be used as a potlog database: {exc}") from None
        return store

    def _setup(self, durable: bool) -> None:
        c = self.conn
        c.execute("PRAGMA journal_mode=WAL")
        c.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        c.execute("PRAGMA foreign_keys=ON")
        if not self._has_events():
            c.execute("BEGIN IMMEDIATE")
            try:
                if "events" not in self.db.table_names():
                    self.db.table("events").create(
                        {"session_id": str, "seq": int, "type": str, "body": str,
                         "prev_hash": str, "hash": str, "recorded_at": str},
                        pk=("session_id", "seq"),
                        not_null={"session_id", "seq", "type", "body", "prev_hash", "hash", "recorded_at"},
                    )
                    self.db.table("meta").create({"key": str, "value": str}, pk="key")
                    self.db.table("snapshots").create(
                        {"session_id": str, "seq": int, "version": str, "state_hash": str, "state": str},
                        pk="session_id",
                    )
                    self._create_triggers()
                    c.execute("INSERT INTO meta (key, value) VALUES ('hash_scheme', ?)", (str(HASH_SCHEME),))
                c.execute("COMMIT")
            except BaseException:
                c.execute("ROLLBACK")
                raise
        else:
            self.hash_scheme = self._read_scheme()

    def _create_triggers(self) -> None:
        for stmt in _TRIGGERS.strip().split("END;"):
            if stmt.strip():
                self.conn.execute(stmt + "END;")

    def _read_scheme(self) -> int:
        """The database's hash scheme: its ``meta`` row; without one (a database made before
        the row existed), what the first stored event is hashed with (1 or the current one),
        and the current one for a database with no events (the row is then written)."""
        try:
            row = self.conn.execute("SELECT value FROM meta WHERE key = 'hash_scheme'").fetchone()
            if row is not None:
                return int(row[0]) if str(row[0]).isdigit() else 0
            first = self.conn.execute("SELECT session_id, seq, type, body, prev_hash, hash, recorded_at FROM events "
                                      "LIMIT 1").fetchone()
        except sqlite3.Error:
            return HASH_SCHEME  # no meta table: what it is will show when it is used
        if first is not None:
            sid, seq, etype, body, prev, h, at = first
            try:
                if chain_hash(prev, body, session=sid, seq=seq, etype=etype, recorded_at=at) == h:
                    return HASH_SCHEME
                return 1 if v1_hash(prev, body) == h else 0
            except Exception:  # a row that is not even text: not a scheme anyone wrote
                return 0
        try:
            self.conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('hash_scheme', ?)", (str(HASH_SCHEME),))
        except sqlite3.Error:
            pass  # a read-only database: nothing will be written to it anyway
        return HASH_SCHEME

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

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ meta
    def get_meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        """One plain statement (autocommit): inside a batch's transaction it is part of it."""
        self.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # ------------------------------------------------------------------ writing
    def append(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]],
               recorded_at: str) -> list[tuple[int, str, str]]:
        """Append events (type, canonical body) as seqs `expected_seq`, `expected_seq+1` ...

        One transaction: if the session's next seq is not `expected_seq`, raise `Conflict`
        and write nothing. Returns (seq, prev_hash, hash) per event.
        """
        c = self.conn
        self._writable()
        if self._held:  # inside `held()`: this append is one savepoint of that transaction
            return self._append_held(session, expected_seq, bodies, recorded_at)
        with self._appending(session, expected_seq):
            rows = self._chained_rows(session, expected_seq, bodies, recorded_at)
            c.executemany(
                "INSERT INTO events (session_id, seq, type, body, prev_hash, hash, recorded_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            c.execute("COMMIT")
        return [(r[1], r[4], r[5]) for r in rows]

    @contextmanager
    def _appending(self, session: str, expected_seq: int) -> Iterator[None]:
        """One append's transaction, begun here and committed by the body: rolled back on any
        failure, a seq taken first or a locked database as a `Conflict`."""
        c = self.conn
        self._begin()
        try:
            yield
        except sqlite3.IntegrityError:
            c.execute("ROLLBACK")
            raise Conflict(f"session {session}: seq {expected_seq} was written by another recorder; retry") from None
        except sqlite3.OperationalError as exc:
            if c.in_transaction:
                c.execute("ROLLBACK")
            if "locked" in str(exc) or "busy" in str(exc):
                raise Conflict("the database is busy: another potlog is writing to it (an import?); nothing was "
                               "recorded, try again") from None
            raise
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise

    def append_cached(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]], recorded_at: str,
                      cache: Callable[[list[tuple[int, str, str]]], list[tuple[str, tuple]]],
                      expect_prev: str | None = None) -> tuple[list[tuple[int, str, str]], bool]:
        """`append`, and in the same transaction the cache writes (a snapshot, a checkpoint:
        SQL statements) that `cache` returns for the (seq, prev_hash, hash) it appended: one
        commit for both. The cache writes are best-effort, in a savepoint of their own: if
        they fail, the events are appended all the same. Returns what `append` returns, and
        whether the cache writes were made. `expect_prev`: the hash the event before
        `expected_seq` must have (the head the events were decided on), else `Conflict`."""
        c = self.conn
        self._writable()
        if self._held:  # inside `held()`: a savepoint of that transaction, the cache too
            written = self._append_held(session, expected_seq, bodies, recorded_at, expect_prev)
            return written, self._cache_writes(cache(written))
        with self._appending(session, expected_seq):
            rows = self._chained_rows(session, expected_seq, bodies, recorded_at, expect_prev)
            self.insert_rows(rows)  # (a PostgreSQL store's own insert)
            written = [(r[1], r[4], r[5]) for r in rows]
            cached = self._cache_writes(cache(written))
            c.execute("COMMIT")
        return written, cached

    def _cache_writes(self, statements: list[tuple[str, tuple]]) -> bool:
        """Run cache writes inside the open transaction, in a savepoint: False (and nothing of
        them kept) if any fails."""
        if not statements:
            return False
        try:
            with self.savepoint("cache"):
                for sql, params in statements:
                    self.conn.execute(sql, params)
        except sqlite3.Error:
            return False
        return True

    def _chained_rows(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]],
                      recorded_at: str, expect_prev: str | None = None) -> list[tuple[str, int, str, str, str, str, str]]:
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
                     recorded_at: str, expect_prev: str | None = None) -> list[tuple[int, str, str]]:
        """`append` inside the transaction `held()` opened: the same checks and rows, in a
        savepoint (a failure leaves nothing of this append), committed when `held()` ends."""
        c = self.conn
        rows = self._chained_rows(session, expected_seq, bodies, recorded_at, expect_prev)
        with self.savepoint("append"):
            c.executemany("INSERT INTO events (session_id, seq, type, body, prev_hash, hash, recorded_at) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        return [(r[1], r[4], r[5]) for r in rows]

    @contextmanager
    def held(self) -> Iterator[None]:
        """One write transaction (``BEGIN IMMEDIATE``) around many appends: each `append` inside
        lands in it (as a savepoint), and all of them are committed together at the end, or
        none if it ends with an exception. Re-entered, it is part of the outer one."""
        if self._held:
            yield
            return
        self._writable()
        self._begin()
        self._held = True
        try:
            yield
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        finally:
            self._held = False

    @contextmanager
    def savepoint(self, name: str = "step") -> Iterator[None]:
        """A SAVEPOINT inside the open transaction: what is written inside it is undone, and
        the exception passed on, if the block raises; released (kept) otherwise."""
        c = self.conn
        c.execute(f'SAVEPOINT "{name}"')
        try:
            yield
        except BaseException:
            c.execute(f'ROLLBACK TO "{name}"')
            c.execute(f'RELEASE "{name}"')
            raise
        c.execute(f'RELEASE "{name}"')

    def _begin(self) -> None:
        """Take the write lock (waiting up to the busy timeout), or say plainly who holds it."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise Conflict("the database is busy: another potlog is writing to it (an import?); nothing was "
                               "recorded, try again") from None
            raise

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One ``BEGIN IMMEDIATE`` transaction: every write inside lands, or none does."""
        c = self.conn
        self._begin()
        try:
            yield
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def append_rows(self, rows: list[tuple[str, int, str, str, str, str, str]], expected: dict[str, int]) -> None:
        """Insert pre-hashed rows in one transaction, checking each session's next seq first."""
        with self.transaction():
            for session, seq in expected.items():
                last, _ = self._last(session)
                if last + 1 != seq:
                    raise Conflict(f"session {session} changed during the import (now at seq {last}); retry")
            self.insert_rows(rows)

    def insert_rows(self, rows: list[tuple[str, int, str, str, str, str, str]]) -> None:
        """Insert pre-hashed rows (an import); call inside `transaction()`."""
        self._writable()
        self.conn.executemany(
            "INSERT INTO events (session_id, seq, type, body, prev_hash, hash, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    # ------------------------------------------------------------------ reading
    def _last(self, session: str) -> tuple[int, str]:
        row = self.conn.execute(
            f"SELECT {ROW_COLUMNS} FROM events WHERE session_id = ? ORDER BY seq DESC LIMIT 1", (session,)
        ).fetchone()
        return (row[0], checked(session, row)[4]) if row else (0, GENESIS)

    def last_seq(self, session: str) -> int:
        """The last seq (0: no events). Only the seq is read (and must be an INTEGER): whether
        the session exists, and how long it is, for `verify` to report on whatever else is wrong."""
        row = self.conn.execute("SELECT seq FROM events WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
                                (session,)).fetchone()
        if row is None:
            return 0
        if type(row[0]) is not int:
            raise not_an_event(session, row[0], row_problem(row))
        return row[0]

    def last_hash(self, session: str) -> str:
        return self._last(session)[1]

    def exists(self, session: str) -> bool:
        return self.last_seq(session) > 0

    def require(self, session: str) -> None:
        if not self.exists(session):
            known = ", ".join(s.session for s in self.sessions()[-5:]) or "none yet"
            raise NotFound(f"no session called {session!r} in {self.path} (recent: {known})")

    def rows(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[tuple]:
        """Raw rows (seq, type, body, prev_hash, hash, recorded_at), in seq order, exactly as
        stored (for `ledger.verify`, which reports what is wrong with them): a reader of the
        rows' content checks each with `checked` first."""
        sql = (f"SELECT {ROW_COLUMNS} FROM events "
               "WHERE session_id = ? AND seq > ?")
        args: list = [session, after]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        sql += " ORDER BY seq"
        cur = self.conn.execute(sql, args)
        while True:
            batch = cur.fetchmany(2000)
            if not batch:
                return
            yield from batch

    def events(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[tuple[int, Event]]:
        """(seq, event) pairs, each body validated into its model."""
        sql = f"SELECT seq, type, body, {_ROW_OK_SQL} FROM events WHERE session_id = ? AND seq > ?"
        args: list = [session, after]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        cur = self.conn.execute(sql + " ORDER BY seq", args)
        while batch := cur.fetchmany(2000):
            for seq, etype, body, ok in batch:
                if not ok:  # say which column (`row_problem`)
                    checked(session, next(self.rows(session, seq - 1, seq)) if type(seq) is int else (seq,))
                try:
                    event = parse_typed(etype, body)
                except Exception:  # pydantic's ValidationError, a body of another type...
                    raise not_an_event(session, seq) from None
                yield seq, event

    def recorded(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[Recorded]:
        for row in self.rows(session, after, upto):
            seq, etype, body, prev, h, at = checked(session, row)
            try:
                event = parse_typed(etype, body)
            except Exception:
                raise not_an_event(session, seq) from None
            yield Recorded(session, seq, at, prev, h, body, event)

    def voids(self, session: str, upto: int | None = None) -> dict[int, int]:
        """target seq -> the seq of the void that cancels it."""
        sql = f"SELECT {ROW_COLUMNS} FROM events WHERE session_id = ? AND type = 'void'"
        args: list = [session]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        out = {}
        for row in self.conn.execute(sql, args):
            seq, _, body = checked(session, row)[:3]
            out[void_target(session, seq, body)] = seq
        return out

    def head(self, session: str) -> tuple[int, str]:
        """(last seq, its hash) as stored; (0, GENESIS) for no events."""
        return self._last(session)

    def hash_at(self, session: str, seq: int) -> str | None:
        row = self.conn.execute(
            f"SELECT {ROW_COLUMNS} FROM events WHERE session_id = ? AND seq = ?", (session, seq)
        ).fetchone()
        return checked(session, row)[4] if row else None

    def sessions(self) -> list[SessionInfo]:
        """Every session, oldest first; `IntegrityError` naming the first unreadable row (this
        reads every row's session and time)."""
        bad = self.conn.execute(f"SELECT session_id, seq, {ROW_COLUMNS} FROM events WHERE {_BAD_ROW_SQL} "
                                "LIMIT 1").fetchone()
        if bad is not None:
            sid, seq, row = bad[0], bad[1], bad[2:]
            if type(sid) is not str:
                raise not_an_event(repr(sid), seq, f"its session_id is stored as {_SQL_TYPE.get(type(sid), '?')}, "
                                                    "not TEXT")
            checked(sid, row)
        out = []
        for sid, n, first, last in self.conn.execute(
            "SELECT session_id, count(*), min(recorded_at), max(recorded_at) FROM events "
            "GROUP BY session_id ORDER BY min(recorded_at), session_id"
        ):
            head = self.conn.execute(
                "SELECT body FROM events WHERE session_id = ? AND seq = 1", (sid,)
            ).fetchone()
            try:
                opened = json.loads(head[0]) if head else {}
                opened = opened if isinstance(opened, dict) else {}
            except (TypeError, ValueError, RecursionError):
                opened = {}
            closed = self.conn.execute(
                "SELECT 1 FROM events WHERE session_id = ? AND type = 'session_closed' LIMIT 1", (sid,)
            ).fetchone() is not None
            out.append(SessionInfo(sid, opened.get("game", "?"), opened.get("title", ""), n, first, last, closed))
        return out

    # ------------------------------------------------------------------ scheme 1 -> 2
    def rehash(self) -> dict[str, int]:
        """Re-chain a database written with hash scheme 1 (`ledger.events.v1_hash`) with the
        current scheme, in one transaction; returns events per session.

        Every session's chain is checked under the old scheme first (seq gapless from 1, each
        ``prev_hash`` the hash before it, each hash matching its body): a log already broken
        is refused, naming where, and nothing changes. The append-only triggers are dropped
        and made again inside the transaction; snapshots are deleted.
        """
        if self.hash_scheme == HASH_SCHEME:
            raise InputError(f"{self.path} is already hashed with the current scheme (nothing to do)")
        c = self.conn
        self._begin()
        try:
            sessions = [r[0] for r in c.execute("SELECT DISTINCT session_id FROM events ORDER BY session_id")]
            updates: list[tuple[str, str, str, int]] = []
            counts: dict[str, int] = {}
            for sid in sessions:
                prev_old, prev_new, expected = GENESIS, GENESIS, 1
                for row in self.rows(sid):
                    seq, etype, body, prev, h, at = row
                    if row_problem(row) or seq != expected or prev != prev_old or v1_hash(prev, body) != h:
                        raise IntegrityError(
                            f"session {sid} is broken at seq {expected} under the old scheme ('potlog verify' says "
                            "how): nothing was rehashed")
                    new = chain_hash(prev_new, body, session=sid, seq=seq, etype=etype, recorded_at=at)
                    updates.append((prev_new, new, sid, seq))
                    prev_old, prev_new, expected = h, new, seq + 1
                counts[sid] = expected - 1
            c.execute("DROP TRIGGER IF EXISTS events_no_update")
            c.execute("DROP TRIGGER IF EXISTS events_no_delete")
            c.executemany("UPDATE events SET prev_hash = ?, hash = ? WHERE session_id = ? AND seq = ?", updates)
            self._create_triggers()
            c.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('hash_scheme', ?)", (str(HASH_SCHEME),))
            c.execute("DELETE FROM snapshots")
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise
        self.hash_scheme = HASH_SCHEME
        return counts


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
    except Exception:
        raise not_an_event(session, seq) from None
    if type(target) is not int:
        raise not_an_event(session, seq)
    return target
