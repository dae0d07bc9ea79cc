"""The log holds: crashes mid-append, concurrent writers, tampered rows, and imports with voids.

Fast versions run in the suite; ``pytest -m slow`` runs the long variants."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from benchmarks.workload import archive_rows, jsonl_line, session_rows, write_db
from ledger.app import Ledger
from ledger.events import chain_hash
from ledger.state import state_hash
from ledger.store import Store
from ledger.verify import verify_session
from tests.conftest import ROOT
from ledger.commands import Note

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.fixture
def slow_only(request):
    """The long variants run only when asked for: ``pytest -m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long variant: run with -m slow")

# ------------------------------------------------------------------------------ crash

WRITER = textwrap.dedent("""
    import sys
    from ledger.app import Ledger
    from ledger.commands import Note as NoteCmd
    from ledger.errors import Conflict
    from ledger.events import Note, event_body

    db, sid, batch = sys.argv[1], sys.argv[2], int(sys.argv[3])
    led = Ledger.open(db)
    n = 0
    while True:
        n += 1
        if batch == 1:  # a recording command, the way the CLI records it
            rec = led.execute(sid, NoteCmd(text=f"pid {n}"))
            seq = rec[-1].seq
        else:  # several events in one transaction: all or nothing
            first = led.store.last_seq(sid) + 1
            bodies = [("note", event_body(Note(text=f"b{n}.{i}"))) for i in range(batch)]
            seq = led.store.append(sid, first, bodies, "2025-01-01T00:00:00.000Z")[-1][0]
        print(seq, flush=True)
""")


def _session(db: Path, sid: str = "s") -> int:
    led = Ledger.open(str(db))
    led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name=sid)
    n = led.store.last_seq(sid)
    led.close()
    return n


def _kill_writer_once(db: Path, rng: random.Random, batch: int) -> None:
    before = Store.open(db)
    start = before.last_seq("s")
    before.close()
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db), "s", str(batch)], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()  # it is writing: now kill it at a random moment
    assert first.strip(), proc.stderr.read()
    time.sleep(rng.uniform(0, 0.05))
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate()
    acked = max([int(first)] + [int(x) for x in out.split() if x.strip().isdigit()])
    store = Store.open(db)  # the database opens after the crash
    last = store.last_seq("s")
    report = verify_session(store, "s")
    store.close()
    assert report.ok, report.first
    assert acked <= last <= acked + batch  # nothing acknowledged is lost; at most the in-flight write
    assert (last - start) % batch == 0  # never part of a transaction


@pytest.mark.parametrize("batch", [1, 3])
def test_a_writer_killed_at_random_moments_loses_nothing_it_committed(tmp_path, batch):
    db = tmp_path / "crash.db"
    _session(db)
    rng = random.Random(batch)
    for _ in range(3):
        _kill_writer_once(db, rng, batch)


@pytest.mark.slow
@pytest.mark.usefixtures("slow_only")
def test_many_random_kills(tmp_path):
    db = tmp_path / "crash.db"
    _session(db)
    rng = random.Random(7)
    for i in range(40):
        _kill_writer_once(db, rng, 1 + i % 4)


# ------------------------------------------------------------------------------ concurrent writers

RACER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from ledger.app import Ledger
    from ledger.commands import Note
    from ledger.errors import Conflict

    db, name, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
    led = Ledger.open(db)
    while not go.exists():
        time.sleep(0.001)
    conflicts = 0
    for k in range(count):
        while True:
            try:
                led.execute("s", Note(text=f"{name}-{k}"))
                break
            except Conflict:
                conflicts += 1  # someone else wrote first: look again and retry
    print(conflicts)
""")


def _race(tmp_path: Path, writers: int, each: int) -> None:
    db = tmp_path / "race.db"
    start = _session(db)
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", RACER, str(db), f"w{i}", str(each), str(go)], env=ENV,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(writers)]
    time.sleep(0.5)  # let every process import and open the database
    go.touch()
    conflicts = 0
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err  # any error other than a Conflict would end the process
        conflicts += int(out)
    led = Ledger.open(str(db))
    rows = list(led.store.rows("s"))
    texts = [json.loads(r[2])["text"] for r in rows if r[1] == "note"]
    assert [r[0] for r in rows] == list(range(1, start + writers * each + 1))  # no gap, no duplicate
    assert sorted(texts) == sorted(f"w{i}-{k}" for i in range(writers) for k in range(each))
    assert verify_session(led.store, "s").ok
    assert conflicts == 0  # a note never depends on the head: overtaken, it is decided again and lands
    # within each writer, its notes are in the order it wrote them
    for i in range(writers):
        mine = [int(t.split("-")[1]) for t in texts if t.startswith(f"w{i}-")]
        assert mine == sorted(mine)
    led.close()


def test_concurrent_writers_never_leave_a_gap_or_a_duplicate(tmp_path):
    _race(tmp_path, writers=3, each=15)


@pytest.mark.slow
@pytest.mark.usefixtures("slow_only")
def test_many_concurrent_writers(tmp_path):
    _race(tmp_path, writers=6, each=60)


def test_a_stale_writer_gets_a_conflict_and_can_retry(tmp_path):
    from ledger.errors import Conflict

    db = tmp_path / "c.db"
    _session(db)
    a, b = Ledger.open(str(db)), Ledger.open(str(db))
    seen = a.state("s").seq
    b.execute("s", Note(text="b was quicker"))
    with pytest.raises(Conflict, match="another recorder"):
        a.store.append("s", seen + 1, [("note", '{"text":"late","type":"note"}')], "2025-01-01T00:00:00.000Z")
    assert a.store.last_seq("s") == seen + 1
    a.execute("s", Note(text="a, after looking again"))
    assert a.store.last_seq("s") == seen + 2 and verify_session(a.store, "s").ok


# ------------------------------------------------------------------------------ tampering

def _tamper_db(tmp_path: Path, n: int = 400) -> tuple[sqlite3.Connection, int]:
    db = tmp_path / "t.db"
    write_db(db, session_rows("s", random.Random(5), n))
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("DROP TRIGGER events_no_delete")
    last = conn.execute("SELECT max(seq) FROM events").fetchone()[0]
    return conn, last


def _first_bad(tmp_path: Path) -> int | None:
    store = Store.open(tmp_path / "t.db")
    report = verify_session(store, "s")
    store.close()
    return report.first.seq if report.first else None


def _row(conn, seq):
    return conn.execute("SELECT type, body, prev_hash, hash, recorded_at FROM events WHERE session_id='s' AND seq=?",
                        (seq,)).fetchone()


def _put(conn, seq, row):
    conn.execute("UPDATE events SET type=?, body=?, prev_hash=?, hash=?, recorded_at=? WHERE session_id='s' AND seq=?",
                 (*row, seq))


def _edit(conn, k, rng):
    t, body, prev, h, at = _row(conn, k)
    data = json.loads(body)
    if "amount" in data:
        data["amount"] += 1
    else:
        data["ruling"] = "slipped in later"
    _put(conn, k, (t, json.dumps(data, sort_keys=True, separators=(",", ":")), prev, h, at))
    return k


def _edit_rehash(conn, k, rng):
    t, body, prev, h, at = _row(conn, k)
    body = json.dumps({**json.loads(body), "ruling": "rewritten"}, sort_keys=True, separators=(",", ":"))
    _put(conn, k, (t, body, prev, chain_hash(prev, body, session="s", seq=k, etype=t, recorded_at=at), at))
    return k + 1  # the next row still names the old hash


def _delete(conn, k, rng):
    conn.execute("DELETE FROM events WHERE session_id='s' AND seq=?", (k,))
    return k


def _reorder(conn, k, rng):
    j = k + rng.randint(1, 5)
    a, b = _row(conn, k), _row(conn, j)
    _put(conn, k, b)
    _put(conn, j, a)
    return k


def _insert(conn, k, rng):
    conn.execute("UPDATE events SET seq = seq + 1000000 WHERE session_id='s' AND seq >= ?", (k,))
    conn.execute("UPDATE events SET seq = seq - 999999 WHERE session_id='s' AND seq >= 1000000")
    prev = _row(conn, k - 1)[3]
    body = '{"text":"I was here all along","type":"note"}'
    conn.execute("INSERT INTO events VALUES ('s', ?, 'note', ?, ?, ?, '2025-01-01T00:00:00.000Z')",
                 (k, body, prev, chain_hash(prev, body, session="s", seq=k, etype="note",
                                            recorded_at="2025-01-01T00:00:00.000Z")))
    return k


def _retype(conn, k, rng):
    t, body, prev, h, at = _row(conn, k)
    _put(conn, k, ("note" if t != "note" else "check", body, prev, h, at))
    return k


TAMPERS = [_edit, _edit_rehash, _delete, _reorder, _insert, _retype]


@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda f: f.__name__.strip("_"))
def test_tampering_is_caught_at_the_right_seq(tmp_path, tamper):
    rng = random.Random(tamper.__name__)
    conn, last = _tamper_db(tmp_path)
    assert _first_bad(tmp_path) is None
    k = rng.randint(2, last - 10)
    expected = tamper(conn, k, rng)
    assert _first_bad(tmp_path) == expected


@pytest.mark.slow
@pytest.mark.usefixtures("slow_only")
@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda f: f.__name__.strip("_"))
def test_many_random_tamperings(tmp_path, tamper):
    rng = random.Random(99)
    for i in range(25):
        work = tmp_path / str(i)
        work.mkdir()
        conn, last = _tamper_db(work, 150)
        k = rng.randint(2, last - 10)
        expected = tamper(conn, k, rng)
        conn.close()
        assert _first_bad(work) == expected, (tamper.__name__, k)


# ------------------------------------------------------------------------------ import with voids

def test_an_import_with_voids_folds_exactly_as_the_source(tmp_path):
    """Voids refold from a checkpoint: the result must equal a fold from scratch, also when a
    void in the second file names an event the first file brought."""
    rows = list(archive_rows(6000, seed=11))
    src = tmp_path / "src.db"
    write_db(src, iter(rows))
    cut = json.loads(next(r for r in rows if r[2] == "void")[3])["target"]  # the void comes after the cut
    first_half = [r for r in rows if r[1] <= cut]
    second_half = [r for r in rows if r[1] > cut]
    led = Ledger.open(str(tmp_path / "dst.db"))
    led.import_lines(jsonl_line(r) for r in first_half)
    result = led.import_lines(jsonl_line(r) for r in second_half)
    assert sum(result.added.values()) == len(second_half)
    source = Ledger.open(str(src))
    for sid in {r[0] for r in rows}:
        assert state_hash(led.fold_session(sid)) == state_hash(source.fold_session(sid))
        assert led.store.last_hash(sid) == source.store.last_hash(sid)
