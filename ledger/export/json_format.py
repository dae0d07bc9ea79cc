"""Hand histories as one JSON document: the sessions, then one object per hand (players,
stacks before and after, cards as known, dice, declarations, every action in order with the
chips it moved, pots, awards, carry-over, house), as `schemas/hand-history.schema.json`
describes. Built by `ledger.export.history`.

Text is the data as recorded (UTF-8, not ASCII-escaped); the characters a terminal or a line
reader would act on (control and bidi characters, U+2028, U+0085) are written as JSON
``\\uXXXX`` escapes (`ledger.text.json_safe`), which parse to the very same text."""

from __future__ import annotations

import json
from typing import Any, TextIO

from ..text import json_safe
from .history import document


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    out.write(json_safe(json.dumps(document(ledger.store, sessions), indent=2, ensure_ascii=False)))
    out.write("\n")
