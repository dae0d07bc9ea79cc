"""Zambales at the decider: five rolls to pair, the highest pair, the roll-off, the kitty standing."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.zambales import pair
from tests.table import Table
from ledger.commands import Declare, NewHand, RollDice


def game(verify: bool = True, **options: object) -> Table:
    t = Table("zambales", options={"ante": 2, **options}, verify=verify, Ann=20, Ben=20, Cy=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


def paid(events: list[ev.Event]) -> ev.PotAwarded:
    return [e for e in events if isinstance(e, ev.PotAwarded)][0]


@pytest.mark.parametrize("faces,got", [((1, 1), 1), ((6, 6), 6), ((3, 3), 3), ((2, 5), 0), ((6, 1), 0)])
def test_a_pair_is_doubles_and_its_value_is_the_face(faces, got):
    assert pair(faces) == got


def test_antes_turn_order_and_refusals():
    t = game()
    assert t.state.balance("pot") == 6 and t.to_act == "Ben"
    t.refused(RollDice(player="Ann", faces=("3", "4")), "it is Ben's turn to roll, not Ann's")
    t.refused(RollDice(player="Ben", faces=("3",)), "rolled with two dice")
    t.refused(RollDice(player="Ben", faces=("3", "4", "5")), "a third die")
    t.refused(RollDice(player="Ben", faces=("7", "1")), "not a face of a 6-sided die")
    t.refused(Declare(player="Ben", name="stop"), "does not choose to stop")


def test_a_pair_ends_the_turn_and_five_rolls_at_most():
    t = game()
    roll(t, "Ben", 1, 2)
    roll(t, "Ben", 2, 2)                                   # a pair of 2s: Cy's turn
    assert t.to_act == "Cy"
    for faces in ((1, 2), (3, 4), (5, 6), (1, 3), (2, 4)):
        roll(t, "Cy", *faces)                              # five rolls, no pair
    assert t.to_act == "Ann"
    last = roll(t, "Ann", 5, 5)
    assert isinstance(last[-1], ev.HandEnded)
    assert paid(last).shares == [ev.Share(player="Ann", amount=6)] and "a pair of 5s" in paid(last).reason
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (24, 18, 18)


def test_a_tie_on_the_highest_pair_rolls_one_die_off():
    t = game()
    roll(t, "Ben", 6, 6)
    roll(t, "Cy", 4, 4)
    roll(t, "Ann", 6, 6)                                   # Ben and Ann tie: they roll one die each
    assert t.state.in_hand and t.to_act == "Ben"
    t.refused(RollDice(player="Ben", faces=("3", "4")), "each player rolls one die")
    t.refused(RollDice(player="Cy", faces=("3",)), "Cy is not in the roll-off (Ben and Ann tied with a pair of 6s)")
    roll(t, "Ben", 5)
    roll(t, "Ann", 5)                                      # tied again: again
    roll(t, "Ben", 2)
    last = roll(t, "Ann", 3)
    assert paid(last).shares == [ev.Share(player="Ann", amount=6)] and "roll-off" in paid(last).reason


def test_nobody_pairs_and_the_kitty_stands_then_is_won():
    t = game()
    for who in ("Ben", "Cy", "Ann"):
        out = [roll(t, who, a, a % 6 + 1) for a in range(1, 6)]
    assert any(isinstance(e, ev.PotCarried) and e.amount == 6 for e in out[-1])
    assert t.state.balance("carry") == 6
    t(NewHand())                                              # Ben deals: Cy first; the kitty is 6 + 6
    assert t.state.balance("pot") == 12 and t.to_act == "Cy"
    roll(t, "Cy", 3, 3)
    roll(t, "Ann", 1, 1)
    last = roll(t, "Ben", 2, 2)
    assert paid(last).shares == [ev.Share(player="Cy", amount=12)]
    assert t.stack("Cy") == 18 - 2 + 12


def test_ties_may_let_the_kitty_stand():
    t = game(ties="stand")
    roll(t, "Ben", 6, 6)
    roll(t, "Cy", 6, 6)
    last = roll(t, "Ann", 1, 1)
    assert any(isinstance(e, ev.PotCarried) for e in last) and isinstance(last[-1], ev.HandEnded)
