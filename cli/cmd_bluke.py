"""Bluke's own commands: bid, tricks (the scorekeeper's tally) and scorecard.

Cards are played with the shared 'potlog play'; the turned trump card is 'potlog deal trump
7H --up'. Nothing here knows a rule: the session's ruleset decides.
"""

from __future__ import annotations

from typing import Annotated, List

import typer

from ledger.commands import Command

from .common import DbOpt, JsonOpt, OverrideOpt, SessionOpt, app, console, fail, ledger, print_json, record, session_of


def _number(text: str, what: str) -> int:
    t = text.strip()
    if not t.isdigit() or len(t) > 4:
        fail(f"{what}: {text!r} is not a whole number of tricks (0 or more)", 2)
    return int(t)


def _pairs(items: list[str], what: str, example: str) -> tuple[tuple[str, int], ...]:
    """NAME=N items; for a single player, 'NAME N' works too."""
    if len(items) == 2 and "=" not in items[0] and "=" not in items[1]:
        items = [f"{items[0]}={items[1]}"]
    out = []
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            fail(f"{item!r} needs the form {example}", 2)
        out.append((name.strip(), _number(value, f"{name.strip()}'s {what}")))
    return tuple(out)


@app.command(rich_help_panel="Points games")
def bid(bids: Annotated[List[str], typer.Argument(metavar="NAME=N ...",
                                                  help="Each bid as NAME=N (or one player as NAME N).")],
        db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Record bids (Bluke: 1 to the cards dealt, from the dealer's left).

    Several bids at once are recorded in bidding order: potlog bid John=3 Margaret=3 Steve=2 Betsy=5
    """
    pairs = _pairs(bids, "bid", "NAME=N, like John=3")
    record(db, session, Command("bid", shares=pairs), override=override, as_json=json)


@app.command(rich_help_panel="Points games")
def tricks(taken: Annotated[List[str], typer.Argument(metavar="NAME=N ...",
                                                      help="Every player's tricks taken, as NAME=N.")],
           db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Record the tricks each player took, as a scorekeeper does (instead of every card).

    Name every player; the tricks add up to the cards dealt. potlog scores the hand and ends it:
    potlog tricks John=4 Margaret=0 Steve=4 Betsy=5
    """
    pairs = _pairs(taken, "tricks", "NAME=N, like John=4")
    record(db, session, Command("tricks", shares=pairs), override=override, as_json=json)


@app.command(rich_help_panel="Look")
def scorecard(layout: Annotated[str, typer.Option(help="tricks: taken/bid and score per player, bids/cards per "
                                                       "hand (the rule text's creative card); bids: bid and score.")] = "tricks",
              db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """The Bluke scorecard: cards dealt, each player's bid, tricks and running score per hand, and
    the S/O/P tallies (hands set, with overtricks, perfect)."""
    from rich.markup import escape
    from rich.table import Table

    from ledger.games.bluke import scorecard as sc

    with ledger(db) as led:
        state = led.state(session_of(led, session))
    card = sc.build(state)
    grid = sc.rows(card, layout)
    if json:
        print_json({**card, "layout": layout, "rows": grid})
        return
    caption = ("cells: taken/bid score; Deal: bids/cards" if layout == "tricks" else "cells: bid score; Deal: cards")
    table = Table(title=f"Scorecard for Bluke · {escape(card['session'])}", caption=caption, show_edge=False)
    for i, head in enumerate(grid[0]):
        table.add_column(escape(head), justify="left" if i == 0 else "right")
    body = grid[1:]
    n_tally = 3
    for i, row in enumerate(body):
        table.add_row(*[escape(c) for c in row], end_section=(i == len(body) - n_tally - 1))
    out = console()
    out.print(table)
    for a in card["adjustments"]:
        out.print(f"adjustment: {escape(a['player'])} {a['points']:+d} (hand {a['hand']}) {escape(a['reason'])}")
    for r in card["revokes"]:
        when = "when the cards were shown" if r["shown"] == "revealed" else f"on trick {r['shown']}"
        out.print(f"revoke: {escape(r['player'])} did not follow {r['suit']} on trick {r['trick']} of hand "
                  f"{r['hand']}, showed {r['card']} {when}")
    if card["over"]:
        scores = ", ".join(f"{p} {card['totals'][p]['score']}" for p in card["players"])
        out.print(f"game over: {' and '.join(card['winners'])} win{'s' if len(card['winners']) == 1 else ''} ({scores})")
