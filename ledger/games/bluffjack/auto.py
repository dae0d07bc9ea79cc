"""What potlog records by itself when a stage is due (a new round, the forced raise), and
trial applies of events to a copy of the table."""

from __future__ import annotations

from ... import events as ev
from ...state import TableState
from .. import base
from .table import _able, _ext, _opt


def _trial(state: TableState, events: list[ev.Event]) -> TableState:
    from ...reducer import apply as reduce

    st = state.clone()
    for e in events:
        reduce(st, st.seq + 1, e)
    return st


def _auto(state: TableState) -> list[ev.Event]:
    """What potlog records by itself when a stage is due: a new round, the forced raise."""
    ext = _ext(state)
    hand = state.hand
    if not ext.due or hand is None or hand.ended:
        return []
    if ext.due != "forced":
        return [base.make_event(ev.RoundStarted, round=hand.round + 1, name=ext.due)]
    able = _able(state)
    if not able:
        return []
    forced = able[0].name
    stack = state.stack(forced)
    amount = min(int(_opt(state, "ante")), stack)
    if amount == stack:
        return [base.make_event(ev.AllIn, player=forced, amount=amount)]
    return [base.make_event(ev.Raise, player=forced, amount=amount, by=amount)]


def _auto_chain(state: TableState) -> list[ev.Event]:
    out: list[ev.Event] = []
    for _ in range(6):
        more = _auto(state)
        if not more:
            break
        out += more
        state = _trial(state, more)
    return out
