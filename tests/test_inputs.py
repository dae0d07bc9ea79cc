"""Clean inputs (issue 10): hostile player names, what an import must refuse, integer and chip
bounds, and one transaction per import. Every refusal is one line, exit 1 or 2, nothing written;
every accepted name reads back, exports and imports again unchanged.

The CLI cases run through `cli.main.main`, the real entry point, in-process (as test_hostile)."""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import events as ev
from ledger.app import IMPORT_BATCH, Ledger
from ledger.commands import Award, Bet, Call, End, Join, NewHand, Note
from ledger.errors import InputError, PotlogError
from ledger.names import clean_name, name_problem, resolve, skeleton
from ledger.snapshots import forget
from ledger.store import Store
from tests.test_hostile import _fingerprint, _run

# ------------------------------------------------------------------------------ helpers


def _db(tmp_path: Path, *players: tuple[str, int], game: str = "freeform", name: str = "s") -> Path:
    db = tmp_path / "t.db"
    led = Ledger.open(str(db))
    led.new_session(game, list(players or [("Ann", 100), ("Ben", 100)]), name=name)
    led.close()
    return db


def _refused(args: list[str], db: Path, *, code: tuple[int, ...] = (1, 2), says: str = "") -> str:
    """Run potlog; it must refuse in one line with exit 1 or 2 and leave the log as it was."""
    before = _fingerprint(db) if db.exists() else None
    rc, out, err = _run(args, db)
    assert rc in code, (args, rc, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("potlog: ") and "Traceback" not in out + err, (args, err)
    assert "internal error" not in err
    if before is not None:
        assert _fingerprint(db) == before, args
    assert says in lines[0], (says, lines[0])
    return lines[0]


def _ok(args: list[str], db: Path) -> str:
    rc, out, err = _run(args, db)
    assert rc == 0, (args, rc, out, err)
    return out


def _export(db: Path, sid: str = "s") -> list[dict]:
    led = Ledger.open(str(db))
    lines = [json.loads(x) for x in led.export_lines(sid)]
    led.close()
    return lines


def _rechain(lines: list[dict], start: int = 0) -> list[dict]:
    """Make every hash from line `start` on right again, as a forger who knows the scheme would."""
    for i in range(start, len(lines)):
        if i:
            lines[i]["prev_hash"] = lines[i - 1]["hash"]
        lines[i]["hash"] = ev.line_hash(lines[i])
    return lines


def _write(path: Path, lines: list) -> Path:
    path.write_text("".join((x if isinstance(x, str) else json.dumps(x, ensure_ascii=False)) + "\n" for x in lines),
                    encoding="utf-8")
    return path


def _line(sid: str, seq: int, event: dict, prev: str, at: str = "2026-11-21T21:04:36.720Z") -> dict:
    line = {"session": sid, "seq": seq, "recorded_at": at, "prev_hash": prev, "hash": "", "event": event}
    line["hash"] = ev.line_hash(line)
    return line


def _chain(sid: str, events: list[dict]) -> list[dict]:
    out: list[dict] = []
    for i, e in enumerate(events, 1):
        out.append(_line(sid, i, json.loads(json.dumps(e)), out[-1]["hash"] if out else ev.GENESIS))
    return out


OPEN = {"type": "session_opened", "game": "freeform", "options": {"dice_sides": 6, "pack": "french52"}}


def _joined(name: str, buyin: int = 100) -> dict:
    return {"type": "player_joined", "player": name, "buyin": buyin}


# ------------------------------------------------------------------------------ names

HOSTILE_NAMES = [
    ("Ann\u200b", "invisible character U+200B ZERO WIDTH SPACE"),
    ("Ann\u202e", "text-direction character U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\u2066Ann", "text-direction character U+2066"),
    ("Ann\u2028Ben", "line break U+2028 LINE SEPARATOR"),
    ("Ann\u2029", "line break U+2029"),
    ("Ann\x85", "line break U+0085 NEXT LINE"),
    ("Ann\nBen", "line break U+000A"),
    ("Ann\x1b[31m", "control character U+001B ESCAPE"),
    ("Ann\x07", "control character U+0007 BELL"),
    ("Ann\ufe0f", "invisible character U+FE0F"),
    ("Ann\u2060", "invisible character U+2060 WORD JOINER"),
    ("Ann\u00adx", "invisible character U+00AD SOFT HYPHEN"),
    ("Ann\u00a0Lee", "special space U+00A0 NO-BREAK SPACE"),
    ("Ann\ue000", "private-use character U+E000"),
    ("Ann\U000e0041", "invisible character U+E0041"),
    (" Ann", "space at one end"),
    ("Ann ", "space at one end"),
    ("seat:Ann", "':'"),
    ("x" * 41, "at most 40"),
]


@pytest.mark.parametrize("name,why", HOSTILE_NAMES, ids=[repr(n)[:24] for n, _ in HOSTILE_NAMES])
def test_hostile_names_are_refused_naming_the_character(name, why):
    with pytest.raises(InputError) as info:
        clean_name(name)
    assert why in str(info.value)
    assert "\n" not in str(info.value) and "\u202e" not in str(info.value) and "\x1b" not in str(info.value)
    assert name_problem(name) is not None  # and the event models refuse it too (import, overrides)
    with pytest.raises(ValueError):
        ev.PlayerJoined(player=name, buyin=1)


def test_the_message_reads_as_the_issue_asks():
    with pytest.raises(InputError) as info:
        clean_name("Ann\u200b")
    assert str(info.value) == ("name 'Ann\\u200b' has an invisible character U+200B ZERO WIDTH SPACE: "
                               "use letters, digits, spaces and - ' .")


def test_lone_surrogates_are_refused():
    assert "surrogate U+D800" in (name_problem("A\ud800") or "")


@pytest.mark.parametrize("name,why", HOSTILE_NAMES[:8] + HOSTILE_NAMES[12:13], ids=repr)
def test_hostile_names_are_refused_by_new_and_join(name, why, tmp_path):
    _refused(["new", "freeform", "-p", f"{name}=10", "-p", "Ben=10"], tmp_path / "new.db", says=why)
    db = _db(tmp_path)
    _refused(["join", name, "5"], db, says=why)


@pytest.mark.parametrize("name,why", HOSTILE_NAMES, ids=[repr(n)[:24] for n, _ in HOSTILE_NAMES])
def test_hostile_names_are_refused_by_import(name, why, tmp_path):
    if name.startswith("seat:"):
        why = "':'"
    path = _write(tmp_path / "n.jsonl", _chain("n", [OPEN, _joined("Ben"), _joined(name)]))
    line = _refused(["import", str(path)], tmp_path / "i.db", says="line 3")
    assert why in line or "name" in line
    assert not _has_events(tmp_path / "i.db")


def test_nfc_is_stored_and_decomposed_input_finds_the_player(tmp_path):
    db = _db(tmp_path, ("Zoe\u0308", 50), ("Ben", 50))  # typed decomposed, as some keyboards do
    led = Ledger.open(str(db))
    assert [s.name for s in led.state("s").seats] == ["Zo\u00eb", "Ben"]
    led.execute("s", NewHand())
    rec = led.execute("s", Bet(player="Zoe\u0308", amount=5))
    assert rec[0].event.player == "Zo\u00eb"  # type: ignore[attr-defined]


LOOKALIKES = ["ann", "ANN", "Ａnn", "\u0410nn", "\u0391NN", "aNn"]  # fullwidth, Cyrillic A, Greek Alpha/Nu


@pytest.mark.parametrize("other", LOOKALIKES, ids=repr)
def test_confusable_duplicates_are_refused_when_seating(other, tmp_path):
    assert skeleton(other) == skeleton("Ann")
    _refused(["new", "freeform", "-p", "Ann=10", "-p", f"{other}=10"], tmp_path / "new.db", says="looks like Ann")
    db = _db(tmp_path)
    _refused(["join", other, "5"], db, says="looks like Ann")
    path = _write(tmp_path / "c.jsonl", _chain("c", [OPEN, _joined("Ann"), _joined(other)]))
    _refused(["import", str(path)], tmp_path / "i.db", says="looks like Ann")


def test_reserved_words_in_disguise_are_refused(tmp_path):
    db = _db(tmp_path)
    for word in ("POT", "Ｂoard", "b\u0430nk"):  # upper case, fullwidth, Cyrillic a
        _refused(["join", word, "5"], db, says="potlog keeps")


def test_a_player_who_left_rejoins_under_their_own_name(tmp_path):
    db = _db(tmp_path)
    _ok(["leave", "Ann"], db)
    out = _ok(["join", "ANN", "20"], db)
    assert "Ann sits down" in out
    led = Ledger.open(str(db))
    assert [s.name for s in led.state("s").seats] == ["Ann", "Ben"]


def test_commands_find_a_seated_player_in_any_case(tmp_path):
    db = _db(tmp_path)
    _ok(["hand"], db)
    assert "Ann bets 5" in _ok(["bet", "ann", "5"], db)
    assert "Ben calls 5" in _ok(["call", "BEN"], db)
    assert "Ann" in _ok(["pay", "ben", "ANN", "1"], db)
    assert "Ben" in _ok(["award", "ben"], db)
    assert "Ann" in _ok(["rebuy", "aNN", "10"], db)
    _refused(["bet", "Cy", "5"], db, says="Cy is not at the table")


def test_resolve_refuses_an_ambiguous_name():
    assert resolve("ann", ["Ann", "ANN"]) is None  # an old log with both: the exact name is needed
    assert resolve("ANN", ["Ann", "ANN"]) == "ANN"
    assert resolve("bob", ["Ann"]) is None


def _has_events(db: Path) -> bool:
    if not db.exists():
        return False
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT count(*) FROM events").fetchone()[0] > 0
    except sqlite3.Error:
        return False
    finally:
        conn.close()


NAMES = st.one_of(
    st.text(min_size=1, max_size=12),
    st.text(st.characters(codec="utf-8"), min_size=1, max_size=40),
    st.sampled_from([n for n, _ in HOSTILE_NAMES] + LOOKALIKES + ["Zoë", "José", "O'Neil", "Mary-Ann", "Dr. No",
                                                                   "李雷", "Ølaf", "ﬁona", "ß", "SS", "Ǆ"]),
)


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(name=NAMES)
def test_any_accepted_name_round_trips_and_plays(name):
    """Whatever name is accepted plays a hand under that name (also typed in another case), and
    reads back identically after export and import; whatever is refused is an `InputError`."""
    forget()  # the in-process memo keys states by path, and every example's path is ":memory:"
    led = Ledger(Store.open(":memory:"))
    led.new_session("freeform", [("Ben", 50)], name="h")
    try:
        rec = led.execute("h", Join(player=name, amount=50))
    except PotlogError as exc:
        assert isinstance(exc, InputError) or "keeps" in str(exc) or "already" in str(exc), exc
        assert led.store.last_seq("h") == 2
        return
    stored = rec[0].event.player  # type: ignore[attr-defined]
    assert stored == unicodedata.normalize("NFC", name) and name_problem(stored) is None
    assert all(unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in stored)
    assert skeleton(stored) != skeleton("Ben")
    led.execute("h", NewHand())
    typed = stored.swapcase() if resolve(stored.swapcase(), ["Ben", stored]) == stored else stored
    bet = led.execute("h", Bet(player=typed, amount=7))
    assert bet[0].event.player == stored  # type: ignore[attr-defined]
    led.execute("h", Call(player="Ben"))
    led.execute("h", Award(player=stored))
    led.execute("h", End())
    lines = list(led.export_lines("h"))
    other = Ledger(Store.open(":memory:"))
    result = other.import_lines(lines)
    assert result.added == {"h": len(lines)}
    a, b = led.state("h"), other.state("h")
    assert [s.name for s in b.seats] == ["Ben", stored] and b.stack(stored) == 57
    assert [s.name for s in a.seats] == [s.name for s in b.seats]
    assert other.import_lines(lines).skipped == {"h": len(lines)}


ODD_BUT_FINE = ["Zoë", "李雷", "O'Neil", "Mary-Ann", "Dr. No", "ß", "Ǆ", "😀", "Ølaf", "ﬁona", "Ann Lee", "x" * 40]


def test_accepted_names_read_back_through_state_export_and_import(tmp_path):
    db = tmp_path / "odd.db"
    _ok(["new", "freeform", "--name", "s", *[f"-p{n}=10" for n in ODD_BUT_FINE]], db)
    _ok(["hand"], db)
    _ok(["bet", "ZOË", "2"], db)
    _ok(["award", "zoë"], db)
    _ok(["end"], db)
    state = json.loads(_ok(["state", "--json"], db))
    assert [s["name"] for s in state["seats"]] == ODD_BUT_FINE
    assert "李雷 sits down" in _ok(["log"], db)
    path = tmp_path / "odd.jsonl"
    _ok(["export", "--format", "jsonl", "--out", str(path)], db)
    other = tmp_path / "other.db"
    assert f"{len(ODD_BUT_FINE) + 5} events added" in _ok(["import", str(path)], other)
    assert json.loads(_ok(["state", "--json", "--session", "s"], other)) == state


# ------------------------------------------------------------------------------ what import refuses

def _good(tmp_path: Path) -> list[dict]:
    """A short, valid freeform session as export lines."""
    return _chain("g", [
        OPEN, _joined("Ann"), _joined("Ben"),
        {"type": "hand_started", "hand": 1, "dealer": "Ann"},
        {"type": "cards_dealt", "to": "Ann", "cards": ["AS", "??"]},
        {"type": "bet", "player": "Ann", "amount": 10},
        {"type": "call", "player": "Ben", "amount": 10},
        {"type": "pot_awarded", "shares": [{"player": "Ann", "amount": 20}]},
        {"type": "hand_ended", "hand": 1},
        {"type": "transfer", "from_account": "seat:Ann", "to_account": "seat:Ben", "amount": 1},
    ])


def _mutate(lines: list[dict], seq: int, **event_fields) -> list[dict]:
    lines[seq - 1]["event"].update(event_fields)
    return _rechain(lines, seq - 1)


BAD_IMPORTS = {
    "card ZZZ": (lambda ls: _mutate(ls, 5, cards=["ZZZ"]), "line 5: card 'ZZZ' is not a card of the french52 pack"),
    "card in no pack": (lambda ls: _mutate(ls, 5, cards=["1E"]), "line 5: card '1E'"),
    "card lower case": (lambda ls: _mutate(ls, 5, cards=["as"]), "line 5: card 'as'"),
    "recorded_at not a date": (lambda ls: _rechain([{**x, "recorded_at": "not-a-date"} if x["seq"] == 4 else x
                                                    for x in ls], 3), "line 4: recorded_at 'not-a-date'"),
    "recorded_at month 13": (lambda ls: _rechain([{**x, "recorded_at": "2026-13-01T00:00:00Z"} if x["seq"] == 4
                                                  else x for x in ls], 3), "line 4: recorded_at"),
    "recorded_at not UTC": (lambda ls: _rechain([{**x, "recorded_at": "2026-11-21T21:04:36+02:00"} if x["seq"] == 4
                                                 else x for x in ls], 3), "line 4: recorded_at"),
    "unknown option": (lambda ls: _mutate(ls, 1, options={"pack": "french52", "wild": "deuces"}),
                       "line 1: freeform has no option 'wild'"),
    "bad option value": (lambda ls: _mutate(ls, 1, options={"pack": "uno"}), "line 1: option pack"),
    "unknown game": (lambda ls: _mutate(ls, 1, game="snap", options={}), "line 1: no game called 'snap'"),
    "transfer to a stranger": (lambda ls: _mutate(ls, 10, to_account="seat:Zed"), "line 10: 'Zed' has never sat"),
    "transfer from the bank": (lambda ls: _mutate(ls, 10, from_account="bank"), "line 10: chips come from the bank"),
    "bet by a stranger": (lambda ls: _mutate(ls, 6, player="Zed"), "line 6: 'Zed' has never sat"),
    "award to a stranger": (lambda ls: _mutate(ls, 8, shares=[{"player": "Zed", "amount": 20}]), "line 8: 'Zed'"),
    "dealer a stranger": (lambda ls: _mutate(ls, 4, dealer="Zed"), "line 4: 'Zed' has never sat"),
    "amount over the limit": (lambda ls: _mutate(ls, 10, amount=10**12 + 1), "line 10: event transfer.amount: Input should be less than or equal to 1000000000000"),
    "hand number huge": (lambda ls: _mutate(ls, 4, hand=10**16), "line 4: event hand_started.hand: Input should be less than or equal to"),
    "declared value huge": (lambda ls: _rechain(ls[:9] + [_line("g", 10, {"type": "declared", "name": "x",
                                                                          "value": 10**16}, "")], 9),
                            "line 10: event declared.value: Input should be less than or equal to 1000000000000000"),
    "5,000-digit integer": (lambda ls: ls[:9] + ['{"session":"g","seq":10,"recorded_at":"2026-11-21T21:04:36.720Z",'
                                                 '"prev_hash":"x","hash":"x","event":{"type":"rebuy","player":"Ann",'
                                                 '"amount":' + "9" * 5000 + "}}"], "line 10: not JSON"),
    "name with a zero-width space": (lambda ls: _mutate(ls, 3, player="Ben\u200b"), "line 3: event player_joined.player: name 'Ben\\u200b' has an invisible character"),
    "look-alike name": (lambda ls: _mutate(ls, 3, player="ANN"), "line 3: 'ANN' looks like Ann"),
}


@pytest.mark.parametrize("case", BAD_IMPORTS, ids=list(BAD_IMPORTS))
def test_import_refuses_what_would_break_the_session(case, tmp_path):
    mangle, expect = BAD_IMPORTS[case]
    good = _write(tmp_path / "good.jsonl", _good(tmp_path))
    bad = _write(tmp_path / "bad.jsonl", mangle(_good(tmp_path)))
    db = tmp_path / "i.db"
    _refused(["import", str(bad)], db, says=expect)
    assert not _has_events(db)
    assert "10 events added" in _ok(["import", str(good)], db)  # the unmangled file is fine


def test_a_pot_over_the_limit_is_refused_at_import_and_when_recording(tmp_path):
    big = 10**12
    lines = _chain("p", [OPEN, _joined("Ann", big), _joined("Ben", big),
                         {"type": "hand_started", "hand": 1, "dealer": "Ann"},
                         {"type": "bet", "player": "Ann", "amount": big},
                         {"type": "call", "player": "Ben", "amount": big}])
    _refused(["import", str(_write(tmp_path / "p.jsonl", lines))], tmp_path / "i.db",
             says="line 6: seq 6 breaks the chips: pot would hold 2000000000000 chips")
    db = _db(tmp_path, ("Ann", big), ("Ben", big))
    _ok(["hand"], db)
    _ok(["bet", "Ann", str(big)], db)
    _refused(["call", "Ben"], db, code=(1,), says="pot would hold 2000000000000 chips")
    _refused(["call", "Ben", "--override", "why not"], db, code=(1,), says="at most 1000000000000")
    _refused(["rebuy", "Ben", "1"], db, code=(1,), says="")  # fine: 10**12 + 1 in one seat is refused too
    assert "Ann" in _ok(["award", "Ann"], db)  # the pot that is there can still be paid out


def test_a_stack_over_the_limit_is_refused(tmp_path):
    db = _db(tmp_path, ("Ann", 10**12), ("Ben", 10))
    _refused(["pay", "Ben", "Ann", "1"], db, code=(1,), says="Ann would hold 1000000000001 chips")
    _refused(["new", "freeform", "-p", "Ann=1000000000001"], tmp_path / "n.db", code=(2,), says="Ann's buy-in")


@pytest.mark.parametrize("field,value", [("body", "different"), ("recorded_at", "2026-01-01T00:00:00.000Z")])
def test_a_stored_line_that_differs_is_not_already_there(field, value, tmp_path):
    """Same seq, same hash, different content: the old import reported it as already stored."""
    db = _db(tmp_path)
    lines = _export(db)
    if field == "body":
        lines[1]["event"]["buyin"] = 99
    else:
        lines[1]["recorded_at"] = value
    _refused(["import", str(_write(tmp_path / "d.jsonl", lines))], db, says="line 2: seq 2 of session s is already stored")
    assert "0 events added, 3 already there" in _ok(["import", str(_write(tmp_path / "e.jsonl", _export(db)))], db)


@pytest.mark.parametrize("args,code,says", [
    (["new", "freeform", "-p", "Ann=²"], 2, "not a whole number"),
    (["new", "freeform", "-p", "Ann=٣"], 2, "digits 0-9"),
    (["new", "freeform", "-p", "Ann=1" + "0" * 20], 2, "not a whole number"),
    (["award", "--share", "Ann=²"], 2, "not a whole number"),
    (["bet", "Ann", "²"], 2, ""),
    (["score", "Ann", "9" * 30], 1, ""),
])
def test_odd_numbers_are_usage_errors_not_crashes(args, code, says, tmp_path):
    db = _db(tmp_path)
    _ok(["hand"], db)
    _refused(args, db, code=(code,), says=says)


def test_a_5000_digit_integer_in_an_import_is_one_line(tmp_path):
    big = '{"session":"s","seq":1,"recorded_at":"2026-11-21T21:04:36.720Z","prev_hash":"0","hash":"0","event":' \
          '{"type":"session_opened","game":"freeform","options":{"dice_sides":' + "7" * 5000 + '}}}'
    _refused(["import", str(_write(tmp_path / "b.jsonl", [big]))], tmp_path / "i.db", code=(1,), says="line 1: not JSON")


# ------------------------------------------------------------------------------ one transaction

@pytest.fixture(scope="module")
def long_lines(tmp_path_factory) -> list[dict]:
    """A session of more than two import batches, as export lines: opened, two players, 5,000 notes."""
    db = tmp_path_factory.mktemp("long") / "long.db"
    led = Ledger.open(str(db))
    led.new_session("freeform", [("Ann", 10), ("Ben", 10)], name="long")
    bodies = [("note", ev.event_body(ev.Note(text=f"n{i}"))) for i in range(5000)]
    led.store.append("long", 4, bodies, "2026-11-21T21:04:36.720Z")
    lines = [json.loads(x) for x in led.export_lines("long")]
    led.close()
    return lines


def _import_is_atomic(tmp_path: Path, lines: list[dict]) -> bool:
    """A file refused at line 5,003 (two batches in) leaves nothing at all, in a database that
    already holds another session."""
    assert len(lines) == 5003 > 2 * IMPORT_BATCH
    bad = [dict(x) for x in lines]
    bad[-1] = {**bad[-1], "event": {"type": "note", "text": "changed after the fact"}}  # hash no longer matches
    db = tmp_path / "dst.db"
    if not db.exists():
        _db_into(db)
    before = _fingerprint(db)
    led = Ledger.open(str(db))
    try:
        led.import_lines(json.dumps(x) for x in bad)
        raise AssertionError("the bad file was accepted")
    except PotlogError as exc:
        assert str(exc).startswith("line 5003:"), exc
    finally:
        led.close()
    return _fingerprint(db) == before


def _db_into(db: Path) -> None:
    led = Ledger.open(str(db))
    led.new_session("freeform", [("Cy", 5)], name="other")
    led.close()


def test_an_import_refused_past_one_batch_leaves_nothing(tmp_path, long_lines):
    assert _import_is_atomic(tmp_path, long_lines)
    led = Ledger.open(str(tmp_path / "dst.db"))  # the good file then imports whole
    result = led.import_lines(json.dumps(x) for x in long_lines)
    assert result.added == {"long": 5003}


def test_mutation_committing_an_import_in_batches_is_caught(tmp_path, monkeypatch, long_lines):
    """The mutant: commit each batch as it goes. The atomicity check above must fail on it."""
    original = Store.insert_rows

    def insert_and_commit(self, rows):
        original(self, rows)
        if self.conn.in_transaction:
            self.conn.execute("COMMIT")
            self.conn.execute("BEGIN IMMEDIATE")

    monkeypatch.setattr(Store, "insert_rows", insert_and_commit)
    assert not _import_is_atomic(tmp_path, long_lines)


def test_a_no_op_reimport_does_not_wait_for_the_write_lock(tmp_path):
    """Every line already stored: compared without the write lock, so another writer holding it
    does not block the import (the old import took the lock first and waited out the timeout)."""
    db = _db(tmp_path)
    path = _write(tmp_path / "same.jsonl", _export(db))
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another potlog is writing, for a long time
    try:
        led = Ledger.open(str(db))
        led.store.conn.execute("PRAGMA busy_timeout = 200")
        assert led.import_lines(path.read_text(encoding="utf-8").splitlines()).skipped == {"s": 3}
        lines = _export(db)
        more = _rechain(lines + [dict(lines[-1], seq=4, event={"type": "note", "text": "new"})], 3)
        with pytest.raises(PotlogError, match="busy"):  # a line to write does need the lock
            led.import_lines(json.dumps(x) for x in more)
        led.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_an_import_racing_a_recorder_compares_again_under_the_lock(tmp_path):
    """Lines compared before the lock, then someone records before the import takes it: the
    import must look at the new head, not write over it."""
    db = _db(tmp_path)
    lines = _export(db)
    more = _rechain(lines + [dict(lines[-1], seq=4, event={"type": "note", "text": "from the file"})], 3)
    led, other = Ledger.open(str(db)), Ledger.open(str(db))

    def stream():
        yield from (json.dumps(x) for x in more[:3])
        other.execute("s", Note(text="recorded meanwhile"))  # seq 4 now exists
        yield json.dumps(more[3])

    with pytest.raises(PotlogError, match="line 4: seq 4 of session s is already stored"):
        led.import_lines(stream())
    assert led.store.last_seq("s") == 4
    led.close()
    other.close()
