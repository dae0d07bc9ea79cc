"""The verbs of the cards and the dice: the deal, the declarations (card cost, dice, limit),
hole cards, the roll, buying a card, the reshuffle and the start of a round."""

from __future__ import annotations

import dataclasses

from ... import events as ev
from ...cards import UNKNOWN, parse_cards
from ...commands import Command
from ...errors import InputError, RuleViolation
from ...state import TableState
from .. import base
from .options import MAX_DICE, ROUND_NAMES, BluecherExt
from .stages import current, first_player, hand_ext, phase_text, require_turn


def deal(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if x.phase != "deal":
        raise RuleViolation("everyone has 3 cards: new cards come by buying (potlog buy PLAYER)")
    to = cmd.to or ""
    if to.lower() in ("all", "everyone"):
        if cmd.cards:
            raise InputError("name known cards one player at a time: potlog deal Ann AS 5H 9C")
        events = []
        for name in x.order:
            seat = state.seat(name)
            short = 3 - len(seat.cards) if seat is not None else 0
            if short > 0:
                events.append(base.make_event(ev.CardsDealt, to=name, cards=[UNKNOWN] * short))
        if not events:
            raise RuleViolation("everyone has 3 cards already")
        return events
    if state.seat(to) is None:
        raise RuleViolation(f"Blücher deals only to players in the hand ({', '.join(x.order)}), not to {to or 'nobody'}")
    events = base.deal(state, cmd)
    seat = state.seat(to)
    assert seat is not None
    n = sum(len(e.cards) for e in events if isinstance(e, ev.CardsDealt))
    if len(seat.cards) + n > 3:
        raise RuleViolation(f"{to} gets 3 cards and has {len(seat.cards)}: deal {3 - len(seat.cards)} more at most")
    if n > x.stock:
        raise RuleViolation(f"the stock has only {x.stock} cards left")
    return events


def declare(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.name == "hole":
        return hole(state, dataclasses.replace(cmd, cards=(str(cmd.value),) if cmd.value not in (None, UNKNOWN) else ()))
    x = hand_ext(state)
    player = base.require_seated(state, cmd.player)
    value = cmd.value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 13:
        value = int(value.strip())
    what = cmd.name
    if what == "cost":
        dealer = current(state).dealer
        if player != dealer:
            raise RuleViolation(f"{player} cannot set the card cost: the dealer ({dealer}) does")
        if x.phase != "deal" or any(s.cards for s in state.seats if s.in_hand):
            raise RuleViolation(f"the card cost is declared before the deal and then holds for the hand (it is {x.card_cost})")
        if not isinstance(value, int) or value < 1:
            raise InputError(f"a card costs a whole number of chips, 1 or more, not {cmd.value!r}")
    elif what in ("dice", "limit"):
        first = first_player(x)
        if player != first:
            raise RuleViolation(f"{player} cannot declare the {what}: {first}, the first player, does")
        if x.phase != "open" or first in x.acted:
            raise RuleViolation(f"the {what} {'are' if what == 'dice' else 'is'} declared by {first} "
                                "in the opening, before the first bet")
        if what == "dice":
            if x.dice is not None:
                raise RuleViolation(f"{first} declared {x.dice} dice already: a declaration stands (void it if it was recorded wrong)")
            if not isinstance(value, int) or not 1 <= value <= MAX_DICE:
                raise RuleViolation(f"{first} may roll 1 to {MAX_DICE} dice, not {cmd.value}")
        else:
            if x.limit is not None:
                raise RuleViolation(f"{first} set the limit at {x.limit} already: it holds for the hand")
            if not isinstance(value, int) or not 1 <= value <= ev.MAX_CHIPS:
                raise InputError(f"the limit is a whole number of chips, 1 or more, not {cmd.value!r}")
    else:
        raise RuleViolation(
            f"Blücher has no declaration {what!r}: the dealer declares cost; the first player declares dice and limit"
        )
    return [base.make_event(ev.Declared, player=player, name=what, value=value)]


def _hand_cards(state: TableState, player: str, x: BluecherExt) -> list[str]:
    """The player's cards other than the hole card."""
    seat = state.seat(player)
    cards = [h.card for h in seat.cards] if seat is not None else []
    hole = x.hole.get(player)
    if hole is not None and hole in cards:
        cards.remove(hole)
    return cards


def hole(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    player = base.require_live(state, cmd.player)
    seat = state.seat(player)
    assert seat is not None
    cards = parse_cards(cmd.cards, base.pack_of(state)) if cmd.cards else []
    if len(cards) > 1:
        raise InputError("a hole card is one card: potlog hole Ann 5H (or potlog hole Ann, face down unseen)")
    card = cards[0] if cards else UNKNOWN
    held = [h.card for h in seat.cards]
    placed = x.hole.get(player)
    if placed is not None:
        if x.phase not in ("showdown", "won") or card == UNKNOWN:
            raise RuleViolation(f"{player} has placed a hole card already: once placed it cannot be changed")
        if placed != UNKNOWN:
            if card != placed:
                raise RuleViolation(f"{player}'s hole card is {placed}; once placed it cannot be changed")
            if any(h.card == card and h.up for h in seat.cards):
                raise RuleViolation(f"{player}'s hole card {card} is shown already")
            return [base.make_event(ev.CardsRevealed, holder=player, cards=[card])]
        if card not in held:
            if UNKNOWN not in held:
                raise RuleViolation(f"{player} holds {' '.join(held)}: the hole card is one of them")
            base.check_unseen(state, [card])
        events = [base.make_event(ev.Declared, player=player, name="hole", value=card)]
        if not any(h.card == card and h.up for h in seat.cards):
            events.append(base.make_event(ev.CardsRevealed, holder=player, cards=[card]))
        return events
    if x.phase != "open":
        raise RuleViolation(f"hole cards are placed in the opening, before betting; {phase_text(state)}")
    require_turn(state, player, "place a hole card")
    if len(seat.cards) < 3:
        raise RuleViolation(f"{player} has {len(seat.cards)} cards: deal all 3 first")
    if card == UNKNOWN:
        if UNKNOWN not in held:
            raise RuleViolation(f"{player}'s cards are known ({' '.join(held)}): name the hole card, like potlog hole {player} {held[0]}")
    elif card not in held:
        if UNKNOWN not in held:
            raise RuleViolation(f"{player} does not hold {card} (holds {' '.join(held)})")
        base.check_unseen(state, [card])
    return [base.make_event(ev.Declared, player=player, name="hole", value=card)]


def roll(state: TableState, cmd: Command) -> list[ev.Event]:
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


def buy(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    player = base.require_live(state, cmd.player)
    if x.phase != "round":
        raise RuleViolation(f"{player} cannot buy a card now: cards are bought in the three rounds after the dice; "
                            f"{phase_text(state)}")
    require_turn(state, player, "buy a card")
    if player in x.bought:
        raise RuleViolation(f"{player} has bought a card this round already: one card per round")
    if player in x.acted:
        raise RuleViolation(f"{player} has acted this round: a card is bought before checking, betting or calling")
    pack = base.pack_of(state)
    discard = parse_cards(cmd.discard, pack) if cmd.discard else []
    draw = parse_cards(cmd.cards, pack) if cmd.cards else []
    draw += [UNKNOWN] * (cmd.count or 0)
    if len(discard) > 1 or len(draw) > 1:
        raise RuleViolation(f"{player} buys one card at a time: one discard and one new card")
    others = _hand_cards(state, player, x)
    hole = x.hole.get(player)
    shown = " ".join(c for c in others if c != UNKNOWN)
    d = discard[0] if discard else UNKNOWN
    if hole is not None and d == hole and d != UNKNOWN:
        raise RuleViolation(f"{player} cannot exchange the hole card ({d}): discard one of the other two")
    if d not in others and UNKNOWN not in others:
        if d == UNKNOWN:
            raise RuleViolation(f"say which card {player} discards: {' or '.join(others)} (--discard); "
                                "the hole card stays")
        raise RuleViolation(f"{player} does not hold {d} besides the hole card (holds {shown})")
    discard = [d]
    if x.stock <= 0:
        raise RuleViolation("the stock is empty: record the reshuffle of the discards first (potlog reshuffle)")
    if cmd.amount is not None and cmd.amount != x.card_cost:
        raise RuleViolation(f"a card costs {x.card_cost} this hand, not {cmd.amount}")
    stack = state.stack(player)
    if stack < x.card_cost:
        raise RuleViolation(f"{player} has {stack} chips and a card costs {x.card_cost}")
    return base.exchange(state, dataclasses.replace(cmd, discard=tuple(discard), cards=tuple(draw or [UNKNOWN]),
                                                    count=None, face_up=False), cost=x.card_cost)


def reshuffle(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if x.stock > 0:
        raise RuleViolation(f"the stock still holds {x.stock} cards: reshuffle the discards when it runs out")
    if not current(state).out:
        raise RuleViolation("there are no discards to reshuffle")
    return base.reshuffle(state, cmd)


def new_round(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if x.phase != "round-over":
        raise RuleViolation("Blücher starts its rounds by itself (after the dice, and after each round's betting)")
    n = current(state).round + 1
    return [base.make_event(ev.RoundStarted, round=n, name=ROUND_NAMES.get(n, ""))]
