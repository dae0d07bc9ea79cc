"""Bouillotte at the decider: the ante, straddles, the carried pot, the open, the showdown, the brelans."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.errors import PotlogError
from ledger.kit.turns import counterclockwise, seat_right_of
from ledger.reducer import apply
from tests.table import Table
from ledger.commands import AllIn, Call, Check, Deal, Declare, Fold, Join, NewHand, Raise, Reveal

P = ("Ann", "Ben", "Cy", "Dee")


def game(ante: int = 1, **options: object) -> Table:
    t = Table("bouillotte", options={"ante": ante, **options}, verify=True, **{p: 30 for p in P})
    t(NewHand())
    return t


def dealt(t: Table, turn: str = "KD", **hands: str) -> Table:
    for p in t.state.ext.order:
        if p in hands:
            t(Deal(to=p, cards=tuple(hands[p].split())))
        else:
            t(Deal(to=p, count=3))
    t(Deal(to="board", cards=(turn,), face_up=True))
    return t


def stacks(t: Table) -> dict[str, int]:
    return {p: t.stack(p) for p in P}


def test_the_dealer_antes_and_play_goes_to_the_right():
    t = dealt(game(ante=2))
    assert t.state.ext.order == ["Dee", "Cy", "Ben", "Ann"]          # Ann deals: Dee, on her right, is eldest
    assert t.state.balance("pot") == 2 and t.stack("Ann") == 28 and t.to_act == "Dee"


def test_each_straddle_matches_the_last_stake_plus_one():
    t = dealt(game(ante=2))
    t.word("straddle", "Dee")
    t.word("straddle", "Cy")
    assert (t.stack("Dee"), t.stack("Cy"), t.to_act) == (27, 26, "Ben")
    t(Fold(player="Ben"))
    t.word("straddle", "Ann")                                         # the dealer: 2 in, makes it 5
    assert t.stack("Ann") == 25 and t.state.ext.phase == "force" and t.to_act == "Dee"
    t.refused(Declare(player="Dee", name="straddle"), "Dee cannot straddle now: the straddles are over: open or fold")
    t.refused(Call(player="Dee"), "Dee must open")
    t(Fold(player="Dee"))
    assert t.to_act == "Cy"                                          # the next in turn has the same option
    t(Fold(player="Cy"))
    assert t.state.hand.ended and t.stack("Ann") == 25 + 5 + 3 + 4    # the last straddler takes the pot


def test_a_straddle_followed_by_three_passes_wins_the_pot():
    t = dealt(game())
    t.word("straddle", "Dee")
    for p in ("Cy", "Ben", "Ann"):
        t(Fold(player=p))
    assert t.state.hand.ended and t.stack("Dee") == 31 and t.stack("Ann") == 29


def test_all_pass_the_pot_is_carried_and_the_same_dealer_deals_again():
    t = dealt(game())
    for p in ("Dee", "Cy", "Ben"):
        t(Fold(player=p))
    assert t.state.hand.ended and t.state.balance("carry") == 1
    t.refused(NewHand(dealer="Dee"), "Ann deals hand 2, not Dee: everyone passed")
    t(NewHand())
    assert t.state.hand.dealer == "Ann" and t.state.balance("pot") == 2 and t.stack("Ann") == 28
    t = dealt(t)
    t.word("straddle", "Dee")
    for p in ("Cy", "Ben", "Ann"):
        t(Fold(player=p))
    t(NewHand())
    assert t.state.hand.dealer == "Dee"                              # the deal passes to the right


def test_open_call_raise_and_a_call_between_two_forces_the_showdown():
    t = dealt(game(), Dee="AS AH AC", Ben="KS QH 9C", Ann="QS QC 8H", Cy="9S 9H 8D")
    t.word("straddle", "Dee")                                        # 2
    t.word("open", "Cy", "3")                                        # 5
    assert t.state.ext.phase == "bet" and t.to_act == "Ben"
    t(Call(player="Ben"))
    t(Raise(player="Ann", amount=2))                               # 7: the bets go round again
    assert t.to_act == "Dee"
    t(Call(player="Dee"))
    t(Fold(player="Cy"))
    t(Fold(player="Ben"))
    assert t.state.hand.ended
    pot = 7 + 5 + 5 + 7
    # Dee's brelan of aces takes the pot and a chip from each opponent
    assert stacks(t) == {"Ann": 23 - 1, "Ben": 25 - 1, "Cy": 25 - 1, "Dee": 23 + pot + 3}


def test_brelan_carre_beats_a_higher_brelan_and_is_paid_two():
    t = dealt(game(), turn="9D", Dee="AS AH AC", Cy="9S 9H 9C", Ben="KS QH 8C", Ann="QS QC 8H")
    t.word("open", "Dee", "1")
    t(Call(player="Cy"))
    t(Fold(player="Ben"))
    t(Fold(player="Ann"))
    payments = [e for _, e in t.log if isinstance(e, ev.Transfer)]
    assert [(e.from_account, e.to_account, e.amount) for e in payments] == [
        ("seat:Cy", "seat:Dee", 1), ("seat:Ben", "seat:Dee", 1), ("seat:Ann", "seat:Dee", 1),
        ("seat:Dee", "seat:Cy", 2), ("seat:Ben", "seat:Cy", 2), ("seat:Ann", "seat:Cy", 2)]
    assert stacks(t) == {"Ann": 29 - 3, "Ben": 30 - 3, "Cy": 28 + 5 - 1 + 6, "Dee": 28 - 2 + 3}


def test_without_a_brelan_the_highest_card_wins_and_equal_hands_split():
    t = dealt(game(), Dee="AS KH 8C", Cy="AH QS 9C", Ben="AD KS 8H", Ann="QD 9S 8D")
    t.word("open", "Dee", "2")
    t(Call(player="Cy"))
    t(Call(player="Ben"))
    t(Fold(player="Ann"))
    awards = [e for _, e in t.log if isinstance(e, ev.PotAwarded)]
    assert [(s.player, s.amount) for s in awards[0].shares] == [("Dee", 5), ("Ben", 5)]
    assert not [e for _, e in t.log if isinstance(e, ev.Transfer)]


def test_unseen_hands_are_named_at_the_showdown():
    t = dealt(game())
    t.word("open", "Dee", "1")
    t(Call(player="Cy"))
    t(Fold(player="Ben"))
    t(Fold(player="Ann"))
    assert t.state.ext.phase == "showdown" and not t.state.hand.ended
    t.refused(Reveal(player="Dee", cards=("10S", "AH", "AC")), "not in the Bouillotte pack")
    t(Reveal(player="Dee", cards=("AS", "AH", "KC")))
    t(Reveal(player="Cy", cards=("QS", "QH", "QC")))
    assert t.state.hand.ended and t.stack("Cy") > 30


def test_refusals_say_what_is_wrong():
    t = game()
    t.refused(Declare(player="Dee", name="straddle"), "cannot straddle now: the cards are being dealt")
    t.refused(Deal(to="Dee", cards=("JS", "AH", "AC")), "not in the Bouillotte pack")
    dealt(t)
    t.refused(Deal(to="board", cards=("9S",), face_up=True), "the cards are dealt")
    t2 = game()
    t2(Deal(to="board", cards=("9S",), face_up=True))
    t2.refused(Deal(to="board", cards=("8S",), face_up=True), "the board card is turned already: 9S")
    t.refused(Declare(player="Cy", name="straddle"), "Cy cannot straddle now: it is Dee's turn")
    t.refused(Call(player="Dee"), "Dee may fold, straddle or open")
    t.refused(Check(player="Dee"), "Dee may fold, straddle or open")
    t.word("open", "Dee", "2")
    t.refused(Declare(player="Cy", name="straddle"), "Cy cannot straddle now")
    t.refused(Check(player="Cy"), "nobody checks")
    t.refused(Call(player="Ben"), "it is Cy's turn, not Ben's (the turn goes to the right)")


def test_the_table_is_four_players_with_caves():
    t = Table("bouillotte", verify=True, Ann=30, Ben=30, Cy=30)
    t.refused(NewHand(), "four players with chips, not 3")
    t.refused(Join(player="Dee", amount=20), "a cave of 30 chips, not 20")
    t(Join(player="Dee", amount=30))
    t(NewHand())
    assert t.state.hand.dealer == "Ann"


def test_a_player_short_of_a_brelan_payment_pays_what_they_have():
    t = Table("bouillotte", verify=True, Ann=30, Ben=30, Cy=30, Dee=30)
    t(NewHand())
    dealt(t, turn="8D", Dee="AS AH AC", Cy="KS QH 9C", Ben="KD QD 8C", Ann="QS 9S 8H")
    t(AllIn(player="Dee"))
    t(AllIn(player="Cy"))
    t(Fold(player="Ben"))
    t(Fold(player="Ann"))
    assert t.stack("Cy") == 0 and t.stack("Dee") == 61 + 1 + 1           # Cy, all-in and lost, pays nothing


def test_verify_rules_refuses_a_forged_payment():
    t = dealt(game(), turn="8D", Dee="AS AH AC", Cy="KS QH 9C", Ben="KD QD 8C", Ann="QS 9S 8H")
    t.word("open", "Dee", "1")
    t(Call(player="Cy"))
    t(Fold(player="Ben"))
    before = t.state.clone()
    apply(before, before.seq + 1, ev.Fold(player="Ann"))        # the showdown is due: Dee's brelan wins
    forged = ev.PotAwarded(shares=[ev.Share(player="Cy", amount=5)], reason="Cy wins")
    with pytest.raises(PotlogError):
        t.rules.check_event(before, forged)
    with pytest.raises(PotlogError):
        t.rules.check_event(before, ev.Transfer(from_account="seat:Ann", to_account="seat:Dee", amount=1))


def test_the_turn_to_the_right():
    t = game()
    assert counterclockwise(t.state, "Ann") == ["Dee", "Cy", "Ben", "Ann"]
    assert counterclockwise(t.state, "Cy", after=False) == ["Cy", "Ben", "Ann", "Dee"]
    assert seat_right_of(t.state, "Ann") == "Dee" and seat_right_of(t.state, "Ben") == "Ann"
