"""Backgammon on the tables engine, at the decider and in memory: the board's moves, the
obligations of a roll, the cube, the scoring, money and matches, Willughby's rules."""

from __future__ import annotations

import subprocess
import sys

import pytest
from table import Table

from ledger import events as ev
from ledger.commands import Move, NewHand, RollDice
from ledger.games.backgammon import board as B
from ledger.games.backgammon.game import Break, Double, Drop, Resign, Take
from ledger.state import state_hash

OFF, BAR = 0, 25


def side(**points: int) -> tuple[int, ...]:
    """A side from keywords: p24=2, bar=1, off=13."""
    layout = {BAR if k == "bar" else OFF if k == "off" else int(k[1:]): n for k, n in points.items()}
    return B.start(layout)


def game(options: dict | None = None, verify: bool = True, **chips: int) -> Table:
    t = Table("backgammon", options=options, verify=verify, **(chips or {"Ann": 50, "Ben": 50}))
    t(NewHand())
    return t


def place(t: Table, to_roll: str, mine: tuple[int, ...], theirs: tuple[int, ...]) -> None:
    """Set the board (a position of the test's making) with `to_roll` to roll next."""
    x = t.state.ext
    x.board[to_roll], x.board[next(p for p in x.order if p != to_roll)] = list(mine), list(theirs)
    x.turn, x.step, x.opening, x.dice = to_roll, "roll", False, []
    t.state.hand.to_act = to_roll


def move(t: Table, player: str, *parts: str) -> list[ev.Event]:
    """``potlog move PLAYER PARTS`` as the CLI builds it (the core move's FROM, TO, CARDS)."""
    return t(Move(source=player, to=parts[0], cards=tuple(parts[1:])))


def played(t: Table) -> str:
    return next(e.value for _, e in reversed(t.log) if isinstance(e, ev.Declared) and e.name == "move")


# ----------------------------------------------------------------------------- the board, pure

def test_a_blocked_point_a_blot_hit_and_the_bar_entering_first():
    pos = (side(p24=1, p13=1, bar=1), side(p6=2, p5=1))  # their 6 is my 19, their 5 my 20
    assert B.step(pos, 13, 6) == "1 on the bar: a man on the bar enters first"
    assert B.step(pos, BAR, 6) == "blocked: 2 hold 19"
    (mine, theirs), hit = B.step(pos, BAR, 5)
    assert hit and mine[20] == 1 and mine[BAR] == 0 and theirs[BAR] == 1 and theirs[5] == 0


def test_both_dice_must_be_used_when_they_can_and_else_the_larger():
    # one man on 24, the opponent holds my 18 and 17, 16 and 14: 6-1 can only be 24/23/17? no, 17 held:
    # from 24 the 6 is blocked (18); the 1 goes to 23, then the 6 from 23 lands on 17 (held): one die only
    pos = (side(p24=1, off=14), side(p7=2, p8=2))  # their 7 and 8 are my 18 and 17
    used, finals = B.plays(pos, (6, 1))
    assert used == 1 and [s for s in finals.values()] == [((24, 23, False),)]
    # either die alone, not both: the larger must be played
    pos = (side(p10=1, off=14), side(p24=2, p22=2, p21=2, p18=2))  # my 1, 3, 4, 7 held: 10-6=4 held, 10-3=7 held
    used, finals = B.plays(pos, (5, 2))  # 10/5 or 10/8, then 5/3 and 8/3 blocked... 5-2=3 held, 8-5=3 held
    assert used == 1 and list(finals.values()) == [((10, 5, False),)]


def test_a_double_is_played_four_times_as_far_as_it_goes():
    used, finals = B.plays((side(p13=2, off=13), side(p24=15)), (3, 3))  # their 24 is my 1
    assert used == 4 and all(len(s) == 4 for s in finals.values())
    used, _ = B.plays((side(p8=1, off=14), side(p21=2)), (2, 2))  # my 4 held: 8/6, then 6/4 blocked
    assert used == 1


def test_bearing_off_the_modern_way_and_by_the_exact_number():
    pos = (side(p3=1, p2=1, off=13), side(p24=15))
    assert not isinstance(B.step(pos, 3, 6), str)                       # the highest man, with a higher die
    assert B.step(pos, 2, 6) == "a 6 bears off from 2 only with no man higher, and there is one on 3"
    assert B.step(pos, 3, 6, B.Rules(exact=True)) == "bearing off needs the exact number: 3 takes a 3, not a 6"
    assert B.step((side(p7=1, p2=1, off=13), side(p24=15)), 2, 2).startswith("bearing off with a man on 7")


def test_a_typed_play_is_read_split_by_the_dice_and_written_back():
    assert B.parse("24/18/14 bar/20* 6/off 13/7(2)") == [(24, 18), (18, 14), (25, 20), (6, 0), (13, 7), (13, 7)]
    with pytest.raises(ValueError, match="not a move"):
        B.parse("13-7")
    with pytest.raises(ValueError, match="moves down"):
        B.parse("7/13")
    start = (B.start({24: 2, 13: 5, 8: 3, 6: 5}),) * 2
    _, finals = B.plays(start, (6, 4))
    assert B.show(B.realise(start, (6, 4), B.parse("24/14"), B.MODERN, finals)) in ("24/18 18/14", "24/20 20/14")


# ----------------------------------------------------------------------------- a game, recorded

def test_the_opening_roll_is_either_players_never_a_double_then_turns_alternate():
    t = game()
    t.refused(RollDice(player="Ben", faces=("5", "5")), "the opening roll is never a double")
    t.refused(Move(source="Ann", to="13/7"), "the opening roll comes first")
    t.refused(Double(player="Ann"), "a player doubles before their own roll")
    t(RollDice(player="Ben", faces=("3", "1")))
    assert t.to_act == "Ben"
    move(t, "Ben", "8/5", "6/5")
    t.refused(RollDice(player="Ben", faces=("6", "4")), "it is Ann's turn to roll, not Ben's")
    t.refused(RollDice(player="Ann", faces=("7", "1")), "a roll is two dice, each 1 to 6")
    t(RollDice(player="Ann", faces=("6", "4")))
    t.refused(RollDice(player="Ann", faces=("6", "4")), "Ann has 6-4 to play first")


def test_the_move_is_the_core_move_as_the_cli_builds_it_and_its_card_options_are_refused():
    t = game()
    t(RollDice(player="Ann", faces=("6", "1")))
    for extra, says in (({"count": 2}, "--count"), ({"position": 0}, "--bottom"), ({"value": True}, "--up")):
        msg = t.refused(Move(source="Ann", to="13/7", cards=("8/7",), **extra), "a play is its moves")
        assert says in msg and "\n" not in msg
    assert [type(c) for c in [t.rules.word(w).command({"player": "Ann", "point": "3", "level": None})
                              for w in ("double", "take", "drop", "break", "resign")]] == [
        Double, Take, Drop, Break, Resign]
    move(t, "Ann", "13/7", "8/7")
    assert played(t) == "13/7 8/7"


def test_a_forbidden_move_is_refused_in_one_line_saying_why():
    t = game()
    t(RollDice(player="Ann", faces=("6", "1")))
    move(t, "Ann", "13/7", "8/7")                      # Ann makes her 7 point: Ben's 18
    t(RollDice(player="Ben", faces=("6", "5")))
    t.refused(Move(source="Ben", to="24/18", cards=("18/13",)), "Ben's 24/18 is blocked: Ann holds 18")
    t.refused(Move(source="Ben", to="13/7"), "Ben's 13/7 is not a legal play of 6-5: Ben must use both dice")
    t.refused(Move(source="Ben", to="12/7", cards=("13/7",)), "Ben's 12/7: no man on 12")
    t.refused(Move(source="Ben", to="13/1"), "Ben's 13/1: that is 12 pips and 6-5 moves 11")
    t.refused(Move(source="Ben", to="6/off", cards=("6/1",)), "bearing off with a man on 24")
    t.refused(Move(source="Ann", to="13/7", cards=("13/8",)), "it is Ben's turn, not Ann's")
    t.refused(Move(source="Ben", to="13-7"), "'13-7' is not a move")
    move(t, "Ben", "13/2")                              # one man with both dice: its stop is open
    assert played(t) in ("13/7 7/2", "13/8 8/2")


def test_a_combined_move_needs_an_open_stop_and_bears_off_through_one():
    t = game()
    place(t, "Ben", side(p24=1, p13=1, off=13), side(p7=2, p6=2))   # Ann holds Ben's 18 and 19
    t(RollDice(player="Ben", faces=("6", "5")))
    t.refused(Move(source="Ben", to="24/13"), "Ben's 24/13 is blocked: Ann holds")
    place(t, "Ben", side(p8=1, off=14), side(p24=15))
    t(RollDice(player="Ben", faces=("6", "5")))
    move(t, "Ben", "8/off")                                  # through 3 or 2, the other die bearing off
    assert played(t) in ("8/3 3/off", "8/2 2/off") and not t.state.in_hand


def test_hits_are_found_without_the_star_and_the_hit_man_enters_first():
    t = game()
    t(RollDice(player="Ann", faces=("6", "4")))
    move(t, "Ann", "24/18", "13/9")
    t(RollDice(player="Ben", faces=("6", "1")))
    move(t, "Ben", "13/7", "8/7")                       # Ben's 7 is Ann's 18: her blot is hit
    assert played(t) == "13/7* 8/7" and t.state.ext.board["Ann"][BAR] == 1
    t(RollDice(player="Ann", faces=("6", "6")))           # Ben holds Ann's entry point 19 (his 6)
    assert t.to_act == "Ben" and t.state.ext.passed == "Ann rolled 6-6: no legal move"
    t(RollDice(player="Ben", faces=("2", "1")))
    move(t, "Ben", "6/4", "24/23")
    t(RollDice(player="Ann", faces=("5", "2")))
    t.refused(Move(source="Ann", to="13/8", cards=("13/11",)), "a man on the bar enters first")
    move(t, "Ann", "bar/20", "13/11")


def test_the_cube_offer_take_drop_redouble_and_its_owner():
    t = game()
    t(RollDice(player="Ann", faces=("3", "1")))
    move(t, "Ann", "8/5", "6/5")
    t(Double(player="Ben"))
    t.refused(RollDice(player="Ben", faces=("3", "1")), "Ann answers the double first")
    t.refused(Take(player="Ben"), "Ann answers Ben's double, not Ben")
    t(Take(player="Ann"))
    assert (t.state.ext.cube, t.state.ext.owner, t.to_act) == (2, "Ann", "Ben")
    t.refused(Double(player="Ben"), "Ann owns the cube at 2: only the owner may redouble")
    t(RollDice(player="Ben", faces=("2", "1")))
    move(t, "Ben", "13/11", "6/5")
    t(Double(player="Ann"))                           # the owner redoubles
    t.refused(Take(player="Ann"), "Ben answers Ann's double, not Ann")
    t(Drop(player="Ben"))
    scored = [e for _, e in t.log if isinstance(e, ev.Scored)]
    assert [(s.player, s.points) for s in scored] == [("Ann", 2)]  # the cube's value before the double
    assert (t.stack("Ann"), t.stack("Ben")) == (52, 48) and not t.state.in_hand


def test_the_cube_tops_at_64_and_is_not_turned_before_the_opening_roll():
    t = game()
    t(RollDice(player="Ann", faces=("3", "1")))
    move(t, "Ann", "8/5", "6/5")
    t.state.ext.cube, t.state.ext.owner = 64, "Ben"
    t.refused(Double(player="Ben"), "the cube is at 64, its highest face")


def test_gammon_and_backgammon_times_the_cube_and_the_stake_paid():
    t = game({"stake": 3})
    place(t, "Ann", side(p1=1, off=14), side(p19=15))    # Ben has none off, men in Ann's home: backgammon
    t.state.ext.cube = 2
    t(RollDice(player="Ann", faces=("2", "1")))
    move(t, "Ann", "1/off")
    scored = next(e for _, e in t.log if isinstance(e, ev.Scored))
    assert (scored.player, scored.points) == ("Ann", 6) and "backgammon" in scored.reason
    assert (t.stack("Ann"), t.stack("Ben")) == (68, 32)
    t(NewHand())
    place(t, "Ann", side(p1=1, off=14), side(p6=15))
    t(RollDice(player="Ann", faces=("2", "1")))
    move(t, "Ann", "1/off")
    assert t.state.scores["Ann"] == 6 + 2                # a gammon: none off, none in Ann's home
    t(NewHand())
    place(t, "Ann", side(p1=1, off=14), side(p6=14, off=1))
    t(RollDice(player="Ann", faces=("2", "1")))
    move(t, "Ann", "1/off")
    assert t.state.scores["Ann"] == 6 + 2 + 1


def test_jacoby_a_gammon_counts_single_until_the_cube_is_turned():
    t = game({"jacoby": True})
    place(t, "Ann", side(p1=1, off=14), side(p6=15))
    t(RollDice(player="Ann", faces=("2", "1")))
    move(t, "Ann", "1/off")
    assert t.state.scores["Ann"] == 1
    t(NewHand())
    place(t, "Ann", side(p1=1, off=14), side(p6=15))
    t.state.ext.cube = 2
    t(RollDice(player="Ann", faces=("2", "1")))
    move(t, "Ann", "1/off")
    assert t.state.scores["Ann"] == 1 + 4


def test_a_loser_short_of_chips_pays_what_they_have():
    t = game({"stake": 10}, Ann=50, Ben=15)
    place(t, "Ann", side(p1=1, off=14), side(p6=15))
    t(RollDice(player="Ann", faces=("2", "1")))
    move(t, "Ann", "1/off")
    pay = next(e for _, e in t.log if isinstance(e, ev.Transfer))
    assert pay.amount == 15 and "all Ben has" in pay.reason


def test_a_match_to_n_the_crawford_game_and_the_stake_for_the_whole_match():
    t = game({"match": 3, "stake": 5})
    place(t, "Ann", side(p1=1, off=14), side(p6=15))
    t(RollDice(player="Ann", faces=("2", "1")))
    move(t, "Ann", "1/off")                              # a gammon: Ann 2 of 3
    assert (t.state.scores["Ann"], t.stack("Ann")) == (2, 50)  # no stake paid before the match is won
    t(NewHand())                                            # the Crawford game
    t(RollDice(player="Ben", faces=("3", "1")))
    move(t, "Ben", "8/5", "6/5")
    t.refused(Double(player="Ann"), "this is the Crawford game: no doubling in it")
    t(Resign(player="Ann"))                            # Ben 1
    t(NewHand())                                            # after the Crawford game, doubling again
    t(RollDice(player="Ben", faces=("3", "1")))
    move(t, "Ben", "8/5", "6/5")
    t(Double(player="Ann"))
    t(Drop(player="Ben"))
    assert (t.state.scores["Ann"], t.state.scores["Ben"]) == (3, 1) and (t.stack("Ann"), t.stack("Ben")) == (55, 45)
    t.refused(NewHand(), "the match to 3 is over: Ann won it 3-1")
    assert [(lg.verbs, lg.note) for lg in t.rules.legal(t.state)] == \
        [(("close",), "the match to 3 is over: Ann won it 3-1")]


def test_resigning_a_gammon_and_a_word_typed_as_the_cli_parses_it():
    t = game()
    t(RollDice(player="Ann", faces=("3", "1")))
    t.word("resign", "Ann", "gammon")
    scored = next(e for _, e in t.log if isinstance(e, ev.Scored))
    assert (scored.player, scored.points) == ("Ben", 2)
    t(NewHand())
    t(RollDice(player="Ann", faces=("3", "1")))
    with pytest.raises(Exception, match="resign single, gammon or backgammon"):
        t.word("resign", "Ann", "triple")


def test_legal_and_the_board_drawn_for_state():
    t = game()
    assert [(lg.player, lg.verbs) for lg in t.rules.legal(t.state)] == [(None, ("roll",))]
    t(RollDice(player="Ann", faces=("6", "5")))
    (lg,) = t.rules.legal(t.state)
    assert lg.player == "Ann" and lg.verbs == ("move",) and "plays 6-5" in lg.note
    move(t, "Ann", "24/13")
    assert [(lg.player, lg.verbs) for lg in t.rules.legal(t.state)] == [("Ben", ("roll", "double"))]
    view = dict(t.rules.view(t.state))
    assert view["Ann (X)"] == "pips 156 · bar 0 · off 0 · 24:1 13:6 8:3 6:5"
    rows = [v for k, v in t.rules.view(t.state) if k == "board"]
    assert rows[0].split("|")[1].split() == ["O5", ".", ".", ".", ".", "X1"]  # 19-24: Ben's 6, Ann's last man on 24
    assert view["cube"] == "1, in the middle" and view["score"] == "Ann 0 · Ben 0 (money)"


def test_the_state_hash_is_the_same_in_another_process():
    t = game()
    t(RollDice(player="Ann", faces=("6", "4")))
    move(t, "Ann", "24/14")
    code = ("import sys; sys.path.insert(0, 'tests'); from table import Table; from ledger.state import state_hash\n"
            "from ledger.commands import Move, NewHand, RollDice\n"
            "t = Table('backgammon', verify=True, Ann=50, Ben=50); t(NewHand())\n"
            "t(RollDice(player='Ann', faces=('6', '4')))\n"
            "t(Move(source='Ann', to='24/14')); print(state_hash(t.state))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "123", "PATH": "", **{k: v for k, v in __import__("os").environ.items()
                                                                       if k in ("PYTHONPATH", "HOME")}})
    assert out.stdout.strip() == state_hash(t.state)


def test_a_table_ruling_records_the_play_as_said_and_the_game_goes_on():
    from ledger.core.overrides import forced
    from ledger.reducer import apply

    t = game()
    t(RollDice(player="Ann", faces=("6", "1")))
    (ruling,) = forced(t.state, Move(source="Ann", to="13/1"))   # 12 pips on a 6-1: a ruling
    assert (ruling.name, ruling.value) == ("move", "13/1")
    apply(t.state, t.state.seq + 1, ruling)
    assert t.state.ext.board["Ann"][1] == 1 and t.to_act == "Ben"
    with pytest.raises(Exception, match="a roll is two dice"):
        forced(t.state, RollDice(player="Ben", faces=("9", "1")))
    t(RollDice(player="Ben", faces=("2", "1")))


# ----------------------------------------------------------------------------- Willughby's rules

def test_willughby_layout_exact_bearing_off_doubles_twice_and_its_opening():
    t = game({"rules": "willughby"})
    x = t.state.ext
    assert x.board["Ann"] == list(side(p24=2, p13=5, p8=3, p6=5))
    assert x.board["Ben"] == list(side(p24=2, p15=5, p13=5, p8=3))  # the text's 10, 12, 17 and 1 in Ann's numbering
    t(RollDice(player="Ann", faces=("3", "3")))             # an opening double is allowed
    t.refused(Move(source="Ann", to="8/5", cards=("8/5", "6/3", "6/3")), "that is 12 pips and 3-3 moves 6")
    move(t, "Ann", "8/5", "8/5")                          # played twice
    place(t, "Ben", side(p2=1, p1=1, off=13), side(p6=15))
    t(RollDice(player="Ben", faces=("6", "1")))
    t.refused(Move(source="Ben", to="2/off", cards=("1/off",)),
              "bearing off needs the exact number: 2 takes a 2, not a 6")


def test_willughby_doubling_dice_house_rule_and_its_backgammon():
    t = game({"rules": "willughby", "doubling_dice": True})
    t(RollDice(player="Ann", faces=("3", "3")))
    move(t, "Ann", "8/5", "8/5", "6/3")
    assert played(t) == "8/5 8/5 6/3"
    place(t, "Ann", side(p1=1, off=14), side(p6=15))      # Ben none off, none on the bar or in Ann's home
    t(RollDice(player="Ann", faces=("1", "2")))
    move(t, "Ann", "1/off")
    assert t.state.scores["Ann"] == 3                      # the text's backgammon


def test_willughby_binding_up_the_tables_a_throw_each_and_the_higher_breaks_a_point():
    t = game({"rules": "willughby"})
    home = {f"p{p}": 2 for p in range(1, 7)}
    place(t, "Ben", side(p8=3, **home), side(bar=1, p13=14))
    t(RollDice(player="Ben", faces=("2", "1")))
    move(t, "Ben", "8/6", "8/7")                          # Ben still holds his whole home table: Ann is bound
    assert [(lg.player, lg.verbs) for lg in t.rules.legal(t.state)] == [("Ann", ("roll",)), ("Ben", ("roll",))]
    t.refused(RollDice(player="Ann", faces=("6", "5")), "each throws one die")
    t.refused(Double(player="Ann"), "a player doubles before their own roll")
    t(RollDice(player="Ann", faces=("4",)))
    t.refused(RollDice(player="Ann", faces=("5",)), "Ann has thrown for the binding already")
    t(RollDice(player="Ben", faces=("4",)))                  # a tie: each throws again
    assert t.state.ext.step == "bind" and t.state.ext.bind == {}
    t(RollDice(player="Ben", faces=("2",)))
    t(RollDice(player="Ann", faces=("5",)))
    t.refused(Break(player="Ben", point="3"), "Ann threw higher and names the point broken up, not Ben")
    t.word("break", "Ann", "3")
    assert t.state.ext.board["Ben"][3] == 0 and t.state.ext.board["Ben"][BAR] == 2 and t.to_act == "Ann"
    t(RollDice(player="Ann", faces=("3", "1")))
    move(t, "Ann", "bar/22", "13/12")                      # Ann enters on Ben's broken 3 point


def test_the_modern_game_has_no_binding_a_shut_out_roll_passes():
    t = game()
    home = {f"p{p}": 2 for p in range(1, 7)}
    place(t, "Ben", side(p8=3, **home), side(bar=1, p13=14))
    t(RollDice(player="Ben", faces=("2", "1")))
    move(t, "Ben", "8/6", "8/7")
    t(RollDice(player="Ann", faces=("6", "5")))
    assert t.to_act == "Ben" and t.state.ext.passed == "Ann rolled 6-5: no legal move"
    t.refused(Break(player="Ann", point="3"), "a point is broken up only when the tables are bound")
