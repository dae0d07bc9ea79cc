"""The PostgreSQL store beyond the shared contract (`tests/test_store_contract.py`): what only
PostgreSQL has (grants, TRUNCATE, URLs), a sample night through the CLI compared with SQLite,
and many recorders at once. The server is the tests' own (`tests.pg`)."""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import threading
from collections import Counter
from contextlib import closing

import pytest

from ledger.errors import Conflict, InputError
from ledger.events import GENESIS, Note, SessionOpened, chain_hash, event_body
from ledger.pgstore import PgStore, grant_recorder, is_postgres_url, open_store, redact
from ledger.store import Store
from tests.conftest import SAMPLES, invoke
from tests.pg import pg_server, pg_url  # noqa: F401  (fixtures)
from tests.pg import PgServer

OPENED = ("session_opened", event_body(SessionOpened(game="freeform")))


def note(text: str) -> tuple[str, str]:
    return ("note", event_body(Note(text=text)))


# ---------------------------------------------------------------------- choosing and opening
def test_the_url_picks_postgres_and_anything_else_sqlite(tmp_path, monkeypatch, pg_url: str):  # noqa: F811
    assert is_postgres_url("postgresql://u@h/db") and is_postgres_url("postgres://h/db")
    assert not is_postgres_url(str(tmp_path / "postgresql.db")) and not is_postgres_url(None)
    monkeypatch.setenv("POTLOG_DB", pg_url)
    with open_store() as s:
        assert isinstance(s, PgStore)
    monkeypatch.setenv("POTLOG_DB", str(tmp_path / "a.db"))
    with open_store() as s:
        assert type(s) is Store
    with open_store(pg_url) as s:  # --db wins over the environment
        assert isinstance(s, PgStore)


def test_the_password_is_never_shown(pg_server: PgServer):  # noqa: F811
    assert redact("postgresql://ann:s3cret@db.club:5432/potlog") == "postgresql://ann:***@db.club:5432/potlog"
    assert redact("postgresql://ann@db.club/potlog") == "postgresql://ann@db.club/potlog"
    with pytest.raises(InputError, match="cannot open the database postgresql://ann:\\*\\*\\*@") as exc:
        open_store(f"postgresql://ann:s3cret@/postgres?host={pg_server.root}&port={pg_server.port}")
    assert "s3cret" not in str(exc.value)


def test_grant_recorder_is_for_postgres_and_a_plain_role_name(tmp_path, pg_url: str):  # noqa: F811
    assert "is for a PostgreSQL store" in _cli_fails(str(tmp_path / "x.db"), "grant-recorder", "recorder")
    assert "not a role name" in _cli_fails(pg_url, "grant-recorder", "x; DROP TABLE events")


def test_an_unreachable_server_is_one_line(tmp_path):
    with pytest.raises(InputError, match="cannot open the database postgresql://"):
        open_store(f"postgresql://potlog@/postgres?host={tmp_path}&port=1&connect_timeout=2")


# ---------------------------------------------------------------------- append-only, in the database
def test_truncate_is_refused_and_a_recorder_role_cannot_change_events(pg_server: PgServer, pg_url: str):  # noqa: F811
    import psycopg

    owner = open_store(pg_url)
    assert isinstance(owner, PgStore)
    owner.append("x", 1, [OPENED], "t")
    with pytest.raises(psycopg.Error, match="append-only"):
        owner.raw.execute("TRUNCATE events")
    with pg_server.admin() as admin:
        admin.execute("DROP ROLE IF EXISTS recorder")
        admin.execute("CREATE ROLE recorder LOGIN")
    assert "recorder may now record" in _cli(pg_url, "grant-recorder", "recorder")
    schema = pg_url.rsplit("%3D", 1)[1]
    rec = open_store(pg_server.url(user="recorder", schema=schema))
    assert isinstance(rec, PgStore)
    rec.append("x", 2, [note("by the recorder")], "t")  # a recorder records
    rec.set_meta("current_session", "x")
    for sql in ("UPDATE events SET body = '{}'", "DELETE FROM events", "TRUNCATE events",
                "ALTER TABLE events DISABLE TRIGGER events_no_update", "DROP TRIGGER events_no_delete ON events"):
        with pytest.raises(psycopg.Error, match="permission denied|must be owner"):
            rec.raw.execute(sql)
    assert [r[0] for r in owner.rows("x")] == [1, 2]
    rec.close()
    owner.close()
    with pg_server.admin() as admin:
        admin.execute("DROP OWNED BY recorder; DROP ROLE recorder")


# ---------------------------------------------------------------------- a sample night, end to end
def _cli(db: str, *args: str) -> str:
    from click.testing import CliRunner

    result = invoke(CliRunner(), ["--db", db, *args], env={"COLUMNS": "120"})
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def test_a_sample_night_on_postgres_reads_as_on_sqlite(tmp_path, pg_url: str, monkeypatch):  # noqa: F811
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "seal.key"))
    sample = str(SAMPLES / "freeform-night.jsonl")
    lite = str(tmp_path / "night.db")
    for db in (lite, pg_url):
        assert "124 events added" in _cli(db, "import", sample)
        assert "0 events added, 124 already there" in _cli(db, "import", sample)  # importing twice adds nothing
        assert "chain intact" in _cli(db, "verify")
        assert "chips conserved at every event" in _cli(db, "audit")
    assert json.loads(_cli(pg_url, "state", "--json")) == json.loads(_cli(lite, "state", "--json"))
    assert json.loads(_cli(pg_url, "verify", "--json")) == json.loads(_cli(lite, "verify", "--json"))
    assert _cli(pg_url, "export", "--format", "jsonl") == _cli(lite, "export", "--format", "jsonl")
    assert (SAMPLES / "freeform-night.jsonl").read_text(encoding="utf-8") == _cli(pg_url, "export", "--format", "jsonl")
    with open_store(pg_url) as central:  # the snapshot cache works there too, and is used
        assert central.raw.execute("SELECT seq FROM snapshots").fetchall() == [(124,)]
        from ledger import snapshots

        got = snapshots.read_snapshot(central, "freeform-night", 124)
        assert got is not None and got[0] == 124


# ---------------------------------------------------------------------- many recorders at once
def _writer(url: str, session: str, who: str, n: int, stats: Counter, errors: list) -> None:
    """Append `n` notes to `session`, each at the seq after the head as last seen; retry on
    `Conflict` (another recorder wrote first) with the new head."""
    try:
        s = open_store(url)
        try:
            for i in range(n):
                while True:
                    seq = s.last_seq(session) + 1
                    try:
                        s.append(session, seq, [note(f"{who}:{i}")], f"2026-01-01T20:00:{i % 60:02d}Z")
                        stats[session, "ok"] += 1
                        break
                    except Conflict:
                        stats[session, "conflict"] += 1
        finally:
            s.close()
    except BaseException as exc:  # pragma: no cover - reported by the test
        errors.append(repr(exc))


def _check_chain(store: Store, session: str) -> list[str]:
    """Every link: gapless seqs from 1, prev_hash the hash before, each hash recomputed."""
    prev, texts = GENESIS, []
    for i, (seq, etype, body, p, h, at) in enumerate(store.rows(session), 1):
        assert seq == i and p == prev
        assert h == chain_hash(p, body, session=session, seq=seq, etype=etype, recorded_at=at)
        prev = h
        if etype == "note":
            texts.append(json.loads(body)["text"])
    return texts


def test_8_writers_on_8_tables_and_4_writers_on_one(pg_url: str):  # noqa: F811
    per_writer = 40
    setup = open_store(pg_url)
    tables = [f"table{i}" for i in range(8)]
    for sid in tables + ["shared"]:
        setup.append(sid, 1, [OPENED], "2026-01-01T20:00:00Z")
    stats: Counter = Counter()
    errors: list[str] = []
    jobs = [(sid, sid, per_writer) for sid in tables] + [("shared", f"w{k}", per_writer) for k in range(4)]
    threads = [threading.Thread(target=_writer, args=(pg_url, sid, who, n, stats, errors)) for sid, who, n in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    for sid in tables:  # one writer per table: never a conflict, every event there once
        assert stats[sid, "conflict"] == 0
        texts = _check_chain(setup, sid)
        assert texts == [f"{sid}:{i}" for i in range(per_writer)]
    texts = _check_chain(setup, "shared")
    assert sorted(texts) == sorted(f"w{k}:{i}" for k in range(4) for i in range(per_writer))  # none lost, none twice
    for k in range(4):  # each writer's own events in its own order
        assert [t for t in texts if t.startswith(f"w{k}:")] == [f"w{k}:{i}" for i in range(per_writer)]
    assert setup.last_seq("shared") == 1 + 4 * per_writer
    print(f"\n8 tables x {per_writer}: 0 conflicts; 4 writers on one table: "
          f"{stats['shared', 'conflict']} conflicts retried, {stats['shared', 'ok']} events, chain whole")
    setup.close()


def test_concurrent_first_opens_make_the_schema_once(pg_url: str):  # noqa: F811
    stores: list = []
    errors: list[str] = []
    barrier = threading.Barrier(6)

    def opener() -> None:
        barrier.wait()
        try:
            stores.append(open_store(pg_url))
        except BaseException as exc:  # pragma: no cover
            errors.append(repr(exc))

    threads = [threading.Thread(target=opener) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and len(stores) == 6
    for s in stores:
        s.close()


def _recorder(url: str, sid: str, who: str, n: int, key_file: str, out) -> None:
    """One recorder process: `n` notes through `Ledger.execute`, its own connection."""
    os.environ["POTLOG_KEY_FILE"] = key_file
    from ledger.app import Ledger
    from ledger.commands import Note as NoteCmd

    try:
        led = Ledger.open(url)
        try:
            for i in range(n):
                led.execute(sid, NoteCmd(text=f"{who}:{i}"))
        finally:
            led.close()
        out.put((who, "ok"))
    except BaseException as exc:  # pragma: no cover - reported by the test
        out.put((who, repr(exc)))


def test_recorder_processes_through_the_ledger_on_one_table_and_on_many(pg_url: str, tmp_path,  # noqa: F811
                                                                       monkeypatch):
    """The whole recording path (`Ledger.execute`: decide, retry, the last try under the
    session's lock) from 6 processes at once: 4 on one table, 2 on tables of their own.

    Processes, as at a card room (one recorder per device): the in-process memo of
    `ledger.snapshots` is shared by every thread of a process and is not made for threads."""
    from ledger.app import Ledger

    key = str(tmp_path / "seal.key")
    monkeypatch.setenv("POTLOG_KEY_FILE", key)
    first = Ledger.open(pg_url)
    for sid in ("main", "side1", "side2"):
        first.new_session("freeform", [("Ann", 100), ("Ben", 100)], name=sid, now="2026-01-01T20:00:00Z")
    base = first.store.last_seq("main")
    first.close()  # no connection of ours is inherited by the forked recorders
    n = 12
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    jobs = [("main", f"r{k}") for k in range(4)] + [("side1", "s1"), ("side2", "s2")]
    procs = [ctx.Process(target=_recorder, args=(pg_url, sid, who, n, key, out)) for sid, who in jobs]
    for p in procs:
        p.start()
    results = dict(out.get(timeout=120) for _ in procs)
    for p in procs:
        p.join(30)
    assert results == {who: "ok" for _, who in jobs}
    first = Ledger.open(pg_url)
    texts = _check_chain(first.store, "main")
    assert sorted(texts) == sorted(f"r{k}:{i}" for k in range(4) for i in range(n))
    assert first.store.last_seq("main") == base + 4 * n
    for sid, who in (("side1", "s1"), ("side2", "s2")):
        assert _check_chain(first.store, sid) == [f"{who}:{i}" for i in range(n)]
    first.close()


# ---------------------------------------------------------------------- push and pull
def _cli_fails(db: str, *args: str) -> str:
    from click.testing import CliRunner

    result = invoke(CliRunner(), ["--db", db, *args], env={"COLUMNS": "120"})
    assert result.exit_code == 1, (args, result.output)
    return result.stderr


def test_push_and_pull_check_the_chain_and_never_send_twice(tmp_path, pg_url: str, monkeypatch):  # noqa: F811
    from ledger.app import Ledger
    from ledger.commands import Note as NoteCmd

    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "seal.key"))
    laptop, phone = str(tmp_path / "laptop.db"), str(tmp_path / "phone.db")
    _cli(laptop, "import", str(SAMPLES / "freeform-night.jsonl"))
    with closing(Ledger.open(laptop)) as led:  # a second table recorded offline on the same laptop
        led.new_session("freeform", [("Ann", 50), ("Ben", 50)], name="late-table", now="2026-01-01T23:00:00Z")
    assert sorted(_cli(laptop, "push", pg_url).splitlines()) == [
        "freeform-night: 124 events pushed, 0 already there", "late-table: 3 events pushed, 0 already there"]
    assert sorted(_cli(laptop, "push", pg_url).splitlines()) == [  # again: nothing is sent twice
        "freeform-night: 0 events pushed, 124 already there", "late-table: 0 events pushed, 3 already there"]
    assert "late-table: 3 events pulled" in _cli(phone, "pull", pg_url, "-s", "late-table")
    with closing(Ledger.open(phone)) as led:  # the phone records on, then pushes only what is new
        led.execute("late-table", NoteCmd(text="from the phone"))
    assert _cli(phone, "push", pg_url) == "late-table: 1 events pushed, 3 already there\n"
    assert "late-table: 0 events pushed, 3 already there; " in _cli(laptop, "push", pg_url, "-s", "late-table")
    assert _cli(laptop, "pull", pg_url, "-s", "late-table") == "late-table: 1 events pulled, 3 already there\n"
    with open_store(pg_url) as central, open_store(laptop) as lap, open_store(phone) as ph:
        for sid in ("freeform-night", "late-table"):
            assert list(central.rows(sid)) == list(lap.rows(sid))
        assert list(ph.rows("late-table")) == list(central.rows("late-table"))
    # the laptop records on the same table too: the logs diverge, and nothing moves, in no session
    with closing(Ledger.open(laptop)) as led:
        led.execute("late-table", NoteCmd(text="from the laptop"))
    with closing(Ledger.open(phone)) as led:
        led.execute("late-table", NoteCmd(text="from the phone, again"))
    _cli(phone, "push", pg_url)
    err = _cli_fails(laptop, "push", pg_url)
    assert "session late-table differs" in err and "at or before seq 5" in err and "nothing was sent" in err
    with open_store(pg_url) as central:
        assert central.last_seq("late-table") == 5 and central.last_seq("freeform-night") == 124


def test_a_broken_local_chain_is_never_pushed(tmp_path, pg_url: str):  # noqa: F811
    import sqlite3

    laptop = str(tmp_path / "laptop.db")
    _cli(laptop, "import", str(SAMPLES / "freeform-night.jsonl"))
    raw = sqlite3.connect(laptop)
    raw.execute("DROP TRIGGER events_no_update")
    raw.execute("UPDATE events SET body = replace(body, 'Ann', 'Anne') WHERE seq = 7")
    raw.commit()
    raw.close()
    assert "session freeform-night in" in _cli_fails(laptop, "push", pg_url)
    assert "broken at seq 7" in _cli_fails(laptop, "push", pg_url)
    with open_store(pg_url) as central:
        assert central.sessions() == []


def test_without_psycopg_the_url_says_what_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(InputError, match=r"pip install 'potlog\[postgres\]'"):
        open_store("postgresql://potlog@/potlog")


def test_the_current_session_is_each_devices_own(pg_url: str, monkeypatch):  # noqa: F811
    monkeypatch.setenv("POTLOG_CLIENT", "table-1")
    one = open_store(pg_url)
    monkeypatch.setenv("POTLOG_CLIENT", "table-2")
    two = open_store(pg_url)
    one.set_meta("current_session", "night-1")
    two.set_meta("current_session", "night-2")
    one.set_meta("shared", "x")
    assert (one.get_meta("current_session"), two.get_meta("current_session")) == ("night-1", "night-2")
    assert two.get_meta("shared") == "x"  # every other setting is the store's
    one.close()
    two.close()


def test_a_night_recorded_command_by_command_on_postgres(tmp_path, pg_url: str, monkeypatch):  # noqa: F811
    """Every kind of command on the central store: recording, a void, reading, checking,
    sealing, settling, exporting, closing."""
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "seal.key"))
    monkeypatch.setenv("POTLOG_CLIENT", "table-1")
    for line in ("new freeform -p Ann=100 -p Ben=100 -p Cy=60 --name fri", "hand", "deal Ann -n 2",
                 "deal board 9H 9D 2C --up", "bet Ann 10", "call Ben", "raise Cy 10", "fold Ann", "call Ben",
                 "award Ben", "end", "note hello", "void 15 --reason typo"):
        _cli(pg_url, *line.split())
    assert "hello" in _cli(pg_url, "log") and "fri" in _cli(pg_url, "sessions")
    assert "rules kept" in _cli(pg_url, "verify", "--rules")
    assert "reconciles" in _cli(pg_url, "audit", "--all")
    _cli(pg_url, "settle", "--all")
    seal = str(tmp_path / "fri.seal")
    _cli(pg_url, "seal", "--out", seal)
    _cli(pg_url, "close")
    assert "events since the seal" in _cli(pg_url, "verify", "--seal", seal)
    assert _cli(pg_url, "export", "--format", "csv").startswith('"session","seq"')
    state = json.loads(_cli(pg_url, "state", "--json"))
    monkeypatch.setenv("POTLOG_CLIENT", "table-2")  # another device: no current session of its own yet
    assert json.loads(_cli(pg_url, "state", "--json", "-s", "fri")) == state
