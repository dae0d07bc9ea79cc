"""potlog audit: players, per-hand chip flows, conservation, counts, voids and rulings."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import events as ev
from ledger.app import Ledger
from ledger.audit import audit_records, audit_session, season
from tests.conftest import SAMPLES

NIGHT = """
new freeform --name night -p Ann=100 -p Ben=100 -p Cy=50
hand
bet Ann 10
call Ben
fold Cy
award Ann
end
hand
ante Ann 5
ante Ben 5
ante Cy 5
bet Cy 10
call Ann
fold Ben
carry
end
hand
rebuy Ben 50
bet Ann 20
call Ben
award Ben
count Cy 35
end
pay Ann house 5 --reason rake
count Ann 70
count Ann 71
void 29 --reason "miscounted"
leave Cy
"""



def test_players_and_hands_are_accounted_for(night):
    data = json.loads(night("audit", "--json").output)
    assert data["ok"] is True
    players = {p["player"]: p for p in data["players"]}
    assert players["Ann"] == {"player": "Ann", "bought_in": 100, "rebought": 0, "cashed_out": 0, "stack": 70,
                              "net": -30}
    assert players["Ben"]["rebought"] == 50 and players["Ben"]["stack"] == 190 and players["Ben"]["net"] == 40
    assert players["Cy"]["cashed_out"] == 35 and players["Cy"]["stack"] == 0 and players["Cy"]["net"] == -15
    assert sum(p["net"] for p in data["players"]) == -data["accounts"]["house"] == -5
    h1, h2, h3 = data["hands"]
    assert h1["put_in"] == {"Ann": {"pot": 10}, "Ben": {"pot": 10}} and h1["took_out"] == {"Ann": 20}
    assert h1["net"] == {"Ann": 10, "Ben": -10, "Cy": 0}
    assert h2["carry_out"] == 35 and h2["took_out"] == {} and h2["pot_total"] == 35
    assert h3["carry_in"] == 35 and h3["took_out"] == {"Ben": 75} and h3["pot_total"] == 75
    assert h3["cage"] == {"Ben": 50}
    assert h3["net"]["Ben"] == 55  # the rebuy is not a win
    assert [(m["source"], m["dest"], m["amount"]) for m in data["between_hands"] if m["reason"] == "rake"] == [
        ("seat:Ann", "house", 5)]


def test_counts_voids_are_listed(night):
    data = json.loads(night("audit", "--json").output)
    counts = [(c["seq"], c["player"], c["counted"], c["ledger"], c["difference"], c["hand"]) for c in data["counts"]]
    assert counts == [(25, "Cy", 35, 35, 0, 3), (28, "Ann", 70, 70, 0, None)]
    assert data["voids"] == [{"seq": 30, "target": 29, "reason": "miscounted", "cancelled": "Ann's chips counted: 71"}]
    r = night("audit")
    assert "reconciles" in r.output and "miscounted" in r.output


def test_a_count_mismatch_is_found_with_hand_and_seq(potlog, tmp_path):
    potlog.run_script(NIGHT.replace("count Cy 35", "count Cy 33"), tmp_path)
    r = potlog("audit", ok=False)
    assert r.exit_code == 1
    assert "seq 25: Cy's chips were counted at 33, the ledger says 35 (-2) in hand 3" in r.output
    data = json.loads(potlog("audit", "--json", ok=False).output)
    assert data["ok"] is False and [p["kind"] for p in data["problems"]] == ["count"]


def test_the_mismatch_sample_is_caught(potlog):
    potlog("import", str(SAMPLES / "freeform-count-mismatch.jsonl"))
    r = potlog("audit", "--json", ok=False)
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert [(p["seq"], p["kind"]) for p in data["problems"]] == [(36, "count")]
    assert [c["difference"] for c in data["counts"] if c["difference"]] == [-5]
    assert len(data["voids"]) == 1 and data["voids"][0]["reason"].startswith("Ann miscounted")


@pytest.mark.parametrize("path", sorted(p for p in SAMPLES.glob("*.jsonl") if "mismatch" not in p.name),
                         ids=lambda p: p.name)
def test_every_sample_session_audits_clean(path, potlog):
    potlog("import", str(path))
    data = json.loads(potlog("audit", "--json").output)
    assert data["ok"], data["problems"]
    assert sum(p["net"] for p in data["players"]) + sum(
        v for k, v in data["accounts"].items() if k != "bank") == 0


@pytest.mark.sqlite_only
def test_tampered_chips_are_caught_at_their_seq(night, tmp_path):
    # with the triggers dropped, an award is inflated (and re-hashed): chips appear from nowhere
    copy = tmp_path / "t.db"
    con = sqlite3.connect(night.db)
    con.execute("PRAGMA wal_checkpoint(FULL)")
    con.close()
    shutil.copy(night.db, copy)
    con = sqlite3.connect(copy)
    con.execute("DROP TRIGGER events_no_update")
    con.execute("UPDATE events SET body = replace(body, '\"amount\":20', '\"amount\":25') "
                "WHERE session_id='night' AND seq=9")
    con.commit()
    con.close()
    r = night("audit", "--json", "--db", str(copy), ok=False)
    assert r.exit_code == 1
    problems = json.loads(r.output)["problems"]
    assert problems[0]["seq"] == 9 and problems[0]["kind"] == "conservation"
    assert "pot" in problems[0]["message"] and "-5 chips" in problems[0]["message"]


def _import(led: Ledger, sid: str, events: list[ev.Event]) -> None:
    lines, prev = [], ev.GENESIS
    for seq, e in enumerate(events, 1):
        body = ev.event_body(e)
        h = ev.chain_hash(prev, body, session=sid, seq=seq, etype=e.type, recorded_at="2026-01-01T20:00:00.000Z")
        lines.append(ev.canonical_json({"session": sid, "seq": seq, "recorded_at": "2026-01-01T20:00:00.000Z",
                                        "prev_hash": prev, "hash": h, "event": json.loads(body)}))
        prev = h
    led.import_lines(lines)


def test_rulings_are_listed_with_their_reason(ledger, potlog):
    _import(ledger, "ruled", [
        ev.SessionOpened(game="freeform"), ev.PlayerJoined(player="Ann", buyin=20),
        ev.PlayerJoined(player="Ben", buyin=20), ev.HandStarted(hand=1, dealer="Ann"),
        ev.Bet(player="Ann", amount=5), ev.Bet(player="Ben", amount=5, ruling="string bet allowed"),
    ])
    data = json.loads(potlog("audit", "--json", "-s", "ruled").output)
    assert data["rulings"] == [{"seq": 6, "hand": 1, "ruling": "string bet allowed", "event": "Ben bets 5",
                                "voided": False}]
    assert data["hands"][0]["ended"] is False
    assert "table ruling (seq 6, hand 1): Ben bets 5: string bet allowed" in potlog("audit", "-s", "ruled").output


def test_audit_all_adds_a_season_table(night, tmp_path):
    night.run_script("new freeform --name second -p Ann=40 -p Dee=40\nhand\nbet Ann 10\ncall Dee\naward Dee\nend\n",
                     tmp_path)
    data = json.loads(night("audit", "--all", "--json").output)
    assert data["ok"] and [s["session"] for s in data["sessions"]] == ["night", "second"]
    table = {s["player"]: s for s in data["season"]}
    assert table["Ann"]["sessions"] == 2 and table["Ann"]["net"] == -30 - 10
    assert table["Dee"]["net"] == 10 and table["Ben"]["net"] == 40
    assert [s["player"] for s in data["season"]][0] == "Ben"  # best net first
    text = night("audit", "--all").output
    assert "season" in text and "night" in text and "second" in text


def test_season_sums_sessions():
    a = audit_records([(1, ev.SessionOpened(game="freeform")), (2, ev.PlayerJoined(player="A", buyin=5))], "x")
    b = audit_records([(1, ev.SessionOpened(game="freeform")), (2, ev.PlayerJoined(player="A", buyin=7))], "y")
    (line,) = season([a, b])
    assert (line.sessions, line.bought_in, line.stack, line.net) == (2, 12, 12, 0)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(1, 30), st.integers(0, 2)), min_size=1, max_size=8))
def test_random_hands_reconcile(tmp_path_factory, hands):
    """Whatever is bet and whoever wins, the audit reconciles and the hand nets sum to zero."""
    led = Ledger.open(str(tmp_path_factory.mktemp("h") / "p.db"))
    from ledger.commands import Award, Bet, End, NewHand

    names = ["Ann", "Ben", "Cy"]
    led.new_session("freeform", [(n, 100) for n in names], name="r")
    for bettor, amount, winner in hands:
        led.execute("r", NewHand())
        stack = led.state("r").stack(names[bettor])
        if stack:
            led.execute("r", Bet(player=names[bettor], amount=min(amount, stack)))
            led.execute("r", Award(player=names[winner]))
        led.execute("r", End())
    a = audit_session(led.store, "r")
    led.close()
    assert a.ok
    assert sum(p.net for p in a.players) == 0
    for flow in a.hands:
        assert sum(flow.net.values()) == 0
        assert sum(sum(v.values()) for v in flow.put_in.values()) == sum(flow.took_out.values())
