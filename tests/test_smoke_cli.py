"""A freeform night through the CLI: record, look, refuse."""

import json


def test_record_a_hand_and_read_it_back(potlog):
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Ben=100", "-p", "Cy=50")
    potlog("hand")
    potlog("deal", "Ann", "AS", "KD")
    potlog("deal", "Ben", "-n", "2")
    potlog("bet", "Ann", "10")
    potlog("call", "Ben")
    potlog("fold", "Cy")
    potlog("reveal", "Ben", "QH", "2C")
    potlog("award", "Ann")
    potlog("end")
    data = json.loads(potlog("state", "--json").output)
    stacks = {s["name"]: s["stack"] for s in data["seats"]}
    assert stacks == {"Ann": 110, "Ben": 90, "Cy": 50}
    assert data["accounts"]["pot"] == 0
    log = json.loads(potlog("log", "--json").output)
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))


def test_bet_larger_than_stack_is_refused_in_one_line(potlog):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    before = potlog("log", "--json").output
    r = potlog("bet", "Ann", "50", ok=False)
    assert r.exit_code == 1
    assert "Ann has only 10 chips" in r.output
    assert len(r.output.strip().splitlines()) == 1
    assert potlog("log", "--json").output == before
