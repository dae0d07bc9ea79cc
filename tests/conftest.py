"""Shared fixtures: a home of the tests' own, a fresh database per test, and a CLI runner bound to it.

The database is a SQLite file, or, with ``POTLOG_TEST_BACKEND=postgres``, a fresh schema on the
tests' own PostgreSQL server (`tests.pg`): `db_path` is then a ``postgresql://`` URL (a str),
and the CLI tests run unchanged against it. Tests that look at the SQLite file itself are
marked ``sqlite_only`` (CI runs the PostgreSQL pass with ``-m "not sqlite_only"``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import cli.main  # noqa: F401  (registers every command on the app)
from cli.common import root_command
from ledger.app import Ledger


XDG = {"XDG_CONFIG_HOME": ".config", "XDG_DATA_HOME": ".local/share", "XDG_CACHE_HOME": ".cache",
       "XDG_STATE_HOME": ".local/state"}
BACKEND = os.environ.get("POTLOG_TEST_BACKEND", "sqlite")  # sqlite or postgres: what `db_path` is
_HOME_VARS = ("HOME", *XDG, "POTLOG_HISTORY", "POTLOG_DB", "POTLOG_KEY_FILE")
_SAVED: dict[str, str | None] = {}


def pytest_configure(config: pytest.Config) -> None:
    """HOME, the XDG directories and the play history in a temporary folder for the whole run,
    set in `os.environ` before any test module is collected (a module's copy of the
    environment, and every process a test starts, get them too): no test reads or writes the
    user's real shell setup, config (the seal key), data (the default database, the history)
    or cache (the kept help). $POTLOG_DB and $POTLOG_KEY_FILE from the user's shell are set
    aside: they name the user's own files. All put back, and the folder removed, at the end."""
    import tempfile

    if _SAVED:
        return
    home = Path(tempfile.mkdtemp(prefix="potlog-tests-home-")).resolve()
    _SAVED.update((var, os.environ.get(var)) for var in _HOME_VARS)
    os.environ["HOME"] = str(home)
    for var, sub in XDG.items():
        (home / sub).mkdir(parents=True)
        os.environ[var] = str(home / sub)
    os.environ["POTLOG_HISTORY"] = str(home / XDG["XDG_STATE_HOME"] / "potlog" / "history")
    for var in ("POTLOG_DB", "POTLOG_KEY_FILE"):
        os.environ.pop(var, None)


def pytest_unconfigure(config: pytest.Config) -> None:
    import shutil

    home = os.environ.get("HOME", "")
    for var, value in _SAVED.items():
        if value is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = value
    if _SAVED and Path(home).name.startswith("potlog-tests-home-"):
        shutil.rmtree(home, ignore_errors=True)
    _SAVED.clear()


def invoke(runner: CliRunner, args: list[str], *, env: dict[str, str], input: str | None = None) -> Result:
    """`runner.invoke(app, args, ...)`, on the click command built once per test process
    (`cli.common.root_command`): Typer's runner builds every command's parameters again on
    each invoke. Same isolation (streams, env, input), exit codes and exceptions as Typer's."""
    command = root_command()
    exc_info: Any = None
    exception: BaseException | None = None
    exit_code = 0
    return_value = None
    with runner.isolation(input=input, env=env) as (out, err, mixed):
        try:
            return_value = command.main(args=args, prog_name=command.name or "root")
        except SystemExit as exc:
            exc_info = sys.exc_info()
            code = 0 if exc.code is None else exc.code
            if code != 0:
                exception = exc
            if not isinstance(code, int):
                sys.stdout.write(f"{code}\n")
                code = 1
            exit_code = code
        except Exception as exc:
            exception, exit_code, exc_info = exc, 1, sys.exc_info()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            stdout, stderr, output = out.getvalue(), err.getvalue(), mixed.getvalue()
    return Result(runner=runner, stdout_bytes=stdout, stderr_bytes=stderr, output_bytes=output,
                  return_value=return_value, exit_code=exit_code, exception=exception, exc_info=exc_info)


class Potlog:
    """Runs potlog commands in-process against one database; asserts success by default."""

    def __init__(self, db: Path | str):
        self.db = str(db)
        self.runner = CliRunner()

    def __call__(self, *args: str, ok: bool = True, input: str | None = None):
        result = invoke(self.runner, list(args), env={"POTLOG_DB": self.db, "COLUMNS": "120"}, input=input)
        if ok:
            assert result.exit_code == 0, (args, result.output, result.exception)
        return result

    def run_script(self, text: str, tmp_path: Path, ok: bool = True):
        script = tmp_path / f"script{abs(hash(text))}.potlog"
        script.write_text(text, encoding="utf-8")
        return self("run", str(script), ok=ok)

    def ledger(self) -> Ledger:
        return Ledger.open(self.db)


def record_template(tmp_path_factory: pytest.TempPathFactory, script: str) -> Path:
    """Record `script` (a `potlog run` file) once per module into a database of its own."""
    where = tmp_path_factory.mktemp("template")
    Potlog(where / "t.db").run_script(script, where)
    return where / "t.db"


def copy_db(src: Path, dest: Path) -> None:
    """Copy a database with its WAL files, so each test gets its own copy of a template."""
    import shutil

    for suffix in ("", "-wal", "-shm"):
        if src.with_name(src.name + suffix).exists():
            shutil.copy(src.with_name(src.name + suffix), dest.with_name(dest.name + suffix))


@pytest.fixture(scope="module")
def night_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test module's NIGHT script, recorded once per module."""
    return record_template(tmp_path_factory, request.module.NIGHT)


@pytest.fixture
def night(potlog: Potlog, night_db: Path) -> Potlog:
    """A `potlog` runner on this test's own copy of the module's recorded NIGHT (on
    PostgreSQL: its events imported, the same session current)."""
    if BACKEND == "postgres":
        template = Ledger.open(str(night_db))
        try:
            sessions = [s.session for s in template.store.sessions()]
            lines = [line for sid in sessions for line in template.export_lines(sid)]
            current = template.store.get_meta("current_session")
        finally:
            template.close()
        led = potlog.ledger()
        try:
            led.import_lines(lines)
            if current:
                led.use(current)
        finally:
            led.close()
        return potlog
    copy_db(night_db, Path(potlog.db))
    return potlog


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The test's own database: a file in `tmp_path`, or (``POTLOG_TEST_BACKEND=postgres``)
    the URL of a fresh schema on the tests' PostgreSQL server."""
    if BACKEND == "postgres":
        from tests.pg import server

        try:
            pg = server()
        except pytest.skip.Exception as exc:  # asked for by name: a server that cannot start is a failure
            pytest.fail(f"POTLOG_TEST_BACKEND=postgres, but {exc.msg}")
        return pg.new_schema("cli")  # type: ignore[return-value]  (a URL: Potlog and Ledger take either)
    return tmp_path / "potlog.db"


@pytest.fixture
def potlog(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Potlog:
    monkeypatch.setenv("POTLOG_DB", str(db_path))
    return Potlog(db_path)


@pytest.fixture
def ledger(db_path: Path):
    led = Ledger.open(str(db_path))
    yield led
    led.close()


@pytest.fixture
def own_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A seal key of the test's own (never the user's), and nothing kept in memory from
    another test (the keys read, the heads of the snapshots' memo); yields the key's path."""
    from ledger import seal, snapshots

    path = tmp_path / "keys" / "seal.key"
    monkeypatch.setenv("POTLOG_KEY_FILE", str(path))
    seal.forget_keys()
    snapshots.forget()
    yield path
    seal.forget_keys()
    snapshots.forget()


ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_sessions"
os.environ.setdefault("COLUMNS", "120")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run only when asked for (``pytest -m slow``). On PostgreSQL
    (``POTLOG_TEST_BACKEND=postgres``) only the tests that use the test's own database
    (`db_path`, and so `potlog`, `night`, `ledger`) are collected, the ones marked
    ``sqlite_only`` skipped, saying so: the rest would run exactly as on SQLite."""
    if BACKEND == "postgres":  # only what reads or writes the test's own database (`db_path`) runs
        only = pytest.mark.skip(reason="looks at the SQLite file itself (sqlite_only)")
        for item in items:
            if item.get_closest_marker("sqlite_only") is not None:
                item.add_marker(only)
        kept = [item for item in items if "db_path" in getattr(item, "fixturenames", ())]
        if len(kept) < len(items):
            dropped = {id(item) for item in items} - {id(item) for item in kept}
            config.hook.pytest_deselected(items=[item for item in items if id(item) in dropped])
            items[:] = kept
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="long variant: run with -m slow")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
