"""Chicago at the decider: eleven rounds aiming at 2 to 12, a roll each, the roll-off on a tie."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.chicago import points, target
from tests.table import Table
from ledger.commands import NewHand, RollDice


def game(**options) -> Table:
    t = Table("chicago", options={"ante": 2, **options}, verify=True, Ann=20, Ben=20, Cy=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


@pytest.mark.parametrize("rnd", range(1, 12))
def test_each_round_scores_its_target_only(rnd):
    assert target(rnd) == rnd + 1
    hit = next((a, b) for a in range(1, 7) for b in range(1, 7) if a + b == rnd + 1)
    assert points(hit, rnd) == rnd + 1
    miss = (1, 1) if rnd != 1 else (1, 2)
    assert points(miss, rnd) == 0


def test_one_roll_a_turn_and_the_dice_pass_left():
    t = game()
    assert "Ben aims at 2" in t.rules.legal(t.state)[0].note
    roll(t, "Ben", 1, 1)
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 2
    t.refused(RollDice(player="Ben", faces=("1", "2")), "Chicago allows one throw a turn: Ben has thrown once")
    t.refused(RollDice(player="Cy", faces=("1", "2", "3")), "a third die in a two-dice game")
    roll(t, "Cy", 1, 2)
    roll(t, "Ann", 3, 3)
    assert t.state.ext.round == 2 and t.to_act == "Ben" and "Ben aims at 3" in t.rules.legal(t.state)[0].note


def play(t: Table, rolls: dict[str, list[tuple[int, int]]], rounds: int) -> list[ev.Event]:
    out: list[ev.Event] = []
    for i in range(rounds):
        for who in ("Ben", "Cy", "Ann"):
            out += roll(t, who, *rolls[who][i])
    return out


def test_the_most_points_after_the_agreed_rounds_takes_the_kitty():
    t = game(rounds=3)
    out = play(t, {"Ben": [(1, 1), (1, 2), (2, 2)], "Cy": [(1, 1), (6, 6), (6, 6)],
                   "Ann": [(6, 6), (6, 6), (1, 3)]}, 3)
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Ben", amount=6)] and award.reason == "highest total, 9"


def test_a_tie_is_rolled_off_with_two_dice():
    t = game(rounds=2)
    play(t, {"Ben": [(1, 1), (1, 2)], "Cy": [(1, 1), (1, 2)], "Ann": [(6, 6), (6, 6)]}, 2)
    assert t.state.ext.rolloff == ["Ben", "Cy"] and t.to_act == "Ben"
    t.refused(RollDice(player="Ann", faces=("6", "6")), "Ann is not in the roll-off (Ben and Cy tied with 5)")
    roll(t, "Ben", 4, 5)
    out = roll(t, "Cy", 6, 2)
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares[0].player == "Ben" and "roll-off with 9" in award.reason


def test_with_ties_stand_the_kitty_rides_and_is_won_later():
    t = game(rounds=1, ties="stand")
    out = roll(t, "Ben", 1, 1) + roll(t, "Cy", 1, 1) + roll(t, "Ann", 3, 3)
    assert any(isinstance(e, ev.PotCarried) and e.amount == 6 for e in out)
    t(NewHand())
    out = roll(t, "Cy", 6, 6) + roll(t, "Ann", 1, 1) + roll(t, "Ben", 5, 5)
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares == [ev.Share(player="Ann", amount=12)]
