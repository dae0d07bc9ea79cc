"""The MAT figure (issue 26): games per second importing GNU Backgammon's MAT files
(``../shared/backgammon``) against the floor, measured in the same run.

    python -m benchmarks.mat                 # all 380 files (about 1,700 games)
    python -m benchmarks.mat --files 40

- ours: `ledger.mat.load.import_files` of the files into a new database: each file read and
  parsed, every game played through the backgammon rules (every play checked against every
  legal play of its roll, the cube, the scores against the file's), every event hashed,
  chained and stored in one transaction;
- the floor: the same files read and parsed (`ledger.mat.read.loads`), a row per action
  inserted with one executemany into a table of its own, and nothing else (no rules, no
  hash chain). It is the most any importer of these files reaches in this Python.

The figure is games per second of each, and the ratio. The tarball is unpacked into a temp
folder each run (`unpack`), as tests/test_mat.py does.
"""

from __future__ import annotations

import argparse
import sqlite3
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARBALL = "gnubg-selfplay-2026-11-27.tar.gz"


def tarball() -> Path | None:
    """The MAT tarball: ``shared/backgammon/`` next to the repository, or next to a folder
    above it (a worktree under ``wt/``)."""
    return next((p / "shared" / "backgammon" / TARBALL for p in ROOT.parents
                 if (p / "shared" / "backgammon" / TARBALL).is_file()), None)


def unpack(into: Path, names: list[str] | None = None) -> list[Path]:
    """The tarball's ``.mat`` files (or only `names`, like ``matches/match001.mat``) unpacked
    into `into`; their paths, sorted."""
    where = tarball()
    if where is None:
        raise RuntimeError(f"no MAT data: no shared/backgammon/{TARBALL} above {ROOT}")
    with tarfile.open(where) as tar:
        members = [m for m in tar.getmembers() if m.isfile() and m.name.endswith(".mat")
                   and (names is None or m.name.removeprefix("./") in names)]
        tar.extractall(into, members=members, filter="data")
    return sorted(into / m.name for m in members)


def floor(files: list[Path], db: Path) -> int:
    """Read and parse every file, one row per action inserted; the number of games."""
    from ledger.mat.read import loads

    con = sqlite3.connect(db)
    con.execute("CREATE TABLE actions (file TEXT, game INT, who INT, kind TEXT, dice TEXT, play TEXT, value INT)")
    games, rows = 0, []
    for f in files:
        match = loads(f.read_text(encoding="utf-8"))
        games += len(match.games)
        rows += [(f.name, g.number, a.who, a.kind, f"{a.dice[0]}{a.dice[1]}", a.play, a.value)
                 for g in match.games for a in g.actions]
    with con:
        con.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    con.close()
    return games


def ours(files: list[Path], db: Path) -> int:
    from ledger.app import Ledger
    from ledger.mat.load import import_files

    led = Ledger.open(str(db))
    try:
        result = import_files(led, [str(f) for f in files], "2026-11-27T00:00:00Z")
    finally:
        led.close()
    return result.games


def bench(files_n: int | None) -> list:
    """The figure for `python -m benchmarks` (benchmarks/run.py): games/s of ours against the
    floor, measured one after the other in this process, on the first `files_n` files."""
    from .run import Figure, say

    if tarball() is None:
        return [Figure("MAT import (backgammon)", "-", "no data", f"shared/backgammon/{TARBALL} not found", "-",
                       "(side by side)", None)]
    with tempfile.TemporaryDirectory() as tmp:
        files = unpack(Path(tmp))[:files_n]
        say(f"MAT import of {len(files)} files")
        t0 = time.perf_counter()
        base = floor(files, Path(tmp) / "floor.db")
        t1 = time.perf_counter()
        try:
            games = ours(files, Path(tmp) / "potlog.db")
        except Exception as exc:  # (the MAT replay mid-conversion to typed commands on some bases)
            return [Figure("MAT import (backgammon: rules, chain)", f"{len(files)} files, {base} games",
                           f"fails: {type(exc).__name__}: {str(exc)[:80]}",
                           f"{base / (t1 - t0):,.0f} games/s (read + parse + executemany)", "-", "(side by side)",
                           None)]
        t2 = time.perf_counter()
    assert games == base, (games, base)
    fl, us = base / (t1 - t0), games / (t2 - t1)
    return [Figure("MAT import (backgammon: rules, chain)", f"{len(files)} files, {games} games",
                   f"{us:,.1f} games/s", f"{fl:,.0f} games/s (read + parse + executemany)",
                   f"{fl / us:.1f}x slower", "(side by side)", None)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=None, help="only the first N files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        files = unpack(Path(tmp))[:args.files]
        t0 = time.perf_counter()
        base = floor(files, Path(tmp) / "floor.db")
        t1 = time.perf_counter()
        games = ours(files, Path(tmp) / "potlog.db")
        t2 = time.perf_counter()
    assert games == base, (games, base)
    fl, us = base / (t1 - t0), games / (t2 - t1)
    print(f"{len(files)} files, {games} games")
    print(f"floor (read + parse + insert): {fl:10.0f} games/s  ({t1 - t0:.2f} s)")
    print(f"potlog import (rules, chain):  {us:10.1f} games/s  ({t2 - t1:.2f} s)")
    print(f"potlog / floor: {us / fl:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
