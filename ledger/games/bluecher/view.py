"""What the table sees: ``legal`` (who may do what next) and ``describe`` (the lines
`potlog state` adds for Blücher)."""

from __future__ import annotations

from ...kit import betting as bets
from ...kit import deal, pots, stages
from ...state import TableState
from .. import base
from .options import MAX_DICE, ext
from .showdown import showdown_hands
from .stages import FLOW, OPENING, ROUND, first_player


def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    x = ext(state)
    if not state.in_hand:
        return [base.Legal(None, ("hand", "join", "rebuy", "leave", "count", "note", "close"),
                           f"{x.next_dealer or 'the next seat'} deals the next hand")]
    hand = base.require_hand(state)
    p = hand.to_act
    if x.phase == "deal":
        items = [stages.legal(FLOW.stages[0], None, f"3 cards each, face down: {', '.join(deal.short(state, 3))} "
                                             "(potlog deal all -n 3)")]
        if deal.undealt(state):
            items.insert(0, base.Legal(hand.dealer, ("declare",), f"the card cost (now {x.card_cost}), before the deal"))
        return items
    if x.phase == "open" and p:
        if p == first_player(x) and p not in x.acted:
            todo = [w for w, v in ((f"dice 1-{MAX_DICE}", x.dice), ("limit", x.limit)) if v is None]
            verbs: tuple[str, ...] = ("declare",) if todo else ()
            verbs += ("hole",) if p not in x.hole else () if todo else ("bet", "allin")
            note = ("declare " + " and ".join(todo) + "; " if todo else "") + (
                "place a hole card" if p not in x.hole else f"bet 1 to {x.limit if x.limit is not None else 'the limit'}")
            return [base.Legal(p, verbs, note)]
        if p not in x.hole:
            return [base.Legal(p, ("hole", "fold"), f"place a hole card, then call {base.to_call(state, p)}")]
        return [bets.prompt(state, x, OPENING, p, opener=first_player(x))]
    if x.phase == "roll":
        return [stages.legal(FLOW.stages[2], first_player(x), f"roll {x.dice} dice for the target")]
    if x.phase == "round" and p:
        fresh = p not in x.acted
        return [bets.prompt(state, x, ROUND, p, f"round {hand.round} of 3, card costs {x.card_cost}" if fresh else "",
                            before=("buy",) if fresh and p not in x.bought else (), uncallable=True)]
    if x.phase in ("showdown", "won"):
        missing = showdown_hands(state)[1] if x.phase == "showdown" else []
        return [stages.legal(FLOW.stages[4], None, "; ".join(missing) or "potlog showdown settles the pot")]
    return []


def describe(state: TableState) -> list[tuple[str, str]]:
    x, hand = ext(state), state.hand
    if hand is None or not hand.number:
        return [("card cost", f"{x.card_cost} (the dealer may declare another before the deal)")]
    lines: list[tuple[str, str]] = []
    if hand.ended:
        lines += [("next dealer", x.next_dealer)] if x.next_dealer else []
        if state.balance("carry"):
            lines.append(("carry-over", f"{state.balance('carry')} ride into the next hand"))
    lines.append(("card cost", str(x.card_cost)))
    lines += [("dice", f"{x.dice} (declared by {first_player(x)})")] if x.dice is not None else []
    lines += [(k, str(v)) for k, v in (("limit", x.limit), ("target", x.target)) if v is not None]
    lines += [("round", f"{hand.round} of 3")] if x.phase == "round" else []
    if not hand.ended:
        lines.append(("pot", str(state.balance("pot"))))
        lines += [("carried in", str(x.carried_in))] if x.carried_in else []
        lines.append(("stock", f"{x.stock} cards"))
    if x.hole:
        lines.append(("hole cards", ", ".join(f"{p} {deal.hole_text(state, p, x.hole.get(p))}" for p in x.order)))
    if any(s.all_in for s in state.live_players()) and not hand.ended:
        lines.append(("side pots", pots.side_pots_text(state)))
    if x.target is not None and x.phase in ("showdown", "won", "ended"):
        hands = showdown_hands(state)[0]
        lines += [("hands", "; ".join(f"{h.player} {h.text()}" for h in hands))] if hands else []
    return lines

