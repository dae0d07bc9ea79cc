"""Files a person names are never the database's own, nor the seal key (issue 23, point 2),
and the tests never touch the real home directory (point 10).

Point 2: with ``--db other/link.db`` a symlink to ``real/d.db``, SQLite keeps the write-ahead
log at ``real/d.db-wal``; ``export -o``, ``seal --out`` and ``rehash FILE --out`` must refuse
it (and ``-shm``, ``-journal``, the database itself, the seal key), whichever name reaches it,
even with ``--force``: one line naming the file and what it is, exit 1, nothing written.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ledger.store import Store
from tests.conftest import ROOT, Potlog

AT_IMPORT = dict(os.environ)  # as a module's copy of the environment is taken: while tests are collected


@pytest.fixture(autouse=True)
def key_file(own_keys: Path) -> Path:
    return own_keys


@pytest.fixture
def linked(potlog: Potlog, tmp_path: Path) -> tuple[Potlog, Path, Path]:
    """A session in ``real/d.db``, opened through ``other/link.db`` (a symlink to it)."""
    real = tmp_path / "real" / "d.db"
    link = tmp_path / "other" / "link.db"
    real.parent.mkdir()
    link.parent.mkdir()
    potlog("new", "--db", str(real), "freeform", "--name", "night", "-p", "Ann=100", "-p", "Ben=100")
    os.symlink(os.path.join("..", "real", "d.db"), link)
    return potlog, real, link


def _refused(result, what: str) -> str:
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert "internal error" not in result.output and "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert what in lines[0] and "--force" in lines[0], lines[0]
    return lines[0]


def _writes(command: str, db: Path, out: str, tmp_path: Path) -> list[str]:
    """The command line that writes `out` (with --force) through the database named `db`."""
    if command == "export":
        return ["export", "--db", str(db), "--all", "-o", out, "--force"]
    if command == "seal":
        return ["seal", "--db", str(db), "--all", "--out", out, "--force"]
    old = tmp_path / "old.jsonl"  # what it holds does not matter: the target is refused first
    old.write_text("", encoding="utf-8")
    return ["rehash", "--db", str(db), str(old), "--out", out, "--force"]


SIBLINGS = {"-wal": "write-ahead log", "-shm": "shared-memory index", "-journal": "rollback journal",
            "": "the open database"}


@pytest.mark.parametrize("suffix", list(SIBLINGS), ids=["wal", "shm", "journal", "db"])
@pytest.mark.parametrize("command", ["export", "seal", "rehash"])
def test_a_symlinked_db_protects_the_resolved_database_files(linked, tmp_path: Path, command: str, suffix: str):
    potlog, real, link = linked
    target = Path(str(real) + suffix)
    before = target.read_bytes() if target.exists() else None
    r = potlog(*_writes(command, link, str(target), tmp_path), ok=False)
    _refused(r, SIBLINGS[suffix])
    assert (target.read_bytes() if target.exists() else None) == before
    assert not [p.name for p in target.parent.iterdir() if p.name.endswith(".part")]
    potlog("verify", "--db", str(link))


@pytest.mark.parametrize("command", ["export", "seal", "rehash"])
def test_the_wal_is_protected_while_a_recorder_holds_it(linked, tmp_path: Path, command: str):
    """The night of the issue: a recorder has committed events still in the -wal (not yet
    checkpointed) when an export or seal through the symlink names that -wal."""
    potlog, real, link = linked
    recorder = Store.open(str(real))
    recorder.conn.execute("PRAGMA wal_autocheckpoint=0")
    potlog("note", "--db", str(real), "-s", "night", "still in the wal")
    wal = Path(str(real) + "-wal")
    assert wal.stat().st_size > 0
    held = wal.read_bytes()
    r = potlog(*_writes(command, link, str(wal), tmp_path), ok=False)
    _refused(r, "write-ahead log")
    assert wal.read_bytes() == held
    recorder.close()
    assert "still in the wal" in potlog("log", "--db", str(link), "-s", "night").output


@pytest.mark.parametrize("how", ["direct", "symlink", "hardlink"])
@pytest.mark.parametrize("command", ["export", "seal", "rehash"])
def test_no_output_is_written_over_the_seal_key(linked, key_file: Path, tmp_path: Path, command: str, how: str):
    potlog, real, _ = linked
    potlog("seal", "--db", str(real), "--all")  # makes the key
    key = key_file.read_bytes()
    out = key_file
    if how == "symlink":
        out = tmp_path / "innocent.txt"
        os.symlink(key_file, out)
    elif how == "hardlink":
        out = tmp_path / "innocent.txt"
        os.link(key_file, out)
    r = potlog(*_writes(command, real, str(out), tmp_path), ok=False)
    _refused(r, "the seal key")
    assert key_file.read_bytes() == key


def test_rehash_protects_the_default_database_too(potlog: Potlog, db_path: Path, tmp_path: Path):
    """Without --db, `rehash FILE --out` protects the database $POTLOG_DB names (it protected none)."""
    potlog("new", "freeform", "--name", "night", "-p", "Ann=100")
    old = tmp_path / "old.jsonl"
    old.write_text("", encoding="utf-8")
    target = Path(str(db_path) + "-journal")
    r = potlog("rehash", str(old), "--out", str(target), "--force", ok=False)
    _refused(r, "rollback journal")
    assert not target.exists()


def test_other_files_are_still_written(linked, tmp_path: Path):
    potlog, _, link = linked
    out = tmp_path / "real" / "d.db-wal.txt"  # next to them, named like them: an ordinary file
    potlog("export", "--db", str(link), "-o", str(out))
    assert out.read_text(encoding="utf-8").count("\n") == 3


# ----------------------------------------------------------------------------- point 10

@pytest.fixture
def tests_home() -> Path:
    """The home the tests run with, after checking it is a temporary one of their own (before
    anything is run that writes to a home: without `conftest.pytest_configure` this fails
    here, touching nothing)."""
    import pwd
    import tempfile

    home = Path(os.environ.get("HOME", "/")).resolve()
    real = Path(pwd.getpwuid(os.getuid()).pw_dir).resolve()
    assert home != real and home.is_relative_to(Path(tempfile.gettempdir()).resolve()), f"HOME is {home}"
    assert home.name.startswith("potlog-tests-home-"), f"HOME is {home}, not the tests' own"
    return home


def test_home_and_the_xdg_dirs_are_the_tests_own(tests_home: Path):
    import tempfile

    from platformdirs import user_cache_dir, user_config_dir, user_data_dir, user_state_dir

    from cli.cmd_play import history_path
    from ledger.seal import key_path
    from ledger.store import default_db_path

    assert Path.home().resolve() == tests_home
    assert Path(AT_IMPORT["HOME"]).resolve() == tests_home  # set before any test module was imported
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        assert Path(os.environ[var]).resolve().is_relative_to(tests_home), var
    for where in (user_cache_dir, user_config_dir, user_data_dir, user_state_dir):
        assert Path(where("potlog", appauthor=False)).resolve().is_relative_to(tests_home), where
    assert history_path().resolve().is_relative_to(tests_home)
    for path in (default_db_path(), key_path()):  # the default's, or a test's own (the `potlog`, `own_keys` fixtures)
        assert path.resolve().is_relative_to(tests_home) or path.resolve().is_relative_to(
            Path(tempfile.gettempdir()).resolve()), path


def test_completion_keys_and_caches_land_in_the_tests_home(tests_home: Path, monkeypatch: pytest.MonkeyPatch):
    """Installing shell completion, the seal key and the kept help, in child processes (which
    inherit the environment): each lands in the tests' home."""
    from platformdirs import user_cache_dir, user_config_dir

    monkeypatch.delenv("POTLOG_KEY_FILE", raising=False)  # the default key place
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    db = str(tests_home / "night.db")
    for args in (["--install-completion", "bash"], ["--db", db, "new", "freeform", "-p", "Ann=100"],
                 ["--db", db, "seal"], ["--help"]):
        done = subprocess.run([sys.executable, "-c", "from cli.main import entry; entry()", *args], env=env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, (args, done.stdout, done.stderr)
    assert "potlog" in (tests_home / ".bashrc").read_text(encoding="utf-8")  # Typer's line, in the tests' .bashrc
    assert (Path(user_config_dir("potlog", appauthor=False)) / "seal.key").is_file()
    assert list(Path(user_cache_dir("potlog", appauthor=False)).glob("help-*.json"))  # the kept --help
