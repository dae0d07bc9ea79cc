"""The board of rooms at the decider: placing, taking, Lucky Pig, König, Hochzeit, the end."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.rooms import moves, room
from tests.table import Table
from ledger.commands import Bet, Close, NewHand, RollDice

TAKEN = "pot:taken"


def game(stake: int = 2, verify: bool = True, **options: object) -> Table:
    t = Table("rooms", options={"stake": stake, **options}, verify=verify, Ann=20, Ben=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, a: int, b: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=(str(a), str(b))))


def board(t: Table) -> dict[int, int]:
    return {n: t.state.balance(room(n)) for n in range(2, 13) if t.state.balance(room(n))}


@pytest.mark.parametrize("total", [3, 5, 6, 8, 9, 10, 11])
def test_a_number_places_a_token_on_an_empty_room_and_takes_an_occupied_one(total):
    assert moves(total, {}, 4) == [("pot", room(total), 1, f"a token on room {total}")]
    assert moves(total, {total: 1, 7: 2}, 4) == [(room(total), TAKEN, 1, f"takes room {total}")]
    assert moves(total, {}, 0) == []                      # the bunch is empty: nothing to place


def test_seven_lucky_pig_and_koenig():
    rooms = {3: 1, 7: 3, 11: 1}
    assert moves(7, rooms, 2) == [("pot", room(7), 1, "Hochzeit, a token on room 7")]
    assert moves(7, rooms, 0) == []
    assert moves(2, rooms, 2) == [(room(3), TAKEN, 1, "Lucky Pig, takes room 3"),
                                  (room(11), TAKEN, 1, "Lucky Pig, takes room 11")]
    assert [m[0] for m in moves(12, rooms, 2)] == [room(3), room(7), room(11)]
    assert moves(12, rooms, 2)[1][2] == 3
    assert moves(2, {7: 2}, 2) == [] and moves(12, {}, 2) == []


def test_four_is_nothing_unless_the_table_makes_it_a_room():
    assert moves(4, {}, 3) == []
    assert moves(4, {}, 3, four=True) == [("pot", room(4), 1, "a token on room 4")]
    assert moves(4, {4: 1}, 3, four=True)[0][:3] == (room(4), TAKEN, 1)


def test_stakes_make_the_bunch_and_turns_go_clockwise():
    t = game()
    assert t.state.balance("pot") == 4 and t.to_act == "Ben"
    t.refused(RollDice(player="Ann", faces=("3", "4")), "it is Ben's turn to roll, not Ann's")
    t.refused(RollDice(player="Ben", faces=("3",)), "two dice")
    t.refused(RollDice(player="Ben", faces=("7", "1")), "not a face of a 6-sided die")
    t.refused(Bet(player="Ben", amount=1), "no 'bet'")
    roll(t, "Ben", 1, 2)
    assert board(t) == {3: 1} and t.state.balance("pot") == 3 and t.to_act == "Ann"
    assert room(3) in t.state.persistent


def test_a_game_played_out_until_every_token_is_taken():
    t = game()                                           # bunch 4
    roll(t, "Ben", 2, 3)                                 # room 5
    roll(t, "Ann", 3, 4)                                 # Hochzeit
    roll(t, "Ben", 4, 3)                                 # Hochzeit again: room 7 holds 2
    roll(t, "Ann", 1, 1)                                 # Lucky Pig: Ann takes room 5, room 7 stays
    assert board(t) == {7: 2} and t.state.balance(TAKEN) == 1
    roll(t, "Ben", 5, 5)                                 # the last token, on room 10
    assert board(t) == {7: 2, 10: 1} and t.state.balance("pot") == 0 and t.state.in_hand
    roll(t, "Ann", 4, 1)                                 # room 5 is empty and nothing is left to place
    roll(t, "Ben", 6, 4)                                 # Ben takes room 10
    assert t.state.in_hand and t.to_act == "Ann"
    last = roll(t, "Ann", 6, 6)                          # König: Ann takes room 7, the board is empty
    assert isinstance(last[-1], ev.HandEnded)
    award = [e for e in last if isinstance(e, ev.PotAwarded)][0]
    assert award.pot == TAKEN and award.shares == [ev.Share(player="Ann", amount=4)] and "3" in award.reason
    assert (t.stack("Ann"), t.stack("Ben")) == (22, 18) and not board(t)
    t.refused(RollDice(player="Ann", faces=("1", "1")), "the game is over: Ann won, with the most tokens taken (3)")


def test_a_tie_and_the_coins_stand_for_the_next_game():
    t = game(stake=1)                                    # bunch 2
    roll(t, "Ben", 1, 2)                                 # room 3
    roll(t, "Ann", 2, 1)                                 # Ann takes it
    roll(t, "Ben", 5, 4)                                 # room 9: the bunch is empty
    carried = roll(t, "Ann", 3, 3) + roll(t, "Ben", 4, 5)    # room 6 empty: nothing; Ben takes room 9
    assert any(isinstance(e, ev.PotCarried) and e.amount == 2 for e in carried)
    assert t.state.balance("carry") == 2 and not t.state.in_hand
    t(NewHand())                                            # Ben deals; Ann rolls first
    assert t.state.balance("pot") == 4 and t.to_act == "Ann"


def test_bunch_empty_variant_leaves_the_board_for_the_next_game():
    t = game(stake=1, ends="bunch-empty")
    roll(t, "Ben", 1, 2)                                 # room 3
    last = roll(t, "Ann", 6, 1)                          # Hochzeit, the bunch is empty: the game ends
    assert isinstance(last[-1], ev.HandEnded) and board(t) == {3: 1, 7: 1}
    assert t.state.balance(TAKEN) == 0
    t.refused(Close(), "the board still holds 2 tokens")
    t(NewHand())                                            # the board stays: Ann rolls first
    roll(t, "Ann", 2, 1)                                 # Ann takes room 3
    assert board(t) == {7: 1} and t.state.balance(TAKEN) == 1


def test_first_named_at_the_hand_rolls_first():
    t = Table("rooms", Ann=20, Ben=20, Cy=20)
    t(NewHand(first="Cy"))
    assert t.to_act == "Cy" and t.state.balance("pot") == 15
    roll(t, "Cy", 1, 2)
    assert t.to_act == "Ann"
