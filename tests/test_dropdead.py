"""Drop Dead at the decider: turns, dropping dead, the kitty paid or standing."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.dropdead import dropped
from tests.table import Table
from ledger.commands import Bet, NewHand, RollDice


def game(**players: int) -> Table:
    t = Table("dropdead", options={"ante": 2}, verify=True, **(players or {"Ann": 20, "Ben": 20, "Cy": 20}))
    t(NewHand())
    return t


def roll(t: Table, who: str, a: int, b: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=(str(a), str(b))))


@pytest.mark.parametrize("faces,dead", [
    ((2, 6), True), ((6, 5), True), ((5, 2), True), ((2, 2), True), ((2, 3), True),   # a die shows 2 or 5
    ((1, 1), True), ((1, 4), True), ((4, 1), True),                                   # the total is 2 or 5
    ((1, 2), True),                                                                   # both: a 2, total 3
    ((1, 3), False), ((3, 3), False), ((3, 4), False), ((6, 6), False), ((1, 6), False), ((4, 4), False)])
def test_a_two_or_a_five_on_a_die_or_as_the_total_drops_dead(faces, dead):
    assert dropped(list(faces)) is dead


@pytest.mark.parametrize("a,b", [(1, 4), (4, 1), (1, 1)])
def test_a_total_of_two_or_five_ends_the_turn_and_scores_nothing(a, b):
    t = game()
    roll(t, "Ben", 6, 6)
    roll(t, "Ben", a, b)                      # no die shows a 2 or a 5, but the total is 2 or 5
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 12
    assert t.state.ext.said["Ben"] == "dropped dead with 12"
    t.refused(RollDice(player="Ben", faces=("3", "3")), "Ben's turn is over (dropped dead with 12); Cy rolls now")


def test_everyone_antes_and_the_dealers_left_rolls_first():
    t = game()
    assert t.state.balance("pot") == 6 and t.to_act == "Ben"
    t.refused(RollDice(player="Ann", faces=("3", "4")), "it is Ben's turn to roll, not Ann's")
    t.refused(RollDice(player="Ben", faces=("3", "4", "6")), "two dice")
    t.refused(Bet(player="Ben", amount=1), "Drop Dead has no 'bet'")


def test_the_highest_total_takes_the_kitty_and_the_game_ends():
    t = game()
    roll(t, "Ben", 3, 4)
    roll(t, "Ben", 6, 6)
    assert t.to_act == "Ben"
    roll(t, "Ben", 1, 2)                      # dead with 19
    roll(t, "Cy", 5, 5)                       # dead with 0
    last = roll(t, "Ann", 6, 1) + roll(t, "Ann", 2, 2)   # 7, then dead
    assert isinstance(last[-1], ev.HandEnded)
    award = [e for e in last if isinstance(e, ev.PotAwarded)][0]
    assert award.shares == [ev.Share(player="Ben", amount=6)] and "19" in award.reason
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (18, 24, 18)


def test_a_tie_and_the_kitty_stands_for_the_next_game():
    t = game()
    roll(t, "Ben", 3, 3)
    roll(t, "Ben", 2, 1)
    roll(t, "Cy", 6, 2)
    roll(t, "Ann", 4, 2)                       # Ben's 6 beats two zeros
    assert t.state.hands_played == 1 and t.state.balance("pot") == 0 and t.stack("Ben") == 24
    t(NewHand())                                  # Ben deals; Cy first
    assert t.to_act == "Cy"
    roll(t, "Cy", 6, 5)
    roll(t, "Ann", 2, 2)
    carried = roll(t, "Ben", 5, 5)             # all dead with 0: a tie
    assert any(isinstance(e, ev.PotCarried) and e.amount == 6 for e in carried)
    t(NewHand())
    assert t.state.balance("pot") == 12        # the kitty rode in, and three more antes

