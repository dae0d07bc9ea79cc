"""potlog verify: the hash chain names the first broken seq; --rules re-decides every event."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from ledger import events as ev
from ledger.app import Ledger
from ledger.games import freeform
from ledger.verify import command_for, verify_session

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
bet Ben 5
call Ann
award Ben
end
count Cy 50
"""



def tampered(potlog, tmp_path: Path, *statements: str) -> str:
    """A copy of the database with the triggers dropped and `statements` run on it."""
    copy = tmp_path / "tampered.db"
    src = sqlite3.connect(potlog.db)
    src.execute("PRAGMA wal_checkpoint(FULL)")
    src.close()
    shutil.copy(potlog.db, copy)
    con = sqlite3.connect(copy)
    con.execute("DROP TRIGGER events_no_update")
    con.execute("DROP TRIGGER events_no_delete")
    for sql in statements:
        con.execute(sql)
    con.commit()
    con.close()
    return str(copy)


def row(db: str, seq: int) -> tuple:
    con = sqlite3.connect(db)
    r = con.execute("SELECT type, body, prev_hash, hash, recorded_at FROM events WHERE session_id='night' AND seq=?",
                    (seq,)).fetchone()
    con.close()
    return r


def first(potlog, db: str) -> dict:
    r = potlog("verify", "--json", "--db", db, ok=False)
    assert r.exit_code == 1, r.output
    data = json.loads(r.output)
    assert data["ok"] is False
    return data["sessions"][0]


def test_an_intact_log_verifies(night):
    r = night("verify")
    assert "chain intact" in r.output
    data = json.loads(night("verify", "--json").output)
    assert data["ok"] and data["sessions"][0]["events"] == 26


def test_verify_prints_the_head_of_each_session(night):
    night("new", "freeform", "--name", "other", "-p", "Zed=10")
    heads = {sid: night.ledger().store.head(sid) for sid in ("night", "other")}
    assert heads["night"][0] == 26 and len(heads["night"][1]) == 64
    r = night("verify", "--all")
    for sid, (seq, h) in heads.items():
        assert f"head: seq {seq} hash {h}" in r.output
    data = json.loads(night("verify", "--all", "--json").output)
    assert {s["session"]: (s["head"]["seq"], s["head"]["hash"]) for s in data["sessions"]} == heads


@pytest.mark.sqlite_only
def test_an_edited_time_is_caught(night, tmp_path):
    db = tampered(night, tmp_path, "UPDATE events SET recorded_at = '2020-01-01T00:00:00.000Z' "
                                   "WHERE session_id='night' AND seq=8")
    s = first(night, db)
    assert s["first_broken_seq"] == 8 and s["findings"][0]["kind"] == "hash"
    r = night("verify", "--db", db, ok=False)
    assert "first broken at seq 8" in r.output and "its time" in r.output


@pytest.mark.sqlite_only
def test_a_renamed_session_is_caught(night, tmp_path):
    db = tampered(night, tmp_path, "UPDATE events SET session_id = 'tuesday'")
    r = night("verify", "--db", db, "-s", "tuesday", "--json", ok=False)
    s = json.loads(r.output)["sessions"][0]
    assert r.exit_code == 1 and s["first_broken_seq"] == 1 and s["findings"][0]["kind"] == "hash"


@pytest.mark.sqlite_only
def test_a_changed_type_column_is_caught(night, tmp_path):
    db = tampered(night, tmp_path, "UPDATE events SET type = 'note' WHERE session_id='night' AND seq=8")
    s = first(night, db)
    assert s["first_broken_seq"] == 8 and s["findings"][0]["kind"] == "hash"


@pytest.mark.parametrize("body", ["not json at all", "[1, 2]", '{"type":"bet","amount":"lots"}', "{}",
                                  '{"type":"void","target":"x"}'])
@pytest.mark.sqlite_only
def test_a_stored_body_that_is_not_an_event_is_one_line_naming_its_seq(night, tmp_path, body):
    kind = "void" if '"void"' in body else "bet"
    db = tampered(night, tmp_path)
    con = sqlite3.connect(db)
    con.execute("UPDATE events SET body = ?, type = ? WHERE session_id='night' AND seq=8", (body, kind))
    con.commit()
    con.close()
    from ledger import snapshots

    snapshots.forget()
    for args in (["state"], ["log"], ["state", "--json"], ["audit"], ["replay"], ["note", "x"]):
        r = night(*args, "--db", db, ok=False)
        assert r.exit_code == 1, (args, r.output)
        lines = r.output.strip().splitlines()
        assert len(lines) == 1 and "seq 8" in lines[0] and "not an event" in lines[0], (args, r.output)
    r = night("verify", "--db", db, ok=False)
    assert r.exit_code == 1 and "first broken at seq 8" in r.output and "Traceback" not in r.output
    r = night("verify", "--rules", "--db", db, ok=False)
    assert r.exit_code == 1 and "seq 8" in r.output


@pytest.mark.sqlite_only
def test_edited_body_is_named_by_seq(night, tmp_path):
    body = row(night.db, 8)[1]
    assert '"amount":10' in body
    db = tampered(night, tmp_path, "UPDATE events SET body = replace(body, '\"amount\":10', '\"amount\":1') "
                                   "WHERE session_id='night' AND seq=8")
    s = first(night, db)
    assert s["first_broken_seq"] == 8
    assert s["findings"][0]["kind"] == "hash"
    r = night("verify", "--db", db, ok=False)
    assert r.exit_code == 1 and "first broken at seq 8" in r.output


@pytest.mark.sqlite_only
def test_edited_and_rehashed_body_breaks_the_next_link(night, tmp_path):
    t, body, prev, h, at = row(night.db, 8)
    new_body = body.replace('"amount":10', '"amount":1')
    new_hash = ev.chain_hash(prev, new_body, session="night", seq=8, etype=t, recorded_at=at)
    db = tampered(night, tmp_path, f"UPDATE events SET body = '{new_body}', hash = '{new_hash}' "
                                   "WHERE session_id='night' AND seq=8")
    s = first(night, db)
    assert s["first_broken_seq"] == 9
    assert "seq 8 was altered" in s["findings"][0]["message"]


@pytest.mark.sqlite_only
def test_missing_event_is_named(night, tmp_path):
    db = tampered(night, tmp_path, "DELETE FROM events WHERE session_id='night' AND seq=12")
    s = first(night, db)
    assert s["first_broken_seq"] == 12
    assert s["findings"][0]["kind"] == "missing"


@pytest.mark.sqlite_only
def test_deleted_and_renumbered_event_is_named(night, tmp_path):
    db = tampered(night, tmp_path,
                  "DELETE FROM events WHERE session_id='night' AND seq=12",
                  "UPDATE events SET seq = seq + 1000 WHERE session_id='night' AND seq > 12",
                  "UPDATE events SET seq = seq - 1001 WHERE session_id='night' AND seq > 1000")
    s = first(night, db)
    assert s["first_broken_seq"] == 12
    assert s["findings"][0]["kind"] == "link"


@pytest.mark.sqlite_only
def test_reordered_events_are_named(night, tmp_path):
    db = tampered(night, tmp_path,
                  "UPDATE events SET seq = -1 WHERE session_id='night' AND seq=9",
                  "UPDATE events SET seq = 9 WHERE session_id='night' AND seq=10",
                  "UPDATE events SET seq = 10 WHERE session_id='night' AND seq=-1")
    s = first(night, db)
    assert s["first_broken_seq"] == 9
    assert s["findings"][0]["kind"] == "reordered"
    assert len(s["findings"]) == 1  # the swapped pair is one finding, not a cascade


@pytest.mark.sqlite_only
def test_inserted_event_with_a_good_hash_is_named(night, tmp_path):
    prev = row(night.db, 6)[3]
    body = ev.event_body(ev.Rebuy(player="Ann", amount=1000))
    h = ev.chain_hash(prev, body, session="night", seq=7, etype="rebuy", recorded_at="2026-01-01T00:00:00Z")
    db = tampered(night, tmp_path,
                  "UPDATE events SET seq = seq + 1000 WHERE session_id='night' AND seq >= 7",
                  "UPDATE events SET seq = seq - 999 WHERE session_id='night' AND seq > 1000",
                  "INSERT INTO events VALUES ('night', 7, 'rebuy', '%s', '%s', '%s', '2026-01-01T00:00:00Z')"
                  % (body, prev, h))
    s = first(night, db)
    assert s["first_broken_seq"] == 7
    assert s["findings"][0]["kind"] == "inserted"


@pytest.mark.sqlite_only
def test_verify_all_reports_each_session(night, tmp_path):
    night("new", "freeform", "--name", "other", "-p", "Zed=10")
    db = tampered(night, tmp_path, "UPDATE events SET recorded_at = recorded_at, body = body || ' ' "
                                   "WHERE session_id='night' AND seq=3")
    r = night("verify", "--all", "--json", "--db", db, ok=False)
    assert r.exit_code == 1
    data = {s["session"]: s for s in json.loads(r.output)["sessions"]}
    assert data["other"]["ok"] is True
    assert data["night"]["first_broken_seq"] == 3
    assert night("verify", "--all").exit_code == 0


# ----------------------------------------------------------------------------- --rules

def import_events(led: Ledger, sid: str, events: list[ev.Event]) -> None:
    lines, prev = [], ev.GENESIS
    for seq, e in enumerate(events, 1):
        body = ev.event_body(e)
        h = ev.chain_hash(prev, body, session=sid, seq=seq, etype=e.type, recorded_at="2026-01-01T20:00:00.000Z")
        lines.append(ev.canonical_json({"session": sid, "seq": seq, "recorded_at": "2026-01-01T20:00:00.000Z",
                                        "prev_hash": prev, "hash": h, "event": json.loads(body)}))
        prev = h
    led.import_lines(lines)


OPEN = [ev.SessionOpened(game="freeform", options={"dice_sides": 6, "pack": "french52"}),
        ev.PlayerJoined(player="Ann", buyin=50), ev.PlayerJoined(player="Ben", buyin=50),
        ev.HandStarted(hand=1, dealer="Ann"), ev.Bet(player="Ann", amount=10)]


def test_rules_name_the_first_event_the_rules_refuse(ledger, potlog):
    # Ben owed 10 but the imported log says he called 4: chips balance, the rules do not
    import_events(ledger, "bad", OPEN + [ev.Call(player="Ben", amount=4), ev.Fold(player="Ann"),
                                         ev.PotAwarded(shares=[ev.Share(player="Ben", amount=14)]),
                                         ev.HandEnded(hand=1)])
    assert potlog("verify", "-s", "bad").exit_code == 0  # the chain itself is fine
    r = potlog("verify", "--rules", "-s", "bad", ok=False)
    assert r.exit_code == 1
    assert "first broken at seq 6" in r.output and "Ben calls 10" in r.output
    report = verify_session(ledger.store, "bad", rules=True)
    assert [f.seq for f in report.findings] == [6] and report.findings[0].kind == "rules"


def test_rules_check_computed_values(ledger):
    # a hand_started whose carry_in is not what was in carry
    import_events(ledger, "carry", OPEN[:3] + [ev.HandStarted(hand=2, dealer="Ann")])
    report = verify_session(ledger.store, "carry", rules=True)
    assert report.first is not None and report.first.seq == 4


def test_overrides_are_listed_not_failures(ledger, potlog):
    ruled = ev.Bet(player="Ben", amount=5, ruling="dealer allowed the string bet")
    import_events(ledger, "ruled", OPEN + [ruled])
    r = potlog("verify", "--rules", "-s", "ruled")
    assert "ruling" in r.output and "seq 6" in r.output
    data = json.loads(potlog("verify", "--rules", "--json", "-s", "ruled").output)
    s = data["sessions"][0]
    assert s["ok"] and [o["seq"] for o in s["overrides"]] == [6]


def test_a_rulesets_check_event_hook_is_used(night, monkeypatch):
    def check_event(state, event):
        if event.type == "bet" and event.amount > 5:
            from ledger.errors import RuleViolation
            raise RuleViolation("house limit: bets are at most 5")

    import dataclasses

    import ledger.games
    import ledger.reducer

    rules = dataclasses.replace(freeform.RULESET, check_event=check_event)
    monkeypatch.setitem(ledger.games._cache, "freeform", rules)
    monkeypatch.setitem(ledger.reducer._RULES, "freeform", rules)
    r = night("verify", "--rules", "--json", ok=False)
    s = json.loads(r.output)["sessions"][0]
    assert s["first_broken_seq"] == 8 and "house limit" in s["findings"][0]["message"]
    assert s["rules_checked"].startswith("freeform.check_event")


def test_void_is_rechecked_against_the_refold(ledger):
    # voiding the buy-in a later bet needed: the log cannot stand without it
    events = OPEN + [ev.Void(target=2, reason="wrong player")]
    lines, prev = [], ev.GENESIS
    for seq, e in enumerate(events, 1):
        body = ev.event_body(e)
        h = ev.chain_hash(prev, body, session="v", seq=seq, etype=e.type, recorded_at="2026-01-01T00:00:00Z")
        lines.append((seq, e.type, body, prev, h, "2026-01-01T00:00:00Z"))
        prev = h
    ledger.store.append_rows([("v", *r) for r in lines], {"v": 1})
    report = verify_session(ledger.store, "v", rules=True)
    assert report.first is not None and report.first.seq == 6


def test_every_event_type_maps_back_to_a_command_or_is_known_unmappable():
    unmappable = {"trick_won"}
    for t in ev.EVENT_TYPES:
        name = t.model_fields["type"].default
        if name in unmappable:
            continue
        sample = {
            "session_opened": dict(game="freeform"), "game_switched": dict(game="pig"),
            "player_joined": dict(player="A", buyin=1),
            "rebuy": dict(player="A", amount=1), "player_left": dict(player="A", cashout=0),
            "hand_started": dict(hand=1, dealer="A"), "round_started": dict(round=1),
            "cards_dealt": dict(to="A", cards=["AS"]), "cards_revealed": dict(holder="A", cards=["AS"]),
            "cards_exchanged": dict(player="A"), "card_played": dict(player="A", card="AS"),
            "dice_rolled": dict(faces=[1]), "declared": dict(name="x"), "ante": dict(player="A", amount=1),
            "bet": dict(player="A", amount=1), "call": dict(player="A", amount=1),
            "raise": dict(player="A", amount=2, by=1), "all_in": dict(player="A", amount=1),
            "check": dict(player="A"), "fold": dict(player="A"),
            "transfer": dict(from_account="pot", to_account="house", amount=1),
            "pot_awarded": dict(shares=[ev.Share(player="A", amount=1)]), "pot_carried": dict(amount=1),
            "hand_ended": dict(hand=1), "chip_count": dict(player="A", counted=1), "note": dict(text="x"),
            "void": dict(target=2, reason="x"), "scored": dict(player="A", points=1),
            "deck_reshuffled": {}, "session_closed": {},
            "dice_cupped": dict(player="A", count=1), "dice_rerolled": dict(player="A", faces=[1]),
            "dice_shown": dict(player="A", faces=[1]),
            "cards_moved": dict(source="stack:A", dest="battle:A", cards=["AS"], face_up=True),
        }[name]
        assert (command_for(t(**sample)) or freeform.own_command(t(**sample))) is not None, name


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.jsonl")), ids=lambda p: p.name)
def test_every_sample_session_verifies_with_its_rules(path, potlog):
    potlog("import", str(path))
    sid = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["session"]
    data = json.loads(potlog("verify", "--rules", "--json", "-s", sid).output)
    assert data["ok"], data
    assert data["sessions"][0]["events"] == len(path.read_text(encoding="utf-8").splitlines())
