"""SQLite and PostgreSQL side by side, in one run (issue 16, item 6).

    python -m benchmarks.stores                        # 8 tables x 250 events, a 100k season
    python -m benchmarks.stores --season-size 1000000 --per-table 1000

Two figures, each on both stores:

- 8 tables at once: 8 processes, each its own session and its own connection, record
  `--per-table` events each through `Ledger.execute` (notes, and hands of antes, bets, calls
  and an award), all started together; events per second over the wall time of all 8.
  SQLite: one file (WAL, synchronous=FULL). PostgreSQL: a throwaway server started here
  through `tests/pg.py`, with fsync turned back on (the test helper starts it with fsync
  off), so both commit durably.
- season audit: `ledger.audit.audit_session` over every session of the generated archive of
  `--season-size` events, as `potlog audit --all` does. SQLite reads the cached archive
  database (`benchmarks/run.py: archive`); PostgreSQL gets the same archive's JSONL through
  `Ledger.import_lines` first (the import time is shown, not counted).

If the server cannot start, the SQLite figures are printed and the PostgreSQL ones say
"PostgreSQL: not available (reason)".
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from .run import Figure, archive, label, rate, say, table
from ledger.commands import Note

TABLES = 8


# ------------------------------------------------------------------------- the server
def start_server():
    """A throwaway PostgreSQL server (tests/pg.py), or the reason there is none."""
    root = Path(__file__).resolve().parent.parent
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        from tests import pg
    except BaseException as exc:  # e.g. pytest missing
        return None, f"cannot import tests/pg.py: {exc}"
    try:
        server = pg.server()
    except BaseException as exc:  # pytest.skip raises a BaseException with the reason
        return None, str(exc).replace("no PostgreSQL server for the tests: ", "") or type(exc).__name__
    try:  # durable commits, like the SQLite side (sighup settings: a reload is enough)
        with server.admin() as c:
            c.execute("ALTER SYSTEM SET fsync = on")
            c.execute("ALTER SYSTEM SET full_page_writes = on")
            c.execute("SELECT pg_reload_conf()")
    except Exception as exc:
        return None, f"server started but could not be configured: {exc}"
    return server, None


# ------------------------------------------------------------------ 8 tables at once
def _commands(n: int):
    from ledger.commands import Ante, Award, Bet, Call, End, NewHand, Note, Round

    players = ("Ann", "Ben", "Cy", "Dora")
    cycle = [Note(text="new hand"), NewHand()] + [
        Ante(player=p, amount=1) for p in players] + [
        Round(), Bet(player="Ann", amount=2),
        *(Call(player=p) for p in players[1:]),
        Note(text="showdown"), Award(player="Ann"), End()]
    out: list = []
    while len(out) < n:
        out.extend(cycle)
    return out[:n], players


def _recorder(db: str, sid: str, n: int, key_file: str, ready, go, out) -> None:
    os.environ["POTLOG_KEY_FILE"] = key_file
    from ledger.app import Ledger

    try:
        cmds, _ = _commands(n)
        led = Ledger.open(db)
        try:  # one warm-up note (imports, the state in memory), not timed
            led.execute(sid, Note(text="warm-up"))
            ready.put(sid)
            go.wait()
            t = time.perf_counter()
            for cmd in cmds:
                led.execute(sid, cmd)
            out.put((sid, "ok", t, time.perf_counter()))
        finally:
            led.close()
    except BaseException as exc:  # reported by the parent
        ready.put(sid)
        out.put((sid, repr(exc), 0.0, 0.0))


def many_tables(db: str, per_table: int, key_file: str) -> tuple[int, float]:
    """Events recorded and wall seconds, TABLES processes at once on `db`."""
    from ledger.app import Ledger

    led = Ledger.open(db)
    _, players = _commands(1)
    sids = [led.new_session("freeform", [(p, 10**6) for p in players], name=f"table{i + 1}")
            for i in range(TABLES)]
    base = {sid: led.store.last_seq(sid) for sid in sids}
    led.close()  # no connection of ours is inherited by the forked recorders
    ctx = mp.get_context("fork")
    ready, go, out = ctx.Queue(), ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_recorder, args=(db, sid, per_table, key_file, ready, go, out)) for sid in sids]
    for p in procs:
        p.start()
    for _ in procs:  # every recorder has its connection open and one warm-up note recorded
        ready.get(timeout=300)
    t0 = time.perf_counter()
    go.set()
    results = [out.get(timeout=600) for _ in procs]
    wall = time.perf_counter() - t0
    for p in procs:
        p.join(30)
    bad = [(sid, r) for sid, r, _, _ in results if r != "ok"]
    if bad:
        raise RuntimeError(f"recorders failed: {bad}")
    led = Ledger.open(db)
    events = sum(led.store.last_seq(sid) - base[sid] - 1 for sid in sids)  # less the warm-up notes
    led.close()
    if events != TABLES * per_table:  # none lost, none duplicated
        raise RuntimeError(f"{events} events recorded, expected {TABLES * per_table}")
    return events, wall


# ----------------------------------------------------------------------- season audit
def season_audit(db: str, repeat: int = 2) -> tuple[int, int, float, bool]:
    """Sessions, events, seconds (best of `repeat`) and whether all reconcile: the work of
    `potlog audit --all` (every session listed, read, audited; the season table)."""
    from ledger.app import Ledger
    from ledger.audit import audit_session, season

    best = float("inf")
    for _ in range(max(1, repeat)):
        led = Ledger.open(db)
        try:
            t = time.perf_counter()
            sids = [s.session for s in led.store.sessions()]
            audits = [audit_session(led.store, sid) for sid in sids]
            season(audits)
            best = min(best, time.perf_counter() - t)
            events = sum(led.store.last_seq(sid) for sid in sids)
        finally:
            led.close()
    return len(sids), events, best, all(a.ok for a in audits)


def import_into(db: str, jsonl: Path) -> tuple[int, float]:
    from ledger.app import Ledger

    led = Ledger.open(db)
    try:
        t = time.perf_counter()
        with open(jsonl, encoding="utf-8") as fh:
            res = led.import_lines(fh)
        return sum(res.added.values()), time.perf_counter() - t
    finally:
        led.close()


# ------------------------------------------------------------------------------ figure
def bench_stores(data: Path, per_table: int = 250, season_size: int = 100_000, repeat: int = 2) -> list[Figure]:
    work = data / "stores"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    key = str(work / "seal.key")
    os.environ.setdefault("POTLOG_KEY_FILE", key)
    sqlite_archive, jsonl = archive(data, season_size)  # generated once, cached in --data

    say("stores: starting a PostgreSQL server")
    server, why = start_server()
    na = f"PostgreSQL: not available ({why})"

    say(f"stores: {TABLES} tables x {per_table} events on SQLite")
    s_events, s_wall = many_tables(str(work / "tables.db"), per_table, key)
    if server:
        say(f"stores: {TABLES} tables x {per_table} events on PostgreSQL")
        p_events, p_wall = many_tables(server.new_schema("tables"), per_table, key)
        pg_tables = rate(p_events, p_wall) + " (PostgreSQL 15, fsync on)"
        ratio_tables = f"PG rate {s_wall / p_wall:.2f}x SQLite's"
    else:
        pg_tables, ratio_tables = na, "-"
    figs = [Figure(f"{TABLES} tables at once (Ledger.execute, {TABLES} processes)", f"{TABLES} x {per_table}",
                   rate(s_events, s_wall) + " (SQLite, one file)", pg_tables, ratio_tables, "(side by side)", None)]

    say(f"stores: season audit of the {label(season_size)} archive on SQLite")
    # the cached archive must stay pristine (other figures reuse it): audit a copy
    s_db = work / "season.db"
    shutil.copyfile(sqlite_archive, s_db)
    s_sessions, s_n, s_sec, s_ok = season_audit(str(s_db), repeat)
    if server:
        url = server.new_schema("season")
        say(f"stores: importing the {label(season_size)} archive into PostgreSQL")
        imported, imp_sec = import_into(url, jsonl)
        say(f"stores: imported {imported} events in {imp_sec:.1f} s ({imported / imp_sec:,.0f} ev/s); auditing")
        p_sessions, p_n, p_sec, p_ok = season_audit(url, repeat)
        if (p_sessions, p_n) != (s_sessions, s_n):
            raise RuntimeError(f"the stores differ: SQLite {s_sessions} sessions/{s_n} events, "
                               f"PostgreSQL {p_sessions}/{p_n}")
        pg_season = rate(p_n, p_sec) + f" = {p_sec:.1f} s (PostgreSQL; import {imported / imp_sec:,.0f} ev/s)"
        ratio_season = f"PG rate {s_sec / p_sec:.2f}x SQLite's"
        p_ok_txt = "" if p_ok else ", PG: NOT all reconcile"
    else:
        pg_season, ratio_season, p_ok_txt = na, "-", ""
    figs.append(Figure(f"season audit (audit --all, {s_sessions} sessions)", label(season_size),
                       rate(s_n, s_sec) + f" = {s_sec:.1f} s (SQLite)", pg_season,
                       ratio_season + ("" if s_ok else ", SQLite: NOT all reconcile") + p_ok_txt,
                       "(side by side)", None))
    if server:
        server.stop()
    return figs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.stores", description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(Path(tempfile.gettempdir()) / "potlog-bench"),
                    help="where archives are generated and kept")
    ap.add_argument("--per-table", type=int, default=250, help="events recorded by each of the 8 tables")
    ap.add_argument("--season-size", type=int, default=100_000, help="events in the audited season archive")
    ap.add_argument("--repeat", type=int, default=2, help="best of this many season audits per store")
    args = ap.parse_args(argv)
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    print(table(bench_stores(data, args.per_table, args.season_size, args.repeat)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
