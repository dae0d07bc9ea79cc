"""Importing and exporting JSONL logs (`Ledger.import_lines`, `Ledger.export_lines`): every
line checked link by link and against the rules of the log, one transaction from the first
new line on; see `Importing.import_lines`."""

from __future__ import annotations

import gc
import json
import re
from contextlib import ExitStack
from dataclasses import field
from datetime import datetime
from typing import Any, Callable, Iterable

from .core.frozen import later
from . import events as ev
from .cards import PACKS, UNKNOWN
from .chips import check, kept
from .errors import ChipError, InputError, PotlogError, RuleViolation
from .games import get_ruleset
from .names import shown
from .recording import SESSION_ID, Recording, check_limits, seat_name
from .reducer import apply, voided_seqs
from .state import TableState

IMPORT_BATCH = 2000  # rows per insert inside an import's one transaction


MARK_EVERY, MARK_NEAR, MARKS_FAR = 64, 1024, 64  # an import's marks for voids: see `Ledger._mark`


KEEP_MARKED = 4  # sessions of an import that keep all their marks (`Ledger._switch_session`)


_UTC = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|\+00:00)$")


def check_utc(at: object) -> str:
    """An ISO 8601 UTC timestamp as potlog writes it (``2026-11-21T21:04:36.720Z``), or `InputError`."""
    if isinstance(at, str) and _UTC.match(at):
        try:
            datetime.fromisoformat(at.replace("Z", "+00:00"))
            return at
        except ValueError:
            pass
    raise InputError(f"recorded_at {str(at)[:40]!r} is not an ISO 8601 UTC time like 2026-11-21T21:04:36.720Z")


@later()
class ImportResult:
    added: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    lines: int = 0


@later()
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
    named: dict[str, _Named] = field(default_factory=dict)  # body -> what its event names (`_check_imported`)
    seated: tuple[Any, int, frozenset[str]] = (None, 0, frozenset())  # a table's seats, how many, their names
    pack: tuple[Any, str, str] = (None, "", "")  # a table's options, game, and the pack they deal from


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
    from hashlib import sha256

    tag, quick = ev._HASH_TAG, _quick_chain_hash(orjson) is not None  # (spelt out below: one call a line fewer)
    seen = ev.SEEN.get  # (`parse_typed` looks there first too)
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
            event = seen(body) or parse_typed(etype if type(etype) is str else "", body)
            hashed = quick and sha256(dumps([tag, sid, seq, event.type, body, at, prev])).hexdigest() == h
        except (KeyError, TypeError, ValueError):  # orjson's, pydantic's (ValueErrors), a missing key: `_parse_line` says it
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
    except TypeError:  # orjson.JSONEncodeError (a TypeError): an orjson that cannot write the awkward text
        same = False
    return quick if same and isinstance(tag, str) else None


class Importing(Recording):
    """JSONL in and out."""

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
        result, batch, one, slow, insert = imp.result, imp.batch, self._import_line, self._parse_line, self.store.insert_rows
        fast = _fast_parser() or (lambda line, imp: None)
        added, check_imported, plain, whole, ended, most, apply_ = (result.added, self._check_imported, _PLAIN, _WHOLE,
                                                                   ev.HandEnded, ev.MAX_CHIPS, apply)
        cards_only, exchanged, named_of, pack_cards = _CARDS_ONLY, ev.CardsExchanged, imp.named.get, _PACK_CARDS.get
        cur = ""  # the session of the line before, once locked, and its place (as `_Import.sessions`)
        place: list[Any] = [0, "", None, 0, [], 0]
        n = 0
        with ExitStack() as imp.lock:  # the write lock, once taken (`_lock_for_import`), to the end
            if gc.isenabled():  # an import makes no reference cycles: the collector's passes over its caches would be wasted
                gc.disable()
                imp.lock.callback(gc.enable)
            for n, line in enumerate(lines, 1):
                if progress is not None:
                    progress(n)
                if not line or line.isspace():
                    continue
                try:
                    parsed = fast(line, imp) or slow(line)
                    sid, seq, at, prev, h, body, event, hashed = parsed
                    if (sid == cur and seq == place[0] + 1 and prev == place[1] and hashed and seq > place[3]
                            and type(event) in plain):  # the usual line: `_import_line`'s checks that it can fail, in order
                        st = place[2]
                        # `_check_imported`'s usual outcome, spelt out (else the call says what is wrong): the
                        # cards of the pack kept for this table, the players seated at it (kept while its seats
                        # are the same); what else a body names, found once per body (a buy's bodies are seldom
                        # met again: its player, cost's account and cards looked at straight away)
                        seated, t = imp.seated, type(event)
                        if t in cards_only or t is exchanged:
                            kept_pack = imp.pack
                            known = (pack_cards(kept_pack[2], _NO_CARDS) if kept_pack[0] is st.options
                                     and kept_pack[1] == st.game else _NO_CARDS)
                            if not (known.issuperset(event.cards) if t is not exchanged else (  # type: ignore[attr-defined]
                                    seated[0] is st.seats and seated[1] == len(st.seats)
                                    and event.player in seated[2]  # type: ignore[attr-defined]
                                    and event.to_account == "pot"  # type: ignore[attr-defined]
                                    and known.issuperset(event.discard)  # type: ignore[attr-defined]
                                    and known.issuperset(event.draw))):  # type: ignore[attr-defined]
                                check_imported(st, event, imp, body)
                        else:
                            named = named_of(body)
                            if (named is None or named[0] or named[2] or named[3] or seated[0] is not st.seats
                                    or seated[1] != len(st.seats) or not seated[2].issuperset(named[1])):
                                check_imported(st, event, imp, body)
                        try:  # `_applied(st, seq, event, True)`, spelt out with `chips.kept`: one call a line, not three
                            postings = apply_(st, seq, event)
                            if t in whole:
                                raise _Whole
                            balances = st.balances
                            for source, dest, _, _ in postings:
                                if (source == "bank" or dest == "bank" or not (0 <= balances[source] <= most
                                                                               and 0 <= balances[dest] <= most)):
                                    raise _Whole
                        except _Whole:
                            try:
                                check(st, hand_closed=t is ended)
                                check_limits(st)
                            except Exception as exc:
                                raise _not_applied(seq, exc) from None
                        except Exception as exc:
                            raise _not_applied(seq, exc) from None
                        place[4].append((seq, event))
                        if seq % MARK_EVERY == 0:
                            self._mark(sid, seq, st, place, imp)
                        batch.append((sid, seq, event.type, body, prev, h, at))
                        added[sid] += 1
                        place[0], place[1] = seq, h
                    else:
                        one(parsed, imp)  # (any other line; then the next of this session may be usual)
                        cur = sid if imp.locked and sid in added else ""
                        if cur:
                            place = imp.sessions[sid]
                except PotlogError as exc:
                    msg = str(exc)
                    raise type(exc)(msg if msg.startswith("line ") else f"line {n}: {msg}") from None
                if len(batch) >= IMPORT_BATCH:
                    insert(batch)
                    batch.clear()
            if imp.locked:
                insert(batch)  # committed as the lock is given back
        result.lines = n
        if self._heads is not None:  # inside a batch: the heads it kept of these sessions are behind now
            for sid in imp.result.added:
                self._heads.pop(sid, None)
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
        except ValueError as exc:  # pydantic's ValidationError (a ValueError): keep its first complaint
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
        self._check_imported(st, event, imp, body)
        if isinstance(event, ev.Void):  # voids re-fold: check the target exists
            if event.target >= seq:
                raise InputError(f"void at seq {seq} names seq {event.target}, which is not before it")
            # a void needs the earlier events: fold again from the last mark before its target
            st = place[2] = self._refold_for_import(sid, seq, event, place, imp)
        else:
            _applied(st, seq, event)
            recent.append((seq, event))
        if seq % MARK_EVERY == 0:
            self._mark(sid, seq, st, place, imp)
        imp.batch.append((sid, seq, etype, body, prev, h, at))
        added = imp.result.added
        added[sid] = added.get(sid, 0) + 1
        place[0], place[1] = seq, h

    def _check_imported(self, st: TableState, event: ev.Event, imp: _Import | None = None, body: str = "") -> None:
        """What the models cannot see alone: the game and its options, the pack's cards, and
        that every player named has sat at this table (and that a new one does not look like
        one who has). What an event names is found once per distinct `body` of an import (the
        body decides the event: `_named`); the table it is checked against, every time. A deal
        or a reveal names only its cards (`_CARDS_ONLY`), and its body is seldom met again: its
        cards are checked straight away, nothing kept."""
        if type(event) in _CARDS_ONLY:
            _cards_at_table(st, event.cards, imp)  # type: ignore[attr-defined]
            return
        named = imp.named.get(body) if imp is not None else None
        if named is None:
            named = _named(event)
            if imp is not None and body:
                if len(imp.named) >= _NAMED_MAX:
                    imp.named.clear()
                imp.named[body] = named
        kind, players, bank, cards = named
        if kind:
            if kind == 1:
                from .core.options import validate_options

                assert isinstance(event, ev.SessionOpened)
                rules = get_ruleset(event.game)
                validate_options(rules.options, dict(event.options), event.game)
            else:
                assert isinstance(event, ev.PlayerJoined)
                seat_name(st, event.player)  # a look-alike of someone who sat here, or a word potlog keeps: refused
            return
        if bank:
            raise InputError("chips come from the bank only by player_joined or rebuy, and go back only by "
                             "player_left: no other event names the bank")
        if players:
            seats = st.seats
            if imp is not None:  # the names seated, kept while the table's seats are the same (seats are only added)
                at_table = imp.seated
                if at_table[0] is not seats or at_table[1] != len(seats):
                    at_table = imp.seated = (seats, len(seats), frozenset(s.name for s in seats))
                seated = at_table[2]
            else:
                seated = frozenset(s.name for s in seats)
            for name in players:
                if name not in seated:
                    sat = ", ".join(s.name for s in seats) or "nobody yet"
                    raise InputError(f"{shown(name)} has never sat at this table (seated so far: {sat})")
        if cards:
            _cards_at_table(st, cards, imp)

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
        most `MARKS_FAR` of those (a void reaching past them folds from the start). The last
        `MARK_NEAR` to twice as many events stay in memory (`place[4]`, every seq after
        `place[5]`), so a void of any of the last `MARK_NEAR` folds again from its mark without
        reading the store (which costs ten times as much an event)."""
        marks, recent = imp.marks[sid], place[4]
        if len(recent) >= 2 * MARK_NEAR:  # (gapless seqs) the older half is no longer wanted
            place[5] = recent[-MARK_NEAR - 1][0]
            del recent[:-MARK_NEAR]
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
        if base_seq >= place[5]:  # a recent mark: its events are in memory (every seq after place[5], in order)
            recent, i = place[4], base_seq - place[5]
            allev = recent[i:] if i >= len(recent) or recent[i][0] == base_seq + 1 else [
                e for e in recent if e[0] > base_seq]  # (the second: never, kept as a guard)
        else:
            self.store.insert_rows(imp.batch)
            imp.batch.clear()
            allev = list(self.store.events(sid, base_seq, seq - 1))
        allev.append((seq, void))
        place[4], place[5] = allev, base_seq
        try:
            state = _replayed(base, allev)
            check_limits(state)
            return state
        except ChipError as exc:
            raise RuleViolation(f"the void at seq {seq} breaks the chips: {exc}") from None
        except Exception as exc:  # later foreign events applied without the voided one: anything (named)
            raise InputError(f"the void at seq {seq} leaves later events without what they need ({type(exc).__name__})") from None


def _replayed(base: TableState, records: list[tuple[int, ev.Event]]) -> TableState:
    """``reducer.fold(records, state=base, checked=True)`` with each event's chips checked as the
    import checks a line's: the whole table (`chips.check`) after the first event applied and
    after any of `_WHOLE`, else by the accounts its postings touched when that settles it
    (`chips.kept`: the table was checked after the event before). The same first `ChipError`,
    for about a quarter less of a void's refold."""
    voided = voided_seqs(records)
    st = base.clone()
    first = True
    for seq, event in records:
        if seq in voided:
            st.seq = seq
            continue
        postings = apply(st, seq, event)
        if first or type(event) in _WHOLE or not kept(st.balances, postings, ev.MAX_CHIPS):
            check(st, hand_closed=isinstance(event, ev.HandEnded))
            first = False
    return st


def _cards_at_table(st: TableState, cards: list[str], imp: _Import | None) -> None:
    """`_check_cards` of `cards` at `st`; in an import, with the pack kept while the table's game
    and options are the same (options are replaced, never changed)."""
    if imp is None:
        _check_cards(st, cards)
        return
    kept_pack = imp.pack
    if kept_pack[0] is not st.options or kept_pack[1] != st.game:
        kept_pack = imp.pack = (st.options, st.game, _pack_of(st, imp.packs))
    _check_cards(st, cards, name=kept_pack[2])


def _applied(st: TableState, seq: int, event: ev.Event, checked: bool = False) -> None:
    """`event` (not a void) applied to `st` at `seq`, its chips checked after it: with `checked`
    (the table was checked after the event before), by the accounts it touched when that
    settles it (`chips.kept`), else the whole table. (`import_lines` spells it out for the
    usual line.)"""
    try:
        postings = apply(st, seq, event)
        if not (checked and type(event) not in _WHOLE and kept(st.balances, postings, ev.MAX_CHIPS)):
            check(st, hand_closed=isinstance(event, ev.HandEnded))
            check_limits(st)
    except Exception as exc:
        raise _not_applied(seq, exc) from None


class _Whole(Exception):
    """(`import_lines`: the whole table is to be checked after this event.)"""


def _not_applied(seq: int, exc: Exception) -> PotlogError:
    """What an import says when the event at `seq` broke the chips (`ChipError`), was refused
    (any other `PotlogError`, as it is), or could not be applied at all (anything else)."""
    if isinstance(exc, ChipError):
        return RuleViolation(f"seq {seq} breaks the chips: {exc}")
    if isinstance(exc, PotlogError):
        return exc
    # a foreign event the rules never decided: a game's evolve trusts its events, so anything
    return InputError(f"seq {seq} cannot be applied ({type(exc).__name__}): it names something that does not exist")


_WHOLE = frozenset({ev.PlayerJoined, ev.Rebuy, ev.PlayerLeft, ev.HandEnded})
"""Events after which `_applied` checks the whole table: they change what was bought in or
cashed out, or end a hand (its pots must be empty)."""


_PLAIN = frozenset(set(ev.EVENT_TYPES) - {ev.SessionOpened, ev.Void})
"""The event classes `import_lines` adds without `_import_line` when their line follows its
session's line before: every class but session_opened (only seq 1) and void (a fold again)."""


_CARDS_ONLY = frozenset({ev.CardsDealt, ev.CardsRevealed})
"""The event classes whose only names `_check_imported` checks are their ``cards`` (a zone or a
holder is any name: a board, a stock): what `_named` finds for them, without finding it."""


_NAMED: dict[type, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {}
_NAMED_MAX = 1 << 16  # distinct bodies an import keeps what they name of (`_Import.named`)


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


_Named = tuple[int, tuple[str, ...], bool, list[str]]
"""What `_check_imported` checks of an event, from the event alone: 1 for session_opened, 2 for
player_joined (checked their own way), else 0; the players it names (in fields and seat
accounts), whether it names the bank, its cards."""


def _named(event: ev.Event) -> _Named:
    """What `event` names, for `_check_imported`."""
    if isinstance(event, ev.SessionOpened):
        return 1, (), False, []
    if isinstance(event, ev.PlayerJoined):
        return 2, (), False, []
    players_at, accounts_at, cards_at = _named_fields(type(event))
    players: list[str] = []
    bank = False
    for attr in players_at:
        value = getattr(event, attr)
        if isinstance(value, str):
            players.append(value)
        elif isinstance(value, list):  # shares
            players += [share.player for share in value]
    for attr in accounts_at:
        account = getattr(event, attr)
        if account == "bank":
            bank = True
        elif account.startswith("seat:"):
            players.append(account[5:])
    cards: list[str] = []
    for attr in cards_at:
        value = getattr(event, attr)
        cards += value if isinstance(value, list) else [value]
    return 0, tuple(players), bank, cards


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
    from .core.options import options_of

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


def _check_cards(st: TableState, cards: list[str], packs: dict[tuple, str] | None = None,
                 name: str | None = None) -> None:
    """Every card is ``??`` or a card of the session's pack (`name`, else as `_pack_of` finds it),
    written as potlog writes it."""
    if name is None:
        name = _pack_of(st, packs)
    known = _PACK_CARDS.get(name)
    if known is not None and known.issuperset(cards):
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
_NO_CARDS: frozenset[str] = frozenset()  # (a pack potlog does not know: `_check_cards` says what is wrong)

