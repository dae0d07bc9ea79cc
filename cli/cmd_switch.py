"""``potlog switch``: the table moves on to another game in the same session."""

from __future__ import annotations

from typing import Annotated, List

import typer

from ledger.commands import Command

from .cmd_record import _pairs
from .common import DbOpt, JsonOpt, SessionOpt, app, record


@app.command(rich_help_panel="Start and seat")
def switch(game: Annotated[str, typer.Argument(help="The game played from now on ('potlog games' lists them).")],
           option: Annotated[List[str], typer.Option("--option", "-o", metavar="KEY=VALUE",
                                                     help="A table option of that game. Repeat.")] = [],
           db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Between hands, play another game at the same table, in the same session: a night of
    Pig, then Drop Dead, then Chicago. Seats and stacks stay, and a kitty left standing rides
    into the new game's first hand. A game's own boards must be paid out first.

    Example: potlog switch dropdead -o ante=2
    """
    options = dict(_pairs(option, "--option", "KEY=VALUE, like ante=2"))
    record(db, session, Command("switch", name=game, options=options), as_json=json)
