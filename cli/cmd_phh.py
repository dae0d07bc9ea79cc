"""Importing poker hand histories in PHH (the standard PokerKit reads and writes): each hand
becomes a session of its own, played through the ruleset of its variant. ``potlog import``
comes here too for ``.phh`` and ``.phhs`` files and directories (`import_paths`)."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from .common import DbOpt, JsonOpt, app, ledger, print_json, progress_bar

PANEL = "Import and export"

KeepGoingOpt = Annotated[bool, typer.Option("--keep-going", help="Import the good hands and list the files refused (exit 1 if any was), instead of refusing the whole import at the first bad one.")]
TrustOpt = Annotated[bool, typer.Option("--trust-actions", help="Import a hand whose stated finishing_stacks differ from the replay of its actions: record the replay and list the difference.")]


@app.command("import-phh", rich_help_panel=PANEL)
def import_phh(paths: Annotated[list[str], typer.Argument(help="PHH files (.phh, or .phhs with several hands), or directories searched for them.", metavar="FILE|DIR")],
               limit: Annotated[Optional[int], typer.Option("--limit", "-n", min=1, help="Import at most N hands.")] = None,
               keep_going: KeepGoingOpt = False, trust_actions: TrustOpt = False,
               use: Annotated[bool, typer.Option("--use", help="Make the last imported session current (else the current session stays; one is made current only in a database that has none).")] = False,
               db: DbOpt = None, json: JsonOpt = False) -> None:
    """Import poker hands written in PHH (uoftcprg/phh-std), the same as 'potlog import FILE.phh':
    each hand becomes a new session named after its file and its content (phh-DIR-FILE-DIGEST),
    played by the ruleset of its variant (NT and FT: holdem; NS: shortdeck; PO and FO/8: omaha;
    F7S and F7S/8: stud; FR: razz; N2L1D and F2L3D: deucetoseven; FB: badugi), with its players
    and starting stacks, the blinds, antes or bring-in, the cards (unseen as ??) and every
    action: potlog posts the forced bets, starts the streets and pays the pots itself. A hand
    stored already (the same content) is skipped. A file potlog cannot read or the rules
    refuse, or whose finishing_stacks are not the replay's, is refused with its reason and
    nothing is imported (exit 1), unless --keep-going. The current session stays as it was
    unless --use."""
    import_paths(paths, limit=limit, db=db, json=json, use=use, keep_going=keep_going, trust_actions=trust_actions)


def import_paths(paths: list[str], *, limit: Optional[int] = None, db: Optional[str] = None, json: bool = False,
                 use: bool = False, keep_going: bool = False, trust_actions: bool = False) -> None:
    """The PHH import of 'import-phh' and of 'import FILE.phh': every hand of `paths` into the
    database, one transaction; `use` makes the last session imported current."""
    from ledger.app import utc_now
    from ledger.phh import import_files
    from ledger.text import printable

    with ledger(db, create=True) as led, progress_bar(disable=json) as bar:
        task = bar.add_task("importing PHH hands", total=None)

        def progress(done: int, total: int) -> None:
            if done % 50 == 0 or done == total:
                bar.update(task, completed=done, total=total)

        result: Any = import_files(led, paths, utc_now(), limit=limit, progress=progress, keep_going=keep_going,
                                   trust_actions=trust_actions)
        use = led.adopt(result.imported, use)
    done, skipped, failed, differ = result.imported, result.skipped, result.failed, result.differences
    if json:
        print_json({"imported": done, "skipped": [{"file": f, "why": w} for f, w in skipped],
                    "failed": [{"file": f, "why": w} for f, w in failed],
                    "differences": [{"file": f, "why": w} for f, w in differ]})
    else:
        for path, why in failed:
            typer.echo(f"potlog: refused {printable(path)}: {printable(why)}", err=True)
        for path, why in differ:
            typer.echo(f"{printable(path)}: recorded the replay: {printable(why)}")
        last = f"; the last is session {done[-1]}{' (now current)' if use else ''}" if done else ""
        typer.echo(f"{len(done)} hand(s) imported, {len(skipped)} skipped (stored already), {len(failed)} refused{last}")
    if failed:
        raise typer.Exit(1)
