"""The SQLite event store (through sqlite-utils): one implementation of `ledger.storage.EventStore`.

``events(session_id, seq, type, body, prev_hash, hash, recorded_at)``, primary key
(session_id, seq), seq gapless from 1, ``hash = chain_hash(...)`` of every other column
(`ledger.events.chain_hash`). Triggers make the database itself refuse UPDATE and DELETE on
events. WAL mode. Every append is one ``BEGIN IMMEDIATE`` transaction that states the seq it
expects: if another writer got there first, it raises `Conflict` and writes nothing.

``meta`` holds small settings: the current session pointer, and ``hash_scheme`` (2 for a
database made by this code; a database made before the row existed is judged by its first
event, and one written with scheme 1, whose hashes left out the session and the time, can
be read, but nothing is written to it until ``potlog rehash`` has checked and re-chained it
once). ``snapshots`` and ``checkpoints`` are disposable caches of folded states (see
`ledger.snapshots`; the store writes them as `CacheRow`s).

A stored row potlog cannot read (written behind potlog's back, triggers dropped) is reported
as `IntegrityError` naming its seq wherever it is read, never as a crash. What a readable row
is has one definition, `ROW_TYPES` (`row_problem`), which every reader applies: each column
of the SQLite type potlog writes it with (seq an INTEGER; session_id, type, body, prev_hash,
hash and recorded_at TEXT; a BLOB or a number where text belongs is not read as text), and
then the body an event of its type (`ROW_TYPES` and the helpers live in `ledger.storage`;
they are imported from here too). `state`, `audit`, `log`, the exports, `seal`, `sync` and
`verify` (a finding of kind ``row`` or ``body``) all refuse the same rows. (A PostgreSQL
store's columns are typed, `ledger.pgstore`: its rows always have these types.)
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from pydantic import ValidationError

from .errors import Conflict, InputError, IntegrityError
from .events import GENESIS, HASH_SCHEME, SEEN, Event, chain_hash, parse_typed, v1_hash
from .storage import (APPEND_ONLY, ROW_COLUMNS, ROW_TYPES, SQL_TYPE, CacheRow, Row, SessionInfo, StoreBase,
                      Written, checked, default_db_path, not_an_event, opened_of, row_problem, void_target)

if TYPE_CHECKING:
    from sqlite_utils import Database

__all__ = ["APPEND_ONLY", "ROW_COLUMNS", "ROW_TYPES", "SessionInfo", "SqliteStore", "Store", "checked",
           "default_db_path", "not_an_event", "row_problem", "void_target"]

_TRIGGERS = f"""
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END;
"""

# `ROW_TYPES` in SQL: a row every column of which has its type; `session_id` is TEXT too.
_ROW_OK_SQL = " AND ".join(f"typeof({name}) = '{sql.lower()}'" for name, _, sql in ROW_TYPES)
# The same for the columns past the body, which `events` does not read (it checks the ones it reads in Python):
# a value is TEXT exactly when it is at least '' (numbers and NULL are not) and below every BLOB (x'' is the least
# one). Two comparisons cost a third of what typeof() and its text comparison do on every row of every fold.
assert [sql for _, _, sql in ROW_TYPES[3:]] == ["TEXT"] * 3
_REST_OK_SQL = " AND ".join(f"{name} >= '' AND {name} < x''" for name, _, _ in ROW_TYPES[3:])
# The head of a session: its seq and hash, and whether the row is readable (`ROW_TYPES`; when not, it is read
# again whole, for `checked` to say what is wrong with it)
_HEAD = f"SELECT seq, hash, {_ROW_OK_SQL} FROM events WHERE session_id = ? ORDER BY seq DESC LIMIT 1"
_BAD_ROW_SQL = f"typeof(session_id) != 'text' OR NOT ({_ROW_OK_SQL})"  # (a session's reads name it as TEXT)
_BUSY_MS = 10_000  # how long an opening waits for another writer's lock
_MARKS = {"events_voids": "void", "events_hands": "hand_started"}
"""Partial indexes of the events a fold looks back for (index name: event type): the voids after
a seq (`void_targets`) and the last hand's start (`last_of_type`) are found without reading the
rows between them, however long the log (100,000 events: ~12 and ~20 ms a scan)."""
_SCHEMA_NAMES = ("SELECT name FROM sqlite_master WHERE name IN ('events', "
                 + ", ".join(f"'{name}'" for name in _MARKS) + ")")
_BATCH = 2000  # rows fetched at a time by `events`
_INSERT = ("INSERT INTO events (session_id, seq, type, body, prev_hash, hash, recorded_at) "
           "VALUES (?, ?, ?, ?, ?, ?, ?)")
# the caches (`ledger.snapshots`): made on first use, a disposable table each
_CHECKPOINTS = ("CREATE TABLE IF NOT EXISTS checkpoints (session_id TEXT NOT NULL, seq INTEGER NOT NULL, "
                "version TEXT NOT NULL, state_hash TEXT NOT NULL, state TEXT NOT NULL, "
                "PRIMARY KEY (session_id, seq))")


def _cache_sql(row: CacheRow) -> list[tuple[str, tuple]]:
    """The statements that write one cache row (a checkpoint also drops the ones past its `keep`)."""
    values = (row.session, row.seq, row.version, row.state_hash, row.state)
    if row.table == "snapshots":
        return [("INSERT OR REPLACE INTO snapshots (session_id, seq, version, state_hash, state) "
                 "VALUES (?, ?, ?, ?, ?)", values)]
    return [(_CHECKPOINTS, ()),
            ("INSERT OR REPLACE INTO checkpoints (session_id, seq, version, state_hash, state) VALUES (?, ?, ?, ?, ?)",
             values),
            ("DELETE FROM checkpoints WHERE session_id = ? AND seq NOT IN (SELECT seq FROM checkpoints "
             "WHERE session_id = ? ORDER BY seq DESC LIMIT ?)", (row.session, row.session, row.keep))]


class Store(StoreBase):
    """One potlog database in a SQLite file (`ledger.storage.EventStore`). Open it with
    `Store.open(path)`; close it with `close()`. `conn` is its sqlite3 connection (for tests
    that look at the file itself: nothing else in potlog uses it)."""

    errors: tuple[type[Exception], ...] = (sqlite3.Error,)

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
        """Whether the database has its events table; when it has, the indexes of the marks
        (`_MARKS`) are made if they are missing (a database made before them), as far as the
        file can be written to: without them every query still answers, by a scan."""
        names = {r[0] for r in self.conn.execute(_SCHEMA_NAMES)}
        if "events" not in names:
            return False
        if not names.issuperset(_MARKS):
            self.conn.execute("PRAGMA busy_timeout = 0")  # (no wait behind a writer for what can wait)
            try:
                self._create_marks()
            except sqlite3.Error:  # read-only, or another potlog writing: made on a later opening
                pass
            finally:
                self.conn.execute(f"PRAGMA busy_timeout = {_BUSY_MS}")
        return True

    def _create_marks(self) -> None:
        for name, etype in _MARKS.items():
            self.conn.execute(f"CREATE INDEX IF NOT EXISTS {name} ON events (session_id, seq) WHERE type = '{etype}'")

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | Path | None = None, *, durable: bool = True) -> Store:
        p = Path(path) if path is not None else default_db_path()
        try:
            if str(p) != ":memory:":
                p.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(p), timeout=_BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
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
                    self._create_marks()
                    c.execute("INSERT INTO meta (key, value) VALUES ('hash_scheme', ?)", (str(HASH_SCHEME),))
                c.execute("COMMIT")
            except BaseException:  # roll back, then re-raise (a Ctrl-C too): nothing is swallowed
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
            except (TypeError, ValueError):  # a row that is not even text (bytes, a lone surrogate): no scheme anyone wrote
                return 0
        try:
            self.conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('hash_scheme', ?)", (str(HASH_SCHEME),))
        except sqlite3.Error:
            pass  # a read-only database: nothing will be written to it anyway
        return HASH_SCHEME

    def close(self) -> None:
        self.conn.close()

    # ------------------------------------------------------------------ meta
    def get_meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        """One plain statement (autocommit): inside a batch's transaction it is part of it."""
        self.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # ------------------------------------------------------------------ writing
    @property
    def in_transaction(self) -> bool:
        return self.conn.in_transaction

    @contextmanager
    def _appending(self, session: str, expected_seq: int) -> Iterator[None]:
        """One append's transaction, begun here and committed by the body: rolled back on any
        failure, a seq taken first or a locked database as a `Conflict`."""
        self._begin()
        try:
            yield
        except BaseException as exc:  # roll back, then re-raise (a Ctrl-C too): nothing is swallowed
            self._append_failed(exc, session, expected_seq)
            raise

    def _append_failed(self, exc: BaseException, session: str, expected_seq: int) -> None:
        """After `exc` inside an append's transaction: roll it back, and raise the `Conflict` it
        means (a seq taken first, a locked database); returns when `exc` stands as it is."""
        c = self.conn
        if c.in_transaction:
            c.execute("ROLLBACK")
        if isinstance(exc, sqlite3.IntegrityError):
            raise Conflict(f"session {session}: seq {expected_seq} was written by another recorder; retry") from None
        if isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc)):
            raise Conflict("the database is busy: another potlog is writing to it (an import?); nothing was "
                           "recorded, try again") from None

    def append_cached(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]], recorded_at: str,
                      cache: Callable[[list[Written]], list[CacheRow]],
                      expect_prev: str | None = None) -> tuple[list[Written], bool]:
        """`StoreBase.append_cached`, written out for the one transaction of a live command
        (what `_appending` does, without a generator; one row inserted by `execute`)."""
        if self._held:  # inside `held()`: a savepoint of that transaction
            return super().append_cached(session, expected_seq, bodies, recorded_at, cache, expect_prev)
        if self.hash_scheme != HASH_SCHEME:
            self._writable()  # (refuses)
        c = self.conn
        self._begin()
        try:
            rows = self._chained_rows(session, expected_seq, bodies, recorded_at, expect_prev)
            if len(rows) == 1:
                c.execute(_INSERT, rows[0])
            else:
                c.executemany(_INSERT, rows)
            written = [(r[1], r[4], r[5]) for r in rows]
            writes = cache(written)
            cached = self._cache_in_transaction(writes) if writes else False
            c.execute("COMMIT")
        except BaseException as exc:  # as `_appending`
            self._append_failed(exc, session, expected_seq)
            raise
        return written, cached

    def _insert(self, rows: list[Row], first: int) -> None:
        self.conn.executemany(_INSERT, rows)

    def _commit(self) -> None:
        self.conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    @contextmanager
    def savepoint(self, name: str = "step") -> Iterator[None]:
        """A SAVEPOINT inside the open transaction: what is written inside it is undone, and
        the exception passed on, if the block raises; released (kept) otherwise."""
        c = self.conn
        c.execute(f'SAVEPOINT "{name}"')
        try:
            yield
        except BaseException:  # roll back, then re-raise (a Ctrl-C too): nothing is swallowed
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

    # ------------------------------------------------------------------ reading
    def _last(self, session: str) -> tuple[int, str]:
        row = self.conn.execute(_HEAD, (session,)).fetchone()
        if row is None:
            return 0, GENESIS
        if row[2]:  # (a readable row, `ROW_TYPES`: the usual case, told by SQLite without reading its text)
            return row[0], row[1]
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
        sql = f"SELECT seq, type, body, {_REST_OK_SQL} FROM events WHERE session_id = ? AND seq > ?"
        args: list = [session, after]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        return self._events(session, sql + " ORDER BY seq", args)

    def _events(self, session: str, sql: str, args: list, cur: sqlite3.Cursor | None = None,
                batch: list | None = None) -> Iterator[tuple[int, Event]]:
        """`events` of the rows (seq, type, body, the unread columns' check) `sql` selects, run at
        the first step; or of `batch`, already read from `cur`, and then the rest of `cur`."""
        if cur is None or batch is None:
            cur = self.conn.execute(sql, args)
            batch = cur.fetchmany(_BATCH)
        seen = SEEN.get  # (`parse_typed`'s first step, without the call)
        while batch:
            for seq, etype, body, ok in batch:
                if not ok or type(seq) is not int or type(etype) is not str or type(body) is not str:  # (`row_problem`)
                    checked(session, next(self.rows(session, seq - 1, seq)) if type(seq) is int else (seq,))
                event = seen(body)
                if event is None:
                    try:
                        event = parse_typed(etype, body)
                    except ValidationError:  # pydantic's, whatever the body is (not JSON, not an event, bytes, a number...)
                        raise not_an_event(session, seq) from None
                yield seq, event
            batch = cur.fetchmany(_BATCH)

    def voids(self, session: str, upto: int | None = None) -> dict[int, int]:
        """target seq -> the seq of the void that cancels it."""
        return self._voids(session, None, upto)

    def _voids(self, session: str, after: int | None, upto: int | None) -> dict[int, int]:
        """`voids` of the seqs in (after, upto] (None: no bound)."""
        sql = f"SELECT {ROW_COLUMNS} FROM events WHERE session_id = ? AND type = 'void'"
        args: list = [session]
        if after is not None:
            sql += " AND seq > ?"
            args.append(after)
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        out = {}
        for row in self.conn.execute(sql, args):
            seq, _, body = checked(session, row)[:3]
            out[void_target(session, seq, body)] = seq
        return out

    def folding(self, session: str, upto: int | None = None) -> tuple[set[int], Iterator[tuple[int, Event]]]:
        """`voids` (the targets) and `events` from the start, as a fold from scratch reads them,
        with the voids of the session's first `_BATCH` rows found in those rows as they are read
        for the events, rather than by a second scan of the session: the same targets, and the
        same refusal of a void that cannot be read (by `voids` itself), before any event."""
        sql = f"SELECT seq, type, body, {_REST_OK_SQL} FROM events WHERE session_id = ?"
        args: list = [session]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        cur = self.conn.execute(sql + " ORDER BY seq", args)
        batch = cur.fetchmany(_BATCH)
        first = batch[0][0] if batch else 1
        if type(first) is not int or first < 1:  # a row below seq 1, or without one: read as `voids` and `events` do
            return set(self.voids(session, upto)), self.events(session, 0, upto)
        voided = set()  # (every row from seq 1 on is a row `events` reads, and a row `voids` reads if a void)
        for seq, etype, body, ok in batch:
            if etype == "void":
                if not ok or type(seq) is not int or type(body) is not str:  # (`voids` says what is wrong with it)
                    return set(self.voids(session, upto)), self.events(session, 0, upto)
                voided.add(void_target(session, seq, body))
        if len(batch) == _BATCH:  # a longer session: the voids past the first rows by the query
            last = batch[-1][0]
            voided.update(self._voids(session, last, upto) if type(last) is int else self.voids(session, upto))
        return voided, self._events(session, "", [], cur, batch)

    def void_targets(self, session: str, after: int, upto: int) -> set[int]:
        """The targets of the voids in (after, upto]."""
        rows = self.conn.execute(
            "SELECT seq, body FROM events WHERE session_id = ? AND seq > ? AND seq <= ? AND type = 'void'",
            (session, after, upto),
        )
        return {void_target(session, seq, body) for seq, body in rows}

    def last_of_type(self, session: str, etype: str, upto: int, after: int = 0) -> tuple[int, str] | None:
        """(seq, body) of the last event of type `etype` in (after, upto], else None (also
        when the database cannot be read: the caller then looks further back)."""
        try:
            if etype in _MARKS.values():  # the type spelt out, so that SQLite takes its partial index
                row = self.conn.execute(
                    f"SELECT seq, body FROM events WHERE session_id = ? AND seq > ? AND seq <= ? AND type = '{etype}' "
                    "ORDER BY seq DESC LIMIT 1", (session, after, upto)).fetchone()
            else:
                row = self.conn.execute(
                    "SELECT seq, body FROM events WHERE session_id = ? AND seq > ? AND seq <= ? AND type = ? "
                    "ORDER BY seq DESC LIMIT 1", (session, after, upto, etype)).fetchone()
        except sqlite3.Error:
            return None
        return (row[0], row[1]) if row else None

    def stamps(self, session: str) -> Iterator[tuple[int, str, str]]:
        """(seq, type, recorded_at) of every event, newest first, read lazily."""
        yield from self.conn.execute(
            "SELECT seq, type, recorded_at FROM events WHERE session_id = ? ORDER BY seq DESC", (session,))

    def session_ids(self, prefix: str) -> list[str]:
        """The sessions whose name starts with `prefix` (SQL LIKE: ASCII letters in any case)."""
        return [sid for (sid,) in self.conn.execute(
            "SELECT session_id FROM events WHERE seq = 1 AND session_id LIKE ?", (prefix + "%",))]

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
                raise not_an_event(repr(sid), seq, f"its session_id is stored as {SQL_TYPE.get(type(sid), '?')}, "
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
            opened = opened_of(head[0]) if head else {}
            closed = self.conn.execute(
                "SELECT 1 FROM events WHERE session_id = ? AND type = 'session_closed' LIMIT 1", (sid,)
            ).fetchone() is not None
            out.append(SessionInfo(sid, opened.get("game", "?"), opened.get("title", ""), n, first, last, closed))
        return out

    # ------------------------------------------------------------------ the caches
    def snapshot_info(self, session: str) -> tuple[int, str, str] | None:
        try:
            row = self.conn.execute(
                "SELECT seq, version, state_hash FROM snapshots WHERE session_id = ?", (session,)).fetchone()
        except sqlite3.Error:
            return None
        return (row[0], row[1], row[2]) if row is not None else None

    def snapshot_text(self, session: str, seq: int) -> str | None:
        try:
            row = self.conn.execute("SELECT state FROM snapshots WHERE session_id = ? AND seq = ?",
                                    (session, seq)).fetchone()
        except sqlite3.Error:
            return None
        return row[0] if row is not None else None

    def checkpoint_infos(self, session: str, before: int, after: int, limit: int) -> list[tuple[int, str, str]]:
        try:
            return self.conn.execute(
                "SELECT seq, version, state_hash FROM checkpoints WHERE session_id = ? AND seq < ? AND seq > ? "
                "ORDER BY seq DESC LIMIT ?", (session, before, after, limit)).fetchall()
        except sqlite3.Error:
            return []

    def checkpoint_text(self, session: str, seq: int) -> str | None:
        row = self.conn.execute("SELECT state FROM checkpoints WHERE session_id = ? AND seq = ?",
                                (session, seq)).fetchone()
        return row[0] if row is not None else None

    def _cache_in_transaction(self, rows: list[CacheRow]) -> bool:
        """Write cache rows inside the open transaction, in a savepoint: False (and nothing of
        them kept) if any fails."""
        if not rows:
            return False
        try:
            with self.savepoint("cache"):
                for row in rows:
                    for sql, params in _cache_sql(row):
                        self.conn.execute(sql, params)
        except sqlite3.Error:
            return False
        return True

    def write_cache(self, rows: list[CacheRow]) -> bool:
        """Cache rows on their own: inside an open transaction (a batch), a savepoint of it;
        else one transaction that needs no fsync and never waits long behind a recorder."""
        c = self.conn
        if c.in_transaction:
            return self._cache_in_transaction(rows)
        try:
            (sync,) = c.execute("PRAGMA synchronous").fetchone()
            (timeout,) = c.execute("PRAGMA busy_timeout").fetchone()
        except sqlite3.Error:
            return False
        try:
            c.execute("PRAGMA synchronous=NORMAL")
            c.execute("PRAGMA busy_timeout=100")
            c.execute("BEGIN IMMEDIATE")
            for row in rows:
                for sql, params in _cache_sql(row):
                    c.execute(sql, params)
            c.execute("COMMIT")
            return True
        except sqlite3.Error:
            try:
                if c.in_transaction:
                    c.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            return False
        finally:
            try:
                c.execute(f"PRAGMA synchronous={int(sync)}")
                c.execute(f"PRAGMA busy_timeout={int(timeout)}")
            except sqlite3.Error:
                pass

    def clear_cache(self, session: str | None = None) -> None:
        """Delete the snapshots and checkpoints of `session` (default: all)."""
        if session is None:
            self.conn.execute("DELETE FROM snapshots")
        else:
            self.conn.execute("DELETE FROM snapshots WHERE session_id = ?", (session,))
        try:
            if session is None:
                self.conn.execute("DELETE FROM checkpoints")
            else:
                self.conn.execute("DELETE FROM checkpoints WHERE session_id = ?", (session,))
        except sqlite3.Error:
            pass  # no checkpoint was ever kept here

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
        except BaseException:  # roll back, then re-raise (a Ctrl-C too): nothing is swallowed
            c.execute("ROLLBACK")
            raise
        self.hash_scheme = HASH_SCHEME
        return counts


SqliteStore = Store
