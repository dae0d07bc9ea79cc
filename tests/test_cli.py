"""The CLI end to end: recording, refusals, run files, import/export, help, a real subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from cli.common import app

NIGHT = """\
# a short freeform night
new freeform --name fri -p Ann=100 -p Ben=100 -p Cy=60 --title "Friday"
hand
deal Ann -n 2
deal Ben -n 2
deal Cy 9H 9D --up
bet Ann 10
call Ben
raise Cy 10
call Ann
fold Ben
reveal Ann AS KS
award Cy
end
hand
bet Ben 5
fold Cy
fold Ann
carry
end
hand
bet Cy 4
call Ann
award Ann
end
pay Ann Ben 3 --reason "side bet"
count Ben 103
"""


def stacks(potlog):
    data = json.loads(potlog("state", "--json").output)
    return {s["name"]: s["stack"] for s in data["seats"]}, data


def test_run_file_records_a_night(potlog, tmp_path):
    r = potlog.run_script(NIGHT, tmp_path)
    assert "ran 26 commands" in r.output
    s, data = stacks(potlog)
    # hand 1: pot 20+10+20 to Cy -> Cy 90, Ann 80, Ben 90; hand 2: Ben's 5 rides (Ben 85);
    # hand 3: pot 5+4+4 to Ann -> Ann 89, Cy 86; then Ann pays Ben 3
    assert s == {"Ann": 86, "Ben": 88, "Cy": 86}
    assert sum(s.values()) == 260 and data["accounts"]["pot"] == 0 and data["accounts"]["carry"] == 0
    assert data["hands_played"] == 3


def test_run_stops_at_the_first_refused_line(potlog, tmp_path):
    script = "new freeform --name x -p Ann=10 -p Ben=10\nhand\nbet Ann 5\nbet Ben 50\ncall Ben\n"
    r = potlog.run_script(script, tmp_path, ok=False)
    assert r.exit_code == 1
    assert "line 4: Ben faces a bet of 5" in r.output
    log = json.loads(potlog("log", "--json").output)
    assert log[-1]["event"] == {"type": "bet", "player": "Ann", "amount": 5}


def test_run_reports_usage_errors_with_line_number(potlog, tmp_path):
    r = potlog.run_script("new freeform --name x -p Ann=10\nbet Ann\n", tmp_path, ok=False)
    assert r.exit_code == 2 and "line 2:" in r.output and "Missing argument" in r.output


def test_override_records_a_ruling(potlog):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    potlog("bet", "Ann", "5")
    assert potlog("check", "Ben", ok=False).exit_code == 1
    potlog("check", "Ben", "--override", "the table let it go")
    last = json.loads(potlog("log", "--json", "--last", "1").output)[0]
    assert last["event"] == {"type": "check", "player": "Ben", "ruling": "the table let it go"}
    assert "table ruling" in potlog("log").output


def test_chip_breaking_commands_cannot_be_overridden(potlog):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    r = potlog("bet", "Ann", "50", "--override", "please", ok=False)
    assert r.exit_code == 1 and "Ann would be left with -40 chips" in r.output


def test_void_rebuilds_the_table(potlog):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    potlog("bet", "Ann", "5")  # seq 5
    r = potlog("void", "5", ok=False)
    assert r.exit_code == 1 and "reason" in r.output
    potlog("void", "5", "--reason", "misheard: Ann checked")
    s, data = stacks(potlog)
    assert s == {"Ann": 10, "Ben": 10} and data["accounts"]["pot"] == 0
    assert "void" in potlog("log").output
    assert potlog("void", "5", "--reason", "again", ok=False).exit_code == 1


def test_void_that_later_events_need_is_refused(potlog):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    potlog("bet", "Ann", "5")  # 5
    potlog("award", "Ben")  # 6: takes the 5
    r = potlog("void", "5", "--reason", "oops", ok=False)
    assert r.exit_code == 1 and "seq 5" in r.output


def test_export_import_round_trip_and_idempotence(potlog, tmp_path):
    potlog.run_script(NIGHT, tmp_path)
    out = tmp_path / "night.jsonl"
    potlog("export", "--format", "jsonl", "--out", str(out))
    lines = out.read_text().splitlines()
    assert len(lines) == 29
    from tests.conftest import Potlog

    other = Potlog(tmp_path / "other.db")
    r = other("import", str(out))
    assert "29 events added" in r.output
    assert other("state", "--json").output == potlog("state", "--json").output
    r = other("import", str(out))
    assert "0 events added, 29 already there" in r.output


@pytest.mark.parametrize("mangle,expect", [
    (lambda ls: ls[:3] + ["{not json"] + ls[3:], "line 4: not JSON"),
    (lambda ls: ls[:2] + ls[3:], "line 3: seq 4 of session fri does not follow seq 2"),
    (lambda ls: ls[:8] + [ls[8].replace('"amount":10', '"amount":11')] + ls[9:], "line 9: hash of seq 9 does not match"),
    (lambda ls: ls[:8] + [ls[8].replace('"bet"', '"teleport"')] + ls[9:], "line 9: event"),
    (lambda ls: ls[:2] + ['[1,2]'], "line 3: a line must be a JSON object"),
])
def test_bad_import_names_the_line_and_writes_nothing(potlog, tmp_path, mangle, expect):
    potlog.run_script(NIGHT, tmp_path)
    out = tmp_path / "night.jsonl"
    potlog("export", "--out", str(out))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(mangle(out.read_text().splitlines())) + "\n")
    from tests.conftest import Potlog

    other = Potlog(tmp_path / "other.db")
    r = other("import", str(bad), ok=False)
    assert r.exit_code == 1, r.output
    assert expect in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1
    assert "events" not in other("sessions", "--json").output or json.loads(other("sessions", "--json").output) == []


def test_no_session_yet(potlog):
    from ledger.app import Ledger

    Ledger.open(potlog.db).close()  # a database with no session in it
    r = potlog("state", ok=False)
    assert r.exit_code == 1 and "no current session" in r.output


def test_a_read_or_a_record_makes_no_database(potlog, tmp_path):
    """A mistyped --db is named, and no empty file is left behind it; `new` and `import` make one."""
    typo = tmp_path / "nigth.db"
    for args in (("state",), ("log",), ("sessions",), ("audit",), ("export", "-f", "jsonl"), ("stats",),
                 ("verify",), ("bet", "Ann", "5"), ("note", "x"), ("undo",), ("use", "x")):
        r = potlog("--db", str(typo), *args, ok=False)
        assert r.exit_code == 1 and f"no potlog database at {typo}: start one with 'potlog new GAME'" in r.output, args
        assert not typo.exists(), args
    potlog("--db", str(typo), "new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    assert typo.exists() and "Ann" in potlog("--db", str(typo), "state").output


def test_unknown_game(potlog):
    r = potlog("new", "snap", "-p", "Ann=1", ok=False)
    assert r.exit_code == 1 and "no game called 'snap'" in r.output and "freeform" in r.output


def test_unknown_option(potlog):
    r = potlog("new", "freeform", "-o", "colour=red", ok=False)
    assert r.exit_code == 1 and "has no option 'colour'" in r.output


def test_sessions_and_use(potlog):
    potlog("new", "freeform", "--name", "a", "-p", "Ann=1")
    potlog("new", "freeform", "--name", "b", "-p", "Ann=1")
    rows = json.loads(potlog("sessions", "--json").output)
    assert [(r["session"], r["current"]) for r in rows] == [("a", False), ("b", True)]
    potlog("use", "a")
    assert json.loads(potlog("state", "--json").output)["session"] == "a"
    assert potlog("use", "zzz", ok=False).exit_code == 1


def test_close_cashes_everyone_out(potlog):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=20")
    potlog("close")
    s, data = stacks(potlog)
    assert data["closed"] and s == {"Ann": 0, "Ben": 0} and data["accounts"]["bank"] == 0
    assert potlog("hand", ok=False).exit_code == 1


def test_games_lists_freeform(potlog):
    rows = json.loads(potlog("games", "--json").output)
    assert "freeform" in [r["name"] for r in rows]


def _all_commands(group):
    for name, cmd in group.commands.items():
        yield name, cmd


def test_every_command_has_help_text():
    from typer.main import get_command

    import cli.main  # noqa: F401  (registers every command)

    root = get_command(app)
    missing = [n for n, c in _all_commands(root) if not (c.help or "").strip()]
    assert not missing, missing
    assert len(root.commands) >= 35


@pytest.mark.skipif(shutil.which("potlog") is None, reason="potlog is not installed on PATH")
def test_installed_potlog_in_a_real_process(tmp_path):
    env = {**os.environ, "POTLOG_DB": str(tmp_path / "p.db")}

    def run(*args):
        return subprocess.run(["potlog", *args], capture_output=True, text=True, env=env, timeout=60)

    assert run("new", "freeform", "-p", "Ann=10", "-p", "Ben=10").returncode == 0
    assert run("hand").returncode == 0
    bad = run("bet", "Ann", "11")
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    usage = run("bet", "Ann", "eleven")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr
    ok = run("state", "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["seats"][0]["stack"] == 10


def test_module_entry_point(tmp_path):
    env = {**os.environ, "POTLOG_DB": str(tmp_path / "p.db")}
    r = subprocess.run([sys.executable, "-m", "cli.main", "games", "--json"], capture_output=True, text=True,
                       env=env, timeout=60)
    assert r.returncode == 0 and "freeform" in r.stdout


def test_a_file_that_is_not_a_database_is_one_clear_line(tmp_path):
    from tests.conftest import Potlog

    bad = tmp_path / "notes.txt"
    bad.write_text("shopping list\n" * 100)
    r = Potlog(bad)("state", ok=False)
    assert r.exit_code == 1 and "cannot be used as a potlog database" in r.output
    assert len(r.output.strip().splitlines()) == 1
    r = Potlog(tmp_path)("state", ok=False)  # a directory
    assert r.exit_code == 1 and "cannot open the database" in r.output


def test_a_locked_database_is_a_conflict_not_a_crash(tmp_path):
    import sqlite3

    from ledger.errors import Conflict
    from ledger.store import Store

    path = tmp_path / "l.db"
    store = Store.open(path)
    store.conn.execute("PRAGMA busy_timeout=50")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(Conflict, match="busy"):
            store.append("x", 1, [("note", '{"text":"a","type":"note"}')], "t")
    finally:
        other.execute("ROLLBACK")
    assert store.last_seq("x") == 0


# ---------------------------------------------------------------- issue 11, item 4
def _readme_example() -> list[str]:
    """The README's first example of recording a night: the shell block that opens a session."""
    import re

    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    return next(b for b in blocks if "potlog new " in b).splitlines()


def test_the_readme_example_runs_as_written(potlog):
    import shlex

    lines = _readme_example()
    assert len(lines) > 10
    for line in lines:
        args = shlex.split(line, comments=True)
        assert args[0] == "potlog", line
        r = potlog(*args[1:], ok=False)
        assert r.exit_code == 0, (line, r.output)
    state = json.loads(potlog("state", "--json").output)
    stacks = {s["name"]: s["stack"] for s in state["seats"]}
    assert stacks == {"Ann": 90, "Ben": 130, "Cy": 40}


def test_log_last_within_a_hand_and_a_hand_that_does_not_exist(potlog):
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Ben=100")
    for args in (["hand"], ["bet", "Ann", "5"], ["call", "Ben"], ["award", "Ann"], ["end"], ["hand"],
                 ["bet", "Ben", "5"], ["fold", "Ann"], ["award", "Ben"], ["end"]):
        potlog(*args)
    r = potlog("log", "--hand", "1", "--last", "2")
    lines = r.output.strip().splitlines()
    assert len(lines) == 2 and "Ann" in lines[0] and "10" in lines[0] and lines[1].endswith("hand 1 ends")
    assert len(json.loads(potlog("log", "--hand", "2", "--json").output)) == 5
    assert len(json.loads(potlog("log", "--last", "3", "--json").output)) == 3
    assert json.loads(potlog("log", "--last", "3", "--json").output)[0]["hand"] == 2
    r = potlog("log", "--hand", "9", ok=False)
    assert r.exit_code == 1 and "no hand 9" in r.output and "hands 1 to 2" in r.output


def test_games_shows_one_option_and_one_word_a_line_not_escaped_breaks(potlog):
    out = potlog("games").output
    assert "\\n" not in out and "card_cost=1" in out and "hole PLAYER [CARD]" in out
