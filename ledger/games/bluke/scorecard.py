"""The Bluke scorecard, laid out as the rule text lays it out.

One row per hand: the cards dealt, then for each player the bid and the running score (the
rule text's "Sample Scorecard", layout ``bids``), or, as in its "Creative Scorecard"
(layout ``tricks``, the default), the bids' total over the cards dealt (``13/13``) and for
each player the tricks taken over the bid and the running score (``4/3 31``: bid 3, took 4,
31 so far). A last row shows the next hand's cards (``10``, or ``_/10``) while the game
goes on. Under the hands, the S, O and P tallies per player: hands set, hands with
overtricks, perfect bids. Points given as table rulings (``score --override``) count in the
running score from the hand they were given in (`ledger.games.bluke.points.running`).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InputError
from . import points
from ...state import TableState
from .options import NAME, BlukeState, opts
from .rules import outcome, schedule

LAYOUTS = ("tricks", "bids")


def _cell(h: Mapping[str, Any], p: str, pts: int, score: int) -> dict[str, Any] | None:
    if p not in h["bids"] and p not in h["points"]:
        return None
    bid, took = int(h["bids"].get(p, 0)), int(h["taken"].get(p, 0))
    return {"bid": bid, "taken": took, "points": pts, "score": score, "result": outcome(bid, took)}


def build(state: TableState) -> dict[str, Any]:
    """The scorecard of a Bluke session as plain data (what ``potlog scorecard --json`` prints)."""
    if state.game != NAME or not isinstance(state.ext, BlukeState):
        raise InputError(f"the scorecard is for Bluke sessions; {state.session} plays {state.game or 'nothing yet'}")
    x = state.ext
    players = [s.name for s in state.seats if s.name in state.scores or s.name in x.order or s.active]
    cells, tallies, totals = points.running(x, players, _cell, tally=("S", "O", "P"), sums=("bid", "taken"))
    hands = [{k: h[k] for k in ("hand", "cards", "dealer", "trump", "trump_card", "mode")}
             | {"bids": sum(int(v) for v in h["bids"].values()), "players": row} for h, row in zip(x.history, cells)]
    return {
        "session": state.session, "game": state.game, "players": players,
        "new_jersey": opts(state).new_jersey, "stake": opts(state).stake, "schedule": list(x.schedule),
        "hands": hands, "next": _upcoming(state), "tallies": tallies,
        "totals": {p: {**totals[p], "score": state.scores.get(p, 0)} for p in players},
        "adjustments": list(x.adjustments), "revokes": list(x.revokes), "over": x.over, "settled": x.settled,
        "winners": points.winners(state, players) if x.over else [],
    }


def _upcoming(state: TableState) -> dict[str, Any] | None:
    """The hand being played, or the next one to deal, while the game goes on."""
    x = state.ext
    assert isinstance(x, BlukeState)  # (`build` checked it)
    if x.over:
        return None
    if state.in_hand and state.hand is not None:
        return {"hand": state.hand.number, "cards": x.cards, "bids": dict(x.bids), "playing": True}
    number = (state.hand.number if state.hand is not None else 0) + 1
    plan = x.schedule or schedule(len(state.active_seats), opts(state).new_jersey)
    return {"hand": number, "cards": plan[number - 1], "bids": {}, "playing": False} if number <= len(plan) else None


def rows(card: dict[str, Any], layout: str = "tricks") -> list[list[str]]:
    """The card's cells, row by row: the header, one row per hand, the next hand, S, O, P."""
    if layout not in LAYOUTS:
        raise InputError(f"no scorecard layout {layout!r}: choose {' or '.join(LAYOUTS)}")
    players, tricks, nxt, upcoming = card["players"], layout == "tricks", card["next"], None
    if nxt is not None:
        bids, n = nxt["bids"], nxt["cards"]
        first = (f"{sum(bids.values())}/{n}" if bids and len(bids) == len(players) else f"_/{n}") if tricks else str(n)
        upcoming = [first, *[(f"_/{bids[p]}" if tricks else str(bids[p])) if p in bids else "" for p in players]]
    if tricks:
        return points.grid(card, lambda h: f"{h['bids']}/{h['cards']}", lambda c: f"{c['taken']}/{c['bid']} {c['score']}",
                           upcoming, ("S", "O", "P"))
    return points.grid(card, lambda h: str(h["cards"]), lambda c: f"{c['bid']} {c['score']}", upcoming, ("S", "O", "P"))
