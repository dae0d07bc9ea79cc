"""What potlog records by itself: a full trick's winner, the hand's points and end, and the
stake's settlement after the last hand (or at ``close``).
"""

from __future__ import annotations

from ... import events as ev
from ...state import TableState
from .. import base
from .options import BlukeState, _ext
from .rules import _trump_suit, hand_points, outcome, trick_winner


def _pending(state: TableState, x: BlukeState) -> bool:
    return state.hand is not None and bool(x.order) and len(state.hand.trick) >= len(x.order)


def _resolve(state: TableState, x: BlukeState) -> ev.Event:
    plays = [(p.player, p.card) for p in state.hand.trick]  # type: ignore[union-attr]
    return base.make_event(ev.TrickWon, player=trick_winner(plays, _trump_suit(x.trump)), trick=x.tricks_done + 1)


def _trial(state: TableState, events: list[ev.Event]) -> TableState:
    from ...reducer import apply

    st = state.clone()
    for e in events:
        apply(st, st.seq + 1, e)
    return st


def _finish(state: TableState, so_far: list[ev.Event]) -> list[ev.Event]:
    """The hand's points and its end (and the settlement after the last hand)."""
    st = _trial(state, so_far)
    x = _ext(st)
    hand = st.hand
    assert hand is not None
    out: list[ev.Event] = []
    for p in [p for p in x.order if p not in x.points]:
        bid, took = x.bids.get(p, 0), x.taken.get(p, 0)
        pts = hand_points(bid, took)
        result = {"S": "set", "O": "overtricks", "P": "perfect"}[outcome(bid, took)]
        out.append(base.make_event(ev.Scored, player=p, points=pts,
                                   reason=f"hand {hand.number}: bid {bid}, took {took} ({result})"))
    out.append(base.make_event(ev.HandEnded, hand=hand.number))
    if hand.number >= len(x.schedule):
        out += settlement(_trial(st, out))
    return out


def settlement(state: TableState) -> list[ev.Event]:
    """The stake paid out: every pair settles the difference of their scores (see module doc)."""
    x = _ext(state)
    stake = int(state.options.get("stake", 0) or 0)
    if stake <= 0 or x.settled or not x.history:
        return []
    players = [s.name for s in state.seats if s.active and s.name in state.scores]
    n, total = len(players), sum(state.scores.get(p, 0) for p in players)
    net = {p: stake * (n * state.scores.get(p, 0) - total) for p in players}
    pays = {p: min(-v, state.stack(p)) for p, v in net.items() if v < 0}
    owed = {p: v for p, v in net.items() if v > 0}
    paid, due = sum(pays.values()), sum(owed.values())
    gets = dict(owed)
    if paid < due:  # someone could not cover: the winners share what was paid, pro rata
        gets = {p: v * paid // due for p, v in owed.items()}
        short = paid - sum(gets.values())
        for p in sorted(owed, key=lambda p: (-owed[p], players.index(p)))[:short]:
            gets[p] += 1
    events: list[ev.Event] = [base.make_event(ev.Declared, player=None, name="settle", value=stake)]
    creditors = [[p, gets[p]] for p in players if gets.get(p, 0) > 0]
    for debtor in players:
        left = pays.get(debtor, 0)
        for entry in creditors:
            if left == 0:
                break
            amount = min(left, entry[1])
            if amount <= 0:
                continue
            entry[1] -= amount
            left -= amount
            events.append(base.make_event(
                ev.Transfer, from_account="seat:" + debtor, to_account="seat:" + entry[0], amount=amount,
                reason=f"Bluke settlement at {stake} per point"))
    return events
