"""A game of several hands: the score sheet (each hand's points per player, shown by ``state``
after every hand) and the stake (chips per point, paid between players at the end of each hand,
zero-sum).

The points of a hand are ``scored`` events (the core adds them up in `TableState.scores`); a
game keeps `Sheet`'s fields in its state and calls `note` from its ``evolve``: the points of the
hand gather in `Sheet.pending` and go on the sheet as one row when the hand ends. `pay` turns a
hand's points into chips: every pair of players settles the difference of their points at the
stake (so a team's partners pay nothing to each other), which nets to zero; a player pays at most
what they hold, the payments going to the winners in seat order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ... import events as ev
from ...core.verbs import make_event
from ...state import TableState


@dataclass
class Sheet:
    """Fields of a game's state for its score sheet.

    Attributes:
        sheet: one row per finished hand: ``{"hand": N, "points": {player: points}, "note": text}``.
        pending: this hand's points so far, per player.
        hand_note: what the hand's row says (the game sets it as the hand is scored).
        due: the stake's payments still to record this hand, ``[from, to, amount]``.
    """

    sheet: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[str, int] = field(default_factory=dict)
    hand_note: str = ""
    due: list[list[Any]] = field(default_factory=list)


def scored(points: Mapping[str, int], reason: str) -> list[ev.Event]:
    """One ``scored`` event per player of `points` (zeros too: the sheet shows who played)."""
    return [make_event(ev.Scored, player=p, points=n, reason=reason) for p, n in points.items()]


def nets(points: Mapping[str, int], stake: int) -> dict[str, int]:
    """Each player's chips from `points` at `stake` per point, every pair settling the difference
    of their points: ``stake x (players x points - sum of points)`` (zero-sum)."""
    n, total = len(points), sum(points.values())
    return {p: stake * (n * v - total) for p, v in points.items()}


def pay(state: TableState, points: Mapping[str, int], stake: int, reason: str, *,
        pairwise: bool = True) -> list[ev.Event]:
    """The chips that change hands for `points` at `stake` per point: one ``transfer`` from each
    loser to the winners (seat order), a loser paying no more than they hold. `pairwise`: every
    pair settles the difference of their points (`nets`); else the points are already zero-sum
    (Scarto's count less 26) and each player wins or loses their own points times the stake."""
    owe = nets(points, stake) if pairwise else {p: v * stake for p, v in points.items()}
    order = [s.name for s in state.seats if s.name in owe]
    left = {p: -owe[p] for p in order if owe[p] < 0}
    due = {p: owe[p] for p in order if owe[p] > 0}
    out: list[ev.Event] = []
    for debtor, amount in left.items():
        amount = min(amount, max(0, state.stack(debtor)))
        for p in due:
            give = min(amount, due[p])
            if give > 0:
                out.append(make_event(ev.Transfer, from_account=f"seat:{debtor}", to_account=f"seat:{p}",
                                      amount=give, reason=reason))
                due[p] -= give
                amount -= give
    return out


def after(s: Sheet, state: TableState, points: Mapping[str, int], reason: str) -> list[ev.Event]:
    """What potlog records by itself once a hand's `points` are known (the game's ``after``): the
    ``scored`` events not recorded yet, then the stake's payments (`note` works them out when the
    last player is scored), then the hand's end."""
    hand = state.hand
    if hand is None or hand.ended:
        return []
    if todo := {p: n for p, n in points.items() if p not in s.pending}:
        return scored(todo, reason)
    if s.due:
        return [make_event(ev.Transfer, from_account=s.due[0][0], to_account=s.due[0][1], amount=s.due[0][2],
                           reason=s.due[0][3])]
    return [make_event(ev.HandEnded, hand=hand.number)]


def note(s: Sheet, state: TableState, e: ev.Event, *, players: Sequence[str] = (), stake: int = 0,
         reason: str = "", pairwise: bool = True) -> None:
    """The sheet's part of applying `e` (from the game's ``evolve``): a hand's points; once every
    one of `players` is scored, the payments due at `stake` per point (`pay`, with `reason`)."""
    hand = state.hand
    match e:
        case ev.HandStarted():
            s.pending, s.hand_note, s.due = {}, "", []
        case ev.Scored() if hand is not None and not hand.ended:
            s.pending[e.player] = s.pending.get(e.player, 0) + e.points
            if players and stake and all(p in s.pending for p in players):
                s.due = [[t.from_account, t.to_account, t.amount, t.reason] for t in
                         pay(state, {p: s.pending[p] for p in players}, stake, reason, pairwise=pairwise)
                         if isinstance(t, ev.Transfer)]
        case ev.Transfer() if s.due and s.due[0][:3] == [e.from_account, e.to_account, e.amount]:
            s.due.pop(0)
        case ev.HandEnded() if hand is not None:
            s.sheet.append({"hand": hand.number, "points": dict(s.pending), "note": s.hand_note})
            s.pending = {}


def lines(s: Sheet, state: TableState, players: Sequence[str]) -> list[tuple[str, str]]:
    """``state`` lines: a row per finished hand, then the totals."""
    out = []
    for row in s.sheet:
        pts = ", ".join(f"{p} {row['points'][p]:+d}" for p in players if p in row["points"])
        out.append((f"hand {row['hand']}", pts + (f" ({row['note']})" if row.get("note") else "")))
    if s.sheet:
        out.append(("total", ", ".join(f"{p} {v:+d}" for p, v in totals(s, players).items())))
    return out


def totals(s: Sheet, players: Sequence[str]) -> dict[str, int]:
    """Each player's points over the sheet's hands."""
    return {p: sum(row["points"].get(p, 0) for row in s.sheet) for p in players}
