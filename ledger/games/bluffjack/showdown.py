"""The showdown: the pot and side pots paid to the best hands (or the house, or set aside),
then eliminations and the end of the game."""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN
from ...commands import Command
from ...errors import RuleViolation
from ...kit import deal, pots
from ...kit.evaluators import Ranked
from ...state import Seat, TableState
from .. import base
from .hands import hand_key, hand_name
from .options import ASIDE, ELIMINATED, HOUSE, ext, opts
from .stages import around, live, trial
from .view import waiting


def payouts(state: TableState) -> list[ev.Event]:
    """Every payment out of the pot this hand, worked out from what does not change while the
    pot is paid: the cards, who folded, and what each player put in."""
    names = [s.name for s in around(state)]
    still = [s.name for s in live(state)]
    total = sum(s.hand_bet for s in state.seats)
    if not total:
        return []
    if len(still) == 1:
        return pots.award_all(state, still[0], "everyone else folded", amount=total)
    o = opts(state)
    cards = {p: [h.card for h in s.cards] for p in still if (s := state.seat(p)) is not None}
    ranks = {p: Ranked(hand_key(c, o), hand_name(c, o)) for p, c in cards.items()}

    def reason(layer: pots.Layer, winners: list[str]) -> str:
        shown = ", ".join(f"{p} {ranks[p].label}" for p in layer.eligible)
        return f"{layer.name}: {'split' if len(winners) > 1 else f'{winners[0]} wins'} ({shown})"

    def all_bust(layer: pots.Layer, contenders: list[str]) -> tuple[list[ev.Event], int]:
        why = f"{layer.name}: {'everyone in it is over 21' if contenders else 'nobody is left in it'}, " + (
            "set aside for the last player standing" if o.no_house else "the house takes it")
        if o.no_house:
            return [pots.set_aside(state, ASIDE, amount=layer.amount, held=total, reason=why)], 0
        return [pots.to_house(state, why, amount=layer.amount, held=total)], 0

    payout = pots.Payout(returned=False, lone="{layer}: back to {player}, nobody else matched it", reason=reason,
                         loses=lambda p: ranks[p].key[0] == 0, lost=all_bust, open_to_live=True)
    return pots.award_by_rank(state, ranks, names, total=total, payout=payout)


def require_named(state: TableState) -> None:
    """Refuse a showdown while a live player's face-down card is unknown."""
    for s in live(state):
        if len(live(state)) > 1 and any(h.card == UNKNOWN for h in s.cards):
            raise RuleViolation(f"{s.name}'s face-down card was never named: say what it is "
                                f"(potlog reveal {s.name} CARD), then showdown")


def showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    hand = state.hand
    assert hand is not None
    if ext(state).stage != "showdown":
        raise RuleViolation(f"the hand is not ready for the showdown: {waiting(state)}")
    require_named(state)
    still = live(state)
    events = deal.turn_up(state, [s.name for s in still]) if len(still) > 1 else []
    due = payouts(state)[ext(state).paid:]
    owed = sum(pots.paid_out(e) for e in due)
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
        out = pots.share(state, [s.name for s in still], "nobody else is left: what was set aside is shared", pot=ASIDE)
        for e in out:
            if isinstance(e, ev.Transfer):
                stacks[e.to_account.removeprefix("seat:")] += e.amount
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
