"""``potlog verify --rules``: was each recorded event what these rules make?"""

from __future__ import annotations

from typing import Any

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from .. import base
from .auto import _auto
from .decide import _decide, _void
from .options import ASIDE, ELIMINATED, NAME, Options
from .showdown import _payouts, _unnamed
from .table import _ext, _players_with_chips


def check_event(state: TableState, event: ev.Event) -> None:
    """Raise `RuleViolation` if the rules would not have recorded `event` in `state`
    (``potlog verify --rules``). Player moves are decided again and must come out the same;
    what potlog records by itself (rounds, the forced raise, the showdown) is recomputed."""
    from ...verify import command_for

    e: Any = event
    plain = event.model_copy(update={"ruling": None})
    t = e.type
    if t == "session_opened":
        base.check_opened(event, Options, NAME)
        return
    ext = _ext(state)
    if t == "void":
        base.require_same(_void(state, command_for(event))[0], plain)  # type: ignore[arg-type]
        return
    if state.in_hand and ext.due:
        expected = _auto(state)
        if not expected:
            raise RuleViolation(f"potlog has nothing to record by itself here, yet {ext.due} is due")
        base.require_same(expected[0], plain)
        return
    if state.in_hand and ext.stage == "showdown" and t in ("pot_awarded", "transfer", "hand_ended"):
        _unnamed(state)
        payouts = _payouts(state)
        if ext.paid < len(payouts):
            base.require_same(payouts[ext.paid], plain)
        elif t != "hand_ended":
            raise RuleViolation("the pot is already paid out")
        return
    if t == "round_started":
        raise RuleViolation("no betting round is due here")
    if t == "player_left" and e.reason == ELIMINATED:
        if state.in_hand or state.stack(e.player) or e.cashout:
            raise RuleViolation(f"{e.player} still has chips or a hand to play: not eliminated")
        return
    if t == "transfer":
        _check_transfer(state, e)
        return
    if t == "note":
        return
    cmd = command_for(event)
    if cmd is None:
        raise RuleViolation(f"bluffjack never records {t}")
    if t == "hand_started":
        cmd = Command("hand", dealer=e.dealer)
    decided = _decide(state, cmd)
    if not decided:
        raise RuleViolation(f"the rules record nothing for '{cmd.verb}' here")
    base.require_same(decided[0], plain)


def _check_transfer(state: TableState, e: Any) -> None:
    src, dest = e.from_account, e.to_account
    if src.startswith("seat:") and dest.startswith("seat:"):
        if e.amount > state.balance(src):
            raise RuleViolation(f"{src[5:]} has only {state.balance(src)} chips")
        return
    if src == ASIDE and dest.startswith("seat:") and not state.in_hand:
        if e.amount > state.balance(ASIDE):
            raise RuleViolation(f"only {state.balance(ASIDE)} chips are set aside")
        holders = _players_with_chips(state)
        if len(holders) > 1 and dest[5:] not in holders and state.hands_played:
            raise RuleViolation(f"{dest[5:]} is not still in the game")
        return
    raise RuleViolation(f"in bluffjack chips do not move from {src} to {dest} here")
