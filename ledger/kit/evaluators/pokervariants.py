"""High poker hands of the variants: Omaha, short-deck hold'em, and a fast hold'em high.

Cards are potlog card strings (``AS``, ``10H`` or ``TH``, see `poker.parse_hand`); a hand may
also be one string split on spaces or commas. An unseen card (``??``), a joker or the same
card twice (hole and board counted together) is an `InputError`. Every function returns a
`Ranked` whose key is higher for the better hand.

Readings (PokerKit, the referee on the imported hand histories, is followed wherever card
rooms differ, and the tests compare every evaluator here with PokerKit's on random deals):

- Omaha (`rank_omaha`): the hand is made of exactly two of the hole cards (four in Omaha,
  five or six in the big-O variants: any number of two or more is accepted) and exactly
  three of the board cards (three to five); a board flush with one suited hole card is no
  flush, four board cards to a straight need two hole cards that fit. Keys and labels are
  those of ``poker-high`` (`poker.rank_high`): "flush, ace high", "two pair, kings and fives".
- Short-deck (six-plus) hold'em (`rank_short_deck`): the 36-card pack, six to ace; a 2, 3, 4
  or 5 is an `InputError`. The best five of any number of cards. The ace plays high, and low
  in A-6-7-8-9, the lowest straight ("straight, nine high"). A flush beats a full house,
  because with fewer cards a flush is the rarer hand. Rooms differ on three of a kind
  against a straight: the Triton rule ranks trips above a straight, PokerKit's
  ``ShortDeckHoldemHand`` keeps the straight above three of a kind, and so do we. The order:
  straight flush > four of a kind > flush > full house > straight > three of a kind > two
  pair > pair > high card; ties are broken as in ordinary poker.
- `rank_holdem`: the best five of any number of cards in the ordinary 52-card ranking,
  giving the same key and label as `poker.rank_high` (without wild cards), over ten times
  faster; for showdowns of imported hands.

Speed: cards are parsed once per call (the parse of each distinct card string is kept), and
each five-card combination is looked up by the product of its ranks' primes in a table
filled as hands are seen, so Omaha's 60 combinations cost a few dozen microseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import prod

from ...errors import InputError
from .base import Hand, Ranked
from .poker import Card, high_label, parse_hand

# ---- cards -------------------------------------------------------------------------------

_PARSED: dict[str, Card] = {}
"""Each card string seen so far, parsed: the slow path (`parse_hand`) runs once per spelling."""

_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}


def _card_text(card: Card) -> str:
    return _RANK_TEXT.get(card[0], str(card[0])) + card[1]


def parse(hand: Hand) -> list[Card]:
    """Cards as (value, suit) pairs, ace 14, like `poker.parse_hand`, with a memo per card."""
    if isinstance(hand, str):
        return parse_hand(hand)
    if not hand:
        return parse_hand(hand)  # its error: name the cards of the hand
    cards: list[Card] = []
    get = _PARSED.get
    for text in hand:
        card = get(text) if isinstance(text, str) else None
        if card is None:
            card = parse_hand([str(text)])[0]
            if isinstance(text, str):
                _PARSED[text] = card
        cards.append(card)
    if len(set(cards)) != len(cards):
        _refuse_repeat(cards)
    return cards


def _refuse_repeat(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InputError(
                f"{_card_text(card)} appears twice in one hand: each card of the pack is there once"
            )
        seen.add(card)


def parse_game(hole: Hand, board: Hand) -> tuple[list[Card], list[Card]]:
    """Hole and board cards parsed, refusing a card that is in both (or twice in one)."""
    h, b = parse(hole), (parse(board) if board else [])
    if len(set(h) | set(b)) != len(h) + len(b):
        _refuse_repeat(h + b)
    return h, b


# ---- five-card keys by prime product -----------------------------------------------------

_PRIMES = {v: p for v, p in zip(range(2, 15), (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41))}
_DESCENDING = sorted(_PRIMES.items(), reverse=True)


def _values(product: int) -> list[int]:
    """The five values (highest first) whose primes multiply to `product`."""
    values: list[int] = []
    for value, p in _DESCENDING:
        while product % p == 0:
            values.append(value)
            product //= p
    return values


def high_key(values: Sequence[int], flush: bool, wheel: tuple[int, ...] | None = (14, 5, 4, 3, 2),
             wheel_top: int = 5) -> tuple[int, ...]:
    """The ``poker-high`` key of five values (highest first): (category 0-8, tie-breakers).

    `wheel` is the ace-low straight of the pack (A-5-4-3-2; A-9-8-7-6 in short deck, where
    it counts as `wheel_top` 9; None where the ace never plays low).
    """
    vals = tuple(values)
    counts: dict[int, int] = {}
    for v in vals:
        counts[v] = counts.get(v, 0) + 1
    if len(counts) == 5:
        if vals[0] - vals[4] == 4:
            top = vals[0]
        elif vals == wheel:
            top = wheel_top
        else:
            return (5 if flush else 0, *vals)
        return (8 if flush else 4, top)
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = (counts[order[0]], counts[order[1]])
    category = {(4, 1): 7, (3, 2): 6, (3, 1): 3, (2, 2): 2, (2, 1): 1}[shape]
    return (category, *order)


class _Table(dict[int, tuple[int, ...]]):
    """Keys of five-card hands by the product of their ranks' primes, filled when first seen."""

    def __init__(self, flush: bool, wheel: tuple[int, ...] | None, wheel_top: int,
                 categories: tuple[int, ...] | None = None) -> None:
        super().__init__()
        self.flush, self.wheel, self.wheel_top, self.categories = flush, wheel, wheel_top, categories

    def __missing__(self, product: int) -> tuple[int, ...]:
        key = high_key(_values(product), self.flush, self.wheel, self.wheel_top)
        if self.categories is not None:
            key = (self.categories[key[0]], *key[1:])
        self[product] = key
        return key


# Short deck: the categories of poker-high renumbered, flush (5) above full house (6).
_SHORT_DECK_ORDER = (0, 1, 2, 3, 4, 6, 5, 7, 8)
_SHORT_WHEEL = (14, 9, 8, 7, 6)

_HIGH = _Table(False, (14, 5, 4, 3, 2), 5)
_HIGH_FLUSH = _Table(True, (14, 5, 4, 3, 2), 5)
_SHORT = _Table(False, _SHORT_WHEEL, 9, _SHORT_DECK_ORDER)
_SHORT_FLUSH = _Table(True, _SHORT_WHEEL, 9, _SHORT_DECK_ORDER)


def _best_of(cards: Sequence[Card], plain: _Table, flushes: _Table) -> tuple[int, ...]:
    """The best key of any five of `cards` (all of them when fewer than five)."""
    if len(cards) < 5:
        return _short_hand_key([v for v, _ in cards])
    primes = [_PRIMES[v] for v, _ in cards]
    if len(cards) == 5:
        return (flushes if len({s for _, s in cards}) == 1 else plain)[prod(primes)]
    best = max(map(plain.__getitem__, map(prod, combinations(primes, 5))))
    suits = [s for _, s in cards]
    for s in set(suits):
        if suits.count(s) >= 5:
            suited = [_PRIMES[v] for v, t in cards if t == s]
            best = max(best, max(map(flushes.__getitem__, map(prod, combinations(suited, 5)))))
    return best


def _short_hand_key(values: Sequence[int]) -> tuple[int, ...]:
    """A hand of fewer than five cards ranked as it stands, as `poker.rank_high` does."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = [counts[v] for v in order]
    if shape[0] == 4:
        return (7, *order)
    if shape[0] == 3:
        return (3, *order)
    if shape[0] == 2:
        return (2 if shape[:2] == [2, 2] else 1, *order)
    return (0, *order)


# ---- the evaluators -----------------------------------------------------------------------

def rank_holdem(cards: Hand) -> Ranked:
    """The best five-card high hand of `cards`: `poker.rank_high`'s key and label, faster."""
    key = _best_of(parse(cards), _HIGH, _HIGH_FLUSH)
    return Ranked(key, high_label(key))


def rank_omaha(hole: Sequence[str], board: Sequence[str]) -> Ranked:
    """The best high hand of exactly two `hole` cards and exactly three `board` cards."""
    h, b = parse_game(hole, board)
    if len(h) < 2:
        raise InputError(f"an Omaha hand needs at least two hole cards, not {len(h)}")
    if len(b) < 3:
        raise InputError(f"an Omaha hand is made with three board cards: the board has {len(b)}")
    return Ranked(*_omaha(h, b))


def _omaha(h: list[Card], b: list[Card]) -> tuple[tuple[int, ...], str]:
    hole_pairs = [p * q for p, q in combinations([_PRIMES[v] for v, _ in h], 2)]
    board_threes = [prod(t) for t in combinations([_PRIMES[v] for v, _ in b], 3)]
    get = _HIGH.__getitem__
    best = max(get(x * y) for x in hole_pairs for y in board_threes)
    board_suits = [s for _, s in b]
    for s in set(board_suits):  # flushes: two suited hole cards under three of the suit on board
        if board_suits.count(s) >= 3:
            hole_s = [_PRIMES[v] for v, t in h if t == s]
            if len(hole_s) >= 2:
                board_s = [prod(t) for t in combinations([_PRIMES[v] for v, t in b if t == s], 3)]
                flush = _HIGH_FLUSH.__getitem__
                best = max(best, max(flush(p * q * t) for p, q in combinations(hole_s, 2)
                                     for t in board_s))
    return best, high_label(best)


def rank_short_deck(cards: Hand) -> Ranked:
    """The best five-card short-deck (6 to ace) high hand of `cards`; A-6-7-8-9 the lowest
    straight, a flush above a full house, a straight above three of a kind (PokerKit's order)."""
    parsed = parse(cards)
    for card in parsed:
        if card[0] < 6:
            raise InputError(
                f"{_card_text(card)} is not in the short-deck pack: it holds the 36 cards from 6 to A"
            )
    if len(parsed) < 5:
        raise InputError(f"a short-deck hand is the best five cards: {len(parsed)} given")
    key = _best_of(parsed, _SHORT, _SHORT_FLUSH)
    return Ranked(key, short_deck_label(key))


def short_deck_label(key: tuple[int, ...]) -> str:
    """The name of a short-deck key: "flush, ace high", "straight, nine high" (A-6-7-8-9)."""
    return high_label((_SHORT_DECK_ORDER[key[0]], *key[1:]))  # the renumbering is its own inverse


__all__ = ["high_key", "parse", "parse_game", "rank_holdem", "rank_omaha", "rank_short_deck",
           "short_deck_label"]
