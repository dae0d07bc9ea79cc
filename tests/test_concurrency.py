"""Concurrent recorders (issue 10): a command is appended at the seq after the table it was
decided on, never at the head; overtaken, it is decided again and appended only if it records
the very same events (a bounded number of times), else refused naming who wrote first.

The interleavings are forced deterministically (a hook runs the other recorder's command just
before the append), then real CLI processes race on one session. Each test also runs against a
mutant of the append path (append at the head) to show the suite catches it."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import recording as app_mod  # (execute and its retries live there)
from ledger import events as ev
from ledger.app import RETRIES, Ledger
from ledger.commands import (
    AllIn, Award, Bet, Call, Check, Command, Count, Deal, End, Fold, NewHand, Note, Pay, Raise,
    Round,
)
from ledger.errors import ChipError, Conflict, PotlogError
from ledger.verify import verify_session
from tests.conftest import ROOT

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _session(db: Path, **players: int) -> None:
    led = Ledger.open(str(db))
    led.new_session("freeform", list((players or {"Ann": 10, "Ben": 10, "Cy": 10}).items()), name="s")
    led.close()


def _race(db: Path, mine: Command, theirs: list[Command], *, times: int = 1) -> tuple[Ledger, str | None, int]:
    """Record `mine` with ledger A while ledger B (its own connection) records `theirs` just
    after each of A's first `times` decisions, before A appends. Returns (A, A's refusal or
    None, how many times A decided)."""
    a, b = Ledger.open(str(db)), Ledger.open(str(db))
    b.store.conn.execute("PRAGMA busy_timeout = 50")  # B runs inside A's decision: it must not wait for A's lock
    real = a._decide
    decisions = [0]

    def decided_then_overtaken(*args, **kwargs):
        decisions[0] += 1
        out = real(*args, **kwargs)
        if decisions[0] <= times:
            for cmd in theirs:
                theirs_may_be_refused(cmd)
        return out

    def theirs_may_be_refused(cmd):
        try:
            b.execute("s", cmd)
        except PotlogError:
            pass

    a._decide = decided_then_overtaken  # type: ignore[method-assign]
    try:
        a.execute("s", mine)
        refusal = None
    except Conflict as exc:
        refusal = str(exc)
    finally:
        b.close()
    return a, refusal, decisions[0]


def _broken(led: Ledger) -> str | None:
    """What is wrong with the session's log (a stack below zero, a broken chain), or None."""
    try:
        led.fold_session("s", checked=True)
    except ChipError as exc:
        return str(exc)
    report = verify_session(led.store, "s")
    return None if report.ok else str(report.first)


def _stale_pay(tmp_path: Path) -> tuple[str | None, str | None]:
    """Ann has 10. A decides 'pay Ann Ben 10'; B records 'pay Ann Cy 10' first."""
    db = tmp_path / "pay.db"
    _session(db)
    a, refusal, _ = _race(db, Pay(source="Ann", to="Ben", amount=10),
                          [Pay(source="Ann", to="Cy", amount=10)])
    broken = _broken(a)
    a.close()
    return refusal, broken


def test_a_stale_pay_is_refused_naming_who_wrote_first(tmp_path):
    refusal, broken = _stale_pay(tmp_path)
    assert broken is None
    assert refusal is not None
    assert refusal.startswith("someone recorded seq 5 first: 10 from seat:Ann to seat:Cy; now it would be refused: "
                              "Ann has only 0 chips"), refusal
    assert "run the command again if it still holds" in refusal


def _at_head(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: append at whatever the head is, not at the seq the decision was based on."""
    original = Ledger._append

    def append_at_head(self, session, first_seq, events, now):
        return original(self, session, self.store.last_seq(session) + 1, events, now)

    monkeypatch.setattr(Ledger, "_append", append_at_head)


def test_mutation_appending_at_the_head_is_caught(tmp_path, monkeypatch):
    _at_head(monkeypatch)
    refusal, broken = _stale_pay(tmp_path)
    assert refusal is None and broken is not None and "Ann would be left with -10 chips" in broken


def test_a_note_overtaken_by_another_recorder_lands_after_it(tmp_path):
    db = tmp_path / "n.db"
    _session(db)
    a, refusal, attempts = _race(db, Note(text="mine"), [Note(text="theirs")])
    assert refusal is None and attempts == 2
    texts = [json.loads(r[2]).get("text") for r in a.store.rows("s")]
    assert texts[-2:] == ["theirs", "mine"] and verify_session(a.store, "s").ok


@pytest.mark.parametrize("mine,theirs", [
    (Count(player="Ann", amount=10), [Note(text="x")]),
    (Fold(player="Ann"), [Bet(player="Ben", amount=2)]),
    (Bet(player="Ann", amount=3), [Deal(to="Cy", count=2)]),
    (Award(player="Ben", amount=1), [Call(player="Cy")]),  # an explicit amount: the same
], ids=["count", "fold-after-a-bet", "bet-after-a-deal", "award-part"])
def test_a_command_whose_decision_still_holds_is_retried(tmp_path, mine, theirs):
    db = tmp_path / "r.db"
    _session(db)
    led = Ledger.open(str(db))
    led.execute("s", NewHand())
    if isinstance(mine, Award):
        led.execute("s", Bet(player="Ben", amount=2))
    seq = led.store.last_seq("s")
    a, refusal, attempts = _race(db, mine, theirs)
    assert refusal is None and attempts == 2
    assert a.store.last_seq("s") == seq + len(theirs) + 1 and _broken(a) is None


@pytest.mark.parametrize("setup,mine,theirs,why", [
    ([], Bet(player="Ann", amount=3), [Bet(player="Ben", amount=2)],
     "someone recorded seq 6 first: Ben bets 2; now it would be refused: Ann faces a bet of 2"),
    ([], Bet(player="Ann", amount=3), [Bet(player="Ben", amount=2), Call(player="Cy")],
     "someone recorded seq 6 first: Ben bets 2 (and 1 more, up to seq 7); now it would be refused"),
    ([Bet(player="Ben", amount=2)], Call(player="Cy"), [Raise(player="Ann", amount=4)],
     "someone recorded seq 7 first: Ann raises by 4 (puts in 6); now it would record something else"),
    ([Bet(player="Ben", amount=2)], Award(player="Ben"), [Call(player="Cy")],
     "someone recorded seq 7 first: Cy calls 2; now it would record something else"),
    ([End()], NewHand(), [NewHand(dealer="Cy")],
     "someone recorded seq 7 first: hand 2 starts, Cy deals; now it would be refused: hand 2 is still going"),
], ids=["bet-after-a-bet", "bet-after-two", "call-after-a-raise", "award-after-a-call", "hand-after-a-hand"])
def test_a_command_whose_decision_changed_is_refused_naming_what_came_first(tmp_path, setup, mine, theirs, why):
    db = tmp_path / "c.db"
    _session(db)
    led = Ledger.open(str(db))
    for cmd in [NewHand(), *setup]:
        led.execute("s", cmd)
    before = led.store.last_seq("s")
    led.close()
    a, refusal, attempts = _race(db, mine, theirs)
    assert attempts == 2 and refusal is not None and refusal.startswith(why), refusal
    assert a.store.last_seq("s") == before + len(theirs) and _broken(a) is None


def test_retries_are_bounded_and_the_last_decision_holds_the_lock(tmp_path, monkeypatch):
    """Overtaken every time it looks: decided `RETRIES` times at most, the last time under the
    write lock, where nobody can overtake it (the other recorder finds the database busy)."""
    monkeypatch.setattr(app_mod.time, "sleep", lambda s: None)
    db = tmp_path / "b.db"
    _session(db)
    a, refusal, decisions = _race(db, Note(text="mine"), [Note(text="theirs")], times=100)
    assert refusal is None and decisions == RETRIES
    texts = [json.loads(r[2]).get("text") for r in a.store.rows("s")][4:]
    assert texts == ["theirs"] * (RETRIES - 1) + ["mine"] and _broken(a) is None


def test_the_decision_under_the_lock_can_still_be_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(app_mod.time, "sleep", lambda s: None)
    db = tmp_path / "l.db"
    _session(db)
    led = Ledger.open(str(db))
    led.execute("s", NewHand())
    led.close()
    # three notes overtake 'bet Ann 3' (the same bet each time); then, under the lock, Ben's bet is there
    a, b = Ledger.open(str(db)), Ledger.open(str(db))
    real, decisions = a._decide, [0]

    def overtaken(*args, **kwargs):
        decisions[0] += 1
        if decisions[0] == RETRIES:  # the last decision: someone's bet got in just before the lock
            return real(*args, **kwargs)
        out = real(*args, **kwargs)
        b.execute("s", Bet(player="Ben", amount=2) if decisions[0] == RETRIES - 1
                  else Note(text=str(decisions[0])))
        return out

    a._decide = overtaken  # type: ignore[method-assign]
    with pytest.raises(Conflict, match="someone recorded seq 9 first: Ben bets 2; now it would be refused"):
        a.execute("s", Bet(player="Ann", amount=3))
    assert decisions[0] == RETRIES and a.store.last_seq("s") == 5 + RETRIES - 1 and _broken(a) is None


def test_a_busy_database_is_not_retried(tmp_path):
    """The lock held past the timeout is no seq conflict: one line, at once, nothing recorded."""
    db = tmp_path / "busy.db"
    _session(db)
    led = Ledger.open(str(db))
    led.store.conn.execute("PRAGMA busy_timeout = 50")
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        t = time.monotonic()
        with pytest.raises(Conflict, match="busy"):
            led.execute("s", Note(text="x"))
        assert time.monotonic() - t < 2
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert led.store.last_seq("s") == 4


def test_two_sessions_opened_at_once_get_two_names(tmp_path):
    db = tmp_path / "o.db"
    a, b = Ledger.open(str(db)), Ledger.open(str(db))
    real = a.store.append
    calls = [0]

    def overtaken(session, expected, bodies, at):
        calls[0] += 1
        if calls[0] == 1:
            b.new_session("freeform", [("Bo", 5)], now="2026-11-21T20:00:00.000Z")
        return real(session, expected, bodies, at)

    a.store.append = overtaken  # type: ignore[method-assign]
    sid = a.new_session("freeform", [("Ann", 5)], now="2026-11-21T20:00:00.000Z")
    assert sid == "freeform-2026-11-21-2" and [s.session for s in a.store.sessions()] == ["freeform-2026-11-21",
                                                                                         "freeform-2026-11-21-2"]
    assert [s.name for s in a.state(sid).seats] == ["Ann"]


POOL = [
    Note(text="n"), Count(player="Ann", amount=10), Bet(player="Ann", amount=3),
    Bet(player="Ben", amount=2), Call(player="Cy"), Call(player="Ben"),
    Raise(player="Ann", amount=2), Fold(player="Ben"), Check(player="Cy"),
    Pay(source="Ann", to="Ben", amount=5), Pay(source="Ben", to="Cy", amount=10),
    Award(player="Ann"), Deal(to="Cy", count=2), Round(), AllIn(player="Ann"),
]


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(setup=st.lists(st.sampled_from(POOL), max_size=3), mine=st.sampled_from(POOL),
       theirs=st.lists(st.sampled_from(POOL), min_size=1, max_size=3))
def test_any_overtaken_command_records_what_it_would_record_now_or_nothing(tmp_path_factory, setup, mine, theirs):
    """Whatever two recorders do at once: the log stays whole, and the overtaken command either
    records exactly what it records when run after the other's events, or nothing."""
    db = tmp_path_factory.mktemp("prop") / "p.db"
    _session(db)
    led = Ledger.open(str(db))
    for cmd in [NewHand(), *setup]:
        try:
            led.execute("s", cmd)
        except PotlogError:
            pass
    start = led.store.last_seq("s")
    led.close()
    try:
        a, refusal, _ = _race(db, mine, theirs)
    except PotlogError:
        return  # refused on the table as it was, before anyone else wrote: nothing to race
    assert _broken(a) is None
    rows = list(a.store.rows("s"))
    if refusal is not None:
        assert refusal.startswith(f"someone recorded seq {start + 1} first: ")
        return
    mine_rows = [r for r in rows if r[0] > start][-1:]  # A's command records one event in this pool
    before = mine_rows[0][0] - 1
    state = a.state("s", before)
    from ledger.games import get_ruleset

    again = get_ruleset(state.game).decided(state, mine)
    assert [ev.event_body(e) for e in again] == [r[2] for r in mine_rows]


# ------------------------------------------------------------------------------ real processes

WORKER = textwrap.dedent("""
    import contextlib, io, json, os, random, sys, time
    from pathlib import Path

    db, name, kind, count, go, seed = sys.argv[1:7]
    os.environ["POTLOG_DB"] = db
    from cli.main import main

    rng = random.Random(int(seed))
    players = ["Ann", "Ben", "Cy", "Dee"]
    print("ready", flush=True)
    while not Path(go).exists():
        time.sleep(0.002)
    out = []
    for k in range(int(count)):
        if kind == "note":
            args = ["note", f"{name}-{k}"]
        else:
            p, q = rng.sample(players, 2)
            args = rng.choice([["pay", p, q, str(rng.randint(1, 40))], ["pay", p, "pot", str(rng.randint(1, 30))],
                               ["bet", p, str(rng.randint(1, 30))], ["call", p], ["raise", p, str(rng.randint(1, 20))],
                               ["award", p], ["round"], ["pay", "pot", p, str(rng.randint(1, 30))]])
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            rc = main(args)
        out.append([args, rc, err.getvalue()])
    print(json.dumps(out))
""")


def _cli_race(tmp_path: Path, notes: int, bettors: int, each: int) -> dict[str, int]:
    db = tmp_path / "race.db"
    _session(db, Ann=60, Ben=60, Cy=60, Dee=60)
    led = Ledger.open(str(db))
    led.execute("s", NewHand())
    start = led.store.last_seq("s")
    led.close()
    go = tmp_path / "go"
    kinds = ["note"] * notes + ["bet"] * bettors
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(db), f"w{i}", kind, str(each), str(go), str(i)],
                              env=ENV, cwd=str(ROOT), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i, kind in enumerate(kinds)]
    for p in procs:  # every process has imported potlog and waits at the line
        assert p.stdout is not None and p.stdout.readline().strip() == "ready", p.stderr.read() if p.stderr else ""
    go.touch()
    results = []
    for p in procs:
        out, err = p.communicate(timeout=180)
        assert p.returncode == 0 and "Traceback" not in err, err
        results.append(json.loads(out))
    counts = {"commands": 0, "recorded": 0, "refused": 0, "conflicts": 0}
    for kind, runs in zip(kinds, results):
        for args, rc, err in runs:
            counts["commands"] += 1
            assert rc in (0, 1), (args, rc, err)  # never 70, never a usage error
            if rc == 0:
                counts["recorded"] += 1
                continue
            counts["refused"] += 1
            lines = err.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("potlog: ") and "internal error" not in err, err
            if "someone recorded" in err:
                counts["conflicts"] += 1
                assert "run the command again if it still holds" in err
            assert kind != "note", (args, err)  # a note's decision never depends on the head: it always lands
    led = Ledger.open(str(db))
    rows = list(led.store.rows("s"))
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    assert len(rows) == start + counts["recorded"]  # every acknowledged command is there, nothing else
    texts = sorted(json.loads(r[2])["text"] for r in rows if r[1] == "note")
    assert texts == sorted(f"w{i}-{k}" for i in range(notes) for k in range(each))
    assert _broken(led) is None  # no stack ever below zero, chain whole
    led.close()
    from tests.test_hostile import _run

    rc, out, err = _run(["verify", "--rules", "--session", "s"], db)
    assert rc == 0, (out, err)
    return counts


def test_concurrent_cli_recorders_never_break_the_table(tmp_path):
    counts = _cli_race(tmp_path, notes=1, bettors=2, each=12)
    assert counts["commands"] == 36 and counts["recorded"] >= 12


@pytest.fixture
def slow_only(request):
    """The long variants run only when asked for: ``pytest -m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long variant: run with -m slow")


@pytest.mark.slow
@pytest.mark.usefixtures("slow_only")
@pytest.mark.parametrize("notes,bettors", [(4, 4), (2, 6), (6, 2)])
def test_many_concurrent_cli_recorders(tmp_path, notes, bettors):
    counts = _cli_race(tmp_path, notes=notes, bettors=bettors, each=40)
    print(counts)
