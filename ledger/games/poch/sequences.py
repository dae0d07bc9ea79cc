"""Playing out in sequences (Poch's third part; the family of Newmarket): a card is led, whoever
holds the next higher card of its suit plays it, and so on until the Ace or until nobody can
follow; the player of the last card then begins a new sequence. The first to play out their
last card wins.

Nobody plays in turn: the recorder names who played what. potlog checks what it can: the
leader, the lead of the first sequence when the leader's hand is known, that a card follows
on, and, when every hand is known, that nobody could follow before a new sequence begins.

Public API:

- ``RANKS``: the ranks from the lowest (2) to the Ace; ``next_card(card, ranks=RANKS)``: the
  next higher card of the same suit, None after the Ace.
- ``Run``: where a game keeps the sequence (any object with ``leader``, ``card``, ``player``
  and ``sequences``, such as its flat ext): who must begin the next sequence ("" while one is
  going), the last card and its player, and how many sequences were begun.
- ``lowest_of_longest(held, ranks=RANKS) -> list[str]``: the cards a first lead may be: the
  lowest card of each of the longest suits in `held`.
- ``holder(hands, card) -> str | None``: who holds `card` (`hands`: player -> cards).
- ``check(run, player, card, hands, *, first="lowest") -> None``: refuse a play (`RuleViolation`)
  the sequence does not allow; `hands` are every player's cards (``??`` unseen) before it;
  ``first="lowest"``: the first lead is the lowest card of a longest suit (checked when the
  leader's hand is known); ``"any"``: any card.
- ``played(run, player, card, left) -> bool``: update `run` for a recorded play (`left`: the
  player's cards after it); True when it began a new sequence. Once a player is out, or after
  an Ace, the player of the last card leads (``leader``); out: ``leader`` is "".
"""

from __future__ import annotations

from typing import Literal, Mapping, Protocol, Sequence

from ...cards import UNKNOWN, rank, suit
from ...errors import RuleViolation

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class Run(Protocol):
    leader: str
    card: str
    player: str
    sequences: int


def next_card(card: str, ranks: Sequence[str] = RANKS) -> str | None:
    """The next higher card of `card`'s suit (None after the Ace)."""
    i = list(ranks).index(rank(card))
    return ranks[i + 1] + (suit(card) or "") if i + 1 < len(ranks) else None


def lowest_of_longest(held: Sequence[str], ranks: Sequence[str] = RANKS) -> list[str]:
    """The lowest card of each longest suit in `held`."""
    by: dict[str, list[str]] = {}
    for c in held:
        by.setdefault(suit(c) or "", []).append(c)
    longest = max((len(v) for v in by.values()), default=0)
    return [min(v, key=lambda c: list(ranks).index(rank(c))) for v in by.values() if len(v) == longest]


def holder(hands: Mapping[str, Sequence[str]], card: str) -> str | None:
    """Who holds `card` among the known cards."""
    return next((p for p, cards in hands.items() if card in cards), None)


def check(run: Run, player: str, card: str, hands: Mapping[str, Sequence[str]], *,
          first: Literal["lowest", "any"] = "lowest") -> None:
    """Refuse `player`'s `card` unless the sequence allows it (see the module docstring)."""
    if run.leader:
        if player != run.leader:
            which = "next" if run.sequences else "first"
            raise RuleViolation(f"{run.leader} begins the {which} sequence, not {player}")
        held = list(hands.get(player, ()))
        if first == "lowest" and not run.sequences and UNKNOWN not in held and card not in lowest_of_longest(held):
            raise RuleViolation(f"{player} leads the lowest card of their longest suit: "
                                f"{' or '.join(lowest_of_longest(held))}, not {card}")
        return
    want = next_card(run.card)
    if card == want:
        return
    if player != run.player:
        raise RuleViolation(f"the sequence calls for {want}: whoever holds it plays it, or {run.player}, who played "
                            f"{run.card}, begins a new sequence")
    known = all(UNKNOWN not in cards for cards in hands.values())
    if want and known and (who := holder(hands, want)):
        raise RuleViolation(f"{who} holds {want}: the sequence goes on")


def played(run: Run, player: str, card: str, left: int) -> bool:
    """Record a play in `run`; True when it began a new sequence."""
    new = bool(run.leader) or card != next_card(run.card)
    run.sequences += 1 if new else 0
    run.card, run.player = card, player
    run.leader = player if rank(card) == "A" and left else ""
    return new
