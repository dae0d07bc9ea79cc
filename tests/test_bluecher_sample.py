"""The sample Blücher evening: it imports cleanly, verifies and audits clean, and its script
reproduces the recorded hashes exactly in a fresh database."""

from __future__ import annotations

import json

from tests.conftest import SAMPLES, Potlog

JSONL = SAMPLES / "bluecher-evening.jsonl"


def _events(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_evening_imports_verifies_and_audits_clean(tmp_path):
    pl = Potlog(tmp_path / "s.db")
    r = pl("import", str(JSONL))
    assert "bluecher-evening: 462 events added" in r.output
    assert "rules kept" in pl("verify", "--rules").output
    pl("audit")
    state = json.loads(pl("state", "--json").output)
    assert state["closed"] and state["hands_played"] == 9
    assert all(v == 0 for k, v in state["accounts"].items() if k != "bank")
    assert state["accounts"]["bank"] == 0  # everyone cashed out
    cashed = {s["name"]: s["cashed_out"] - s["bought_in"] - s["rebought"] for s in state["seats"]}
    assert cashed == {"Ann": -14, "Ben": 2, "Cleo": -26, "Dev": 48, "Eli": -19, "Fay": 9}


def test_the_evening_is_a_real_night_of_bluecher():
    events = [e["event"] for e in _events(JSONL)]
    types = [e["type"] for e in events]
    assert types.count("hand_started") >= 8
    assert "pot_carried" in types and "void" in types and "rebuy" in types and "chip_count" in types
    carried = next(e for e in events if e["type"] == "pot_carried")
    assert carried["amount"] == 11
    assert any(e["type"] == "hand_started" and e.get("carry_in") == 11 for e in events)
    side = [e for e in events if e["type"] == "pot_awarded" and e["reason"].startswith("side pot")]
    assert side and side[0]["shares"] == [{"player": "Ben", "amount": 12}]
    assert any(e["type"] == "all_in" for e in events)
