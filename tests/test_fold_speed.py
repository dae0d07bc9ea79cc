"""The fast paths of the fold and of a trial (issue 14) keep every behaviour: `TableState.clone`
copies every field and shares nothing mutable, the plain fold (no checks, no observer) reaches
the state `apply` reaches step by step, a game's trial (`follow.then`) asks the table itself
when there is nothing to apply, and the staged tracker's first step lands where
`stages.advance` would. In memory, on the sample sessions."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from ledger import events as ev
from ledger.events import parse_event
from ledger.kit import follow, stages
from ledger.reducer import apply, fold, voided_seqs
from ledger.state import Declaration, Hand, Held, Played, Roll, Seat, TableState, state_hash, to_plain
from tests.conftest import SAMPLES

ATOMS = (int, str, bool, float, type(None))


def sample(name: str) -> list[tuple[int, ev.Event]]:
    lines = (SAMPLES / name).read_text(encoding="utf-8").splitlines()
    return [(o["seq"], parse_event(json.dumps(o["event"]))) for o in map(json.loads, lines)]


@dataclass(frozen=True)
class Frozen:
    tags: tuple[str, ...] = ("a",)
    marks: list[int] = field(default_factory=list)


@dataclass
class GameExt:  # a game's own state: plain data of every kind a game keeps
    phase: str = "bet"
    order: list[str] = field(default_factory=list)
    plan: list[list[str | int]] = field(default_factory=list)
    books: dict[str, list[str]] = field(default_factory=dict)
    pair: tuple[list[int], int] = ([1], 2)
    frozen: Frozen = field(default_factory=Frozen)
    nothing: None = None


def full_table() -> TableState:
    """A table with every field of every core class away from its default."""
    hand = Hand(number=3, dealer="Ann", first="Ben", round=2, current_bet=4,
                boards={"board": [Held("AS", True), Held("??")]}, dice=[Roll("Ann", [3, 5], 6)],
                declarations=[Declaration("Ben", "limit", 5)], trick=[Played("Ann", "KH")], tricks={"Ben": 1},
                out=["2C"], to_act="Ben", phase="round", ended=False)
    seat = Seat(name="Ann", active=True, bought_in=50, rebought=10, cashed_out=5, cards=[Held("5H", True), Held("??")],
                folded=True, all_in=True, round_bet=3, hand_bet=7, hand_costs=2, in_hand=True, last_count=44)
    return TableState(session="s", game="freeform", options={"ante": 1, "list": [1, 2], "nested": {"a": [3]}},
                      chip_unit="cent", title="t", seq=17, seats=[seat, Seat(name="Ben")],
                      balances={"bank": -60, "seat:Ann": 48, "pot": 12}, hand=hand, hands_played=2,
                      scores={"Ann": 3}, persistent=["pot:jackpot"], voided=[4], rulings=[6], closed=True,
                      ext=GameExt(order=["Ann", "Ben"], plan=[["blind", "Ann", 1]], books={"x": ["Ann"]},
                                  frozen=Frozen(marks=[1])))


def shared(a: Any, b: Any, path: str = "state") -> list[str]:
    """Where `a` and `b` (equal in value) share a mutable object."""
    if type(a) in ATOMS or (isinstance(a, tuple) and all(type(v) in ATOMS for v in a)):
        return []
    out = [path] if a is b else []
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            out += shared(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, dict):
        for k in a:
            out += shared(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            out += shared(x, y, f"{path}[{i}]")
    return out


def test_clone_copies_every_field_and_shares_nothing_mutable():
    state = full_table()
    copy = state.clone()
    for cls, obj in ((TableState, copy), (Seat, copy.seats[0]), (Hand, copy.hand), (Held, copy.seats[0].cards[0])):
        assert all(hasattr(obj, f.name) for f in dataclasses.fields(cls)), cls  # a field the clone forgot
    assert to_plain(copy) == to_plain(state) and state_hash(copy) == state_hash(state)
    assert type(copy.ext) is GameExt and type(copy.ext.frozen) is Frozen and type(copy.seats[0].cards[0]) is Held
    assert shared(state, copy) == []


def test_a_change_to_the_clone_leaves_the_table_as_it_was():
    state = full_table()
    before = state_hash(state)
    copy = state.clone()
    copy.seats[0].cards[1].card = "9D"
    copy.hand.boards["board"].append(Held("3C"))
    copy.hand.dice[0].faces.append(1)
    copy.balances["pot"] = 0
    copy.options["nested"]["a"].append(4)
    copy.ext.plan[0][2] = 9
    copy.ext.pair[0].append(7)
    copy.ext.frozen.marks.append(2)
    assert state_hash(state) == before and state_hash(copy) != before


SAMPLED = ["bluecher-evening.jsonl", "bluffjack-game.jsonl", "holdem-night.jsonl", "poch-night.jsonl"]


@pytest.mark.parametrize("name", SAMPLED)
def test_the_plain_fold_reaches_what_apply_reaches_step_by_step(name):
    if not (SAMPLES / name).exists():
        pytest.skip(f"no sample {name}")
    records = sample(name)
    voided = voided_seqs(records)
    step = TableState()
    for n, (seq, event) in enumerate(records, 1):
        if seq in voided:
            step.seq = seq
            continue
        apply(step, seq, event)
        if n % 50 == 0 or n == len(records):
            part = records[:n]
            plain = fold(part, voided=voided)
            watched = fold(part, voided=voided, observer=lambda *a: None)
            assert state_hash(plain) == state_hash(watched) == state_hash(step), (name, seq)


def test_the_plain_fold_keeps_rulings_and_skips_voided_events_as_apply_does():
    records = sample("bluecher-evening.jsonl")[:120]
    ruled = [(seq, e.model_copy(update={"ruling": "the table says"}) if seq % 7 == 0 else e) for seq, e in records]
    voided = {seq for seq, e in ruled if isinstance(e, ev.Bet)}
    plain = fold(ruled, voided=voided)
    watched = fold(ruled, voided=voided, observer=lambda *a: None)
    assert plain.rulings == [seq for seq, _ in ruled if seq % 7 == 0 and seq not in voided] != []
    assert state_hash(plain) == state_hash(watched)


def test_then_with_nothing_to_apply_asks_the_table_itself():
    state = TableState()
    for e in (ev.SessionOpened(game="freeform", options={}), ev.PlayerJoined(player="Ann", buyin=20)):
        apply(state, state.seq + 1, e)
    before = state_hash(state)
    asked: list[int] = []

    def after(s: TableState) -> list[ev.Event]:  # one note on the table as it is, then nothing
        asked.append(s.seq)
        return [ev.Note(text="due")] if s.seq == 2 else []

    assert follow.then(state, [], after) == [ev.Note(text="due")]
    assert asked == [2, 3] and state_hash(state) == before
    asked.clear()
    with pytest.raises(RuntimeError, match="never settles"):
        follow.then(state, [], lambda s: asked.append(s.seq) or [ev.Note(text="again")], limit=4)
    assert asked == [2, 3, 4, 5]  # `limit` asks in all, the first of the table itself
    assert state_hash(state) == before


def test_the_staged_trackers_first_step_lands_where_advance_would():
    from ledger.games.bluecher.stages import DEALING, FLOW, _rolled

    state, checked = TableState(), 0
    records = sample("bluecher-evening.jsonl")
    voided = voided_seqs(records)
    for seq, event in records:
        if seq in voided:
            continue
        apply(state, seq, event)
        x, hand = state.ext, state.hand
        if hand is None or hand.ended or x.phase in (FLOW.due, FLOW.won):
            continue
        again = stages.advance(state, FLOW, x.phase, x, x.order, _rolled(x),
                               lambda stage: stage.kind == "deal" and all(
                                   len(s.cards) >= DEALING.each for s in state.seats if s.in_hand))
        assert again == (x.phase, hand.to_act), (seq, event)
        checked += 1
    assert checked > 200
