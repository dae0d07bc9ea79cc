"""Every sample session imports cleanly, and every .potlog script reproduces its .jsonl exactly.

The hash of an event covers the time it was recorded, so the scripts are run on a table
clock (`sample_clock`): each command is recorded 20 seconds after 20:00 on 2026-11-21 per
seq it starts at. ``python -m tests.test_samples`` records every script again that way and
rewrites the .jsonl files (after a deliberate change of what a script records).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

import pytest

from ledger.store import Store
from tests.conftest import SAMPLES, Potlog

JSONL = sorted(SAMPLES.glob("*.jsonl"))
SCRIPTS = sorted(p for p in SAMPLES.glob("*.potlog") if p.with_suffix(".jsonl").exists())
START = datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc)


def sample_clock(first_seq: int) -> str:
    """The recorded_at of a command whose first event is `first_seq`: deterministic."""
    at = START + timedelta(seconds=20 * first_seq)
    return at.isoformat(timespec="milliseconds").replace("+00:00", "Z")


@contextlib.contextmanager
def table_clock() -> Iterator[None]:
    """Record every append at `sample_clock` of its first seq instead of the wall clock."""
    real = Store.append

    def append(self: Store, session: str, expected_seq: int, bodies, recorded_at: str):  # type: ignore[no-untyped-def]
        return real(self, session, expected_seq, bodies, sample_clock(expected_seq))

    Store.append = append  # type: ignore[method-assign]
    try:
        yield
    finally:
        Store.append = real  # type: ignore[method-assign]


def record_sample(script: Path, where: Path) -> list[str]:
    """The export lines of `script` run on the table clock, in a fresh database under `where`."""
    pl = Potlog(where / "s.db")
    with table_clock():
        pl("run", "-q", str(script))
    out = where / "again.jsonl"
    pl("export", "--out", str(out))
    return out.read_text(encoding="utf-8").splitlines()


@pytest.fixture(autouse=True)
def _own_key(tmp_path, monkeypatch):
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "seal.key"))


@pytest.mark.parametrize("path", JSONL, ids=lambda p: p.name)
def test_sample_imports_cleanly(path, tmp_path):
    pl = Potlog(tmp_path / "s.db")
    r = pl("import", str(path))
    assert "events added" in r.output
    state = json.loads(pl("state", "--json").output)
    assert state["accounts"]["bank"] == -sum(s["stack"] for s in state["seats"]) - sum(
        v for k, v in state["accounts"].items() if k != "bank")


@pytest.mark.parametrize("path", JSONL, ids=lambda p: p.name)
def test_sample_keeps_the_rules_and_audits(path, tmp_path):
    pl = Potlog(tmp_path / "s.db")
    pl("import", str(path))
    r = pl("verify", "--rules")
    assert r.exit_code == 0 and "rules kept" in r.output, r.output
    r = pl("audit", ok=False)
    if path.name.startswith("freeform-count-mismatch"):  # its point: a count that does not match the ledger
        assert r.exit_code == 1 and "does not reconcile" in r.output, r.output
    else:
        assert r.exit_code == 0 and "chips conserved at every event" in r.output, r.output


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_script_reproduces_the_recorded_hashes(path, tmp_path):
    again = [json.loads(x) for x in record_sample(path, tmp_path)]
    recorded = [json.loads(x) for x in path.with_suffix(".jsonl").read_text().splitlines()]
    assert [(e["seq"], e["hash"]) for e in again] == [(e["seq"], e["hash"]) for e in recorded]
    fields = ("session", "seq", "recorded_at", "prev_hash", "hash", "event")  # the hash covers them all:
    assert [[e[k] for k in fields] for e in again] == [[e[k] for k in fields] for e in recorded]  # which differs


def test_freeform_night_is_a_whole_night(tmp_path):
    pl = Potlog(tmp_path / "s.db")
    pl("import", str(SAMPLES / "freeform-night.jsonl"))
    types = [e["event"]["type"] for e in json.loads(pl("log", "--json").output)]
    for needed in ("player_joined", "rebuy", "bet", "fold", "pot_carried", "transfer", "void", "player_left",
                   "session_closed", "chip_count"):
        assert needed in types, needed
    assert types.count("hand_started") >= 5


def regenerate() -> None:
    """Record every script again on the table clock and rewrite its .jsonl."""
    os.environ.setdefault("POTLOG_KEY_FILE", str(Path(tempfile.mkdtemp()) / "seal.key"))
    for script in sorted(SAMPLES.glob("*.potlog")):
        with tempfile.TemporaryDirectory() as where:
            lines = record_sample(script, Path(where))
        script.with_suffix(".jsonl").write_text("".join(x + "\n" for x in lines), encoding="utf-8")
        print(f"{script.with_suffix('.jsonl').name}: {len(lines)} events", file=sys.stderr)


if __name__ == "__main__":
    regenerate()
