"""Tarock at the decider: the stripped pack, triplets of a counting card and two low cards, a hand
for four each for themselves, paid pairwise."""

from __future__ import annotations

import pytest
from table import Table
from test_tarot import play, plan

from ledger.cards import PACKS
from ledger.commands import NewHand
from ledger.games import tarock


@pytest.mark.parametrize("pile, points", [
    (["KS", "7S", "8S"], 5),                 # a counting card and two low cards: the counting card
    (["T21", "7S", "8S", "QH", "9S", "1H"], 5 + 4),
    (["7S", "8S", "9S"], 1),                 # three low cards: 1
    (["KS", "7S", "8S", "9S", "10S"], 5 + 1),  # two low left over: 1
    (["KS", "7S", "8S", "9S"], 5 + 0),       # one low left over: 0
    (["KS", "KH", "7S"], 5 + 5 + 1 - 2),     # more counting cards than pairs of low ones: the sum less 2
])
def test_triplets(pile, points):
    assert tarock.points(pile) == points


def test_the_whole_pack_counts_70():
    assert tarock.points(PACKS["tarock54"].cards) == 15 + 56 + 35 - 2 * 18


def test_a_hand_for_four_paid_pairwise():
    t = Table("tarock", options={"stake": 2}, verify=True, Ann=500, Ben=500, Cy=500, Dan=500)
    t(NewHand())
    x = t.state.ext
    assert {len(s.cards) for s in t.state.seats} == {12, 18} and t.to_act == "Ann" and x.phase == "discard"
    discard = ("7S", "8S", "9S", "10S", "7C", "8C")
    t.word("discard", "Ann", *discard)
    assert t.to_act == "Dan"  # the dealer's right leads
    winners = ["Dan"] * 3 + ["Cy"] * 3 + ["Ben"] * 3 + ["Ann"] * 3
    play(t, plan(x.seats, winners, keep=discard, pack="tarock54"))
    points = t.state.ext.sheet[-1]["points"]
    piles = tarock.GAME.final_piles(t.state, t.state.ext)
    assert points == {p: tarock.points(piles[p]) for p in points}
    total = sum(points.values())
    assert {p: t.stack(p) - 500 for p in points} == {p: 2 * (4 * v - total) for p, v in points.items()}
