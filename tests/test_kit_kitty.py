"""The kitty roll-off engine (`ledger.kit.kitty`) at the decider, on toy games declared here:
antes, turn order, throws and their refusals, keeping, stopping, a choice, rounds, the kitty
paid, standing on a tie and won later, the minimum, the roll-off, and verify --rules."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field

from ledger import events as ev
from ledger import games, reducer
from ledger.errors import RuleViolation
from ledger.kit.kitty import Choice, KittyGame, KittyOptions, Reading, Turn, contains, spoken
from tests.table import Table


class Options(KittyOptions):
    ties: Literal["stand", "roll-off"] = "stand"
    minimum: int = Field(default=0, ge=0)
    rounds: int = 1


def total(turn: Turn, o: Options) -> Reading:
    """Two dice, two throws a turn, every pip counts."""
    return Reading(dice=2, score=sum(sum(t.faces) for t in turn.throws))


def keeper(turn: Turn, o: Options) -> Reading:
    """Five dice, keep any, stop any time; must set aside one more each throw once a 6 is kept."""
    held = turn.throws[-1].kept if turn.throws else ()
    must = 1 if 6 in held else 0
    return Reading(dice=5 - len(held) if must else 5, held=held if must else (), must_keep=must,
                   score=sum(turn.dice), label=f"{sum(turn.dice)}")


def pick(turn: Turn, value: str, o: Options) -> str:
    if value not in ("odd", "even"):
        raise RuleViolation(f"mark odd or even, not {value!r}")
    if any(c == value for c, _ in turn.sheet):
        raise RuleViolation(f"{value} is marked already")
    return value


def marked(turn: Turn, o: Options) -> Reading:
    want = 1 if turn.choice == "odd" else 0
    return Reading(dice=1, score=sum(f for f in turn.dice if f % 2 == want) if turn.choice else 0)


def winner(turn: Turn, o: Options) -> Reading:
    """One die; a 6 wins the game outright; never more than one throw."""
    return Reading(dice=1, score=sum(turn.last), over=bool(turn.throws), wins=turn.last == (6,))


GAMES = {
    "toy": KittyGame("toy", "Toy", "two dice twice", Options, total, rolls=2, rounds=lambda o: o.rounds,
                     rolloff_dice=2),
    "keeper": KittyGame("keeper", "Keeper", "five dice, keep any", Options, keeper, rolls=3, keep=True,
                        may_stop=True),
    "marker": KittyGame("marker", "Marker", "mark odd or even", Options, marked, rolls=2, rounds=2,
                        choice=Choice("mark", "parity", "mark odd or even", pick)),
    "sudden": KittyGame("sudden", "Sudden", "a 6 wins", Options, winner, rounds=0, best="low"),
}


@pytest.fixture(autouse=True)
def toys(monkeypatch):
    for name, game in GAMES.items():
        rules = game.ruleset()
        monkeypatch.setitem(games._cache, name, rules)
        monkeypatch.setitem(reducer._RULES, name, rules)


def table(game: str = "toy", options: dict | None = None, **players: int) -> Table:
    t = Table(game, options=options or {"ante": 2}, verify=True, **(players or {"Ann": 20, "Ben": 20, "Cy": 20}))
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


def test_helpers():
    assert spoken(1) == "one die" and spoken(5) == "five dice" and spoken(12) == "12 dice"
    assert contains([6, 6, 1], [6, 6]) and not contains([6, 1], [6, 6])


def test_antes_in_turn_order_and_a_short_stack_antes_what_it_has():
    t = Table("toy", options={"ante": 3}, verify=True, Ann=20, Ben=2, Cy=20, Dee=0)
    events = t(NewHand())
    antes = [(e.player, e.amount) for e in events if isinstance(e, ev.Ante)]
    assert antes == [("Ben", 2), ("Cy", 3), ("Ann", 3)]   # Dee has no chips: she sits out
    assert t.to_act == "Ben" and t.state.balance("pot") == 8


def test_the_table_may_name_the_first_player_and_a_game_needs_two_with_chips():
    t = Table("toy", verify=True, Ann=20, Ben=20, Cy=20)
    t(NewHand(first="Cy"))
    assert t.state.ext.order == ["Cy", "Ann", "Ben"]
    lone = Table("toy", Ann=20, Ben=0)
    lone.refused(NewHand(), "needs 2 players with chips, not 1")


def test_turns_end_at_the_most_rolls_and_pass_clockwise():
    t = table()
    roll(t, "Ben", 3, 4)
    assert t.to_act == "Ben"
    roll(t, "Ben", 6, 6)
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 19


def test_refusals_say_what_the_table_understands():
    t = table()
    t.refused(RollDice(player="Cy", faces=("3", "4")), "it is Ben's turn to roll, not Cy's")
    t.refused(RollDice(player="Ben", faces=("7", "4")), "7 is not a face of a 6-sided die")
    t.refused(RollDice(player="Ben", faces=("3", "4", "5")), "a third die in a two-dice game")
    t.refused(RollDice(player="Ben", faces=("3",)), "Toy is rolled with two dice: name both faces")
    t.refused(RollDice(player="Ben", faces=("3", "4"), sides=8), "played with 6-sided dice")
    t.refused(Declare(player="Ben", name="stop"), "in Toy a player does not choose to stop")
    t.refused(Reroll(player="Ben", faces=("3",), value=("4",)), "not the player's choice")
    t.refused(Declare(player="Ben", name="colour"), "Toy has no declaration 'colour'")
    t.refused(Bet(player="Ben", amount=1), "Toy has no 'bet'")
    t.refused(NewHand(), "still going")


def test_no_roll_between_games():
    t = Table("toy", Ann=20, Ben=20)
    t.refused(RollDice(player="Ann", faces=("3", "4")), "no hand is in progress")


def play_round(t: Table, scores: dict[str, tuple[int, int, int, int]]) -> list[ev.Event]:
    out: list[ev.Event] = []
    for who in list(t.state.ext.order):
        a, b, c, d = scores[who]
        out += roll(t, who, a, b) + roll(t, who, c, d)
    return out


def test_the_best_total_takes_the_kitty_and_the_game_ends():
    t = table()
    out = play_round(t, {"Ben": (6, 6, 6, 6), "Cy": (1, 1, 1, 1), "Ann": (3, 3, 3, 3)})
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Ben", amount=6)] and award.reason == "highest total, 24"
    assert isinstance(out[-1], ev.HandEnded) and not t.state.in_hand
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (18, 24, 18)
    assert t.rules.legal(t.state)[0].verbs[0] == "hand"


def test_a_tie_and_the_kitty_stands_then_is_won_in_a_later_game():
    t = table()
    out = play_round(t, {"Ben": (6, 6, 6, 6), "Cy": (6, 6, 6, 6), "Ann": (3, 3, 3, 3)})
    assert any(isinstance(e, ev.PotCarried) and e.amount == 6 for e in out)
    assert t.state.balance("carry") == 6 and ("kitty stands", "6 ride into the next game") in t.rules.view(t.state)
    t(NewHand())                                   # Ben deals; Cy first; the kitty rides in
    assert t.state.balance("pot") == 12 and t.to_act == "Cy"
    out = play_round(t, {"Cy": (1, 1, 1, 1), "Ann": (5, 5, 5, 5), "Ben": (2, 2, 2, 2)})
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares == [ev.Share(player="Ann", amount=12)]
    assert t.state.balance("carry") == 0 and t.stack("Ann") == 28   # 20, two antes, the kitty of 12


def test_rounds_add_up():
    t = table(options={"rounds": 2})
    play_round(t, {"Ben": (6, 6, 6, 6), "Cy": (1, 1, 1, 1), "Ann": (3, 3, 3, 3)})
    assert t.state.in_hand and t.state.ext.round == 2 and ("round", "2 of 2") in t.rules.view(t.state)
    out = play_round(t, {"Ben": (1, 1, 1, 1), "Cy": (6, 6, 6, 6), "Ann": (6, 6, 6, 5)})
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares[0].player == "Ann" and "35" in award.reason   # Ann 12 + 23; Ben and Cy 28


def test_nobody_reaching_the_minimum_and_the_kitty_stands():
    t = table(options={"minimum": 30})
    out = play_round(t, {"Ben": (6, 6, 6, 6), "Cy": (1, 1, 1, 1), "Ann": (3, 3, 3, 3)})
    assert any(isinstance(e, ev.PotCarried) for e in out)


def test_a_tie_rolls_off_until_one_is_highest():
    t = table(options={"ante": 2, "ties": "roll-off"})
    play_round(t, {"Ben": (6, 6, 6, 6), "Cy": (6, 6, 6, 6), "Ann": (6, 6, 6, 6)})
    assert t.state.in_hand and t.to_act == "Ben" and t.state.ext.rolloff == ["Ben", "Cy", "Ann"]
    assert t.rules.legal(t.state)[0].note.startswith("roll-off: two dice each")
    t.refused(RollDice(player="Ben", faces=("3",)), "in the roll-off each player rolls two dice, not 1")
    roll(t, "Ben", 5, 5)
    roll(t, "Cy", 6, 4)
    roll(t, "Ann", 1, 1)                        # Ben and Cy tie again at 10: they roll again
    assert t.state.ext.rolloff == ["Ben", "Cy"] and t.to_act == "Ben"
    roll(t, "Ben", 2, 1)
    out = roll(t, "Cy", 3, 1)
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Cy", amount=6)] and "roll-off with 4" in award.reason


def test_keeping_stopping_and_the_dice_set_aside():
    t = table("keeper")
    t.refused(Reroll(player="Ben", faces=("1",), value=("2",)), "Ben has not rolled this turn")
    t.refused(Declare(player="Ben", name="stop"), "Ben has not rolled yet this turn")
    roll(t, "Ben", 6, 5, 4, 2, 1)
    t.refused(Reroll(player="Ben", faces=("1", "1"), value=("6", "5", "3")), "Ben has no 3 to keep")
    t.refused(Reroll(player="Ben", faces=("1", "1"), value=("6", "5")), "Ben has five dice: keep some and roll the others, not 2 kept and 2 rolled")
    t.word("reroll", "Ben", "3", "3", "--keep", "6,5", "--keep", "4")
    assert t.rules.legal(t.state)[0].verbs == ("roll", "reroll", "stop")
    t.refused(RollDice(player="Ben", faces=tuple("12345")), "Ben sets aside at least one die before rolling again")
    t.refused(Reroll(player="Ben", faces=("1", "1", "1"), value=("3", "3")), "Ben's 6 5 4 are set aside and stay so")
    t.refused(Reroll(player="Ben", faces=("1", "1"), value=("6", "5", "4")), "Ben sets aside at least one die more")
    t.word("reroll", "Ben", "2", "--keep", "6,5,4,3")      # the third roll: the most, the turn ends
    assert t.to_act == "Cy" and t.state.ext.totals["Ben"] == 20
    roll(t, "Cy", 1, 2, 3, 4, 5)
    t.word("stop", "Cy")
    assert t.to_act == "Ann" and t.state.ext.totals["Cy"] == 15
    assert any(r.faces == [6, 5, 4, 3, 3] for r in t.state.hand.dice)   # a re-roll shows the whole set


def test_a_choice_ends_the_turn_and_is_scored_once_a_game():
    t = table("marker", Ann=20, Ben=20)
    roll(t, "Ben", 3)
    roll(t, "Ben", 5)
    t.refused(RollDice(player="Ben", faces=("3",)), "Ben has rolled 2 times, the most a turn has: now potlog mark Ben VALUE")
    assert t.rules.legal(t.state)[0].verbs == ("mark",)
    t.refused(Declare(player="Ben", name="parity", value="blue"), "mark odd or even, not 'blue'")
    t.word("mark", "Ben", "odd")
    assert t.state.ext.totals["Ben"] == 5 and t.state.ext.sheet["Ben"] == [["odd", 5]]
    t.refused(Declare(player="Ben", name="parity", value="even"), "choosing the parity ends the turn: Ben chose odd (5); Ann rolls now")
    roll(t, "Ann", 4)
    t.word("mark", "Ann", "even")
    roll(t, "Ben", 4)
    t.refused(Declare(player="Ben", name="parity", value="odd"), "odd is marked already")


def test_a_turn_that_wins_outright_takes_the_kitty_at_once():
    t = table("sudden")
    roll(t, "Ben", 3)
    roll(t, "Cy", 2)
    out = roll(t, "Ann", 6)
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares[0].player == "Ann"
    assert isinstance(out[-1], ev.HandEnded)


def test_verify_rules_re_decides_what_the_rules_record_by_themselves():
    t = table()
    for who in ("Ben", "Cy"):
        roll(t, who, 6, 6)
        roll(t, who, 6, 6 if who == "Ben" else 1)
    roll(t, "Ann", 3, 3)
    check = t.rules.check_event
    assert check is not None
    last = t.state.clone()
    reducer.apply(last, last.seq + 1, ev.DiceRolled(player="Ann", faces=[3, 3]))
    with pytest.raises(RuleViolation):
        check(last, ev.PotAwarded(shares=[ev.Share(player="Cy", amount=6)], reason="highest total, 23"))
    with pytest.raises(RuleViolation):
        check(last, ev.PotCarried(amount=6))
    check(last, ev.PotAwarded(shares=[ev.Share(player="Ben", amount=6)], reason="highest total, 24"))
    with pytest.raises(RuleViolation):
        check(t.state, ev.PotCarried(amount=1))     # nothing is due mid-turn
    with pytest.raises(RuleViolation):
        check(t.state, ev.DiceRolled(player="Ben", faces=[1, 1]))   # not Ben's turn


from hypothesis import given, settings, strategies as st  # noqa: E402
from ledger.commands import Bet, Declare, NewHand, Reroll, RollDice


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=40, max_size=40), st.sampled_from(["stand", "roll-off"]))
def test_any_game_ends_with_the_kitty_paid_or_standing_and_verify_agrees(faces, ties):
    t = table(options={"ante": 2, "ties": ties, "rounds": 2})
    it = iter(faces * 10)
    while t.state.in_hand:
        who = t.to_act
        assert who is not None
        roll(t, who, next(it), next(it))
    paid = [e for _, e in t.log if isinstance(e, (ev.PotAwarded, ev.PotCarried))]
    assert len(paid) == 1 and t.state.balance("pot") == 0
    assert sum(t.stack(p) for p in ("Ann", "Ben", "Cy")) + t.state.balance("carry") == 60
