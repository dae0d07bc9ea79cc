"""Moves and their checks: the turn, the round's rules for a move (`check_move`), and `act`,
which decides a whole betting command."""

from __future__ import annotations

from ... import events as ev
from dataclasses import replace

from ...core.commands import AllIn, Bet, Call, Check, Command, Fold, Raise
from ...errors import RuleViolation
from ...core.table import require_live
from ...core.verbs import Handler, all_in, bet, call, check, fold, raise_
from ...state import TableState
from .limits import _others_can_call, _raises_left, _top
from .acting import owed
from .rules import Betting, Book, Move


def turn(state: TableState, rules: Betting, player: str, doing: str, waiting_text: str = "", hint: str = "") -> None:
    """Refuse a move by `player` when it is not their turn (`hint`: more words for the "turn"
    refusal, such as "(Ann's forced raise is already in)")."""
    hand = state.hand
    to = hand.to_act if hand is not None else None
    if to != player:
        if to:
            raise RuleViolation(rules.say("turn", player=player, doing=doing, to_act=to, hint=hint))
        raise RuleViolation(rules.say("no_turn", player=player, doing=doing, waiting=waiting_text or "nobody acts now"))


def _amount_ok(state: TableState, rules: Betting, move: Move, amount: int, owe: int, kind: str) -> None:
    low = rules.smallest(state)
    top = _top(state, rules, move.player, owe)
    stack = state.stack(move.player)
    values = dict(player=move.player, amount=amount, min=low, max=top, stack=stack, owed=owe)
    if rules.structure == "fixed":
        if amount != top and owe + amount < stack:
            raise RuleViolation(rules.say("fixed_" + kind, **values))
    elif top is not None:
        if not low <= amount <= top:
            raise RuleViolation(rules.say(kind + "_range", **values))
    elif amount < low and owe + amount < stack:
        raise RuleViolation(rules.say("below_min_" + kind, **values))


def _may_raise(book: Book, rules: Betting, player: str, hint: str = "") -> None:
    if rules.one_raise_each and player in book.raised:
        raise RuleViolation(rules.say("raised_again", player=player, hint=hint))
    if not rules.reraise and player in book.acted:
        raise RuleViolation(rules.say("go_around", player=player, hint=hint))
    if not _raises_left(book, rules):
        raise RuleViolation(rules.say("capped", player=player, cap=rules.max_raises, hint=hint))


def check_move(state: TableState, book: Book, rules: Betting, move: Move) -> None:
    """Refuse `move` (a `RuleViolation` worded for the table) when this round's rules forbid
    it. Turn order is `turn`'s; whether the chips are there, and a call's or check's
    arithmetic, are the shared verbs' (``core.verbs``)."""
    player = move.player
    owe = owed(state, player)
    match move:
        case Check() if not rules.may_check:
            raise RuleViolation(rules.say("no_check", player=player, owed=owe))
        case Bet():
            if not rules.reraise and player in book.acted:
                raise RuleViolation(rules.say("acted_bet", player=player))
            if not _raises_left(book, rules):
                raise RuleViolation(rules.say("capped", player=player, cap=rules.max_raises, hint=""))
            if rules.needs_caller and not _others_can_call(state, player):
                raise RuleViolation(rules.say("no_caller_bet", player=player))
            _amount_ok(state, rules, move, move.amount or 0, 0, "bet")
        case Raise():
            _may_raise(book, rules, player)
            _amount_ok(state, rules, move, move.amount or 0, owe, "raise")
            if rules.needs_caller and not _others_can_call(state, player):
                raise RuleViolation(rules.say("no_caller_raise", player=player))
        case AllIn():
            stack = state.stack(player)
            if stack > owe:
                by = stack - owe
                _may_raise(book, rules, player, f" (call {owe} or fold)")
                top = _top(state, rules, player, owe)
                if top is not None and by > top:
                    raise RuleViolation(rules.say("allin_over", player=player, stack=stack, by=by, max=top))
                if rules.needs_caller and not _others_can_call(state, player):
                    raise RuleViolation(rules.say("no_caller_allin", player=player))


_VERBS: dict[type[Command], Handler] = {Bet: bet, Call: call, Raise: raise_, AllIn: all_in, Check: check, Fold: fold}
_DOING: dict[type[Command], str] = {AllIn: "go all-in"}


def _opening(state: TableState, book: Book, rules: Betting, move: Move, player: str, opener: str) -> None:
    """An ``opener_only`` round's refusals, before the turn is looked at."""
    owe, say = owed(state, player), rules.say
    if isinstance(move, Bet) and player != opener:
        high = state.hand.current_bet if state.hand is not None else 0
        raise RuleViolation(say("opened", opener=opener, player=player, high=high, owed=owe) if high
                            else say("opener_first", opener=opener, player=player))
    if isinstance(move, Raise):
        raise RuleViolation(say("opener_raise", player=player))
    if isinstance(move, Check):
        raise RuleViolation(say("opener_check", player=player, min=rules.smallest(state)) if player == opener
                            else say("opener_owes", player=player, owed=owe))
    if isinstance(move, Fold) and player == opener and player not in book.acted:
        raise RuleViolation(say("opener_fold", player=player, min=rules.smallest(state)))


def act(state: TableState, book: Book, rules: Betting, cmd: Move, *, opener: str | None = None,
        waiting_text: str = "") -> list[ev.Event]:
    """Decide a betting command (bet, call, raise, allin, check, fold) in a round declared by
    `rules`: the player must be in the hand; an ``opener_only`` round refuses what only the
    opener may do; then the turn, the game's ``ready`` test and the round's rules
    (`check_move`); the events are the shared verbs'."""
    player = require_live(state, cmd.player)
    if rules.opener_only and opener is not None:
        _opening(state, book, rules, cmd, player, opener)
    turn(state, rules, player, _DOING.get(type(cmd), cmd.verb), waiting_text)
    if rules.ready is not None and isinstance(cmd, (Bet, Call, AllIn)):
        rules.ready(state, player, cmd)
    if rules.opener_only and isinstance(cmd, AllIn) and player != opener and state.stack(player) > owed(state, player):
        raise RuleViolation(rules.say("opener_allin", player=player, owed=owed(state, player)))
    check_move(state, book, rules, cmd if cmd.player == player else replace(cmd, player=player))
    return _VERBS[type(cmd)](state, cmd)
