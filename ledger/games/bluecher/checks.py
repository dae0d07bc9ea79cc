"""``check_event``: `potlog verify --rules` re-checks a recorded event against Blücher's rules."""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...kit import follow
from ...state import TableState
from .. import base
from . import NAME
from .decide import decide
from .options import Options, ext
from .showdown import settlement


def check_event(state: TableState, event: ev.Event) -> None:
    """For ``potlog verify --rules``: raise `RuleViolation` if Blücher's rules would not have
    recorded `event` in `state` (the table before it). Commands are re-decided from the
    event; the rounds and the settlement are recomputed and must be exactly what was recorded."""
    from ...describe import describe as say

    x, hand = ext(state), state.hand
    match event:
        case ev.SessionOpened():
            return base.check_opened(event, Options, NAME)
        case ev.RoundStarted():
            if x.phase != "round-over" or hand is None or event.round != hand.round + 1:
                raise RuleViolation("a round starts by itself, only when the dice are rolled or a round's betting "
                                    "is over")
            return
        case ev.HandEnded() if state.in_hand and hand is not None:  # the awards were checked one by one
            if state.balance("pot") or event.hand != hand.number:
                raise RuleViolation(f"hand {hand.number} cannot end with {state.balance('pot')} chips in the pot")
            return
        case ev.PotAwarded() | ev.PotCarried() | ev.Declared(name="next-dealer") if (
                state.in_hand and x.phase in ("showdown", "won")):
            want = settlement(state)[x.settled:]
            if not want or want[0] != event.model_copy(update={"ruling": None}):
                raise RuleViolation(f"the showdown records '{say(want[0])}' here" if want else "the hand is settled already")
            return
    follow.check(state, event, _checked_above, decide, _command, game="Blücher", by_itself=())


def _checked_above(state: TableState) -> list[ev.Event]:
    """What Blücher records by itself (the rounds, the settlement) is checked above."""
    return []


def _command(state: TableState, event: ev.Event) -> Command | bool | None:
    from ...verify import command_for

    return True if isinstance(event, ev.Void) else command_for(event)
