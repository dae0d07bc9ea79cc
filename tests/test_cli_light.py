"""A light command run as the potlog program makes only what it meets: of the command
classes (`ledger.core.frozen`) the ones it records, and no pydantic plugin scan."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = """
import sys, cli.main
sys.argv = ['potlog', '--db', sys.argv[1], 'note', 'Eli', 'brought', 'snacks']
try:
    cli.main.entry()
except SystemExit as exc:
    rc = exc.code
from ledger.core import commands
import pydantic.plugin._loader as plugins
made = sorted(c.__name__ for c in commands.COMMANDS if '__frozen_pending__' not in c.__dict__)
print(rc, plugins._plugins is None, ' '.join(made))
"""


def test_note_makes_only_the_note_command_and_scans_no_plugins(potlog, db_path):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    run = subprocess.run([sys.executable, "-c", CODE, str(db_path)], capture_output=True, text=True, env=env,
                         timeout=120)
    assert run.stdout.splitlines()[-1].split() == ["0", "True", "Note"], run.stdout + run.stderr
    assert "note: Eli brought snacks" in run.stdout


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
