"""Going to Boston at the decider: three rolls of 3, 2 and 1 dice, the highest set aside."""

from __future__ import annotations

from ledger import events as ev
from ledger.games.goingtoboston import aside, read, Options
from ledger.kit.kitty import Throw, Turn
from tests.table import Table
from ledger.commands import NewHand, RollDice


def game(**options) -> Table:
    t = Table("goingtoboston", options={"ante": 2, **options}, verify=True, Ann=20, Ben=20, Cy=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


def turn(t: Table, who: str, *rolls: tuple[int, ...]) -> list[ev.Event]:
    return [e for faces in rolls for e in roll(t, who, *faces)]


def test_the_highest_die_of_each_roll_is_set_aside():
    t = Turn("Ann", (Throw((6, 3, 2)), Throw((4, 4)), Throw((5,))))
    assert aside(t) == (6, 4, 5)
    r = read(t, Options())
    assert r.over and r.score == 15 and r.label == "6 4 5: 15"
    part = read(Turn("Ann", (Throw((2, 2, 2)),)), Options())
    assert not part.over and part.dice == 2 and part.held == (2,) and part.score == 2


def test_three_players_at_least():
    t = Table("goingtoboston", Ann=20, Ben=20)
    t.refused(NewHand(), "at least 3 players")


def test_a_turn_rolls_three_two_then_one_die():
    t = game()
    t.refused(RollDice(player="Ben", faces=("6", "5")), "Going to Boston is rolled with three dice")
    roll(t, "Ben", 6, 3, 2)
    t.refused(RollDice(player="Ben", faces=("6", "5", "4")), "Ben rolls two dice now (6 set aside), not 3")
    t.refused(RollDice(player="Ben", faces=("6", "5", "4", "1")), "a fourth die in a three-dice game")
    roll(t, "Ben", 4, 4)
    assert t.to_act == "Ben"
    roll(t, "Ben", 5)
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 15
    t.refused(RollDice(player="Ann", faces=("6", "5", "4")), "it is Cy's turn to roll, not Ann's")


def test_the_highest_total_takes_the_kitty_a_tie_stands_and_is_won_later():
    t = game()
    turn(t, "Ben", (6, 6, 1), (6, 2), (3,))     # 15
    turn(t, "Cy", (5, 5, 5), (5, 5), (5,))      # 15
    out = turn(t, "Ann", (1, 1, 1), (1, 1), (1,))
    assert any(isinstance(e, ev.PotCarried) and e.amount == 6 for e in out)
    t(NewHand())                                   # Cy first now
    turn(t, "Cy", (1, 2, 3), (1, 2), (1,))      # 3 + 2 + 1 = 6
    turn(t, "Ann", (6, 6, 6), (6, 6), (6,))     # 18
    out = turn(t, "Ben", (2, 2, 2), (2, 2), (2,))
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Ann", amount=12)] and "18" in award.reason


def test_the_agreed_number_of_turns_add_up():
    t = game(turns=2)
    for who in ("Ben", "Cy", "Ann"):
        turn(t, who, (6, 6, 6), (6, 6), (6,))
    assert t.state.in_hand and t.state.ext.round == 2
    turn(t, "Ben", (1, 1, 1), (1, 1), (1,))
    turn(t, "Cy", (1, 1, 2), (1, 1), (1,))
    out = turn(t, "Ann", (1, 1, 1), (1, 1), (1,))
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares[0].player == "Cy"   # 18 + 4
