"""A hand history to read, in the style of a poker site's.

For each hand: a header (hand number, session, game, time), the dealer, the seats with
their stacks, what rode in from the last hand, every action on its own line (``Ann: bets
10``; cards dealt as ``Dealt to Ann [A♠ K♦]``, an unseen card as ``??``), a ``SHOW DOWN``
section from the first card shown or pot paid after the last bet, and a ``SUMMARY`` with
the pot, carry-over, house, boards and each seat's result. What happens between hands
(joins, rebuys, payments, leaving) is listed between them. A void is told once: as
``(seq N '...' was voided at seq M: reason)``, under ``*** VOIDED ***`` in its hand before
the summary, or for an act between hands under ``*** VOIDED BETWEEN HANDS ***`` at the end. A points game
(Bluke) ends each hand with the scores after it (``Scores: Ann 31, Ben 12``); played
without chips, its seats show no chip figures. Built by `ledger.export.history`.

Every line is written through `ledger.text.printable`: a line break, control character or
bidi override inside a name, title, note or reason is shown escaped (``\\n``, ``\\x1b``,
``\\u202e``), so text typed at the table can neither add a line to the history nor reach a
reader's terminal raw.
"""

from __future__ import annotations

from typing import Any, Callable, TextIO

from ..cards import pretty
from ..text import printable
from ..units import amount, plural
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


def _lines(out: TextIO) -> Callable[[str], None]:
    """A writer of one line at a time: the line made printable, then its line end."""

    def emit(line: str) -> None:
        out.write(printable(line) + "\n")

    return emit


def _scored(actions: list[dict[str, Any]], scores: dict[str, int]) -> None:
    """Add the points of every ``scored`` action to the running `scores`, in place."""
    for a in actions:
        if a["type"] == "scored":
            who = a["event"]["player"]
            scores[who] = scores.get(who, 0) + int(a["event"]["points"])


def _hand(h: dict[str, Any], title: str, family: str, unit: str, emit: Callable[[str], None],
          scores: dict[str, int] | None = None, chipless: bool = False) -> None:
    when = (h["started_at"] or "")[:19].replace("T", " ")
    emit(f"potlog Hand #{h['hand']}: {h['game']} - session {h['session']} - {when} UTC")
    dealer_seat = next((p["seat"] for p in h["players"] if p["name"] == h["dealer"]), 0)
    emit(f"Table '{title or h['session']}' Seat #{dealer_seat} is the dealer ({h['dealer']})")
    for p in h["players"]:
        emit(f"Seat {p['seat']}: {p['name']}" + ("" if chipless else f" ({p['stack_before']} in {plural(unit)})"))
    if h["carry_in"]:
        emit(f"{amount(h['carry_in'], unit)} ride in from the last hand")
    stakes = [i for i, a in enumerate(h["actions"]) if a["type"] in STAKES]
    last_stake = stakes[-1] if stakes else -1
    showdown = False
    dealt = False
    for i, a in enumerate(h["actions"]):
        if a["type"] in ("hand_started", "hand_ended", "void"):  # a void is told once, in its own line below
            continue
        if a["type"] == "cards_dealt" and not dealt:
            emit("*** CARDS ***")
            dealt = True
        if not showdown and i > last_stake and a["type"] in ("cards_revealed", "pot_awarded", "pot_carried"):
            emit("*** SHOW DOWN ***")
            showdown = True
        emit(_line(a, family))
    if h["voided"]:
        emit("*** VOIDED ***")
    for v in h["voided"]:
        emit(f"(seq {v['seq']} '{v['text']}' was voided at seq {v['void_seq']}: {v['reason']})")
    emit("*** SUMMARY ***")
    pot = sum(p["total_in"] for p in h["pots"])
    parts = [f"Total pot {pot}"]
    if h["carry_in"]:
        parts.append(f"carried in {h['carry_in']}")
    if h["carry_out"]:
        parts.append(f"carried over {h['carry_out']}")
    parts.append(f"house {h['house']}")
    if not chipless:  # a points game played without chips has no pot to tell
        emit(" | ".join(parts))
    for name, cards in h["boards"].items():
        emit(f"Board {name} {_cards([c['card'] for c in cards], family)}")
    for d in h["dice"]:
        emit(f"Dice{(' (' + d['player'] + ')') if d['player'] else ''}: {' '.join(map(str, d['faces']))}")
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
        if not chipless:
            bits.append(f"put in {p['put_in']}, net {p['net']:+d}, {p['stack_after']} after")
        emit(f"Seat {p['seat']}: {p['name']}{role}" + (" " + ", ".join(bits) if bits else ""))
    if h.get("table"):  # the game's own table as the hand left it: a board, the houses, the line
        emit("*** TABLE ***")
        for label, value in h["table"]:
            emit(f"{label}: {value}")
    if scores is not None:  # a points game: the running scores after the hand
        _scored(h["actions"], scores)
        names = [p["name"] for p in h["players"]] + [n for n in scores if n not in {p["name"] for p in h["players"]}]
        emit("Scores: " + ", ".join(f"{n} {scores.get(n, 0)}" for n in names))
    if not h["ended"]:
        emit("(the hand is still going)")
    emit("")
    emit("")


def _keeps_score(game: str) -> bool:
    """Whether `game` keeps score in points (`Ruleset.scores`): its hands end with the scores."""
    from ..errors import PotlogError
    from ..games import get_ruleset

    try:
        return bool(game) and get_ruleset(game).scores
    except PotlogError:  # a game this potlog does not have
        return False


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    emit = _lines(out)
    for sid in sessions:
        s, hands = session_history(ledger.store, sid)
        family = "spanish" if str(s["options"].get("pack", "")).startswith("spanish") else "french"
        unit = s["chip_unit"]
        scores: dict[str, int] | None = {} if _keeps_score(s["game"]) else None
        chipless = scores is not None and not any(
            p["bought_in"] or p["rebought"] or p["cashed_out"] or p["stack"] for p in s["players"])
        table = [a for a in s["table_events"] if a["type"] != "void"]  # told once, in the voided lines
        cursor = 0
        for h in hands:
            between = [a for a in table[cursor:] if a["seq"] < h["first_seq"]]
            cursor += len(between)
            for a in between:
                emit(f"[seq {a['seq']}] " + _line(a, family))
            if between:
                emit("")
            if scores is not None:
                _scored(between, scores)
            _hand(h, s["title"], family, unit, emit, scores, chipless)
        for a in table[cursor:]:
            emit(f"[seq {a['seq']}] " + _line(a, family))
        if s["voided"]:
            emit("*** VOIDED BETWEEN HANDS ***")
        for v in s["voided"]:
            emit(f"(seq {v['seq']} '{v['text']}' was voided at seq {v['void_seq']}: {v['reason']})")
        emit("")
