"""Vying hands of the old bragging games: Poch's combinations and Bouillotte's brelans.

Rule book: ``shared/rules/parlett-primiera-poch-bouillotte.txt``. Both are pure functions from
card strings (``AS``, ``10H``, ``TH``...) to a `Ranked` (higher key is the better hand); an
unseen card (``??``), a joker or a card given twice is an `InputError`.

- ``rank_poch(cards) -> Ranked``: "A quartet beats a triplet, a triplet a pair, and a pair an
  unpaired hand, with ties determined by the highest card." Key ``(class, rank of the set,
  the other cards from the top)``, class 3 quartet, 2 triplet, 1 pair, 0 unpaired. Readings:
  the set is the largest group (a full house counts as its triplet, two pairs as the higher
  pair); "ties determined by the highest card" compares the set's rank first, then the other
  cards from the top. Ranks are A K Q J 10 9 8 7 (... 2 in the 52-card pack), aces high.
- ``rank_bouillotte(cards, turn_up=None) -> Ranked``: three cards. "The best hand is a
  brelan (three of a kind). If tied, the best is one that matches the rank of the turn-up
  (making a brelan carre...). If none matches, that of highest rank wins." Key ``(2, rank)``
  for a brelan carré (three of the turn-up's rank), ``(1, rank)`` for a brelan, ``(0, the
  three ranks from the top)`` without one: "that of highest rank wins", read for the hands
  without a brelan too (the highest card, then the next).
- ``brelan(cards, turn_up=None) -> int``: the brelan side payment's size: 2 for a carré, 1 for
  a brelan, 0 without ("one chip – or two for a carre – from each opponent").
"""

from __future__ import annotations

from collections import Counter

from ...cards import parse_cards, rank
from ...errors import InputError
from .base import Hand, Ranked

VALUES = {str(n): n for n in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}
NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
         11: "jack", 12: "queen", 13: "king", 14: "ace"}
_CLASSES = {4: (3, "quartet"), 3: (2, "triplet"), 2: (1, "pair")}


def plural(value: int) -> str:
    """``kings``, ``sixes``."""
    return "sixes" if value == 6 else NAMES[value] + "s"


def values(hand: Hand, size: int | None = None) -> list[int]:
    """The ranks of `hand` as numbers (ace 14); `size`: exactly that many cards."""
    cards = parse_cards([str(c) for c in hand], "french52", allow_unknown=False)
    if len(set(cards)) != len(cards):
        raise InputError(f"a card is given twice: {' '.join(cards)}")
    if size is not None and len(cards) != size:
        raise InputError(f"a hand here is {size} cards, not {len(cards)}")
    return [VALUES[rank(c)] for c in cards]


def rank_poch(cards: Hand) -> Ranked:
    """A Poch hand for the vying (see the module docstring)."""
    vals = values(cards)
    if not vals:
        raise InputError("a Poch hand has cards")
    counts = Counter(vals)
    top, n = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    rest = sorted((v for v in vals if not (v == top and n > 1)), reverse=True)
    if n == 1:
        return Ranked((0, *rest), f"{NAMES[rest[0]]} high")
    cls, name = _CLASSES[min(n, 4)]
    return Ranked((cls, top, *rest), f"{name} of {plural(top)}")


def rank_bouillotte(cards: Hand, turn_up: str | None = None) -> Ranked:
    """A Bouillotte hand of three cards, against the turn-up (see the module docstring)."""
    vals = sorted(values(cards, 3), reverse=True)
    turned = values([turn_up])[0] if turn_up else None
    if vals[0] == vals[2]:
        if vals[0] == turned:
            return Ranked((2, vals[0]), f"brelan carré of {plural(vals[0])}")
        return Ranked((1, vals[0]), f"brelan of {plural(vals[0])}")
    return Ranked((0, *vals), f"{NAMES[vals[0]]} high")


def brelan(cards: Hand, turn_up: str | None = None) -> int:
    """The chips each opponent pays the holder: 2 for a brelan carré, 1 for a brelan, else 0."""
    key = rank_bouillotte(cards, turn_up).key
    return key[0] if key[0] in (1, 2) else 0
