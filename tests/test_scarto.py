"""Scarto at the decider: 25 each and three to the dealer, the dealer's discard with its limits,
play and the deal to the right, following suit and trumping, the ranks by colour, the excuse,
the count in threes less 26 (zero-sum) and the stake."""

from __future__ import annotations

from table import Table

from ledger import events as ev
from ledger.commands import NewHand, Play, Reveal
from ledger.games import scarto
from ledger.kit.tricks import rules as tr
from ledger.kit.tricks.commands import Discard

SUITS = [r + s for s in "HDC" for r in "1 2 3 4 5 6 7 8 9 10 J C Q K".split()]


def table(**options: object) -> Table:
    t = Table("scarto", options=dict(options), verify=True, Ann=60, Ben=60, Cy=60)
    t(NewHand())  # Ann deals; Cy (her right) leads; play goes Cy, Ben, Ann
    return t


def test_the_deal_and_the_dealers_discard_limits():
    t = table()
    assert [len(s.cards) for s in t.state.seats] == [28, 25, 25] and t.to_act == "Ann"
    t.refused(Play(player="Cy", cards=("1S",)), "the dealer discards three first")
    t.refused(Discard(player="Ben", discard=("1S", "2S", "3S")), "the dealer, Ann, discards, not Ben")
    t.refused(Discard(player="Ann", discard=("1S", "2S", "KS")), "may not discard a king or a bout: KS")
    t.refused(Discard(player="Ann", discard=("1S", "2S", "T21")), "may not discard a king or a bout: T21")
    t.refused(Discard(player="Ann", discard=("1S",)), "three discards")
    t(Reveal(player="Ann", cards=("T7",)))
    t.refused(Discard(player="Ann", discard=("1S", "2S", "EX")),
              "the excuse is discarded only when no other atout can be: Ann holds T7")
    t(Discard(player="Ann", discard=("1S", "2S", "T7")))  # an atout that is not a bout may go
    assert t.state.ext.discarded == ["1S", "2S", "T7"] and t.to_act == "Cy"


def test_the_excuse_may_be_discarded_with_no_other_atout_known():
    t = table()
    t(Discard(player="Ann", discard=("1S", "2S", "EX")))
    assert t.state.ext.phase == "play"


def test_play_passes_to_the_right_following_suit_then_an_atout():
    t = table()
    t(Discard(player="Ann", discard=("1S", "2S", "3S")))
    t(Reveal(player="Ann", cards=("T5", "4C")))
    t(Play(player="Cy", cards=("KH",)))
    assert t.to_act == "Ben"
    t(Play(player="Ben", cards=("1H",)))
    t.refused(Play(player="Ann", cards=("4C",)), "Ann cannot follow hearts and must trump: holds T5")
    t(Play(player="Ann", cards=("T5",)))
    assert t.state.ext.taken == {"Ann": 1} and t.to_act == "Ann"


def test_the_ranks_by_colour_and_the_atouts_above():
    def high(cards: str) -> str:
        return max(cards.split(), key=lambda c: scarto.rank(c, "T"))
    assert high("10S 1S JS") == "JS" and high("10S 1S 9S") == "10S"  # black: 10 high among the pips
    assert high("10H 1H 9H") == "1H" and high("1D JD") == "JD"  # red: 1 high among the pips
    assert high("KS QS CS JS") == "KS" and high("CS JS") == "CS"
    assert tr.winner([("Cy", "KH"), ("Ben", "T1"), ("Ann", "1H")], scarto.RULES, "T") == "Ben"


def test_the_count_in_threes():
    assert scarto.in_threes(["KS", "QS", "1H"]) == 5 + 4 + 1 - 2
    assert scarto.in_threes(["T1", "EX", "T21", "2H", "CS"]) == 5 + 5 + 5 - 2 + 1 + 3 - 1
    assert scarto.in_threes(["EX"]) == 5


def test_the_excuse_goes_home_and_its_player_hands_over_a_plain_card():
    x = scarto.Scarto(seats=["Cy", "Ben", "Ann"], won={"Cy": ["KH", "2H", "T3"], "Ben": ["EX", "4C", "5C", "6C"]},
                      excused=[["Ben", "Cy"]])
    piles = scarto.piles(x, "Ann")
    assert piles["Ben"] == ["EX", "5C", "6C"] and piles["Cy"] == ["KH", "2H", "T3", "4C"]


def test_a_whole_hand_counted_less_26_zero_sum_and_paid():
    t = table()
    t(Discard(player="Ann", discard=("1S", "2S", "3S")))
    ben, ann = iter(SUITS[:21]), iter(SUITS[21:])
    out: list[ev.Event] = []
    for n in range(1, 22):  # Cy leads every atout and takes every trick
        out += t(Play(player="Cy", cards=(f"T{n}",)))
        out += t(Play(player="Ben", cards=(next(ben),)))
        out += t(Play(player="Ann", cards=(next(ann),)))
    for trick in ("KS EX 10S", "QS 9S 8S", "CS 7S 6S", "JS 5S 4S"):
        for card in trick.split():
            out += t(Play(player=t.to_act, cards=(card,)))
    assert t.state.ext.won["Ben"] == ["EX"]  # the excuse went home; Ben has no plain card to hand over
    assert scarto.piles(t.state.ext, "Ann")["Ben"] == []  # so it goes to Cy after all
    got = {e.player: e.points for e in out if isinstance(e, ev.Scored)}
    assert got == {"Cy": 77 - 26, "Ben": 0 - 26, "Ann": 1 - 26} and sum(got.values()) == 0
    assert [(e.from_account, e.to_account, e.amount) for e in out if isinstance(e, ev.Transfer)] == \
        [("seat:Ann", "seat:Cy", 25), ("seat:Ben", "seat:Cy", 26)]
    t(NewHand())
    assert t.state.hand.dealer == "Cy" and t.to_act == "Cy"  # the deal passes right: Ann's right is Cy
    assert dict(scarto.view(t.state))["hand 1"] == "Ann -25, Ben -26, Cy +51"


def test_the_excuse_on_the_last_trick_goes_to_the_taker():
    x = scarto.Scarto()
    from ledger.kit.tricks import hand as th
    th.start(x, ["Cy", "Ben", "Ann"], 1, trump="T")
    t = table()
    t.state.ext = x  # (a one-trick hand, in memory)
    for p, c in (("Cy", "KH"), ("Ben", "EX"), ("Ann", "2H")):
        th.evolve(t.state, x, scarto.RULES, ev.CardPlayed(player=p, card=c))
    th.evolve(t.state, x, scarto.RULES, ev.TrickWon(player="Cy", trick=1))
    assert x.won == {"Cy": ["KH", "EX", "2H"]} and x.excused == []
