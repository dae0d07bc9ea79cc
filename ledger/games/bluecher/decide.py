"""``decide``: each command to its verb on the kit's engines (the deal, the declarations, the
betting rounds), Blücher's own verbs (the hole card, the roll), what the rules make follow,
and the verbs between hands (the next hand and its dealer, rebuys, payments, the end)."""

from __future__ import annotations

import dataclasses
from typing import Callable

from ... import events as ev
from ...cards import UNKNOWN
from ...commands import Command
from ...errors import RuleViolation
from ...kit import betting as bets
from ...kit import deal, declare, pots, stages
from ...kit.follow import then
from ...state import TableState
from .. import base
from . import NAME
from .options import ROUND_NAMES, BluecherExt, Options, ext, family_of, max_players
from .showdown import last_one_wins, showdown
from .stages import DEALING, DECLARATIONS, FLOW, GATES, LIMIT_ONLY, OPENING, ROUND, first_player

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
    if x.phase == FLOW.due:
        return bets.next_round(state, ROUND_NAMES)
    return last_one_wins(state) if x.phase == FLOW.won else []


# ----------------------------------------------------------------------------- the hand's verbs

def _gated(state: TableState, cmd: Command) -> tuple[BluecherExt, str | None]:
    """Blücher's state and the player, once the verb's gate (`GATES`: the hand, the phase, the turn) lets it by."""
    x = ext(state)
    return x, bets.gate(state, GATES, cmd.verb, x.phase, cmd.player, FLOW.text(x.phase))


def _bet(state: TableState, cmd: Command) -> list[ev.Event]:
    x, _ = _gated(state, cmd)
    rules = OPENING if x.phase == "open" else ROUND if x.phase == "round" or cmd.verb != "bet" else LIMIT_ONLY
    return bets.act(state, x, rules, cmd, opener=first_player(x), waiting_text=FLOW.text(x.phase))


def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    x, _ = _gated(state, cmd)
    return deal.deal(state, cmd, DEALING, x.order, x.stock)


def _declare(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.name == "hole":
        return _hole(state, dataclasses.replace(cmd, cards=(str(cmd.value),) if cmd.value not in (None, UNKNOWN) else ()))
    return declare.decide(state, cmd, DECLARATIONS, _gated(state, cmd)[0], "Blücher has no declaration {name!r}: "
                          "the dealer declares cost; the first player declares dice and limit")


def _hole(state: TableState, cmd: Command) -> list[ev.Event]:
    """Place the hole card (in the opening, in turn), or name and turn up an unseen one (at the showdown)."""
    stages.hand_on(state)
    x, player = ext(state), base.require_live(state, cmd.player)
    card = deal.one_card(state, cmd.cards, DEALING)
    if player not in x.hole:
        bets.gate(state, GATES, "hole", x.phase, player, FLOW.text(x.phase))
    return deal.hole(state, DEALING, player, card, x.hole.get(player), showing=x.phase in ("showdown", "won"))


def _roll(state: TableState, cmd: Command) -> list[ev.Event]:
    x, _ = _gated(state, cmd)
    first = first_player(x)
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
    x, player = _gated(state, dataclasses.replace(cmd, verb="buy"))
    assert player is not None
    return deal.buy(state, cmd, DEALING, player, cost=x.card_cost, stock=x.stock, kept=x.hole.get(player),
                    bought=x.bought, acted=x.acted)


def _reshuffle(state: TableState, cmd: Command) -> list[ev.Event]:
    return deal.reshuffle(state, cmd, DEALING, _gated(state, cmd)[0].stock)


def _round(state: TableState, cmd: Command) -> list[ev.Event]:
    _gated(state, cmd)
    return _after(state)


# ----------------------------------------------------------------------------- between hands

def _start(state: TableState, cmd: Command) -> list[ev.Event]:
    pack = "Spanish" if family_of(state) == "spanish" else "French"
    return deal.start(state, cmd, DEALING, players=(3, max_players(state)), winner=ext(state).next_dealer, pack=pack)


def _pay(state: TableState, cmd: Command) -> list[ev.Event]:
    return pots.pay(state, cmd, from_pot="chips leave the pot only by the rules (potlog showdown, or the last fold)",
                    to_carry="the pot rides only when everyone busts: potlog showdown carries it over",
                    carry_in_hand="the carry-over is in this hand's pot now: the showdown settles it")


def _end(state: TableState, cmd: Command) -> list[ev.Event]:
    x, _ = _gated(state, cmd)
    if state.balance("pot"):
        raise RuleViolation(f"the hand ends with the showdown (or when all but one fold); {FLOW.text(x.phase)}")
    return base.end_hand(state, cmd) if x.phase != "ended" else []


_VERBS: dict[str, Verb] = {
    "hand": _start, "deal": _deal, "declare": _declare, "hole": _hole, "roll": _roll, "buy": _buy,
    "exchange": _buy, "reshuffle": _reshuffle, "round": _round, "showdown": showdown, "rebuy": bets.table_stakes,
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
