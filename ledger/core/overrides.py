"""What a command records when the table overrules the rules (``--override``): the game's own
`forced` first, then the shared mechanics, then the command's plain event with only its input
checked."""

from __future__ import annotations

from .. import events as ev
from ..cards import UNKNOWN, parse_cards
from ..errors import InputError, RuleViolation
from ..state import TableState
from . import registry
from .commands import Command
from .table import pack_of, require_open, to_call
from .verbs import _amount, decide_generic, make_event


def _forced_player(state: TableState, cmd: Command) -> str:
    if not cmd.player:
        raise InputError("say which player")
    if state.seat(cmd.player) is None:
        raise RuleViolation(f"{cmd.player} has never sat at this table")
    return cmd.player


def forced(state: TableState, cmd: Command) -> list[ev.Event]:
    """What a command records when the table overrules the rules (``--override``).

    The shared mechanics first; where they refuse on a rule (a check facing a bet, a bet out
    of turn), the command's plain event is built with only its input checked. The caller's
    trial apply still refuses anything that breaks the chips.
    """
    require_open(state)
    own = registry.ruleset(state.game).forced
    got = own(state, cmd) if own is not None else None
    if got is not None:
        return got
    try:
        return decide_generic(state, cmd, "this table")
    except InputError:
        raise
    except RuleViolation:
        pass
    verb, pack = cmd.verb, pack_of(state)
    if verb in ("check", "fold"):
        model = ev.Check if verb == "check" else ev.Fold
        return [make_event(model, player=_forced_player(state, cmd))]
    if verb in ("bet", "ante"):
        stake = ev.Bet if verb == "bet" else ev.Ante
        return [make_event(stake, player=_forced_player(state, cmd), amount=_amount(cmd, verb))]
    if verb == "call":
        player = _forced_player(state, cmd)
        owed = cmd.amount or (to_call(state, player) if state.hand is not None else 0)
        return [make_event(ev.Call, player=player, amount=owed)]
    if verb == "raise":
        player = _forced_player(state, cmd)
        by = _amount(cmd, "raise by")
        owed = to_call(state, player) if state.hand is not None else 0
        return [make_event(ev.Raise, player=player, amount=owed + by, by=by)]
    if verb == "deal" and cmd.to:
        cards = parse_cards(cmd.cards, pack) + [UNKNOWN] * (cmd.count or 0)
        return [make_event(ev.CardsDealt, to=cmd.to, cards=cards, face_up=cmd.face_up)]
    if verb == "reveal" and (cmd.player or cmd.to):
        return [make_event(ev.CardsRevealed, holder=cmd.player or cmd.to,
                           cards=parse_cards(cmd.cards, pack, allow_unknown=False))]
    if verb == "play":
        return [make_event(ev.CardPlayed, player=_forced_player(state, cmd),
                           card=parse_cards(cmd.cards, pack, allow_unknown=False)[0])]
    if verb == "exchange":
        return [make_event(ev.CardsExchanged, player=_forced_player(state, cmd),
                           discard=parse_cards(cmd.discard, pack), draw=parse_cards(cmd.cards, pack),
                           cost=cmd.amount or 0, face_up=cmd.face_up)]
    raise RuleViolation(f"'{cmd.verb}' cannot be recorded against the rules even as a table ruling")
