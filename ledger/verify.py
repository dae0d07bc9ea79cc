"""Verify a stored session: the hash chain and seq numbers, and (``--rules``) the rules.

Chain (`verify_chain`): rows are read in seq order, exactly as stored, and each is checked
against the one before it: seq gapless from 1, ``prev_hash`` equal to the previous row's
``hash``, ``hash`` equal to `ledger.events.chain_hash` of the row's session, seq, type,
body, recorded_at and prev_hash (so an edited time or a renamed session breaks it too), the
body a valid event in canonical form, its ``type`` column matching, and ``session_opened``
at seq 1 only. A row hashed with potlog's first scheme is named as such, with the fix
(``potlog rehash``). Each finding names the seq where the log stops being what was written:

- an edited body (hash not recomputed): that seq's hash does not match its content;
- a missing event: the first missing seq;
- reordered events: the first seq whose row is chained to a later row's hash;
- an inserted event (given a good hash of its own, later rows renumbered): the inserted
  seq, found because the row after it is chained to the row before it;
- an edited body with its hash recomputed: the next seq, whose ``prev_hash`` still names
  the old hash (the message names the seq before it as the one altered or replaced).
A log rewritten consistently from some seq to its end, or cut short, cannot be told from a
genuine one by the chain alone; ``--rules`` and ``potlog audit`` still check what it says,
and a seal kept off the machine (`check_seal`, ``verify --seal``) catches both: the sealed
seq must still carry the sealed hash.

Every report carries the head as stored (last seq and its hash): the line to keep, or to
compare with one kept.

Rules (`verify_rules`): each recorded event is re-checked against the state folded from
the events before it (voids recorded before it applied), and the first one the session's
rules would have refused is reported. Reconstructing the command behind every event is
not possible in general (one command may cause several events), so the check is per
event, in three layers:

1. a ruleset may define ``check_event(state, event) -> None``, raising `RuleViolation`
   (or `InputError`) when its rules would not have produced `event` in `state`;
2. (the simplest hook, `ledger.kit.follow.redecide`) the event is turned back into the
   command that causes it (`command_for`, plus the game's own mapping for its own event
   classes), decided again, and the result must be the very event recorded (same amounts,
   same computed values): freeform is checked this way;
3. every event, whatever the game: it must apply to the state and keep the chips whole
   (`ledger.chips.check`), and nothing may follow ``session_closed``.
Events recorded with ``--override`` are listed as table rulings, not as failures; they
still get layer 3. A game without ``check_event`` gets layer 3 only, and the report says so.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable

from . import events as ev
from .chips import check as check_chips
from .core.commands import Switch, command_for  # noqa: F401 - command_for: also read from here (corrections)
from .describe import describe
from .errors import ChipError, InputError, IntegrityError, PotlogError, RuleViolation
from .reducer import apply, fold
from .state import TableState
from .text import printable

Progress = Callable[[int], None]


@dataclass(frozen=True)
class Finding:
    """Something wrong (or, for kind ``override``, worth knowing) at one seq.

    Attributes:
        session: the session's id.
        seq: where it is.
        kind: ``missing``, ``link``, ``reordered``, ``inserted``, ``hash``, ``scheme`` (hashed
            with the old scheme), ``row`` (a column not of its type: `ledger.store.ROW_TYPES`),
            ``body``, ``seal``, ``rules``, ``chips``, or ``override`` (a table ruling, not a
            failure).
        message: one line for a person.
    """

    session: str
    seq: int
    kind: str
    message: str


@dataclass
class SessionReport:
    """What `verify_session` found in one session.

    Attributes:
        events: rows read.
        findings: failures, in seq order (chain first, then rules).
        overrides: events recorded as table rulings (only with rules checked).
        rules_method: how the rules were checked (None: not asked).
    """

    session: str
    game: str
    events: int
    findings: list[Finding] = field(default_factory=list)
    overrides: list[Finding] = field(default_factory=list)
    rules_method: str | None = None
    head: tuple[int, str] = (0, ev.GENESIS)
    seal: SealCheck | None = None

    @property
    def ok(self) -> bool:
        return not self.findings and (self.seal is None or self.seal.ok)

    @property
    def first(self) -> Finding | None:
        return self.findings[0] if self.findings else None

    def to_data(self) -> dict[str, Any]:
        return {
            "session": self.session, "game": self.game, "events": self.events, "ok": self.ok,
            "first_broken_seq": self.first.seq if self.first else None,
            "findings": [asdict(f) for f in self.findings],
            "overrides": [asdict(f) for f in self.overrides],
            "rules_checked": self.rules_method,
            "head": {"seq": self.head[0], "hash": self.head[1]},
            **({"seal": self.seal.to_data()} if self.seal is not None else {}),
        }


@dataclass(frozen=True)
class SealCheck:
    """A session's log against a seal of its head (`check_seal`).

    Attributes:
        ok: the sealed seq still carries the sealed hash, the chain holds, the MAC checks.
        message: one line for a person.
        since: events recorded after the sealed seq (when ok).
        signed: True when the MAC was checked with this machine's key, False when it did
            not match, None when there is no key here to check it with.
    """

    seq: int
    hash: str
    ok: bool
    message: str
    since: int = 0
    signed: bool | None = None

    def to_data(self) -> dict[str, Any]:
        return {"seq": self.seq, "hash": self.hash, "ok": self.ok, "message": self.message,
                "events_since": self.since, "signature_checked": self.signed}


# ----------------------------------------------------------------------------- chain

def _body_problem(seq: int, etype: str, body: str) -> str | None:
    try:
        obj = json.loads(body)
    except (json.JSONDecodeError, RecursionError, TypeError):
        return f"seq {seq}'s body is not JSON"
    if not isinstance(obj, dict) or ev.canonical_json(obj) != body:
        return f"seq {seq}'s body is not in canonical form (it was rewritten)"
    try:
        event = ev.parse_event(body)
    except ValueError:  # pydantic's ValidationError (a ValueError)
        return f"seq {seq}'s body is not a valid event"
    if event.type != etype:  # the stored type column against the body's tag: data, not dispatch
        return f"seq {seq} is stored as {etype!r} but its body is {event.type!r}"
    if (seq == 1) != isinstance(event, ev.SessionOpened):
        return f"seq {seq}: session_opened must be seq 1 and only seq 1"
    return None


def verify_chain(rows: Iterable[tuple], session: str, *, bodies: bool = True) -> tuple[list[Finding], int]:
    """Check stored rows ``(seq, type, body, prev_hash, hash, recorded_at)`` of `session` in
    seq order (`bodies`: also check that each body is a valid event in canonical form).

    Returns (findings sorted by seq, rows read).
    """
    from .store import row_problem

    table = [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]
    found: list[Finding] = []
    hashes = [r[4] for r in table]
    where = {h: i for i, h in reversed(list(enumerate(hashes)))}
    expected = 1
    prev: str | None = ev.GENESIS  # None after a row that cannot be read: its link is not checked
    explained = -1  # rows up to this index belong to a reordering already reported
    old_scheme: list[int] = []
    for i, row in enumerate(table):
        seq, etype, body, prev_hash, h, at = row
        unreadable = row_problem(row)
        if unreadable is not None:  # the one definition every reader uses (`ledger.store.ROW_TYPES`)
            at_seq = seq if type(seq) is int else expected
            shown = seq if type(seq) is int else f"{expected} (stored as {printable(repr(seq))})"
            found.append(Finding(session, at_seq, "row", f"seq {shown} cannot be read: {unreadable} (it was written "
                                                         "outside potlog)"))
            prev = h if type(h) is str else None
            expected = at_seq + 1
            continue
        if seq != expected:
            if seq > expected:
                gap = f"seq {expected}" if seq == expected + 1 else f"seqs {expected} to {seq - 1}"
                found.append(Finding(session, expected, "missing",
                                     f"{gap} missing: the log jumps from seq {expected - 1} to seq {seq}"))
            expected = seq
        if prev is not None and prev_hash != prev and i > explained:
            j = where.get(prev_hash)
            if j is not None and j > i:
                found.append(Finding(session, seq, "reordered",
                                     f"seq {seq} is out of order: it was chained after seq {table[j][0]}"))
                explained = j + 1
            elif j is not None and j < i - 1:
                first_inserted = table[j + 1][0]
                found.append(Finding(session, first_inserted, "inserted",
                                     f"seq {first_inserted} was inserted: seq {seq} is chained straight to "
                                     f"seq {table[j][0]}"))
            elif j is None:
                before = seq - 1
                found.append(Finding(session, seq, "link",
                                     f"seq {seq} is not chained to seq {before}: seq {before} was altered and "
                                     "re-hashed, or events were removed between them"))
        if i <= explained:
            pass  # a row of a reordering already reported: its seq moved, so its hash cannot match
        elif ev.chain_hash(prev_hash, body, session=session, seq=seq, etype=etype, recorded_at=at) != h:
            if isinstance(prev_hash, str) and isinstance(body, str) and ev.v1_hash(prev_hash, body) == h:
                old_scheme.append(seq)
            else:
                found.append(Finding(session, seq, "hash",
                                     f"seq {seq}'s content does not match its hash: the event, its time, its type "
                                     "or its session was edited"))
        problem = _body_problem(seq, etype, body) if bodies else None
        if problem:
            found.append(Finding(session, seq, "body", problem))
        prev = h
        expected = seq + 1
    if old_scheme:
        n = len(old_scheme)
        what = "every event" if n == len(table) else f"{n} event{'s' if n != 1 else ''} from seq {old_scheme[0]}"
        found.append(Finding(session, old_scheme[0], "scheme",
                             f"{what} is hashed with potlog's old scheme (1), which does not cover the session or "
                             "the time: run 'potlog rehash' once to check and re-chain the database"))
    order = {"missing": 0, "inserted": 0, "row": 1, "reordered": 1, "link": 1, "scheme": 2, "hash": 2, "body": 3}
    found.sort(key=lambda f: (f.seq, order.get(f.kind, 9)))
    return found, len(table)


# ----------------------------------------------------------------------------- rules

def _rules_method(game: str) -> str:
    from .games import get_ruleset

    try:
        rules = get_ruleset(game)
    except PotlogError:
        return f"chips and well-formedness only (no game called {game!r} is installed)"
    if rules.check_event is not None:
        return f"{game}.check_event, then chips"
    return f"chips and well-formedness only ({game} defines no check_event)"


def rules_problem(state: TableState, seq: int, event: ev.Event) -> str | None:
    """What the game's rules say against `event` recorded at `seq` on `state` (``verify --rules``;
    a void's refold, `recording._refold_kept`), or None when they would have recorded it."""
    from .games import get_ruleset

    game = state.game if seq > 1 else (event.game if isinstance(event, ev.SessionOpened) else "")
    if isinstance(event, ev.GameSwitched):  # the table's act, not the game's: the same check for every game
        from .core.checks import require_same
        from .core.verbs import switch_game

        try:
            require_same(switch_game(state, Switch(name=event.game, options=dict(event.options)))[0], event)
        except (RuleViolation, InputError) as exc:
            return str(exc)
        return None
    try:
        rules = get_ruleset(game)
    except PotlogError as exc:
        return str(exc)
    try:
        if rules.check_event is not None:
            rules.check_event(state, event)
    except (RuleViolation, InputError) as exc:
        return str(exc)
    return None


def _table_problem(state: TableState, seq: int, event: ev.Event) -> str | None:
    """Layer 3: the event applies and keeps the chips whole (`state` is not changed)."""
    if (seq == 1) != isinstance(event, ev.SessionOpened):
        return "session_opened must be seq 1 and only seq 1"
    if state.closed:
        return "recorded after the session was closed"
    trial = state.clone()
    try:
        apply(trial, seq, event)
        check_chips(trial, hand_closed=isinstance(event, ev.HandEnded))
    except ChipError as exc:
        return f"breaks the chips: {exc}"
    except PotlogError as exc:
        return str(exc)
    except Exception as exc:  # a stored event the rules never decided: a game's evolve trusts its events, so anything
        return f"cannot be applied to the table as it was ({type(exc).__name__})"
    return None


def verify_rules(records: Iterable[tuple[int, ev.Event]], session: str = "",
                 progress: Progress | None = None) -> tuple[list[Finding], list[Finding], str]:
    """Re-check every event; returns (the first failure or nothing, overrides, method)."""
    state = TableState(session=session)
    seen: list[tuple[int, ev.Event]] = []
    overrides: list[Finding] = []
    method = ""
    for n, (seq, event) in enumerate(records, 1):
        if progress is not None:
            progress(n)
        if seq == 1:
            method = _rules_method(event.game if isinstance(event, ev.SessionOpened) else "")
        elif isinstance(event, ev.GameSwitched) and event.game not in method:
            method += f"; from seq {seq}, {_rules_method(event.game)}"
        text = describe(event)
        if event.ruling is not None:
            overrides.append(Finding(session, seq, "override", f"seq {seq} ({text}) is a table ruling"))
            problem = None
        else:
            problem = rules_problem(state, seq, event)
            if problem:
                return [Finding(session, seq, "rules", f"seq {seq} ({text}): the rules refuse it: {problem}")], overrides, method
        problem = _table_problem(state, seq, event)
        if problem:
            return [Finding(session, seq, "chips", f"seq {seq} ({text}): {problem}")], overrides, method
        seen.append((seq, event))
        if isinstance(event, ev.Void):
            try:
                state = fold(seen, state=TableState(session=session), checked=True)
            except PotlogError as exc:
                return [Finding(session, seq, "chips", f"seq {seq} ({text}): without the voided event {exc}")], overrides, method
            except Exception as exc:  # later stored events applied without the voided one: anything (named)
                return [Finding(session, seq, "rules", f"seq {seq} ({text}): later events depend on the voided "
                                f"one ({type(exc).__name__})")], overrides, method
        else:
            apply(state, seq, event)
    return [], overrides, method


# ----------------------------------------------------------------------------- sessions

def verify_session(store: Any, session: str, *, rules: bool = False, seal: Any = None,
                   progress: Progress | None = None) -> SessionReport:
    """Verify one stored session: the chain always, the rules when asked (and the chain holds
    well enough to read the events), the head against `seal` (a `ledger.seal.Seal`) if given."""
    rows = list(store.rows(session))  # as stored: a row that cannot be read is a finding, not an error
    if not rows:
        store.require(session)
    findings, count = verify_chain(rows, session)
    game = "?"
    head = rows[0] if rows else None
    if head is not None and isinstance(head[2], str):
        try:
            game = str(json.loads(head[2]).get("game", "?"))
        except (ValueError, AttributeError, RecursionError):
            pass
    report = SessionReport(session, game, count, findings)
    if rows:
        seq, h = rows[-1][0], rows[-1][4]  # as stored, shown as text if it is not
        report.head = (seq if type(seq) is int else count, h if type(h) is str else printable(repr(h)))
    if seal is not None:
        report.seal = check_seal(store, session, seal, findings, report.head)
    if rules:
        if any(f.kind in ("body", "row") for f in findings):
            report.rules_method = "not checked: some bodies cannot be read"
            return report
        records = [(r[0], ev.parse_event(r[2])) for r in rows]
        more, overrides, method = verify_rules(records, session, progress)
        report.findings = sorted(findings + more, key=lambda f: f.seq)
        report.overrides = overrides
        report.rules_method = method
    return report


# ----------------------------------------------------------------------------- seals

def check_seal(store: Any, session: str, seal: Any, findings: list[Finding], head: tuple[int, str]) -> SealCheck:
    """The log of `session` against `seal`: the sealed seq must still be there with the sealed
    hash (which pins every event up to it) and the chain must hold; events after it are fine.
    The seal's MAC is checked with this machine's key when there is one."""
    from .seal import KeyUnavailable, subkey

    try:
        signed: bool | None = seal.signed_by(subkey("seal", create=False))
    except KeyUnavailable:
        signed = None
    last = head[0]
    try:
        stored = store.hash_at(session, seal.seq)
    except IntegrityError as exc:  # the sealed row cannot be read (`ledger.store.ROW_TYPES`)
        return SealCheck(seal.seq, seal.hash, False, f"REWRITTEN: {exc}", signed=signed)
    if seal.session != session:
        return SealCheck(seal.seq, seal.hash, False, f"the seal is for session {seal.session}, not {session}",
                         signed=signed)
    if stored is None:
        return SealCheck(seal.seq, seal.hash, False,
                         f"TRUNCATED: the seal is of seq {seal.seq} but the log ends at seq {last}: "
                         f"{seal.seq - last} sealed event{'s' if seal.seq - last != 1 else ''} removed", signed=signed)
    if stored != seal.hash:
        return SealCheck(seal.seq, seal.hash, False,
                         f"REWRITTEN: seq {seal.seq} no longer has the sealed hash {seal.hash[:12]}... (it has "
                         f"{stored[:12]}...): events up to seq {seal.seq} were changed or replaced since the seal",
                         signed=signed)
    broken = [f for f in findings if f.seq <= seal.seq]
    if broken:
        return SealCheck(seal.seq, seal.hash, False,
                         f"seq {seal.seq} still has the sealed hash but the chain before it is broken at seq "
                         f"{broken[0].seq}", signed=signed)
    if signed is False:
        return SealCheck(seal.seq, seal.hash, False,
                         "the seal's signature does not match this machine's key: the seal was altered, or made "
                         "with another key (check it where it was made)", signed=signed)
    since = last - seal.seq
    note = "" if signed else " (signature not checked: no seal key here)"
    return SealCheck(seal.seq, seal.hash, True,
                     f"matches the seal of seq {seal.seq} made {seal.at}; {since} event{'s' if since != 1 else ''} "
                     f"since the seal{note}", since=since, signed=signed)


def chain_intact(store: Any, session: str) -> tuple[int, str]:
    """The head (seq, hash) of `session` if its chain holds (links and hashes; bodies are not
    re-validated), else `IntegrityError` naming the first broken seq. For sealing."""
    from .errors import IntegrityError

    rows = list(store.rows(session))
    if not rows:
        store.require(session)
    findings, _ = verify_chain(rows, session, bodies=False)
    if findings:
        first = findings[0]
        raise IntegrityError(f"{session} is broken at seq {first.seq} ({first.message}): nothing sealed; "
                             "'potlog verify' says more")
    return rows[-1][0], rows[-1][4]
