"""Bluke's `evolve`: the turn, the phase and ``state.ext`` after each event (never refuses)."""

from __future__ import annotations

from ... import events as ev
from ...kit import turns
from ...state import TableState
from .options import ext, opts
from .rules import HAND, STAKE, schedule


def evolve(state: TableState, event: ev.Event) -> None:
    x, hand = ext(state), state.hand
    match event:
        case ev.HandStarted():
            if not x.schedule:
                x.schedule = schedule(len([s for s in state.seats if s.in_hand]), opts(state).new_jersey)
            idx = min(event.hand, len(x.schedule)) - 1
            x.points = {}
            HAND.start(state, turns.clockwise(state, event.dealer, include=lambda s: s.in_hand),
                       x.schedule[idx] if idx >= 0 else 0)
        case ev.HandEnded():
            if hand is not None and hand.number:
                x.history.append({
                    "hand": hand.number, "cards": x.cards, "dealer": hand.dealer, "trump": x.trump,
                    "trump_card": x.trump_card, "mode": "tally" if x.tally else "cards",
                    "bids": dict(x.bids), "taken": dict(x.taken), "points": dict(x.points)})
                x.over = x.over or hand.number >= len(x.schedule)
        case _ if STAKE.evolve(state, event, scoring=hand is not None and hand.phase == "scoring"):
            pass
        case ev.CardsDealt() if not state.in_hand and not x.schedule and state.seat(event.to) is not None:
            x.draws.setdefault(event.to, []).append(event.cards[-1])  # a draw for the first deal
        case _ if state.in_hand:
            HAND.evolve(state, event)
