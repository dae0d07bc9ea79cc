"""The raw events as JSON lines, exactly as stored (body, hashes, times)."""

from __future__ import annotations

from typing import Any, TextIO


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    for sid in sessions:
        for line in ledger.export_lines(sid):
            out.write(line + "\n")
