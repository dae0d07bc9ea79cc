"""Deciding a command: starting a hand, the deal and the draw, antes and betting, corrections,
the shared verbs bluffjack allows, and what is set aside when a player leaves or the game stops."""

from __future__ import annotations

from typing import Callable

from ... import events as ev
from ...cards import UNKNOWN, parse_cards
from ...commands import Command
from ...errors import InputError, RuleViolation
from ...kit import betting as bets
from ...kit import pots
from ...state import TableState
from .. import base
from .options import ASIDE, BETTING_STAGES, ELIMINATED, NAME, BluffjackExt, Options, chips, ext, opts
from .showdown import showdown
from .stages import BETTING, around, auto_steps, trial, with_chips
from .view import waiting


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, NAME)
    base.require_open(state)
    if cmd.verb == "void":
        return void(state, cmd)
    pre = auto_steps(state) if state.in_hand else []  # only after an overridden or voided event
    current = trial(state, pre) if pre else state
    events = decide_one(current, cmd)
    if not events:
        return pre + events
    return pre + events + auto_steps(trial(current, events))


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
    last = state.hand.dealer if state.hand is not None and state.hand.number else None
    if last is None:
        dealer = cmd.dealer or state.active_seats[0].name
        base.require_seated(state, dealer)
    else:
        dealer = base.seat_after(state, last)  # type: ignore[assignment]
        if cmd.dealer and cmd.dealer != dealer:
            raise RuleViolation(f"the deal passes left: {dealer} deals this hand, not {cmd.dealer}")
    if cmd.first:
        raise RuleViolation("in bluffjack the player left of the dealer always acts first: drop --first")
    number = (state.hand.number if state.hand is not None else 0) + 1
    return [base.make_event(ev.HandStarted, hand=number, dealer=dealer, first=base.seat_after(state, dealer),
                            carry_in=state.balance("carry"))]


def _one_card(state: TableState, cmd: Command, player: str) -> str:
    cards = parse_cards(cmd.cards, "french52") if cmd.cards else []
    if cmd.count:
        cards += [UNKNOWN] * cmd.count
    if not cards:
        raise InputError(f"name the card {player} gets (like 7H), or ?? for an unseen face-down card")
    if len(cards) != 1:
        raise InputError(f"one card at a time: {player} gets {len(cards)} here")
    base.check_unseen(state, cards)
    return cards[0]


def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    if not cmd.to:
        raise InputError("say who the card goes to: potlog deal Ann ??")
    if state.seat(cmd.to) is None:
        raise RuleViolation(f"in bluffjack cards go only to players, not to {cmd.to}")
    player = base.require_live(state, cmd.to)
    if ext(state).stage == "drawing":
        return _hit(state, Command("hit", player=player, cards=cmd.cards, count=cmd.count, face_up=cmd.face_up))
    to_act = state.hand.to_act  # type: ignore[union-attr]
    if ext(state).stage not in ("deal", "deal-up") or to_act is None:
        raise RuleViolation(f"no card is dealt now: {waiting(state)}")
    if player != to_act:
        raise RuleViolation(f"{to_act} gets the next card, not {player}: one card each, clockwise from "
                            "the dealer's left")
    card = _one_card(state, cmd, player)
    seat = state.seat(player)
    assert seat is not None
    if not seat.cards:
        if cmd.face_up:
            raise RuleViolation(f"{player}'s first card is dealt face down: drop --up")
        return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=False)]
    if card == UNKNOWN:
        raise RuleViolation(f"{player}'s second card is dealt face up, so the table sees it: name it (like 7H)")
    return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=True)]


def _draw_turn(state: TableState, player: str, doing: str) -> BluffjackExt:
    x = ext(state)
    assert state.hand is not None
    if x.stage != "drawing":
        raise RuleViolation(f"{player} cannot {doing} now: {waiting(state)}")
    if player in x.stood:
        raise RuleViolation(f"{player} has stood: a player who stands takes no more cards this hand")
    if x.drew == player:
        raise RuleViolation(f"{player} has had a card or stood this turn: now {player} calls, raises or folds")
    if state.hand.to_act != player:
        raise RuleViolation(f"it is {state.hand.to_act}'s turn, not {player}'s: {waiting(state)}")
    return x


def _hit(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    _draw_turn(state, player, "take a card")
    card = _one_card(state, cmd, player)
    if card == UNKNOWN and cmd.face_up:
        raise RuleViolation("a card dealt face up is seen by the table: name it (like 7H), or add --down")
    return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=cmd.face_up)]


def _stand(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    if player in ext(state).stood and ext(state).stage == "drawing":
        raise RuleViolation(f"{player} has already stood")
    _draw_turn(state, player, "stand")
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


def _bet_turn(state: TableState, player: str | None, doing: str) -> str:
    base.require_hand(state)
    name = base.require_live(state, player)
    x = ext(state)
    assert state.hand is not None
    who = state.hand.to_act
    if x.stage == "drawing":
        if not opts(state).more_betting:
            raise RuleViolation(f"{name} cannot {doing} while cards are taken: {waiting(state)} "
                                "(the final betting round comes when everyone has stood)")
        if who == name and x.drew != name and name not in x.stood:
            raise RuleViolation(f"{name} takes a card or stands first (potlog hit / potlog stand), then calls, "
                                "raises or folds")
        betting = who is not None and (x.drew == who or who in x.stood)
    else:
        betting = x.stage in BETTING_STAGES and who is not None
    if not betting:
        raise RuleViolation(f"{name} cannot {doing} now: {waiting(state)}")
    if who != name:
        extra = ""
        if name == x.forced and x.acted == [name] and x.stage == "opening":
            extra = f" ({name}'s forced raise is already in)"
        raise RuleViolation(f"it is {who}'s turn to bet, not {name}'s{extra}")
    if state.stack(name) == 0:
        raise RuleViolation(f"{name} is all-in: nothing more to bet")
    return name


def _call(state: TableState, cmd: Command) -> list[ev.Event]:
    player = _bet_turn(state, cmd.player, "call")
    if bets.owed(state, player) == 0:
        if cmd.amount:
            raise RuleViolation(f"{player} has nothing to match: the call is a check")
        return [base.make_event(ev.Check, player=player)]
    return base.call(state, cmd)


def _betting(doing: str, shared: Callable[[TableState, Command], list[ev.Event]]) \
        -> Callable[[TableState, Command], list[ev.Event]]:
    """A betting verb: the player's turn to bet, the smallest bet or raise, then the shared verb."""
    def handler(state: TableState, cmd: Command) -> list[ev.Event]:
        player = _bet_turn(state, cmd.player, doing)
        if doing in ("bet", "raise") and cmd.amount is not None:
            bets.check_move(state, bets.RoundBook(acted=ext(state).acted), BETTING, bets.Move(doing, player, cmd.amount))
        return shared(state, cmd)
    return handler


# ----------------------------------------------------------------------------- corrections and shared verbs

def void(state: TableState, cmd: Command) -> list[ev.Event]:
    """Corrections go from the newest event back, so no event is left standing on one that
    is gone (a round opened by a call that is void, a forced raise without its antes)."""
    recent = ext(state).recent
    if cmd.target is not None and cmd.target in ext(state).final:
        raise RuleViolation(f"seq {cmd.target} is what the rules record once the hand is over (an elimination or the "
                            "set-aside chips paid out): it stands with the hand's result and cannot be voided")
    if cmd.target is not None and recent and cmd.target != recent[-1] and 1 < cmd.target <= state.seq \
            and cmd.target not in state.voided:
        if cmd.target in recent:
            raise RuleViolation(f"void seq {recent[-1]} first: in bluffjack corrections go from the newest "
                                f"event back (seq {recent[-1]} came after seq {cmd.target})")
        raise RuleViolation(f"seq {cmd.target} came before the last hand started (seq {recent[0]}): only the "
                            "events since then can be voided, newest first")
    return base.void(state, cmd)


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
    aside = state.balance(ASIDE)
    if not aside:
        return []
    after = trial(state, events)
    left = with_chips(after)
    if after.in_hand or len(left) != 1:
        return []
    return [base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + left[0], amount=aside,
                            reason="the last player standing wins what was set aside")]


def _aside_at_close(state: TableState) -> list[ev.Event]:
    aside = state.balance(ASIDE)
    if not aside or state.in_hand:
        return []
    seats = [s for s in around(state) if s.active]
    names = [s.name for s in seats if state.stack(s.name) > 0] or [s.name for s in seats]
    return [base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + p, amount=a,
                            reason="the game stops: what was set aside is shared")
            for p, a in pots.split(aside, names, names)] if names else []


HANDLERS: dict[str, Callable[[TableState, Command], list[ev.Event]]] = {
    "hand": _hand, "deal": _deal, "hit": _hit, "stand": _stand, "declare": _declare, "ante": _ante,
    "call": _call, "bet": _betting("bet", base.bet), "raise": _betting("raise", base.raise_),
    "check": _betting("check", base.check),
    "allin": _betting("go all-in", base.all_in), "fold": _betting("fold", base.fold),
    "showdown": showdown, "void": void,
}
