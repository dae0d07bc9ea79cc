import multiprocessing as mp
import sqlite3
import threading

import pytest

from ledger.errors import Conflict, IntegrityError, InputError
from ledger.events import GENESIS, HASH_SCHEME, Note, SessionOpened, chain_hash, event_body, v1_hash
from ledger.store import Store


def _open(path):
    return Store.open(path)


def test_schema_wal_and_triggers(tmp_path):
    s = _open(tmp_path / "a.db")
    assert s.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    s.append("x", 1, [("session_opened", event_body(SessionOpened(game="freeform")))], "t")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        s.conn.execute("UPDATE events SET body = '{}' WHERE seq = 1")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        s.conn.execute("DELETE FROM events")
    # also from a plain connection that knows nothing of potlog
    raw = sqlite3.connect(tmp_path / "a.db")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("DELETE FROM events WHERE seq = 1")
    assert raw.execute("SELECT count(*) FROM events").fetchone()[0] == 1


def test_hash_chain_is_written(tmp_path):
    s = _open(tmp_path / "a.db")
    b1 = event_body(SessionOpened(game="freeform"))
    b2 = event_body(Note(text="hello"))
    s.append("x", 1, [("session_opened", b1)], "t1")
    s.append("x", 2, [("note", b2)], "t2")
    rows = list(s.rows("x"))
    assert rows[0][3] == GENESIS
    assert rows[0][4] == chain_hash(GENESIS, b1, session="x", seq=1, etype="session_opened", recorded_at="t1")
    assert rows[1][3] == rows[0][4]
    assert rows[1][4] == chain_hash(rows[0][4], b2, session="x", seq=2, etype="note", recorded_at="t2")
    assert s.get_meta("hash_scheme") == str(HASH_SCHEME) == "2"


def test_the_hash_covers_every_stored_field_unambiguously():
    base = dict(session="night", seq=3, etype="note", recorded_at="2026-01-01T20:00:00.000Z")
    body, prev = '{"text":"hi","type":"note"}', "a" * 64
    h = chain_hash(prev, body, **base)  # type: ignore[arg-type]
    for field, other in (("session", "nigh"), ("seq", 4), ("etype", "bet"), ("recorded_at", "2026-01-01T20:00:01.000Z")):
        assert chain_hash(prev, body, **{**base, field: other}) != h, field  # type: ignore[arg-type]
    assert chain_hash("b" * 64, body, **base) != h and chain_hash(prev, body + " ", **base) != h  # type: ignore[arg-type]
    # moving characters between fields never gives the same text to hash
    assert chain_hash(prev, body, **{**base, "session": "nightn", "etype": "ote"}) != h  # type: ignore[arg-type]
    import hashlib
    import json

    text = json.dumps(["potlog/2", "night", 3, "note", body, base["recorded_at"], prev], ensure_ascii=False,
                      separators=(",", ":"))
    assert h == hashlib.sha256(text.encode()).hexdigest()  # what the docs say anyone can recompute


def test_an_old_scheme_database_is_read_but_not_written_until_rehashed(tmp_path):
    path = tmp_path / "old.db"
    s = _open(path)
    b1 = event_body(SessionOpened(game="freeform"))
    s.append("x", 1, [("session_opened", b1)], "t")
    s.conn.execute("DROP TRIGGER events_no_update")
    s.conn.execute("UPDATE events SET hash = ? WHERE seq = 1", (v1_hash(GENESIS, b1),))
    s.conn.execute("DELETE FROM meta WHERE key = 'hash_scheme'")
    s.close()
    old = _open(path)
    assert old.hash_scheme == 1 and [seq for seq, _ in old.events("x")] == [1]
    with pytest.raises(IntegrityError, match="potlog rehash"):
        old.append("x", 2, [("note", event_body(Note(text="a")))], "t")
    with pytest.raises(IntegrityError, match="potlog rehash"):
        with old.transaction():
            old.insert_rows([("y", 1, "session_opened", b1, GENESIS, "h", "t")])
    assert old.last_seq("x") == 1 and old.last_seq("y") == 0
    assert old.rehash() == {"x": 1}
    assert old.hash_scheme == 2 and old.get_meta("hash_scheme") == "2"
    assert old.head("x")[1] == chain_hash(GENESIS, b1, session="x", seq=1, etype="session_opened", recorded_at="t")
    old.append("x", 2, [("note", event_body(Note(text="a")))], "t")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):  # the triggers are back
        old.conn.execute("DELETE FROM events")
    with pytest.raises(InputError, match="already"):
        old.rehash()


def test_a_stored_body_that_is_not_an_event_is_an_integrity_error_naming_its_seq(tmp_path):
    s = _open(tmp_path / "a.db")
    s.append("x", 1, [("session_opened", event_body(SessionOpened(game="freeform")))], "t")
    s.append("x", 2, [("note", event_body(Note(text="a")))], "t")
    s.append("x", 3, [("void", '{"reason":"r","target":2,"type":"void"}')], "t")
    s.conn.execute("DROP TRIGGER events_no_update")
    s.conn.execute("UPDATE events SET body = 'garbage' WHERE seq = 2")
    s.conn.execute("UPDATE events SET body = '{\"target\":\"two\",\"type\":\"void\"}' WHERE seq = 3")
    with pytest.raises(IntegrityError, match="seq 2 of session x is not an event"):
        list(s.events("x"))
    with pytest.raises(IntegrityError, match="seq 2 of session x is not an event"):
        list(s.recorded("x"))
    with pytest.raises(IntegrityError, match="seq 3 of session x is not an event"):
        s.voids("x")
    assert [seq for seq, _ in s.events("x", upto=1)] == [1]  # what comes before still reads


def test_wrong_expected_seq_is_a_conflict_and_writes_nothing(tmp_path):
    s = _open(tmp_path / "a.db")
    s.append("x", 1, [("session_opened", event_body(SessionOpened(game="freeform")))], "t")
    with pytest.raises(Conflict, match="expected to write seq 5"):
        s.append("x", 5, [("note", event_body(Note(text="a"))), ("note", event_body(Note(text="b")))], "t")
    assert s.last_seq("x") == 1


def test_two_writers_same_seq_one_wins(tmp_path):
    path = tmp_path / "a.db"
    s = _open(path)
    s.append("x", 1, [("session_opened", event_body(SessionOpened(game="freeform")))], "t")
    barrier = threading.Barrier(2)
    outcome = []

    def writer(text):
        st = _open(path)
        barrier.wait()
        try:
            st.append("x", 2, [("note", event_body(Note(text=text)))], "t")
            outcome.append("ok")
        except Conflict:
            outcome.append("conflict")
        finally:
            st.close()

    threads = [threading.Thread(target=writer, args=(t,)) for t in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcome) == ["conflict", "ok"]
    assert s.last_seq("x") == 2


def _proc_writer(path, text, start, q):
    st = Store.open(path)
    start.wait()
    try:
        st.append("x", 2, [("note", event_body(Note(text=text)))], "t")
        q.put("ok")
    except Conflict:
        q.put("conflict")


def test_two_writer_processes_same_seq(tmp_path):
    path = str(tmp_path / "a.db")
    s = _open(path)
    s.append("x", 1, [("session_opened", event_body(SessionOpened(game="freeform")))], "t")
    ctx = mp.get_context("spawn")
    start, q = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_proc_writer, args=(path, t, start, q)) for t in ("a", "b")]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(30)
    assert sorted([q.get(timeout=5), q.get(timeout=5)]) == ["conflict", "ok"]
    assert [r[0] for r in s.rows("x")] == [1, 2]


def test_sessions_and_meta(tmp_path):
    s = _open(tmp_path / "a.db")
    s.append("x", 1, [("session_opened", event_body(SessionOpened(game="freeform", title="Fri")))], "2026-01-01")
    info = s.sessions()
    assert [(i.session, i.game, i.title, i.events) for i in info] == [("x", "freeform", "Fri", 1)]
    assert s.get_meta("k") is None
    s.set_meta("k", "v")
    s.set_meta("k", "w")
    assert s.get_meta("k") == "w"


def test_a_database_without_its_scheme_row_is_judged_by_its_first_event(tmp_path):
    path = tmp_path / "a.db"
    s = _open(path)
    s.append("x", 1, [("session_opened", event_body(SessionOpened(game="freeform")))], "t")
    s.conn.execute("DELETE FROM meta WHERE key = 'hash_scheme'")
    s.close()
    again = _open(path)  # made by this scheme: still writable
    assert again.hash_scheme == HASH_SCHEME
    again.append("x", 2, [("note", event_body(Note(text="a")))], "t")
    again.close()
    empty = tmp_path / "e.db"
    _open(empty).conn.execute("DELETE FROM meta")
    assert _open(empty).get_meta("hash_scheme") == "2"  # an old empty database gets the row


def _plan(s, sql, args):
    return " ".join(str(r[-1]) for r in s.conn.execute("EXPLAIN QUERY PLAN " + sql, args))


def _marks_db(tmp_path, n=300):
    s = _open(tmp_path / "m.db")
    bodies = [("session_opened", event_body(SessionOpened(game="freeform")))]
    bodies += [("note", event_body(Note(text=f"n{i}"))) for i in range(n)]
    s.append("x", 1, bodies, "t")
    return s


def test_voids_and_hand_starts_are_found_by_their_own_indexes(tmp_path):
    """A void far back, or the last hand's start after a long stretch without one, is found
    through a partial index, not by reading every row between (what a padded log paid)."""
    s = _marks_db(tmp_path)
    void_sql = "SELECT seq, body FROM events WHERE session_id = ? AND seq > ? AND seq <= ? AND type = 'void'"
    assert "events_voids" in _plan(s, void_sql, ("x", 0, 301))
    hand_sql = ("SELECT seq, body FROM events WHERE session_id = ? AND seq > ? AND seq <= ? "
                "AND type = 'hand_started' ORDER BY seq DESC LIMIT 1")
    assert "events_hands" in _plan(s, hand_sql, ("x", 0, 301))
    assert s.void_targets("x", 0, 301) == set() and s.last_of_type("x", "hand_started", 301) is None


def test_a_database_made_before_the_indexes_gets_them_on_opening(tmp_path):
    s = _marks_db(tmp_path)
    s.conn.execute("DROP INDEX events_voids")
    s.conn.execute("DROP INDEX events_hands")
    s.close()
    again = _open(tmp_path / "m.db")
    names = {r[0] for r in again.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"events_voids", "events_hands"} <= names
    assert again.conn.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
    assert len(list(again.rows("x"))) == 301


def test_a_read_only_database_without_the_indexes_is_still_read(tmp_path):
    s = _marks_db(tmp_path)
    s.conn.execute("DROP INDEX events_voids")
    s.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    s.conn.execute("PRAGMA journal_mode=DELETE")
    s.close()
    raw = sqlite3.connect(f"file:{tmp_path / 'm.db'}?mode=ro", uri=True)
    store = Store(raw, str(tmp_path / "m.db"))
    assert store._has_events()  # the index cannot be made: the events are read all the same
    assert store.void_targets("x", 0, 301) == set()
    assert len(list(store.rows("x"))) == 301
