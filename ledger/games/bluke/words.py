"""Bluke's own words: ``bid``, ``tricks`` (the scorekeeper's tally) and ``scorecard`` (a
reading word). Cards are played with the shared ``play``; the turned trump card is ``deal
trump 7H --up``."""

from __future__ import annotations

from typing import Any

from ...core.commands import Bids, Tricks
from . import bidding, points, tricks
from ...state import TableState
from ...core.contract import Param, Values, View, Word
from . import scorecard as sc


def _scorecard(state: TableState, v: Values) -> View:
    layout = v["layout"]
    card = sc.build(state)
    grid = sc.rows(card, layout)
    data: dict[str, Any] = {**card, "layout": layout, "rows": grid}
    return View(title=f"Scorecard for Bluke · {card['session']}",
                caption=("cells: taken/bid score; Deal: bids/cards" if layout == "tricks"
                         else "cells: bid score; Deal: cards"),
                columns=tuple(grid[0]), rows=tuple(tuple(r) for r in grid[1:]), footer_rows=3,
                lines=tuple(points.lines(card, tricks.revoke_lines(card["revokes"]))), data=data)


WORDS = (
    Word("bid", "Record bids (1 to the cards dealt, from the dealer's left).",
         "Several bids at once are recorded in bidding order: potlog bid John=3 Margaret=3 Steve=2 Betsy=5",
         params=(Param("bids", "Each bid as NAME=N (or one player as NAME N).", many=True, metavar="NAME=N ...",
                       field="shares"),),
         command=lambda v: Bids(shares=bidding.pairs(list(v["bids"]), "bid", "NAME=N, like John=3")), makes=(Bids,)),
    Word("tricks", "Record the tricks each player took, as a scorekeeper does (instead of every card).",
         "Name every player; the tricks add up to the cards dealt. potlog scores the hand and ends it: "
         "potlog tricks John=4 Margaret=0 Steve=4 Betsy=5",
         params=(Param("taken", "Every player's tricks taken, as NAME=N.", many=True, metavar="NAME=N ...",
                       field="shares"),),
         command=lambda v: Tricks(shares=bidding.pairs(list(v["taken"]), "tricks", "NAME=N, like John=4")),
         makes=(Tricks,)),
    Word("scorecard", "The Bluke scorecard: cards dealt, each player's bid, tricks and running score per hand, "
         "and the S/O/P tallies (hands set, with overtricks, perfect).",
         params=(Param("layout", "tricks: taken/bid and score per player, bids/cards per hand (the rule text's "
                       "creative card); bids: bid and score.", kind="option", flags=("--layout",),
                       metavar="[tricks|bids]", default="tricks"),),
         view=_scorecard),
)
