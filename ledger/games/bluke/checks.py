"""Bluke's `check_event` for ``potlog verify --rules``: what potlog records by itself is
recomputed, every other event is decided again and must come out the same.
"""

from __future__ import annotations

from typing import Any

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from .. import base
from .verbs import decide
from .options import NAME, BlukeState, Options, _ext
from .play import _require_bids_done
from .scoring import _finish, _pending, _resolve, settlement


def _due(state: TableState) -> list[ev.Event]:
    """What potlog records by itself next, whatever anyone asks: a full trick's winner, the
    hand's points and end, the settlement and its payments."""
    x = _ext(state)
    if x.settle_due:
        a, b, amount = x.settle_due[0]
        stake = int(state.options.get("stake", 0) or 0)
        return [base.make_event(ev.Transfer, from_account=a, to_account=b, amount=amount,
                                reason=f"Bluke settlement at {stake} per point")]
    hand = state.hand
    if hand is None or hand.ended:
        return settlement(state) if x.over else []
    if _pending(state, x):
        return [_resolve(state, x)]
    if hand.phase == "scoring":
        return _finish(state, [])
    return []


def _check_taken(state: TableState, x: BlukeState, e: ev.Declared) -> None:
    _require_bids_done(x)
    if state.hand.trick or x.tricks_done:  # type: ignore[union-attr]
        raise RuleViolation("this hand is being played card by card: no tally of tricks")
    waiting = [p for p in x.order if p not in x.taken]
    if not waiting or e.player != waiting[0]:
        raise RuleViolation(f"tricks are tallied for every player in turn: {waiting[0] if waiting else 'nobody'} next")
    value = e.value if isinstance(e.value, int) and not isinstance(e.value, bool) else -1
    if not 0 <= value <= x.cards:
        raise RuleViolation(f"{e.player} took {e.value}: a player takes 0 to {x.cards} tricks this hand")
    if len(waiting) == 1 and sum(x.taken.values()) + value != x.cards:
        raise RuleViolation(f"the tricks add up to {sum(x.taken.values()) + value} but {x.cards} were played")


def check_event(state: TableState, event: ev.Event) -> None:
    """Raise `RuleViolation` if Bluke's rules would not have recorded `event` in `state`
    (``potlog verify --rules``). What potlog records by itself (trick winners, points, the
    hand's end, the settlement) is recomputed; every other event is decided again from the
    command that causes it and must come out the same."""
    from ...verify import command_for

    e: Any = event
    plain = event.model_copy(update={"ruling": None})
    t = e.type
    if t == "session_opened":
        base.check_opened(event, Options, NAME)
        return
    due = _due(state)
    if due:
        base.require_same(due[0], plain)
        return
    if t in ("trick_won", "scored", "hand_ended"):
        raise RuleViolation(f"potlog records {t.replace('_', ' ')} by itself, and none is due here")
    if t == "note":
        return
    if t == "declared" and e.name == "taken":
        base.require_hand(state)
        _check_taken(state, _ext(state), e)
        return
    if t == "declared" and e.name == "bid":
        cmd: Command | None = Command("bid", shares=((e.player or "", e.value if isinstance(e.value, int) else 0),))
    elif t == "declared" and e.name == "settle" or t == "session_closed" or (
            t == "player_left" and e.reason == "session closed"):
        cmd = Command("close")
    elif t == "hand_started":
        cmd = Command("hand", dealer=e.dealer)
    else:
        cmd = command_for(event)
    if cmd is None:
        raise RuleViolation(f"Bluke never records {t}")
    decided = decide(state, cmd)
    if not decided:
        raise RuleViolation(f"the rules record nothing for '{cmd.verb}' here")
    base.require_same(decided[0], plain)
