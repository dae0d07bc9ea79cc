"""The claims kit on its own: bids that must rise, counting faces with wilds, who loses a
challenge, turn order among the players still in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.errors import InputError, RuleViolation
from ledger.kit import claims, pots
from ledger.kit.verbs import decider
from ledger.kit.claims import Bid
from ledger.commands import NewHand


def test_a_bid_reads_as_the_table_says_it_and_back():
    assert str(Bid(3, 5)) == "3 fives" and Bid(3, 5).said() == "three fives"
    assert str(Bid(1, 6)) == "1 six" and str(Bid(2, 6)) == "2 sixes" and Bid(1, 3).said() == "one three"
    for q in range(1, 12):
        for f in range(1, 7):
            assert claims.bid_text(str(Bid(q, f))) == Bid(q, f)
    assert not claims.is_bid("xyz") and not claims.is_bid("3 sevens") and claims.is_bid("3 fives")


@pytest.mark.parametrize("new,last,rises", [
    (Bid(5, 2), Bid(2, 2), True),     # more dice of the same face: "2 twos" to "5 twos"
    (Bid(1, 3), Bid(2, 2), True),     # a higher face with fewer dice: "2 twos" to "1 three"
    (Bid(2, 2), Bid(2, 2), False),    # the same bid
    (Bid(4, 2), Bid(3, 5), False),    # more dice of a lower face
    (Bid(3, 6), Bid(3, 5), True),
])
def test_a_bid_must_beat_the_last_by_face_then_quantity(new, last, rises):
    if rises:
        claims.require_rise("Ben", new.key, last.key, last.said())
    else:
        with pytest.raises(RuleViolation, match="Ben's bid must beat"):
            claims.require_rise("Ben", new.key, last.key, last.said())
    claims.require_rise("Ben", new.key, None, "")  # the first bid of a round beats nothing


def test_parse_bid_refuses_what_no_table_bids():
    assert claims.parse_bid(3, 5, most=10) == Bid(3, 5)
    with pytest.raises(InputError, match="1 to 6, not 7"):
        claims.parse_bid(1, 7, most=10)
    with pytest.raises(InputError, match="at least one die"):
        claims.parse_bid(0, 3, most=10)
    with pytest.raises(RuleViolation, match="only 4 dice are on the table"):
        claims.parse_bid(5, 3, most=4)


def test_counting_faces_with_wilds():
    faces = [1, 1, 5, 5, 3, 6]
    assert claims.counted(faces, 5) == 2
    assert claims.counted(faces, 5, wild=[1]) == 4
    assert claims.counted(faces, 1, wild=[1]) == 2   # a bid on the wild face counts it once


def test_the_challenge_goes_against_the_claim_or_the_challenger():
    assert claims.settle("Ann", "Ben", held=True).loser == "Ben"
    v = claims.settle("Ann", "Ben", held=False, lost=2, why="w")
    assert (v.loser, v.winner, v.lost, v.why) == ("Ann", "Ben", 2, "w")


def test_turns_skip_players_who_are_out():
    order = ["Ann", "Ben", "Cy", "Dee"]
    counts = {"Ann": 2, "Ben": 0, "Cy": 1, "Dee": 0}
    assert claims.next_in(order, "Ann", counts) == "Cy"
    assert claims.next_in(order, "Cy", counts) == "Ann"
    assert claims.next_in(order, None, counts) == "Ann"
    assert claims.starter(order, "Ben", counts) == "Cy" and claims.starter(order, "Cy", counts) == "Cy"
    assert claims.alive(counts) == ["Ann", "Cy"] and claims.last_standing(counts) is None
    assert claims.last_standing({"Ann": 0, "Cy": 3}) == "Cy"
    assert claims.turn_refusal("Cy", "Ann", "bid") == "it is Cy's turn to bid, not Ann's"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 12), st.integers(1, 6)), min_size=2, max_size=8))
def test_bids_in_order_form_a_strict_chain(pairs):
    bids = sorted({Bid(q, f) for q, f in pairs}, key=lambda b: b.key)
    for lower, higher in zip(bids, bids[1:]):
        claims.require_rise("X", higher.key, lower.key, "")
        with pytest.raises(RuleViolation):
            claims.require_rise("X", lower.key, higher.key, "")


# ----------------------------------------------------------------------------- the game around the claims

def _table():
    from tests.table import Table

    t = Table("liarsdice", options={"ante": 3}, Ann=20, Ben=2, Cy=0)
    return t


def test_players_antes_and_the_last_one_takes_the_kitty():
    from ledger import events as ev
    from ledger.reducer import apply

    t = _table()
    state = t.state
    assert claims.players(state, "Ann") == ["Ben", "Ann"]            # Cy has no chips: sits out
    assert pots.post_antes(state, ["Ben", "Ann"], [], 3) == []       # no game on
    apply(state, state.seq + 1, ev.HandStarted(hand=1, dealer="Ann"))
    assert pots.post_antes(state, ["Ben", "Ann"], ["Ben"], 3) == [ev.Ante(player="Ann", amount=3)]
    assert pots.post_antes(state, ["Ben", "Ann"], [], 3)[0] == ev.Ante(player="Ben", amount=2)   # short: all he has
    for e in pots.post_antes(state, ["Ben", "Ann"], [], 3):
        apply(state, state.seq + 1, e)
    assert claims.last_one_takes(state, ["Ben", "Ann"], {"Ben": 1, "Ann": 2}, "{player} wins") == []
    paid = claims.last_one_takes(state, ["Ben", "Ann"], {"Ben": 0, "Ann": 2}, "{player} wins")
    assert paid == [ev.PotAwarded(shares=[ev.Share(player="Ann", amount=5)], reason="Ann wins")]
    apply(state, state.seq + 1, paid[0])
    assert claims.last_one_takes(state, ["Ben", "Ann"], {"Ben": 0, "Ann": 2}, "") == [ev.HandEnded(hand=1)]


def test_cups_the_recorder_saw_lift_by_themselves_unseen_ones_wait():
    from ledger import events as ev
    from ledger.kit.dice import Cup, Die

    cups = {"Ann": Cup([Die(3), Die(4)]), "Ben": Cup([Die(0), Die(0)]), "Cy": Cup([Die(6, True)])}
    shows, up = claims.lift_seen(cups, ["Ann", "Ben", "Cy"])
    assert shows == [ev.DiceShown(player="Ann", faces=[3, 4])] and not up
    assert claims.lift_seen(cups, ["Cy"]) == ([], True)
    assert claims.dice_command(ev.DiceCupped(player="Ann", count=2)).count == 2
    assert claims.dice_command(ev.DiceCupped(player="Ann", count=2, faces=[3, 4])).faces == (3, 4)
    assert claims.dice_command(ev.DiceShown(player="Ann", faces=[3, 4])).verb == "lift"
    assert claims.dice_command(ev.Note(text="x")) is None


def test_standing_and_who_may_move():
    from ledger.commands import Bet, Note

    assert claims.standing(["Ann", "Ben"], {"Ann": 1, "Ben": 0}, "life", "lives") == [("Ann", "1 life"), ("Ben", "out")]
    t = _table()
    with pytest.raises(RuleViolation, match="no hand is in progress"):
        claims.require_in(t.state, ["Ann"], {"Ann": 1}, "Ann", "has lost every die")
    t(NewHand())
    with pytest.raises(RuleViolation, match="Cy is not playing this game"):
        claims.require_in(t.state, ["Ben", "Ann"], {"Ann": 1}, "Cy", "x")
    with pytest.raises(RuleViolation, match="Ben has lost every die and is out of this game"):
        claims.require_in(t.state, ["Ben", "Ann"], {"Ann": 1}, "Ben", "has lost every die")
    decide = decider("g", "The Game", type(t.rules.options()), {}, "hand and roll")
    with pytest.raises(RuleViolation, match="The Game has no 'bet': hand and roll"):
        decide(t.state, Bet(player="Ann", amount=1))
    assert decide(t.state, Note(text="hi"))[0].type == "note"
