"""Mancala, decided in memory: sowing, the two capture readings, another turn, the stores, the
end of the game and its chips."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import NewHand
from ledger.games.mancala import Board, Options, sow, store, houses
from tests.table import Table


def board(ann: list[int], ben: list[int], stores: tuple[int, int] = (0, 0), turn: str = "Ann") -> Board:
    return Board(order=["Ann", "Ben"], pits=ann + [stores[0]] + ben + [stores[1]], turn=turn)


def test_sowing_runs_along_the_own_row_into_the_store_and_on_and_skips_the_opponents_store():
    x = board([4] * 6, [4] * 6)
    assert sow(x, "Ann", 2, Options()) == "Ann sows house 2"
    assert houses(x, "Ann") == [4, 0, 5, 5, 5, 5] and store(x, "Ann") == 0 and houses(x, "Ben") == [4] * 6
    assert x.turn == "Ben"
    x = board([1, 1, 1, 0, 0, 10], [1] * 6, turn="Ann")  # 10 stones: store, Ben's six, Ann's 1 2 3
    assert sow(x, "Ann", 6, Options()) == "Ann sows house 6"
    assert store(x, "Ann") == 1 and houses(x, "Ben") == [2] * 6 and store(x, "Ben") == 0
    assert houses(x, "Ann") == [2, 2, 2, 0, 0, 0]
    x = board([1, 1, 1, 0, 0, 10], [1] * 6, turn="Ann")
    sow(x, "Ann", 6, Options(stores="both", capture="opposing"))  # the text: both stores take a stone
    assert store(x, "Ann") == 1 and store(x, "Ben") == 1 and houses(x, "Ann") == [2, 2, 1, 0, 0, 0]


def test_the_last_stone_in_the_own_store_gives_another_turn():
    x = board([4, 4, 4, 4, 4, 4], [4] * 6)
    assert not sow(x, "Ann", 4, Options()).endswith("another turn") and x.turn == "Ben"  # 5, 6, store, Ben's 1
    x = board([1, 4, 4, 4, 4, 4], [4] * 6)
    said = sow(x, "Ann", 3, Options())  # 4 stones from house 3: 4, 5, 6, store
    assert said.endswith("another turn") and x.turn == "Ann" and store(x, "Ann") == 1


def test_the_capture_on_an_empty_own_house_takes_the_house_opposite_and_the_last_stone():
    x = board([0, 1, 0, 0, 0, 3], [0, 0, 5, 0, 0, 0])  # Ann's house 3 is opposite Ben's house 4
    said = sow(x, "Ann", 2, Options())  # one stone into the empty house 3, opposite Ben's house 4 (0)
    assert "captures" not in said  # the house opposite is empty: nothing taken
    x = board([0, 1, 0, 0, 0, 3], [1, 0, 0, 5, 0, 0])
    said = sow(x, "Ann", 2, Options())
    assert said == "Ann sows house 2 and captures 6" and store(x, "Ann") == 6
    assert houses(x, "Ann")[2] == 0 and houses(x, "Ben")[3] == 0


def test_the_texts_capture_reading_takes_from_the_own_house_opposite_an_empty_one_of_the_opponent():
    x = board([0, 0, 0, 0, 0, 2], [0, 3, 0, 0, 0, 0])
    said = sow(x, "Ann", 6, Options(capture="opposing"))  # store, then Ben's empty house 1: opposite Ann's 6
    assert "captures" not in said  # Ann's house 6 was just emptied
    x = board([0, 0, 0, 0, 5, 3], [0, 0, 1, 0, 0, 0])  # store, Ben's 1, Ben's empty 2: opposite Ann's 5
    said = sow(x, "Ann", 6, Options(capture="opposing"))
    assert said.startswith("Ann sows house 6 and captures 5") and store(x, "Ann") == 6


def test_a_row_emptied_ends_the_game_and_each_side_keeps_what_is_left_in_its_row():
    x = board([0, 0, 0, 0, 0, 1], [1, 2, 0, 0, 0, 0], stores=(20, 24))
    said = sow(x, "Ann", 6, Options())
    assert said.endswith("the game is over") and x.over and x.turn is None
    assert store(x, "Ann") == 21 and store(x, "Ben") == 27 and houses(x, "Ben") == [0] * 6


def test_a_game_at_the_table_stakes_sows_captures_and_pays_the_winner_and_verifies():
    t = Table("mancala", options={"stake": 2, "stones": 1, "per_stone": 1}, verify=True, Ann=20, Ben=20)
    t(NewHand())
    assert t.state.balance("pot") == 4 and t.to_act == "Ben"  # Ann deals: Ben sows first
    with pytest.raises(Exception, match="it is Ben's turn to sow, not Ann's"):
        t.word("sow", "Ann", "1")
    with pytest.raises(Exception, match="a house is a number from 1 to 6"):
        t.word("sow", "Ben", "7")
    t.word("sow", "Ben", "6")  # into his store: another turn
    assert t.to_act == "Ben"
    with pytest.raises(Exception, match="Ben's house 6 is empty: sow one of 1, 2, 3, 4, 5"):
        t.word("sow", "Ben", "6")
    for player, house in (("Ben", "5"), ("Ann", "6"), ("Ann", "5"), ("Ben", "4"), ("Ann", "4")):
        t.word("sow", player, house)  # each a capture of two (the stone opposite and the sower's)
    assert not t.state.hand.ended
    t.word("sow", "Ben", "3")  # the last capture empties both rows: Ben 7, Ann 5
    assert t.state.hand.ended and t.state.balance("pot") == 0
    assert t.stack("Ann") == 16 and t.stack("Ben") == 24  # the pot of 4, and 2 stones at 1 chip
    assert [e.type for _, e in t.log[-3:]] == ["transfer", "pot_awarded", "hand_ended"]


def test_a_tie_lets_the_pot_stand_for_the_next_game():
    t = Table("mancala", options={"stake": 2, "stones": 1}, verify=True, Ann=20, Ben=20)
    t(NewHand())
    moves = [("Ben", 1), ("Ann", 1), ("Ben", 2), ("Ann", 2), ("Ben", 3), ("Ann", 3), ("Ben", 4), ("Ben", 5),
             ("Ann", 4), ("Ann", 5), ("Ben", 1), ("Ann", 1), ("Ben", 2), ("Ann", 2), ("Ben", 6), ("Ann", 2),
             ("Ben", 3)]
    for player, house in moves:
        t.word("sow", player, str(house))
    assert t.state.hand.ended and t.state.balance("carry") == 4
    assert [e.type for _, e in t.log[-2:]] == ["pot_carried", "hand_ended"]
