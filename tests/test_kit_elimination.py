"""A game played to the last chip (`ledger.games.bluffjack.elimination`), on a freeform table in memory:
eliminations, the set-aside pot for the last player standing, the game's end."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import Close, Join, Leave, Rebuy
from ledger.errors import RuleViolation
from ledger.kit import pots
from ledger.games.bluffjack.elimination import ELIMINATED, Elimination, around, eliminations, with_chips
from tests.test_kit_pots import play, table

LAST = Elimination("dice", "pot:aside")


def between(stacks: dict[str, int], aside: int = 0, dealer: str = "Ann"):
    """A table whose first hand is over, with `stacks`, and `aside` chips set aside (Zed's)."""
    state = table(stacks | {"Zed": aside}, dealer)
    state.persistent.append("pot:aside")
    if aside:
        play(state, ev.Transfer(from_account="seat:Zed", to_account="pot:aside", amount=aside))
    play(state, ev.HandEnded(hand=1), ev.PlayerLeft(player="Zed", cashout=0))
    return state


def test_who_has_chips_and_the_seats_from_the_dealers_left():
    state = between({"Ann": 3, "Ben": 0, "Cy": 5}, dealer="Ben")
    assert with_chips(state) == ["Ann", "Cy"]
    assert [s.name for s in around(state)] == ["Cy", "Zed", "Ann", "Ben"]
    out = eliminations(state.active_seats, {"Ann": 3, "Ben": 0, "Cy": 5})
    assert out == [ev.PlayerLeft(player="Ben", cashout=0, reason=ELIMINATED)]


def test_before_a_hand_the_eliminations_due_and_the_refusals_once_the_game_is_over():
    assert LAST.before_hand(between({"Ann": 3, "Ben": 0, "Cy": 5})) == [
        ev.PlayerLeft(player="Ben", cashout=0, reason=ELIMINATED)]
    with pytest.raises(RuleViolation, match="the game is over: Cy holds every chip"):
        LAST.before_hand(between({"Ann": 0, "Cy": 5}))
    with pytest.raises(RuleViolation, match="dice needs at least 2 players with chips, not 0"):
        LAST.before_hand(between({"Ann": 0, "Cy": 0}))


def test_after_a_hand_the_last_player_standing_takes_what_was_set_aside():
    state = between({"Ann": 0, "Ben": 7}, aside=4)
    out = LAST.after_hand(state, [])
    assert out == [ev.PlayerLeft(player="Ann", cashout=0, reason=ELIMINATED),
                   ev.Transfer(from_account="pot:aside", to_account="seat:Ben", amount=4,
                               reason="the last player standing wins what was set aside"),
                   ev.Note(text="Ben holds every chip and wins the game")]
    assert LAST.final(out[0]) and LAST.final(out[1]) and not LAST.final(out[2])


def test_when_nobody_is_left_with_chips_the_set_aside_pot_is_shared_or_the_house_won():
    state = between({"Ann": 0, "Ben": 0}, aside=5)
    seats = [s for s in state.seats if s.name in ("Ann", "Ben")]
    out = LAST.after_hand(state, seats)
    assert [(e.to_account, e.amount) for e in out if isinstance(e, ev.Transfer)] == [("seat:Ann", 3), ("seat:Ben", 2)]
    assert len(out) == 2  # both have chips again: nobody is out, nobody has won
    out = LAST.after_hand(between({"Ann": 0, "Ben": 0}), [])
    assert out[-1].text.startswith("every player is out of chips")


def test_leaving_closing_joining_and_rebuying():
    state = between({"Ann": 3, "Ben": 4}, aside=3)
    events = LAST.decide(state, Leave(player="Ann"))
    assert events[-1] == ev.Transfer(from_account="pot:aside", to_account="seat:Ben", amount=3,
                                     reason="the last player standing wins what was set aside")
    closed = LAST.decide(between({"Ann": 3, "Ben": 4}, aside=3), Close())
    assert [e.amount for e in closed if isinstance(e, ev.Transfer)] == [2, 1]  # Ben first: the dealer's left
    assert isinstance(closed[-1], ev.SessionClosed)
    with pytest.raises(RuleViolation, match="Dee needs chips to sit down at dice"):
        LAST.decide(state, Join(player="Dee", amount=0))
    with pytest.raises(RuleViolation, match="Ann can rebuy between hands, not during hand 1"):
        LAST.decide(table({"Ann": 3, "Ben": 3}), Rebuy(player="Ann", amount=5))


def test_verify_checks_eliminations_and_transfers():
    state = between({"Ann": 0, "Ben": 7}, aside=4)
    assert LAST.check(state, ev.PlayerLeft(player="Ann", cashout=0, reason=ELIMINATED))
    with pytest.raises(RuleViolation, match="Ben still has chips"):
        LAST.check(state, ev.PlayerLeft(player="Ben", cashout=0, reason=ELIMINATED))
    assert LAST.check(state, ev.Transfer(from_account="pot:aside", to_account="seat:Ben", amount=4))
    with pytest.raises(RuleViolation, match="only 4 chips are set aside"):
        LAST.check(state, ev.Transfer(from_account="pot:aside", to_account="seat:Ben", amount=5))
    with pytest.raises(RuleViolation, match="in dice chips do not move from pot to house here"):
        LAST.check(state, ev.Transfer(from_account="pot", to_account="house", amount=1))
    assert not LAST.check(state, ev.Note(text="n"))


def test_legal_between_hands_the_view_and_a_layer_nobody_wins():
    assert LAST.between(between({"Ann": 0, "Ben": 7}))[0].note == "the game is over: Ben holds every chip"
    assert LAST.between(between({"Ann": 0, "Ben": 0}))[0].note == "the game is over: the house took the last chips"
    assert "hand" in LAST.between(between({"Ann": 2, "Ben": 7}))[0].verbs
    assert LAST.lines(between({"Ann": 0, "Ben": 7}, aside=2)) == [
        ("set aside", "2 (for the last player standing)"), ("game", "over: Ben holds every chip")]
    state = table({"Ann": 5, "Ben": 5})
    play(state, ev.Bet(player="Ann", amount=2), ev.Call(player="Ben", amount=2))
    layer = pots.Layer("the pot", 4, ("Ann", "Ben"))
    (aside,), rides = LAST.unwon(state, 4, house=False)(layer, ["Ann", "Ben"])
    assert rides == 0 and aside.to_account == "pot:aside" and "set aside for the last player standing" in aside.reason
    (house,), _ = LAST.unwon(state, 4, house=True)(layer, [])
    assert house.to_account == "house" and house.reason == "the pot: nobody is left in it, the house takes it"
