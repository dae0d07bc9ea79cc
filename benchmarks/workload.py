"""Realistic archives for the benchmarks: many sessions of complete hands.

About 30% of the events are Blücher evenings (see `archive_rows`), the rest freeform nights.
A freeform night is a table of 4 to 6 players: buy-ins, then hands of
antes, deals from a shuffled pack, dice, two betting rounds with bets, calls, raises and
folds, card exchanges with a cost, reveals, an award or a carry-over into the next hand,
chip counts, notes (a few voided), rebuys when a stack runs low, and at the end everyone
cashes out and the session closes. The generator keeps every chip whole, so every archive
folds and imports clean under the real reducer and the real import checks.

Bodies are the canonical JSON the store keeps (defaults left out), chained by hash exactly
as `Store.append` chains them, so the same rows can go to the database directly, through
`potlog import`, or to a baseline.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Iterator

from ledger.events import GENESIS, canonical_json, chain_hash

NAMES = ("Ann", "Ben", "Cy", "Dora", "Eli", "Fay", "Gus", "Hal")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK = tuple(r + s for s in "SHDC" for r in RANKS)

Row = tuple[str, int, str, str, str, str, str]  # session, seq, type, body, prev, hash, at


def session_events(rng: random.Random, target: int, closed: bool = True) -> Iterator[dict]:
    """The event bodies (dicts) of one night, about `target` events long; `closed=False`
    stops between two hands, with the table still playing."""
    players = list(NAMES[: rng.randint(4, 6)])
    stacks = {p: 0 for p in players}
    yield {"type": "session_opened", "game": "freeform", "title": "club night"}
    for p in players:
        buyin = rng.choice((100, 200, 300))
        stacks[p] = buyin
        yield {"type": "player_joined", "player": p, "buyin": buyin}
    n = 1 + len(players)
    hand = 0
    carry = 0
    last_note = 0
    while n < target - len(players) - 1:
        hand += 1
        out: list[dict] = []
        for p in players:  # a rebuy between hands when a stack is short
            if stacks[p] < 30:
                stacks[p] += 100
                out.append({"type": "rebuy", "player": p, "amount": 100})
        dealer = players[(hand - 1) % len(players)]
        start = {"type": "hand_started", "hand": hand, "dealer": dealer}
        if carry:
            start["carry_in"] = carry
        out.append(start)
        pot, carry = carry, 0
        for p in players:
            out.append({"type": "ante", "player": p, "amount": 1})
            stacks[p] -= 1
            pot += 1
        deck = list(DECK)
        rng.shuffle(deck)
        held = {}
        for p in players:
            held[p] = [deck.pop(), deck.pop(), deck.pop()]
            out.append({"type": "cards_dealt", "to": p, "cards": list(held[p])})
        if rng.random() < 0.5:
            out.append({"type": "dice_rolled", "player": dealer, "faces": [rng.randint(1, 6) for _ in range(3)]})
        live = list(players)
        for rnd in (1, 2):
            out.append({"type": "round_started", "round": rnd})
            bets = {p: 0 for p in live}
            level = 0
            raised = False
            for p in list(live):
                owe = level - bets[p]
                roll = rng.random()
                if level == 0 and roll < 0.6 and stacks[p] >= 5:
                    amt = rng.choice((2, 3, 5))
                    out.append({"type": "bet", "player": p, "amount": amt})
                elif level == 0:
                    out.append({"type": "check", "player": p})
                    continue
                elif roll < 0.2 and len(live) > 2:
                    out.append({"type": "fold", "player": p})
                    live.remove(p)
                    continue
                elif roll < 0.35 and not raised and stacks[p] >= owe + 4:
                    amt = owe + 4
                    out.append({"type": "raise", "player": p, "amount": amt, "by": 4})
                    raised = True
                elif owe and stacks[p] >= owe:
                    amt = owe
                    out.append({"type": "call", "player": p, "amount": amt})
                elif owe:
                    out.append({"type": "fold", "player": p})
                    live.remove(p)
                    continue
                else:
                    out.append({"type": "check", "player": p})
                    continue
                stacks[p] -= amt
                bets[p] += amt
                pot += amt
                level = max(level, bets[p])
            for p in live:  # everyone still in matches the final level
                owe = level - bets[p]
                if owe and stacks[p] >= owe:
                    out.append({"type": "call", "player": p, "amount": owe})
                    stacks[p] -= owe
                    pot += owe
            if rnd == 1:
                for p in live:
                    if rng.random() < 0.4 and stacks[p] >= 1:
                        new = deck.pop()
                        old = held[p].pop(0)
                        out.append({"type": "cards_exchanged", "player": p, "discard": [old], "draw": [new], "cost": 1})
                        stacks[p] -= 1
                        pot += 1
                        held[p].append(new)
        for p in live:
            out.append({"type": "cards_revealed", "holder": p, "cards": list(held[p])})
        if rng.random() < 0.15:
            out.append({"type": "pot_carried", "amount": pot})
            carry = pot
        elif len(live) > 1 and rng.random() < 0.2:
            a, b = live[0], live[1]
            half = pot // 2
            out.append({"type": "pot_awarded", "shares": [{"player": a, "amount": pot - half},
                                                            {"player": b, "amount": half}], "reason": "split"})
            stacks[a] += pot - half
            stacks[b] += half
        else:
            w = rng.choice(live)
            out.append({"type": "pot_awarded", "shares": [{"player": w, "amount": pot}], "reason": "best hand"})
            stacks[w] += pot
        out.append({"type": "hand_ended", "hand": hand})
        if rng.random() < 0.1:
            p = rng.choice(players)
            out.append({"type": "chip_count", "player": p, "counted": stacks[p]})
        if rng.random() < 0.06:
            out.append({"type": "note", "text": f"hand {hand}: Dora's cousin sat in to watch"})
        for body in out:
            n += 1
            if body["type"] == "note":
                last_note = n
            yield body
        if last_note and rng.random() < 0.3:  # a mistaken note, voided
            n += 1
            yield {"type": "void", "target": last_note, "reason": "noted the wrong hand"}
            last_note = 0
    if not closed:
        return
    if carry:  # the last carry-over is paid out before the table breaks up
        yield {"type": "hand_started", "hand": hand + 1, "dealer": players[0], "carry_in": carry}
        yield {"type": "pot_awarded", "shares": [{"player": players[0], "amount": carry}], "reason": "last pot"}
        stacks[players[0]] += carry
        yield {"type": "hand_ended", "hand": hand + 1}
    for p in players:
        yield {"type": "player_left", "player": p, "cashout": stacks[p]}
    yield {"type": "session_closed"}


def session_rows(sid: str, rng: random.Random, target: int, day: int = 0, closed: bool = True) -> Iterator[Row]:
    prev = GENESIS
    for seq, body in enumerate(session_events(rng, target, closed), 1):
        text = canonical_json(body)
        at = f"2025-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}T20:{seq // 3600 % 60:02d}:{seq // 60 % 60:02d}.{seq % 1000:03d}Z"
        h = chain_hash(prev, text, session=sid, seq=seq, etype=body["type"], recorded_at=at)
        yield (sid, seq, body["type"], text, prev, h, at)
        prev = h


BLUECHER_SAMPLE = Path(__file__).resolve().parent.parent / "sample_sessions" / "bluecher-evening.jsonl"


def bluecher_evening() -> list[tuple[str, str, str, str, str]] | None:
    """The recorded Blücher evening (type, body, prev, hash, at per event), or None when the
    ruleset or the sample is not there. Every event in it was decided by the Blücher rules."""
    try:
        from ledger.games import get_ruleset

        get_ruleset("bluecher")
        lines = BLUECHER_SAMPLE.read_text(encoding="utf-8").splitlines()
    except Exception:
        return None
    out = []
    for line in lines:
        o = json.loads(line)
        out.append((o["event"]["type"], canonical_json(o["event"]), o["prev_hash"], o["hash"], o["recorded_at"]))
    return out


def archive_rows(total: int, seed: int = 6, bluecher: float = 0.3) -> Iterator[Row]:
    """About `total` events: freeform nights of 800 to 3,000 events each and, for about
    `bluecher` of the events, Blücher evenings (copies of the recorded sample evening under
    their own session names, re-chained under each name: the hash covers the session).
    Seeded and reproducible."""
    rng = random.Random(seed)
    evening = bluecher_evening() if bluecher else None
    made = 0
    night = 0
    blue = 0
    while made < total:
        if evening and blue < bluecher * made and total - made >= len(evening):
            night += 1
            sid = f"bluecher-{night:05d}"
            prev = GENESIS
            for seq, (etype, body, _prev, _h, at) in enumerate(evening, 1):
                h = chain_hash(prev, body, session=sid, seq=seq, etype=etype, recorded_at=at)
                yield (sid, seq, etype, body, prev, h, at)
                prev = h
            made += len(evening)
            blue += len(evening)
            continue
        night += 1
        target = min(rng.randint(800, 3000), max(total - made, 60))
        for row in session_rows(f"night-{night:05d}", rng, target, night):
            made += 1
            yield row


def jsonl_line(row: Row) -> str:
    sid, seq, _t, body, prev, h, at = row
    return ('{"event":' + body + ',"hash":"' + h + '","prev_hash":"' + prev + '","recorded_at":"' + at
            + '","seq":' + str(seq) + ',"session":"' + sid + '"}')


def write_db(path: Path, rows: Iterator[Row]) -> int:
    """A potlog database holding `rows` (schema and triggers from `Store`)."""
    from ledger.store import Store

    store = Store.open(path, durable=False)
    c = store.conn
    n = 0
    batch: list[Row] = []
    c.execute("BEGIN")
    for row in rows:
        batch.append(row)
        if len(batch) >= 50000:
            c.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", batch)
            n += len(batch)
            batch = []
    c.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", batch)
    n += len(batch)
    c.execute("COMMIT")
    store.close()
    return n
