"""Dominoes (Block, Draw, Muggins), decided in memory: the line and its ends, passing and the
boneyard, Muggins' fives, the end of a hand, its score and chips."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import NewHand
from ledger.errors import PotlogError
from ledger.kit.dominoes import Draw, Line, end_count, name, tile
from tests.table import Table


def refused(t: Table, says: str, *args: str) -> None:
    before = t.state.clone()
    with pytest.raises(PotlogError, match=says):
        t.word(*args)
    assert t.state == before


def test_a_tile_is_written_a_b_either_way_round_within_the_set():
    assert tile("4-6", 6) == (6, 4) and tile(" 6|4 ", 6) == (6, 4) and name([4, 6]) == "6-4"
    assert tile("9-9", 9) == (9, 9)
    with pytest.raises(PotlogError, match="'7-1' is not a tile of the double-6 set: write it A-B"):
        tile("7-1", 6)
    with pytest.raises(PotlogError, match="is not a tile"):
        tile("AS", 6)


def test_muggins_counts_the_ends_a_double_at_an_end_counting_both_halves():
    assert end_count(Line(line=[[6, 4]])) == 10  # the set: both its halves are ends
    assert end_count(Line(line=[[5, 5]])) == 10
    assert end_count(Line(line=[[6, 4], [4, 4]])) == 14  # 6 + the double across 4
    assert end_count(Line(line=[[5, 5], [5, 0]])) == 10  # the double at the left end: 5 + 5, the right end 0
    assert end_count(Line(line=[[1, 6], [6, 4], [4, 4]])) == 9


def test_block_lays_to_the_ends_refuses_what_does_not_fit_and_ends_blocked_on_the_fewest_pips():
    t = Table("blockdominoes", options={"stake": 2}, verify=True, Ann=20, Ben=20)
    t(NewHand(first="Ann"))
    assert t.state.balance("pot") == 4 and t.state.ext.held == {"Ann": 7, "Ben": 7} and t.to_act == "Ann"
    refused(t, "it is Ann's turn, not Ben's", "lay", "Ben", "6-4")
    t.word("lay", "Ann", "6-4")
    refused(t, "5-2 matches neither end of the line \\(6 left, 4 right\\)", "lay", "Ben", "5-2")
    refused(t, "6-4 is already on the table", "lay", "Ben", "4-6")
    t.refused(Draw(player="Ben"), "Block Dominoes has no 'draw'")
    t.word("lay", "Ben", "4-4")  # a double across the right end: it stays 4
    t.word("lay", "Ann", "4-1")  # only the right end has a 4
    refused(t, "6-1 fits both ends \\(6 left, 1 right\\): say left or right", "lay", "Ben", "6-1")
    refused(t, "6-1 does not match|say left or right|the end is left or right", "lay", "Ben", "6-1", "up")
    t.word("lay", "Ben", "6-1", "left")
    assert [list(x) for x in t.state.ext.line] == [[1, 6], [6, 4], [4, 4], [4, 1]]
    t.word("lay", "Ann", "3-1")  # both ends are 1: it goes right
    assert t.state.ext.line[-1] == [1, 3]
    t.word("pass", "Ben")
    t.word("pass", "Ann")  # everyone passed in a row: blocked
    assert t.state.ext.over == "blocked" and not t.state.hand.ended
    refused(t, "Ben holds 5 tiles: show all of them, not 2", "show", "Ben", "0-0", "1-0")
    refused(t, "6-4 is already on the table", "show", "Ben", "0-0", "1-0", "2-0", "1-1", "6-4")
    t.word("show", "Ben", "0-0", "1-0", "2-0", "1-1", "2-1")  # 7 pips
    t.word("show", "Ann", "6-6", "5-5", "2-2", "6-5")  # 37 pips
    assert t.state.hand.ended and t.state.scores["Ben"] == 37
    assert t.stack("Ben") == 22 and t.stack("Ann") == 18  # the pot of 4 to the fewest pips


def test_draw_must_draw_until_the_boneyard_is_exhausted_then_passes():
    t = Table("drawdominoes", options={"stake": 0, "per_point": 1}, verify=True, Ann=20, Ben=20)
    t(NewHand(first="Ann"))
    assert t.state.ext.boneyard == 14
    t.word("lay", "Ann", "6-6")
    refused(t, "Ben draws from the boneyard \\(14 left\\) until a tile fits: potlog draw Ben", "pass", "Ben")
    for _ in range(12):
        t.word("draw", "Ben")
    assert t.state.ext.boneyard == 2 and t.state.ext.held["Ben"] == 19
    refused(t, "the boneyard is exhausted \\(2 left, never drawn\\)", "draw", "Ben")
    t.word("pass", "Ben")
    t.word("lay", "Ann", "6-1")
    t.word("lay", "Ben", "1-1")
    for tile_ in ("6-5", "5-5", "5-4", "4-4", "4-0"):  # Ann plays out: domino
        if t.to_act == "Ben":
            t.word("pass", "Ben")
        t.word("lay", "Ann", tile_)
    assert t.state.ext.over == "domino" and t.state.ext.winners == ["Ann"]
    # Ben shows his 17 tiles left; Ann scores their pips and takes them in chips
    laid = {name(x) for x in t.state.ext.line}
    rest = [f"{a}-{b}" for a in range(7) for b in range(a + 1) if f"{a}-{b}" not in laid][2:]  # two stay in the boneyard
    t.word("show", "Ben", *rest)
    pips = sum(int(n) for x in rest for n in x.split("-"))
    assert t.state.hand.ended and t.state.scores == {"Ann": pips}
    assert pips > 20 and t.stack("Ann") == 40 and t.stack("Ben") == 0  # Ben pays what he has, no more


def test_muggins_scores_fives_as_laid_and_the_other_hands_at_the_end():
    t = Table("muggins", options={"stake": 1}, verify=True, Ann=20, Ben=20)
    t(NewHand(first="Ann"))
    assert t.state.ext.held == {"Ann": 5, "Ben": 5}
    t.word("lay", "Ann", "5-5")  # the set: 10
    assert t.state.scores.get("Ann") == 2
    t.word("lay", "Ben", "5-0")  # 5 + 5 (the double at the left end) + 0 = 10
    assert t.state.scores.get("Ben") == 2
    t.word("lay", "Ann", "0-0")  # 10 + 0 (a double of blanks at the right) = 10
    assert t.state.scores.get("Ann") == 4
    t.word("lay", "Ben", "5-3")  # ends 3 and 0: 3, no score
    assert t.state.scores.get("Ben") == 2
    log = [e for _, e in t.log if isinstance(e, ev.Scored)]
    assert [(e.player, e.points, e.reason) for e in log] == [("Ann", 2, "the ends make 10"), ("Ben", 2, "the ends make 10"),
                                                             ("Ann", 2, "the ends make 10")]


def test_a_blocked_game_with_equal_pips_lets_the_pot_stand():
    t = Table("blockdominoes", options={"stake": 3}, verify=True, Ann=20, Ben=20)
    t(NewHand(first="Ann"))
    t.word("lay", "Ann", "6-6")
    t.word("pass", "Ben")
    t.word("pass", "Ann")
    t.word("show", "Ann", "0-0", "6-1", "5-1", "4-2", "3-3", "6-2")  # 33
    t.word("show", "Ben", "3-1", "4-0", "2-2", "5-0", "4-1", "3-2", "6-0")  # 33
    assert t.state.hand.ended and t.state.balance("carry") == 6 and t.state.scores == {}


def test_muggins_with_teams_partners_across_win_a_blocked_game_together():
    t = Table("muggins", options={"stake": 1, "teams": True, "per_point": 1}, verify=True,
              Ann=20, Ben=20, Cy=20, Dee=20)
    t(NewHand(first="Ann"))
    assert t.state.ext.order == ["Ann", "Ben", "Cy", "Dee"] and t.state.ext.boneyard == 8
    t.word("lay", "Ann", "6-6")
    for _ in range(7):
        t.word("draw", "Ben")
    for player in ("Ben", "Cy", "Dee", "Ann"):
        t.word("pass", player)
    assert t.state.ext.over == "blocked"
    t.word("show", "Ann", "0-0", "1-0", "1-1", "2-0")  # 5 pips
    t.word("show", "Cy", "2-1", "3-0", "2-2", "3-1", "4-0")  # 18: Ann and Cy 23
    t.word("show", "Dee", "6-5", "5-5", "6-4", "5-4", "4-4")  # 48
    bens = ("6-3", "5-3", "4-3", "3-3", "6-2", "5-2", "4-2", "3-2", "6-1", "5-1", "4-1", "6-0")
    t.word("show", "Ben", *bens)
    ben = sum(int(n) for x in bens for n in x.split("-"))
    assert t.state.hand.ended
    assert t.state.scores.get("Ann") == 48 + ben  # the team's first player takes the opponents' pips
    # the pot (4) split between the partners; each loser pays one winner the teams' difference
    # (48 + Ben's pips, far more than the 19 chips each has left: each pays all of it)
    assert t.stack("Ann") == 19 + 2 + 19 == t.stack("Cy") and t.stack("Ben") == 0 == t.stack("Dee")
