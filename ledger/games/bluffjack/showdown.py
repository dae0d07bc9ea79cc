"""The showdown: the pot and side pots paid to the best hands (or the house, or set aside),
then eliminations and the end of the game."""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN
from ...chips import side_pots
from ...commands import Command
from ...errors import RuleViolation
from ...kit import pots
from ...state import Seat, TableState
from .. import base
from .hands import hand_key, hand_name
from .options import ASIDE, ELIMINATED, HOUSE, ext, opts
from .stages import around, live, trial
from .view import waiting


def payouts(state: TableState) -> list[ev.Event]:
    """Every payment out of the pot this hand, worked out from what does not change while the
    pot is paid: the cards, who folded, and what each player put in."""
    hand = state.hand
    assert hand is not None
    everyone = around(state)
    still = [s for s in everyone if s.in_hand and not s.folded]
    total = sum(s.hand_bet for s in everyone)
    if not total:
        return []
    if len(still) == 1:
        return [base.make_event(ev.PotAwarded, shares=[ev.Share(player=still[0].name, amount=total)],
                                reason="everyone else folded")]
    o = opts(state)
    cards = {s.name: [h.card for h in s.cards] for s in still}
    keys = {name: hand_key(c, o) for name, c in cards.items()}
    layers = side_pots([(s.name, s.hand_bet, s.in_hand and not s.folded) for s in everyone])
    out: list[ev.Event] = []
    for i, layer in enumerate(layers):
        label = "the pot" if len(layers) == 1 else ("main pot" if i == 0 else f"side pot {i}")
        eligible = list(layer.eligible) or [s.name for s in still]
        if len(eligible) == 1:
            out.append(base.make_event(ev.PotAwarded, shares=[ev.Share(player=eligible[0], amount=layer.amount)],
                                       reason=f"{label}: back to {eligible[0]}, nobody else matched it"))
            continue
        best = max(keys[p] for p in eligible)
        if best[0] == 0:
            why = "set aside for the last player standing" if o.no_house else "the house takes it"
            out.append(base.make_event(ev.Transfer, from_account="pot", to_account=ASIDE if o.no_house else HOUSE,
                                       amount=layer.amount, reason=f"{label}: everyone in it is over 21, {why}"))
            continue
        winners = [p for p in eligible if keys[p] == best]
        shares = [ev.Share(player=p, amount=a) for p, a in pots.split(layer.amount, winners, eligible)]
        shown = ", ".join(f"{p} {hand_name(cards[p], o)}" for p in eligible)
        verb = "split" if len(winners) > 1 else f"{winners[0]} wins"
        out.append(base.make_event(ev.PotAwarded, shares=shares, reason=f"{label}: {verb} ({shown})"[:200]))
    return out


def require_named(state: TableState) -> None:
    """Refuse a showdown while a live player's face-down card is unknown."""
    for s in live(state):
        if len(live(state)) > 1 and any(h.card == UNKNOWN for h in s.cards):
            raise RuleViolation(f"{s.name}'s face-down card was never named: say what it is "
                                f"(potlog reveal {s.name} CARD), then showdown")


def _paid_out(event: ev.Event) -> int:
    match event:
        case ev.Transfer(amount=amount):
            return amount
        case ev.PotAwarded(shares=shares):
            return sum(x.amount for x in shares)
    return 0


def showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    hand = state.hand
    assert hand is not None
    if ext(state).stage != "showdown":
        raise RuleViolation(f"the hand is not ready for the showdown: {waiting(state)}")
    require_named(state)
    still = live(state)
    events: list[ev.Event] = []
    if len(still) > 1:
        for s in still:
            down = [h.card for h in s.cards if not h.up]
            if down:
                events.append(base.make_event(ev.CardsRevealed, holder=s.name, cards=down))
    due = payouts(state)[ext(state).paid:]
    owed = sum(_paid_out(e) for e in due)
    if owed != state.balance("pot"):
        raise RuleViolation(f"the pot holds {state.balance('pot')} chips but the bets add up to {owed}: "
                            "settle this hand with --override")
    events += due
    events.append(base.make_event(ev.HandEnded, hand=hand.number))
    return events + _after_hand(trial(state, events), still)


def _after_hand(state: TableState, still: list[Seat]) -> list[ev.Event]:
    """After the hand: eliminations, what was set aside, and the end of the game."""
    out: list[ev.Event] = []
    stacks = {s.name: state.stack(s.name) for s in state.seats}
    active = [s.name for s in around(state) if s.active]
    aside = state.balance(ASIDE)
    if aside and not any(stacks[p] for p in active):
        for p, a in pots.split(aside, [s.name for s in still], [s.name for s in still]):
            out.append(base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + p, amount=a,
                                       reason="nobody else is left: what was set aside is shared"))
            stacks[p] += a
        aside = 0
    for p in active:
        if stacks[p] == 0:
            out.append(base.make_event(ev.PlayerLeft, player=p, cashout=0, reason=ELIMINATED))
    holders = [p for p in active if stacks[p] > 0]
    if len(holders) == 1:
        winner = holders[0]
        if aside:
            out.append(base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + winner, amount=aside,
                                       reason="the last player standing wins what was set aside"))
        out.append(base.make_event(ev.Note, text=f"{winner} holds every chip and wins the game"))
    elif not holders:
        out.append(base.make_event(ev.Note, text="every player is out of chips: the house took the last of them "
                                                 "and nobody wins the game"))
    return out
