"""Issue 11: Blücher's opening after a raise by table ruling (item 4), and one story for its
figures (item 10): the pot with card purchases, bought in / rebought, Bluffjack's split."""

from __future__ import annotations

import json

OPENING = """
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal all -n 3
declare Ann dice 3
declare Ann limit 5
hole Ann
bet Ann 2
hole Ben
"""


def _state(potlog) -> dict:
    return json.loads(potlog("state", "--json").output)


def test_the_opening_waits_for_the_first_player_to_match_a_ruled_raise(potlog, tmp_path):
    potlog.run_script(OPENING, tmp_path)
    potlog("raise", "Ben", "2", "--override", "the table let Ben raise in the opening")
    potlog("hole", "Cy")
    potlog("call", "Cy")
    data = _state(potlog)
    # Ann put in 2, Ben and Cy 4: the opening is not over until Ann calls or folds
    assert data["hand"]["to_act"] == "Ann"
    refused = potlog("roll", "Ann", "1", "2", "3", ok=False)
    assert refused.exit_code != 0
    potlog("call", "Ann")
    assert _state(potlog)["hand"]["to_act"] == "Ann"  # now she rolls
    potlog("roll", "Ann", "1", "2", "3")
    assert {s["name"]: s["stack"] for s in _state(potlog)["seats"]} == {"Ann": 46, "Ben": 46, "Cy": 46}


def test_the_first_player_may_fold_to_a_ruled_raise(potlog, tmp_path):
    potlog.run_script(OPENING, tmp_path)
    potlog("raise", "Ben", "2", "--override", "ruled")
    potlog("hole", "Cy")
    potlog("call", "Cy")
    assert _state(potlog)["hand"]["to_act"] == "Ann"
    potlog("fold", "Ann")  # she has opened, so she may fold to the raise
    potlog("roll", "Ann", "1", "2", "3")  # the opening is over; the first player still rolls the target
    data = _state(potlog)
    assert data["hand"]["to_act"] == "Ben"
    assert {s["name"]: s["stack"] for s in data["seats"]} == {"Ann": 48, "Ben": 46, "Cy": 46}


# --- item 10: one story -------------------------------------------------------------------

BUYING = """
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal all -n 3
declare Ann dice 3
declare Ann limit 5
hole Ann
bet Ann 4
hole Ben
call Ben
hole Cy
call Cy
roll Ann 1 2 3
buy Ann
bet Ann 5
"""
# Ann: bet 4 + 5 = 9, one card bought for 1: net -10, all of it in the pot


def test_bluechers_in_pot_counts_card_purchases(potlog, tmp_path):
    from ledger.games.bluecher import staged

    potlog.run_script(BUYING, tmp_path)
    state = potlog.ledger().state("t")
    ann = state.seat("Ann")
    assert ann is not None and ann.hand_bet == 9  # the bets alone: what side pots are made of
    assert 50 - state.stack("Ann") == 10
    assert staged.in_pot(state, "Ann") == 10
    assert staged.in_pot(state, "Ben") == 4


def _column(output: str, row: str, header: str) -> str:
    """The cell of `header`'s column in the state table's `row` (the panel's and the table's rules split cells)."""
    import re

    def cells(line: str) -> list[str]:
        return [c.strip() for c in re.split("[│┃]", line)[1:-1]]

    rows = [cells(line) for line in output.splitlines()]
    head = next(r for r in rows if r and r[0] == "seat")
    line = next(r for r in rows if r and r[0].split(" ")[0] == row)
    return line[head.index(header)]


def test_state_shows_card_purchases_in_pot(potlog, tmp_path):
    potlog.run_script(BUYING, tmp_path)
    out = potlog("state").output
    assert _column(out, "Ann", "in pot") == "10"
    assert _column(out, "Ann", "net") == "-10"


REBUY = """
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
rebuy Ann 20
"""


def test_audit_splits_bought_in_and_rebought(potlog, tmp_path):
    potlog.run_script(REBUY, tmp_path)
    data = json.loads(potlog("audit", "--json").output)
    ann = next(p for p in data["players"] if p["player"] == "Ann")
    assert (ann["bought_in"], ann["rebought"]) == (50, 20)


def test_state_splits_bought_in_and_rebought_as_audit_does(potlog, tmp_path):
    potlog.run_script(REBUY, tmp_path)
    out = potlog("state").output
    assert (_column(out, "Ann", "bought in"), _column(out, "Ann", "rebought")) == ("50", "20")


def test_bluffjack_split_names_hand_totals_not_chips(potlog, tmp_path):
    potlog.run_script("""
new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20
hand
deal Ben 10S
deal Cy 10H
deal Ann 10D
deal Ben 7S --up
deal Cy 9H --up
deal Ann 9D --up
ante Ann 1
ante Ben 1
ante Cy 1
raise Cy 1
call Ann
call Ben
stand Ben
stand Cy
stand Ann
check Ben
check Cy
check Ann
showdown
""", tmp_path)
    log = [e["event"] for e in json.loads(potlog("log", "--json").output)]
    award = next(e for e in log if e["type"] == "pot_awarded")
    assert award["reason"] == "the pot: split between Cy and Ann, hand totals 19 and 19 (also in: Ben 17)"


def test_the_bluffjack_sample_records_the_split_as_hand_totals_and_verify_keeps_the_old_words():
    from ledger import events as ev
    from ledger.verify import verify_rules
    from tests.conftest import SAMPLES

    lines = [json.loads(x) for x in (SAMPLES / "bluffjack-game.jsonl").read_text(encoding="utf-8").splitlines()]
    split = next(x for x in lines if x["event"]["type"] == "pot_awarded" and len(x["event"]["shares"]) == 2)
    assert split["event"]["reason"] == "the pot: split between Cy and Ben, hand totals 19 and 19 (also in: Ann bust 24)"

    def findings(reason: str) -> list:
        copy = [dict(x, event=dict(x["event"], reason=reason) if x is split else x["event"]) for x in lines]
        return verify_rules([(x["seq"], ev.parse_event_dict(x["event"])) for x in copy], "bluffjack-game")[0]

    assert findings("the pot: split (Cy 19, Ann bust 24, Ben 19)") == []  # a ledger recorded before issue 11
    found = findings("the pot: split (Cy 20, Ann bust 24, Ben 20)")
    assert found and found[0].seq == split["seq"]
