"""Todas Tablas, Irish with its own opening layout and two more ways for a game to end, on the
tables engine (`ledger.games.backgammon`).

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Games within the Tables", "Todas
Tablas"). Recorded as backgammon is (``hand``, ``roll``, ``move``, ``resign``).

Readings:

- The layout: X (black, the first seated) 5 on 13 and 19, 3 on 17, 2 on 24; O (white) 5 on
  X's 6 and 12, 3 on X's 8, 2 on X's 1, which is O's own 19 and 13 (5 each), 17 (3) and 24
  (2): the same in each player's own numbering. Every man starts in the far half.
- Otherwise as Irish: the first roll either player's, a double played twice, bearing off by
  the exact number only, no cube, one point for a game.
- "A player may win if they hit all their opponent's men": read as every man the opponent
  still has in play on the bar at once (none left on the points): the hitter wins at once,
  one point.
- "A tie occurs if no movement may take place": read as the turn passing (after a play, or a
  roll with no legal move) to a table where neither player could move with any roll at all
  (both shut out, say); the game ends drawn, nobody scores. Binding up the tables is for one
  player shut out while the other can still move.
- "Binding up the tables", as in Willughby's backgammon (`ledger.games.backgammon`): a player
  with a man on the bar facing six held home points does not roll; each throws one die
  (``roll Ann 4``), the higher names the point broken up (``break Ann 3``), its men are hit.
"""

from __future__ import annotations

from .backgammon import board as B
from .backgammon.game import Conf, Engine, TablesOptions, Variant

LAYOUT = {24: 2, 19: 5, 17: 3, 13: 5}


class Options(TablesOptions):
    """Todas Tablas' table choices: the stake, the match."""


def conf(o: TablesOptions) -> Conf:
    return Conf((LAYOUT, LAYOUT), B.Rules(exact=True, doubles=2), cube=False, scoring="single", opening="any",
                todas=True, binding=True)


RULESET = Engine(Variant("todastablas", "Todas Tablas", "Irish with every man starting in the far half; hitting "
                         "every man in play wins, and a board where nobody can move is a tie.", Options, conf,
                         cube=False, binding=True)).ruleset()
