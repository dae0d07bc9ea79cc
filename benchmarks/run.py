"""Run every benchmark and print each figure with its same-run baseline and the ratio.

    python -m benchmarks                      # 10k, 100k and 1M events (a few minutes)
    python -m benchmarks --sizes 10000,100000 # quicker
    python -m benchmarks --out benchmarks/RESULTS.md

Figures (targets from issue 6):
- fold: events/s to read and fold a whole archive, every body validated, vs. a plain sqlite3
  SELECT of the same rows + json.loads. Target at 1M: <= 2x the floor (issue 28; issue 6
  asked >= 250,000/s and <= 2.5x).
- import: events/s of `potlog import` (JSONL, hash chain, chips checked) vs. a floor that reads
  the same file, parses each line with orjson and inserts the rows with one executemany in one
  transaction (issue 14). Target: <= 2.5x the floor at 100k and 1M (issue 28).
- live append: events/s recording one event per durable transaction vs. a single-row INSERT
  per transaction with the same pragmas (WAL, synchronous=FULL), twice: the store's append
  (hash chain, expected-seq check) and a whole recording command (`Ledger.execute`: state,
  the rules decide, chips checked, append). Target: <= 1.5x the floor.
- peer: the same fold and append through the eventsourcing library's SQLite recorder.
  Target: fold >= 5x faster than its aggregate rebuild.
- CLI latency: median wall time of `potlog state`, `note` and `bet` (the database given by
  $POTLOG_DB and by `--db` first) and `potlog --help` on a 10,000-event session (and with
  --cli-big on a larger one) vs. a Typer hello-world, same run, whole processes, bytecode
  compiled, the script next to the interpreter. Target: <= 1.3x (issue 14).
- play (`play.py`): `potlog play` through a pseudo-terminal, Enter to the redrawn table and
  the next prompt, p99 over a sample script's lines on a --play-events session, per game
  (--play-games: three by default, or all), vs. an empty line (the prompt alone). Target:
  <= 20 ms (issue 28).
- PHH (`phh.py`): hands/s of the PHH import + fold of the first --phh real hands vs.
  PokerKit's load + replay, and the floor (read, parse, one executemany). Target: >= 2x faster
  than PokerKit (issue 28).
- MAT (`mat.py`): games/s importing ../shared/backgammon vs. reading, parsing and inserting
  the same files (issue 28).
- memory: peak RSS of the process folding the 1M archive. Target: < 200 MB.
- void (`corrections.py`): `potlog void` of an event in the current hand against `potlog note`
  on the same session (the largest size), whole processes and in-process. Target: <= 2x.
- run (`corrections.py`): `potlog run FILE` of --run-lines lines, lines/s. Target: >= 1,000.
- stores (`stores.py`): SQLite and PostgreSQL side by side: events/s recorded by 8 processes
  on 8 tables at once, and a season audit (`audit --all`) of the --season-size archive.

Archives are generated once per size into --data (default: a temp directory) and reused.
Times are the best of --repeat runs (the machine may be shared), each in a fresh process.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .workload import archive_rows, jsonl_line, session_rows, write_db
from ledger.commands import NewHand, Note, Round

GENERATOR = "v3"  # bump when workload.py or the hash scheme changes, so cached archives are rebuilt
HERE = Path(__file__).resolve().parent


@dataclass
class Figure:
    figure: str
    size: str
    ours: str
    baseline: str
    ratio: str
    target: str
    met: bool | None


def say(msg: str) -> None:
    print(f"… {msg}", file=sys.stderr, flush=True)


def rate(n: int, seconds: float) -> str:
    return f"{n / seconds:,.0f} ev/s"


def label(n: int) -> str:
    return f"{n // 1_000_000}M" if n >= 1_000_000 else f"{n // 1000}k"


def archive(data: Path, size: int) -> tuple[Path, Path]:
    """The archive of `size` events as a database and as a JSONL export (cached)."""
    db = data / f"archive-{size}-{GENERATOR}.db"
    jsonl = data / f"archive-{size}-{GENERATOR}.jsonl"
    if not (db.exists() and jsonl.exists()):
        say(f"generating the {label(size)} archive")
        for p in (db, jsonl):
            p.unlink(missing_ok=True)
        with open(jsonl, "w", encoding="utf-8") as fh:
            fh.writelines(jsonl_line(r) + "\n" for r in archive_rows(size))
        write_db(db, _rows_from_jsonl(jsonl))
    return db, jsonl


def _rows_from_jsonl(path: Path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            o = json.loads(line)
            body = json.dumps(o["event"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            yield (o["session"], o["seq"], o["event"]["type"], body, o["prev_hash"], o["hash"], o["recorded_at"])


def child(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "benchmarks.child", *args], check=True,
                         capture_output=True, text=True, cwd=HERE.parent)
    return json.loads(out.stdout)


def best_pair(repeat: int, *cases: tuple[tuple[str, ...], Path | None]) -> list[dict]:
    """Each case (child arguments, the database to start afresh or None) measured `repeat`
    times, the cases taking turns run by run, so a slow spell of this shared machine falls
    on ours and its baseline alike; the quickest run of each (and its highest peak RSS)."""
    runs: list[list[dict]] = [[] for _ in cases]
    for _ in range(repeat):
        for i, (args, fresh) in enumerate(cases):
            if fresh is not None:
                for p in fresh.parent.glob(fresh.name + "*"):
                    p.unlink()
            runs[i].append(child(*args))
    return [min(r, key=lambda x: x["seconds"]) | {"rss_mb": max(x["rss_mb"] for x in r)} for r in runs]


# ------------------------------------------------------------------------------- figures
def bench_fold(data: Path, sizes: list[int], repeat: int) -> tuple[list[Figure], dict]:
    figs, rss = [], {}
    for size in sizes:
        db, _ = archive(data, size)
        say(f"fold {label(size)}")
        ours, floor = best_pair(repeat, (("fold", str(db)), None), (("floor", str(db)), None))
        ratio = ours["seconds"] / floor["seconds"]
        figs.append(Figure("fold (read + validate + fold)", label(size), rate(ours["events"], ours["seconds"]),
                           rate(floor["events"], floor["seconds"]) + " (SELECT + json.loads)",
                           f"{ratio:.2f}x slower", "<= 2x at 1M (issue 28)",
                           ratio <= 2 if size >= 1_000_000 else None))
        rss[size] = (ours["rss_mb"], floor["rss_mb"])
    return figs, rss


def bench_import(data: Path, sizes: list[int], repeat: int) -> list[Figure]:
    figs = []
    work = data / "import"
    work.mkdir(exist_ok=True)
    for size in sizes:
        _, jsonl = archive(data, size)
        say(f"import {label(size)}")
        ours, floor = best_pair(repeat, (("import", str(jsonl), str(work / "ours.db")), work / "ours.db"),
                                (("executemany", str(jsonl), str(work / "floor.db")), work / "floor.db"))
        ratio = ours["seconds"] / floor["seconds"]
        figs.append(Figure("import (JSONL, chain + chips checked)", label(size), rate(ours["events"], ours["seconds"]),
                           rate(floor["events"], floor["seconds"]) + " (read + orjson + one executemany)",
                           f"{ratio:.2f}x slower", "<= 2.5x at 100k and 1M", ratio <= 2.5 if size >= 100_000 else None))
    return figs


def _live_commands(n: int):
    from ledger.commands import Ante, Award, Bet, Call, End, NewHand, Round

    players = ("Ann", "Ben", "Cy", "Dora")
    cycle = [NewHand()] + [Ante(player=p, amount=1) for p in players] + [
        Round(), Bet(player="Ann", amount=2),
        *(Call(player=p) for p in players[1:]),
        Award(player="Ann"), End()]
    out = []
    while len(out) < n:
        out.extend(cycle)
    return out[:n], players


APPEND_CHUNK = 25  # commands per turn when the three sides of the live append take turns


def bench_append(data: Path, n: int) -> tuple[list[Figure], float]:
    """Ours (`Ledger.execute`), the floor (a 1-row INSERT per transaction) and the store's own
    append, taking turns by chunks of `APPEND_CHUNK` events, so a slow spell of the disk (the
    machine is shared) falls on all three alike; each side has one untimed warm-up write
    (imports, the first statements prepared). The floor and the store insert exactly the rows
    ours recorded."""
    from ledger.app import Ledger
    from ledger.store import Store

    work = data / "append"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    say(f"live append of {n} events")
    cmds, players = _live_commands(n)
    led = Ledger.open(str(work / "ours.db"))
    sid = led.new_session("freeform", [(p, 10**6) for p in players], name="live")
    led.execute(sid, Note(text="warm-up"))
    floor_store = Store.open(work / "floor.db")  # same schema, triggers and pragmas
    raw = Store.open(work / "store.db")  # the store layer alone: chained append, no rules
    insert = ("INSERT INTO events (session_id, seq, type, body, prev_hash, hash, recorded_at) "
              "VALUES (?, ?, ?, ?, ?, ?, ?)")
    c = floor_store.conn
    c.execute("BEGIN IMMEDIATE")
    c.execute(insert, ("warm-up", 1, "note", "{}", "0" * 64, "0" * 64, "2025-01-01T00:00:00.000Z"))
    c.execute("COMMIT")
    raw.append("warm-up", 1, [("note", "{}")], "2025-01-01T00:00:00.000Z")
    ours = floor = store_only = 0.0
    first = led.store.last_seq(sid)
    done, stored = first, 0
    for i in range(0, len(cmds), APPEND_CHUNK):
        t = time.perf_counter()
        for cmd in cmds[i:i + APPEND_CHUNK]:
            led.execute(sid, cmd)
        ours += time.perf_counter() - t
        rows = list(led.store.conn.execute(
            "SELECT session_id, seq, type, body, prev_hash, hash, recorded_at FROM events "
            "WHERE session_id = ? AND seq > ? ORDER BY seq", (sid, done)))
        done = rows[-1][1] if rows else done
        t = time.perf_counter()
        for row in rows:
            c.execute("BEGIN IMMEDIATE")
            c.execute(insert, row)
            c.execute("COMMIT")
        floor += time.perf_counter() - t
        t = time.perf_counter()
        for row in rows:
            stored += 1
            raw.append("live", stored, [(row[2], row[3])], row[6])
        store_only += time.perf_counter() - t
    events = led.store.last_seq(sid) - first
    led.close()
    floor_store.close()
    raw.close()
    ratio = ours / floor
    return [
        Figure("live append (Ledger.execute: + rules, chips)", f"{events}", rate(events, ours),
               rate(events, floor) + " (1-row INSERT per txn)", f"{ratio:.2f}x slower", "<= 1.5x", ratio <= 1.5),
        Figure("live append (store.append: chain, seq check)", f"{events}", rate(events, store_only),
               rate(events, floor) + " (1-row INSERT per txn)", f"{store_only / floor:.2f}x slower", "<= 1.5x",
               store_only / floor <= 1.5),
    ], events / ours


def bench_peer(data: Path, size: int, n_append: int, our_append_rate: float) -> list[Figure]:
    try:
        import eventsourcing  # noqa: F401
    except ImportError:
        return [Figure("peer (eventsourcing)", "-", "not installed", "pip install -e '.[bench]'", "-", ">= 5x", None)]
    from . import peer
    from .child import fold as our_fold

    db, _ = archive(data, size)
    work = data / "peer"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    say(f"peer: loading the {label(size)} archive into eventsourcing")
    rows = list(_rows_from_jsonl(data / f"archive-{size}-{GENERATOR}.jsonl"))
    ids, _load = peer.load(work / "peer.db", rows)
    say("peer: rebuilding every aggregate")
    hashes, peer_fold = peer.fold(work / "peer.db", ids)
    n, ours = our_fold(str(db))
    from ledger.app import Ledger
    from ledger.state import state_hash

    led = Ledger.open(str(db))
    for sid, h in hashes.items():  # the same events must give the same table
        if state_hash(led.fold_session(sid)) != h:
            raise SystemExit(f"peer and potlog disagree on {sid}")
    led.close()
    say(f"peer: appending {n_append} events one per transaction")
    bodies = [json.loads(r[3]) for r in rows[:n_append]]
    peer_append = peer.append(work / "live.db", bodies)
    fold_ratio = peer_fold / ours
    peer_rate = len(bodies) / peer_append
    return [
        Figure("peer fold (same events, same state hash)", label(size), rate(n, ours),
               rate(len(rows), peer_fold) + " (eventsourcing rebuild)", f"{fold_ratio:.2f}x faster", ">= 5x faster",
               fold_ratio >= 5),
        Figure("peer live append (1 event per txn)", str(len(bodies)), f"{our_append_rate:,.0f} ev/s",
               f"{peer_rate:,.0f} ev/s (eventsourcing save)", f"{our_append_rate / peer_rate:.2f}x faster",
               "(side by side)", None),
    ]


def potlog_command() -> list[str]:
    """The installed `potlog` script next to this interpreter, else the module: never a shim
    found on PATH (pyenv's adds 200-400 ms that the hello-world never pays)."""
    script = Path(sys.executable).with_name("potlog")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "cli.main"]


def compile_bytecode() -> None:
    """Compile potlog's sources (and the hello-world's imports) to bytecode first: a process
    with PYTHONDONTWRITEBYTECODE set would otherwise compile every changed module each run."""
    root = HERE.parent
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "ledger"), str(root / "cli"),
                    str(HERE / "hello.py")], check=True, stdout=subprocess.DEVNULL)


def _wall(cmd: list[str], env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - t


def _cli_session(work: Path, events: int) -> tuple[Path, int]:
    """A generated night of about `events` events with a hand going (so `bet` is legal), read
    once (its snapshot written), as a user's database is after a first command."""
    from ledger.app import Ledger

    db = work / f"night-{events}.db"
    write_db(db, session_rows("night", random.Random(10), events, closed=False))
    led = Ledger.open(str(db))
    led.store.set_meta("current_session", "night")
    for cmd in (NewHand(), Round()):
        led.execute("night", cmd)
    last = led.store.last_seq("night")
    led.close()
    return db, last


def bench_cli(data: Path, runs: int, big: int = 0) -> list[Figure]:
    """Whole processes, bytecode compiled, against a Typer hello-world run by the same
    interpreter: `state`, `note`, `bet` with the database given by $POTLOG_DB and by `--db`
    first, and `--help`; on a 10,000-event session and, with `big`, a `big`-event one. The
    commands take turns with the hello-world run by run, so a noisy moment hits all alike;
    each figure is a median of `runs`."""
    work = data / "cli"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    compile_bytecode()
    base, hello = potlog_command(), [sys.executable, str(HERE / "hello.py")]
    figs: list[Figure] = []
    for size in [10_000] + ([big] if big else []):
        say(f"CLI latency on a {size:,}-event session")
        db, events = _cli_session(work, size)
        env = {**os.environ, "POTLOG_DB": str(db), "COLUMNS": "100"}
        cmds = {"state": ["state"], "note": ["note", "Eli", "brought", "snacks"], "bet": ["bet", "Ann", "1"]}
        cases: dict[str, list[str]] = {}
        for name, args in cmds.items():
            cases[f"potlog {' '.join(args[:1])} ($POTLOG_DB)"] = base + args
            cases[f"potlog --db FILE {args[0]}"] = base + ["--db", str(db)] + args
        if size == 10_000:
            cases["potlog --help"] = base + ["--help"]
        for cmd in (hello, *cases.values()):  # warm the OS caches, the snapshot and the kept help
            subprocess.run(cmd, stdout=subprocess.DEVNULL, env=env, check=True)
        times: dict[str, list[float]] = {name: [] for name in cases}
        hellos: list[float] = []
        for _ in range(runs):
            for name, cmd in cases.items():
                hellos.append(_wall(hello, env))
                times[name].append(_wall(cmd, env))
        h = statistics.median(hellos)
        for name, ts in times.items():
            t = statistics.median(ts)
            figs.append(Figure(f"CLI: {name}", f"{events:,} ev" if "help" not in name else "", f"{t * 1000:.0f} ms",
                               f"{h * 1000:.0f} ms (Typer hello-world)", f"{t / h:.2f}x", "<= 1.3x", t / h <= 1.3))
    return figs


# ------------------------------------------------------------------------------- output
def table(figs: list[Figure]) -> str:
    head = ("figure", "size", "ours", "baseline (same run)", "ratio", "target", "met")
    rows = [head] + [(f.figure, f.size, f.ours, f.baseline, f.ratio, f.target,
                      "" if f.met is None else ("yes" if f.met else "NO")) for f in figs]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown(figs: list[Figure], command: str) -> str:
    out = ["| figure | size | ours | baseline (same run) | ratio | target | met |",
           "|---|---|---|---|---|---|---|"]
    for f in figs:
        met = "" if f.met is None else ("yes" if f.met else "**no**")
        out.append(f"| {f.figure.strip()} | {f.size} | {f.ours} | {f.baseline} | {f.ratio} | {f.target} | {met} |")
    machine = (f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
               f"SQLite {__import__('sqlite3').sqlite_version}")
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"Measured {when} on {machine} with `{command}`.\n\n" + "\n".join(out) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10000,100000,1000000", help="archive sizes in events (comma separated)")
    ap.add_argument("--data", default=str(Path(tempfile.gettempdir()) / "potlog-bench"),
                    help="where archives are generated and kept")
    ap.add_argument("--append", type=int, default=2000, help="events recorded in the live append figure")
    ap.add_argument("--peer-size", type=int, default=100_000, help="archive size for the eventsourcing peer")
    ap.add_argument("--cli-runs", type=int, default=15, help="runs per command for the CLI medians")
    ap.add_argument("--cli-big", type=int, default=0,
                    help="also measure the CLI on a session of this many events (e.g. 1000000)")
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs for fold and import")
    ap.add_argument("--skip", default="", help="figures to skip: fold,import,append,peer,cli,play,phh,mat,void,run,stores")
    ap.add_argument("--void-size", type=int, default=0, help="events of the session for void vs note (default: the largest size)")
    ap.add_argument("--run-lines", type=int, default=100_000, help="lines of the script for 'potlog run'")
    ap.add_argument("--per-table", type=int, default=250, help="events each of the 8 tables records in the stores figure")
    ap.add_argument("--season-size", type=int, default=100_000, help="events of the season audited on both stores")
    ap.add_argument("--phh", type=int, default=2000, help="real PHH hands for the PHH figure (10088: all; 0: skip)")
    ap.add_argument("--play-events", type=int, default=100_000, help="events of each session in the play figure")
    ap.add_argument("--play-lines", type=int, default=40, help="script lines typed per game in the play figure")
    ap.add_argument("--play-games", default="holdem-night,freeform-night,dice-night-pig",
                    help="sample scripts of the play figure, comma-separated, or 'all' (every sample script)")
    ap.add_argument("--mat-files", type=int, default=0, help="MAT files imported in the mat figure (0: all 380)")
    ap.add_argument("--out", help="also write the results as a Markdown table to this file")
    args = ap.parse_args(argv)
    sizes = sorted(int(s) for s in args.sizes.split(",") if s)
    skip = set(args.skip.split(","))
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    figs: list[Figure] = []
    rate_append = 0.0
    compile_bytecode()  # every figure's child imports compiled modules (PYTHONDONTWRITEBYTECODE would compile them in its timer)
    if "fold" not in skip:
        f, rss = bench_fold(data, sizes, args.repeat)
        figs += f
        big = max(sizes)
        ours_mb, floor_mb = rss[big]
        figs.append(Figure("memory: peak RSS folding the archive", label(big), f"{ours_mb:.0f} MB",
                           f"{floor_mb:.0f} MB (SELECT + json.loads process)", f"{ours_mb / floor_mb:.2f}x",
                           "< 200 MB", ours_mb < 200))
    if "import" not in skip:
        figs += bench_import(data, sizes, args.repeat)
    if "append" not in skip:
        f, rate_append = bench_append(data, args.append)
        figs += f
    if "peer" not in skip:
        if not rate_append:
            rate_append = bench_append(data, args.append)[1]
        figs += bench_peer(data, args.peer_size, min(args.append, 1000), rate_append)
    if "cli" not in skip:
        figs += bench_cli(data, args.cli_runs, args.cli_big)
    if "play" not in skip:
        from . import play  # benchmarks/play.py: `potlog play` through a pseudo-terminal

        figs += play.bench(data, args.play_events, args.play_lines, play.chosen(args.play_games))
    if "phh" not in skip and args.phh:
        from . import phh  # benchmarks/phh.py: PHH import + fold against PokerKit's load + replay

        figs += phh.bench_phh(args.phh)
    if "mat" not in skip:
        from . import mat  # benchmarks/mat.py: importing GNU Backgammon's MAT files

        figs += mat.bench(args.mat_files or None)
    if "void" not in skip or "run" not in skip:
        from . import corrections  # benchmarks/corrections.py: void vs note, potlog run FILE

        if "void" not in skip:
            figs += corrections.bench_void(data, args.void_size or max(sizes), args.cli_runs)
        if "run" not in skip:
            figs += corrections.bench_run(data, args.run_lines)
    if "stores" not in skip:
        from . import stores  # benchmarks/stores.py: SQLite and PostgreSQL side by side

        figs += stores.bench_stores(data, args.per_table, args.season_size, min(args.repeat, 2))
    print(table(figs))
    if args.out:
        command = "python -m benchmarks " + " ".join(argv if argv is not None else sys.argv[1:])
        Path(args.out).write_text("# Benchmark results\n\n" + markdown(figs, command.strip()), encoding="utf-8")
        say(f"wrote {args.out}")
    return 0
