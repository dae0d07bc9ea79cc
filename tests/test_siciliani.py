"""Tarocchi Siciliani at the decider: the stripped pack, the triplet count, a hand for four each
for themselves, paid pairwise."""

from __future__ import annotations

import pytest
from table import Table
from test_tarot import play, plan

from ledger.cards import PACKS
from ledger.commands import NewHand
from ledger.games import siciliani as sc


def test_values():
    assert [sc.value(c) for c in ("T1", "T21", "EX", "T19", "T16", "T15", "T20", "KS", "QD", "CH", "JC", "5S")] == \
        [10, 10, 10, 5, 5, 1, 1, 5, 4, 3, 2, 1]


@pytest.mark.parametrize("pile, points", [
    (["T21", "KS", "5S"], 10 + 5 + 1 - 2),
    (["T21", "KS", "5S", "6S"], 14 + 1 - 1),               # a remainder of one: less 1
    (["T21", "KS", "5S", "6S", "7S"], 14 + 2 - 1),         # a remainder of two: less 1
    (["5S"], 0), ([], 0),
])
def test_triplets_value_less_two_a_remainder_less_one(pile, points):
    assert sc.points(pile) == points


def test_the_whole_pack_counts_104():
    assert sc.points(PACKS["siciliani63"].cards) == 146 - 2 * 21


def test_a_hand_for_four_paid_pairwise():
    t = Table("siciliani", options={"stake": 1}, verify=True, Ann=500, Ben=500, Cy=500, Dan=500)
    t(NewHand())
    assert {len(s.cards) for s in t.state.seats} == {14, 21}  # the dealer took the 7 of the chien
    discard = ("5S", "6S", "7S", "8S", "9S", "10S", "5C")
    t.word("discard", "Ann", *discard)
    x = t.state.ext
    winners = ["Dan", "Cy", "Ben", "Ann"] * 3 + ["Ann", "Ann"]
    play(t, plan(x.seats, winners, keep=discard, pack="siciliani63"))
    points = t.state.ext.sheet[-1]["points"]
    piles = sc.GAME.final_piles(t.state, t.state.ext)
    assert points == {p: sc.points(piles[p]) for p in points} and sum(map(len, piles.values())) == 63
    assert sum(t.stack(p) for p in points) == 2000
    total = sum(points.values())
    assert {p: t.stack(p) - 500 for p in points} == {p: 4 * v - total for p, v in points.items()}
