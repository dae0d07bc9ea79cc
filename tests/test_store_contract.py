"""The store contract, run against both backends: SQLite (`ledger.store.Store`) and
PostgreSQL (`ledger.pgstore.PgStore`, on a throwaway server started by `tests.pg`).

Whatever the rest of potlog relies on a store for is here once, parametrized: appends at an
expected seq, `Conflict` on a stale one (same words on both), gapless seqs, the database
refusing UPDATE and DELETE of events, the hash chain, an import in one transaction, the
sessions listing, meta, the snapshot cache. The PostgreSQL cases skip (saying why) where no
server can be started.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from ledger import snapshots
from ledger.app import Ledger
from ledger.commands import Note as NoteCmd
from ledger.errors import Conflict, InputError, IntegrityError, NotFound
from ledger.events import GENESIS, HASH_SCHEME, Note, SessionOpened, chain_hash, event_body
from ledger.pgstore import PgStore, open_store
from ledger.storage import CacheRow
from ledger.store import Store
from tests.pg import pg_server  # noqa: F401  (the session's one server)
from tests.pg import PgServer

OPENED = ("session_opened", event_body(SessionOpened(game="freeform", title="Fri")))


def note(text: str) -> tuple[str, str]:
    return ("note", event_body(Note(text=text)))


@dataclass
class Backend:
    name: str
    target: str  # a file path or a postgresql:// URL
    raw: Callable[[], Any]  # a plain DB-API connection that knows nothing of potlog (autocommit)

    def open(self) -> Store:
        return open_store(self.target)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path) -> Backend:
    if request.param == "sqlite":
        path = str(tmp_path / "contract.db")
        return Backend("sqlite", path, lambda: sqlite3.connect(path, isolation_level=None))
    server: PgServer = request.getfixturevalue("pg_server")
    url = server.new_schema("c")

    def raw() -> Any:
        import psycopg

        return psycopg.connect(url, autocommit=True)

    return Backend("postgres", url, raw)


@pytest.fixture
def store(backend: Backend):
    s = backend.open()
    yield s
    s.close()


def _raw_exec(backend: Backend, sql: str) -> None:
    c = backend.raw()
    try:
        c.execute(sql)
    finally:
        c.close()


# ---------------------------------------------------------------------- appending
def test_the_factory_picks_the_backend(backend: Backend, store: Store):
    assert isinstance(store, PgStore) == (backend.name == "postgres")
    assert store.hash_scheme == HASH_SCHEME and store.get_meta("hash_scheme") == str(HASH_SCHEME)


def test_append_returns_the_chain_and_seqs_are_gapless(store: Store):
    out = store.append("x", 1, [OPENED], "t1")
    assert out == [(1, GENESIS, chain_hash(GENESIS, OPENED[1], session="x", seq=1, etype=OPENED[0],
                                           recorded_at="t1"))]
    more = store.append("x", 2, [note("a"), note("b"), note("c")], "t2")
    assert [seq for seq, _, _ in more] == [2, 3, 4]
    rows = list(store.rows("x"))
    assert [r[0] for r in rows] == [1, 2, 3, 4]
    for before, row in zip(rows, rows[1:]):
        assert row[3] == before[4]  # prev_hash is the hash before it
        assert row[4] == chain_hash(row[3], row[2], session="x", seq=row[0], etype=row[1], recorded_at=row[5])
    assert store.head("x") == (4, rows[-1][4]) and store.last_seq("x") == 4 and store.last_hash("x") == rows[-1][4]
    assert store.hash_at("x", 2) == rows[1][4] and store.hash_at("x", 9) is None
    assert [seq for seq, _ in store.events("x", 1, 3)] == [2, 3]
    assert [r.seq for r in store.recorded("x", 2)] == [3, 4]
    assert store.exists("x") and not store.exists("y") and store.head("y") == (0, GENESIS)


def test_a_stale_expected_seq_is_a_conflict_and_writes_nothing(store: Store):
    store.append("x", 1, [OPENED], "t")
    with pytest.raises(Conflict) as stale:
        store.append("x", 1, [note("late")], "t")
    assert str(stale.value) == ("session x moved on: expected to write seq 1 but the log is at 1 (another "
                                "recorder wrote first); look at the table again and retry")
    with pytest.raises(Conflict, match="expected to write seq 5 but the log is at 1"):
        store.append("x", 5, [note("a"), note("b")], "t")
    assert store.last_seq("x") == 1
    store.append("x", 2, [note("a")], "t")  # the connection is still usable after a conflict
    assert store.last_seq("x") == 2


def test_two_writers_at_the_same_seq_one_wins(backend: Backend, store: Store):
    store.append("x", 1, [OPENED], "t")
    barrier, outcome = threading.Barrier(3), []

    def writer(text: str) -> None:
        st = backend.open()
        barrier.wait()
        try:
            st.append("x", 2, [note(text)], "t")
            outcome.append("ok")
        except Conflict:
            outcome.append("conflict")
        finally:
            st.close()

    threads = [threading.Thread(target=writer, args=(t,)) for t in "abc"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcome) == ["conflict", "conflict", "ok"]
    assert [r[0] for r in store.rows("x")] == [1, 2]


def test_sessions_do_not_conflict_with_each_other(store: Store):
    store.append("x", 1, [OPENED], "t")
    store.append("y", 1, [OPENED], "t")
    store.append("x", 2, [note("x2")], "t")
    store.append("y", 2, [note("y2")], "t")
    assert store.last_seq("x") == store.last_seq("y") == 2
    assert store.hash_at("x", 2) != store.hash_at("y", 2)  # the session is in the hash


def test_a_long_log_reads_back_whole_and_in_order(store: Store):
    store.append("x", 1, [OPENED] + [note(str(i)) for i in range(4500)], "t")  # more than a page
    assert [seq for seq, _ in store.events("x")] == list(range(1, 4502))
    assert [r[0] for r in store.rows("x", 1999, 4001)] == list(range(2000, 4002))


# ---------------------------------------------------------------------- append-only
def test_the_database_refuses_update_and_delete(backend: Backend, store: Store):
    store.append("x", 1, [OPENED], "t")
    own = store.conn if isinstance(store, Store) else store.raw  # the store's own connection (the owner's)
    with pytest.raises(Exception, match="append-only"):
        own.execute("UPDATE events SET body = '{}' WHERE seq = 1")
    with pytest.raises(Exception, match="append-only"):
        own.execute("DELETE FROM events")
    for sql in ("UPDATE events SET recorded_at = 'later'", "DELETE FROM events WHERE seq = 1"):
        with pytest.raises(Exception, match="append-only"):  # and from a connection that knows nothing of potlog
            _raw_exec(backend, sql)
    assert [(r[0], r[2], r[5]) for r in store.rows("x")] == [(1, OPENED[1], "t")]  # untouched


def test_a_row_written_behind_potlogs_back_is_an_integrity_error(backend: Backend, store: Store):
    store.append("x", 1, [OPENED], "t")
    _raw_exec(backend, "INSERT INTO events VALUES ('x', 2, 'note', 'garbage', 'p', 'h', 't')")
    _raw_exec(backend, "INSERT INTO events VALUES ('x', 3, 'void', '{\"target\":\"two\",\"type\":\"void\"}', "
                       "'p', 'h', 't')")
    with pytest.raises(IntegrityError, match="seq 2 of session x is not an event"):
        list(store.events("x"))
    with pytest.raises(IntegrityError, match="seq 2 of session x is not an event"):
        list(store.recorded("x"))
    with pytest.raises(IntegrityError, match="seq 3 of session x is not an event"):
        store.voids("x")
    assert [seq for seq, _ in store.events("x", upto=1)] == [1]


# ---------------------------------------------------------------------- import
def _chained(session: str, bodies: list[tuple[str, str]], at: str = "t") -> list:
    rows, prev = [], GENESIS
    for seq, (etype, body) in enumerate(bodies, 1):
        h = chain_hash(prev, body, session=session, seq=seq, etype=etype, recorded_at=at)
        rows.append((session, seq, etype, body, prev, h, at))
        prev = h
    return rows


def test_an_import_is_one_transaction(store: Store):
    good = _chained("a", [OPENED, note("1"), note("2")])
    store.append_rows(good, {"a": 1})
    assert store.last_seq("a") == 3
    # a batch whose last row collides: nothing of it lands, not even its other session
    bad = _chained("b", [OPENED, note("1")]) + [good[0]]
    with pytest.raises((Conflict, sqlite3.IntegrityError)):
        store.append_rows(bad, {"b": 1})
    assert store.last_seq("b") == 0
    with pytest.raises(Conflict, match="changed during the import"):
        store.append_rows(_chained("a", [OPENED]), {"a": 1})
    # transaction(): an error inside rolls back every insert made in it
    with pytest.raises(RuntimeError):
        with store.transaction():
            store.insert_rows(_chained("c", [OPENED, note("x")]))
            assert store.last_seq("c") == 2  # visible inside
            raise RuntimeError("stop")
    assert store.last_seq("c") == 0 and not store.in_transaction
    with store.transaction():
        store.insert_rows(_chained("c", [OPENED]))
    assert store.last_seq("c") == 1


# ---------------------------------------------------------------------- sessions, meta, snapshots
def test_sessions_listing(store: Store):
    store.append("late", 1, [("session_opened", event_body(SessionOpened(game="pig", title="Sat")))],
                 "2026-01-02T20:00:00Z")
    store.append("early", 1, [OPENED], "2026-01-01T20:00:00Z")
    store.append("early", 2, [("session_closed", '{"type":"session_closed"}')], "2026-01-01T23:00:00Z")
    info = store.sessions()
    assert [(i.session, i.game, i.title, i.events, i.started, i.last, i.closed) for i in info] == [
        ("early", "freeform", "Fri", 2, "2026-01-01T20:00:00Z", "2026-01-01T23:00:00Z", True),
        ("late", "pig", "Sat", 1, "2026-01-02T20:00:00Z", "2026-01-02T20:00:00Z", False),
    ]
    with pytest.raises(NotFound, match="no session called 'nope'.*recent: early, late"):
        store.require("nope")


def test_meta(store: Store):
    assert store.get_meta("k") is None
    store.set_meta("k", "v")
    store.set_meta("k", "w")
    assert store.get_meta("k") == "w"


def test_the_hash_scheme_row_is_read_on_opening(backend: Backend, store: Store):
    store.append("x", 1, [OPENED], "t")
    _raw_exec(backend, "UPDATE meta SET value = '1' WHERE key = 'hash_scheme'")
    again = backend.open()
    try:
        assert again.hash_scheme == 1
        with pytest.raises(IntegrityError, match="older potlog"):
            again.append("x", 2, [note("a")], "t")
    finally:
        again.close()


@pytest.fixture
def key_file(own_keys):
    return own_keys


def test_snapshots_round_trip(backend: Backend, store: Store, key_file: None):
    led = Ledger(store)
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="night", now="2026-01-01T20:00:00Z")
    for i in range(3):
        led.execute(sid, NoteCmd(text=f"n{i}"), now="2026-01-01T20:01:00Z")
    state = led.state(sid)
    assert snapshots.write_snapshot(store, sid, state)
    assert snapshots.write_snapshot(store, sid, state)  # replaces, never a second row
    got = snapshots.read_snapshot(store, sid, state.seq)
    assert got is not None and got[0] == state.seq and snapshots.same(got[1], state)
    c = backend.raw()
    try:
        assert c.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 1
    finally:
        c.close()
    snapshots.clear(store, sid)
    assert snapshots.read_snapshot(store, sid, state.seq) is None


def test_recording_through_the_ledger(store: Store, key_file: None):
    led = Ledger(store)
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="night", now="2026-01-01T20:00:00Z")
    led.execute(sid, NoteCmd(text="hello"), now="2026-01-01T20:01:00Z")
    assert store.last_seq(sid) == 4 and led.current() == sid
    with pytest.raises(InputError):
        Ledger(store).new_session("nosuchgame", [("Ann", 1)])


# ---------------------------------------------------------------------- across backends
def test_the_chain_is_the_same_on_both_backends(tmp_path, pg_server: PgServer):  # noqa: F811
    lite, pg = open_store(str(tmp_path / "a.db")), open_store(pg_server.new_schema("x"))
    try:
        for s in (lite, pg):
            s.append("x", 1, [OPENED], "2026-01-01T20:00:00Z")
            s.append("x", 2, [note("a"), note("ü €")], "2026-01-01T20:01:00.5Z")
            s.append_rows(_chained("y", [OPENED, note("b")]), {"y": 1})
        for sid in ("x", "y"):
            assert list(lite.rows(sid)) == list(pg.rows(sid))
            assert lite.head(sid) == pg.head(sid)
        assert [(i.session, i.events) for i in lite.sessions()] == [(i.session, i.events) for i in pg.sessions()]
    finally:
        lite.close()
        pg.close()


def test_appends_held_in_one_transaction(store: Store):
    if not hasattr(store, "held"):
        pytest.skip("this Store has no held()")
    store.append("x", 1, [OPENED], "t")
    with store.held():
        store.append("x", 2, [note("a")], "t")
        with pytest.raises(Conflict):
            store.append("x", 2, [note("stale")], "t")
        store.append("x", 3, [note("b")], "t")  # the transaction goes on after a refused append
    assert [r[0] for r in store.rows("x")] == [1, 2, 3]
    with pytest.raises(RuntimeError):
        with store.held():
            store.append("x", 4, [note("c")], "t")
            raise RuntimeError("stop")
    assert store.last_seq("x") == 3 and not store.in_transaction


def test_a_batch_of_commands_through_the_ledger(store: Store, key_file: None):
    led = Ledger(store)
    if not hasattr(led, "batch"):
        pytest.skip("this Ledger has no batch()")
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="night", now="2026-01-01T20:00:00Z")
    before = store.last_seq(sid)
    with led.batch():
        for i in range(3):
            led.execute(sid, NoteCmd(text=f"n{i}"), now="2026-01-01T20:01:00Z")
    assert store.last_seq(sid) == before + 3
    assert led.state(sid).seq == before + 3


def test_a_failed_cache_write_inside_a_write_transaction_spoils_nothing(store: Store):
    """SQLite goes on after a failed statement; PostgreSQL would abort the transaction, so the
    store gives cache writes a savepoint of their own. And no transaction nests in another."""
    bad = CacheRow("checkpoints", "x", 1, "v", "mac", None, 4)  # type: ignore[arg-type]  (state is NOT NULL)
    with store.transaction():
        assert store.write_cache([bad]) is False
        with pytest.raises(Exception, match="within a transaction"):
            with store.transaction():
                pass
        store.insert_rows(_chained("x", [OPENED]))
        assert store.in_transaction
    assert store.last_seq("x") == 1 and not store.in_transaction
    assert store.write_cache([bad]) is False  # on its own too
    good = CacheRow("checkpoints", "x", 1, "v", "mac", "{}", 4)
    assert store.write_cache([good]) and store.checkpoint_text("x", 1) == "{}"
    assert store.checkpoint_infos("x", 2, 0, 4) == [(1, "v", "mac")]


# ---------------------------------------------------------------------- the protocol
def test_both_stores_implement_the_one_protocol():
    """Every operation of `EventStore` is on both stores, with the same parameters."""
    import inspect

    from ledger.storage import EventStore

    wanted = [name for name, value in vars(EventStore).items()
              if (callable(value) or isinstance(value, property)) and (not name.startswith("_") or name in
                                                                        ("__enter__", "__exit__"))]
    assert {"append", "append_cached", "held", "transaction", "savepoint", "head", "rows", "events", "voids",
            "void_targets", "get_meta", "set_meta", "snapshot_info", "write_cache", "clear_cache", "sessions",
            "in_transaction"} <= set(wanted)
    for cls in (Store, PgStore):
        for name in wanted:
            assert hasattr(cls, name), f"{cls.__name__} has no {name}"
            proto, got = getattr(EventStore, name), getattr(cls, name)
            if callable(proto):
                assert list(inspect.signature(got).parameters) == list(inspect.signature(proto).parameters), \
                    (cls.__name__, name)


def test_only_the_store_modules_speak_sql():
    """No SQL and no store internals outside `ledger/store.py`, `ledger/pgstore.py` and
    `ledger/storage.py`: the ledger, snapshots, verify, audit, exports, sync and the CLI use
    the protocol only; and PostgreSQL is spoken to in its own dialect (no SQLite shim)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    stores = {root / "ledger" / name for name in ("store.py", "pgstore.py", "storage.py")}
    speaking = re.compile(r"\.conn\b|\.pg\.raw\b|\bstore\._[a-z]|\"\s*(SELECT|INSERT|UPDATE|DELETE|BEGIN|PRAGMA) ")
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}"
             for path in sorted((root / "ledger").rglob("*.py")) + sorted((root / "cli").rglob("*.py"))
             if path not in stores
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if speaking.search(line)]
    assert found == []
    pg = (root / "ledger" / "pgstore.py").read_text(encoding="utf-8")
    assert "sqlite3" not in pg and "PgConnection" not in pg and " OR REPLACE INTO" not in pg


def test_the_protocols_readers_on_both_backends(store: Store, key_file: None):
    bodies = [OPENED, note("a"), ("hand_started", '{"hand":1,"type":"hand_started"}'), note("b"),
              ("void", '{"reason":"x","target":2,"type":"void"}'), ("hand_started", '{"hand":2,"type":"hand_started"}')]
    store.append("phh-x", 1, bodies, "2026-01-01T20:00:00.000Z")
    store.append("phh-x", 7, [note("c")], "2026-01-01T20:00:01.000Z")
    store.append("other", 1, [OPENED], "2026-01-01T20:00:00.000Z")
    assert store.last_of_type("phh-x", "hand_started", 7) == (6, '{"hand":2,"type":"hand_started"}')
    assert store.last_of_type("phh-x", "hand_started", 5) == (3, '{"hand":1,"type":"hand_started"}')
    assert store.last_of_type("phh-x", "hand_started", 5, after=3) is None
    assert [s[:2] for s in store.stamps("phh-x")] == [(7, "note"), (6, "hand_started"), (5, "void"), (4, "note"),
                                                      (3, "hand_started"), (2, "note"), (1, "session_opened")]
    assert [s[2] for s in store.stamps("phh-x")][:2] == ["2026-01-01T20:00:01.000Z", "2026-01-01T20:00:00.000Z"]
    assert store.session_ids("phh-") == ["phh-x"]
    assert store.void_targets("phh-x", 0, 7) == {2} and store.void_targets("phh-x", 5, 7) == set()
    assert store.voids("phh-x") == {2: 5}
    snap = CacheRow("snapshots", "phh-x", 7, "v1", "mac", '{"s":1}')
    assert store.snapshot_info("phh-x") is None and store.write_cache([snap])
    assert store.snapshot_info("phh-x") == (7, "v1", "mac") and store.snapshot_text("phh-x", 7) == '{"s":1}'
    assert store.snapshot_text("phh-x", 6) is None
    points = [CacheRow("checkpoints", "phh-x", seq, "v1", f"m{seq}", "{}", 2) for seq in (3, 5, 6)]
    with store.transaction():  # inside a transaction, as a savepoint of it
        assert store.write_cache(points)
    assert store.checkpoint_infos("phh-x", 7, 0, 4) == [(6, "v1", "m6"), (5, "v1", "m5")]  # the last 2 kept
    store.clear_cache("other")
    assert store.snapshot_info("phh-x") is not None
    store.clear_cache()
    assert store.snapshot_info("phh-x") is None and store.checkpoint_infos("phh-x", 7, 0, 4) == []


# ---------------------------------------------------------------------- a transaction inside a batch
def test_an_import_inside_a_run_file_is_part_of_its_transaction(potlog, tmp_path):
    """``potlog run`` holds one write transaction; an ``import`` line in it (which takes the
    write lock of its own when run alone) is a savepoint of that transaction, not an internal
    error, and a table the file recorded on goes on from what the import added."""
    from tests.conftest import SAMPLES

    sample = SAMPLES / "freeform-night.jsonl"
    a_line = (tmp_path / "a.jsonl")
    potlog("new", "freeform", "--name", "a", "-p", "Ann=100")
    a_line.write_text(potlog("export", "--format", "jsonl").output.splitlines()[0] + "\n", encoding="utf-8")
    r = potlog.run_script(f"new freeform --name b -p Ann=100 -p Ben=100\nnote first\nimport {sample}\n"
                          f"import {a_line}\nuse b\nnote after\n", tmp_path, ok=False)
    assert r.exit_code == 0 and "124 events added" in r.output and "internal error" not in r.output, r.output
    led = potlog.ledger()
    try:
        assert led.store.last_seq("freeform-night") == 124
        assert [e.type for _, e in led.store.events("b")][-2:] == ["note", "note"]
    finally:
        led.close()
    # a refused import line stops the file there, the lines before it recorded, nothing of it
    bad = tmp_path / "bad.jsonl"
    bad.write_text(sample.read_text(encoding="utf-8").splitlines()[0] + "\nnot json\n", encoding="utf-8")
    r = potlog.run_script(f"new freeform --name c -p Ann=100\nimport {bad}\nnote never\n", tmp_path, ok=False)
    assert r.exit_code == 1 and "line 2: not JSON" in r.output and "internal error" not in r.output, r.output
    assert "c" in potlog("sessions").output and "note never" not in potlog("log", "--session", "c").output
