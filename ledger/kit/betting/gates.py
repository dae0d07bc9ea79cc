"""A verb's place in the hand (`Gate`, `gate`) and the round that starts by itself (`next_round`)."""

from __future__ import annotations

from typing import Mapping

from ...core.frozen import later
from ... import events as ev
from ...errors import RuleViolation
from ...core.table import require_hand, require_live, require_open
from ...core.verbs import make_event
from ...state import TableState
from .moves import turn
from .rules import Betting

_ANY = Betting()  # the default wording, for a gate's turn check


@later(frozen=True)
class Gate:
    """Where a verb belongs in the hand (see `gate`): its `phases`, the `refusal` outside
    them (fields: player, now), the move it is for a turn check (`doing`; "" for none), and
    whether the player must be in the hand (`live`, asked before the phase)."""

    phases: tuple[str, ...]
    refusal: str
    doing: str = ""
    live: bool = False


def gate(state: TableState, gates: Mapping[str, Gate], verb: str, phase: str, player: str | None,
         now: str = "") -> str | None:
    """Refuse `verb` when no hand is on, when `player` is not in it (a ``live`` gate), outside
    the gate's phases, or out of turn (`now`: what the table is doing, for the refusals).
    Returns the player (checked, for a ``live`` gate)."""
    require_open(state)
    require_hand(state)
    rule = gates.get(verb)
    if rule is None:
        return player
    if rule.live:
        player = require_live(state, player)
    if phase not in rule.phases:
        raise RuleViolation(rule.refusal.format(player=player, now=now))
    if rule.doing:
        turn(state, _ANY, player or "", rule.doing, now)
    return player


def next_round(state: TableState, names: Mapping[int, str] | None = None) -> list[ev.Event]:
    """The next round's ``round_started`` (named from `names`, by number), for a game whose
    rounds start by themselves."""
    number = require_hand(state).round + 1
    return [make_event(ev.RoundStarted, round=number, name=(names or {}).get(number, ""))]
