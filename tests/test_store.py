import multiprocessing as mp
import sqlite3
import threading

import pytest

from ledger.errors import Conflict
from ledger.events import GENESIS, Note, SessionOpened, chain_hash, event_body
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
    assert rows[0][3] == GENESIS and rows[0][4] == chain_hash(GENESIS, b1)
    assert rows[1][3] == rows[0][4] and rows[1][4] == chain_hash(rows[0][4], b2)


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
