"""`verify --rules` on Blücher: every recorded event is re-checked by `bluecher.check_event`;
a log whose settlement or betting was rewritten is caught at the first wrong event."""

from __future__ import annotations

import json

import pytest

from ledger import events as ev
from ledger.errors import RuleViolation
from ledger.games.bluecher import check_event
from tests.conftest import SAMPLES, Potlog

HAND = """
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal Ann 5H 9C 2D
deal Ben KS 3D 7C
deal Cy QH 4S 6D
declare Ann dice 2
declare Ann limit 4
hole Ann 5H
bet Ann 2
hole Ben KS
call Ben
hole Cy QH
call Cy
roll Ann 6 5
buy Ann 4C --discard 2D
bet Ann 3
call Ben
buy Cy AC --discard 4S
raise Cy 2
call Ann
call Ben
""" + "\n".join(["check Ann", "check Ben", "check Cy"] * 2) + "\nshowdown\n"


def _records(potlog):
    led = potlog.ledger()
    try:
        return led, list(led.store.events("t"))
    except Exception:
        led.close()
        raise


def test_every_event_of_a_hand_passes_and_altered_ones_are_refused(potlog, tmp_path):
    potlog.run_script(HAND, tmp_path)
    led, records = _records(potlog)
    try:
        for seq, event in records[1:]:
            check_event(led.state("t", seq - 1), event)
        award_seq, award = next((s, e) for s, e in records if e.type == "pot_awarded")
        before = led.state("t", award_seq - 1)
        check_event(before, award)
        wrong = award.model_copy(update={"shares": [ev.Share(player="Ann", amount=23)]})
        with pytest.raises(RuleViolation, match="the showdown records 'pot awarded: Cy 23"):
            check_event(before, wrong)
        raise_seq, raised = next((s, e) for s, e in records if e.type == "raise")
        with pytest.raises(RuleViolation):
            check_event(led.state("t", raise_seq - 1), raised.model_copy(update={"by": 6, "amount": 9}))
        round_seq = next(s for s, e in records if e.type == "round_started")
        with pytest.raises(RuleViolation, match="a round starts by itself"):
            check_event(led.state("t", round_seq), ev.RoundStarted(round=3))
    finally:
        led.close()


def test_verify_rules_names_a_rewritten_award(tmp_path):
    lines = [json.loads(x) for x in (SAMPLES / "bluecher-evening.jsonl").read_text().splitlines()]
    first = next(i for i, line in enumerate(lines) if line["event"]["type"] == "pot_awarded")
    end = next(i for i, line in enumerate(lines) if line["event"]["type"] == "hand_ended")
    lines = lines[:end + 1]  # hand 1 only, its award moved from Ben to Ann
    lines[first]["event"]["shares"] = [{"player": "Ann", "amount": 34}]
    prev = lines[first - 1]["hash"]
    for line in lines[first:]:  # a forger who recomputes the whole chain
        line["prev_hash"] = prev
        line["hash"] = ev.line_hash(line)
        prev = line["hash"]
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(ev.canonical_json(x) for x in lines) + "\n")
    pl = Potlog(tmp_path / "f.db")
    pl("import", str(forged))
    r = pl("verify", "--rules", ok=False)
    assert r.exit_code == 1
    assert f"seq {lines[first]['seq']}" in r.output and "the showdown records 'pot awarded: Ben 34" in r.output
