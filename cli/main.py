"""The `potlog` entry point.

Commands live in the modules ``cli/cmd_*.py``, grouped by purpose; each registers its
commands on the shared app when imported. `main` turns usage errors into one line (exit 2),
refusals into one line (exit 1), and never shows a traceback.
"""

from __future__ import annotations

import gc

# The start imports thousands of objects that live as long as the process (modules, classes,
# functions, pydantic's schemas): the cyclic collector would walk them again and again while
# they are made (~6% of a `note`). It waits until they are all here, then leaves them out of
# every later collection (`gc.freeze`, at the end of this module) and runs as usual.
_COLLECTING = gc.isenabled()
gc.disable()

import importlib
import pkgutil
import sys
from typing import Any

import typer

from . import clicompat as click

from . import __path__ as _cli_path
from .common import app, one_line, say_error, usage_line, wants_json

_ORDER = ("cmd_record", "cmd_inspect", "cmd_io")


def load_commands() -> None:
    """Import every ``cmd_*`` module: the core ones first (their order is the help's order)."""
    extra = sorted(m.name for m in pkgutil.iter_modules(_cli_path) if m.name.startswith("cmd_") and m.name not in _ORDER)
    for name in (*_ORDER, *extra):
        importlib.import_module(f"{__package__}.{name}")


load_commands()
gc.freeze()
if _COLLECTING:
    gc.enable()


_ROOT_VALUED = ("--db", "--session", "-s")  # the root options that take a value (`common._root`)


def _command_at(args: list[str]) -> int | None:
    """Where the command word of a command line is: after the root options (``--db X``,
    ``--session X``, ``-s X``, ``--db=X``); None when there is none (help, --version, an
    option the root does not take: Typer then says what it says)."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in _ROOT_VALUED:
            i += 2
        elif arg.startswith(("--db=", "--session=")) or (arg.startswith("-s") and not arg.startswith("--")):
            i += 1  # -sNIGHT: click's short option with its value attached
        elif arg.startswith("-"):
            return None
        else:
            return i
    return None


def invoked_name(args: list[str]) -> str | None:
    """The command a command line runs: its first word after the root options, or None."""
    at = _command_at(args)
    return None if at is None else args[at]


def hoisted(args: list[str]) -> list[str]:
    """``potlog --json state`` read as ``potlog state --json``: the global flag typed before the
    command (among the root's ``--db``/``--session``) goes right after the command's name, where
    every reading and recording command takes it; any other line is returned as it is."""
    kept = [i for i, arg in enumerate(args) if arg != "--json"]
    at = _command_at([args[i] for i in kept])
    if at is None or "--json" not in args[:kept[at]]:
        return list(args)
    word = kept[at]  # the command's name, in `args`
    return [*(arg for arg in args[:word] if arg != "--json"), args[word], "--json", *args[word + 1:]]


def _only_invoked(args: list[str]) -> list | None:
    """Keep just the command being invoked registered, so Typer builds one command's
    parameters instead of every command's (about 1 ms each, on every run), whichever way the
    database is given (``potlog --db X state`` too). Returns the full list to restore, or None
    when all are needed (help, 'run', an unknown name)."""
    name = invoked_name(args)
    if name is None or name in ("run", "amend", "play"):  # these run other commands
        return None
    from typer.main import get_command_name

    saved = app.registered_commands
    keep = [c for c in saved
            if c.callback is not None and (c.name or get_command_name(c.callback.__name__)) == name]
    if not keep:  # a game's own word is no registered command: the group resolves it by itself
        from .words import word_index

        if name not in word_index():
            return None
        app.registered_commands = []
        return saved
    if len(keep) != 1:
        return None
    app.registered_commands = keep  # the root has a callback: Typer keeps it a group of one
    return saved


def completing() -> list[str] | None:
    """When a shell asks for completions (click's protocol: ``_POTLOG_COMPLETE``, with bash's
    ``COMP_WORDS``/``COMP_CWORD`` or Typer's ``_TYPER_COMPLETE_ARGS``), the words typed before
    the one being completed, after ``potlog``; else None (a quote left open: None too)."""
    import os
    import shlex

    if not os.environ.get("_POTLOG_COMPLETE"):
        return None
    try:
        if "COMP_WORDS" in os.environ:
            return shlex.split(os.environ["COMP_WORDS"])[1:int(os.environ.get("COMP_CWORD", "0"))]
        line = os.environ.get("_TYPER_COMPLETE_ARGS", "")
        words = shlex.split(line)[1:]
        return words if line.endswith(" ") else words[:-1]
    except ValueError:
        return None


def main(argv: list[str] | None = None, *, program: bool = False) -> int:
    """Run one potlog command line; its exit code. `program`: this is the ``potlog`` program, a
    process of its own, which may use what it kept last time (`cli.kept`: a help command prints
    what it printed then, the games' words are read from their index)."""
    args = sys.argv[1:] if argv is None else argv
    if program:
        from . import kept

        if kept.is_help(args):
            return kept.shown(args, main)
        kept.USE = True
        try:
            return main(args)
        finally:
            kept.USE = False
    args = hoisted(args)
    typed = completing()
    saved = _only_invoked(args if typed is None else typed)  # a Tab builds only the command being typed
    try:
        rv = app(args=args, prog_name="potlog", standalone_mode=False)
    except click.Exit as exc:
        return exc.exit_code
    except click.NoArgsIsHelpError:  # bare 'potlog': Typer has printed the help
        return 0
    except click.ClickException as exc:
        hint = ""
        ctx = getattr(exc, "ctx", None)
        if ctx is not None:
            hint = f" (see '{ctx.command_path} --help')"
        say_error(f"{one_line(usage_line(exc, args))}{hint}", exc.exit_code, as_json=wants_json(args))
        return exc.exit_code
    except click.Abort:
        say_error("aborted", 130, as_json=wants_json(args))
        return 130
    except KeyboardInterrupt:
        say_error("interrupted", 130, as_json=wants_json(args))
        return 130
    finally:
        if saved is not None:
            app.registered_commands = saved
    return rv if isinstance(rv, int) else 0


class _MetadataLater:
    """Finds `importlib.metadata` once, with a loader that runs the module on its first use
    (`importlib.util.LazyLoader`). pydantic's plugin loader imports it before building its
    first validator but, plugins disabled, never uses it: ~6% of a `note` (email, csv, zipfile
    ... imported for nothing). Anything that does use it (a later ``import``, an attribute)
    runs it then, as if it had been imported at once."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        if name != "importlib.metadata":
            return None
        sys.meta_path.remove(_MetadataLater)  # type: ignore[arg-type]
        from importlib.machinery import PathFinder
        from importlib.util import LazyLoader

        spec = PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = LazyLoader(spec.loader)
        return spec


def entry() -> None:
    import os

    # pydantic looks for plugins (entry points of every installed distribution, ~3 ms) before
    # it builds its first validator; potlog has none and runs none, so the program says so.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if os.environ["PYDANTIC_DISABLE_PLUGINS"] in ("__all__", "1", "true") and "importlib.metadata" not in sys.modules:
        sys.meta_path.insert(0, _MetadataLater)  # type: ignore[arg-type]
    rc = main(program=True)
    # The interpreter's last collection, at exit, would walk every object the command made
    # (its modules, the game, the table) just before the process hands its memory back:
    # what is alive now is left out of it, as the start's objects are (~0.8% of a `note`).
    gc.freeze()
    sys.exit(rc)


if __name__ == "__main__":
    entry()
