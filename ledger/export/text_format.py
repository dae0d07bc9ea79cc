"""A hand history to read, in the style of a poker site's.

For each hand: a header (hand number, session, game, time), the dealer, the seats with
their stacks, what rode in from the last hand, every action on its own line (``Ann: bets
10``; cards dealt as ``Dealt to Ann [A♠ K♦]``, an unseen card as ``??``), a ``SHOW DOWN``
section from the first card shown or pot paid after the last bet, and a ``SUMMARY`` with
the pot, carry-over, house, boards and each seat's result. What happens between hands
(joins, rebuys, payments, leaving) is listed between them. Built by `ledger.export.history`.
"""

from __future__ import annotations

from typing import Any, TextIO

from ..cards import pretty
from .history import session_history

STAKES = {"ante", "bet", "call", "raise", "all_in", "check", "fold"}


def _cards(cards: list[str], family: str) -> str:
    return "[" + " ".join(c if c == "??" else pretty(c, family) for c in cards) + "]"


def _line(a: dict[str, Any], family: str) -> str:
    e, t, who, text = a["event"], a["type"], a["player"], a["text"]
    if t == "cards_dealt":
        up = " face up" if e.get("face_up") else ""
        line = f"Dealt to {e['to']}{up} {_cards(e['cards'], family)}"
    elif t == "cards_revealed":
        line = f"{e['holder']}: shows {_cards(e['cards'], family)}"
    elif t == "pot_awarded":
        line = "; ".join(f"{s['player']} collected {s['amount']} from {e.get('pot', 'pot')}" for s in e["shares"])
    elif who and text.startswith(who + " "):
        line = f"{who}: {text[len(who) + 1:]}"
    else:
        line = text[:1].upper() + text[1:]
    if a["ruling"] and "[table ruling" not in line:
        line += f"  [table ruling: {a['ruling']}]"
    return line


def _hand(h: dict[str, Any], title: str, family: str, unit: str, out: TextIO) -> None:
    when = (h["started_at"] or "")[:19].replace("T", " ")
    out.write(f"potlog Hand #{h['hand']}: {h['game']} - session {h['session']} - {when} UTC\n")
    dealer_seat = next((p["seat"] for p in h["players"] if p["name"] == h["dealer"]), 0)
    out.write(f"Table '{title or h['session']}' Seat #{dealer_seat} is the dealer ({h['dealer']})\n")
    for p in h["players"]:
        out.write(f"Seat {p['seat']}: {p['name']} ({p['stack_before']} in {unit}s)\n")
    if h["carry_in"]:
        out.write(f"{h['carry_in']} {unit}s ride in from the last hand\n")
    stakes = [i for i, a in enumerate(h["actions"]) if a["type"] in STAKES]
    last_stake = stakes[-1] if stakes else -1
    showdown = False
    dealt = False
    for i, a in enumerate(h["actions"]):
        if a["type"] in ("hand_started", "hand_ended"):
            continue
        if a["type"] == "cards_dealt" and not dealt:
            out.write("*** CARDS ***\n")
            dealt = True
        if not showdown and i > last_stake and a["type"] in ("cards_revealed", "pot_awarded", "pot_carried"):
            out.write("*** SHOW DOWN ***\n")
            showdown = True
        out.write(_line(a, family) + "\n")
    for v in h["voided"]:
        out.write(f"(seq {v['seq']} '{v['text']}' was voided at seq {v['void_seq']}: {v['reason']})\n")
    out.write("*** SUMMARY ***\n")
    pot = sum(p["total_in"] for p in h["pots"])
    parts = [f"Total pot {pot}"]
    if h["carry_in"]:
        parts.append(f"carried in {h['carry_in']}")
    if h["carry_out"]:
        parts.append(f"carried over {h['carry_out']}")
    parts.append(f"house {h['house']}")
    out.write(" | ".join(parts) + "\n")
    for name, cards in h["boards"].items():
        out.write(f"Board {name} {_cards([c['card'] for c in cards], family)}\n")
    for d in h["dice"]:
        out.write(f"Dice{(' (' + d['player'] + ')') if d['player'] else ''}: {' '.join(map(str, d['faces']))}\n")
    for p in h["players"]:
        role = " (dealer)" if p["name"] == h["dealer"] else ""
        shown = [c["card"] for c in p["cards"] if c["up"]]
        bits = []
        if p["folded"]:
            bits.append("folded")
        if shown:
            bits.append(f"showed {_cards(shown, family)}")
        if p["took_out"]:
            bits.append(f"collected ({p['took_out']})")
        bits.append(f"put in {p['put_in']}, net {p['net']:+d}, {p['stack_after']} after")
        out.write(f"Seat {p['seat']}: {p['name']}{role} " + ", ".join(bits) + "\n")
    if not h["ended"]:
        out.write("(the hand is still going)\n")
    out.write("\n\n")


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    for sid in sessions:
        s, hands = session_history(ledger.store, sid)
        family = "spanish" if str(s["options"].get("pack", "")).startswith("spanish") else "french"
        unit = s["chip_unit"]
        table = [a for a in s["table_events"]]
        cursor = 0
        for h in hands:
            between = [a for a in table[cursor:] if a["seq"] < h["first_seq"]]
            cursor += len(between)
            for a in between:
                out.write(f"[seq {a['seq']}] " + _line(a, family) + "\n")
            if between:
                out.write("\n")
            _hand(h, s["title"], family, unit, out)
        for a in table[cursor:]:
            out.write(f"[seq {a['seq']}] " + _line(a, family) + "\n")
        for v in s["voided"]:
            out.write(f"(seq {v['seq']} '{v['text']}' was voided at seq {v['void_seq']}: {v['reason']})\n")
        out.write("\n")
