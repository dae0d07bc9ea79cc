"""Irish, Todas Tablas and Nard: the compendium's other tables games, as variations of the
backgammon engine (their layouts, exact bearing off, no cube, their own endings and scoring)."""

from __future__ import annotations

from table import Table
from test_backgammon import move, place, played, side

from ledger import events as ev
from ledger.commands import Move, NewHand, RollDice
from ledger.games.backgammon.game import Double, Resign


def game(name: str, **options: object) -> Table:
    t = Table(name, options=dict(options), verify=True, Ann=50, Ben=50)
    t(NewHand())
    return t


def scored(t: Table) -> list[tuple[str, int]]:
    return [(e.player, e.points) for _, e in t.log if isinstance(e, ev.Scored)]


def test_irish_the_texts_layout_no_cube_a_double_twice_exact_bearing_off_one_point():
    t = game("irish")
    assert t.state.ext.board["Ben"] == list(side(p24=2, p15=5, p13=5, p8=3))
    t(RollDice(player="Ben", faces=("4", "4")))             # the first roll may be a double
    t.refused(Move(source="Ben", to="24/20", cards=("24/20", "13/9", "13/9")), "that is 16 pips and 4-4 moves 8")
    move(t, "Ben", "24/20", "24/20")
    t.refused(Double(player="Ann"), "Irish is played without the doubling cube")
    assert [lg.verbs for lg in t.rules.legal(t.state)] == [("roll",)]
    place(t, "Ann", side(p2=1, off=14), side(p6=15))
    t(RollDice(player="Ann", faces=("6", "5")))             # no exact number: the man cannot bear off
    assert t.state.ext.passed == "Ann rolled 6-5: no legal move"
    place(t, "Ann", side(p2=1, off=14), side(p6=15))
    t(RollDice(player="Ann", faces=("2", "5")))
    move(t, "Ann", "2/off")
    assert scored(t) == [("Ann", 1)]                     # none of Ben's off: still one point
    assert (t.stack("Ann"), t.stack("Ben")) == (51, 49)


def test_todas_tablas_layout_and_hitting_every_man_in_play_wins():
    t = game("todastablas")
    assert t.state.ext.board["Ann"] == t.state.ext.board["Ben"] == list(side(p24=2, p19=5, p17=3, p13=5))
    place(t, "Ann", side(p24=1, p13=14), side(p2=1, bar=14))  # Ben's last man in play: his 2, Ann's 23
    t(RollDice(player="Ann", faces=("1", "2")))
    move(t, "Ann", "24/23", "13/11")
    assert played(t) == "24/23* 13/11"
    assert scored(t) == [("Ann", 1)] and not t.state.in_hand


def test_todas_tablas_a_board_where_nobody_can_move_is_a_tie():
    t = game("todastablas")
    shut = side(bar=3, p1=2, p2=2, p3=2, p4=2, p5=2, p6=2)   # each holds its home table, three on the bar
    place(t, "Ann", shut, shut)
    t(RollDice(player="Ann", faces=("6", "1")))
    assert not t.state.in_hand and scored(t) == []
    assert t.state.ext.passed == "drawn: neither player can move (Todas Tablas)"
    assert (t.stack("Ann"), t.stack("Ben")) == (50, 50)


def test_nard_layout_and_the_losers_men_counted_by_quadrant():
    t = game("nard", stake=2)
    assert t.state.ext.board["Ann"] == list(side(p24=2, p13=3, p8=3, p7=2, p6=3, p3=2))
    place(t, "Ann", side(p1=1, off=14), side(p1=2, p7=1, p13=1, p20=1, bar=1, off=9))
    t(RollDice(player="Ann", faces=("1", "3")))
    move(t, "Ann", "1/off")
    assert scored(t) == [("Ann", 2 * 1 + 2 + 3 + 4 + 4)]
    assert (t.stack("Ann"), t.stack("Ben")) == (80, 20)


def test_nard_bears_off_only_by_the_exact_number_and_a_resignation_concedes_the_count():
    t = game("nard")
    place(t, "Ann", side(p2=2, off=13), side(p24=15))
    t(RollDice(player="Ann", faces=("6", "2")))
    t.refused(Move(source="Ann", to="2/off", cards=("2/off",)),
              "bearing off needs the exact number: 2 takes a 2, not a 6")
    move(t, "Ann", "2/off")
    t(Resign(player="Ben"))
    assert scored(t) == [("Ann", 15 * 4)]                # Ben's fifteen men on his 24: the last quadrant
