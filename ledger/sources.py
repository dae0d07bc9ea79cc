"""Which code is running: a stamp of a package's source files, read once per process.

Snapshots are keyed by it (`ledger.snapshots.code_version`: a snapshot of other code is
rebuilt, never trusted), and so is what the potlog program keeps between runs (`cli.kept`).
"""

from __future__ import annotations

import os
from functools import cache


@cache
def stamp(root: str) -> tuple[tuple[str, int, int], ...]:
    """Every ``.py`` file below `root` (dot and dunder folders aside): its path from `root`,
    its size and its modification time, sorted. Any edit or reinstall changes it; reading
    the files' bytes instead cost every command 5 ms."""
    files: list[tuple[str, int, int]] = []
    stack = [(root, "")]  # a folder, and its path from `root` ("" or ending in "/")
    while stack:
        folder, prefix = stack.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if not entry.name.startswith((".", "__")):
                        stack.append((entry.path, f"{prefix}{entry.name}/"))
                elif entry.name.endswith(".py"):
                    st = entry.stat()
                    files.append((prefix + entry.name, st.st_size, st.st_mtime_ns))
    return tuple(sorted(files))
