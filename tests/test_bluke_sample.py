"""The sample Bluke night: a full 25-hand game that replays to the same hashes and imports clean."""

from __future__ import annotations

import json

import pytest

from ledger.scorecard import rows
from tests.conftest import SAMPLES, Potlog

JSONL = SAMPLES / "bluke-game.jsonl"


def test_the_sample_is_a_whole_game(tmp_path):
    # (tests/test_samples.py checks that bluke-game.potlog reproduces JSONL hash for hash)
    pl = Potlog(tmp_path / "run.db")
    pl("import", str(JSONL))

    card = json.loads(pl("scorecard", "--json").output)
    assert len(card["hands"]) == 25 and card["over"] and card["settled"]
    assert card["hands"][0]["dealer"] == "Betsy"  # she won the draw for the deal (a tie with John, drawn again)
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
    assert "bluke-game: 413 events added" in r.output
    card = json.loads(pl("scorecard", "--json").output)
    assert card["over"] and len(card["hands"]) == 25
    again = pl("import", str(JSONL))
    assert "0 events added" in again.output


def _tampered(seq: int, key: str, value) -> list[str]:
    """The sample with one event changed and the chain re-hashed from there (a rewritten log)."""
    from ledger.events import canonical_json, line_hash

    lines = [json.loads(x) for x in JSONL.read_text(encoding="utf-8").splitlines()]
    lines[seq - 1]["event"][key] = value
    prev = lines[seq - 2]["hash"]
    for line in lines[seq - 1:]:
        line["prev_hash"] = prev
        line["hash"] = prev = line_hash(line)
    return [canonical_json(x) for x in lines]


def _verify(tmp_path, lines: list[str]) -> dict:
    pl = Potlog(tmp_path / "v.db")
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pl("import", str(path))
    r = pl("verify", "--rules", "--json", ok=False)
    return json.loads(r.output)["sessions"][0]


def test_verify_rules_passes_the_sample(tmp_path):
    report = _verify(tmp_path, JSONL.read_text(encoding="utf-8").splitlines())
    assert report["ok"] and report["rules_checked"] == "bluke.check_event, then chips"


@pytest.mark.parametrize("seq, key, value, says", [
    (22, "points", 41, "the rules make it 'John scores +31"),  # a hand's points
    (14, "value", 14, "a bid is 1 to 13 tricks"),  # a bid out of range
    (212, "player", "John", "the rules make it 'Betsy takes trick 1'"),  # the winner of a trick
    (19, "value", 1, "the tricks add up to 14 but 13 were played"),  # a tally that does not add up
    (406, "reason", "a side bet", "433 from seat:John to seat:Margaret (Bluke settlement"),  # the settlement
])
def test_verify_rules_finds_a_rewritten_result(tmp_path, seq, key, value, says):
    report = _verify(tmp_path, _tampered(seq, key, value))
    assert not report["ok"]
    assert report["first_broken_seq"] == (seq if seq != 19 else 21), report
    assert says in report["findings"][0]["message"]
