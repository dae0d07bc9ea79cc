"""The tarot family's card facts, shared by Le Tarot Français, Troggu, Tarocchini, Tarocchi
Siciliani and Tarock (the compendium's "Cards" part): pure functions over canonical cards
(`ledger.cards`: ``1S``..``KC`` with ``C`` the cavalier, trumps ``T1``..``T21``, ``EX`` the
excuse).

- Trick play as Le Tarot's text has it (`RULES`, for the trick kit `ledger.kit.tricks`): pips
  rank 1 (low) to 10 in the black suits (spades, clubs), 10 (low) to 1 in the red ones (hearts,
  diamonds); then jack, cavalier, queen, king; every atout beats every suit card, the higher atout
  the lower. Follow suit; without it, an atout; an atout must beat the atouts already played if
  it can (also when atouts are led). The excuse may be played at any time and never wins; led,
  the next card says what is followed.
- The excuse's fate (`exchanged`): its player's side keeps it and hands the trick's taker a low
  card from its pile, unless it was played to the last trick (then the taker takes it).
- Counting: Le Tarot's card points in half points (`halves`), bouts, and the two triplet
  counts (`triplets`: each three cards worth their values less 2, a remainder less 1).
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

from ..cards import suit
from .tricks.rules import TRUMPS as TRUMPS, Rules

BOUTS = ("T1", "T21", "EX")
COURTS = {"J": 0, "C": 1, "Q": 2, "K": 3}


def is_trump(card: str) -> bool:
    return card.startswith("T") and card[1:].isdigit()


def trump_no(card: str) -> int:
    return int(card[1:]) if is_trump(card) else 0


def court(card: str) -> str | None:
    """``J``, ``C``, ``Q`` or ``K`` for a court card, else None."""
    r = card[:-1]
    return r if suit(card) is not None and r in COURTS else None


def rank(card: str, trump: str | None = None) -> int:
    """A card's strength within its suit (higher wins): an atout its number; a suit card its pip
    by colour (black 1 low to 10, red 10 low to 1), then jack, cavalier, queen, king."""
    if is_trump(card):
        return trump_no(card)
    r = card[:-1]
    if r in COURTS:
        return 20 + COURTS[r]
    n = int(r) if r.isdigit() else 0
    return 11 - n if card[-1] in "HD" else n


RULES = Rules(rank=rank, follow=True, must_trump=True, over_trump=True, excuse=frozenset({"EX"}), right=True)
"""The tarot family's trick (`ledger.kit.tricks.rules`): follow suit; without it, an atout; an atout
must beat the atouts on the trick when it can; the excuse at any time, never winning; to the right.
The trump is `TRUMPS` (the atouts)."""


# ----------------------------------------------------------------------------- piles and counting

def exchanged(won: Mapping[str, Sequence[str]], excused: Sequence[tuple[str, str]],
              low: Callable[[str], bool]) -> dict[str, list[str]]:
    """Each side's cards won (`ledger.kit.tricks.hand.Trickplay.won`) after the excuse's exchange:
    for each excuse kept by its side (`excused`: ``(its side, the trick's taker's side)``) a low
    card goes from that side's pile to the taker's (`excuse_exchange`)."""
    out = {s: list(cards) for s, cards in won.items()}
    for giver, taker in excused:
        excuse_exchange(out, giver, taker, low)
    return out


def excuse_exchange(out: dict[str, list[str]], giver: str, taker: str, low: Callable[[str], bool]) -> bool:
    """The excuse's player hands the trick's winner a low card from their pile (if they have one
    at the end of the hand: "the moment they do"). True when a card changed hands."""
    card = next((c for c in out.get(giver, []) if low(c)), None)
    if card is None:
        return False
    out[giver].remove(card)
    out.setdefault(taker, []).append(card)
    return True


def halves(card: str) -> int:
    """Le Tarot's card points, in half points: bouts and kings 4.5, queens 3.5, cavaliers 2.5,
    jacks 1.5, everything else 0.5."""
    if card in BOUTS:
        return 9
    return {"K": 9, "Q": 7, "C": 5, "J": 3}.get(court(card) or "", 1)


def bouts(cards: Iterable[str]) -> int:
    return sum(c in BOUTS for c in cards)


def triplets(values: Sequence[int]) -> int:
    """Cards counted in threes: each triplet worth its cards' values less 2, a remainder of one
    or two cards less 1 (Siciliani's words; Tarock's counting card with two low cards is the same
    sum). Grouping does not change the total."""
    n = len(values)
    return sum(values) - 2 * (n // 3) - (1 if n % 3 else 0)


def court_value(card: str) -> int:
    """Kings 5, queens 4, cavaliers 3, jacks 2, anything else 0."""
    return {"K": 5, "Q": 4, "C": 3, "J": 2}.get(court(card) or "", 0)
