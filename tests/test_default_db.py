"""Forgetting --db (issue 29, point 4): the default database is used in silence, and `export
--all` wrote "0 sessions" and exited 0. Now an export of nothing exits 1, and a read that finds
nothing says which database it looked in and, for the default one, how to point at another."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import invoke


def _run(*args: str, db: str = ""):
    return invoke(CliRunner(), list(args), env={"POTLOG_DB": db, "COLUMNS": "200"})


def test_an_export_of_nothing_exits_1_naming_the_default_database(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # a default place of this test's own
    r = _run("export", "--all")
    assert r.exit_code == 1
    assert "no potlog database yet: the default database" in r.output
    assert "--db FILE, or set POTLOG_DB" in r.output
    _empty_default(monkeypatch)
    r = _run("export", "--all")
    assert r.exit_code == 1
    assert "nothing to export: no session in the default database" in r.output
    assert "--db FILE, or set POTLOG_DB" in r.output


def _empty_default(monkeypatch) -> None:
    """The default database made, with no session in it (a read alone makes none)."""
    from ledger.app import Ledger
    from ledger.storage import default_db_path

    monkeypatch.delenv("POTLOG_DB", raising=False)
    assert not default_db_path().exists()
    Ledger.open(str(default_db_path())).close()


def test_a_read_that_finds_nothing_says_where_it_looked(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    _empty_default(monkeypatch)
    r = _run("state")
    assert r.exit_code == 1 and "no current session in the default database" in r.output
    assert "in the default database" in _run("sessions").output
    named = str(tmp_path / "empty.db")
    from ledger.app import Ledger

    Ledger.open(named).close()
    r = _run("export", "--all", db=named)
    assert r.exit_code == 1 and f"no session in {named}" in r.output and "default" not in r.output
