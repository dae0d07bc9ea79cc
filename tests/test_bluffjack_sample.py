"""The sample Bluffjack game (sample_sessions/bluffjack-game.*): played to the last chip, it
imports cleanly, its script reproduces the recorded hashes in a fresh database, it verifies
and audits clean, and `verify --rules` catches an event these rules would not have made."""

from __future__ import annotations

import json

from ledger import events as ev
from ledger.verify import verify_rules
from tests.conftest import SAMPLES, Potlog

JSONL = SAMPLES / "bluffjack-game.jsonl"


def recorded() -> list[dict]:
    return [json.loads(line) for line in JSONL.read_text(encoding="utf-8").splitlines()]


def test_the_sample_imports_cleanly_and_is_a_whole_game(tmp_path):
    pl = Potlog(tmp_path / "s.db")
    assert "bluffjack-game: 143 events added" in pl("import", str(JSONL)).output
    data = json.loads(pl("state", "--json").output)
    seats = {s["name"]: s for s in data["seats"]}
    assert data["closed"] and data["hands_played"] == 5
    # Ann ends with every chip still in play; the house kept the pot of hand 3
    assert seats["Ann"]["cashed_out"] == 48 and data["accounts"]["house"] == 12
    assert seats["Ben"]["cashed_out"] == 0 and seats["Cy"]["cashed_out"] == 0
    log = [e["event"] for e in json.loads(pl("log", "--json").output)]
    out = [(e["player"], e["reason"]) for e in log if e["type"] == "player_left"]
    assert out == [("Ben", "eliminated"), ("Cy", "eliminated"), ("Ann", "session closed")]
    assert {"type": "note", "text": "Ann holds every chip and wins the game"} in log
    dealers = [e["dealer"] for e in log if e["type"] == "hand_started"]
    assert dealers == ["Ann", "Ben", "Cy", "Ann", "Cy"]  # passes left, skipping Ben once he is out
    split = [e for e in log if e["type"] == "pot_awarded"][1]
    assert split["shares"] == [{"player": "Cy", "amount": 11}, {"player": "Ben", "amount": 10}]
    assert pl("verify", "--rules").exit_code == 0
    assert "chips conserved at every event" in pl("audit").output


def _records(lines: list[dict]) -> list[tuple[int, ev.Event]]:
    return [(x["seq"], ev.parse_event_dict(x["event"])) for x in lines]


def test_verify_rules_accepts_the_sample_and_names_a_doctored_event():
    lines = recorded()
    findings, _, method = verify_rules(_records(lines), "bluffjack-game")
    assert findings == [] and method == "bluffjack.check_event, then chips"

    def doctored(pred, change) -> str:
        copy = [dict(x, event=dict(x["event"])) for x in lines]
        target = next(x for x in copy if pred(x["event"]))
        change(target["event"])
        found, _, _ = verify_rules(_records(copy), "bluffjack-game")
        assert found and found[0].seq == target["seq"], found
        return found[0].message

    # the tie of hand 2 paid to one player instead of split
    msg = doctored(lambda e: e["type"] == "pot_awarded" and len(e["shares"]) == 2,
                  lambda e: e.update(shares=[{"player": "Cy", "amount": 21}]))
    assert "the rules make it 'pot awarded: Cy 11, Ben 10" in msg
    # the forced raise of hand 1 made by the wrong player
    msg = doctored(lambda e: e["type"] == "raise" and e["player"] == "Ben",
                  lambda e: e.update(player="Cy"))
    assert "Ben raises by 2" in msg
    # a card taken by a player who had stood
    msg = doctored(lambda e: e["type"] == "cards_dealt" and e["cards"] == ["5D"], lambda e: e.update(to="Ann"))
    assert "not Ann's" in msg or "Ann has stood" in msg


def test_the_variants_sample_plays_every_option_to_the_end(tmp_path):
    pl = Potlog(tmp_path / "s.db")
    pl("import", str(SAMPLES / "bluffjack-variants.jsonl"))
    log = [e["event"] for e in json.loads(pl("log", "--json").output)]
    opts = log[0]["options"]
    assert opts["no_house"] and opts["more_betting"] and opts["two_initial_bets"] and opts["best_hand"]
    assert opts["charlie"] == 5
    rounds = [e["name"] for e in log if e["type"] == "round_started"]
    assert rounds == ["opening", "second", "draws", "final"] * 4
    reasons = [e["reason"] for e in log if e["type"] in ("pot_awarded", "transfer")]
    assert "Ann 21 (AH KH)" in reasons[0]
    assert reasons[1].startswith("the pot: everyone in it is over 21, set aside")
    assert "Ann 5-card charlie 18" in reasons[2] and "Ben 18" in reasons[2]
    assert reasons[-1] == "the last player standing wins what was set aside"
    data = json.loads(pl("state", "--json").output)
    assert {s["name"]: s["cashed_out"] for s in data["seats"]} == {"Ann": 36, "Ben": 0, "Cy": 0}
    assert data["accounts"]["pot:aside"] == 0
    assert pl("verify", "--rules").exit_code == 0
