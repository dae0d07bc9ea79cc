"""Many PHH hands into a ledger at once: ``potlog import FILE.phh`` (or a directory, or a
``.phhs`` file), and ``potlog import-phh``.

Each hand becomes a session of its own, named after its file (`session_name`). Every hand is
played through its rules in memory (`hand_rows`) and its rows stored, all of the import in
one transaction (the write lock taken as it starts, rows inserted in batches): a hand the
rules refuse leaves nothing behind and the rest still lands. Hands of variants
potlog does not read, and hands whose session exists already, are skipped and counted.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from ..errors import NotFound, PotlogError
from .play import Row, hand_rows
from .read import Hand, PhhError, loads, phh_to_commands


def session_name(path: str, root: str = "") -> str:
    """A session id for a PHH file: its path under `root`, ``/`` as ``-``, without ``.phh``."""
    rel = path[len(root):].lstrip("/") if root and path.startswith(root) else path.rsplit("/", 1)[-1]
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", rel.removesuffix(".phhs").removesuffix(".phh")).strip("-.") or "hand"
    return ("phh-" + stem)[:64]


def phh_files(paths: Iterable[str]) -> list[str]:
    """The ``.phh`` and ``.phhs`` files of `paths` (files as given, directories searched), sorted
    per directory."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith((".phh", ".phhs"))]
        else:
            out.append(path)
    return out


@dataclass
class Imported:
    """What an import did: the sessions made, the hands skipped and refused (where, why)."""

    imported: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    events: int = 0


def import_files(ledger: Any, paths: list[str], now: str, *, limit: int | None = None, root: str = "",
                 progress: Callable[[int, int], None] | None = None) -> Imported:
    """Every hand of the PHH files and directories `paths` into `ledger`, each a new session
    (see the module docstring) named after its path under the directory given, or under `root`;
    `progress(done, total)` after each file."""
    for p in paths:
        if not os.path.exists(p):
            raise NotFound(f"no file or directory {p}")
    files = phh_files(paths)
    roots = [p.rstrip("/") for p in paths if os.path.isdir(p)] + ([root.rstrip("/")] if root else [])
    out = Imported()
    store = ledger.store
    seen: set[str] = set()
    batch: list[Row] = []
    with store.transaction():  # every hand's rows in one transaction, written in batches as they come
        for i, path in enumerate(files, 1):
            if progress is not None:
                progress(i, len(files))
            if limit is not None and len(out.imported) >= limit:
                break
            for sid, where, hand in _hands(path, roots, out):
                if limit is not None and len(out.imported) >= limit:
                    break
                if sid in seen or store.exists(sid):
                    out.skipped.append((where, f"session {sid} exists already"))
                    continue
                try:  # played through the rules in memory; a hand they refuse leaves nothing behind
                    made, _ = hand_rows(hand, sid, now)
                except PotlogError as exc:
                    out.failed.append((where, str(exc)))
                    continue
                batch += made
                out.events += len(made)
                out.imported.append(sid)
                seen.add(sid)
                if len(batch) >= BATCH:
                    store.insert_rows(batch)
                    batch = []
        if batch:
            store.insert_rows(batch)
    return out


BATCH = 5000
"""Rows inserted at a time (one ``executemany``)."""


def _hands(path: str, roots: list[str], out: Imported) -> Iterator[tuple[str, str, Hand]]:
    """The hands of one file as (session id, where for people, hand); a file that cannot be
    read is counted as refused, a hand potlog cannot read as skipped."""
    root = next((r for r in roots if path.startswith(r + "/")), "")
    name = session_name(path, root)
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        hands: list[tuple[str, Any]] = ([(f"{name}-{key}"[:64], data) for key, data in _tables(text)]
                                        if path.endswith(".phhs") else [(name, text)])
    except (OSError, UnicodeDecodeError, PhhError) as exc:
        out.failed.append((path, f"cannot read it: {exc}"))
        return
    for sid, source in hands:
        where = path if len(hands) == 1 else f"{path} [{sid.rsplit('-', 1)[-1]}]"
        try:
            yield sid, where, phh_to_commands(source)
        except PhhError as exc:
            out.skipped.append((where, str(exc)))


def _tables(text: str) -> list[tuple[str, dict[str, Any]]]:
    return [(str(k), v) for k, v in loads(text).items() if isinstance(v, dict)]
