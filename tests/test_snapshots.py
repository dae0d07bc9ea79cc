"""Snapshots: a disposable cache. Used when sound, ignored when stale or corrupted, and
deleting them changes no result."""

from __future__ import annotations

import json
import random

import pytest

from benchmarks.workload import session_rows, write_db
from ledger import snapshots
from ledger.app import Ledger
from ledger.commands import Command
from ledger.state import state_hash
from tests.conftest import SAMPLES, Potlog


def _night(tmp_path, events=1500, closed=True) -> tuple[Ledger, str]:
    db = tmp_path / "night.db"
    write_db(db, session_rows("night", random.Random(3), events, closed=closed))
    return Ledger.open(str(db)), "night"


def _row(led: Ledger, sid: str):
    return led.store.conn.execute(
        "SELECT seq, version, state_hash, state FROM snapshots WHERE session_id = ?", (sid,)).fetchone()


def test_a_long_read_leaves_a_snapshot_that_the_next_read_uses(tmp_path, monkeypatch):
    led, sid = _night(tmp_path)
    assert _row(led, sid) is None
    first = led.state(sid)
    seq, version, h, _ = _row(led, sid)
    assert (seq, version, h) == (first.seq, snapshots.code_version(), state_hash(first))
    snapshots.forget()  # a new process: only the database's snapshot
    folded = []
    real = led.store.events
    monkeypatch.setattr(led.store, "events", lambda *a, **k: (folded.append(e) or e for e in real(*a, **k)))
    again = led.state(sid)
    assert folded == []  # nothing left to fold: the snapshot is the head
    assert snapshots.same(again, first)


def test_reading_or_recording_after_a_snapshot_folds_only_the_newer_events(tmp_path, monkeypatch):
    led, sid = _night(tmp_path, closed=False)
    led.state(sid)
    for i in range(3):
        led.execute(sid, Command("note", text=f"round {i}"))
    folded = []
    real = led.store.events
    monkeypatch.setattr(led.store, "events", lambda *a, **k: (folded.append(e) or e for e in real(*a, **k)))
    st = led.state(sid)
    assert [seq for seq, _ in folded] == [st.seq]  # the in-process memo stood before the last note
    folded.clear()
    snapshots.forget()  # a new process: from the database's snapshot
    again = led.state(sid)
    stored = _row(led, sid)[0]
    assert [seq for seq, _ in folded] == list(range(stored + 1, st.seq + 1)) and len(folded) < snapshots.EVERY + 3
    monkeypatch.undo()
    assert state_hash(st) == state_hash(again) == state_hash(led.fold_session(sid))


def test_deleting_every_snapshot_changes_no_result(tmp_path):
    led, sid = _night(tmp_path, 2500)
    cut = random.Random(1).sample(range(1, led.store.last_seq(sid) + 1), 15)
    with_cache = [state_hash(led.state(sid))] + [state_hash(led.state(sid, n)) for n in cut]
    snapshots.clear(led.store)
    assert led.store.conn.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0
    without = [state_hash(led.fold_session(sid))] + [state_hash(led.fold_session(sid, n)) for n in cut]
    assert with_cache == without


@pytest.mark.parametrize("damage", ["balance", "garbage", "hash", "version", "head", "seq", "session", "unknown_field"])
def test_a_stale_or_corrupted_snapshot_is_ignored(tmp_path, damage):
    led, sid = _night(tmp_path)
    good = state_hash(led.state(sid))
    seq, version, h, text = _row(led, sid)
    data = json.loads(text)
    if damage == "balance":  # the state edited, its hash left: caught by the state hash
        data["state"]["balances"]["seat:Ann"] += 1000
        text = json.dumps(data)
    elif damage == "garbage":
        text = text[: len(text) // 2]
    elif damage == "hash":
        h = "0" * 64
    elif damage == "version":
        version = "0.0.1+old-code"
    elif damage == "head":  # folded from some other log
        data["head"] = "f" * 64
        text = json.dumps(data)
    elif damage == "seq":  # claims a later seq than it holds
        seq = seq + 10**6
    elif damage == "session":
        data["state"]["session"] = "elsewhere"
        text = json.dumps(data)
    elif damage == "unknown_field":
        data["state"]["seats"][0]["mystery"] = 1
        text = json.dumps(data)
    led.store.conn.execute("UPDATE snapshots SET seq = ?, version = ?, state_hash = ?, state = ? WHERE session_id = ?",
                           (seq, version, h, text, sid))
    assert snapshots.read_snapshot(led.store, sid, 10**9) is None
    snapshots.forget()
    assert state_hash(led.state(sid)) == good


def test_a_void_of_an_event_at_or_before_the_snapshot_invalidates_it(tmp_path):
    led = Ledger.open(str(tmp_path / "v.db"))
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="v")
    paid = led.execute(sid, Command("pay", source="Ann", to="Ben", amount=7, reason="side bet"))[0].seq
    for i in range(snapshots.EVERY + 5):
        led.execute(sid, Command("note", text=f"n{i}"))
    snap = led.state(sid)
    assert snapshots.write_snapshot(led.store, sid, snap)
    assert _row(led, sid)[0] == snap.seq > paid and snap.stack("Ben") == 107
    led.execute(sid, Command("void", target=paid, reason="no side bets tonight"))
    after = led.state(sid)  # the in-process memo is past the pay as well: it must be dropped too
    assert after.stack("Ann") == after.stack("Ben") == 100
    assert state_hash(after) == state_hash(led.fold_session(sid))
    snapshots.forget()
    again = led.state(sid)
    assert state_hash(again) == state_hash(after)


def test_a_void_after_the_snapshot_of_a_later_event_keeps_using_it(tmp_path, monkeypatch):
    led = Ledger.open(str(tmp_path / "v.db"))
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="v")
    for i in range(snapshots.EVERY + 5):
        led.execute(sid, Command("note", text=f"n{i}"))
    assert snapshots.write_snapshot(led.store, sid, led.state(sid))
    paid = led.execute(sid, Command("pay", source="Ann", to="Ben", amount=7))[0].seq
    led.execute(sid, Command("void", target=paid, reason="typo"))
    folded = []
    real = led.store.events
    monkeypatch.setattr(led.store, "events", lambda *a, **k: (folded.append(e) or e for e in real(*a, **k)))
    st = led.state(sid)  # the memo held the pay: refolded from the database's snapshot
    assert len(folded) == 2 and st.stack("Ben") == 100
    monkeypatch.undo()
    assert state_hash(st) == state_hash(led.fold_session(sid))


def test_a_state_that_does_not_survive_json_is_never_cached(tmp_path):
    led, sid = _night(tmp_path, 200)
    st = led.fold_session(sid)
    st.balances[7] = 0  # an int key would come back as "7": not the same state
    assert snapshots.write_snapshot(led.store, sid, st) is False
    assert _row(led, sid) is None


SAMPLE_FILES = sorted(SAMPLES.glob("*.jsonl"))


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.stem)
def test_every_sample_session_round_trips_through_a_snapshot(path, tmp_path):
    """Each game keeps its state (ext) as a flat dataclass of JSON values, so it can be cached."""
    pl = Potlog(tmp_path / "s.db")
    pl("import", str(path))
    led = pl.ledger()
    sid = led.current()
    full = led.fold_session(sid)
    assert snapshots.write_snapshot(led.store, sid, full), f"{full.game}'s state cannot be snapshotted"
    seq, back = snapshots.read_snapshot(led.store, sid, full.seq)
    assert seq == full.seq and snapshots.same(back, full)
    led.close()


def test_the_in_process_memo_is_private_and_checked_against_the_log(tmp_path):
    led, sid = _night(tmp_path, 300, closed=False)
    first = led.state(sid)
    first.balances["seat:Ann"] += 1000  # a caller scribbling on its copy changes nothing stored
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid))
    # the log changes behind the memo's back (triggers dropped): its hash no longer matches
    conn = led.store.conn
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET hash = 'x' WHERE session_id = ? AND seq = ?", (sid, first.seq))
    conn.execute("DELETE FROM snapshots")
    folded = []
    real = led.store.events
    led.store.events = lambda *a, **k: (folded.append(e) or e for e in real(*a, **k))
    led.state(sid)
    assert len(folded) == first.seq  # folded from the start, not from the memo


def test_a_long_lived_recorder_keeps_the_stored_snapshot_fresh(tmp_path):
    led = Ledger.open(str(tmp_path / "r.db"))
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="r")
    for i in range(10 * snapshots.EVERY):
        led.execute(sid, Command("note", text=f"n{i}"))
    stored = _row(led, sid)[0]
    assert led.store.last_seq(sid) - stored <= 4 * snapshots.EVERY + 2
