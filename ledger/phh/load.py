"""Many PHH hands into a ledger at once: ``potlog import FILE.phh`` (or a directory, or a
``.phhs`` file), and ``potlog import-phh``.

Each hand becomes a session of its own (`session_name`): its path under the directory given
(``/`` as ``-``; a ``.phhs`` hand adds its table's name), then a digest of its content (the
first 12 hex digits of the SHA-256 of its TOML table, canonical JSON), so two different hands
never share a name, whatever folder they were imported from, and the same hand always has
the same digest. A hand whose digest a stored session already ends with is the very same
hand (the same fields, whatever its file's comments or layout): it is *skipped*, and that is
all "skipped" means.

Every hand is played through its rules in memory (`hand_rows`) and, when the file states
``finishing_stacks``, they are compared with the replay (`Hand.difference`). A file that is
not a PHH hand potlog reads (not TOML, not UTF-8, an unknown variant or player, a bad amount
or action, finishing stacks other than the replay's) is *refused*: the import stops and
records nothing (`PhhError` naming the file and why), unless `keep_going`, which imports the
good hands and lists the refused ones. `trust_actions` records a hand whose finishing stacks
differ as the replay has it, and lists the difference.

The whole import is one transaction (the write lock taken as it starts, rows inserted in
batches).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..errors import InputError, NotFound, PotlogError
from .play import Row, hand_rows
from .read import PhhError, loads, phh_to_commands

DIGEST = 12
"""Hex digits of a hand's content digest in its session name."""
_DIGEST = re.compile(rf"-([0-9a-f]{{{DIGEST}}})")
_STEM = 64 - len("phh-") - 1 - DIGEST  # a session name is at most 64 characters


def digest(table: dict[str, Any]) -> str:
    """The content digest of a PHH hand's TOML table (its fields, whatever the file's layout)."""
    text = json.dumps(table, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:DIGEST]


def session_name(path: str, root: str = "", key: str = "", content: str = "") -> str:
    """The session id of a PHH hand: ``phh-``, its path under `root` (``/`` as ``-``, without
    ``.phh``; else its file name), its table's name `key` in a ``.phhs``, and its `content`
    digest (`digest`)."""
    rel = path[len(root):].lstrip("/") if root and path.startswith(root) else path.rsplit("/", 1)[-1]
    rel = re.sub(r"\.phhs?$", "", rel, flags=re.IGNORECASE) + (f"-{key}" if key else "")
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", rel).strip("-.") or "hand"
    if content:
        stem = stem[-_STEM:].lstrip("-.") or "hand"
        return f"phh-{stem}-{content}"
    return ("phh-" + stem)[:64]


def phh_files(paths: Iterable[str]) -> list[str]:
    """The ``.phh`` and ``.phhs`` files of `paths` (files as given, directories searched), sorted
    per directory."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files) if f.lower().endswith((".phh", ".phhs"))]
        else:
            out.append(path)
    return out


@dataclass
class Imported:
    """What an import did: the sessions made (and the file each came from), the hands skipped
    (stored already), refused (where, why), and recorded as replayed though their stated
    finishing stacks differ (where, the difference: `trust_actions`)."""

    imported: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    differences: list[tuple[str, str]] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)
    events: int = 0


def import_files(ledger: Any, paths: list[str], now: str, *, limit: int | None = None, root: str = "",
                 progress: Callable[[int, int], None] | None = None, keep_going: bool = False,
                 trust_actions: bool = False) -> Imported:
    """Every hand of the PHH files and directories `paths` into `ledger`, each a new session
    (see the module docstring) named after its path under the directory given, or under `root`;
    `progress(done, total)` after each file. A refused hand stops the import, nothing of it
    recorded (`PhhError`), unless `keep_going`."""
    for p in paths:
        if not os.path.exists(p):
            raise NotFound(f"no file or directory {p}")
    files = phh_files(paths)
    if not files:
        raise InputError(f"no PHH files in {', '.join(paths)}: potlog imports .phh and .phhs files")
    roots = [p.rstrip("/") for p in paths if os.path.isdir(p)] + ([root.rstrip("/")] if root else [])
    out = Imported()
    store = ledger.store
    batch: list[Row] = []
    several = len(files) > 1

    def refuse(where: str, why: str) -> None:
        if not keep_going:
            rest = " (--keep-going imports the other hands)" if several else ""
            raise PhhError(f"refused {where}: {why}; nothing was imported{rest}")
        out.failed.append((where, why))

    with store.transaction():  # every hand's rows in one transaction, written in batches as they come
        stored = _stored(store)
        for i, path in enumerate(files, 1):
            if progress is not None:
                progress(i, len(files))
            if limit is not None and len(out.imported) >= limit:
                break
            for where, name, table in _tables(path, refuse):
                if limit is not None and len(out.imported) >= limit:
                    break
                content = digest(table)
                if content in stored:
                    out.skipped.append((where, f"the same hand is session {stored[content]} already"))
                    continue
                sid = session_name(path, next((r for r in roots if path.startswith(r + "/")), ""), name, content)
                try:  # read, and played through the rules in memory; a hand refused leaves nothing behind
                    hand = phh_to_commands(table)
                    made, state = hand_rows(hand, sid, now)
                except PotlogError as exc:
                    refuse(where, str(exc))
                    continue
                differs = hand.difference([state.stack(p) for p in hand.names])
                if differs is not None:
                    if not trust_actions:
                        refuse(where, f"{differs} (--trust-actions records the replay)")
                        continue
                    out.differences.append((where, differs))
                batch += made
                out.events += len(made)
                out.imported.append(sid)
                out.files[sid] = path
                stored[content] = sid
                if len(batch) >= BATCH:
                    store.insert_rows(batch)
                    batch = []
        if batch:
            store.insert_rows(batch)
    return out


BATCH = 5000
"""Rows inserted at a time (one ``executemany``)."""


def _stored(store: Any) -> dict[str, str]:
    """The PHH hands stored already: session id by content digest."""
    return {m.group(1): sid for sid in store.session_ids("phh-")
            if (m := _DIGEST.fullmatch(sid[-DIGEST - 1:])) is not None}


def _tables(path: str, refuse: Callable[[str, str], None]) -> list[tuple[str, str, dict[str, Any]]]:
    """The hands of one file as (where for people, table name in a .phhs, its TOML table);
    a file that cannot be read goes to `refuse`."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        data = loads(text)
    except UnicodeDecodeError:
        refuse(path, "not a PHH file: not UTF-8 text")
        return []
    except (OSError, PhhError) as exc:
        refuse(path, f"cannot read it: {exc}" if isinstance(exc, OSError) else str(exc))
        return []
    if not path.lower().endswith(".phhs"):
        return [(path, "", data)]
    loose = [k for k, v in data.items() if not isinstance(v, dict)]
    if loose or not data:
        refuse(path, f"not a .phhs file: its hands are tables [1], [2] ..., and {loose[0]!r} is outside them"
               if loose else "not a .phhs file: it has no hands (tables [1], [2] ...)")
        return []
    return [(f"{path} [{k}]", str(k), v) for k, v in data.items()]
