"""Low poker hands: eight-or-better (stud and Omaha hi-lo), razz, deuce-to-seven, badugi.

Cards are potlog card strings (``AS``, ``10H`` or ``TH``, see `poker.parse_hand`), as a list
or one string; ``??``, a joker or the same card twice is an `InputError`. The key of every
`Ranked` is higher for the better hand, so the best low has the highest key.

Readings (PokerKit is the referee on the imported hand histories; where card rooms differ,
we follow it, and the tests compare each evaluator with PokerKit's on random deals):

- Ace-to-five low (razz, and the low half of the hi-lo games): the ace is the lowest card,
  straights and flushes do not count against a hand (A-2-3-4-5 of one suit is the best
  low, "the wheel"), and pairs do: any unpaired hand beats any paired one. Unpaired hands
  compare from the highest card down: 8-6-4-3-2 beats 8-6-5-2-A, and is called by its top two
  cards, "eight-six low". This is `poker.rank_low` ("poker-low"), PokerKit's
  ``RegularLowHand``: `rank_razz` gives exactly its keys and labels (best five of seven).
- Eight or better (`rank_eight_low`, `rank_omaha_eight_low`): only five cards of different
  ranks, all eight or lower, make a low; otherwise there is no low (None) and the high hand
  takes the whole pot. The key and label of a qualifying low are razz's. In stud hi-lo the
  low is the best five of the seven cards; in Omaha hi-lo it is made of exactly two hole
  cards and exactly three board cards (and may use other cards than the high hand).
- Deuce-to-seven (`rank_deuce_seven`, Kansas City lowball): the ace is always high, so
  A-2-3-4-5 is no straight but an ace-high hand; straights and flushes count against the
  hand, exactly as in high poker turned upside down. The best hand is 7-5-4-3-2 of mixed
  suits ("seven-five-four-three-two"); 8-6-5-4-3 beats 9-7-6-5-4 and 6-5-4-3-2 is a straight
  (PokerKit's ``StandardLowHand``, which its deuce-to-seven games use). Five cards; when
  more are given, the best five of them.
- Badugi (`rank_badugi`): the hand is the biggest set of cards of different suits and
  different ranks among the four held (a four-card badugi beats any three-card hand, a
  three-card hand any two-card hand), then the lowest, the ace low, compared from the top
  card down: A-2-3-4 is the best hand. Labels: "badugi, seven high (7-4-3-2)",
  "three-card hand, 5-4-2". As in PokerKit's ``BadugiHand``, any number of cards is
  accepted and only four can play.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import prod

from ...errors import InputError
from .base import Hand, Ranked
from .poker import _NAMES, Card, _low_key, high_label, low_label, rank_low
from .pokervariants import _PRIMES, _Table, parse, parse_game

# ---- ace-to-five --------------------------------------------------------------------------


def _ace_low(value: int) -> int:
    return 1 if value == 14 else value


def _unpaired_low(values: Sequence[int]) -> tuple[int, ...]:
    """The key of five different ace-low values: razz's (``poker-low``'s) key, category 0."""
    return (0, *sorted((-v for v in values)))


def rank_razz(cards: Hand) -> Ranked:
    """The best ace-to-five low of `cards` (five of seven in razz), exactly `poker.rank_low`."""
    parsed = parse(cards)
    if len(parsed) < 5:
        return rank_low(cards)  # ranked as it stands, as poker-low does
    low = sorted({_ace_low(v) for v, _ in parsed})
    if len(low) >= 5:  # five different ranks: the five lowest are the best low
        key = _unpaired_low(low[:5])
    else:
        key = max(_low_key(five) for five in combinations(parsed, 5))
    return Ranked(key, low_label(key))


def _eight_or_better(values: set[int]) -> tuple[int, ...] | None:
    qualifying = sorted(v for v in values if v <= 8)
    return _unpaired_low(qualifying[:5]) if len(qualifying) >= 5 else None


def rank_eight_low(cards: Hand) -> Ranked | None:
    """The best eight-or-better ace-to-five low of any five of `cards`; None without one."""
    key = _eight_or_better({_ace_low(v) for v, _ in parse(cards)})
    return None if key is None else Ranked(key, low_label(key))


def rank_omaha_eight_low(hole: Sequence[str], board: Sequence[str]) -> Ranked | None:
    """The best eight-or-better low of exactly two `hole` and three `board` cards; None
    when no such five cards make one."""
    h, b = parse_game(hole, board)
    if len(h) < 2:
        raise InputError(f"an Omaha hand needs at least two hole cards, not {len(h)}")
    if len(b) < 3:
        raise InputError(f"an Omaha hand is made with three board cards: the board has {len(b)}")
    board_low = {v for v in map(_ace_low, (v for v, _ in b)) if v <= 8}
    if len(board_low) < 3:
        return None
    hole_low = sorted({v for v in map(_ace_low, (v for v, _ in h)) if v <= 8})
    best: tuple[int, ...] | None = None
    for x, y in combinations(hole_low, 2):
        # with two hole ranks chosen, the three lowest other board ranks make the best low
        rest = sorted(board_low - {x, y})
        if len(rest) >= 3:
            key = _unpaired_low([x, y, *rest[:3]])
            if best is None or key > best:
                best = key
    return None if best is None else Ranked(best, low_label(best))


# ---- deuce-to-seven -----------------------------------------------------------------------

_DEUCE = _Table(False, None, 0)  # high keys with no ace-low straight
_DEUCE_FLUSH = _Table(True, None, 0)


def _deuce_high_key(five: Sequence[Card]) -> tuple[int, ...]:
    suited = len({s for _, s in five}) == 1
    return (_DEUCE_FLUSH if suited else _DEUCE)[prod(_PRIMES[v] for v, _ in five)]


def rank_deuce_seven(cards: Hand) -> Ranked:
    """The deuce-to-seven low of five `cards` (the best five when more): the worst high hand,
    the ace high only; 7-5-4-3-2 of mixed suits is the best."""
    parsed = parse(cards)
    if len(parsed) < 5:
        raise InputError(f"a deuce-to-seven hand is five cards: {len(parsed)} given")
    high = min(_deuce_high_key(five) for five in combinations(parsed, 5))
    return Ranked(tuple(-x for x in high), deuce_seven_label(high))


def deuce_seven_label(high: tuple[int, ...]) -> str:
    """The name of a deuce-to-seven hand from its high key: "seven-five-four-three-two",
    "pair of twos", "straight, six high", "flush, seven high"."""
    if high[0] == 0:
        return "-".join(_NAMES[v] for v in high[1:])
    return high_label(high)


# ---- badugi -------------------------------------------------------------------------------

_SHORT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_SIZES = {3: "three-card hand", 2: "two-card hand", 1: "one-card hand"}


_SUIT_BITS = {"S": 1 << 16, "H": 1 << 17, "D": 1 << 18, "C": 1 << 19}


def rank_badugi(cards: Hand) -> Ranked:
    """The badugi hand of `cards`: the most cards of different suits and ranks, then the
    lowest (ace low); key (cards that play, then the values from the top, negated)."""
    # each card is two bits, its rank's and its suit's: cards of different ranks and suits
    # share no bit, which holds exactly when their sum carries nowhere (keeps every bit)
    bits = [(1 << _ace_low(v)) | _SUIT_BITS[s] for v, s in parse(cards)]
    for size in range(min(4, len(bits)), 0, -1):
        fits = [m & 0xFFFF for m in map(sum, combinations(bits, size)) if m.bit_count() == 2 * size]
        if fits:
            low = min(fits)  # of sets of one size, the lowest from the top down is the least mask
            key = (size, *(-v for v in range(13, 0, -1) if low >> v & 1))
            return Ranked(key, badugi_label(key))
    raise AssertionError("one card is always a badugi hand")  # parse refuses an empty hand


def badugi_label(key: tuple[int, ...]) -> str:
    """"badugi, seven high (7-4-3-2)", "three-card hand, 5-4-2", "one-card hand, A"."""
    values = [-v for v in key[1:]]
    shown = "-".join(_SHORT.get(v, str(v)) for v in values)
    if key[0] == 4:
        return f"badugi, {_NAMES[values[0]]} high ({shown})"
    return f"{_SIZES[key[0]]}, {shown}"


__all__ = ["badugi_label", "deuce_seven_label", "rank_badugi", "rank_deuce_seven",
           "rank_eight_low", "rank_omaha_eight_low", "rank_razz"]
