"""Dix Mille at the decider: the scoring table, three chances, set-asides, straights, the first to the target."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.dixmille import best, score
from tests.table import Table
from ledger.commands import NewHand, Reroll, RollDice


@pytest.mark.parametrize("dice,points", [
    ((1,), 100), ((5,), 50), ((1, 1), 200), ((1, 5), 150),
    ((1, 1, 1), 1000), ((1, 1, 1, 1), 2000), ((1,) * 5, 4000), ((1,) * 6, 8000),
    ((2, 2, 2), 200), ((3, 3, 3), 300), ((4, 4, 4), 400), ((5, 5, 5), 500), ((6, 6, 6), 600),
    ((2,) * 4, 400), ((6,) * 4, 1200), ((5,) * 4, 1000), ((3,) * 5, 1200), ((4,) * 6, 3200),
    ((2, 2, 2, 3, 3), 1500), ((1, 1, 1, 5, 5), 1500), ((6, 6, 6, 1, 1), 1500),
    ((2, 2, 4, 4, 6, 6), 1000), ((1, 1, 5, 5, 6, 6), 1000), ((1, 2, 3, 4, 5, 6), 1500),
    ((5, 5, 5, 1), 600), ((2, 2, 2, 1, 5), 350),
])
def test_every_entry_of_the_scoring_table(dice, points):
    assert score(dice) == points


@pytest.mark.parametrize("dice", [(2,), (3, 3), (1, 2), (2, 2, 2, 2, 3, 3), (6, 6, 6, 6, 6, 2), (4, 6)])
def test_dice_that_do_not_all_score_cannot_be_set_aside_together(dice):
    assert score(dice) is None


@pytest.mark.parametrize("faces,points", [((2, 3, 4, 6, 6, 2), 0), ((1, 5, 2, 3, 4, 4), 150),
                                          ((2, 2, 3, 3, 4, 4), 1000), ((5, 5, 5, 5, 2, 3), 1000)])
def test_the_best_of_a_throw(faces, points):
    assert best(faces) == points


def game(verify: bool = True, **options: object) -> Table:
    t = Table("dixmille", options={"ante": 2, "target": 2000, **options}, verify=verify, Ann=20, Ben=20)
    t(NewHand(first="Ann"))
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(map(str, faces))))


def reroll(t: Table, who: str, faces: tuple[int, ...], keep: tuple[int, ...]) -> list[ev.Event]:
    return t(Reroll(player=who, faces=tuple(map(str, faces)), value=tuple(map(str, keep))))


def stop(t: Table, who: str) -> list[ev.Event]:
    return t.word("stop", who)


def total(t: Table, who: str) -> int:
    return t.state.ext.totals[who]


def test_set_aside_throw_the_rest_and_stop():
    t = game()
    assert t.to_act == "Ann" and t.state.balance("pot") == 4
    roll(t, "Ann", 1, 5, 2, 3, 4, 4)
    t.refused(RollDice(player="Ann", faces=("1",) * 6), "sets aside at least one die")
    t.refused(Reroll(player="Ann", faces=("3", "3", "3", "3"), value=("1", "2")), "cannot set aside 1 2 together")
    t.refused(Reroll(player="Ann", faces=("3", "3", "3"), value=("1", "5")), "has six dice")
    reroll(t, "Ann", (6, 6, 6, 2), (1, 5))                  # 150 aside; the second chance
    t.refused(Reroll(player="Ann", faces=("3", "3", "3"), value=("6", "6", "6")), "stay so")
    stop(t, "Ann")                                          # 150 + three 6s
    assert total(t, "Ann") == 750 and t.to_act == "Ben"
    t.refused(RollDice(player="Ann", faces=("1",) * 6), "a stop ends the turn: Ann has stopped (750); Ben rolls now")
    t.refused(RollDice(player="Ben", faces=("1",) * 7), "a seventh die")
    t.refused(RollDice(player="Ben", faces=("7", "1", "1", "1", "1", "1")), "not a face of a 6-sided die")


def test_nothing_scoring_ends_the_turn_with_nothing():
    t = game()
    roll(t, "Ann", 1, 1, 1, 2, 3, 4)
    reroll(t, "Ann", (2, 3, 4), (1, 1, 1))                  # 1000 aside, then nothing scores
    assert total(t, "Ann") == 0 and t.to_act == "Ben"
    roll(t, "Ben", 2, 2, 3, 3, 4, 6)
    assert total(t, "Ben") == 0 and t.to_act == "Ann"


def test_the_third_chance_ends_the_turn_with_its_best():
    t = game()
    roll(t, "Ann", 1, 2, 3, 4, 6, 6)
    reroll(t, "Ann", (5, 2, 3, 4, 6), (1,))
    reroll(t, "Ann", (1, 5, 5, 2), (1, 5))                  # the third: 1 5 5 counts
    assert total(t, "Ann") == 100 + 50 + 200 and t.to_act == "Ben"


def test_a_straight_is_a_free_chance_and_six_dice_set_aside_are_thrown_again():
    t = game()
    roll(t, "Ann", 6, 5, 4, 3, 2, 1)                        # a straight: 1500, all six come back
    roll(t, "Ann", 1, 2, 3, 4, 6, 6)                        # the first chance
    reroll(t, "Ann", (2, 2, 2, 4, 6), (1,))                 # the second
    assert t.to_act == "Ann"
    t.refused(Reroll(player="Ann", faces=("5", "2", "3", "6"), value=("1", "2")), "cannot set aside 2: only scoring dice")
    reroll(t, "Ann", (5, 3), (1, 2, 2, 2))                  # the third: its 5 counts
    assert total(t, "Ann") == 1500 + 100 + 200 + 50 and t.to_act == "Ben"


def test_all_six_set_aside_are_taken_up_again_within_the_chances():
    t = game()
    roll(t, "Ann", 2, 2, 2, 3, 3, 6)
    reroll(t, "Ann", (1,), (2, 2, 2, 3, 3))                 # a full house with the 3s: 1500
    t.refused(Reroll(player="Ann", faces=("4",), value=(2, 2, 2, 3, 3)), "sets aside at least one scoring die")
    t.refused(Reroll(player="Ann", faces=("1",) * 6, value=()), "stay so")      # six again: a plain roll
    roll(t, "Ann", 5, 2, 3, 4, 6, 6)                        # the 1 set aside too: six dice again
    assert total(t, "Ann") == 1500 + 100 + 50 and t.to_act == "Ben"


def test_the_first_to_the_target_takes_the_kitty():
    t = game()
    roll(t, "Ann", 1, 1, 1, 1, 2, 3)                        # 2000 if she stopped: the target, at once
    assert not t.state.in_hand
    award = [e for e in t.log if isinstance(e[1], ev.PotAwarded)][0][1]
    assert award.shares == [ev.Share(player="Ann", amount=4)] and "Ann reaches 2000" in award.reason
    assert (t.stack("Ann"), t.stack("Ben")) == (22, 18)


def test_the_opening_variant():
    t = game(opening=500)
    roll(t, "Ann", 1, 5, 2, 3, 4, 4)
    stop(t, "Ann")                                          # 150: below the opening, nothing
    roll(t, "Ben", 5, 5, 5, 2, 3, 4)
    stop(t, "Ben")                                          # 500 opens
    roll(t, "Ann", 5, 2, 3, 4, 6, 6)
    reroll(t, "Ann", (3, 3, 4, 4, 6), (5,))
    assert (total(t, "Ann"), total(t, "Ben")) == (0, 500)
    roll(t, "Ben", 5, 2, 3, 4, 6, 6)
    stop(t, "Ben")                                          # open now: 50 counts
    assert total(t, "Ben") == 550
