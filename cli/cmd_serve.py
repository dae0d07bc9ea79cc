"""``potlog serve``: the session store as a local web page (the live table, the replayer, the
stack chart, the audit, the settle-up). The app is `ledger.web.app`; this only parses and starts it."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .common import RUN_DEFAULTS, DbOpt, SessionOpt, app, fail


@app.command(rich_help_panel="Look")
def serve(host: Annotated[str, typer.Option("--host", help="The address to listen on: 127.0.0.1 (this machine only) unless given; 0.0.0.0 for a phone on the same network (then a token is needed).")] = "127.0.0.1",
          port: Annotated[int, typer.Option("--port", help="The port to listen on.", min=0, max=65535)] = 8000,
          token: Annotated[Optional[str], typer.Option("--token", help="What a browser on another machine must give (?token=...); one is made up and printed when --host is not this machine and none is given.")] = None,
          db: DbOpt = None, session: SessionOpt = None) -> None:
    """Show the night in a browser: the live table (it follows what is recorded, within a second),
    the hand replayer, every player's stack hand by hand, the sessions, the audit and the
    settle-up. Read-only: it records nothing. Ctrl-C stops it."""
    import importlib.metadata

    from ledger.errors import InputError
    from ledger.web.app import create_app, is_loopback, new_token

    importlib.metadata.version  # the program loads this module on first use (cli.main): here, before any worker thread
    from ledger.web.server import bind, serve as run

    if RUN_DEFAULTS["capture"]:  # a line of run, play or amend: it would serve until Ctrl-C, holding the line
        fail("'serve' runs until Ctrl-C: start it in a terminal of its own, not inside 'potlog run', 'play' or "
             "'amend'", 2)
    local = host == "localhost" or is_loopback(host)
    if token is not None and (len(token) < 8 or not token.isascii() or not token.isprintable() or " " in token):
        raise InputError("--token must be at least 8 printable ASCII characters, no spaces")
    if not local and token is None:
        token = new_token()
    web = create_app(db or RUN_DEFAULTS["db"], session or RUN_DEFAULTS["session"], token=token, local_only=local)
    sock = bind(host, port)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    url = f"http://{shown}:{sock.getsockname()[1]}/"
    typer.echo(f"potlog serve: {url} (read-only; Ctrl-C stops it)")
    if not local:
        typer.echo(f"from another machine: http://<this machine's address>:{sock.getsockname()[1]}/?token={token}")
        typer.echo(f"token: {token}")
    run(web, sock)
