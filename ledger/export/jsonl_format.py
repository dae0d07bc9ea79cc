"""The raw events as JSON lines, exactly as stored (body, hashes, times).

Each line is the stored record's canonical JSON (UTF-8, not ASCII-escaped), byte for byte,
except that a character a terminal or a line reader would act on (U+2028, U+2029, U+0085,
other control and bidi characters; JSON already escapes C0) is written as a JSON ``\\uXXXX``
escape (`ledger.text.json_safe`): the same JSON value, so 'potlog import' reads back the
very same event and hash, and no line reader splits a line inside a string."""

from __future__ import annotations

from typing import Any, TextIO

from ..text import json_safe


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    for sid in sessions:
        for line in ledger.export_lines(sid):
            out.write(json_safe(line) + "\n")
