"""Hostile input never gets a traceback: every recording command and `import` either record
something valid or refuse with exit 1 or 2 and one line on stderr, leaving the log as it was.

The commands run through `cli.main.main`, the real entry point, in-process."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.common import app
from cli.main import main
from cli.words import words_by_name
from ledger.app import Ledger
from ledger.commands import Ante, NewHand
from ledger.errors import PotlogError
from ledger.events import chain_hash
from tests.conftest import SAMPLES

def _name(info) -> str:
    from typer.main import get_command_name

    return info.name or get_command_name(info.callback.__name__)


# The games' own words are no Typer commands (the group resolves them against the session's
# game): a word only shows things when it does so in every game that has it.
WORDS = words_by_name()
READING = {"games", "sessions", "state", "log", "export", "verify", "audit", "replay", "settle", "serve",
           "run", "import"} | {name for name, games in WORDS.items() if all(w.view is not None for _, w in games)}
RECORDING = sorted(({_name(c) for c in app.registered_commands} | set(WORDS)) - READING)

NASTY = [
    "", " ", "Ann", "Ben", "Cy", "Zed", "ann", "Ann ", "'; DROP TABLE events; --", "Robert'); DELETE FROM events;--",
    "seat:Ann", "pot", "pot:side", "bank", "carry", "house", "board", "-", "--", "-1", "0", "1", "5", "-5", "007",
    "1e9", "99999999999999999999999999", str(10**12), str(10**12 + 1), "NaN", "inf", "☃", "Ä", "😀" * 20,
    "\x00", "\u202e", "x" * 300, "Ann\u200b", "Ann\u2028", "Ann\x85", "ANN", "\u0410nn", "Ａnn", "Ann\ufe0f",
    "Zoe\u0308", "\x1b[31mAnn", "AS", "10H", "K♠", "??", "1E", "T21", "Ann=5", "Ann=-5", "=", "Ann=x",
    "--override", "--json", "--count", "-n", "--amount", "--share", "--position", "--discard", "--up",
    "--reason", "--pot", "--sides", "--dealer", "--option", "-p", "-o", "--name", "pack=tarot",
]
ARG = st.one_of(st.sampled_from(NASTY), st.text(max_size=12), st.integers(-10**20, 10**20).map(str))
WHO = st.one_of(st.sampled_from(["Ann", "Ben", "Cy", "-", "board"]), ARG)
NUMBER = st.one_of(st.integers(-5, 150).map(str), st.sampled_from(["0", "1", "2", "100", "101", str(10**12)]), ARG)
CARD = st.one_of(st.sampled_from(["AS", "KH", "10D", "??", "2C", "QS", "1E", "12O", "HI"]), ARG)
# Half the time the shape a command expects (a player, an amount, cards), so the hostile part
# reaches the rules and the chips, not only the argument parser.
ARGS = st.one_of(
    st.lists(ARG, max_size=5),
    st.tuples(WHO, NUMBER, st.lists(st.one_of(CARD, NUMBER, ARG), max_size=3)).map(lambda t: [t[0], t[1], *t[2]]),
    st.tuples(WHO, st.lists(CARD, min_size=1, max_size=4)).map(lambda t: [t[0], *t[1]]),
    st.lists(st.tuples(WHO, NUMBER).map(lambda t: f"{t[0]}={t[1]}"), min_size=1, max_size=4),
    st.tuples(WHO, WHO, NUMBER).map(list),
)


def _fingerprint(db: Path) -> str:
    """Every stored event's seq and hash, per session: equal fingerprints, equal logs."""
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT session_id, seq, hash FROM events ORDER BY session_id, seq").fetchall()
    conn.close()
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


def _run(args: list[str], db: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = os.environ.get("POTLOG_DB")
    os.environ["POTLOG_DB"] = str(db)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    except SystemExit as exc:  # pragma: no cover - main returns, it does not exit
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        if old is None:
            os.environ.pop("POTLOG_DB", None)
        else:
            os.environ["POTLOG_DB"] = old
    return code, out.getvalue(), err.getvalue()


def _check(args: list[str], template: Path, work: Path) -> None:
    db = work / "h.db"
    for p in work.glob("h.db*"):
        p.unlink()
    shutil.copy(template, db)
    before = _fingerprint(db)
    code, out, err = _run(args, db)
    assert "Traceback" not in out + err, (args, out, err)
    if code == 0:
        return  # valid after all (a note saying DROP TABLE is a note): recorded, checked by the store
    assert code in (1, 2), (args, code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(("potlog: ", '{"error": ')) and len(lines[0]) > 12, (args, err)
    assert _fingerprint(db) == before, args


def _word_shape(word):
    """Arguments in the shape a game's word declares (`ledger.games.Param`), as `_shaped`."""
    parts = []
    for p in word.params:
        value = NUMBER if p.type is int else (st.one_of(CARD, WHO) if p.many or "card" in p.name else WHO)
        if "=" in (p.metavar or ""):  # NAME=N pairs, like bids (other garbage comes from ARGS)
            value = st.tuples(WHO, NUMBER).map(lambda t: f"{t[0]}={t[1]}")
        value = st.lists(value, min_size=1, max_size=3) if p.many else value.map(lambda v: [v])
        flag = (p.flags or (f"--{p.name.replace('_', '-')}",))[0]
        if p.kind == "flag":
            value = st.sampled_from([[], [flag]])
        elif p.kind == "option":
            value = st.one_of(st.just([]), value.map(lambda v, f=flag: [f, v[0]]))
        parts.append(value)
    return st.tuples(*parts).map(lambda t: [x for part in t for x in part]) if parts else st.just([])


def _shaped(command: str):
    """Arguments in the shape `command` declares (its arguments in order, some of its options),
    each filled with a plausible or hostile value, so the input reaches the rules and the chips."""
    import typing

    from typer.models import ArgumentInfo, OptionInfo

    if command in WORDS:  # the shape of the word in one of the games that have it
        return st.one_of(*[_word_shape(w) for _, w in WORDS[command]])
    info = next(c for c in app.registered_commands if _name(c) == command)
    hints = typing.get_type_hints(info.callback, include_extras=True)
    parts = []
    for pname, hint in hints.items():
        if pname in ("db", "session", "json", "return"):
            continue
        meta = next((m for m in getattr(hint, "__metadata__", ()) if isinstance(m, (ArgumentInfo, OptionInfo))), None)
        base = typing.get_args(hint)[0] if meta is not None else hint
        text = str(base)
        value = NUMBER if "int" in text else (st.one_of(CARD, WHO) if "List" in text or "list" in text else WHO)
        if "List" in text or "list" in text:
            value = st.lists(value, min_size=1, max_size=3)
        else:
            value = value.map(lambda v: [v])
        if isinstance(meta, OptionInfo):
            flag = (meta.param_decls or (f"--{pname.replace('_', '-')}",))[0]
            if "bool" in text:
                value = st.sampled_from([[], [flag]])
            else:
                value = st.one_of(st.just([]), value.map(lambda v, f=flag: [f, v[0]]))
        parts.append(value)
    return st.tuples(*parts).map(lambda t: [x for part in t for x in part]) if parts else st.just([])


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> list[Path]:
    """One database per game: a session in the middle of a hand (when the game lets one start)."""
    root = tmp_path_factory.mktemp("hostile")
    made = []
    from ledger.games import available

    for game in available():
        db = root / f"{game}.db"
        led = Ledger.open(str(db))
        for buyin in (100, 30, 50, 20, 200, 10):  # a game may fix the buy-in (a cave of 30 ...)
            try:
                sid = led.new_session(game, [("Ann", buyin), ("Ben", buyin), ("Cy", buyin)], name=f"{game}-night")
                break
            except PotlogError:
                continue
        else:
            led.close()
            continue
        for cmd in (NewHand(), Ante(player="Ann", amount=1)):
            try:
                led.execute(sid, cmd)
            except Exception:  # a game may not take this command here; the session is still useful
                pass
        led.close()
        made.append(db)
    return made


@pytest.fixture(scope="module", autouse=True)
def _in_a_scratch_directory(tmp_path_factory):
    """What a command writes to a relative path (seal --out Cy) lands in a scratch directory,
    never in the working tree."""
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp_path_factory.mktemp("hostile-cwd"))
        yield


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("hostile-work")


FAST = settings(max_examples=15, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.mark.parametrize("command", RECORDING)
@FAST
@given(data=st.data(), which=st.integers(0, 100))
def test_hostile_arguments_to_every_recording_command(command, data, which, tables, work):
    args = data.draw(st.one_of(ARGS, _shaped(command), _shaped(command)))
    _check([command, *args], tables[which % len(tables)], work)


def test_every_recording_command_is_covered():
    for verb in ("new", "join", "hand", "deal", "bet", "call", "raise", "award", "pay", "void", "close", "note"):
        assert verb in RECORDING
    assert WORDS, "no game declares words of its own"
    for word, games in WORDS.items():  # every game word is fuzzed, or only shows things
        assert word in RECORDING or all(w.view is not None for _, w in games), word


# ------------------------------------------------------------------------------ import

SAMPLE_LINES = (SAMPLES / "freeform-night.jsonl").read_text(encoding="utf-8").splitlines()

JSON_VALUE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False),
              st.text(max_size=20), st.sampled_from(NASTY)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=8,
)


@st.composite
def hostile_line(draw) -> tuple[int, str]:
    """(how many good lines come first, a bad line): the bad line is garbage text, or a real
    line with one field changed, dropped or added; with its hash made right about half the time,
    so the damage reaches validation and the chip checks rather than stopping at the chain."""
    k = draw(st.integers(1, len(SAMPLE_LINES) - 1))
    kind = draw(st.sampled_from(["text", "field", "event-field", "drop", "type"]))
    if kind == "text":
        return k, draw(st.one_of(st.text(max_size=200), st.sampled_from(["{", "[]", "null", "1", '"x"', "{}"])))
    obj = json.loads(SAMPLE_LINES[k])
    if kind == "field":
        obj[draw(st.sampled_from(["session", "seq", "recorded_at", "prev_hash", "hash", "event"]))] = draw(JSON_VALUE)
    elif kind == "drop":
        obj["event"].pop(draw(st.sampled_from(sorted(obj["event"]))))
    elif kind == "type":
        obj["event"]["type"] = draw(st.sampled_from(["bogus", "void", "session_opened", "transfer", "pot_awarded",
                                                     "BET", "", "player_joined"]))
    else:
        key = draw(st.one_of(st.sampled_from(sorted(obj["event"])), st.sampled_from(
            ["amount", "player", "buyin", "target", "cards", "shares", "from_account", "to_account", "pot", "extra"])))
        obj["event"][key] = draw(JSON_VALUE)
    if draw(st.booleans()) and isinstance(obj.get("event"), dict) and isinstance(obj.get("prev_hash"), str):
        try:
            body = json.dumps(obj["event"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            obj["hash"] = chain_hash(obj["prev_hash"], body, session=obj.get("session"), seq=obj.get("seq"),
                                     etype=obj["event"].get("type"), recorded_at=obj.get("recorded_at"))
        except (TypeError, ValueError):
            pass
    return k, json.dumps(obj, ensure_ascii=False)


@settings(FAST, max_examples=60)
@given(case=hostile_line(), rest=st.booleans())
def test_hostile_import_lines_are_refused_whole(case, rest, tables, work, tmp_path_factory):
    k, bad = case
    lines = SAMPLE_LINES[:k] + [bad] + (SAMPLE_LINES[k + 1:] if rest else [])
    path = work / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _check(["import", str(path)], tables[0], work)


@pytest.mark.parametrize("text", [
    "not json at all", '{"session": "x"}', "[1, 2, 3]", '{"event": {"type": "bet"}}', "\ufeff{}",
    '{"session":"s","seq":1e400,"recorded_at":"","prev_hash":"","hash":"","event":{}}',
    '{"session":"s","seq":1,"recorded_at":"x","prev_hash":"0","hash":"0","event":{"type":"session_opened","game":"freeform"}}',
    "[" * 100000,
])
def test_garbage_import_files(text, tables, work):
    path = work / "garbage.jsonl"
    path.write_text(text + "\n", encoding="utf-8")
    _check(["import", str(path)], tables[0], work)


def test_binary_and_missing_import_files(tables, work):
    path = work / "binary.jsonl"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    _check(["import", str(path)], tables[0], work)
    _check(["import", str(work / "nowhere.jsonl")], tables[0], work)


@pytest.fixture
def slow_only(request):
    """The long variants run only when asked for: ``pytest -m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long variant: run with -m slow")


@pytest.mark.slow
@pytest.mark.usefixtures("slow_only")
@pytest.mark.parametrize("command", RECORDING)
@settings(FAST, max_examples=200, derandomize=False)
@given(data=st.data(), which=st.integers(0, 100))
def test_many_hostile_arguments(command, data, which, tables, work):
    args = data.draw(st.one_of(ARGS, _shaped(command), _shaped(command)))
    _check([command, *args], tables[which % len(tables)], work)


@pytest.mark.slow
@pytest.mark.usefixtures("slow_only")
@settings(FAST, max_examples=1500, derandomize=False)
@given(case=hostile_line(), rest=st.booleans())
def test_many_hostile_import_lines(case, rest, tables, work):
    k, bad = case
    lines = SAMPLE_LINES[:k] + [bad] + (SAMPLE_LINES[k + 1:] if rest else [])
    path = work / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _check(["import", str(path)], tables[0], work)
