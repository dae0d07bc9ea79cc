"""Bluke's `decide`: each command to its handler, the shared ones to `base.decide_generic`."""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from .. import base
from .options import NAME, Options
from .play import _bid, _end, _play, _reveal, _tricks
from .table import _close, _deal, _hand, _join, _leave, _score


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, NAME)
    handler = _VERBS.get(cmd.verb)
    if handler is not None:
        return handler(state, cmd)
    if cmd.verb in _GENERIC:
        return base.decide_generic(state, cmd, NAME)
    raise RuleViolation(
        f"Bluke has no '{cmd.verb}': it is played for points (hand, deal trump, bid, play or tricks; "
        "potlog scorecard shows the scores)"
    )


_VERBS = {
    "join": _join, "leave": _leave, "hand": _hand, "deal": _deal, "bid": _bid, "tricks": _tricks,
    "play": _play, "end": _end, "score": _score, "close": _close, "reveal": _reveal,
}
_GENERIC = {"rebuy", "pay", "count", "note", "void"}
