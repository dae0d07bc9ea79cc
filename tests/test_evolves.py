"""`Ruleset.evolves`: the reducer calls a game's `evolve` only for the event classes it
declares, so the declaration must be complete: `evolve` called on an event of any other class
leaves the table as it is (checked on every event of the sample sessions of each game that
declares it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger import events as ev
from ledger.games import all_rulesets
from ledger.reducer import apply, voided_seqs
from ledger.state import TableState, state_json

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"
DECLARED = sorted(r.name for r in all_rulesets() if r.evolves is not None)


def _sessions(game: str) -> list[list[tuple[int, ev.Event]]]:
    found = []
    for path in sorted(SAMPLES.glob("*.jsonl")):
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        if not lines or lines[0]["event"].get("game") != game:
            continue
        found.append([(o["seq"], ev.parse_typed(o["event"]["type"], json.dumps(o["event"], sort_keys=True)))
                      for o in lines])
    return found


def test_freeform_declares_its_classes() -> None:
    assert "freeform" in DECLARED


@pytest.mark.parametrize("game", DECLARED)
def test_evolve_changes_nothing_for_an_undeclared_class(game: str) -> None:
    rules = next(r for r in all_rulesets() if r.name == game)
    assert rules.evolves is not None
    sessions = _sessions(game)
    assert sessions, f"no sample session of {game}"
    undeclared = 0
    for records in sessions:
        voided, st = voided_seqs(records), TableState()
        for seq, event in records:
            if seq in voided:
                st.seq = seq
                continue
            apply(st, seq, event)  # (the reducer: no evolve for an undeclared class)
            if type(event) in rules.evolves or isinstance(event, (ev.SessionOpened, ev.GameSwitched)):
                continue
            undeclared += 1
            called = st.clone()
            rules.evolve(called, event)
            assert state_json(called) == state_json(st), f"{game}: evolve changed the table for {event!r}"
    assert undeclared >= 20  # the check ran on events of other classes
