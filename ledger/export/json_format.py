"""Hand histories as one JSON document: the sessions, then one object per hand (players,
stacks before and after, cards as known, dice, declarations, every action in order with the
chips it moved, pots, awards, carry-over, house), as `schemas/hand-history.schema.json`
describes. Built by `ledger.export.history`."""

from __future__ import annotations

import json
from typing import Any, TextIO

from .history import document


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    json.dump(document(ledger.store, sessions), out, indent=2, ensure_ascii=False)
    out.write("\n")
