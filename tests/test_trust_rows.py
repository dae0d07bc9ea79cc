"""Stored rows of the wrong SQL type (issue 23, point 3).

A row written behind potlog's back (triggers dropped, or a raw INSERT) with a body, type,
hash, prev_hash or time stored as a BLOB, or a seq that is not an INTEGER, is not a row
potlog wrote. One definition (`ledger.store.ROW_TYPES`) says what a readable row is, and
every reader applies it: `state`, `audit`, `log`, the exports, `settle`, `replay`, `seal`,
`sessions` and recording refuse it in one line naming its seq (exit 1); `verify` (plain,
``--rules``, ``--seal``, ``--json``) reports it as broken at that seq (exit 1). Never exit 70.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from ledger import snapshots
from ledger.errors import IntegrityError
from ledger.store import Store
from ledger.verify import verify_chain, verify_session

NIGHT = """
new freeform --name night -p Ann=100 -p Ben=100
hand
bet Ann 10
call Ben
award Ann
end
pay Ann Ben 5 --reason side
void 9 --reason wrong
note last
"""
LAST = 11  # 3 with the opening, 8 commands after


@pytest.fixture(autouse=True)
def key_file(own_keys: Path) -> Path:
    return own_keys


@pytest.fixture
def sealed(night, tmp_path: Path) -> Path:
    """A seal of the night's head, made before the row was planted."""
    out = tmp_path / "night.seal"
    night("seal", "--out", str(out))
    return out


def planted(night, tmp_path: Path, sql: str, params: tuple = ()) -> str:
    """A copy of the database with `sql` run on it as an attacker would (triggers dropped)."""
    con = sqlite3.connect(night.db)
    con.execute("PRAGMA wal_checkpoint(FULL)")
    con.close()
    copy = tmp_path / "planted.db"
    shutil.copy(night.db, copy)
    con = sqlite3.connect(copy)
    con.execute("DROP TRIGGER events_no_update")
    con.execute(sql, params)
    con.commit()
    con.close()
    snapshots.forget()
    return str(copy)


def as_blob(night, tmp_path: Path, column: str, seq: int) -> str:
    return planted(night, tmp_path, f"UPDATE events SET {column} = CAST({column} AS BLOB) WHERE seq = ?", (seq,))


READERS = [["state"], ["state", "--json"], ["audit"], ["log"], ["settle"], ["replay"], ["sessions"],
           ["export", "-f", "jsonl"], ["export", "-f", "json"], ["export", "-f", "csv"], ["export", "-f", "text"],
           ["export", "-f", "beancount"], ["export", "--all"], ["note", "after"], ["seal"], ["seal", "--all"]]
VERIFIERS = [["verify"], ["verify", "--rules"], ["verify", "--json"], ["verify", "--all"]]


def one_line(result) -> str:
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert "internal error" not in result.output and "Traceback" not in result.output, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


def every_reader_refuses(night, db: str, seq: str, sealed: Path) -> None:
    for args in READERS:
        line = one_line(night(*args, "--db", db, ok=False))
        assert f"seq {seq}" in line and ("not an event" in line or "broken" in line), (args, line)
    for args in [*VERIFIERS, ["verify", "--seal", str(sealed)]]:
        r = night(*args, "--db", db, ok=False)
        assert r.exit_code == 1 and "internal error" not in r.output and "Traceback" not in r.output, (args, r.output)
        if "--json" in args:
            data = json.loads(r.output)["sessions"][0]
            assert data["first_broken_seq"] == int(seq) and data["findings"][0]["kind"] == "row", data
        elif "first broken" in r.output:
            assert f"first broken at seq {seq}" in r.output and "stored as" in r.output, (args, r.output)
        else:
            assert f"seq {seq}" in one_line(r), (args, r.output)


@pytest.mark.sqlite_only
@pytest.mark.parametrize("column", ["body", "type", "hash", "prev_hash", "recorded_at"])
def test_a_column_stored_as_a_blob_is_refused_by_every_reader(night, tmp_path: Path, sealed: Path, column: str):
    db = as_blob(night, tmp_path, column, 9)
    every_reader_refuses(night, db, "9", sealed)


@pytest.mark.sqlite_only
@pytest.mark.parametrize("column", ["body", "hash"])
def test_a_blob_at_the_head_is_refused_by_every_reader(night, tmp_path: Path, sealed: Path, column: str):
    db = as_blob(night, tmp_path, column, LAST)
    every_reader_refuses(night, db, str(LAST), sealed)


@pytest.mark.sqlite_only
def test_a_blob_body_in_the_middle_is_a_verify_finding(night, tmp_path: Path):
    db = as_blob(night, tmp_path, "body", 9)
    r = night("verify", "--db", db, ok=False)
    assert "first broken at seq 9: seq 9 cannot be read: its body is stored as BLOB, not TEXT" in r.output
    r = night("verify", "--rules", "--db", db, ok=False)
    assert "rules checked by: not checked" in r.output  # the rules are not checked past an unreadable row


@pytest.mark.sqlite_only
def test_a_seq_that_is_not_an_integer_is_refused(night, tmp_path: Path):
    """A raw INSERT (no trigger stops one) of a row whose seq is text."""
    db = planted(night, tmp_path, "INSERT INTO events SELECT session_id, 'twelve', type, body, prev_hash, hash, "
                                  "recorded_at FROM events WHERE seq = ?", (LAST,))
    for args in (["state"], ["log"], ["export"], ["note", "x"], ["verify"], ["sessions"]):
        line = one_line(night(*args, "--db", db, ok=False))
        assert "seq 'twelve'" in line and "its seq is stored as TEXT, not INTEGER" in line, (args, line)


# ----------------------------------------------------------------------------- the store, in memory

@pytest.mark.sqlite_only
@pytest.mark.parametrize("column", ["type", "body", "prev_hash", "hash", "recorded_at"])
def test_every_store_reader_applies_the_one_definition(potlog, db_path: Path, column: str):
    """The store's readers (events, recorded, voids, head, hash_at, sessions) all refuse the
    row `row_problem` names, and `verify_chain` reports it as kind ``row`` at its seq."""
    from ledger.store import row_problem

    potlog("new", "freeform", "--name", "x", "-p", "Ann=100")  # seqs 1-2
    potlog("note", "a")
    potlog("void", "3", "--reason", "r")  # seq 4
    sid = "x"
    store = Store.open(str(db_path))
    c = store.conn
    assert [f.kind for f in verify_chain(store.rows(sid), sid)[0]] == []
    c.execute("DROP TRIGGER events_no_update")
    c.execute(f"UPDATE events SET {column} = CAST({column} AS BLOB) WHERE seq = 4")
    row = list(store.rows(sid))[3]
    assert row_problem(row) == f"its {column} is stored as BLOB, not TEXT"
    readers = {"events": lambda: list(store.events(sid)), "recorded": lambda: list(store.recorded(sid)),
               "voids": lambda: store.voids(sid), "head": lambda: store.head(sid),
               "hash_at": lambda: store.hash_at(sid, 4), "sessions": store.sessions}
    if column == "type":  # a BLOB is never the text 'void': that row is not one `voids` reads (`events` does)
        del readers["voids"]
    for name, read in readers.items():
        with pytest.raises(IntegrityError, match=f"seq 4 of session x is not an event \\(its {column} is stored as "
                                                 "BLOB, not TEXT"):
            read()
    assert len(list(store.events(sid, 0, 3))) == 3  # the rows before it are still read
    findings, count = verify_chain(store.rows(sid), sid)
    assert count == 4 and [(f.seq, f.kind) for f in findings] == [(4, "row")]
    store.close()


def test_the_definition_is_the_sqlite_type_of_each_column():
    from ledger.store import ROW_TYPES, row_problem

    assert [name for name, _, _ in ROW_TYPES] == ["seq", "type", "body", "prev_hash", "hash", "recorded_at"]
    ok = (1, "note", "{}", "a" * 64, "b" * 64, "2026-01-01T00:00:00.000Z")
    assert row_problem(ok) is None
    assert row_problem((1.5, *ok[1:])) == "its seq is stored as REAL, not INTEGER"
    assert row_problem(("1", *ok[1:])) == "its seq is stored as TEXT, not INTEGER"
    assert row_problem((True, *ok[1:])) is not None  # a bool is no INTEGER sqlite3 returns
    assert row_problem((1, "note", b"{}", *ok[3:])) == "its body is stored as BLOB, not TEXT"
    assert row_problem((*ok[:5], 20260101)) == "its recorded_at is stored as INTEGER, not TEXT"
    assert row_problem((*ok[:4], None, ok[5])) == "its hash is stored as NULL, not TEXT"


@pytest.mark.sqlite_only
def test_verify_session_reports_an_unreadable_head_without_crashing(night, tmp_path: Path):
    db = as_blob(night, tmp_path, "hash", LAST)
    with Store.open(db) as store:
        report = verify_session(store, "night", rules=True)
    assert not report.ok and report.first is not None and report.first.seq == LAST and report.first.kind == "row"
    json.dumps(report.to_data())  # the head as stored is shown as text
