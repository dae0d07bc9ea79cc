"""What the ``potlog`` program keeps between runs: help texts, and the index of the games' words.

Both are kept in the user's cache directory under a key of the code they come from: the
path, size and modification time of every ``.py`` file of ``cli`` and ``ledger``, and the
Python, Typer and Rich installed (`code`). Only the program itself (`cli.main.entry`, one
process per command) reads them: `main` called in-process (the tests, ``potlog run``) makes
them anew, since there the code may have been changed in memory. A cache that cannot be
read or written is no error: the thing is made as if nothing had been kept.

**Help.** ``potlog --help`` (and bare ``potlog``, ``potlog -h``, ``potlog COMMAND --help``) builds every
command's parameters, imports every game for its own words and renders it all with Rich:
most of a second, for a text that changes only when the code, the terminal or the
environment does. So `entry` (the ``potlog`` program, one process per command) keeps what a
help command printed, its stdout, its stderr and its exit code, in the user's cache
directory (``help-*.json``), under a key of everything the text can depend on:

- the code (`code`; the games' words are read from the games);
- the command line itself;
- how the output is shown: whether stdout and stderr are terminals, their encodings, the
  terminal's size, and the environment variables Rich and Typer read (``COLUMNS``,
  ``NO_COLOR``, ``FORCE_COLOR``, ``TERM`` ...).

A miss runs the command as always, with stdout and stderr passed through a recorder that
answers every question about the stream (``isatty``, ``encoding``) as the stream itself does,
so what is printed is exactly what an uncached run prints; it is kept only when the command
ended normally. Anything unusual (a stream that is not UTF-8, shell completion) simply runs
the command uncached.

**Words.** A game's own word (``potlog buy``) is no registered command: which words there
are, and what each game says of its word, is known only by importing every game (a tenth of
a second). `value` keeps such a thing (`cli.words.word_index`) as JSON.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

USE = False  # set by `cli.main.main` while the potlog program runs its command line: kept things may be read
HELP_FLAGS = ("--help", "-h")
KEEP = 24  # files of each kind kept (the newest): a new terminal width or locale adds a help file
# what Rich (`rich.console.Console`) and Typer (`typer.rich_utils`) read to decide width and colour
_ENV = ("COLUMNS", "LINES", "TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR", "PY_COLORS", "TTY_COMPATIBLE",
        "TTY_INTERACTIVE", "JUPYTER_COLUMNS", "JUPYTER_LINES", "DATABRICKS_RUNTIME_VERSION", "TERMINAL_WIDTH",
        "GITHUB_ACTIONS", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONIOENCODING", "HOME")
_ENV_PREFIXES = ("TYPER_", "_TYPER", "XDG_", "_POTLOG")


def is_help(args: list[str]) -> bool:
    """A command line that only asks for help: none, ``-h``/``--help``, or ``COMMAND --help``."""
    if any(name.startswith("_POTLOG_COMPLETE") for name in os.environ):  # shell completion
        return False
    if not args:
        return True
    if len(args) == 1:
        return args[0] in HELP_FLAGS
    return len(args) == 2 and args[1] in HELP_FLAGS and not args[0].startswith("-")


def code() -> list[Any]:
    """The code what is kept was made by: every source file of cli and ledger (path, size,
    modification time), and the Python, Typer and Rich in use."""
    import importlib.util

    import typer

    from ledger.sources import stamp

    here = Path(__file__).resolve().parent
    files = [(str(root), stamp(str(root))) for root in (here, here.parent / "ledger")]
    rich = importlib.util.find_spec("rich")
    rich_file = rich.origin if rich is not None and rich.origin else ""
    rich_stamp = os.stat(rich_file).st_mtime_ns if rich_file else 0
    return [sys.version, typer.__version__, typer.__file__, rich_file, rich_stamp, files]


def _stream(stream: Any) -> list[Any]:
    try:
        return [bool(stream.isatty()), str(stream.encoding).lower(), str(getattr(stream, "errors", ""))]
    except (AttributeError, ValueError, OSError):
        return ["?"]


def _terminal() -> list[Any]:
    sizes: list[Any] = []
    for fd in (0, 1, 2):
        try:
            sizes.append(tuple(os.get_terminal_size(fd)))
        except (OSError, ValueError):
            sizes.append(None)
    return sizes


def key(args: list[str]) -> str | None:
    """The cache key of this help command in this process's situation, or None when it must
    not be cached (a stream that is not UTF-8 text: click may then write around it)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None or str(getattr(stream, "encoding", "")).lower().replace("-", "") != "utf8":
            return None
    env = sorted((k, v) for k, v in os.environ.items() if k in _ENV or k.startswith(_ENV_PREFIXES))
    parts = ["potlog-help/1", args, code(), _stream(sys.stdout), _stream(sys.stderr), _terminal(), env]
    return hashlib.sha256(json.dumps(parts, default=str).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def folder() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("potlog", appauthor=False))


class _Recorder:
    """A text stream that writes through to `stream` and keeps a copy of what it wrote;
    everything else (isatty, encoding, fileno, buffer ...) is the stream's own."""

    def __init__(self, stream: Any):
        self._stream = stream
        self._parts: list[str] = []

    def write(self, text: Any) -> int:
        n = self._stream.write(text)
        if isinstance(text, str):
            self._parts.append(text)
        return n

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def text(self) -> str:
        return "".join(self._parts)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def shown(args: list[str], run: Callable[[list[str]], int]) -> int:
    """Run the help command `args` with `run` (`cli.main.main`), or print what it printed
    last time in the same situation."""
    try:
        k = key(args)
        path = folder() / f"help-{k}.json" if k else None
    except (OSError, ValueError, ImportError):
        path = None
    if path is None:
        return run(args)
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        out, err, code = kept["out"], kept["err"], kept["code"]
        if isinstance(out, str) and isinstance(err, str) and isinstance(code, int):
            return _replay(out, err, code)
    except (OSError, ValueError, KeyError, TypeError):
        pass  # none yet, or not one of ours: made again below
    real_out, real_err = sys.stdout, sys.stderr
    rec_out, rec_err = _Recorder(real_out), _Recorder(real_err)
    sys.stdout, sys.stderr = rec_out, rec_err  # type: ignore[assignment]
    try:
        code = run(args)
    finally:
        if sys.stdout is rec_out:
            sys.stdout = real_out
        if sys.stderr is rec_err:
            sys.stderr = real_err
    _keep(path, {"out": rec_out.text(), "err": rec_err.text(), "code": code})
    return code


def _replay(out: str, err: str, code: int) -> int:
    import errno

    try:
        if out:
            sys.stdout.write(out)
            sys.stdout.flush()
        if err:
            sys.stderr.write(err)
            sys.stderr.flush()
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        from typer._click.utils import PacifyFlushWrapper  # what click does on a closed pipe: exit 1

        sys.stdout = PacifyFlushWrapper(sys.stdout)  # type: ignore[assignment]
        sys.stderr = PacifyFlushWrapper(sys.stderr)  # type: ignore[assignment]
        return 1
    return code


def _keep(path: Path, data: dict[str, Any]) -> None:
    """Write the file (through a temp file renamed into place) and drop all but the newest
    `KEEP` of its kind (``help-``, ``words-`` ...); a cache that cannot be written is no error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
        kind = path.name.split("-", 1)[0]
        kept = sorted(path.parent.glob(f"{kind}-*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in kept[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass


def value(kind: str, make: Callable[[], Any]) -> Any:
    """`make()` (JSON data), as kept for this code under `kind`, or made and kept now."""
    try:
        digest = hashlib.sha256(json.dumps([f"potlog-{kind}/1", code()], default=str).encode(
            "utf-8", "surrogatepass")).hexdigest()[:32]
        path = folder() / f"{kind}-{digest}.json"
    except (OSError, ValueError, ImportError):
        return make()
    try:
        return json.loads(path.read_text(encoding="utf-8"))["value"]
    except (OSError, ValueError, KeyError, TypeError):
        pass  # none yet, or not one of ours
    made = make()
    _keep(path, {"value": made})
    return made
