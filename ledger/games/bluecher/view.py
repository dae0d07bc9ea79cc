"""What the table sees: ``legal`` (who may do what next) and ``describe`` (the lines
`potlog state` adds for Blücher)."""

from __future__ import annotations

from ...kit import deal, pots, stages
from . import staged
from ...state import TableState
from ...core.contract import Legal
from ...core.table import require_hand, to_call
from .options import MAX_DICE, ext
from .showdown import showdown_hands
from .stages import FLOW, first_player


def legal(state: TableState) -> list[Legal]:
    if state.closed:
        return []
    x = ext(state)
    if not state.in_hand:
        return [staged.between(f"{x.next_dealer or 'the next seat'} deals the next hand")]
    hand = require_hand(state)
    p, first, fresh = hand.to_act, first_player(x), hand.to_act not in x.acted
    if x.phase == "open" and p == first and fresh:
        todo = [w for w, v in ((f"dice 1-{MAX_DICE}", x.dice), ("limit", x.limit)) if v is None]
        verbs = (("declare",) if todo else ()) + (("hole",) if p not in x.hole else () if todo else ("bet", "allin"))
        note = ("declare " + " and ".join(todo) + "; " if todo else "") + (
            "place a hole card" if p not in x.hole else f"bet 1 to {x.limit if x.limit is not None else 'the limit'}")
        return [Legal(p, verbs, note)]
    if x.phase == "open" and p and p not in x.hole:
        return [Legal(p, ("hole", "fold"), f"place a hole card, then call {to_call(state, p)}")]
    cost = [Legal(hand.dealer, ("declare",), f"the card cost (now {x.card_cost}), before the deal")]
    note = (f"3 cards each, face down: {', '.join(deal.short(state, 3))} (potlog deal all -n 3)" if x.phase == "deal"
            else f"roll {x.dice} dice for the target" if x.phase == "roll"
            else f"round {hand.round} of 3, card costs {x.card_cost}" if x.phase == "round" and fresh
            else "; ".join(showdown_hands(state)[1]) or "potlog showdown settles the pot" if x.phase == "showdown"
            else "potlog showdown settles the pot" if x.phase == "won" else "")
    return (cost if x.phase == "deal" and deal.undealt(state) else []) + stages.prompt(
        state, FLOW, "showdown" if x.phase == "won" else x.phase, x, note, opener=first, uncallable=True,
        before=("buy",) if x.phase == "round" and fresh and p not in x.bought else ())


def describe(state: TableState) -> list[tuple[str, str]]:
    x, hand = ext(state), state.hand
    if hand is None or not hand.number:
        return [("card cost", f"{x.card_cost} (the dealer may declare another before the deal)")]
    lines: list[tuple[str, str]] = []
    if hand.ended:
        lines += [("next dealer", x.next_dealer)] if x.next_dealer else []
        lines += [("carry-over", f"{state.balance('carry')} ride into the next hand")] if state.balance("carry") else []
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

