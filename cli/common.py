"""What every command shares: the Typer app, the --db/--session/--json options, opening the
ledger, recording a command and showing the result, and turning errors into one line."""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Annotated, Any, Iterator, Optional

from . import clicompat as click
import typer
from typer.core import TyperGroup

from ledger.errors import PotlogError


def unwrap(text: str | None) -> str | None:
    """Help text as sentences: the line breaks of a docstring inside a paragraph joined, so the
    help wraps at the terminal's width instead of breaking mid-sentence. Paragraphs (blank
    lines), lists (lines starting '- ' or '* ') and click's no-rewrap marker (\\b) are kept."""
    if not text:
        return text
    import inspect

    out = []
    for para in inspect.cleandoc(text).split("\n\n"):
        lines = para.splitlines()
        if para.startswith("\b") or any(x.lstrip().startswith(("- ", "* ")) for x in lines[1:]):
            out.append(para)
        else:
            out.append(" ".join(x.strip() for x in lines))
    return "\n\n".join(out)


def first_sentence(text: str | None) -> str | None:
    """The first sentence of a help text (for the list of commands; '--help' shows it all)."""
    if not text:
        return text
    import re

    para = text.split("\n\n", 1)[0]
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", para, maxsplit=1)[0]


class PotlogGroup(TyperGroup):
    """Turns every error into one line on stderr: 1 for a refusal, 2 for usage, 70 for a bug
    (under --json, a JSON object: `fail`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = unwrap(self.help)
        names = (self.context_settings or {}).get("help_option_names")
        for command in self.commands.values():
            command.help = unwrap(command.help)
            command.short_help = unwrap(command.short_help) or first_sentence(command.help)
            if names and command.context_settings is not None:  # -h also when a command is run without
                command.context_settings.setdefault("help_option_names", list(names))  # this group ('run')
        from .complete import attach

        attach(self)  # each parameter's shell completion, and the fixed lists named in the helps

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PotlogError as exc:
            fail(str(exc), exc.exit_code)
        except (click.Exit, click.Abort, click.ClickException, LineFailed):
            raise
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except BrokenPipeError:
            raise click.Exit(0) from None
        except OSError as exc:  # a file that cannot be read or written: the user's to fix, not a bug
            where = f": {exc.filename}" if exc.filename else ""
            fail(f"{(exc.strerror or type(exc).__name__).lower()}{where}", 1)
        except Exception as exc:  # the process boundary: a bug (ours or a game's) is one line, exit 70, no traceback
            fail(*unexpected(exc))

    def format_help(self, ctx: click.Context, formatter: Any) -> None:
        """The root's help is one screen of panels (`cli.helpscreen`); a group below it, Typer's."""
        if ctx.parent is None and self.rich_markup_mode is not None:
            from . import helpscreen

            helpscreen.show(self, ctx)
        else:
            super().format_help(ctx, formatter)

    def list_commands(self, ctx: click.Context) -> list[str]:
        from .words import word_index

        core = list(self.commands)  # in the order they were added: by purpose
        return core + [w for w in word_index() if w not in self.commands]

    def get_command(self, ctx: click.Context, cmd_name: str) -> Any:
        """A core command, else a game's own word (`cli.words`), resolved when it is run."""
        command = super().get_command(ctx, cmd_name)
        if command is None:
            command = _WORDS.get(cmd_name)
            if command is None:
                from .words import word_command

                command = word_command(cmd_name)
                if command is not None:  # the games are fixed for the process: build each word once
                    _WORDS[cmd_name] = command
        return command


_WORDS: dict[str, Any] = {}


def _quiet_types() -> None:
    """Help without type noise: a flag shows no ``<bool>`` (it takes no value), and a value shows
    as TEXT or INTEGER (Typer 0.2x prints ``<str>``, ``<int range>``); a declared metavar wins."""
    from typer import core

    option = getattr(core, "TyperOption", None)
    shown = getattr(option, "display_type_rich", None)
    if option is None or shown is None or getattr(shown, "_potlog", False):
        return

    def display_type_rich(self: Any, ctx: click.Context) -> str | None:
        if getattr(self, "is_flag", False) and self.metavar is None:
            return None
        label = shown(self, ctx)
        if label in ("<str>", "<text>"):
            return "TEXT"
        if label in ("<int>", "<int range>"):
            return "INTEGER"
        if label in ("<list[str]>",):
            return "TEXT"
        return label

    display_type_rich._potlog = True  # type: ignore[attr-defined]
    option.display_type_rich = display_type_rich

    argument = getattr(core, "TyperArgument", None)
    if argument is None or not hasattr(argument, "_usage_display_name"):
        return

    def argument_type(self: Any, ctx: click.Context) -> str | None:  # the name says it: PLAYER, not PLAYER <str>
        label = self.display_type(ctx) if self.metavar is None else None
        return "INTEGER" if label in ("<int>", "<int range>", "<list[int]>") else None

    def argument_name(self: Any) -> str:  # FILE, as click has always named arguments
        return str(self.metavar) if self.metavar is not None else str(self.name or "").upper()

    def argument_usage(self: Any) -> str:  # 'FILE' / '[SESSION]' / 'CARDS...', not '{file}'
        name = argument_name(self)
        return (name if self.required else f"[{name}]") + ("..." if self.nargs != 1 else "")

    argument.display_type_rich = argument_type
    argument.display_name_raw = property(argument_name)
    argument._usage_display_name = argument_usage


_quiet_types()


class LineFailed(Exception):
    """A refused line inside `potlog run`: carries the one-line message and the exit code."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


def internal_error(exc: BaseException) -> str:
    """The line a bug is told in, at the process boundary (`PotlogGroup.invoke`, a line of
    `potlog run` or `potlog play`): what was raised, and that it is potlog's to fix."""
    return f"internal error ({type(exc).__name__}: {str(exc)[:200]}); please report it"


def unexpected(exc: BaseException) -> tuple[str, int]:
    """What an exception no layer expected is told as, at a process boundary, and its exit code:
    a database file SQLite finds damaged ("database disk image is malformed") is the file's
    fault, not a bug, so it is a refusal (1) naming the way out; anything else, 70."""
    from ledger.errors import damaged_database

    damaged = damaged_database(exc)
    return (damaged, 1) if damaged else (internal_error(exc), 70)


def one_line(message: str) -> str:
    """`message` as one line: every line break and control character in it shown escaped.
    Never cut at a line break: a break may be inside what the user typed ('0\\n' as a name),
    and the words after it are the part that explains."""
    from ledger.text import printable

    return printable(message.strip()) or "error"


def fail(message: str, code: int = 1) -> None:
    """Print one line on stderr and exit with `code` (inside `potlog run`: hand it to run).
    Under --json the line is a JSON object, ``{"error": "...", "code": 1}`` (`ledger.outputs.Error`)."""
    line = one_line(message)
    if RUN_DEFAULTS.get("capture"):
        raise LineFailed(line, code)
    say_error(line, code)
    raise click.Exit(code)


def say_error(line: str, code: int, *, as_json: bool | None = None) -> None:
    """One refused or failed command on stderr: ``potlog: LINE``, or when the command was given
    --json, ``{"error": "LINE", "code": CODE}`` on one line."""
    if as_json is None:
        as_json = json_asked()
    if as_json:
        from ledger.text import json_safe

        typer.echo(json_safe(json.dumps({"error": line, "code": code}, ensure_ascii=False)), err=True)
    else:
        typer.echo(f"potlog: {line}", err=True)


def wants_json(args: list[str]) -> bool:
    """Whether a command line asks for --json (before any '--'): for errors found before its
    options are parsed (usage errors)."""
    for arg in args:
        if arg == "--":
            return False
        if arg == "--json":
            return True
    return False


_JSON_KEY = "potlog.json"


def json_asked() -> bool:
    """Whether the command being run was given --json (kept in its click context's `meta`,
    which the root and the command share; a line of 'potlog run' has a context of its own)."""
    try:
        from typer._click.globals import get_current_context
    except ImportError:  # pragma: no cover - older Typer on the click package
        from click import get_current_context  # type: ignore[no-redef]
    ctx = get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(_JSON_KEY))


def _json_mode(ctx: typer.Context, value: bool) -> bool:
    """--json's callback: remember it for the error path (`fail`) before the command runs."""
    if value:
        ctx.meta[_JSON_KEY] = True
    return value


def _show_version(value: bool) -> None:
    if value:
        from ledger import __version__

        typer.echo(f"potlog {__version__}")
        raise click.Exit(0)


app = typer.Typer(
    cls=PotlogGroup,
    name="potlog",
    help=(
        "The ledger of a night of card and dice games played for chips at a real table.\n\n"
        "Every deal, roll, bet, exchange, payment and correction is an append-only event; "
        "the table is rebuilt from the events alone. Start with 'potlog new GAME --player "
        "NAME=BUYIN ...', then record the table as it happens ('potlog hand', 'potlog bet "
        "Ann 5', ...), look at it with 'potlog state' and 'potlog log'."
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Options every command takes. The database: --db, else $POTLOG_DB, else the user data dir.
DbOpt = Annotated[
    Optional[str],
    typer.Option("--db", help="The database file, or a PostgreSQL URL (default: $POTLOG_DB, else potlog.db in your "
                              "data directory).",
                 show_default=False),
]
SessionOpt = Annotated[
    Optional[str],
    typer.Option("--session", "-s", help="The session to use (default: the current one, set by 'new' or 'use')."),
]
JsonOpt = Annotated[bool, typer.Option("--json", callback=_json_mode, is_eager=True,
                                        help="Print JSON for scripts instead of the table view (schemas/output/).")]
OverrideOpt = Annotated[
    Optional[str],
    typer.Option("--override", metavar="REASON",
                 help="Record it even if the rules refuse, as a table ruling with this reason (audit lists it)."),
]

_ROOT: list[tuple[tuple[int, ...], Any]] = []  # (the commands it was built from, the click command)


def root_command() -> Any:
    """`app` as one click command, built once per process (Typer builds it anew on every call
    of `app`, tens of milliseconds with every command's parameters): for `potlog run`'s lines
    and the tests. Built again if the registered commands have changed since."""
    key = tuple(id(c) for c in app.registered_commands)
    if not _ROOT or _ROOT[0][0] != key:
        from typer.main import get_command

        _ROOT[:] = [(key, get_command(app))]
    return _ROOT[0][1]


# `potlog run` executes lines in-process; these carry its --db/--session to each line.
RUN_DEFAULTS: dict[str, Any] = {"db": None, "session": None, "capture": False}


@contextlib.contextmanager
def ledger(db: Optional[str], *, create: bool = False) -> Iterator[Any]:
    """The ledger of `db` (or the run's, or the default one). Only a command that records a new
    session or imports one (`create`) makes a database that is not there; any other refuses,
    so a mistyped --db names the mistake instead of leaving an empty file behind it."""
    from ledger.app import Ledger

    path = db or RUN_DEFAULTS["db"]
    if not create:
        missing(path)
    led = Ledger.open(path)
    try:
        yield led
    finally:
        led.close()


def missing(path: Optional[str]) -> None:
    """Refuse (one line) when the SQLite database `path` (None: $POTLOG_DB, else the default one)
    is not there; a PostgreSQL URL is the server's to answer."""
    import os

    from ledger.errors import NotFound
    from ledger.pgstore import is_postgres_url
    from ledger.storage import default_db_path
    from ledger.text import printable

    target = path or os.environ.get("POTLOG_DB") or None
    if is_postgres_url(target) or target == ":memory:":
        return
    file = default_db_path() if target is None else target
    if not os.path.exists(file):
        where = (f"at {printable(str(file))}" if target is not None else
                 f"yet: the default database {printable(str(file))} is not there (another: --db FILE, or set POTLOG_DB)")
        raise NotFound(f"no potlog database {where}: start one with 'potlog new GAME', "
                       "or import a night with 'potlog import FILE'")


def session_of(led: Any, session: Optional[str]) -> str:
    return led.current(session or RUN_DEFAULTS["session"])


def console(stderr: bool = False) -> Any:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, emoji=False)


def usage_line(exc: Any, args: list[str] | tuple[str, ...] = ()) -> str:
    """A usage error's message; a negative number, which click takes for an option ("No such
    option: -5", or "-2" of "-20"), is said as the number typed (from `args`, the line's
    words) and what is taken instead."""
    import re

    name = getattr(exc, "option_name", "") if isinstance(exc, click.NoSuchOption) else ""
    if name and re.fullmatch(r"-[0-9][0-9_.,]*", name):
        typed = next((a for a in args if a.startswith(name) and re.fullmatch(r"-[0-9][0-9_.,]*", a)), name)
        return (f"{typed} is a negative number: give a whole number without a minus sign, like 5 (only 'score' "
                "takes negative points)")
    text = str(exc.format_message())
    for said, meant in _VALIDATOR_WORDS:  # (Typer checks an argument's number with pydantic, and says it so)
        text = text.replace(said, meant)
    return text


_VALIDATOR_WORDS = (
    ("Input should be a valid integer, unable to parse string as an integer", "not a whole number: write it in digits, like 5"),
    ("Input should be a valid integer, got a number with a fractional part", "not a whole number: write it in digits, like 5"),
    ("Input should be ", "should be "),
)
"""Pydantic's words in Typer's refusal of an argument, and what a person at the table reads instead."""


def progress_bar(disable: bool = False) -> Any:
    """A transient progress bar on stderr, shown only on a terminal: rich's bar ends with a
    line break on a pipe or a file, a blank line before (or instead of) what the command says."""
    from rich.progress import Progress

    err = console(stderr=True)
    return Progress(console=err, transient=True, disable=disable or not err.is_terminal)


def print_json(data: Any) -> None:
    from ledger.text import json_safe

    sys.stdout.write(json_safe(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False)) + "\n")


def record(db: Optional[str], session: Optional[str], cmd: Any, *, override: Optional[str] = None,
           as_json: bool = False) -> None:
    """Decide and record one command, then print what was recorded and who acts next."""
    with ledger(db) as led:
        sid = session_of(led, session)
        show_recorded(led, sid, led.execute(sid, cmd, override=override), as_json=as_json)


def show_recorded(led: Any, sid: str, recorded: list, *, as_json: bool, next_step: bool = True) -> None:
    """Print what was recorded (#seq and what happened), then who acts next; or the JSON lines."""
    from ledger.describe import describe
    from ledger.text import printable

    if as_json:
        print_json([r.to_line() for r in recorded])
        return
    # plain click styling, not rich: recording stays quick, and text typed at the table
    # (a note with [brackets]) is printed as typed, never read as markup
    for r in recorded:
        typer.secho(f"#{r.seq} ", dim=True, nl=False)
        typer.echo(printable(describe(r.event)))
    if next_step:
        from .render import next_line

        line = next_line(led.state(sid))
        if line:
            typer.secho(line, dim=True)


@app.callback()
def _root(
    db: Annotated[Optional[str], typer.Option("--db", help="The database file, or a PostgreSQL URL, for every command (as each command's --db).",
                                              show_default=False)] = None,
    session: Annotated[Optional[str], typer.Option("--session", "-s", help="The session for every command.")] = None,
    version: Annotated[Optional[bool], typer.Option("--version", callback=_show_version, is_eager=True,
                                                    help="Print potlog's version and exit.")] = None,
) -> None:
    """The ledger of a night of card and dice games played for chips at a real table."""
    if RUN_DEFAULTS["capture"]:  # a line of 'potlog run': keep run's choices unless the line names its own
        if db is not None:
            RUN_DEFAULTS["db"] = db
        if session is not None:
            RUN_DEFAULTS["session"] = session
    else:  # a fresh invocation: forget any earlier one in this process
        RUN_DEFAULTS["db"], RUN_DEFAULTS["session"] = db, session
