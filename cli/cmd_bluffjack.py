"""Bluffjack's own moves: take a card (`hit`) or stand. Everything else uses the shared verbs
(deal, ante, call, raise, fold, allin, reveal, showdown); the rules live in
`ledger.games.bluffjack`."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ledger.commands import Command

from .common import DbOpt, JsonOpt, OverrideOpt, SessionOpt, app, record


@app.command(rich_help_panel="Cards and dice")
def hit(player: Annotated[str, typer.Argument(help="The player taking a card.")],
        card: Annotated[Optional[str], typer.Argument(help="The card taken, like 7H ('??' with --down if nobody saw it).")] = None,
        down: Annotated[bool, typer.Option("--down", help="The card is dealt face down (default: face up).")] = False,
        db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Bluffjack: on their turn in the draw, PLAYER takes a card, dealt face up.

    Example: potlog hit Ann 5D. A player who has stood takes no more cards.
    """
    record(db, session, Command("hit", player=player, cards=(card,) if card else (), face_up=not down),
           override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def stand(player: Annotated[str, typer.Argument(help="The player who stands.")],
          db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Bluffjack: on their turn in the draw, PLAYER stands and takes no more cards this hand.

    When everyone has stood, the final betting round starts.
    """
    record(db, session, Command("stand", player=player), override=override, as_json=json)
