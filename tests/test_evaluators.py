"""The shared hand evaluators (ledger.kit.evaluators): pure, in memory, fast."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import PACKS
from ledger.errors import InputError
from ledger.kit.evaluators import EVALUATORS, Ranked, get_evaluator, winners
from ledger.kit.evaluators.dice import MEIER_ORDER, generala_score, wins_outright

HIGH = get_evaluator("poker-high").rank
LOW = get_evaluator("poker-low").rank
PDICE = get_evaluator("poker-dice").rank
MEIER = get_evaluator("meier").rank
GENERALA = get_evaluator("generala").rank


def better(rank, a, b) -> bool:
    return rank(a).key > rank(b).key


def assert_best_last(rank, hands_and_labels):
    """Each hand ranks strictly above the one before it and carries its label."""
    ranked = [rank(hand) for hand, _ in hands_and_labels]
    assert [r.label for r in ranked] == [label for _, label in hands_and_labels]
    assert all(a.key < b.key for a, b in zip(ranked, ranked[1:]))


# ---- poker-high ---------------------------------------------------------------------

def test_high_categories_order_and_labels():
    assert_best_last(HIGH, [
        ("AS 3D 9C JH 4S", "high card, ace"), ("6S 6D 2C 3D 9S", "pair of sixes"),
        ("JS JD 4C 4H 9C", "two pair, jacks and fours"), ("3S 3D 3H 8D 9C", "three of a kind, threes"),
        ("AS 2D 3C 4H 5S", "straight, five high"), ("10D JC QH KS AS", "straight, ace high"),
        ("2S 8S 9S KS 4S", "flush, king high"), ("KS KD KC 5H 5S", "full house, kings over fives"),
        ("QS QD QC QH 2C", "four of a kind, queens"), ("5D 4D 3D 2D AD", "straight flush, five high"),
        ("9H 8H 7H 6H 5H", "straight flush, nine high"), ("AS KS QS JS 10S", "royal flush"),
    ])


@pytest.mark.parametrize("winner,loser", [
    ("AS AD KC 9H 3S", "AH AC QC JH 10S"),   # pair of aces, king kicker beats queen
    ("AS AD KC 9H 4S", "AH AC KD 9C 3S"),    # down to the last kicker
    ("KS KD 2C 2H 3S", "QS QD JC JH AS"),    # two pair: the higher pair first
    ("KS KD 5C 5H 2S", "KH KC 4C 4H AS"),    # then the lower pair
    ("KS KD 5C 5H 3S", "KH KC 5D 5S 2S"),    # then the kicker
    ("2S 3D 4C 5H 6S", "AS 2D 3C 4H 5S"),    # six-high straight beats the wheel
    ("AS KD QC JH 10S", "KS QD JC 10H 9S"),  # ace-high straight beats king-high
    ("AH 9H 7H 4H 2H", "AC 9C 6C 5C 4C"),    # flushes compare card by card
    ("3S 3D 3C 2H 2S", "2D 2C 2H AS AD"),    # full house: the trips first
    ("7S 7D 7C 7H KS", "7S 7D 7C 7H QS"),    # quads: the kicker
    ("AS AD AC 4H 2S", "KS KD KC QH JS"),    # trips beat lower trips
])
def test_high_tie_breaks(winner, loser):
    assert better(HIGH, winner.split(), loser.split())


def test_high_best_five_of_seven():
    assert HIGH("AH KH 2H 7H 9C 9D 4H".split()).label == "flush, ace high"
    assert HIGH("KS KD KC 5H 5S 5C 2D".split()).label == "full house, kings over fives"
    # the board plays: both players hold the same five best cards
    board = "AS KD QC JH 10S".split()
    assert winners({"a": HIGH(["2C", "3D", *board]), "b": HIGH(["2D", "4H", *board])}) == ["a", "b"]


def test_high_accepts_ten_spellings_and_strings():
    assert HIGH(["TH", "JH", "QH", "KH", "AH"]) == HIGH(["10H", "JH", "QH", "KH", "AH"])
    assert HIGH("10h, jh qh kh ah") == HIGH("K♥ A♥ T♥ J♥ Q♥")


@pytest.mark.parametrize("hand,message", [
    (["AS", "AS", "KD", "QD", "JD"], "AS appears twice"),
    (["??", "KD", "QD", "JD", "9D"], "unseen card"),
    (["ZZ", "KD"], "'ZZ' is not a card"),
    (["HI", "KD"], "not in the french52 pack"),
    ([], "name the cards"),
])
def test_card_hands_refused(hand, message):
    for rank in (HIGH, LOW):
        with pytest.raises(InputError, match=message):
            rank(hand)


# ---- poker-low ------------------------------------------------------------------------

def test_low_order_and_labels():
    assert_best_last(LOW, [
        ("KS KD KC 5H 5S", "full house, kings over fives"), ("9S 9D 4C 4H 2S", "two pair, nines and fours"),
        ("KS KD 2C 3D 4S", "pair of kings"), ("3S 3D 2C 4D 5S", "pair of threes"),
        ("KS QD JC 9H 8S", "king-queen low"), ("7S 6D 4C 3H 2S", "seven-six low"),
        ("7S 5D 4C 3H 2S", "seven-five low"), ("6S 4D 3C 2H AS", "six-four low"),
        ("5S 4S 3S 2S AS", "five-four low"),
    ])


def test_low_ignores_straights_flushes_and_picks_five_of_seven():
    assert LOW("2H 3H 4H 5H 6H".split()).label == "six-five low"  # a straight flush is a fine low
    assert LOW("AS AD 2C 2D 3S 4H 8C".split()).label == "eight-four low"
    assert LOW("KS KD KC 2H 2S".split()).key < LOW("KS QD 2C 2H 3S".split()).key


# ---- dice -----------------------------------------------------------------------------

def test_poker_dice_order_and_labels():
    assert_best_last(PDICE, [
        ([6, 4, 3, 2, 1], "nothing, 6 high"), ([1, 1, 6, 4, 3], "pair of 1s"),
        ([2, 2, 1, 1, 6], "two pair, 2s and 1s"), ([1, 1, 1, 6, 5], "three of a kind, 1s"),
        ([5, 3, 1, 2, 4], "low straight (1-5)"), ([6, 2, 5, 3, 4], "high straight (2-6)"),
        ([1, 1, 1, 2, 2], "full house, 1s over 2s"), ([1, 1, 1, 1, 2], "four of a kind, 1s"),
        ([1, 1, 1, 1, 1], "five of a kind, 1s"),
    ])


@pytest.mark.parametrize("winner,loser", [
    ([6, 6, 6, 1, 1], [5, 5, 5, 4, 4]), ([4, 4, 4, 1, 1], [4, 4, 2, 2, 6]),
    ([4, 4, 2, 2, 6], [4, 4, 2, 2, 5]), ([5, 5, 3, 3, 1], [5, 5, 2, 2, 6]),
    ([6, 5, 4, 3, 1], [6, 5, 4, 2, 1]), ([2, 2, 2, 2, 1], [1, 1, 1, 1, 6]),
])
def test_poker_dice_tie_breaks(winner, loser):
    assert better(PDICE, winner, loser)


def test_meier_order_follows_the_text():
    keys = [MEIER([roll // 10, roll % 10]).key for roll in MEIER_ORDER]
    assert keys == sorted(keys) and len(set(keys)) == 21
    assert MEIER([1, 2]) == MEIER([2, 1]) == Ranked((20,), "Meier (21)")
    assert MEIER([6, 6]).label == "double 6s (66)" and MEIER([3, 1]).label == "31"
    assert better(MEIER, [1, 1], [6, 5]) and better(MEIER, [6, 1], [5, 4])


def test_generala_scores():
    assert generala_score([4, 4, 1, 2, 4], "fours", False) == 12
    assert generala_score([4, 4, 1, 2, 4], "sixes", False) == 0
    assert generala_score([1, 2, 3, 4, 5], "straight", False) == 20
    assert generala_score([6, 5, 4, 3, 2], "straight", True) == 20          # no bonus in the text
    assert generala_score([6, 5, 4, 3, 2], "straight", True, served_bonus=5) == 25
    assert generala_score([6, 5, 4, 3, 2], "straight", False, served_bonus=5) == 20
    assert generala_score([3, 4, 5, 6, 1], "straight", False) == 0          # the ace does not wrap
    assert generala_score([3, 3, 3, 2, 2], "Full House", False) == 30
    assert generala_score([3, 3, 3, 3, 3], "full", False) == 0             # three and two of ANOTHER
    assert generala_score([3, 3, 3, 3, 2], "poker", False) == 40
    assert generala_score([3, 3, 3, 3, 3], "four of a kind", False) == 40
    assert generala_score([5] * 5, "generala", False) == 50
    assert generala_score([5] * 5, "generala", False, generala_points=60) == 60
    assert generala_score([5] * 5, "generala", True, second_generala=True) == 100
    assert wins_outright([2] * 5, True) and not wins_outright([2] * 5, False)
    assert not wins_outright([2, 2, 2, 2, 3], True)
    with pytest.raises(InputError, match="no Generala category called 'yahtzee': choose one of ones"):
        generala_score([1] * 5, "yahtzee", False)


def test_generala_evaluator_ranks_by_best_category():
    assert_best_last(GENERALA, [
        ([1, 2, 2, 3, 1], "twos for 4"), ([6, 6, 3, 2, 1], "sixes for 12"),
        ([1, 2, 3, 4, 5], "straight (1-5)"), ([2, 3, 4, 5, 6], "straight (2-6)"),
        ([2, 2, 2, 1, 1], "full (2s over 1s)"), ([3, 3, 3, 6, 6], "full (3s over 6s)"),
        ([2, 2, 2, 2, 6], "poker (four 2s)"), ([3, 3, 3, 3, 1], "poker (four 3s)"),
        ([1] * 5, "generala (five 1s)"),
    ])


def test_totals():
    assert get_evaluator("highest-total").rank([3, 4, 12]) == Ranked((19,), "total 19")
    assert get_evaluator("lowest-total").rank("3 4") == Ranked((-7,), "total 7")
    low = {"a": [1, 2], "b": [3], "c": [6, 6]}
    assert winners({p: get_evaluator("lowest-total").rank(f) for p, f in low.items()}) == ["a", "b"]


@pytest.mark.parametrize("name,faces,message", [
    ("meier", [1, 2, 3], "Meier is played with 2 dice, not 3"),
    ("poker-dice", [1, 2], "poker dice is played with 5 dice"),
    ("generala", [7, 1, 1, 1, 1], "7 is not a face of a 6-sided die"),
    ("highest-total", [], "name the faces"),
])
def test_dice_hands_refused(name, faces, message):
    with pytest.raises(InputError, match=message):
        get_evaluator(name).rank(faces)


# ---- registry and winners -------------------------------------------------------------

def test_registry():
    assert list(EVALUATORS) == ["poker-high", "poker-low", "short-deck", "deuce-to-seven", "badugi",
                                "poker-dice", "meier", "generala", "primiera", "primero", "highest-total",
                                "lowest-total"]
    assert all(e.name == n and e.title and "\n" not in e.title for n, e in EVALUATORS.items())
    assert [n for n, e in EVALUATORS.items() if e.kind == "cards"] == ["poker-high", "poker-low", "short-deck",
                                                                          "deuce-to-seven", "badugi", "primiera",
                                                                          "primero"]
    assert all(e.kind in ("cards", "dice") for e in EVALUATORS.values())
    with pytest.raises(InputError) as err:
        get_evaluator("x")
    assert str(err.value) == ("no evaluator called 'x': choose one of poker-high, poker-low, "
                              "short-deck, deuce-to-seven, badugi, poker-dice, meier, generala, primiera, primero, highest-total, lowest-total")


def test_winners():
    a, b = Ranked((1, 5), "a"), Ranked((2,), "b")
    assert winners({"p3": b, "p1": a, "p2": b}) == ["p3", "p2"]
    assert winners({"solo": a}) == ["solo"] and winners({}) == []


# ---- properties -----------------------------------------------------------------------

DECK = list(PACKS["french52"].cards)
card_hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True)
faces5 = st.lists(st.integers(1, 6), min_size=5, max_size=5)


@settings(max_examples=60, deadline=None)
@given(card_hands, card_hands, st.randoms(use_true_random=False))
def test_cards_total_preorder_under_permutation(a, b, rnd):
    for rank in (HIGH, LOW):
        shuffled = a[:]
        rnd.shuffle(shuffled)
        ra, rb = rank(a), rank(b)
        assert rank(shuffled) == ra
        assert (ra.key > rb.key) + (ra.key < rb.key) + (ra.key == rb.key) == 1
        assert winners({"a": ra, "b": rb}) == [p for p, r in (("a", ra), ("b", rb))
                                               if r.key == max(ra.key, rb.key)]
        assert ra.key == max(rank(list(five)).key for five in combinations(a, 5))


@settings(max_examples=60, deadline=None)
@given(faces5, st.randoms(use_true_random=False))
def test_dice_rank_ignores_order(faces, rnd):
    shuffled = faces[:]
    rnd.shuffle(shuffled)
    for name in ("poker-dice", "generala", "highest-total", "lowest-total"):
        assert get_evaluator(name).rank(shuffled) == get_evaluator(name).rank(faces)
    assert MEIER(faces[:2]) == MEIER(faces[1::-1])


# ---- real showdowns (PHH, Pluribus no-limit hold'em; the winners from the final stacks) ----

SHOWDOWNS = [  # (file in pokerkit data/pluribus, hole cards shown, board, who took the pot)
    ("112/9.phh", {"p2": "QdTd", "p3": "QcKc", "p6": "KsAs"}, "2hJh6c4d5c", ["p6"]),
    ("41/5.phh", {"p2": "ThKs", "p6": "TdKc"}, "QsAs8d6s4c", ["p2", "p6"]),
    ("102/70.phh", {"p1": "ThJd", "p2": "Tc6c", "p6": "6sTs"}, "3dTd9d7sAc", ["p1"]),
    ("111b/150.phh", {"p1": "5h5c", "p2": "9cQs", "p4": "Ac6c", "p6": "As6s"}, "8h2sTd3hAh", ["p4", "p6"]),
    ("45b/73.phh", {"p1": "TdKd", "p2": "2dQd", "p4": "KsTc"}, "Ad8c7c7h4d", ["p1", "p4"]),
    ("106/231.phh", {"p2": "As5c", "p3": "Ac4c", "p6": "TcKc"}, "5d9h3c8cAh", ["p2"]),
    ("109/113.phh", {"p1": "8cKc", "p2": "4cKh", "p5": "AhTc"}, "7d6s6d7s8s", ["p1"]),
    ("109/235.phh", {"p2": "4h4c", "p4": "QsKd", "p6": "KsQh"}, "Ad9h2h9cAh", ["p4", "p6"]),
    ("78/72.phh", {"p2": "2d9d", "p3": "JsAd", "p6": "9cQc"}, "5d2s2cAh7c", ["p2"]),
    ("106/70.phh", {"p5": "KhKs", "p2": "AdAc"}, "KcThAh9c2h", ["p2"]),
    ("95b/62.phh", {"p1": "Kh7c", "p2": "5hKc"}, "9hJc3d9s9d", ["p1", "p2"]),
    ("112/45.phh", {"p2": "2d9d", "p3": "KdQh", "p4": "ThAh"}, "5dKs2h3d4s", ["p4"]),
    ("112b/131.phh", {"p2": "9d7c", "p6": "7s6d"}, "5h4dTs8c6s", ["p2"]),
    ("106/11.phh", {"p1": "KhJc", "p2": "KdJd"}, "AsQdTd5c5h", ["p1", "p2"]),
    ("101/29.phh", {"p6": "Jd9d", "p1": "Ad7d"}, "Kd8h5d4dKs", ["p1"]),
    ("45b/103.phh", {"p2": "5dJd", "p5": "2sAs"}, "Ac6c2c9c5c", ["p2", "p5"]),
    ("111b/119.phh", {"p1": "3s3c", "p2": "4h7h", "p4": "QhAs", "p6": "Ah5h"}, "7dJs9dJd3h", ["p1"]),
    ("102/51.phh", {"p1": "KhQh", "p2": "8d9s"}, "9d9hKd2sKc", ["p1"]),
    ("109/193.phh", {"p2": "4hKh", "p5": "JsKs"}, "7c7s9h7hKc", ["p2", "p5"]),
    ("109/102.phh", {"p1": "9hJc", "p2": "9c7d"}, "JsJh7sJdKc", ["p1"]),
]


def _pairs(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


@pytest.mark.parametrize("source,holes,board,took", SHOWDOWNS, ids=[s[0] for s in SHOWDOWNS])
def test_real_showdowns(source, holes, board, took):
    ranked = {p: HIGH(_pairs(cards) + _pairs(board)) for p, cards in holes.items()}
    assert winners(ranked) == took


def test_poker_high_with_wild_ranks_makes_five_of_a_kind_and_fills_straights():
    from ledger.kit.evaluators.poker import rank_high

    assert rank_high("AS KH KD KC KS", ("A",)).label == "five of a kind, kings"
    assert rank_high("AS KH KD KC KS", ("A",)).key > rank_high("9S 10S JS QS KS").key
    assert rank_high("2S 3H 4H 6D 7C", ("2",)).label == "straight, seven high"
    assert rank_high("2S 3H 4H 6D 9C").label == "high card, nine"
