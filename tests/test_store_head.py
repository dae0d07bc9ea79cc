"""The quick paths of recording and importing (issue 14) give what the plain ones give.

- `Ledger.execute` keeps the state its decision made as the session's head (no reload, no
  copy), reads the head with one query, and writes a hand's checkpoint and a due snapshot in
  the command's own transaction (one commit).
- `Ledger.import_lines` reads lines with orjson when it can (`app._fast_parser`): the same
  canonical body as ``json.dumps(sort_keys=True)`` for every code point, and every line it is
  not sure of goes through the json module's path, which words the refusal.
- A void in an import folds again from a recent mark over events kept in memory.
- `snapshots.faithful` vouches only for states the JSON round trip gives back the same.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import random
from datetime import datetime, timedelta, timezone
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.workload import jsonl_line, session_rows
from ledger import importing, recording
from ledger import events as ev
from ledger import seal as sealing
from ledger import snapshots
from ledger.app import Ledger, check_limits
from ledger.commands import Bet, NewHand, Note, Pay, Switch, Void
from ledger.errors import ChipError, InputError, PotlogError
from ledger.state import TableState, state_hash
from ledger.verify import verify_session
from tests.conftest import SAMPLES

PLAYERS = [("Ann", 100), ("Ben", 100), ("Cy", 100)]


pytestmark = pytest.mark.usefixtures("own_keys")


def _statements(led: Ledger) -> list[str]:
    seen: list[str] = []
    led.store.conn.set_trace_callback(lambda sql: seen.append(" ".join(sql.split())[:60]))
    return seen


# ---------------------------------------------------------------------- recording
def test_a_command_reads_the_head_once_and_commits_once(tmp_path):
    led = Ledger.open(str(tmp_path / "a.db"))
    sid = led.new_session("freeform", PLAYERS, name="s")
    led.execute(sid, Note(text="first"))  # the head is now this process's
    seen = _statements(led)
    led.execute(sid, Note(text="second"))
    # decided on the head this process kept; the head is read once, under the write lock
    assert [s.split()[0] for s in seen] == ["BEGIN", "SELECT", "INSERT", "COMMIT"], seen
    head = snapshots._memo()[(led.store.path, sid)]
    assert head[0] == led.store.last_seq(sid) and head[1] == led.store.last_hash(sid)
    assert state_hash(head[2]) == state_hash(led.fold_session(sid))


def test_a_refusal_on_the_kept_head_stands_only_if_it_is_still_the_head(tmp_path):
    a = Ledger.open(str(tmp_path / "m.db"))
    sid = a.new_session("freeform", PLAYERS, name="s")
    a.execute(sid, Note(text="a's head"))  # a keeps this head: no hand is going
    with pytest.raises(PotlogError, match="hand"):
        a.execute(sid, Bet(player="Ann", amount=5))  # refused: still the head
    a.execute(sid, Note(text="a's head again"))
    b = Ledger.open(str(tmp_path / "m.db"))
    snapshots.forget()  # b is another process: it reads the log, and a keeps no head either...
    a.execute(sid, Note(text="kept again"))  # ...until a records once more
    b.execute(sid, NewHand())  # b starts a hand after a's head
    out = a.execute(sid, Bet(player="Ann", amount=5))  # refused on a's head, decided on the log
    assert out[0].seq == a.store.last_seq(sid) and out[0].event.type == "bet"
    assert state_hash(a.state(sid)) == state_hash(a.fold_session(sid, checked=True))


def test_a_kept_head_the_log_does_not_have_is_never_appended_to(tmp_path):
    led = Ledger.open(str(tmp_path / "r.db"))
    sid = led.new_session("freeform", PLAYERS, name="s")
    led.execute(sid, Pay(source="Ann", to="Ben", amount=5))
    key = (led.store.path, sid)
    seq, _, state, stored = snapshots._memo()[key]
    state.balances["seat:Ann"] = 1  # a head of another log at the same seq: Ann has 1 there
    snapshots._memo()[key] = (seq, "0" * 64, state, stored)  # (as if the database file had been replaced)
    out = led.execute(sid, Pay(source="Ann", to="Cy", amount=20))  # refused on that head
    assert out[0].seq == seq + 1
    assert led.state(sid).stack("Ann") == 75
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid, checked=True))
    seq, _, state, stored = snapshots._memo()[key]
    state.balances["seat:Ann"] = 1000
    snapshots._memo()[key] = (seq, "0" * 64, state, stored)
    led.execute(sid, Note(text="on the log"))  # decided on the foreign head, caught at the append
    assert verify_session(led.store, sid).ok and led.store.last_seq(sid) == seq + 1
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid, checked=True))
    assert led.state(sid).stack("Ann") == 75


def test_the_decided_state_is_the_new_head_itself(tmp_path, monkeypatch):
    led = Ledger.open(str(tmp_path / "b.db"))
    sid = led.new_session("freeform", PLAYERS, name="s")
    decided: list[TableState] = []
    real = Ledger._decide

    def keep(self, *args):
        out = real(self, *args)
        decided.append(out[2])
        return out

    monkeypatch.setattr(Ledger, "_decide", keep)
    led.execute(sid, Pay(source="Ann", to="Ben", amount=5))
    assert snapshots._memo()[(led.store.path, sid)][2] is decided[-1]  # kept, not copied
    monkeypatch.setattr(led.store, "events", lambda *a, **k: pytest.fail("the head was folded again"))
    led.execute(sid, Pay(source="Ben", to="Cy", amount=3))
    monkeypatch.undo()
    assert led.state(sid).stack("Cy") == 103
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid, checked=True))


def test_a_hand_checkpoint_and_a_due_snapshot_land_in_the_commands_transaction(tmp_path):
    led = Ledger.open(str(tmp_path / "c.db"))
    led.store.conn.execute("PRAGMA synchronous=OFF")  # (a test: no fsync per command)
    sid = led.new_session("freeform", PLAYERS, name="s")
    while (led.store.last_seq(sid) < snapshots.CHECKPOINT_FROM
           or not snapshots.snapshot_due(led.store, sid, led.store.last_seq(sid) + 1)):
        led.execute(sid, Note(text="filler"))
    seen = _statements(led)
    out = led.execute(sid, NewHand())
    kinds = [s.split()[0] for s in seen]
    assert kinds.count("COMMIT") == 1 and kinds.count("BEGIN") == 1
    begin, commit = kinds.index("BEGIN"), kinds.index("COMMIT")
    assert any("INTO checkpoints" in s for s in seen[begin:commit]), seen
    assert any("INTO snapshots" in s for s in seen[begin:commit]), seen  # due with this very event
    point = led.store.conn.execute("SELECT max(seq) FROM checkpoints WHERE session_id = ?", (sid,)).fetchone()[0]
    assert point == out[0].seq - 1
    snapshots.forget()  # a new process: the checkpoint and the snapshot are usable
    base_seq, base = snapshots.base_before(led.store, sid, out[0].seq + 1, out[-1].seq)
    assert base_seq == out[-1].seq  # the snapshot, at the head
    assert snapshots.read_checkpoint(led.store, sid, out[0].seq, out[-1].seq)[0] == point
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid))


def test_a_refused_command_leaves_the_log_and_the_next_one_decides_on_the_log(tmp_path):
    led = Ledger.open(str(tmp_path / "d.db"))
    sid = led.new_session("freeform", PLAYERS, name="s")
    with pytest.raises(PotlogError):
        led.execute(sid, Pay(source="Ann", to="Ben", amount=500))
    led.execute(sid, Pay(source="Ann", to="Ben", amount=50))
    assert led.state(sid).stack("Ben") == 150
    assert state_hash(led.state(sid)) == state_hash(led.fold_session(sid, checked=True))


def test_a_database_replaced_under_the_same_path_is_read_again(tmp_path):
    path = tmp_path / "e.db"
    led = Ledger.open(str(path))
    sid = led.new_session("freeform", PLAYERS, name="s")
    led.execute(sid, Note(text="old"))
    led.close()
    for p in tmp_path.glob("e.db*"):
        p.unlink()
    led = Ledger.open(str(path))  # the memo still holds the old head at the same seq
    led.new_session("freeform", [("Dora", 40), ("Eli", 40), ("Fay", 40)], name="s")
    led.execute(sid, Note(text="new"))
    led.execute(sid, Pay(source="Dora", to="Eli", amount=10))
    st = led.state(sid)
    assert [s.name for s in st.seats] == ["Dora", "Eli", "Fay"] and st.stack("Eli") == 50
    assert state_hash(st) == state_hash(led.fold_session(sid, checked=True))


def test_a_table_with_options_is_the_table_the_log_folds_to(tmp_path):
    """Options are stored as canonical JSON (sorted keys): the table a `switch` or an opening
    decided, with its options in the order given, is not kept as the head; the next one is
    read from the log, and every table this process hands out is the fold's, key order too."""
    led = Ledger.open(str(tmp_path / "o.db"))
    sid = led.new_session("freeform", PLAYERS, name="s", options={"pack": "french32", "dice_sides": 8})
    steps = [Note(text="a"), Switch(name="freeform", options={"pack": "french54",
                                                                                     "dice_sides": 10}),
             Note(text="b"), Pay(source="Ann", to="Cy", amount=4)]
    for cmd in steps:
        led.execute(sid, cmd)
        st = led.state(sid)
        assert snapshots.same(st, led.fold_session(sid)), cmd.verb
        assert list(st.options) == sorted(st.options)
    assert st.options == {"dice_sides": 10, "pack": "french54"}


def test_times_of_one_process_keep_rising(tmp_path):
    led = Ledger.open(str(tmp_path / "f.db"))
    sid = led.new_session("freeform", PLAYERS, name="s")
    ats = [led.execute(sid, Note(text=str(i)))[0].recorded_at for i in range(20)]
    assert ats == sorted(ats) and len(set(ats)) == len(ats)
    assert all(importing.check_utc(at) for at in ats)


def test_the_time_text_is_what_isoformat_writes():
    rng = random.Random(4)
    epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
    for ms in [0, 999, 1000, 951782400000, 4102444799999] + [rng.randrange(0, 4102444800000) for _ in range(3000)]:
        want = (epoch + timedelta(milliseconds=ms)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        assert recording._utc_text(ms) == want


def test_the_limit_check_still_refuses_a_pile_past_the_maximum():
    st = TableState(session="s", balances={"bank": -(ev.MAX_CHIPS + 1), "seat:Ann": ev.MAX_CHIPS + 1})
    with pytest.raises(ChipError, match="Ann would hold"):
        check_limits(st)
    check_limits(TableState(session="s", balances={"bank": ev.MAX_CHIPS * 3, "pot": -5}))  # the bank may


def test_the_snapshot_key_follows_the_key_file(tmp_path, monkeypatch):
    first = snapshots.snapshot_key()
    assert first is not None and first == sealing.snapshot_key() == snapshots.snapshot_key()
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "other.key"))
    other = snapshots.snapshot_key()
    assert other is not None and other != first and other == sealing.snapshot_key()
    (tmp_path / "other.key").write_text("ab" * 32 + "\n")  # replaced behind seal's back
    assert snapshots.snapshot_key() == other  # seal keeps the key it read until told to forget
    sealing.forget_keys()
    assert snapshots.snapshot_key() == sealing.snapshot_key() != other


# ---------------------------------------------------------------------- the JSON of an import
def test_orjson_writes_every_code_point_as_the_canonical_json_does():
    points = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    for start in range(0, len(points), 4096):
        block = "".join(map(chr, points[start:start + 4096]))
        obj = {block: [block, {"k" + block[:7]: block[::-1]}], "n": [0, -1, ev.MAX_INT, 2**63 - 1], "t": True,
               "f": False, "z": None, block[::3]: ""}
        assert orjson.dumps(obj, option=orjson.OPT_SORT_KEYS).decode() == ev.canonical_json(obj)


def _lines(sid: str, events: int, seed: int = 3) -> list[str]:
    return [jsonl_line(row) for row in session_rows(sid, random.Random(seed), events)]


def _import(tmp_path, name: str, lines: list[str], *, fast: bool) -> tuple[object, Ledger]:
    led = Ledger.open(str(tmp_path / f"{name}-{fast}.db"))
    with pytest.MonkeyPatch.context() as mp:
        if not fast:
            mp.setattr(importing, "_fast_parser", lambda: None)
        try:
            out: object = led.import_lines(lines)
        except PotlogError as exc:
            out = (type(exc).__name__, str(exc))
    return out, led


def test_the_quick_reader_gives_what_the_json_module_gives_for_a_good_line():
    parse = importing._fast_parser()
    led = Ledger.open(":memory:")
    imp = importing._Import(importing.ImportResult())
    lines = _lines("g", 600) + (SAMPLES / "bluecher-evening.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines:
        got = parse(line, imp)
        assert got is not None and got[:7] == led._parse_line(line)[:7]
        assert got[7] is True  # its chain hash checked with orjson's bytes, which are chain_hash's


@pytest.mark.parametrize("forged", ["the hash before it", "empty", "one digit off", "the body's hash"])
def test_a_line_with_a_wrong_hash_is_refused_by_the_quick_reader_too(tmp_path, forged):
    lines = _lines("h", 60)
    obj = json.loads(lines[30])
    obj["hash"] = {"the hash before it": obj["prev_hash"], "empty": "",
                   "one digit off": obj["hash"][:-1] + ("0" if obj["hash"][-1] != "0" else "1"),
                   "the body's hash": ev.v1_hash(obj["prev_hash"], ev.canonical_json(obj["event"]))}[forged]
    lines[30] = ev.canonical_json(obj)
    outs = []
    for fast in (True, False):
        out, led = _import(tmp_path, f"h{forged[:3]}", lines, fast=fast)
        assert isinstance(out, tuple) and out[1].startswith("line 31: "), out
        assert led.store.last_seq("h") == 0
        outs.append(out)
    assert outs[0] == outs[1]


def _tampered(line: str, how: str) -> str:
    obj = json.loads(line)
    if how == "nan in an extra key":
        return line[:-1] + ',"x":NaN}'
    if how == "a huge seq":
        return line.replace(f'"seq":{obj["seq"]}', '"seq":' + "9" * 30)
    if how == "a seq past 64 bits":
        return line.replace(f'"seq":{obj["seq"]}', '"seq":18446744073709551616')
    if how == "a lone surrogate in a note":
        return line.replace('"type":"note"', '"type":"note","ruling":"\\ud800"')
    if how == "a float amount":
        return line.replace(f'"amount":{obj["event"].get("amount")}', f'"amount":{obj["event"].get("amount")}.0')
    if how == "a time ending in a line break":
        return line.replace(f'"recorded_at":"{obj["recorded_at"]}"', f'"recorded_at":"{obj["recorded_at"]}\\n"')
    if how == "a session ending in a line break":
        return line.replace(f'"session":"{obj["session"]}"', f'"session":"{obj["session"]}\\n"')
    if how == "a time on the 30th of February":
        return line.replace(obj["recorded_at"][:10], "2025-02-30")
    if how == "a key twice":
        return line[:-1] + f',"seq":{obj["seq"] + 1}}}'
    if how == "not an object":
        return "[" + line + "]"
    raise AssertionError(how)


TAMPERINGS = ["nan in an extra key", "a huge seq", "a seq past 64 bits", "a lone surrogate in a note", "a float amount",
              "a time ending in a line break", "a session ending in a line break", "a time on the 30th of February",
              "a key twice", "not an object"]


@pytest.mark.parametrize("how", TAMPERINGS)
def test_a_line_the_quick_reader_is_not_sure_of_gets_the_json_modules_answer(tmp_path, how):
    lines = _lines("t", 120)
    kinds = {"a float amount": '"amount":', "a lone surrogate in a note": '"type":"note"'}
    at = next(i for i, line in enumerate(lines) if i > 40 and kinds.get(how, '"seq"') in line)
    lines[at] = _tampered(lines[at], how)
    quick, led_q = _import(tmp_path, "t", lines, fast=True)
    plain, led_p = _import(tmp_path, "t", lines, fast=False)
    assert quick == plain
    if how == "nan in an extra key":  # json reads NaN, orjson does not: the json module's path takes it
        assert quick.added == {"t": len(lines)}  # type: ignore[attr-defined]
        assert led_q.store.last_hash("t") == led_p.store.last_hash("t")
    else:
        assert isinstance(quick, tuple) and quick[1].startswith(f"line {at + 1}: "), quick
        assert led_q.store.last_seq("t") == 0  # nothing of a failed import is written


def test_a_session_name_ending_in_a_line_break_is_refused():
    with pytest.raises(InputError):
        recording.check_session_id("night\n")


# ---------------------------------------------------------------------- voids in an import
def _voiding_lines(sid: str, voids: list[tuple[int, int]], total: int) -> list[str]:
    """A freeform night of notes and payments (Ann pays, never back), with, from each seq
    `at` on, a void of the latest note at least `back` events before: (at, back) in `voids`."""
    led = Ledger.open(":memory:")
    led.new_session("freeform", [("Ann", 5000), ("Ben", 0), ("Cy", 0)], name=sid, now="2025-01-01T20:00:00.000Z")
    notes: list[int] = []
    i = 0
    while led.store.last_seq(sid) < total:
        i += 1
        seq = led.store.last_seq(sid)
        far = [n for n in notes if seq - n >= voids[0][1]] if voids and seq >= voids[0][0] else []
        if far:
            voids.pop(0)
            notes.remove(far[-1])
            led.execute(sid, Void(target=far[-1], reason="wrong"))
        elif i % 2 == 0:  # (every other event moves chips: a step folded twice, or missed, shows)
            led.execute(sid, Pay(source="Ann", to=("Ben", "Cy")[i % 4 // 2], amount=1 + i % 3))
        else:
            notes.append(led.execute(sid, Note(text=f"n{i}"))[0].seq)
    assert not voids  # every void was made
    return list(led.export_lines(sid))


def _import_states(tmp_path, name: str, lines: list[str], monkeypatch) -> tuple[object, Ledger, dict, list]:
    """Import `lines`; the states the import itself ended with, and the state each of its
    voids folded to (session, seq, state): what it checked the lines against."""
    seen: list[importing._Import] = []
    refolds: list[tuple[str, int, TableState]] = []
    real = Ledger._refold_for_import

    class Kept(importing._Import):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            seen.append(self)

    def refold(self, sid, seq, void, place, imp):
        out = real(self, sid, seq, void, place, imp)
        refolds.append((sid, seq, out.clone()))
        return out

    monkeypatch.setattr(importing, "_Import", Kept)
    monkeypatch.setattr(Ledger, "_refold_for_import", refold)
    out, led = _import(tmp_path, name, lines, fast=True)
    monkeypatch.undo()
    return out, led, {sid: place[2] for sid, place in seen[-1].sessions.items()}, refolds


def test_voids_near_and_far_fold_again_to_the_log_state(tmp_path, monkeypatch):
    lines = _voiding_lines("v", [(300, 1), (500, 3), (700, 70), (900, 130), (1200, 300), (2000, 1500), (2250, 2)],
                           2300)
    quick, led, states, refolds = _import_states(tmp_path, "v", lines, monkeypatch)
    assert quick.added == {"v": len(lines)}  # type: ignore[attr-defined]
    assert state_hash(states["v"]) == state_hash(led.fold_session("v", checked=True))
    assert len(refolds) == 7
    for sid, seq, st in refolds:  # each void folded again to the very table the log has there
        assert state_hash(st) == state_hash(led.fold_session(sid, seq)), seq
    voided = {json.loads(line)["event"]["target"] for line in lines if '"type":"void"' in line}
    assert len(voided) == 7 and set(led.state("v").voided) == voided


def test_interleaved_sessions_with_voids_after_coming_back_fold_to_the_log_state(tmp_path, monkeypatch):
    # a void of an event from before the lines turned to other sessions, and one just after they came back
    per = {sid: _voiding_lines(sid, [(100, 40), (365, 3)], 420) for sid in ("i1", "i2", "i3", "i4", "i5", "i6")}
    lines: list[str] = []
    for start in range(0, 430, 70):  # 70 lines of each in turn: more sessions than keep their marks
        for sid in per:
            lines += per[sid][start:start + 70]
    quick, led, states, refolds = _import_states(tmp_path, "i", lines, monkeypatch)
    assert quick.added == {sid: len(v) for sid, v in per.items()}  # type: ignore[attr-defined]
    for sid in per:
        assert state_hash(states[sid]) == state_hash(led.fold_session(sid, checked=True)), sid
    assert len(refolds) == 12
    for sid, seq, st in refolds:
        assert state_hash(st) == state_hash(led.fold_session(sid, seq)), (sid, seq)


# ---------------------------------------------------------------------- faithful states
@functools.cache
def _sample_ledger(stem: str) -> tuple[Ledger, str]:
    path = SAMPLES / f"{stem}.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    led = Ledger.open(":memory:")
    led.import_lines(lines)
    return led, json.loads(lines[0])["session"]


def _sample_states():
    for path in sorted(SAMPLES.glob("*.jsonl")):
        led, sid = _sample_ledger(path.stem)
        last = led.store.last_seq(sid)
        for upto in sorted({1, last // 3, last // 2, last - 1, last}):
            if upto >= 1:
                yield path.stem, led.fold_session(sid, upto)


def test_every_sample_state_is_faithful_and_comes_back_the_same():
    count = 0
    for name, st in _sample_states():
        text = json.dumps(snapshots._plain(st), ensure_ascii=False, separators=(",", ":"))
        assert snapshots.faithful(st), name
        assert snapshots.same(snapshots.from_plain(json.loads(text)), st), name
        assert snapshots._state_text(st) == text
        count += 1
    assert count > 40


@pytest.mark.parametrize("spoil", ["int key", "tuple for a list", "nan", "a str subclass", "a set in options",
                                   "ext of another type", "a list subclass"])
def test_a_state_that_would_not_come_back_is_not_vouched_for(spoil):
    led, sid = _sample_ledger("dice-night-dropdead")
    st = led.fold_session(sid, led.store.last_seq(sid) // 2)
    assert st.seats and st.ext is not None and snapshots.faithful(st)

    class Text(str):
        pass

    class Items(list):
        pass

    if spoil == "int key":
        st.balances[7] = 0  # type: ignore[index]
    elif spoil == "tuple for a list":
        st.persistent = ("pot",)  # type: ignore[assignment]
    elif spoil == "nan":
        st.options["x"] = math.nan
    elif spoil == "a str subclass":
        st.seats[0].name = Text(st.seats[0].name)
    elif spoil == "a set in options":
        st.options["x"] = {1}
    elif spoil == "ext of another type":
        st.ext = {"not": "the game's dataclass"}
    elif spoil == "a list subclass":
        st.seats = Items(st.seats)
    assert not snapshots.faithful(st)
    assert snapshots._state_text(st) is None  # and the round trip says none of them comes back the same


@dataclasses.dataclass
class _Inner:
    a: int = 0
    b: Any = None


@dataclasses.dataclass
class _Outer:
    inner: _Inner = dataclasses.field(default_factory=_Inner)
    items: list[int] = dataclasses.field(default_factory=list)
    maybe: _Inner | None = None
    pair: tuple[str, int] = ("", 0)
    many: tuple[_Inner, ...] = ()
    table: dict[str, _Inner] = dataclasses.field(default_factory=dict)
    loose: Any = None
    either: list[int] | dict[str, int] | None = None


_leaves = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.text(max_size=3),
                    st.floats(allow_nan=True, allow_infinity=True))
_values = st.recursive(
    _leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.one_of(st.text(max_size=2), st.integers(0, 3)), inner, max_size=3),
        st.builds(_Inner, st.integers(), inner)), max_leaves=5)


_json = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=2), st.floats(allow_nan=False)),
                     lambda inner: st.one_of(st.lists(inner, max_size=2), st.dictionaries(st.text(max_size=2), inner,
                                                                                          max_size=2)), max_leaves=4)
_inners = st.builds(_Inner, st.integers(-10**20, 10**20), _json)
_PROPER = {
    "inner": _inners, "items": st.lists(st.one_of(st.integers(), st.none(), st.booleans(), st.text(max_size=2))),
    "maybe": st.one_of(st.none(), _inners), "pair": st.tuples(st.text(max_size=2), st.integers()),
    "many": st.lists(_inners, max_size=2).map(tuple), "table": st.dictionaries(st.text(max_size=2), _inners, max_size=2),
    "loose": _json, "either": st.one_of(st.none(), st.lists(st.integers()), st.dictionaries(st.text(), st.integers())),
}


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_faithful_vouches_only_for_what_comes_back_the_same(data):
    """Each field well typed (so that most values are vouched for), but for at most two drawn
    from anything; whatever `faithful` vouches for must come back from JSON the same."""
    odd = set(data.draw(st.lists(st.sampled_from(sorted(_PROPER)), max_size=2)))
    value = _Outer(**{name: data.draw(_values if name in odd else proper) for name, proper in _PROPER.items()})
    try:
        back = snapshots._build(_Outer, json.loads(json.dumps(snapshots._plain(value), ensure_ascii=False)))
        same = snapshots.same(back, value)
    except Exception:
        same = False
    if snapshots._faithful(_Outer)(value):
        assert same, value


@pytest.mark.parametrize("stem", ["compendium-night", "dealers-choice-night", "bluke-game"])
def test_a_sample_night_typed_line_by_line_leaves_the_table_the_log_folds_to(tmp_path, stem):
    """``potlog run -`` records each line on its own (no batch): every head this process kept
    (decided, not read back) is the log's table, key order and all."""
    from tests.conftest import Potlog

    script = (SAMPLES / f"{stem}.potlog").read_text(encoding="utf-8")
    potlog = Potlog(tmp_path / "night.db")
    potlog("run", "-", input=script)
    led = potlog.ledger()
    sessions = [sid for (sid,) in led.store.conn.execute("SELECT DISTINCT session_id FROM events")]
    assert sessions and sum(led.store.last_seq(sid) for sid in sessions) > 50
    for sid in sessions:
        assert snapshots.same(led.state(sid), led.fold_session(sid, checked=True)), sid
        snapshots.forget()
        assert snapshots.same(led.state(sid), led.fold_session(sid)), sid  # and the snapshot, read back
