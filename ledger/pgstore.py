"""The PostgreSQL event store (psycopg 3), behind the interface of `ledger.store.Store`.

``--db postgresql://...`` (or ``$POTLOG_DB``) selects it; `open_store` is the one place that
decides. The schema is SQLite's: ``events(session_id, seq, type, body, prev_hash, hash,
recorded_at)`` with primary key (session_id, seq), ``meta(key, value)`` (the current
session pointer, ``hash_scheme``), ``snapshots`` and ``checkpoints`` (the disposable caches
of `ledger.snapshots`). Bodies, times and hashes are stored as the very same text, so the hash
chain (`ledger.events.chain_hash`) is the same row for row as on SQLite, and an export from
one store imports into the other unchanged.

Append-only, in the database: ``BEFORE UPDATE``/``DELETE`` row triggers and a ``BEFORE
TRUNCATE`` trigger raise ``events are append-only`` for every role, the owner included (only
the owner can drop them), and ``UPDATE, DELETE, TRUNCATE`` are revoked from PUBLIC. A club
runs potlog's recorders as a role that does not own the tables, given only `RECORDER_GRANTS`
(`grant_recorder`): such a role can neither change an event nor drop the triggers.

Appends state the seq they expect, as on SQLite, and raise the same `Conflict` messages.
Writers are ordered by a **per-session advisory lock** (``pg_advisory_xact_lock``), taken
inside the transaction by the first look at a session's head (`_last`), in READ COMMITTED:
two writers of one table queue (the second then sees the first's rows and gets `Conflict` if
its expected seq is stale), writers of different tables never wait on each other. Chosen over
SERIALIZABLE because serializable transactions fail with serialization errors that must be
retried, and can do so between *different* sessions (predicate locks cover index pages and
every row the fold read), so recorders on other tables would see spurious conflicts; the
lock gives exactly SQLite's "one writer per log" at the grain of one session. The primary key
still refuses a duplicate (session, seq) from anyone who bypasses the lock (-> `Conflict`).

Setting up a club (PostgreSQL 14 or later: ``CREATE OR REPLACE TRIGGER``)::

    createuser potlog_owner; createuser --pwprompt recorder; createdb -O potlog_owner potlog
    potlog --db postgresql://potlog_owner@db.club/potlog sessions      # makes the schema once
    python -c "from ledger.pgstore import open_store, grant_recorder; \
        grant_recorder(open_store('postgresql://potlog_owner@db.club/potlog'), 'recorder')"
    export POTLOG_DB=postgresql://recorder:PASSWORD@db.club/potlog    # on every table's device

The current-session pointer (``potlog use``, ``new``) is each device's own on a shared store:
``meta`` keeps it as ``current_session@CLIENT``, CLIENT being ``$POTLOG_CLIENT`` or
``user@host`` (`client_name`), so one table's ``potlog new`` never redirects another table's
``potlog bet``.

Passwords are never shown: `PgStore.path` is the URL without it (`redact`); a password may
also come from ``~/.pgpass`` or ``$PGPASSWORD`` as libpq reads them.

The rest of potlog speaks to ``store.conn`` in SQLite's dialect in a few places
(``ledger.snapshots``, the write-lock paths of ``ledger.app``): `PgConnection` accepts that
dialect (``?`` placeholders, ``BEGIN IMMEDIATE``, ``INSERT OR REPLACE INTO snapshots``, the
two PRAGMAs snapshots read) and reports database errors as `sqlite3.Error` subclasses (the
psycopg error is the ``__cause__``), so those callers' handlers work unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence, cast

from .errors import Conflict, InputError, IntegrityError
from .events import GENESIS, HASH_SCHEME, Event, chain_hash, parse_typed, v1_hash
from .store import APPEND_ONLY, SessionInfo, Store, not_an_event, void_target

if TYPE_CHECKING:
    import psycopg
    from sqlite_utils import Database

URL_PREFIXES = ("postgresql://", "postgres://")
PAGE = 2000  # rows per round trip when reading a log
LOCK_CLASS = 0x706F74  # 'pot': the first key of potlog's advisory locks (the second: a session, or 0)
LOCK_TIMEOUT = "10s"  # as long as SQLite's busy timeout: then "the database is busy"

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS events (
    session_id text NOT NULL,
    seq bigint NOT NULL CHECK (seq >= 1),
    type text NOT NULL,
    body text NOT NULL,
    prev_hash text NOT NULL,
    hash text NOT NULL,
    recorded_at text NOT NULL,
    PRIMARY KEY (session_id, seq)
);
CREATE INDEX IF NOT EXISTS events_marks ON events (session_id, seq) WHERE type IN ('void', 'session_closed');
CREATE TABLE IF NOT EXISTS meta (key text PRIMARY KEY, value text);
CREATE TABLE IF NOT EXISTS snapshots (
    session_id text PRIMARY KEY, seq bigint, version text, state_hash text, state text
);
CREATE TABLE IF NOT EXISTS checkpoints (
    session_id text NOT NULL, seq bigint NOT NULL, version text NOT NULL, state_hash text NOT NULL,
    state text NOT NULL, PRIMARY KEY (session_id, seq)
);
CREATE OR REPLACE FUNCTION potlog_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{APPEND_ONLY}' USING ERRCODE = 'P0001';
END $$;
CREATE OR REPLACE TRIGGER events_no_update BEFORE UPDATE ON events
    FOR EACH ROW EXECUTE FUNCTION potlog_append_only();
CREATE OR REPLACE TRIGGER events_no_delete BEFORE DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION potlog_append_only();
CREATE OR REPLACE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION potlog_append_only();
REVOKE UPDATE, DELETE, TRUNCATE ON events FROM PUBLIC;
"""

# What a recorder's role needs (run by the tables' owner, `grant_recorder`): add and read
# events, keep the current-session pointer and the snapshot cache. Nothing else on events.
RECORDER_GRANTS = """
GRANT USAGE ON SCHEMA {schema} TO {role};
GRANT SELECT, INSERT ON events TO {role};
REVOKE UPDATE, DELETE, TRUNCATE ON events FROM {role};
GRANT SELECT, INSERT, UPDATE, DELETE ON meta, snapshots, checkpoints TO {role};
"""


# Settings that belong to one device, not to the club: on a store many tables share, the
# current session of one table's recorder must never become another table's.
PER_CLIENT = frozenset({"current_session"})


def client_name() -> str:
    """This device: ``$POTLOG_CLIENT``, else ``user@host``."""
    name = os.environ.get("POTLOG_CLIENT")
    if name:
        return name
    import socket

    try:
        import getpass

        user = getpass.getuser()
    except Exception:  # no name for this uid (a bare container)
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    return f"{user}@{socket.gethostname()}"


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(URL_PREFIXES)


def open_store(path: str | Path | None = None, *, durable: bool = True) -> Store:
    """The one place that picks the store: a ``postgresql://`` (or ``postgres://``) URL in
    `path`, else in ``$POTLOG_DB`` when no path is given, opens `PgStore`; anything else is
    a SQLite file (`Store.open`)."""
    target = str(path) if path is not None else os.environ.get("POTLOG_DB")
    if is_postgres_url(target):
        return PgStore.open(cast(str, target), durable=durable)
    return Store.open(path, durable=durable)


def redact(url: str) -> str:
    """The URL without its password (it is shown in messages and keys the in-process memo)."""
    return re.sub(r"^(postgres(?:ql)?://[^:/@?]*):[^@/]*@", r"\1:***@", url)


def _lock_key(session: str) -> int:
    """A session's advisory lock key: 32 bits of SHA-256 (a collision only queues two tables)."""
    return int.from_bytes(hashlib.sha256(session.encode("utf-8", "surrogatepass")).digest()[:4], "big", signed=True)


def _driver() -> Any:
    try:
        import psycopg
    except ImportError:
        raise InputError("a postgresql:// database needs psycopg 3: pip install 'potlog[postgres]'") from None
    return psycopg


# ---------------------------------------------------------------------- the SQLite-dialect seam
class _Rows:
    """A cursor-like answer for the PRAGMAs `ledger.snapshots` reads."""

    def __init__(self, rows: list[tuple]):
        self._rows = rows

    def fetchone(self) -> tuple | None:
        return self._rows.pop(0) if self._rows else None

    def fetchall(self) -> list[tuple]:
        out, self._rows = self._rows, []
        return out

    def fetchmany(self, n: int = 1) -> list[tuple]:
        out, self._rows = self._rows[:n], self._rows[n:]
        return out

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.fetchall())


_PRAGMA = re.compile(r"^\s*PRAGMA\s+(\w+)\s*(=\s*(\S+))?\s*;?\s*$", re.I)
_UPSERT = re.compile(r"^\s*INSERT\s+OR\s+REPLACE\s+INTO\s+(\w+)\s*\(([^)]*)\)(.*)$", re.I | re.S)
_EVENTS = re.compile(r"\bevents\b", re.I)
_KEYS = {"snapshots": ("session_id",), "meta": ("key",), "checkpoints": ("session_id", "seq")}


def _sqlite_error(exc: Exception) -> sqlite3.Error:
    """A psycopg error as the sqlite3 error class callers written for SQLite catch."""
    import psycopg

    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if isinstance(exc, psycopg.errors.IntegrityError):
        return sqlite3.IntegrityError(text)
    if isinstance(exc, psycopg.OperationalError):
        return sqlite3.OperationalError(text)
    return sqlite3.DatabaseError(text)


class PgConnection:
    """``store.conn`` of a `PgStore`: a psycopg connection (autocommit, explicit BEGIN/COMMIT
    as SQLite's ``isolation_level=None``) that accepts the SQLite dialect potlog's shared code
    uses. `raw` is the psycopg connection itself."""

    def __init__(self, raw: psycopg.Connection):
        self.raw = raw
        self.locked: set[str] = set()  # sessions whose advisory lock this transaction holds

    @property
    def in_transaction(self) -> bool:
        import psycopg

        return self.raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        word = sql.strip().rstrip(";").upper()
        if word in ("BEGIN", "BEGIN IMMEDIATE", "BEGIN DEFERRED", "BEGIN EXCLUSIVE"):
            if self.in_transaction:  # as SQLite: PostgreSQL would only warn, and the inner COMMIT end both
                raise sqlite3.OperationalError("cannot start a transaction within a transaction")
            return self._run("BEGIN ISOLATION LEVEL READ COMMITTED")
        if word in ("COMMIT", "END", "ROLLBACK"):
            self.locked.clear()
            if not self.in_transaction:
                return _Rows([])
            return self._run(word if word != "END" else "COMMIT")
        pragma = _PRAGMA.match(sql)
        if pragma:  # SQLite settings: PostgreSQL is always durable and waits on its own locks
            name = pragma.group(1).lower()
            if pragma.group(2):
                return _Rows([])
            return _Rows([{"synchronous": (2,), "busy_timeout": (10000,),
                           "journal_mode": ("postgresql",)}.get(name, (None,))])
        upsert = _UPSERT.match(sql)
        if upsert and upsert.group(1).lower() in _KEYS:
            table, cols = upsert.group(1).lower(), [c.strip() for c in upsert.group(2).split(",")]
            keys = _KEYS[table]
            sets = ", ".join(f"{c} = EXCLUDED.{c}" for c in cols if c not in keys)
            sql = f"INSERT INTO {table} ({', '.join(cols)}){upsert.group(3).rstrip().rstrip(';')} " \
                  f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {sets}"
        if params:  # psycopg reads %-placeholders only when given parameters
            sql = sql.replace("%", "%%").replace("?", "%s")
        # a failed statement aborts a PostgreSQL transaction, not a SQLite one: a write to a
        # cache table (snapshots, checkpoints: it may fail and is then ignored) or DDL gets a
        # savepoint of its own; events are written by the store itself
        guard = (self.in_transaction and not word.startswith(("SELECT", "SAVEPOINT", "RELEASE", "ROLLBACK"))
                 and _EVENTS.search(sql) is None)
        return self._run(sql, params, guard=guard)

    def _run(self, sql: str, params: Sequence[Any] = (), *, guard: bool = False) -> Any:
        import psycopg

        try:
            if guard:
                with self.raw.transaction():
                    return self.raw.execute(cast(Any, sql), params or None)
            return self.raw.execute(cast(Any, sql), params or None)
        except psycopg.Error as exc:
            raise _sqlite_error(exc) from exc

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        import psycopg

        try:
            with self.raw.cursor() as cur:
                cur.executemany(cast(Any, sql.replace("%", "%%").replace("?", "%s")), list(rows))
        except psycopg.Error as exc:
            raise _sqlite_error(exc) from exc

    def close(self) -> None:
        self.raw.close()


# ---------------------------------------------------------------------- the store
class PgStore(Store):
    """One potlog database on PostgreSQL. Open it with `PgStore.open(url)` (or `open_store`)."""

    def __init__(self, conn: PgConnection, path: str):
        super().__init__(cast(sqlite3.Connection, conn), path)
        self.pg = conn
        self.client = client_name()

    @property
    def db(self) -> Database:
        raise AttributeError("a PostgreSQL store has no sqlite-utils view")

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | Path | None = None, *, durable: bool = True) -> PgStore:
        url = str(path if path is not None else os.environ.get("POTLOG_DB", ""))
        psycopg = _driver()
        shown = redact(url)
        try:
            raw = psycopg.connect(url, autocommit=True, connect_timeout=10)
        except psycopg.Error as exc:
            why = " ".join(str(exc).split())[:300]
            raise InputError(f"cannot open the database {shown}: {why} (give a postgresql:// URL or a file "
                             "path with --db or $POTLOG_DB)") from None
        store = cls(PgConnection(raw), shown)
        try:
            raw.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
            if not durable:
                raw.execute("SET synchronous_commit = off")
            store._setup(durable)
        except psycopg.Error as exc:
            raw.close()
            raise InputError(f"{shown} cannot be used as a potlog database: {str(exc).strip()}") from None
        return store

    def _setup(self, durable: bool) -> None:
        raw = self.pg.raw
        if self._has_events():
            self.hash_scheme = self._read_scheme()
            return
        with raw.transaction():  # first use: make the schema once, even with many recorders starting
            raw.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_CLASS,))
            if not self._has_events():
                raw.execute(SCHEMA)
                raw.execute("INSERT INTO meta (key, value) VALUES ('hash_scheme', %s) ON CONFLICT DO NOTHING",
                            (str(HASH_SCHEME),))

    def _has_events(self) -> bool:
        row = self.pg.raw.execute("SELECT to_regclass('events') IS NOT NULL").fetchone()
        return bool(row and row[0])

    def _read_scheme(self) -> int:
        raw = self.pg.raw
        row = raw.execute("SELECT value FROM meta WHERE key = 'hash_scheme'").fetchone()
        if row is not None:
            return int(row[0]) if str(row[0]).isdigit() else 0
        first = raw.execute("SELECT session_id, seq, type, body, prev_hash, hash, recorded_at FROM events "
                            "ORDER BY session_id, seq LIMIT 1").fetchone()
        if first is not None:
            sid, seq, etype, body, prev, h, at = first
            if chain_hash(prev, body, session=sid, seq=seq, etype=etype, recorded_at=at) == h:
                return HASH_SCHEME
            return 1 if v1_hash(prev, body) == h else 0
        self.set_meta("hash_scheme", str(HASH_SCHEME))
        return HASH_SCHEME

    def close(self) -> None:
        self.pg.close()

    # ------------------------------------------------------------------ meta
    def _key(self, key: str) -> str:
        """The stored key: the current-session pointer is each device's own (`client`)."""
        return f"{key}@{self.client}" if key in PER_CLIENT else key

    def get_meta(self, key: str) -> str | None:
        row = self.pg.raw.execute("SELECT value FROM meta WHERE key = %s", (self._key(key),)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.pg.raw.execute("INSERT INTO meta (key, value) VALUES (%s, %s) "
                            "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", (self._key(key), value))

    # ------------------------------------------------------------------ writing
    def _begin(self) -> None:
        """Start a write transaction; each session's lock is taken by the first `_last` of it."""
        self.pg.execute("BEGIN")

    def _lock(self, session: str) -> None:
        """Inside a transaction, wait for the session's advisory lock (held to COMMIT/ROLLBACK)."""
        pg = self.pg
        if not pg.in_transaction or session in pg.locked:
            return
        import psycopg

        try:
            pg.raw.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_CLASS, _lock_key(session)))
        except (psycopg.errors.LockNotAvailable, psycopg.errors.DeadlockDetected, psycopg.errors.QueryCanceled):
            raise Conflict("the database is busy: another potlog is writing to it (an import?); nothing was "
                           "recorded, try again") from None
        pg.locked.add(session)

    def append(self, session: str, expected_seq: int, bodies: Iterable[tuple[str, str]],
               recorded_at: str) -> list[tuple[int, str, str]]:
        """As `Store.append`: one transaction under the session's lock, or `Conflict`."""
        self._writable()
        if getattr(self, "_held", False):  # inside `Store.held()`: a savepoint of that transaction
            return self._append_held(session, expected_seq, bodies, recorded_at)
        self._begin()
        try:
            rows = self._chained_rows(session, expected_seq, bodies, recorded_at)
            self._insert(rows, expected_seq)
            self.pg.execute("COMMIT")
        except BaseException:
            self.pg.execute("ROLLBACK")
            raise
        return [(r[1], r[4], r[5]) for r in rows]

    def insert_rows(self, rows: list[tuple[str, int, str, str, str, str, str]]) -> None:
        """Insert pre-hashed rows (an import); call inside `transaction()`."""
        self._writable()
        self._insert(rows, rows[0][1] if rows else 0)

    def _insert(self, rows: list[tuple[str, int, str, str, str, str, str]], first: int) -> None:
        if not rows:
            return
        import psycopg

        try:
            with self.pg.raw.cursor() as cur:
                cur.executemany("INSERT INTO events (session_id, seq, type, body, prev_hash, hash, recorded_at) "
                                "VALUES (%s, %s, %s, %s, %s, %s, %s)", rows)
        except psycopg.errors.UniqueViolation:
            raise Conflict(f"session {rows[0][0]}: seq {first} was written by another recorder; retry") from None
        except (psycopg.errors.DataError, UnicodeEncodeError) as exc:  # text PostgreSQL cannot hold
            raise InputError(f"PostgreSQL cannot store this event: {str(exc).strip()}") from None

    # ------------------------------------------------------------------ reading
    def _last(self, session: str) -> tuple[int, str]:
        self._lock(session)
        row = self.pg.raw.execute(
            "SELECT seq, hash FROM events WHERE session_id = %s ORDER BY seq DESC LIMIT 1", (session,)
        ).fetchone()
        return (row[0], row[1]) if row else (0, GENESIS)

    def last_seq(self, session: str) -> int:  # (typed columns: its rows always meet `ledger.store.ROW_TYPES`)
        return self._last(session)[0]

    def _pages(self, cols: str, session: str, after: int, upto: int | None) -> Iterator[tuple]:
        """Rows of `cols` (seq first) in seq order, `PAGE` per round trip; the end is fixed at
        the head when reading starts, as a SQLite read sees one snapshot."""
        raw = self.pg.raw
        if upto is None:
            row = raw.execute("SELECT max(seq) FROM events WHERE session_id = %s", (session,)).fetchone()
            upto = row[0] if row and row[0] is not None else 0
        while after < upto:
            batch = raw.execute(
                f"SELECT {cols} FROM events WHERE session_id = %s AND seq > %s AND seq <= %s "
                f"ORDER BY seq LIMIT {PAGE}", (session, after, upto)).fetchall()
            if not batch:
                return
            yield from batch
            after = batch[-1][0]

    def rows(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[tuple]:
        """Raw rows (seq, type, body, prev_hash, hash, recorded_at), in seq order."""
        return self._pages("seq, type, body, prev_hash, hash, recorded_at", session, after, upto)

    def events(self, session: str, after: int = 0, upto: int | None = None) -> Iterator[tuple[int, Event]]:
        for seq, etype, body in self._pages("seq, type, body", session, after, upto):
            try:
                event = parse_typed(etype, body)
            except Exception:
                raise not_an_event(session, seq) from None
            yield seq, event

    def voids(self, session: str, upto: int | None = None) -> dict[int, int]:
        sql = "SELECT seq, body FROM events WHERE session_id = %s AND type = 'void'"
        args: list = [session]
        if upto is not None:
            sql += " AND seq <= %s"
            args.append(upto)
        out = {}
        for seq, body in self.pg.raw.execute(sql + " ORDER BY seq", args):
            out[void_target(session, seq, body)] = seq
        return out

    def hash_at(self, session: str, seq: int) -> str | None:
        row = self.pg.raw.execute(
            "SELECT hash FROM events WHERE session_id = %s AND seq = %s", (session, seq)).fetchone()
        return row[0] if row else None

    def sessions(self) -> list[SessionInfo]:
        out = []
        for sid, n, first, last, head, closed in self.pg.raw.execute(
            "SELECT e.session_id, count(*), min(e.recorded_at), max(e.recorded_at), "
            "(SELECT h.body FROM events h WHERE h.session_id = e.session_id AND h.seq = 1), "
            "EXISTS (SELECT 1 FROM events c WHERE c.session_id = e.session_id AND c.type = 'session_closed') "
            "FROM events e GROUP BY e.session_id "
            "ORDER BY min(e.recorded_at) COLLATE \"C\", e.session_id COLLATE \"C\""
        ):
            try:
                opened = json.loads(head) if head else {}
                opened = opened if isinstance(opened, dict) else {}
            except (TypeError, ValueError, RecursionError):
                opened = {}
            out.append(SessionInfo(sid, opened.get("game", "?"), opened.get("title", ""), n, first, last,
                                   bool(closed)))
        return out

    def rehash(self) -> dict[str, int]:
        if self.hash_scheme == HASH_SCHEME:
            raise InputError(f"{self.path} is already hashed with the current scheme (nothing to do)")
        raise IntegrityError(f"{self.path} is not hashed with the current scheme: rehash a SQLite copy "
                             "('potlog rehash') and import its export here; nothing was changed")


def grant_recorder(store: PgStore, role: str) -> None:
    """Give `role` (which should not own the tables) what a recorder needs and no more:
    read and add events, keep meta and snapshots (`RECORDER_GRANTS`). Run as the owner."""
    from psycopg import sql

    raw = store.pg.raw
    schema = raw.execute("SELECT current_schema()").fetchone()
    for stmt in RECORDER_GRANTS.strip().splitlines():
        raw.execute(sql.SQL(stmt.rstrip(";")).format(  # type: ignore[arg-type]
            schema=sql.Identifier(schema[0] if schema else "public"), role=sql.Identifier(role)))
