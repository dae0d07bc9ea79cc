"""The showdown and the settlement: best hands, the pots (side pots included) and their
awards, what rides into the next hand, and who deals next."""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN
from ...chips import side_pots, split_evenly
from ...commands import Command
from ...errors import RuleViolation
from ...state import TableState
from .. import base
from .hands import BestHand, best_hand
from .options import ext, family_of
from .stages import current, hand_ext, phase_text


def last_one_wins(state: TableState, pot: int | None = None) -> list[ev.Event]:
    """Everyone else folded: the last player takes every chip in the pot without showing."""
    live = state.live_players()
    hand = state.hand
    assert hand is not None
    events: list[ev.Event] = []
    pot = state.balance("pot") if pot is None else pot
    if len(live) == 1:
        winner = live[0].name
        if pot:
            events.append(base.make_event(ev.PotAwarded, shares=[ev.Share(player=winner, amount=pot)],
                                          reason=f"{winner} is the last player in: everyone else folded"))
        events.append(base.make_event(ev.Declared, name="next-dealer", value=winner))
    elif pot:
        raise RuleViolation("nobody is left in the hand to take the pot: award it as a table ruling (--override)")
    events.append(base.make_event(ev.HandEnded, hand=hand.number))
    return events


def showdown_hands(state: TableState) -> tuple[list[BestHand], list[str]]:
    """Each live player's best hand from their known cards, and who still has to show what."""
    x = ext(state)
    family = family_of(state)
    hands, missing = [], []
    for name in x.order:
        seat = state.seat(name)
        if seat is None or not seat.in_hand or seat.folded:
            continue
        held = [h.card for h in seat.cards]
        hole = x.hole.get(name)
        if hole is None:
            missing.append(f"{name} has no hole card recorded")
        elif hole == UNKNOWN:
            missing.append(f"name {name}'s hole card: potlog hole {name} CARD")
        elif UNKNOWN in held:
            missing.append(f"{name}'s cards are not all known: potlog reveal {name} CARD ...")
        elif hole not in held:
            missing.append(f"{name}'s hole card {hole} is no longer in the hand (held: {' '.join(held)})")
        elif x.target is not None:
            others = list(held)
            others.remove(hole)
            hands.append(best_hand(name, hole, others, x.target, family))
    return hands, missing


def showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    x = hand_ext(state)
    if x.phase == "won":
        return last_one_wins(state)
    if x.phase != "showdown":
        raise RuleViolation(f"the showdown comes after the third round; {phase_text(state)}"
                            + (f" ({state.hand.to_act} to act)" if state.hand and state.hand.to_act else ""))
    hands, missing = showdown_hands(state)
    if missing:
        raise RuleViolation("; ".join(missing))
    events: list[ev.Event] = []
    for h in hands:  # the remaining players expose their cards
        seat = state.seat(h.player)
        down = [c.card for c in seat.cards if not c.up] if seat is not None else []
        if down:
            events.append(base.make_event(ev.CardsRevealed, holder=h.player, cards=down))
    return events + _settle(state, hands, state.balance("pot"))


def _settle(state: TableState, hands: list[BestHand], pot_total: int) -> list[ev.Event]:
    """The awards, the carry-over, the next dealer and the end of the hand, for a pot of
    `pot_total` chips and the players' best hands."""
    x = ext(state)
    family = family_of(state)
    events: list[ev.Event] = []
    by_player = {h.player: h for h in hands}
    contributions = [(s.name, s.hand_bet, s.name in by_player) for s in (state.seat(n) for n in x.order) if s]
    pots = side_pots(contributions)
    extra = pot_total - sum(p.amount for p in pots)
    if pots and extra:
        pots[0] = type(pots[0])(pots[0].amount + extra, pots[0].eligible)
    carried = 0
    next_dealer: str | None = None
    for i, pot in enumerate(pots):
        label = "main pot" if i == 0 else f"side pot {i}"
        contenders = sorted((by_player[p] for p in pot.eligible), key=lambda h: h.key(family))
        if not contenders:
            carried += pot.amount
            continue
        best = contenders[0]
        if len(contenders) == 1:
            events.append(_award([(best.player, pot.amount)], f"{label}: back to {best.player}, nobody else could match it"))
        elif not best.bust:
            tied = [h.player for h in contenders if h.key(family) == best.key(family)]
            events.append(_award(split_evenly(pot.amount, tied),
                                 f"{label}: {best.player} {best.text()}, target {x.target}"))
        else:
            take = min(pot.amount, len(contenders) - 1)
            if take:
                events.append(_award([(best.player, take)],
                                     f"{label}: all bust; {best.player} least wrong with {best.text()}, "
                                     f"1 chip per other player"))
            carried += pot.amount - take
        if i == 0:
            next_dealer = best.player if not best.bust else base.seat_after(state, current(state).dealer)
    if carried:
        events.append(base.make_event(ev.PotCarried, amount=carried))
    if next_dealer:
        events.append(base.make_event(ev.Declared, name="next-dealer", value=next_dealer))
    events.append(base.make_event(ev.HandEnded, hand=current(state).number))
    return events


def _award(shares: list[tuple[str, int]], reason: str) -> ev.Event:
    return base.make_event(ev.PotAwarded, shares=[ev.Share(player=p, amount=a) for p, a in shares if a],
                           reason=reason[:200])


def settlement(state: TableState) -> list[ev.Event]:
    """What the showdown (or the last fold) pays out this hand, counted from the whole pot
    (what is left plus what was already paid)."""
    x = ext(state)
    pot_total = state.balance("pot") + x.paid
    if x.phase == "won":
        return last_one_wins(state, pot_total)
    hands, missing = showdown_hands(state)
    if missing:
        raise RuleViolation("; ".join(missing))
    return _settle(state, hands, pot_total)
