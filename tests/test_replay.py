"""potlog replay: hand-by-hand summary, one hand, the table at a seq, stepping, hidden cards."""

from __future__ import annotations

import json

import pytest

from ledger import replay as replay_mod
from ledger.replay import frames
from ledger.state import state_hash
from tests.conftest import SAMPLES

NIGHT = """
new freeform --name night -p Ann=100 -p Ben=100 -p Cy=50
hand
deal Ann AS KD
deal Ben -n 2
bet Ann 10
call Ben
fold Cy
reveal Ben QH 2C
award Ann
end
hand
ante Ann 5
ante Ben 5
bet Ann 10
call Ben
carry
end
hand
deal Cy 7C 7D
bet Cy 5
call Ann
award Cy
end
"""



def test_summary_is_hand_by_hand(night):
    data = json.loads(night("replay", "--json").output)
    hands = data["hands"]
    assert [h["hand"] for h in hands] == [1, 2, 3]
    assert hands[0]["took_out"] == {"Ann": 20} and hands[0]["net"] == {"Ann": 10, "Ben": -10, "Cy": 0}
    assert hands[1]["carry_out"] == 30 and hands[2]["carry_in"] == 30
    assert hands[2]["stacks_after"] == {"Ann": 90, "Ben": 75, "Cy": 85}
    assert data["table"] is None
    text = night("replay").output
    assert "hand by hand" in text and "Ann 20" in text


def test_to_shows_the_table_as_it_was(night):
    data = json.loads(night("replay", "--to", "9", "--json").output)
    at = json.loads(night("state", "--at", "9", "--json").output)
    assert data["table"]["state_hash"] == at["state_hash"]
    assert [h["hand"] for h in data["hands"]] == [1] and data["hands"][0]["ended"] is False
    assert data["table"]["hand"]["current_bet"] == 10


def test_to_past_the_end_is_refused_in_one_line(night):
    r = night("replay", "--to", "999", ok=False)
    assert r.exit_code == 1 and "no seq 999" in r.output and len(r.output.strip().splitlines()) == 1


def test_one_hand_lists_its_events_and_its_end(night):
    r = night("replay", "--hand", "1")
    lines = r.output.splitlines()
    assert lines[0].startswith("#5 hand 1 starts")
    assert any("#12 pot awarded: Ann 20" in x for x in lines)
    assert not any("hand 2 starts" in x for x in lines)
    data = json.loads(night("replay", "--hand", "2", "--json").output)
    assert data[0]["seq"] == 14 and data[-1]["event"] == "hand 2 ends"
    assert {"from": "pot", "to": "carry", "amount": 30, "reason": "carry-over"} in data[-2]["postings"]
    assert night("replay", "--hand", "9", ok=False).exit_code == 1


def test_hidden_cards_stay_hidden_unless_asked(night):
    hidden = night("replay", "--to", "8").output
    assert "AS" not in hidden and "▒▒" in hidden
    shown = night("replay", "--to", "8", "--all-cards").output
    assert "AS" in shown
    data = json.loads(night("replay", "--to", "8", "--json").output)
    ann = next(s for s in data["table"]["seats"] if s["name"] == "Ann")
    assert [c["card"] for c in ann["cards"]] == ["??", "??"]


def test_step_advances_on_enter_and_stops_on_q(night):
    r = night("replay", "--hand", "1", "--step", input="\n\n\nq\n")
    assert r.output.count("Enter: next event") == 4
    assert "#8 Ann bets 10" in r.output and "#9 Ben calls" not in r.output
    r = night("replay", "--hand", "3", "--step", input="\n" * 50)
    assert r.output.count("Enter: next event") == 6  # every event of hand 3, then it ends
    r = night("replay", "--step", "--to", "3", input="")  # end of input stops after the first
    assert r.output.count("Enter: next event") == 1


def test_step_json_gives_every_frame(night):
    data = json.loads(night("replay", "--step", "--to", "6", "--json").output)
    assert [f["seq"] for f in data] == [1, 2, 3, 4, 5, 6]
    assert data[-1]["table"]["seq"] == 6


def test_frames_skip_voided_events(night):
    night("void", "22", "--reason", "wrong player")  # Cy's bet of 5 in hand 3
    led = night.ledger()
    try:
        seqs = [f.seq for f in frames(led.store, "night")]
        assert 22 not in seqs
        early = [f.seq for f in frames(led.store, "night", upto=22)]
        assert early[-1] == 22  # before the void was recorded, the bet stood
    finally:
        led.close()


def test_long_archives_show_a_progress_bar(night, monkeypatch):
    monkeypatch.setattr(replay_mod, "LONG", 5)
    r = night("replay")
    assert r.exit_code == 0 and "hand by hand" in r.output


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.jsonl")), ids=lambda p: p.name)
def test_every_sample_replays_to_its_state(path, potlog):
    potlog("import", str(path))
    led = potlog.ledger()
    try:
        sid = led.current()
        last = None
        for last in frames(led.store, sid):
            pass
        assert last is not None
        assert state_hash(last.state) == state_hash(led.state(sid))
    finally:
        led.close()
    assert potlog("replay").exit_code == 0
