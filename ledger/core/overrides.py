"""What a command records when the table overrules the rules (``--override``): the game's own
`forced` first, then the shared mechanics, then the command's plain event with only its input
checked."""

from __future__ import annotations

from .. import events as ev
from ..cards import UNKNOWN, parse_cards
from ..errors import InputError, RuleViolation
from ..state import TableState
from . import registry
from .commands import Ante, Bet, Call, Check, Command, Deal, Exchange, Fold, Play, Raise, Reveal
from .table import pack_of, require_open, to_call
from .verbs import _amount, decide_generic, make_event


def _forced_player(state: TableState, player: str | None) -> str:
    if not player:
        raise InputError("say which player")
    if state.seat(player) is None:
        raise RuleViolation(f"{player} has never sat at this table")
    return player


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
    pack = pack_of(state)
    match cmd:
        case Check() | Fold():
            return [make_event(ev.Check if isinstance(cmd, Check) else ev.Fold, player=_forced_player(state, cmd.player))]
        case Bet() | Ante():
            stake = ev.Bet if isinstance(cmd, Bet) else ev.Ante
            return [make_event(stake, player=_forced_player(state, cmd.player), amount=_amount(cmd.amount, cmd.verb))]
        case Call():
            player = _forced_player(state, cmd.player)
            owed = cmd.amount or (to_call(state, player) if state.hand is not None else 0)
            return [make_event(ev.Call, player=player, amount=owed)]
        case Raise():
            player = _forced_player(state, cmd.player)
            by = _amount(cmd.amount, "raise by")
            owed = to_call(state, player) if state.hand is not None else 0
            return [make_event(ev.Raise, player=player, amount=owed + by, by=by)]
        case Deal() if cmd.to:
            cards = parse_cards(cmd.cards, pack) + [UNKNOWN] * (cmd.count or 0)
            return [make_event(ev.CardsDealt, to=cmd.to, cards=cards, face_up=cmd.face_up)]
        case Reveal() if cmd.player:
            return [make_event(ev.CardsRevealed, holder=cmd.player,
                               cards=parse_cards(cmd.cards, pack, allow_unknown=False))]
        case Play():
            return [make_event(ev.CardPlayed, player=_forced_player(state, cmd.player),
                               card=parse_cards(cmd.cards, pack, allow_unknown=False)[0])]
        case Exchange():
            return [make_event(ev.CardsExchanged, player=_forced_player(state, cmd.player),
                               discard=parse_cards(cmd.discard, pack), draw=parse_cards(cmd.cards, pack),
                               cost=cmd.amount or 0, face_up=cmd.face_up)]
    raise RuleViolation(f"'{cmd.verb}' cannot be recorded against the rules even as a table ruling")
