"""Troggu at the decider: the deal and the Tapp by players, the speaking (ich nehm's, ich gehe,
solo), the exchange and its limits, the count, the Rappen, a Misère."""

from __future__ import annotations

import pytest
from table import Table
from test_tarot import play, plan

from ledger.cards import PACKS
from ledger.commands import NewHand
from ledger.games import troggu
from ledger.kit.tarothand import TarotBid
from ledger.kit.tricks.commands import Discard

NAMES = ["Ann", "Ben", "Cy", "Dan", "Eve", "Flo"]


def table(n: int = 4, **options: object) -> Table:
    t = Table("troggu", options=dict(options), verify=True, **{p: 1000 for p in NAMES[:n]})
    t(NewHand())  # Ann deals: her right speaks first
    return t


@pytest.mark.parametrize("n, each, tapp", [(3, 18, 8), (4, 13, 10), (5, 11, 7), (6, 9, 8)])
def test_the_deal_and_the_tapp_by_players(n, each, tapp):
    t = table(n)
    assert {len(s.cards) for s in t.state.seats} == {each} and len(t.state.hand.boards["dog"]) == tapp
    assert t.state.ext.seats[0] == NAMES[n - 1] and t.to_act == NAMES[n - 1]  # to the right of Ann


def test_the_count_and_its_total():
    assert [troggu.value(c) for c in ("T1", "T21", "EX", "T2", "T20", "KH", "QS", "CD", "JC", "5S", "1H")] == \
        [5, 5, 5, 1, 1, 5, 4, 3, 2, 1, 1]
    assert troggu.points(PACKS["troggu62"].cards) == 114


@pytest.mark.parametrize("mine, won", [(59, 30), (58, 0), (57, 0), (56, 0), (55, -30), (114, 30), (0, -30)])
def test_over_58_wins_the_rappen(mine, won):
    assert troggu.rappen_won(mine, 3, 10) == won


def test_a_misere_the_most_pays_everyone_a_tie_for_the_most_pays_nothing():
    assert troggu.misere({"A": 60, "B": 20, "C": 20, "D": 14}, 10) == {"A": -30, "B": 10, "C": 10, "D": 10}
    assert troggu.misere({"A": 40, "B": 40, "C": 20, "D": 14}, 10) == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_the_first_to_take_is_the_tappist_and_takes_the_tapp_unseen():
    t = table(4)  # Dan, Cy, Ben, Ann speak
    t.refused(TarotBid(player="Dan", name="pass?"), "not a bid here: say nehm, gehe, solo")
    t.word("bid", "Dan", "gehe")
    t.word("bid", "Cy", "nehm")
    t.word("bid", "Ben", "nehm")
    t.word("bid", "Ann", "gehe")
    x = t.state.ext
    assert (x.taker, x.contract, x.phase) == ("Cy", "tappist", "discard")
    assert len(t.state.seat("Cy").cards) == 23 and "dog" not in t.state.hand.boards or not t.state.hand.boards["dog"]
    t.refused(Discard(player="Cy", discard=("T21",)), "may not discard bouts")
    t.refused(Discard(player="Cy", discard=("KH",)), "no kings in the discard (KH), unless the Tappist holds all four")
    t.word("show", "Cy", "KS", "KD", "KC")
    t.word("discard", "Cy", "KH", "KS")  # all four kings held: kings may go
    assert t.state.ext.discards[:2] == ["KH", "KS"] and t.to_act == "Cy"


def test_a_solo_beats_ich_nehms_and_plays_without_the_tapp():
    t = table(4)
    for p, w in (("Dan", "nehm"), ("Cy", "gehe"), ("Ben", "solo"), ("Ann", "solo")):
        t.word("bid", p, w)
    x = t.state.ext
    assert (x.taker, x.contract, x.phase, t.to_act) == ("Ben", "solo", "play", "Ben")
    assert len(t.state.hand.boards["dog"]) == 10  # the Tapp stays: it counts for the Soloist


def test_a_tappist_hand_paid_in_rappen():
    t = table(4, stake=2)
    for p, w in (("Dan", "nehm"), ("Cy", "gehe"), ("Ben", "gehe"), ("Ann", "gehe")):
        t.word("bid", p, w)
    discard = ("5S", "6S", "7S", "8S", "9S", "10S", "5C", "6C", "7C", "8C")
    t.word("discard", "Dan", *discard)
    seats = t.state.ext.seats
    winners = ["Dan"] * 13
    tricks = plan(seats, winners, keep=discard, pack="troggu62")
    play(t, tricks)
    points = t.state.ext.sheet[-1]["points"]
    assert points == {"Dan": 30, "Cy": -10, "Ben": -10, "Ann": -10}
    assert [t.stack(p) for p in ("Ann", "Ben", "Cy", "Dan")] == [980, 980, 980, 1060]


def test_a_misere_when_all_go_the_dealer_leads_and_the_most_pays():
    t = table(3, rappen=10, stake=1)  # Ann deals; Cy, Ben, Ann speak
    for p in ("Cy", "Ben", "Ann"):
        t.word("bid", p, "gehe")
    x = t.state.ext
    assert (x.taker, x.contract, x.teams, t.to_act) == (None, "misere", {}, "Ann")
    winners = ["Ann"] * 18  # Ann takes every trick: she has the most (and over 58)
    tricks = plan(["Ann", "Cy", "Ben"], winners, pack="troggu62")
    play(t, tricks)
    assert t.state.ext.sheet[-1]["points"] == {"Cy": 10, "Ben": 10, "Ann": -20}
    assert t.stack("Ann") == 980 and t.stack("Ben") == 1010
    lines = dict(t.rules.view(t.state))
    assert lines["hand 1"] == "Cy +10, Ben +10, Ann -20 (misere, each for themselves)"


def test_three_to_six_players():
    t = Table("troggu", Ann=0, Ben=0)
    t.refused(NewHand(), "Troggu is for 3 to 6 players, not 2")


def test_the_tapp_counts_for_the_soloist():
    t = table(4, stake=1)
    for p, w in (("Dan", "gehe"), ("Cy", "gehe"), ("Ben", "solo"), ("Ann", "gehe")):
        t.word("bid", p, w)
    seats = t.state.ext.seats
    # Ben takes the first nine tricks, Dan the last four: Ben's tricks and the Tapp against Dan's tricks
    winners = ["Ben"] * 9 + ["Dan"] * 4
    tricks = plan(seats, winners, special={9: {"Cy": "EX"}}, pack="troggu62")  # the excuse within the defence
    play(t, tricks)
    played = {c for trick in tricks for c in trick.values()}
    tapp = [c for c in PACKS["troggu62"].cards if c not in played]
    ben = [c for trick, w in zip(tricks, winners) if w == "Ben" for c in trick.values()]
    piles = troggu.GAME.final_piles(t.state, t.state.ext)
    assert sorted(piles["taker"]) == sorted(ben + tapp) and len(tapp) == 10
    won = troggu.rappen_won(troggu.points(ben + tapp), 3, 10)
    assert won != 0 and t.state.ext.sheet[-1]["points"]["Ben"] == won
