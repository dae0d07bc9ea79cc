"""Midnight at the decider: dice set aside each roll, the 1 and the 4, the roll-off on a tie."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.midnight import score
from tests.table import Table
from ledger.commands import NewHand, Reroll, RollDice


def game(**options) -> Table:
    t = Table("midnight", options={"ante": 2, **options}, verify=True, Ann=20, Ben=20, Cy=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


def quick(t: Table, who: str, *faces: int) -> list[ev.Event]:
    """A turn that sets aside all six dice of its first roll."""
    return roll(t, who, *faces) + t.word("stop", who)


@pytest.mark.parametrize("dice,points", [
    ((1, 4, 6, 6, 6, 6), 24), ((1, 4, 1, 1, 1, 1), 4), ((4, 1, 5, 3, 2, 6), 16), ((1, 1, 4, 4, 2, 3), 10),
    ((6, 6, 6, 6, 6, 1), 0), ((4, 4, 6, 6, 6, 6), 0), ((2, 3, 5, 6, 6, 6), 0),
])
def test_a_one_and_a_four_qualify_and_the_other_four_score(dice, points):
    assert score(dice) == points


def test_set_aside_at_least_one_each_roll_until_none_are_left():
    t = game()
    t.refused(RollDice(player="Ben", faces=tuple("1234566")), "a seventh die in a six-dice game")
    roll(t, "Ben", 6, 6, 4, 1, 3, 2)
    t.refused(RollDice(player="Ben", faces=tuple("123456")), "Ben sets aside at least one die before rolling again")
    t.word("reroll", "Ben", "5", "3", "2", "--keep", "6,6,4")
    t.refused(Reroll(player="Ben", faces=("1", "1", "1"), value=("6", "6", "5")), "Ben's 6 6 4 are set aside")
    t.refused(Reroll(player="Ben", faces=("1", "1", "1"), value=("6", "6", "4")), "Ben sets aside at least one die more")
    t.refused(Reroll(player="Ben", faces=("1", "1"), value=("6", "6", "4", "1")), "Ben has no 1 to keep")
    t.word("reroll", "Ben", "1", "6", "--keep", "6,6,4,5")
    t.word("reroll", "Ben", "3", "--keep", "6,6,4,5,1")       # the last die is set aside by itself
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 20 and t.state.ext.said["Ben"] == "1 3 4 5 6 6: 20"


def test_stop_sets_aside_every_die_showing():
    t = game()
    roll(t, "Ben", 2, 3, 6, 6, 6, 6)
    t.word("stop", "Ben")
    assert t.state.ext.totals["Ben"] == 0 and "no 1 and 4" in t.state.ext.said["Ben"]


def test_the_highest_takes_the_kitty():
    t = game()
    quick(t, "Ben", 1, 4, 6, 6, 6, 5)
    quick(t, "Cy", 1, 4, 6, 6, 6, 6)
    out = quick(t, "Ann", 1, 4, 2, 2, 2, 2)
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares == [ev.Share(player="Cy", amount=6)]


def test_a_tie_rolls_one_die_until_there_is_a_winner():
    t = game()
    quick(t, "Ben", 1, 4, 6, 6, 6, 6)
    quick(t, "Cy", 1, 4, 6, 6, 6, 6)
    quick(t, "Ann", 1, 3, 6, 6, 6, 6)                 # no 4: 0
    assert t.state.ext.rolloff == ["Ben", "Cy"]
    t.refused(RollDice(player="Ben", faces=("3", "3")), "in the roll-off each player rolls one die, not 2")
    roll(t, "Ben", 5)
    roll(t, "Cy", 5)
    roll(t, "Ben", 2)
    out = roll(t, "Cy", 3)
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares[0].player == "Cy"


def test_with_ties_stand_a_tie_lets_the_kitty_ride_to_a_later_game():
    t = game(ties="stand")
    quick(t, "Ben", 2, 2, 2, 2, 2, 2)
    quick(t, "Cy", 3, 3, 3, 3, 3, 3)
    out = quick(t, "Ann", 1, 1, 1, 1, 1, 1)           # nobody qualifies: all 0
    assert any(isinstance(e, ev.PotCarried) for e in out)
    t(NewHand())
    quick(t, "Cy", 1, 4, 2, 2, 2, 2)
    quick(t, "Ann", 2, 2, 2, 2, 2, 2)
    out = quick(t, "Ben", 2, 2, 2, 2, 2, 2)
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares == [ev.Share(player="Cy", amount=12)]
