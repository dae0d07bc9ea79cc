"""Many MAT files into a ledger at once (``potlog import FILE.mat|DIR``): each match (or
money session) a session of its own, named ``mat-`` + its path under the directory given
(``/`` as ``-``, without ``.mat``) + the first 12 hex digits of the SHA-256 of its text, so
a file imported twice is *skipped* the second time. Every match is played through the rules
in memory first (`ledger.mat.play`); a file that cannot be read or that the rules refuse
stops the import and nothing is recorded (`MatError` naming the file, the game, the move and
why), unless `keep_going`. One transaction for the whole import."""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..errors import InputError, NotFound, PotlogError
from .play import Row, match_rows
from .read import MatError, loads

DIGEST = 12
_STEM = 64 - len("mat-") - 1 - DIGEST
_DIGEST = re.compile(rf"-([0-9a-f]{{{DIGEST}}})")
BATCH = 5000


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:DIGEST]


def session_name(path: str, root: str, content: str) -> str:
    rel = path[len(root):].lstrip("/") if root and path.startswith(root) else path.rsplit("/", 1)[-1]
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", rel.removesuffix(".mat")).strip("-.") or "match"
    return f"mat-{stem[-_STEM:].lstrip('-.') or 'match'}-{content}"


def mat_files(paths: Iterable[str]) -> list[str]:
    """The ``.mat`` files of `paths` (files as given, directories searched), sorted per directory."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files) if f.lower().endswith(".mat")]
        else:
            out.append(path)
    return out


def is_mat(path: str) -> bool:
    """A ``.mat`` file, or a directory with MAT files in it and no PHH file (`potlog import`)."""
    if not os.path.isdir(path):
        return path.lower().endswith(".mat")
    kinds = {os.path.splitext(f)[1].lower() for _, _, files in os.walk(path) for f in files}
    return ".mat" in kinds and not kinds & {".phh", ".phhs"}


@dataclass
class Imported:
    """What an import did: the sessions made (with their files), skipped and refused files."""

    imported: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)
    games: int = 0
    events: int = 0


def import_files(ledger: Any, paths: list[str], now: str, *, keep_going: bool = False,
                 progress: Callable[[int, int], None] | None = None) -> Imported:
    """Every match of the MAT files and directories `paths` into `ledger` (see the module docstring)."""
    for p in paths:
        if not os.path.exists(p):
            raise NotFound(f"no file or directory {p}")
    files = mat_files(paths)
    if not files:
        raise InputError(f"no MAT files in {', '.join(paths)}: potlog imports .mat files")
    roots = [p.rstrip("/") for p in paths if os.path.isdir(p)]
    out, store, batch = Imported(), ledger.store, []

    def refuse(where: str, why: str) -> None:
        if not keep_going:
            rest = " (--keep-going imports the other files)" if len(files) > 1 else ""
            raise MatError(f"refused {where}: {why}; nothing was imported{rest}")
        out.failed.append((where, why))

    with store.transaction():
        stored = {m.group(1): sid for sid in store.session_ids("mat-")
                  if (m := _DIGEST.fullmatch(sid[-DIGEST - 1:])) is not None}
        for i, path in enumerate(files, 1):
            if progress is not None:
                progress(i, len(files))
            try:
                with open(path, encoding="utf-8") as fh:
                    text = fh.read()
            except UnicodeDecodeError:
                refuse(path, "not a MAT file: not UTF-8 text")
                continue
            except OSError as exc:
                refuse(path, f"cannot read it: {exc}")
                continue
            content = digest(text)
            if content in stored:
                out.skipped.append((path, f"the same match is session {stored[content]} already"))
                continue
            sid = session_name(path, next((r for r in roots if path.startswith(r + "/")), ""), content)
            try:
                match = loads(text)
                made, _ = match_rows(match, sid, now)
            except PotlogError as exc:
                refuse(path, str(exc))
                continue
            batch += made
            out.events += len(made)
            out.games += len(match.games)
            out.imported.append(sid)
            out.files[sid] = path
            stored[content] = sid
            if len(batch) >= BATCH:
                store.insert_rows(batch)
                batch = []
        if batch:
            store.insert_rows(batch)
    return out


__all__ = ["Imported", "Row", "digest", "import_files", "is_mat", "mat_files", "session_name"]
