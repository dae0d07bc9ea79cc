"""Mafia at the decider: the order roll, shedding dice, the token lost, the last player with tokens."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.mafia import shed
from tests.table import Table
from ledger.commands import Declare, NewHand, RollDice


def game(tokens: int = 5, dice: int = 5, **players: int) -> Table:
    t = Table("mafia", options={"ante": 2, "tokens": tokens, "dice": dice}, verify=True,
              **(players or {"Ann": 20, "Ben": 20, "Cy": 20}))
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(map(str, faces))))


def tokens(t: Table) -> dict[str, int]:
    return dict(t.state.ext.tokens)


@pytest.mark.parametrize("faces,out", [((1, 6, 3, 4, 2), (1, 1)), ((1, 1, 1), (3, 0)), ((6, 6), (0, 2)),
                                       ((2, 3, 4, 5, 2), (0, 0))])
def test_ones_leave_play_and_sixes_go_left(faces, out):
    assert shed(faces) == out


def test_the_order_roll_the_highest_starts_and_ties_roll_again():
    t = game()
    assert t.state.balance("pot") == 6 and t.to_act == "Ben"
    t.refused(RollDice(player="Ann", faces=("3", "4")), "it is Ben's turn to roll, not Ann's")
    t.refused(RollDice(player="Ben", faces=("3",)), "two dice")
    roll(t, "Ben", 6, 5)
    roll(t, "Cy", 5, 6)
    roll(t, "Ann", 2, 2)                                   # Ben and Cy tie on 11: they roll again
    assert t.to_act == "Ben" and t.state.ext.phase == "order"
    roll(t, "Ben", 1, 2)
    roll(t, "Cy", 3, 3)                                    # Cy starts
    assert t.to_act == "Cy" and t.state.ext.phase == "play"
    t.refused(RollDice(player="Cy", faces=("3",) * 6), "Cy has five dice now and rolls all of them, not 6")
    t.refused(RollDice(player="Cy", faces=("7", "1", "1", "1", "1")), "not a face of a 6-sided die")
    t.refused(Declare(player="Ann", name="direction", value="clockwise"), "chosen by the round's starting player")
    t.refused(Declare(player="Cy", name="direction", value="left"), "clockwise or counter-clockwise")


def play_to_the_round(t: Table) -> None:
    roll(t, "Ben", 2, 3)
    roll(t, "Cy", 6, 6)
    roll(t, "Ann", 1, 1)                                   # Cy starts


def test_a_round_clockwise_sixes_left_and_the_first_out():
    t = game()
    play_to_the_round(t)
    roll(t, "Cy", 1, 6, 3, 4, 2)                          # Cy 3 dice; Ann (Cy's left) 6
    assert t.state.ext.dice == {"Ann": 6, "Ben": 5, "Cy": 3} and t.to_act == "Ann"
    roll(t, "Ann", 1, 1, 2, 2, 3, 3)                      # Ann 4
    roll(t, "Ben", 6, 6, 1, 2, 3)                         # Ben 2; Cy 5
    roll(t, "Cy", 1, 1, 6, 6, 1)                          # Cy is out first; Ann 6
    assert t.state.ext.phase == "loss" and t.to_act == "Ann"
    t.refused(RollDice(player="Ann", faces=("3", "4")), "Ann rolls one die")
    roll(t, "Ann", 6)
    roll(t, "Ben", 2)                                     # Ann rolled highest: she loses a token
    assert tokens(t) == {"Ann": 4, "Ben": 5, "Cy": 5}
    assert t.state.ext.phase == "order" and t.to_act == "Ben"   # the next order roll, from the dealer's left


def test_the_starter_chooses_counter_clockwise_and_ties_in_the_loss_roll_again():
    t = game()
    play_to_the_round(t)
    t.word("direction", "Cy", "counter-clockwise")
    assert t.to_act == "Cy"
    roll(t, "Cy", 2, 2, 3, 3, 6)                          # the 6 still goes left, to Ann
    assert t.to_act == "Ben" and t.state.ext.dice["Ann"] == 6
    t.refused(Declare(player="Cy", name="direction", value="clockwise"), "before their first roll")
    roll(t, "Ben", 1, 1, 1, 1, 1)                         # Ben is out
    roll(t, "Cy", 5)
    roll(t, "Ann", 5)                                     # tied: Cy and Ann again
    roll(t, "Cy", 3)
    roll(t, "Ann", 2)
    assert tokens(t) == {"Ann": 5, "Ben": 5, "Cy": 4}


def test_the_last_player_with_tokens_takes_the_kitty():
    t = game(tokens=1, dice=1, Ann=20, Ben=20)            # two players, one token, one die each
    roll(t, "Ben", 5, 5)
    roll(t, "Ann", 3, 3)                                  # Ben starts
    roll(t, "Ben", 3)                                     # nothing leaves: Ann's roll
    last = roll(t, "Ann", 1)                              # Ann is out: Ben, the only other, loses his token
    assert isinstance(last[-1], ev.HandEnded)
    award = [e for e in last if isinstance(e, ev.PotAwarded)][0]
    assert award.shares == [ev.Share(player="Ann", amount=4)] and "last player with tokens" in award.reason
    assert (t.stack("Ann"), t.stack("Ben")) == (22, 18)


def test_players_out_of_tokens_sit_out_the_next_rounds():
    t = game(tokens=1, dice=1)
    roll(t, "Ben", 5, 5)
    roll(t, "Cy", 1, 1)
    roll(t, "Ann", 2, 2)                                  # Ben starts
    roll(t, "Ben", 1)                                     # Ben out: Cy and Ann roll
    roll(t, "Cy", 6)
    roll(t, "Ann", 2)                                     # Cy loses his only token
    assert tokens(t)["Cy"] == 0 and t.to_act == "Ben"     # the order roll: Ben and Ann
    roll(t, "Ben", 1, 1)
    roll(t, "Ann", 6, 6)                                  # Ann starts
    last = roll(t, "Ann", 6)                              # her 6 goes to her left, Ben (Cy is out): Ann is out
    assert t.state.ext.tokens == {"Ann": 1, "Ben": 0, "Cy": 0} and t.state.ext.dice == {"Ann": 0, "Ben": 2}
    assert isinstance(last[-1], ev.HandEnded) and t.stack("Ann") == 24
