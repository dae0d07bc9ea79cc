"""Loading a session's state: the last snapshot plus a fold of the events after it.

A snapshot is a disposable cache of a folded `TableState`, one per session, in the
``snapshots`` table. It is used only when all of these hold, and otherwise ignored (the
state is folded from the first event, exactly as if there were no snapshot):

- it was written by this very code (`code_version`: ``ledger.__version__`` plus a hash of
  every source file of the ``ledger`` package, games included), so a new rule or a fixed
  reducer never reads a state the old code folded;
- it belongs to this log: the hash of the event at its seq is the one it was folded up to
  (the hash chain pins the whole prefix; `potlog verify` checks the chain itself);
- its seq is not after the seq asked for, and no void recorded after it cancels an event at
  or before it (that void changes the past the snapshot holds);
- it was made by this code from these events, on this machine: its ``state_hash`` column
  holds an HMAC-SHA256 (`mac`) of the session, the seq, the code version, the hash of the
  event at that seq and the stored JSON text, keyed with the snapshot key derived from the
  key kept outside the database (`ledger.seal`). Whoever can write the database but not
  read that key cannot make a snapshot potlog will use: an edited state with its SHA-256
  recomputed is simply not one. When the key cannot be read or created (a read-only home),
  no snapshot is read or written and every state is folded from the first event;
- it rebuilds: its JSON turns back into the state's dataclasses for the same session and seq.

Within one process the last head state of each session is also kept in memory (`_memo`, one per thread,
a private copy, under the same hash and void checks), so a recorder that stays up
(``potlog run``, a program using `Ledger`) folds only the events it has not seen.

Snapshots are written only for the head of the log, when at least `EVERY` events had to be
folded, and only when the state survives a round trip through JSON unchanged (same types,
same values, same key order); the write is best-effort (a locked or read-only database just
means no snapshot). Deleting every snapshot changes no result, only the time it takes.

Checkpoints (``checkpoints`` table, the last `KEEP_CHECKPOINTS` per session, signed and
checked exactly like the snapshot) hold the state just before a hand started. A void
refolds from the latest state before its target that no later void reaches back past
(`base_before`: memo, snapshot or checkpoint), so voiding an event of the current hand costs
a fold of that hand, not of the night; `load_state` falls back to them too.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import sqlite3
import threading
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any

from . import __version__
from .reducer import apply
from .seal import snapshot_key
from .state import TableState, to_plain
from .store import Store, void_target

EVERY = 16  # fold at least this many events before writing a new snapshot


@cache
def code_version() -> str:
    """``VERSION+HASH``: the package version and a hash of every ``ledger/**/*.py`` file."""
    root = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return f"{__version__}+{h.hexdigest()[:16]}"


# In-process memo of the last head state per (database, session): a recorder that keeps the
# process (``potlog run``, a program using `Ledger`) folds only what is new without even
# reading the snapshot. It is trusted only while the log still has, at its seq, the hash it
# was folded up to: the hash chain makes that the very same prefix of events.
_LOCAL = threading.local()  # one memo per thread: a memo's state is folded into in place
_MEMO_SIZE = 16


def _memo() -> dict[tuple[str, str], tuple[int, str, TableState, int]]:
    """This thread's memo: (database, session) -> seq, hash, state, snapshot seq."""
    memo = getattr(_LOCAL, "memo", None)
    if memo is None:
        memo = _LOCAL.memo = {}
    return memo


def load_state(store: Store, session: str, upto: int | None = None) -> TableState:
    """The state of `session` after `upto` (default: its last event)."""
    last, head = store._last(session)
    if last == 0:
        store.require(session)  # raises NotFound with the recent sessions
    target = last if upto is None else min(upto, last)
    start, base, from_memo = 0, None, False
    voided: set[int] = set()  # always set below, from the memo, the snapshot or the store
    memo = _memo().get((store.path, session))
    stored_snap = memo[3] if memo is not None else 0  # the database's snapshot seq, as far as we know
    if memo is not None and memo[0] <= target and store.hash_at(session, memo[0]) == memo[1]:
        voided = _voids_after(store, session, memo[0], target)
        if not any(t <= memo[0] for t in voided):  # else a later void changed what it holds
            start, base, from_memo = memo[0], memo[2], True
            _memo().pop((store.path, session), None)  # folded into in place below; a new copy is kept
    reached_back = False  # a void cancelled an event the snapshot holds: a checkpoint before it may serve
    if base is None:
        snap = read_snapshot(store, session, target)
        if snap is not None:
            voided = _voids_after(store, session, snap[0], target)
            if not any(t <= snap[0] for t in voided):  # else a later void changed what it holds
                start, base = snap
                stored_snap = start
            else:
                reached_back = True
    if base is None and reached_back:
        point = read_checkpoint(store, session, target + 1, target)
        if point is not None:
            start, base = point
            voided = _voids_after(store, session, start, target)
    if base is None:
        voided = set(store.voids(session, target))
        base = TableState(session=session)
    state = base  # our own object (the memo's, taken out of it, or freshly built): fold in place
    # the state just before the last hand started, kept as a checkpoint when this fold passes it
    # (a void in that hand then refolds from there, never from seq 1)
    mark = _hand_start(store, session, start + 1, target) if target == last and target - start >= EVERY else 0
    before_hand: TableState | None = None
    for seq, event in store.events(session, start, target):
        if seq == mark:
            before_hand = state.clone()
        if seq in voided:  # as `reducer.fold`: a voided event is skipped, its seq still counts
            state.seq = seq
            continue
        apply(state, seq, event)
    if target == last:
        if before_hand is not None and not any(t < mark for t in _voids_after(store, session, mark - 1, target)):
            before_hand.seq = mark - 1
            write_checkpoint(store, session, before_hand)
        fresh = target - stored_snap >= 4 * EVERY if from_memo else target - start >= EVERY
        if fresh and write_snapshot(store, session, state):
            stored_snap = state.seq
        _remember(store.path, session, (state.seq, head, state.clone(), stored_snap))
    return state


def remember_head(store: Store, session: str, state: TableState, head: str, *, snapshot: bool = False) -> None:
    """Keep `state` (the caller's: it must not change it any more) as the session's head in
    the in-process memo, `head` being the hash of the event at its seq: the state a command
    was decided on, with its events applied, is the new head without reading anything.
    `snapshot`: it has just been written as the session's snapshot as well."""
    old = _memo().get((store.path, session))
    stored = state.seq if snapshot else old[3] if old is not None else 0
    _remember(store.path, session, (state.seq, head, state, stored))


def snapshot_due(store: Store, session: str, seq: int) -> bool:
    """Whether a head at `seq` is far enough past the session's snapshot (as far as this
    process knows) to write a new one: the policy `load_state` follows from its memo."""
    old = _memo().get((store.path, session))
    return seq - (old[3] if old is not None else 0) >= 4 * EVERY


def _hand_start(store: Store, session: str, after: int, upto: int) -> int:
    """The seq of the last ``hand_started`` in (after, upto], else 0."""
    try:
        row = store.conn.execute(
            "SELECT seq FROM events WHERE session_id = ? AND seq > ? AND seq <= ? AND type = 'hand_started' "
            "ORDER BY seq DESC LIMIT 1", (session, after, upto)).fetchone()
    except sqlite3.Error:
        return 0
    return row[0] if row else 0


def base_before(store: Store, session: str, before: int, head: int) -> tuple[int, TableState]:
    """A private state at a seq before `before` from which the log up to `head` (with every
    void up to `head`) can be folded: the in-process memo, the snapshot or a checkpoint,
    whichever is latest and still sound (no void after it reaches back to it), else the
    empty table at seq 0. What a void of seq `before` needs: never a fold from seq 1 when the
    target is in the current hand and a checkpoint was kept at its start."""
    memo = _memo().get((store.path, session))
    if memo is not None and memo[0] < before and store.hash_at(session, memo[0]) == memo[1] \
            and not any(t <= memo[0] for t in _voids_after(store, session, memo[0], head)):
        best: tuple[int, TableState] | None = (memo[0], memo[2].clone())
    else:
        best = None
    snap = read_snapshot(store, session, before - 1)
    if snap is not None and (best is None or snap[0] > best[0]) \
            and not any(t <= snap[0] for t in _voids_after(store, session, snap[0], head)):
        best = snap
    point = read_checkpoint(store, session, before, head)
    if point is not None and (best is None or point[0] > best[0]):
        best = point
    return best if best is not None else (0, TableState(session=session))


# ---------------------------------------------------------------------- checkpoints
# A few states kept at the start of hands (the state just before a ``hand_started``), in a
# table of their own, signed like the snapshot: what a void inside the current hand folds
# from. Disposable like the snapshot; the table is made on first use.
_CHECKPOINTS = ("CREATE TABLE IF NOT EXISTS checkpoints (session_id TEXT NOT NULL, seq INTEGER NOT NULL, "
                "version TEXT NOT NULL, state_hash TEXT NOT NULL, state TEXT NOT NULL, "
                "PRIMARY KEY (session_id, seq))")
KEEP_CHECKPOINTS = 4  # per session: the last few hands
CHECKPOINT_FROM = 256  # none before this seq: folding a short log from seq 1 costs under a millisecond


def write_checkpoint(store: Store, session: str, state: TableState) -> bool:
    """Keep `state` as a checkpoint of the session at its seq (best-effort, never raises)."""
    if state.seq < CHECKPOINT_FROM:
        return False
    key = snapshot_key()
    if key is None:
        return False
    try:
        plain = to_plain(state)
        head = store.hash_at(session, state.seq)
        text = json.dumps({"head": head, "state": plain}, ensure_ascii=False, separators=(",", ":"))
        if head is None or not same(from_plain(json.loads(text)["state"]), state):
            return False
        version = code_version()
        row = (session, state.seq, version, mac(key, session, state.seq, version, head, text), text)
    except Exception:
        return False
    c = store.conn
    try:
        c.execute(_CHECKPOINTS)
        c.execute("INSERT OR REPLACE INTO checkpoints (session_id, seq, version, state_hash, state) "
                  "VALUES (?, ?, ?, ?, ?)", row)
        c.execute("DELETE FROM checkpoints WHERE session_id = ? AND seq NOT IN (SELECT seq FROM checkpoints "
                  "WHERE session_id = ? ORDER BY seq DESC LIMIT ?)", (session, session, KEEP_CHECKPOINTS))
        return True
    except sqlite3.Error:
        return False


def read_checkpoint(store: Store, session: str, before: int, head: int) -> tuple[int, TableState] | None:
    """(seq, state) of the latest sound checkpoint before `before` that no void up to `head`
    reaches back past, else None."""
    key = snapshot_key()
    if key is None:
        return None
    try:
        rows = store.conn.execute(
            "SELECT seq, version, state_hash FROM checkpoints WHERE session_id = ? AND seq < ? "
            "ORDER BY seq DESC LIMIT ?", (session, before, KEEP_CHECKPOINTS)).fetchall()
    except sqlite3.Error:
        return None
    for seq, version, stored_mac in rows:
        if version != code_version() or not isinstance(seq, int) or seq < 1:
            continue
        try:
            if any(t <= seq for t in _voids_after(store, session, seq, head)):
                continue
            text = store.conn.execute("SELECT state FROM checkpoints WHERE session_id = ? AND seq = ?",
                                      (session, seq)).fetchone()[0]
            at = store.hash_at(session, seq)
            if at is None or not hmac.compare_digest(str(stored_mac), mac(key, session, seq, version, at, text)):
                continue
            data = json.loads(text)
            if data["head"] != at:
                continue
            state = from_plain(data["state"])
            if state.session != session or state.seq != seq:
                continue
        except Exception:
            continue
        return seq, state
    return None


def _remember(path: str, session: str, entry: tuple[int, str, TableState, int]) -> None:
    """Keep a private copy of the head state (callers may change the one they got)."""
    memo = _memo()
    memo.pop((path, session), None)
    while len(memo) >= _MEMO_SIZE:
        memo.pop(next(iter(memo)))
    memo[(path, session)] = entry


def forget() -> None:
    """Drop the in-process memo (tests; anyone who edits a database behind potlog's back)."""
    _memo().clear()


def _voids_after(store: Store, session: str, after: int, upto: int) -> set[int]:
    rows = store.conn.execute(
        "SELECT seq, body FROM events WHERE session_id = ? AND seq > ? AND seq <= ? AND type = 'void'",
        (session, after, upto),
    )
    return {void_target(session, seq, body) for seq, body in rows}


def mac(key: bytes, session: str, seq: int, version: str, head: str | None, text: str) -> str:
    """The HMAC-SHA256 that makes a snapshot usable: over the session, its seq, the code
    version, the event hash at that seq and the stored JSON text, each one JSON value."""
    msg = json.dumps(["potlog-snapshot/1", session, seq, version, head, text], ensure_ascii=False,
                     separators=(",", ":")).encode("utf-8", "surrogatepass")
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


# ---------------------------------------------------------------------- reading and writing
def read_snapshot(store: Store, session: str, upto: int) -> tuple[int, TableState] | None:
    """(seq, state) of the session's snapshot if it is sound and not after `upto`, else None."""
    try:
        row = store.conn.execute(
            "SELECT seq, version, state_hash FROM snapshots WHERE session_id = ?", (session,)).fetchone()
        if row is None:
            return None
        seq, version, stored_mac = row
        if version != code_version() or not isinstance(seq, int) or not 0 < seq <= upto:
            return None  # (the state text, large on a long night, is not even read)
        got = store.conn.execute("SELECT state FROM snapshots WHERE session_id = ? AND seq = ?",
                                 (session, seq)).fetchone()
    except sqlite3.Error:
        return None
    if got is None:
        return None
    text = got[0]
    key = snapshot_key()
    if key is None:
        return None
    try:
        head = store.hash_at(session, seq)  # the event the snapshot was folded up to must still be there
        if head is None or not hmac.compare_digest(str(stored_mac), mac(key, session, seq, version, head, text)):
            return None
        data = json.loads(text)
        if data["head"] != head:
            return None
        state = from_plain(data["state"])
        if state.session != session or state.seq != seq:
            return None
    except Exception:  # anything malformed is simply not a usable snapshot
        return None
    return seq, state


def write_snapshot(store: Store, session: str, state: TableState) -> bool:
    """Keep `state` as the session's snapshot; False if it cannot be (never raises)."""
    key = snapshot_key()
    if key is None:
        return False  # no key outside the database: no snapshot it could be checked by
    try:
        plain = to_plain(state)
        head = store.hash_at(session, state.seq)
        text = json.dumps({"head": head, "state": plain}, ensure_ascii=False, separators=(",", ":"))
        if head is None or not same(from_plain(json.loads(text)["state"]), state):
            return False  # something in the state does not survive JSON: never cache it
        version = code_version()
        row = (session, state.seq, version, mac(key, session, state.seq, version, head, text), text)
    except Exception:
        return False
    c = store.conn
    try:
        (sync,) = c.execute("PRAGMA synchronous").fetchone()
        (timeout,) = c.execute("PRAGMA busy_timeout").fetchone()
    except sqlite3.Error:
        return False
    try:
        # a cache needs no fsync of its own, and must never wait long behind a recorder
        c.execute("PRAGMA synchronous=NORMAL")
        c.execute("PRAGMA busy_timeout=100")
        c.execute("INSERT OR REPLACE INTO snapshots (session_id, seq, version, state_hash, state) "
                  "VALUES (?, ?, ?, ?, ?)", row)
        return True
    except sqlite3.Error:
        return False
    finally:
        try:
            c.execute(f"PRAGMA synchronous={int(sync)}")
            c.execute(f"PRAGMA busy_timeout={int(timeout)}")
        except sqlite3.Error:
            pass


def clear(store: Store, session: str | None = None) -> None:
    """Delete the snapshots of `session` (default: all), and the in-process memo; results stay
    the same."""
    forget()
    if session is None:
        store.conn.execute("DELETE FROM snapshots")
    else:
        store.conn.execute("DELETE FROM snapshots WHERE session_id = ?", (session,))
    try:
        if session is None:
            store.conn.execute("DELETE FROM checkpoints")
        else:
            store.conn.execute("DELETE FROM checkpoints WHERE session_id = ?", (session,))
    except sqlite3.Error:
        pass  # no checkpoint was ever kept here


# ---------------------------------------------------------------------- JSON <-> dataclasses
@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _build(tp: Any, value: Any) -> Any:
    """Rebuild `value` (plain JSON data) as the annotated type `tp`."""
    if value is None or tp is Any:
        return value
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if not isinstance(value, dict):
            raise TypeError(f"{tp.__name__} needs an object")
        hints = _hints(tp)
        names = {f.name for f in dataclasses.fields(tp)}
        if not set(value) <= names:
            raise TypeError(f"unknown fields for {tp.__name__}")
        return tp(**{k: _build(hints[k], v) for k, v in value.items()})
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list:
        return [_build(args[0] if args else Any, v) for v in value]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v) for v in value)
        return tuple(_build(a, v) for a, v in zip(args, value)) if args else tuple(value)
    if origin is dict:
        return {k: _build(args[1] if args else Any, v) for k, v in value.items()}
    if origin in (typing.Union, types.UnionType):
        for arg in args:  # the dataclass member of an optional, if the value is an object
            if isinstance(value, dict) and dataclasses.is_dataclass(arg):
                return _build(arg, value)
            if typing.get_origin(arg) in (list, tuple, dict) and isinstance(value, (list, dict)):
                return _build(arg, value)
        return value
    return value


def from_plain(data: dict[str, Any]) -> TableState:
    """A `TableState` from `to_plain` data; the ruleset's ``ext`` rebuilt as its own type."""
    ext = data.get("ext")
    core = {k: v for k, v in data.items() if k != "ext"}
    state = _build(TableState, core)
    if ext is not None:
        from .games import get_ruleset

        proto = get_ruleset(state.game).initial(state)
        if dataclasses.is_dataclass(proto) and not isinstance(proto, type):
            state.ext = _build(type(proto), ext)
        elif isinstance(proto, dict) and isinstance(ext, dict):
            state.ext = dict(ext)
        else:
            raise TypeError("the game's state is not a dataclass")
    return state


def same(a: Any, b: Any) -> bool:
    """Equal in value, type and dict order, all the way down (what a round trip must keep)."""
    if type(a) is not type(b):
        return False
    if dataclasses.is_dataclass(a):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b
