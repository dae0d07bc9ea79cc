"""``potlog --json state`` as people type it (issue 29, point 8): the global flags before the
command or after it. ``--db`` and ``--session`` were taken on either side already; ``--json``
before the command name was "No such option"."""

from __future__ import annotations

import json

import pytest

from cli.main import hoisted, main


@pytest.mark.parametrize("line,want", [
    (["--json", "state"], ["state", "--json"]),
    (["--db", "x.db", "--json", "log", "--hand", "2"], ["--db", "x.db", "log", "--json", "--hand", "2"]),
    (["--json", "-s", "night", "amend", "7", "--", "bet", "Ann", "5"],
     ["-s", "night", "amend", "--json", "7", "--", "bet", "Ann", "5"]),
    (["state", "--json"], ["state", "--json"]),           # after the command: as it was
    (["--json"], ["--json"]),                              # no command: as it was (click explains)
    (["--json", "--help"], ["--json", "--help"]),
])
def test_the_json_flag_before_the_command_goes_after_its_name(line: list[str], want: list[str]) -> None:
    assert hoisted(line) == want


def test_potlog_json_before_the_command_prints_json(potlog, capsys) -> None:
    potlog("new", "freeform", "-p", "Ann=100", "--name", "night")
    assert main(["--json", "--db", potlog.db, "sessions"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["session"] == "night"
    assert main(["--db", potlog.db, "--json", "state"]) == 0
    assert json.loads(capsys.readouterr().out)["session"] == "night"
