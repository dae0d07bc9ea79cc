"""The tarot family's card facts, shared by Le Tarot Français, Troggu, Tarocchini, Tarocchi
Siciliani and Tarock (the compendium's "Cards" part): pure functions over canonical cards
(`ledger.cards`: ``1S``..``KC`` with ``C`` the cavalier, trumps ``T1``..``T21``, ``EX`` the
excuse).

- Trick play as Le Tarot's text has it: pips rank 1 (low) to 10 in the black suits (spades,
  clubs), 10 (low) to 1 in the red ones (hearts, diamonds); then jack, cavalier, queen, king;
  every atout beats every suit card, the higher atout the lower. The excuse never wins; led, the
  next card says what is followed. `obligation` is what a card does for the rule "follow the
  suit led; without it, trump; a trump must beat the trumps already played if it can (also when
  trumps are led)"; `refusal` names the rule a card breaks against the cards known in hand.
- The excuse's fate (`excuse_exchange`): its player keeps it and hands the trick's winner a
  low card from their pile, unless it was played to the last trick (then the winner takes it).
- Counting: Le Tarot's card points in half points (`halves`), bouts, and the two triplet
  counts (`triplets`: each three cards worth their values less 2, a remainder less 1).
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from ..cards import suit

Play = tuple[str, str]  # (player, card)
BOUTS = ("T1", "T21", "EX")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "T": "atouts"}
COURTS = {"J": 0, "C": 1, "Q": 2, "K": 3}


def is_trump(card: str) -> bool:
    return card.startswith("T") and card[1:].isdigit()


def trump_no(card: str) -> int:
    return int(card[1:]) if is_trump(card) else 0


def court(card: str) -> str | None:
    """``J``, ``C``, ``Q`` or ``K`` for a court card, else None."""
    r = card[:-1]
    return r if suit(card) is not None and r in COURTS else None


def family(card: str) -> str | None:
    """What a card follows as: its suit letter, ``T`` for an atout, None for the excuse."""
    return None if card == "EX" else "T" if is_trump(card) else suit(card)


def strength(card: str) -> int:
    """A suit card's rank within its suit (higher wins): pips by colour, then J C Q K."""
    r = card[:-1]
    if r in COURTS:
        return 20 + COURTS[r]
    n = int(r)
    return 11 - n if card[-1] in "HD" else n


def led(plays: Sequence[Play]) -> str | None:
    """What the trick asks to be followed: the first card that is not the excuse."""
    return next((k for _, c in plays if (k := family(c)) is not None), None)


def power(card: str, asked: str | None) -> tuple[int, int]:
    if card == "EX":
        return (-1, 0)
    if is_trump(card):
        return (2, trump_no(card))
    return (1, strength(card)) if suit(card) == asked else (0, 0)


def winner(plays: Sequence[Play]) -> str:
    """Who takes the trick: the highest atout, else the highest card of the suit led."""
    asked = led(plays)
    return max(plays, key=lambda pc: power(pc[1], asked))[0]


def top_trump(plays: Sequence[Play]) -> int:
    return max((trump_no(c) for _, c in plays if is_trump(c)), default=0)


def obligation(card: str, plays: Sequence[Play]) -> int:
    """How well `card` answers the trick so far: 3 follows the suit led, 2 a trump over every
    trump played, 1 a trump under one, 0 anything else (the excuse answers everything: 9)."""
    asked = led(plays)
    if card == "EX" or asked is None:
        return 9
    if asked != "T" and suit(card) == asked:
        return 3
    if is_trump(card):
        return 2 if trump_no(card) > top_trump(plays) else 1
    return 0


def rule_text(level: int, plays: Sequence[Play]) -> str:
    asked, top = led(plays), top_trump(plays)
    if level == 3:
        return f"must follow {SUIT_NAMES[asked or 'T']}"
    if level == 2:
        return f"must play an atout over T{top}" if top else "must play an atout"
    return "must play an atout"


def refusal(card: str, known: Iterable[str], plays: Sequence[Play]) -> str | None:
    """Why `card` may not be played to `plays` by a player known to hold `known` (follow suit,
    else trump, over-trumping when able); None when it may. Unknown cards prove nothing."""
    mine = obligation(card, plays)
    better = [c for c in known if c not in (card, "??") and 3 >= obligation(c, plays) > mine]
    if not better:
        return None
    need = max(obligation(c, plays) for c in better)
    return f"{rule_text(need, plays)}: they hold {' '.join(c for c in better if obligation(c, plays) == need)}"


def allowed(known: Sequence[str], plays: Sequence[Play]) -> list[str]:
    """The cards of a wholly known hand that may be played to `plays`."""
    best = max((obligation(c, plays) for c in known if c != "EX"), default=0)
    return [c for c in known if obligation(c, plays) >= min(best, 3)]


def rule_hint(plays: Sequence[Play]) -> str:
    """The rule for the next card, in words (for a hand nobody has seen)."""
    asked, top = led(plays), top_trump(plays)
    over = f"an atout over T{top}" if top else "an atout"
    if asked is None:
        return "any card"
    if asked == "T":
        return f"{over} if able, else any atout, else anything; the excuse any time"
    return f"{SUIT_NAMES[asked]}, else {over} if able, else any atout, else anything; the excuse any time"


# ----------------------------------------------------------------------------- piles and counting

def piles(tricks: Sequence[tuple[str, Sequence[Play]]], side: Callable[[str], str],
          low: Callable[[str], bool]) -> dict[str, list[str]]:
    """Each side's cards won, from `tricks` as ``(winner, plays)`` in order, with the excuse's
    exchange (`excuse_exchange`): `side` maps a player to their side (themselves when alone),
    `low` says which cards may be handed over for the excuse."""
    out: dict[str, list[str]] = {}
    owed: list[tuple[str, str]] = []
    for i, (won, plays) in enumerate(tricks):
        to = side(won)
        for p, c in plays:
            if c == "EX" and i < len(tricks) - 1 and side(p) != to:
                out.setdefault(side(p), []).append(c)
                owed.append((side(p), to))
            else:
                out.setdefault(to, []).append(c)
    for giver, taker in owed:
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
