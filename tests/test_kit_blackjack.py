"""Blackjack hands (`ledger.games.bluffjack.blackjack`): totals, busts, charlies and 21s."""

from __future__ import annotations

from ledger.games.bluffjack.blackjack import card_value, hand_total, rank


def test_values_and_totals():
    assert [card_value(c) for c in ("AS", "7D", "10H", "KC")] == [1, 7, 10, 10]
    assert hand_total(["AS", "KD"]) == 21 and hand_total(["AS", "AH", "9D"]) == 21
    assert hand_total(["AS", "KD", "5C"]) == 16


def test_the_order_of_hands_and_their_labels():
    bust, twenty = rank(["KS", "QS", "5H"]), rank(["KS", "QS"])
    charlie = rank(["2S", "3S", "4S", "5S", "2H"], charlie=5)
    assert twenty.key < charlie.key and charlie.label == "5-card charlie 16"
    assert rank(["2S", "3S", "4S", "5S", "2H"]).key == (1, 16)  # no charlie without the option
    ace_king, ace_ten = rank(["AS", "KS"], best_hand=True), rank(["AD", "10S"], best_hand=True)
    assert bust.key < twenty.key < ace_ten.key < ace_king.key
    assert (bust.label, twenty.label, ace_king.label) == ("bust 25", "20", "21 (AS KS)")
    long = rank(["2S", "3S", "4S", "2H", "3H", "AC"], charlie=5, charlie_minimum=True)
    assert long.label == "6-card charlie 15" and rank(["AS", "KS"]).key == rank(["7S", "7H", "7D"]).key
