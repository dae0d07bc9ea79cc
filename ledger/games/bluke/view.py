"""What `potlog state` shows for Bluke: who may do what next (`legal`) and the game's own lines
(`describe`)."""

from __future__ import annotations

from ...cards import pretty
from ...kit import tricks
from ...state import TableState
from ..ruleset import Legal
from .options import MAX_PLAYERS, MIN_PLAYERS, SUIT_NAMES, BlukeState, ext, opts
from .rules import draw_state, power, rule_of, schedule


def legal(state: TableState) -> list[Legal]:
    if state.closed:
        return []
    x, hand = ext(state), state.hand
    if hand is None or hand.ended:
        if x.over:
            return [Legal(None, ("close", "note", "pay"), "the game is over: potlog scorecard")]
        if x.schedule:
            return [Legal(None, ("hand", "note", "close"))]
        tied = draw_state(state)[0]
        if x.draws and len(tied) == 1:
            return [Legal(None, ("hand", "note", "close"), f"{tied[0]} drew the highest card and deals")]
        return [Legal(None, ("hand", "join", "leave", "note", "close")),
                Legal(None, ("deal",), "draw for the first deal: potlog deal NAME CARD (the highest deals)")]
    fresh = not hand.trick and not x.tricks_done
    if hand.phase == "bidding":
        return [Legal(hand.to_act, ("bid",))] + (
            [Legal(None, ("deal",), "turn the trump card: potlog deal trump 7H --up")] if x.trump is None else [])
    if hand.phase != "playing":
        return [Legal(None, ("end",), "score the hand")]
    if tricks.pending(state, x) and x.tricks_done + 1 >= x.cards:
        return [Legal(None, ("end",), "the last trick is on the table: end takes it and scores the hand")]
    if tricks.pending(state, x):
        return [Legal(tricks.winner(tricks.on_table(state), power, rule_of(state)), ("play",),
                      "takes the trick on the table and leads"),
                Legal(None, ("end",), "if that was the last trick")]
    return ([Legal(hand.to_act, ("play",))] if hand.to_act else []) + (
        [Legal(None, ("deal",), "turn the trump card before the first card")] if x.trump is None and fresh else []) + (
        [Legal(None, ("tricks",), "or record every player's tricks taken")] if fresh else [])


def _trump_text(x: BlukeState) -> str:
    if x.trump is None:
        return "not turned yet"
    if x.trump == "none":
        return f"no trump ({x.trump_card} turned)"
    return f"{SUIT_NAMES[x.trump]} ({pretty(x.trump_card or '')} turned)"


def describe(state: TableState) -> list[tuple[str, str]]:
    x, hand = ext(state), state.hand
    out: list[tuple[str, str]] = []
    if not x.schedule:
        n = len(state.active_seats)
        if MIN_PLAYERS <= n <= MAX_PLAYERS:
            plan = schedule(n, opts(state).new_jersey)
            out.append(("game", f"{len(plan)} hands of {', '.join(map(str, plan))} cards"))
        if x.draws:
            tied, rnd, waiting = draw_state(state)
            drawn = ", ".join(f"{p} {' '.join(pretty(c) for c in cs)}" for p, cs in x.draws.items())
            verdict = (f"{tied[0]} deals first" if len(tied) == 1 else
                       f"{', '.join(waiting)} to draw" if rnd == 0 else f"{' and '.join(tied)} tie: they draw again")
            out.append(("draw for the deal", f"{drawn}; {verdict}"))
        return out
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
            f"{r['player']} hand {r['hand']} trick {r['trick']} ({tricks.suit_name(r['suit'])})" for r in x.revokes)))
    if x.over:
        top = max(state.scores.values()) if state.scores else 0
        winners = [p for p, v in state.scores.items() if v == top]
        out.append(("game over", f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {top}"))
    return out
