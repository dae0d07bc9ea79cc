"""Poker hands from cards: high (``poker-high``) and ace-to-five low (``poker-low``).

Cards are potlog card strings from the 52-card French pack, parsed by `ledger.cards`
(``AS``, ``10H`` or ``TH``, ``K♠``...), given as a list or as one string split on spaces or
commas; an unseen card (``??``), a joker or the same card twice is an `InputError`.

Readings (the usual 52-card ranking; incompleat-gamester.txt's Straight Poker list is
written best first under a "lowest to highest" heading, and its "Straight (9 - Ace)" and
five of a kind come from Poker Dice and wild cards, which are not modelled here):

- The hand is the best five of however many cards are given (five to seven or more).
  Fewer than five cards are ranked as they stand: only pairs, trips and quads can form,
  and a shorter hand is outranked by a longer one with the same cards on top.
- High: straight flush (the ace-high one is called a royal flush) > four of a kind >
  full house > flush > straight > three of a kind > two pair > one pair > high card.
  Ties are broken in the usual way: quads, then the kicker; trips, then the pair of a
  full house; the higher pair, then the lower pair, then the kicker of two pair; flushes
  and high-card hands card by card from the top. The ace plays high, and low only in the
  wheel A-2-3-4-5, which is the lowest straight (a six-high straight beats it).
- Low (ace-to-five, "California"): the ace is the lowest card, straights and flushes do
  not count against a hand, and pairs are bad: any unpaired hand beats any paired one, one
  pair beats two pair, and so on. Unpaired hands compare from the highest card down, so
  7-5-4-3-2 beats 7-6-4-3-2 and the wheel 5-4-3-2-A is the best low. Paired hands compare
  like high hands with everything reversed (the lower pair is the better low).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Collection

from ...cards import parse_cards, rank, suit
from ...errors import InputError
from .base import Hand, Ranked

Card = tuple[int, str]  # (value with the ace as 14, suit letter)

_VALUES = {str(n): n for n in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}
_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}

HIGH_CATEGORIES = (
    "high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush",
)
LOW_CATEGORIES = ("no pair", "pair", "two pair", "three of a kind", "full house", "four of a kind")


def _plural(value: int) -> str:
    return "sixes" if value == 6 else _NAMES[value] + "s"


def parse_hand(hand: Hand) -> list[Card]:
    """Cards as (value, suit) pairs, ace 14; refuses an empty hand, ``??`` and repeats."""
    if not hand or (isinstance(hand, str) and not hand.strip()):
        raise InputError("name the cards of the hand, like 'AS KD 10H 10C 2S'")
    given = hand if isinstance(hand, str) else [str(c) for c in hand]
    cards = parse_cards(given, "french52", allow_unknown=False)
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise InputError(f"{card} appears twice in one hand: each card of the pack is there once")
        seen.add(card)
    return [(_VALUES[rank(c)], suit(c) or "") for c in cards]


def _groups(values: list[int]) -> tuple[list[int], list[int]]:
    """The counts and the values of equal-rank groups, biggest group (then higher value) first."""
    ordered = sorted(((n, v) for v, n in Counter(values).items()), reverse=True)
    return [n for n, _ in ordered], [v for _, v in ordered]


def _straight_top(values: list[int]) -> int | None:
    if len(values) != 5 or len(set(values)) != 5:
        return None
    if max(values) - min(values) == 4:
        return max(values)
    return 5 if set(values) == {14, 2, 3, 4, 5} else None


def _high_key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    values = [v for v, _ in cards]
    flush = len(cards) == 5 and len({s for _, s in cards}) == 1
    top = _straight_top(values)
    counts, order = _groups(values)
    if top and flush:
        return (8, top)
    if counts[0] == 4:
        return (7, *order)
    if counts[:2] == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *sorted(values, reverse=True))
    if top:
        return (4, top)
    category = {3: 3, 2: 2 if counts[:2] == [2, 2] else 1, 1: 0}[counts[0]]
    return (category, *order)


def high_label(key: tuple[int, ...]) -> str:
    """The name of a ``poker-high`` key: "full house, kings over fives", "straight, five high"."""
    category, first = key[0], key[1]
    if category == 9:
        return f"five of a kind, {_plural(first)}"
    if category == 8:
        return "royal flush" if first == 14 else f"straight flush, {_NAMES[first]} high"
    if category in (5, 4):
        return f"{HIGH_CATEGORIES[category]}, {_NAMES[first]} high"
    return _group_label(category if category < 4 else category - 2, key[1:])


def _group_label(category: int, order: tuple[int, ...]) -> str:
    """Labels shared by high and low, `category` counted as in `LOW_CATEGORIES`."""
    a = order[0]
    if category == 0:
        return f"high card, {_NAMES[a]}"
    if category == 1:
        return f"pair of {_plural(a)}"
    joiner = " and " if category == 2 else " over "
    rest = joiner + _plural(order[1]) if category in (2, 4) else ""
    return f"{LOW_CATEGORIES[category]}, {_plural(a)}{rest}"


def rank_high(hand: Hand, wild: Collection[str] = ()) -> Ranked:
    """Rank the best five-card high poker hand in `hand` (five or more cards).

    With `wild` ranks (``("A",)``, ``("2", "J")``), a card of a wild rank stands for any card,
    one already held included, so five of a kind can be made; it ranks above a straight flush.
    """
    if not wild:  # the same key and label, by lookup tables
        from .pokervariants import rank_holdem

        return rank_holdem(hand)
    given = hand if isinstance(hand, str) else " ".join(str(c) for c in hand)
    cards = parse_hand(given)
    wilds = {_VALUES[w] for w in wild}
    key = max(_wild_key(five, wilds) for five in combinations(cards, min(5, len(cards))))
    return Ranked(key, high_label(key))


def _wild_key(five: tuple[Card, ...], wilds: set[int]) -> tuple[int, ...]:
    """The best key of five cards when the cards of `wilds` ranks stand for any card."""
    held = [c for c in five if c[0] not in wilds]
    n = len(five) - len(held)
    if not n:
        return _high_key(five)
    suit = held[0][1] if held and len({s for _, s in held}) == 1 else "S"  # a flush when one can be made
    best: tuple[int, ...] = ()
    for values in combinations_with_replacement(range(2, 15), n):
        made = held + [(v, suit) for v in values]
        kinds = {v for v, _ in made}
        best = max(best, (9, *kinds) if len(kinds) == 1 and len(made) == 5 else _high_key(tuple(made)))
    return best


def _low_key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    values = [1 if v == 14 else v for v, _ in cards]
    counts, order = _groups(values)
    if counts[0] == 1:
        category = 0
    elif counts[0] == 2:
        category = 2 if counts[:2] == [2, 2] else 1
    else:
        category = {3: 4 if counts[:2] == [3, 2] else 3, 4: 5}[counts[0]]
    return (-category, *(-v for v in order))


def low_label(key: tuple[int, ...]) -> str:
    """The name of a ``poker-low`` key: "seven-five low", "pair of threes"."""
    category, order = -key[0], tuple(-v for v in key[1:])
    if category == 0:
        return "-".join(_NAMES[v] for v in order[:2]) + " low"
    return _group_label(category, order)


def rank_low(hand: Hand) -> Ranked:
    """Rank the best five-card ace-to-five low in `hand`; the best low has the highest key."""
    cards = parse_hand(hand)
    key = max(_low_key(five) for five in combinations(cards, min(5, len(cards))))
    return Ranked(key, low_label(key))
