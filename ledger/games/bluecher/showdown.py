"""Blücher's own evaluator and payments: card values and the ranking of hands (each player's
best choice of cards for the target), the showdown and the settlement: the pots (side pots
included, `kit.pots`), the all-bust payment, what rides into the next hand, who deals next."""

from __future__ import annotations

from dataclasses import dataclass

from ... import events as ev
from ...core.commands import Command
from ...errors import RuleViolation
from ...kit import deal, pots
from . import staged
from ...kit.evaluators import Ranked
from ...state import TableState
from ...core.table import require_hand
from ...core.verbs import make_event
from .options import ext, family_of
from .stages import FLOW

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


def showdown_hands(state: TableState) -> tuple[list[BestHand], list[str]]:
    """Each live player's best hand from their known cards, and who still has to show what."""
    x, family, target = ext(state), family_of(state), ext(state).target
    return staged.hole_hands(state, x.order, x.hole, None if target is None else
                             lambda p, hole, others: best_hand(p, hole, others, target, family))


def showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    return staged.showdown(state, FLOW, _phase, _hands, _settle, player=lambda h: h.player,
                           refusal="the showdown comes after the third round: {now}{acting}")


def _hands(state: TableState) -> list[BestHand]:
    hands, missing = showdown_hands(state)
    if missing:
        raise RuleViolation("; ".join(missing))
    return hands


def _settle(state: TableState, hands: list[BestHand], total: int) -> list[ev.Event]:
    """The awards (each pot its own showdown among its contenders), the carry-over, the next
    dealer and the end of the hand, for a pot of `total` chips."""
    x, family, hand = ext(state), family_of(state), require_hand(state)
    by = {h.player: h for h in hands}
    ranks = {p: Ranked(tuple(-k for k in h.key(family)), h.text()) for p, h in by.items()}
    payout = pots.Payout(single="main pot", returned=False, lone="{layer}: back to {player}, nobody else could match it",
                         reason=lambda layer, won: f"{layer.name}: {won[0]} {by[won[0]].text()}, target {x.target}",
                         loses=lambda p: by[p].bust, lost=pots.least_wrong(ranks, "{layer}: all bust; {player} "
                                                                          "least wrong with {label}, 1 chip per other player"))
    events = pots.award_by_rank(state, ranks, x.order, total=total, payout=payout)
    main = pots.layers(state, x.order, total=total, returned=False)[:1]
    if main and any(p in by for p in main[0].eligible):
        best = min((by[p] for p in main[0].eligible if p in by), key=lambda h: h.key(family))
        events.append(deal.next_dealer(state, None if best.bust else best.player))
    return events + [make_event(ev.HandEnded, hand=hand.number)]


def settlement(state: TableState) -> list[ev.Event]:
    """What the showdown (or the last fold) pays out this hand, counted from the whole pot."""
    return staged.settlement(state, FLOW, _phase, _hands, _settle, paid=ext(state).paid)


def _phase(state: TableState) -> str:
    return ext(state).phase
