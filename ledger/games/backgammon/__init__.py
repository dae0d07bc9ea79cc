"""Backgammon, with the doubling cube, for money or a match to N (the Crawford rule), on the
tables engine (`ledger.games.backgammon.game`, the board in `board`); ``-o rules=willughby``
plays the rule book's Willughby game instead.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Games within the Tables", "Backgammon").
The default is the modern game that clubs, tournaments and MAT files use.

How a game is recorded::

    potlog new backgammon -p Ann=50 -p Ben=50 -o stake=2      # money: 2 chips a point
    potlog hand                  # a game: the men set up, the cube in the middle at 1
    potlog roll Ann 6 4          # the opening roll: Ann's die was higher, she plays 6-4
    potlog move Ann 24/18 13/9   # FROM/TO per man; bar/20, 6/off; 24/14 one man with both
    potlog roll Ben 5 5
    potlog move Ben 13/8(2) 6/1(2)    # or 13/8 13/8 6/1 6/1; a hit's * is optional
    potlog double Ann            # before her roll
    potlog take Ben              # (or: potlog drop Ben, and Ann wins 1 point)
    ...                          # the last man off: potlog scores, pays and ends the game

Readings (modern):

- Two players; the first seated is X, the second O; each counts the points from their own
  home (1) to the far end (24), the bar 25 (``bar``) and off 0 (``off``), as MAT files do.
  Layout: 2 on 24, 5 on 13, 3 on 8, 5 on 6.
- The opening roll: each throws one die, a tie throws again; the higher plays both numbers. It
  is recorded as ``roll WINNER A B`` by either player, and is never a double. After it, each
  rolls in turn.
- A play is typed as moves (``13/7 8/4``; ``24/18/14`` or ``24/14``: one man with both dice,
  each stop must be open); potlog finds the dice for each part and the hits. It must be a
  legal play of the roll: a man on the bar enters first; a point held by two or more is
  blocked; bearing off only with all fifteen home, a die higher than the highest man bears it
  off; both dice must be used when they can, else the larger when either can; a double is
  played four times, as far as it can. A roll with no legal move passes the turn by itself.
  A play is recorded as its steps, one per die (``bar/20* 13/9``), whatever was typed.
- The cube: a player doubles before their own roll (not before the opening roll), when the
  cube is in the middle or theirs; the other takes (owns the cube at the new value) or drops
  (loses the game at the value before). Values up to 64.
- Points: single game 1, gammon 2 (the loser has borne off none), backgammon 3 (none off and
  a man on the bar or in the winner's home board), times the cube.
- Money (``match=0``, the default): ``stake`` chips per point, paid by the loser after each
  game (all the loser has when short). ``-o jacoby=true``: a gammon or backgammon counts single
  while the cube was not turned.
- A match (``-o match=N``): games until one player has N points; the Crawford rule (``-o
  crawford=false`` to leave it out): in the game after a player first reaches N-1, nobody
  doubles. The ``stake`` is the whole match's, paid when it is won. ``hand`` is refused once
  the match is over.

``-o rules=willughby``: the text's game. Differences from the modern game, and what is left:

1. The layout: X (the text's black) as the modern game (5 on 6 and 13, 3 on 8, 2 on 24), O
   (white) "5 men on points 10 and 12, 3 on 17, 2 on 1" of X's numbering, which is O's own
   15 and 13 (5 each), 8 (3) and 24 (2): no men start on O's six point.
2. Bearing off only by the exact number ("a player must get the exact number of moves").
3. A double is played twice, as two dice ("the doubling dice" house rule, ``-o
   doubling_dice=true``, plays it three times).
4. The opening: "players determine who goes first using any sort of method": the first
   roll may be a double.
5. Its backgammon: 3 points when the loser has borne none off, has no man on the bar and none
   in the winner's home table (the text's words, read as written); a gammon 2 when none off
   otherwise. The cube is "optional" in the text: it is kept, as in the modern game.
6. "Binding up the tables": when the player to roll has a man on the bar and the other holds
   all six points of their home table (two men or more on each), the player does not roll.
   Instead each throws one die (``roll Ann 4``, ``roll Ben 2``; a tie throws again), and the
   higher names the point of that home table broken up (``break Ann 3``, the point in its
   holder's numbering, 1-6): its men are hit (to the bar), and the shut-out player rolls.
7. The text's "pausing on the divider between each panel" is read as the ordinary rule that a
   combined move's stop must be open. The text says nothing of the obligation to use both
   dice: the modern one is kept.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from . import board as B
from .game import MODERN_LAYOUT, Conf, Engine, TablesOptions, Variant

WILLUGHBY_O = {24: 2, 15: 5, 13: 5, 8: 3}
"""O's men in the Willughby layout, in O's own numbering (the text gives them in X's)."""


class Options(TablesOptions):
    """Backgammon's table choices."""

    rules: Literal["modern", "willughby"] = Field(default="modern",
                                                  description="modern (MAT, clubs) or willughby (the text)")
    jacoby: bool = Field(default=False, description="money: gammons count only once the cube has been turned")
    crawford: bool = Field(default=True, description="match: no doubling in the game after a player reaches N-1")
    doubling_dice: bool = Field(default=False, description="willughby: a double is played three times, not twice")


def conf(o: TablesOptions) -> Conf:
    assert isinstance(o, Options)
    if o.rules == "willughby":
        return Conf((MODERN_LAYOUT, WILLUGHBY_O), B.Rules(exact=True, doubles=3 if o.doubling_dice else 2),
                    scoring="willughby", opening="any", crawford=o.crawford, binding=True)
    return Conf((MODERN_LAYOUT, MODERN_LAYOUT), jacoby=o.jacoby, crawford=o.crawford)


ENGINE = Engine(Variant("backgammon", "Backgammon", "The modern game with the doubling cube, for money (a stake "
                        "per point, Jacoby as an option) or a match to N (Crawford); -o rules=willughby for the "
                        "text's.", Options, conf, binding=True))
RULESET = ENGINE.ruleset()
