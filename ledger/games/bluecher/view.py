"""What the table sees: ``legal`` (who may do what next) and ``describe`` (the lines
`potlog state` adds for Blücher)."""

from __future__ import annotations

from ...chips import side_pots
from ...state import TableState
from .. import base
from .options import ext
from .showdown import showdown_hands
from .stages import first_player


def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    x = ext(state)
    if not state.in_hand:
        who = x.next_dealer or "the next seat"
        return [base.Legal(None, ("hand", "join", "rebuy", "leave", "count", "note", "close"),
                           f"{who} deals the next hand")]
    hand = state.hand
    assert hand is not None
    p = hand.to_act
    if x.phase == "deal":
        short = [s.name for s in state.seats if s.in_hand and len(s.cards) < 3]
        items = [base.Legal(None, ("deal",), "3 cards each, face down: " + ", ".join(short) + " (potlog deal all -n 3)")]
        if not any(s.cards for s in state.seats if s.in_hand):
            items.insert(0, base.Legal(hand.dealer, ("declare",), f"the card cost (now {x.card_cost}), before the deal"))
        return items
    if x.phase == "open" and p:
        if p == first_player(x) and p not in x.acted:
            todo = [w for w, v in (("dice 1-5", x.dice), ("limit", x.limit)) if v is None]
            verbs: tuple[str, ...] = ("declare",) if todo else ()
            verbs += ("hole",) if p not in x.hole else () if todo else ("bet", "allin")
            note = ("declare " + " and ".join(todo) + "; " if todo else "") + (
                "place a hole card" if p not in x.hole else f"bet 1 to {x.limit if x.limit is not None else 'the limit'}")
            return [base.Legal(p, verbs, note)]
        owed = base.to_call(state, p)
        if p not in x.hole:
            return [base.Legal(p, ("hole", "fold"), f"place a hole card, then call {owed}")]
        return [base.Legal(p, ("call", "allin", "fold") if state.stack(p) <= owed else ("call", "fold"), f"{owed} to call")]
    if x.phase == "roll":
        return [base.Legal(first_player(x), ("roll",), f"roll {x.dice} dice for the target")]
    if x.phase == "round" and p:
        owed = base.to_call(state, p)
        if p in x.acted:
            return [base.Legal(p, ("call", "allin", "fold"), f"{owed} to call")]
        verbs = () if p in x.bought else ("buy",)
        verbs += ("call", "raise") if owed else ("check", "bet")
        return [base.Legal(p, verbs + ("allin", "fold"),
                           (f"{owed} to call; " if owed else "") + f"round {hand.round} of 3, card costs {x.card_cost}")]
    if x.phase in ("showdown", "won"):
        _, missing = showdown_hands(state)
        note = "; ".join(missing) if x.phase == "showdown" and missing else "potlog showdown settles the pot"
        return [base.Legal(None, ("reveal", "hole", "showdown"), note)]
    return []


def describe(state: TableState) -> list[tuple[str, str]]:
    x = ext(state)
    hand = state.hand
    if hand is None or not hand.number:
        return [("card cost", f"{x.card_cost} (the dealer may declare another before the deal)")]
    lines: list[tuple[str, str]] = []
    if hand.ended:
        if x.next_dealer:
            lines.append(("next dealer", x.next_dealer))
        if state.balance("carry"):
            lines.append(("carry-over", f"{state.balance('carry')} ride into the next hand"))
    lines.append(("card cost", str(x.card_cost)))
    if x.dice is not None:
        lines.append(("dice", f"{x.dice} (declared by {first_player(x)})"))
    if x.limit is not None:
        lines.append(("limit", str(x.limit)))
    if x.target is not None:
        lines.append(("target", str(x.target)))
    if x.phase == "round":
        lines.append(("round", f"{hand.round} of 3"))
    if not hand.ended:
        lines.append(("pot", str(state.balance("pot"))))
        if x.carried_in:
            lines.append(("carried in", str(x.carried_in)))
        lines.append(("stock", f"{x.stock} cards"))
    holes = []
    for name in x.order:
        card = x.hole.get(name)
        seat = state.seat(name)
        if card is None:
            holes.append(f"{name} —")
        elif seat is not None and any(h.card == card and h.up for h in seat.cards):
            holes.append(f"{name} {card}")
        else:
            holes.append(f"{name} ▒▒")
    if x.hole:
        lines.append(("hole cards", ", ".join(holes)))
    if any(s.all_in for s in state.live_players()) and not hand.ended:
        pots = side_pots([(s.name, s.hand_bet, not s.folded) for s in state.seats if s.in_hand])
        lines.append(("side pots", "; ".join(f"{p.amount} for {', '.join(p.eligible)}" for p in pots)))
    if x.target is not None and x.phase in ("showdown", "won", "ended"):
        hands, _ = showdown_hands(state)
        if hands:
            lines.append(("hands", "; ".join(f"{h.player} {h.text()}" for h in hands)))
    return lines
