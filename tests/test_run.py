"""`potlog run FILE` (issue 14): one transaction with a savepoint per line, the decided table
kept in memory between lines; `potlog run -` records each line as it arrives (issue 11)."""

from __future__ import annotations

import os
import queue
import threading
from contextlib import closing
import sqlite3
import subprocess
import sys
import time

import pytest

from ledger.app import Ledger
from ledger.commands import Bet, NewHand
from ledger.state import state_hash
from tests.conftest import ROOT


@pytest.fixture(autouse=True)
def _own_key(tmp_path, monkeypatch):
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "seal.key"))


SCRIPT = "new freeform --name r -p Ann=100 -p Ben=100\nhand\nbet Ann 10\ncall Ben\n"


def test_a_refused_line_records_nothing_and_the_lines_before_it_stay(potlog, tmp_path):
    r = potlog.run_script(SCRIPT + "bet Ann 500\naward Ann\n", tmp_path, ok=False)
    assert r.exit_code == 1
    assert "line 5:" in r.output and "stopped here; lines before it are recorded" in r.output
    with closing(potlog.ledger()) as led:
        assert led.store.last_seq("r") == 6  # open, 2 joins, hand, bet, call
        st = led.state("r")
        assert st.balance("pot") == 20
        assert state_hash(st) == state_hash(led.fold_session("r", checked=True))


def test_a_usage_error_stops_the_run_with_exit_2(potlog, tmp_path):
    r = potlog.run_script(SCRIPT + "bet Ann\nend\n", tmp_path, ok=False)
    assert r.exit_code == 2 and "line 5:" in r.output
    with closing(potlog.ledger()) as led:
        assert led.store.last_seq("r") == 6


def test_the_file_is_one_transaction(potlog, tmp_path, monkeypatch):
    """Every line appends inside one transaction: the commits are counted."""
    commits = []
    real = Ledger.batch

    def counting(self):  # type: ignore[no-untyped-def]
        commits.append(1)
        return real(self)

    monkeypatch.setattr(Ledger, "batch", counting)
    potlog.run_script(SCRIPT + "award Ann\nend\n", tmp_path)
    assert commits == [1]
    with closing(potlog.ledger()) as led:
        assert led.store.last_seq("r") == 8


def test_a_step_that_fails_is_undone_and_the_table_read_again(ledger):
    sid = ledger.new_session("freeform", [("Ann", 100), ("Ben", 100)], name="s")
    with ledger.batch():
        ledger.execute(sid, NewHand())
        with pytest.raises(RuntimeError):
            with ledger.step():
                ledger.execute(sid, Bet(player="Ann", amount=10))
                raise RuntimeError("the line failed after recording")
        assert ledger.store.last_seq(sid) == 4
        assert ledger.state(sid).balance("pot") == 0  # not the bet kept in memory
        ledger.execute(sid, Bet(player="Ann", amount=5))
    assert ledger.store.last_seq(sid) == 5
    assert ledger.state(sid).balance("pot") == 5


def test_run_from_stdin_records_each_line_as_it_arrives(tmp_path):
    db = tmp_path / "live.db"
    env = {**os.environ, "POTLOG_DB": str(db), "POTLOG_KEY_FILE": str(tmp_path / "k")}
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "run", "-"], cwd=ROOT, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()  # type: ignore[union-attr]

    def wait_for(text: str) -> None:
        while text not in lines.get(timeout=30):  # queue.Empty: the line was not run as it arrived
            pass

    try:
        proc.stdin.write("new freeform --name live -p Ann=10 -p Ben=10\n")
        proc.stdin.flush()
        wait_for("opened")
        proc.stdin.write("hand\n")
        proc.stdin.flush()
        wait_for("hand 1 starts")
        deadline = time.time() + 10
        seen = 0
        while time.time() < deadline and seen < 4:  # committed while run still waits for more
            con = sqlite3.connect(db)
            seen = con.execute("SELECT count(*) FROM events WHERE session_id = 'live'").fetchone()[0]
            con.close()
        assert seen == 4 and proc.poll() is None
        proc.stdin.write("bet Ann 2\n")
        proc.stdin.close()
        proc.wait(timeout=30)
        err = proc.stderr.read() if proc.stderr else ""
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    wait_for("ran 3 commands")


@pytest.mark.slow
def test_a_long_file_runs_at_least_twice_as_fast_as_line_by_line_transactions(potlog, tmp_path):
    from benchmarks.corrections import run_script

    lines = 3000
    script = tmp_path / "long.potlog"
    script.write_text(run_script(lines), encoding="utf-8")
    t = time.perf_counter()
    potlog("run", "-q", str(script))
    rate = lines / (time.perf_counter() - t)
    assert rate > 500, f"{rate:.0f} lines/s"  # 235 lines/s before, in this same test
    with closing(potlog.ledger()) as led:
        assert state_hash(led.state("script")) == state_hash(led.fold_session("script", checked=True))
