"""The rules of one trick, pure: what the first card asks, who takes the trick, which cards a
player may play and, for a card they may not, the one line naming the rule.

A trick is a list of ``(player, card)`` in the order played. The game gives its `Rules`: how a
card ranks within its suit (`Rules.rank`: (card, trump) -> a comparable, higher wins), what suit
a card follows as (`Rules.suit`: (card, trump) -> a suit letter, `TRUMPS` for the tarot atouts,
None for a card that follows nothing: the excuse), and switchable requirements: following suit,
must trump when void, must over-trump, may trump instead of following (Maw). The trump is a suit
letter (``H``), `TRUMPS` (the atouts), or None (no trumps).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ...cards import UNKNOWN

Play = tuple[str, str]
Rank = Callable[[str, "str | None"], Any]
"""(card, trump) -> its strength within its suit; the highest of the trumps, else of the suit
led, takes the trick (the earliest played among equals)."""
SuitOf = Callable[[str, "str | None"], "str | None"]
"""(card, trump) -> the suit it follows as; None: it follows nothing (the excuse)."""

TRUMPS = "T"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", TRUMPS: "trumps"}


def suit_name(s: str | None) -> str:
    """``hearts``, ``trumps``, or the letter itself."""
    return SUIT_NAMES.get(s or "", s or "no suit")


def printed_suit(card: str, trump: str | None = None) -> str | None:
    """The default `SuitOf`: a French suit card's letter; the tarot atouts ``T1``-``T21``
    follow as `TRUMPS`; the excuse ``EX`` (and a joker) as nothing."""
    if card == "EX" or card in ("HI", "LO"):
        return None
    if card[0] == "T" and card[1:].isdigit():
        return TRUMPS
    return card[-1]


@dataclass(frozen=True)
class Rules:
    """A game's rules of the trick (see the module docstring).

    Attributes:
        rank: (card, trump) -> strength within its suit.
        suit: (card, trump) -> the suit it follows as (`printed_suit` by default).
        follow: a player must follow the suit led when they can.
        must_trump: a player who cannot follow must play a trump when they hold one.
        over_trump: a trump played to a trick holding a trump must beat it when the player can.
        may_trump: a trump may be played instead of following (Maw).
        excuse: cards that may be played at any time and never take a trick.
        excuse_last_to_winner: an excuse played to the last trick goes to the trick's taker (the
            tarot's rule); otherwise it stays with its player's side.
        right: play passes to the right (counter-clockwise), as in the tarot games.
    """

    rank: Rank
    suit: SuitOf = printed_suit
    follow: bool = True
    must_trump: bool = False
    over_trump: bool = False
    may_trump: bool = False
    excuse: frozenset[str] = frozenset()
    excuse_last_to_winner: bool = True
    right: bool = False

    def follows_as(self, card: str, trump: str | None) -> str | None:
        return None if card in self.excuse else self.suit(card, trump)


def led(plays: Sequence[Play], rules: Rules, trump: str | None) -> str | None:
    """The suit the trick asks for: its first card's, past any excuse ("if the trick is led
    with the excuse, the next player determines the suit"); None before that."""
    for _, card in plays:
        s = rules.follows_as(card, trump)
        if s is not None:
            return s
    return None


def winner(plays: Sequence[Play], rules: Rules, trump: str | None) -> str:
    """Who takes the trick: the highest trump, else the highest card of the suit led; an excuse
    never (a trick of excuses alone: its first player)."""
    asked = led(plays, rules, trump)
    best: tuple[int, Any, int] | None = None
    who = plays[0][0]
    for i, (player, card) in enumerate(plays):
        s = rules.follows_as(card, trump)
        if s is None or (s != asked and (trump is None or s != trump)):
            continue
        key = (1 if trump is not None and s == trump else 0, rules.rank(card, trump), -i)
        if best is None or key > best:
            best, who = key, player
    return who


def highest_trump(plays: Sequence[Play], rules: Rules, trump: str | None) -> str | None:
    """The highest trump on the trick, or None."""
    trumps = [c for _, c in plays if trump is not None and rules.follows_as(c, trump) == trump]
    return max(trumps, key=lambda c: rules.rank(c, trump)) if trumps else None


def refusal(player: str, card: str, held: Sequence[str], plays: Sequence[Play], rules: Rules,
            trump: str | None) -> str | None:
    """Why `player`, holding `held` (``??`` for unseen cards), may not play `card` to the trick
    `plays`: one line naming the rule and the cards it asks for ("Ben must follow hearts: holds
    7H"); None when they may. Only known cards count against a play."""
    if card in rules.excuse:
        return None
    known = [c for c in held if c != UNKNOWN and c != card]
    asked, mine = led(plays, rules, trump), rules.follows_as(card, trump)

    def of(s: str | None) -> list[str]:
        return [c for c in known if rules.follows_as(c, trump) == s]
    trumping = trump is not None and mine == trump
    if asked is not None and mine != asked and rules.follow and not (rules.may_trump and trumping):
        if same := of(asked):
            return f"{player} must follow {suit_name(asked)}: holds {' '.join(same)}"
        if rules.must_trump and trump is not None and not trumping and (trumps := of(trump)):
            return f"{player} cannot follow {suit_name(asked)} and must trump: holds {' '.join(trumps)}"
    top = highest_trump(plays, rules, trump)
    if rules.over_trump and trumping and top is not None and rules.rank(card, trump) < rules.rank(top, trump):
        higher = [c for c in of(trump) if rules.rank(c, trump) > rules.rank(top, trump)]
        if higher:
            return f"{player} must over-trump {top}: holds {' '.join(higher)}"
    return None


def playable(held: Sequence[str], plays: Sequence[Play], rules: Rules, trump: str | None) -> list[str]:
    """The known cards of `held` that may be played to the trick `plays`."""
    return [c for c in held if c != UNKNOWN and refusal("", c, held, plays, rules, trump) is None]


def count(cards: Iterable[str], value: Callable[[str], Any]) -> Any:
    """Card points: the sum of `value(card)` over `cards` (a game's own values; a tarot game may
    count in half points or with `fractions.Fraction`)."""
    return sum((value(c) for c in cards), 0)


def ranked(order: Sequence[str], low_to_high: bool = True) -> Callable[[str], int]:
    """A rank lookup from a list of ranks (``["7", "8", ..., "A"]``, lowest first): card ->
    its position (the rank is the card less its suit letter; -1 for a rank not listed)."""
    at = {r: i for i, r in enumerate(order if low_to_high else list(reversed(order)))}
    return lambda card: at.get(card[:-1], -1)
