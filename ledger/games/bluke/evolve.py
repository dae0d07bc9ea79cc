"""Bluke's `evolve`: the turn, the phase and ``state.ext`` after each event (never refuses)."""

from __future__ import annotations

from ... import events as ev
from ...cards import JOKERS
from ...kit import tricks, turns
from ...state import Hand, TableState
from .options import BlukeState, ext, opts
from .rules import rule_of, schedule, settlement


def evolve(state: TableState, event: ev.Event) -> None:
    x, hand = ext(state), state.hand
    match event:
        case ev.HandStarted():
            _start(state, x, event)
        case ev.HandEnded():
            if hand is not None and hand.number:
                x.history.append({
                    "hand": hand.number, "cards": x.cards, "dealer": hand.dealer, "trump": x.trump,
                    "trump_card": x.trump_card, "mode": "tally" if x.tally else "cards",
                    "bids": dict(x.bids), "taken": dict(x.taken), "points": dict(x.points)})
                x.over = x.over or hand.number >= len(x.schedule)
        case _ if hand is None or hand.ended:
            _between_hands(state, x, event)
        case ev.CardsDealt(to="trump"):
            x.trump_card = card = event.cards[-1]
            x.trump = "none" if card in JOKERS else card[-1]
        case ev.Declared():
            _declared(state, x, hand, event)
        case ev.Scored() if hand.phase == "scoring" and event.player not in x.points:
            x.points[event.player] = event.points
        case ev.Scored():
            _adjusted(x, hand, event)
        case _ if tricks.evolve(state, x, rule_of(state), event):
            hand.phase, hand.to_act = "scoring", None


def _between_hands(state: TableState, x: BlukeState, event: ev.Event) -> None:
    match event:
        case ev.CardsDealt() if not x.schedule and state.seat(event.to) is not None:
            x.draws.setdefault(event.to, []).append(event.cards[-1])  # a draw for the first deal
        case ev.Declared(name="settle"):
            _settle_planned(state, x)
        case ev.Transfer() if x.settle_due[:1] == [[event.from_account, event.to_account, event.amount]]:
            x.settle_due.pop(0)
        case ev.Scored():
            _adjusted(x, state.hand, event)


def _start(state: TableState, x: BlukeState, e: ev.HandStarted) -> None:
    hand = state.hand
    assert hand is not None
    if not x.schedule:
        x.schedule = schedule(len([s for s in state.seats if s.in_hand]), opts(state).new_jersey)
    idx = min(e.hand, len(x.schedule)) - 1
    order = turns.clockwise(state, e.dealer, include=lambda s: s.in_hand)
    hand.to_act = tricks.new_hand(x, order, x.schedule[idx] if idx >= 0 else 0)
    x.trump = x.trump_card = None
    x.bids, x.points, x.tally = {}, {}, False
    hand.phase = "bidding"


def _declared(state: TableState, x: BlukeState, hand: Hand, e: ev.Declared) -> None:
    if e.player is None or not isinstance(e.value, int) or isinstance(e.value, bool):
        if e.name == "settle":
            _settle_planned(state, x)
    elif e.name == "bid":
        x.bids[e.player] = e.value
        waiting = [p for p in x.order if p not in x.bids]
        hand.to_act = waiting[0] if waiting else x.leader
        hand.phase = hand.phase if waiting else "playing"
    elif e.name == "taken":
        x.taken[e.player] = e.value
        x.tally = True
        if all(p in x.taken for p in x.order):
            hand.phase, hand.to_act = "scoring", None


def _adjusted(x: BlukeState, hand: Hand | None, e: ev.Scored) -> None:
    """Points given outside the bid/tricks scoring (a table ruling)."""
    x.adjustments.append({"hand": hand.number if hand is not None else 0, "player": e.player,
                          "points": e.points, "reason": e.reason})


def _settle_planned(state: TableState, x: BlukeState) -> None:
    """The settlement starts: keep its payments as due (for ``verify --rules``)."""
    if not x.settled:
        x.settle_due = [[e.from_account, e.to_account, e.amount] for e in settlement(state)
                        if isinstance(e, ev.Transfer)]
    x.settled = True
