"""What `potlog state` shows for Bluke: who may do what next (`legal`) and the game's own lines
(`describe`).
"""

from __future__ import annotations

from ...cards import pretty
from ...state import TableState
from .. import base
from .options import MAX_PLAYERS, MIN_PLAYERS, SUIT_NAMES, BlukeState, _ext, _nj, _suit_name
from .rules import _trump_suit, draw_ties, schedule, trick_winner
from .scoring import _pending


def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    x = _ext(state)
    if not state.in_hand:
        if x.over:
            return [base.Legal(None, ("close", "note", "pay"), "the game is over: potlog scorecard")]
        if x.schedule:
            return [base.Legal(None, ("hand", "note", "close"))]
        tied, _ = draw_ties(x.draws, [s.name for s in state.active_seats])
        if x.draws and len(tied) == 1:
            return [base.Legal(None, ("hand", "note", "close"), f"{tied[0]} drew the highest card and deals")]
        return [base.Legal(None, ("hand", "join", "leave", "note", "close")),
                base.Legal(None, ("deal",), "draw for the first deal: potlog deal NAME CARD (the highest deals)")]
    hand = state.hand
    assert hand is not None
    if hand.phase == "bidding":
        out = [base.Legal(hand.to_act, ("bid",))]
        if x.trump is None:
            out.append(base.Legal(None, ("deal",), "turn the trump card: potlog deal trump 7H --up"))
        return out
    if hand.phase == "playing":
        out = []
        if _pending(state, x) and x.tricks_done + 1 >= x.cards:
            return [base.Legal(None, ("end",), "the last trick is on the table: end takes it and scores the hand")]
        if _pending(state, x):
            winner = trick_winner([(p.player, p.card) for p in hand.trick], _trump_suit(x.trump))
            return [base.Legal(winner, ("play",), "takes the trick on the table and leads"),
                    base.Legal(None, ("end",), "if that was the last trick")]
        if hand.to_act:
            out.append(base.Legal(hand.to_act, ("play",)))
        if x.trump is None and not hand.trick and not x.tricks_done:
            out.append(base.Legal(None, ("deal",), "turn the trump card before the first card"))
        if not hand.trick and not x.tricks_done:
            out.append(base.Legal(None, ("tricks",), "or record every player's tricks taken"))
        return out
    return [base.Legal(None, ("end",), "score the hand")]


def _trump_text(x: BlukeState) -> str:
    if x.trump is None:
        return "not turned yet"
    if x.trump == "none":
        return f"no trump ({x.trump_card} turned)"
    return f"{SUIT_NAMES[x.trump]} ({pretty(x.trump_card or '')} turned)"


def describe(state: TableState) -> list[tuple[str, str]]:
    x = _ext(state)
    out: list[tuple[str, str]] = []
    if not x.schedule:
        n = len(state.active_seats)
        if MIN_PLAYERS <= n <= MAX_PLAYERS:
            plan = schedule(n, _nj(state))
            out.append(("game", f"{len(plan)} hands of {', '.join(map(str, plan))} cards"))
        if x.draws:
            tied, rnd = draw_ties(x.draws, [s.name for s in state.active_seats])
            drawn = ", ".join(f"{p} {' '.join(pretty(c) for c in cs)}" for p, cs in x.draws.items())
            waiting = ", ".join(p for p in tied if len(x.draws.get(p, [])) <= rnd)
            verdict = (f"{tied[0]} deals first" if len(tied) == 1 else
                       f"{waiting} to draw" if rnd == 0 else f"{' and '.join(tied)} tie: they draw again")
            out.append(("draw for the deal", f"{drawn}; {verdict}"))
        return out
    hand = state.hand
    if hand is not None and hand.number:
        out.append(("hand", f"{hand.number} of {len(x.schedule)}: {x.cards} card{'s' if x.cards != 1 else ''} each"))
        if not hand.ended:
            out.append(("trumps", _trump_text(x)))
            if x.bids:
                out.append(("bids", ", ".join(f"{p} {x.bids[p]}" for p in x.order if p in x.bids)
                            + f" (total {sum(x.bids.values())} of {x.cards})"))
            if x.taken:
                out.append(("tricks", ", ".join(f"{p} {x.taken.get(p, 0)}" for p in x.order)))
    if x.revokes:
        out.append(("revokes", "; ".join(
            f"{r['player']} hand {r['hand']} trick {r['trick']} ({_suit_name(r['suit'])})" for r in x.revokes)))
    if x.over:
        top = max(state.scores.values()) if state.scores else 0
        winners = [p for p, v in state.scores.items() if v == top]
        out.append(("game over", f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {top}"))
    return out
