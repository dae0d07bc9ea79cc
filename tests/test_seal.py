"""Seals: a line kept off the machine that pins a session's head. Truncation and a consistent
forgery (every later hash recomputed) pass the chain but not the seal; events after the seal
are fine; seal files are never written over; logs of the old hash scheme are named and converted."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from ledger import events as ev
from ledger import seal as sealing

NIGHT = """
new freeform --name night -p Ann=100 -p Ben=100 -p Cy=50
hand
bet Ann 10
call Ben
fold Cy
award Ann
end
hand
bet Ben 5
call Ann
award Ben
end
"""
LAST = 15  # the seq of NIGHT's last event (3 seated with the opening, 12 commands after)


@pytest.fixture(autouse=True)
def key_file(own_keys) -> Path:
    """Every test has its own seal key, never the user's."""
    return own_keys


def copy_with(src: str, dest: Path, *statements: str, params: list[tuple] | None = None) -> str:
    """A copy of the database with the triggers dropped and `statements` run on it."""
    con = sqlite3.connect(src)
    con.execute("PRAGMA wal_checkpoint(FULL)")
    con.close()
    shutil.copy(src, dest)
    con = sqlite3.connect(dest)
    con.execute("DROP TRIGGER events_no_update")
    con.execute("DROP TRIGGER events_no_delete")
    for i, sql in enumerate(statements):
        con.execute(sql, (params or [()] * len(statements))[i])
    con.commit()
    con.close()
    return str(dest)


def rows(db: str) -> list[tuple]:
    con = sqlite3.connect(db)
    out = con.execute("SELECT seq, type, body, prev_hash, hash, recorded_at FROM events WHERE session_id='night' "
                      "ORDER BY seq").fetchall()
    con.close()
    return out


def forge_award(db: str, dest: Path) -> str:
    """Give the first award to someone else and recompute every later hash, new scheme and all:
    what someone with write access to the file and potlog's source can do."""
    copy = copy_with(db, dest)
    con = sqlite3.connect(copy)
    prev = None
    touched = False
    for seq, etype, body, prev_hash, h, at in rows(copy):
        if not touched and etype != "pot_awarded":
            prev = h
            continue
        if not touched:
            data = json.loads(body)
            data["shares"] = [{"player": "Cy", "amount": data["shares"][0]["amount"]}]
            body, touched = ev.canonical_json(data), True
        new = ev.chain_hash(prev, body, session="night", seq=seq, etype=etype, recorded_at=at)
        con.execute("UPDATE events SET body = ?, prev_hash = ?, hash = ? WHERE session_id = 'night' AND seq = ?",
                    (body, prev, new, seq))
        prev = new
    con.commit()
    con.close()
    return copy


def test_seal_prints_and_writes_the_head_and_verify_counts_the_events_since(night, tmp_path):
    out = tmp_path / "night.seal"
    r = night("seal", "--out", str(out))
    line = r.stdout.strip()
    head = json.loads(night("verify", "--json").output)["sessions"][0]["head"]
    assert head["seq"] == LAST and len(head["hash"]) == 64
    assert line.startswith(f"potlog-seal/1 session=night seq={LAST} hash={head['hash']} at=")
    assert out.read_text() == line + "\n"
    night("note", "after the seal")
    night("note", "and another")
    r = night("verify", "--seal", str(out))
    assert "2 events since the seal" in r.output and f"head: seq {LAST + 2} hash " in r.output
    data = json.loads(night("verify", "--seal", str(out), "--json").output)["sessions"][0]
    assert data["ok"] and data["seal"]["events_since"] == 2 and data["seal"]["signature_checked"] is True


@pytest.mark.sqlite_only
def test_truncation_is_caught_by_the_seal(night, tmp_path):
    out = tmp_path / "night.seal"
    night("close")
    night("seal", "--out", str(out))
    cut = copy_with(night.db, tmp_path / "cut.db", "DELETE FROM events WHERE session_id = 'night' AND seq > 12")
    assert night("verify", "--db", cut).exit_code == 0  # the chain alone cannot tell: a shorter log is a log
    r = night("verify", "--db", cut, "--seal", str(out), ok=False)
    assert r.exit_code == 1 and "TRUNCATED" in r.output and "the log ends at seq 12" in r.output
    data = json.loads(night("verify", "--db", cut, "--seal", str(out), "--json", ok=False).output)
    assert data["ok"] is False and data["sessions"][0]["seal"]["ok"] is False


@pytest.mark.sqlite_only
def test_a_consistent_forgery_is_caught_by_the_seal(night, tmp_path):
    out = tmp_path / "night.seal"
    night("seal", "--out", str(out))
    forged = forge_award(night.db, tmp_path / "forged.db")
    assert night("verify", "--db", forged).exit_code == 0  # every hash recomputed: the chain holds
    r = night("verify", "--db", forged, "--seal", str(out), ok=False)
    assert r.exit_code == 1 and f"REWRITTEN: seq {LAST} no longer has the sealed hash" in r.output


def test_close_prints_a_seal_that_verify_reads_from_stdin(night):
    r = night("close")
    assert "session closed" in r.output
    seal_line = next(x for x in r.output.splitlines() if x.startswith("seal: potlog-seal/1"))
    r = night("verify", "--seal", "-", input=f"From: the treasurer\n\n{seal_line}\n")
    assert "0 events since the seal" in r.output


def test_close_json_output_is_unchanged(night):
    data = json.loads(night("close", "--json").output)
    assert isinstance(data, list) and data[-1]["event"]["type"] == "session_closed"


@pytest.mark.sqlite_only
def test_a_seal_file_is_never_written_over(night, tmp_path):
    out = tmp_path / "night.seal"
    out.write_text("precious\n")
    r = night("seal", "--out", str(out), ok=False)
    assert r.exit_code == 1 and "already exists" in r.output and out.read_text() == "precious\n"
    r = night("seal", "--out", night.db, "--force", ok=False)
    assert r.exit_code == 1 and "the open database" in r.output
    night("seal", "--out", str(out), "--force")
    assert out.read_text().startswith("potlog-seal/1 ")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_an_altered_seal_or_one_for_another_head_fails(night, tmp_path):
    out = tmp_path / "night.seal"
    line = night("seal").stdout.strip()
    out.write_text(line.replace(" at=2", " at=1") + "\n")  # the date moved: the MAC no longer matches
    r = night("verify", "--seal", str(out), ok=False)
    assert r.exit_code == 1 and "signature does not match" in r.output
    out.write_text("potlog-seal/1 session=night seq=3 hash=" + "ab" * 32 + " at=2026-01-01T00:00:00Z mac=" + "cd" * 32 + "\n")
    r = night("verify", "--seal", str(out), ok=False)
    assert r.exit_code == 1 and "REWRITTEN" in r.output
    out.write_text("not a seal\n")
    r = night("verify", "--seal", str(out), ok=False)
    assert r.exit_code == 1 and "holds no seal line" in r.output
    r = night("verify", "--seal", str(tmp_path / "nope"), ok=False)
    assert r.exit_code == 1 and "no seal file" in r.output


@pytest.mark.sqlite_only
def test_a_renamed_session_fails_its_seal(night, tmp_path):
    out = tmp_path / "night.seal"
    night("seal", "--out", str(out))
    renamed = copy_with(night.db, tmp_path / "renamed.db", "UPDATE events SET session_id = 'day'")
    r = night("verify", "--db", renamed, "--seal", str(out), ok=False)
    assert r.exit_code == 1 and "not in this database" in r.output


@pytest.mark.sqlite_only
def test_a_broken_log_is_not_sealed(night, tmp_path):
    bad = copy_with(night.db, tmp_path / "bad.db",
                    "UPDATE events SET body = replace(body, '10', '11') WHERE session_id='night' AND seq = 6")
    r = night("seal", "--db", bad, ok=False)
    assert r.exit_code == 1 and "broken at seq 6" in r.output and "nothing sealed" in r.output


def test_the_key_is_private_and_made_once(night, key_file):
    night("seal")
    assert key_file.exists() and (key_file.stat().st_mode & 0o777) == 0o600
    first = key_file.read_text()
    sealing.forget_keys()
    night("seal")
    assert key_file.read_text() == first


def test_without_a_writable_key_place_seal_says_so_and_reading_still_works(night, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("POTLOG_KEY_FILE", str(blocker / "seal.key"))
    sealing.forget_keys()
    r = night("seal", ok=False)
    assert r.exit_code == 1 and "the seal key" in r.output and "Traceback" not in r.output
    assert json.loads(night("state", "--json").output)["seq"] == LAST
    r = night("close")
    assert "seal: not made" in r.output


# ----------------------------------------------------------------------------- the old scheme

def make_v1(db: str, dest: Path) -> str:
    """The database as potlog wrote it before the hash covered the session and the time."""
    copy = copy_with(db, dest, "DELETE FROM meta WHERE key = 'hash_scheme'", "DELETE FROM snapshots")
    con = sqlite3.connect(copy)
    prev = ev.GENESIS
    for seq, _t, body, _p, _h, _at in rows(copy):
        h = ev.v1_hash(prev, body)
        con.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE session_id = 'night' AND seq = ?", (prev, h, seq))
        prev = h
    con.execute("CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'no'); END;")
    con.execute("CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'no'); END;")
    con.commit()
    con.close()
    return copy


@pytest.mark.sqlite_only
def test_an_old_scheme_database_is_named_and_rehashed_once(night, tmp_path):
    old = make_v1(night.db, tmp_path / "old.db")
    r = night("verify", "--db", old, ok=False)
    assert r.exit_code == 1 and "old scheme" in r.output and "potlog rehash" in r.output
    assert json.loads(night("state", "--db", old, "--json").output)["seq"] == LAST  # still readable
    r = night("note", "--db", old, "x", ok=False)
    assert r.exit_code == 1 and "potlog rehash" in r.output
    assert f"re-chained {LAST} events in 1 session" in night("rehash", "--db", old).output
    night("verify", "--db", old)
    night("note", "--db", old, "recorded again")
    r = night("rehash", "--db", old, ok=False)
    assert r.exit_code == 1 and "already" in r.output


@pytest.mark.sqlite_only
def test_a_broken_old_scheme_database_is_not_rehashed(night, tmp_path):
    old = make_v1(night.db, tmp_path / "old.db")
    con = sqlite3.connect(old)
    con.execute("DROP TRIGGER events_no_update")
    con.execute("UPDATE events SET body = replace(body, '10', '11') WHERE seq = 6")
    con.commit()
    con.close()
    before = rows(old)
    r = night("rehash", "--db", old, ok=False)
    assert r.exit_code == 1 and "broken at seq 6" in r.output and rows(old) == before


@pytest.mark.sqlite_only
def test_an_old_scheme_export_is_refused_with_the_fix_and_converted(night, tmp_path):
    old = make_v1(night.db, tmp_path / "old.db")
    export = tmp_path / "old.jsonl"
    night("export", "--db", old, "--out", str(export))
    fresh = tmp_path / "fresh.db"
    r = night("import", "--db", str(fresh), str(export), ok=False)
    assert r.exit_code == 1 and "old scheme" in r.output and "potlog rehash FILE --out NEW" in r.output
    new = tmp_path / "new.jsonl"
    assert f"{LAST} events re-chained" in night("rehash", str(export), "--out", str(new)).output
    night("import", "--db", str(fresh), str(new))
    night("verify", "--db", str(fresh))
    assert all(ev.line_hash(json.loads(x)) == json.loads(x)["hash"] for x in new.read_text().splitlines())
    r = night("rehash", str(new), "--out", str(tmp_path / "again.jsonl"), ok=False)
    assert r.exit_code == 1 and "already hashed with the current scheme" in r.output
    assert not os.path.exists(tmp_path / "again.jsonl")
