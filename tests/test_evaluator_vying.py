"""The vying evaluators on their own: Poch's combinations, Bouillotte's brelans."""

from __future__ import annotations

import pytest

from ledger.errors import InputError
from ledger.kit.evaluators.vying import brelan, rank_bouillotte, rank_poch


@pytest.mark.parametrize("better,worse", [
    ("7S 7H 7D 7C 8S", "AS AH AD KC KS"),        # a quartet beats a triplet (a full house is its triplet)
    ("8S 8H 8D 7C 9S", "AS AH KD KC QS"),        # a triplet beats a pair (two pairs are the higher pair)
    ("7S 7H 8D 9C JS", "AS KH QD JC 9S"),        # a pair beats an unpaired hand
    ("KS KH 7D 8C 9S", "QS QH AD KC JS"),        # pairs: the higher pair
    ("AS AH KD KC 7S", "AD AC KS QC JS"),        # the same pair: the highest other card, the second pair first
    ("AS KH QD JC 9S", "AH KS QC JD 8S"),        # unpaired: card by card from the top
    ("AS AH AD 8C 7S", "KS KH KD AC QS"),        # triplets by their rank
])
def test_poch_ranking(better, worse):
    assert rank_poch(better.split()).key > rank_poch(worse.split()).key


@pytest.mark.parametrize("hand,label", [("7S 7H 7D 7C 8S", "quartet of sevens"), ("9S 9H 9D AC KS", "triplet of nines"),
                                        ("QS QH 7D 8C 9S", "pair of queens"), ("AS KH 9D 8C 7S", "ace high")])
def test_poch_labels(hand, label):
    assert rank_poch(hand.split()).label == label


def test_equal_poch_hands_tie():
    assert rank_poch("AS KH 9D 8C 7S".split()).key == rank_poch("AH KS 9C 8D 7H".split()).key


@pytest.mark.parametrize("better,worse,turn", [
    ("KS KH KC", "AS AH AC", "KD"),               # a brelan carré beats any brelan
    ("AS AH AC", "KS KH KC", "9D"),               # brelans: the higher rank
    ("8S 8H 8C", "AS AH KC", "9D"),               # any brelan beats no brelan
    ("AS 9H 8C", "KS QH 9C", "QD"),               # no brelan: the highest card
    ("AS KH 9C", "AH QS 9D", "8D"),               # then the next
])
def test_bouillotte_ranking(better, worse, turn):
    assert rank_bouillotte(better.split(), turn).key > rank_bouillotte(worse.split(), turn).key


def test_bouillotte_labels_and_side_payments():
    assert rank_bouillotte("KS KH KC".split(), "KD").label == "brelan carré of kings"
    assert rank_bouillotte("9S 9H 9C".split(), "KD").label == "brelan of nines"
    assert rank_bouillotte("AS 9H 8C".split(), "KD").label == "ace high"
    assert [brelan(h.split(), "KD") for h in ("KS KH KC", "9S 9H 9C", "KS KH 9C")] == [2, 1, 0]
    assert brelan("AS AH AC".split()) == 1                # no turn-up: a plain brelan


@pytest.mark.parametrize("hand", [["AS", "??", "KH"], ["AS", "AS", "KH"], ["AS", "KH"]])
def test_bad_bouillotte_hands_are_refused(hand):
    with pytest.raises(InputError):
        rank_bouillotte(hand, "KD")


def test_bad_poch_hands_are_refused():
    with pytest.raises(InputError):
        rank_poch(["AS", "??"])
    with pytest.raises(InputError):
        rank_poch([])
