"""``check_event``: `potlog verify --rules` re-checks a recorded event against Blücher's rules."""

from __future__ import annotations

from ... import events as ev
from ...errors import RuleViolation
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
    from ...verify import command_for

    plain = event.model_copy(update={"ruling": None})
    x, hand = ext(state), state.hand
    match event:
        case ev.Void():
            return
        case ev.SessionOpened():
            if base.validate_options(Options, dict(event.options), NAME) != event.options:
                raise RuleViolation("the options are not the ones Blücher would record")
            return
        case ev.HandEnded() if state.in_hand and hand is not None:  # the awards were checked one by one
            if state.balance("pot") or event.hand != hand.number:
                raise RuleViolation(f"hand {hand.number} cannot end with {state.balance('pot')} chips in the pot")
            return
        case ev.PotAwarded() | ev.PotCarried() | ev.Declared(name="next-dealer") if (
                state.in_hand and x.phase in ("showdown", "won")):
            expected = settlement(state)
            want = expected[x.settled] if x.settled < len(expected) else None
            if want != plain:
                raise RuleViolation(f"the showdown records '{say(want)}' here" if want else "the hand is settled already")
            return
        case ev.RoundStarted():
            if not state.in_hand or hand is None or x.phase != "round-over" or event.round != hand.round + 1:
                raise RuleViolation("a round starts by itself, only when the dice are rolled or a round's betting is over")
            return
    cmd = command_for(event)
    if cmd is None:
        raise RuleViolation(f"Blücher never records {getattr(event, 'type')}")
    decided = decide(state, cmd)
    if not decided or decided[0] != plain:
        raise RuleViolation(f"the rules record '{say(decided[0])}' here" if decided else "the rules record nothing here")
