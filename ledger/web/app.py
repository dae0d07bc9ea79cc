"""``potlog serve``: the session store as a local web app (Starlette, Jinja2, server-sent events).

Pages: the session list (``/``), the live table (``/s/SID``), the hand replayer
(``/s/SID/replay?hand=N``), the stack chart (``/s/SID/chart``, the SVG alone at
``/s/SID/chart.svg``), the audit (``/s/SID/audit``) and the settle-up (``/s/SID/settle?rate=R``).
The live table is drawn by the page's script from ``/s/SID/stream``, server-sent events: the
server looks at the session's head (its last seq and hash) every `POLL` seconds, a cheap
query, and sends the table when it has changed, so a command recorded by any process (``potlog
bet``, ``potlog play``) shows within a second; the page never polls.

Read-only: the app only reads the store, through `Ledger` and the read functions of
`ledger.replay`, `ledger.audit` and `ledger.settle` (`ledger.web.views`); it records no event.
Its one `Ledger` is used under a lock, from Starlette's worker threads.

Who may read: a request from a loopback address is served; any other needs the token,
``?token=T`` (which also sets a cookie, so the page's links and its event stream carry it) or
that cookie; without it, 401 and one line. Bound to a loopback address, the app also accepts
only a loopback name in the Host header (a web page elsewhere cannot reach it by DNS
rebinding). Every error is one line of text, never a traceback.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import secrets
import sys
import threading
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import InputError, NotFound, PotlogError, damaged_database
from ..text import printable
from . import views
from .chart import chart

HERE = Path(__file__).parent
POLL = 0.3  # seconds between two looks at a session's head
PING = 15.0  # seconds between two keep-alive comments on an idle event stream
RECENT = 8  # events listed under the live table
COOKIE = "potlog_token"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def environment() -> jinja2.Environment:
    """The templates (``templates/``), every value escaped unless marked safe."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                             undefined=jinja2.StrictUndefined)
    env.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "separators": (",", ":")}  # `tojson`: compact
    env.filters["packed"] = packed
    return env


def packed(data: Any) -> str:
    """`data` as JSON, gzipped (no time stamp: the same data, the same text) and in base64: what
    the exported page carries for its replayer. Each step of a hand holds the whole table, so
    the JSON repeats itself and packs about thirty to one; the page's script unpacks it with
    the browser's own `DecompressionStream`. Base64 holds no markup, so nothing in it can close
    the script element it sits in."""
    import base64
    import gzip
    import json

    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(gzip.compress(text.encode("utf-8"), mtime=0)).decode("ascii")


def assets() -> dict[str, str]:
    """The page's own script and styles, for a page that carries them inline (the export)."""
    js = (HERE / "static" / "potlog.js").read_text(encoding="utf-8")
    css = (HERE / "static" / "potlog.css").read_text(encoding="utf-8")
    assert "</script" not in js.lower() and "</style" not in css.lower()
    return {"js": js, "css": css}


def is_loopback(host: str | None) -> bool:
    """Whether a client address is this machine's own (127.0.0.0/8, ::1, ::ffff:127.x)."""
    if not host:
        return False
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def internal_error(exc: BaseException) -> str:
    """The line a bug is told in (as the CLI tells one): what was raised, and that it is potlog's;
    a damaged database file is said as the file's fault (`ledger.errors.damaged_database`)."""
    damaged = damaged_database(exc)
    if damaged:
        return damaged
    return f"internal error ({type(exc).__name__}: {printable(str(exc))[:200]}); please report it"


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Gate:
    """ASGI middleware: the token for requests from other machines, loopback Host names when
    bound to loopback, and every error as one line (never a traceback, to the reader or the
    console)."""

    def __init__(self, app: ASGIApp, token: str | None, local_only: bool):
        self.app = app
        self.token = token
        self.local_only = local_only
        self.stopping: asyncio.Event | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        client = scope.get("client")
        if self.local_only and request.url.hostname not in LOOPBACK_NAMES:
            await PlainTextResponse("potlog serve answers only to localhost or 127.0.0.1 (start it with --host to "
                                    "serve other names)\n", 421)(scope, receive, send)
            return
        set_cookie = False
        if not is_loopback(client[0] if client else None):
            given = request.query_params.get("token")
            set_cookie = given is not None
            given = given if given is not None else request.cookies.get(COOKIE)
            if self.token is None or not given or not secrets.compare_digest(given.encode(), self.token.encode()):
                why = "a wrong token" if given else "no token"
                await PlainTextResponse(f"{why}: open the address potlog serve printed, with its ?token=...\n", 401,
                                        headers={"WWW-Authenticate": "Bearer"})(scope, receive, send)
                return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                if set_cookie and self.token is not None:
                    headers.append((b"set-cookie", f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                                    .encode()))
                headers += [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
                if not any(k.lower() == b"content-security-policy" for k, _ in headers):
                    headers.append((b"content-security-policy", CSP.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as exc:  # the process boundary of a request: one line, no traceback
            line = internal_error(exc)
            print(f"potlog serve: {scope.get('path')}: {line}", file=sys.stderr)
            if not started:
                await PlainTextResponse(line + "\n", 500)(scope, receive, send)


class Reader:
    """The store, read under one lock (one connection, used from worker threads)."""

    def __init__(self, db: str | None, session: str | None):
        from ..app import Ledger

        self.led = Ledger.open(db)
        self.session = session
        self.lock = threading.Lock()

    def close(self) -> None:
        with self.lock:
            self.led.store.close()  # read-only: no checkpoint of ours to flush

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        with self.lock:
            return fn(*args)

    # each of these runs under the lock (`run`)
    def default(self) -> str | None:
        try:
            return str(self.led.current(self.session))
        except NotFound:
            return None

    def sessions(self) -> tuple[list[Any], str | None]:
        return self.led.store.sessions(), self.led.store.get_meta("current_session")

    def head(self, sid: str) -> tuple[int, str]:
        return tuple(self.led.store.head(sid))  # type: ignore[return-value]

    def live(self, sid: str) -> dict[str, Any]:
        """The live page's data: the table as the table sees it, and the last events."""
        from ..describe import describe

        store = self.led.store
        last = store.last_seq(sid)
        if last == 0:
            store.require(sid)
        voids = store.voids(sid)
        recent = [{"seq": r.seq, "text": printable(describe(r.event)), "voided": r.seq in voids}
                  for r in store.recorded(sid, max(0, last - RECENT))]
        return {"table": views.table(self.led.state(sid)), "recent": recent[::-1]}

    def replay(self, sid: str, hand: int | None, all_cards: bool) -> dict[str, Any]:
        story = views.story(self.led.store, sid)
        numbers = [h.hand for h in story.hands]
        if hand is None and numbers:
            hand = numbers[-1]
        if hand is not None and hand not in numbers:
            where = f"hands 1 to {numbers[-1]}" if numbers else "no hand has started yet"
            raise NotFound(f"no hand {hand} in session {sid} ({where})")
        frames = views.hand_frames(self.led.store, sid, hand, all_cards) if hand is not None else []
        return {"hands": numbers, "hand": hand,
                "data": {"hands": [{"hand": hand, "frames": frames}] if hand is not None else []}}

    def chart(self, sid: str) -> dict[str, Any]:
        story = views.story(self.led.store, sid)
        return {"chart": chart(views.stack_series(story)), "rows": views.hand_rows(story)}

    def audit(self, sid: str) -> Any:
        return views.audit(self.led.store, sid)

    def settle(self, sid: str, rate: str | None) -> views.SettleUp:
        self.led.store.require(sid)
        return views.settle_up(self.led.store, sid, rate)


def create_app(db: str | None = None, session: str | None = None, *, token: str | None = None,
               local_only: bool = True, poll: float = POLL) -> Gate:
    """The web app on database `db` (a SQLite file or a PostgreSQL URL; None: the default one).
    `token`: what a request from another machine must carry; `local_only`: bound to loopback
    (Host names checked). `session` is the one ``/`` leads to, else the current one."""
    reader = Reader(db, session)
    if session:
        try:
            reader.led.current(session)  # a session named that is not there: said now, before serving
        except PotlogError:
            reader.close()
            raise
    env = environment()
    stopping = asyncio.Event()

    def nav(sid: str | None, here: str) -> list[tuple[str, str, bool]]:
        links = [("sessions", "/sessions", here == "sessions")]
        if sid:
            links += [(label, f"/s/{sid}{path}", here == label)
                      for label, path in (("table", ""), ("replay", "/replay"), ("chart", "/chart"),
                                          ("audit", "/audit"), ("settle", "/settle"))]
        return links

    def page(name: str, sid: str | None, here: str, status: int = 200, **values: Any) -> HTMLResponse:
        html = env.get_template(name).render(nav=nav(sid, here), inline=False, sid=sid, **values)
        return HTMLResponse(html, status)

    async def read(fn: Callable[..., Any], *args: Any) -> Any:
        return await run_in_threadpool(reader.run, fn, *args)

    def refused(exc: PotlogError) -> PlainTextResponse:
        status = 404 if isinstance(exc, NotFound) else 400
        return PlainTextResponse(printable(str(exc)) + "\n", status)

    async def home(request: Request) -> Response:
        sid = await read(reader.default)
        if sid is None:
            return await sessions(request)
        return await live(request, sid, follow=True)

    async def sessions(request: Request) -> Response:
        infos, current = await read(reader.sessions)
        return page("sessions.html", None, "sessions", sessions=infos, current=current)

    async def live(request: Request, sid: str | None = None, follow: bool = False) -> Response:
        """The live table; `follow` (the page at ``/``): when another session becomes the
        current one (``potlog new`` for the next game), the page moves to it."""
        sid = sid or request.path_params["sid"]
        try:
            data = await read(reader.live, sid)
        except PotlogError as exc:
            return refused(exc)
        return page("live.html", sid, "table", data=data, follow=follow)

    async def table_json(request: Request) -> Response:
        try:
            data = await read(reader.live, request.path_params["sid"])
        except PotlogError as exc:
            return refused(exc)
        return Response(json.dumps(data, ensure_ascii=False), media_type="application/json")

    async def stream(request: Request) -> Response:
        sid = request.path_params["sid"]
        follow = request.query_params.get("follow") == "1"
        try:
            first = await read(reader.head, sid)
            await read(reader.live, sid)  # a session that does not exist: refused now, not in the stream
        except PotlogError as exc:
            return refused(exc)

        async def events() -> AsyncIterator[str]:
            seen: tuple[int, str] | None = None
            head = first
            quiet = 0.0
            while not stopping.is_set():
                if follow and await read(reader.default) not in (sid, None):
                    yield "event: moved\ndata: {}\n\n"  # another session is the current one: the page reloads
                    return
                if head != seen:
                    data = await read(reader.live, sid)
                    seen = head
                    quiet = 0.0
                    yield f"event: table\nid: {head[0]}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
                elif quiet >= PING:
                    quiet = 0.0
                    yield ": ping\n\n"
                await asyncio.sleep(poll)
                quiet += poll
                head = await read(reader.head, sid)

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def replay(request: Request) -> Response:
        sid = request.path_params["sid"]
        raw = request.query_params.get("hand")
        all_cards = request.query_params.get("all_cards") in ("1", "true", "yes")
        if raw is not None and not (raw.isascii() and raw.isdigit() and 0 < len(raw) < 10 and int(raw) > 0):
            return PlainTextResponse(f"hand={printable(raw)[:40]} is not a hand number: give a whole number "
                                     "from 1\n", 400)
        try:
            got = await read(reader.replay, sid, int(raw) if raw else None, all_cards)
        except PotlogError as exc:
            return refused(exc)
        return page("replay.html", sid, "replay", all_cards=all_cards, **got)

    async def chart_page(request: Request) -> Response:
        sid = request.path_params["sid"]
        try:
            got = await read(reader.chart, sid)
        except PotlogError as exc:
            return refused(exc)
        return page("chart.html", sid, "chart", **got)

    async def chart_svg(request: Request) -> Response:
        sid = request.path_params["sid"]
        try:
            got = await read(reader.chart, sid)
        except PotlogError as exc:
            return refused(exc)
        svg = env.get_template("chart_svg.html").render(c=got["chart"])
        return Response(svg, media_type="image/svg+xml")

    async def audit(request: Request) -> Response:
        sid = request.path_params["sid"]
        try:
            got = await read(reader.audit, sid)
        except PotlogError as exc:
            return refused(exc)
        return page("audit.html", sid, "audit", audit=got)

    async def settle(request: Request) -> Response:
        sid = request.path_params["sid"]
        rate = request.query_params.get("rate") or None
        error = None
        try:
            got = await read(reader.settle, sid, rate)
        except NotFound as exc:
            return refused(exc)
        except InputError as exc:  # a rate it cannot read: said on the page, the chips shown without money
            error = printable(str(exc))
            rate = None
            try:
                got = await read(reader.settle, sid, None)
            except PotlogError as again:
                return refused(again)
        except PotlogError as exc:
            return refused(exc)
        return page("settle.html", sid, "settle", 400 if error else 200, settle=got, rate=rate, error=error,
                    money=rate is not None)

    routes = [
        Route("/", home),
        Route("/sessions", sessions),
        Route("/s/{sid}", live),
        Route("/s/{sid}/table.json", table_json),
        Route("/s/{sid}/stream", stream),
        Route("/s/{sid}/replay", replay),
        Route("/s/{sid}/chart", chart_page),
        Route("/s/{sid}/chart.svg", chart_svg),
        Route("/s/{sid}/audit", audit),
        Route("/s/{sid}/settle", settle),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        return PlainTextResponse(f"no page {printable(request.url.path)[:80]}: see / for the sessions\n", 404)

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            stopping.set()
            reader.close()

    async def failed(request: Request, exc: Exception) -> Response:  # the line `Gate` also tells the console
        return PlainTextResponse(internal_error(exc) + "\n", 500)

    app = Starlette(routes=routes, exception_handlers={404: not_found, Exception: failed}, lifespan=lifespan)
    gate = Gate(app, token, local_only)
    gate.stopping = stopping  # set when the server stops: the event streams end at once
    return gate
