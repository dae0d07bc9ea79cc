"""Seven-card stud and razz at the decider: the up/down deal, the bring-in, who opens later streets,
fixed-limit sizes and caps, hi-lo split, the run-out and the community card."""

from __future__ import annotations

from ledger import events as ev
from tests.table import Table, awards
from ledger.commands import AllIn, Bet, Call, Check, Deal, Fold, NewHand, Raise, Reveal

STAKES = {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}


def stud(options: dict | None = None, game: str = "stud", **players: int) -> Table:
    t = Table(game, options={**STAKES, **(options or {})}, verify=True,
              **(players or {"Ann": 100, "Ben": 100, "Cy": 100}))
    t(NewHand())
    return t


def dealt(t: Table, *hands: tuple[str, ...]) -> None:
    for name, cards in zip(("Ann", "Ben", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"), hands):
        t(Deal(to=name, cards=cards))


def street(t: Table, *cards: str) -> None:
    for name, card in zip(("Ann", "Ben", "Cy", "Dee"), cards):
        if t.state.seat(name) is not None and not t.state.seat(name).folded:
            t(Deal(to=name, cards=(card,)))


def test_third_street_is_two_down_one_up_and_the_antes_go_in():
    t = stud()
    assert t.state.balance("pot") == 3 and t.state.ext.phase == "deal"
    got = t(Deal(to="Ann", cards=("AS", "KD", "3C")))
    assert [(e.cards, e.face_up) for e in got] == [(["AS", "KD"], False), (["3C"], True)]
    got = t(Deal(to="Ben", cards=("??", "??")))                # part of the street: the two down cards
    assert [(e.cards, e.face_up) for e in got] == [(["??", "??"], False)]
    got = t(Deal(to="Ben", cards=("??",)))                      # an up card the record does not name
    assert [(e.cards, e.face_up) for e in got] == [(["??"], True)]
    t.refused(Deal(to="Ben", cards=("9C",)), "3 hole cards each (0 more at most)")
    got = t(Deal(to="all"))
    assert [(e.to, e.cards, e.face_up) for e in got] == [("Cy", ["??", "??"], False), ("Cy", ["??"], True)]


def test_the_lowest_up_card_brings_in_ties_by_suit_and_a_call_around_ends_the_round():
    t = stud()
    dealt(t, ("AS", "KD", "3D"), ("2S", "2D", "9C"), ("QH", "QD", "3C"))
    assert t.to_act == "Cy"                                      # 3C below 3D: clubs are the lowest suit
    t.refused(Bet(player="Ann", amount=4), "Cy acts first: the bring-in (the lowest up card, 3C)")
    t.refused(Check(player="Cy"), "Cy brings in 2 (potlog bringin Cy) or completes to 4")
    t.refused(Fold(player="Cy"), "Cy brings in 2")
    t.word("bringin", "Cy")
    assert t.state.seat("Cy").round_bet == 2 and t.to_act == "Ann"
    t(Call(player="Ann")), t(Call(player="Ben"))
    assert t.state.hand.round == 1 and t.state.ext.phase == "deal"  # no option for the bring-in
    assert t.state.balance("pot") == 3 + 6


def test_completing_then_a_bet_and_three_raises_is_the_cap():
    t = stud(Dee=200, Ann=200, Ben=200, Cy=200)
    dealt(t, ("AS", "KD", "8D"), ("2S", "2D", "9C"), ("QH", "QD", "3C"), ("4H", "4D", "7S"))
    t(Bet(player="Cy", amount=2))                             # the bring-in, said as a bet of its size
    t.refused(Raise(player="Dee", amount=4), "raises by 2 at this limit, not 4")
    t(Raise(player="Dee", amount=2))                          # completes to the small bet
    t(Raise(player="Ann", amount=4)), t(Raise(player="Ben", amount=4)), t(Raise(player="Cy", amount=4))
    t.refused(Raise(player="Dee", amount=4), "this round allows 4 raise(s)")
    t(Call(player="Dee")), t(Call(player="Ann")), t(Call(player="Ben"))
    assert t.state.hand.round == 1 and all(t.state.seat(p).hand_bet == 1 + 16 for p in ("Ann", "Ben", "Cy", "Dee"))


def test_the_bring_in_player_may_complete_and_later_streets_open_with_the_best_hand_showing():
    t = stud()
    dealt(t, ("AS", "KD", "8D"), ("2S", "2D", "9C"), ("QH", "QD", "3C"))
    t(Bet(player="Cy", amount=4))                             # completes instead of bringing in
    t(Call(player="Ann")), t(Call(player="Ben"))
    street(t, "8C", "KC", "AD")                                 # Ann shows a pair of eights
    assert t.to_act == "Ann"
    t(Check(player="Ann")), t(Check(player="Ben")), t(Check(player="Cy"))
    street(t, "2C", "JC", "AH")                                 # Cy's pair of aces beats the eights
    assert t.to_act == "Cy"
    t.refused(Bet(player="Cy", amount=4), "bets 8 at this limit, not 4")  # the big bet from fifth street
    t(Bet(player="Cy", amount=8))


def test_equal_hands_showing_open_from_the_button_s_left():
    t = stud(Ann=100, Ben=100, Cy=100, Dee=100)                 # Ann deals: Ben is first from her left
    dealt(t, ("2C", "2D", "9S"), ("3C", "3D", "KS"), ("4C", "4D", "KH"), ("5C", "5D", "6S"))
    t.word("bringin", "Dee")
    for p in ("Ann", "Ben", "Cy"):
        t(Call(player=p))
    street(t, "2H", "QS", "QH", "7D")                           # Ben and Cy both show K-Q
    assert t.to_act == "Ben"


def test_razz_the_highest_card_brings_in_and_the_best_low_showing_opens():
    t = stud(game="razz")
    dealt(t, ("AS", "2D", "KD"), ("3S", "4D", "KS"), ("5H", "6D", "2C"))
    assert t.to_act == "Ben"                                    # two kings: spades is the higher suit
    t.word("bringin", "Ben")
    t(Call(player="Cy")), t(Call(player="Ann"))
    street(t, "4C", "AC", "7D")                                 # Cy 7-2 is the best low showing
    assert t.to_act == "Cy"
    street_b = t.rules.legal(t.state)[0]
    assert street_b.player == "Cy" and "bet" in street_b.verbs


def test_hi_lo_halves_the_pot_with_a_qualifying_low_and_the_odd_chip_goes_high():
    t = stud({"split": "hi-lo", "ante": 1, "bring_in": 1}, Ann=50, Ben=50, Cy=50)
    dealt(t, ("KS", "KD", "KC"), ("AH", "2H", "3D"), ("9C", "9D", "10S"))
    t.word("bringin", "Ben")                                    # 3D is the lowest up card
    t(Call(player="Cy")), t(Raise(player="Ann", amount=3))  # Ann completes to 4
    t(Call(player="Ben")), t(Call(player="Cy"))             # the pot: 3 + 12 = 15, odd
    for cards in (("QS", "4C", "JD"), ("7S", "6C", "JH"), ("8D", "9H", "2S"), ("6S", "10H", "3S")):
        street(t, *cards)
        while t.state.ext.phase == "bet":
            t(Check(player=t.to_act))
    t(Fold(player="Cy"))
    t(Reveal(player="Ann"))
    done = t(Reveal(player="Ben"))
    assert awards(done) == [("the pot, high half: Ann wins with three of a kind, kings", [("Ann", 8)]),
                            ("the pot, low half: Ben wins with six-four low", [("Ben", 7)])]
    t(NewHand())
    t.refused(Bet(player="Ben", amount=4), "everyone has 3 cards")


def test_hi_lo_without_a_qualifying_low_the_high_hand_takes_all_and_odd_chips_go_high():
    t = stud({"split": "hi-lo", "ante": 1, "bring_in": 1}, Ann=50, Ben=50, Cy=50)
    dealt(t, ("KS", "KD", "KC"), ("AH", "2H", "3D"), ("9C", "9D", "10S"))
    t.word("bringin", "Ben")
    t(Call(player="Cy")), t(Fold(player="Ann"))             # pot 3 + 2 = 5, odd
    for cards in (("4C", "JD"), ("5C", "JH"), ("9H", "2S"), ("QS", "3S")):
        t(Deal(to="Ben", cards=(cards[0],))), t(Deal(to="Cy", cards=(cards[1],)))
        while t.state.ext.phase == "bet":
            t(Check(player=t.to_act))
    t(Reveal(player="Cy"))
    done = t(Reveal(player="Ben"))                            # A-2-3-4-5: a wheel, the best low and a straight
    assert awards(done) == [("the pot, high half: Ben wins with straight, five high", [("Ben", 3)]),
                            ("the pot, low half: Ben wins with five-four low", [("Ben", 2)])]
    t2 = stud({"split": "hi-lo", "ante": 1, "bring_in": 1}, Ann=50, Ben=50, Cy=50)
    dealt(t2, ("KS", "KD", "KC"), ("AH", "2H", "3D"), ("9C", "9D", "10S"))
    t2.word("bringin", "Ben")
    t2(Call(player="Cy")), t2(Fold(player="Ann"))
    for cards in (("QC", "JD"), ("QD", "JH"), ("9H", "2S"), ("QS", "3S")):
        t2(Deal(to="Ben", cards=(cards[0],))), t2(Deal(to="Cy", cards=(cards[1],)))
        while t2.state.ext.phase == "bet":
            t2(Check(player=t2.to_act))
    t2(Reveal(player="Cy"))
    done = t2(Reveal(player="Ben"))                           # no five ranks of eight or lower
    assert awards(done) == [("the pot (no qualifying low): Ben wins with three of a kind, queens",
                             [("Ben", 5)])]


def test_all_in_on_third_street_runs_the_cards_out_and_pays_side_pots():
    t = stud(Ann=100, Ben=11, Cy=100)
    dealt(t, ("AS", "AD", "8D"), ("2S", "2D", "3C"), ("QH", "QD", "9C"))
    t.word("bringin", "Ben")
    t(Raise(player="Cy", amount=2)), t(Raise(player="Ann", amount=4))
    t(AllIn(player="Ben"))                                    # 8 more, a short raise to 10
    t(Call(player="Cy")), t(Call(player="Ann"))             # 11 each in the main pot
    street(t, "4D", "4C", "KS")
    assert t.to_act == "Cy"                                     # K-9 shows best (Ben is all-in, still dealt)
    t(Bet(player="Cy", amount=4)), t(Call(player="Ann"))    # a side pot of 8
    for cards in (("5D", "5C", "KH"), ("6D", "6C", "10C"), ("10D", "7C", "8H")):
        street(t, *cards)
        while t.state.ext.phase == "bet":
            t(Check(player=t.to_act))
    assert t.state.ext.phase == "showdown"
    t(Reveal(player="Ben")), t(Reveal(player="Cy"))
    done = t(Reveal(player="Ann"))
    assert awards(done) == [("main pot: Ben wins with straight flush, seven high", [("Ben", 33)]),
                            ("side pot 1: Ann wins with flush, ace high", [("Ann", 8)])]
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (93, 33, 85)


def test_an_unseen_up_card_lets_the_record_name_the_bring_in():
    t = stud()
    dealt(t, ("??", "??", "??"), ("2S", "2D", "9C"), ("QH", "QD", "3C"))
    assert t.to_act is None and t.state.ext.opener == "?"
    t.word("bringin", "Ann")                                    # the record says Ann's card was the lowest
    assert t.to_act == "Ben"


def test_eight_players_run_the_stock_out_and_seventh_street_is_a_community_card():
    names = ("Ann", "Ben", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")
    t = Table("stud", options=STAKES, verify=True, **{n: 100 for n in names})
    t(NewHand())
    t(Deal(to="all"))                                         # unseen up cards: the record names the opener
    t.word("bringin", "Ann")
    while t.state.ext.phase == "bet":
        t(Call(player=t.to_act))
    for _ in range(3):                                          # fourth to sixth street: 8 x 6 = 48 cards
        t(Deal(to="all"))
        while t.state.ext.phase == "bet":
            t(Check(player=t.to_act or "Cy"))
    assert t.state.ext.phase == "board"                        # 4 cards left for 8 players
    t.refused(Deal(to="Ann", cards=("??",)), "the seventh street is dealt to the board")
    t(Deal(to="board", cards=("AS",)))
    assert t.state.ext.phase == "bet"
