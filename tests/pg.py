"""A throwaway PostgreSQL server for the tests, started by the tests themselves.

`server()` starts one server per test process (the first test that asks), and stops it and
deletes its files when the process exits (``atexit``); `pg_url` is the fixture tests use:
each test gets a fresh schema on it (``?options=-csearch_path=...`` in the URL), so tests
never see each other's tables and no database has to be created per test.

How it is started:

- the binaries come from ``$POTLOG_PG_BIN``, else ``/usr/lib/postgresql/15/bin`` (Debian's
  postgresql-15); without ``initdb``/``pg_ctl``/``psycopg`` the PostgreSQL tests skip, saying why;
- the data directory and the unix socket live in one new directory under ``/tmp`` (short
  enough for a socket path; pytest's own tmp dirs are mode 0700 under root, which the
  server's user could not enter). The server listens on that socket only
  (``listen_addresses=''``), on a port found free on 127.0.0.1 (the port names the socket);
- ``initdb`` refuses to run as root, and so does the server. As root (as in CI and on these
  machines), both run as the unprivileged ``nobody`` account through ``runuser -u nobody --``
  (util-linux; ``setpriv --reuid=65534 --regid=65534 --clear-groups`` if runuser is missing),
  and the directory is chown'ed to it first. As any other user they run as that user;
- ``initdb -U potlog --auth=trust -N``: the superuser is ``potlog``, trusted on the socket
  (nothing else can reach it); fsync is off (a test server's data may die with it);
- ``pg_ctl -w start``, and at exit ``pg_ctl -m immediate stop``. Start to ready takes about
  1.5 s.
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

PG_BIN = Path(os.environ.get("POTLOG_PG_BIN", "/usr/lib/postgresql/15/bin"))
SUPERUSER = "potlog"


class PgServer:
    def __init__(self, root: Path, port: int, as_user: list[str]):
        self.root, self.port, self.as_user = root, port, as_user
        self.data = root / "data"
        self._names = itertools.count(1)

    def url(self, *, schema: str | None = None, user: str = SUPERUSER, dbname: str = "postgres") -> str:
        url = f"postgresql://{user}@/{dbname}?host={self.root}&port={self.port}"
        return url + (f"&options=-csearch_path%3D{schema}" if schema else "")

    def admin(self):  # a psycopg connection as the superuser, autocommit
        import psycopg

        return psycopg.connect(self.url(), autocommit=True)

    def new_schema(self, prefix: str = "t") -> str:
        """A fresh, empty schema; returns the URL whose connections use it."""
        name = f"{prefix}{os.getpid()}_{next(self._names)}"
        with self.admin() as c:
            c.execute(f"CREATE SCHEMA {name}")
            c.execute(f"GRANT USAGE, CREATE ON SCHEMA {name} TO PUBLIC")
        return self.url(schema=name)

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run(self.as_user + [str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                                           "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_unprivileged() -> list[str]:
    if os.geteuid() != 0:
        return []
    if shutil.which("runuser"):
        return ["runuser", "-u", "nobody", "--"]
    if shutil.which("setpriv"):
        return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    raise RuntimeError("running as root, and neither runuser nor setpriv is there to drop to 'nobody'")


def _start() -> PgServer:
    for tool in ("initdb", "pg_ctl", "postgres"):
        if not (PG_BIN / tool).exists():
            raise RuntimeError(f"no {PG_BIN / tool} (install postgresql-15, or set $POTLOG_PG_BIN)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise RuntimeError("psycopg is not installed (pip install 'potlog[postgres]')") from None
    as_user = _as_unprivileged()
    root = Path(tempfile.mkdtemp(prefix="potlog-pg-", dir="/tmp"))
    if as_user:
        shutil.chown(root, "nobody")
    server = PgServer(root, _free_port(), as_user)
    try:
        run = subprocess.run(as_user + [str(PG_BIN / "initdb"), "-D", str(server.data), "-U", SUPERUSER,
                                        "--auth=trust", "-E", "UTF8", "--no-locale", "-N"],
                             capture_output=True, text=True, timeout=120)
        if run.returncode:
            raise RuntimeError(f"initdb failed: {(run.stderr or run.stdout).strip()[-500:]}")
        opts = (f"-k {root} -p {server.port} -c listen_addresses='' -c fsync=off -c full_page_writes=off "
                "-c max_connections=60 -c shared_buffers=32MB")
        run = subprocess.run(as_user + [str(PG_BIN / "pg_ctl"), "-D", str(server.data), "-l", str(root / "log"),
                                        "-w", "-t", "60", "-o", opts, "start"],
                             capture_output=True, text=True, timeout=90)
        if run.returncode:
            log = (root / "log").read_text(errors="replace")[-500:] if (root / "log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {(run.stderr or run.stdout).strip()[-300:]} {log}")
    except BaseException:
        server.stop()
        raise
    return server


_SERVER: PgServer | None = None
_FAILED: str | None = None


def server() -> PgServer:
    """The process's one test server, started on first use; `pytest.skip` if it cannot be."""
    global _SERVER, _FAILED
    if _SERVER is None and _FAILED is None:
        try:
            _SERVER = _start()
            atexit.register(_SERVER.stop)
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            _FAILED = str(exc)
    if _SERVER is None:
        pytest.skip(f"no PostgreSQL server for the tests: {_FAILED}")
    return _SERVER


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    yield server()


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    """A URL on a fresh, empty schema of the test server."""
    return pg_server.new_schema()
