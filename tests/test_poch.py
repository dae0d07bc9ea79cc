"""Poch at the decider: the board dressed and paid, compartments carried forward, the vying,
the playing out in sequences and its payments."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.errors import PotlogError
from ledger.games.poch import BOARD
from ledger.games.poch.sequences import lowest_of_longest, next_card
from ledger.reducer import apply
from tests.table import Table
from ledger.commands import Bet, Call, Check, Close, Deal, Fold, Join, Leave, NewHand, Play, Raise, Reveal

NAMES = set(BOARD.names)


def game(dress: int = 1, **options: object) -> Table:
    t = Table("poch", options={"dress": dress, **options}, verify=True, Ann=40, Ben=40, Cy=40)
    t(NewHand())
    return t


def dealt(t: Table, trump: str, **hands: str) -> Table:
    for p in t.state.ext.order:
        if p in hands:
            t(Deal(to=p, cards=tuple(hands[p].split())))
        else:
            t(Deal(to=p, count=5))
    t(Deal(to="trump", cards=(trump,), face_up=True))
    return t


def board(t: Table) -> dict[str, int]:
    return {c[4:]: t.state.balance(c) for c in BOARD.accounts if t.state.balance(c)}


def awards(t: Table) -> list[tuple[str, str, int]]:
    return [(e.pot[4:], s.player, s.amount) for _, e in t.log if isinstance(e, ev.PotAwarded) for s in e.shares]


def play(t: Table, *moves: str) -> None:
    for m in moves:
        who, card = m.split()
        t(Play(player=who, cards=(card,)))


KNOWN = dict(Ben="AH KH QH 9S 9D", Cy="7H 8H 9H 7C 7D", Ann="JS JD 10S AS 8S")


def test_everyone_dresses_the_first_seven_compartments():
    t = game(dress=2)
    assert board(t) == {c: 6 for c in NAMES - {"poch"}} and t.stack("Ann") == 26
    assert t.state.ext.order == ["Ben", "Cy", "Ann"]


def test_the_trumps_and_combinations_take_their_compartments_the_rest_is_carried():
    t = dealt(game(), "10H", **KNOWN)                      # the ten is turned, the jack of hearts not dealt
    assert awards(t) == [("ace", "Ben", 3), ("king", "Ben", 3), ("queen", "Ben", 3), ("marriage", "Ben", 3),
                         ("sequence", "Cy", 3)]
    assert board(t) == {"jack": 3, "ten": 3} and t.state.ext.phase == "vie"


def test_unseen_hands_claim_by_showing_and_a_compartment_not_shown_waits():
    t = dealt(game(), "8C")
    t.refused(Bet(player="Ben", amount=1), "the board is paid first")
    t(Reveal(player="Cy", cards=("AC", "10C")))
    t.word("board")
    assert awards(t) == [("ace", "Cy", 3), ("ten", "Cy", 3)]
    assert board(t) == {"king": 3, "queen": 3, "jack": 3, "marriage": 3, "sequence": 3}
    for p in ("Ben", "Cy", "Ann"):
        t(Check(player=p))
    assert t.state.ext.phase == "play" and t.to_act == "Ben"     # nobody vied: eldest leads


def test_compartments_carried_forward_are_won_in_a_later_deal():
    t = dealt(game(), "10H", **KNOWN)
    for p in ("Ben", "Cy", "Ann"):
        t(Check(player=p))
    t.refused(Play(player="Ben", cards=("9S",)), "Ben leads the lowest card of their longest suit: QH, not 9S")
    play(t, "Ben QH", "Ben KH", "Ben AH", "Ben 9S", "Ann 10S", "Ann JS")
    t.refused(Play(player="Ben", cards=("9D",)), "the sequence calls for QS")
    play(t, "Ann JD", "Ann AS", "Ann 8S")                      # QS and QD were never dealt: Ann begins again
    assert t.state.hand.ended
    paid = [(e.from_account, e.amount) for _, e in t.log if isinstance(e, ev.Transfer) and "is out" in e.reason]
    assert paid == [("seat:Ben", 1), ("seat:Cy", 5)]          # a chip for each card left
    t(NewHand())
    assert board(t) == {c: 3 for c in NAMES - {"poch"}} | {"jack": 6, "ten": 6}
    dealt(t, "9C", Cy="JC 10C 8D 8H KS", Ann="AD KD QD 7S 7D", Ben="AH KH QH 9H 8S")
    assert ("jack", "Cy", 6) in awards(t) and ("ten", "Cy", 6) in awards(t)


def test_the_vying_goes_to_the_best_combination_and_its_winner_leads():
    t = dealt(game(), "10H", **KNOWN)
    t(Bet(player="Ben", amount=2))
    t.refused(Raise(player="Cy", amount=1), "only the opener (Ben) raises in the vying")
    t(Call(player="Cy"))
    t(Call(player="Ann"))
    assert t.to_act == "Ben"                                     # the opener's turn comes back
    t.refused(Call(player="Ben"), "Ben, the opener, raises once more or stands")
    t(Raise(player="Ben", amount=1))
    t(Call(player="Cy"))
    t(Fold(player="Ann"))
    assert awards(t)[-1] == ("poch", "Cy", 8) and t.state.balance("pot:poch") == 0
    assert t.state.ext.phase == "play" and t.to_act == "Cy"
    play(t, "Cy 7H", "Cy 8H", "Cy 9H", "Cy 7C", "Cy 7D")       # 10H is the trump, 8C never dealt
    assert t.state.hand.ended and t.stack("Ann") == 33 - 2 - 5 and t.stack("Ben") == 33 + 12 - 3 - 5


def test_the_opener_may_stand_and_equal_hands_go_to_the_elder():
    t = dealt(game(), "7S", Ben="AH KD 9S 8C 10D", Cy="AD KH 9C 8D 10H", Ann="JS QD QC 7C 10S")
    t(Bet(player="Ben", amount=1))
    t(Call(player="Cy"))
    t(Fold(player="Ann"))
    t(Check(player="Ben"))
    assert awards(t)[-1] == ("poch", "Ben", 2)                  # ace high both: Ben is nearer the dealer's left
    assert t.to_act == "Ben"
    play(t, "Ben 10D", "Ben 9S", "Ann 10S", "Ann JS", "Ann 7C")  # Ann dropped out of the vying but plays
    t.refused(Play(player="Ann", cards=("QD",)), "Ben holds 8C: the sequence goes on")


def test_everyone_else_dropping_out_gives_the_opener_the_poch():
    t = dealt(game(), "10H", **KNOWN)
    t(Check(player="Ben"))
    t(Bet(player="Cy", amount=3))
    t(Fold(player="Ann"))
    t(Fold(player="Ben"))
    assert awards(t)[-1] == ("poch", "Cy", 3) and t.to_act == "Cy"


def test_unseen_vying_hands_are_named_at_the_showdown():
    t = dealt(game(), "8C")
    t.word("board")
    t(Bet(player="Ben", amount=1))
    t(Call(player="Cy"))
    t(Fold(player="Ann"))
    t(Check(player="Ben"))
    assert t.state.ext.phase == "showdown"
    t(Reveal(player="Ben", cards=("AH", "AD", "9S", "8D", "7H")))
    t(Reveal(player="Cy", cards=("KH", "KD", "KS", "8H", "7S")))
    assert awards(t)[-1] == ("poch", "Cy", 2)


def test_some_circles_pay_a_chip_for_each_new_sequence():
    t = dealt(game(circles=True), "10H", **KNOWN)
    for p in ("Ben", "Cy", "Ann"):
        t(Check(player=p))
    play(t, "Ben QH", "Ben KH", "Ben AH")
    assert not [e for _, e in t.log if isinstance(e, ev.Transfer) and "new sequence" in e.reason]
    play(t, "Ben 9S")                                          # after the ace Ben begins again: a chip from each
    chips = [(e.from_account, e.to_account, e.amount) for _, e in t.log if isinstance(e, ev.Transfer)][-2:]
    assert chips == [("seat:Cy", "seat:Ben", 1), ("seat:Ann", "seat:Ben", 1)]
    assert next_card("AS") is None and next_card("9D") == "10D"


def test_refusals_say_what_is_wrong():
    t = Table("poch", verify=True, Ann=40, Ben=40, Cy=40, Dee=40)
    t.refused(Join(player="Eve", amount=40), "the table is full: Poch (Pochen, Glic) with the french32 pack is played by 2 to 4 players")
    t = Table("poch", verify=True, options={"pack": "french52"}, Ann=40, Ben=40, Cy=40, Dee=40)
    t.refused(NewHand(), "4 players play with 32 cards, not this session's french52")
    t = Table("poch", verify=True, Ann=40, Ben=40, Cy=5)
    t.refused(NewHand(), "Cy cannot dress the board (7 chips)")
    t = game()
    t.refused(Play(player="Ben", cards=("AH",)), "the cards are played out in part three")
    t.refused(Deal(to="trump", cards=("8H",)), "turn one card face up, named: potlog deal trump 8H --up")
    dealt(t, "10H", **KNOWN)
    t.refused(Deal(to="Ben", count=1), "the cards are dealt")
    t.refused(Call(player="Ben"), "Ben has nothing to call")
    t.refused(Bet(player="Cy", amount=1), "Cy cannot bet now: it is Ben's turn")


def test_at_the_close_the_board_is_shared_out():
    t = dealt(game(), "10H", **KNOWN)
    for p in ("Ben", "Cy", "Ann"):
        t(Check(player=p))
    t.refused(Close(), "finish the deal before closing")
    play(t, "Ben QH", "Ben KH", "Ben AH", "Ben 9S", "Ann 10S", "Ann JS", "Ann JD", "Ann AS", "Ann 8S")
    t(Close())
    shared = [(e.pot, [(s.player, s.amount) for s in e.shares]) for _, e in t.log if isinstance(e, ev.PotAwarded)][-2:]
    each = [("Ben", 1), ("Cy", 1), ("Ann", 1)]
    assert shared == [("pot:jack", each), ("pot:ten", each)]
    assert t.state.closed and not board(t)


def test_verify_rules_refuses_a_forged_board_or_poch():
    t = game()
    for p in t.state.ext.order:
        t(Deal(to=p, cards=tuple(KNOWN[p].split())))
    before = t.state.clone()
    apply(before, before.seq + 1, ev.CardsDealt(to="trump", cards=["10H"], face_up=True))
    with pytest.raises(PotlogError):                              # the ace of trumps is Ben's, not Cy's
        t.rules.check_event(before, ev.PotAwarded(pot="pot:ace", shares=[ev.Share(player="Cy", amount=3)]))
    with pytest.raises(PotlogError):                              # the jack's compartment is carried, not paid
        t.rules.check_event(before, ev.PotAwarded(pot="pot:jack", shares=[ev.Share(player="Ann", amount=3)]))


def test_the_sequence_helpers():
    assert lowest_of_longest(["AH", "KH", "QH", "9S", "9D"]) == ["QH"]
    assert sorted(lowest_of_longest(["7S", "8S", "9D", "10D", "AC"])) == ["7S", "9D"]
    assert next_card("10C") == "JC" and next_card("KD") == "AD" and next_card("AD") is None


def test_a_player_short_of_the_cards_left_pays_what_they_have():
    t = Table("poch", verify=True, Ann=9, Ben=40, Cy=40)
    t(NewHand())
    dealt(t, "10H", **KNOWN)
    t(Bet(player="Ben", amount=1))
    t(Call(player="Cy"))
    t(Fold(player="Ann"))
    t(Check(player="Ben"))
    play(t, "Cy 7H", "Cy 8H", "Cy 9H", "Cy 7C", "Cy 7D")
    paid = [(e.from_account, e.amount) for _, e in t.log if isinstance(e, ev.Transfer) and "is out" in e.reason]
    assert paid == [("seat:Ben", 5), ("seat:Ann", 2)] and t.stack("Ann") == 0 and t.state.hand.ended


def test_the_board_is_not_closed_with_nobody_seated_to_share_it():
    t = dealt(game(), "10H", **KNOWN)
    for p in ("Ben", "Cy", "Ann"):
        t(Check(player=p))
    play(t, "Ben QH", "Ben KH", "Ben AH", "Ben 9S", "Ann 10S", "Ann JS", "Ann JD", "Ann AS", "Ann 8S")
    for p in ("Ann", "Ben", "Cy"):
        t(Leave(player=p))
    t.refused(Close(), "nobody is seated to share out the board (jack 3, ten 3): seat a player (potlog join NAME 0)")
    t(Join(player="Cy", amount=0))
    t(Close())
    assert awards(t)[-2:] == [("jack", "Cy", 3), ("ten", "Cy", 3)] and t.state.closed and not board(t)
