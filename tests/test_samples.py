"""Every sample session imports cleanly, and every .potlog script reproduces its .jsonl exactly."""

from __future__ import annotations

import json

import pytest

from tests.conftest import SAMPLES, Potlog

JSONL = sorted(SAMPLES.glob("*.jsonl"))
SCRIPTS = sorted(p for p in SAMPLES.glob("*.potlog") if p.with_suffix(".jsonl").exists())


@pytest.mark.parametrize("path", JSONL, ids=lambda p: p.name)
def test_sample_imports_cleanly(path, tmp_path):
    pl = Potlog(tmp_path / "s.db")
    r = pl("import", str(path))
    assert "events added" in r.output
    state = json.loads(pl("state", "--json").output)
    assert state["accounts"]["bank"] == -sum(s["stack"] for s in state["seats"]) - sum(
        v for k, v in state["accounts"].items() if k != "bank")


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_script_reproduces_the_recorded_hashes(path, tmp_path):
    pl = Potlog(tmp_path / "s.db")
    pl("run", "-q", str(path))
    out = tmp_path / "again.jsonl"
    pl("export", "--out", str(out))
    again = [json.loads(x) for x in out.read_text().splitlines()]
    recorded = [json.loads(x) for x in path.with_suffix(".jsonl").read_text().splitlines()]
    assert [(e["seq"], e["hash"]) for e in again] == [(e["seq"], e["hash"]) for e in recorded]


def test_freeform_night_is_a_whole_night(tmp_path):
    pl = Potlog(tmp_path / "s.db")
    pl("import", str(SAMPLES / "freeform-night.jsonl"))
    types = [e["event"]["type"] for e in json.loads(pl("log", "--json").output)]
    for needed in ("player_joined", "rebuy", "bet", "fold", "pot_carried", "transfer", "void", "player_left",
                   "session_closed", "chip_count"):
        assert needed in types, needed
    assert types.count("hand_started") >= 5
