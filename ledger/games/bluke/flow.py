"""Bluke's `apply`: the turn, the phase and ``state.ext`` after each event (never refuses)."""

from __future__ import annotations

from ... import events as ev
from ...cards import JOKERS
from ...state import TableState
from .options import BlukeState, _ext, _nj
from .rules import _revoke_shown, klass, schedule
from .scoring import settlement


def apply(state: TableState, event: ev.Event) -> None:
    x = _ext(state)
    t = event.type  # type: ignore[attr-defined]
    hand = state.hand
    if t == "hand_started":
        _start(state, x, event)  # type: ignore[arg-type]
    elif t == "hand_ended" and hand is not None and hand.number:
        x.history.append({
            "hand": hand.number, "cards": x.cards, "dealer": hand.dealer, "trump": x.trump,
            "trump_card": x.trump_card, "mode": "tally" if x.tally else "cards",
            "bids": dict(x.bids), "taken": dict(x.taken), "points": dict(x.points),
        })
        if hand.number >= len(x.schedule):
            x.over = True
    elif hand is None or hand.ended:
        if t == "cards_dealt" and not x.schedule and state.seat(event.to) is not None:  # type: ignore[attr-defined]
            x.draws.setdefault(event.to, []).append(event.cards[-1])  # type: ignore[attr-defined]
        elif t == "declared" and event.name == "settle":  # type: ignore[attr-defined]
            _settle_planned(state, x)
        elif t == "transfer" and x.settle_due:
            if x.settle_due[0] == [event.from_account, event.to_account, event.amount]:  # type: ignore[attr-defined]
                x.settle_due.pop(0)
        elif t == "scored":
            x.adjustments.append({"hand": hand.number if hand is not None else 0, "player": event.player,  # type: ignore[attr-defined]
                                  "points": event.points, "reason": event.reason})  # type: ignore[attr-defined]
    elif t == "cards_dealt" and event.to == "trump":  # type: ignore[attr-defined]
        card = event.cards[-1]  # type: ignore[attr-defined]
        x.trump_card = card
        x.trump = "none" if card in JOKERS else card[-1]
    elif t == "declared":
        _declared(state, x, event)  # type: ignore[arg-type]
    elif t == "card_played":
        _card_played(state, x, event)  # type: ignore[arg-type]
    elif t == "cards_revealed" and event.holder in x.order:  # type: ignore[attr-defined]
        for card in event.cards:  # type: ignore[attr-defined]
            _flag_revoke(state, x, event.holder, card, "revealed")  # type: ignore[attr-defined]
    elif t == "trick_won":
        x.taken[event.player] = x.taken.get(event.player, 0) + 1  # type: ignore[attr-defined]
        x.tricks_done += 1
        x.leader = hand.to_act = event.player  # type: ignore[attr-defined]
        if x.tricks_done >= x.cards:
            hand.phase, hand.to_act = "scoring", None
    elif t == "scored":
        if hand.phase == "scoring" and event.player not in x.points:  # type: ignore[attr-defined]
            x.points[event.player] = event.points  # type: ignore[attr-defined]
        else:
            x.adjustments.append({"hand": hand.number, "player": event.player,  # type: ignore[attr-defined]
                                  "points": event.points, "reason": event.reason})  # type: ignore[attr-defined]


def _settle_planned(state: TableState, x: BlukeState) -> None:
    """The settlement starts: keep its payments as due (for ``verify --rules``)."""
    if not x.settled:
        plan = settlement(state)
        x.settle_due = [[e.from_account, e.to_account, e.amount] for e in plan if e.type == "transfer"]  # type: ignore[attr-defined]
    x.settled = True


def _start(state: TableState, x: BlukeState, e: ev.HandStarted) -> None:
    hand = state.hand
    assert hand is not None
    players = [s.name for s in state.seats if s.in_hand]
    if not x.schedule:
        x.schedule = schedule(len(players), _nj(state))
    names = [s.name for s in state.seats]
    start = names.index(e.dealer) + 1 if e.dealer in names else 0
    ordered = [names[(start + i) % len(names)] for i in range(len(names))]
    x.order = [p for p in ordered if p in players]
    idx = min(e.hand, len(x.schedule)) - 1
    x.cards = x.schedule[idx] if idx >= 0 else 0
    x.trump = x.trump_card = None
    x.bids, x.taken, x.points, x.voids = {}, {}, {}, {}
    x.tally, x.tricks_done = False, 0
    x.leader = x.order[0] if x.order else None
    hand.phase = "bidding"
    hand.to_act = x.leader


def _declared(state: TableState, x: BlukeState, e: ev.Declared) -> None:
    hand = state.hand
    assert hand is not None
    if e.player is None or not isinstance(e.value, int) or isinstance(e.value, bool):
        if e.name == "settle":
            _settle_planned(state, x)
        return
    if e.name == "bid":
        x.bids[e.player] = e.value
        waiting = [p for p in x.order if p not in x.bids]
        if waiting:
            hand.to_act = waiting[0]
        else:
            hand.phase, hand.to_act = "playing", x.leader
    elif e.name == "taken":
        x.taken[e.player] = e.value
        x.tally = True
        if all(p in x.taken for p in x.order):
            hand.phase, hand.to_act = "scoring", None


def _flag_revoke(state: TableState, x: BlukeState, player: str, card: str, when: int | str) -> None:
    """Record a revoke if `card` is of a suit `player` did not follow earlier this hand (once)."""
    hit = _revoke_shown(x, player, card, x.trump, _nj(state))
    if hit is not None:
        x.revokes.append({"hand": state.hand.number, "player": player, "suit": hit[0], "trick": hit[1],  # type: ignore[union-attr]
                          "shown": when, "card": card})
        del x.voids[player][hit[0]]


def _card_played(state: TableState, x: BlukeState, e: ev.CardPlayed) -> None:
    hand = state.hand
    assert hand is not None
    nj = _nj(state)
    _flag_revoke(state, x, e.player, e.card, x.tricks_done + 1)
    if len(hand.trick) > 1:
        led = klass(hand.trick[0].card, x.trump, nj)
        mine = klass(e.card, x.trump, nj)
        if led is not None and mine != led and not (mine is None and not nj):
            x.voids.setdefault(e.player, {}).setdefault(led, x.tricks_done + 1)
    if len(hand.trick) >= len(x.order):
        hand.to_act = None
    elif e.player in x.order:
        hand.to_act = x.order[(x.order.index(e.player) + 1) % len(x.order)]
