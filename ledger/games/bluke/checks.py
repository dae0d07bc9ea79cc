"""Bluke's `check_event` for ``potlog verify --rules``: what potlog records by itself is
recomputed, every other event is decided again and must come out the same."""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...kit import tricks
from ...state import TableState
from .. import base
from .decide import bids_done, decide, due
from .options import NAME, Options, ext


def check_event(state: TableState, event: ev.Event) -> None:
    """Raise `RuleViolation` if Bluke's rules would not have recorded `event` in `state`
    (``potlog verify --rules``). What potlog records by itself (trick winners, points, the
    hand's end, the settlement) is recomputed; every other event is decided again from the
    command that causes it and must come out the same."""
    from ...verify import command_for

    if isinstance(event, ev.SessionOpened):
        return base.check_opened(event, Options, NAME)
    plain = event.model_copy(update={"ruling": None})
    auto = due(state)
    if auto:
        return base.require_same(auto[0], plain)
    cmd: Command | None
    match event:
        case ev.TrickWon() | ev.Scored() | ev.HandEnded():
            raise RuleViolation(f"potlog records {event.type.replace('_', ' ')} by itself, and none is due here")
        case ev.Note():
            return None
        case ev.Declared(name="taken"):
            base.require_hand(state)
            bids_done(ext(state))
            return tricks.check_tallied(state, ext(state), event.player, event.value)
        case ev.Declared(name="bid"):
            value = event.value if isinstance(event.value, int) else 0
            cmd = Command("bid", shares=((event.player or "", value),))
        case ev.Declared(name="settle") | ev.SessionClosed() | ev.PlayerLeft(reason="session closed"):
            cmd = Command("close")
        case ev.HandStarted():
            cmd = Command("hand", dealer=event.dealer)
        case _:
            cmd = command_for(event)
    if cmd is None:
        raise RuleViolation(f"Bluke never records {event.type}")
    decided = decide(state, cmd)
    if not decided:
        raise RuleViolation(f"the rules record nothing for '{cmd.verb}' here")
    base.require_same(decided[0], plain)
