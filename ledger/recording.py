"""Deciding a command and appending its events, in a few lines.

    state = ledger.state(session)                      # snapshot + fold of newer events
    events = ruleset.decided(state, command)           # or RuleViolation
    ledger.store.append(session, state.seq + 1, ...)   # one transaction, or Conflict

The append always states the seq the decision was based on. When another recorder got
there first, the command is decided again on the new table: if it records exactly the same
events, they are appended after the newcomer's; if not, `Conflict` says who recorded what
first, and nothing is written. At most `RETRIES` decisions, with a short random wait between
them; the last is made holding the write lock, so a command that still holds always lands.

Inside a batch (`ledger.memo`) each command is decided on the head the ones before it left
and appended as a savepoint. ``VERB all`` is the command once per player in turn order, one
act. A void refolds from the latest state before its target (`_void_state`).
"""

from __future__ import annotations

import random
import re
import time
import typing
from dataclasses import replace

from . import events as ev
from . import snapshots
from .chips import check
from .commands import Ante, Call, Check, Command, Deal, Join, Switch, Void, player_of
from .errors import ChipError, Conflict, InputError, PotlogError, RuleViolation
from .games import get_ruleset
from .core.verbs import switch_game
from .core.options import fresh_options
from .memo import HeadMemo
from .names import clean_name, resolve, shown, skeleton
from .reducer import apply, fold
from .state import TableState
from .storage import EventStore

_LAST_AT: dict[tuple[str, str], int] = {}  # (database, session) -> the last time this process recorded (ms)


SESSION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


RETRIES = 5  # decisions of one command at most: overtaken, it is decided again; the last time under the lock


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


def _inert(store: EventStore, session: str, start: int, base: TableState, target: int, voided: set[int]) -> bool:
    """Whether the event at `target` changed nothing but the seq of the table the log had just
    before it (folded from `base`, the state at `start`, skipping `voided`): then the log
    without it folds to the very tables it folds to now (the reducer reads nothing but the
    table and the event), and a void of it (a note 100,000 events back, say) needs no refold."""
    before = fold(store.events(session, start, target - 1), state=base, voided=voided)
    event = list(store.events(session, target - 1, target))
    if not event:
        return False
    after = before.clone()
    try:
        apply(after, target, event[0][1])
    except Exception:  # a game's evolve can raise anything: not inert, the refold says what it says
        return False
    before.seq = target  # (as a fold skips a voided event: its seq still counts)
    return snapshots.same(before, after)


# what later events answer: a betting round's moves (each answers the last), a hand's start
# (every event of the hand is in it: without it, its bets would be chips in a pot of no hand), and
# a player's leaving (a later join of theirs: without it, a join of a player still seated)
_ANSWERED = (ev.Bet, ev.Call, ev.Raise, ev.AllIn, ev.Check, ev.Fold, ev.HandStarted, ev.PlayerLeft)


def _refold_kept(records: typing.Iterable[tuple[int, ev.Event]], base: TableState, voided: set[int],
                 target: int) -> TableState:
    """The log folded again without the voided `target` (`fold`, chips checked after every
    event). When the target is a move of a betting round (a bet, call, raise, all-in, check or
    fold) or a hand's start, each live event after it is also put to the game's rules again on the table it now
    meets (`verify.rules_problem`, as ``verify --rules`` checks an event): the later moves
    answered it (a fold to a raise, a call of it), and a void rebuilds the table as if it had
    never happened, so a move the rules now refuse cannot stand (a call of a raise that is
    void). Other voids (a deal, an ante, a roll) keep what the games make of a step left due.
    Table rulings stand as they were recorded."""
    from .describe import describe
    from .verify import rules_problem

    st = base.clone()
    wager = False
    for seq, event in records:
        if seq in voided:
            wager = wager or (seq == target and isinstance(event, _ANSWERED))
            st.seq = seq
            continue
        problem = rules_problem(st, seq, event) if (wager and seq > target and event.ruling is None and
                                                     not isinstance(event, ev.Void)) else None
        apply(st, seq, event)
        check(st, hand_closed=isinstance(event, ev.HandEnded))  # (broken chips said first, as before)
        if problem:
            raise RuleViolation(f"later events answered seq {target}: seq {seq} ({describe(event)}) would be "
                                f"refused without it ({problem}): void the later events first, newest first, "
                                f"or replace seq {target} with potlog amend")
    return st


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


def seat_name(state: TableState, typed: str, *, rejoin: bool = False) -> str:
    """A name typed to seat someone: cleaned (`ledger.names.clean_name`) and refused when it
    looks like another player's (any case, look-alike letters) or a word potlog keeps.
    With `rejoin`, a player who sat here earlier under that look comes back as that name."""
    from .core.table import RESERVED_NAMES  # the words potlog keeps for boards and accounts

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
_NAMED: dict[type, tuple[tuple[str, ...], bool]] = {}  # command class -> its `_PLAYER_FIELDS`, whether it has shares


def resolve_names(state: TableState, cmd: Command) -> Command:
    """`cmd` with every name that means a seated player in another case (or NFC form, or with
    look-alike letters) written as that player's name: ``bet ann 5`` bets for Ann. A name that
    is no player's, or could be several, is left for the rules to refuse."""
    if isinstance(cmd, Join):
        return replace(cmd, player=seat_name(state, cmd.player, rejoin=True)) if cmd.player else cmd
    named = _NAMED.get(type(cmd))
    if named is None:  # (the fields of those `cmd`'s class has, found once per class)
        named = _NAMED[type(cmd)] = (tuple(n for n in _PLAYER_FIELDS if hasattr(cmd, n)), hasattr(cmd, "shares"))
    seated: list[str] | None = None  # (listed only for a name that is not a seat's as typed)
    changes: dict[str, object] = {}
    for name in named[0]:
        typed = getattr(cmd, name, None)
        if isinstance(typed, str) and typed and state.seat(typed) is None:
            if seated is None:
                seated = [s.name for s in state.seats]
            hit = resolve(typed, seated)
            if hit is not None:
                changes[name] = hit
    given: tuple[tuple[str, int], ...] = getattr(cmd, "shares", ()) if named[1] else ()
    if given:
        seated = [s.name for s in state.seats]
        shares = tuple((resolve(p, seated) or p, a) if isinstance(p, str) and state.seat(p) is None else (p, a)
                       for p, a in given)
        if shares != given:
            changes["shares"] = shares
    return replace(cmd, **changes) if changes else cmd  # type: ignore[arg-type]


class Captured(BaseException):
    """Raised by `Ledger.execute` inside `Ledger.capture()`: the command was taken, not
    recorded (a BaseException, so no error handler on the way takes it for a failure)."""


class Recording(HeadMemo):
    """Reading a session's table, deciding commands on it and appending what they record."""

    def __init__(self, store: EventStore):
        super().__init__(store)
        self._capture: list[tuple[Command, str | None]] | None = None  # inside `capture()`
        self._void_base: tuple[str, int, int, TableState] | None = None  # see `_void_head`
        self._decided: dict[str, tuple[TableState, int | None, str | None]] = {}  # see `_append`

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
        voided, events = self.store.folding(session, upto)
        return fold(events, state=TableState(session=session), voided=voided, checked=checked, observer=observer)

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
        state: TableState | None = None
        if isinstance(cmd, Void):
            target = cmd.target
            state = self._void_head(session, target)
            if state is not None:  # the snapshot stays as it is while it is before the target, else one is due
                stored = snapshots.snapshot_seq(self.store, session)
                if not 0 < stored < (target or 0):
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
        where = _ALL_FIELD.get(type(cmd), "player")
        if _is_all(getattr(cmd, where, None)) or (where != "player" and _is_all(player_of(cmd))):
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
        if isinstance(cmd, Switch) and cmd.name:  # a table moving on now gets a new table's options
            cmd = replace(cmd, options=fresh_options(get_ruleset(cmd.name).options, cmd.options))
        try:  # a switch is the table's act, whatever the game
            events = list(switch_game(state, cmd) if isinstance(cmd, Switch) else rules.decided(state, cmd))
        except ChipError:
            raise
        except RuleViolation as refusal:
            if override is None:
                raise
            if not override.strip():
                raise InputError("--override needs a reason, for the audit") from None
            from .core.overrides import forced

            try:
                events = list(forced(state, cmd))
            except PotlogError as exc:
                raise RuleViolation(f"{refusal} (and it cannot be recorded even as a ruling: {exc})") from None
            events = [e.model_copy(update={"ruling": override.strip()}) for e in events]
        if isinstance(cmd, Void):
            assert cmd.target is not None  # a void without a target is refused by decide, override or not
            state = self._void_state(session, state, cmd.target, events)
        else:
            self._trial(state, events, in_place=True)
        return seen, events, state

    def _decide_all(self, session: str, state: TableState, cmd: Command,
                    override: str | None) -> tuple[int, list[ev.Event], TableState]:
        """``VERB all``: `cmd` for each player in turn order, each decided on the table the
        ones before left; refused whole at the first player it is refused for."""
        where = _ALL_FIELD.get(type(cmd))
        if where is None:
            raise InputError(f"'all' works with {', '.join(c.verb for c in _ALL_FIELD)} (once per player in turn "
                             f"order), not with {cmd.verb}: name the player")
        seen = state.seq
        order = _turn_order(state, cmd)
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
        if _inert(self.store, session, start, base, target, voided):  # the log without it folds to this very head
            return self._trial(state, events, in_place=True)
        try:
            after = _refold_kept(self.store.events(session, start, head), base, voided, target)
            after.seq = head
            return self._trial(after, events, in_place=True)
        except ChipError as exc:
            raise RuleViolation(f"voiding seq {target} would break the chips ({exc}): void the later events first") from None
        except PotlogError:
            raise
        except Exception:  # later events applied without the target (a bet by a player it seated): a game's evolve can raise anything
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
        cache = snapshots.PendingCache(self.store, session, state, point, point_head) if due else \
            snapshots.PendingCache(self.store, session, None, point, point_head) if point is not None else None
        written, cached = self.store.append_cached(session, first_seq, bodies, now,
                                                   cache.writes if cache is not None else _nothing, expect)
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
                                    snapshot=cached and cache is not None and cache.snapshot is not None)
        return out


def _nothing(written: list[tuple[int, str, str]]) -> list:
    """The cache rows of an append that writes none (no snapshot due, no checkpoint)."""
    return []


def _is_all(value: object) -> bool:
    """``all`` (or ``everyone``), in any case: words no player can be called."""
    return isinstance(value, str) and value.lower() in ("all", "everyone")


_ALL_FIELD: dict[type[Command], str] = {Deal: "to", Ante: "player", Check: "player", Call: "player"}
"""The commands ``VERB all`` works with, and the field 'all' stands in."""


def _turn_order(state: TableState, cmd: Command) -> list[str]:
    """Who ``VERB all`` is for, once each, clockwise: antes and deals from the dealer's left to
    everyone in the hand (everyone seated between hands); checks and calls from whoever is to
    act, to everyone still in it (not folded, not all-in)."""
    hand = state.hand
    live = hand is not None and not hand.ended
    if isinstance(cmd, (Check, Call)):
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
        if names and any(getattr(e, name) for name in names):  # (most events hold no dict)
            return False
    return True

