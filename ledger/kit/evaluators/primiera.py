"""Primiera and Primero hands: the Italian point values and the classes, pure.

Rule book: ``shared/rules/parlett-primiera-poch-bouillotte.txt`` (the excerpt starts in the
middle of Primiera; the classes are read off its worked example).

- Point values: 7 = 21, 6 = 18, ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, K Q J = 10 each
  (in a Latin-suited pack, sota 10, caballo 11 and rey 12 count 10 each).
- Primiera's classes, best first: **flush** (four cards of one suit), **fifty-five** (7, 6 and
  ace of one suit, 21 + 18 + 16, and any fourth card), **primiera** (one card of each suit).
  A hand is of its best class (7-6-A-x of one suit is a flush). Within a class the higher
  point count of the whole hand wins (the example: 6-5-4-3, 60, beats 7-2-Q-J, 53); a
  fifty-five counts its 55 and its fourth card. Still equal, the hands tie (the game annuls
  the deal). Options: ``best_suit`` (the text's variant) breaks a tie of flushes or
  fifty-fives by their suit, hearts > diamonds > clubs > spades (cups > coins > clubs >
  swords in a Latin-suited pack); ``triplets`` rates three of a kind as a primiera (four of a
  kind is one anyway: four cards of four suits).
- A hand of no class holds its **point**: the highest value of its cards in one suit (7-4 of
  hearts with A and K of other suits counts 35). It ranks below every class.
- Primero (the original game, Cardano's): **chorus** (four of a kind) > **fluxus** (flush) >
  **supremus** (fifty-five) > **primiera** > **numerus** (the point), the same counts within.

Public API (cards are canonical strings of the ``italian40`` or ``spanish40`` pack):

- ``value(card) -> int``: the card's point value; an 8 or a 9 is an `InputError`.
- ``point(cards, family="french") -> (int, str)``: the best point and its suit (the better
  suit on a tie).
- ``rank_primiera(cards, *, best_suit=False, triplets=False, family="french") -> Ranked``
- ``rank_primero(cards, *, best_suit=False, family="french") -> Ranked``: key ``(class,
  count, suit)``: class 0 is the point (count: the point), higher beats lower; suit is 0
  unless ``best_suit`` decides that class.
- ``claim(ranked) -> bool``: the hand is of a class (not a mere point): it may be claimed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...errors import InputError
from ...cards import PACKS, parse_cards
from .base import Hand, Ranked

VALUES = {"7": 21, "6": 18, "A": 16, "1": 16, "5": 15, "4": 14, "3": 13, "2": 12,
          "K": 10, "Q": 10, "J": 10, "10": 10, "11": 10, "12": 10}
SUIT_ORDER = {"french": ("H", "D", "C", "S"), "spanish": ("C", "O", "B", "E")}
"""The variant's suits, best first: hearts, diamonds, clubs, spades (Latin: cups, coins, clubs, swords)."""
SUIT_NAMES = {"french": {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"},
              "spanish": {"C": "cups", "O": "coins", "B": "clubs", "E": "swords"}}
PRIMIERA = ("point", "primiera", "fifty-five", "flush")
PRIMERO = ("numerus", "primiera", "supremus", "fluxus", "chorus")


def value(card: str) -> int:
    """What `card` counts (7 = 21 ... K Q J = 10)."""
    got = VALUES.get(card[:-1])
    if got is None:
        raise InputError(f"{card} is not a card of the 40-card pack: ranks A 2-7 J Q K")
    return got


def _cards(cards: Sequence[str]) -> list[tuple[str, int, str]]:
    if len(cards) != 4:
        raise InputError(f"a Primiera hand is four cards, not {len(cards)}")
    return [(c[:-1], value(c), c[-1]) for c in cards]


def _suit_rank(suit: str, family: str) -> int:
    order = SUIT_ORDER[family]
    return len(order) - order.index(suit) if suit in order else 0


def point(cards: Sequence[str], family: str = "french") -> tuple[int, str]:
    """The best point: the highest value of the cards in one suit, and that suit."""
    by: Counter[str] = Counter()
    for c in cards:
        by[c[-1]] += value(c)
    return max(((n, s) for s, n in by.items()), key=lambda p: (p[0], _suit_rank(p[1], family)), default=(0, ""))


def _classes(cards: Sequence[str], family: str) -> dict[str, tuple[int, str]]:
    """Every class the hand is of, named as in Primero, with the suit it is in ("" for none)."""
    held = _cards(cards)
    suits = Counter(s for _, _, s in held)
    ranks = Counter(r for r, _, _ in held)
    out: dict[str, tuple[int, str]] = {}
    if len(ranks) == 1:
        out["chorus"] = (0, "")
    if len(suits) == 1:
        out["fluxus"] = (0, held[0][2])
    for s in suits:
        if {v for _, v, t in held if t == s} >= {21, 18, 16}:
            out["supremus"] = (0, s)
    if len(suits) == 4:
        out["primiera"] = (0, "")
    if max(ranks.values()) >= 3:
        out["triplets"] = (0, "")
    return out


def _rank(cards: Sequence[str], names: tuple[str, ...], classes: dict[str, tuple[int, str]], best_suit: bool,
          family: str) -> Ranked:
    count = sum(value(c) for c in cards)
    shown = " ".join(cards)
    for level in range(len(names) - 1, 0, -1):
        cls = names[level]
        if cls in classes:
            suit = classes[cls][1]
            by_suit = best_suit and bool(suit) and cls in ("flush", "fluxus", "fifty-five", "supremus")
            where = f" in {SUIT_NAMES[family].get(suit, suit)}" if suit else ""
            return Ranked((level, count, _suit_rank(suit, family) if by_suit else 0), f"{cls}{where}, {count} ({shown})")
    best, suit = point(cards, family)
    return Ranked((0, best, 0), f"{names[0]} {best} in {SUIT_NAMES[family].get(suit, suit)} ({shown})")


def rank_primiera(cards: Sequence[str], *, best_suit: bool = False, triplets: bool = False,
                  family: str = "french") -> Ranked:
    """A Primiera hand: flush > fifty-five > primiera > point (see the module docstring)."""
    found = _classes(cards, family)
    named = {new: found[old] for old, new in (("fluxus", "flush"), ("supremus", "fifty-five"), ("primiera", "primiera"))
             if old in found}
    if triplets and "triplets" in found:
        named.setdefault("primiera", (0, ""))
    return _rank(cards, PRIMIERA, named, best_suit, family)


def rank_primero(cards: Sequence[str], *, best_suit: bool = False, family: str = "french") -> Ranked:
    """A Primero hand: chorus > fluxus > supremus > primiera > numerus."""
    return _rank(cards, PRIMERO, _classes(cards, family), best_suit, family)


def claim(ranked: Ranked) -> bool:
    """The hand is of a class, which may be claimed (a mere point may not)."""
    return ranked.key[0] > 0


def _hand(hand: Hand) -> tuple[list[str], str]:
    """A hand as typed or held (``7H 6H AS 5D``; Spanish suits too), and its suits' family."""
    given = hand.split() if isinstance(hand, str) else [str(c) for c in hand]
    for name in ("italian40", "spanish40"):
        try:
            return parse_cards(given, name, allow_unknown=False), PACKS[name].family
        except InputError:
            continue
    raise InputError("a Primiera hand is four cards of the 40-card pack, like '7H 6H AS 5D' "
                     "(A 2-7 J Q K, or Spanish 1-7 10-12)")


def rank_primiera_hand(hand: Hand) -> Ranked:
    """`rank_primiera` with the text's defaults, on a hand as typed (the ``primiera`` evaluator)."""
    cards, family = _hand(hand)
    return rank_primiera(cards, family=family)


def rank_primero_hand(hand: Hand) -> Ranked:
    """`rank_primero` with the text's defaults, on a hand as typed (the ``primero`` evaluator)."""
    cards, family = _hand(hand)
    return rank_primero(cards, family=family)
