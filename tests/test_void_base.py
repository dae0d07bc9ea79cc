"""A void in the current hand folds again from the latest sound state before its target
(issue 14): the hand's checkpoint or the snapshot, whichever is later, and only that one
is read and parsed; the refold gives what a fold from seq 1 gives."""

from __future__ import annotations

import pytest

from ledger import snapshots
from ledger.app import Ledger
from ledger.commands import End, NewHand, Note, Void
from ledger.state import state_hash

PLAYERS = [("Ann", 1000), ("Ben", 1000), ("Cy", 1000)]


pytestmark = pytest.mark.usefixtures("own_keys")


def _night(tmp_path) -> tuple[Ledger, str]:
    led = Ledger.open(str(tmp_path / "v.db"))
    led.store.conn.execute("PRAGMA synchronous=OFF")  # (a test: no fsync per command)
    sid = led.new_session("freeform", PLAYERS, name="s")
    while led.store.last_seq(sid) < snapshots.CHECKPOINT_FROM + 10:
        led.execute(sid, Note(text="filler"))
    return led, sid


def _parsed(monkeypatch) -> list[int]:
    """The seq of every state parsed from a snapshot or checkpoint."""
    seen: list[int] = []
    real = snapshots.from_plain

    def counting(data):
        state = real(data)
        seen.append(state.seq)
        return state

    monkeypatch.setattr(snapshots, "from_plain", counting)
    return seen


def test_a_void_reads_only_the_latest_base_before_its_target(tmp_path, monkeypatch):
    led, sid = _night(tmp_path)
    assert snapshots.write_snapshot(led.store, sid, led.state(sid))  # a snapshot, then a hand
    snap_seq = led.store.last_seq(sid)
    led.execute(sid, Note(text="between"))
    led.execute(sid, NewHand())  # its checkpoint: the table just before it
    notes = [led.execute(sid, Note(text=f"remark {i}"))[0].seq for i in range(3)]
    led.close()  # (the recorder writes the hand's checkpoint it kept in memory)
    led = Ledger.open(str(tmp_path / "v.db"))
    snapshots.forget()  # a new process: nothing in memory
    seen = _parsed(monkeypatch)
    base_seq, base = snapshots.base_before(led.store, sid, notes[1], led.store.last_seq(sid))
    assert base_seq == notes[0] - 2 > snap_seq  # the checkpoint, before the hand started
    assert seen == [base_seq]  # the earlier snapshot was not even parsed
    led.execute(sid, Void(target=notes[1], reason="said twice"))
    monkeypatch.undo()
    snapshots.forget()
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid, checked=True))


def test_a_later_snapshot_is_used_when_it_is_still_before_the_target(tmp_path, monkeypatch):
    led, sid = _night(tmp_path)
    led.execute(sid, NewHand())
    first = led.execute(sid, Note(text="early"))[0].seq
    assert snapshots.write_snapshot(led.store, sid, led.state(sid))  # after the hand's checkpoint
    late = led.execute(sid, Note(text="late"))[0].seq
    led.flush()
    snapshots.forget()
    seen = _parsed(monkeypatch)
    base_seq, _ = snapshots.base_before(led.store, sid, late, late)
    assert base_seq == first and seen[-1] == first  # the snapshot: later than the checkpoint
    base_seq, _ = snapshots.base_before(led.store, sid, first, late)  # the snapshot is past the target
    assert base_seq < first


def _checkpoints(led: Ledger, sid: str) -> list[int]:
    try:
        rows = led.store.conn.execute("SELECT seq FROM checkpoints WHERE session_id = ? ORDER BY seq", (sid,))
    except Exception:  # (the table is made on first use)
        return []
    return [seq for (seq,) in rows]


def test_a_recorder_that_goes_on_keeps_a_hands_checkpoint_until_a_snapshot_or_close(tmp_path):
    led, sid = _night(tmp_path)
    before = _checkpoints(led, sid)
    led.execute(sid, Note(text="the head is this recorder's"))
    start = led.execute(sid, NewHand())[0].seq
    assert _checkpoints(led, sid) == before  # not written with the hand...
    while not snapshots.snapshot_due(led.store, sid, led.store.last_seq(sid) + 1):
        led.execute(sid, Note(text="filler"))
    led.execute(sid, Note(text="the snapshot is due with this one"))
    assert _checkpoints(led, sid)[-1] == start - 1  # ...but with the snapshot after it
    led.execute(sid, End())
    second = led.execute(sid, NewHand())[0].seq
    assert _checkpoints(led, sid)[-1] == start - 1
    led.close()  # ...or when the recorder closes
    led = Ledger.open(str(tmp_path / "v.db"))
    assert _checkpoints(led, sid)[-1] == second - 1
    snapshots.forget()
    point = snapshots.read_checkpoint(led.store, sid, second, led.store.last_seq(sid))
    assert point is not None and point[0] == second - 1
    assert state_hash(point[1]) == state_hash(led.fold_session(sid, upto=second - 1))


def test_a_kept_checkpoint_is_not_written_to_a_log_that_no_longer_has_its_event(tmp_path):
    led, sid = _night(tmp_path)
    led.execute(sid, Note(text="the head is this recorder's"))
    start = led.execute(sid, NewHand())[0].seq
    point, head = led._later[sid]
    assert point.seq == start - 1
    led._later[sid] = (point, "0" * 64)  # as if the file had been replaced by another log meanwhile
    led.close()
    led = Ledger.open(str(tmp_path / "v.db"))
    assert start - 1 not in _checkpoints(led, sid)


def test_a_snapshot_that_is_not_sound_gives_way_to_the_checkpoint_before_it(tmp_path, monkeypatch):
    led, sid = _night(tmp_path)
    start = led.execute(sid, NewHand())[0].seq
    led.execute(sid, Note(text="early"))
    led.flush()  # the hand's checkpoint
    assert snapshots.write_snapshot(led.store, sid, led.state(sid))  # later than the checkpoint...
    later = led.execute(sid, Note(text="later"))[0].seq
    led.store.conn.execute("UPDATE snapshots SET state_hash = ? WHERE session_id = ?", ("0" * 64, sid))  # ...forged
    snapshots.forget()
    seen = _parsed(monkeypatch)
    base_seq, base = snapshots.base_before(led.store, sid, later, later)
    assert base_seq == start - 1 and seen == [start - 1]  # the checkpoint, once the snapshot failed its check
    monkeypatch.undo()
    assert state_hash(base) == state_hash(led.fold_session(sid, upto=start - 1))
