"""The `potlog` entry point.

Commands live in the modules ``cli/cmd_*.py``, grouped by purpose; each registers its
commands on the shared app when imported. `main` turns usage errors into one line (exit 2),
refusals into one line (exit 1), and never shows a traceback.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from . import clicompat as click

from . import __path__ as _cli_path
from .common import app, one_line, say_error, wants_json

_ORDER = ("cmd_record", "cmd_inspect", "cmd_io")


def load_commands() -> None:
    """Import every ``cmd_*`` module: the core ones first (their order is the help's order)."""
    extra = sorted(m.name for m in pkgutil.iter_modules(_cli_path) if m.name.startswith("cmd_") and m.name not in _ORDER)
    for name in (*_ORDER, *extra):
        importlib.import_module(f"{__package__}.{name}")


load_commands()


def _only_invoked(args: list[str]) -> list | None:
    """Keep just the command being invoked registered, so Typer builds one command's
    parameters instead of every command's (about 1 ms each, on every run). Returns the full
    list to restore, or None when all are needed (help, 'run', an unknown name)."""
    if not args or args[0].startswith("-") or args[0] in ("run", "amend", "play"):  # these run other commands
        return None
    from typer.main import get_command_name

    saved = app.registered_commands
    keep = [c for c in saved
            if c.callback is not None and (c.name or get_command_name(c.callback.__name__)) == args[0]]
    if not keep:  # a game's own word is no registered command: the group resolves it by itself
        from .words import words_by_name

        if args[0] not in words_by_name():
            return None
        app.registered_commands = saved[:2]
        return saved
    if len(keep) != 1:
        return None
    other = next(c for c in saved if c is not keep[0])  # two, so Typer keeps it a group
    app.registered_commands = [keep[0], other]
    return saved


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    saved = _only_invoked(args)
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
        say_error(f"{one_line(exc.format_message())}{hint}", exc.exit_code, as_json=wants_json(args))
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


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
