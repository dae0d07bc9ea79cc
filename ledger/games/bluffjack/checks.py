"""``potlog verify --rules``: was each recorded event what these rules make?"""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from .. import base
from .decide import decide_one, void
from .options import ASIDE, ELIMINATED, NAME, Options, ext
from .showdown import payouts, require_named
from .stages import auto_step, with_chips


def check_event(state: TableState, event: ev.Event) -> None:
    """Raise `RuleViolation` if the rules would not have recorded `event` in `state`
    (``potlog verify --rules``). Player moves are decided again and must come out the same;
    what potlog records by itself (rounds, the forced raise, the showdown) is recomputed."""
    from ...verify import command_for

    plain = event.model_copy(update={"ruling": None})
    if isinstance(event, ev.SessionOpened):
        base.check_opened(event, Options, NAME)
        return
    x = ext(state)
    if isinstance(event, ev.Void):
        cmd = command_for(event)
        assert cmd is not None
        base.require_same(void(state, cmd)[0], plain)
        return
    if state.in_hand and x.due:
        expected = auto_step(state)
        if not expected:
            raise RuleViolation(f"potlog has nothing to record by itself here, yet {x.due} is due")
        base.require_same(expected[0], plain)
        return
    if state.in_hand and x.stage == "showdown" and isinstance(event, (ev.PotAwarded, ev.Transfer, ev.HandEnded)):
        require_named(state)
        due = payouts(state)
        if x.paid < len(due):
            base.require_same(due[x.paid], plain)
        elif not isinstance(event, ev.HandEnded):
            raise RuleViolation("the pot is already paid out")
        return
    match event:
        case ev.RoundStarted():
            raise RuleViolation("no betting round is due here")
        case ev.PlayerLeft(reason=reason) if reason == ELIMINATED:
            if state.in_hand or state.stack(event.player) or event.cashout:
                raise RuleViolation(f"{event.player} still has chips or a hand to play: not eliminated")
            return
        case ev.Transfer():
            return _check_transfer(state, event)
        case ev.Note():
            return
    cmd = command_for(event)
    if cmd is None:
        raise RuleViolation(f"bluffjack never records {event.type}")
    if isinstance(event, ev.HandStarted):
        cmd = Command("hand", dealer=event.dealer)
    decided = decide_one(state, cmd)
    if not decided:
        raise RuleViolation(f"the rules record nothing for '{cmd.verb}' here")
    base.require_same(decided[0], plain)


def _check_transfer(state: TableState, e: ev.Transfer) -> None:
    src, dest = e.from_account, e.to_account
    if src.startswith("seat:") and dest.startswith("seat:"):
        if e.amount > state.balance(src):
            raise RuleViolation(f"{src[5:]} has only {state.balance(src)} chips")
        return
    if src == ASIDE and dest.startswith("seat:") and not state.in_hand:
        if e.amount > state.balance(ASIDE):
            raise RuleViolation(f"only {state.balance(ASIDE)} chips are set aside")
        holders = with_chips(state)
        if len(holders) > 1 and dest[5:] not in holders and state.hands_played:
            raise RuleViolation(f"{dest[5:]} is not still in the game")
        return
    raise RuleViolation(f"in bluffjack chips do not move from {src} to {dest} here")
