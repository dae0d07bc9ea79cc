"""Issue 28 (the fold at most 2x its floor): the quicker paths of the fold give exactly what
the ones they replace gave. In memory.

- `Store.events` checks the row's types without ``typeof()``: the columns it reads (seq, type,
  body) in Python, the three it does not read by two comparisons each in SQL. Both must refuse
  every value `row_problem` refuses, of every storage class, and nothing else.
- `kit.pots` reads the hand's bets once per question (`_bets`, `_uncalled`, `_layers`) instead
  of once per helper: `uncalled`, `layers`, `hand_layers` and `unpaid` must give what the
  previous definitions (kept below as the reference) gave on any table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.chips import SidePot, side_pots
from ledger.errors import IntegrityError, RuleViolation
from ledger.kit import pots
from ledger.kit.pots import UNCALLED_LAYER, Layer, layer_key, order_from_dealer
from ledger.state import Hand, Seat, TableState

# ----------------------------------------------------------------------------- the row check

VALUES = [None, 0, 7, -1, 1.5, "", "text", "é", b"", b"x", b"\x00"]


def test_the_sql_check_of_the_unread_columns_is_typeof_text_for_every_storage_class():
    from ledger.store import _REST_OK_SQL

    con = sqlite3.connect(":memory:")
    for decl in ("TEXT", "", "INTEGER", "BLOB", "NUMERIC"):  # the column's affinity: as potlog makes it, and others
        con.execute("DROP TABLE IF EXISTS t")
        con.execute(f"CREATE TABLE t (prev_hash {decl}, hash {decl}, recorded_at {decl})")
        good = ("a" * 64, "b" * 64, "2026-01-01T00:00:00.000Z")
        for column in range(3):
            for value in VALUES:
                row = list(good)
                row[column] = value
                con.execute("DELETE FROM t")
                con.execute("INSERT INTO t VALUES (?, ?, ?)", row)
                typed = con.execute("SELECT typeof(prev_hash) = 'text' AND typeof(hash) = 'text' "
                                    "AND typeof(recorded_at) = 'text' FROM t").fetchone()[0]
                ours = con.execute(f"SELECT {_REST_OK_SQL} FROM t").fetchone()[0]
                assert bool(ours) == bool(typed), (decl, column, value, ours, typed)
    con.close()


ROW = ("s", 1, "note", '{"text":"x","type":"note"}', "0" * 64, "1" * 64, "2026-01-01T00:00:00.000Z")
COLUMNS = ("seq", "type", "body", "prev_hash", "hash", "recorded_at")


@pytest.mark.parametrize("column", COLUMNS)
@pytest.mark.parametrize("value", [None, 3, 2.5, "3", b"", b"x"])
def test_events_refuses_a_column_of_any_other_storage_class(tmp_path: Path, column: str, value: object):
    """A table made again without column types (no affinity converts anything), one row of
    each kind at seq 2: `events` refuses it naming its column as `row_problem` does, and reads
    the row before it."""
    from ledger.store import SQL_TYPE, Store

    kind = SQL_TYPE[type(value)]
    want = {"seq": "INTEGER"}.get(column, "TEXT")
    if kind == want or (column == "seq" and value is None):  # of its type; a NULL seq is no seq > 0 to read
        return
    db = tmp_path / "bare.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE events (session_id, seq, type, body, prev_hash, hash, recorded_at, "
                "PRIMARY KEY (session_id, seq))")
    con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    con.execute("INSERT INTO meta VALUES ('hash_scheme', '2')")
    con.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", ROW)
    bad = list(ROW[:1]) + [2, *ROW[2:]]
    bad[1 + COLUMNS.index(column)] = value
    con.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", bad)
    con.commit()
    con.close()
    store = Store.open(str(db))
    try:
        with pytest.raises(IntegrityError, match=f"its {column} is stored as {kind}, not {want}"):
            list(store.events("s"))
        assert [seq for seq, _ in store.events("s", 0, 1)] == [1]
    finally:
        store.close()


# ----------------------------------------------------------------------------- the pots: the reference

def _ref_order(state: TableState, order: Sequence[str] | None) -> list[str]:
    given = list(order) if order is not None else order_from_dealer(state)
    return given + [s.name for s in state.seats if s.name not in given]


def _ref_bets(state: TableState, order: Sequence[str] | None) -> list[tuple[str, int, bool]]:
    rows = []
    for name in _ref_order(state, order):
        seat = state.seat(name)
        if seat is not None and seat.hand_bet:
            rows.append((name, seat.hand_bet, seat.in_hand and not seat.folded))
    return rows


def ref_uncalled(state: TableState, order: Sequence[str] | None = None) -> tuple[str, int] | None:
    rows = sorted(_ref_bets(state, order), key=lambda r: -r[1])
    if not rows or not rows[0][2]:
        return None
    top = rows[0]
    second = rows[1][1] if len(rows) > 1 else 0
    return (top[0], top[1] - second) if top[1] > second else None


def _ref_live(state: TableState, name: str) -> bool:
    seat = state.seat(name)
    return seat is not None and seat.in_hand and not seat.folded


def ref_layers(state: TableState, order: Sequence[str] | None = None, *, pot: str = "pot", total: int | None = None,
               returned: bool = True, single: str = "the pot") -> list[Layer]:
    rows = _ref_bets(state, order)
    back = ref_uncalled(state, order) if returned else None
    if back is not None:
        rows = [(p, c - back[1] if p == back[0] else c, live) for p, c, live in rows]
    layered = side_pots(rows)
    bet = sum(c for _, c, _ in rows)
    held = state.balance(pot) if total is None else total
    extra = held - bet - (back[1] if back else 0)
    if extra < 0:
        raise RuleViolation("short")
    if extra:
        live = tuple(p for p in _ref_order(state, order) if _ref_live(state, p))
        if layered:
            layered[0] = SidePot(layered[0].amount + extra, layered[0].eligible or live)
        else:
            layered = [SidePot(extra, live)]
    out = []
    for i, p in enumerate(layered):
        name = single if len(layered) == 1 else ("main pot" if i == 0 else f"side pot {i}")
        out.append(Layer(name, p.amount, tuple(p.eligible)))
    return out


def ref_hand_layers(state: TableState, order: Sequence[str] | None = None, *, pot: str = "pot",
                    total: int | None = None) -> list[Layer]:
    seats = _ref_order(state, order)
    try:
        out = ref_layers(state, seats, pot=pot, total=total)
    except RuleViolation:
        return []
    back = ref_uncalled(state, seats)
    if back is not None:
        out.append(Layer(UNCALLED_LAYER, back[1], (back[0],)))
    return out


def ref_unpaid(state: TableState, paid: Mapping[str, int], order: Sequence[str] | None = None, *,
               pot: str = "pot", held: int | None = None) -> list[Layer]:
    have = state.balance(pot) if held is None else held
    full = ref_hand_layers(state, order, pot=pot, total=have + sum(paid.values()))
    if not full:
        return [Layer("the pot", have, ())] if have > 0 else []
    keys = {layer_key(x.name) for x in full}
    over = sum(c for k, c in paid.items() if k not in keys)
    left = []
    for x in full:
        rest = x.amount - paid.get(layer_key(x.name), 0)
        over += max(0, -rest)
        left.append(Layer(x.name, max(0, rest), x.eligible))
    for i in reversed(range(len(left))):
        take = min(over, left[i].amount)
        if take:
            left[i] = Layer(left[i].name, left[i].amount - take, left[i].eligible)
            over -= take
    return left


# ----------------------------------------------------------------------------- the pots: any table

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")


@st.composite
def tables(draw) -> tuple[TableState, list[str] | None, dict[str, int]]:
    """A table of 1-6 seats (a name now and then twice), any bets (ties, zero, now and then
    below zero), anyone in or out or folded, a pot holding more or less than the bets, and an
    order that is the dealer's, a part of the table, or names nobody sits in."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=6))
    state = TableState(session="t")
    for name in names:
        seat = Seat(name=name, active=draw(st.booleans()))
        seat.hand_bet = draw(st.one_of(st.integers(0, 40), st.sampled_from([0, 5, 10]), st.integers(-3, 0)))
        seat.in_hand, seat.folded = draw(st.booleans()), draw(st.booleans())
        state.seats.append(seat)
    if draw(st.booleans()):
        state.hand = Hand(number=1, dealer=draw(st.sampled_from(NAMES)), ended=False)
    bets = sum(s.hand_bet for s in state.seats)
    state.balances["pot"] = bets + draw(st.integers(-10, 20))
    order = draw(st.one_of(st.none(), st.lists(st.sampled_from(NAMES + ("Zed",)), max_size=7)))
    paid = draw(st.dictionaries(st.sampled_from(["main", "side-1", "side-2", "uncalled", "side-9"]),
                                st.integers(0, 30), max_size=3))
    return state, order, paid


@settings(max_examples=150, deadline=None)
@given(tables())
def test_the_pots_read_once_are_the_pots_read_as_before(case):
    state, order, paid = case
    assert pots.uncalled(state, order) == ref_uncalled(state, order)
    assert pots.hand_layers(state, order) == ref_hand_layers(state, order)
    assert pots.unpaid(state, paid, order) == ref_unpaid(state, paid, order)
    assert pots.unpaid(state, paid, order, held=max(0, state.balance("pot") - 3)) == \
        ref_unpaid(state, paid, order, held=max(0, state.balance("pot") - 3))
    for returned in (True, False):
        for total in (None, state.balance("pot") + 4):
            try:
                want: list[Layer] | str = ref_layers(state, order, total=total, returned=returned, single="main pot")
            except RuleViolation:
                want = "refused"
            try:
                got: list[Layer] | str = pots.layers(state, order, total=total, returned=returned, single="main pot")
            except RuleViolation:
                got = "refused"
            assert got == want


def ref_side_pots(contributions):
    """`ledger.chips.side_pots` as it was written first (a sum and a pass per level)."""
    rows = [(p, c, live) for p, c, live in contributions if c > 0]
    levels = sorted({c for _, c, live in rows if live})
    out: list[SidePot] = []
    floor = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, floor) for _, c, _ in rows)
        eligible = tuple(p for p, c, live in rows if live and c >= level)
        if amount:
            out.append(SidePot(amount, eligible))
        floor = level
    rest = sum(c - min(c, floor) for _, c, _ in rows)
    if rest:
        if out:
            out[-1] = SidePot(out[-1].amount + rest, out[-1].eligible)
        else:
            out.append(SidePot(rest, ()))
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(NAMES), st.integers(-5, 60), st.booleans()), max_size=8))
def test_side_pots_in_one_pass_per_level_are_the_side_pots_as_before(rows):
    assert side_pots(rows) == ref_side_pots(rows)


# ----------------------------------------------------------------------------- freeform's award (second round)

def ref_took(state: TableState, event) -> None:
    """`ledger.games.freeform._took` as it was before `pots.one_layer`: the pots laid out at every payout."""
    from ledger import events as ev
    from ledger.games.freeform import OWN, _left

    x = OWN.x(state)
    if isinstance(event, ev.PotAwarded):
        left = _left(state, held=state.balance("pot") + sum(s.amount for s in event.shares))
        got = pots.claim(left, [(s.player, s.amount) for s in event.shares], layer=pots.named_in(event.reason, left),
                         strict=False)
    elif isinstance(event, ev.Transfer):
        left = _left(state, held=state.balance("pot") + event.amount)
        to = event.to_account.removeprefix("seat:")
        got = pots.claim(left, [(to if event.to_account.startswith("seat:") else "", event.amount)],
                         layer=pots.named_in(event.reason, left), strict=False)
    else:
        left = _left(state, held=state.balance("pot") + event.amount)
        got = pots.claim(left, [("", event.amount)], strict=False)
    for k, n in got.items():
        x.paid[k] = x.paid.get(k, 0) + n


@settings(max_examples=150, deadline=None)
@given(tables(), st.data())
def test_one_layer_says_what_unpaid_lays_out_with_nothing_paid(case, data):
    """True only when `unpaid` with nothing paid is at most one layer holding all of `held` (in
    any order), and, on a table of distinct names and bets of 0 or more read in an order of
    distinct names, whenever it is. (False is always safe: the caller then lays the pots out.)"""
    state, order, _ = case
    held = data.draw(st.integers(-5, 250))
    left = ref_unpaid(state, {}, order, held=held)
    one = len(left) <= 1 and all(x.amount == held and x.name == "the pot" for x in left)
    plain = (len({s.name for s in state.seats}) == len(state.seats) and all(s.hand_bet >= 0 for s in state.seats)
             and (order is None or len(set(order)) == len(order)))  # (an order naming a seat twice reads as one pot)
    if pots.one_layer(state, held):
        assert one and len(ref_unpaid(state, {}, None, held=held)) <= 1
    else:
        assert not (one and plain)


@settings(max_examples=200, deadline=None)
@given(tables(), st.data())
def test_freeform_award_books_the_pots_it_paid_as_before(case, data):
    """`freeform._took` (the one-pot shortcut, else the layers) books in ``paid`` exactly what
    the layers at every payout booked: any table, anything paid before, any payout out of the pot."""
    from ledger import events as ev
    from ledger.games.freeform import FreeformExt, _took

    state, _, paid = case
    names = [s.name for s in state.seats]
    chips = st.integers(1, 60)
    reason = st.sampled_from(["", "main pot: x", "side pot 1: y", "the pot", "uncalled bet returned", "z"])
    event = data.draw(st.one_of(
        st.builds(lambda shares, r: ev.PotAwarded(shares=[ev.Share(player=p, amount=a) for p, a in shares], reason=r),
                  st.lists(st.tuples(st.sampled_from(names), chips), min_size=1, max_size=3), reason),
        st.builds(lambda to, a, r: ev.Transfer(from_account="pot", to_account=to, amount=a, reason=r),
                  st.sampled_from(["seat:" + n for n in names] + ["house", "pot:jackpot"]), chips, reason),
        st.builds(lambda a: ev.PotCarried(amount=a), chips)))
    state.balances["pot"] = state.balance("pot") - pots.paid_out(event)  # the core step has paid it out
    if data.draw(st.booleans()):
        paid = {}
    ours, theirs = state.clone(), state.clone()
    ours.ext, theirs.ext = FreeformExt(paid=dict(paid)), FreeformExt(paid=dict(paid))
    _took(ours, event)
    ref_took(theirs, event)
    assert ours.ext.paid == theirs.ext.paid
    assert list(ours.ext.paid) == list(theirs.ext.paid)


@settings(max_examples=150, deadline=None)
@given(tables(), st.data())
def test_to_act_reads_the_first_seat_of_a_name_as_before(case, data):
    """`betting.to_act` finds each name's seat by scanning the seats (no name -> seat map built per
    turn): as before, only the first seat of a name counts, so a table with the later seats of a
    repeated name left out has the same player to act, for every kind of round."""
    from ledger.kit import betting as bets

    state, order, _ = case
    if state.hand is None:
        state.hand = Hand(number=1, dealer="Ann", ended=False)
    state.hand.current_bet = data.draw(st.integers(0, 10))
    for seat in state.seats:
        seat.round_bet = data.draw(st.integers(0, 10))
        state.balances["seat:" + seat.name] = data.draw(st.integers(0, 3))
    first: dict[str, Seat] = {}
    for seat in state.seats:
        first.setdefault(seat.name, seat)
    once = state.clone()
    once.seats = \
        [c for s, c in zip(state.seats, once.seats) if first[s.name] is s]
    book = bets.RoundBook(acted=data.draw(st.lists(st.sampled_from(NAMES), max_size=4)))
    rules = bets.Betting(reraise=data.draw(st.booleans()), lone_ends=data.draw(st.booleans()),
                         call_back=data.draw(st.booleans()), opens=data.draw(st.integers(0, 3)))
    names = order if order is not None else [s.name for s in state.seats]
    assert bets.to_act(state, book, rules, names) == bets.to_act(once, book, rules, names)


# ----------------------------------------------------------------------------- the voids read with the events

NOTE = '{"text":"x","type":"note"}'


def _bare(path: Path, rows: list[tuple]) -> None:
    """A database of `rows` (seq, type, body[, prev_hash, hash, recorded_at]) of session "s", its
    columns without types (so any value stays as it is given)."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE events (session_id, seq, type, body, prev_hash, hash, recorded_at, "
                "PRIMARY KEY (session_id, seq))")
    con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    con.execute("INSERT INTO meta VALUES ('hash_scheme', '2')")
    for row in rows:
        full = tuple(row) + ("0" * 64, "1" * 64, "2026-01-01T00:00:00.000Z")[len(row) - 3:]
        con.execute("INSERT INTO events VALUES ('s', ?, ?, ?, ?, ?, ?)", full)
    con.commit()
    con.close()


def _read(how, *args):
    """What a read gives, or the refusal it raises (its message)."""
    try:
        voided, events = how(*args)
        return voided, [(seq, e) for seq, e in events]
    except IntegrityError as exc:
        return str(exc)


def _void(target: int) -> str:
    return '{"reason":"wrong","target":%d,"type":"void"}' % target


@pytest.mark.parametrize("batch", [2000, 3])
@pytest.mark.parametrize("case", [
    "plain", "late void", "void of a void", "bad void body", "void body not JSON", "void hash a blob",
    "void hash a blob, no target", "void seq text", "void seq zero", "void seq null", "note seq null", "no seq 1", "empty"])
def test_folding_reads_the_voids_and_events_as_voids_then_events(tmp_path: Path, monkeypatch, batch: int, case: str):
    """`Store.folding` (the voids found in the rows read for the events) gives the targets and the
    events `voids` then `events` give, or the same refusal, before any event: on every kind of
    row a void can be stored as; a session longer than a batch reads the rest's voids by the query."""
    import ledger.store as store_mod
    from ledger.store import Store

    monkeypatch.setattr(store_mod, "_BATCH", batch)
    rows: list[tuple] = [(i, "note", NOTE) for i in range(1, 9)]
    rows += {
        "plain": [(9, "void", _void(3))],
        "late void": [(9, "void", _void(2)), (10, "note", NOTE), (11, "void", _void(7))],
        "void of a void": [(9, "void", _void(3)), (10, "void", _void(9))],
        "bad void body": [(9, "void", '{"type":"void"}')],
        "void body not JSON": [(9, "void", "{")],
        "void hash a blob": [(9, "void", _void(3), "0" * 64, b"x", "2026-01-01T00:00:00.000Z")],
        "void hash a blob, no target": [(9, "void", "{", "0" * 64, b"x", "2026-01-01T00:00:00.000Z")],
        "void seq text": [("9", "void", _void(3))],
        "void seq zero": [(0, "void", _void(3))],
        "void seq null": [(None, "void", _void(3))],
        "note seq null": [(None, "note", NOTE), (9, "void", _void(4))],
        "no seq 1": [(9, "void", _void(4))],
        "empty": [],
    }[case]
    if case == "no seq 1":
        rows = rows[1:]
    if case == "empty":
        rows = []
    db = tmp_path / "v.db"
    _bare(db, rows)
    store = Store.open(str(db))
    try:
        for upto in (None, 5, 9):
            before = _read(lambda s, u: (set(store.voids(s, u)), store.events(s, 0, u)), "s", upto)
            assert _read(store.folding, "s", upto) == before, (case, upto)
    finally:
        store.close()
