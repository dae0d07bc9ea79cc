"""Hand histories: one session folded into plain data, one object per hand.

Shared by the ``json`` and ``text`` exports. A session is folded from scratch
(`ledger.reducer.fold` with an observer); voided events are left out of the actions (the
table is as if they had never been recorded) and listed apart. Cards are as recorded: a
known card by name with whether it lay face up, an unseen one as ``??``.

The shape is the one `schemas/hand-history.schema.json` describes:

    session: {session, game, title, chip_unit, options, players, table_events, voided}
    hand:    {session, hand, dealer, first, started_at, ended_at, first_seq, last_seq, ended,
              players: [{name, seat, stack_before, stack_after, put_in, took_out, net,
                         dealt, cards, folded, all_in}],
              boards, dice, declarations, tricks, actions, pots, awards,
              carry_in, boards_in (persistent boards at the start), carry_out, house}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .. import events as ev
from ..audit import hand_of
from ..chips import Posting
from ..describe import describe
from ..reducer import fold
from ..state import Held, TableState

FORMAT = "potlog-hand-history"
VERSION = 1


def _cards(cards: list[Held]) -> list[dict[str, Any]]:
    return [{"card": h.card, "up": h.up} for h in cards]


def _action(seq: int, at: str, event: ev.Event, postings: list[Posting]) -> dict[str, Any]:
    body = ev.event_to_dict(event)
    etype = body.pop("type")
    player = getattr(event, "player", None) or getattr(event, "holder", None)
    if player is None and isinstance(event, ev.CardsDealt):
        player = event.to
    return {
        "seq": seq, "recorded_at": at, "type": etype, "player": player, "text": describe(event),
        "event": body, "ruling": event.ruling,
        "postings": [{"from": p.source, "to": p.dest, "amount": p.amount, "reason": p.reason} for p in postings],
    }


@dataclass
class _Hand:
    data: dict[str, Any]
    seats: list[str]
    dealt: dict[str, list[str]] = field(default_factory=dict)
    put_in: dict[str, int] = field(default_factory=dict)
    took_out: dict[str, int] = field(default_factory=dict)
    pots: dict[str, int] = field(default_factory=dict)


def _start(sid: str, seq: int, at: str, st: TableState) -> _Hand:
    hand = st.hand
    assert hand is not None
    players = [s.name for s in st.seats if s.in_hand]
    data = {
        "session": sid, "game": st.game, "chip_unit": st.chip_unit, "hand": hand.number,
        "dealer": hand.dealer, "first": hand.first, "started_at": at, "ended_at": None,
        "first_seq": seq, "last_seq": seq, "ended": False,
        "players": [], "boards": {}, "dice": [], "declarations": [], "tricks": {}, "actions": [],
        "pots": [], "awards": [], "carry_in": 0, "carry_out": 0, "house": 0, "voided": [],
        "boards_in": {a: n for a, n in sorted(st.balances.items()) if a.startswith("pot:") and n},
        "stacks_before": {p: st.stack(p) for p in players},
    }
    return _Hand(data, players)


def _book(h: _Hand, seq: int, event: ev.Event, postings: list[Posting]) -> None:
    d = h.data
    if isinstance(event, ev.CardsDealt):
        h.dealt.setdefault(event.to, []).extend(event.cards)
    elif isinstance(event, ev.CardsExchanged):
        h.dealt.setdefault(event.player, []).extend(event.draw)
    for p in postings:
        src_seat = p.source[5:] if p.source.startswith("seat:") else None
        dst_seat = p.dest[5:] if p.dest.startswith("seat:") else None
        if p.dest == "pot" or p.dest.startswith("pot:"):
            h.pots[p.dest] = h.pots.get(p.dest, 0) + p.amount
        if src_seat is not None and (p.dest == "pot" or p.dest.startswith("pot:") or p.dest in ("house", "carry")):
            h.put_in[src_seat] = h.put_in.get(src_seat, 0) + p.amount
        if dst_seat is not None and p.source != "bank":
            h.took_out[dst_seat] = h.took_out.get(dst_seat, 0) + p.amount
        if (p.source == "pot" or p.source.startswith("pot:")) and dst_seat is not None:
            d["awards"].append({"seq": seq, "pot": p.source, "player": dst_seat, "amount": p.amount})
        if p.source == "carry":
            d["carry_in"] += p.amount
        if p.dest == "carry":
            d["carry_out"] += p.amount
        if p.dest == "house":
            d["house"] += p.amount
        if src_seat is not None and src_seat not in h.seats:
            h.seats.append(src_seat)
        if dst_seat is not None and dst_seat not in h.seats:
            h.seats.append(dst_seat)


def _finish(h: _Hand, st: TableState, at: str | None, ended: bool) -> dict[str, Any]:
    d = h.data
    hand = st.hand
    assert hand is not None
    before = d.pop("stacks_before")
    order = [s.name for s in st.seats]
    players = []
    for name in h.seats:
        seat = st.seat(name)
        stack_after = st.stack(name)
        cage = 0
        for a in d["actions"]:
            for p in a["postings"]:
                if p["from"] == "bank" and p["to"] == "seat:" + name:
                    cage += p["amount"]
                elif p["to"] == "bank" and p["from"] == "seat:" + name:
                    cage -= p["amount"]
        players.append({
            "name": name, "seat": order.index(name) + 1 if name in order else 0,
            "stack_before": before.get(name, 0), "stack_after": stack_after,
            "put_in": h.put_in.get(name, 0), "took_out": h.took_out.get(name, 0),
            "net": stack_after - before.get(name, 0) - cage,
            "dealt": h.dealt.get(name, []),
            "cards": _cards(seat.cards) if seat is not None else [],
            "folded": bool(seat and seat.folded), "all_in": bool(seat and seat.all_in),
        })
    d["players"] = players
    d["boards"] = {k: _cards(v) for k, v in hand.boards.items()}
    d["dice"] = [{"player": r.player, "faces": list(r.faces), "sides": r.sides} for r in hand.dice]
    d["declarations"] = [{"player": x.player, "name": x.name, "value": x.value} for x in hand.declarations]
    d["tricks"] = dict(hand.tricks)
    d["pots"] = [{"account": k, "total_in": v} for k, v in h.pots.items()]
    d["table"] = _view(st)
    d["ended"] = ended
    d["ended_at"] = at if ended else None
    return d


def _view(st: TableState) -> list[list[str]]:
    """The game's own lines for the table as the hand left it (a board, the houses, the line of
    dominoes, a score sheet: `Ruleset.view`, what ``potlog state`` shows under the seats)."""
    from ..games import get_ruleset

    return [[label, value] for label, value in get_ruleset(st.game).view(st)] if st.game else []


def session_history(store: Any, sid: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(session object, hand objects) for one stored session."""
    store.require(sid)
    recorded = list(store.recorded(sid))
    at = {r.seq: r.recorded_at for r in recorded}
    records = [(r.seq, r.event) for r in recorded]
    voids = store.voids(sid)
    by_seq = dict(records)
    session: dict[str, Any] = {"session": sid, "table_events": [], "voided": []}
    hands: list[dict[str, Any]] = []
    current: list[_Hand | None] = [None]

    def observe(seq: int, event: ev.Event, postings: list[Posting], st: TableState) -> None:
        if isinstance(event, ev.HandStarted):
            current[0] = _start(sid, seq, at[seq], st)
        h = current[0] if hand_of(st, event) is not None else None
        action = _action(seq, at[seq], event, postings)
        if h is None:
            session["table_events"].append(action)
            return
        h.data["actions"].append(action)
        h.data["last_seq"] = seq
        _book(h, seq, event, postings)
        if isinstance(event, ev.HandEnded):
            hands.append(_finish(h, st, at[seq], True))
            current[0] = None

    state = fold(records, state=TableState(session=sid), voided=set(voids), observer=observe)
    if current[0] is not None:
        hands.append(_finish(current[0], state, None, False))
    for target, vseq in sorted(voids.items()):
        void = by_seq.get(vseq)
        victim = by_seq.get(target)
        item = {"seq": target, "text": describe(victim) if victim is not None else "", "void_seq": vseq,
                "reason": void.reason if isinstance(void, ev.Void) else ""}
        for hd in hands:
            if hd["first_seq"] <= target <= hd["last_seq"]:
                hd["voided"].append(item)
                break
        else:
            session["voided"].append(item)
    session.update({
        "game": state.game, "title": state.title, "chip_unit": state.chip_unit,
        "options": json.loads(ev.canonical_json(state.options)), "closed": state.closed,
        "players": [{"name": s.name, "bought_in": s.bought_in, "rebought": s.rebought,
                     "cashed_out": s.cashed_out, "stack": state.stack(s.name),
                     "net": state.stack(s.name) + s.cashed_out - s.bought_in - s.rebought} for s in state.seats],
    })
    return session, hands


def document(store: Any, sids: list[str]) -> dict[str, Any]:
    """The whole ``json`` export: the sessions and every hand, in order."""
    sessions, hands = [], []
    for sid in sids:
        s, h = session_history(store, sid)
        sessions.append(s)
        hands.extend(h)
    return {"format": FORMAT, "version": VERSION, "sessions": sessions, "hands": hands}
