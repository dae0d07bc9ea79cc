"""Running the web app with uvicorn: on a socket bound first (so a port in use is one clear
line, not the server's log), stopped cleanly (the event streams end when it stops), in the
foreground (`serve`, for ``potlog serve``) or in a thread (`running`, for tests and tools)."""

from __future__ import annotations

import contextlib
import errno
import socket
import threading
import time
from typing import Any, Iterator

import uvicorn

from ..errors import InputError
from .app import Gate


class Server(uvicorn.Server):
    """uvicorn's server, which tells the app's event streams to end before it waits for its
    connections to close (an open stream would otherwise hold the shutdown)."""

    async def shutdown(self, sockets: Any = None) -> None:
        app = self.config.app
        if isinstance(app, Gate) and app.stopping is not None:
            app.stopping.set()
        await super().shutdown(sockets)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port); `InputError` in one line when it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise InputError(f"port {port} on {host} is in use: pick another with --port") from None
        if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) or isinstance(exc, socket.gaierror):
            raise InputError(f"cannot listen on {host}: not an address of this machine; give --host an address "
                             "it has (127.0.0.1, 0.0.0.0 for every one)") from None
        raise InputError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def make_server(app: Gate, sock: socket.socket) -> Server:
    host, port = sock.getsockname()[:2]
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=2, server_header=False)
    return Server(config)


def serve(app: Gate, sock: socket.socket) -> None:
    """Serve until interrupted (Ctrl-C)."""
    make_server(app, sock).run(sockets=[sock])


@contextlib.contextmanager
def running(app: Gate, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """The app served in a thread while inside: yields its base URL; stopped, and the thread
    joined, on the way out."""
    sock = bind(host, port)
    server = make_server(app, sock)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.01)
        shown = f"[{host}]" if ":" in host else host
        yield f"http://{shown}:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
