"""potlog serve and potlog export -f html at the HTTP level (Starlette's TestClient, no browser):
every game's table and replayer pages, the token for other machines, user text escaped, the
chart's numbers against `potlog replay`, the settle-up against `potlog settle`, the exported
file self-contained and never written over. The browser tests are in test_web_browser.py."""

from __future__ import annotations

import base64
import gzip
import json
import re
import warnings
from pathlib import Path
from typing import Any, Iterator

import pytest

from ledger.games import available
from ledger.web.app import create_app, is_loopback
from tests.conftest import SAMPLES

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 in its test client; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

HOSTILE = "<script>alert(1)</script>"

NIGHT = f"""
new holdem --name web-night --title "Friday <b>night</b>" -p Ann=100 -p Ben=100 -p Cy=100 -o small_blind=1 -o big_blind=2
hand --dealer Ann
deal all
call Ann
call Ben
check Cy
note "{HOSTILE}"
deal board 9H 9D 2C
check Ben
check Cy
bet Ann 10
fold Ben
fold Cy
hand
deal all
raise Ben 6
fold Cy
call Ann
deal board AH 7C 3D
bet Ann 10
call Ben
deal board 5S
check Ann
check Ben
deal board 10D
check Ann
check Ben
reveal Ann AS 8S
reveal Ben KD KC
"""


def client(db: Any, *, host: str = "127.0.0.1", token: str | None = None, local_only: bool = True,
           session: str | None = None) -> TestClient:
    """A test client on the app over `db`, its requests coming from `host`."""
    app = create_app(str(db), session, token=token, local_only=local_only)
    return TestClient(app, base_url="http://127.0.0.1:8000", client=(host, 50000))


@pytest.fixture
def web(night: Any) -> Iterator[TestClient]:
    with client(night.db) as c:
        yield c


def data_of(html: str, key: str) -> Any:
    """The JSON a page carries for its script (``<script type="application/json" id=KEY>``, or
    the export's packed ``<script type="application/octet-stream" id=KEY data-packed="gzip">``)."""
    m = re.search(rf'<script type="application/json" id="{key}">(.*?)</script>', html, re.S)
    if m:
        return json.loads(m.group(1))
    m = re.search(rf'<script type="application/octet-stream" id="{key}" data-packed="gzip">(.*?)</script>', html, re.S)
    assert m, f"no data {key} in the page"
    return json.loads(gzip.decompress(base64.b64decode(m.group(1))))


# ----------------------------------------------------------------------------- every game

@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A short random session of every game that keeps a hand (the fuzzer's,
    `tests/fuzz_games.py`): its database."""
    from tests.fuzz_games import session_with_a_hand

    where = tmp_path_factory.mktemp("games")
    out = {}
    for game in available():
        out[game] = session_with_a_hand(game, where)
    return out


@pytest.mark.parametrize("game", available())
def test_every_game_draws_its_table_replayer_chart_and_export(game: str, fuzzed: dict[str, Path],
                                                              tmp_path: Path) -> None:
    from ledger.app import Ledger
    from ledger.export import writer

    with client(fuzzed[game]) as c:
        page = c.get("/")
        assert page.status_code == 200, page.text
        live = data_of(page.text, "live-data")
        assert live["table"]["game"] == game and live["recent"]
        sid = live["table"]["session"]
        replay = c.get(f"/s/{sid}/replay")
        assert replay.status_code == 200, replay.text
        hands = data_of(replay.text, "replay-hand")["hands"]
        assert hands and hands[0]["frames"], f"{game}: no hand to replay"
        first = c.get(f"/s/{sid}/replay?hand=1&all_cards=1")
        assert first.status_code == 200 and data_of(first.text, "replay-hand")["hands"][0]["hand"] == 1
        for path in ("chart", "chart.svg", "audit", "settle?rate=0.5"):
            got = c.get(f"/s/{sid}/{path}")
            assert got.status_code == 200, (path, got.text)
    led = Ledger.open(str(fuzzed[game]))
    try:
        out = tmp_path / "night.html"
        with out.open("w", encoding="utf-8") as fh:
            writer("html")(led, [sid], fh)
    finally:
        led.close()
    assert data_of(out.read_text(encoding="utf-8"), "replay-1")["hands"]


# ----------------------------------------------------------------------------- pages

def test_pages_of_a_night(web: TestClient) -> None:
    home = web.get("/")
    assert home.status_code == 200
    assert "Live table" in home.text and 'data-stream="/s/web-night/stream?follow=1"' in home.text
    assert 'data-stream="/s/web-night/stream"' in web.get("/s/web-night").text  # a session named: it stays
    listed = web.get("/sessions")
    assert 'data-session="web-night"' in listed.text and "(current)" in listed.text
    for path in ("replay", "replay?hand=1", "chart", "audit", "settle"):
        assert web.get(f"/s/web-night/{path}").status_code == 200, path
    assert web.get("/static/potlog.js").status_code == 200


def test_the_live_table_hides_face_down_cards(web: TestClient) -> None:
    table = web.get("/s/web-night/table.json").json()["table"]
    hidden = [c for s in table["seats"] for c in s["cards"] if not c["up"]]
    assert hidden and all(c["card"] == "??" for c in hidden)


def test_replayer_steps_are_replays_frames(web: TestClient, night: Any) -> None:
    frames = json.loads(night("replay", "--hand", "2", "--step", "--json").stdout)
    got = data_of(web.get("/s/web-night/replay?hand=2").text, "replay-hand")["hands"][0]["frames"]
    assert [f["seq"] for f in got] == [f["seq"] for f in frames]
    assert [f["text"] for f in got] == [f["event"] for f in frames]
    assert [[s["stack"] for s in f["table"]["seats"]] for f in got] == \
           [[s["stack"] for s in f["table"]["seats"]] for f in frames]
    assert got[-1]["table"]["hand"]["boards"]["board"][-1]["text"] == "10♦"


def test_replay_refuses_a_hand_that_is_not_there(web: TestClient) -> None:
    missing = web.get("/s/web-night/replay?hand=9")
    assert missing.status_code == 404 and missing.text == "no hand 9 in session web-night (hands 1 to 2)\n"
    bad = web.get("/s/web-night/replay?hand=x1")
    assert bad.status_code == 400 and "not a hand number" in bad.text
    assert web.get("/s/nope").status_code == 404
    assert web.get("/s/nope/chart").status_code == 404
    assert web.get("/nothing/here").status_code == 404


def test_the_chart_draws_replays_stacks(web: TestClient, night: Any) -> None:
    hands = json.loads(night("replay", "--json").stdout)["hands"]
    svg = web.get("/s/web-night/chart.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    drawn: dict[str, list[tuple[int, int]]] = {}
    for player, body in re.findall(r'<g class="series" data-player="([^"]+)">(.*?)</g>', svg.text, re.S):
        drawn[player] = [(int(h), int(s)) for h, s in re.findall(r'data-hand="(\d+)" data-stack="(-?\d+)"', body)]
    expected: dict[str, list[tuple[int, int]]] = {}
    for h in hands:
        for player, stack in h["stacks_after"].items():
            expected.setdefault(player, []).append((h["hand"], stack))
    assert drawn == expected and len(drawn) == 3


def test_the_settle_up_is_potlog_settles(web: TestClient, night: Any) -> None:
    settled = json.loads(night("settle", "--rate", "0.25", "--json").stdout)
    page = web.get("/s/web-night/settle?rate=0.25").text
    rows = re.findall(r"<tr><td class=\"text\">(\w+)</td><td class=\"text\">(\w+)</td><td>(\d+) chips?</td>"
                      r"<td>([\d.]+)</td></tr>", page)
    assert rows and rows == [(p["from"], p["to"], str(p["chips"]), p["money"]) for p in settled["payments"]]
    bad = web.get("/s/web-night/settle?rate=lots")
    assert bad.status_code == 400 and "rate" in bad.text and "<table class=\"grid payments\">" in bad.text


def test_user_text_is_escaped(potlog: Any) -> None:
    potlog("new", "freeform", "--name", "esc", "--title", HOSTILE, "-p", f"{HOSTILE}=10", "-p", "Ben=10")
    potlog("hand")
    potlog("note", HOSTILE)
    potlog("bet", HOSTILE, "2")
    potlog("award", "Ben")
    potlog("end")
    with client(potlog.db) as c:
        for path in ("/", "/sessions", "/s/esc/replay", "/s/esc/chart", "/s/esc/chart.svg", "/s/esc/audit",
                     "/s/esc/settle"):
            text = c.get(path).text
            assert HOSTILE not in text, path
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text or "\\u003cscript\\u003e" in text, path
        assert any(r["text"].endswith(HOSTILE) for r in data_of(c.get("/").text, "live-data")["recent"])


def test_export_html_is_one_self_contained_file(night: Any, tmp_path: Path) -> None:
    out = tmp_path / "night.html"
    night("export", "-f", "html", "-o", str(out))
    html = out.read_text(encoding="utf-8")
    assert HOSTILE not in html and "Friday &lt;b&gt;night&lt;/b&gt;" in html
    assert not re.search(r'(src|href)="(https?:)?//', html) and "<link" not in html
    assert "default-src 'none'" in html  # its policy forbids any fetch
    assert "function drawTable" in html and "svg" in html
    replay = data_of(html, "replay-1")
    assert [h["hand"] for h in replay["hands"]] == [1, 2]
    # the replayer's steps (each with the whole table) travel gzipped: the page is smaller than its data
    assert 'data-packed="gzip"' in html and len(html) < len(json.dumps(replay))
    again = night("export", "-f", "html", "-o", str(out), ok=False)
    assert again.exit_code == 1 and "already exists: add --force" in again.stderr
    assert out.read_text(encoding="utf-8") == html
    night("export", "-f", "html", "-o", str(out), "--force")


def test_export_lists_html(potlog: Any) -> None:
    assert "html:" in potlog("export", "--help").stdout


# ----------------------------------------------------------------------------- who may read

@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
def test_loopback_needs_no_token(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["10.0.0.5", "192.168.1.20", "::ffff:10.0.0.1", "testclient", "", None])
def test_other_addresses_are_not_loopback(host: str | None) -> None:
    assert not is_loopback(host)


def test_another_machine_needs_the_token(night: Any) -> None:
    with client(night.db, host="192.168.1.20", token="s3cret-token", local_only=False) as c:
        for path in ("/", "/sessions", "/s/web-night/stream", "/static/potlog.js", "/s/web-night/chart.svg"):
            refused = c.get(path)
            assert refused.status_code == 401 and "no token" in refused.text, path
        wrong = c.get("/?token=guess")
        assert wrong.status_code == 401 and "wrong token" in wrong.text and "web-night" not in wrong.text
        c.cookies.clear()
        ok = c.get("/?token=s3cret-token")
        assert ok.status_code == 200 and "potlog_token=s3cret-token" in ok.headers["set-cookie"]
        assert "HttpOnly" in ok.headers["set-cookie"]
        assert c.get("/s/web-night/chart").status_code == 200  # the cookie carries it from then on
    with client(night.db, host="127.0.0.1", token="s3cret-token", local_only=False) as c:
        assert c.get("/").status_code == 200  # this machine itself needs none


def test_no_token_set_refuses_every_other_machine(night: Any) -> None:
    with client(night.db, host="10.1.2.3", token=None, local_only=False) as c:
        assert c.get("/?token=anything").status_code == 401


def test_bound_to_loopback_it_answers_only_loopback_names(night: Any) -> None:
    app = create_app(str(night.db), token=None, local_only=True)
    with TestClient(app, base_url="http://evil.example:8000", client=("127.0.0.1", 5)) as c:
        r = c.get("/")
        assert r.status_code == 421 and "localhost" in r.text


def test_a_bug_is_one_line_never_a_traceback(web: TestClient, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from ledger.web import views

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("seat")

    monkeypatch.setattr(views, "table", broken)
    r = web.get("/s/web-night")
    assert r.status_code == 500 and r.text == "internal error (KeyError: 'seat'); please report it\n"
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1 and "internal error (KeyError" in err
    assert web.get("/s/web-night/audit").status_code == 200  # the next request is served as ever


def test_pages_carry_a_content_security_policy(web: TestClient) -> None:
    headers = web.get("/").headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"


# ----------------------------------------------------------------------------- the command

def test_serve_refuses_a_port_in_use_in_one_line(potlog: Any) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = potlog("serve", "--port", str(port), ok=False)
    assert r.exit_code == 1 and r.stderr == f"potlog: port {port} on 127.0.0.1 is in use: pick another with --port\n"


def test_serve_beyond_this_machine_makes_up_a_token_and_says_it(potlog: Any) -> None:
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    potlog("new", "freeform", "--name", "n", "-p", "Ann=5", "-p", "Ben=5")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "POTLOG_DB": str(potlog.db)}
    server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--host", "0.0.0.0", "--port", "0"],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [server.stdout.readline() for _ in range(3)] if server.stdout else []
    finally:
        server.terminate()
        server.wait(10)
    assert re.fullmatch(r"potlog serve: http://127\.0\.0\.1:(\d+)/ \(read-only; Ctrl-C stops it\)\n", lines[0]), lines
    port = re.search(r":(\d+)/", lines[0]).group(1)  # type: ignore[union-attr]
    token = re.fullmatch(r"token: ([A-Za-z0-9_-]{20,})\n", lines[2])
    assert token, lines
    assert lines[1] == f"from another machine: http://<this machine's address>:{port}/?token={token.group(1)}\n"


def test_serve_refuses_a_short_token(potlog: Any) -> None:
    r = potlog("serve", "--host", "0.0.0.0", "--token", "abc", ok=False)
    assert r.exit_code == 1 and "--token must be at least 8" in r.stderr and "Traceback" not in r.output


def test_serve_refuses_an_address_it_does_not_have(potlog: Any) -> None:
    r = potlog("serve", "--host", "192.0.2.123", "--port", "0", ok=False)
    assert r.exit_code == 1 and r.stderr.startswith("potlog: cannot listen on 192.0.2.123")


def test_a_page_of_an_empty_database_says_so(potlog: Any) -> None:
    potlog.ledger().close()  # the database exists, with no session
    with client(potlog.db) as c:
        page = c.get("/")
        assert page.status_code == 200 and "No sessions yet" in page.text


def test_the_sample_nights_draw(tmp_path: Path, potlog: Any) -> None:
    """The samples the README shows (a Blücher evening, a hold'em night, a dice night) replay
    in the page hand by hand to the same stacks as `potlog replay`."""
    for name in ("bluecher-evening", "holdem-night", "dice-night-pig"):
        potlog("import", str(SAMPLES / f"{name}.jsonl"))
    with client(potlog.db) as c:
        for name in ("bluecher-evening", "holdem-night", "dice-night-pig"):
            hands = json.loads(potlog("replay", "-s", name, "--json").stdout)["hands"]
            last = hands[-1]
            got = data_of(c.get(f"/s/{name}/replay?hand={last['hand']}").text, "replay-hand")["hands"][0]
            final = got["frames"][-1]["table"]
            assert {s["name"]: s["stack"] for s in final["seats"] if s["name"] in last["stacks_after"]} == \
                   last["stacks_after"], name
