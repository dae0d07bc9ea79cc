"""Exports: ``potlog export --format F``. Each format is a module here with
``write(ledger, sessions, out)`` that writes text to the file object `out`."""

from __future__ import annotations

import importlib
from typing import Any, Callable, TextIO

from ..errors import InputError

FORMATS: dict[str, str] = {
    "jsonl": "the raw events, one JSON object a line; 'potlog import' reads it back with the same hashes",
    "json": "hand histories, one object per hand (schemas/hand-history.schema.json)",
    "csv": "the chip journal, one posting per row (seq, hand, time, from, to, amount, reason)",
    "text": "a hand history to read, in the style of a poker site's",
    "beancount": "the chip flows as a double-entry journal in CHIPS, with balance assertions per hand",
    "mat": "a backgammon match or money session as Jellyfish MAT (GNU Backgammon's 'import mat' reads it)",
    "html": "one self-contained web page (opens offline): results, who pays whom, the stack chart and a hand replayer",
    "phh": "poker hands as PHH as PokerKit reads them (one hand: a .phh; several: a .phhs, one table a hand): hold'em, short deck, Omaha, stud, razz, 2-7, badugi",
    "pokerstars": "hold'em and Omaha hands as PokerStars hand histories, the text poker trackers import",
    "ohh": "hold'em and Omaha hands as Open Hand History JSON (hh-specs.handhistory.org): one hand a line, a blank line between two",
}


def writer(fmt: str) -> Callable[[Any, list[str], TextIO], None]:
    if fmt not in FORMATS:
        raise InputError(f"no export format {fmt!r}: choose one of {', '.join(FORMATS)}")
    return importlib.import_module(f"{__name__}.{fmt}_format").write
