"""potlog serve and potlog export -f html in a real headless Chromium (Debian's ``chromium``,
driven by Playwright with ``executable_path``; never a browser Playwright downloads).

A person's view: the live page changes by itself when a command is recorded from the CLI (by
another process, over server-sent events); the replayer steps forward and back through a
Blücher hand, a hold'em hand with a side pot and a dice game, the table drawn at each step as
``potlog replay --step`` has it; the exported file opens from disk with the network cut off and
its chart's series are ``potlog replay``'s stacks; text typed at the table (a name, a note) is
shown as text, never run. ``-m slow`` also writes the README's screenshots to docs/screenshots/.

Marked ``browser`` and run when asked for (``pytest -m browser``, about 20 seconds; ``.ci/run``
runs them after the default run). Without Chromium or Playwright they are skipped, except under
CI, where that is a failure (``.ci/run`` installs both)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from ledger.web.app import create_app
from ledger.web.server import running
from tests.conftest import ROOT, SAMPLES

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("POTLOG_CHROMIUM", "/usr/bin/chromium")
HOSTILE = "<script>alert(1)</script>"
SHOTS = ROOT / "docs" / "screenshots"


def expect(locator: Any) -> Any:
    """Playwright's `expect` (waits until it holds, or fails after the page's timeout)."""
    from playwright.sync_api import expect as wait

    return wait(locator)


def _missing(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{why} (CI must have it: .ci/run installs it)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    asked = request.config.getoption("markexpr") or ""
    if "browser" not in asked and "slow" not in asked:
        pytest.skip("a browser test: run with -m browser (.ci/run does)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1000, "height": 760})
    pg = context.new_page()
    pg.set_default_timeout(5000)
    problems: list[str] = []
    dialogs: list[str] = []
    pg.on("pageerror", lambda e: problems.append(str(e)))
    pg.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)

    def on_dialog(d: Any) -> None:
        dialogs.append(d.message)
        d.dismiss()

    pg.on("dialog", on_dialog)
    pg.problems, pg.dialogs = problems, dialogs
    yield pg
    context.close()
    assert not problems, problems
    assert not dialogs, f"a script ran from the log's text: {dialogs}"


def imported(potlog: Any, *names: str) -> None:
    for name in names:
        potlog("import", str(SAMPLES / f"{name}.jsonl"))


def seats(page: Any, root: str = ".replayer") -> dict[str, str]:
    """Each seat as drawn: player -> its stack line."""
    return dict(page.locator(f"{root} .seat").evaluate_all(
        "els => els.map(e => [e.dataset.player, e.querySelector('.stack').textContent])"))


def cards(page: Any, root: str = ".replayer") -> dict[str, tuple[int, ...]]:
    """Each seat's cards as drawn: player -> (cards, of which face down and unseen)."""
    return {k: tuple(v) for k, v in page.locator(f"{root} .seat").evaluate_all(
        "els => els.map(e => [e.dataset.player, [e.querySelectorAll('.card').length, "
        "e.querySelectorAll('.card.unseen').length]])")}


def stacks_of(table: dict[str, Any]) -> dict[str, str]:
    unit = table["chip_unit"]
    return {s["name"]: f"{s['stack']} {unit}{'' if s['stack'] == 1 else 's'}" for s in table["seats"]}


def step_through(page: Any, frames: list[dict[str, Any]]) -> None:
    """Forward to the end, then back to the start, checking the drawn table at every step
    against `potlog replay --step --json`'s frames."""
    n = len(frames)
    where = page.locator(".replayer .where")

    def check(i: int) -> None:
        f = frames[i]
        expect(page.locator(".replayer")).to_have_attribute("data-step", str(i))
        assert where.text_content() == f"hand {f['hand']} · step {i + 1} of {n} · #{f['seq']}"
        assert page.locator(".replayer .event").text_content() == f["event"]
        assert seats(page) == stacks_of(f["table"])
        assert page.locator(".replayer .table").get_attribute("data-seq") == str(f["seq"])
        assert cards(page) == {s["name"]: (len(s["cards"]), sum(c["card"] == "??" for c in s["cards"]))
                               for s in f["table"]["seats"]}

    check(0)
    assert page.locator(".replayer button.prev").is_disabled()
    for i in range(1, n):
        page.click(".replayer button.next")
        check(i)
    assert page.locator(".replayer button.next").is_disabled()
    for i in range(n - 2, -1, -1):
        page.click(".replayer button.prev")
        check(i)
    page.click(".replayer button.last")
    check(n - 1)
    page.click(".replayer button.first")
    page.locator(".replayer").press("ArrowRight")  # the keyboard steps too
    check(1)


def replay_frames(potlog: Any, session: str, hand: int) -> list[dict[str, Any]]:
    return json.loads(potlog("replay", "-s", session, "--hand", str(hand), "--step", "--json").stdout)


@pytest.fixture
def served(potlog: Any) -> Iterator[str]:
    """The app on the test's database, served in a thread (nothing records meanwhile)."""
    with running(create_app(potlog.db)) as url:
        yield url


# ----------------------------------------------------------------------------- the live table

def test_the_live_page_follows_commands_recorded_from_the_cli(potlog: Any, page: Any, tmp_path: Path) -> None:
    potlog("new", "freeform", "--name", "live", "-p", "Ann=100", "-p", "Ben=100")
    potlog("hand")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "POTLOG_DB": str(potlog.db)}
    server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", "0"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline() if server.stdout else ""
        m = re.match(r"potlog serve: (http://127\.0\.0\.1:\d+/) \(read-only", first)
        assert m, (first, server.stderr.read() if server.poll() is not None and server.stderr else "")
        page.goto(m.group(1))
        page.wait_for_selector(".live-mark.on")
        assert seats(page, ".live") == {"Ann": "100 chips", "Ben": "100 chips"}
        page.evaluate("() => { window.stillThisPage = true; }")
        potlog("bet", "Ann", "5")  # another process records it
        t0 = time.monotonic()
        expect(page.locator(".live .seat[data-player=Ann] .stack")).to_have_text("95 chips")
        seen = time.monotonic() - t0
        expect(page.locator(".live .pot[data-account=pot]")).to_have_text("pot 5")
        assert page.locator(".recent li").first.text_content() == "#5Ann bets 5"
        potlog("call", "Ben")
        expect(page.locator(".live .pot[data-account=pot]")).to_have_text("pot 10")
        potlog("undo")  # a correction shows too: Ben's call is voided
        expect(page.locator(".live .pot[data-account=pot]")).to_have_text("pot 5")
        assert page.locator(".recent .voided").first.text_content() == "Ben calls 5"
        assert page.evaluate("() => window.stillThisPage") is True  # drawn again in place: no reload
        assert seen < 2.0, f"the page took {seen:.2f}s to show the bet"
        potlog("new", "freeform", "--name", "next-game", "-p", "Cy=50", "-p", "Dee=50")  # the next game
        expect(page.locator(".live .table-head .title")).to_have_text("next-game · freeform")
        assert seats(page, ".live") == {"Cy": "50 chips", "Dee": "50 chips"}
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)
    assert server.returncode in (0, -15), server.returncode
    assert "Traceback" not in (server.stderr.read() if server.stderr else "")


# ----------------------------------------------------------------------------- the replayer

def test_the_replayer_steps_through_a_bluecher_hand(potlog: Any, page: Any, served: str) -> None:
    imported(potlog, "bluecher-evening")
    frames = replay_frames(potlog, "bluecher-evening", 2)
    page.goto(f"{served}/s/bluecher-evening/replay?hand=2")
    assert any(c["card"] == "??" for f in frames for s in f["table"]["seats"] for c in s["cards"])
    step_through(page, frames)  # the hole cards Blücher keeps face down stay face down, step by step


def test_the_replayer_steps_through_a_holdem_side_pot(potlog: Any, page: Any, served: str) -> None:
    imported(potlog, "holdem-night")
    frames = replay_frames(potlog, "holdem-night", 4)
    page.goto(f"{served}/s/holdem-night/replay?hand=4")
    step_through(page, frames)
    awards = [i for i, f in enumerate(frames) if f["event"].startswith("pot awarded")]
    assert len(awards) >= 2, [f["event"] for f in frames]  # the main pot and the side pot
    page.click(".replayer button.first")
    for _ in range(awards[0]):
        page.click(".replayer button.next")
    assert page.locator(".replayer .event").text_content() == frames[awards[0]]["event"]
    board = page.locator(".replayer .board[data-board=board] .card").all_text_contents()
    assert len(board) == 5
    view = dict(zip(page.locator(".replayer .game-view dt").all_text_contents(),
                    page.locator(".replayer .game-view dd").all_text_contents()))
    assert view.get("pots", "").count(" for ") == 2, view  # the main pot and the side pot, each with its players


def test_the_replayer_steps_through_a_dice_game(potlog: Any, page: Any, served: str) -> None:
    imported(potlog, "dice-night-pig")
    frames = replay_frames(potlog, "dice-night-pig", 1)
    page.goto(f"{served}/s/dice-night-pig/replay?hand=1")
    step_through(page, frames)
    rolled = [i for i, f in enumerate(frames) if f["table"]["hand"]["dice"]]
    assert rolled
    page.click(".replayer button.first")
    for _ in range(rolled[0]):
        page.click(".replayer button.next")
    faces = frames[rolled[0]]["table"]["hand"]["dice"][-1]["faces"]
    shown = page.locator(".replayer .roll .die").evaluate_all("els => els.map(e => Number(e.title))")
    assert shown == faces


# ----------------------------------------------------------------------------- the export

def test_the_exported_page_works_offline(potlog: Any, page: Any, tmp_path: Path) -> None:
    imported(potlog, "holdem-night")
    out = tmp_path / "night.html"
    potlog("export", "-s", "holdem-night", "-f", "html", "-o", str(out))
    asked: list[str] = []

    def cut(route: Any) -> None:
        asked.append(route.request.url)
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            route.abort()

    page.route("**/*", cut)
    page.goto(out.as_uri())
    page.wait_for_selector(".replayer[data-step]")  # its data unpacked (gzip, by the browser) and drawn
    assert asked == [out.as_uri()]  # nothing else was fetched
    summary = json.loads(potlog("replay", "-s", "holdem-night", "--json").stdout)["hands"]
    assert page.locator(".replayer select.hand option").all_text_contents() == \
           [f"hand {h['hand']}" for h in summary]
    page.select_option(".replayer select.hand", label="hand 4")
    step_through(page, replay_frames(potlog, "holdem-night", 4))
    drawn = page.locator("svg.chart g.series").evaluate_all(
        "gs => gs.map(g => [g.dataset.player, Array.from(g.querySelectorAll('circle'))"
        ".map(c => [Number(c.dataset.hand), Number(c.dataset.stack)])])")
    expected: dict[str, list[list[int]]] = {}
    for h in summary:
        for player, stack in h["stacks_after"].items():
            expected.setdefault(player, []).append([h["hand"], stack])
    assert dict(drawn) == expected
    assert page.locator(".payments tr").count() > 1


def test_every_game_is_drawn_by_the_page(potlog: Any, page: Any, tmp_path: Path) -> None:
    """A short random session of every game in `potlog games` (the fuzzer's), all in one
    exported page: each replayer drawn at its first and last step without a script error."""
    from ledger.app import Ledger
    from ledger.games import available
    from tests.fuzz_games import session_with_a_hand

    lines = []
    for game in available():
        one = Ledger.open(str(session_with_a_hand(game, tmp_path)))
        try:
            lines += [line for sid in [s.session for s in one.store.sessions()] for line in one.export_lines(sid)]
        finally:
            one.close()
    led = potlog.ledger()
    try:
        led.import_lines(lines)
    finally:
        led.close()
    out = tmp_path / "games.html"
    potlog("export", "--all", "-f", "html", "-o", str(out))
    page.goto(out.as_uri())
    replayers = page.locator(".replayer")
    assert replayers.count() == len(available())
    for i in range(replayers.count()):
        one = replayers.nth(i)
        if one.locator("button.last").is_enabled():  # (a hand of one step is at its last already)
            one.locator("button.last").click()
        assert one.locator(".seat").count() >= 1
        if one.locator("button.first").is_enabled():
            one.locator("button.first").click()
        expect(one).to_have_attribute("data-step", "0")
    # `page`'s teardown: no script error on any of them


# ----------------------------------------------------------------------------- user text

def test_text_typed_at_the_table_is_shown_never_run(potlog: Any, page: Any, served: str, tmp_path: Path) -> None:
    potlog("new", "freeform", "--name", "esc", "--title", HOSTILE, "-p", f"{HOSTILE}=10", "-p", "Ben=10")
    potlog("hand")
    potlog("note", "<img src=x onerror=alert(2)>")
    potlog("note", HOSTILE)
    potlog("bet", HOSTILE, "2")
    page.goto(f"{served}/s/esc")
    assert page.locator(".live .seat .name .who").first.text_content() == HOSTILE
    assert page.locator(".recent li .text").first.text_content() == f"note: {HOSTILE}" or \
           HOSTILE in page.locator(".recent").text_content()
    page.goto(f"{served}/s/esc/replay")
    page.click(".replayer button.last")
    assert HOSTILE in page.locator(".replayer .table-head .title").text_content()
    for path in ("sessions", "s/esc/audit", "s/esc/chart", "s/esc/settle"):
        page.goto(f"{served}/{path}")
    out = tmp_path / "esc.html"
    potlog("export", "-s", "esc", "-f", "html", "-o", str(out))
    page.goto(out.as_uri())
    page.locator(".replayer button.last").click()
    assert page.locator("img[src=x]").count() == 0
    assert HOSTILE in page.locator("h1").first.text_content()
    # `page`'s teardown asserts no dialog opened and no script error happened


# ----------------------------------------------------------------------------- screenshots

@pytest.mark.slow
def test_screenshots_for_the_readme(potlog: Any, page: Any, served: str) -> None:
    """docs/screenshots/: the live table in the middle of a hand, the replayer of three games
    and the stack chart (the README shows them). Written again on each run under ``-m slow``."""
    imported(potlog, "holdem-night", "bluecher-evening", "dice-night-pig")
    potlog("new", "holdem", "--name", "friday", "--title", "Friday at Cleo's", "-p", "Ann=200", "-p", "Ben=200",
           "-p", "Cleo=200", "-p", "Dev=200", "-o", "small_blind=1", "-o", "big_blind=2")
    for line in ("hand --dealer Ann", "deal all", "raise Dev 6", "call Ann", "fold Ben", "call Cleo",
                 "deal board QH 9D 2C", "check Cleo", "bet Dev 10"):
        potlog(*line.split())
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{served}/s/friday")
    page.wait_for_selector(".live .seat.to-act")
    page.screenshot(path=str(SHOTS / "live-table.png"), full_page=True)
    for name, session, hand, steps in (("replay-holdem", "holdem-night", 4, 14),
                                       ("replay-bluecher", "bluecher-evening", 2, 20),
                                       ("replay-pig", "dice-night-pig", 1, 6)):
        page.goto(f"{served}/s/{session}/replay?hand={hand}")
        for _ in range(steps):
            page.click(".replayer button.next")
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.goto(f"{served}/s/holdem-night/chart")
    page.screenshot(path=str(SHOTS / "chart.png"), full_page=True)
    for png in ("live-table", "replay-holdem", "replay-bluecher", "replay-pig", "chart"):
        assert (SHOTS / f"{png}.png").stat().st_size > 10_000
