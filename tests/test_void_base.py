"""A void in the current hand folds again from the latest sound state before its target
(issue 14): the hand's checkpoint or the snapshot, whichever is later, and only that one
is read and parsed; the refold gives what a fold from seq 1 gives."""

from __future__ import annotations

import pytest

from ledger import seal as sealing
from ledger import snapshots
from ledger.app import Ledger
from ledger.commands import Command
from ledger.state import state_hash

PLAYERS = [("Ann", 1000), ("Ben", 1000), ("Cy", 1000)]


@pytest.fixture(autouse=True)
def key_file(tmp_path, monkeypatch):
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "keys" / "seal.key"))
    sealing.forget_keys()
    snapshots.forget()
    yield
    sealing.forget_keys()
    snapshots.forget()


def _night(tmp_path) -> tuple[Ledger, str]:
    led = Ledger.open(str(tmp_path / "v.db"))
    led.store.conn.execute("PRAGMA synchronous=OFF")  # (a test: no fsync per command)
    sid = led.new_session("freeform", PLAYERS, name="s")
    while led.store.last_seq(sid) < snapshots.CHECKPOINT_FROM + 10:
        led.execute(sid, Command("note", text="filler"))
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
    led.execute(sid, Command("note", text="between"))
    led.execute(sid, Command("hand"))  # its checkpoint: the table just before it
    notes = [led.execute(sid, Command("note", text=f"remark {i}"))[0].seq for i in range(3)]
    snapshots.forget()  # a new process: nothing in memory
    seen = _parsed(monkeypatch)
    base_seq, base = snapshots.base_before(led.store, sid, notes[1], led.store.last_seq(sid))
    assert base_seq == notes[0] - 2 > snap_seq  # the checkpoint, before the hand started
    assert seen == [base_seq]  # the earlier snapshot was not even parsed
    led.execute(sid, Command("void", target=notes[1], reason="said twice"))
    monkeypatch.undo()
    snapshots.forget()
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid, checked=True))


def test_a_later_snapshot_is_used_when_it_is_still_before_the_target(tmp_path, monkeypatch):
    led, sid = _night(tmp_path)
    led.execute(sid, Command("hand"))
    first = led.execute(sid, Command("note", text="early"))[0].seq
    assert snapshots.write_snapshot(led.store, sid, led.state(sid))  # after the hand's checkpoint
    late = led.execute(sid, Command("note", text="late"))[0].seq
    snapshots.forget()
    seen = _parsed(monkeypatch)
    base_seq, _ = snapshots.base_before(led.store, sid, late, late)
    assert base_seq == first and seen[-1] == first  # the snapshot: later than the checkpoint
    base_seq, _ = snapshots.base_before(led.store, sid, first, late)  # the snapshot is past the target
    assert base_seq < first
