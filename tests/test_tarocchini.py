"""Tarocchini at the decider: the stripped pack and the deal by players, the card points, the
combinations, the cricche with the contatori wild (doubled for three), a hand paid pairwise."""

from __future__ import annotations

import pytest
from table import Table
from test_tarot import play, plan

from ledger.cards import PACKS
from ledger.commands import NewHand
from ledger.games import tarocchini as tk
from ledger.kit.tarothand import TarotBid
from ledger.kit.tricks.commands import Discard

NAMES = ["Ann", "Ben", "Cy", "Dan", "Eve", "Flo", "Gus"]


@pytest.mark.parametrize("n, each, chien", [(2, 28, 6), (3, 18, 8), (4, 14, 6), (5, 11, 7), (6, 9, 8), (7, 8, 6)])
def test_the_deal_by_players(n, each, chien):
    t = Table("tarocchini", **{p: 0 for p in NAMES[:n]})
    t(NewHand())
    held = {s.name: len(s.cards) for s in t.state.seats}  # the dealer (Ann) has taken the chien
    assert held == {p: each + (chien if p == "Ann" else 0) for p in NAMES[:n]} and not t.state.hand.boards["dog"]


def test_card_points():
    assert [tk.value(c) for c in ("T21", "T20", "T19", "T18", "T10", "T3", "T1", "EX", "KS", "QH", "CD", "JC", "6S")] \
        == [5, 5, 1, 1, 1, 1, 5, 5, 5, 4, 3, 2, 1]
    assert sum(map(tk.value, PACKS["tarocchini62"].cards)) == 4 * 5 + 18 + 4 * 14 + 24


@pytest.mark.parametrize("pile, points", [
    (["T18", "T19", "EX"], 18), (["T18", "T19", "T20", "EX"], 36), (["T18", "T19", "T20", "T21", "EX"], 36),
    (["KS", "KH", "KD"], 17), (["KS", "KH", "KD", "KC"], 34), (["QS", "QH", "QD"], 14), (["CS", "CH", "CD", "CC"], 26),
    (["JS", "JH", "JD"], 12), (["KS", "KH", "QS"], 0),
])
def test_combinations(pile, points):
    assert tk.combinations(pile) == points


@pytest.mark.parametrize("pile, points, count", [
    (["T21", "T20", "T19"], 10, 1),                                # the Angelo and two grande
    (["T21", "T20", "T19", "T18", "T17", "T16"], 25, 1),          # three extra cards down the run
    (["T21", "T20", "T18", "T17"], 10, 1),                         # two of the three grande; no run without the third
    (["T21", "T20", "EX", "T18", "T17"], 20, 1),                   # a wild stands for Sole: the run goes on
    (["T21", "T20", "T19", "T18", "T17", "EX", "T15", "T14"], 35, 1),  # a wild for T16 keeps the run going
    (["T21", "T20", "T19", "T18", "T17", "T16", "EX", "T14"], 30, 1),  # a wild for T15 ends the run there
    (["T20", "T19", "EX"], 0, 0),                                  # no wild stands for the Angelo
    (["KS", "QS", "CS"], 10, 1), (["KS", "QS", "JS", "1S"], 15, 1), (["KS", "QS", "T1"], 10, 1),
    (["QS", "CS", "JS", "EX"], 0, 0),                              # no wild stands for a king
    (["T2", "T3", "T4"], 10, 1), (["T2", "T3", "T4", "T5", "T1", "EX"], 25, 1), (["T2", "EX"], 0, 0),
    (["T2", "T1", "EX"], 0, 0),                                    # two Moretti are needed
    (["1S", "1H", "1D"], 10, 1), (["1S", "1H", "1D", "1C", "EX", "T1"], 25, 1),
    (["KS", "QS", "CS", "KH", "QH", "JH", "1S", "1H", "1D"], 80, 3),  # three cricche: doubled
])
def test_cricche(pile, points, count):
    assert tk.cricche(pile) == (points, count)


def test_the_wilds_go_where_they_score_most():
    # one Matto: the Angelo run (T19 missing) or the hearts king (one face short): both are worth 10 + ...
    pile = ["T21", "T20", "T18", "T17", "KH", "QH", "1H", "EX"]
    # the Matto as Sole: 10 + 5 (T17); as the hearts' cavalier: 10 + 5 (the ace) and the Angelo still 10
    assert tk.cricche(pile) == (10 + 15, 2)


def test_a_hand_each_for_themselves_paid_pairwise():
    t = Table("tarocchini", options={"stake": 1}, verify=True, Ann=500, Ben=500, Cy=500)
    t(NewHand())  # Ann deals: the chien (8) is hers, unseen; she discards 8; Cy (her right) leads
    x = t.state.ext
    assert (x.taker, x.contract, x.teams, x.phase) == ("Ann", "dealer", {}, "discard")
    t.refused(Discard(player="Ann", discard=("KS",)), "may not hold kings or bouts")
    t.refused(TarotBid(player="Cy", name="pass"), "has no bidding")
    discard = ("6S", "7S", "8S", "9S", "10S", "6H", "7H", "8H")
    t.word("discard", "Ann", *discard)
    assert t.to_act == "Cy"
    winners = ["Cy"] * 6 + ["Ben"] * 6 + ["Ann"] * 6
    tricks = plan(x.seats, winners, keep=discard, pack="tarocchini62")
    play(t, tricks)
    points = t.state.ext.sheet[-1]["points"]
    piles = tk.GAME.final_piles(t.state, t.state.ext)
    assert points == {p: tk.points(piles[p]) for p in ("Cy", "Ben", "Ann")}
    assert set(discard) <= set(piles["Ann"])
    total = sum(points.values())
    assert {p: t.stack(p) - 500 for p in points} == {p: 3 * v - total for p, v in points.items()}
