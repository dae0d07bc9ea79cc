"""Issue 28, live append: what `Ledger.execute` writes per command is what it wrote before its
hot path was made quicker.

- the snapshot and checkpoint texts and their MACs are the `json` module's text, written by
  orjson only where it writes the very same (`snapshots._json_bytes`);
- a state holding a float is not vouched for by `faithful` any more: the JSON round trip
  decides, and its text is `json`'s, digits and all;
- the SQLite append reads the head as (seq, hash, is the row readable): an unreadable head is
  still refused by name, and nothing is written.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3

import pytest

from ledger import snapshots
from ledger.app import Ledger
from ledger.commands import Ante, NewHand, Note
from ledger.errors import Conflict, IntegrityError
from ledger.state import TableState


def _json(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("value", [
    {"a": [1, -2, 2**63 - 1, True, False, None], "b": {"c": "d\n\"\\\x00\x1f\x7f\u2028é€𝄞"}},
    ["".join(map(chr, range(0, 0xD800)))],
    ["".join(map(chr, range(0xE000, 0x110000, 7)))],
    ["a lone \ud800 surrogate"],  # orjson refuses it: json's text
    [2**64, -(2**63) - 1],  # past 64 bits: json's text
    {1: "an int key"},  # orjson refuses it: json writes "1"
    [],
    {},
])
def test_snapshot_json_is_what_the_json_module_writes(value):
    assert snapshots._json_bytes(value) == _json(value)
    assert snapshots._json_text(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("text", ['{"head":"x","state":{}}', "é\u2028\ud83d lone", ""])
def test_the_mac_is_the_documented_hmac_of_the_json_array(text):
    key = b"k" * 32
    want = hmac.new(key, _json(["potlog-snapshot/1", "night", 12, "1.0+abc", "h" * 64, text]), hashlib.sha256)
    assert snapshots.mac(key, "night", 12, "1.0+abc", "h" * 64, text) == want.hexdigest()
    want = hmac.new(key, _json(["potlog-snapshot/1", "night", 12, "1.0+abc", None, text]), hashlib.sha256)
    assert snapshots.mac(key, "night", 12, "1.0+abc", None, text) == want.hexdigest()


def _state() -> TableState:
    led = Ledger.open(":memory:")
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="night")
    led.execute(sid, NewHand())
    led.execute(sid, Ante(player="Ann", amount=1))
    return led.state(sid)


@pytest.mark.parametrize("number", [1e16, 1e-05, 0.1, 2.5])
def test_a_state_holding_a_float_is_cached_as_the_json_module_writes_it(number):
    st = _state()
    assert snapshots.faithful(st)
    assert snapshots._state_text(st) == json.dumps(snapshots._plain(st), ensure_ascii=False, separators=(",", ":"))
    st.options["x"] = number
    assert not snapshots.faithful(st)  # not vouched for: the round trip decides
    text = snapshots._state_text(st)
    assert text == json.dumps(snapshots._plain(st), ensure_ascii=False, separators=(",", ":"))
    assert repr(number) in text  # json's digits ("1e+16"), not orjson's ("1e16")
    assert snapshots.same(snapshots.from_plain(json.loads(text)), st)


def test_a_state_holding_nan_is_still_never_cached():
    st = _state()
    st.options["x"] = float("nan")
    assert not snapshots.faithful(st) and snapshots._state_text(st) is None


def test_an_unreadable_head_is_refused_by_name_and_nothing_is_written(tmp_path):
    """The live append checks the head with one query (seq, hash, readable); a head row
    written behind potlog's back is reported as the row it is, as before."""
    db = tmp_path / "t.db"
    led = Ledger.open(str(db))
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="night")
    led.execute(sid, Note(text="one"))  # the recorder now keeps its head
    head = led.store.last_seq(sid)
    raw = sqlite3.connect(db)
    raw.execute("DROP TRIGGER events_no_update")
    raw.execute("UPDATE events SET recorded_at = CAST(recorded_at AS BLOB) WHERE session_id = ? AND seq = ?",
                (sid, head))
    raw.commit()
    raw.close()
    with pytest.raises(IntegrityError, match=f"seq {head} of session night is not an event .*recorded_at is stored "
                                             "as BLOB"):
        led.execute(sid, Note(text="two"))
    with pytest.raises(IntegrityError):
        led.store.head(sid)
    n = sqlite3.connect(db).execute("SELECT count(*) FROM events WHERE session_id = ?", (sid,)).fetchone()[0]
    assert n == head


def test_a_head_another_recorder_moved_is_decided_again_not_overwritten(tmp_path):
    """The recorder decides on the head it kept (no read); another connection appended since:
    the append's head check finds it, and the command is decided again after it."""
    from ledger.store import Store

    db = tmp_path / "t.db"
    a = Ledger.open(str(db))
    sid = a.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="night")
    a.execute(sid, Note(text="a1"))
    other = Store.open(db)  # (its appends do not go through this thread's memo of heads)
    other.append(sid, other.last_seq(sid) + 1, [("note", '{"text":"b1","type":"note"}')], "2026-01-01T00:00:00.000Z")
    other.close()
    got = a.execute(sid, Note(text="a2"))
    texts = [json.loads(r[2])["text"] for r in a.store.rows(sid) if r[1] == "note"]
    assert texts == ["a1", "b1", "a2"]
    assert got[0].seq == a.store.last_seq(sid) and got[0].prev_hash == a.store.hash_at(sid, got[0].seq - 1)


def test_the_store_refuses_an_append_at_a_seq_that_is_not_next(tmp_path):
    led = Ledger.open(str(tmp_path / "t.db"))
    sid = led.new_session("freeform", [("Ann", 100)], name="night")
    last, h = led.store.head(sid)
    with pytest.raises(Conflict, match="moved on"):
        led.store.append_cached(sid, last + 2, [("note", '{"text":"x","type":"note"}')], "2026-01-01T00:00:00.000Z",
                                lambda written: [], h)
    with pytest.raises(Conflict, match="not the event this table was read with"):
        led.store.append_cached(sid, last + 1, [("note", '{"text":"x","type":"note"}')], "2026-01-01T00:00:00.000Z",
                                lambda written: [], "0" * 64)
    assert led.store.head(sid) == (last, h)
