"""The differential harness (issue 24, deliverable 9): proof that a refactor changes nothing.

    python -m benchmarks.differential record OUT.json [--phh N|all] [--seeds K] [--steps S]
    python -m benchmarks.differential compare tests/golden/differential.json [--phh N|all] [--seeds K] [--base REV]
    python -m benchmarks.differential dump GROUP      # the rows of a group's items, as JSON

A corpus of items, each a list of rows (session, seq, type, canonical event body, the state
hash after that event), made by the code as it is, with no clock in them:

- ``sample/NAME.potlog``: the script run by ``potlog run`` (in process, the CLI itself) into a
  fresh database; ``sample/NAME.jsonl``: the file imported by ``potlog import``. The rows are
  read back from the database. The time of recording is not compared (it is the wall clock;
  it decides nothing: each command gets a time of its own, so undo's acts are the same);
- ``phh/DIR/FILE.phh``: each hand of ``../shared/phh`` played in memory into its stored rows
  (`ledger.phh.hand_rows`, what ``potlog import`` of a .phh file stores), plus the state hash
  of the table the replay ended with (a row of type ``replay``);
- ``fuzz/GAME/SEED``: the session `tests.fuzz_games.Fuzz` records for every game, seeds
  0..K-1, S steps (60 by default), its checks included (a run stops at a failure, as it does).

An item whose making fails (a sample's command refused, an exception in the code) is one row
``failed`` with the error: compare names it, as any other difference.

The state hash of each row is `ledger.state.state_hash` of the session's final log folded
(`ledger.reducer.fold`, voids applied) up to that event; a voided event has ``voided``. An
item's digest is SHA-256 over its rows; a group's over its items' digests (a group is an item,
except for PHH: one group per directory of hands); the total over the groups. The golden file
keeps a digest and a row count per group, and the total.

``compare`` recomputes the golden's corpus (or the part asked for: only the groups made are
compared), names every group that differs, and for the first one runs ``dump`` of it on the
code the golden was recorded with (``--base``, by default the last commit that changed the
golden file, unpacked with ``git archive`` into a temporary folder) to name the items that
differ and the first event that differs, with both rows. Exit 1 on any difference.

The functions in "the code under test" are the only ones calling potlog's internals: a
refactor that renames them adapts those lines, nothing else.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_sessions"
GOLDEN = ROOT / "tests" / "golden" / "differential.json"
NOW = "2026-01-01T00:00:00Z"  # the recorded_at of PHH rows (not compared)
STEPS = 60
FORMAT = 1

Row = tuple[int, int, str, str, str]
"""(session index in the item, seq, event type, canonical body, state hash after it)."""


# ----------------------------------------------------------------------------- the code under test

def fold_hashes(records: Sequence[tuple[int, str, str]]) -> list[str]:
    """The state hash after each (seq, type, body) of one session, its voids applied."""
    from ledger.events import parse_typed
    from ledger.reducer import fold
    from ledger.state import state_hash

    events = [(seq, parse_typed(etype, body)) for seq, etype, body in records]
    after: dict[int, str] = {}
    fold(events, observer=lambda seq, _e, _p, st: after.__setitem__(seq, state_hash(st)))
    return [after.get(seq, "voided") for seq, _, _ in records]


def phh_rows(text: str) -> tuple[list[tuple[int, str, str]], str]:
    """One PHH hand played in memory as `potlog import` stores it: (seq, type, body) of each
    event, and the state hash of the table the replay ends with; a hand potlog refuses, no
    events and ``refused: WHY``."""
    from ledger.errors import PotlogError
    from ledger.phh import hand_rows
    from ledger.state import state_hash

    try:
        rows, state = hand_rows(text, "phh-differential", NOW)
    except PotlogError as exc:
        return [], f"refused: {exc}"
    return [(seq, etype, body) for _, seq, etype, body, *_ in rows], state_hash(state)


def potlog_cli(db: Path, *args: str) -> None:
    """``potlog ARGS`` in process on database `db` (the CLI as a user runs it)."""
    from click.testing import CliRunner

    import cli.main  # noqa: F401  (registers every command)
    from cli.common import root_command

    result = CliRunner().invoke(root_command(), list(args), env={"POTLOG_DB": str(db), "COLUMNS": "120"})
    if result.exit_code != 0:
        raise RuntimeError(f"potlog {' '.join(args)} exited {result.exit_code}: {result.output.strip()[-500:]}")


def fuzz_run(game: str, seed: int, steps: int, db: Path) -> None:
    """The fuzzer's session of `game`, seed `seed`, into database `db`."""
    if str(ROOT) not in sys.path:  # (tests/ is a folder of the repository, not a package installed)
        sys.path.insert(0, str(ROOT))
    from tests.fuzz_games import Fuzz

    Fuzz(game, seed, db).run(steps)


def game_names() -> list[str]:
    from ledger.games import all_rulesets

    return sorted(r.name for r in all_rulesets())


TARBALL = "pokerkit-data-14f7714.tar.gz"


def phh_tarball() -> Path | None:
    """The PHH tarball: ``shared/phh/`` next to the repository, or next to a folder above it
    (a worktree under ``wt/``)."""
    return next((p / "shared" / "phh" / TARBALL for p in ROOT.parents if (p / "shared" / "phh" / TARBALL).is_file()),
                None)


def phh_data() -> Path:
    """The unpacked ``data/`` folder of the PHH tarball, in ``$POTLOG_PHH_CACHE`` (default
    ``~/.cache/potlog-phh``, as benchmarks/phh.py and tests/test_phh_interop.py), unpacked on
    first use."""
    cache = phh_cache()
    if not (cache / "data").is_dir():
        tarball = phh_tarball()
        if tarball is None:
            raise RuntimeError(f"no PHH data: no {cache / 'data'} and no shared/phh/{TARBALL} above {ROOT}")
        unpack(tarball, cache)
    return cache / "data"


def unpack(tarball: Path, into: Path, keep: Callable[[str], bool] = lambda _name: True) -> None:
    """The members of `tarball` that `keep` takes, unpacked into `into` (plain files and folders only)."""
    import tarfile

    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        members = [m for m in tar if keep(m.name)]
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later: only plain files and folders
            tar.extractall(into, members=members, filter="data")
        else:  # pragma: no cover - the repository's own tarball
            tar.extractall(into, members=members)


# ----------------------------------------------------------------------------- the corpus

@dataclass(frozen=True)
class Item:
    name: str  # sample/holdem-night.potlog, phh/pluribus/30/0.phh, fuzz/holdem/0
    group: str  # the golden's key: the item itself, or a PHH hand's directory
    make: Callable[[Path], list[Row]]  # the rows, given a scratch folder of its own


def db_rows(db: Path) -> list[Row]:
    """Every event of a database, session by session in the order they were opened, with the
    state hashes; sessions by their index (a script's unnamed session is named by the clock)."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        found = conn.execute("SELECT session_id, seq, type, body FROM events ORDER BY rowid").fetchall()
    order: dict[str, int] = {}
    by: dict[str, list[tuple[int, str, str]]] = {}
    for sid, seq, etype, body in found:
        order.setdefault(sid, len(order))
        by.setdefault(sid, []).append((seq, etype, body))
    out: list[Row] = []
    for sid, i in order.items():
        records = sorted(by[sid])
        out += [(i, seq, etype, body, h) for (seq, etype, body), h in zip(records, fold_hashes(records))]
    return out


def _sample(path: Path) -> Callable[[Path], list[Row]]:
    def make(where: Path) -> list[Row]:
        db = where / "s.db"
        if path.suffix == ".potlog":
            potlog_cli(db, "run", "-q", str(path))
        else:
            potlog_cli(db, "import", str(path))
        return db_rows(db)
    return make


def _hand(path: Path) -> Callable[[Path], list[Row]]:
    def make(where: Path) -> list[Row]:
        records, final = phh_rows(path.read_text(encoding="utf-8"))
        rows: list[Row] = [(0, seq, etype, body, h) for (seq, etype, body), h in zip(records, fold_hashes(records))]
        return rows + [(0, 0, "replay", "", final)]  # (the table the replay ended with, or why it refused)
    return make


def _fuzz(game: str, seed: int, steps: int) -> Callable[[Path], list[Row]]:
    def make(where: Path) -> list[Row]:
        db = where / f"{game}-{seed}.db"
        fuzz_run(game, seed, steps, db)
        return db_rows(db)
    return make


def phh_dirs(hands: int | None) -> list[tuple[str, list[Path]]]:
    """The PHH hands by directory, in path order: every directory (`hands` None), or whole
    directories from the first until at least `hands` hands (so each stays comparable)."""
    data = phh_data()
    by: dict[str, list[Path]] = {}
    for p in sorted(data.rglob("*.phh")):
        by.setdefault(p.parent.relative_to(data).as_posix(), []).append(p)
    out, n = [], 0
    for d in sorted(by):
        if hands is not None and n >= hands:
            break
        out.append((d, by[d]))
        n += len(by[d])
    return out


def corpus(*, samples: bool = True, phh: int | None = None, seeds: int = 3, steps: int = STEPS,
           games: Sequence[str] | None = None, phh_only: Sequence[str] | None = None) -> list[Item]:
    """The items: the samples, the PHH hands (`phh` None: all; 0: none; N: the first
    directories holding N; `phh_only`: these directories), the fuzz runs of `games` (default
    every game) for seeds 0..`seeds`-1."""
    items: list[Item] = []
    if samples:
        for p in sorted(SAMPLES.glob("*.potlog")) + sorted(SAMPLES.glob("*.jsonl")):
            items.append(Item(f"sample/{p.name}", f"sample/{p.name}", _sample(p)))
    if phh != 0 or phh_only:
        data = phh_data()
        for d, files in phh_dirs(None if phh_only else phh):
            if phh_only and d not in phh_only:
                continue
            for f in files:
                items.append(Item(f"phh/{f.relative_to(data).as_posix()}", f"phh/{d}", _hand(f)))
    for game in (game_names() if games is None else games):
        for seed in range(seeds):
            items.append(Item(f"fuzz/{game}/{seed}", f"fuzz/{game}/{seed}", _fuzz(game, seed, steps)))
    return items


# ----------------------------------------------------------------------------- digests

def digest_rows(rows: Sequence[Row]) -> str:
    h = hashlib.sha256()
    for row in rows:
        h.update(json.dumps(row, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
    return h.hexdigest()


def digest_named(pairs: Sequence[tuple[str, str]]) -> str:
    return hashlib.sha256("".join(f"{k}\t{v}\n" for k, v in sorted(pairs)).encode("utf-8")).hexdigest()


@contextlib.contextmanager
def sandbox() -> Iterator[Path]:
    """A scratch folder that is also HOME, the XDG folders and the seal key's place while the
    corpus runs (the fuzzer and the CLI write snapshots with a key; never the user's)."""
    keys = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
            "POTLOG_KEY_FILE", "POTLOG_HISTORY", "POTLOG_DB", "POTLOG_PHH_CACHE")
    saved = {k: os.environ.get(k) for k in keys}
    with tempfile.TemporaryDirectory(prefix="potlog-differential-") as where:
        home = Path(where)
        os.environ["POTLOG_PHH_CACHE"] = str(phh_cache())  # (the user's cache stays where it is)
        os.environ["HOME"] = str(home)
        for k in keys[1:5]:
            os.environ[k] = str(home / k.lower())
        os.environ["POTLOG_KEY_FILE"] = str(home / "seal.key")
        os.environ["POTLOG_HISTORY"] = str(home / "history")
        os.environ.pop("POTLOG_DB", None)
        try:
            yield home
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def phh_cache() -> Path:
    return Path(os.environ.get("POTLOG_PHH_CACHE", "~/.cache/potlog-phh")).expanduser().resolve()


@dataclass
class Result:
    items: dict[str, tuple[str, int]] = field(default_factory=dict)  # item -> (digest, rows)
    groups: dict[str, tuple[str, int]] = field(default_factory=dict)  # group -> (digest, rows)
    seconds: dict[str, float] = field(default_factory=dict)  # part (sample, phh, fuzz) -> wall time
    cpu: dict[str, float] = field(default_factory=dict)  # part -> CPU time of this process
    rows: dict[str, list[Row]] = field(default_factory=dict)  # item -> rows, when kept


def compute(items: Sequence[Item], *, progress: bool = False, keep: bool = False) -> Result:
    """Every item made and digested (its rows kept with `keep`)."""
    out = Result()
    members: dict[str, list[tuple[str, str]]] = {}
    counts: dict[str, int] = {}
    with sandbox() as home, _bar(progress, len(items)) as advance:
        for n, item in enumerate(items):
            part = item.name.split("/", 1)[0]
            t, c = time.perf_counter(), time.process_time()
            scratch = home / f"item{n}"
            scratch.mkdir()
            try:
                rows = item.make(scratch)
            except Exception as exc:  # noqa: BLE001 - the code under test failing is a difference to name, not the end
                rows = [(-1, 0, "failed", f"{type(exc).__name__}: {exc}", "")]
            d = digest_rows(rows)
            out.seconds[part] = out.seconds.get(part, 0.0) + time.perf_counter() - t
            out.cpu[part] = out.cpu.get(part, 0.0) + time.process_time() - c
            out.items[item.name] = (d, len(rows))
            if keep:
                out.rows[item.name] = rows
            members.setdefault(item.group, []).append((item.name, d))
            counts[item.group] = counts.get(item.group, 0) + len(rows)
            advance(item.name)
    for g, pairs in members.items():
        out.groups[g] = (digest_named(pairs), counts[g])
    return out


@contextlib.contextmanager
def _bar(show: bool, total: int) -> Iterator[Callable[[str], None]]:
    if not show:
        yield lambda _name: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description:<40}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True, console=_console()) as bar:
        task = bar.add_task("", total=total)
        yield lambda name: bar.update(task, advance=1, description=name[:40])


def _console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def golden_of(result: Result, scope: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "what": "benchmarks/differential.py: SHA-256 per group of (session, seq, type, body, state hash) rows",
        "scope": scope,
        "rows": sum(n for _, n in result.groups.values()),
        "items": len(result.items),
        "total": digest_named([(g, d) for g, (d, _) in result.groups.items()]),
        "groups": {g: [d, n] for g, (d, n) in sorted(result.groups.items())},
    }


def golden_text(golden: dict[str, Any]) -> str:
    """The golden file as text: one group a line (small, and a change reads as a diff)."""
    head = {k: v for k, v in golden.items() if k != "groups"}
    lines = [f"{json.dumps(g)}: {json.dumps(v)}" for g, v in golden["groups"].items()]
    return json.dumps(head, sort_keys=True)[:-1] + ', "groups": {\n' + ",\n".join(lines) + "\n}}\n"


# ----------------------------------------------------------------------------- compare

@dataclass
class Difference:
    groups: list[str]  # the groups that differ (digest or count)
    missing: list[str]  # in the golden, not made now (said only when the whole corpus was made)
    compared: int
    total_compared: bool


def differences(golden: dict[str, Any], result: Result) -> Difference:
    want = golden["groups"]
    bad = [g for g, (d, n) in sorted(result.groups.items()) if g in want and want[g] != [d, n]]
    new = [g for g in sorted(result.groups) if g not in want]
    whole = set(result.groups) >= set(want)
    gone = [g for g in sorted(want) if g not in result.groups] if whole else []
    return Difference(bad + new, gone, sum(1 for g in result.groups if g in want), whole)


def base_commit(path: Path) -> str | None:
    """The last commit that changed the golden file (the code it was recorded with)."""
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%H", "--", str(path)],
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def base_rows(rev: str, group: str, scope: dict[str, Any]) -> dict[str, list[Row]]:
    """`group`'s rows made by the code at `rev` (``git archive`` into a temporary folder, then
    ``dump`` run there in a process of its own)."""
    with tempfile.TemporaryDirectory(prefix="potlog-differential-base-") as where:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, timeout=300)
        if archive.returncode != 0:
            raise RuntimeError(f"git archive {rev}: {archive.stderr.decode(errors='replace').strip()}")
        subprocess.run(["tar", "-x", "-C", where], input=archive.stdout, check=True, timeout=300)
        env = dict(os.environ, PYTHONPATH=where, POTLOG_PHH_CACHE=str(phh_cache()))
        done = subprocess.run([sys.executable, "-m", "benchmarks.differential", "dump", group,
                               "--steps", str(scope.get("steps", STEPS))],
                              cwd=where, env=env, capture_output=True, text=True, timeout=3600)
        if done.returncode != 0:
            raise RuntimeError(f"dump at {rev[:12]} failed: {done.stderr.strip()[-500:]}")
        got: dict[str, list[list[Any]]] = json.loads(done.stdout)
        return {k: [_row(r) for r in v] for k, v in got.items()}


def _row(r: Sequence[Any]) -> Row:
    return int(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4])


def first_difference(then: Sequence[Row], now: Sequence[Row]) -> tuple[int, Row | None, Row | None]:
    for i, (a, b) in enumerate(zip(then, now)):
        if _row(a) != _row(b):
            return i, _row(a), _row(b)
    i = min(len(then), len(now))
    return i, (_row(then[i]) if i < len(then) else None), (_row(now[i]) if i < len(now) else None)


def explain(group: str, then: dict[str, list[Row]], now: dict[str, list[Row]], say: Callable[[str], None]) -> None:
    """The items of `group` that differ, and the first event that differs in the first of them."""
    names = sorted(set(then) | set(now))
    bad = [k for k in names if [_row(r) for r in then.get(k, [])] != [_row(r) for r in now.get(k, [])]]
    if not bad:
        say(f"  {group}: the rows at the base are the same as now (the golden file is not what the base makes)")
        return
    say(f"  {group}: {len(bad)} item(s) differ: {', '.join(bad[:20])}{' ...' if len(bad) > 20 else ''}")
    first = bad[0]
    i, a, b = first_difference(then.get(first, []), now.get(first, []))
    say(f"  first difference in {first}, row {i}:")
    say(f"    before: {_shown(a)}")
    say(f"    now:    {_shown(b)}")


def _shown(row: Row | None) -> str:
    if row is None:
        return "(no such row)"
    s, seq, etype, body, h = row
    return f"session {s} seq {seq} {etype} {body} state {h[:16]}"


def compare(golden: dict[str, Any], result: Result, items: Sequence[Item], *, say: Callable[[str], None],
            base: Callable[[str], dict[str, list[Row]]] | None = None) -> bool:
    """Report every group of `result` that differs from `golden`; True when none does.
    `base(group)` gives the group's rows as the golden's code makes them, to explain the first."""
    diff = differences(golden, result)
    for g in diff.groups:
        d, n = result.groups[g]
        if g in golden["groups"]:
            was, wn = golden["groups"][g]
            say(f"DIFFERS {g}: {n} rows, digest {d[:16]} (golden: {wn} rows, {was[:16]})")
        else:
            say(f"NEW {g}: {n} rows, not in the golden file")
    for g in diff.missing:
        say(f"MISSING {g}: in the golden file, not made now")
    if diff.groups and base is not None:
        first = diff.groups[0]
        try:
            then = base(first)
        except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as exc:  # (git, the process, its JSON)
            say(f"  (no rows from the golden's code to compare {first} with: {exc})")
        else:
            mine = [it for it in items if it.group == first]
            now = {it.name: result.rows[it.name] for it in mine} if all(it.name in result.rows for it in mine) else \
                compute(mine, keep=True).rows
            explain(first, then, now, say)
    ok = not diff.groups and not diff.missing
    total = digest_named([(g, d) for g, (d, _) in result.groups.items()])
    if diff.total_compared:
        ok = ok and total == golden["total"]
    rows = sum(n for _, n in result.groups.values())
    say(f"{'same' if ok else 'DIFFERENT'}: {diff.compared} of {len(golden['groups'])} groups compared"
        f" ({len(result.items)} items, {rows} rows){', total ' + ('equal' if total == golden['total'] else 'DIFFERS') if diff.total_compared else ''}")
    return ok


# ----------------------------------------------------------------------------- the command

def _phh_arg(text: str) -> int | None:
    if text == "all":
        return None
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--phh takes a number of hands or 'all', not {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError("--phh takes a number of hands from 0, or 'all'")
    return n


def _items_of_group(group: str, steps: int) -> list[Item]:
    part, _, rest = group.partition("/")
    if part == "sample":
        return [it for it in corpus(phh=0, seeds=0) if it.group == group]
    if part == "phh":
        return corpus(samples=False, phh_only=[rest], seeds=0)
    if part == "fuzz":
        game, _, seed = rest.rpartition("/")
        return [Item(group, group, _fuzz(game, int(seed), steps))]
    raise SystemExit(f"no group {group!r}: groups are sample/FILE, phh/DIR, fuzz/GAME/SEED")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.differential", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="write the digests of the corpus to OUT.json")
    rec.add_argument("out", type=Path)
    rec.add_argument("--force", action="store_true", help="overwrite OUT.json if it exists")
    cmp_ = sub.add_parser("compare", help="recompute and compare with GOLDEN.json; exit 1 on any difference")
    cmp_.add_argument("golden", type=Path)
    cmp_.add_argument("--base", help="the commit whose code made the golden (default: the last that changed it)")
    for p in (rec, cmp_):
        p.add_argument("--phh", type=_phh_arg, default=None, metavar="N|all",
                       help="PHH hands: all (default), or whole directories in path order until N hands are in")
        p.add_argument("--seeds", type=int, default=None, help="fuzz seeds 0..K-1 (default 3, or the golden's)")
        p.add_argument("--steps", type=int, default=None, help=f"fuzz steps (default {STEPS}, or the golden's)")
        p.add_argument("--no-samples", action="store_true", help="leave the sample sessions out")
        p.add_argument("--only", action="append", default=[], metavar="PREFIX",
                       help="only the groups whose name starts so (sample/, phh/wsop, fuzz/holdem/); repeatable")
        p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    dump = sub.add_parser("dump", help="the rows of one group's items as JSON (sample/F, phh/DIR, fuzz/GAME/SEED)")
    dump.add_argument("group")
    dump.add_argument("--steps", type=int, default=STEPS)
    args = ap.parse_args(argv)

    if args.cmd == "dump":
        items = _items_of_group(args.group, args.steps)
        result = compute(items, keep=True)
        json.dump({k: [list(r) for r in v] for k, v in result.rows.items()}, sys.stdout, ensure_ascii=False)
        return 0

    golden: dict[str, Any] = {}
    if args.cmd == "compare":
        try:
            golden = json.loads(args.golden.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"cannot read the golden file {args.golden}: {exc}", file=sys.stderr)
            return 2
        if golden.get("format") != FORMAT:
            print(f"{args.golden} is not a golden file of format {FORMAT}", file=sys.stderr)
            return 2
    elif args.out.exists() and not args.force:
        print(f"{args.out} exists: --force overwrites it", file=sys.stderr)
        return 2
    scope = dict(golden.get("scope", {}))
    seeds = args.seeds if args.seeds is not None else scope.get("seeds", 3)
    steps = args.steps if args.steps is not None else scope.get("steps", STEPS)
    phh = args.phh if args.phh is not None or args.cmd == "record" else (None if scope.get("phh") == "all" else scope.get("phh"))
    if args.only and not any(o.startswith("phh") or "phh".startswith(o) for o in args.only):
        phh = 0  # (no PHH group asked for: the hands are not even listed)
    items = corpus(samples=not args.no_samples, phh=phh, seeds=seeds, steps=steps)
    if args.only:
        items = [it for it in items if it.group.startswith(tuple(args.only))]
    t = time.perf_counter()
    result = compute(items, progress=not args.quiet and sys.stderr.isatty())
    took = time.perf_counter() - t
    parts = ", ".join(f"{k} {v:.1f} s (CPU {result.cpu[k]:.1f} s)" for k, v in result.seconds.items())
    if args.cmd == "record":
        out = golden_of(result, {"samples": not args.no_samples, "phh": "all" if phh is None else phh,
                                 "seeds": seeds, "steps": steps, **({"only": args.only} if args.only else {})})
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(golden_text(out), encoding="utf-8")
        print(f"recorded {len(result.groups)} groups ({len(result.items)} items, {out['rows']} rows) "
              f"to {args.out} in {took:.1f} s ({parts})")
        return 0
    rev = args.base or base_commit(args.golden)

    def base(group: str) -> dict[str, list[Row]]:
        if rev is None:
            raise RuntimeError("no commit of the golden file (give --base REV)")
        return base_rows(rev, group, {"steps": steps})

    ok = compare(golden, result, items, say=print, base=base)
    print(f"compared in {took:.1f} s ({parts})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
