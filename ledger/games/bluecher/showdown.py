"""The showdown and the settlement: best hands, the pots (side pots included, `kit.pots`), the
all-bust payment and what rides into the next hand, and who deals next."""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...kit import deal, pots, stages
from ...kit.evaluators import Ranked
from ...state import TableState
from .. import base
from .hands import BestHand, best_hand
from .options import ext, family_of
from .stages import FLOW


def last_one_wins(state: TableState, pot: int | None = None) -> list[ev.Event]:
    """Everyone else folded: the last player takes every chip in the pot without showing, and deals next."""
    winner, events = pots.last_in(state, amount=pot)
    return events + ([deal.next_dealer(state, winner)] if winner else []) + [
        base.make_event(ev.HandEnded, hand=base.require_hand(state).number)]


def showdown_hands(state: TableState) -> tuple[list[BestHand], list[str]]:
    """Each live player's best hand from their known cards, and who still has to show what."""
    x, family = ext(state), family_of(state)
    hands, missing = [], []
    for name in x.order:
        seat = state.seat(name)
        if seat is None or not seat.in_hand or seat.folded:
            continue
        hole, left = x.hole.get(name), deal.hole_missing(state, name, x.hole.get(name))
        if left:
            missing.append(left)
        elif hole is not None and x.target is not None:
            others = [h.card for h in seat.cards if h.card != hole]
            hands.append(best_hand(name, hole, others, x.target, family))
    return hands, missing


def showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    stages.hand_on(state)
    x = ext(state)
    if x.phase == "won":
        return last_one_wins(state)
    if x.phase != "showdown":
        raise RuleViolation(f"the showdown comes after the third round; {FLOW.text(x.phase)}"
                            + (f" ({state.hand.to_act} to act)" if state.hand and state.hand.to_act else ""))
    hands = _hands(state)  # the remaining players expose their cards
    return deal.turn_up(state, [h.player for h in hands]) + _settle(state, hands, state.balance("pot"))


def _hands(state: TableState) -> list[BestHand]:
    hands, missing = showdown_hands(state)
    if missing:
        raise RuleViolation("; ".join(missing))
    return hands


def _settle(state: TableState, hands: list[BestHand], total: int) -> list[ev.Event]:
    """The awards (each pot its own showdown among its contenders), the carry-over, the next
    dealer and the end of the hand, for a pot of `total` chips."""
    x, family, hand = ext(state), family_of(state), base.require_hand(state)
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
    return events + [base.make_event(ev.HandEnded, hand=hand.number)]


def settlement(state: TableState) -> list[ev.Event]:
    """What the showdown (or the last fold) pays out this hand, counted from the whole pot
    (what is left plus what was already paid)."""
    x = ext(state)
    total = state.balance("pot") + x.paid
    return last_one_wins(state, total) if x.phase == "won" else _settle(state, _hands(state), total)
