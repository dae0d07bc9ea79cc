"""Importing backgammon matches written in Jellyfish MAT (GNU Backgammon's ``export match
mat``): ``potlog import FILE.mat|DIR`` comes here (`import_paths`); each match or money
session becomes a session of its own, played through the backgammon rules (`ledger.mat`)."""

from __future__ import annotations

from typing import Any, Optional

import typer

from .common import ledger, print_json, progress_bar


def import_paths(paths: list[str], *, db: Optional[str] = None, json: bool = False, use: bool = False,
                 keep_going: bool = False) -> None:
    """Every match of `paths` into the database, one transaction; `use` makes the last current."""
    from ledger.app import utc_now
    from ledger.mat.load import import_files
    from ledger.text import printable

    with ledger(db, create=True) as led, progress_bar(disable=json) as bar:
        task = bar.add_task("importing MAT matches", total=None)
        result: Any = import_files(led, paths, utc_now(), keep_going=keep_going,
                                   progress=lambda done, total: bar.update(task, completed=done, total=total))
        use = led.adopt(result.imported, use)
    done, skipped, failed = result.imported, result.skipped, result.failed
    if json:
        print_json({"imported": done, "games": result.games, "skipped": [{"file": f, "why": w} for f, w in skipped],
                    "failed": [{"file": f, "why": w} for f, w in failed]})
    else:
        for path, why in failed:
            typer.echo(f"potlog: refused {printable(path)}: {printable(why)}", err=True)
        last = f"; the last is session {done[-1]}{' (now current)' if use else ''}" if done else ""
        typer.echo(f"{len(done)} match(es) imported ({result.games} games), {len(skipped)} skipped (stored already), "
                   f"{len(failed)} refused{last}")
    if failed:
        raise typer.Exit(1)
