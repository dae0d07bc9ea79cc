"""Bluke's options: a stake in chips per point (settled between every pair), and bad options."""

from __future__ import annotations

import json

import pytest

HAND1 = """
new bluke --name s -p A={a} -p B={b} -p C={c} -o stake={stake}
hand
bid B=4 C=2 A=3
tricks A=5 B=4 C=4
"""
# scores after hand 1: A 32, B 40, C 22 (sum 94); each pays each the difference:
# A 3*32-94 = +2, B 3*40-94 = +26, C 3*22-94 = -28 points.


def _transfers(pl) -> list[tuple[str, str, int]]:
    return [(e["event"]["from_account"], e["event"]["to_account"], e["event"]["amount"])
            for e in json.loads(pl("log", "--json").output) if e["event"]["type"] == "transfer"]


def _cashouts(pl) -> dict[str, int]:
    return {s["name"]: s["cashed_out"] for s in json.loads(pl("state", "--json").output)["seats"]}


def test_closing_early_settles_the_scores_so_far(potlog, tmp_path):
    potlog.run_script(HAND1.format(a=500, b=500, c=500, stake=2), tmp_path)
    assert json.loads(potlog("state", "--json").output)["scores"] == {"B": 40, "C": 22, "A": 32}
    out = potlog("close").output
    assert "the table declares settle 2" in out
    assert _transfers(potlog) == [("seat:C", "seat:A", 4), ("seat:C", "seat:B", 52)]
    assert _cashouts(potlog) == {"A": 504, "B": 552, "C": 444}
    assert sum(_cashouts(potlog).values()) == 1500
    report = json.loads(potlog("verify", "--rules", "--json").output)["sessions"][0]
    assert report["ok"] and report["rules_checked"].startswith("bluke.check_event")


def test_a_loser_who_cannot_cover_pays_what_they_hold(potlog, tmp_path):
    potlog.run_script(HAND1.format(a=500, b=500, c=20, stake=2), tmp_path)
    potlog("close")
    # C owes 56 but holds 20: A was owed 4, B 52 -> 20 shared pro rata (1 and 18), the odd chip to B
    assert _transfers(potlog) == [("seat:C", "seat:A", 1), ("seat:C", "seat:B", 19)]
    assert _cashouts(potlog) == {"A": 501, "B": 519, "C": 0}
    assert json.loads(potlog("verify", "--rules", "--json").output)["ok"]


def test_no_stake_moves_no_chips(potlog, tmp_path):
    potlog.run_script(HAND1.format(a=50, b=50, c=50, stake=0), tmp_path)
    out = potlog("close").output
    assert "settle" not in out
    assert _transfers(potlog) == []
    assert _cashouts(potlog) == {"A": 50, "B": 50, "C": 50}


def test_close_refused_mid_hand(potlog, tmp_path):
    potlog.run_script(HAND1.format(a=50, b=50, c=50, stake=1) + "hand\n", tmp_path)
    r = potlog("close", ok=False)
    assert r.exit_code == 1 and "hand 2 is still going" in r.output


def test_the_last_hand_settles_by_itself(potlog, tmp_path):
    # a two-player game: 25 tallied hands, A takes every trick
    lines = ["new bluke --name two -p A=3000 -p B=3000 -o stake=1", "hand --dealer A"]
    from ledger.games.bluke import schedule

    for k, cards in enumerate(schedule(2)):
        if k:
            lines.append("hand")
        lines += ["bid A=1 B=1" if k % 2 == 0 else "bid B=1 A=1", f"tricks A={cards} B=0"]
    potlog.run_script("\n".join(lines) + "\n", tmp_path)
    data = json.loads(potlog("state", "--json").output)
    a = sum(10 + c - 1 for c in schedule(2))
    assert data["scores"] == {"A": a, "B": -250}
    # 2 players: A wins 2*a - (a - 250) = a + 250 points
    assert _transfers(potlog) == [("seat:B", "seat:A", a + 250)]
    r = potlog("hand", ok=False)
    assert "the game is over after 25 hands" in r.output
    potlog("close")
    assert _cashouts(potlog) == {"A": 3000 + a + 250, "B": 3000 - a - 250}
    assert "game over: A wins" in potlog("scorecard").output


@pytest.mark.parametrize("option, says", [
    ("stake=-1", "option stake"),
    ("stake=lots", "option stake"),
    ("new_jersey=perhaps", "option new_jersey"),
    ("pack=french52", "option pack"),
    ("trumps=none", "bluke has no option 'trumps'"),
])
def test_bad_options_are_refused(potlog, option, says):
    r = potlog("new", "bluke", "-p", "A=0", "-p", "B=0", "-o", option, ok=False)
    assert r.exit_code == 1 and says in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_games_lists_bluke_with_its_options(potlog):
    data = json.loads(potlog("games", "bluke", "--json").output)
    assert data[0]["name"] == "bluke"
    assert {o["name"]: o["default"] for o in data[0]["options"]} == {"pack": "french54", "new_jersey": False, "stake": 0}
