"""Skat as the compendium gives it, at the decider: 32 cards, ten each and the skat, bidding in
turn, the soloist names trumps and leads, the skat taken at any time with two discards, the
text's card values, 61 wins (60 loses), the bid settled pairwise, a hand thrown in."""

from __future__ import annotations

from table import Table

from ledger import events as ev
from ledger.commands import NewHand, Play, Reveal, Void
from ledger.games import skat
from ledger.reducer import fold
from ledger.state import TableState

OPENING = ["AS 7S 8S", "AD 7D 9D", "AC 8C 9C", "10S 9S JS"]  # Ben leads each and takes it: 45 points


def table(**options: object) -> Table:
    t = Table("skat", options=dict(options), verify=True, Ann=50, Ben=50, Cy=50)
    t(NewHand())  # Ann deals: Ben bids first
    return t


def soloist_ben(t: Table, bid: str = "15") -> None:
    t.word("bid", "Ben", "10")
    t.word("bid", "Cy", "12")
    t.word("pass", "Ann")
    t.word("bid", "Ben", bid)
    t.word("pass", "Cy")


def tricks(t: Table, cards: list[str]) -> list[ev.Event]:
    out: list[ev.Event] = []
    for trick in cards:
        for card in trick.split():
            out += t(Play(player=t.to_act, cards=(card,)))
    return out


def test_the_deal_ten_each_and_the_skat_from_the_stripped_pack():
    t = table()
    assert [len(s.cards) for s in t.state.seats] == [10, 10, 10] and len(t.state.hand.boards["skat"]) == 2
    t.refused(Reveal(player="Ben", cards=("2H",)), "'2H' is not in the french32 pack")


def test_bidding_in_turn_rising_and_a_pass_is_final():
    t = table()
    t.refused(skat.SkatBid(player="Cy", amount=5), "it is Ben's turn to bid, not Cy's")
    t.word("bid", "Ben", "10")
    t.refused(skat.SkatBid(player="Cy", amount=10), "a bid must be 11 or more (the bid stands at 10)")
    t.word("pass", "Cy")
    t.word("pass", "Ann")
    x = t.state.ext
    assert x.soloist == "Ben" and x.phase == "trump" and t.to_act == "Ben"
    t.refused(skat.SkatBid(player="Ann", amount=20), "the bidding is over")
    t.refused(skat.NameTrump(player="Cy", value="H"), "the soloist, Ben, names trumps, not Cy")
    t.refused(skat.NameTrump(player="Ben", value="X"), "is not a suit")
    t.refused(Play(player="Ben", cards=("AH",)), "the soloist names trumps first")


def test_everyone_passes_the_hand_is_thrown_in():
    t = table()
    for p in ("Ben", "Cy", "Ann"):
        t.word("pass", p)
    assert t.state.hand.ended and not [e for _, e in t.log if isinstance(e, ev.Scored)]
    t(NewHand())
    assert t.state.hand.dealer == "Ben"


def test_the_card_values_and_the_rank():
    assert [skat.value(c) for c in ("AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S")] == [11, 10, 4, 3, 2, 0, 0, 0]
    assert sum(skat.value(r + s) for r in ("7 8 9 10 J Q K A".split()) for s in "SHDC") == 120
    assert sorted(["JH", "10H", "AH", "KH", "7H"], key=lambda c: skat.RULES.rank(c, "H")) == ["7H", "JH", "KH", "10H", "AH"]


def test_61_card_points_win_and_the_bid_is_paid_by_each_opponent():
    t = table(stake=2)
    soloist_ben(t)
    t.word("skat", "Ben", "7C", "8D")
    t.word("trump", "Ben", "H")
    out = tricks(t, OPENING + ["10D JD KD", "7H 8H 9H", "QS KS AH", "10H JH QH", "KH QD 10C", "KC QC JC"])
    assert skat.card_points(t.state.ext) == {"Ben": 61, "the others": 59}
    assert {e.player: e.points for e in out if isinstance(e, ev.Scored)} == {"Ben": 15, "Cy": 0, "Ann": 0}
    assert [t.stack(p) for p in ("Ann", "Ben", "Cy")] == [20, 110, 20] and t.state.hand.ended
    assert dict(skat.view(t.state))["hand 1"] == "Ann +0, Ben +15, Cy +0"


def test_60_card_points_lose():
    t = table()
    soloist_ben(t)
    t.word("trump", "Ben", "H")
    t.word("skat", "Ben", "7C", "8D")  # at any time: after naming trumps
    out = tricks(t, OPENING + ["10D JD QD", "7H 8H 9H", "QS KS AH", "10H JH QH", "KH KD 10C", "KC QC JC"])
    assert skat.card_points(t.state.ext) == {"Ben": 60, "the others": 60}
    assert [e.points for e in out if isinstance(e, ev.Scored) and e.player == "Ben"] == [-15]
    assert [t.stack(p) for p in ("Ann", "Ben", "Cy")] == [65, 20, 65]


def test_the_skat_taken_mid_hand_once_and_by_the_soloist_only():
    t = table()
    soloist_ben(t)
    t.word("trump", "Ben", "H")
    tricks(t, OPENING[:2])
    t.refused(skat.TakeSkat(player="Cy"), "only the soloist, Ben, takes the skat")
    t.refused(skat.TakeSkat(player="Ben", discard=("7C",)), "name the two cards discarded")
    t.word("skat", "Ben", "7C", "8D")
    assert len(t.state.seat("Ben").cards) == 8 and not t.state.hand.boards["skat"]
    t.refused(skat.TakeSkat(player="Ben"), "Ben has taken the skat already")
    t.refused(Play(player="Ben", cards=("7C",)), "already in the discards")


def test_following_suit_is_required():
    t = table()
    soloist_ben(t)
    t.word("trump", "Ben", "H")
    t(Play(player="Ben", cards=("AS",)))
    t(Play(player="Cy", cards=("7S",)))
    t(Play(player="Ann", cards=("8S",)))
    t(Reveal(player="Cy", cards=("10S", "KH")))
    t(Play(player="Ben", cards=("9S",)))
    t.refused(Play(player="Cy", cards=("KH",)), "Cy must follow spades: holds 10S")
    t.refused(Reveal(player="Cy", cards=("9S",)), "9S is already in the current trick")
    t(Play(player="Cy", cards=("10S",)))


def test_voids_go_newest_first_so_a_discard_never_stands_without_its_skat():
    """The fuzzer found it: voiding the skat's taking while its discard stood left Ben with two
    cards discarded from nothing; the skat taken again was recorded, and ``verify --rules``
    then called the honest log broken. Skat's corrections go from the newest event back."""
    t = table()
    soloist_ben(t)
    t.word("skat", "Ben", "7C", "8D")
    taken, discarded = t.log[-2][0], t.log[-1][0]
    assert [type(e) for _, e in t.log[-2:]] == [ev.CardsMoved, ev.CardsExchanged]
    t.refused(Void(target=taken, reason="misheard"), f"void seq {discarded} first: in Skat corrections go "
              f"from the newest event back (seq {discarded} came after seq {taken})")
    t(Void(target=discarded, reason="misheard"))
    t(Void(target=taken, reason="misheard"))  # newest first: both go, the skat is back on the table
    t.state = fold(t.log, state=TableState(session="t"))  # (as potlog refolds after a void)
    assert len(t.state.hand.boards["skat"]) == 2 and len(t.state.seat("Ben").cards) == 10
    t.word("skat", "Ben", "9C", "9D")  # taken again, and the log verifies (the Table checks each event)
    assert len(t.state.seat("Ben").cards) == 10 and not t.state.hand.boards["skat"]


def test_the_last_card_of_a_hand_can_be_taken_back():
    """A trust attack found it: the last card of every Skat hand could never be corrected,
    because the hand's end (recorded by the rules with the last card) was refused as a void
    ("stands with the hand's result"), so `potlog undo` and `amend` of that card were refused.
    Voided newest first, the card's act goes back whole: scores, payments and the trick."""
    t = table(stake=2)
    soloist_ben(t)
    t.word("skat", "Ben", "7C", "8D")
    t.word("trump", "Ben", "H")
    tricks(t, OPENING + ["10D JD KD", "7H 8H 9H", "QS KS AH", "10H JH QH", "KH QD 10C", "KC QC"])
    before = fold(t.log, state=TableState(session="t"))
    last = t(Play(player=t.to_act, cards=("JC",)))
    assert t.state.hand.ended and isinstance(last[-1], ev.HandEnded)
    first = t.log[-len(last)][0]
    for seq in range(t.log[-1][0], first - 1, -1):  # as `potlog undo` voids the act
        t(Void(target=seq, reason="misheard"))
        t.state = fold(t.log, state=TableState(session="t"))
    assert [t.stack(p) for p in ("Ann", "Ben", "Cy")] == [before.stack(p) for p in ("Ann", "Ben", "Cy")] == [50, 50, 50]
    assert not t.state.hand.ended and t.to_act == before.hand.to_act and t.state.scores == before.scores
    t(Play(player=t.to_act, cards=("JC",)))  # recorded again, and the log verifies
    assert t.state.hand.ended


def test_what_is_recorded_between_hands_can_be_voided():
    """The same defect between hands: a rebuy (or a note, a join) recorded after a hand was
    over stood "with the hand's result" and could never be undone."""
    from ledger.commands import Rebuy

    t = table()
    for p in ("Ben", "Cy", "Ann"):
        t.word("pass", p)  # thrown in: the hand is over
    rebuy = t(Rebuy(player="Ann", amount=2))
    assert t.stack("Ann") == 52
    t(Void(target=t.log[-len(rebuy)][0], reason="undo"))
    t.state = fold(t.log, state=TableState(session="t"))
    assert t.stack("Ann") == 50
