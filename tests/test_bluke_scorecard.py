"""The rule text's sample scorecard (and its "creative" version), reproduced through the CLI."""

from __future__ import annotations

import json

import pytest

from ledger.scorecard import rows

# The rule text's "Sample Scorecard", each row exactly as the text prints it (its cells run
# together: "13" "3 31" "3 -30" ... reads "133 313 -302 225 50").
SAMPLE_TEXT = [
    "DealJohnMargaretSteveBetsy",
    "133 313 -302 225 50",
    "122 114 -705 -283 82",
    "111 224 -291 -18 3 112",
    "10",
]
# Its "Creative Scorecard": the same hands with the tricks taken (taken/bid score; Deal: bids/cards).
CREATIVE_TEXT = [
    "DealJohnMargaretSteveBetsy",
    "13/134/3 310/3 -304/2 225/5 50",
    "14/121/2 112/4 -703/5 -285/3 82",
    "10/112/1 225/4 -291/1 -183/3 112",
    "_/10",
]

# The three hands as a scorekeeper records them. Hand 2's tricks: the creative card's 1/2/3/5
# add up to 11 of 12; Steve (bid 5, set) took 4 here so that every trick is someone's.
SCRIPT = """
new bluke --name sample -p John=0 -p Margaret=0 -p Steve=0 -p Betsy=0
hand --dealer Betsy
bid John=3 Margaret=3 Steve=2 Betsy=5
tricks John=4 Margaret=0 Steve=4 Betsy=5
hand
bid John=2 Margaret=4 Steve=5 Betsy=3
tricks John=1 Margaret=2 Steve=4 Betsy=5
hand
bid John=1 Margaret=4 Steve=1 Betsy=3
tricks John=2 Margaret=5 Steve=1 Betsy=3
"""


def _squash(text: str) -> str:
    return "".join(text.split())


@pytest.fixture
def card(potlog, tmp_path):
    potlog.run_script(SCRIPT, tmp_path)
    return json.loads(potlog("scorecard", "--json").output)


def test_the_sample_scorecard_is_reproduced_exactly(card):
    grid = rows(card, "bids")
    assert grid[:5] == [
        ["Deal", "John", "Margaret", "Steve", "Betsy"],
        ["13", "3 31", "3 -30", "2 22", "5 50"],
        ["12", "2 11", "4 -70", "5 -28", "3 82"],
        ["11", "1 22", "4 -29", "1 -18", "3 112"],
        ["10", "", "", "", ""],
    ]
    # and, cell by cell run together as the text prints it, the very same characters
    assert [_squash("".join(r)) for r in grid[:5]] == [_squash(line) for line in SAMPLE_TEXT]
    # the first two rows even keep the text's spacing exactly
    assert ["".join(r) for r in grid[1:3]] == SAMPLE_TEXT[1:3]


def test_running_scores_and_sop_follow_the_text_commentary(card):
    hands = card["hands"]
    results = [{p: c["result"] for p, c in h["players"].items()} for h in hands]
    # "On the first hand, only Margaret went set. Betsy met her bid exactly. John got 1
    # overtrick, and Steve got 2."
    assert results[0] == {"John": "O", "Margaret": "S", "Steve": "O", "Betsy": "P"}
    assert hands[0]["players"]["Steve"]["points"] == 22 and hands[0]["players"]["John"]["points"] == 31
    # "On the second hand, John, Margaret and Steve all went set. Betsy got 2 overtricks."
    assert results[1] == {"John": "S", "Margaret": "S", "Steve": "S", "Betsy": "O"}
    assert hands[1]["players"]["Betsy"]["points"] == 32
    # "On the third hand ... Steve and Betsy met their bids exactly, and Margaret and John got 1 overtrick each."
    assert results[2] == {"John": "O", "Margaret": "O", "Steve": "P", "Betsy": "P"}
    assert card["tallies"] == {
        "John": {"S": 1, "O": 2, "P": 0}, "Margaret": {"S": 2, "O": 1, "P": 0},
        "Steve": {"S": 1, "O": 1, "P": 1}, "Betsy": {"S": 0, "O": 1, "P": 2},
    }
    assert {p: t["score"] for p, t in card["totals"].items()} == {"John": 22, "Margaret": -29, "Steve": -18, "Betsy": 112}
    assert card["next"] == {"hand": 4, "cards": 10, "bids": {}, "playing": False}


def test_the_creative_scorecard_matches_where_the_text_adds_up(card):
    grid = rows(card, "tricks")
    assert grid[0] == ["Deal", "John", "Margaret", "Steve", "Betsy"]
    assert "".join(grid[1]) == CREATIVE_TEXT[1]
    # hand 2: the same cells but Steve's tricks (the text's add up to 11 of 12)
    assert grid[2] == ["14/12", "1/2 11", "2/4 -70", "4/5 -28", "5/3 82"]
    # hand 3: the bids add up to 9 (1+4+1+3), which the text misprints as 10
    assert grid[3] == ["9/11", "2/1 22", "5/4 -29", "1/1 -18", "3/3 112"]
    assert _squash("".join(grid[3]))[len("9/11"):] == _squash(CREATIVE_TEXT[3])[len("10/11"):]
    assert grid[4] == ["_/10", "", "", "", ""]
    assert grid[5:] == [["S", "1", "2", "1", "0"], ["O", "2", "1", "1", "1"], ["P", "0", "0", "1", "2"]]


def test_scorecard_text_view_shows_the_rows(potlog, tmp_path):
    potlog.run_script(SCRIPT, tmp_path)
    out = potlog("scorecard", "--layout", "bids").output
    for cells in (["13", "3 31", "3 -30", "2 22", "5 50"], ["11", "1 22", "4 -29", "1 -18", "3 112"]):
        line = next(ln for ln in out.splitlines() if ln.strip().startswith(cells[0] + " "))
        assert [c.strip() for c in line.split("│")] == cells
    out = potlog("scorecard").output
    assert "4/3 31" in out and "_/10" in out and "taken/bid" in out


def test_scorecard_in_progress_shows_the_bids_so_far(potlog, tmp_path):
    potlog.run_script(SCRIPT + "hand\nbid John=3 Betsy=2\n", tmp_path)
    data = json.loads(potlog("scorecard", "--json").output)
    assert data["next"] == {"hand": 4, "cards": 10, "bids": {"Betsy": 2, "John": 3}, "playing": True}
    assert data["rows"][4] == ["_/10", "_/3", "", "", "_/2"]


def test_scorecard_refuses_other_games_and_layouts(potlog, tmp_path):
    potlog.run_script(SCRIPT, tmp_path)
    r = potlog("scorecard", "--layout", "wide", ok=False)
    assert r.exit_code == 1 and "choose tricks or bids" in r.output
    potlog("new", "freeform", "-p", "Ann=10")
    r = potlog("scorecard", ok=False)
    assert r.exit_code == 1 and "for Bluke sessions" in r.output
    assert len(r.output.strip().splitlines()) == 1
