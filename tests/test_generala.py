"""Generala at the decider: every category, three rolls and a mark a turn, the sheet, the first-roll
generala, the highest sheet taking the kitty or it standing on a tie."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.generala import CATEGORIES, DOUBLE, Options, category, points
from tests.table import Table
from ledger.commands import Declare, NewHand, RollDice


@pytest.mark.parametrize("dice,cat,score", [
    ((1, 1, 1, 2, 3), "ones", 3), ((2, 2, 5, 5, 6), "twos", 4), ((3, 3, 3, 3, 1), "threes", 12),
    ((4, 4, 4, 2, 2), "fours", 12), ((5, 1, 2, 3, 4), "fives", 5), ((6, 6, 6, 6, 6), "sixes", 30),
    ((1, 1, 2, 3, 4), "sixes", 0),
    ((1, 2, 3, 4, 5), "straight", 20), ((6, 5, 4, 3, 2), "straight", 20), ((3, 4, 5, 6, 1), "straight", 0),
    ((3, 3, 3, 2, 2), "full", 30), ((3, 3, 3, 3, 2), "full", 0), ((4, 4, 4, 4, 4), "full", 0),
    ((2, 2, 2, 2, 5), "poker", 40), ((5, 5, 5, 5, 5), "poker", 40), ((2, 2, 2, 5, 5), "poker", 0),
    ((5, 5, 5, 5, 5), "generala", 50), ((5, 5, 5, 5, 4), "generala", 0),
])
def test_every_category(dice, cat, score):
    assert points(dice, cat, Options(), ()) == score


def test_generala_sixty_and_the_double_generala():
    assert points((2,) * 5, "generala", Options(generala=60), ()) == 60
    assert points((2,) * 5, DOUBLE, Options(), (("generala", 50),)) == 100
    assert points((2,) * 5, DOUBLE, Options(generala=60), (("generala", 60),)) == 120
    assert points((2,) * 5, DOUBLE, Options(), (("generala", 0),)) == 0     # the generala was scratched
    assert points((2,) * 5, DOUBLE, Options(), ()) == 0
    assert points((2, 2, 2, 2, 3), DOUBLE, Options(), (("generala", 50),)) == 0


def test_category_names():
    assert category("Full House") == "full" and category("double-generala") == "double"
    assert category("four of a kind") == "poker" and category("Sixes") == "sixes"
    assert len(CATEGORIES) == 11
    with pytest.raises(Exception, match="no Generala category"):
        category("chance")


def game(**options) -> Table:
    t = Table("generala", options={"ante": 2, **options}, verify=True, Ann=20, Ben=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


def test_three_rolls_then_a_mark_ends_the_turn():
    t = game()
    t.refused(Declare(player="Ben", name="category", value="fours"), "Ben has not rolled yet")
    roll(t, "Ben", 4, 4, 4, 2, 6)
    t.word("reroll", "Ben", "4", "1", "--keep", "4,4,4")
    t.word("reroll", "Ben", "2", "--keep", "4,4,4,4")
    assert t.rules.legal(t.state)[0].verbs == ("mark",)
    t.refused(RollDice(player="Ben", faces=tuple("12345")), "Ben has rolled 3 times, the most a turn has: now potlog mark Ben CATEGORY")
    t.refused(Declare(player="Ben", name="category", value="chance"), "no Generala category called 'chance'")
    t.word("mark", "Ben", "fours")
    assert t.to_act == "Ann" and t.state.ext.totals["Ben"] == 16 and t.state.ext.sheet["Ben"] == [["fours", 16]]
    roll(t, "Ann", 1, 2, 3, 5, 6)
    t.word("mark", "Ann", "straight")                      # not made: scratched, 0
    assert t.state.ext.totals["Ann"] == 0 and t.state.ext.said["Ann"] == "straight scratched"
    roll(t, "Ben", 1, 2, 3, 4, 4)
    t.refused(Declare(player="Ben", name="category", value="fours"), "Ben has marked fours already this game")


def test_a_generala_on_the_first_roll_takes_the_kitty_at_once():
    t = game()
    roll(t, "Ben", 1, 2, 3, 4, 4)
    t.word("mark", "Ben", "fours")
    out = roll(t, "Ann", 3, 3, 3, 3, 3)
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Ann", amount=4)] and "generala on the first roll" in award.reason
    assert isinstance(out[-1], ev.HandEnded)


def play(t: Table, *players: tuple[str, int]) -> list[ev.Event]:
    """Eleven turns each, one roll a turn, in the order given; a player with `extra` rolls three
    sixes for the sixes category (18 instead of 0)."""
    out: list[ev.Event] = []
    for cat in CATEGORIES:
        for who, extra in players:
            faces = (6, 6, 6, 1, 2) if cat == "sixes" and extra else (1, 2, 3, 5, 5)
            out += roll(t, who, *faces) + t.word("mark", who, cat)
    return out


def test_after_eleven_turns_the_highest_sheet_wins_a_tie_stands_and_is_won_later():
    t = game()
    out = play(t, ("Ben", 0), ("Ann", 0))               # the same sheet: 1 + 2 + 3 + 10 = 16 each
    assert t.state.ext.totals == {"Ben": 16, "Ann": 16}
    assert any(isinstance(e, ev.PotCarried) and e.amount == 4 for e in out)
    t(NewHand())                                             # Ann rolls first now
    assert t.to_act == "Ann"
    out = play(t, ("Ann", 0), ("Ben", 1))
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Ben", amount=8)] and award.reason == "highest total, 34"
