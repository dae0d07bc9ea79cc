"""Dice hands from faces: poker dice, Meier, Generala, and highest or lowest total.

Faces are ints or digit strings (or one string, ``"6 6 3 2 1"``) checked by `ledger.dice`;
the named games use the usual six-sided dice, the totals accept any die up to
`ledger.dice.MAX_SIDES` (the game checks its own die size). Readings of
incompleat-gamester.txt:

- Poker Dice: the text maps pips to cards, 1 = nine, 2 = ten, 3 = jack, 4 = queen,
  5 = king, 6 = ace, so 1s are the LOW face and 6s the high one (no wrap-around). Its
  list says "from lowest to highest" but is written best first (five of a kind on top);
  a table reads it best first: five of a kind > four > full house > straight > three >
  two pair > pair > nothing. "Straight (9 - Ace)" is read as both runs five dice can make,
  the high straight 2-6 (ten to ace) above the low straight 1-5 (nine to king), as with
  cards. Equal classes are broken by the faces, bigger group first then higher face
  (6-6-6-1-1 beats 5-5-5-4-4; 4-4-2-2-6 beats 4-4-2-2-5); "nothing" compares face by face
  from the top. Wild faces ("if players want to have wild faces, all players agree on which
  one(s) are wild. Historically, Aces are wild"): `rank_poker_dice_wild` ranks the dice as
  the best hand the wild dice can make, each wild die standing for any face (its own too).
- Meier: a roll reads high die first (5 and 6 is 65). The text's ranking, lowest first, is
  "32, 32, 41, ..." - an OCR slip for 31, 32 - then 41 .. 65, then the doubles 11 .. 66,
  and 21 ("Meier") on top.
- Generala: categories ones .. sixes score the sum of the dice showing that face;
  straight 20 (1-2-3-4-5 or 2-3-4-5-6 only; the ace does not wrap), full (three of one
  face and two of ANOTHER) 30, poker (at least four alike, so a generala may be scored
  as poker) 40, generala (five alike) 50, or 60 by agreement; a second generala in a game
  scores double (100 or 120). A category the dice do not make scores 0 (a scratch). The
  text gives no first-roll bonus for straight, full or poker ("served" +5 is a common
  house rule: pass `served_bonus=5`); what it does say is that a generala on the first
  roll wins the game outright, which `wins_outright` answers. The ``generala`` evaluator
  ranks five dice by their best category: generala > poker > full > straight > the rest,
  the rest by their best number category (6-6-3-2-1 "sixes for 12"), ties by the faces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations_with_replacement

from ...dice import MAX_SIDES, parse_faces
from ...errors import InputError
from .base import Hand, Ranked

_NUMBER_CATEGORIES = ("ones", "twos", "threes", "fours", "fives", "sixes")
GENERALA_CATEGORIES = (*_NUMBER_CATEGORIES, "straight", "full", "poker", "generala")
_CATEGORY_ALIASES = {
    "full house": "full", "full-house": "full", "four of a kind": "poker",
    "four-of-a-kind": "poker", "five of a kind": "generala", "five-of-a-kind": "generala",
}
POKER_DICE_CATEGORIES = (
    "nothing", "pair", "two pair", "three of a kind", "low straight", "high straight",
    "full house", "four of a kind", "five of a kind",
)


def _faces(hand: Hand, count: int | None, game: str, sides: int = 6) -> list[int]:
    faces = parse_faces(hand if isinstance(hand, str) else [str(f) for f in hand], sides)
    if count is not None and len(faces) != count:
        raise InputError(f"{game} is played with {count} dice, not {len(faces)}: name {count} faces")
    return faces


def _groups(faces: list[int]) -> tuple[list[int], list[int]]:
    """The counts and faces of equal groups, biggest group (then higher face) first."""
    ordered = sorted(((n, f) for f, n in Counter(faces).items()), reverse=True)
    return [n for n, _ in ordered], [f for _, f in ordered]


def rank_poker_dice(hand: Hand) -> Ranked:
    """Rank five poker dice (1s low, 6s high; see the module docstring)."""
    faces = _faces(hand, 5, "poker dice")
    counts, order = _groups(faces)
    straight = {1: 4, 2: 5}.get(min(faces), 0) if counts[0] == 1 and max(faces) - min(faces) == 4 else 0
    if straight:
        category = straight
    else:
        shape = (counts[0], counts[1] if len(counts) > 1 else 0)
        category = {(5, 0): 8, (4, 1): 7, (3, 2): 6, (3, 1): 3, (2, 2): 2, (2, 1): 1, (1, 1): 0}[shape]
    key = (category, *order)
    label = POKER_DICE_CATEGORIES[category]
    if category in (4, 5):
        label += f" ({min(faces)}-{max(faces)})"
    elif category in (2, 6):
        label += f", {order[0]}s {'over' if category == 6 else 'and'} {order[1]}s"
    elif category == 0:
        label += f", {order[0]} high"
    elif category == 1:
        label += f" of {order[0]}s"
    else:
        label += f", {order[0]}s"
    return Ranked(key, label)


def rank_poker_dice_wild(hand: Hand, wild: Iterable[int] = ()) -> Ranked:
    """Rank five poker dice where the `wild` faces stand for any face: the best hand they make
    (without wild faces, `rank_poker_dice`). The label says which dice were wild."""
    faces = _faces(hand, 5, "poker dice")
    wilds = set(wild)
    natural = [f for f in faces if f not in wilds]
    n = len(faces) - len(natural)
    if not n:
        return rank_poker_dice(faces)
    best = max((rank_poker_dice(natural + list(sub)) for sub in combinations_with_replacement(range(1, 7), n)),
               key=lambda r: r.key)
    return Ranked(best.key, f"{best.label} ({n} wild)")


MEIER_ORDER = (
    31, 32, 41, 42, 43, 51, 52, 53, 54, 61, 62, 63, 64, 65, 11, 22, 33, 44, 55, 66, 21,
)
"""Meier rolls from lowest to highest, as listed in the text (its first "32" read as 31)."""


def rank_meier(hand: Hand) -> Ranked:
    """Rank a Meier roll of two dice: 21 "Meier" > 66 .. 11 > 65 .. 31."""
    high, low = sorted(_faces(hand, 2, "Meier"), reverse=True)
    roll = 10 * high + low
    label = "Meier (21)" if roll == 21 else f"double {high}s ({roll})" if high == low else str(roll)
    return Ranked((MEIER_ORDER.index(roll),), label)


def generala_category(name: str) -> str:
    """A Generala category's canonical name; refuses an unknown one, listing the names."""
    canonical = _CATEGORY_ALIASES.get(name.strip().lower(), name.strip().lower())
    if canonical not in GENERALA_CATEGORIES:
        raise InputError(
            f"no Generala category called {name!r}: choose one of {', '.join(GENERALA_CATEGORIES)}"
        )
    return canonical


def _made(faces: list[int], category: str) -> bool:
    counts, _ = _groups(faces)
    if category == "straight":
        return sorted(faces) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6])
    return {"full": counts == [3, 2], "poker": counts[0] >= 4, "generala": counts[0] == 5}[category]


def generala_score(
    faces: Hand, category: str, first_roll: bool, *,
    generala_points: int = 50, second_generala: bool = False, served_bonus: int = 0,
) -> int:
    """What five dice score in a Generala `category` (see the module docstring).

    `first_roll` adds `served_bonus` (0 in the text) to a straight, full or poker made on
    the first roll; `second_generala` doubles a generala; an unmade category scores 0.
    """
    dice = _faces(faces, 5, "Generala")
    category = generala_category(category)
    if category in _NUMBER_CATEGORIES:
        face = _NUMBER_CATEGORIES.index(category) + 1
        return face * dice.count(face)
    if not _made(dice, category):
        return 0
    if category == "generala":
        return generala_points * (2 if second_generala else 1)
    points = {"straight": 20, "full": 30, "poker": 40}[category]
    return points + (served_bonus if first_roll else 0)


def wins_outright(faces: Hand, first_roll: bool) -> bool:
    """A generala on the first roll wins the game at once, as the text says."""
    return first_roll and _made(_faces(faces, 5, "Generala"), "generala")


def rank_generala(hand: Hand) -> Ranked:
    """Rank five dice by their best Generala category, ties by the faces."""
    faces = _faces(hand, 5, "Generala")
    counts, order = _groups(faces)
    for tier, category in ((4, "generala"), (3, "poker"), (2, "full"), (1, "straight")):
        if _made(faces, category):
            points = generala_score(faces, category, False)
            shown = (
                f"{min(faces)}-{max(faces)}" if tier == 1
                else f"{order[0]}s over {order[1]}s" if tier == 2
                else f"{'five' if tier == 4 else 'four'} {order[0]}s"
            )
            return Ranked((tier, points, *order), f"{category} ({shown})")
    points, face = max((f * faces.count(f), f) for f in range(1, 7))
    return Ranked((0, points, *order), f"{_NUMBER_CATEGORIES[face - 1]} for {points}")


def rank_highest_total(hand: Hand) -> Ranked:
    """The sum of the faces; the highest sum is best."""
    total = sum(_faces(hand, None, "this game", MAX_SIDES))
    return Ranked((total,), f"total {total}")


def rank_lowest_total(hand: Hand) -> Ranked:
    """The sum of the faces; the lowest sum is best (its key is the negated sum)."""
    total = sum(_faces(hand, None, "this game", MAX_SIDES))
    return Ranked((-total,), f"total {total}")
