"""Exports and terminal output that cannot be turned against the user (issue 10).

- ``export --out``: never the open database (nor its -wal/-shm/-journal, nor a link to it),
  never an existing file without --force, always written to a temporary file renamed into
  place; a missing directory or a directory as target is one line, not exit 70.
- CSV: text cells that a spreadsheet would run as a formula are prefixed with ``'``;
  integer columns stay numbers.
- Text hand history and beancount: user text cannot forge a line; control characters and
  bidi overrides are shown escaped; beancount strings stay valid.
- The terminal: user text is shown with control characters escaped and never read as rich
  markup or emoji codes.
"""

from __future__ import annotations

import csv
import io
import json
import os
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Potlog
from ledger.commands import Award, End, NewHand, Note, Pay, Void

FORMULA = ("=", "+", "-", "@", "\t", "\r")
LINE_BREAKS = ["\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
HOSTILE = ["\x1b[2J", "\x07", "\x08", "\x7f", "\x9b31m", "\u202e", "\u2066", "\u2069", "\u200f", "\ufeff", "\u200b"]


def _opened(potlog: Potlog) -> Potlog:
    potlog("new", "freeform", "--name", "night", "-p", "Ann=100", "-p", "Ben=100")
    return potlog


def _events(potlog: Potlog) -> list[dict]:
    return json.loads(potlog("log", "--json").output)


def _raw_controls(text: str) -> list[str]:
    """Characters a terminal or a line reader would act on, other than the line ends we expect."""
    return [ch for ch in text if ch not in "\n" and (unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"))]


def _one_clear_line(result) -> str:
    assert result.exit_code in (1, 2), (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and "internal error" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


# ----------------------------------------------------------------------------- export --out


@pytest.mark.sqlite_only
@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
@pytest.mark.parametrize("target", ["db", "db-wal", "db-shm", "symlink", "hardlink", "relative"])
def test_out_never_writes_over_the_open_database(potlog: Potlog, db_path: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch, target: str, force: bool):
    _opened(potlog)
    potlog("pay", "Ann", "Ben", "5", "--reason", "side bet")
    before = _events(potlog)
    if target == "db":
        out = str(db_path)
    elif target in ("db-wal", "db-shm"):
        out = str(db_path) + target[2:]
        if not Path(out).exists():  # the sibling may be gone once the last connection closed
            Path(out).write_bytes(b"")
    elif target == "symlink":
        out = str(tmp_path / "link.csv")
        os.symlink(db_path, out)
    elif target == "hardlink":
        out = str(tmp_path / "hard.csv")
        os.link(db_path, out)
    else:
        monkeypatch.chdir(tmp_path)
        out = os.path.join(".", "sub", "..", db_path.name)
        (tmp_path / "sub").mkdir()
    size = os.path.getsize(db_path)
    r = potlog("export", "--all", "-f", "csv", "-o", out, *(["--force"] if force else []), ok=False)
    line = _one_clear_line(r)
    assert "database" in line
    assert os.path.getsize(db_path) == size
    assert _events(potlog) == before
    assert potlog("verify").exit_code == 0


def test_out_at_an_existing_file_needs_force(potlog: Potlog, tmp_path: Path):
    _opened(potlog)
    target = tmp_path / "keep.txt"
    target.write_text("precious\n", encoding="utf-8")
    r = potlog("export", "-f", "csv", "-o", str(target), ok=False)
    line = _one_clear_line(r)
    assert "--force" in line and "exists" in line
    assert target.read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@pytest.mark.sqlite_only
def test_out_with_force_replaces_the_file_whole(potlog: Potlog, tmp_path: Path):
    _opened(potlog)
    target = tmp_path / "night.csv"
    target.write_text("old\n", encoding="utf-8")
    os.chmod(target, 0o640)
    inode = target.stat().st_ino
    potlog("export", "-f", "csv", "-o", str(target), "--force")
    text = target.read_bytes().decode("utf-8")
    assert text == _library_export(Path(potlog.db), "csv", ["night"]) and text.startswith('"session"')
    assert target.stat().st_ino != inode  # a new file renamed into place, not the old one rewritten
    assert (target.stat().st_mode & 0o777) == 0o640  # keeps the mode of the file it replaces
    assert [p.name for p in tmp_path.iterdir() if p.name != target.name and p.suffix != ".db"
            and "potlog.db" not in p.name] == []


def test_a_failed_export_leaves_the_old_file_and_nothing_half_written(potlog: Potlog, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch):
    import ledger.export.csv_format as csv_format

    _opened(potlog)
    target = tmp_path / "night.csv"
    target.write_text("old\n", encoding="utf-8")

    def broken(ledger, sessions, out):
        out.write("session,seq\r\nhalf")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(csv_format, "write", broken)
    r = potlog("export", "-f", "csv", "-o", str(target), "--force", ok=False)
    _one_clear_line(r)
    assert target.read_text(encoding="utf-8") == "old\n"
    new = tmp_path / "new.csv"
    r = potlog("export", "-f", "csv", "-o", str(new), ok=False)
    _one_clear_line(r)
    assert not new.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["night.csv", *[p.name for p in tmp_path.iterdir()
                                                                               if "potlog.db" in p.name]])


@pytest.mark.parametrize("where", ["/nonexistent/x", "missing-dir/x.csv", "DIR", "DIR/"])
def test_out_in_a_missing_directory_or_at_a_directory_is_one_line(potlog: Potlog, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch, where: str):
    _opened(potlog)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "DIR").mkdir()
    r = potlog("export", "-f", "csv", "-o", where, ok=False)
    line = _one_clear_line(r)
    assert r.exit_code != 70
    assert ("directory" in line) and ("'-'" in line or "stdout" in line)
    assert list((tmp_path / "DIR").iterdir()) == []


def test_out_dash_and_no_out_write_to_stdout(potlog: Potlog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    _opened(potlog)
    monkeypatch.chdir(tmp_path)
    plain = potlog("export").output
    dash = potlog("export", "-o", "-").output
    assert plain == dash and plain.count("\n") == 3
    assert not (tmp_path / "-").exists()


def test_out_to_a_new_file_writes_it(potlog: Potlog, tmp_path: Path):
    _opened(potlog)
    target = tmp_path / "night.jsonl"
    r = potlog("export", "-o", str(target))
    assert target.read_text(encoding="utf-8") == potlog("export").output
    assert "wrote" in r.output


# ----------------------------------------------------------------------------- CSV


def _csv_rows(potlog: Potlog) -> list[list[str]]:
    return list(csv.reader(io.StringIO(potlog("export", "-f", "csv").output)))


def test_csv_formula_in_a_reason_is_neutralised(potlog: Potlog):
    _opened(potlog)
    potlog("pay", "Ann", "Ben", "7", "--reason", '=HYPERLINK("http://x","click")')
    potlog("pay", "Ben", "Ann", "2", "--reason", "-2+3")
    potlog("pay", "Ben", "Ann", "1", "--reason", "@SUM(A1)")
    rows = _csv_rows(potlog)
    header, body = rows[0], rows[1:]
    reasons = [r[header.index("reason")] for r in body]
    assert "'=HYPERLINK(\"http://x\",\"click\")" in reasons
    assert "'-2+3" in reasons and "'@SUM(A1)" in reasons
    for r in body:
        assert int(r[header.index("amount")]) > 0 and int(r[header.index("seq")]) > 0
        for cell in r:
            assert not cell.startswith(FORMULA), r


def _library_export(db: Path, fmt: str, sessions: list[str]) -> str:
    from ledger.app import Ledger
    from ledger.export import writer

    led = Ledger.open(str(db))
    try:
        buf = io.StringIO(newline="")
        writer(fmt)(led, sessions, buf)
        return buf.getvalue()
    finally:
        led.close()


def _record(db: Path, sid: str, *commands) -> None:
    from ledger.app import Ledger

    led = Ledger.open(str(db))
    try:
        for cmd in commands:
            led.execute(sid, cmd)
    finally:
        led.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(reason=st.one_of(
    st.builds(lambda head, tail: head + tail, st.sampled_from(FORMULA + ("\uff1d", "\uff0b", "\uff0d", "\uff20")),
              st.text(max_size=40)),
    st.text(min_size=1, max_size=60)).filter(lambda s: "\x00" not in s))
def test_every_csv_text_cell_is_safe_and_reads_back(tmp_path_factory: pytest.TempPathFactory, reason: str):
    from ledger.commands import Pay

    db = tmp_path_factory.mktemp("csvprop") / "p.db"
    Potlog(db)("new", "freeform", "--name", "p", "-p", "Ann=100", "-p", "Ben=100")
    _record(db, "p", Pay(source="Ann", to="Ben", amount=3, reason=reason))
    rows = list(csv.reader(io.StringIO(_library_export(db, "csv", ["p"]), newline="")))
    header = rows[0]
    for row in rows[1:]:
        assert len(row) == len(header)
        for col, cell in zip(header, row):
            assert not cell.startswith(FORMULA), (col, cell)
            if col in ("seq", "amount"):
                assert int(cell) > 0
    last = rows[-1][header.index("reason")]
    assert last == ("'" + reason if reason.startswith(FORMULA) else reason) or \
        (reason[:1] in "\uff1d\uff0b\uff0d\uff20" and last == "'" + reason)


# ----------------------------------------------------------------------------- text history


def _text_lines(potlog: Potlog) -> list[str]:
    return potlog("export", "-f", "text").output.split("\n")


@pytest.mark.sqlite_only  # (a second database next to the file)
def test_a_note_with_newlines_does_not_forge_lines_in_the_text_history(potlog: Potlog):
    _opened(potlog)
    potlog("hand")
    potlog("note", "x")
    potlog("bet", "Ann", "5")
    potlog("fold", "Ben")
    potlog("award", "Ann")
    potlog("end")
    honest = _text_lines(potlog)
    potlog("void", "5", "--reason", "x")  # voids the note "x": a line in the history too
    base = len(_text_lines(potlog))
    forged = "x\n*** SUMMARY ***\nSeat 2: Ben (dealer) collected (1000)\u2028Seat 1: Ann\x85z\rq"
    other = Potlog(Path(potlog.db).with_name("other.db"))
    _opened(other)
    other("hand")
    other("note", forged)
    other("bet", "Ann", "5")
    other("fold", "Ben")
    other("award", "Ann")
    other("end")
    other("void", "5", "--reason", forged)
    lines = _text_lines(other)
    assert len(lines) == base
    text = "\n".join(lines)
    assert lines.count("*** SUMMARY ***") == 1
    assert "\\n*** SUMMARY ***\\n" in text and "\\u2028" in text and "\\x85" in text and "\\r" in text
    assert _raw_controls(text) == []
    assert len(honest) < base


def test_control_and_bidi_characters_are_escaped_in_the_text_history(potlog: Potlog):
    potlog("new", "freeform", "--name", "bidi", "-p", "Ann=100", "-p", "Ben=100",
           "--title", "Fri\u202eyad\u202c \x1b[31m")
    potlog("hand")
    potlog("note", "ring\x07 \x1b]0;pwned\x07 \u2066x\u2069 \x9b2J \x7f")
    potlog("end")
    text = potlog("export", "-f", "text").output
    assert _raw_controls(text) == []
    assert "\\u202e" in text and "\\x1b" in text and "\\x07" in text and "\\u2066" in text
    assert "\\x9b" in text and "\\x7f" in text


def _hand_with_note(db: Path, note: str, *, cli: bool) -> str:
    """A session whose title, a note, a payment's reason, a void's reason and a note after
    the hand are `note`; its text history. Recorded through the CLI (`cli`) or the library."""
    from ledger.app import Ledger

    commands = [Pay(source="Ann", to="Ben", amount=1, reason="x"), NewHand(),
                Note(text=note), Pay(source="Ann", to="pot", amount=2, reason=note[:200]),
                Void(target=6, reason=note[:500]), Award(player="Ben"), End(),
                Note(text=note)]
    if cli:
        pl = Potlog(db)
        pl("new", "freeform", "--name", "h", "-p", "Ann=100", "-p", "Ben=100", "--title", note[:200])
        for args in (("pay", "Ann", "Ben", "1", "--reason", "x"), ("hand",), ("note", note),
                     ("pay", "Ann", "pot", "2", "--reason", note[:200]), ("void", "6", "--reason", note[:500]),
                     ("award", "Ben"), ("end",), ("note", note)):
            pl(*args)
    else:
        led = Ledger.open(str(db))
        try:
            led.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="h", title=note[:200])
            for cmd in commands:
                led.execute("h", cmd)
        finally:
            led.close()
    return _library_export(db, "text", ["h"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(note=st.text(min_size=1, max_size=80).filter(lambda s: "\x00" not in s and s.strip() == s))
def test_any_text_gives_the_same_number_of_lines_in_the_text_history(tmp_path_factory: pytest.TempPathFactory,
                                                                     note: str):
    """A note, a reason, a void's reason and the title are any text: the history has exactly
    the lines it has with the text 'x' in their place."""
    where = tmp_path_factory.mktemp("textprop")
    text = _hand_with_note(where / "t.db", note, cli=False)
    expected = _REFERENCE.get("x") or _REFERENCE.setdefault("x", _hand_with_note(where / "r.db", "x", cli=True))
    assert len(text.split("\n")) == len(expected.split("\n"))
    assert len(text.splitlines()) == len(expected.splitlines())
    assert _raw_controls(text) == []


_REFERENCE: dict[str, str] = {}


@pytest.mark.parametrize("bad", LINE_BREAKS + HOSTILE, ids=lambda c: c.encode("unicode_escape").decode())
def test_each_line_break_and_control_character_is_shown_escaped(potlog: Potlog, bad: str):
    _opened(potlog)
    potlog("hand")
    potlog("note", f"a{bad}b")
    potlog("pay", "Ann", "pot", "1", "--reason", f"c{bad}d")
    potlog("award", "Ann")
    potlog("end")
    text = potlog("export", "-f", "text").output
    log = potlog("log").output
    bean = potlog("export", "-f", "beancount").output
    for out in (text, log, bean):
        assert f"a{bad}b" not in out and f"c{bad}d" not in out and _raw_controls(out.replace("\n", "")) == []
    shown = bad.encode("unicode_escape").decode()  # Python's spelling: \n, \x1b, \u202e
    assert f"a{shown}b" in text and f"c{shown}d" in text and f"a{shown}b" in log
    assert len(text.split("\n")) == len(text.splitlines()) + 1


# ----------------------------------------------------------------------------- beancount and json


def test_beancount_strings_are_escaped_and_still_load(potlog: Potlog):
    from beancount import loader

    _opened(potlog)
    reason = 'say "hi" \\ there\nnext line\x1b[31m\u202e'
    potlog("pay", "Ann", "Ben", "3", "--reason", reason)
    bean = potlog("export", "-f", "beancount").output
    assert _raw_controls(bean) == []
    entries, errors, _ = loader.load_string(bean)
    assert errors == []
    narrations = [getattr(e, "narration", "") for e in entries]
    assert any("say \"hi\"" in n and "\\x1b" in n and "\\u202e" in n and "\\n" in n for n in narrations), narrations


def test_jsonl_and_json_keep_the_data_and_never_carry_raw_line_breaks(potlog: Potlog, tmp_path: Path):
    _opened(potlog)
    note = "a\u2028b\u2029c\x85d\x1be\u202ef \x7f"
    potlog("note", note)
    raw = potlog("export").output
    lines = raw.split("\n")[:-1]
    assert len(lines) == len(raw.splitlines()) == 4  # no line breaks a line reader would split on
    assert json.loads(lines[-1])["event"]["text"] == note
    assert _raw_controls(raw.replace("\n", "")) == []
    (tmp_path / "x.jsonl").write_text(raw, encoding="utf-8")
    other = Potlog(tmp_path / "other.db")
    other("import", str(tmp_path / "x.jsonl"))
    assert other("export").output == raw
    assert json.loads(other("log", "--json").output)[-1]["hash"] == json.loads(lines[-1])["hash"]
    doc_text = potlog("export", "-f", "json").output
    assert _raw_controls(doc_text.replace("\n", "")) == []
    doc = json.loads(doc_text)
    assert any(a["event"].get("text") == note for a in doc["sessions"][0]["table_events"])


# ----------------------------------------------------------------------------- the terminal


def test_escape_and_bell_in_a_note_are_escaped_in_log(potlog: Potlog):
    _opened(potlog)
    potlog("note", "ding\x07 \x1b[2J\x1b]0;title\x07 done")
    out = potlog("log").output
    assert "\x1b" not in out and "\x07" not in out
    assert "ding\\x07 \\x1b[2J\\x1b]0;title\\x07 done" in out


def test_markup_and_emoji_codes_in_user_text_print_literally(potlog: Potlog):
    _opened(potlog)
    potlog("note", "[red]x[/red] :smile: [bold]")
    potlog("pay", "Ann", "pot:[red]p[/red]", "3")
    log = potlog("log").output
    assert "[red]x[/red] :smile: [bold]" in log
    state = potlog("state").output
    assert "pot:[red]p[/red] 3" in state


def test_title_and_names_with_controls_are_escaped_in_state_sessions_and_audit(potlog: Potlog):
    potlog("new", "freeform", "--name", "t", "-p", "Ann=100", "-p", "Ben=100",
           "--title", "Fri\u202e \x1b[31m:smile: [b]")
    potlog("pay", "Ann", "Ben", "3", "--reason", "r\x1b[5m\u2028x\u202ey")
    for cmd in (("state",), ("sessions",), ("audit",), ("replay", "--to", "4")):
        out = potlog(*cmd).output
        assert _raw_controls(out) == [], (cmd, out)
        assert ":smile:" in out or cmd[0] != "state", (cmd, out)


# ----------------------------------------------------------------------------- the one escaping rule


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_printable_leaves_nothing_a_terminal_acts_on_and_keeps_ordinary_text(text: str):
    from ledger.text import is_printable, json_safe, printable

    shown = printable(text)
    assert _raw_controls(shown) == []
    assert len(shown.splitlines()) <= 1
    ordinary = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Zl", "Zp"))
    assert printable(ordinary) == ordinary and is_printable(ordinary)
    assert is_printable(text) == (shown == text)
    encoded = json.dumps({"t": text}, ensure_ascii=False)
    assert json.loads(json_safe(encoded)) == {"t": text}
    assert _raw_controls(json_safe(encoded)) == []


def test_printable_spells_escapes_as_python_does():
    from ledger.text import csv_cell, printable

    assert printable("a\nb\tc\rd") == "a\\nb\\tc\\rd"
    assert printable("\x1b[31m\x07\x7f\x85\x9b") == "\\x1b[31m\\x07\\x7f\\x85\\x9b"
    assert printable("\u202eevil\u202c \u2066x\u2069 \u2028 \u200b") == "\\u202eevil\\u202c \\u2066x\\u2069 \\u2028 \\u200b"
    assert printable("Zoë ♠ 10 € C:\\path [b] 😀") == "Zoë ♠ 10 € C:\\path [b] 😀"
    assert [csv_cell(x) for x in ("=1+1", "+1", "-10", "@x", "\tx", "\rx", "＝1", "a=b", "", "'=x")] == \
        ["'=1+1", "'+1", "'-10", "'@x", "'\tx", "'\rx", "'＝1", "a=b", "", "'=x"]
