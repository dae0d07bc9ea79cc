"""The Bluke scorecard, laid out as the rule text lays it out.

One row per hand: the cards dealt, then for each player the bid and the running score (the
rule text's "Sample Scorecard", layout ``bids``), or, as in its "Creative Scorecard"
(layout ``tricks``, the default), the bids' total over the cards dealt (``13/13``) and for
each player the tricks taken over the bid and the running score (``4/3 31``: bid 3, took 4,
31 so far). A last row shows the next hand's cards (``10``, or ``_/10``) while the game
goes on. Under the hands, the S, O and P tallies per player: hands set, hands with
overtricks, perfect bids.

Points given as table rulings (``score --override``) are counted in the running score
from the hand they were given in, and listed as adjustments.
"""

from __future__ import annotations

from typing import Any

from ...errors import InputError
from ...state import TableState
from .options import NAME, BlukeState, opts
from .rules import outcome, schedule

LAYOUTS = ("tricks", "bids")


def build(state: TableState) -> dict[str, Any]:
    """The scorecard of a Bluke session as plain data (what ``potlog scorecard --json`` prints)."""
    if state.game != NAME or not isinstance(state.ext, BlukeState):
        raise InputError(f"the scorecard is for Bluke sessions; {state.session} plays {state.game or 'nothing yet'}")
    x = state.ext
    players = [s.name for s in state.seats if s.name in state.scores or s.name in x.order or s.active]
    running = {p: 0 for p in players}
    adjust_by_hand: dict[int, list[dict[str, Any]]] = {}
    for a in x.adjustments:
        adjust_by_hand.setdefault(int(a["hand"]), []).append(a)
    tallies = {p: {"S": 0, "O": 0, "P": 0} for p in players}
    totals = {p: {"bid": 0, "taken": 0} for p in players}
    hands = []
    for h in x.history:
        number = int(h["hand"])
        for hand_no in [k for k in adjust_by_hand if k <= number]:
            for a in adjust_by_hand.pop(hand_no):
                running[a["player"]] = running.get(a["player"], 0) + int(a["points"])
        row: dict[str, Any] = {}
        for p in [p for p in players if p in h["bids"] or p in h["points"]]:
            bid, took, pts = int(h["bids"].get(p, 0)), int(h["taken"].get(p, 0)), int(h["points"].get(p, 0))
            running[p] += pts
            result = outcome(bid, took)
            tallies[p][result] += 1
            totals[p]["bid"] += bid
            totals[p]["taken"] += took
            row[p] = {"bid": bid, "taken": took, "points": pts, "score": running[p], "result": result}
        hands.append({"hand": number, "cards": int(h["cards"]), "dealer": h["dealer"], "trump": h["trump"],
                      "trump_card": h["trump_card"], "mode": h["mode"],
                      "bids": sum(int(v) for v in h["bids"].values()), "players": row})
    upcoming = _upcoming(state)
    over = bool(x.over)
    top = max(state.scores.values()) if state.scores else None
    return {
        "session": state.session, "game": state.game, "players": players,
        "new_jersey": opts(state).new_jersey, "stake": opts(state).stake, "schedule": list(x.schedule),
        "hands": hands, "next": upcoming,
        "tallies": tallies,
        "totals": {p: {**totals[p], "score": state.scores.get(p, 0)} for p in players},
        "adjustments": list(x.adjustments), "revokes": list(x.revokes),
        "over": over, "settled": bool(x.settled),
        "winners": [p for p in players if over and state.scores.get(p) == top],
    }


def _upcoming(state: TableState) -> dict[str, Any] | None:
    """The hand being played, or the next one to deal, while the game goes on."""
    x = state.ext
    if x.over:
        return None
    if state.in_hand and state.hand is not None:
        return {"hand": state.hand.number, "cards": x.cards, "bids": dict(x.bids), "playing": True}
    number = (state.hand.number if state.hand is not None else 0) + 1
    plan = x.schedule or schedule(len(state.active_seats), opts(state).new_jersey)
    if number > len(plan):
        return None
    return {"hand": number, "cards": plan[number - 1], "bids": {}, "playing": False}


def rows(card: dict[str, Any], layout: str = "tricks") -> list[list[str]]:
    """The card's cells, row by row: the header, one row per hand, the next hand, S, O, P."""
    if layout not in LAYOUTS:
        raise InputError(f"no scorecard layout {layout!r}: choose {' or '.join(LAYOUTS)}")
    players = card["players"]
    out = [["Deal", *players]]
    for h in card["hands"]:
        got = [h["players"].get(p) for p in players]
        out.append([f"{h['bids']}/{h['cards']}" if layout == "tricks" else str(h["cards"]), *[
            "" if c is None else f"{c['taken']}/{c['bid']} {c['score']}" if layout == "tricks"
            else f"{c['bid']} {c['score']}" for c in got]])
    nxt = card["next"]
    if nxt is not None:
        bids = nxt["bids"]
        if layout == "tricks":
            first = (f"{sum(bids.values())}/{nxt['cards']}" if bids and len(bids) == len(players)
                     else f"_/{nxt['cards']}")
            out.append([first, *[f"_/{bids[p]}" if p in bids else "" for p in players]])
        else:
            out.append([str(nxt["cards"]), *[str(bids[p]) if p in bids else "" for p in players]])
    for k in ("S", "O", "P"):
        out.append([k, *[str(card["tallies"][p][k]) for p in players]])
    return out
