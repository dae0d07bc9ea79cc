"""The chip journal as CSV: one posting per row, ready for a spreadsheet.

Columns: session, seq, hand (empty between hands), recorded_at, event, from, to, amount,
reason, ruling (the reason given when the table overruled the rules, ``--override REASON``;
empty otherwise). Postings come from folding the session (voided events move no chips, so they have
no rows). Every row moves a positive whole number of chips; for any account, the amounts
it received minus the amounts it gave are its balance.

Safe to open in a spreadsheet (CSV injection, as OWASP describes it). The rule is by column:

- integer columns (``seq``, ``hand``, ``amount``) are written as numbers, unquoted, and
  stay numbers (a negative amount would stay a negative number);
- every other column is text (``session``, ``recorded_at``, ``event``, ``from``, ``to``,
  ``reason``, ``ruling``: names and reasons typed at the table): each cell is quoted, and one that
  starts with ``=``, ``+``, ``-``, ``@``, tab or CR (or their full-width forms) is prefixed
  with a single quote ``'`` (`ledger.text.csv_cell`), so a reason like ``=HYPERLINK(...)``
  shows as text and is never run. Quotes, commas and line breaks inside a cell are quoted
  by the csv module; the text is otherwise exactly as recorded.
"""

from __future__ import annotations

import csv
from typing import Any, TextIO

from ..text import csv_cell
from .journal import journal

COLUMNS = ("session", "seq", "hand", "recorded_at", "event", "from", "to", "amount", "reason", "ruling")
INTEGER_COLUMNS = frozenset(("seq", "hand", "amount"))


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    w = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC)
    w.writerow(COLUMNS)
    for sid in sessions:
        entries, _ = journal(ledger.store, sid)
        rulings = {r.seq: r.event.ruling for r in ledger.store.recorded(sid) if r.event.ruling}
        for e in entries:
            for p in e.postings:
                w.writerow((csv_cell(sid), e.seq, "" if e.hand is None else e.hand, csv_cell(e.recorded_at),
                            csv_cell(e.type), csv_cell(p.source), csv_cell(p.dest), p.amount, csv_cell(p.reason),
                            csv_cell(rulings.get(e.seq, ""))))
