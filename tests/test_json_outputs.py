"""Every --json output against its schema (`schemas/output/`, generated from `ledger.outputs`):
the real output of each reading command, of a recording command, of an import, and the JSON
error a refused command prints on stderr."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from ledger.outputs import OUTPUTS
from ledger.schemas import OUTPUT_DIR, render_outputs

NIGHT = """\
new freeform --name fri -p Ann=100 -p Ben=100 -p Cy=60 --title "Friday"
hand
deal Ann -n 2
deal Ben AS KD
deal board 9H 9D 2C --up
roll Cy 3 5
declare Ann limit 5
bet Ann 10
call Ben
raise Cy 10
call Ann
fold Ben
reveal Ann 7S 7C
award Cy
end
hand
bet Ben 5
fold Cy
fold Ann
carry
end
hand
bet Cy 4
call Ann
check Ben --override "Ben was away"
award Ann
end
note a quiet hand
void 31 --reason "wrong table"
pay Ann Ben 3 --reason "side bet"
rebuy Cy 20
count Ben 103
"""

BLUKE = """\
new bluke --name bk -p John=100 -p Margaret=100 -p Steve=100 -p Betsy=100
deal John KS
deal Margaret 9H
deal Steve 4C
deal Betsy KD
deal John 7D
deal Betsy JC
hand
deal trump 7H --up
bid John=3 Margaret=3 Steve=2 Betsy=5
tricks John=4 Margaret=0 Steve=4 Betsy=5
hand
deal trump QC --up
bid Margaret=2
"""

BLUECHER = """\
new bluecher --name bl -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Ann
deal all -n 3
declare Ben dice 2
declare Ben limit 4
hole Ben
bet Ben 2
"""

IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]*$")


def schema(command: str) -> dict[str, Any]:
    return json.loads((OUTPUT_DIR / f"{command}.schema.json").read_text(encoding="utf-8"))


def check(command: str, text: str) -> Any:
    """`text` is JSON valid under the command's schema and its pydantic model; the data."""
    data = json.loads(text)
    jsonschema.Draft202012Validator(schema(command)).validate(data)
    OUTPUTS[command].model_validate_json(text)
    return data


def test_the_output_schemas_are_up_to_date():
    wanted = render_outputs()
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in OUTPUT_DIR.glob("*.schema.json")}
    stale = sorted(n for n in wanted if on_disk.get(n) != wanted[n]) + sorted(set(on_disk) - set(wanted))
    assert not stale, f"schemas/output is stale ({stale}): run python -m ledger.schemas"


def _property_names(node: Any) -> list[str]:
    out: list[str] = []
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            out += list(node["properties"])
        for value in node.values():
            out += _property_names(value)
    elif isinstance(node, list):
        for value in node:
            out += _property_names(value)
    return out


@pytest.mark.parametrize("command", sorted(OUTPUTS))
def test_every_key_is_an_identifier_and_no_other_key_is_allowed(command):
    s = schema(command)
    names = _property_names(s)
    assert names and all(IDENTIFIER.match(n) for n in names), [n for n in names if not IDENTIFIER.match(n)]
    objects = [d for d in s.get("$defs", {}).values() if d.get("type") == "object" and "properties" in d]
    if s.get("type") == "object":
        objects.append(s)
    assert all(o.get("additionalProperties") is False for o in objects)


READS = [
    ("state", ["state"]), ("state", ["state", "--all-cards"]), ("state", ["state", "--at", "10"]),
    ("log", ["log"]), ("log", ["log", "--hand", "1"]), ("sessions", ["sessions"]),
    ("games", ["games"]), ("games", ["games", "freeform"]),
    ("verify", ["verify"]), ("verify", ["verify", "--rules"]),
    ("replay", ["replay"]), ("replay", ["replay", "--to", "12"]), ("replay", ["replay", "--hand", "1"]),
    ("replay", ["replay", "--hand", "2", "--step"]),
    ("settle", ["settle"]), ("settle", ["settle", "--rate", "0.25"]), ("settle", ["settle", "--all"]),
]


@pytest.mark.parametrize("command,args", READS, ids=[" ".join(a) for _, a in READS])
def test_reading_commands_print_what_their_schema_says(night, command, args):
    data = check(command, night(*args, "--json").output)
    assert data


def test_the_audit_of_a_count_mismatch_is_still_valid_json_and_exits_1(night):
    r = night("audit", "--json", ok=False)
    assert r.exit_code == 1
    data = check("audit", r.stdout)
    assert data["counts"][0]["difference"] == 15 and data["rulings"][0]["ruling"] == "Ben was away"
    assert data["voids"][0]["target"] == 31
    r = night("audit", "--all", "--json", ok=False)
    assert r.exit_code == 1 and check("audit", r.stdout)["season"]


def test_state_numbers_are_numbers_and_the_table_has_what_it_should(night):
    data = check("state", night("state", "--json").output)
    assert data["hand"]["dice"] == [] and data["hands_played"] == 3
    played = check("state", night("state", "--at", "10", "--json").output)
    assert played["hand"]["dice"][0]["faces"] == [3, 5]
    assert played["hand"]["declarations"] == [{"player": "Ann", "name": "limit", "value": 5}]
    ben = next(s for s in played["seats"] if s["name"] == "Ben")
    assert ben["cards"] == [{"card": "??", "up": False}] * 2  # face down: hidden unless --all-cards
    shown = check("state", night("state", "--at", "10", "--all-cards", "--json").output)
    ben = next(s for s in shown["seats"] if s["name"] == "Ben")
    assert ben["cards"] == [{"card": "AS", "up": False}, {"card": "KD", "up": False}]


def test_game_view_is_a_list_of_labels_and_values_with_numbers_as_numbers(potlog, tmp_path):
    potlog.run_script(BLUECHER, tmp_path)
    data = check("state", potlog("state", "--json").output)
    view = {line["label"]: line["value"] for line in data["game_view"]}
    assert view["limit"] == 4 and view["card cost"] == 1 and isinstance(view["hole cards"], str)
    assert all(set(line) == {"label", "value"} for line in data["game_view"])


def test_a_recording_command_prints_the_events_it_recorded(night):
    data = check("recorded", night("note", "the", "last", "word", "--json").output)
    assert [line["event"] for line in data] == [{"type": "note", "text": "the last word"}]
    data = check("recorded", night("hand", "--json").output)
    assert data[0]["event"]["type"] == "hand_started"


def test_undo_and_amend(potlog, tmp_path):
    potlog.run_script("new freeform --name a -p Ann=50 -p Ben=50\nhand\nbet Ann 5\ncall Ben\nnote later\n", tmp_path)
    log = json.loads(potlog("log", "--json").output)
    bet = next(line["seq"] for line in log if line["event"]["type"] == "bet")
    data = check("amend", potlog("amend", str(bet), "--json", "--", "bet", "Ann", "10").output)
    assert data["recorded"][0]["event"] == {"type": "bet", "player": "Ann", "amount": 10}
    assert all(v["event"]["type"] == "void" for v in data["voided"])
    undone = check("recorded", potlog("undo", "--json").output)
    assert undone and all(v["event"]["type"] == "void" for v in undone)


def test_seal_and_verify_against_the_seal(night, tmp_path, monkeypatch):
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "seal.key"))
    out = tmp_path / "fri.seal"
    data = check("seal", night("seal", "--out", str(out), "--json").output)
    assert data["seals"][0]["seq"] == 35 and data["file"] == str(out)
    data = check("verify", night("verify", "--seal", str(out), "--json").output)
    assert data["ok"] and data["sessions"][0]["seal"]["ok"]


def test_import_prints_counts(night, tmp_path):
    lines = night("export", "--format", "jsonl").output
    (tmp_path / "fri.jsonl").write_text(lines, encoding="utf-8")
    data = check("import", night("import", str(tmp_path / "fri.jsonl"), "--db", str(tmp_path / "b.db"),
                                 "--json").output)
    assert data == {"added": {"fri": 35}, "skipped": {}, "lines": 35}


PHH = """
variant = 'NT'
ante_trimming_status = false
antes = [0, 225000, 0, 0, 0]
blinds_or_straddles = [75000, 150000, 0, 0, 0]
min_bet = 150000
starting_stacks = [2200000, 2575000, 3125000, 2375000, 19425000]
actions = ['d dh p1 4h3c', 'd dh p2 Qd6d', 'd dh p3 Td2s', 'd dh p4 Ad5s', 'd dh p5 Js6c', 'p3 f', 'p4 cbr 2375000',
           'p5 f', 'p1 f', 'p2 f']
players = ['Matthew Ashton', 'Kristopher Tong', 'James Obst', 'Talal Shakerchi', 'Brian Rast']
"""


def test_import_phh_prints_what_it_imported_skipped_and_refused(potlog, tmp_path):
    hands = tmp_path / "hands"
    hands.mkdir()
    (hands / "63.phh").write_text(PHH, encoding="utf-8")
    (hands / "stud.phh").write_text(PHH.replace("'NT'", "'F7S'"), encoding="utf-8")
    (hands / "bad.phh").write_text(PHH.replace("'p4 cbr 2375000'", "'p4 cbr 1'"), encoding="utf-8")
    r = potlog("import-phh", str(hands), "--json", "--keep-going", ok=False)
    data = check("import-phh", r.stdout)
    assert r.exit_code == 1 and len(data["imported"]) == 1 and len(data["skipped"]) == 0 and len(data["failed"]) == 2
    r = potlog("import", str(hands), "--json", "--keep-going", ok=False)  # the main import reads PHH too: the same shape
    data = check("import", r.stdout)
    assert r.exit_code == 1 and data["imported"] == [] and len(data["skipped"]) == 1 and len(data["failed"]) == 2


def test_the_bluke_scorecard(potlog, tmp_path):
    potlog.run_script(BLUKE, tmp_path)
    data = check("scorecard", potlog("scorecard", "--json").output)
    assert data["hands"][0]["players"]["John"] == {"bid": 3, "taken": 4, "points": 31, "score": 31, "result": "O"}
    assert data["next"] == {"hand": 2, "cards": 12, "bids": {"Margaret": 2}, "playing": True}
    check("scorecard", potlog("scorecard", "--layout", "bids", "--json").output)


# ----------------------------------------------------------------------------- errors

def _error(r: Any, code: int) -> dict[str, Any]:
    assert r.exit_code == code, r.output
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return check("error", lines[0])


def test_a_refused_command_under_json_prints_a_json_error_on_stderr(night):
    before = night("log", "--json").output
    err = _error(night("pay", "Ann", "Ben", "500", "--json", ok=False), 1)
    assert err["code"] == 1 and "Ann" in err["error"]
    assert night("log", "--json").output == before
    err = _error(night("state", "--session", "nope", "--json", ok=False), 1)
    assert "nope" in err["error"]
    err = _error(night("scorecard", "--json", ok=False), 1)  # a Bluke word in a freeform session
    assert "scorecard" in err["error"]


def test_without_json_the_refusal_stays_one_line_of_text(night):
    r = night("bet", "Ann", "500", ok=False)
    assert r.exit_code == 1 and r.stderr.startswith("potlog: ") and not r.stderr.lstrip().startswith("{")


def test_usage_errors_and_a_fresh_process_keep_the_exit_code(tmp_path, capsys):
    from cli.main import main

    db = str(tmp_path / "u.db")
    assert main(["--db", db, "state", "--at", "x", "--json"]) == 2
    err = json.loads(capsys.readouterr().err)
    assert err["code"] == 2 and "--at" in err["error"]
    assert main(["--db", db, "state", "--json"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and json.loads(captured.err) == {
        "error": f"no potlog database at {db}: start one with 'potlog new GAME', or import a night with "
                 "'potlog import FILE'", "code": 1}
    from ledger.app import Ledger

    Ledger.open(db).close()  # there, and empty
    assert main(["--db", db, "state", "--json"]) == 1
    assert json.loads(capsys.readouterr().err) == {
        "error": f"no current session in {db}: start one with 'potlog new GAME' or pass --session", "code": 1}
    assert main(["--db", db, "state", "--at", "x"]) == 2
    assert capsys.readouterr().err.startswith("potlog: Invalid value for '--at'")


def test_a_line_of_run_with_json_does_not_turn_runs_own_error_into_json(potlog, tmp_path):
    r = potlog.run_script("new freeform --name x -p Ann=10 -p Ben=10\nhand\nstate --json\nbet Ann 50\n", tmp_path,
                          ok=False)
    assert r.exit_code == 1 and "potlog: line 4:" in r.stderr


def test_the_schema_rejects_what_the_rules_forbid(night):
    """The checks above can fail: a key with a space, a number as text, an unknown key."""
    data = json.loads(night("state", "--json").output)
    validator = jsonschema.Draft202012Validator(schema("state"))
    for broken in ({**data, "game_view": {"card cost": "2"}}, {**data, "seq": str(data["seq"])},
                   {**data, "extra key": 1}):
        assert not validator.is_valid(broken)
    assert not jsonschema.Draft202012Validator(schema("error")).is_valid({"error": "x", "code": "1"})


def test_every_model_has_a_committed_schema_file():
    assert {f"{c}.schema.json" for c in OUTPUTS} == {p.name for p in Path(OUTPUT_DIR).glob("*.schema.json")}
