"""Midnight: six dice, set aside one or more each roll; a 1 and a 4 qualify, the other four score.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Midnight", with its gambling option).

How a game is recorded::

    potlog new midnight -p Ann=20 -p Ben=20 -p Cy=20
    potlog hand                         # everyone antes; Ben (the dealer's left) rolls first
    potlog roll Ben 6 6 4 1 3 2         # six dice
    potlog reroll Ben 5 3 2 --keep 6,6,4      # 6 6 4 set aside, three rolled again
    potlog reroll Ben 1 6 --keep 6,6,4,5      # the 5 set aside too (--keep names every die kept)
    potlog stop Ben                     # the 1 and the 6 set aside: 1 and 4 qualify, 6+6+5+6 = 23

Readings of the rule book:

- "Each player puts in an agreed upon wager into the kitty": the table's ``ante``, at
  ``potlog hand``. Turns go clockwise from the dealer's left (``--first NAME`` otherwise).
- A turn starts with all six dice. After each roll the player sets aside dice and rolls the
  rest. The text says "sets aside one"; tables play it as at least one each roll (the usual
  1-4-24 rule), so a player may set aside several, and ``potlog stop`` sets aside all the dice
  showing. Dice set aside stay aside; the last die rolled is set aside by itself.
- A turn that sets aside a 1 and a 4 scores the total of the other four dice (4 to 24, the
  "midnight"); without both, it scores nothing.
- "The winner of the game takes all wagers": the highest score takes the kitty. "In case of
  ties, roll a six-sided dice until there is a winner": the tied players each roll one die
  (``potlog roll NAME FACE``), the highest takes the kitty, those still tied roll again
  (``ties=roll-off``; ``ties=stand`` lets the kitty stand instead). When nobody qualifies every
  score is 0: all tie, and they roll off too.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import Field

from ..kit.kitty import KittyGame, KittyOptions, Reading, Turn

DICE = 6


class Options(KittyOptions):
    """Midnight's table choices."""

    ties: Literal["roll-off", "stand"] = Field(default="roll-off", description="a tie for the highest: the tied "
                                               "roll one die each until one is highest (the text), or the kitty stands")


def score(dice: list[int] | tuple[int, ...]) -> int:
    """Six dice set aside: the four beside a 1 and a 4, else 0 (they do not qualify)."""
    rest = Counter(dice)
    if not (rest[1] and rest[4]):
        return 0
    rest -= Counter((1, 4))
    return sum(rest.elements())


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: the dice set aside; over once all six are."""
    if not turn.throws:
        return Reading(dice=DICE)
    held = turn.throws[-1].kept
    over = turn.stopped or len(turn.last) == 1
    if over:
        final = turn.dice
        got = score(final)
        return Reading(dice=0, score=got, over=True, held=tuple(final), rule="the turn ends once all six dice are "
                       "set aside",
                       label=f"{' '.join(map(str, sorted(final)))}: " + (f"{got}" if 1 in final and 4 in final
                                                                          else "no 1 and 4, no score"))
    return Reading(dice=DICE - len(held), held=held, must_keep=1,
                   label="set aside " + (" ".join(map(str, held)) or "none"))


GAME = KittyGame("midnight", "Midnight",
                 "Six dice, set aside at least one each roll; with a 1 and a 4 the other four score; "
                 "the highest takes the kitty.",
                 Options, read, hint="set aside at least one die (reroll --keep), or stop to set aside all",
                 keep=True, may_stop=True)
RULESET = GAME.ruleset()
