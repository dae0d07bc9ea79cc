"""A board of staking compartments (ledger.games.poch.compartments) with another layout than Poch's,
at the kit's level on a freeform table: the dressing, the claims by trumps held, the phases,
the recorder's word and the share-out at the close."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from ledger import events as ev
from ledger.commands import Close, Declare
from ledger.errors import RuleViolation
from ledger.kit import deal
from ledger.games.poch.compartments import Board
from ledger.state import TableState
from tests.test_kit_pots import play, table

BOARD = Board(("pope", "matrimony", "intrigue", "game"), dressed=3, trump="up",
              claims={"pope": ("9",), "matrimony": ("K", "Q"), "intrigue": ("Q", "J")})
TWO = deal.Dealing(2)


@dataclass(slots=True)
class Deal:
    order: list[str] = field(default_factory=list)
    phase: str = "dress"
    dressed: int = 0
    shown: bool = False


def step(state: TableState, x: Deal, events: list[ev.Event]) -> None:
    for e in events:
        play(state, e)
        BOARD.track(x, e)
        BOARD.advance(state, x, TWO, then="next")


def test_the_dressing_the_claims_and_what_stays_on_the_board():
    state, x = table({"Ann": 10, "Ben": 10, "Cy": 4}), Deal(order=["Ann", "Ben", "Cy"])
    BOARD.persist(state)
    with pytest.raises(RuleViolation, match="^Cy cannot dress the board \\(6 chips\\): rebuy or leave first$"):
        BOARD.require_dressing(state, x.order, 2)
    BOARD.require_dressing(state, x.order, 1)
    while x.phase == "dress":
        step(state, x, BOARD.follows(state, x, 1))
    assert x.dressed == 9 and BOARD.text(state) == "pope 3, matrimony 3, intrigue 3" and x.phase == "deal"
    step(state, x, [ev.CardsDealt(to="Ann", cards=["KH", "QH"]), ev.CardsDealt(to="Ben", cards=["??", "??"]),
                    ev.CardsDealt(to="Cy", cards=["JH", "9C"])])
    assert x.phase == "deal"                                         # the trump is not turned yet
    step(state, x, [ev.CardsDealt(to="up", cards=["2H"], face_up=True)])
    assert x.phase == "board" and BOARD.follows(state, x, 1) == []   # Ben's cards are unseen
    hands = {"Ann": ["KH", "QH"], "Ben": ["??", "??"], "Cy": ["JH", "9C"]}
    assert BOARD.claimed(state, hands, "2H") == [("matrimony", "Ann")]  # QH and JH are apart: no intrigue
    with pytest.raises(RuleViolation, match="^Gnav's one declaration is the recorder's 'board'"):
        BOARD.shown(state, x, Declare(name="pope"), game="Gnav", before="the play")
    step(state, x, BOARD.shown(state, x, Declare(name="board"), game="Gnav", before="the play"))
    paid = BOARD.follows(state, x, 1)
    assert [(e.pot, e.shares[0].player, e.shares[0].amount, e.reason) for e in paid] == [
        ("pot:matrimony", "Ann", 3, "Ann holds the matrimony in trumps")]
    step(state, x, paid)
    assert x.phase == "next" and BOARD.text(state) == "pope 3, intrigue 3"
    with pytest.raises(RuleViolation, match="before the play$"):
        BOARD.shown(state, x, Declare(name="board"), game="Gnav", before="the play")


def test_a_single_card_claim_reads_of_trumps_and_the_close_shares_out_what_is_left():
    state, x = table({"Ann": 10, "Ben": 10}), Deal(order=["Ann", "Ben"])
    BOARD.persist(state)
    while x.phase == "dress":
        step(state, x, BOARD.follows(state, x, 1))
    assert BOARD.next_claim(state, {"Ann": ["9S"], "Ben": ["AS"]}, "KS")[0].reason == "Ann holds the pope of trumps"
    with pytest.raises(RuleViolation, match="finish the deal before closing"):
        BOARD.close(state, Close())
    play(state, ev.HandEnded(hand=1))
    closing = BOARD.close(state, Close())
    shared = [(e.pot, [(s.player, s.amount) for s in e.shares]) for e in closing if isinstance(e, ev.PotAwarded)]
    assert shared == [(a, [("Ben", 1), ("Ann", 1)]) for a in ("pot:pope", "pot:matrimony", "pot:intrigue")]
    assert isinstance(closing[-1], ev.SessionClosed)
    assert BOARD.check_close(state, closing[0]) and not BOARD.check_close(state, ev.Check(player="Ann"))
    with pytest.raises(RuleViolation):                               # a share-out other than the board's
        BOARD.check_close(state, ev.PotAwarded(pot="pot:pope", shares=[ev.Share(player="Ann", amount=2)]))
