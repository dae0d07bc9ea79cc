"""The chip flows as a beancount journal (double entry, commodity ``CHIPS``).

- Accounts, one set per session (``<S>`` is the session's name made into an account word):
  ``Equity:Potlog:<S>:Bank`` (where buy-ins come from and cash-outs go back to),
  ``Assets:Potlog:<S>:Seat:<Player>``, ``...:Pot``, ``...:Pot:<Name>``, ``...:Carry``,
  ``...:House``. Names are kept to ASCII letters, digits and ``-`` (other characters are
  spelled ``-U00E9-`` (its code point), a clash gets ``-2``); each ``open`` carries the real name.
- One transaction per chip-moving event, with ``seq``, ``hand`` and ``recorded-at`` metadata
  and the event in plain English as narration; voided events move nothing.
- A ``balance`` assertion for every account at each hand's end.
- Strings (narration, titles, real names) show control characters, line breaks and bidi
  overrides escaped (`ledger.text.printable`) and escape ``"`` and ``\\``; account names are
  ASCII words; so text typed at the table cannot end a string or add a directive.

Dates: a night is booked on the session's date. Every transaction is dated the day the
session started (its first event's ``recorded_at``), even when play runs past midnight; hands
are kept apart by their ``hand`` metadata (and ``seq``, ``recorded-at``, the true time of
each event). Beancount has no time of day and checks a ``balance`` at the start of its day,
so the journal asserts every account's balance after the whole session on the next day;
each hand's end is noted as a comment with the balances after it. Check it with
``bean-check FILE``.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, TextIO

from ..text import printable
from .journal import journal

COMMODITY = "CHIPS"


def _quote(text: str) -> str:
    """A beancount string: user text made printable (`ledger.text.printable`: a line break or
    control character is shown escaped, never raw), runs of spaces made one, then ``\\`` and
    ``"`` escaped as beancount reads them."""
    text = " ".join(printable(text).split())
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _word(name: str) -> str:
    out = []
    for ch in name:
        if ch.isascii() and (ch.isalnum() or ch == "-"):
            out.append(ch)
        elif ch in " _.":
            out.append("-")
        else:
            out.append(f"-U{ord(ch):04X}-")
    word = re.sub("-+", "-", "".join(out)).strip("-") or "X"
    if not (word[0].isdigit() or word[0].isupper()):
        word = word[0].upper() + word[1:] if word[0].isalpha() else "X" + word
    return word


class _Names:
    """Account words for names, unique within a parent, first come first served."""

    def __init__(self) -> None:
        self.words: dict[str, str] = {}
        self.used: set[str] = set()

    def __call__(self, name: str) -> str:
        if name in self.words:
            return self.words[name]
        base = _word(name)
        word, n = base, 1
        while word.lower() in self.used:
            n += 1
            word = f"{base}-{n}"
        self.used.add(word.lower())
        self.words[name] = word
        return word


def _session_accounts(sid: str, sessions: _Names) -> Any:
    root = sessions(sid)
    players, pots = _Names(), _Names()

    def account(acct: str) -> str:
        if acct == "bank":
            return f"Equity:Potlog:{root}:Bank"
        if acct.startswith("seat:"):
            return f"Assets:Potlog:{root}:Seat:{players(acct[5:])}"
        if acct.startswith("pot:"):
            return f"Assets:Potlog:{root}:Pot:{pots(acct[4:])}"
        return f"Assets:Potlog:{root}:{acct.capitalize()}"

    return account


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    words = _Names()
    out.write(";; potlog chip journal (beancount). Check it with: bean-check FILE\n")
    out.write(";; A session is booked on the day it started; hands are told apart by their hand metadata,\n")
    out.write(";; the real time of every event is its recorded-at metadata.\n")
    out.write(f'option "title" {_quote("potlog: " + ", ".join(sessions))}\n')
    out.write(f'option "operating_currency" "{COMMODITY}"\n\n')
    first_day: dt.date | None = None
    blocks: list[str] = []
    for sid in sessions:
        entries, _state = journal(ledger.store, sid)
        head = next(iter(ledger.store.recorded(sid)))
        base = dt.date.fromisoformat(head.recorded_at[:10])
        first_day = base if first_day is None else min(first_day, base)
        account = _session_accounts(sid, words)
        opened: dict[str, str] = {}
        lines: list[str] = []
        for e in entries:
            if e.ended_hand is not None:
                shown = ", ".join(f"{printable(a)} {c}" for a, c in e.balances if a in opened)
                lines.append(f";; hand {e.ended_hand} ended (seq {e.seq}): {shown}\n\n")
                continue
            for p in e.postings:
                for acct in (p.source, p.dest):
                    opened.setdefault(acct, account(acct))
            lines.append(f"{base.isoformat()} * {_quote(sid)} {_quote(e.text)}\n")
            lines.append(f"  seq: {e.seq}\n")
            if e.hand is not None:
                lines.append(f"  hand: {e.hand}\n")
            lines.append(f"  recorded-at: {_quote(e.recorded_at)}\n")
            lines.append(f"  event: {_quote(e.type)}\n")
            for p in e.postings:
                lines.append(f"  {account(p.source)}  -{p.amount} {COMMODITY}\n")
                lines.append(f"  {account(p.dest)}  {p.amount} {COMMODITY}\n")
            lines.append("\n")
        if opened:
            check_day = base + dt.timedelta(days=1)  # checked at the start of the next day: after the whole night
            final = dict(_state.balances)
            for acct, name in opened.items():
                chips = final.get(acct, 0)
                if acct == "pot":  # beancount's balance of ...:Pot includes ...:Pot:<Name>
                    chips = sum(c for a, c in final.items() if a == "pot" or a.startswith("pot:"))
                lines.append(f"{check_day.isoformat()} balance {name}  {chips} {COMMODITY}\n")
            lines.append("\n")
        opens = [f";; session {printable(sid)}\n"]
        for acct, name in opened.items():
            opens.append(f"{base.isoformat()} open {name}  {COMMODITY}\n")
            opens.append(f"  potlog-account: {_quote(acct)}\n")
        blocks.append("".join(opens) + "\n" + "".join(lines))
    if first_day is not None:
        out.write(f"{first_day.isoformat()} commodity {COMMODITY}\n  name: \"potlog chips\"\n\n")
    out.write("".join(blocks))
