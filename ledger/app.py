"""The application layer: load a state, decide a command, append its events, in a few lines.

    state = ledger.state(session)                      # snapshot + fold of newer events
    events = ruleset.decide(state, command)            # or RuleViolation
    ledger.store.append(session, state.seq + 1, ...)   # one transaction, or Conflict

Everything the CLI does goes through a `Ledger`; nothing here prints.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable, Iterable

from . import events as ev
from .chips import check
from .commands import Command
from .errors import ChipError, InputError, NotFound, PotlogError, RuleViolation
from .games import get_ruleset
from .reducer import apply, fold
from .state import TableState
from .store import Store

SESSION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
CURRENT = "current_session"


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def check_session_id(name: str) -> str:
    if not SESSION_ID.match(name):
        raise InputError(
            f"{name[:40]!r} is not a session name: use 1 to 64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    return name


@dataclass
class ImportResult:
    added: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    lines: int = 0


class Ledger:
    """A potlog database and the operations on it."""

    def __init__(self, store: Store):
        self.store = store

    @classmethod
    def open(cls, path: str | None = None) -> Ledger:
        return cls(Store.open(path))

    def close(self) -> None:
        self.store.close()

    # ------------------------------------------------------------------ sessions
    def current(self, session: str | None = None) -> str:
        """The session named, else the current one; `NotFound` with a hint if there is none."""
        sid = session or self.store.get_meta(CURRENT)
        if not sid:
            raise NotFound("no current session: start one with 'potlog new GAME' or pass --session")
        self.store.require(sid)
        return sid

    def use(self, session: str) -> None:
        self.store.require(session)
        self.store.set_meta(CURRENT, session)

    def new_session(self, game: str, players: list[tuple[str, int]], *, options: dict | None = None,
                    name: str | None = None, chip_unit: str = "chip", title: str = "",
                    now: str | None = None) -> str:
        """Open a session with its players seated in the order given; it becomes current."""
        rules = get_ruleset(game)
        now = now or utc_now()
        if name:
            sid = check_session_id(name)
            if self.store.exists(sid):
                raise RuleViolation(f"a session called {sid} exists already: pick another --name")
        else:
            stem = f"{game}-{now[:10]}"
            sid, n = stem, 1
            while self.store.exists(sid):
                n += 1
                sid = f"{stem}-{n}"
        state = TableState(session=sid)
        events = list(rules.decide(state, Command("open", options=dict(options or {}), chip_unit=chip_unit,
                                                  title=title)))
        state = self._trial(state, events)
        for player, buyin in players:
            new = rules.decide(state, Command("join", player=player, amount=buyin))
            state = self._trial(state, new)
            events += new
        self._append(sid, 1, events, now)
        self.store.set_meta(CURRENT, sid)
        return sid

    # ------------------------------------------------------------------ reading
    def state(self, session: str, upto: int | None = None) -> TableState:
        """The table after `upto` (default: the last event)."""
        from .snapshots import load_state

        return load_state(self.store, session, upto)

    def fold_session(self, session: str, upto: int | None = None, *, checked: bool = False,
                     observer=None) -> TableState:
        """Fold from scratch, no snapshot (audits, verification)."""
        voids = self.store.voids(session, upto)
        return fold(self.store.events(session, 0, upto), state=TableState(session=session),
                    voided=set(voids), checked=checked, observer=observer)

    # ------------------------------------------------------------------ writing
    def execute(self, session: str, cmd: Command, *, override: str | None = None,
                now: str | None = None) -> list[ev.Recorded]:
        """Decide `cmd` against the session's rules and record what it causes."""
        state = self.state(session)
        rules = get_ruleset(state.game)
        try:
            events = list(rules.decide(state, cmd))
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
            self._check_void(session, state, cmd.target)
        else:
            first = state.seq + 1
            self._trial(state, events, in_place=True)  # `state` is this call's own copy
            return self._append(session, first, events, now or utc_now())
        return self._append(session, state.seq + 1, events, now or utc_now())

    def _trial(self, state: TableState, events: list[ev.Event], *, in_place: bool = False) -> TableState:
        """Apply `events` to a copy (or to `state` itself, when the caller is done with it) and
        check the chips; raise if anything breaks."""
        trial = state if in_place else state.clone()
        seq = trial.seq
        for e in events:
            seq += 1
            apply(trial, seq, e)
            check(trial, hand_closed=isinstance(e, ev.HandEnded))
        return trial

    def _check_void(self, session: str, state: TableState, target: int) -> None:
        voided = set(self.store.voids(session)) | {target}
        try:
            fold(self.store.events(session), state=TableState(session=session), voided=voided, checked=True)
        except ChipError as exc:
            raise RuleViolation(f"voiding seq {target} would break the chips ({exc}): void the later events first") from None
        except PotlogError:
            raise
        except Exception:  # an event after the target needs it (a bet by a player it seated...)
            raise RuleViolation(
                f"later events depend on seq {target}: void those first, newest first"
            ) from None

    def _append(self, session: str, first_seq: int, events: list[ev.Event], now: str) -> list[ev.Recorded]:
        bodies = [(e.type, ev.event_body(e)) for e in events]  # the stored type column
        written = self.store.append(session, first_seq, bodies, now)
        return [ev.Recorded(session, seq, now, prev, h, body, e)
                for (seq, prev, h), (_, body), e in zip(written, bodies, events)]

    # ------------------------------------------------------------------ import / export
    def export_lines(self, session: str) -> Iterable[str]:
        for rec in self.store.recorded(session):
            yield ev.canonical_json(rec.to_line())

    def import_lines(self, lines: Iterable[str], *, progress: Callable[[int], None] | None = None) -> ImportResult:
        """Import JSONL events (as `export --format jsonl` writes them), checked link by link.

        Every line must parse, validate, continue its session's seq and hash chain, and keep
        the chips whole. Lines already stored (same seq, same hash) are skipped, so importing
        the same file twice adds nothing. The whole import is one transaction (other
        recorders wait for it): nothing is written unless every line is good. Lines stream
        through in batches, so a large file costs little memory.
        """
        result = ImportResult()
        sessions: dict[str, tuple[int, str, TableState, int]] = {}  # session -> (last seq, last hash, state, stored)
        batch: list[tuple[str, int, str, str, str, str, str]] = []
        marks: dict[str, list[tuple[int, TableState]]] = {}  # checkpoints for voids: see _refold_for_import
        with self.store.transaction():
            for n, line in enumerate(lines, 1):
                result.lines = n
                if progress is not None:
                    progress(n)
                if not line.strip():
                    continue
                try:
                    self._import_line(n, line, sessions, batch, result, marks)
                except PotlogError as exc:
                    msg = str(exc)
                    raise type(exc)(msg if msg.startswith("line ") else f"line {n}: {msg}") from None
                if len(batch) >= 2000:
                    self.store.insert_rows(batch)
                    batch.clear()
            self.store.insert_rows(batch)
        return result

    def _import_line(self, n: int, line: str, sessions: dict, batch: list, result: ImportResult,
                     marks: dict) -> None:
        try:
            obj = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise InputError(f"not JSON ({str(exc)[:60]}): each line is one event object as 'potlog export --format jsonl' writes it") from None
        if not isinstance(obj, dict):
            raise InputError("a line must be a JSON object with session, seq, recorded_at, prev_hash, hash and event")
        missing = [k for k in ("session", "seq", "recorded_at", "prev_hash", "hash", "event") if k not in obj]
        if missing:
            raise InputError(f"missing {', '.join(missing)}: each line has session, seq, recorded_at, prev_hash, hash and event")
        sid, seq, at, prev, h, body_obj = (obj[k] for k in ("session", "seq", "recorded_at", "prev_hash", "hash", "event"))
        if not isinstance(sid, str) or not SESSION_ID.match(sid):
            raise InputError("session must be a session name (letters, digits, '.', '_', '-')")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
            raise InputError("seq must be a whole number from 1")
        if not all(isinstance(x, str) for x in (at, prev, h)) or len(at) > 40:
            raise InputError("recorded_at, prev_hash and hash must be text")
        if not isinstance(body_obj, dict):
            raise InputError("event must be a JSON object with a type")
        body = ev.canonical_json(body_obj)
        try:
            etype = body_obj.get("type")
            event = ev.parse_typed(etype if isinstance(etype, str) else "", body)
        except Exception as exc:  # pydantic's ValidationError: keep its first complaint
            errs = getattr(exc, "errors", lambda: [{"loc": (), "msg": str(exc)}])()
            first = errs[0] if errs else {"loc": (), "msg": "invalid"}
            where = ".".join(str(x) for x in first["loc"])
            kinds = ", ".join(ev.TYPE_NAMES)
            hint = f" (known types: {kinds})" if "type" in where or "tag" in first["msg"] else ""
            raise InputError(f"event {where}: {first['msg']}{hint}"[:400]) from None
        if sid not in sessions:
            last, last_hash = self.store._last(sid)
            st = self.state(sid) if last else TableState(session=sid)
            sessions[sid] = (last, last_hash, st, last)
            marks[sid] = [(0, TableState(session=sid))] + ([(last, st.clone())] if last else [])
        last, last_hash, st, stored_upto = sessions[sid]
        if seq <= stored_upto:  # already in the database: must be the very same event
            if self.store.hash_at(sid, seq) != h:
                raise RuleViolation(f"seq {seq} of session {sid} differs from the one already stored")
            result.skipped[sid] = result.skipped.get(sid, 0) + 1
            sessions[sid] = (seq, h, st, stored_upto)
            return
        if seq != last + 1:
            raise InputError(f"seq {seq} of session {sid} does not follow seq {last}: events must be gapless and in order")
        if prev != last_hash:
            raise InputError(f"prev_hash of seq {seq} does not match the hash of seq {last}: the chain is broken here")
        if ev.chain_hash(prev, body) != h:
            raise InputError(f"hash of seq {seq} does not match its content: the event was altered")
        if seq == 1 and not isinstance(event, ev.SessionOpened):
            raise InputError("a session's seq 1 must be session_opened")
        if seq > 1 and isinstance(event, ev.SessionOpened):
            raise InputError("session_opened can only be seq 1")
        if isinstance(event, ev.Void):  # voids re-fold: check the target exists
            if event.target >= seq:
                raise InputError(f"void at seq {seq} names seq {event.target}, which is not before it")
            # a void needs the earlier events: rebuild from this import's and the store's rows
            self.store.insert_rows(batch)  # the refold reads this import's rows back, in this transaction
            batch.clear()
            st = self._refold_for_import(sid, seq, event, marks[sid])
        else:
            try:
                apply(st, seq, event)
                check(st, hand_closed=isinstance(event, ev.HandEnded))
            except ChipError as exc:
                raise RuleViolation(f"seq {seq} breaks the chips: {exc}") from None
            except PotlogError:
                raise
            except Exception as exc:
                raise InputError(f"seq {seq} cannot be applied ({type(exc).__name__}): it names something that does not exist") from None
        checkpoints = marks[sid]
        if seq % 256 == 0:
            checkpoints.append((seq, st.clone()))
            if len(checkpoints) > 64:  # a void reaching further back folds from the start
                del checkpoints[1:-64]
        batch.append((sid, seq, event.type, body, prev, h, at))
        result.added[sid] = result.added.get(sid, 0) + 1
        sessions[sid] = (seq, h, st, stored_upto)

    def _refold_for_import(self, sid: str, seq: int, void: ev.Void, checkpoints: list) -> TableState:
        """The session's state with `void` (at `seq`) applied: a void changes the past, so fold
        again from the last checkpoint before its target, reading the events back from the
        store (this import's rows included: they are in the open transaction). Checkpoints at
        or after the target are stale from now on and dropped."""
        while checkpoints[-1][0] >= void.target:
            checkpoints.pop()
        base_seq, base = checkpoints[-1]
        allev = list(self.store.events(sid, base_seq, seq - 1)) + [(seq, void)]
        try:
            return fold(allev, state=base, checked=True)
        except ChipError as exc:
            raise RuleViolation(f"the void at seq {seq} breaks the chips: {exc}") from None
        except Exception as exc:
            raise InputError(f"the void at seq {seq} leaves later events without what they need ({type(exc).__name__})") from None
