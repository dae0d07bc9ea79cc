"""What `potlog state` shows for Bluke: who may do what next (`legal`) and the game's own lines
(`describe`)."""

from __future__ import annotations

from . import points, tricks
from ...state import TableState
from ...core.contract import Legal
from .options import MAX_PLAYERS, MIN_PLAYERS, ext, opts
from .rules import DRAW, HAND, schedule


def legal(state: TableState) -> list[Legal]:
    if state.closed:
        return []
    x = ext(state)
    if state.in_hand:
        return HAND.legal(state)
    if x.over:
        return [Legal(None, ("close", "note", "pay"), "the game is over: potlog scorecard")]
    if x.schedule:
        return [Legal(None, ("hand", "note", "close"))]
    return DRAW.legal(state, x.draws)


def describe(state: TableState) -> list[tuple[str, str]]:
    x, hand = ext(state), state.hand
    out: list[tuple[str, str]] = []
    if not x.schedule:
        n = len(state.active_seats)
        if MIN_PLAYERS <= n <= MAX_PLAYERS:
            plan = schedule(n, opts(state).new_jersey)
            out.append(("game", f"{len(plan)} hands of {', '.join(map(str, plan))} cards"))
        if x.draws:
            out.append(("draw for the deal", DRAW.text(state, x.draws)))
        return out
    if hand is not None and hand.number:
        out.append(("hand", f"{hand.number} of {len(x.schedule)}: {x.cards} card{'s' if x.cards != 1 else ''} each"))
        out += HAND.describe(state)
    if x.revokes:
        out.append(("revokes", tricks.revokes_text(x.revokes)))
    return out + ([points.result(state)] if x.over else [])
