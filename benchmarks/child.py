"""One measurement in a fresh process, so its time and peak memory are its own.

    python -m benchmarks.child fold DB        # ours: read and fold every session (validated)
    python -m benchmarks.child floor DB       # the floor: SELECT the same rows + json.loads
    python -m benchmarks.child import JSONL DB        # ours: `Ledger.import_lines`
    python -m benchmarks.child executemany JSONL DB   # the floor: read + orjson + one executemany

Prints one JSON object: events, seconds, rss_mb (peak resident set of this process).
"""

from __future__ import annotations

import json
import resource
import sys
import time


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fold(db: str) -> tuple[int, float]:
    from ledger.app import Ledger

    led = Ledger.open(db)
    sids = [r[0] for r in led.store.conn.execute("SELECT DISTINCT session_id FROM events ORDER BY session_id")]
    n = 0
    t = time.perf_counter()
    for sid in sids:
        n += led.fold_session(sid).seq
    took = time.perf_counter() - t
    led.close()
    return n, took


def floor(db: str) -> tuple[int, float]:
    import sqlite3

    conn = sqlite3.connect(db)
    n = 0
    t = time.perf_counter()
    for (body,) in conn.execute("SELECT body FROM events ORDER BY session_id, seq"):
        json.loads(body)
        n += 1
    return n, time.perf_counter() - t


def import_(jsonl: str, db: str) -> tuple[int, float]:
    import os

    # as `potlog import` runs (`cli.main`): pydantic looks for no plugins (else its first validator, built inside
    # the timed import, imports importlib.metadata and reads every installed distribution's entry points: 17-27 ms)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from ledger.app import Ledger

    led = Ledger.open(db)
    t = time.perf_counter()
    with open(jsonl, encoding="utf-8") as fh:  # streamed, as `potlog import` reads a file
        result = led.import_lines(fh)
    took = time.perf_counter() - t
    led.close()
    return sum(result.added.values()), took


def executemany(jsonl: str, db: str) -> tuple[int, float]:
    """The floor of an import: read the same file, parse each line with the fastest JSON
    parser potlog uses (orjson, else the json module), write its event as the canonical body
    (a sorted dump: what a row stores), and insert every row with one executemany in one
    transaction. Timed from opening the file to the commit, as ours is. No check at all."""
    from ledger.store import Store

    try:
        import orjson

        loads = orjson.loads

        def body_of(event: dict) -> str:
            return orjson.dumps(event, option=orjson.OPT_SORT_KEYS).decode()
    except ImportError:  # pragma: no cover - orjson is a dependency
        loads = json.loads

        def body_of(event: dict) -> str:
            return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    store = Store.open(db)  # same schema, triggers and pragmas as ours
    c = store.conn
    t = time.perf_counter()
    rows = []
    with open(jsonl, "rb") as fh:
        for line in fh:
            o = loads(line)
            event = o["event"]
            rows.append((o["session"], o["seq"], event["type"], body_of(event), o["prev_hash"], o["hash"],
                         o["recorded_at"]))
    c.execute("BEGIN IMMEDIATE")
    c.executemany("INSERT INTO events (session_id, seq, type, body, prev_hash, hash, recorded_at) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    c.execute("COMMIT")
    took = time.perf_counter() - t
    store.close()
    return len(rows), took


def main(argv: list[str]) -> None:
    kind, *args = argv
    fn = {"fold": fold, "floor": floor, "import": import_, "executemany": executemany}[kind]
    n, took = fn(*args)
    print(json.dumps({"events": n, "seconds": took, "rss_mb": _rss_mb()}))


if __name__ == "__main__":
    main(sys.argv[1:])
