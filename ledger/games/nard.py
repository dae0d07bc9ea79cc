"""Nard, the Persian ancestor of backgammon, on the tables engine (`ledger.games.backgammon`):
its own layout, bearing off from home only by the exact number, the loser's men counted by
quadrant.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Games within the Tables", "Nard").
Recorded as backgammon is (``hand``, ``roll``, ``move``, ``resign``).

Readings:

- The layout, the same for each player in their own numbering (points 1-12 the player's own
  side, 1-6 the home table; the other side's "point 1" is the far end, 24, its "point 12" the
  13): 3 men on 6 and 8, 2 on 3 and 7 (the player's side), 2 on 24 and 3 on 13 (the other's).
- "Roll a die to see who goes first": the first roll is either player's, and may be a double.
  A double is played twice (the text gives each die one move); both dice used when they can,
  else the larger, as in backgammon (the text is silent).
- Hits (the text allows them), the bar, blocked points as in backgammon. "A player may not bear
  off until all their men are in their home table", and "an exact die roll must be made".
- Scoring: the winner earns, for every man the loser has left, 1 point in the loser's inner
  (home) table (1-6), 2 in the loser's outer table (7-12), 3 in the next quadrant (13-18) and 4
  in the last, the winner's home (19-24); a man on the bar counts 4. No cube. The points
  times the ``stake``, or towards a ``match``. A resignation concedes that count too.
"""

from __future__ import annotations

from .backgammon import board as B
from .backgammon.game import Conf, Engine, TablesOptions, Variant

LAYOUT = {24: 2, 13: 3, 8: 3, 7: 2, 6: 3, 3: 2}


class Options(TablesOptions):
    """Nard's table choices: the stake, the match."""


def conf(o: TablesOptions) -> Conf:
    return Conf((LAYOUT, LAYOUT), B.Rules(exact=True, doubles=2), cube=False, scoring="nard", opening="any")


RULESET = Engine(Variant("nard", "Nard", "The Persian tables game: its own layout, bearing off from home by the exact "
                         "number, the loser's men counted by quadrant (1 to 4 points each).", Options, conf,
                         cube=False)).ruleset()
