"""Importing poker hand histories in PHH (the standard PokerKit reads and writes): each no-limit
hold'em hand becomes a ``holdem`` session of its own."""

from __future__ import annotations

import os
from typing import Annotated, Optional

import typer

from .common import DbOpt, JsonOpt, app, console, ledger, print_json

PANEL = "Move logs"


@app.command("import-phh", rich_help_panel=PANEL)
def import_phh(paths: Annotated[list[str], typer.Argument(help="PHH files (.phh, or .phhs with several hands), or directories searched for them.", metavar="FILE|DIR")],
               limit: Annotated[Optional[int], typer.Option("--limit", "-n", min=1, help="Import at most N hands.")] = None,
               db: DbOpt = None, json: JsonOpt = False) -> None:
    """Import poker hands written in PHH (uoftcprg/phh-std): each Texas hold'em hand, no-limit
    (variant "NT") or fixed-limit ("FT"), becomes a new 'holdem' session named after its file
    (phh-DIR-FILE), with its players and starting stacks, the blinds and antes, the hole cards
    (unseen as ??), the board and every action, played through the hold'em rules: potlog posts
    the blinds, starts the streets and pays the pots itself. Hands of other variants, and hands
    already imported (same session name), are skipped and counted; a hand the rules refuse is
    reported in one line, nothing of it is recorded, and the import goes on (exit 1 at the end)."""
    from ledger.app import utc_now
    from ledger.errors import NotFound, PotlogError
    from ledger.phh import PhhError, hand_lines, phh_files, phh_to_commands, phhs_hands, session_name

    for p in paths:
        if not os.path.exists(p):
            raise NotFound(f"no file or directory {p}")
    files = phh_files(paths)
    roots = [p.rstrip("/") for p in paths if os.path.isdir(p)]
    done: list[str] = []
    lines: list[str] = []
    seen: set[str] = set()
    now = utc_now()
    skipped: list[tuple[str, str]] = []
    failed: list[tuple[str, str]] = []
    from rich.progress import Progress

    with ledger(db) as led, Progress(console=console(stderr=True), transient=True, disable=json) as bar:
        task = bar.add_task("importing PHH hands", total=len(files))
        for path in files:
            bar.advance(task)
            root = next((r for r in roots if path.startswith(r + "/")), "")
            name = session_name(path, root)
            try:
                with open(path, encoding="utf-8") as fh:
                    text = fh.read()
                hands = [(f"{name}-{key}"[:64], data) for key, data in phhs_hands(text)] if path.endswith(".phhs") \
                    else [(name, text)]
            except (OSError, UnicodeDecodeError, PhhError) as exc:
                failed.append((path, f"cannot read it: {exc}"))
                continue
            for sid, source in hands:
                if limit is not None and len(done) >= limit:
                    break
                where = path if len(hands) == 1 else f"{path} [{sid.rsplit('-', 1)[-1]}]"
                try:
                    hand = phh_to_commands(source)
                except PhhError as exc:
                    skipped.append((where, str(exc)))
                    continue
                if sid in seen or led.store.exists(sid):
                    skipped.append((where, f"session {sid} exists already"))
                    continue
                try:  # played through the rules in memory; a hand they refuse leaves nothing behind
                    lines += hand_lines(hand, sid, now)
                except PotlogError as exc:
                    failed.append((where, str(exc)))
                    continue
                done.append(sid)
                seen.add(sid)
        if lines:  # every hand's events in one checked transaction, as 'potlog import' stores a log
            bar.update(task, description="storing the sessions")
            led.import_lines(lines)
    if json:
        print_json({"imported": done, "skipped": [{"file": f, "why": w} for f, w in skipped],
                    "failed": [{"file": f, "why": w} for f, w in failed]})
    else:
        for path, why in failed:
            typer.echo(f"potlog: refused {path}: {why}", err=True)
        typer.echo(f"{len(done)} hand(s) imported, {len(skipped)} skipped, {len(failed)} refused"
                   + (f"; the last is session {done[-1]}" if done else ""))
    if failed:
        raise typer.Exit(1)
