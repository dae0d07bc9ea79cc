"""Blücher refuses what its rules forbid: one clear line, exit 1, the log untouched."""

from __future__ import annotations

import json

import pytest

SETUP = """
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal Ann AS 5H 9C
deal Ben -n 3
deal Cy -n 3
"""

OPENED = SETUP + """
declare Ann dice 2
declare Ann limit 5
hole Ann 5H
bet Ann 2
hole Ben
call Ben
hole Cy
call Cy
roll Ann 3 4
"""


def refused(potlog, *args: str) -> str:
    """Run a command that must be refused; check the one line, the exit code and the log."""
    before = potlog("log", "--json").output
    r = potlog(*args, ok=False)
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("potlog: "), r.output
    assert "Traceback" not in r.output
    assert potlog("log", "--json").output == before
    return lines[0]


def test_six_dice_and_a_bet_above_the_limit(potlog, tmp_path):
    potlog.run_script(SETUP, tmp_path)
    assert "Ann may roll 1 to 5 dice, not 6" in refused(potlog, "declare", "Ann", "dice", "6")
    assert "Ben cannot declare the dice: Ann, the first player, does" in refused(potlog, "declare", "Ben", "dice", "2")
    potlog("declare", "Ann", "dice", "2")
    assert "Ann declared 2 dice already: a declaration stands" in refused(potlog, "declare", "Ann", "dice", "3")
    assert "Ann declares the limit before the bet: potlog declare Ann limit N" in refused(potlog, "bet", "Ann", "2")
    potlog("declare", "Ann", "limit", "5")
    assert "Ann places a hole card before betting" in refused(potlog, "bet", "Ann", "2")
    potlog("hole", "Ann", "5H")
    assert "Ann may bet 1 to 5 (the limit this hand), not 6" in refused(potlog, "bet", "Ann", "6")
    assert "once placed it cannot be changed" in refused(potlog, "hole", "Ann", "AS")
    assert "Ben cannot place a hole card now: it is Ann's turn" in refused(potlog, "hole", "Ben")
    assert "nobody checks in the opening" in refused(potlog, "check", "Ann")
    potlog("bet", "Ann", "2")
    assert "no raises in the opening round" in refused(potlog, "raise", "Ben", "1")
    assert "Ben places a hole card before calling" in refused(potlog, "call", "Ben")


def test_card_already_in_another_players_hand(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal Ann AS 5H 9C
""", tmp_path)
    assert "AS is already in Ann's hand: a pack holds one AS" in refused(potlog, "deal", "Ben", "KD", "AS", "2C")
    assert "Ann gets 3 cards and has 3" in refused(potlog, "deal", "Ann", "2C")


def test_buying_out_of_turn_and_exchanging_the_hole_card(potlog, tmp_path):
    potlog.run_script(OPENED, tmp_path)
    assert "Ben cannot buy a card now: it is Ann's turn" in refused(potlog, "buy", "Ben")
    assert "Ann cannot exchange the hole card (5H): discard one of the other two" in refused(
        potlog, "buy", "Ann", "2C", "--discard", "5H")
    assert "say which card Ann discards: AS or 9C" in refused(potlog, "buy", "Ann")
    assert "AS is already in Ann's hand" in refused(potlog, "buy", "Ann", "AS", "--discard", "9C")
    potlog("buy", "Ann", "2C", "--discard", "9C")
    assert "Ann has bought a card this round already: one card per round" in refused(potlog, "buy", "Ann", "--discard", "AS")
    assert "Ben cannot buy a card now: it is Ann's turn" in refused(potlog, "exchange", "Ben", "--discard", "??")
    potlog("check", "Ann")
    assert "Ann cannot buy a card now: it is Ben's turn" in refused(potlog, "buy", "Ann", "--discard", "AS")
    potlog("check", "Ben")
    potlog("bet", "Cy", "1")
    potlog("call", "Ann")
    assert "Ben has acted this round: a card is bought before checking" in refused(potlog, "buy", "Ben")


def test_second_raise_and_raise_above_the_limit(potlog, tmp_path):
    potlog.run_script(OPENED, tmp_path)
    assert "Ann may raise by 1 to 5 (the limit this hand), not 6" in refused(potlog, "raise", "Ann", "6")
    assert "Ann may bet 1 to 5 (the limit this hand), not 7" in refused(potlog, "bet", "Ann", "7")
    potlog("bet", "Ann", "2")
    potlog("raise", "Ben", "2")
    potlog("call", "Cy")
    assert "Ann cannot raise again: one raise per player per round" in refused(potlog, "raise", "Ann", "1")
    assert "Ann cannot raise again" in refused(potlog, "allin", "Ann")
    potlog("call", "Ann")
    data = json.loads(potlog("state", "--json").output)
    assert data["hand"]["round"] == 2 and data["hand"]["to_act"] == "Ann"


def test_after_the_go_around_only_calls_and_folds(potlog, tmp_path):
    potlog.run_script(OPENED + "check Ann\nbet Ben 3\ncall Cy\n", tmp_path)
    assert "Ann has had a turn this round: after the go-around players only call or fold" in refused(
        potlog, "raise", "Ann", "1")
    assert "Ann cannot check" in refused(potlog, "check", "Ann")


def test_fold_by_someone_who_already_folded(potlog, tmp_path):
    potlog.run_script(OPENED + "check Ann\nfold Ben\n", tmp_path)
    assert "Ben has already folded this hand" in refused(potlog, "fold", "Ben")
    assert "Ann cannot fold now: it is Cy's turn" in refused(potlog, "fold", "Ann")


@pytest.mark.parametrize("args, message", [
    (("roll", "Ben", "3", "4"), "Ann, the first player, rolls the dice, not Ben"),
    (("roll", "Ann", "3"), "Ann declared 2 dice: record all 2 faces, not 1"),
    (("roll", "Ann", "3", "7"), "7 is not a face of a 6-sided die"),
    (("showdown",), "the showdown comes after the third round"),
    (("award", "Ann"), "Blücher settles the pot itself"),
    (("round",), "Blücher starts its rounds by itself"),
    (("ante", "Ann", "1"), "Blücher has no antes"),
    (("pay", "pot", "Ann", "3"), "chips leave the pot only by the rules"),
    (("pay", "Ann", "carry", "3"), "the pot rides only when everyone busts"),
    (("declare", "Ann", "trumps", "3"), "Blücher has no declaration 'trumps'"),
])
def test_refusals_before_the_roll(potlog, tmp_path, args, message):
    potlog.run_script(OPENED.replace("roll Ann 3 4\n", ""), tmp_path)
    assert message in refused(potlog, *args)


def test_table_sizes_and_options(potlog, tmp_path):
    r = potlog("new", "bluecher", "--name", "two", "-p", "Ann=10", "-p", "Ben=10", ok=False)
    assert r.exit_code == 1 and "Blücher (Forwards) is played by 3 to 10 players, not 2" in r.output
    players = [x for i in range(10) for x in ("-p", f"P{i}=10")]
    r = potlog("new", "bluecher", "--name", "ten", "-o", "pack=spanish", *players, ok=False)
    assert r.exit_code == 1 and "with the spanish40 pack is played by 3 to 9 players, not 10" in r.output
    r = potlog("new", "bluecher", "--name", "x", "-o", "pack=tarot78", "-p", "A=1", ok=False)
    assert r.exit_code == 1 and "french or the spanish pack" in r.output
    r = potlog("new", "bluecher", "--name", "y", "-o", "spanish_size=44", "-p", "A=1", ok=False)
    assert "40 or 48 cards" in r.output
    potlog("new", "bluecher", "--name", "z", "-o", "pack=spanish", "-o", "spanish_size=48", "-p", "A=1", "-p", "B=1",
           "-p", "C=1")
    assert json.loads(potlog("state", "--json").output)["options"]["pack"] == "spanish48"


def test_override_records_a_refused_command_as_a_ruling(potlog, tmp_path):
    potlog.run_script(OPENED, tmp_path)
    potlog("buy", "Ben", "--override", "Ben bought out of turn and the table let it stand")
    data = json.loads(potlog("state", "--json").output)
    assert data["hand"]["to_act"] == "Ann"
    log = json.loads(potlog("log", "--json").output)
    assert log[-1]["event"]["ruling"].startswith("Ben bought out of turn")
    assert log[-1]["event"]["discard"] == ["??"] and log[-1]["event"]["draw"] == ["??"]
    potlog("pay", "Ben", "pot", "1", "--reason", "the card cost")
    assert json.loads(potlog("state", "--json").output)["accounts"]["pot"] == 7


def test_table_rulings_against_the_rules_never_crash_the_table(potlog, tmp_path):
    potlog.run_script(OPENED, tmp_path)
    potlog("exchange", "Ann", "KD", "--discard", "5H", "--override", "Ann swapped her hole card; the table allowed it")
    potlog("fold", "Cy", "--override", "Cy folded out of turn")
    potlog.run_script("check Ann\ncheck Ben\n" * 3, tmp_path)
    data = json.loads(potlog("state", "--json").output)
    assert data["hand"]["phase"] == "showdown"
    potlog("reveal", "Ben", "2C", "3C", "4C")
    potlog("hole", "Ben", "2C")
    r = potlog("showdown", ok=False)
    assert r.exit_code == 1 and "Ann's hole card 5H is no longer in the hand (held: AS 9C KD)" in r.output
    potlog("award", "Ben", "--override", "the table gave Ben the pot")
    potlog("end")
    assert json.loads(potlog("state", "--json").output)["hand"]["ended"]
    potlog("hand")
    r = potlog("verify", "--rules")
    assert "rules kept" in r.output and "table ruling" in r.output
