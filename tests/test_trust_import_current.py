"""An import never moves a live table's current session (issue 23, point 4's last item, for
JSONL as for PHH): the next ``bet`` must go where the table is. With ``--use`` it does; in a
database with no current session (a fresh one) the imported session becomes current."""

from __future__ import annotations

import json

from tests.conftest import SAMPLES


def _current(potlog) -> str:
    return next((s["session"] for s in json.loads(potlog("sessions", "--json").stdout) if s["current"]), "")


def test_a_jsonl_import_leaves_the_live_table_current(potlog):
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Ben=100", "--name", "live")
    out = potlog("import", str(SAMPLES / "holdem-night.jsonl"))
    assert _current(potlog) == "live"
    assert "the current session is still live" in out.output
    potlog("import", str(SAMPLES / "holdem-night.jsonl"), "--use")
    assert _current(potlog) != "live"


def test_a_fresh_database_takes_the_imported_session(potlog):
    potlog("import", str(SAMPLES / "holdem-night.jsonl"))
    assert _current(potlog) == "holdem-night"
    potlog("state")  # the README's first command: import, then state
