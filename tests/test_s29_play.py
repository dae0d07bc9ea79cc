"""Issue 28, target 4 (the live prompt): what a long log before the first hand costs a game that
keeps its corrections newest first (`ledger.kit.follow`, `ledger.state.Seqs`), and the
benchmark's pseudo-terminal reading a typed line wider than the terminal (`benchmarks.play`)."""

from __future__ import annotations

import json
import os
import pty
import time
import tty
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings, strategies as st

from ledger import events as ev
from ledger.commands import Void
from ledger.errors import PotlogError, RuleViolation
from ledger.games.bluffjack import RULESET as BLUFFJACK
from ledger.core.verbs import void
from ledger.kit import follow
from ledger.reducer import apply
from ledger.snapshots import _plain, _state_text, from_plain, same
from ledger import state as tables
from ledger.state import TableState, state_hash, to_plain

# -- Seqs reads as the list of what was appended --------------------------------------------------------------

OPS = st.lists(st.one_of(st.integers(0, 3), st.just(-1)), max_size=60)
"""Each op: n >= 0 appends the last seq + n (0: the same seq again, 1: the next, more: a gap); -1 clears."""


@settings(max_examples=200, deadline=None)
@given(ops=OPS, start=st.integers(1, 5))
def test_seqs_reads_as_the_list_it_was_given(ops, start):
    seqs, plain, last = tables.Seqs(), [], start
    for op in ops:
        if op < 0:
            seqs.clear()
            plain.clear()
            continue
        last += op
        seqs.append(last)
        plain.append(last)
    assert list(seqs) == plain and list(reversed(seqs)) == plain[::-1] and len(seqs) == len(plain)
    assert bool(seqs) == bool(plain) and to_plain(seqs) == plain
    for i in range(-len(plain), len(plain)):
        assert seqs[i] == plain[i]
    for i in (len(plain), -len(plain) - 1):
        with pytest.raises(IndexError):
            seqs[i]
    for probe in range(start - 1, last + 3):
        assert (probe in seqs) == (probe in plain)
    assert len(seqs.runs) <= 2 * sum(1 for i, s in enumerate(plain) if i == 0 or s != plain[i - 1] + 1)


# -- the void rule on a Seqs is the rule it was on the list -------------------------------------------------------

def _old_newest_first(state: TableState, target: int, recent: list[int], final: list[int]) -> str | None:
    """`follow.newest_first`'s refusal as the starting commit worded it, on a list (None: allowed
    by the rule; `void` then decides)."""
    live = [seq for seq in recent if seq not in state.voided]
    if target in final:
        return f"seq {target} stands with the hand"
    if live and target != live[-1] and 1 < target <= state.seq and target not in state.voided:
        if target in live:
            return (f"void seq {live[-1]} first: in dice corrections go from the newest "
                    f"event back (seq {live[-1]} came after seq {target})")
        return (f"seq {target} came before the last hand started (seq {live[0]}): only the "
                "events since then can be voided, newest first")
    return None


@dataclass
class Book:
    recent: tables.Seqs = field(default_factory=lambda: tables.Seqs())
    final: list[int] = field(default_factory=list)


@settings(max_examples=200, deadline=None)
@given(first=st.integers(2, 40), length=st.integers(0, 30), data=st.data())
def test_newest_first_on_seqs_allows_and_refuses_as_it_did_on_the_list(first, length, data):
    recent = [s for s in range(first, first + length) if data.draw(st.integers(0, 5)) > 0]  # a gap: a void
    final = [s for s in recent if data.draw(st.integers(0, 9)) == 0]
    state = TableState(seq=first + length + data.draw(st.integers(0, 3)))
    state.voided = sorted({data.draw(st.integers(1, state.seq)) for _ in range(data.draw(st.integers(0, 6)))})
    book = Book(final=list(final))
    for s in recent:
        book.recent.append(s)
    for target in range(0, state.seq + 2):
        cmd = Void(target=target, reason="slip")
        assert _said(lambda: follow.newest_first(state, cmd, book, game="dice",
                                                 final="seq {target} stands with the hand")) == \
            (_old_newest_first(state, target, recent, final) or _said(lambda: void(state, cmd)))


def _said(decide) -> str | list:
    """What a decision records, or the refusal it says."""
    try:
        return decide()
    except PotlogError as exc:
        return str(exc)


# -- a long log before the first hand: Bluffjack's table ----------------------------------------------------------

def _bluffjack(notes: int) -> TableState:
    state = TableState()
    for e in (ev.SessionOpened(game="bluffjack", options={"ante": 2}), ev.PlayerJoined(player="Ann", buyin=20),
              ev.PlayerJoined(player="Ben", buyin=20)):
        apply(state, state.seq + 1, e)
    for i in range(notes):
        apply(state, state.seq + 1, ev.Note(text=f"padding {i}"))
    return state


def test_a_long_log_before_the_first_hand_costs_a_clone_and_a_snapshot_nothing():
    small, big = _bluffjack(10), _bluffjack(5000)
    assert to_plain(big.ext)["recent"] == list(range(2, big.seq + 1))  # the state's JSON and hash: every seq, as before
    # what a command copies (the trial, the new head) and what a snapshot keeps do not grow with the log
    assert len(_state_text(big)) - len(_state_text(small)) < 40
    assert len(json.dumps(_plain(big.clone().ext))) == len(json.dumps(_plain(small.clone().ext))) + 2
    again = from_plain(json.loads(_state_text(big)))  # a snapshot's round trip
    assert same(again, big) and state_hash(again) == state_hash(big)


def test_bluffjack_voids_newest_first_on_a_long_log_and_the_first_hand_starts_the_list_again():
    state = _bluffjack(3000)
    head = state.seq
    with pytest.raises(RuleViolation, match=f"void seq {head} first: in bluffjack corrections go from the newest"):
        BLUFFJACK.decide(state, Void(target=head - 1, reason="slip"))
    assert BLUFFJACK.decide(state, Void(target=head, reason="slip")) == [ev.Void(target=head, reason="slip")]
    apply(state, head + 1, ev.Void(target=head, reason="slip"))
    assert BLUFFJACK.decide(state, Void(target=head - 1, reason="slip")) == [ev.Void(target=head - 1, reason="slip")]
    trial = state.clone()
    apply(trial, trial.seq + 1, ev.HandStarted(hand=1, dealer="Ann"))
    assert list(trial.ext.recent) == [trial.seq] and list(state.ext.recent) == list(range(2, head + 1))  # the clone's own
    with pytest.raises(RuleViolation, match=rf"seq {head - 1} came before the last hand started \(seq {trial.seq}\)"):
        BLUFFJACK.decide(trial, Void(target=head - 1, reason="slip"))


# -- the benchmark's terminal: a typed line wider than the terminal comes back wrapped ------------------------------

def test_the_benchmark_terminal_reads_a_wrapped_echo_as_the_line_typed():
    from benchmarks.play import Terminal

    master, slave = pty.openpty()
    tty.setraw(slave)  # as prompt_toolkit sets it: the program echoes, not the terminal driver
    term = Terminal.__new__(Terminal)
    term.fd, term.seen = master, b""
    line = 'award Ann --reason "3 fives under the cups, not 4: Ann called liar and takes the kitty"'
    cut = 100 - len("freeform-dice-night> ") - 1
    # what prompt_toolkit draws for it on a 100-column screen: the last column by a cursor move, then a new row
    os.write(slave, b"\x1b[0;1mfreeform-dice-night> \x1b[0m" + line[:cut].encode() + b"\r\x1b[99C"
             + line[cut:cut + 1].encode() + b"\x1b[0m\r\r\n\x1b[0m" + line[cut + 1:].encode() + b"\x1b[0m")
    try:
        t = time.monotonic()
        term.type_text(line)
        assert time.monotonic() - t < 5
        assert os.read(slave, 4096) == line.encode()  # what was typed reached the program
    finally:
        os.close(master)
        os.close(slave)


def test_the_benchmark_moves_a_scripts_void_past_the_padding():
    """freeform-count-mismatch's ``void 32`` voids its count at the break (seq 32 of the script):
    padded with notes after the session's opening events, that count is 32 + the padding."""
    from benchmarks.play import past_padding, script

    _, lines = script("freeform-count-mismatch")
    void = next(line for line in lines if line.startswith("void "))
    assert past_padding(void, 4, 99_996) == void.replace("void 32 ", "void 100028 ", 1)
    assert past_padding("void 4 --reason x", 4, 99_996) == "void 4 --reason x"  # an opening event stays where it is
    assert past_padding("note void 32", 4, 10) == "note void 32"


# -- a void of an event that changed nothing: no refold of the log after it -----------------------------------------

def _night(tmp_path, notes: int):
    from ledger.app import Ledger
    from ledger.commands import Bet, Call, NewHand, Note

    led = Ledger.open(str(tmp_path / "v.db"))
    sid = led.new_session("freeform", [("Ann", 50), ("Ben", 50)], name="v")
    led.execute(sid, Note(text="an aside"))
    led.execute(sid, NewHand(dealer="Ann"))
    led.execute(sid, Bet(player="Ann", amount=5))
    for i in range(notes):
        led.execute(sid, Note(text=f"n{i}"))
    led.execute(sid, Call(player="Ben", amount=5))
    return led, sid


def test_a_void_of_a_note_long_ago_folds_no_more_than_the_log_before_it(tmp_path, monkeypatch):
    from ledger import recording, snapshots

    led, sid = _night(tmp_path, 300)
    note = next(r.seq for r in led.store.recorded(sid) if r.event.type == "note")
    folded = []
    real = recording.fold

    def counting(records, **kw):
        records = list(records)
        folded.append(len(records))
        return real(records, **kw)

    monkeypatch.setattr(recording, "fold", counting)
    led.execute(sid, Void(target=note, reason="not said"))
    assert sum(folded) <= note  # the log up to the note, not the 300 notes after it
    monkeypatch.undo()
    snapshots.forget()
    assert same(led.state(sid), led.fold_session(sid))  # the head kept is the log folded again without it


def test_a_void_decides_the_same_table_whether_its_target_changed_something_or_not(tmp_path):
    from ledger import snapshots

    led, sid = _night(tmp_path, 20)
    rows = list(led.store.recorded(sid))
    bet = next(r.seq for r in rows if r.event.type == "bet")
    notes = [r.seq for r in rows if r.event.type == "note"]
    for target in (notes[-1], notes[0], notes[5]):  # newest first, then from long ago
        led.execute(sid, Void(target=target, reason="slip"))
        assert same(led.state(sid), led.fold_session(sid))
        snapshots.forget()
        assert same(led.state(sid), led.fold_session(sid))
    led.execute(sid, Void(target=rows[-1].seq, reason="slip"))  # Ben's call of the bet goes first (it answered it)
    before = led.state(sid)
    led.execute(sid, Void(target=bet, reason="slip"))  # a target that changed the table: the log folded again
    after = led.state(sid)
    assert same(after, led.fold_session(sid)) and after.stack("Ann") == before.stack("Ann") + 5
