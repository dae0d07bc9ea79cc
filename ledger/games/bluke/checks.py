"""Bluke's `check_event` for ``potlog verify --rules``: what potlog records by itself is
recomputed, every other event is decided again and must come out the same."""

from __future__ import annotations

from ... import events as ev
from ...core.commands import Close, Command, NewHand
from ...kit import follow
from ...state import TableState
from ...core.checks import check_opened
from .decide import decide, due
from .options import NAME, TITLE, Options
from .rules import HAND


def check_event(state: TableState, event: ev.Event) -> None:
    """Raise `RuleViolation` if Bluke's rules would not have recorded `event` in `state`."""
    if isinstance(event, ev.SessionOpened):
        return check_opened(event, Options, NAME)
    follow.check(state, event, due, decide, _command, game=TITLE, by_itself=(ev.TrickWon, ev.Scored, ev.HandEnded))


def _command(state: TableState, event: ev.Event) -> Command | bool | None:
    from ...core.commands import command_for

    match event:
        case ev.Note():
            return True
        case ev.Declared(name="taken" | "bid"):
            return HAND.command(state, event)
        case ev.Declared(name="settle") | ev.SessionClosed() | ev.PlayerLeft(reason="session closed"):
            return Close()
        case ev.HandStarted():
            return NewHand(dealer=event.dealer)
    return command_for(event)
