"""Whist at the decider: the deal and the turned trump, following suit, teams sharing tricks,
odd tricks from the seventh, the stake settled pairwise, the score sheet, the tarot pack."""

from __future__ import annotations

import pytest
from table import Table

from ledger import events as ev
from ledger.commands import NewHand, Play, Reveal
from ledger.games import skat, whist
from ledger.kit.tricks import hand as th
from ledger.kit.tricks.commands import TurnTrump

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def table(trump: str = "2S", **options: object) -> Table:
    t = Table("whist", options=dict(options), verify=True, Ann=50, Ben=50, Cy=50, Dan=50)
    t(NewHand())  # Ann deals: Ben leads
    t.word("trump", trump)  # the dealer's last card
    return t


def play_hand(t: Table, winners: list[str]) -> list[ev.Event]:
    """Thirteen tricks, each of one rank: the winner plays the spade (trumps), the others the other
    suits (Ann, the dealer, holds the turned 2S: she takes the first trick)."""
    out: list[ev.Event] = []
    for rank, winner in zip(RANKS, winners):
        others = iter("HDC")
        for _ in range(4):
            who = t.to_act
            out += t(Play(player=who, cards=(rank + ("S" if who == winner else next(others)),)))
    return out


def test_the_deal_the_turned_trump_and_the_lead():
    t = table()
    x = t.state.ext
    assert [len(s.cards) for s in t.state.seats] == [13, 13, 13, 13]
    assert x.trump == "S" and t.to_act == "Ben"
    assert [h.card for h in t.state.seat("Ann").cards if h.up] == ["2S"]  # stays in the dealer's hand
    assert x.teams == {"Ann": "team 1", "Ben": "team 2", "Cy": "team 1", "Dan": "team 2"}
    t.refused(TurnTrump(cards=("8S",)), "turned already")


def test_a_command_is_taken_by_its_class_not_its_word():
    """Skat's ``trump`` (the soloist names a suit) is another class than Whist's (the card turned):
    Whist refuses it, whatever its word, and its own word builds its own class."""
    t = Table("whist", Ann=50, Ben=50, Cy=50, Dan=50)
    t(NewHand())
    t.refused(skat.NameTrump(player="Ann", value="H"), "Whist has no 'trump'")
    assert isinstance(whist.TRUMP.command({"card": "2S"}) if whist.TRUMP.command else None, TurnTrump)
    t.word("trump", "2S")
    assert t.state.ext.trump == "S"


def test_no_play_before_the_trump_is_turned():
    t = Table("whist", Ann=50, Ben=50, Cy=50, Dan=50)
    t(NewHand())
    t.refused(Play(player="Ben", cards=("KH",)), "turn the trump first")
    assert whist.legal(t.state)[0].verbs == ("trump",)


def test_following_suit_and_turns_are_enforced():
    t = table("7S")
    t.refused(Play(player="Cy", cards=("KH",)), "it is Ben's turn to play, not Cy's")
    t(Play(player="Ben", cards=("KS",)))
    t(Play(player="Cy", cards=("2S",)))
    t(Play(player="Dan", cards=("3S",)))
    t.refused(Play(player="Ann", cards=("AH",)), "Ann must follow spades: holds 7S")
    t.refused(Play(player="Ann", cards=("KS",)), "is already in the current trick")
    t(Play(player="Ann", cards=("7S",)))
    assert t.state.ext.taken == {"team 2": 1} and t.to_act == "Ben"  # (Ben's king of trumps)
    assert th.may_play(t.state, t.state.ext, whist.RULES, "Ben").startswith("Ben may play no known card")


def test_odd_tricks_from_the_seventh_shared_by_the_team_and_paid_pairwise():
    t = table(stake=2)
    winners = ["Ann", "Cy", "Ann", "Cy", "Cy", "Ann", "Ann", "Cy", "Ben", "Dan", "Ben", "Dan", "Ben"]
    events = play_hand(t, winners)
    assert t.state.ext.taken == {"team 1": 8, "team 2": 5}
    assert {e.player: e.points for e in events if isinstance(e, ev.Scored)} == {"Ben": 0, "Cy": 2, "Dan": 0, "Ann": 2}
    pays = [(e.from_account, e.to_account, e.amount) for e in events if isinstance(e, ev.Transfer)]
    assert pays == [("seat:Ben", "seat:Ann", 8), ("seat:Dan", "seat:Cy", 8)]
    assert t.state.hand.ended and [t.stack(p) for p in ("Ann", "Ben", "Cy", "Dan")] == [58, 42, 58, 42]
    lines = dict(whist.view(t.state))
    assert lines["hand 1"] == "Ann +2, Ben +0, Cy +2, Dan +0" and lines["total"] == "Ann +2, Ben +0, Cy +2, Dan +0"


def test_six_tricks_score_nothing():
    t = table()
    events = play_hand(t, ["Ann", "Cy", "Cy", "Ann", "Cy", "Ann", "Ben", "Dan", "Ann", "Ben", "Dan", "Ben", "Dan"])
    assert t.state.ext.taken == {"team 1": 7, "team 2": 6}
    assert sorted(e.points for e in events if isinstance(e, ev.Scored)) == [0, 0, 1, 1]
    t2 = table()
    events = play_hand(t2, ["Ann", "Cy", "Cy", "Ann", "Cy", "Dan", "Ben", "Dan", "Ann", "Ben", "Dan", "Ben", "Ben"])
    assert t2.state.ext.taken == {"team 1": 6, "team 2": 7}
    assert not [e for e in events if isinstance(e, ev.Scored) and e.player in ("Ann", "Cy") and e.points]


def test_the_sheet_over_several_hands_and_the_game_over():
    t = table(hands=2, stake=0)
    play_hand(t, ["Ann", "Cy"] * 4 + ["Ann", "Ben", "Dan", "Ben", "Dan"])
    t(NewHand())  # Ben deals now: Cy leads
    assert t.state.hand.dealer == "Ben"
    t.word("trump", "7H")
    assert t.to_act == "Cy"
    lines = dict(whist.view(t.state))
    assert lines["hand 1"] == "Ann +3, Ben +0, Cy +3, Dan +0"
    assert not [e for e in t.log if isinstance(e[1], ev.Transfer)]  # stake 0: points only


def test_teams_must_divide_and_none_is_everyone_alone():
    t = Table("whist", options={"teams": 2}, Ann=9, Ben=9, Cy=9, Dan=9, Eve=9)
    t.refused(NewHand(), "5 players do not divide into 2 teams")
    t = Table("whist", options={"teams": 0}, verify=True, Ann=9, Ben=9, Cy=9, Dan=9, Eve=9)
    t(NewHand())
    assert t.state.ext.teams == {} and t.state.ext.size == 10
    assert [len(s.cards) for s in t.state.seats] == [10] * 5


def test_the_tarot_pack_trumps_with_the_atouts_and_the_excuse():
    t = Table("whist", options={"pack": "tarot78"}, verify=True, Ann=9, Ben=9, Cy=9, Dan=9)
    t(NewHand())
    assert t.state.ext.trump == "T" and t.state.ext.size == 19 and t.to_act == "Ben"
    t.refused(TurnTrump(cards=("7S",)), "atouts are trumps")
    t(Play(player="Ben", cards=("KH",)))
    t(Play(player="Cy", cards=("EX",)))
    t(Play(player="Dan", cards=("T1",)))
    t(Play(player="Ann", cards=("CH",)))
    x = t.state.ext
    assert x.taken == {"team 2": 1} and x.won["team 1"] == ["EX"] and x.excused == [["Cy", "Dan"]]


@pytest.mark.parametrize("card", ["ZZ", "??"])
def test_a_card_not_in_the_pack_is_refused_in_one_line(card):
    t = table()
    assert "\n" not in t.refused(Play(player="Ben", cards=(card,)), "")


def test_cards_shown_are_known_and_what_may_be_played_says_so():
    t = table()
    t(Reveal(player="Cy", cards=("QH", "3C")))
    t.refused(Reveal(player="Dan", cards=("3C",)), "3C is already in Cy's hand")
    t(Play(player="Ben", cards=("KH",)))
    assert th.may_play(t.state, t.state.ext, whist.RULES, "Cy") == "Cy may play QH or an unseen card (to hearts led)"
    t.refused(Play(player="Cy", cards=("3C",)), "Cy must follow hearts: holds QH")
    t(Play(player="Cy", cards=("QH",)))


def test_the_trump_recorded_as_the_dealers_card_shown_verifies():
    t = Table("whist", verify=True, Ann=50, Ben=50, Cy=50, Dan=50)
    t(NewHand())
    t(Reveal(player="Ann", cards=("9C",)))  # the dealer's one card, before the trump: the trump card
    assert t.state.ext.trump == "C" and t.to_act == "Ben"
