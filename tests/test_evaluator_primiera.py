"""The Primiera and Primero evaluators on their own: point values, every class, the ties, the
variants, and the text's worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.errors import InputError
from ledger.kit.evaluators import Ranked
from ledger.kit.evaluators.primiera import claim, point, rank_primero, rank_primiera, value


def p(hand: str, **kw: Any) -> Ranked:
    return rank_primiera(hand.split(), **kw)


def q(hand: str, **kw: Any) -> Ranked:
    return rank_primero(hand.split(), **kw)


def test_the_point_values_the_text_gives():
    assert [value(c) for c in "7H 6H AH 5H 4H 3H 2H KH QH JH".split()] == [21, 18, 16, 15, 14, 13, 12, 10, 10, 10]
    assert [value(c) for c in "7C 1O 10E 11B 12C".split()] == [21, 16, 10, 10, 10]   # Latin suits: sota, caballo, rey
    with pytest.raises(InputError, match="40-card pack"):
        value("8H")
    with pytest.raises(InputError, match="four cards"):
        p("7H 6H AH")


def test_the_worked_example_dino_sweeps_the_pool_60_to_53():
    aldo, bruno, carlo, dino = p("KS QH 4C 3D"), p("7C 6C AC AS"), p("7D 2D QD JD"), p("6H 5H 4H 3H")
    assert aldo.label.startswith("primiera") and bruno.label.startswith("fifty-five in clubs")
    assert carlo.label == "flush in diamonds, 53 (7D 2D QD JD)" and dino.label == "flush in hearts, 60 (6H 5H 4H 3H)"
    assert aldo.key < bruno.key < carlo.key < dino.key              # each counters the last
    assert (carlo.key[1], dino.key[1]) == (53, 60)
    assert p("AH 5H 4H 3H").key[1] == 58                            # the printed "16-5-4-3" would count 58


@pytest.mark.parametrize("better,worse", [
    ("2S 3S KS QS", "7H 6H AH 7D"),        # the lowest flush beats the best fifty-five
    ("7H 6H AH JC", "7S 7H 7D 7C"),        # the lowest fifty-five beats the best primiera (four sevens, 84)
    ("KS QH JC KD", "7H 6H 5H 7C"),        # the lowest primiera (40) beats the best point (54)
    ("7H 6H 5H 4H", "7S 6S 5S 3S"),        # flushes by point count: 68 > 67
    ("7H 6H AH 2C", "7S 6S AS KC"),        # fifty-fives by the fourth card: 67 > 65
    ("7H 6D AC 5S", "7H 6D AC 4S"),        # primieras by count
    ("7H 4H AS KC", "KD QD 4D 7C"),        # the text's point: 35 in hearts beats 34 in diamonds
])
def test_classes_then_point_count(better, worse):
    assert p(better).key > p(worse).key


def test_a_hand_is_of_its_best_class_and_a_point_is_no_claim():
    assert p("7H 6H AH 2H").label.startswith("flush")             # 7-6-A in a flush is a flush
    assert p("7H 4H AS KC").label == "point 35 in hearts (7H 4H AS KC)"
    assert not claim(p("7H 4H AS KC")) and claim(p("KS QH JC KD"))
    assert point("7H 4H AS KC".split()) == (35, "H")
    assert point("KD QD 4D 7C".split()) == (34, "D")


def test_equal_hands_tie_unless_the_best_suit_variant_decides_flushes_and_fifty_fives():
    assert p("7H 6H AH 2C").key == p("7S 6S AS 2D").key
    assert p("7H 6H AH 2C", best_suit=True).key > p("7S 6S AS 2D", best_suit=True).key    # hearts > spades
    assert p("7D 2D QD JD", best_suit=True).key > p("7C 2C QC JC", best_suit=True).key    # diamonds > clubs
    assert p("7C 2C QC JC", best_suit=True).key > p("7S 2S QS JS", best_suit=True).key    # clubs > spades
    assert p("7H 6D AC 5S", best_suit=True).key == p("7D 6H AS 5C", best_suit=True).key   # not primieras
    latin = rank_primiera("7C 6C 1C 2O".split(), best_suit=True, family="spanish")
    assert latin.key > rank_primiera("7O 6O 1O 2C".split(), best_suit=True, family="spanish").key   # cups > coins
    assert latin.label.startswith("fifty-five in cups")


def test_three_of_a_kind_as_a_primiera_is_an_option():
    assert p("7H 7D 7C KH").key[0] == 0
    assert p("7H 7D 7C KH", triplets=True).label == "primiera, 73 (7H 7D 7C KH)"
    assert p("7H 7D 7C 7S").label.startswith("primiera, 84")        # four of a kind: four suits anyway


@pytest.mark.parametrize("hand,label", [
    ("7S 7H 7D 7C", "chorus, 84"), ("6H 5H 4H 3H", "fluxus in hearts, 60"), ("7C 6C AC AS", "supremus in clubs, 71"),
    ("KS QH 4C 3D", "primiera, 47"), ("7H 4H AS KC", "numerus 35 in hearts"),
])
def test_primeros_five_classes(hand, label):
    assert q(hand).label.startswith(label)


def test_primero_chorus_beats_fluxus_beats_supremus_beats_primiera_beats_numerus():
    order = [q(h) for h in ("KS KH KD KC", "2S 3S KS QS", "7H 6H AH JC", "KS QH JC 2D", "7H 6H 5H 7C")]
    assert [r.key for r in order] == sorted((r.key for r in order), reverse=True)
    assert q("7S 7H 7D 7C").key > q("6S 6H 6D 6C").key                # 84 > 72
    assert q("7H 7D 7C KH").key[0] == 0                              # three of a kind is no class in Primero


def test_the_primiera_and_primero_evaluators_take_a_hand_as_typed():
    from ledger.kit.evaluators import get_evaluator

    assert get_evaluator("primiera").rank("7H 6H AH 5H").label.startswith("flush in hearts")
    assert get_evaluator("primero").rank(["7C", "7H", "7D", "7S"]).label.startswith("chorus")
    with pytest.raises(InputError, match="40-card pack"):
        get_evaluator("primiera").rank("8H 9H 10H JH")
