"""Exports: jsonl round trip, json against its schema, csv journal, text history, beancount
checked by beancount itself; for every sample session."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess

import jsonschema
import pytest

from tests.conftest import ROOT, SAMPLES, Potlog

SAMPLE_FILES = sorted(SAMPLES.glob("*.jsonl"))
SCHEMA = json.loads((ROOT / "schemas" / "hand-history.schema.json").read_text(encoding="utf-8"))


def load_sample(path, tmp_path) -> tuple[Potlog, str]:
    pl = Potlog(tmp_path / "s.db")
    pl("import", str(path))
    return pl, json.loads(path.read_text(encoding="utf-8").splitlines()[0])["session"]


def bean_errors(text: str) -> list:
    from beancount import loader

    _entries, errors, _options = loader.load_string(text)
    return errors


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_sample_exports_in_every_format(path, tmp_path):
    pl, sid = load_sample(path, tmp_path)
    state = json.loads(pl("state", "--json").output)
    hands_played = state["hands_played"]

    # jsonl: into an empty database, the very same hashes; twice adds nothing
    raw = pl("export", "--format", "jsonl").output
    assert raw == path.read_text(encoding="utf-8")
    other = Potlog(tmp_path / "other.db")
    (tmp_path / "again.jsonl").write_text(raw, encoding="utf-8")
    other("import", str(tmp_path / "again.jsonl"))
    assert "0 events added" in other("import", str(tmp_path / "again.jsonl")).output
    assert other("export").output == raw
    assert json.loads(other("state", "--json").output)["state_hash"] == state["state_hash"]

    # json: the schema accepts it, one object per hand
    doc = json.loads(pl("export", "--format", "json").output)
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)
    ended = [h for h in doc["hands"] if h["ended"]]
    assert len(ended) == hands_played
    for h in doc["hands"]:
        pots_in = sum(p["total_in"] for p in h["pots"])
        assert sum(a["amount"] for a in h["awards"]) + h["carry_out"] <= pots_in + sum(h["boards_in"].values())
        assert all(a["seq"] >= h["first_seq"] for a in h["actions"])

    # csv: one posting a row; replaying the rows gives every account's balance
    rows = list(csv.DictReader(io.StringIO(pl("export", "--format", "csv").output)))
    balances: dict[str, int] = {}
    for r in rows:
        assert int(r["amount"]) > 0 and r["session"] == sid
        balances[r["from"]] = balances.get(r["from"], 0) - int(r["amount"])
        balances[r["to"]] = balances.get(r["to"], 0) + int(r["amount"])
    for seat in state["seats"]:
        assert balances.get("seat:" + seat["name"], 0) == seat["stack"]
    for account, chips in state["accounts"].items():
        assert balances.get(account, 0) == chips

    # text: a header, seats and a summary per hand
    text = pl("export", "--format", "text").output
    assert text.count("*** SUMMARY ***") == len(doc["hands"])
    assert text.count("potlog Hand #") == len(doc["hands"])

    # beancount: its own checker finds no error; the night is booked on the session's date,
    # its balances asserted after it, and every hand's end noted
    bean = pl("export", "--format", "beancount").output
    assert bean_errors(bean) == []
    assert bean.count(" balance ") >= 1
    assert bean.count(";; hand ") == hands_played
    assert len({x.split()[0] for x in bean.splitlines() if " * " in x and x[:1].isdigit()}) <= 1


def test_bean_check_accepts_an_export_and_catches_a_wrong_balance(tmp_path):
    pl, _ = load_sample(SAMPLES / "freeform-count-mismatch.jsonl", tmp_path)
    out = tmp_path / "night.beancount"
    pl("export", "--format", "beancount", "--out", str(out))
    tool = shutil.which("bean-check")
    if tool is not None:
        done = subprocess.run([tool, str(out)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    text = out.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if " balance " in x and ":Seat:Ann" in x)
    chips = int(line.split()[-2])
    broken = text.replace(line, line.replace(f" {chips} CHIPS", f" {chips + 1} CHIPS"), 1)
    errors = bean_errors(broken)
    assert errors and "Balance failed" in errors[0].message


def test_beancount_names_are_valid_and_distinct(potlog, tmp_path):
    # three names that are different people but spell the same account word (Ann-b, then -2, -3)
    potlog("new", "freeform", "--name", "odd", "-p", "Zoë=50", "-p", "ann b=50", "-p", "Ann-b=50", "-p", "Ann.b=50")
    potlog("hand")
    potlog("bet", "Zoë", "10")
    potlog("call", "ann b")
    potlog("call", "Ann-b")
    potlog("call", "Ann.b")
    potlog("award", "--share", "Zoë=20", "--share", "Ann.b=20")
    potlog("end")
    bean = potlog("export", "--format", "beancount").output
    assert bean_errors(bean) == []
    opens = [x.split()[2] for x in bean.splitlines() if " open " in x and ":Seat:" in x]
    assert len(opens) == len(set(opens)) == 4
    assert any("U00EB" in x for x in opens)
    for name in ("Zoë", "ann b", "Ann-b", "Ann.b"):
        assert f'potlog-account: "seat:{name}"' in bean


def test_export_all_sessions(potlog, tmp_path):
    potlog("import", str(SAMPLES / "freeform-count-mismatch.jsonl"))
    potlog("new", "freeform", "--name", "second", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    potlog("bet", "Ann", "4")
    potlog("call", "Ben")
    potlog("award", "Ben")
    potlog("end")
    bean = potlog("export", "--all", "--format", "beancount").output
    assert bean_errors(bean) == []
    assert "Potlog:Second:Seat:Ann" in bean and "Potlog:Freeform-count-mismatch:Seat:Ann" in bean
    doc = json.loads(potlog("export", "--all", "--format", "json").output)
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)
    assert [s["session"] for s in doc["sessions"]] == ["freeform-count-mismatch", "second"]
    second = [h for h in doc["hands"] if h["session"] == "second"]
    assert second[0]["players"][1] | {"dealt": [], "cards": []} == {
        "name": "Ben", "seat": 2, "stack_before": 10, "stack_after": 14, "put_in": 4, "took_out": 8, "net": 4,
        "dealt": [], "cards": [], "folded": False, "all_in": False}


def test_json_hands_carry_cards_dice_and_voids(potlog, tmp_path):
    potlog.run_script("""
new freeform --name cards -p Ann=20 -p Ben=20
hand
deal Ann AS KD
deal Ben -n 2
deal board 2C 3C 4C --up
roll Ann 3 5
bet Ann 5
raise Ben 1
void 10 --reason "Ben meant to call"
call Ben
reveal Ben QH QD
award Ann
end
""", tmp_path)
    doc = json.loads(potlog("export", "--format", "json").output)
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)
    (hand,) = doc["hands"]
    ann, ben = hand["players"]
    assert ann["dealt"] == ["AS", "KD"] and [c["up"] for c in ann["cards"]] == [False, False]
    assert ben["cards"] == [{"card": "QH", "up": True}, {"card": "QD", "up": True}]
    assert hand["boards"]["board"][0] == {"card": "2C", "up": True}
    assert hand["dice"] == [{"player": "Ann", "faces": [3, 5], "sides": 6}]
    assert hand["voided"] == [{"seq": 10, "text": "Ben raises by 1 (puts in 6)", "void_seq": 11, "reason": "Ben meant to call"}]
    assert 10 not in [a["seq"] for a in hand["actions"]]
    assert hand["awards"] == [{"seq": 14, "pot": "pot", "player": "Ann", "amount": 10}]
    text = potlog("export", "--format", "text").output
    assert "Dealt to Ann [A♠ K♦]" in text and "Dealt to Ben [?? ??]" in text
    assert "*** SHOW DOWN ***\nBen: shows [Q♥ Q♦]" in text and "Ann collected 10 from pot" in text


def test_unknown_format_is_refused_in_one_line(potlog):
    potlog("new", "freeform", "-p", "Ann=10")
    r = potlog("export", "--format", "pdf", ok=False)
    assert r.exit_code == 1 and "jsonl, json, csv, text, beancount" in r.output
    assert len(r.output.strip().splitlines()) == 1
