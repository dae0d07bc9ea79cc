"""Beetle at the decider: the parts and their maximum, one roll a turn, the first whole beetle."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.beetle import PARTS, WHOLE, drawn, shown, whole
from tests.table import Table
from ledger.commands import Declare, NewHand, RollDice

BEETLE = (6, 5, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4)     # every part, fourteen rolls


def game(**players: int) -> Table:
    t = Table("beetle", options={"ante": 2}, verify=True, **(players or {"Ann": 20, "Ben": 20}))
    t(NewHand())
    return t


def roll(t: Table, who: str, face: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=(str(face),)))


@pytest.mark.parametrize("face,name,most", [(1, "eye", 2), (2, "antenna", 2), (3, "leg", 6), (4, "wing", 2),
                                            (5, "head", 1), (6, "body", 1)])
def test_each_face_draws_its_part_up_to_the_beetles_number(face, name, most):
    assert PARTS[face][0] == name and PARTS[face][2] == most
    assert drawn([face] * (most + 3))[face] == most


def test_a_whole_beetle_has_fourteen_parts():
    assert WHOLE == 14 and whole(drawn(BEETLE)) and not whole(drawn(BEETLE[:-1]))
    assert shown(drawn([3, 3, 1, 5])) == "1 eye, 2 legs, head" and shown(drawn([])) == "nothing"


def test_one_roll_a_turn_clockwise_and_refusals():
    t = game()
    assert t.state.balance("pot") == 4 and t.to_act == "Ben"
    t.refused(RollDice(player="Ann", faces=("3",)), "it is Ben's turn to roll, not Ann's")
    t.refused(RollDice(player="Ben", faces=("3", "4")), "a second die")
    t.refused(RollDice(player="Ben", faces=("7",)), "not a face of a 6-sided die")
    t.refused(Declare(player="Ben", name="stop"), "does not choose to stop")
    roll(t, "Ben", 3)
    assert t.to_act == "Ann"
    roll(t, "Ann", 5)
    roll(t, "Ben", 3)
    assert t.to_act == "Ann" and t.state.ext.totals == {"Ben": 2, "Ann": 1}


def test_the_first_whole_beetle_takes_the_kitty_and_a_full_part_draws_nothing():
    t = game()
    for i, face in enumerate(BEETLE):
        roll(t, "Ben", 5)                                # Ben: the head, then nothing more
        last = roll(t, "Ann", face)
        if i < len(BEETLE) - 1:
            assert t.state.in_hand
    assert t.state.ext.totals["Ben"] == 1
    assert isinstance(last[-1], ev.HandEnded)
    award = [e for e in last if isinstance(e, ev.PotAwarded)][0]
    assert award.shares == [ev.Share(player="Ann", amount=4)] and "Ann completes the beetle" in award.reason
    assert (t.stack("Ann"), t.stack("Ben")) == (22, 18)


def test_the_beetle_is_built_over_the_game_and_starts_again_next_game():
    t = Table("beetle", Ann=20, Ben=20)
    t(NewHand(first="Ann"))
    roll(t, "Ann", 3)
    roll(t, "Ben", 1)
    assert "1 leg" in t.state.ext.said["Ann"] and "1 eye" in t.state.ext.said["Ben"]
    for face in BEETLE:
        last = roll(t, "Ann", face)
        if isinstance(last[-1], ev.HandEnded):
            break
        roll(t, "Ben", 1)
    assert not t.state.in_hand and t.stack("Ann") == 21  # Ann's extra leg came early: one roll to spare
    t(NewHand())
    roll(t, "Ann", 3)
    assert "draws a leg: 1 leg" in t.state.ext.said["Ann"]
