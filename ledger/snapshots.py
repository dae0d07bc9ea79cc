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
(``potlog run``, a program using `Ledger`) folds only the events it has not seen. A command
takes that state over (`take_head`: checked with one query when it is the head, no copy),
decides on it in place, and hands the table its events left back as the new head
(`remember_head`); the snapshot when due, and the checkpoint of a hand it starts, are written
in the command's own transaction (`PendingCache`, `EventStore.append_cached`).

Snapshots are written only for the head of the log, when at least `EVERY` events had to be
folded, and only when the state survives a round trip through JSON unchanged (same types,
same values, same key order: `faithful` vouches for a state by its types without the round
trip, and any state it does not vouch for is sent through it); the write is best-effort (a
locked or read-only database just means no snapshot). Deleting every snapshot changes no
result, only the time it takes.

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
import os
import threading
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any

from . import __version__
from .reducer import apply
from . import seal, sources
from .errors import IntegrityError
from .state import TableState, to_plain
from .storage import CacheRow, EventStore as Store

EVERY = 16  # fold at least this many events before writing a new snapshot


@cache
@cache
def code_version() -> str:
    """``VERSION+HASH``: the package version and a hash of the ``ledger`` package's sources
    (`sources.stamp`: every file's path, size and modification time)."""
    stamp = sources.stamp(str(Path(__file__).resolve().parent))
    return f"{__version__}+{hashlib.sha256(json.dumps(stamp).encode()).hexdigest()[:16]}"


_KEY_MEMO: dict[tuple[str | None, ...], tuple[str, bytes, bytes]] = {}


def snapshot_key() -> bytes | None:
    """`seal.snapshot_key`, without working the key file's path out again on every call (that
    costs more than the HMAC): kept per ($POTLOG_KEY_FILE, $XDG_CONFIG_HOME, $HOME) for as
    long as `seal` still holds that very key for that file (`seal.forget_keys` drops it)."""
    env = os.environ
    sig = (env.get("POTLOG_KEY_FILE"), env.get("XDG_CONFIG_HOME"), env.get("HOME"))
    hit = _KEY_MEMO.get(sig)
    if hit is not None and seal._KEYS.get(hit[0]) is hit[1]:
        return hit[2]
    key = seal.snapshot_key()
    if key is not None:
        try:
            path = str(seal.key_path())
        except (OSError, RuntimeError):  # `expanduser` with no home directory
            return key
        raw = seal._KEYS.get(path)
        if raw is not None:
            _KEY_MEMO[sig] = (path, raw, key)
    return key


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
    return _load(store, session, upto, keep=True)[0]


def take_head(store: Store, session: str) -> tuple[TableState, int]:
    """The session's head state for the caller to decide on and change in place (the memo
    gives it up: no copy is made), and the seq of the session's snapshot as far as this
    process knows; the caller hands the new head back with `remember_head(..., stored=)`."""
    return _load(store, session, None, keep=False)


def take_memo_head(store: Store, session: str) -> tuple[TableState, int, str] | None:
    """The head this process last kept for `session` (`remember_head`), given up by the memo
    for the caller to decide on in place, without reading the database: (state, snapshot seq,
    the hash of the event at its seq); None when there is none. Optimistic: the append that
    follows must find that very hash at that seq as the log's head (`EventStore.append_cached`'s
    `expect_prev`), else the command is decided again on the log as it is."""
    memo = _memo().pop((store.path, session), None)
    if memo is None or memo[2].seq != memo[0]:
        return None
    return memo[2], memo[3], memo[1]


def _load(store: Store, session: str, upto: int | None, *, keep: bool) -> tuple[TableState, int]:
    """`load_state`, and the snapshot seq; `keep`: remember a copy of the head in the memo."""
    last, head = store.head(session)
    if last == 0:
        store.require(session)  # raises NotFound with the recent sessions
    target = last if upto is None else min(upto, last)
    start, base, from_memo = 0, None, False
    voided: set[int] = set()  # always set below, from the memo, the snapshot or the store
    memos = _memo()
    memo = memos.get((store.path, session))
    stored_snap = memo[3] if memo is not None else 0  # the database's snapshot seq, as far as we know
    if memo is not None and memo[0] == last == target and memo[1] == head:
        # the memo is the head itself (the last command this process recorded): one query
        memos.pop((store.path, session), None)
        state = memo[2]
        if last - stored_snap >= 4 * EVERY and write_snapshot(store, session, state):
            stored_snap = last
        if keep:
            _remember(store.path, session, (state.seq, head, state.clone(), stored_snap))
        return state, stored_snap
    if memo is not None and memo[0] <= target and store.hash_at(session, memo[0]) == memo[1]:
        voided = _voids_after(store, session, memo[0], target)
        if not any(t <= memo[0] for t in voided):  # else a later void changed what it holds
            start, base, from_memo = memo[0], memo[2], True
            memos.pop((store.path, session), None)  # folded into in place below; a new copy is kept
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
    if start < target:
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
        if keep:
            _remember(store.path, session, (state.seq, head, state.clone(), stored_snap))
    return state, stored_snap


def remember_head(store: Store, session: str, state: TableState, head: str, *, snapshot: bool = False,
                  stored: int | None = None) -> None:
    """Keep `state` (the caller's: it must not change it any more) as the session's head in
    the in-process memo, `head` being the hash of the event at its seq: the state a command
    was decided on, with its events applied, is the new head without reading anything.
    `snapshot`: it has just been written as the session's snapshot as well; `stored`: the
    snapshot seq `take_head` said (else the memo's)."""
    if snapshot:
        stored = state.seq
    elif stored is None:
        old = _memo().get((store.path, session))
        stored = old[3] if old is not None else 0
    _remember(store.path, session, (state.seq, head, state, stored))


def snapshot_due(store: Store, session: str, seq: int, stored: int | None = None) -> bool:
    """Whether a head at `seq` is far enough past the session's snapshot (`stored`, else as
    far as this process's memo knows) to write a new one: the policy `load_state` follows
    from its memo."""
    if stored is None:
        old = _memo().get((store.path, session))
        stored = old[3] if old is not None else 0
    return seq - stored >= 4 * EVERY


def _hand_start(store: Store, session: str, after: int, upto: int) -> int:
    """The seq of the last ``hand_started`` in (after, upto], else 0."""
    row = store.last_of_type(session, "hand_started", upto, after)
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
    # the latest of the snapshot and the checkpoints is read first (its state parsed), the
    # others only if it is not sound: as a rule one state is parsed
    floor = best[0] if best is not None else 0
    snap_at = snapshot_seq(store, session)
    snap_at = snap_at if floor < snap_at < before else 0  # a snapshot that could serve, by its seq
    point = read_checkpoint(store, session, before, head, after=max(floor, snap_at))  # the checkpoints later
    if point is None and snap_at:
        snap = read_snapshot(store, session, before - 1, after=floor, fold_to=head)
        if snap is not None:
            return snap
        point = read_checkpoint(store, session, snap_at + 1, head, after=floor)  # and those not later
    if point is not None:
        return point
    return best if best is not None else (0, TableState(session=session))


def snapshot_seq(store: Store, session: str) -> int:
    """The seq of the session's snapshot made by this code (0 if there is none); not checked
    beyond that: what `snapshot_due` needs to know."""
    row = store.snapshot_info(session)
    return row[0] if row is not None and row[1] == code_version() and isinstance(row[0], int) else 0


# ---------------------------------------------------------------------- checkpoints
# A few states kept at the start of hands (the state just before a ``hand_started``), in a
# table of their own, signed like the snapshot: what a void inside the current hand folds
# from. Disposable like the snapshot; the table is made on first use.
KEEP_CHECKPOINTS = 4  # per session: the last few hands
CHECKPOINT_FROM = 256  # none before this seq: folding a short log from seq 1 costs under a millisecond


def write_checkpoint(store: Store, session: str, state: TableState, *, head: str | None = None) -> bool:
    """Keep `state` as a checkpoint of the session at its seq (best-effort, never raises).
    `head`: the hash of the event at that seq when `state` was made: written only if the log
    still has it there (the same log, up to that seq)."""
    if state.seq < CHECKPOINT_FROM:
        return False
    key = snapshot_key()
    if key is None:
        return False
    text = _state_text(state)
    try:
        at = store.hash_at(session, state.seq)
        if at is None or text is None or (head is not None and at != head):
            return False
        head = at
        return store.write_cache(_checkpoint_writes(key, session, state.seq, head, text))
    except store.errors + (IntegrityError,):  # a cache, best-effort: a row `hash_at` finds tampered, a busy database
        return False


def _checkpoint_writes(key: bytes, session: str, seq: int, head: str, state_text: str) -> list[CacheRow]:
    """The cache row that keeps a checkpoint at `seq` (`head`: the hash of the event there);
    the store drops the ones past the last `KEEP_CHECKPOINTS`."""
    version = code_version()
    text = _cache_text(head, state_text)
    return [CacheRow("checkpoints", session, seq, version, mac(key, session, seq, version, head, text), text,
                     KEEP_CHECKPOINTS)]


def read_checkpoint(store: Store, session: str, before: int, head: int, *,
                    after: int = 0) -> tuple[int, TableState] | None:
    """(seq, state) of the latest sound checkpoint after `after` and before `before` that no
    void up to `head` reaches back past, else None."""
    key = snapshot_key()
    if key is None:
        return None
    rows = store.checkpoint_infos(session, before, after, KEEP_CHECKPOINTS)
    for seq, version, stored_mac in rows:
        if version != code_version() or not isinstance(seq, int) or seq < 1:
            continue
        try:
            if any(t <= seq for t in _voids_after(store, session, seq, head)):
                continue
            text = store.checkpoint_text(session, seq)
            if text is None:
                continue
            at = store.hash_at(session, seq)
            if at is None or not hmac.compare_digest(str(stored_mac), mac(key, session, seq, version, at, text)):
                continue
            data = json.loads(text)
            if data["head"] != at:
                continue
            state = from_plain(data["state"])
            if state.session != session or state.seq != seq:
                continue
        except store.errors + (IntegrityError, KeyError, TypeError, ValueError):  # a row not ours: not a checkpoint
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
    return store.void_targets(session, after, upto)


def mac(key: bytes, session: str, seq: int, version: str, head: str | None, text: str) -> str:
    """The HMAC-SHA256 that makes a snapshot usable: over the session, its seq, the code
    version, the event hash at that seq and the stored JSON text, each one JSON value."""
    msg = _json_bytes(["potlog-snapshot/1", session, seq, version, head, text])
    return hmac.digest(key, msg, "sha256").hex()  # (HMAC-SHA256, as hmac.new(...).hexdigest(), in one C call)


# ---------------------------------------------------------------------- reading and writing
def read_snapshot(store: Store, session: str, upto: int, *, after: int = 0,
                  fold_to: int | None = None) -> tuple[int, TableState] | None:
    """(seq, state) of the session's snapshot if it is sound, after `after` and not after
    `upto`, else None. `fold_to`: also sound for a fold up to there, which no void up to there
    reaches back past (checked before its state is read)."""
    row = store.snapshot_info(session)
    if row is None:
        return None
    seq, version, stored_mac = row
    if version != code_version() or not isinstance(seq, int) or not max(after, 0) < seq <= upto:
        return None  # (the state text, large on a long night, is not even read)
    if fold_to is not None and any(t <= seq for t in _voids_after(store, session, seq, fold_to)):
        return None
    text = store.snapshot_text(session, seq)
    if text is None:
        return None
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
    except store.errors + (IntegrityError, KeyError, TypeError, ValueError):  # a row not ours: not a usable snapshot
        return None
    return seq, state


def write_snapshot(store: Store, session: str, state: TableState) -> bool:
    """Keep `state` as the session's snapshot; False if it cannot be (never raises)."""
    key = snapshot_key()
    if key is None:
        return False  # no key outside the database: no snapshot it could be checked by
    text = _state_text(state)
    try:
        head = store.hash_at(session, state.seq)
        if head is None or text is None:
            return False  # something in the state does not survive JSON: never cache it
        return store.write_cache([_snapshot_write(key, session, state.seq, head, text)])
    except store.errors + (IntegrityError,):  # a cache, best-effort: a row `hash_at` finds tampered, a busy database
        return False


def _snapshot_write(key: bytes, session: str, seq: int, head: str, state_text: str) -> CacheRow:
    version = code_version()
    text = _cache_text(head, state_text)
    return CacheRow("snapshots", session, seq, version, mac(key, session, seq, version, head, text), text)


def _state_text(state: TableState) -> str | None:
    """`state` as the JSON a snapshot or checkpoint keeps, or None when it does not come back
    from JSON exactly (same types, values and key order): such a state is never cached.
    A state `faithful` vouches for is not sent through the round trip (what it would
    give is known); any other is, and is kept only if it comes back the very same."""
    try:
        plain = _plain(state)
        if faithful(state):  # (nothing in it but text, whole numbers, true, false, null, lists and objects)
            return _json_text(plain)
        text = json.dumps(plain, ensure_ascii=False, separators=(",", ":"))
        return text if same(from_plain(json.loads(text)), state) else None
    except (TypeError, ValueError, KeyError, RecursionError):  # `json` on a game's ext, or `from_plain` on its JSON
        return None


_ORJSON: Any = None  # orjson.dumps, imported on first use


def _json_bytes(value: Any) -> bytes:
    """``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` in UTF-8 (lone
    surrogates passed through), for a value that holds no float (text, whole numbers, true,
    false, null, lists, objects with text keys): written by orjson, which writes the very same
    text for those (every code point alike, `tests/test_store_head.py`) several times quicker;
    what it refuses (a lone surrogate, a number past 64 bits, a key that is not text) by `json`."""
    global _ORJSON
    if _ORJSON is None:
        import orjson

        _ORJSON = orjson.dumps
    try:
        out: bytes = _ORJSON(value)
        return out
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")


def _json_text(value: Any) -> str:
    """`_json_bytes` as text."""
    return _json_bytes(value).decode("utf-8", "surrogatepass")


def _cache_text(head: str, state_text: str) -> str:
    """The stored text: ``{"head":HASH,"state":STATE}`` (what `json.dumps` of that object writes)."""
    return '{"head":' + json.dumps(head, ensure_ascii=False) + ',"state":' + state_text + "}"


class PendingCache:
    """The snapshot and checkpoint a command's append writes in its own transaction
    (`EventStore.append_cached`): the states' JSON made and round-trip checked before the write
    lock is taken, the rows finished with the hashes the append wrote."""

    def __init__(self, store: Store, session: str, head: TableState | None, point: TableState | None,
                 point_head: str | None = None):
        """`point_head`: the hash of the event at the point's seq when it was made (a point
        kept from an earlier command): written only if the log has it there."""
        self.store, self.session, self.point_head = store, session, point_head
        self.snapshot: tuple[int, str] | None = None
        self.point: tuple[int, str] | None = None
        self.key = snapshot_key() if head is not None or (point is not None and point.seq >= CHECKPOINT_FROM) else None
        if self.key is None:
            return
        if head is not None:
            text = _state_text(head)
            self.snapshot = (head.seq, text) if text is not None else None
        if point is not None and point.seq >= CHECKPOINT_FROM:
            text = _state_text(point)
            self.point = (point.seq, text) if text is not None else None

    def writes(self, written: list[tuple[int, str, str]]) -> list[CacheRow]:
        """The cache rows, given the (seq, prev_hash, hash) the append wrote."""
        if self.key is None or not written or (self.snapshot is None and self.point is None):
            return []
        hashes = {seq: h for seq, _, h in written}
        hashes[written[0][0] - 1] = written[0][1]
        out: list[CacheRow] = []
        try:
            if self.point is not None:
                seq, text = self.point
                head = hashes.get(seq) or self.store.hash_at(self.session, seq)
                if head is not None and self.point_head in (None, head):
                    out += _checkpoint_writes(self.key, self.session, seq, head, text)
            if self.snapshot is not None:
                seq, text = self.snapshot
                head = hashes.get(seq)
                if head is None:  # the head state is not at what was written: no snapshot
                    self.snapshot = None
                else:
                    out.append(_snapshot_write(self.key, self.session, seq, head, text))
        except self.store.errors + (IntegrityError,):  # `hash_at`: a cache, best-effort
            return []
        return out


def clear(store: Store, session: str | None = None) -> None:
    """Delete the snapshots of `session` (default: all), and the in-process memo; results stay
    the same."""
    forget()
    store.clear_cache(session)


# ---------------------------------------------------------------------- JSON <-> dataclasses
@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _build(tp: Any, value: Any) -> Any:
    """Rebuild `value` (plain JSON data) as the annotated type `tp`."""
    return _builder(tp)(value)


_BUILDERS: dict[Any, Any] = {}


def _builder(tp: Any) -> Any:
    """The function that rebuilds plain data as `tp`, made once per annotation: a dataclass
    from an object (its fields by their annotations), a list, a tuple or a dict of what its
    arguments say, the dataclass or container member of an optional; anything else, and
    None, as it is."""
    got = _BUILDERS.get(tp)
    if got is None:
        got = _BUILDERS[tp] = _make_builder(tp)
    return got


def _same_value(value: Any) -> Any:
    return value


def _make_builder(tp: Any) -> Any:
    if tp is Any:
        return _same_value
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        cls: Any = tp
        names = frozenset(f.name for f in dataclasses.fields(cls))
        fields: dict[str, Any] = {}  # name -> builder, filled on first use (a dataclass may hold itself)

        def build_dataclass(value: Any) -> Any:
            if value is None:
                return None
            if not isinstance(value, dict):
                raise TypeError(f"{cls.__name__} needs an object")
            if not value.keys() <= names:
                raise TypeError(f"unknown fields for {cls.__name__}")
            if not fields:
                fields.update({k: _builder(h) for k, h in _hints(cls).items() if k in names})
            return cls(**{k: fields[k](v) for k, v in value.items()})
        return build_dataclass
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list:
        item = _builder(args[0] if args else Any)
        return lambda value: None if value is None else [item(v) for v in value]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _builder(args[0])
            return lambda value: None if value is None else tuple(each(v) for v in value)
        if args:
            parts = [_builder(a) for a in args]
            return lambda value: None if value is None else tuple(b(v) for b, v in zip(parts, value))
        return lambda value: None if value is None else tuple(value)
    if origin is dict:
        member = _builder(args[1] if args else Any)
        return lambda value: None if value is None else {k: member(v) for k, v in value.items()}
    if origin in (typing.Union, types.UnionType):
        members = [(arg, _builder(arg) if dataclasses.is_dataclass(arg) or typing.get_origin(arg) in (list, tuple, dict)
                    else None) for arg in args]

        def build_union(value: Any) -> Any:
            if value is None:
                return None
            for arg, build in members:  # the dataclass member of an optional, if the value is an object
                if build is None:
                    continue
                if isinstance(value, dict) and dataclasses.is_dataclass(arg):
                    return build(value)
                if typing.get_origin(arg) in (list, tuple, dict) and isinstance(value, (list, dict)):
                    return build(value)
            return value
        return build_union
    return _same_value


def _plain(obj: Any) -> Any:
    """`state.to_plain`, by a copier made once per class: dataclasses to dicts (fields in
    order), dicts to dicts, lists and tuples to lists, anything else as it is. (Only for
    cached texts, which must come back through `from_plain` as the very state anyway.)"""
    t = type(obj)
    if t in _LEAVES:
        return obj
    fields = _FIELD_NAMES.get(t)
    if fields is None:
        fields = _FIELD_NAMES[t] = _kind(t)
    leaves = _LEAVES  # (a leaf is taken as it is here, without a call: most values are leaves)
    if fields is _DICT:
        return {k: v if type(v) in leaves else _plain(v) for k, v in obj.items()}
    if fields is _SEQ:
        return [v if type(v) in leaves else _plain(v) for v in obj]
    if fields is _OTHER:
        return obj
    out = {}
    for name in fields:
        v = getattr(obj, name)
        out[name] = v if type(v) in leaves else _plain(v)
    return out


_LEAVES = frozenset({str, int, bool, float, type(None)})
_DICT: tuple[str, ...] = ("<dict>",)
_SEQ: tuple[str, ...] = ("<list>",)
_OTHER: tuple[str, ...] = ("<other>",)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _kind(t: type) -> tuple[str, ...]:
    """A class's field names (a dataclass), or which plain kind it is, as `same` and `_plain` walk it."""
    if dataclasses.is_dataclass(t):
        return tuple(f.name for f in dataclasses.fields(t))
    if issubclass(t, dict):
        return _DICT
    if issubclass(t, (list, tuple)):
        return _SEQ
    return _OTHER


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


def faithful(state: TableState) -> bool:
    """True when `from_plain` of the state's JSON is surely `same` as `state`: every value is
    of the very type the annotation it sits under is rebuilt as (`_builder`), dict keys are
    text, numbers are not NaN; the game's `ext` is the dataclass its `initial` makes. False
    means only "not sure" (the round trip then decides). Cheaper than the round trip: no
    JSON is parsed and nothing is built."""
    try:
        if type(state) is not TableState or not _rebuilt_by_init(TableState):
            return False
        for name, check, leaf in _field_checks(TableState):
            if name != "ext":
                v = getattr(state, name)
                if not (leaf and type(v) in _TEXT_LEAVES) and not check(v):
                    return False
        ext = state.ext
        if ext is None:
            return _EXT_DEFAULT is None  # not written back by `from_plain`: the default stays
        from .games import get_ruleset

        proto = get_ruleset(state.game).initial(state)
        if dataclasses.is_dataclass(proto) and not isinstance(proto, type):
            return bool(_faithful(type(proto))(ext))
        if isinstance(proto, dict):
            return type(ext) is dict and _json_faithful(ext)
        return False
    except Exception:  # a probe of any game's ext (a cycle, a game that is gone...): False is "not sure", the round trip says
        return False


_EXT_DEFAULT = next(f.default for f in dataclasses.fields(TableState) if f.name == "ext")
_TEXT_LEAVES = frozenset({str, int, bool, type(None)})  # come back from JSON as themselves, whatever the annotation
_FAITHFUL: dict[Any, Any] = {}
_CHECKS: dict[type, list[tuple[str, Any, bool]]] = {}


def _faithful(tp: Any) -> Any:
    """The check, made once per annotation, that a value comes back from JSON through
    `_builder(tp)` as itself (the mirror of `_make_builder`)."""
    got = _FAITHFUL.get(tp)
    if got is None:
        got = _FAITHFUL[tp] = _make_faithful(tp)
    return got


def _json_faithful(value: Any) -> bool:
    """A value rebuilt as the JSON that holds it (an annotation `_builder` leaves alone)."""
    t = type(value)
    if t is str or t is int or t is bool or value is None:
        return True
    if t is float:  # not vouched for: the round trip says (orjson would write other digits than `json`)
        return False
    if t is list:
        return all(_json_faithful(v) for v in value)
    if t is dict:
        return all(type(k) is str and _json_faithful(v) for k, v in value.items())
    return False


def _rebuilt_by_init(cls: type) -> bool:
    """A dataclass that `_builder` rebuilds by calling it with every field: it must take
    them all and change none of them (no __post_init__)."""
    params = getattr(cls, "__dataclass_params__", None)
    return (params is not None and params.init and not hasattr(cls, "__post_init__")
            and all(f.init for f in dataclasses.fields(cls)))


def _field_checks(cls: type) -> list[tuple[str, Any, bool]]:
    """(name, its check, whether text, a whole number, a bool or None there comes back as itself)."""
    got = _CHECKS.get(cls)
    if got is None:
        hints = _hints(cls)
        got = _CHECKS[cls] = [(f.name, _faithful(hints[f.name]), _leaf_ok(hints[f.name]))
                              for f in dataclasses.fields(cls)]
    return got


def _leaf_ok(tp: Any) -> bool:
    """Whether `_builder(tp)` gives text, a whole number, a bool or None back as it is: it does
    but for a dataclass, a list, a tuple or a dict annotation (those would rebuild or refuse it)."""
    return not (dataclasses.is_dataclass(tp) or typing.get_origin(tp) in (list, tuple, dict))


def _never(value: Any) -> bool:
    return False


def _make_faithful(tp: Any) -> Any:
    if tp is Any:
        return _json_faithful
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        cls: Any = tp
        if not _rebuilt_by_init(cls):
            return _never

        def dataclass_ok(value: Any) -> bool:
            if value is None:
                return True
            if type(value) is not cls:
                return False
            for name, check, leaf in _field_checks(cls):
                v = getattr(value, name)
                if not (leaf and type(v) in _TEXT_LEAVES) and not check(v):
                    return False
            return True
        return dataclass_ok
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list:
        item, leaf = _faithful(args[0] if args else Any), _leaf_ok(args[0] if args else Any)
        return lambda value: value is None or (type(value) is list and all(
            (leaf and type(v) in _TEXT_LEAVES) or item(v) for v in value))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _faithful(args[0])
            return lambda value: value is None or (type(value) is tuple and all(each(v) for v in value))
        if args:
            parts = [_faithful(a) for a in args]
            return lambda value: value is None or (type(value) is tuple and len(value) == len(parts)
                                                   and all(c(v) for c, v in zip(parts, value)))
        return lambda value: value is None or (type(value) is tuple and all(_json_faithful(v) for v in value))
    if origin is dict:
        member, leaf = _faithful(args[1] if args else Any), _leaf_ok(args[1] if args else Any)
        return lambda value: value is None or (type(value) is dict and all(
            type(k) is str and ((leaf and type(v) in _TEXT_LEAVES) or member(v)) for k, v in value.items()))
    if origin in (typing.Union, types.UnionType):
        members = [(dataclasses.is_dataclass(arg), typing.get_origin(arg) in (list, tuple, dict), arg) for arg in args]

        def union_ok(value: Any) -> bool:
            if value is None:
                return True
            t = type(value)
            as_object = (dataclasses.is_dataclass(t) and t is not type) or isinstance(value, dict)  # JSON object
            as_array = isinstance(value, (list, tuple))
            for is_class, is_container, arg in members:  # the member `_builder` picks for that JSON
                if (as_object and is_class) or (is_container and (as_object or as_array)):
                    return bool(_faithful(arg)(value))
            return _json_faithful(value)
        return union_ok
    return _json_faithful


def same(a: Any, b: Any) -> bool:
    """Equal in value, type and dict order, all the way down (what a round trip must keep)."""
    t = type(a)
    if t is not type(b):
        return False
    if t in _LEAVES:
        return bool(a == b)
    fields = _FIELD_NAMES.get(t)
    if fields is None:
        fields = _FIELD_NAMES[t] = _kind(t)
    if fields is _DICT:
        if list(a) != list(b):
            return False
        for k in a:
            if not same(a[k], b[k]):
                return False
        return True
    if fields is _SEQ:
        if len(a) != len(b):
            return False
        for x, y in zip(a, b):
            if not same(x, y):
                return False
        return True
    if fields is _OTHER:
        return bool(a == b)
    for name in fields:
        if not same(getattr(a, name), getattr(b, name)):
            return False
    return True
