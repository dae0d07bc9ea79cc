"""Moving logs in and out: import, export, and run (a file of potlog commands)."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

from . import clicompat as click
import typer

from ledger.export import FORMATS
from ledger.text import printable

from .cmd_phh import KeepGoingOpt, TrustOpt
from .common import RUN_DEFAULTS, DbOpt, LineFailed, JsonOpt, SessionOpt, app, fail, ledger, print_json, progress_bar, session_of, unexpected, usage_line


def _read_lines(path: str) -> list[str]:
    if path == "-":
        return sys.stdin.read().splitlines()
    p = Path(path)
    if not p.exists() or p.is_dir():  # a pipe (run <(...)) or a device reads as a file does
        fail(f"no file {path!r}" if not p.exists() else f"{path!r} is a directory: give a file of potlog commands", 1)
    try:
        return p.read_text(encoding="utf-8-sig").splitlines()
    except UnicodeDecodeError:
        fail(f"{path} is not UTF-8 text", 1)
    raise AssertionError  # pragma: no cover


def _count_lines(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))


@app.command("import", rich_help_panel="Import and export")
def import_(file: Annotated[str, typer.Argument(help="A JSONL file as 'potlog export --format jsonl' writes it ('-' for stdin); or poker hands in PHH: a .phh or .phhs file, or a directory of them; or backgammon matches in MAT: a .mat file or a directory of them.")],
            use: Annotated[bool, typer.Option("--use", help="Make the (last) imported session current; without it the current session stays (one is made current only in a database that has none).")] = False,
            keep_going: KeepGoingOpt = False, trust_actions: TrustOpt = False,
            db: DbOpt = None, json: JsonOpt = False) -> None:
    """Import events, checked link by link (seq, hash chain, chips); the first bad line is named
    and nothing is written. Lines already stored are skipped, so importing twice adds nothing.

    A .phh or .phhs file, or a directory, is read as PHH poker hands, as 'potlog import-phh'
    reads them: each hand a new session (--keep-going and --trust-actions are for those). A .mat
    file, or a directory of them, is read as backgammon matches (Jellyfish MAT): each match
    or money session a new session, every move through the rules (--keep-going too)."""
    import contextlib

    if file != "-" and (Path(file).is_dir() or file.lower().endswith(".mat")):
        from ledger.mat.load import is_mat

        if is_mat(file):
            if trust_actions:
                fail("--trust-actions is for PHH hands; a MAT match is checked whole", 2)
            from .cmd_mat import import_paths as import_mat

            return import_mat([file], db=db, json=json, use=use, keep_going=keep_going)
    if file != "-" and Path(file).is_dir() and not any(
            f.lower().endswith((".phh", ".phhs", ".mat")) for _, _, files in os.walk(file) for f in files):
        fail(f"no PHH or MAT files in the directory {printable(file)}: potlog import reads the .phh, .phhs and .mat "
             "files of a directory (a JSONL export is one file)")
    if file != "-" and (file.lower().endswith((".phh", ".phhs")) or Path(file).is_dir()):  # (HAND.PHH too)
        from .cmd_phh import import_paths

        return import_paths([file], db=db, json=json, use=use, keep_going=keep_going,
                            trust_actions=trust_actions)
    if keep_going or trust_actions:
        fail(f"{'--keep-going' if keep_going else '--trust-actions'} is for PHH hands (a .phh or .phhs file, "
             "or a directory); a JSONL import is checked whole", 2)
    with contextlib.ExitStack() as stack:
        if file == "-":
            lines, total = sys.stdin, 0
        else:
            p = Path(file)
            if not p.exists():
                fail(f"no file {file!r}", 1)
            total = _count_lines(p) if p.is_file() and p.stat().st_size > 4_000_000 else 0  # (a pipe: no count)
            lines = stack.enter_context(p.open(encoding="utf-8-sig", newline=""))  # (a byte order mark: not a line)
        led = stack.enter_context(ledger(db, create=True))
        try:
            if total and not json:
                bar = stack.enter_context(progress_bar())
                task = bar.add_task("checking events", total=total)
                result = led.import_lines(lines, progress=lambda n: bar.update(task, completed=n) if n % 5000 == 0 else None)
            else:
                result = led.import_lines(lines)
        except UnicodeDecodeError:
            fail(f"{file} is not UTF-8 text (nothing was imported)", 1)
        sessions = list(dict.fromkeys([*result.added, *result.skipped]))
        adopted = led.adopt(sessions, use)
        stays = "" if adopted or not sessions else led.current()
    if json:
        print_json({"added": result.added, "skipped": result.skipped, "lines": result.lines})
        return
    for sid in sessions:
        typer.echo(f"{sid}: {result.added.get(sid, 0)} events added, {result.skipped.get(sid, 0)} already there")
    if stays:
        typer.echo(f"the current session is still {stays} (potlog use {sessions[-1]}, or import --use, to record "
                   "in the imported one)")
    if not sessions:
        typer.echo("nothing to import: the file has no events")


_EXPORT_HELP = ("""Export a session (or --all) in a format other tools read.

--out writes a temporary file next to the target and renames it into place, and stdout gets
the export only once all of it is made, so a failed export leaves nothing half-written; it
refuses the open database, its -wal/-shm/-journal and the seal key (however they are named:
links are followed), and an existing file (unless --force).

The formats:

"""
                + "\n\n".join(f"{name}: {what}." for name, what in FORMATS.items()))


@app.command(rich_help_panel="Import and export", help=_EXPORT_HELP)
def export(fmt: Annotated[str, typer.Option("--format", "-f", help=f"One of {', '.join(FORMATS)} (what each writes: below).")] = "jsonl",
           out: Annotated[Optional[str], typer.Option("--out", "-o", help="Write to this new file ('-' or none: stdout). Never the database, its -wal/-shm/-journal or the seal key; an existing file only with --force.")] = None,
           force: Annotated[bool, typer.Option("--force", help="Replace the --out file if it exists (never the open database).")] = False,
           all_sessions: Annotated[bool, typer.Option("--all", help="Every session in the database.")] = False,
           db: DbOpt = None, session: SessionOpt = None) -> None:
    """Export sessions (the help, `_EXPORT_HELP`, lists the formats from `ledger.export.FORMATS`)."""
    from ledger.export import writer
    from ledger.export.files import check_target, output, protected_files

    write = writer(fmt)
    with ledger(db) as led:
        protect = protected_files(led.store.path)
        path = None if out is None or out == "-" else out
        if path is not None:
            check_target(path, protect=protect, force=force)  # refuse before the work, not after it
        sids = [s.session for s in led.store.sessions()] if all_sessions else [session_of(led, session)]
        if not sids:  # an export of nothing is a mistake (a forgotten --db), not a success
            fail(f"nothing to export: no session in {led.where()}", 1)
        if path is not None:
            with output(path, protect=protect, force=force) as fh:
                write(led, sids, fh)
            typer.echo(f"wrote {printable(path)} ({fmt}, {len(sids)} session{'s' if len(sids) != 1 else ''})", err=True)
        else:  # whole or not at all, as a file: kept aside (on disk past 16 MB) until every row was read
            import shutil
            import tempfile
            from typing import TextIO, cast

            with tempfile.SpooledTemporaryFile(max_size=1 << 24, mode="w+", encoding="utf-8", newline="") as kept:
                write(led, sids, cast(TextIO, kept))
                kept.seek(0)
                shutil.copyfileobj(kept, sys.stdout)


@app.command(rich_help_panel="Import and export")
def run(file: Annotated[str, typer.Argument(help="A file of potlog commands, one per line; '#' starts a comment ('-': stdin, each line as it arrives).")],
        db: DbOpt = None, session: SessionOpt = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only errors and the summary.")] = False) -> None:
    """Execute a file of potlog commands line by line (e.g. 'bet Ann 5'), stopping at the first
    refused line with its number; nothing of that line is recorded, earlier lines stay.

    A file runs as one transaction (a savepoint per line), each line decided on the table the
    lines before it left, kept in memory; with '-' each line is recorded as it arrives."""
    import contextlib

    source = sys.stdin if file == "-" else _read_lines(file)
    saved = dict(RUN_DEFAULTS)
    RUN_DEFAULTS.update(db=db or RUN_DEFAULTS["db"], session=session or RUN_DEFAULTS["session"], capture=False)
    done = 0
    stopped: tuple[int, int, str, bool] | None = None  # line, exit code, why, whether it was run
    try:
        with ledger(RUN_DEFAULTS["db"], create=True) as led, led.sharing(), \
                (contextlib.nullcontext() if file == "-" else led.batch()):
            for n, raw in enumerate(source, 1):
                text = raw.strip()
                if not text or text.startswith("#"):
                    continue
                try:
                    args = shlex.split(text, comments=True)
                except ValueError as exc:
                    stopped = (n, 2, str(exc), False)
                    break
                if args and args[0] == "potlog":
                    args = args[1:]
                if not args:
                    continue
                if args[0] == "run":
                    stopped = (n, 2, "'run' cannot be nested", False)
                    break
                if not quiet:
                    typer.echo(f"» {printable(text)}")
                try:
                    with led.step():
                        code, why = _run_line(args, quiet)
                        if code:
                            raise _Refused(code, why)
                except _Refused as refused:
                    stopped = (n, refused.code, refused.why, True)
                    break
                except KeyboardInterrupt:
                    stopped = (n, 130, "interrupted", True)
                    break
                if args[0] == "new":  # a new session becomes current for the lines after it
                    RUN_DEFAULTS["session"] = None
                done += 1
    finally:
        RUN_DEFAULTS.update(saved)
    if stopped is not None:
        n, code, why, ran = stopped
        RUN_DEFAULTS["capture"] = False
        tail = " (stopped here; lines before it are recorded)" if ran else ""
        fail(f"line {n}: {why}{tail}", code)
    typer.echo(f"ran {done} commands from {printable(file)}")


class _Refused(Exception):
    def __init__(self, code: int, why: str):
        super().__init__(why)
        self.code, self.why = code, why


def _run_line(args: list[str], quiet: bool = False) -> tuple[int, str]:
    """Run one line in-process; (exit code, the one-line reason it was refused)."""
    import contextlib
    import io

    from .common import root_command  # built once, not per line: a night is hundreds of lines

    RUN_DEFAULTS["capture"] = True
    command = root_command()
    try:
        with contextlib.redirect_stdout(io.StringIO()) if quiet else contextlib.nullcontext():
            rv = _invoke(command, args)
    except LineFailed as exc:
        return exc.code, str(exc)
    except click.Exit as exc:
        return exc.exit_code, "refused"
    except click.ClickException as exc:
        return exc.exit_code, usage_line(exc, args)
    except click.Abort:
        return 1, "aborted"
    finally:
        RUN_DEFAULTS["capture"] = False
    return (rv, "refused") if isinstance(rv, int) and rv else (0, "")


_SUBS: dict[tuple[int, str], Any] = {}


def _subcommand(group: Any, name: str) -> Any:
    """The click command `name` of `group` (a core command or a game's word), found once."""
    key = (id(group), name)
    if key not in _SUBS:
        _SUBS[key] = group.get_command(click.Context(group), name)
    return _SUBS[key]


def _invoke(command: Any, args: list[str]) -> Any:
    """Run one line: straight to its command when it starts with one (the group's own parsing
    adds nothing to a line without options first), else through the group (`command`), with
    the errors told as `PotlogGroup.invoke` tells them."""
    from ledger.errors import PotlogError

    try:
        sub = None if args[0].startswith("-") else _subcommand(command, args[0])
        if sub is None:
            return command.main(args=args, prog_name="potlog", standalone_mode=False)
        return sub.main(args=args[1:], prog_name=f"potlog {args[0]}", standalone_mode=False)
    except PotlogError as exc:
        fail(str(exc), exc.exit_code)
    except (click.Exit, click.Abort, click.ClickException, LineFailed, KeyboardInterrupt):
        raise
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        fail(f"{(exc.strerror or type(exc).__name__).lower()}{where}", 1)
    except Exception as exc:  # the process boundary of a line of 'run' or 'play' (`PotlogGroup.invoke`'s twin)
        fail(*unexpected(exc))
    return None
