"""Card values and the ranking of hands: each player's best choice of cards for the target."""

from __future__ import annotations

from dataclasses import dataclass

SUIT_RANK = {"french": {"S": 4, "H": 3, "D": 2, "C": 1}, "spanish": {"E": 4, "C": 3, "B": 2, "O": 1}}
COURT = {"10": 0, "J": 1, "Q": 2, "K": 3}


def card_value(card: str, family: str) -> int:
    """What a card counts: French ace 1, court cards 10; Spanish the printed number."""
    rank = card[:-1]
    if family == "french":
        if rank == "A":
            return 1
        if rank in ("J", "Q", "K"):
            return 10
    return int(rank)


def card_order(card: str, family: str) -> tuple[int, int, int]:
    """How high a card is: by value, then K > Q > J > 10, then suit."""
    return (card_value(card, family), COURT.get(card[:-1], 0) if family == "french" else 0,
            SUIT_RANK[family][card[-1]])


@dataclass(frozen=True)
class BestHand:
    """A player's best choice of cards for a target, and its ranking key (smaller is better)."""

    player: str
    cards: tuple[str, ...]
    total: int
    target: int

    @property
    def bust(self) -> bool:
        return self.total > self.target

    def key(self, family: str) -> tuple[int, ...]:
        top = max(self.cards, key=lambda c: card_order(c, family))
        value, court, suit = card_order(top, family)
        return (1 if self.bust else 0, abs(self.target - self.total), len(self.cards), -suit, -value, -court)

    def text(self) -> str:
        diff = self.target - self.total
        how = "exactly" if diff == 0 else f"{diff} under" if diff > 0 else f"bust by {-diff}"
        return f"{'+'.join(self.cards)} = {self.total} ({how})"


def best_hand(player: str, hole: str, others: list[str], target: int, family: str) -> BestHand:
    """The best of hole+a, hole+b and hole+a+b for `target`."""
    choices = [(hole, c) for c in others] + ([(hole, *others)] if len(others) > 1 else [])
    hands = [BestHand(player, tuple(ch), sum(card_value(c, family) for c in ch), target) for ch in choices]
    return min(hands, key=lambda h: h.key(family))
