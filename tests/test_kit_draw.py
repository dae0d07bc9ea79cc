"""Blackjack's draw (`ledger.games.bluffjack.draw`): hits and stands in turn, the betting step of a draw,
and what the hands show, on a freeform table in memory."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from ledger import events as ev
from ledger.commands import Hit, Stand
from ledger.errors import RuleViolation
from ledger.kit import betting as bets
from ledger.games.bluffjack import draw
from ledger.kit.stages import Flow, Stage
from ledger.state import TableState
from tests.test_kit_pots import play, table


@dataclass
class Book:
    stage: str = "drawing"
    due: str = ""
    last: str | None = None
    drew: str | None = None
    stood: list[str] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0


BOOKS: dict[int, Book] = {}
FLOW = Flow((Stage("drawing", "draw", ("hit", "stand")),
             Stage("final", "bet", ("check", "bet", "call", "fold"), betting=bets.Betting())))
EACH_BET = Flow((Stage("drawing", "draw", ("hit", "stand", "call"), betting=bets.Betting(), actor="each+bet"),))


def drawing(flow: Flow = FLOW) -> tuple[TableState, Book, draw.Drawing]:
    state, book = table({"Ann": 10, "Ben": 10}), Book()
    state.hand.to_act = "Ann"
    return state, book, draw.Drawing(flow, lambda s: book, lambda s: "Ann to take a card or stand")


def test_hit_and_stand_on_the_players_turn():
    state, book, d = drawing()
    assert d.at(state).to_act == "Ann" and d.now(state) == "move"
    assert d.hit(state, Hit(player="Ann", cards=("5D",), face_up=True)) == [
        ev.CardsDealt(to="Ann", cards=["5D"], face_up=True)]
    with pytest.raises(RuleViolation, match="a card dealt face up is seen by the table"):
        d.hit(state, Hit(player="Ann", count=1, face_up=True))
    with pytest.raises(RuleViolation, match="it is Ann's turn, not Ben's"):
        d.stand(state, Stand(player="Ben"))
    assert d.stand(state, Stand(player="Ann")) == [ev.Declared(player="Ann", name="stand")]
    book.stood.append("Ann")
    with pytest.raises(RuleViolation, match="Ann has already stood"):
        d.stand(state, Stand(player="Ann"))


def test_track_keeps_the_stands_and_moves_the_turn_on():
    state, book, d = drawing()
    for e in (ev.CardsDealt(to="Ann", cards=["5D"], face_up=True), ev.Declared(player="Ben", name="stand")):
        play(state, e)
        d.track(state, e)
    assert (book.last, book.stood) == ("Ben", ["Ben"])
    state, book, d = drawing(EACH_BET)
    e = ev.CardsDealt(to="Ann", cards=["5D"], face_up=True)
    play(state, e)
    d.track(state, e)
    assert (book.last, book.drew) == (None, "Ann")  # in a draw with betting, Ann now bets
    d.walk(state, ["Ann", "Ben"])
    assert (state.hand.to_act, state.hand.phase, book.stage) == ("Ann", "drawing", "drawing")


def test_betting_in_the_draw():
    state, book, d = drawing()
    with pytest.raises(RuleViolation, match="Ann cannot raise while cards are taken: Ann to take a card or stand"):
        d.betting_step(state, "Ann", "raise")
    state, book, d = drawing(EACH_BET)
    with pytest.raises(RuleViolation, match="Ann takes a card or stands first"):
        d.betting_step(state, "Ann", "call")
    book.drew = "Ann"
    d.betting_step(state, "Ann", "call")  # her betting step
    book.stage = "final"
    state.hand.to_act = None
    with pytest.raises(RuleViolation, match="Ben cannot call now: Ann to take a card or stand"):
        d.betting_step(state, "Ben", "call")


def test_what_the_hands_show():
    state, book, d = drawing()
    play(state, ev.CardsDealt(to="Ann", cards=["??"], face_up=False),
         ev.CardsDealt(to="Ann", cards=["7S"], face_up=True), ev.CardsDealt(to="Ben", cards=["??"], face_up=False))
    book.stood.append("Ben")
    assert d.shown(state, state.seats, lambda cards: len(cards)) == "Ann shows 1 +1 down; Ben +1 down, stood"
    assert draw.HIT.name == "hit" and draw.STAND.name == "stand"
