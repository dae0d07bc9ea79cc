"""Ship, Captain, Crew at the decider: 6, 5, 4 set aside in order, the cargo, the minimum."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.shipcaptaincrew import found
from tests.table import Table
from ledger.commands import NewHand, RollDice


def game(**options) -> Table:
    t = Table("shipcaptaincrew", options={"ante": 2, **options}, verify=True, Ann=20, Ben=20, Cy=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


@pytest.mark.parametrize("rolls,have,cargo", [
    ([(6, 5, 4, 3, 2)], (6, 5, 4), (3, 2)),
    ([(5, 4, 3, 2, 1)], (), ()),                         # a captain and crew without a ship stay
    ([(6, 4, 4, 2, 1)], (6,), ()),                       # a crew without a captain stays
    ([(6, 6, 5, 1, 1), (4, 6, 6)], (6, 5, 4), (6, 6)),   # the second 6 is cargo-to-be, rolled again
    ([(6, 2, 2, 2, 2), (3, 3, 3, 3), (5, 4, 1, 1)], (6, 5, 4), (1, 1)),
    ([(1, 1, 1, 1, 1), (2, 2, 2, 2, 2), (6, 5, 4, 6, 6)], (6, 5, 4), (6, 6)),
])
def test_ship_captain_crew_in_order_and_the_cargo(rolls, have, cargo):
    assert found(rolls) == (have, cargo)


def test_the_set_aside_dice_are_not_rolled_again():
    t = game()
    t.refused(RollDice(player="Ben", faces=tuple("123456")), "a sixth die in a five-dice game")
    roll(t, "Ben", 6, 5, 2, 2, 1)
    t.refused(RollDice(player="Ben", faces=tuple("12345")), "Ben rolls three dice now (6 5 set aside), not 5")
    t.refused(RollDice(player="Cy", faces=tuple("12345")), "it is Ben's turn to roll, not Cy's")
    roll(t, "Ben", 4, 6, 3)
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 9
    assert t.state.ext.said["Ben"] == "ship, captain, crew; cargo 6 3 = 9"


def test_three_rolls_without_a_crew_score_nothing():
    t = game()
    roll(t, "Ben", 6, 5, 2, 2, 1)
    roll(t, "Ben", 3, 3, 3)
    roll(t, "Ben", 1, 2, 3)
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 0 and t.state.ext.said["Ben"] == "no crew: 0"


def test_the_best_cargo_takes_the_kitty_a_tie_stands_then_is_won():
    t = game()
    roll(t, "Ben", 6, 5, 4, 6, 6)
    roll(t, "Cy", 6, 5, 4, 6, 6)
    out = roll(t, "Ann", 6, 5, 4, 1, 1)
    assert any(isinstance(e, ev.PotCarried) and e.amount == 6 for e in out)
    t(NewHand())
    roll(t, "Cy", 6, 5, 4, 1, 1)
    roll(t, "Ann", 6, 5, 4, 2, 1)
    out = roll(t, "Ben", 1, 1, 1, 1, 1) + roll(t, "Ben", 1, 1, 1, 1, 1) + roll(t, "Ben", 1, 1, 1, 1, 1)
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares == [ev.Share(player="Ann", amount=12)]


def test_nobody_reaching_the_minimum_and_the_kitty_stands():
    t = game(minimum=8)
    roll(t, "Ben", 6, 5, 4, 3, 3)
    roll(t, "Cy", 6, 5, 4, 2, 1)
    out = roll(t, "Ann", 6, 5, 4, 1, 1)
    assert any(isinstance(e, ev.PotCarried) for e in out)
