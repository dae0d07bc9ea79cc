"""The PostgreSQL event store (psycopg 3): one implementation of `ledger.storage.EventStore`.

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

`PgStore` implements `ledger.storage.EventStore` with psycopg directly (autocommit, explicit
``BEGIN``/``COMMIT`` for its write transactions, ``%s`` placeholders, ``ON CONFLICT`` for the
caches); the dialect-free parts (an append's expected-seq check and chaining, the batch
transaction) are `ledger.storage.StoreBase`'s, shared with the SQLite store.
"""

from __future__ import annotations

import hashlib
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, cast

from pydantic import ValidationError

from .errors import Conflict, InputError, IntegrityError
from .events import GENESIS, HASH_SCHEME, Event, chain_hash, parse_typed, v1_hash
from .storage import (APPEND_ONLY, CacheRow, EventStore, Row, SessionInfo, StoreBase, not_an_event, opened_of,
                      void_target)
from .store import Store

if TYPE_CHECKING:
    import psycopg

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
    except (KeyError, OSError):  # no name for this uid (a bare container): `pwd` raises KeyError, 3.13 OSError
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    return f"{user}@{socket.gethostname()}"


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(URL_PREFIXES)


def open_store(path: str | Path | None = None, *, durable: bool = True) -> EventStore:
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


# ---------------------------------------------------------------------- the store
_BUSY = ("the database is busy: another potlog is writing to it (an import?); nothing was recorded, try again")
_CACHE_SQL = {
    "snapshots": "INSERT INTO snapshots (session_id, seq, version, state_hash, state) VALUES (%s, %s, %s, %s, %s) "
                 "ON CONFLICT (session_id) DO UPDATE SET seq = EXCLUDED.seq, version = EXCLUDED.version, "
                 "state_hash = EXCLUDED.state_hash, state = EXCLUDED.state",
    "checkpoints": "INSERT INTO checkpoints (session_id, seq, version, state_hash, state) VALUES (%s, %s, %s, %s, %s) "
                   "ON CONFLICT (session_id, seq) DO UPDATE SET version = EXCLUDED.version, "
                   "state_hash = EXCLUDED.state_hash, state = EXCLUDED.state",
}
_PRUNE = ("DELETE FROM checkpoints WHERE session_id = %s AND seq NOT IN (SELECT seq FROM checkpoints "
          "WHERE session_id = %s ORDER BY seq DESC LIMIT %s)")


class PgStore(StoreBase):
    """One potlog database on PostgreSQL. Open it with `PgStore.open(url)` (or `open_store`).
    `raw` is its psycopg connection (autocommit; write transactions are begun explicitly)."""

    def __init__(self, raw: psycopg.Connection, path: str):
        import psycopg

        self.errors: tuple[type[Exception], ...] = (psycopg.Error,)
        self.raw = raw
        self.path = path
        self.hash_scheme = HASH_SCHEME  # read from ``meta`` on opening
        self._held = False  # inside `held()`: appends join its one transaction
        self.locked: set[str] = set()  # sessions whose advisory lock this transaction holds
        self.client = client_name()

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
        store = cls(raw, shown)
        try:
            raw.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
            if not durable:
                raw.execute("SET synchronous_commit = off")
            store._setup()
        except psycopg.Error as exc:
            raw.close()
            raise InputError(f"{shown} cannot be used as a potlog database: {str(exc).strip()}") from None
        return store

    def _setup(self) -> None:
        raw = self.raw
        if self._has_events():
            self.hash_scheme = self._read_scheme()
            return
        with raw.transaction():  # first use: make the schema once, even with many recorders starting
            raw.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_CLASS,))
            if not self._has_events():
                raw.execute(cast(Any, SCHEMA))
                raw.execute("INSERT INTO meta (key, value) VALUES ('hash_scheme', %s) ON CONFLICT DO NOTHING",
                            (str(HASH_SCHEME),))

    def _has_events(self) -> bool:
        row = self.raw.execute("SELECT to_regclass('events') IS NOT NULL").fetchone()
        return bool(row and row[0])

    def _read_scheme(self) -> int:
        raw = self.raw
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
        self.raw.close()

    # ------------------------------------------------------------------ meta
    def _key(self, key: str) -> str:
        """The stored key: the current-session pointer is each device's own (`client`)."""
        return f"{key}@{self.client}" if key in PER_CLIENT else key

    def get_meta(self, key: str) -> str | None:
        row = self.raw.execute("SELECT value FROM meta WHERE key = %s", (self._key(key),)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.raw.execute("INSERT INTO meta (key, value) VALUES (%s, %s) "
                         "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", (self._key(key), value))

    # ------------------------------------------------------------------ transactions
    @property
    def in_transaction(self) -> bool:
        import psycopg

        return self.raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE

    def _begin(self) -> None:
        """Start a write transaction; each session's lock is taken by the first `_last` of it."""
        if self.in_transaction:  # as SQLite: one write transaction at a time
            raise RuntimeError("cannot start a transaction within a transaction")
        self.locked.clear()
        self.raw.execute("BEGIN ISOLATION LEVEL READ COMMITTED")

    def _commit(self) -> None:
        self.locked.clear()
        self.raw.execute("COMMIT")

    def _rollback(self) -> None:
        self.locked.clear()
        if self.in_transaction:
            self.raw.execute("ROLLBACK")

    @contextmanager
    def savepoint(self, name: str = "step") -> Iterator[None]:
        """A SAVEPOINT inside the open transaction, as `Store.savepoint`."""
        from psycopg import sql

        point = sql.Identifier(name)
        self.raw.execute(sql.SQL("SAVEPOINT {}").format(point))
        try:
            yield
        except BaseException:  # roll back, then re-raise (a Ctrl-C too): nothing is swallowed
            self.raw.execute(sql.SQL("ROLLBACK TO SAVEPOINT {}").format(point))
            self.raw.execute(sql.SQL("RELEASE SAVEPOINT {}").format(point))
            raise
        self.raw.execute(sql.SQL("RELEASE SAVEPOINT {}").format(point))

    @contextmanager
    def _appending(self, session: str, expected_seq: int) -> Iterator[None]:
        """One append's transaction, begun here and committed by the body, rolled back on any failure."""
        self._begin()
        try:
            yield
        except BaseException:  # roll back, then re-raise (a Ctrl-C too): nothing is swallowed
            self._rollback()
            raise

    def _lock(self, session: str) -> None:
        """Inside a transaction, wait for the session's advisory lock (held to COMMIT/ROLLBACK)."""
        if session in self.locked or not self.in_transaction:
            return
        import psycopg

        try:
            self.raw.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_CLASS, _lock_key(session)))
        except (psycopg.errors.LockNotAvailable, psycopg.errors.DeadlockDetected, psycopg.errors.QueryCanceled):
            raise Conflict(_BUSY) from None
        self.locked.add(session)

    # ------------------------------------------------------------------ writing
    def _insert(self, rows: list[Row], first: int) -> None:
        if not rows:
            return
        import psycopg

        try:
            with self.raw.cursor() as cur:
                cur.executemany("INSERT INTO events (session_id, seq, type, body, prev_hash, hash, recorded_at) "
                                "VALUES (%s, %s, %s, %s, %s, %s, %s)", rows)
        except psycopg.errors.UniqueViolation:
            raise Conflict(f"session {rows[0][0]}: seq {first} was written by another recorder; retry") from None
        except (psycopg.errors.DataError, UnicodeEncodeError) as exc:  # text PostgreSQL cannot hold
            raise InputError(f"PostgreSQL cannot store this event: {str(exc).strip()}") from None

    def rehash(self) -> dict[str, int]:
        if self.hash_scheme == HASH_SCHEME:
            raise InputError(f"{self.path} is already hashed with the current scheme (nothing to do)")
        raise IntegrityError(f"{self.path} is not hashed with the current scheme: rehash a SQLite copy "
                             "('potlog rehash') and import its export here; nothing was changed")

    # ------------------------------------------------------------------ reading
    def _last(self, session: str) -> tuple[int, str]:
        self._lock(session)
        row = self.raw.execute(
            "SELECT seq, hash FROM events WHERE session_id = %s ORDER BY seq DESC LIMIT 1", (session,)
        ).fetchone()
        return (row[0], row[1]) if row else (0, GENESIS)

    def last_seq(self, session: str) -> int:  # (typed columns: its rows always meet `ledger.storage.ROW_TYPES`)
        return self._last(session)[0]

    def _pages(self, cols: str, session: str, after: int, upto: int | None) -> Iterator[tuple]:
        """Rows of `cols` (seq first) in seq order, `PAGE` per round trip; the end is fixed at
        the head when reading starts, as a SQLite read sees one snapshot."""
        raw = self.raw
        if upto is None:
            row = raw.execute("SELECT max(seq) FROM events WHERE session_id = %s", (session,)).fetchone()
            upto = row[0] if row and row[0] is not None else 0
        while after < upto:
            batch = raw.execute(
                cast(Any, f"SELECT {cols} FROM events WHERE session_id = %s AND seq > %s AND seq <= %s "
                          f"ORDER BY seq LIMIT {PAGE}"), (session, after, upto)).fetchall()
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
            except ValidationError:  # pydantic's, whatever the body is (not JSON, not an event, bytes, a number...)
                raise not_an_event(session, seq) from None
            yield seq, event

    def voids(self, session: str, upto: int | None = None) -> dict[int, int]:
        sql = "SELECT seq, body FROM events WHERE session_id = %s AND type = 'void'"
        args: list = [session]
        if upto is not None:
            sql += " AND seq <= %s"
            args.append(upto)
        out = {}
        for seq, body in self.raw.execute(cast(Any, sql + " ORDER BY seq"), args):
            out[void_target(session, seq, body)] = seq
        return out

    def void_targets(self, session: str, after: int, upto: int) -> set[int]:
        rows = self.raw.execute(
            "SELECT seq, body FROM events WHERE session_id = %s AND seq > %s AND seq <= %s AND type = 'void'",
            (session, after, upto))
        return {void_target(session, seq, body) for seq, body in rows}

    def last_of_type(self, session: str, etype: str, upto: int, after: int = 0) -> tuple[int, str] | None:
        return cast("tuple[int, str] | None", self._read(
            "SELECT seq, body FROM events WHERE session_id = %s AND seq > %s AND seq <= %s AND type = %s "
            "ORDER BY seq DESC LIMIT 1", (session, after, upto, etype)))

    def stamps(self, session: str) -> Iterator[tuple[int, str, str]]:
        """(seq, type, recorded_at) of every event, newest first, a page per round trip."""
        below: int | None = None
        while True:
            batch = self.raw.execute(
                cast(Any, "SELECT seq, type, recorded_at FROM events WHERE session_id = %s"
                          + (" AND seq < %s" if below is not None else "") + f" ORDER BY seq DESC LIMIT {PAGE}"),
                (session, below) if below is not None else (session,)).fetchall()
            if not batch:
                return
            yield from batch
            below = batch[-1][0]

    def session_ids(self, prefix: str) -> list[str]:
        return [sid for (sid,) in self.raw.execute(
            "SELECT session_id FROM events WHERE seq = 1 AND session_id LIKE %s", (prefix + "%",))]

    def hash_at(self, session: str, seq: int) -> str | None:
        row = self.raw.execute(
            "SELECT hash FROM events WHERE session_id = %s AND seq = %s", (session, seq)).fetchone()
        return row[0] if row else None

    def sessions(self) -> list[SessionInfo]:
        out = []
        for sid, n, first, last, head, closed in self.raw.execute(
            "SELECT e.session_id, count(*), min(e.recorded_at), max(e.recorded_at), "
            "(SELECT h.body FROM events h WHERE h.session_id = e.session_id AND h.seq = 1), "
            "EXISTS (SELECT 1 FROM events c WHERE c.session_id = e.session_id AND c.type = 'session_closed') "
            "FROM events e GROUP BY e.session_id "
            "ORDER BY min(e.recorded_at) COLLATE \"C\", e.session_id COLLATE \"C\""
        ):
            opened = opened_of(head)
            out.append(SessionInfo(sid, opened.get("game", "?"), opened.get("title", ""), n, first, last,
                                   bool(closed)))
        return out

    # ------------------------------------------------------------------ the caches
    def _read(self, sql: str, args: tuple) -> tuple | None:
        """One row of a cache table, or None when there is none or it cannot be read."""
        import psycopg

        try:
            return self.raw.execute(cast(Any, sql), args).fetchone()
        except psycopg.Error:
            return None

    def snapshot_info(self, session: str) -> tuple[int, str, str] | None:
        row = self._read("SELECT seq, version, state_hash FROM snapshots WHERE session_id = %s", (session,))
        return (row[0], row[1], row[2]) if row is not None else None

    def snapshot_text(self, session: str, seq: int) -> str | None:
        row = self._read("SELECT state FROM snapshots WHERE session_id = %s AND seq = %s", (session, seq))
        return row[0] if row is not None else None

    def checkpoint_infos(self, session: str, before: int, after: int, limit: int) -> list[tuple[int, str, str]]:
        import psycopg

        try:
            return self.raw.execute(
                "SELECT seq, version, state_hash FROM checkpoints WHERE session_id = %s AND seq < %s AND seq > %s "
                "ORDER BY seq DESC LIMIT %s", (session, before, after, limit)).fetchall()
        except psycopg.Error:
            return []

    def checkpoint_text(self, session: str, seq: int) -> str | None:
        row = self._read("SELECT state FROM checkpoints WHERE session_id = %s AND seq = %s", (session, seq))
        return row[0] if row is not None else None

    def _write_rows(self, rows: list[CacheRow]) -> None:
        for row in rows:
            self.raw.execute(cast(Any, _CACHE_SQL[row.table]),
                             (row.session, row.seq, row.version, row.state_hash, row.state))
            if row.table == "checkpoints":
                self.raw.execute(_PRUNE, (row.session, row.session, row.keep))

    def _cache_in_transaction(self, rows: list[CacheRow]) -> bool:
        if not rows:
            return False
        import psycopg

        try:
            with self.savepoint("cache"):
                self._write_rows(rows)
        except psycopg.Error:
            return False
        return True

    def write_cache(self, rows: list[CacheRow]) -> bool:
        """Cache rows on their own: inside an open transaction, a savepoint of it; else a
        transaction of their own that does not wait for the commit to reach the disk."""
        if self.in_transaction:
            return self._cache_in_transaction(rows)
        import psycopg

        try:
            with self.raw.transaction():
                self.raw.execute("SET LOCAL synchronous_commit = off")
                self._write_rows(rows)
        except psycopg.Error:
            return False
        return True

    def clear_cache(self, session: str | None = None) -> None:
        """Delete the snapshots and checkpoints of `session` (default: all)."""
        with self.raw.transaction():
            if session is None:
                self.raw.execute("DELETE FROM snapshots")
                self.raw.execute("DELETE FROM checkpoints")
            else:
                self.raw.execute("DELETE FROM snapshots WHERE session_id = %s", (session,))
                self.raw.execute("DELETE FROM checkpoints WHERE session_id = %s", (session,))


def grant_recorder(store: PgStore, role: str) -> None:
    """Give `role` (which should not own the tables) what a recorder needs and no more:
    read and add events, keep meta and snapshots (`RECORDER_GRANTS`). Run as the owner."""
    from psycopg import sql

    raw = store.raw
    schema = raw.execute("SELECT current_schema()").fetchone()
    for stmt in RECORDER_GRANTS.strip().splitlines():
        raw.execute(sql.SQL(stmt.rstrip(";")).format(  # type: ignore[arg-type]
            schema=sql.Identifier(schema[0] if schema else "public"), role=sql.Identifier(role)))
