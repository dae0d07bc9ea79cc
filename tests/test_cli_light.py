"""A light command run as the potlog program makes only what it meets: of the command
classes (`ledger.core.frozen`) the ones it records, no pydantic plugin scan, and none of the
modules it would import for nothing (`importlib.metadata`, run only once something uses it)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CODE = """
import importlib, json, sys, cli.main
db, words, modules, classes = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3].split(','), sys.argv[4].split(',')
sys.argv = ['potlog', '--db', db, *words]
import gc
frozen_at_start = gc.get_freeze_count()
try:
    cli.main.entry()
except SystemExit as exc:
    rc = exc.code
frozen_at_exit = gc.get_freeze_count() - frozen_at_start > 1000  # what the command made, left out of the last collection
from ledger.core import commands
import pydantic.plugin._loader as plugins
made = sorted(c.__name__ for c in commands.COMMANDS if '__frozen_pending__' not in c.__dict__)
imported = [m for m in modules if m in sys.modules]
def is_made(path):
    module, name = path.rsplit('.', 1)
    return '__frozen_pending__' not in vars(getattr(importlib.import_module(module), name))
made_classes = [c for c in classes if is_made(c)]
import importlib.metadata  # what was put off still works when it is used
works = importlib.metadata.version('typer') == __import__('typer').__version__
print(json.dumps({"rc": rc, "scanned": plugins._plugins is not None, "commands": made, "imported": imported,
                  "made": made_classes, "metadata works": works, "frozen at exit": frozen_at_exit}))
"""

# what a `note` or a `bet` on a freeform session would import or make for nothing: kept out
# of the run (`importlib.metadata`, run on first use; the kit's betting and deal engines, which
# freeform never calls; the `later` classes it never meets)
NOT_IMPORTED = ("importlib.metadata._meta", "ledger.kit.betting", "ledger.kit.deal")
NOT_MADE = ("ledger.core.contract.Legal", "ledger.core.contract.View", "ledger.kit.stages.Stage",
            "ledger.kit.stages.Turn", "ledger.kit.stages.Flow", "ledger.kit.betting.rules.Forced",
            "ledger.kit.betting.rules.Limits", "ledger.kit.betting.gates.Gate", "ledger.kit.turns.Drawn",
            "ledger.kit.turns.DrawForDeal", "ledger.kit.evaluators.base.Ranked", "ledger.kit.own.Own")


def run_program(db_path: Path, *words: str) -> dict:
    """`words` run as the potlog program does, in a fresh process: what it made and imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    run = subprocess.run([sys.executable, "-c", CODE, str(db_path), json.dumps(words), ",".join(NOT_IMPORTED),
                          ",".join(NOT_MADE)], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return {"output": run.stdout.splitlines()[:-1], **json.loads(run.stdout.splitlines()[-1])}


@pytest.mark.sqlite_only  # (a PostgreSQL store imports psycopg, which reads importlib.metadata)
def test_note_makes_only_the_note_command_and_scans_no_plugins(potlog, db_path):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    got = run_program(db_path, "note", "Eli", "brought", "snacks")
    assert "#4 note: Eli brought snacks" in got.pop("output")
    assert got == {"rc": 0, "scanned": False, "commands": ["Note"], "imported": [], "made": [],
                   "metadata works": True, "frozen at exit": True}


@pytest.mark.sqlite_only  # (a PostgreSQL store imports psycopg, which reads importlib.metadata)
def test_bet_makes_only_the_bet_command(potlog, db_path):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    got = run_program(db_path, "bet", "Ann", "2")
    assert any("bet" in line and "Ann" in line for line in got.pop("output")), got
    assert got == {"rc": 0, "scanned": False, "commands": ["Bet"], "imported": [], "made": [],
                   "metadata works": True, "frozen at exit": True}


def test_the_start_s_objects_are_frozen_and_the_collector_runs_after():
    """`cli.main` collects no garbage while it imports, then freezes what it made and turns
    the collector back on (off again only if it was off before)."""
    code = ("import gc, sys\n"
            "if sys.argv[1] == 'off':\n"
            "    gc.disable()\n"
            "import cli.main\n"
            "print(gc.isenabled(), gc.get_freeze_count() > 1000)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for state, enabled in (("on", "True"), ("off", "False")):
        run = subprocess.run([sys.executable, "-c", code, state], capture_output=True, text=True, env=env,
                             timeout=120)
        assert run.stdout.split() == [enabled, "True"], run.stderr


def test_the_source_stamp_names_each_file_by_its_path_from_the_root(tmp_path):
    """`sources.stamp` (what snapshots and the kept help are keyed by) walks without
    `os.path.relpath`: the same names, sizes and times as a walk that uses it."""
    from ledger import sources

    for rel in ("a.py", "pkg/b.py", "pkg/deep/c.py", "pkg/deep/note.txt", ".hidden/d.py", "__pycache__/e.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    expected = []
    for folder, dirs, names in os.walk(tmp_path):
        dirs[:] = [d for d in dirs if not d.startswith((".", "__"))]
        for name in names:
            if name.endswith(".py"):
                st = os.stat(os.path.join(folder, name))
                rel = os.path.relpath(os.path.join(folder, name), tmp_path).replace(os.sep, "/")
                expected.append((rel, st.st_size, st.st_mtime_ns))
    for root in (str(tmp_path), str(tmp_path) + "/"):
        assert sources.stamp.__wrapped__(root) == tuple(sorted(expected))
    assert [name for name, _, _ in expected] != [] and "pkg/deep/c.py" in dict((n, 0) for n, _, _ in expected)
