"""The sample Bluke night: a full 25-hand game that replays to the same hashes and imports clean."""

from __future__ import annotations

import json

from ledger.scorecard import rows
from tests.conftest import SAMPLES, Potlog

SCRIPT = SAMPLES / "bluke-game.potlog"
JSONL = SAMPLES / "bluke-game.jsonl"


def test_the_script_reproduces_the_sample_and_the_game_is_whole(tmp_path):
    pl = Potlog(tmp_path / "run.db")
    pl("run", "-q", str(SCRIPT))
    out = tmp_path / "again.jsonl"
    pl("export", "--format", "jsonl", "--out", str(out))
    again = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    recorded = [json.loads(x) for x in JSONL.read_text(encoding="utf-8").splitlines()]
    assert [(e["seq"], e["hash"]) for e in again] == [(e["seq"], e["hash"]) for e in recorded]

    card = json.loads(pl("scorecard", "--json").output)
    assert len(card["hands"]) == 25 and card["over"] and card["settled"]
    assert [h["cards"] for h in card["hands"]] == [*range(13, 0, -1), *range(2, 14)]
    assert {h["hand"] for h in card["hands"] if h["mode"] == "cards"} == {12, 13, 14}
    # its first three hands are the rule text's sample scorecard
    assert rows(card, "bids")[1:4] == [
        ["13", "3 31", "3 -30", "2 22", "5 50"],
        ["12", "2 11", "4 -70", "5 -28", "3 82"],
        ["11", "1 22", "4 -29", "1 -18", "3 112"],
    ]
    for p in card["players"]:
        assert sum(card["tallies"][p].values()) == 25
        assert card["hands"][-1]["players"][p]["score"] == card["totals"][p]["score"]
    # one chip a point, every pair settling the difference: chips follow the scores exactly
    state = json.loads(pl("state", "--json").output)
    scores, n = state["scores"], len(state["seats"])
    total = sum(scores.values())
    assert state["closed"]
    for seat in state["seats"]:
        assert seat["cashed_out"] - seat["bought_in"] == n * scores[seat["name"]] - total
    assert sum(s["cashed_out"] for s in state["seats"]) == 4000
    assert card["winners"] == [max(scores, key=scores.get)]


def test_the_sample_imports_cleanly(tmp_path):
    pl = Potlog(tmp_path / "import.db")
    r = pl("import", str(JSONL))
    assert "bluke-game: 407 events added" in r.output
    card = json.loads(pl("scorecard", "--json").output)
    assert card["over"] and len(card["hands"]) == 25
    again = pl("import", str(JSONL))
    assert "0 events added" in again.output
