"""The chip journal as CSV: one posting per row, ready for a spreadsheet.

Columns: session, seq, hand (empty between hands), recorded_at, event, from, to, amount,
reason. Postings come from folding the session (voided events move no chips, so they have
no rows). Every row moves a positive whole number of chips; for any account, the amounts
it received minus the amounts it gave are its balance.
"""

from __future__ import annotations

import csv
from typing import Any, TextIO

from .journal import journal

COLUMNS = ("session", "seq", "hand", "recorded_at", "event", "from", "to", "amount", "reason")


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(COLUMNS)
    for sid in sessions:
        entries, _ = journal(ledger.store, sid)
        for e in entries:
            for p in e.postings:
                w.writerow((sid, e.seq, "" if e.hand is None else e.hand, e.recorded_at, e.type,
                            p.source, p.dest, p.amount, p.reason))
