"""Sealing a log's head so that truncation and rewritten history show (seal), and converting
logs hashed with potlog's first scheme (rehash). `verify --seal FILE` checks a seal."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .common import RUN_DEFAULTS, DbOpt, JsonOpt, SessionOpt, app, console, ledger, print_json, session_of

PANEL = "Audit and settle"


@app.command(rich_help_panel=PANEL)
def seal(out: Annotated[Optional[str], typer.Option("--out", "-o", metavar="FILE", help="Also write the seal to FILE ('-': stdout only; never over an existing file without --force; never the database, its -wal/-shm/-journal or the seal key).")] = None,
         force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
         all_sessions: Annotated[bool, typer.Option("--all", help="Seal every session in the database (one line each).")] = False,
         db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Seal the session's head: one line naming its last seq, that event's hash (which pins
    every event before it), the time, and an HMAC with the key kept outside the database
    ($POTLOG_KEY_FILE, else ~/.config/potlog/seal.key, made on first use). Keep the line off
    this machine (e-mail it, print it); 'potlog verify --seal FILE' later shows whether any
    sealed event was removed or rewritten since. The chain is checked first: a broken log is
    not sealed."""
    from rich.markup import escape

    from ledger.app import utc_now
    from ledger.seal import seal_session, write_new_file
    from ledger.text import printable

    with ledger(db) as led:
        sids = [s.session for s in led.store.sessions()] if all_sessions else [session_of(led, session)]
        if not sids:
            from ledger.errors import NotFound

            raise NotFound("no sessions in this database yet: start one with 'potlog new GAME'")
        at = utc_now()
        seals = [seal_session(led.store, sid, at) for sid in sids]
        written = None
        if out is not None and out != "-":  # '-': stdout, where the seal is printed anyway
            written = write_new_file(out, "".join(s.line() + "\n" for s in seals), force=force,
                                     database=led.store.path)
    if json:
        print_json({"seals": [s.to_data() for s in seals], "file": str(written) if written else None})
        return
    for s in seals:
        typer.echo(s.line())
    where = f"written to {escape(printable(out or ''))}; " if written else ""  # a path is text, not markup
    console(stderr=True).print(f"[dim]{where}keep a copy off this machine (README: Keeping seals off the machine); "
                               "check with 'potlog verify --seal FILE'[/dim]")


@app.command(rich_help_panel=PANEL)
def rehash(file: Annotated[Optional[str], typer.Argument(help="An old JSONL export to convert (without it: the database).", show_default=False)] = None,
           out: Annotated[Optional[str], typer.Option("--out", "-o", metavar="FILE", help="Where the converted export goes (with FILE; '-': stdout).")] = None,
           force: Annotated[bool, typer.Option("--force", help="Replace the --out file if it exists.")] = False,
           db: DbOpt = None) -> None:
    """Convert a log hashed with potlog's first scheme (whose hashes left out the session and
    the time) to the current one, once. The old chain is checked first: a log already broken
    under the old scheme is refused, naming where, and nothing changes. Without FILE: the
    database, in place, in one transaction; with FILE: an old export, written to --out."""
    from ledger.errors import InputError, NotFound

    if file is not None:
        from ledger.export.files import check_target, protected_files
        from ledger.seal import rehash_lines, write_new_file
        from ledger.store import default_db_path
        from ledger.text import printable

        if out is None:
            raise InputError("give --out NEW.jsonl for the converted export")
        database = str(db or RUN_DEFAULTS["db"] or default_db_path())  # the database this command would open
        if out != "-":
            check_target(out, protect=protected_files(database), force=force)  # refuse before the work, not after it
        try:
            with open(file, encoding="utf-8") as fh:
                lines = list(rehash_lines(fh))
        except FileNotFoundError:
            raise NotFound(f"no file {file}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read {file}: {exc}") from None
        if out == "-":  # stdout, as export's --out -
            sys.stdout.write("".join(x + "\n" for x in lines))
            typer.echo(f"{len(lines)} events re-chained; import them", err=True)
            return
        write_new_file(out, "".join(x + "\n" for x in lines), force=force, database=database)
        typer.echo(f"{len(lines)} events re-chained into {printable(out)}; import that file")
        return
    with ledger(db) as led:
        counts = led.store.rehash()
    total = sum(counts.values())
    typer.echo(f"re-chained {total} events in {len(counts)} session{'s' if len(counts) != 1 else ''} with the "
               "current hash scheme; seal them now: potlog seal --all --out FILE")
