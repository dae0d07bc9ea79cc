"""The stages of a hand as data (`ledger.kit.stages`): what follows what, who acts, and how the
engine moves a phase on, on a freeform table in memory."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ledger import events as ev
from ledger.errors import RuleViolation
from ledger.kit import betting as bets
from ledger.kit.stages import Flow, Stage, actor, advance, ext_of, hand_on, legal, turn
from ledger.reducer import apply
from ledger.state import TableState

BET = bets.Betting(structure="declared", limit=lambda s: 5, reraise=False, lone_ends=False)
FLOW = Flow((
    Stage("deal", "deal", ("deal",), actor="anyone"),
    Stage("open", "bet", ("bet", "call", "fold"), betting=BET),
    Stage("roll", "roll", ("roll",), actor="first"),
    Stage("round", "bet", ("check", "bet", "call", "raise", "fold"), betting=BET, repeat=3, recorded_start=True),
    Stage("showdown", "showdown", ("showdown",), actor="anyone"),
), due="round-over")


def table() -> TableState:
    state = TableState()
    events: list[ev.Event] = [ev.SessionOpened(game="freeform", options={})]
    events += [ev.PlayerJoined(player=n, buyin=20) for n in ("Ann", "Ben", "Cy")]
    events += [ev.HandStarted(hand=1, dealer="Cy")]
    for i, e in enumerate(events, 1):
        apply(state, i, e)
    return state


def test_what_follows_each_stage():
    assert FLOW.names == ("deal", "open", "roll", "round", "showdown")
    assert FLOW.after("deal") == ("open", FLOW.stage("open"))
    assert FLOW.after("roll") == ("round-over", FLOW.stage("round"))
    assert FLOW.after("round", 2) == ("round-over", FLOW.stage("round"))
    assert FLOW.after("round", 3) == ("showdown", FLOW.stage("showdown"))
    assert FLOW.after("showdown") == ("", None)
    assert FLOW.after("nowhere") == ("", None)


def test_advance_walks_the_stages():
    state, book, order = table(), bets.RoundBook(), ["Ann", "Ben", "Cy"]
    dealt = {"done": False}
    finished = lambda st: st.name == "deal" and dealt["done"]  # noqa: E731
    rolled = {"done": False}
    done = lambda seat: rolled["done"]  # noqa: E731
    assert advance(state, FLOW, "deal", book, order, done, finished) == ("deal", None)
    dealt["done"] = True
    assert advance(state, FLOW, "deal", book, order, done, finished) == ("open", "Ann")
    for e in (ev.Bet(player="Ann", amount=2), ev.Call(player="Ben", amount=2), ev.Fold(player="Cy")):
        apply(state, state.seq + 1, e)
        bets.record(state, book, BET, e)
    assert advance(state, FLOW, "open", book, order, done, finished) == ("roll", "Ann")
    rolled["done"] = True
    assert advance(state, FLOW, "roll", book, order, done, finished) == ("round-over", None)
    apply(state, state.seq + 1, ev.RoundStarted(round=3))
    bets.reset(book)
    assert advance(state, FLOW, "round", book, order, done, finished) == ("round", "Ann")
    for e in (ev.Check(player="Ann"), ev.Check(player="Ben")):
        apply(state, state.seq + 1, e)
        bets.record(state, book, BET, e)
    assert advance(state, FLOW, "round", book, order, done, finished) == ("showdown", None)


def test_actors_and_legal():
    state, book = table(), bets.RoundBook()
    each = Stage("draw", "draw", ("exchange",))
    assert actor(state, each, book, ["Ben", "Cy", "Ann"]) == "Ben"
    assert actor(state, each, book, ["Ben", "Cy", "Ann"], done=lambda s: s.name == "Ben") == "Cy"
    assert actor(state, Stage("cut", "deal", actor="dealer"), book, []) == "Cy"
    item = legal(each, "Ben", "one card")
    assert (item.player, item.verbs, item.note) == ("Ben", ("exchange",), "one card")


def test_texts_turns_and_a_hand_won_when_all_but_one_have_left():
    flow = Flow(FLOW.stages[:1] + (Stage("open", "bet", ("bet",), betting=BET, text="the opening is under way"),)
                + FLOW.stages[2:], due="round-over", won="won", texts={"won": "everyone else has folded"})
    assert flow.text("open") == "the opening is under way" and flow.text("won") == "everyone else has folded"
    assert flow.text("round") == flow.text("idle") == "no hand is in progress"
    state, book, order = table(), bets.RoundBook(), ["Ann", "Ben", "Cy"]
    assert hand_on(state).number == 1
    state.hand.to_act = None
    with pytest.raises(RuleViolation, match="Ann cannot roll now: the opening is under way"):
        turn(state, flow, "open", "Ann", "roll")
    state.hand.to_act = "Ben"
    with pytest.raises(RuleViolation, match="Ann cannot roll now: it is Ben's turn"):
        turn(state, flow, "open", "Ann", "roll")
    for e in (ev.Fold(player="Ann"), ev.Fold(player="Ben")):
        apply(state, state.seq + 1, e)
    assert advance(state, flow, "open", book, order, left=True) == ("won", None)
    assert advance(state, flow, "deal", book, order, left=True) == ("deal", None)  # not before the deal is over
    assert advance(state, FLOW, "open", book, order, left=True)[0] != "won"  # a flow without a won phase

    @dataclass
    class Book:
        phase: str = "idle"

    state.ext = {"phase": "open"}
    assert ext_of(state, Book, lambda s: Book()) == Book("open") and isinstance(state.ext, Book)
    state.ext = None
    assert ext_of(state, Book, lambda s: Book("fresh")).phase == "fresh"
