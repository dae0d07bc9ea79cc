"""A command costs what it needs: Typer builds only the invoked command whichever way the
database is given (`cli.main.invoked_name`), and a help text, the same until the code or the
terminal changes, is printed from where it was kept, and so is the index of the games' words
(`cli.kept`)."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli import kept
from cli.main import invoked_name, main


@pytest.mark.parametrize("args, name", [
    (["state"], "state"), (["--db", "x.db", "state", "--json"], "state"), (["--db=x.db", "note", "hi"], "note"),
    (["-s", "fri", "--db", "x.db", "bet", "Ann", "5"], "bet"), (["-sfri", "bet"], "bet"),
    (["--session=fri", "log"], "log"), (["--db", "x.db"], None), (["--db"], None), ([], None), (["--help"], None),
    (["--db", "x.db", "--version"], None), (["--db", "x.db", "--", "state"], None), (["buy", "Ann"], "buy"),
])
def test_the_invoked_command_is_found_after_the_root_options(args, name):
    assert invoked_name(args) == name


@pytest.mark.sqlite_only
def test_the_database_given_first_or_in_the_environment_is_the_same(potlog, db_path, monkeypatch, capsys):
    potlog.run_script("new freeform --name fri -p Ann=100 -p Ben=100\nhand\nbet Ann 5\n", db_path.parent)
    assert main(["state"]) == 0
    by_env = capsys.readouterr()
    monkeypatch.delenv("POTLOG_DB")
    assert main(["--db", str(db_path), "state"]) == 0
    assert capsys.readouterr() == by_env
    assert main(["--db", str(db_path), "bet", "Ben", "7"]) == 1  # Ben faces a bet: the rules refuse
    assert "Ben faces a bet of 5" in capsys.readouterr().err
    assert main(["--db", str(db_path), "-s", "fri", "call", "Ben"]) == 0
    assert capsys.readouterr().out == "#6 Ben calls 5\n"  # (new: seq 1-3, hand 4, bet 5)
    assert main(["--db", str(db_path), "nosuch"]) == 2
    assert "No such command 'nosuch'" in capsys.readouterr().err


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "90")
    monkeypatch.delenv("_POTLOG_COMPLETE", raising=False)
    return tmp_path / "cache" / "potlog"


@pytest.mark.parametrize("args", [["--help"], ["-h"], [], ["state", "--help"], ["buy", "--help"], ["nosuch", "-h"]])
def test_a_kept_help_is_the_help(cache, capsys, args):
    code = main(args)
    uncached = capsys.readouterr()
    assert code == main(args, program=True)  # shown and kept
    assert capsys.readouterr() == uncached
    assert len(list(cache.glob("help-*.json"))) == 1
    assert code == kept.shown(args, lambda _: pytest.fail("the kept help is printed, not made again"))
    assert capsys.readouterr() == uncached
    assert (code == 2) == (args == ["nosuch", "-h"]) and (uncached.err != "") == (code == 2)


def test_the_help_is_made_again_when_the_code_or_the_width_changes(cache, capsys, monkeypatch):
    made = []

    def run(args):
        made.append(list(args))
        return main(args)

    kept.shown(["-h"], run)
    kept.shown(["-h"], run)
    assert len(made) == 1
    monkeypatch.setenv("COLUMNS", "120")
    kept.shown(["-h"], run)
    assert len(made) == 2 and max(map(len, capsys.readouterr().out.splitlines())) == 120
    code = kept.code()
    monkeypatch.setattr(kept, "code", lambda: [*code, "a source file changed"])
    kept.shown(["-h"], run)
    assert len(made) == 3
    monkeypatch.setenv("XDG_CACHE_HOME", "/proc/no-such-place")  # a cache that cannot be written: no error
    assert kept.shown(["-h"], run) == 0 and len(made) == 4


def test_a_damaged_kept_help_is_made_again(cache, capsys):
    main(["-h"], program=True)
    first = capsys.readouterr().out
    (kept,) = cache.glob("help-*.json")
    kept.write_text('{"out": 3}', encoding="utf-8")
    assert main(["-h"], program=True) == 0
    assert capsys.readouterr().out == first
    assert json.loads(kept.read_text(encoding="utf-8"))["out"] == first


def test_only_help_lines_on_utf8_streams_outside_completion_are_kept(cache, monkeypatch):
    assert kept.is_help(["--help"]) and kept.is_help(["note", "-h"]) and kept.is_help([])
    for args in (["note", "hi"], ["--db", "x", "--help"], ["note", "hi", "--help"], ["--version"]):
        assert not kept.is_help(args)
    monkeypatch.setenv("_POTLOG_COMPLETE", "complete_bash")
    assert not kept.is_help([])
    monkeypatch.delenv("_POTLOG_COMPLETE")

    class Latin1(io.StringIO):
        encoding = "latin-1"

    monkeypatch.setattr(sys, "stdout", Latin1())
    assert kept.key(["--help"]) is None


def test_a_closed_pipe_ends_the_help_as_click_does(cache, monkeypatch):
    class Pipe(io.StringIO):
        encoding = "utf-8"

    class Closed(Pipe):
        def write(self, text):
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Pipe())
    assert main(["-h"], program=True) == 0 and "Usage: potlog" in sys.stdout.getvalue()
    monkeypatch.setattr(sys, "stdout", Closed())
    assert main(["-h"], program=True) == 1  # (kept: the same key, so no Rich here to meet the pipe)


def test_the_word_index_is_the_games_words(cache, monkeypatch):
    from cli.words import word_index, words_by_name

    made = word_index()
    assert list(made) == list(words_by_name())
    assert made["buy"][0][:2] == ("bluecher", "Blücher (Forwards)")
    monkeypatch.setattr(kept, "USE", True)
    assert word_index() == made  # made and kept
    assert word_index() == made and len(list(cache.glob("words-*.json"))) == 1  # read back


def test_a_game_s_word_imports_only_that_game_in_the_program(tmp_path, cache, monkeypatch):
    """Run as the potlog program, `potlog buy` learns the words from the kept index: of the
    games only Blücher (the session's) is imported."""
    from cli.words import word_index
    from ledger.app import Ledger

    db = tmp_path / "b.db"
    sample = Path(__file__).resolve().parent.parent / "sample_sessions" / "bluecher-evening.jsonl"
    led = Ledger.open(str(db))
    led.import_lines(sample.read_text(encoding="utf-8").splitlines()[:30])
    led.close()
    monkeypatch.setattr(kept, "USE", True)
    word_index()  # kept for this code, as the program's first game word would keep it
    code = ("import sys, cli.main\n"
            "rc = cli.main.main(['--db', sys.argv[1], '-s', 'bluecher-evening', 'buy', 'Zed'], program=True)\n"
            "games = sorted({m.split('.')[2] for m in sys.modules if m.startswith('ledger.games.')} - {'base', 'ruleset'})\n"
            "print(rc, ' '.join(games))")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    run = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, text=True, env=env, timeout=120)
    assert run.stdout.split() == ["1", "bluecher"], run.stderr  # refused (no Zed at the table), by Blücher alone
    assert "Zed" in run.stderr
