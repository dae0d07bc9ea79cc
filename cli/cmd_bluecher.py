"""Blücher's two table words: ``buy`` (a card for the card cost) and ``hole`` (the hole card).

Both are recorded through the generic verbs, so a table ruling (``--override``) records them
the same way: ``buy`` is an exchange of one card, ``hole`` is a declaration named ``hole``.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ledger.commands import Command

from .common import DbOpt, JsonOpt, OverrideOpt, SessionOpt, app, record

Player = Annotated[str, typer.Argument(help="The player, by the name they were seated with.")]


@app.command(rich_help_panel="Cards and dice")
def buy(player: Player,
        card: Annotated[Optional[str], typer.Argument(help="The card received, if the recorder sees it (default: unseen).")] = None,
        discard: Annotated[Optional[str], typer.Option("--discard", "-d", help="The card given up (default: one of the player's unseen cards).")] = None,
        db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Blücher: PLAYER buys a card for the card cost, which goes into the pot by itself.

    The card given up is one of the two that are not the hole card. Examples: 'potlog buy Ann' (both cards unseen); 'potlog buy Ann 7H --discard KD'.

    A buy recorded as a table ruling (--override) pays no card cost: add it with 'potlog pay Ann pot N' if the table wants it paid.
    """
    record(db, session, Command("exchange", player=player, cards=(card or "??",), discard=(discard or "??",)),
           override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def hole(player: Player,
         card: Annotated[Optional[str], typer.Argument(help="The hole card, if the recorder sees it (default: face down, unseen).")] = None,
         db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Blücher: PLAYER places a hole card face down, in the opening, before betting or calling.

    'potlog hole Ann' records it unseen (then it is one of Ann's unseen cards); 'potlog hole Ann 5H' names it.

    At the showdown, 'potlog hole Ann 5H' names an unseen hole card and turns it up.
    """
    record(db, session, Command("declare", player=player, name="hole", value=card if card else "??"),
           override=override, as_json=json)
