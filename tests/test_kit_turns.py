"""The turns kit (`ledger.kit.turns`): order around the table, the draw for the first deal, who
deals, the same players throughout; and `follow.trial`."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import Deal, Join, Leave
from ledger.errors import InputError, RuleViolation
from ledger.kit import turns
from ledger.kit.follow import trial
from ledger.reducer import apply
from ledger.state import TableState

VALUE = {"A": 14, "K": 13, "Q": 12, "J": 11}
DRAW = turns.DrawForDeal(lambda card: VALUE.get(card[:-1]) or int(card[:-1]), "french52")


def table(*names: str) -> TableState:
    state = TableState(session="t")
    events: list[ev.Event] = [ev.SessionOpened(game="freeform")]
    events += [ev.PlayerJoined(player=p, buyin=10) for p in names]
    for seq, e in enumerate(events, 1):
        apply(state, seq, e)
    return state


def test_clockwise_and_the_next_waiting():
    state = table("A", "B", "C", "D")
    assert turns.clockwise(state, "B") == ["C", "D", "A", "B"]
    assert turns.clockwise(state, "B", after=False, include=lambda s: s.name != "D") == ["B", "C", "A"]
    assert turns.next_waiting(state, ["C", "D"], lambda s: s.name == "D") == "D"


def test_ties_draw_again_among_themselves():
    draws = {"A": ["KS", "2C"], "B": ["KH", "9D"], "C": ["3D"]}
    assert DRAW.ties(draws, ["A", "B", "C"]) == (["B"], 2)
    assert DRAW.ties({"A": ["KS"], "B": ["KH"], "C": []}, ["A", "B", "C"]) == (["A", "B", "C"], 0)
    assert DRAW.ties({"A": ["KS"], "B": ["KH"], "C": ["2C"]}, ["A", "B", "C"]) == (["A", "B"], 1)


def test_a_draw_is_checked_then_decides_the_dealer():
    state = table("A", "B", "C")
    draws: dict[str, list[str]] = {}
    assert DRAW.draw(state, draws, Deal(to="A", cards=("KS",))) == [
        ev.CardsDealt(to="A", cards=["KS"], face_up=True)]
    with pytest.raises(InputError, match="draws one card"):
        DRAW.draw(state, draws, Deal(to="A", cards=("KS", "QS")))
    draws = {"A": ["KS"], "B": ["KH"], "C": ["2C"]}
    with pytest.raises(RuleViolation, match="C is out of the draw for the deal: A and B draw again"):
        DRAW.draw(state, draws, Deal(to="C", cards=("AS",)))
    with pytest.raises(RuleViolation, match="A and B tie for the highest card: they draw again"):
        DRAW.dealer(state, draws, None)
    assert DRAW.text(state, draws) == "A K♠, B K♥, C 2♣; A and B tie: they draw again"
    draws["A"].append("3S")
    with pytest.raises(RuleViolation, match="A has drawn already: waiting for B"):
        DRAW.draw(state, draws, Deal(to="A", cards=("4S",)))
    draws["B"].append("4H")
    assert DRAW.dealer(state, draws, None) == "B"
    with pytest.raises(RuleViolation, match="B drew the highest card and deals first, not A"):
        DRAW.dealer(state, draws, "A")
    with pytest.raises(RuleViolation, match="the draw is decided"):
        DRAW.draw(state, draws, Deal(to="C", cards=("AS",)))
    assert [item.verbs for item in DRAW.legal(state, draws)] == [("hand", "note", "close")]


def test_without_a_draw_the_named_or_first_seat_deals_then_the_deal_passes_left():
    state = table("A", "B", "C")
    assert DRAW.dealer(state, {}, None) == "A" and DRAW.dealer(state, {}, "C") == "C"
    with pytest.raises(RuleViolation, match="the draw for the deal is not finished: B, C to draw"):
        DRAW.dealer(state, {"A": ["2S"]}, None)
    apply(state, state.seq + 1, ev.HandStarted(hand=1, dealer="C"))
    apply(state, state.seq + 1, ev.HandEnded(hand=1))
    assert DRAW.dealer(state, {}, None) == "A"
    with pytest.raises(RuleViolation, match=r"the deal passes left: A deals this hand \(after C\), not B"):
        DRAW.dealer(state, {}, "B")


def test_the_same_players_play_every_hand():
    state = table("A", "B")
    joined = turns.same_players(state, Join(player="C", amount=5), game="Whist", started=False,
                                players=(2, 3))
    assert isinstance(joined[0], ev.PlayerJoined)
    with pytest.raises(RuleViolation, match="C cannot join a Whist game in progress"):
        turns.same_players(state, Join(player="C", amount=5), game="Whist", started=True, players=(2, 3))
    with pytest.raises(RuleViolation, match="A cannot leave a Whist game in progress"):
        turns.same_players(state, Leave(player="A"), game="Whist", started=True, players=(2, 3))
    with pytest.raises(RuleViolation, match="Whist is for 2 to 2 players: the table is full"):
        turns.same_players(state, Join(player="C", amount=5), game="Whist", started=False, players=(2, 2))


def test_trial_applies_events_to_a_copy():
    state = table("A")
    assert trial(state, []) is state
    after = trial(state, [ev.Scored(player="A", points=3)])
    assert after.scores == {"A": 3} and state.scores == {}
