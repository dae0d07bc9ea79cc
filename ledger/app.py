"""The application layer: load a state, decide a command, append its events, in a few lines.

    state = ledger.state(session)                      # snapshot + fold of newer events
    events = ruleset.decide(state, command)            # or RuleViolation
    ledger.store.append(session, state.seq + 1, ...)   # one transaction, or Conflict

The append always states the seq the decision was based on. When another recorder got
there first, the command is decided again on the new table: if it records exactly the same
events, they are appended after the newcomer's; if not, `Conflict` says who recorded what
first, and nothing is written. At most `RETRIES` decisions, with a short random wait between
them; the last is made holding the write lock, so a command that still holds always lands.

Several commands can be one transaction (`Ledger.batch`: ``potlog run FILE``, `undo`,
`amend`): each is decided on the head the ones before it left, kept in memory, and appended
as a savepoint (`Ledger.step` for a savepoint of one's own); all are committed together.
An act is one recorded command with the steps potlog recorded after it (one time);
`undo` voids the last acts newest first, `amend` replaces one and records the later ones
again where the rules still allow. ``VERB all`` is the command once per player in turn
order, one act. A void refolds from the latest state before its target (`_void_state`).

Everything the CLI does goes through a `Ledger`; nothing here prints.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import typing
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import islice
from typing import Any, Callable, Iterable, Iterator

from . import events as ev
from . import snapshots
from .cards import PACKS, UNKNOWN
from .chips import check
from .commands import Command
from .errors import ChipError, Conflict, InputError, NotFound, PotlogError, RuleViolation
from .games import get_ruleset
from .games.base import switch_game
from .games.ruleset import fresh_options
from .names import clean_name, resolve, shown, skeleton
from .reducer import apply, fold
from .state import TableState
from .storage import EventStore

_SHARED: dict[str, Ledger] = {}  # database -> the ledger `Ledger.open` returns (see `Ledger.sharing`)
_LAST_AT: dict[tuple[str, str], int] = {}  # (database, session) -> the last time this process recorded (ms)


def _db_key(path: object) -> str:
    """One spelling of a database: an absolute file path (or the URL, or :memory:)."""
    if path is None:
        from .store import default_db_path

        path = os.environ.get("POTLOG_DB") or default_db_path()
    text = str(path)
    return text if "://" in text or text == ":memory:" else os.path.abspath(text)


SESSION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
CURRENT = "current_session"
RETRIES = 5  # decisions of one command at most: overtaken, it is decided again; the last time under the lock
IMPORT_BATCH = 2000  # rows per insert inside an import's one transaction
MARK_EVERY, MARK_NEAR, MARKS_FAR = 64, 1024, 64  # an import's marks for voids: see `Ledger._mark`
KEEP_MARKED = 4  # sessions of an import that keep all their marks (`Ledger._switch_session`)
_UTC = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|\+00:00)$")


def utc_now() -> str:
    """The time now, UTC, to the millisecond: ``2026-11-21T21:04:36.720Z``."""
    return _utc_text(time.time_ns() // 1_000_000)


_SECOND: tuple[int | None, str] = (None, "")  # the last second written and its text (one tuple: thread-safe)


def _utc_text(ms: int) -> str:
    """Milliseconds since 1970 as potlog writes a time (what ``datetime.isoformat`` writes, with Z)."""
    global _SECOND
    sec, milli = divmod(ms, 1000)
    kept = _SECOND
    if kept[0] != sec:  # a recorder writes many times within one second: its text is made once
        kept = _SECOND = (sec, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(sec)))
    return f"{kept[1]}.{milli:03d}Z"


def check_session_id(name: str) -> str:
    if not SESSION_ID.fullmatch(name):  # (match would let a name end in a line break)
        raise InputError(
            f"{name[:40]!r} is not a session name: use 1 to 64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    return name


def check_limits(state: TableState) -> None:
    """Raise `ChipError` when an account other than the bank would hold more chips than one
    event can move (`events.MAX_CHIPS`): such a pot could never be awarded, such a stack never
    cashed out. Checked wherever chips are (trial, import), next to `chips.check`."""
    balances = state.balances
    if not balances or max(balances.values()) <= ev.MAX_CHIPS:
        return  # (the usual table: no account anywhere near it)
    for account, chips in balances.items():
        if chips > ev.MAX_CHIPS and account != "bank":
            who = account[5:] if account.startswith("seat:") else account
            raise ChipError(
                f"{who} would hold {chips} chips: potlog counts at most {ev.MAX_CHIPS} chips in one place "
                "(a seat, a pot, carry), or they could never be paid out")


def check_utc(at: object) -> str:
    """An ISO 8601 UTC timestamp as potlog writes it (``2026-11-21T21:04:36.720Z``), or `InputError`."""
    if isinstance(at, str) and _UTC.match(at):
        try:
            datetime.fromisoformat(at.replace("Z", "+00:00"))
            return at
        except ValueError:
            pass
    raise InputError(f"recorded_at {str(at)[:40]!r} is not an ISO 8601 UTC time like 2026-11-21T21:04:36.720Z")


def seat_name(state: TableState, typed: str, *, rejoin: bool = False) -> str:
    """A name typed to seat someone: cleaned (`ledger.names.clean_name`) and refused when it
    looks like another player's (any case, look-alike letters) or a word potlog keeps.
    With `rejoin`, a player who sat here earlier under that look comes back as that name."""
    from .games.base import RESERVED_NAMES  # the words potlog keeps for boards and accounts

    name = clean_name(typed)
    if skeleton(name) in {skeleton(w) for w in RESERVED_NAMES}:
        raise InputError(f"{shown(name)} is a word potlog keeps for the table (or looks like one): pick another name")
    if state.seat(name) is not None:
        return name
    key = skeleton(name)
    for seat in state.seats:
        if skeleton(seat.name) == key:
            if rejoin and not seat.active:
                return seat.name
            where = "is at the table" if seat.active else "sat here earlier"
            raise InputError(
                f"{shown(name)} looks like {seat.name}, who {where}: names are compared ignoring case and look-alike "
                f"letters; use {seat.name} for them, or pick a name that reads differently")
    return name


_PLAYER_FIELDS = ("player", "to", "source", "dealer", "first")


def resolve_names(state: TableState, cmd: Command) -> Command:
    """`cmd` with every name that means a seated player in another case (or NFC form, or with
    look-alike letters) written as that player's name: ``bet ann 5`` bets for Ann. A name that
    is no player's, or could be several, is left for the rules to refuse."""
    if cmd.verb == "join":
        return replace(cmd, player=seat_name(state, cmd.player, rejoin=True)) if cmd.player else cmd
    seated = [s.name for s in state.seats]
    changes: dict[str, object] = {}
    for name in _PLAYER_FIELDS:
        typed = getattr(cmd, name)
        if isinstance(typed, str) and typed and state.seat(typed) is None:
            hit = resolve(typed, seated)
            if hit is not None:
                changes[name] = hit
    if cmd.shares:
        shares = tuple((resolve(p, seated) or p, a) if isinstance(p, str) and state.seat(p) is None else (p, a)
                       for p, a in cmd.shares)
        if shares != cmd.shares:
            changes["shares"] = shares
    return replace(cmd, **changes) if changes else cmd  # type: ignore[arg-type]


@dataclass
class ImportResult:
    added: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    lines: int = 0


class Captured(BaseException):
    """Raised by `Ledger.execute` inside `Ledger.capture()`: the command was taken, not
    recorded (a BaseException, so no error handler on the way takes it for a failure)."""


@dataclass
class Amended:
    """What `Ledger.amend` recorded: the voids, the corrected act, the later acts recorded
    again, the later acts left out as (their first seq, what they were, why), and each
    physical count recorded again whose difference from the ledger the amend changed, in words."""

    voided: list[ev.Recorded] = field(default_factory=list)
    recorded: list[ev.Recorded] = field(default_factory=list)
    redone: list[ev.Recorded] = field(default_factory=list)
    dropped: list[tuple[int, str, str]] = field(default_factory=list)
    counts: list[str] = field(default_factory=list)


def _again(event: ev.Event, pot_before: int) -> Command | None:
    """The command that records the act `event` began again, to be decided afresh: what was
    typed, as far as the event shows it (a call calls what is owed now; an award that took a
    whole pot takes the whole pot again), or None."""
    from .verify import command_for

    cmd = command_for(event)
    if cmd is None or cmd.verb in ("void", "open", "switch"):
        return None
    if isinstance(event, ev.Call):
        return replace(cmd, amount=None)
    if isinstance(event, ev.PotAwarded) and len(event.shares) == 1 and event.shares[0].amount == pot_before:
        return replace(cmd, player=event.shares[0].player, shares=())
    return cmd


@dataclass
class _Import:
    """One import in progress: each session's place, the rows not yet inserted, the write lock."""

    result: ImportResult
    # sid -> [last seq, its hash, state, stored upto, this import's events since the last mark, that mark's seq]
    sessions: dict[str, list] = field(default_factory=dict)
    batch: list[tuple[str, int, str, str, str, str, str]] = field(default_factory=list)
    marks: dict[str, list[tuple[int, TableState]]] = field(default_factory=dict)  # see _refold_for_import
    locked: bool = False
    lock: ExitStack = field(default_factory=ExitStack)  # holds the write transaction once `locked`
    packs: dict[tuple, str] = field(default_factory=dict)  # (game, options) -> the pack its cards come from
    current: str = ""  # the session of the line before
    order: dict[str, None] = field(default_factory=dict)  # the sessions the lines were last about, oldest first


_Parsed = tuple[str, int, str, str, str, str, ev.Event, bool]
"""A line read: session, seq, recorded_at, prev_hash, hash, canonical body, event, and whether
its chain hash was checked already."""


def _fast_parser() -> Callable[[str, _Import], _Parsed | None] | None:
    """What `Ledger._parse_line` gives for a good line, through orjson (about 5x quicker to read
    and write JSON), or None for any line it is not sure of: that line goes through
    `_parse_line`, which words the refusal (or takes it: orjson refuses NaN and lone
    surrogates that the json module reads, and reads integers past 64 bits as floats).

    The canonical body is orjson's sorted dump, the very text ``json.dumps(sort_keys=True,
    separators=(",", ":"), ensure_ascii=False)`` writes for what an event can hold (text,
    integers, true, false, null, arrays, objects; keys in code point order): every code point
    is written alike (`tests/test_store_head.py` checks them all). Floats, where the two
    write differently, never get this far: every event model is strict, so a body holding one
    is refused, and refused lines are read again by `_parse_line`. None when orjson is not
    installed."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    loads, dumps, sort = orjson.loads, orjson.dumps, orjson.OPT_SORT_KEYS
    parse_typed, max_int, session_id, utc_shape = ev.parse_typed, ev.MAX_INT, SESSION_ID.fullmatch, _UTC.fullmatch
    quick_hash = _quick_chain_hash(orjson)
    sids: set[str] = set()  # session names found good
    days: set[str] = set()  # recorded_at's first 19 characters (2026-11-21T21:04:36), found good
    rests: set[str] = set()  # and what follows them (.720Z)

    def parse(line: str, imp: _Import) -> _Parsed | None:
        try:
            obj = loads(line)
            sid, seq, at, prev, h, body_obj = (obj["session"], obj["seq"], obj["recorded_at"], obj["prev_hash"],
                                              obj["hash"], obj["event"])
            if (type(sid) is not str or type(seq) is not int or type(at) is not str or type(prev) is not str
                    or type(h) is not str or type(body_obj) is not dict or seq < 1 or seq > max_int or len(at) > 40):
                return None
            if sid not in sids:
                if not session_id(sid):
                    return None
                sids.add(sid)
            day, rest = at[:19], at[19:]  # `check_utc` in two halves, each kept once found good:
            if day not in days or rest not in rests:  # the date and time to the second, and the rest
                if not utc_shape(at):
                    return None
                datetime.fromisoformat(day)  # (past the shape, only these decide)
                if len(days) > 4096 or len(rests) > 4096:
                    days.clear()
                    rests.clear()
                days.add(day)
                rests.add(rest)
            body = dumps(body_obj, option=sort).decode()
            etype = body_obj.get("type")
            event = parse_typed(etype if type(etype) is str else "", body)
            hashed = quick_hash is not None and quick_hash(prev, body, sid, seq, event.type, at) == h
        except Exception:  # whatever it is, `_parse_line` says it (or takes the line)
            return None
        return sid, seq, at, prev, h, body, event, hashed
    return parse


def _quick_chain_hash(orjson: Any) -> Callable[[str, str, str, int, str, str], str] | None:  # noqa: ANN401
    """`events.chain_hash` with orjson writing the JSON array it hashes (the same bytes: every
    code point is escaped alike, `tests/test_store_head.py`), or None if it does not give
    what `chain_hash` gives on a line of awkward text (a scheme changed there)."""
    from hashlib import sha256

    dumps, tag = orjson.dumps, getattr(ev, "_HASH_TAG", None)

    def quick(prev: str, body: str, session: str, seq: int, etype: str, at: str) -> str:
        return sha256(dumps([tag, session, seq, etype, body, at, prev])).hexdigest()

    awkward = ('{"text":"\\\"quoted\"\u0007 \u2028 éß 🂡 \\n","type":"note"}', "a.B-c_9", 2**40 + 7,
               "note", "2025-01-02T03:04:05.678Z", "f" * 64)
    body, session, seq, etype, at, prev = awkward
    try:
        same = quick(prev, body, session, seq, etype, at) == ev.chain_hash(prev, body, session=session, seq=seq,
                                                                            etype=etype, recorded_at=at)
    except Exception:
        same = False
    return quick if same and isinstance(tag, str) else None


class Ledger:
    """A potlog database and the operations on it."""

    def __init__(self, store: EventStore):
        self.store = store
        self._heads: dict[str, TableState] | None = None  # inside `batch()`: each session's decided head
        self._points: dict[str, TableState] = {}  # states just before a hand started, to keep as checkpoints
        self._later: dict[str, tuple[TableState, str]] = {}  # such a state recorded, not yet written; its hash
        self._shared = 0  # inside `sharing()`: `open` of this database returns this ledger, `close` keeps it
        self._capture: list[tuple[Command, str | None]] | None = None  # inside `capture()`
        self._void_base: tuple[str, int, int, TableState] | None = None  # see `_void_head`
        self._decided: dict[str, tuple[TableState, int | None, str | None]] = {}  # see `_append`

    @classmethod
    def open(cls, path: str | None = None) -> Ledger:
        shared = _SHARED.get(_db_key(path))
        if shared is not None:  # inside `sharing()` (potlog run): the same ledger, in the same transaction
            return shared
        from .pgstore import open_store  # a SQLite file, or a postgresql:// URL (psycopg is imported only then)

        return cls(open_store(path))

    def close(self) -> None:
        if not self._shared:
            self.flush()
            self.store.close()

    def flush(self) -> None:
        """Write the hands' checkpoints this recorder still keeps in memory (best-effort:
        they are a cache; one that no longer matches the log is not written)."""
        from .snapshots import write_checkpoint

        later, self._later = self._later, {}
        for session, (point, head) in later.items():
            write_checkpoint(self.store, session, point, head=head)

    # ------------------------------------------------------------------ one transaction
    @contextmanager
    def batch(self) -> Iterator[Ledger]:
        """Several commands as one write transaction: each `execute` inside is decided on the
        state the ones before it left (kept in memory, never reloaded) and appended as a
        savepoint; all of it is committed at the end, or nothing if the block raises.
        Re-entered, it is part of the outer batch."""
        if self._heads is not None:
            yield self
            return
        self._heads = {}
        try:
            with self.store.held():
                yield self
        except BaseException:
            self._heads, self._points = None, {}
            raise
        heads, self._heads = self._heads, None
        from .snapshots import snapshot_due, write_snapshot

        for sid, state in heads.items():  # committed: they are the heads now (and a snapshot, when due)
            h = self.store.hash_at(sid, state.seq)
            if h is not None:
                due = snapshot_due(self.store, sid, state.seq)
                self._new_head(sid, state, h, snapshot=due and write_snapshot(self.store, sid, state))

    @contextmanager
    def step(self) -> Iterator[None]:
        """One savepoint inside a `batch` (outside one, nothing): if the block raises, what it
        wrote is undone, and the heads kept in memory are read again from the log."""
        if self._heads is None:
            yield
            return
        try:
            with self.store.savepoint("step"):
                yield
        except BaseException:
            self._heads.clear()
            self._points.clear()
            raise

    @contextmanager
    def sharing(self) -> Iterator[Ledger]:
        """While inside, `Ledger.open` of this database returns this very ledger (and `close`
        leaves it open): code that opens and closes a ledger per command (the CLI's, run line
        by line) works inside this ledger's `batch`."""
        key = _db_key(self.store.path)
        before = _SHARED.get(key)
        _SHARED[key] = self
        self._shared += 1
        try:
            yield self
        finally:
            self._shared -= 1
            if before is None:
                _SHARED.pop(key, None)
            else:
                _SHARED[key] = before

    @contextmanager
    def capture(self) -> Iterator[list[tuple[Command, str | None]]]:
        """While inside, `execute` records nothing: it keeps the (command, override) it was
        given and raises `Captured` (for ``potlog amend SEQ -- COMMAND``: the command as the
        CLI parses it)."""
        got: list[tuple[Command, str | None]] = []
        self._capture = got
        try:
            yield got
        finally:
            self._capture = None

    def _new_head(self, session: str, state: TableState, head_hash: str, *, snapshot: bool = False) -> None:
        """`state` (decided and applied; the caller gives it up) is the session's head: keep it
        in the memo (`snapshot`: it was just written as the snapshot too), and the state
        before a hand that started as a checkpoint."""
        from .snapshots import remember_head, write_checkpoint

        point = self._points.pop(session, None)
        if point is not None:
            write_checkpoint(self.store, session, point)
        remember_head(self.store, session, state, head_hash, snapshot=snapshot)

    def _stamp(self, session: str, now: str | None) -> str:
        """`now`, else the time: later than anything this process recorded in the session, so
        each command (an act) has a time of its own (`acts` groups events by it)."""
        if now:
            return now
        ms = time.time_ns() // 1_000_000
        key = (self.store.path, session)
        last = _LAST_AT.get(key)
        if last is not None and ms <= last:
            ms = last + 1
        _LAST_AT[key] = ms
        return _utc_text(ms)

    # ------------------------------------------------------------------ sessions
    def current(self, session: str | None = None) -> str:
        """The session named, else the current one; `NotFound` with a hint if there is none."""
        sid = session or self.store.get_meta(CURRENT)
        if not sid:
            raise NotFound("no current session: start one with 'potlog new GAME' or pass --session")
        self.store.require(sid)
        return sid

    def adopt(self, imported: list[str], use: bool) -> bool:
        """After an import: the last session of `imported` becomes current when `use` asks, or
        when the database has no current session yet; a table recorded live keeps its current
        session (its next ``bet`` must not go into an imported one). True when it did."""
        if not imported:
            return False
        current = self.store.get_meta(CURRENT)
        if not use and current and self.store.exists(current):
            return False
        self.use(imported[-1])
        return True

    def use(self, session: str) -> None:
        self.store.require(session)
        self._set_current(session)

    def _set_current(self, session: str) -> None:
        self.store.set_meta(CURRENT, session)  # one statement, so inside a batch it is part of its transaction

    def new_session(self, game: str, players: list[tuple[str, int]], *, options: dict | None = None,
                    name: str | None = None, chip_unit: str = "chip", title: str = "",
                    now: str | None = None) -> str:
        """Open a session with its players seated in the order given; it becomes current."""
        rules = get_ruleset(game)
        sid = check_session_id(name) if name else self._free_name(game, now or utc_now())
        if name and self.store.exists(sid):
            raise RuleViolation(f"a session called {sid} exists already: pick another --name")
        now = self._stamp(sid, now)  # (a time of its own: the first act after it is not grouped with it)
        state = TableState(session=sid)
        events = list(rules.decide(state, Command("open", options=fresh_options(rules.options, dict(options or {})),
                                                  chip_unit=chip_unit, title=title)))
        state = self._trial(state, events)
        rules.check_seats(len(players), state.options)  # options first: they may narrow the seats
        for player, buyin in players:
            new = rules.decide(state, Command("join", player=seat_name(state, player), amount=buyin))
            state = self._trial(state, new)
            events += new
        for attempt in range(RETRIES + 1):
            if attempt and not name:  # someone opened that one just now: the next free name
                sid = self._free_name(game, now)
            try:
                self._append(sid, 1, events, now)
                break
            except Conflict:
                if not self.store.exists(sid):  # the database was busy, not a session made first
                    raise
                if name or attempt == RETRIES:
                    raise RuleViolation(f"a session called {sid} was opened by someone else just now: "
                                        + ("pick another --name" if name else "try again")) from None
        self._set_current(sid)
        return sid

    def _free_name(self, game: str, now: str) -> str:
        """GAME-DATE, else GAME-DATE-2, GAME-DATE-3 ...: the first not taken."""
        stem = f"{game}-{now[:10]}"
        sid, n = stem, 1
        while self.store.exists(sid):
            n += 1
            sid = f"{stem}-{n}"
        return sid

    # ------------------------------------------------------------------ reading
    def state(self, session: str, upto: int | None = None) -> TableState:
        """The table after `upto` (default: the last event)."""
        if self._heads is not None:  # inside a batch: the head decided last, kept in memory
            head = self._heads.get(session)
            if head is not None and (upto is None or upto >= head.seq):
                return head.clone()
        return snapshots.load_state(self.store, session, upto)

    def fold_session(self, session: str, upto: int | None = None, *, checked: bool = False,
                     observer=None) -> TableState:
        """Fold from scratch, no snapshot (audits, verification)."""
        voids = self.store.voids(session, upto)
        return fold(self.store.events(session, 0, upto), state=TableState(session=session),
                    voided=set(voids), checked=checked, observer=observer)

    # ------------------------------------------------------------------ writing
    def execute(self, session: str, cmd: Command, *, override: str | None = None,
                now: str | None = None) -> list[ev.Recorded]:
        """Decide `cmd` against the session's rules and record what it causes.

        The events are appended at the seq after the table they were decided on, never at
        whatever the head is by then. If another recorder wrote first, `cmd` is decided again
        on the new table: the same events are appended after theirs, anything else is a
        `Conflict` that names what was recorded first. `RETRIES` decisions at most, the last
        one holding the write lock.

        ``all`` as the player (``ante all 1``, ``check all``, ``call all``) or as where cards
        go (``deal all -n 2``) is the command once per player in turn order, each decided on
        the table the ones before it left, recorded together as one act; the first player it
        is refused for refuses the whole of it.
        """
        if self._capture is not None:  # `capture()`: what would be recorded is only wanted
            self._capture.append((cmd, override))
            raise Captured()
        if self._heads is not None:
            return self._execute_held(session, cmd, override, now)
        stored: int | None = None  # the session's snapshot seq, as far as this process knows
        expect: str | None = None  # the hash the head must still have when appending (a memo's head)
        state = self._void_head(session, cmd.target) if cmd.verb == "void" else None
        if state is not None:  # the snapshot stays as it is while it is before the target, else one is due
            stored = snapshots.snapshot_seq(self.store, session)
            if not 0 < stored < (cmd.target or 0):
                stored = None
        if state is None:  # the head itself, no copy: decided on in place, kept as the new head once recorded
            seen, events, state, stored, expect = self._decide_head(session, cmd, override)
        else:
            seen, events, state = self._decide(session, state, cmd, override)
        for attempt in range(1, RETRIES):
            self._decided[session] = (state, stored, expect)  # what `_append` keeps as the head, once recorded
            try:
                return self._append(session, seen + 1, events, self._stamp(session, now))
            except Conflict:
                if expect is not None and self.store.hash_at(session, seen) != expect:
                    # the head this process kept is not in this log (the database file was replaced):
                    # decided on the log as it is, as if it had been read first
                    state, stored = snapshots.take_head(self.store, session)
                    seen, events, state = self._decide(session, state, cmd, override)
                    expect = None
                    continue
                if self.store.last_seq(session) <= seen:  # nobody wrote: the database was busy
                    raise
                expect = None  # overtaken: decided again below, as a head read from the log would be
            if attempt == RETRIES - 1:  # the last time, decided under the write lock: nobody can overtake it
                return self._append_locked(session, cmd, override, seen, events, now)
            time.sleep(random.uniform(0.001, 0.004) * attempt)
            seen, events, state = self._decide_again(session, self.state(session), cmd, override, seen, events)
            stored = None  # (`state` kept a copy in the memo, with the snapshot seq)
        raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises

    def _decide_head(self, session: str, cmd: Command, override: str | None
                     ) -> tuple[int, list[ev.Event], TableState, int | None, str | None]:
        """`_decide` on the session's head, with the snapshot seq and the hash the head must
        still have when the events are appended. The head this process recorded last (the
        memo's) is decided on without reading the log; a refusal there stands only once the
        log says that head is still the head (else another recorder wrote since: the command
        is decided on the log as it is)."""
        held = snapshots.take_memo_head(self.store, session)
        if held is not None:
            state, stored, expect = held
            at = state.seq
            try:
                return (*self._decide(session, state, cmd, override), stored, expect)
            except PotlogError:
                if self.store.head(session) == (at, expect):
                    raise
        state, stored = snapshots.take_head(self.store, session)
        return (*self._decide(session, state, cmd, override), stored, None)

    def _execute_held(self, session: str, cmd: Command, override: str | None,
                      now: str | None) -> list[ev.Recorded]:
        """`execute` inside a batch: decided on the head kept in memory, appended in the batch's
        transaction; nobody else can write meanwhile."""
        assert self._heads is not None
        state = self._heads.pop(session, None)  # used up by the decision; put back decided
        if state is None:
            state = self.state(session)
        seen, events, state = self._decide(session, state, cmd, override)
        out = self._append(session, seen + 1, events, self._stamp(session, now))
        if _as_stored(events):
            self._heads[session] = state
        return out

    def _decide_again(self, session: str, state: TableState, cmd: Command, override: str | None, seen: int,
                      events: list[ev.Event]) -> tuple[int, list[ev.Event], TableState]:
        """`cmd` decided on the newer `state`: the same events (and the seq they now follow),
        or the `Conflict` that says who recorded what after `seen`."""
        try:
            again_seen, again, after = self._decide(session, state, cmd, override)
        except PotlogError as exc:
            raise self._moved(session, seen, f"now it would be refused: {exc}") from None
        if [ev.event_body(e) for e in again] != [ev.event_body(e) for e in events]:
            raise self._moved(session, seen, "now it would record something else") from None
        return again_seen, again, after

    def _append_locked(self, session: str, cmd: Command, override: str | None, seen: int,
                       events: list[ev.Event], now: str | None) -> list[ev.Recorded]:
        """Take the write lock, decide `cmd` once more on the head, and append the events if
        they are still the same, in that one transaction."""
        store = self.store
        with store.transaction():
            seen, events, after = self._decide_again(session, self.state(session), cmd, override, seen, events)
            at = self._stamp(session, now)
            last, prev = store.head(session)
            if last != seen:  # pragma: no cover - we hold the lock: the head is what was just decided on
                raise self._moved(session, seen, "")
            rows, out = [], []
            for seq, e in enumerate(events, seen + 1):
                body = ev.event_body(e)
                h = ev.chain_hash(prev, body, session=session, seq=seq, etype=e.type, recorded_at=at)
                rows.append((session, seq, e.type, body, prev, h, at))
                out.append(ev.Recorded(session, seq, at, prev, h, body, e))
                prev = h
            store.insert_rows(rows)
        if out and _as_stored(events):
            self._new_head(session, after, out[-1].hash)
        return out

    def _decide(self, session: str, state: TableState, cmd: Command,
                override: str | None) -> tuple[int, list[ev.Event], TableState]:
        """(the seq the decision is based on, the events `cmd` records there, the table after
        them), checked; raises the refusal. `state` is the caller's own copy and is used up."""
        if _is_all(getattr(cmd, _ALL_FIELD.get(cmd.verb, "player"))) or _is_all(cmd.player):
            try:  # a game may read 'all' itself (kit.deal: everyone short of their cards)
                native = self._decide_one(session, state.clone(), cmd, None)
                if not any(_is_all(getattr(e, f, None)) for e in native[1] for f in ("to", "player", "holder")):
                    return native  # (the plain table verbs would take 'all' for a board)
            except PotlogError:
                pass
            return self._decide_all(session, state, cmd, override)
        return self._decide_one(session, state, cmd, override)

    def _decide_one(self, session: str, state: TableState, cmd: Command,
                    override: str | None) -> tuple[int, list[ev.Event], TableState]:
        seen = state.seq
        rules = get_ruleset(state.game)
        cmd = resolve_names(state, cmd)
        if cmd.verb == "switch" and cmd.name:  # a table moving on now gets a new table's options
            cmd = replace(cmd, options=fresh_options(get_ruleset(cmd.name).options, cmd.options))
        try:
            events = list((switch_game if cmd.verb == "switch" else rules.decide)(state, cmd))  # the table's act, any game
        except ChipError:
            raise
        except RuleViolation as refusal:
            if override is None:
                raise
            if not override.strip():
                raise InputError("--override needs a reason, for the audit") from None
            from .games.base import forced

            try:
                events = list(forced(state, cmd))
            except PotlogError as exc:
                raise RuleViolation(f"{refusal} (and it cannot be recorded even as a ruling: {exc})") from None
            events = [e.model_copy(update={"ruling": override.strip()}) for e in events]
        if cmd.verb == "void":
            assert cmd.target is not None  # a void without a target is refused by decide, override or not
            state = self._void_state(session, state, cmd.target, events)
        else:
            self._trial(state, events, in_place=True)
        return seen, events, state

    def _decide_all(self, session: str, state: TableState, cmd: Command,
                    override: str | None) -> tuple[int, list[ev.Event], TableState]:
        """``VERB all``: `cmd` for each player in turn order, each decided on the table the
        ones before left; refused whole at the first player it is refused for."""
        where = _ALL_FIELD.get(cmd.verb)
        if where is None:
            raise InputError(f"'all' works with {', '.join(_ALL_FIELD)} (once per player in turn order), "
                             f"not with {cmd.verb}: name the player")
        seen = state.seq
        order = _turn_order(state, cmd.verb)
        if not order:
            raise RuleViolation(f"nobody to {cmd.verb}: no player is in the hand")
        events: list[ev.Event] = []
        for name in order:
            try:
                _, more, state = self._decide_one(session, state, replace(cmd, **{where: name}), override)  # type: ignore[arg-type]
            except PotlogError as exc:
                raise type(exc)(f"{cmd.verb} all stops at {name}: {exc} (nothing was recorded)") from None
            events += more
        return seen, events, state
    def _moved(self, session: str, seen: int, why: str) -> Conflict:
        """The one line for a command overtaken by another recorder: what they recorded."""
        from .describe import describe

        head = self.store.last_seq(session)
        first = next(iter(self.store.recorded(session, seen, seen + 1)), None)
        what = describe(first.event) if first is not None else "an event"
        more = f" (and {head - seen - 1} more, up to seq {head})" if head > seen + 1 else ""
        why = f"; {why}" if why else ""
        return Conflict(f"someone recorded seq {seen + 1} first: {what}{more}{why}; nothing was recorded: "
                        "look at the table and run the command again if it still holds")

    def _trial(self, state: TableState, events: list[ev.Event], *, in_place: bool = False) -> TableState:
        """Apply `events` to a copy (or to `state` itself, when the caller is done with it) and
        check the chips; raise if anything breaks. The table just before a hand starts is kept
        aside, to become a checkpoint once recorded."""
        trial = state if in_place else state.clone()
        seq = trial.seq
        for e in events:
            if isinstance(e, ev.HandStarted) and trial.seq > 0 and trial.session:
                self._points[trial.session] = trial.clone()
            seq += 1
            apply(trial, seq, e)
            check(trial, hand_closed=isinstance(e, ev.HandEnded))
            check_limits(trial)
        return trial

    def _void_head(self, session: str, target: int | None) -> TableState | None:
        """For a void: the head folded from the state before `target` that the void's refold
        starts from as well (one state read, not two), or None to load the head as usual."""
        from .snapshots import _voids_after, base_before

        self._void_base = None
        last = self.store.last_seq(session)
        if not isinstance(target, int) or not 1 < target <= last:
            return None
        start, base = base_before(self.store, session, target, last)
        if start == 0:
            return None
        head = fold(self.store.events(session, start, last), state=base,
                    voided=_voids_after(self.store, session, start, last))
        head.seq = last
        self._void_base = (session, last, start, base)
        return head

    def _void_state(self, session: str, state: TableState, target: int, events: list[ev.Event]) -> TableState:
        """The table after `events` (a void of `target`, decided on `state`, the head): the log
        folded again without the target, chips checked after every event, from the latest
        state before the target that no later void reaches back past (`snapshots.base_before`:
        for a target in the current hand, a checkpoint kept at its start), never the whole
        night when one is there."""
        from .snapshots import _voids_after, base_before

        head = state.seq
        kept, self._void_base = self._void_base, None
        if kept is not None and kept[:2] == (session, head) and kept[2] < target:
            start, base = kept[2], kept[3]  # `fold` copies it: still the state before the target
        else:
            start, base = base_before(self.store, session, target, head)
        voided = _voids_after(self.store, session, start, head) | {target}
        try:
            after = fold(self.store.events(session, start, head), state=base, voided=voided, checked=True)
            after.seq = head
            return self._trial(after, events, in_place=True)
        except ChipError as exc:
            raise RuleViolation(f"voiding seq {target} would break the chips ({exc}): void the later events first") from None
        except PotlogError:
            raise
        except Exception:  # an event after the target needs it (a bet by a player it seated...)
            raise RuleViolation(
                f"later events depend on seq {target}: void those first, newest first"
            ) from None

    def _append(self, session: str, first_seq: int, events: list[ev.Event], now: str) -> list[ev.Recorded]:
        """Append `events` at `first_seq` in one transaction (or a savepoint of the batch's).

        When `execute` left the state its decision made (`_decided`) for exactly these
        events (and they apply as stored: `_as_stored`), that state becomes the session's
        head once they are recorded: nothing is
        read back or copied; and the checkpoint of a hand they start, and the snapshot when
        one is due, are written in the same transaction (their JSON made before the write
        lock is taken)."""
        decided = self._decided.pop(session, None)
        bodies = [(e.type, ev.event_body(e)) for e in events]  # the stored type column
        if decided is None or not events or decided[0].seq != first_seq + len(events) - 1 or not _as_stored(events):
            if decided is not None:  # (a table that is not kept is not kept as a checkpoint either)
                self._points.pop(session, None)
            written = self.store.append(session, first_seq, bodies, now)
            return [ev.Recorded(session, seq, now, prev, h, body, e)
                    for (seq, prev, h), (_, body), e in zip(written, bodies, events)]
        state, stored, expect = decided
        due = snapshots.snapshot_due(self.store, session, state.seq, stored)
        point = self._points.pop(session, None)
        point_head: str | None = None  # (a point this command made: its hash is among the rows written)
        if point is not None and expect is not None and not due:
            # a recorder that goes on (it decided on the head it kept): the hand's checkpoint
            # waits, in memory, for the next snapshot or `close`, not written with every hand
            later, point = point, None
        else:
            later = None
            if due and point is None and session in self._later:
                point, point_head = self._later.pop(session)
        cache = snapshots.PendingCache(self.store, session, state if due else None, point, point_head)
        written, cached = self.store.append_cached(session, first_seq, bodies, now, cache.writes, expect)
        out = [ev.Recorded(session, seq, now, prev, h, body, e)
               for (seq, prev, h), (_, body), e in zip(written, bodies, events)]
        if later is not None and out:
            at = {r.seq: r.hash for r in out}
            at[out[0].seq - 1] = out[0].prev_hash
            if later.seq in at:
                self._later[session] = (later, at[later.seq])
        elif point is not None:
            self._later.pop(session, None)  # (written now, or superseded by a newer hand's)
        if out and out[-1].seq == state.seq:
            snapshots.remember_head(self.store, session, state, out[-1].hash, stored=stored,
                          snapshot=cached and cache.snapshot is not None)
        return out

    # ------------------------------------------------------------------ corrections
    def acts(self, session: str, voided: Iterable[int] = ()) -> Iterator[list[int]]:
        """The session's acts, newest first, each as its seqs in order: one recorded command
        with the steps potlog recorded after it (they share the time they were recorded at;
        `execute` gives every command a time of its own). Voids and voided events are left
        out: an act undone is no longer an act."""
        gone = set(voided)
        group: list[int] = []
        at = None
        for seq, etype, recorded_at in self.store.stamps(session):  # lazily: an undo reads only the last few acts
            if etype == "void" or seq in gone:
                continue
            if group and recorded_at != at:
                yield group
                group = []
            group.insert(0, seq)
            at = recorded_at
        if group:
            yield group

    def undo(self, session: str, n: int = 1, *, reason: str = "undo", now: str | None = None) -> list[ev.Recorded]:
        """Void the last `n` acts, newest first, each event of an act newest first (as the
        games that want corrections newest first require), in one transaction: if the rules
        refuse any of those voids, nothing is recorded."""
        from .describe import describe

        if n < 1:
            raise InputError("undo takes a number of acts from 1")
        reason = reason.strip() or "undo"
        with self.batch():
            state = self.state(session)
            acts = list(islice(self.acts(session, state.voided), n))
            if len(acts) < n or any(1 in act for act in acts):
                can = len([a for a in acts if 1 not in a])
                raise RuleViolation(f"there {'is' if can == 1 else 'are'} only {can} act{'s' if can != 1 else ''} to "
                                    f"undo (opening the session is not one: start a new session instead)")
            out: list[ev.Recorded] = []
            for act in acts:
                for seq in reversed(act):
                    try:
                        out += self.execute(session, Command("void", target=seq, reason=reason), now=now)
                    except PotlogError as exc:
                        first = next(iter(self.store.recorded(session, act[0] - 1, act[0])))
                        raise type(exc)(f"cannot undo seq {act[0]} ({describe(first.event)}): {exc}; "
                                        "nothing was recorded") from None
            return out

    def amend(self, session: str, seq: int, cmd: Command, *, override: str | None = None,
              reason: str = "", now: str | None = None) -> Amended:
        """Replace the act that recorded `seq` by `cmd`: void it and every act after it (newest
        first), record `cmd`, then record each later act again, decided afresh on the new
        table, oldest first; the ones the rules now refuse (or that potlog cannot rebuild a
        command for) are left out and listed. One transaction: if voiding or `cmd` is refused,
        nothing is recorded."""
        from .describe import describe
        from .snapshots import _voids_after, base_before

        if cmd.verb in ("void", "close", "open"):
            raise InputError(f"amend replaces an act with a command that records it again; '{cmd.verb}' is not one "
                             "(to cancel an act: potlog void SEQ or potlog undo)")
        with self.batch():
            state = self.state(session)
            if not 1 <= seq <= state.seq:
                raise RuleViolation(f"there is no seq {seq} (the last is {state.seq})")
            if seq in state.voided:
                raise RuleViolation(f"seq {seq} is void already: nothing to amend")
            acts: list[list[int]] = []
            for act in self.acts(session, state.voided):
                acts.append(act)
                if act[0] <= seq:
                    break
            if not acts or seq not in acts[-1]:
                raise RuleViolation(f"seq {seq} is a void, not an act: amend the act it cancelled, or undo")
            if 1 in acts[-1]:
                raise RuleViolation("the act that opened the session cannot be amended: start a new session instead")
            later = list(reversed(acts[:-1]))  # oldest first
            first_seq = acts[-1][0]
            # what each later act was: its first event, and the pot it could have taken whole
            # (for a physical count: the stack the ledger gave when it was counted)
            wanted = {s for act in later for s in act}
            begun: dict[int, tuple[ev.Event, int]] = {}
            base_seq, table = base_before(self.store, session, first_seq, state.seq)
            voided = _voids_after(self.store, session, base_seq, state.seq)
            for at, event in self.store.events(session, base_seq, state.seq):
                if at in wanted:
                    begun[at] = (event, table.stack(event.player) if isinstance(event, ev.ChipCount) else
                                 table.balance(event.pot if isinstance(event, ev.PotAwarded) else "pot"))
                if at in voided:
                    table.seq = at
                    continue
                apply(table, at, event)
            why = reason.strip() or f"amended: seq {first_seq} replaced"
            voids: list[ev.Recorded] = []
            for act in acts:
                for target in reversed(act):
                    try:
                        voids += self.execute(session, Command("void", target=target, reason=why), now=now)
                    except PotlogError as exc:
                        raise type(exc)(f"cannot amend seq {seq}: voiding seq {target} is refused: {exc}; nothing was "
                                        "recorded") from None
            try:
                recorded = self.execute(session, cmd, override=override, now=now)
            except PotlogError as exc:
                raise type(exc)(f"the corrected act is refused: {exc}; nothing was recorded") from None
            result = Amended(voided=voids, recorded=recorded)
            for act in later:  # each act again as one act (one time): its events re-decided in order,
                when = self._stamp(session, now)  # what one decides records, the steps after it included
                i = 0
                while i < len(act):
                    event, whole = begun[act[i]]
                    again = _again(event, whole)
                    if again is None:
                        result.dropped.append((act[i], describe(event), f"potlog cannot record a {event.type} "
                                               "again by itself: record it again if it still holds"))
                        break
                    if isinstance(event, ev.ChipCount):
                        now_have = self.state(session).stack(event.player)
                    try:
                        made = self.execute(session, again, override=event.ruling, now=when)
                    except PotlogError as exc:
                        result.dropped.append((act[i], describe(event), str(exc)))
                        break
                    if isinstance(event, ev.ChipCount) and now_have != whole:
                        result.counts.append(_count_again(event, act[i], made[0].seq, whole, now_have))
                    result.redone += made
                    i += len(made)
            return result

    # ------------------------------------------------------------------ import / export
    def export_lines(self, session: str) -> Iterable[str]:
        for rec in self.store.recorded(session):
            yield ev.canonical_json(rec.to_line())

    def import_lines(self, lines: Iterable[str], *, progress: Callable[[int], None] | None = None) -> ImportResult:
        """Import JSONL events (as `export --format jsonl` writes them), checked link by link.

        Every line must parse, validate, continue its session's seq and hash chain, and leave
        a log the rest of potlog can read: known game and options, cards of the table's pack,
        a UTC time, players who sat down, chips whole and within `events.MAX_CHIPS` per
        account. A line already stored (same seq) must be the very same row (body, hash,
        time) and is skipped, so importing the same file twice adds nothing; those are
        compared before the write lock is taken, so a no-op import never holds it. From the
        first new line on, the import is one transaction (other recorders wait for it):
        nothing is written unless every line is good. Lines stream through in batches, so a
        large file costs little memory. A line is read with orjson when it can be
        (`_fast_parser`: the very same body, event and checks), else with the json module,
        which words every refusal; a void folds again from a recent mark (`_mark`).
        """
        imp = _Import(ImportResult())
        result, batch, one, slow = imp.result, imp.batch, self._import_line, self._parse_line
        fast = _fast_parser() or (lambda line, imp: None)
        with ExitStack() as imp.lock:  # the write lock, once taken (`_lock_for_import`), to the end
            for n, line in enumerate(lines, 1):
                result.lines = n
                if progress is not None:
                    progress(n)
                if not line or line.isspace():
                    continue
                try:
                    one(fast(line, imp) or slow(line), imp)
                except PotlogError as exc:
                    msg = str(exc)
                    raise type(exc)(msg if msg.startswith("line ") else f"line {n}: {msg}") from None
                if len(batch) >= IMPORT_BATCH:
                    self.store.insert_rows(batch)
                    batch.clear()
            if imp.locked:
                self.store.insert_rows(imp.batch)  # committed as the lock is given back
        return imp.result

    def _lock_for_import(self, imp: _Import) -> None:
        """Take the write lock for the first new line, and look again at every session met so
        far: another recorder may have written since its lines were compared."""
        imp.lock.enter_context(self.store.transaction())
        imp.locked = True
        for sid, place in list(imp.sessions.items()):
            head, _ = self.store.head(sid)
            if head != place[3]:  # only skipped lines so far: start from the new head
                st = self.state(sid)
                place[2], place[3], place[4], place[5] = st, head, [], head
                imp.marks[sid] = [(0, TableState(session=sid)), (head, st.clone())]

    def _parse_line(self, line: str) -> _Parsed:
        """One line as (session, seq, recorded_at, prev_hash, hash, canonical body, event), or
        the `InputError` that says what is wrong with it. (`_fast_parser` gives the same for
        a good line; this is the one that words every refusal.)"""
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as exc:  # JSONDecodeError, or a number of thousands of digits
            raise InputError(f"not JSON ({str(exc)[:60]}): each line is one event object as 'potlog export --format jsonl' writes it") from None
        if not isinstance(obj, dict):
            raise InputError("a line must be a JSON object with session, seq, recorded_at, prev_hash, hash and event")
        missing = [k for k in ("session", "seq", "recorded_at", "prev_hash", "hash", "event") if k not in obj]
        if missing:
            raise InputError(f"missing {', '.join(missing)}: each line has session, seq, recorded_at, prev_hash, hash and event")
        sid, seq, at, prev, h, body_obj = (obj[k] for k in ("session", "seq", "recorded_at", "prev_hash", "hash", "event"))
        if not isinstance(sid, str) or not SESSION_ID.fullmatch(sid):
            raise InputError("session must be a session name (letters, digits, '.', '_', '-')")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1 or seq > ev.MAX_INT:
            raise InputError("seq must be a whole number from 1")
        if not all(isinstance(x, str) for x in (at, prev, h)) or len(at) > 40:
            raise InputError("recorded_at, prev_hash and hash must be text")
        check_utc(at)
        if not isinstance(body_obj, dict):
            raise InputError("event must be a JSON object with a type")
        body = ev.canonical_json(body_obj)
        try:
            etype = body_obj.get("type")
            event = ev.parse_typed(etype if isinstance(etype, str) else "", body)
        except Exception as exc:  # pydantic's ValidationError: keep its first complaint
            errs = getattr(exc, "errors", lambda: [{"loc": (), "msg": str(exc)}])() or [{"loc": (), "msg": "invalid"}]
            # a union (a declared value: bool, int or text) reports each member: say the one that fits
            first = next((e for e in errs if not str(e.get("type", "")).endswith("_type")), errs[0])
            where = ".".join(str(x) for x in first["loc"] if str(x) not in ("bool", "int", "str") and "-" not in str(x))
            kinds = ", ".join(ev.TYPE_NAMES)
            hint = f" (known types: {kinds})" if "type" in where or "tag" in first["msg"] else ""
            msg = str(first["msg"]).removeprefix("Value error, ")
            raise InputError(f"event {where}: {msg}{hint}"[:400]) from None
        return sid, seq, at, prev, h, body, event, False

    def _import_line(self, parsed: _Parsed, imp: _Import) -> None:
        """One parsed line into the import: skipped if stored already (the very same row), else
        checked (seq, chain, rules of the log, chips) and applied."""
        sid, seq, at, prev, h, body, event, hashed = parsed
        place = imp.sessions.get(sid)
        if place is None:
            last, last_hash = self.store.head(sid)
            st = self.state(sid) if last else TableState(session=sid)
            place = imp.sessions[sid] = [last, last_hash, st, last, [], last]
            imp.marks[sid] = [(0, TableState(session=sid))] + ([(last, st.clone())] if last else [])
        if sid != imp.current:
            self._switch_session(sid, imp)
        if seq > place[3] and not imp.locked:
            self._lock_for_import(imp)  # the first line to write: the rest happens under the lock
        last, last_hash, st, stored_upto, recent, _ = place
        if seq <= stored_upto:  # already in the database: must be the very same row
            stored = next(iter(self.store.rows(sid, seq - 1, seq)), None)
            if stored is None or tuple(stored[1:]) != (event.type, body, prev, h, at):
                what = ("its event" if stored is None or stored[2] != body
                        else "its time" if stored[5] != at else "its hash")
                raise RuleViolation(f"seq {seq} of session {sid} is already stored, and {what} differs from this "
                                    "line: a log is never rewritten (import it under another session name)")
            imp.result.skipped[sid] = imp.result.skipped.get(sid, 0) + 1
            place[0], place[1] = seq, h
            return
        if seq != last + 1:
            raise InputError(f"seq {seq} of session {sid} does not follow seq {last}: events must be gapless and in order")
        if prev != last_hash:
            raise InputError(f"prev_hash of seq {seq} does not match the hash of seq {last}: the chain is broken here")
        etype = event.type
        if not hashed and ev.chain_hash(prev, body, session=sid, seq=seq, etype=etype, recorded_at=at) != h:
            raise InputError(ev.hash_mismatch(seq, prev, body, h))
        opened = isinstance(event, ev.SessionOpened)
        if seq == 1 and not opened:
            raise InputError("a session's seq 1 must be session_opened")
        if seq > 1 and opened:
            raise InputError("session_opened can only be seq 1")
        self._check_imported(st, event, imp)
        if isinstance(event, ev.Void):  # voids re-fold: check the target exists
            if event.target >= seq:
                raise InputError(f"void at seq {seq} names seq {event.target}, which is not before it")
            # a void needs the earlier events: fold again from the last mark before its target
            st = place[2] = self._refold_for_import(sid, seq, event, place, imp)
        else:
            try:
                apply(st, seq, event)
                check(st, hand_closed=isinstance(event, ev.HandEnded))
                check_limits(st)
            except ChipError as exc:
                raise RuleViolation(f"seq {seq} breaks the chips: {exc}") from None
            except PotlogError:
                raise
            except Exception as exc:
                raise InputError(f"seq {seq} cannot be applied ({type(exc).__name__}): it names something that does not exist") from None
            recent.append((seq, event))
        if seq % MARK_EVERY == 0:
            self._mark(sid, seq, st, place, imp)
        imp.batch.append((sid, seq, etype, body, prev, h, at))
        added = imp.result.added
        added[sid] = added.get(sid, 0) + 1
        place[0], place[1] = seq, h

    def _check_imported(self, st: TableState, event: ev.Event, imp: _Import | None = None) -> None:
        """What the models cannot see alone: the game and its options, the pack's cards, and
        that every player named has sat at this table (and that a new one does not look like
        one who has)."""
        if isinstance(event, ev.SessionOpened):
            from .games.ruleset import validate_options

            rules = get_ruleset(event.game)
            validate_options(rules.options, dict(event.options), event.game)
            return
        if isinstance(event, ev.PlayerJoined):
            seat_name(st, event.player)  # a look-alike of someone who sat here, or a word potlog keeps: refused
            return
        players_at, accounts_at, cards_at = _named_fields(type(event))
        if players_at or accounts_at:
            players: list[str] = []
            for attr in players_at:
                value = getattr(event, attr)
                if type(value) is str:
                    players.append(value)
                elif isinstance(value, str):
                    players.append(value)
                elif isinstance(value, list):  # shares
                    players += [share.player for share in value]
            for attr in accounts_at:
                account = getattr(event, attr)
                if account == "bank":
                    raise InputError("chips come from the bank only by player_joined or rebuy, and go back only by "
                                     "player_left: no other event names the bank")
                if account.startswith("seat:"):
                    players.append(account[5:])
            if players:
                seated = [s.name for s in st.seats]
                for name in players:
                    if name not in seated:
                        sat = ", ".join(seated) or "nobody yet"
                        raise InputError(f"{shown(name)} has never sat at this table (seated so far: {sat})")
        if cards_at:
            cards: list[str] = []
            for attr in cards_at:
                value = getattr(event, attr)
                cards += value if isinstance(value, list) else [value]
            if cards:
                _check_cards(st, cards, imp.packs if imp is not None else None)

    def _switch_session(self, sid: str, imp: _Import) -> None:
        """The import's lines turn to `sid`: of the sessions it left, the last `KEEP_MARKED`
        keep their marks and recent events; one further back keeps a single mark at its head
        (a void of its earlier events, should its lines come back, folds from the store)."""
        imp.current = sid
        order = imp.order
        order.pop(sid, None)
        order[sid] = None
        while len(order) > KEEP_MARKED:
            old = next(iter(order))
            del order[old]
            st = imp.sessions[old][2]  # (its state: at the last line added, or the stored head while skipping)
            imp.marks[old] = [(0, TableState(session=old)), (st.seq, st.clone())]
            imp.sessions[old][4:6] = [[], st.seq]

    def _mark(self, sid: str, seq: int, st: TableState, place: list, imp: _Import) -> None:
        """Keep the state after `seq` as a mark a void can fold again from: one every
        `MARK_EVERY` events over the last `MARK_NEAR` events, one in four further back, at
        most `MARKS_FAR` of those (a void reaching past them folds from the start). The events
        since the mark before the last stay in memory (`place[4]`, from `place[5]`)."""
        marks = imp.marks[sid]
        if len(marks) > 1 and marks[-1][0] > place[5]:  # the events before the last mark are no longer wanted
            keep_from = marks[-1][0]
            place[4] = [e for e in place[4] if e[0] > keep_from]
            place[5] = keep_from
        marks.append((seq, st.clone()))
        far = seq - MARK_NEAR
        if marks[1][0] < far:
            marks[1:] = [m for m in marks[1:] if m[0] >= far or m[0] % (4 * MARK_EVERY) == 0]
            if len(marks) > MARKS_FAR + MARK_NEAR // MARK_EVERY + 1:
                del marks[1:len(marks) - MARKS_FAR - MARK_NEAR // MARK_EVERY]

    def _refold_for_import(self, sid: str, seq: int, void: ev.Void, place: list, imp: _Import) -> TableState:
        """The session's state with `void` (at `seq`) applied: a void changes the past, so fold
        again from the last mark (`_mark`) before its target: over the events this import
        keeps in memory when the mark is a recent one,
        else reading the events back from the store (this import's rows included: they are
        inserted first, in the open transaction). Marks at or after the target are stale from
        now on and dropped."""
        checkpoints = imp.marks[sid]
        while checkpoints[-1][0] >= void.target:
            checkpoints.pop()
        base_seq, base = checkpoints[-1]
        if base_seq >= place[5]:  # a recent mark: its events are in memory
            allev = [e for e in place[4] if e[0] > base_seq]
        else:
            self.store.insert_rows(imp.batch)
            imp.batch.clear()
            allev = list(self.store.events(sid, base_seq, seq - 1))
        allev.append((seq, void))
        place[4], place[5] = allev, base_seq
        try:
            state = fold(allev, state=base, checked=True)
            check_limits(state)
            return state
        except ChipError as exc:
            raise RuleViolation(f"the void at seq {seq} breaks the chips: {exc}") from None
        except Exception as exc:
            raise InputError(f"the void at seq {seq} leaves later events without what they need ({type(exc).__name__})") from None


def _count_again(event: ev.ChipCount, was: int, seq: int, had: int, has: int) -> str:
    """A physical count recorded again by an amend, against the ledger at that same point: the
    count is what was seen then; what changed is the ledger it is compared with."""
    diff = event.counted - has
    against = "now agrees with it" if not diff else f"now differs by {diff:+d}"
    return (f"{event.player}'s count of {event.counted} (seq {was}, recorded again as seq {seq}): the ledger said "
            f"{had} when it was counted and says {has} at that point now: the count {against}")


def count_difference(state: TableState, player: str, counted: int) -> str | None:
    """What to say when a count of `player`'s chips is not what the ledger says, else None."""
    seated = [s.name for s in state.seats]
    name = player if state.seat(player) is not None else resolve(player, seated)
    if name is None:
        return None
    have = state.stack(name)
    if have == counted:
        return None
    diff = counted - have
    from .units import amount

    return (f"{name} counted {counted} but the ledger says {have}: {amount(abs(diff), state.chip_unit)} "
            f"{'more' if diff > 0 else 'fewer'} on the table (recorded; 'potlog audit' lists it)")


def _is_all(value: object) -> bool:
    """``all`` (or ``everyone``), in any case: words no player can be called."""
    return isinstance(value, str) and value.lower() in ("all", "everyone")


_ALL_FIELD = {"deal": "to", "ante": "player", "check": "player", "call": "player"}  # verb -> where 'all' goes


def _turn_order(state: TableState, verb: str) -> list[str]:
    """Who ``VERB all`` is for, once each, clockwise: antes and deals from the dealer's left to
    everyone in the hand (everyone seated between hands); checks and calls from whoever is to
    act, to everyone still in it (not folded, not all-in)."""
    hand = state.hand
    live = hand is not None and not hand.ended
    if verb in ("check", "call"):
        seats = [s for s in state.seats if s.in_hand and not s.folded and not s.all_in] if live else []
        start, after = (hand.to_act, False) if live and hand and hand.to_act else (hand.dealer if hand else None, True)
    else:
        seats = [s for s in state.seats if (s.in_hand if live else s.active)]
        start, after = (hand.dealer if hand else None), True
    names = [s.name for s in state.seats]
    wanted = {s.name for s in seats}
    if start in names:
        first = names.index(start) + (1 if after else 0)
    else:
        first = 0
    ring = [names[(first + i) % len(names)] for i in range(len(names))] if names else []
    return [n for n in ring if n in wanted]


_DICT_FIELDS: dict[type, tuple[str, ...]] = {}


def _as_stored(events: list[ev.Event]) -> bool:
    """Whether the table `events` left, applied as the command decided them, is the very table
    a fold of their stored bodies gives: not when one holds a dict with something in it (a
    session's or a switched game's options), which its stored body, canonical JSON, holds in
    sorted order. Such a table is not kept as the head: the next command folds it from the log."""
    for e in events:
        names = _DICT_FIELDS.get(type(e))
        if names is None:
            names = _DICT_FIELDS[type(e)] = tuple(
                name for name, f in type(e).model_fields.items()
                if typing.get_origin(f.annotation) is dict or f.annotation is dict)
        if any(getattr(e, name) for name in names):
            return False
    return True


_NAMED: dict[type, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {}


def _named_fields(cls: type[ev.Event]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """An event class's fields that name (players, accounts, cards), found once per class."""
    got = _NAMED.get(cls)
    if got is None:
        fields = cls.model_fields
        got = _NAMED[cls] = (
            tuple(f for f in ("player", "dealer", "first", "shares") if f in fields),
            tuple(f for f in ("pot", "from_account", "to_account") if f in fields),
            tuple(f for f in ("cards", "discard", "draw", "card") if f in fields and cls is not ev.DeckReshuffled),
        )
    return got


def _pack_of(st: TableState, cache: dict[tuple, str] | None = None) -> str:
    """The pack the session's game deals from, as its options say (``french52`` if none);
    `cache`: an import's, by game and options."""
    key: tuple | None = None
    if cache is not None:
        try:
            key = (st.game, *st.options.items())
            got = cache.get(key)
        except TypeError:  # an option that cannot be a key: not cached
            key = got = None
        if got is not None:
            return got
    from .games.ruleset import options_of

    try:
        opts = options_of(st, get_ruleset(st.game).options)
    except (PotlogError, ValueError):
        name = ""
    else:
        pack = getattr(opts, "pack", "french52")
        name = pack if isinstance(pack, str) else ""
    if key is not None and cache is not None:
        cache[key] = name
    return name


def _check_cards(st: TableState, cards: list[str], packs: dict[tuple, str] | None = None) -> None:
    """Every card is ``??`` or a card of the session's pack, written as potlog writes it."""
    name = _pack_of(st, packs)
    known = _PACK_CARDS.get(name)
    if known is not None and all(card in known for card in cards):
        return  # (the usual line: every card is of the pack)
    pack = PACKS.get(name)
    for card in cards:
        if card == UNKNOWN:
            continue
        if pack is not None and card not in pack:
            raise InputError(f"card {shown(card)} is not a card of the {name} pack (as potlog writes them: "
                             f"{pack.accepted}; ?? for an unseen card)")
        if pack is None and not any(card in p for p in PACKS.values()):
            raise InputError(f"card {shown(card)} is not a card of any pack potlog knows")


_PACK_CARDS: dict[str, frozenset[str]] = {name: frozenset(pack.cards) | {UNKNOWN} for name, pack in PACKS.items()}
"""Each pack's cards and ``??``: what `_check_cards` takes without looking further."""
