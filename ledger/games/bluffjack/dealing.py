"""Starting a hand, dealing the first cards, and the draw (hit, stand)."""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN, parse_cards
from ...commands import Command
from ...errors import InputError, RuleViolation
from ...state import TableState
from .. import base
from .auto import _trial
from .options import ELIMINATED, BluffjackExt
from .table import _ext, _players_with_chips
from .verbs import _handler
from .view import _waiting


@_handler("hand")
def _hand(state: TableState, cmd: Command) -> list[ev.Event]:
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: play it to the showdown first")  # type: ignore[union-attr]
    holders = _players_with_chips(state)
    if len(holders) == 1 and state.hands_played:
        raise RuleViolation(f"the game is over: {holders[0]} holds every chip (end the session with 'potlog close')")
    if len(holders) < 2:
        raise RuleViolation(f"bluffjack needs at least 2 players with chips, not {len(holders)}")
    # players out of chips are eliminated (the showdown does it; after a void, the next hand does)
    out = [base.make_event(ev.PlayerLeft, player=s.name, cashout=0, reason=ELIMINATED)
           for s in state.active_seats if state.stack(s.name) == 0]
    if out:
        return out + _hand(_trial(state, out), cmd)
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
    first = base.seat_after(state, dealer)
    number = (state.hand.number if state.hand is not None else 0) + 1
    return [base.make_event(ev.HandStarted, hand=number, dealer=dealer, first=first,
                            carry_in=state.balance("carry"))]


# -- dealing and drawing

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


@_handler("deal")
def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    ext = _ext(state)
    if not cmd.to:
        raise InputError("say who the card goes to: potlog deal Ann ??")
    if state.seat(cmd.to) is None:
        raise RuleViolation(f"in bluffjack cards go only to players, not to {cmd.to}")
    player = base.require_live(state, cmd.to)
    if ext.stage == "drawing":
        return _hit(state, Command("hit", player=player, cards=cmd.cards, count=cmd.count, face_up=cmd.face_up))
    if ext.stage not in ("deal", "deal-up") or state.hand.to_act is None:  # type: ignore[union-attr]
        raise RuleViolation(f"no card is dealt now: {_waiting(state)}")
    to_act = state.hand.to_act  # type: ignore[union-attr]
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


def _require_draw_turn(state: TableState, player: str, doing: str) -> BluffjackExt:
    ext = _ext(state)
    hand = state.hand
    assert hand is not None
    if ext.stage != "drawing":
        raise RuleViolation(f"{player} cannot {doing} now: {_waiting(state)}")
    if player in ext.stood:
        raise RuleViolation(f"{player} has stood: a player who stands takes no more cards this hand")
    if ext.drew == player:
        raise RuleViolation(f"{player} has had a card or stood this turn: now {player} calls, raises or folds")
    if hand.to_act != player:
        raise RuleViolation(f"it is {hand.to_act}'s turn, not {player}'s: {_waiting(state)}")
    return ext


@_handler("hit")
def _hit(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    _require_draw_turn(state, player, "take a card")
    card = _one_card(state, cmd, player)
    if card == UNKNOWN and cmd.face_up:
        raise RuleViolation(f"a card dealt face up is seen by the table: name it (like 7H), or add --down")
    return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=cmd.face_up)]


@_handler("stand")
def _stand(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    ext = _ext(state)
    if player in ext.stood and ext.stage == "drawing":
        raise RuleViolation(f"{player} has already stood")
    _require_draw_turn(state, player, "stand")
    return [base.make_event(ev.Declared, player=player, name="stand")]


@_handler("declare")
def _declare(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.name == "stand" and cmd.player:
        return _stand(state, Command("stand", player=cmd.player))
    raise RuleViolation("bluffjack's only declaration is a stand: potlog stand NAME")
