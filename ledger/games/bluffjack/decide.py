"""Deciding a command (`decide`) on the kit's engines: starting a hand, the deal and the draw,
antes and betting, the showdown (the hands ranked, the pots paid, then what a game to the last
chip records), corrections and the shared verbs; and checking a recorded event the same way
(`check_event`, for ``potlog verify --rules``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ... import events as ev
from ...cards import UNKNOWN
from ...core.commands import (
    AllIn, Ante, Award, Bet, Call, Carry, Close, Command, Count, Deal, Declare, End, Hit, Join,
    Leave, NewHand, Note, Open, Pay, Raise, Rebuy, Reveal, Round, Showdown, Stand, Void,
)
from ...errors import InputError, RuleViolation
from ...text import listed
from ...kit import betting as bets
from ...kit import deal, follow, pots, stages
from .elimination import around
from ...kit.evaluators import Ranked
from . import blackjack
from ...kit.stages import Turn
from ...kit.verbs import Verbs
from ...state import TableState
from ...core import verbs
from ...core.checks import check_opened, require_same
from ...core.table import require_hand, require_live, require_open
from ...core.verbs import make_event, open_session
from .options import LAST, NAME, Options, ext, opts
from .stages import BETTING, DRAW, FLOW, auto_step, live, trial, waiting


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if isinstance(cmd, Open):
        return open_session(cmd, Options, NAME)
    require_open(state)
    if isinstance(cmd, Void):
        return void(state, cmd)
    return follow.due_first(state, cmd, VERBS.decide, auto_step)


# ----------------------------------------------------------------------------- the deal and the draw

def _hand(state: TableState, cmd: NewHand) -> list[ev.Event]:
    if state.in_hand:
        raise RuleViolation(f"hand {require_hand(state).number} is still going: play it to the showdown first")
    out = LAST.before_hand(state)  # players out of chips: the showdown eliminates them; after a void, the next hand
    events = out + deal.start(trial(state, out), replace(cmd, first=None), _STARTING, players=(2, len(state.seats)))
    if cmd.first:
        raise RuleViolation("in bluffjack the player left of the dealer always acts first: drop --first")
    return events


_STARTING = deal.Dealing(2, messages={"dealer": "the deal passes left: {dealer} deals this hand, not {named}"})


def _deal(state: TableState, cmd: Deal) -> list[ev.Event]:
    require_hand(state)
    if not cmd.to:
        raise InputError("say who the card goes to: potlog deal Ann ??")
    if state.seat(cmd.to) is None:
        raise RuleViolation(f"in bluffjack cards go only to players, not to {cmd.to}")
    player = require_live(state, cmd.to)
    if ext(state).stage == "drawing":
        return DRAW.hit(state, Hit(player=player, cards=cmd.cards, count=cmd.count, face_up=cmd.face_up))
    stages.own_move(state, FLOW, Turn(ext(state).stage), player, "deal", done=False, waiting=lambda: waiting(state),
                    messages=_DEALING, kind="deal")
    return deal.face_down_first(state, cmd, player, pack="french52")


_DEALING = {"not_now": "no card is dealt now: {waiting}", "nobody": "no card is dealt now: {waiting}",
            "turn": "{to_act} gets the next card, not {player}: one card each, clockwise from the dealer's left"}


def _declare(state: TableState, cmd: Declare) -> list[ev.Event]:
    if cmd.name == "stand" and cmd.player:
        return DRAW.stand(state, Stand(player=cmd.player))
    raise RuleViolation("bluffjack's only declaration is a stand: potlog stand NAME")


# ----------------------------------------------------------------------------- antes and betting

def _ante(state: TableState, cmd: Ante) -> list[ev.Event]:
    require_hand(state)
    player, x = require_live(state, cmd.player), ext(state)
    if x.stage != "deal" or x.due:
        raise RuleViolation(f"the antes are in and the betting has started: {waiting(state)}")
    return pots.ante(state, player, opts(state).ante, anted=x.anted, named=cmd.amount)


def _bet(state: TableState, cmd: bets.Move) -> list[ev.Event]:
    """A betting move, on the player's turn to bet; with nothing to match, a call is a check."""
    require_hand(state)
    name, x = require_live(state, cmd.player), ext(state)
    doing = "go all-in" if isinstance(cmd, AllIn) else cmd.verb
    DRAW.betting_step(state, name, doing)
    forced = name == x.forced and x.acted == [name] and x.stage == "opening"
    bets.turn(state, BETTING, name, doing, hint=f" ({name}'s forced raise is already in)" if forced else "")
    if state.stack(name) == 0:
        raise RuleViolation(f"{name} is all-in: nothing more to bet")
    if isinstance(cmd, Call) and bets.owed(state, name) == 0:
        if cmd.amount:
            raise RuleViolation(f"{name} has nothing to match: the call is a check")
        return [make_event(ev.Check, player=name)]
    if isinstance(cmd, (Bet, Raise)) and cmd.amount is not None:
        bets.check_move(state, x, BETTING, replace(cmd, player=name))
    return verbs.VERBS[type(cmd)](state, cmd)


# ----------------------------------------------------------------------------- the showdown

def ranked(cards: list[str], options: Options | Mapping[str, Any]) -> Ranked:
    """A hand's rank under the table's options (`games.bluffjack.blackjack`): its key (a bust is
    lowest, a 21 highest) and its label ("5-card charlie 19")."""
    o = options if isinstance(options, Options) else Options.model_validate(options)
    return blackjack.rank(cards, charlie=o.charlie, charlie_minimum=o.charlie_minimum, best_hand=o.best_hand)


def payouts(state: TableState, *, worded_before: bool = False) -> list[ev.Event]:
    """Every payment out of the pot this hand, from what does not change while it is paid (the
    cards, who folded, what each put in); `worded_before`: a split worded as before issue 11."""
    names = [s.name for s in around(state)]
    still = [s.name for s in live(state)]
    total = sum(s.hand_bet for s in state.seats)
    if not total:
        return []
    if len(still) == 1:
        return pots.award_all(state, still[0], "everyone else folded", amount=total)
    o = opts(state)
    cards = {p: [h.card for h in s.cards] for p in still if (s := state.seat(p)) is not None}
    ranks = {p: ranked(c, o) for p, c in cards.items()}

    def reason(layer: pots.Layer, winners: list[str]) -> str:
        if len(winners) > 1 and not worded_before:  # the totals are the cards', worded so they do not read as chips
            others = ", ".join(f"{p} {ranks[p].label}" for p in layer.eligible if p not in winners)
            return (f"{layer.name}: split between {listed(winners)}, hand totals {listed([ranks[p].label for p in winners])}"
                    + (f" (also in: {others})" if others else ""))
        shown = ", ".join(f"{p} {ranks[p].label}" for p in layer.eligible)
        return f"{layer.name}: {'split' if len(winners) > 1 else f'{winners[0]} wins'} ({shown})"

    payout = pots.Payout(returned=False, lone="{layer}: back to {player}, nobody else matched it", reason=reason,
                         loses=lambda p: ranks[p].key[0] == 0, open_to_live=True,
                         lost=LAST.unwon(state, total, house=not o.no_house))
    return pots.award_by_rank(state, ranks, names, total=total, payout=payout)


def require_named(state: TableState) -> None:
    """Refuse a showdown while a live player's face-down card is unknown."""
    for s in live(state):
        if len(live(state)) > 1 and any(h.card == UNKNOWN for h in s.cards):
            raise RuleViolation(f"{s.name}'s face-down card was never named: say what it is "
                                f"(potlog reveal {s.name} CARD), then showdown")


def showdown(state: TableState, cmd: Showdown) -> list[ev.Event]:
    hand = require_hand(state)
    if ext(state).stage != "showdown":
        raise RuleViolation(f"the hand is not ready for the showdown: {waiting(state)}")
    require_named(state)
    still = live(state)
    events = deal.turn_up(state, [s.name for s in still]) if len(still) > 1 else []
    due = payouts(state)[ext(state).paid:]
    pots.require_settles(state, due)
    events += due
    events.append(make_event(ev.HandEnded, hand=hand.number))
    return events + LAST.after_hand(trial(state, events), still)


# ----------------------------------------------------------------------------- corrections and shared verbs

def void(state: TableState, cmd: Void) -> list[ev.Event]:
    """Corrections go from the newest event back, so no event is left standing on one that
    is gone (a round opened by a call that is void, a forced raise without its antes)."""
    return follow.newest_first(state, cmd, ext(state), game=NAME, final=(
        "seq {target} is what the rules record once the hand is over (an elimination or the set-aside chips "
        "paid out): it stands with the hand's result and cannot be voided"))


def _pay(state: TableState, cmd: Pay) -> list[ev.Event]:
    return pots.pay(state, cmd, from_pot="chips leave the pot at the showdown", players_only=(
        "in bluffjack chips reach the pot by betting and leave it at the showdown: pay moves chips between "
        "players only, not to or from {account}"))


_SETTLES = ("in bluffjack potlog settles the pot: record the hand to its end and use 'potlog showdown' "
            "(it pays the winners and ends the hand), not '{verb}'")
VERBS = Verbs(NAME, {
    NewHand: _hand, Deal: _deal, Hit: DRAW.hit, Stand: DRAW.stand, Declare: _declare, Ante: _ante,
    **dict.fromkeys(bets.WAGERS, _bet), Showdown: showdown, Void: void,
    **dict.fromkeys((Join, Rebuy, Leave, Close), LAST.decide), Pay: _pay,
}, shared=(Note, Count, Reveal), refused={
    **dict.fromkeys((Award, Carry, End), _SETTLES),
    Round: "in bluffjack potlog opens each betting round itself when the cards and bets before it are done",
}, unknown="bluffjack has no '{verb}': deal, ante, bet, call, raise, allin, check, fold, hit, stand, reveal and "
           "showdown are its moves")
"""Bluffjack's verbs: its moves, the shared verbs as a game to the last chip takes them, and
the ones the rules do themselves."""


# ----------------------------------------------------------------------------- verify --rules

def check_event(state: TableState, event: ev.Event) -> None:
    """Raise `RuleViolation` if the rules would not have recorded `event` in `state`
    (``potlog verify --rules``). Player moves are decided again and must come out the same;
    what potlog records by itself (rounds, the forced raise, the showdown) is recomputed."""
    from ...core.commands import command_for

    x = ext(state)
    match event:
        case ev.SessionOpened():
            return check_opened(event, Options, NAME)
        case ev.Void():
            return require_same(void(state, Void(target=event.target, reason=event.reason))[0],
                                     event.model_copy(update={"ruling": None}))
        case ev.PotAwarded() | ev.Transfer() | ev.HandEnded() if state.in_hand and x.stage == "showdown" and not x.due:
            require_named(state)
            return pots.check_payout(event, payouts(state), x.paid, earlier=lambda: payouts(state, worded_before=True))

    def command(state: TableState, event: ev.Event) -> Command | bool | None:
        match event:
            case ev.RoundStarted():
                raise RuleViolation("no betting round is due here")
            case ev.Note():
                return True
            case ev.HandStarted():
                return NewHand(dealer=event.dealer)
        return LAST.check(state, event) or command_for(event)

    follow.check(state, event, lambda s: auto_step(s) if s.in_hand else [], VERBS.decide, command, game=NAME,
                 by_itself=())
