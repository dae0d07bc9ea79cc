"""Yamb at the decider: every row's score, each column's order, the bonus and Minimax, the straight's
roll count, the announcement, the order of play, a whole short game, and the chips (kitty or per point)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from ledger import events as ev
from ledger.commands import Declare, NewHand, Reroll, RollDice
from ledger.reducer import apply
from ledger.games.yamb import ROWS, Options, column_score, points, row_of, score
from tests.table import Table


@pytest.mark.parametrize("faces,row,want", [
    ((1, 1, 1, 2, 3), "ones", 3), ((2, 2, 5, 5, 6), "twos", 4), ((3, 3, 3, 3, 1), "threes", 12),
    ((4, 4, 4, 2, 2), "fours", 12), ((5, 1, 2, 3, 4), "fives", 5), ((6, 6, 6, 6, 6), "sixes", 30),
    ((1, 1, 2, 3, 4), "sixes", 0),
    ((1, 1, 2, 2, 3), "min", 9), ((6, 6, 5, 5, 4), "max", 26),
    ((2, 2, 5, 5, 6), "twopairs", 24), ((3, 3, 3, 6, 6), "twopairs", 28), ((4, 4, 4, 4, 1), "twopairs", 0),
    ((6, 6, 5, 5, 5), "twopairs", 32), ((1, 2, 3, 4, 4), "twopairs", 0),
    ((1, 2, 3, 4, 5), "straight", 66), ((6, 5, 4, 3, 2), "straight", 66), ((1, 2, 3, 4, 6), "straight", 0),
    ((3, 3, 3, 2, 2), "full", 43), ((3, 3, 3, 3, 2), "full", 0), ((4, 4, 4, 4, 4), "full", 0),
    ((2, 2, 2, 2, 5), "carriage", 53), ((5, 5, 5, 5, 5), "carriage", 65), ((2, 2, 2, 5, 5), "carriage", 0),
    ((5, 5, 5, 5, 5), "yamb", 75), ((5, 5, 5, 5, 4), "yamb", 0),
])
def test_every_row(faces, row, want):
    assert points(row, faces) == want


def test_the_straight_scores_by_the_roll_it_was_made_on():
    assert [points("straight", (2, 3, 4, 5, 6), n) for n in (1, 2, 3)] == [66, 56, 46]


def test_row_names():
    assert row_of("1") == "ones" and row_of("Full House") == "full" and row_of("poker") == "carriage"
    assert row_of("two pairs") == "twopairs" and row_of("Yamb") == "yamb"
    with pytest.raises(Exception, match="no Yamb row 'chance'"):
        row_of("chance")


def test_bonus_at_63_and_minimax_as_max_minus_min_times_ones():
    cells = {"free ones": 3, "free twos": 6, "free threes": 9, "free fours": 12, "free fives": 15,
             "free sixes": 18}
    assert column_score(cells, "free")["upper"] == 63 and column_score(cells, "free")["bonus"] == 30
    cells["free sixes"] = 12
    assert column_score(cells, "free")["bonus"] == 0
    assert column_score(cells, "free")["minimax"] is None          # Min and Max not written yet
    cells.update({"free min": 8, "free max": 27, "free yamb": 55})
    got = column_score(cells, "free")
    assert got["minimax"] == (27 - 8) * 3 and got["lower"] == 57 + 55 and got["total"] == 57 + 57 + 55
    cells["free max"] = 6                                           # a Max below the Min costs points
    assert column_score(cells, "free")["minimax"] == -6
    assert score(cells, ("free", "up")) == column_score(cells, "free")["total"]


def test_options():
    assert Options().sheet == ("up", "down", "free", "announce") and Options().ante == 1
    assert Options(columns="Free, hand").sheet == ("free", "hand")
    assert Options.model_validate({"per_point": "2"}).ante == 0
    for bad, says in (({"columns": "up,sideways"}, "no Yamb column sideways"), ({"columns": "up,up"}, "each column once"),
                      ({"per_point": 1, "ante": 2}, "not both")):
        with pytest.raises(ValidationError, match=says):
            Options.model_validate(bad)


# ----------------------------------------------------------------------------- at the table

def game(columns: str = "free", first: str | None = "Ann", **options) -> Table:
    t = Table("yamb", options={"columns": columns, **options}, verify=True, Ann=50, Ben=50)
    t(NewHand(first=first))
    return t


def roll(t: Table, who: str, faces: str) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(faces.split())))


def sheet(t: Table, who: str) -> dict[str, int]:
    return t.state.ext.sheets.get(who, {})


def turn(t: Table, who: str, faces: str, column: str, *row: str) -> None:
    roll(t, who, faces)
    t.word("write", who, column, *row)


def test_a_turn_is_up_to_three_rolls_then_a_write():
    t = game()
    t.refused(Declare(player="Ann", name="write", value="free ones"), "Ann has not rolled yet")
    t.refused(RollDice(player="Ben", faces=tuple("12345")), "it is Ann's turn to roll, not Ben's")
    t.refused(RollDice(player="Ann", faces=("1", "2")), "name 5 faces")
    roll(t, "Ann", "3 5 5 2 6")
    t.refused(Reroll(player="Ann", faces=("1",), value=("5", "5", "2", "4")), "Ann has no 4 to keep")
    t.word("reroll", "Ann", "5", "2", "--keep", "5,5,2")
    t.word("reroll", "Ann", "5", "--keep", "5,5,5,2")
    assert t.rules.legal(t.state)[0].verbs == ("write",)
    t.refused(RollDice(player="Ann", faces=tuple("12345")),
              "Ann has rolled 3 times, the most a turn has: now potlog write Ann COLUMN ROW")
    t.refused(Declare(player="Ann", name="write", value="up ones"), "no column 'up' at this table")
    t.word("write", "Ann", "free", "carriage")                  # 5 5 5 2 5: 22 + 40
    assert sheet(t, "Ann") == {"free carriage": 62} and t.to_act == "Ben"
    roll(t, "Ben", "1 2 3 4 6")
    roll(t, "Ben", "2 2 3 3 6")                                   # five rolled again: the second roll
    t.word("write", "Ben", "free", "full")                      # no full house: a 0
    assert sheet(t, "Ben") == {"free full": 0}
    roll(t, "Ann", "2 2 2 3 3")
    t.refused(Declare(player="Ann", name="write", value="free carriage"), "free carriage is written already (62)")


def test_the_straight_counts_the_rolls_of_the_turn():
    t = game()
    roll(t, "Ann", "1 2 3 4 6")
    t.word("reroll", "Ann", "6", "--keep", "1,2,3,4")
    t.word("reroll", "Ann", "5", "--keep", "1,2,3,4")
    t.word("write", "Ann", "free", "straight")
    turn(t, "Ben", "6 5 4 3 2", "free", "straight")
    assert sheet(t, "Ann") == {"free straight": 46} and sheet(t, "Ben") == {"free straight": 66}


def test_up_fills_from_ones_down_and_down_from_yamb_up():
    t = game("up,down")
    roll(t, "Ann", "1 1 2 3 4")
    t.refused(Declare(player="Ann", name="write", value="up twos"),
              "the up column is filled from ones down to Yamb, one cell after the other: its next cell "
              "is ones, not twos")
    t.refused(Declare(player="Ann", name="write", value="down ones"),
              "the down column is filled from Yamb up to ones, one cell after the other: its next cell "
              "is yamb, not ones")
    t.word("write", "Ann", "up", "ones")
    turn(t, "Ben", "1 1 2 3 4", "down", "yamb")
    roll(t, "Ann", "2 2 2 3 4")
    t.refused(Declare(player="Ann", name="write", value="up threes"), "its next cell is twos, not threes")
    t.word("write", "Ann", "down", "yamb")
    turn(t, "Ben", "6 6 6 6 1", "down", "carriage")
    assert sheet(t, "Ann") == {"up ones": 2, "down yamb": 0}
    assert sheet(t, "Ben") == {"down yamb": 0, "down carriage": 65}


def test_up_down_from_both_ends_and_middle_from_min_or_max_outwards():
    t = game("up-down,middle")
    roll(t, "Ann", "1 1 2 3 4")
    t.refused(Declare(player="Ann", name="write", value="up-down min"),
              "the up-down column fills from both ends, towards the middle: its next cell is ones or "
              "yamb, not min")
    t.refused(Declare(player="Ann", name="write", value="middle ones"),
              "the middle column starts at Min or Max and fills outwards from them: its next cell is "
              "min or max, not ones")
    t.word("write", "Ann", "up-down", "yamb")
    turn(t, "Ben", "1 1 2 3 4", "middle", "min")
    turn(t, "Ann", "1 1 2 3 4", "up-down", "carriage")
    roll(t, "Ben", "6 6 6 5 5")
    t.refused(Declare(player="Ben", name="write", value="middle twopairs"),
              "its next cell is sixes or max, not twopairs")
    t.word("write", "Ben", "middle", "max")
    turn(t, "Ann", "1 1 2 3 4", "up-down", "ones")
    roll(t, "Ben", "6 6 6 5 5")
    t.refused(Declare(player="Ben", name="write", value="middle fives"),
              "its next cell is sixes or twopairs, not fives")
    t.word("write", "Ben", "middle", "twopairs")
    assert sheet(t, "Ben") == {"middle min": 11, "middle max": 28, "middle twopairs": 32}


def test_hand_takes_only_a_first_roll_and_maximum_only_the_best_open_row():
    t = game("hand,maximum")
    roll(t, "Ann", "6 6 6 2 2")
    t.word("reroll", "Ann", "6", "6", "--keep", "6,6,6")
    t.refused(Declare(player="Ann", name="write", value="hand yamb"),
              "the hand column takes only the turn's first roll, and this is roll 2")
    t.refused(Declare(player="Ann", name="write", value="maximum sixes"),
              "the maximum column takes only the most the dice make in its open rows: yamb 80, "
              "not sixes 30")
    t.word("write", "Ann", "maximum", "yamb")
    turn(t, "Ben", "3 3 3 2 2", "hand", "full", "house")
    assert sheet(t, "Ann") == {"maximum yamb": 80} and sheet(t, "Ben") == {"hand full": 43}


def test_a_roll_that_leaves_nowhere_to_write_is_refused():
    t = game("hand")
    roll(t, "Ann", "1 2 3 4 6")
    t.refused(Reroll(player="Ann", faces=("5",), value=("1", "2", "3", "4")),
              "only the hand column has room, and it takes the first roll: Ann writes now")
    assert t.rules.legal(t.state)[0].verbs == ("write",)


def test_announce_after_the_first_roll_before_the_second():
    t = game("announce,free")
    t.refused(Declare(player="Ann", name="announce", value="full"),
              "a row is announced after the first roll and before the second: Ann has not rolled yet")
    roll(t, "Ann", "3 5 5 2 6")
    t.refused(Declare(player="Ann", name="write", value="announce full"),
              "the announce column takes only the row announced after the first roll")
    assert "announce" in t.rules.legal(t.state)[0].verbs
    t.word("announce", "Ann", "full", "house")
    t.refused(Declare(player="Ann", name="announce", value="yamb"), "Ann has announced full already this turn")
    t.word("reroll", "Ann", "5", "2", "--keep", "5,5,2")
    t.refused(Declare(player="Ann", name="write", value="free full"),
              "full was announced: the turn is written in announce full")
    t.word("write", "Ann", "announce", "full")
    roll(t, "Ben", "1 1 1 1 2")
    t.word("reroll", "Ben", "1", "--keep", "1,1,1,1")
    t.refused(Declare(player="Ben", name="announce", value="yamb"),
              "a row is announced after the first roll and before the second: Ben has rolled twice")
    t.word("write", "Ben", "free", "yamb")
    assert sheet(t, "Ann") == {"announce full": 49} and sheet(t, "Ben") == {"free yamb": 55}


def test_only_the_announce_column_left_means_announce_or_write_now():
    t = game("announce")
    roll(t, "Ann", "1 2 3 4 6")
    t.refused(Reroll(player="Ann", faces=("5",), value=("1", "2", "3", "4")),
              "only the announce column has room: Ann announces a row before the second roll")
    t.refused(Declare(player="Ann", name="write", value="announce ones"),
              "announce column takes only the row announced")
    t.word("announce", "Ann", "straight")
    t.word("reroll", "Ann", "5", "--keep", "1,2,3,4")
    t.word("write", "Ann", "announce", "straight")
    assert sheet(t, "Ann") == {"announce straight": 56}


def test_a_table_without_the_announce_column_refuses_an_announcement():
    t = game("free")
    roll(t, "Ann", "1 2 3 4 6")
    t.refused(Declare(player="Ann", name="announce", value="yamb"),
              "this table plays no announce column (its columns: free)")


def test_the_order_of_play_by_a_roll_of_five_dice_ties_rolling_again():
    t = Table("yamb", options={"columns": "free"}, verify=True, Ann=50, Ben=50, Cy=50)
    t(NewHand(dealer="Cy"))                                      # Ann, Ben, Cy roll for the order
    assert t.to_act == "Ann"
    t.refused(Declare(player="Ann", name="write", value="free ones"),
              "first each player rolls five dice for the order of play: Ann rolls now")
    roll(t, "Ann", "2 2 2 2 2")
    t.refused(RollDice(player="Ann", faces=tuple("12345")), "Ann has rolled 10 for the order; Ben rolls now")
    roll(t, "Ben", "6 6 6 6 6")
    roll(t, "Cy", "1 2 3 2 2")                                  # 10: a tie with Ann
    assert t.to_act == "Ann"
    roll(t, "Ann", "1 1 1 1 1")
    roll(t, "Cy", "1 1 1 1 2")
    assert t.state.ext.order == ["Ben", "Cy", "Ann"] and t.state.ext.phase == "play" and t.to_act == "Ben"


def test_first_names_who_plays_first_and_play_goes_clockwise():
    t = Table("yamb", options={"columns": "free"}, verify=True, Ann=50, Ben=50, Cy=50)
    t(NewHand(first="Ben"))
    assert t.state.ext.order == ["Ben", "Cy", "Ann"] and t.to_act == "Ben"


ROWS_FACES = {"ones": "1 1 1 2 3", "twos": "2 2 2 1 3", "threes": "3 3 3 1 2", "fours": "4 4 4 1 2",
              "fives": "5 5 5 1 2", "sixes": "6 6 6 1 2", "min": "1 1 2 2 3", "max": "6 6 6 5 5",
              "twopairs": "6 6 5 5 1", "straight": "2 3 4 5 6", "full": "6 6 6 5 5", "carriage": "6 6 6 6 1",
              "yamb": "6 6 6 6 6"}
BEST = 3 + 6 + 9 + 12 + 15 + 18 + 30 + (28 - 9) * 3 + 32 + 66 + 58 + 65 + 80   # the free column of ROWS_FACES


def play_out(t: Table, players: tuple[str, ...], spoil: str | None = None) -> None:
    """Every row of the free column for each player in turn, the same good dice; `spoil`'s yamb a 0."""
    for row in ROWS:
        for p in players:
            turn(t, p, "1 2 3 4 6" if (p == spoil and row == "yamb") else ROWS_FACES[row], "free", row)


def test_a_whole_short_game_for_the_kitty():
    t = game(ante=5)
    assert t.state.balance("pot") == 10
    play_out(t, ("Ann", "Ben"), spoil="Ben")
    assert score(sheet(t, "Ann"), ("free",)) == BEST and score(sheet(t, "Ben"), ("free",)) == BEST - 80
    assert t.state.hand.ended and t.stack("Ann") == 55 and t.stack("Ben") == 45
    awarded = [e for _, e in t.log if isinstance(e, ev.PotAwarded)]
    assert awarded[0].shares[0].player == "Ann" and "highest score" in awarded[0].reason
    assert ("result", f"Ann has the highest score, {BEST}") in t.rules.view(t.state)
    t(NewHand(first="Ben"))                                      # the next game
    assert t.state.balance("pot") == 10 and t.to_act == "Ben" and sheet(t, "Ann") == {}


def test_a_tie_lets_the_kitty_stand():
    t = game(ante=5)
    play_out(t, ("Ann", "Ben"))
    assert t.state.hand.ended and t.stack("Ann") == 45 and t.stack("Ben") == 45
    assert any(isinstance(e, ev.PotCarried) for _, e in t.log)


def test_per_point_every_pair_settles_the_difference():
    t = Table("yamb", options={"columns": "free", "per_point": 1}, verify=True, Ann=300, Ben=300, Cy=300)
    t(NewHand(first="Ann"))
    assert t.state.balance("pot") == 0                            # no kitty
    for row in ROWS:
        turn(t, "Ann", ROWS_FACES[row], "free", row)
        turn(t, "Ben", "1 2 3 4 6" if row in ("yamb", "carriage") else ROWS_FACES[row], "free", row)
        turn(t, "Cy", "1 2 3 4 6" if row == "yamb" else ROWS_FACES[row], "free", row)
    s = {p: score(sheet(t, p), ("free",)) for p in ("Ann", "Ben", "Cy")}
    assert s["Ann"] - s["Cy"] == 80 and s["Cy"] - s["Ben"] == 65
    # Ann wins 80 from Cy and 145 from Ben; Cy wins 65 from Ben
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (300 + 225, 300 - 210, 300 - 15)
    assert t.state.hand.ended
    assert all(e.reason == "Yamb settlement at 1 per point" for _, e in t.log if isinstance(e, ev.Transfer))


def test_per_point_a_loser_who_cannot_cover_pays_what_they_hold():
    t = Table("yamb", options={"columns": "free", "per_point": 2}, verify=True, Ann=50, Ben=40)
    t(NewHand(first="Ann"))
    play_out(t, ("Ann", "Ben"), spoil="Ben")                    # Ben owes 2 x 80 = 160
    assert (t.stack("Ann"), t.stack("Ben")) == (90, 0) and t.state.hand.ended


def test_the_words_as_typed_and_the_sheet_in_state(potlog):
    potlog("new", "yamb", "-p", "Ann=20", "-p", "Ben=20", "-o", "columns=free,up")
    potlog("hand", "--first", "Ann")
    potlog("roll", "Ann", "3", "5", "5", "2", "6")
    potlog("reroll", "Ann", "5", "5", "--keep", "5", "5", "2")
    bad = potlog("write", "Ann", "up", "fives", ok=False)
    assert bad.exit_code == 1 and "its next cell is ones, not fives" in bad.output
    assert len(bad.output.strip().splitlines()) == 1
    potlog("write", "Ann", "free", "fives")
    shown = potlog("state").output
    assert "Ann free" in shown and ". . . . 20 ." in shown
    assert ". . . . 20 ." in json.dumps(json.loads(potlog("state", "--json").output))
    bad = potlog("new", "yamb", "-p", "Ann=20", "-p", "Ben=20", "-o", "columns=up,sideways", ok=False)
    assert bad.exit_code in (1, 2) and "no Yamb column sideways" in bad.output


def test_a_whole_game_from_the_command_line_audits_settles_and_verifies(potlog, tmp_path):
    lines = ["new yamb -p Ann=300 -p Ben=300 -o columns=free -o per_point=1", "hand",
             "roll Ben 6 6 5 4 2", "roll Ann 1 2 3 3 4"]                  # Ann deals: Ben rolls 23, Ann 13
    for row in ROWS:
        lines += [f"roll Ben {ROWS_FACES[row]}", f"write Ben free {row}",
                  f"roll Ann {'1 2 3 4 6' if row == 'yamb' else ROWS_FACES[row]}", f"write Ann free {row}"]
    potlog.run_script("\n".join(lines) + "\n", tmp_path)
    assert "result: Ben has the highest score, 451" in potlog("state").output
    assert "reconciles" in potlog("audit").output
    assert "Ann pays Ben 80 chips" in potlog("settle").output
    assert "rules kept" in potlog("verify", "--rules").output


def test_an_announcement_by_ruling_at_a_table_without_the_column_binds_nothing():
    t = game("free")
    roll(t, "Ann", "1 1 1 1 2")
    ruling = ev.Declared(player="Ann", name="announce", value="yamb", ruling="the table let it stand")
    apply(t.state, t.state.seq + 1, ruling)                     # as `--override` records it
    assert t.state.ext.announced == ""
    t.word("write", "Ann", "free", "carriage")
    assert sheet(t, "Ann") == {"free carriage": 46}
