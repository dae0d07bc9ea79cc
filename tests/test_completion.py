"""Shell completion of arguments from the database (issue 29, point 2), driven through click's
own protocol as bash drives it: the ``potlog`` program run with ``_POTLOG_COMPLETE=complete_bash``,
``COMP_WORDS`` and ``COMP_CWORD``, its candidates read from stdout. And the data path it reads
(`ledger.completion`), which never folds a log nor imports a game or Rich."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ledger import completion

ROOT = Path(__file__).resolve().parents[1]


def _env(line: str) -> dict[str, str]:
    return {"_POTLOG_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(line.split(" ")) - 1)}


def tab(line: str, db: str | None = None) -> list[str]:
    """What the `potlog` program offers for the last word of `line`, as bash asks it: the
    program run with the words and the cursor's index in its environment."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **_env(line)}
    if db is not None:
        env["POTLOG_DB"] = db
    done = subprocess.run([sys.executable, "-m", "cli.main"], env=env, capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0 and not done.stderr, (line, done.returncode, done.stderr)
    return done.stdout.split()


@pytest.fixture
def tab_here(monkeypatch, capsys):
    """`tab` in this process (the same protocol, read by the same `cli.main.main`): quicker."""
    from cli.main import main

    def offered(line: str, db: str | None = None) -> list[str]:
        for name, value in _env(line).items():
            monkeypatch.setenv(name, value)
        if db is not None:
            monkeypatch.setenv("POTLOG_DB", db)
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main([])
        assert done.value.code == 0
        out = capsys.readouterr()
        assert not out.err, out.err
        return out.out.split()
    return offered


@pytest.fixture
def table(potlog):
    """Two sessions: 'night' (holdem: Ann, Ben, Cy seated, Dee left, Eve's join voided; Ann
    holds AS KD in hand 1) current, and 'other' (freeform: Zed, Yan)."""
    potlog("new", "freeform", "--name", "other", "-p", "Zed=10", "-p", "Yan=10")
    potlog("new", "holdem", "--name", "night", "-p", "Ann=100", "-p", "Ben=100", "-p", "Cy=100")
    potlog("join", "Dee", "50")
    potlog("leave", "Dee")
    potlog("join", "Eve", "50")
    potlog("void", str(potlog.ledger().state("night").seq), "--reason", "not here")
    potlog("hand")
    potlog("deal", "Ann", "AS", "KD")
    return potlog


@pytest.mark.sqlite_only
def test_the_potlog_program_completes_players_sessions_games_formats_and_cards(table) -> None:
    from ledger.cards import PACKS
    from ledger.export import FORMATS
    from ledger.games import available

    db = table.db
    assert tab("potlog bet ", db) == ["Ann", "Ben", "Cy"]       # seated: not Dee (left), not Eve (voided)
    assert sorted(tab("potlog use ", db)) == ["night", "other"]
    assert tab("potlog new ", db) == available()
    assert tab("potlog export -f ", db) == list(FORMATS)
    assert tab("potlog deal Ann ", db) == [c for c in PACKS["french52"].cards if c not in ("AS", "KD")]
    missing = str(Path(db).with_name("none.db"))
    assert tab(f"potlog --db {db} bet B", missing) == ["Ben"]


@pytest.mark.sqlite_only
def test_tab_reads_the_session_and_database_the_line_names(table, tab_here) -> None:
    db = table.db
    assert tab_here("potlog bet B", db) == ["Ben"]
    assert tab_here("potlog fold --json ", db) == ["Ann", "Ben", "Cy"]
    assert tab_here("potlog new ho", db) == ["holdem"]
    assert tab_here("potlog export --format p", db) == ["phh", "pokerstars"]
    assert tab_here("potlog deal Ann K", db) == ["KS", "KH", "KC"]
    assert tab_here("potlog deal ", db)[:4] == ["Ann", "Ben", "Cy", "board"]
    assert tab_here("potlog pay Ann ", db)[-3:] == ["pot", "carry", "house"]
    assert tab_here("potlog check ", db) == ["Ann", "Ben", "Cy", "all"]
    assert tab_here("potlog award --share ", db) == ["Ann=", "Ben=", "Cy="]
    assert tab_here("potlog --session ", db) == ["night", "other"]
    # the session and the database as the command line names them, before or after the command
    assert tab_here("potlog bet --session other ", db) == ["Zed", "Yan"]
    assert tab_here("potlog -s other bet ", db) == ["Zed", "Yan"]
    missing = str(Path(db).with_name("none.db"))
    assert tab_here(f"potlog bet --db {db} ", missing) == ["Ann", "Ben", "Cy"]
    assert tab_here("potlog bet ", missing) == [] and not Path(missing).exists()  # never made by a Tab
    assert tab_here("potlog state --al", db) == ["--all-cards"]


@pytest.mark.sqlite_only
def test_a_tab_imports_no_game_and_no_rich(table) -> None:
    script = ("import sys, io, contextlib\nimport cli.main\n"
              "try:\n    with contextlib.redirect_stdout(io.StringIO()) as out:\n        cli.main.main(program=True)\n"
              "except SystemExit:\n    pass\n"
              "import json\nprint(json.dumps([out.getvalue().split(), "
              "sorted(m for m in sys.modules if m.startswith(('rich', 'ledger.games')))]))")
    for line, cword in (("potlog deal Ann ", "3"), ("potlog new ", "2")):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "POTLOG_DB": table.db, "_POTLOG_COMPLETE": "complete_bash",
               "COMP_WORDS": line, "COMP_CWORD": cword}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60,
                              cwd=ROOT)
        offered, loaded = json.loads(done.stdout)
        assert offered and loaded == [], (line, loaded)


def test_the_data_path_reads_seats_cards_and_sessions(table) -> None:
    db = table.db
    if "://" in db:  # PostgreSQL: completion offers nothing rather than opening a connection per Tab
        assert completion.players(db) == [] and completion.sessions(db) == []
        return
    assert completion.sessions(db) == ["night", "other"]         # the current one first
    assert completion.players(db) == ["Ann", "Ben", "Cy"]
    assert completion.players(db, "other") == ["Zed", "Yan"]
    assert len(completion.unseen_cards(db)) == 50
    table("hand", "-s", "other")
    table("deal", "Zed", "AS", "-s", "other")
    assert len(completion.unseen_cards(db, "other")) == 51
    table("end", "-s", "other")
    table("hand", "-s", "other")
    assert len(completion.unseen_cards(db, "other")) == 52       # a new hand: nothing seen in it yet
    table("join", "Fay", "10", "--position", "0")
    assert completion.players(db) == ["Fay", "Ann", "Ben", "Cy"]  # seat order, as --position put her


@pytest.mark.sqlite_only  # completion reads the SQLite file (a PostgreSQL URL offers nothing)
def test_the_pack_is_the_sessions_and_the_games_are_the_registrys(potlog) -> None:
    from ledger.cards import PACKS
    from ledger.games import available

    potlog("new", "primiera", "-p", "Ann=10", "-p", "Ben=10")
    pack = str(potlog.ledger().state(potlog.ledger().current()).options.get("pack", "french52"))
    assert pack != "french52" and completion.unseen_cards(potlog.db) == list(PACKS[pack].cards)
    assert completion.games() == available()
    assert completion.players("postgresql://nobody@nowhere/potlog") == []
