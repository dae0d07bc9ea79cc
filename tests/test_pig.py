"""Pig, Big Pig and Hog at the decider: the turn's points, a 1 losing them, stopping, the target."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.pig import lost, points
from tests.table import Table
from ledger.commands import Declare, NewHand, RollDice


def game(**options) -> Table:
    t = Table("pig", options={"ante": 2, "target": 20, **options}, verify=True, Ann=20, Ben=20, Cy=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


@pytest.mark.parametrize("variant,faces,is_lost,pts", [
    ("pig", (1,), True, 0), ("pig", (2,), False, 2), ("pig", (6,), False, 6),
    ("big-pig", (1, 1), True, 0), ("big-pig", (1, 4), False, 5), ("big-pig", (3, 3), False, 12),
    ("big-pig", (6, 6), False, 24), ("big-pig", (2, 5), False, 7),
    ("hog", (1, 6, 6), True, 0), ("hog", (2, 6, 6), False, 14), ("hog", (5,), False, 5),
])
def test_what_a_roll_does(variant, faces, is_lost, pts):
    assert lost(faces, variant) is is_lost
    if not is_lost:
        assert points(faces, variant) == pts


def test_rolling_on_stopping_and_a_one_losing_the_turn():
    t = game()
    assert t.to_act == "Ben" and t.state.balance("pot") == 6
    t.refused(Declare(player="Ben", name="stop"), "Ben has not rolled yet this turn")
    roll(t, "Ben", 5)
    roll(t, "Ben", 4)
    assert t.to_act == "Ben"
    t.refused(RollDice(player="Cy", faces=("3",)), "it is Ben's turn to roll, not Cy's")
    t.refused(RollDice(player="Ben", faces=("3", "4")), "a second die in a one-die game")
    t.refused(RollDice(player="Ben", faces=("7",)), "7 is not a face of a 6-sided die")
    t.word("stop", "Ben")
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 9
    roll(t, "Cy", 6)
    roll(t, "Cy", 1)                            # the 6 is lost
    assert t.to_act == "Ann" and t.state.ext.totals["Cy"] == 0
    assert ("Cy", "0 (a 1: nothing banked)") in t.rules.view(t.state)


def test_the_first_to_the_target_takes_the_kitty_at_once():
    t = game()
    roll(t, "Ben", 6)
    t.word("stop", "Ben")
    roll(t, "Cy", 1)
    roll(t, "Ann", 2)
    t.word("stop", "Ann")
    roll(t, "Ben", 6)
    roll(t, "Ben", 4)
    out = roll(t, "Ben", 5)                     # 6 banked + 15: 21 reaches 20; no need to stop
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Ben", amount=6)] and award.reason == "21 reaches the target of 20"
    assert isinstance(out[-1], ev.HandEnded) and t.stack("Ben") == 24
    t(NewHand())                                   # a new game: everyone from 0, Cy rolls first
    assert t.to_act == "Cy" and t.state.ext.totals == {"Cy": 0, "Ann": 0, "Ben": 0}


def test_big_pig_two_dice_two_ones_lose_and_doubles_count_twice():
    t = game(variant="big-pig")
    t.refused(RollDice(player="Ben", faces=("3",)), "Pig is rolled with two dice")
    roll(t, "Ben", 1, 4)                        # a single 1 counts its pip
    roll(t, "Ben", 3, 3)                        # 12
    assert t.state.ext.faces and t.to_act == "Ben"
    roll(t, "Ben", 1, 1)
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 0
    roll(t, "Cy", 2, 2)                         # 8
    roll(t, "Cy", 4, 5)                         # 17
    out = roll(t, "Cy", 2, 1)                   # 20 reaches the target
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares[0].player == "Cy"


def test_hog_the_dice_chosen_for_the_first_roll_stay_all_turn():
    t = game(variant="hog", max_dice=4)
    t.refused(RollDice(player="Ben", faces=tuple("23456")), "a fifth die in a four-dice game")
    roll(t, "Ben", 2, 3, 4)                     # three dice chosen
    t.refused(RollDice(player="Ben", faces=("2", "2")), "Pig is rolled with three dice")
    roll(t, "Ben", 6, 6, 2)                     # 9 + 14 = 23 reaches 20: Ben wins
    assert t.state.ext.totals["Ben"] == 23 and not t.state.in_hand and t.stack("Ben") == 24
    t = game(variant="hog")
    roll(t, "Ben", 5, 5, 5, 5, 1)               # a 1 anywhere loses the turn
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 0
