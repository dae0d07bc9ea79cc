"""Corrections and scripts at the table (issue 14): `void` against `note` on one large
session, and `potlog run FILE` in lines per second.

    python -m benchmarks.corrections                       # void on 100k, run of 20k lines
    python -m benchmarks.corrections --void-size 1000000 --run-lines 100000

- void: median wall time of `potlog void SEQ` (an event of the current hand) against
  `potlog note` on the same session, each a whole process, alternated. The session is a
  generated freeform night of --void-size events (`workload.session_rows`) plus an open hand
  recorded through `Ledger.execute`, read once so it has its snapshot. Target: <= 2x.
- run: `potlog run -q FILE` on a generated freeform script (hands of antes, deals, bets,
  calls, folds, awards) of --run-lines lines, one process. Target: >= 1,000 lines/s.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from .run import Figure, _wall, compile_bytecode, potlog_command, say, table
from .workload import session_rows, write_db


def bench_void(data: Path, size: int, runs: int) -> list[Figure]:
    from ledger.app import Ledger
    from ledger.commands import Ante, NewHand, Note, Void

    work = data / "void"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    db = work / "night.db"
    say(f"void vs note: generating a {size:,}-event session")
    write_db(db, session_rows("night", random.Random(14), size, closed=False))
    env = {**os.environ, "POTLOG_DB": str(db), "COLUMNS": "100",
           "POTLOG_KEY_FILE": os.environ.get("POTLOG_KEY_FILE", str(work / "seal.key"))}
    os.environ["POTLOG_KEY_FILE"] = env["POTLOG_KEY_FILE"]
    led = Ledger.open(str(db))
    led.store.set_meta("current_session", "night")
    st = led.state("night")  # folds once: the snapshot
    seated = [s.name for s in st.seats if s.active]
    led.execute("night", NewHand())  # the table before it is kept as a checkpoint
    notes = []
    for i in range(2 * runs + 2):  # the events of the current hand the voids will cancel
        notes.append(led.execute("night", Note(text=f"side remark {i}"))[0].seq)
        led.execute("night", Ante(player=seated[i % len(seated)], amount=1))
    events = led.store.last_seq("night")
    led.close()
    compile_bytecode()
    base = potlog_command()
    for _ in range(2):  # warm the OS caches and the snapshot at the head
        subprocess.run(base + ["state"], stdout=subprocess.DEVNULL, env=env, check=True)
    note_t, void_t = [], []
    for i in range(runs):  # alternated, so a noisy moment hits both
        note_t.append(_wall(base + ["note", "Eli", "brought", "snacks"], env))
        void_t.append(_wall(base + ["void", str(notes[-1 - i]), "--reason", "said twice"], env))
    nt, vt = statistics.median(note_t), statistics.median(void_t)
    # the same in-process: a fresh Ledger with no memo for each command, as a new process has
    from ledger import snapshots

    note_i, void_i = [], []
    for i in range(runs):
        for kind, times in (("note", note_i), ("void", void_i)):
            snapshots.forget()
            led = Ledger.open(str(db))
            cmd = (Note(text="in-process") if kind == "note"
                   else Void(target=_live_note(led), reason="said twice"))
            t = time.perf_counter()
            led.execute("night", cmd)
            times.append(time.perf_counter() - t)
            led.close()
    ni, vi = statistics.median(note_i), statistics.median(void_i)
    return [Figure("Ledger.execute void (current hand), no memo", f"{events:,} ev", f"{vi * 1000:.1f} ms",
                   f"{ni * 1000:.1f} ms (note, same session)", f"{vi / ni:.2f}x", "<= 2x", vi / ni <= 2),
            Figure("CLI: potlog void (event of the current hand)", f"{events:,} ev", f"{vt * 1000:.0f} ms",
                   f"{nt * 1000:.0f} ms (potlog note, same session)", f"{vt / nt:.2f}x", "<= 2x", vt / nt <= 2)]


def _live_note(led) -> int:
    """The newest note of the session that is not void yet."""
    voided = set(led.store.voids("night"))
    row = led.store.conn.execute("SELECT seq FROM events WHERE session_id = 'night' AND type = 'note' "
                                 "ORDER BY seq DESC LIMIT 64").fetchall()
    return next(seq for (seq,) in row if seq not in voided)


def run_script(lines: int) -> str:
    players = ("Ann", "Ben", "Cy", "Dora")
    out = ["new freeform --name script " + " ".join(f"-p {p}=1000000" for p in players)]
    cycle = ["hand", *(f"ante {p} 1" for p in players), *(f"deal {p} -n 2" for p in players), "round",
             "bet Ann 2", "call Ben", "raise Cy 2", "fold Dora", "call Ann", "call Ben", "award Cy", "end"]
    while len(out) < lines:
        out += cycle
    return "\n".join(out[:lines]) + "\n"


def bench_run(data: Path, lines: int) -> list[Figure]:
    work = data / "run"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    script = work / "night.potlog"
    script.write_text(run_script(lines), encoding="utf-8")
    env = {**os.environ, "POTLOG_DB": str(work / "run.db"),
           "POTLOG_KEY_FILE": os.environ.get("POTLOG_KEY_FILE", str(work / "seal.key"))}
    say(f"potlog run of {lines:,} lines")
    took = _wall(potlog_command() + ["run", "-q", str(script)], env)
    rate = lines / took
    return [Figure("potlog run FILE (one transaction)", f"{lines:,} lines", f"{rate:,.0f} lines/s",
                   f"{took:.1f} s in all", "", ">= 1,000 lines/s", rate >= 1000)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.corrections", description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(Path(tempfile.gettempdir()) / "potlog-bench"))
    ap.add_argument("--void-size", type=int, default=100_000, help="events in the session the voids are made on")
    ap.add_argument("--runs", type=int, default=9, help="processes per command for the void/note medians")
    ap.add_argument("--run-lines", type=int, default=20_000, help="lines of the script for potlog run")
    ap.add_argument("--skip", default="", help="void,run")
    args = ap.parse_args(argv)
    data = Path(args.data)
    skip = set(args.skip.split(","))
    figs: list[Figure] = []
    if "void" not in skip:
        figs += bench_void(data, args.void_size, args.runs)
    if "run" not in skip:
        figs += bench_run(data, args.run_lines)
    print(table(figs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
