"""Snapshots: a disposable cache. Used when sound, ignored when stale, corrupted or forged
(only this code, with the key kept outside the database, makes a usable one), and deleting
them changes no result."""

from __future__ import annotations

import json
import random

import pytest

from benchmarks.workload import session_events, write_db
from ledger import events as ev
from ledger import seal as sealing
from ledger import snapshots
from ledger.app import Ledger
from ledger.commands import Bet, NewHand, Note, Pay, Void
from ledger.errors import RuleViolation
from ledger.state import state_hash
from tests.conftest import SAMPLES, Potlog


@pytest.fixture(autouse=True)
def key_file(own_keys):
    """Every test has its own key (and so its own snapshot key), never the user's."""
    return own_keys


def _rows(sid: str, rng: random.Random, events: int, closed: bool):
    """The benchmark's generated night, hash-chained as potlog stores it."""
    prev = ev.GENESIS
    for seq, body in enumerate(session_events(rng, events, closed), 1):
        text, at = ev.canonical_json(body), f"2025-01-01T20:00:{seq % 60:02d}.{seq % 1000:03d}Z"
        h = ev.chain_hash(prev, text, session=sid, seq=seq, etype=body["type"], recorded_at=at)
        yield (sid, seq, body["type"], text, prev, h, at)
        prev = h


def _night(tmp_path, events=1500, closed=True) -> tuple[Ledger, str]:
    db = tmp_path / "night.db"
    write_db(db, _rows("night", random.Random(3), events, closed=closed))
    return Ledger.open(str(db)), "night"


def _row(led: Ledger, sid: str):
    return led.store.conn.execute(
        "SELECT seq, version, state_hash, state FROM snapshots WHERE session_id = ?", (sid,)).fetchone()


def test_a_long_read_leaves_a_snapshot_that_the_next_read_uses(tmp_path, monkeypatch):
    led, sid = _night(tmp_path)
    assert _row(led, sid) is None
    first = led.state(sid)
    seq, version, mac, text = _row(led, sid)
    key = sealing.snapshot_key()
    assert key is not None
    assert (seq, version) == (first.seq, snapshots.code_version())
    assert mac == snapshots.mac(key, sid, seq, version, led.store.hash_at(sid, seq), text)
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
        led.execute(sid, Note(text=f"round {i}"))
    folded = []
    real = led.store.events
    monkeypatch.setattr(led.store, "events", lambda *a, **k: (folded.append(e) or e for e in real(*a, **k)))
    st = led.state(sid)
    assert folded == []  # the in-process memo is the head the last note left: nothing to fold
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
    if damage == "balance":  # the state edited, its MAC left: caught by the MAC
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
    paid = led.execute(sid, Pay(source="Ann", to="Ben", amount=7, reason="side bet"))[0].seq
    for i in range(snapshots.EVERY + 5):
        led.execute(sid, Note(text=f"n{i}"))
    snap = led.state(sid)
    assert snapshots.write_snapshot(led.store, sid, snap)
    assert _row(led, sid)[0] == snap.seq > paid and snap.stack("Ben") == 107
    led.execute(sid, Void(target=paid, reason="no side bets tonight"))
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
        led.execute(sid, Note(text=f"n{i}"))
    assert snapshots.write_snapshot(led.store, sid, led.state(sid))
    paid = led.execute(sid, Pay(source="Ann", to="Ben", amount=7))[0].seq
    led.execute(sid, Void(target=paid, reason="typo"))
    snapshots.forget()  # a new process: the memo would hold the void's table itself
    folded = []
    real = led.store.events
    monkeypatch.setattr(led.store, "events", lambda *a, **k: (folded.append(e) or e for e in real(*a, **k)))
    st = led.state(sid)  # refolded from the database's snapshot, without the pay
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
        led.execute(sid, Note(text=f"n{i}"))
    stored = _row(led, sid)[0]
    assert led.store.last_seq(sid) - stored <= 4 * snapshots.EVERY + 2


# ----------------------------------------------------------------------------- forged snapshots

def _stacks(led: Ledger, sid: str) -> dict[str, int]:
    st = led.state(sid)
    return {s.name: st.stack(s.name) for s in st.seats}


def _forge(led: Ledger, sid: str, player: str, extra: int, source: str) -> None:
    """What someone with write access to the file does: move `extra` chips from `source`'s seat
    to `player`'s in the snapshot (the table's total stays, so the chips still balance) and
    recompute its SHA-256 state hash (the old code trusted exactly that)."""
    from ledger.snapshots import from_plain

    seq, version, _mac, text = _row(led, sid)
    data = json.loads(text)
    data["state"]["balances"][f"seat:{player}"] += extra
    data["state"]["balances"][f"seat:{source}"] -= extra
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    led.store.conn.execute("UPDATE snapshots SET state_hash = ?, state = ? WHERE session_id = ?",
                           (state_hash(from_plain(data["state"])), text, sid))


def test_a_forged_snapshot_is_not_used_and_the_next_bet_is_decided_on_the_true_state(tmp_path):
    led = Ledger.open(str(tmp_path / "f.db"))
    sid = led.new_session("freeform", [("Ann", 20), ("Ben", 100)], name="f")
    led.execute(sid, NewHand())
    for i in range(snapshots.EVERY + 3):
        led.execute(sid, Note(text=f"n{i}"))
    snapshots.forget()
    led.state(sid)  # a new process reads the log and keeps a snapshot of its head
    assert _row(led, sid) is not None
    _forge(led, sid, "Ann", 60, "Ben")
    snapshots.forget()  # the next command, in a new process
    assert snapshots.read_snapshot(led.store, sid, 10**9) is None
    assert _stacks(led, sid) == {"Ann": 20, "Ben": 100}
    with pytest.raises(RuleViolation, match="Ann has only 20"):
        led.execute(sid, Bet(player="Ann", amount=50))
    assert led.store.conn.execute("SELECT count(*) FROM events WHERE type = 'bet'").fetchone()[0] == 0


@pytest.mark.sqlite_only
def test_a_forged_snapshot_is_not_used_by_the_cli_either(potlog, tmp_path):
    potlog("new", "freeform", "--name", "f", "-p", "Ann=20", "-p", "Ben=100")
    potlog("hand")
    for i in range(snapshots.EVERY + 3):
        potlog("note", f"n{i}")
    snapshots.forget()
    potlog("state")
    led = potlog.ledger()
    _forge(led, "f", "Ann", 60, "Ben")
    led.close()
    snapshots.forget()
    assert {s["name"]: s["stack"] for s in json.loads(potlog("state", "--json").output)["seats"]}["Ann"] == 20
    r = potlog("bet", "Ann", "50", ok=False)
    assert r.exit_code == 1 and "Ann has only 20" in r.output


def test_a_snapshot_whose_seq_no_longer_carries_its_event_is_dropped(tmp_path):
    led, sid = _night(tmp_path, 400, closed=False)
    good = state_hash(led.state(sid))
    seq = _row(led, sid)[0]
    conn = led.store.conn
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET hash = ? WHERE session_id = ? AND seq = ?", ("e" * 64, sid, seq))
    snapshots.forget()
    assert snapshots.read_snapshot(led.store, sid, 10**9) is None
    assert state_hash(led.state(sid)) == good  # folded from the first event


def test_a_snapshot_made_with_another_key_is_not_used(tmp_path, monkeypatch):
    led, sid = _night(tmp_path, 400)
    led.state(sid)
    assert snapshots.read_snapshot(led.store, sid, 10**9) is not None
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "other.key"))
    sealing.forget_keys()
    assert snapshots.read_snapshot(led.store, sid, 10**9) is None


def test_without_a_key_there_are_no_snapshots_and_nothing_breaks(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("POTLOG_KEY_FILE", str(blocker / "seal.key"))
    sealing.forget_keys()
    led, sid = _night(tmp_path, 400)
    st = led.state(sid)
    assert _row(led, sid) is None and snapshots.write_snapshot(led.store, sid, st) is False
    snapshots.forget()
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid))


def test_threads_recording_one_session_never_share_a_folded_state(tmp_path):
    """The in-process memo is per thread: two recorders in threads of one process each fold
    their own copy (a shared one was folded into by both at once)."""
    import threading

    from ledger.app import Ledger

    path = str(tmp_path / "threads.db")
    led = Ledger.open(path)
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="t")
    led.close()
    errors: list[BaseException] = []

    def note(who: str) -> None:
        mine = Ledger.open(path)
        try:
            for i in range(40):
                mine.execute(sid, Note(text=f"{who} {i}"))
                assert mine.state(sid).seq >= i + 1
        except BaseException as exc:  # noqa: BLE001 - collected for the assert below
            errors.append(exc)
        finally:
            mine.close()

    threads = [threading.Thread(target=note, args=(w,)) for w in ("a", "b", "c", "d")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    led = Ledger.open(path)
    state = led.fold_session(sid, checked=True)
    assert state.seq == 3 + 160 and led.state(sid) == state
    led.close()
