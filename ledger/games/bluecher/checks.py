"""``check_event``: `potlog verify --rules` re-checks a recorded event against Blücher's rules."""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...kit import follow, pots
from ...state import TableState
from .. import base
from . import NAME
from .decide import decide
from .options import Options, ext
from .showdown import settlement
from .stages import FLOW


def check_event(state: TableState, event: ev.Event) -> None:
    """For ``potlog verify --rules``: raise `RuleViolation` if Blücher's rules would not have
    recorded `event` in `state` (the table before it). Commands are re-decided from the
    event; the rounds and the settlement are recomputed and must be exactly what was recorded."""
    x, hand = ext(state), state.hand
    match event:
        case ev.SessionOpened():
            return base.check_opened(event, Options, NAME)
        case ev.RoundStarted():
            if x.phase != FLOW.due or hand is None or event.round != hand.round + 1:
                raise RuleViolation("a round starts by itself, only when the dice are rolled or a round's betting "
                                    "is over")
            return
        case ev.HandEnded() if state.in_hand:  # the awards were checked one by one
            return pots.check_end(state, event)
        case ev.PotAwarded() | ev.PotCarried() | ev.Declared(name="next-dealer") if (
                state.in_hand and x.phase in ("showdown", FLOW.won)):
            return pots.check_paid(event, settlement(state)[x.settled:])
    follow.check(state, event, _checked_above, decide, _command, game="Blücher", by_itself=())


def _checked_above(state: TableState) -> list[ev.Event]:
    """What Blücher records by itself (the rounds, the settlement) is checked above."""
    return []


def _command(state: TableState, event: ev.Event) -> Command | bool | None:
    from ...verify import command_for

    return True if isinstance(event, ev.Void) else command_for(event)
