"""``apply``: Blücher's part of applying an event — the phase, the turn and `BluecherExt`."""

from __future__ import annotations

from typing import Any

from ... import events as ev
from ...cards import UNKNOWN
from ...state import Seat, TableState
from .options import BluecherExt, _x

_STAKES = ("bet", "call", "raise", "all_in")


def apply(state: TableState, event: ev.Event) -> None:
    x = _x(state)
    t = event.type  # type: ignore[attr-defined]
    hand = state.hand
    if t == "hand_started":
        _begin(state, x, event)  # type: ignore[arg-type]
    elif t == "hand_ended":
        x.phase = "ended"
        return
    elif hand is None or hand.ended:
        return
    elif t == "declared":
        _declared(state, x, event)  # type: ignore[arg-type]
        return  # a declaration moves no turn
    elif t == "cards_dealt":
        if state.seat(event.to) is not None:  # type: ignore[attr-defined]
            x.stock -= len(event.cards)  # type: ignore[attr-defined]
        if x.phase != "deal":
            return
    elif t == "cards_exchanged":
        x.stock -= len(event.draw)  # type: ignore[attr-defined]
        if x.phase == "round":
            x.bought.append(event.player)  # type: ignore[attr-defined]
        return
    elif t == "dice_rolled":
        if x.target is None and x.phase in ("roll", "open"):
            x.target = sum(event.faces)  # type: ignore[attr-defined]
            x.phase = "round-over"
    elif t == "round_started":
        x.phase = "round"
        x.acted, x.raised, x.bought, x.high = [], [], [], 0
    elif t in _STAKES:
        _stake(state, x, event)
    elif t == "check":
        x.acted.append(event.player)  # type: ignore[attr-defined]
    elif t == "fold":
        x.acted.append(event.player)  # type: ignore[attr-defined]
        _flow(state, x, folded=True)
        return
    elif t == "deck_reshuffled":
        x.stock += event.cards  # type: ignore[attr-defined]
    elif t == "pot_awarded":
        x.paid += sum(s.amount for s in event.shares)  # type: ignore[attr-defined]
        x.settled += 1
        return
    elif t == "pot_carried":
        x.paid += event.amount  # type: ignore[attr-defined]
        x.settled += 1
        return
    elif t == "player_left":
        _flow(state, x, folded=True)
        return
    else:
        return
    _flow(state, x)


def _begin(state: TableState, x: BluecherExt, e: ev.HandStarted) -> None:
    x.phase = "deal"
    x.card_cost = int(state.options.get("card_cost", 1))
    x.dice = x.limit = x.target = None
    x.hole = {}
    x.acted, x.raised, x.bought, x.high = [], [], [], 0
    x.stock = x.pack_size
    x.carried_in = e.carry_in
    x.next_dealer = None
    x.paid = x.settled = 0
    balances = state.balances
    for s in state.seats:
        if s.in_hand and balances.get("seat:" + s.name, 0) <= 0:
            s.in_hand = False  # no chips: sits this hand out
    names = [s.name for s in state.seats]
    start = names.index(e.first) if e.first in names else (names.index(e.dealer) + 1 if e.dealer in names else 0)
    n = len(names)
    x.order = [names[(start + i) % n] for i in range(n) if state.seats[(start + i) % n].in_hand]
    state.hand.phase = "deal"  # type: ignore[union-attr]
    state.hand.to_act = None  # type: ignore[union-attr]


def _declared(state: TableState, x: BluecherExt, e: ev.Declared) -> None:
    name, value = e.name, e.value
    if name == "cost" and isinstance(value, int):
        x.card_cost = value
    elif name == "dice" and isinstance(value, int):
        x.dice = value
    elif name == "limit" and isinstance(value, int):
        x.limit = value
    elif name == "next-dealer" and isinstance(value, str):
        x.next_dealer = value
        x.settled += 1
    elif name == "hole" and e.player and isinstance(value, str):
        x.hole[e.player] = value
        seat = state.seat(e.player)
        if seat is not None and value != UNKNOWN and all(h.card != value for h in seat.cards):
            for h in seat.cards:  # the hole names one of the player's unseen cards
                if h.card == UNKNOWN:
                    h.card = value
                    break


def _stake(state: TableState, x: BluecherExt, e: Any) -> None:
    seat = state.seat(e.player)
    if e.player not in x.acted:
        x.acted.append(e.player)
    if seat is not None and (e.type in ("bet", "raise") or (e.type == "all_in" and seat.round_bet > x.high)):
        if e.player not in x.raised:
            x.raised.append(e.player)
    if state.hand is not None:
        x.high = state.hand.current_bet


def _can_act(state: TableState, seat: Seat | None) -> bool:
    return (seat is not None and seat.in_hand and seat.active and not seat.folded
            and state.balances.get("seat:" + seat.name, 0) > 0)


def _in_order(state: TableState, x: BluecherExt) -> list[Seat]:
    """The hand's seats from the first player, clockwise."""
    by_name = {s.name: s for s in state.seats}
    return [by_name[n] for n in x.order if n in by_name]


def _next_open(state: TableState, x: BluecherExt) -> str | None:
    for seat in _in_order(state, x):
        if seat.in_hand and seat.active and not seat.folded and seat.name not in x.acted:
            return seat.name
    return None


def _next_round(state: TableState, x: BluecherExt) -> str | None:
    seats = _in_order(state, x)
    for seat in seats:
        if _can_act(state, seat) and seat.name not in x.acted:  # type: ignore[union-attr]
            return seat.name  # type: ignore[union-attr]
    bet = state.hand.current_bet  # type: ignore[union-attr]
    for seat in seats:
        if _can_act(state, seat) and seat.round_bet < bet:  # type: ignore[union-attr]
            return seat.name  # type: ignore[union-attr]
    return None


def _flow(state: TableState, x: BluecherExt, folded: bool = False) -> None:
    """Where the hand is now: the phase and whose turn it is (`folded`: someone just left
    the hand, so it may be down to one player)."""
    hand = state.hand
    assert hand is not None
    to_act: str | None = None
    if x.phase == "deal":
        dealt = [s for s in state.seats if s.in_hand]
        if dealt and all(len(s.cards) >= 3 for s in dealt):
            x.phase = "open"
    if folded and x.phase in ("open", "roll", "round", "round-over", "showdown"):
        if sum(1 for s in state.seats if s.in_hand and not s.folded) <= 1:
            x.phase = "won"
    if x.phase == "open":
        to_act = _next_open(state, x)
        if to_act is None:
            x.phase = "roll"
    if x.phase == "roll":
        to_act = x.order[0] if x.order else None
    elif x.phase == "round":
        to_act = _next_round(state, x)
        if to_act is None:
            x.phase = "showdown" if hand.round >= 3 else "round-over"
    hand.phase = x.phase
    hand.to_act = to_act
