"""``decide``: each command to its verb on the kit's engines (the deal, the declarations, the
betting rounds), Blücher's own verbs (the hole card, the roll), what the rules make follow,
and the verbs between hands (the next hand and its dealer, rebuys, payments, the end)."""

from __future__ import annotations

import dataclasses
from typing import Callable

from ... import events as ev
from ...cards import UNKNOWN, parse_cards
from ...commands import Command
from ...errors import InputError, RuleViolation
from ...kit import betting as bets
from ...kit import deal, declare
from ...kit.follow import then
from ...state import TableState
from .. import base
from . import NAME
from .options import ROUND_NAMES, Options, ext, family_of, max_players
from .showdown import last_one_wins, showdown
from .stages import (DEALING, DECLARATIONS, LIMIT_ONLY, OPENING, ROUND, current, first_player, hand_ext, phase_text,
                     require_turn)

Verb = Callable[[TableState, Command], list[ev.Event]]


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    verb = cmd.verb
    if verb == "open":
        return base.open_session(cmd, Options, NAME)
    if verb in _REFUSED:
        base.require_open(state)
        raise RuleViolation(_REFUSED[verb])
    handler = _VERBS.get(verb)
    events = handler(state, cmd) if handler is not None else base.decide_generic(state, cmd, NAME)
    return then(state, events, _after) if verb in _FLOW_VERBS and events else events


def _after(state: TableState) -> list[ev.Event]:
    """What the rules record by themselves: a new round, or the pot to the last player left."""
    hand, x = state.hand, ext(state)
    if hand is None or hand.ended:
        return []
    if x.phase == "round-over":
        return [base.make_event(ev.RoundStarted, round=hand.round + 1, name=ROUND_NAMES.get(hand.round + 1, ""))]
    return last_one_wins(state) if x.phase == "won" else []


# ----------------------------------------------------------------------------- the hand's verbs

def _bet(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if cmd.verb == "fold" and x.phase not in ("open", "round"):
        raise RuleViolation(f"{base.require_live(state, cmd.player)} cannot fold now: {phase_text(state)}")
    rules = OPENING if x.phase == "open" else ROUND if x.phase == "round" or cmd.verb != "bet" else LIMIT_ONLY
    return bets.act(state, x, rules, cmd, opener=first_player(x), waiting_text=phase_text(state))


def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if x.phase != "deal":
        raise RuleViolation("everyone has 3 cards: new cards come by buying (potlog buy PLAYER)")
    return deal.deal(state, cmd, DEALING, x.order, x.stock)


def _declare(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.name == "hole":
        return _hole(state, dataclasses.replace(cmd, cards=(str(cmd.value),) if cmd.value not in (None, UNKNOWN) else ()))
    return declare.decide(state, cmd, DECLARATIONS, hand_ext(state), "Blücher has no declaration {name!r}: the "
                          "dealer declares cost; the first player declares dice and limit")


def _hole(state: TableState, cmd: Command) -> list[ev.Event]:
    """Place the hole card (in the opening), or name and turn up an unseen one (at the showdown)."""
    x = hand_ext(state)
    player = base.require_live(state, cmd.player)
    seat = state.seat(player)
    assert seat is not None
    cards = parse_cards(cmd.cards, base.pack_of(state)) if cmd.cards else []
    if len(cards) > 1:
        raise InputError("a hole card is one card: potlog hole Ann 5H (or potlog hole Ann, face down unseen)")
    card = cards[0] if cards else UNKNOWN
    held, placed = [h.card for h in seat.cards], x.hole.get(player)
    shown = any(h.card == card and h.up for h in seat.cards)
    declared = [base.make_event(ev.Declared, player=player, name="hole", value=card)]
    if placed is not None:
        if x.phase not in ("showdown", "won") or card == UNKNOWN:
            raise RuleViolation(f"{player} has placed a hole card already: once placed it cannot be changed")
        if placed != UNKNOWN:
            if card != placed:
                raise RuleViolation(f"{player}'s hole card is {placed}; once placed it cannot be changed")
            if shown:
                raise RuleViolation(f"{player}'s hole card {card} is shown already")
            return [base.make_event(ev.CardsRevealed, holder=player, cards=[card])]
        if card not in held:
            if UNKNOWN not in held:
                raise RuleViolation(f"{player} holds {' '.join(held)}: the hole card is one of them")
            base.check_unseen(state, [card])
        return declared + ([] if shown else [base.make_event(ev.CardsRevealed, holder=player, cards=[card])])
    if x.phase != "open":
        raise RuleViolation(f"hole cards are placed in the opening, before betting; {phase_text(state)}")
    require_turn(state, player, "place a hole card")
    if len(seat.cards) < 3:
        raise RuleViolation(f"{player} has {len(seat.cards)} cards: deal all 3 first")
    if card == UNKNOWN and UNKNOWN not in held:
        raise RuleViolation(f"{player}'s cards are known ({' '.join(held)}): name the hole card, like potlog hole "
                            f"{player} {held[0]}")
    if card != UNKNOWN and card not in held:
        if UNKNOWN not in held:
            raise RuleViolation(f"{player} does not hold {card} (holds {' '.join(held)})")
        base.check_unseen(state, [card])
    return declared


def _roll(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    first = first_player(x)
    if x.phase != "roll":
        raise RuleViolation(f"the dice are rolled once, after the opening bets are in; {phase_text(state)}")
    if cmd.player != first:
        raise RuleViolation(f"{first}, the first player, rolls the dice, not {cmd.player or 'the table'}")
    if cmd.sides not in (None, 6):
        raise RuleViolation("Blücher is played with six-sided dice")
    events = base.roll(state, dataclasses.replace(cmd, sides=6))
    n = sum(len(e.faces) for e in events if isinstance(e, ev.DiceRolled))
    if n != x.dice:
        raise RuleViolation(f"{first} declared {x.dice} dice: record all {x.dice} faces, not {n}")
    return events


def _buy(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    player = base.require_live(state, cmd.player)
    if x.phase != "round":
        raise RuleViolation(f"{player} cannot buy a card now: cards are bought in the three rounds after the dice; "
                            f"{phase_text(state)}")
    require_turn(state, player, "buy a card")
    return deal.buy(state, cmd, DEALING, player, cost=x.card_cost, stock=x.stock, kept=x.hole.get(player),
                    bought=x.bought, acted=x.acted)


def _reshuffle(state: TableState, cmd: Command) -> list[ev.Event]:
    return deal.reshuffle(state, cmd, DEALING, hand_ext(state).stock)


def _round(state: TableState, cmd: Command) -> list[ev.Event]:
    if hand_ext(state).phase != "round-over":
        raise RuleViolation("Blücher starts its rounds by itself (after the dice, and after each round's betting)")
    return _after(state)


# ----------------------------------------------------------------------------- between hands

def _start(state: TableState, cmd: Command) -> list[ev.Event]:
    pack = "Spanish" if family_of(state) == "spanish" else "French"
    return deal.start(state, cmd, DEALING, players=(3, max_players(state)), winner=ext(state).next_dealer, pack=pack)


def _rebuy(state: TableState, cmd: Command) -> list[ev.Event]:
    seat = state.seat(cmd.player or "")
    if state.in_hand and seat is not None and seat.in_hand and not seat.folded:
        raise RuleViolation(f"{seat.name} is in hand {current(state).number}: rebuy between hands (table stakes)")
    return base.rebuy(state, cmd)


def _pay(state: TableState, cmd: Command) -> list[ev.Event]:
    source, to = cmd.source or "", cmd.to or ""
    if state.seat(source) is None and (source == "pot" or source.startswith("pot:")):
        raise RuleViolation("chips leave the pot only by the rules (potlog showdown, or the last fold)")
    if state.seat(to) is None and to == "carry":
        raise RuleViolation("the pot rides only when everyone busts: potlog showdown carries it over")
    if state.seat(source) is None and source == "carry" and state.in_hand:
        raise RuleViolation("the carry-over is in this hand's pot now: the showdown settles it")
    return base.pay(state, cmd)


def _end(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if state.balance("pot"):
        raise RuleViolation(f"the hand ends with the showdown (or when all but one fold); {phase_text(state)}")
    return base.end_hand(state, cmd) if x.phase != "ended" else []


_VERBS: dict[str, Verb] = {
    "hand": _start, "deal": _deal, "declare": _declare, "hole": _hole, "roll": _roll, "buy": _buy,
    "exchange": _buy, "reshuffle": _reshuffle, "round": _round, "showdown": showdown, "rebuy": _rebuy,
    "pay": _pay, "end": _end, **dict.fromkeys(("bet", "call", "raise", "allin", "check", "fold"), _bet),
}
_FLOW_VERBS = {"deal", "declare", "hole", "bet", "call", "raise", "allin", "check", "fold", "roll", "buy",
               "exchange", "round", "leave"}
_REFUSED = {
    "ante": "Blücher has no antes: the first player opens with a bet",
    "play": "Blücher has no tricks: cards are bought (potlog buy) and shown at the showdown",
    "score": "Blücher is played for chips, not points",
    "award": "Blücher settles the pot itself: potlog showdown (or the last fold) pays it out",
    "carry": "the pot rides only when everyone busts, and potlog showdown works that out",
}
