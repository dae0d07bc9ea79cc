"""Poker Dice at the decider: the hand ranking best first, wild faces, three rolls keeping any."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.pokerdice import Options, read
from ledger.kit.evaluators.dice import rank_poker_dice_wild
from ledger.kit.kitty import Throw, Turn
from tests.table import Table

RANKING = [  # best first, as a table reads the text's list
    ((6, 6, 6, 6, 6), "five of a kind"),
    ((2, 2, 2, 2, 5), "four of a kind"),
    ((3, 3, 3, 1, 1), "full house"),
    ((2, 3, 4, 5, 6), "high straight"),   # ten to ace
    ((1, 2, 3, 4, 5), "low straight"),    # nine to king
    ((6, 6, 6, 5, 4), "three of a kind"),
    ((6, 6, 5, 5, 4), "two pair"),
    ((6, 6, 5, 4, 3), "pair"),
    ((6, 5, 4, 3, 1), "nothing"),
]


def hand(faces, wild: str = "") -> tuple:
    r = read(Turn("Ann", (Throw(tuple(faces)),)), Options(wild=wild))
    return r.key, r.label


@pytest.mark.parametrize("faces,label", RANKING)
def test_every_hand_of_the_ranking(faces, label):
    assert hand(faces)[1].startswith(label)


def test_the_ranking_is_best_first():
    keys = [hand(f)[0] for f, _ in RANKING]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("better,worse", [
    ((6, 6, 6, 1, 1), (5, 5, 5, 4, 4)), ((4, 4, 2, 2, 6), (4, 4, 2, 2, 5)), ((6, 5, 4, 3, 1), (6, 5, 4, 2, 1)),
    ((2, 2, 2, 2, 1), (1, 1, 1, 1, 6)),
])
def test_equal_classes_are_broken_by_the_faces(better, worse):
    assert hand(better)[0] > hand(worse)[0]


@pytest.mark.parametrize("faces,wild,label", [
    ((6, 1, 1, 1, 1), "6", "five of a kind"), ((6, 6, 2, 2, 4), "6", "four of a kind"),
    ((6, 6, 2, 3, 4), "6", "high straight"),
    ((6, 1, 2, 3, 4), "6", "low straight"), ((6, 5, 4, 3, 1), "6", "low straight"),
    ((6, 5, 4, 3, 2), "6", "high straight"), ((6, 3, 3, 1, 1), "6", "full house"),
    ((1, 6, 6, 6, 6), "1,6", "five of a kind"), ((2, 3, 4, 5, 1), "", "low straight"),
])
def test_wild_faces_make_the_best_hand(faces, wild, label):
    assert hand(faces, wild)[1].startswith(label)
    assert rank_poker_dice_wild(faces, ()) == rank_poker_dice_wild(faces)


def game(**options) -> Table:
    t = Table("pokerdice", options={"ante": 2, **options}, verify=True, Ann=20, Ben=20, Cy=20)
    t("hand")
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t("roll", player=who, faces=tuple(str(f) for f in faces))


def test_up_to_three_rolls_keeping_any_dice():
    t = game()
    t.refused("roll", "a sixth die in a five-dice game", player="Ben", faces=tuple("123456"))
    t.refused("roll", "8 is not a face of a 6-sided die", player="Ben", faces=tuple("12348"))
    roll(t, "Ben", 6, 6, 3, 2, 1)
    t.word("reroll", "Ben", "6", "5", "4", "--keep", "6,6")
    t.refused("reroll", "Ben has no 3 to keep", player="Ben", faces=("1",), value=("6", "6", "6", "3"))
    t.word("reroll", "Ben", "6", "--keep", "6,6,6,5")          # any kept die may go again
    assert t.to_act == "Cy" and t.state.ext.said["Ben"] == "four of a kind, 6s"
    roll(t, "Cy", 2, 2, 3, 3, 4)
    roll(t, "Cy", 5, 5, 5, 5, 5)                               # all five rolled again
    t.word("stop", "Cy")
    t.refused("declare", "a stop ends the turn: Cy has stopped", player="Cy", name="stop")
    roll(t, "Ann", 1, 1, 2, 2, 3)
    out = t.word("stop", "Ann")
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Cy", amount=6)] and award.reason == "best hand, five of a kind, 5s"


def test_a_tie_and_the_kitty_stands_then_is_won_with_wild_aces():
    t = game(wild="6")
    for who in ("Ben", "Cy", "Ann"):
        roll(t, who, 6, 5, 5, 2, 1)                             # three 5s each (the ace wild)
        t.word("stop", who)
    assert t.state.balance("carry") == 6 and not t.state.in_hand
    t("hand")
    for who, faces in (("Cy", (1, 1, 2, 2, 3)), ("Ann", (6, 6, 4, 4, 3)), ("Ben", (2, 3, 4, 5, 1))):
        roll(t, who, *faces)
        out = t.word("stop", who)
    award = next(e for e in out if isinstance(e, ev.PotAwarded))     # Ann: four 4s with two wild aces
    assert award.shares == [ev.Share(player="Ann", amount=12)] and "four of a kind" in award.reason


def test_the_wild_option_is_checked():
    with pytest.raises(Exception, match="wild"):
        Table("pokerdice", options={"wild": "7"})
