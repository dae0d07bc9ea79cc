"""``potlog verify --rules``: was each recorded event what these rules make?"""

from __future__ import annotations

from ... import events as ev
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from ...kit import follow
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

    x = ext(state)
    match event:
        case ev.SessionOpened():
            return base.check_opened(event, Options, NAME)
        case ev.Void():
            return base.require_same(void(state, command_for(event) or Command("void"))[0],
                                     event.model_copy(update={"ruling": None}))
        case ev.PotAwarded() | ev.Transfer() | ev.HandEnded() if state.in_hand and x.stage == "showdown" and not x.due:
            require_named(state)
            due = payouts(state)
            if x.paid < len(due):
                return base.require_same(due[x.paid], event.model_copy(update={"ruling": None}))
            if not isinstance(event, ev.HandEnded):
                raise RuleViolation("the pot is already paid out")
            return

    def command(state: TableState, event: ev.Event) -> Command | bool | None:
        match event:
            case ev.RoundStarted():
                raise RuleViolation("no betting round is due here")
            case ev.PlayerLeft(reason=reason) if reason == ELIMINATED:
                if state.in_hand or state.stack(event.player) or event.cashout:
                    raise RuleViolation(f"{event.player} still has chips or a hand to play: not eliminated")
                return True
            case ev.Transfer():
                return _check_transfer(state, event)
            case ev.Note():
                return True
            case ev.HandStarted():
                return Command("hand", dealer=event.dealer)
        return command_for(event)

    follow.check(state, event, lambda s: auto_step(s) if s.in_hand else [], decide_one, command, game=NAME,
                 by_itself=())


def _check_transfer(state: TableState, e: ev.Transfer) -> bool:
    src, dest = e.from_account, e.to_account
    if src.startswith("seat:") and dest.startswith("seat:"):
        if e.amount > state.balance(src):
            raise RuleViolation(f"{src[5:]} has only {state.balance(src)} chips")
        return True
    if src == ASIDE and dest.startswith("seat:") and not state.in_hand:
        if e.amount > state.balance(ASIDE):
            raise RuleViolation(f"only {state.balance(ASIDE)} chips are set aside")
        holders = with_chips(state)
        if len(holders) > 1 and dest[5:] not in holders and state.hands_played:
            raise RuleViolation(f"{dest[5:]} is not still in the game")
        return True
    raise RuleViolation(f"in bluffjack chips do not move from {src} to {dest} here")
