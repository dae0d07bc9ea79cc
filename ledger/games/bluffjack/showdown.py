"""The showdown: the pot and side pots paid to the best hands (or the house, or set aside),
then eliminations and the end of the game."""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN
from ...chips import side_pots, split_evenly
from ...commands import Command
from ...errors import RuleViolation
from ...state import Seat, TableState
from .. import base
from .auto import _trial
from .hands import hand_key, hand_name
from .options import ASIDE, ELIMINATED, HOUSE
from .table import _clockwise, _ext, _live, _opt
from .verbs import _handler
from .view import _waiting


def _payouts(state: TableState) -> list[ev.Event]:
    """Every payment out of the pot this hand, worked out from what does not change while the
    pot is paid: the cards, who folded, and what each player put in."""
    hand = state.hand
    assert hand is not None
    everyone = _clockwise(state, hand.dealer)
    live = [s for s in everyone if s.in_hand and not s.folded]
    total = sum(s.hand_bet for s in everyone)
    if not total:
        return []
    if len(live) == 1:
        return [base.make_event(ev.PotAwarded, shares=[ev.Share(player=live[0].name, amount=total)],
                                reason="everyone else folded")]
    opts = state.options
    cards = {s.name: [h.card for h in s.cards] for s in live}
    keys = {name: hand_key(c, opts) for name, c in cards.items()}
    layers = side_pots([(s.name, s.hand_bet, s.in_hand and not s.folded) for s in everyone])
    no_house = bool(_opt(state, "no_house"))
    out: list[ev.Event] = []
    for i, layer in enumerate(layers):
        label = "the pot" if len(layers) == 1 else ("main pot" if i == 0 else f"side pot {i}")
        eligible = list(layer.eligible) or [s.name for s in live]
        if len(eligible) == 1:
            out.append(base.make_event(ev.PotAwarded, shares=[ev.Share(player=eligible[0], amount=layer.amount)],
                                       reason=f"{label}: back to {eligible[0]}, nobody else matched it"))
            continue
        best = max(keys[p] for p in eligible)
        if best[0] == 0:
            why = "set aside for the last player standing" if no_house else "the house takes it"
            out.append(base.make_event(ev.Transfer, from_account="pot", to_account=ASIDE if no_house else HOUSE,
                                       amount=layer.amount, reason=f"{label}: everyone in it is over 21, {why}"))
            continue
        winners = [p for p in eligible if keys[p] == best]
        shares = [ev.Share(player=p, amount=a) for p, a in split_evenly(layer.amount, winners) if a]
        shown = ", ".join(f"{p} {hand_name(cards[p], opts)}" for p in eligible)
        verb = "split" if len(winners) > 1 else f"{winners[0]} wins"
        out.append(base.make_event(ev.PotAwarded, shares=shares, reason=f"{label}: {verb} ({shown})"[:200]))
    return out


def _unnamed(state: TableState) -> None:
    for s in _live(state):
        if len(_live(state)) > 1 and any(h.card == UNKNOWN for h in s.cards):
            raise RuleViolation(f"{s.name}'s face-down card was never named: say what it is "
                                f"(potlog reveal {s.name} CARD), then showdown")


@_handler("showdown")
def _showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    ext = _ext(state)
    hand = state.hand
    assert hand is not None
    if ext.stage != "showdown":
        raise RuleViolation(f"the hand is not ready for the showdown: {_waiting(state)}")
    _unnamed(state)
    live = _live(state)
    events: list[ev.Event] = []
    if len(live) > 1:
        for s in live:
            down = [h.card for h in s.cards if not h.up]
            if down:
                events.append(base.make_event(ev.CardsRevealed, holder=s.name, cards=down))
    payouts = _payouts(state)[ext.paid:]
    owed = sum(e.amount if e.type == "transfer" else sum(x.amount for x in e.shares)  # type: ignore[attr-defined]
               for e in payouts)
    if owed != state.balance("pot"):
        raise RuleViolation(f"the pot holds {state.balance('pot')} chips but the bets add up to {owed}: "
                            "settle this hand with --override")
    events += payouts
    events.append(base.make_event(ev.HandEnded, hand=hand.number))
    return events + _after_hand(_trial(state, events), live)


def _after_hand(state: TableState, live: list[Seat]) -> list[ev.Event]:
    """After the hand: eliminations, what was set aside, and the end of the game."""
    out: list[ev.Event] = []
    stacks = {s.name: state.stack(s.name) for s in state.seats}
    active = [s.name for s in _clockwise(state, state.hand.dealer if state.hand else None) if s.active]
    aside = state.balance(ASIDE)
    if aside and not any(stacks[p] for p in active):
        for p, a in split_evenly(aside, [s.name for s in live]):
            if a:
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
