"""The dice engine (ledger.kit.dice), in memory: open rolls, cups with unseen or recorder-seen
dice, holds and re-rolls, lifting, and the current dice of a player."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.errors import InputError, RuleViolation
from ledger.kit import dice
from ledger.kit.dice import Cup, Die
from ledger.reducer import apply
from ledger.state import Roll, TableState


def table(*players: str) -> tuple[TableState, dice.Cups]:
    """A freeform table with a hand started; its cups are freeform's (updated by its evolve)."""
    state = TableState(session="t")
    for e in (ev.SessionOpened(game="freeform"), *(ev.PlayerJoined(player=p, buyin=10) for p in players),
              ev.HandStarted(hand=1, dealer=players[0])):
        apply(state, state.seq + 1, e)
    return state, state.ext.cups


def play(state: TableState, *events: ev.Event) -> None:
    for e in events:
        apply(state, state.seq + 1, e)


def test_a_cup_of_unseen_dice_is_all_question_marks_until_lifted():
    state, cups = table("Ann", "Ben")
    e = dice.cup(state, cups, "Ann", count=5)
    assert e == ev.DiceCupped(player="Ann", count=5)
    assert e.summary() == "Ann rolls 5 d6 under the cup"
    play(state, e)
    assert dice.shown(cups["Ann"]) == "?? ?? ?? ?? ??"
    with pytest.raises(RuleViolation, match=r"Ann's dice are under the cup, unseen .*potlog lift Ann FACES"):
        dice.current(cups, "Ann")
    with pytest.raises(InputError, match="nobody saw Ann's dice: name the 5 faces"):
        dice.lift(state, cups, "Ann")
    with pytest.raises(RuleViolation, match="name 5 faces, not 2"):
        dice.lift(state, cups, "Ann", [3, 3])
    shown = dice.lift(state, cups, "Ann", ["3", "3", "5", "6", "1"])
    play(state, shown)
    assert dice.current(cups, "Ann") == [3, 3, 5, 6, 1] and dice.shown(cups["Ann"]) == "3 3 5 6 1"
    assert state.hand.dice == [Roll("Ann", [3, 3, 5, 6, 1], 6)]


def test_faces_the_recorder_saw_stay_hidden_from_the_table_and_must_match_when_lifted():
    state, cups = table("Ann", "Ben")
    play(state, dice.cup(state, cups, "Ben", faces=[4, 4, 2]))
    assert dice.shown(cups["Ben"]) == "?? ?? ??" and dice.current(cups, "Ben") == [4, 4, 2]
    assert state.hand.dice == []
    with pytest.raises(RuleViolation, match="the recorder saw 4 4 2 under Ben's cup, not 4 4 3"):
        dice.lift(state, cups, "Ben", [4, 4, 3])
    assert dice.lift(state, cups, "Ben") == ev.DiceShown(player="Ben", faces=[4, 4, 2])
    with pytest.raises(InputError, match="3 dice under the cup but 2 faces named"):
        dice.cup(state, cups, "Ann", count=3, faces=[1, 2])


def test_a_reroll_keeps_the_held_dice_and_rolls_the_rest():
    state, cups = table("Ann", "Ben")
    play(state, ev.DiceRolled(player="Ann", faces=[6, 6, 2, 6, 1]))
    e = dice.reroll(state, cups, "Ann", [2, 4], keep=["6", "6", "6"])
    assert e == ev.DiceRerolled(player="Ann", kept=[6, 6, 6], faces=[2, 4])
    assert e.summary() == "Ann keeps 6 6 6 and rolls 2 4 (d6)"
    play(state, e)
    assert dice.current(cups, "Ann") == [6, 6, 6, 2, 4]
    assert state.hand.dice[-1] == Roll("Ann", [6, 6, 6, 2, 4], 6)  # several rolls a turn, each recorded
    play(state, dice.reroll(state, cups, "Ann", [6], keep=[6, 6, 6, 4]))
    assert dice.current(cups, "Ann") == [6, 6, 6, 4, 6] and len(state.hand.dice) == 3


def test_a_reroll_refuses_dice_the_player_does_not_hold_or_a_wrong_count():
    state, cups = table("Ann", "Ben")
    with pytest.raises(RuleViolation, match="Ann has not rolled this hand"):
        dice.reroll(state, cups, "Ann", [1], keep=[])
    play(state, ev.DiceRolled(player="Ann", faces=[6, 6, 2, 6, 1]))
    with pytest.raises(RuleViolation, match=r"Ann has no 5 to keep \(their dice: 6 6 2 6 1\)"):
        dice.reroll(state, cups, "Ann", [1, 2], keep=[6, 6, 5])
    with pytest.raises(RuleViolation, match="Ann has 5 dice: keep some and re-roll the others, not 3 kept and 1 rolled"):
        dice.reroll(state, cups, "Ann", [1], keep=[6, 6, 6])
    with pytest.raises(InputError, match="7 is not a face of a 6-sided die"):
        dice.reroll(state, cups, "Ann", [7, 1], keep=[6, 6, 6])


def test_a_reroll_under_the_cup_keeps_the_held_dice_as_they_were():
    state, cups = table("Ann", "Ben")
    play(state, dice.cup(state, cups, "Ann", count=5))
    e = dice.cup(state, cups, "Ann", keep=[5, 5])  # the two fives the player kept name two unseen dice
    assert e == ev.DiceCupped(player="Ann", count=3, kept=[5, 5])
    play(state, e)
    assert [d.face for d in cups["Ann"].dice] == [5, 5, 0, 0, 0] and dice.shown(cups["Ann"]) == "?? ?? ?? ?? ??"
    play(state, dice.lift(state, cups, "Ann", [5, 5, 1, 2, 3]))
    assert dice.current(cups, "Ann") == [5, 5, 1, 2, 3]


def test_lift_all_shows_every_known_cup_and_refuses_an_unseen_one():
    state, cups = table("Ann", "Ben", "Cy")
    play(state, dice.cup(state, cups, "Ann", faces=[1, 2]), ev.DiceRolled(player="Ben", faces=[6, 5]))
    assert dice.lift_all(cups, ["Ann", "Ben"]) == [ev.DiceShown(player="Ann", faces=[1, 2])]
    with pytest.raises(RuleViolation, match="Cy has no dice this hand"):
        dice.lift_all(cups, ["Ann", "Cy"])


def test_a_new_hand_empties_the_cups_and_a_smaller_cup_follows_a_lost_die():
    state, cups = table("Ann", "Ben")
    play(state, dice.cup(state, cups, "Ann", count=5), ev.HandEnded(hand=1), ev.HandStarted(hand=2, dealer="Ben"))
    assert state.ext.cups == {}
    play(state, dice.cup(state, state.ext.cups, "Ann", count=4))  # Liar's Dice: Ann lost a die
    assert len(state.ext.cups["Ann"].dice) == 4


def test_the_engine_refuses_players_out_of_the_hand():
    state, cups = table("Ann", "Ben")
    play(state, ev.Fold(player="Ben"))
    with pytest.raises(RuleViolation, match="Ben has already folded"):
        dice.cup(state, cups, "Ben", count=5)
    with pytest.raises(RuleViolation, match="Ann has no dice under the cup"):
        dice.lift(state, cups, "Ann", [1])
    assert dice.roll(state, "Ann", ["3", "4"]) == ev.DiceRolled(player="Ann", faces=[3, 4])


def test_evolve_tolerates_an_overridden_record():
    state, cups = table("Ann", "Ben")
    play(state, ev.DiceShown(player="Ben", faces=[3]), ev.DiceRerolled(player="Ann", kept=[2], faces=[1]))
    assert cups["Ben"] == Cup([Die(3, True)]) and cups["Ann"] == Cup([Die(2, True), Die(1, True)])
