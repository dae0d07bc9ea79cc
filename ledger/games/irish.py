"""Irish, the Irish Game as Willughby laid it out: backgammon's forerunner on the tables engine
(`ledger.games.backgammon`), without the cube, a game worth one point.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Games within the Tables", "Irish").
Recorded as backgammon is (``hand``, ``roll Ann 6 4``, ``move Ann 24/18 13/9``, ``resign``).

Readings:

- The text's layout, as its backgammon: X (black, the first seated) 5 on 6 and 13, 3 on 8,
  2 on 24; O (white) 5 on X's 10 and 12, 3 on X's 17, 2 on X's 1: O's own 15 and 13 (5
  each), 8 (3) and 24 (2).
- "Players determine who goes first using any sort of method": the first roll is either
  player's, and may be a double.
- Each die moves one man, or one man both (its stop open); a double is played twice (the text
  gives no more: its "doubling dice" is a house rule of backgammon's); the use of both dice
  when they can be used, else the larger, as in backgammon (the text is silent).
- Hits, the bar (a man on it enters before any other moves) and blocked points as in
  backgammon; bearing off with every man home, by "the exact number" only.
- The first to bear off all fifteen wins the game: one point (no gammons, no cube), times the
  ``stake`` in money play, or a match to ``match`` points.
- "Binding up the tables", as in Willughby's backgammon (`ledger.games.backgammon`): a player
  with a man on the bar facing six held home points does not roll; each throws one die
  (``roll Ann 4``), the higher names the point broken up (``break Ann 3``), its men are hit.
"""

from __future__ import annotations

from .backgammon import WILLUGHBY_O
from .backgammon import board as B
from .backgammon.game import MODERN_LAYOUT, Conf, Engine, TablesOptions, Variant


class Options(TablesOptions):
    """Irish's table choices: the stake, the match."""


def conf(o: TablesOptions) -> Conf:
    return Conf((MODERN_LAYOUT, WILLUGHBY_O), B.Rules(exact=True, doubles=2), cube=False, scoring="single",
                opening="any", binding=True)


RULESET = Engine(Variant("irish", "Irish", "Willughby's Irish Game: backgammon's forerunner on the tables, bearing "
                         "off by the exact number, one point a game.", Options, conf,
                         cube=False, binding=True)).ruleset()
