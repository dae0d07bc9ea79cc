"""Deciding a command: starting a hand, the deal and the draw, antes and betting, corrections,
the shared verbs bluffjack allows, and what is set aside when a player leaves or the game stops."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ... import events as ev
from ...cards import UNKNOWN
from ...commands import Command
from ...errors import InputError, RuleViolation
from ...kit import betting as bets
from ...kit import deal, follow, pots, stages
from ...kit.stages import Turn
from ...state import TableState
from .. import base
from .options import ASIDE, ELIMINATED, NAME, Options, chips, ext, opts
from .showdown import showdown
from .stages import BETTING, FLOW, around, auto_step, trial, with_chips
from .view import waiting


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, NAME)
    base.require_open(state)
    if cmd.verb == "void":
        return void(state, cmd)
    pre = follow.then(state, [], auto_step) if state.in_hand else []  # only after an overridden or voided event
    events = decide_one(trial(state, pre), cmd)
    return pre + follow.then(trial(state, pre), events, auto_step) if events else pre


def decide_one(state: TableState, cmd: Command) -> list[ev.Event]:
    """The events one command makes, without the steps potlog then records by itself."""
    handler = HANDLERS.get(cmd.verb)
    if handler is not None:
        return handler(state, cmd)
    if cmd.verb in ("join", "leave", "note", "count", "close", "reveal", "rebuy", "pay"):
        return _generic(state, cmd)
    if cmd.verb in ("award", "carry", "end"):
        raise RuleViolation(f"in bluffjack potlog settles the pot: record the hand to its end and use "
                            f"'potlog showdown' (it pays the winners and ends the hand), not '{cmd.verb}'")
    if cmd.verb == "round":
        raise RuleViolation("in bluffjack potlog opens each betting round itself when the cards and bets before it are done")
    raise RuleViolation(f"bluffjack has no '{cmd.verb}': deal, ante, bet, call, raise, allin, check, fold, "
                        "hit, stand, reveal and showdown are its moves")


# ----------------------------------------------------------------------------- the deal and the draw

def _hand(state: TableState, cmd: Command) -> list[ev.Event]:
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: play it to the showdown first")  # type: ignore[union-attr]
    holders = with_chips(state)
    if len(holders) == 1 and state.hands_played:
        raise RuleViolation(f"the game is over: {holders[0]} holds every chip (end the session with 'potlog close')")
    if len(holders) < 2:
        raise RuleViolation(f"bluffjack needs at least 2 players with chips, not {len(holders)}")
    # players out of chips are eliminated (the showdown does it; after a void, the next hand does)
    out = [base.make_event(ev.PlayerLeft, player=s.name, cashout=0, reason=ELIMINATED)
           for s in state.active_seats if state.stack(s.name) == 0]
    if out:
        return out + _hand(trial(state, out), cmd)
    events = deal.start(state, replace(cmd, first=None), _STARTING, players=(2, len(holders)))
    if cmd.first:
        raise RuleViolation("in bluffjack the player left of the dealer always acts first: drop --first")
    return events


_STARTING = deal.Dealing(2, messages={"dealer": "the deal passes left: {dealer} deals this hand, not {named}"})


def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    if not cmd.to:
        raise InputError("say who the card goes to: potlog deal Ann ??")
    if state.seat(cmd.to) is None:
        raise RuleViolation(f"in bluffjack cards go only to players, not to {cmd.to}")
    player = base.require_live(state, cmd.to)
    if ext(state).stage == "drawing":
        return _hit(state, Command("hit", player=player, cards=cmd.cards, count=cmd.count, face_up=cmd.face_up))
    stages.own_move(state, FLOW, Turn(ext(state).stage), player, "deal", done=False, waiting=lambda: waiting(state),
                    messages=_DEALING, kind="deal")
    card = deal.next_card(state, cmd, player, pack="french52")
    seat = state.seat(player)
    assert seat is not None
    if not seat.cards:
        if cmd.face_up:
            raise RuleViolation(f"{player}'s first card is dealt face down: drop --up")
        return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=False)]
    if card == UNKNOWN:
        raise RuleViolation(f"{player}'s second card is dealt face up, so the table sees it: name it (like 7H)")
    return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=True)]


_DEALING = {"not_now": "no card is dealt now: {waiting}", "nobody": "no card is dealt now: {waiting}",
            "turn": "{to_act} gets the next card, not {player}: one card each, clockwise from the dealer's left"}


def _draw_turn(state: TableState, player: str, doing: str, messages: dict[str, str] | None = None) -> None:
    x = ext(state)
    stages.own_move(state, FLOW, Turn(x.stage, drew=x.drew), player, doing, done=player in x.stood,
                    waiting=lambda: waiting(state), messages=messages)


def _hit(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    _draw_turn(state, player, "take a card")
    card = deal.next_card(state, cmd, player, pack="french52")
    if card == UNKNOWN and cmd.face_up:
        raise RuleViolation("a card dealt face up is seen by the table: name it (like 7H), or add --down")
    return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=cmd.face_up)]


def _stand(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    _draw_turn(state, player, "stand", {"done": "{player} has already stood"})
    return [base.make_event(ev.Declared, player=player, name="stand")]


def _declare(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.name == "stand" and cmd.player:
        return _stand(state, Command("stand", player=cmd.player))
    raise RuleViolation("bluffjack's only declaration is a stand: potlog stand NAME")


# ----------------------------------------------------------------------------- antes and betting

def _ante(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    x = ext(state)
    if x.stage != "deal" or x.due:
        raise RuleViolation(f"the antes are in and the betting has started: {waiting(state)}")
    if player in x.anted:
        raise RuleViolation(f"{player} has already anted this hand")
    ante = opts(state).ante
    stack = state.stack(player)
    owed = min(ante, stack)
    if cmd.amount is not None and cmd.amount != owed:
        if owed < ante:
            raise RuleViolation(f"{player} has only {chips(stack)}: {player} antes {stack} and is all-in")
        raise RuleViolation(f"the ante at this table is {ante}, not {cmd.amount}: potlog ante {player} {ante}")
    return [base.make_event(ev.Ante, player=player, amount=owed)]


def _bet(state: TableState, cmd: Command) -> list[ev.Event]:
    """A betting move, on the player's turn to bet; with nothing to match, a call is a check."""
    base.require_hand(state)
    name, verb, x = base.require_live(state, cmd.player), cmd.verb, ext(state)
    doing = "go all-in" if verb == "allin" else verb
    assert state.hand is not None
    who = state.hand.to_act
    now = stages.step(FLOW, Turn(x.stage, who, drew=x.drew), who in x.stood, state)
    if x.stage == "drawing" and not opts(state).more_betting:
        raise RuleViolation(f"{name} cannot {doing} while cards are taken: {waiting(state)} "
                            "(the final betting round comes when everyone has stood)")
    if x.stage == "drawing" and who == name and now == "move":
        raise RuleViolation(f"{name} takes a card or stands first (potlog hit / potlog stand), then calls, "
                            "raises or folds")
    if now != "bet":
        raise RuleViolation(f"{name} cannot {doing} now: {waiting(state)}")
    forced = name == x.forced and x.acted == [name] and x.stage == "opening"
    bets.turn(state, BETTING, name, doing, hint=f" ({name}'s forced raise is already in)" if forced else "")
    if state.stack(name) == 0:
        raise RuleViolation(f"{name} is all-in: nothing more to bet")
    if verb == "call" and bets.owed(state, name) == 0:
        if cmd.amount:
            raise RuleViolation(f"{name} has nothing to match: the call is a check")
        return [base.make_event(ev.Check, player=name)]
    if verb in ("bet", "raise") and cmd.amount is not None:
        bets.check_move(state, x, BETTING, bets.Move(verb, name, cmd.amount))
    return _SHARED[verb](state, cmd)


_SHARED: dict[str, Callable[[TableState, Command], list[ev.Event]]] = {
    "bet": base.bet, "raise": base.raise_, "call": base.call, "check": base.check, "allin": base.all_in,
    "fold": base.fold}


# ----------------------------------------------------------------------------- corrections and shared verbs

def void(state: TableState, cmd: Command) -> list[ev.Event]:
    """Corrections go from the newest event back, so no event is left standing on one that
    is gone (a round opened by a call that is void, a forced raise without its antes)."""
    return follow.newest_first(state, cmd, ext(state), game=NAME, final=(
        "seq {target} is what the rules record once the hand is over (an elimination or the set-aside chips "
        "paid out): it stands with the hand's result and cannot be voided"))


def _generic(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "join" and cmd.amount is not None and cmd.amount <= 0:
        raise RuleViolation(f"{cmd.player} needs chips to sit down at bluffjack: give a buy-in above 0")
    if cmd.verb == "rebuy" and state.in_hand:
        raise RuleViolation(f"{cmd.player} can rebuy between hands, not during hand {state.hand.number}")  # type: ignore[union-attr]
    if cmd.verb == "pay":
        for who in (cmd.source, cmd.to):
            if who is not None and state.seat(who) is None:
                raise RuleViolation(f"in bluffjack chips reach the pot by betting and leave it at the showdown: "
                                    f"pay moves chips between players only, not to or from {who}")
    if cmd.verb == "close":
        shares = _aside_at_close(state)
        return shares + base.close(trial(state, shares) if shares else state, cmd)
    events = base.decide_generic(state, cmd, NAME)
    if cmd.verb == "leave":
        events += _aside_after_leave(state, events)
    return events


def _aside_after_leave(state: TableState, events: list[ev.Event]) -> list[ev.Event]:
    """No house: when a leave leaves one player with chips, they take what was set aside."""
    if not state.balance(ASIDE):
        return []
    after = trial(state, events)
    left = with_chips(after)
    if after.in_hand or len(left) != 1:
        return []
    return pots.share(state, left, "the last player standing wins what was set aside", pot=ASIDE)


def _aside_at_close(state: TableState) -> list[ev.Event]:
    seats = [s for s in around(state) if s.active]
    names = [s.name for s in seats if state.stack(s.name) > 0] or [s.name for s in seats]
    if not state.balance(ASIDE) or state.in_hand:
        return []
    return pots.share(state, names, "the game stops: what was set aside is shared", pot=ASIDE)


HANDLERS: dict[str, Callable[[TableState, Command], list[ev.Event]]] = {
    "hand": _hand, "deal": _deal, "hit": _hit, "stand": _stand, "declare": _declare, "ante": _ante,
    **dict.fromkeys(("bet", "raise", "call", "check", "allin", "fold"), _bet), "showdown": showdown, "void": void,
}
