"""Blücher's hand values and ranking: card values, best choice of cards, the tie-breaks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import PACKS
from ledger.games.bluecher import BestHand, best_hand, card_value


def test_card_values_french_and_spanish():
    assert [card_value(c, "french") for c in ("AS", "2H", "9D", "10C", "JS", "QH", "KD")] == [1, 2, 9, 10, 10, 10, 10]
    assert [card_value(c, "spanish") for c in ("1E", "7C", "10B", "11O", "12E")] == [1, 7, 10, 11, 12]


def test_best_hand_prefers_not_bust_then_closest_then_fewer_cards():
    # hole 5H with 9C and 4C, target 11: 5+9=14 bust, 5+4=9, 5+9+4=18 -> 9
    h = best_hand("Ann", "5H", ["9C", "4C"], 11, "french")
    assert h.cards == ("5H", "4C") and h.total == 9 and not h.bust
    # target 12: 5+4+3 = 12 exactly beats 5+4 = 9
    h = best_hand("Ann", "5H", ["4C", "3D"], 12, "french")
    assert h.total == 12 and len(h.cards) == 3
    # same total, same target: two cards beat three
    a = BestHand("A", ("5H", "4C"), 9, 9)
    b = BestHand("B", ("2S", "3S", "4S"), 9, 9)
    assert a.key("french") < b.key("french")


def test_all_bust_picks_the_least_wrong():
    h = best_hand("Ben", "KS", ["3D", "7C"], 2, "french")
    assert h.bust and h.total == 13 and h.text() == "KS+3D = 13 (bust by 11)"


def test_tie_broken_by_the_suit_of_the_highest_card_then_court_order():
    ann = BestHand("Ann", ("10H", "5C"), 15, 15)
    ben = BestHand("Ben", ("KS", "5D"), 15, 15)
    assert ben.key("french") < ann.key("french")  # spade beats heart
    # same suit for both highest cards: K beats 10 among cards worth 10
    cy = BestHand("Cy", ("10S", "5H"), 15, 15)
    assert ben.key("french") < cy.key("french")
    # Spanish suits: swords > cups > clubs > coins
    x = BestHand("X", ("7O", "5E"), 12, 12)  # highest 7 of coins
    y = BestHand("Y", ("7C", "5B"), 12, 12)  # highest 7 of cups
    assert y.key("spanish") < x.key("spanish")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PACKS["french52"].cards), min_size=3, max_size=3, unique=True),
       st.integers(min_value=1, max_value=30))
def test_best_hand_is_the_best_of_the_three_choices(cards, target):
    hole, a, b = cards
    best = best_hand("P", hole, [a, b], target, "french")
    choices = [(hole, a), (hole, b), (hole, a, b)]
    assert best.cards in choices
    for ch in choices:
        other = BestHand("P", ch, sum(card_value(c, "french") for c in ch), target)
        assert best.key("french") <= other.key("french")
    assert hole in best.cards and len(best.cards) >= 2
