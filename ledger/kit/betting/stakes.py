"""Stakes outside the moves: the forced bets that open a round, and rebuys at table stakes."""

from __future__ import annotations

from typing import Sequence

from ... import events as ev
from ...core.commands import Rebuy
from ...errors import RuleViolation
from ...core.verbs import rebuy
from ...state import TableState
from .rules import Betting


def table_stakes(state: TableState, cmd: Rebuy,
                 refusal: str = "{player} is in hand {number}: rebuy between hands (table stakes)") -> list[ev.Event]:
    """``potlog rebuy`` at table stakes: refused for a player still in the hand in progress."""
    seat = state.seat(cmd.player or "")
    hand = state.hand
    if state.in_hand and hand is not None and seat is not None and seat.in_hand and not seat.folded:
        raise RuleViolation(refusal.format(player=seat.name, number=hand.number))
    return rebuy(state, cmd)


def forced_bets(state: TableState, rules: Betting, order: Sequence[str]) -> list[ev.Event]:
    """The stakes the rules put in as the round opens (antes, blinds, bring-in, a forced
    raise), in order; a player short of the amount goes all-in for what they have."""
    out: list[ev.Event] = []
    names = list(order)
    high = state.hand.current_bet if state.hand is not None else 0
    spent: dict[str, int] = {}
    in_round = {n: (s.round_bet if (s := state.seat(n)) is not None else 0) for n in names}
    for f in rules.forced:
        amount = f.amount if f.amount is not None else rules.smallest(state)
        if f.kind == "ante" or not names:
            who = names
        else:  # the seat, or the next one with chips left
            ring = names[f.seat % len(names):] + names[:f.seat % len(names)]
            who = [n for n in ring if state.stack(n) - spent.get(n, 0) > 0][:1]
        for name in who:
            stack = state.stack(name) - spent.get(name, 0)
            if stack <= 0:
                continue
            if f.kind == "ante":
                out.append(ev.Ante(player=name, amount=min(amount, stack)))
                spent[name] = spent.get(name, 0) + min(amount, stack)
                continue
            mine = in_round[name]
            total = amount if f.kind != "raise" else (high - mine) + amount
            if total >= stack:
                total = stack
                out.append(ev.AllIn(player=name, amount=stack))
            elif high == 0 and f.kind != "raise":
                out.append(ev.Bet(player=name, amount=total))
            elif mine + total <= high and f.kind != "raise":
                out.append(ev.Call(player=name, amount=total))
            else:
                out.append(ev.Raise(player=name, amount=total, by=mine + total - high))
            spent[name] = spent.get(name, 0) + total
            in_round[name] = mine + total
            high = max(high, mine + total)
    return out
