"""Ordered card zones (`ledger.core.zones`, `ledger.events.CardsMoved`): a top and a bottom, packets
moved as they lie, the top card enforced, unseen cards named as they turn, where_is reading them."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.core import zones
from ledger.errors import RuleViolation
from ledger.core.table import check_unseen, where_is
from ledger.reducer import apply
from ledger.state import TableState


def table(**piles: list[str]) -> TableState:
    st = TableState(session="z")
    for seq, event in enumerate([ev.SessionOpened(game="freeform"), ev.PlayerJoined(player="Ann", buyin=10),
                                 ev.HandStarted(hand=1, dealer="Ann"),
                                 *[ev.CardsDealt(to=name, cards=cards) for name, cards in piles.items()]], 1):
        apply(st, seq, event)
    return st


def put(st: TableState, event: ev.Event) -> TableState:
    apply(st, st.seq + 1, event)
    return st


def names(st: TableState, zone: str) -> list[str]:
    return [h.card for h in zones.cards(st, zone)]


def test_a_packet_moves_as_it_lies_onto_the_top_or_under_the_bottom() -> None:
    st = table(talon=["2C", "3C", "4C", "5C"], discards=["AS"])
    put(st, zones.move(st, "talon", "discards", count=2))        # the top two: 4C 5C, in that order
    assert names(st, "talon") == ["2C", "3C"] and names(st, "discards") == ["AS", "4C", "5C"]
    put(st, zones.move(st, "discards", "talon", whole=True, bottom=True))
    assert names(st, "talon") == ["AS", "4C", "5C", "2C", "3C"] and names(st, "discards") == []


def test_the_top_card_is_enforced_and_an_unseen_one_is_named_as_it_turns() -> None:
    st = table(**{"stack:Ann": ["??", "KD"]})
    with pytest.raises(RuleViolation, match="the top card of Ann's stack is KD, not 7H"):
        zones.move(st, "stack:Ann", "battle:Ann", ["7H"], face_up=True)
    put(st, zones.move(st, "stack:Ann", "battle:Ann", face_up=True))   # the known top card needs no name
    with pytest.raises(RuleViolation, match="name it"):
        zones.move(st, "stack:Ann", "battle:Ann", face_up=True)
    with pytest.raises(RuleViolation, match="KD is already in Ann's battle"):
        zones.move(st, "stack:Ann", "battle:Ann", ["KD"], face_up=True)
    put(st, zones.move(st, "stack:Ann", "battle:Ann", ["7H"], face_up=True))
    assert names(st, "battle:Ann") == ["KD", "7H"] and all(h.up for h in zones.cards(st, "battle:Ann"))
    with pytest.raises(RuleViolation, match="Ann's stack holds 0 cards, not 1"):
        zones.move(st, "stack:Ann", "battle:Ann")


def test_where_is_and_the_unseen_check_read_every_zone() -> None:
    st = table(**{"tricks:Ann": ["QS"], "talon": ["??", "9D"]})
    assert where_is(st, "QS") == "Ann's tricks" and where_is(st, "9D") == "the talon"
    with pytest.raises(RuleViolation, match="9D is already in the talon"):
        check_unseen(st, ["9D"])


def test_a_zone_name_is_a_name_or_kind_colon_name() -> None:
    assert ev.CardsMoved(source="stack:Ann", dest="pile:3", cards=["??"]).dest == "pile:3"
    with pytest.raises(ValueError):
        ev.CardsMoved(source="Stack:Ann", dest="talon", cards=["??"])
