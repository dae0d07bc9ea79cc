"""The poker variants' evaluators (pokervariants, lowball) against PokerKit's, in memory.

Each evaluator ranks many seeded-random deals; PokerKit ranks the same deals with its own
hand class, and the two must order every pair of hands the same way (ties included) and,
for eight-or-better, agree on which hands have a low at all. Half of the deals come from a
small pack (few ranks, two or three suits) so that pairs, trips, straights, flushes and
full houses turn up often. Hand-worked examples then pin the labels and the rules that
differ between games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from ledger.errors import InputError
from ledger.kit.evaluators import get_evaluator, poker
from ledger.kit.evaluators.base import Ranked
from ledger.kit.evaluators.lowball import (
    rank_badugi, rank_deuce_seven, rank_eight_low, rank_omaha_eight_low, rank_razz,
)
from ledger.kit.evaluators.pokervariants import rank_holdem, rank_omaha, rank_short_deck

pokerkit = pytest.importorskip("pokerkit")

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = [r + s for r in RANKS for s in "SHDC"]
SHORT_DECK = [c for c in DECK if c[:-1] not in ("2", "3", "4", "5")]


def pk(cards: Sequence[str]) -> str:
    """Our cards in PokerKit's notation: ``10H`` -> ``Th``."""
    return "".join(c[:-1].replace("10", "T") + c[-1].lower() for c in cards)


def deals(seed: int, deck: list[str], count: int, size: int) -> list[list[str]]:
    """`count` deals of `size` cards: half from `deck`, half from a small pack cut from it
    (six or seven ranks in a row, the ace low or high, two or three suits) where made hands are common."""
    rng = random.Random(seed)
    ranks = sorted({c[:-1] for c in deck}, key=RANKS.index)
    ranks.insert(0, "A")  # the ace below the lowest rank too: A-2-3-4-5-6, A-6-7-8-9-10
    out = []
    for i in range(count):
        pack = deck
        if i % 2:
            width = rng.choice((6, 7))
            start = rng.randrange(len(ranks) - width + 1)
            keep, suits = ranks[start:start + width], rng.sample("SHDC", rng.choice((2, 3)))
            pack = [c for c in deck if c[:-1] in keep and c[-1] in suits]
            if len(pack) < size:
                pack = deck
        out.append(rng.sample(pack, size))
    return out


def strength(hand) -> int:
    """PokerKit's strength of one of its hands as an int, higher better (low hands too)."""
    return -hand.entry.index if hand.low else hand.entry.index


def assert_same_order(ours: list[tuple[int, ...]], theirs: list[int]) -> None:
    """Every pair of hands is ordered alike: sorted by our key, PokerKit's strength rises
    exactly where ours does and stays equal where ours ties."""
    assert len(ours) == len(theirs)
    pairs = sorted(zip(ours, theirs))
    for (k1, s1), (k2, s2) in zip(pairs, pairs[1:]):
        if k1 == k2:
            assert s1 == s2, f"we tie {k1}, PokerKit does not ({s1} vs {s2})"
        else:
            assert s1 < s2, f"we rank {k1} below {k2}, PokerKit does not ({s1} vs {s2})"
    assert len(set(ours)) > len(ours) // 20, "the deals should give many different hands"


def compare(ours: Callable[..., Ranked | None], theirs, hands: list[tuple[list[str], list[str]]],
            split: bool) -> int:
    """Rank `hands` (hole, board) with both; the qualifying (not None) hands must be the same
    and in the same order. Returns how many qualified."""
    keys, strengths = [], []
    for hole, board in hands:
        mine = ours(hole, board) if split else ours(hole + board)
        other = theirs.from_game_or_none(pk(hole), pk(board))
        assert (mine is None) == (other is None), (hole, board, mine, other)
        if mine is not None:
            keys.append(mine.key)
            strengths.append(strength(other))
    assert_same_order(keys, strengths)
    return len(keys)


# ---- against PokerKit on random deals ----------------------------------------------------

def test_holdem_high_matches_pokerkit_and_poker_rank_high():
    hands = [(d[:2], d[2:]) for d in deals(11, DECK, 300, 7)]
    compare(rank_holdem, pokerkit.StandardHighHand, hands, split=False)
    for hole, board in hands[:150]:
        assert rank_holdem(hole + board) == poker.rank_high(hole + board)
    for d in deals(12, DECK, 60, 5) + [d[:n] for n, d in enumerate(deals(13, DECK, 90, 7)) if n % 7]:
        assert rank_holdem(d) == poker.rank_high(d)  # five to seven cards, or one to four as they stand


def test_omaha_matches_pokerkit():
    hands = [(d[:4], d[4:]) for d in deals(21, DECK, 300, 9)]
    compare(rank_omaha, pokerkit.OmahaHoldemHand, hands, split=True)
    five_card = [(d[:5], d[5:]) for d in deals(22, DECK, 50, 10)]  # big O, and a four-card board
    compare(rank_omaha, pokerkit.OmahaHoldemHand, [(h, b[:4]) for h, b in five_card], split=True)


def test_short_deck_matches_pokerkit():
    hands = [(d[:2], d[2:]) for d in deals(31, SHORT_DECK, 400, 7)]
    compare(rank_short_deck, pokerkit.ShortDeckHoldemHand, hands, split=False)


def test_eight_or_better_matches_pokerkit():
    hands = [(d[:3], d[3:]) for d in deals(41, DECK, 400, 7)]
    qualified = compare(rank_eight_low, pokerkit.EightOrBetterLowHand, hands, split=False)
    assert 50 < qualified < 350  # both outcomes are tried many times


def test_omaha_eight_or_better_matches_pokerkit():
    rng = random.Random(51)
    low_heavy = [c for c in DECK if c[:-1] in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "K")]
    hands = [(d[:4], d[4:]) for d in deals(52, DECK, 200, 9)]
    hands += [(d[:4], d[4:]) for d in (rng.sample(low_heavy, 9) for _ in range(200))]
    qualified = compare(rank_omaha_eight_low, pokerkit.OmahaEightOrBetterLowHand, hands, split=True)
    assert 60 < qualified < 360


def test_razz_matches_pokerkit_and_is_poker_low():
    hands = [(d[:3], d[3:]) for d in deals(61, DECK, 400, 7)]
    compare(rank_razz, pokerkit.RegularLowHand, hands, split=False)
    for hole, board in hands:  # poker-low is razz: the same key and label, best five of seven
        assert rank_razz(hole + board) == poker.rank_low(hole + board)


def test_deuce_to_seven_matches_pokerkit():
    hands = [(d, []) for d in deals(71, DECK, 500, 5)]
    compare(rank_deuce_seven, pokerkit.StandardLowHand, hands, split=False)
    six = [(d, []) for d in deals(72, DECK, 60, 6)]  # more than five: the best five
    compare(rank_deuce_seven, pokerkit.StandardLowHand, six, split=False)


def test_badugi_matches_pokerkit():
    hands = [(d, []) for d in deals(81, DECK, 600, 4)]
    compare(rank_badugi, pokerkit.BadugiHand, hands, split=False)
    sizes = {rank_badugi(d).key[0] for d, _ in hands}
    assert sizes == {1, 2, 3, 4}


# ---- hand-worked examples ----------------------------------------------------------------

def assert_best_last(rank: Callable[..., Ranked | None], hands_and_labels) -> None:
    """Each hand ranks strictly above the one before it and carries its label."""
    ranked = [rank(*hand) if isinstance(hand, tuple) else rank(hand.split())
              for hand, _ in hands_and_labels]
    assert [r.label if r else None for r in ranked] == [label for _, label in hands_and_labels]
    keys = [r.key for r in ranked if r]
    assert all(a < b for a, b in zip(keys, keys[1:]))


def test_omaha_uses_two_hole_and_three_board_cards():
    board = "AS AD AC KS KD".split()
    assert rank_omaha("2C 3H 4D 7S".split(), board).label == "three of a kind, aces"  # no board full house
    assert rank_omaha("KC 3H 4D 7S".split(), board).label == "three of a kind, aces"  # one king: no full house
    assert rank_omaha("QC QH 4D 7S".split(), board).label == "full house, aces over queens"
    assert rank_omaha("KC KH 4D 7S".split(), board).label == "four of a kind, kings"
    one_spade = rank_omaha("AH 2S 7D 8C".split(), "KS QS JS 9S 3D".split())
    assert one_spade.label == "high card, ace"  # one suited hole card makes no flush
    assert rank_omaha("AS 2S 7D 8C".split(), "KS QS JS 9S 3D".split()).label == "flush, ace high"
    # four to a straight on the board, one fitting hole card: no straight
    assert rank_omaha("9C 2D 2H 3C".split(), "5S 6D 7H 8C KD".split()).label == "pair of twos"
    assert rank_omaha("9C 10D 2H 3C".split(), "5S 6D 7H 8C KD".split()).label == "straight, ten high"
    assert rank_omaha("JH 10H 2D 3C".split(), "9H 8H 7H KD KC".split()).label == "straight flush, jack high"
    assert_best_last(rank_omaha, [
        ((["QC", "QD", "3H", "4S"], ["KS", "KH", "2D", "8C", "9S"]), "two pair, kings and queens"),
        ((["AC", "AD", "3H", "4S"], ["KS", "KH", "2D", "8C", "9S"]), "two pair, aces and kings"),
        ((["KC", "8D", "3H", "4S"], ["KS", "KH", "2D", "8C", "9S"]), "full house, kings over eights"),
    ])


def test_short_deck_order_and_labels():
    assert_best_last(rank_short_deck, [
        ("AS 9D 8C 7H JS", "high card, ace"),
        ("9S 9D 9C 7H JS", "three of a kind, nines"),
        ("AS 6D 7C 8H 9S", "straight, nine high"),          # A-6-7-8-9: the lowest straight
        ("6S 7D 8C 9H 10S", "straight, ten high"),
        ("10S JD QC KH AS", "straight, ace high"),
        ("KS KD KC 6H 6S", "full house, kings over sixes"),
        ("6H 7H 8H 9H JH", "flush, jack high"),             # a flush beats a full house
        ("AH 6S 6D 6C 6H", "four of a kind, sixes"),
        ("AD 6D 7D 8D 9D", "straight flush, nine high"),
        ("10C JC QC KC AC", "royal flush"),
    ])
    seven = rank_short_deck("AS 6D 7C 8H 9S 9D 9C".split())
    assert seven.label == "straight, nine high"  # the straight over the trips it also holds


def test_eight_or_better_examples():
    assert_best_last(rank_eight_low, [
        ("8S 6D 5C 2H AS KD QC", "eight-six low"),
        ("8S 6D 4C 3H 2S KD KC", "eight-six low"),      # 8-6-4 beats 8-6-5
        ("7S 6D 5C 4H 2S 2D 2C", "seven-six low"),
        ("5S 4D 3C 2H AS AD 9C", "five-four low"),      # the wheel, straight or not
    ])
    assert rank_eight_low("9S 5D 4C 3H 2S KD".split()) is None       # a nine is no low
    assert rank_eight_low("AS AD 2C 2H 3S 3D 4C".split()) is None    # four low ranks only
    assert rank_eight_low("AS 2D 3C 4H".split()) is None             # four cards
    assert rank_eight_low("AH 2H 3H 4H 5H".split()).key == rank_eight_low("AS 2D 3C 4H 5S".split()).key


def test_omaha_eight_or_better_examples():
    wheel = rank_omaha_eight_low("AS 2D KC KD".split(), "3H 4C 5S KS QH".split())
    assert wheel is not None and wheel.label == "five-four low"
    # the best low uses A-3 from the hand and 2-4-5 from the board (the hand's 2 is counterfeit)
    counterfeit = rank_omaha_eight_low("AS 2D 3C KD".split(), "2H 4C 5S 8S KH".split())
    assert counterfeit is not None and counterfeit.key == wheel.key
    # one low card in the hand is not enough, however low the board
    assert rank_omaha_eight_low("AS KD QC JD".split(), "2H 3C 4S 5S 6H".split()) is None
    # two low cards on the board are not enough either
    assert rank_omaha_eight_low("AS 2D 3C 4D".split(), "5H 6C KS QS JH".split()) is None
    # the hand's two low cards must differ from the board's three
    assert rank_omaha_eight_low("AS AD 7C 7D".split(), "AH 2C 3S KS JH".split()) is None
    low = rank_omaha_eight_low("AS 7D 9C KD".split(), "2H 3C 6S KS JH".split())
    assert low is not None and low.label == "seven-six low"


def test_razz_examples():
    assert_best_last(rank_razz, [
        ("KS KD KC KH QS QD QC", "full house, queens over kings"),  # the lower trips play
        ("AS AD 2C 2H 3S 3D 4C", "pair of aces"),   # four ranks: the lowest pair plays
        ("KS QD JC 10H 9S 9D 9C", "king-queen low"),
        ("8S 6D 5C 2H AS KD QC", "eight-six low"),
        ("5S 4S 3S 2S AS 5D 5C", "five-four low"),  # a wheel in one suit is still the best
    ])


def test_deuce_to_seven_order_and_labels():
    assert_best_last(rank_deuce_seven, [
        ("7S 6S 5S 4S 3S", "straight flush, seven high"),
        ("KS 9S 7S 4S 2S", "flush, king high"),       # a flush is worse than a straight
        ("6D 5C 4H 3S 2S", "straight, six high"),     # 6-5-4-3-2 is a straight
        ("2D 2C 4H 3S 6S", "pair of twos"),           # any pair loses to no pair
        ("AS 5D 4C 3H 2S", "ace-five-four-three-two"),  # the ace is high: no wheel
        ("KS QD JC 10H 8S", "king-queen-jack-ten-eight"),
        ("9S 7D 6C 5H 4S", "nine-seven-six-five-four"),
        ("8S 6D 5C 4H 3S", "eight-six-five-four-three"),
        ("7S 6D 5C 4H 2S", "seven-six-five-four-two"),
        ("7S 5D 4C 3H 2S", "seven-five-four-three-two"),  # the best hand
    ])
    assert rank_deuce_seven("7S 5D 4C 3H 2S 2D".split()).label == "seven-five-four-three-two"


def test_badugi_order_and_labels():
    assert_best_last(rank_badugi, [
        ("KS KD KC KH", "one-card hand, K"),
        ("AS 2S 3S 4S", "one-card hand, A"),
        ("KS QD QS KD", "two-card hand, K-Q"),
        ("5S 4D 2C 2H", "three-card hand, 5-4-2"),
        ("AS 2D 3C 3S", "three-card hand, 3-2-A"),
        ("KS QD JC 10H", "badugi, king high (K-Q-J-10)"),
        ("7S 4D 3C 2H", "badugi, seven high (7-4-3-2)"),
        ("4S 3D 2C AH", "badugi, four high (4-3-2-A)"),
    ])


def test_registered_for_freeform_showdowns():
    assert get_evaluator("short-deck").rank is rank_short_deck
    assert get_evaluator("deuce-to-seven").rank is rank_deuce_seven
    assert get_evaluator("badugi").rank is rank_badugi


@pytest.mark.parametrize("call,message", [
    (lambda: rank_omaha(["AS", "KD", "QC", "JD"], ["AS", "2C", "3D"]), "AS appears twice"),
    (lambda: rank_omaha(["AS"], ["2C", "3D", "4H"]), "at least two hole cards"),
    (lambda: rank_omaha(["AS", "KD"], ["2C", "3D"]), "three board cards"),
    (lambda: rank_omaha_eight_low(["AS", "KD"], ["2C", "3D"]), "three board cards"),
    (lambda: rank_omaha(["AS", "??"], ["2C", "3D", "4H"]), "'??' (an unseen card) is not allowed"),
    (lambda: rank_short_deck(["AS", "KD", "5C", "7D", "8H"]), "5C is not in the short-deck pack"),
    (lambda: rank_short_deck(["AS", "KD", "6C", "7D"]), "the best five cards: 4 given"),
    (lambda: rank_deuce_seven(["AS", "KD", "6C", "7D"]), "five cards: 4 given"),
    (lambda: rank_badugi([]), "name the cards"),
    (lambda: rank_razz(["AS", "KD", "XX", "7D", "8H"]), "'XX' is not a card"),
    (lambda: rank_eight_low(["AS", "as", "2C", "3D", "4H"]), "AS appears twice"),
])
def test_bad_hands_are_refused_in_one_line(call, message):
    with pytest.raises(InputError) as err:
        call()
    assert message in str(err.value) and "\n" not in str(err.value)


def test_card_spellings_are_parsed_alike():
    assert rank_holdem(["TH", "JH", "QH", "KH", "AH"]) == rank_holdem(["10h", "J♥", "qH", "KH", "1H"])
    assert rank_holdem("TH JH QH KH AH").label == "royal flush"
    with pytest.raises(InputError, match="10H appears twice"):  # TH and 10H are one card
        rank_omaha(["TH", "JD", "2C", "3D"], ["10H", "10C", "4H"])
