"""Going to Boston: three dice, the highest set aside each roll; the best total takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Going to Boston"). Played for a kitty
as the compendium's other dice games are ("in case of ties, the kitty stands").

How a game is recorded::

    potlog new goingtoboston -p Ann=20 -p Ben=20 -p Cy=20 -o turns=2
    potlog hand                 # everyone antes; Ben (the dealer's left) rolls first
    potlog roll Ben 6 3 2       # the 6 is set aside
    potlog roll Ben 4 4         # one 4 is set aside
    potlog roll Ben 5           # the turn scores 6 + 4 + 5 = 15; Cy's turn

Readings of the rule book:

- Three players or more, as the text says. Everyone antes the table's ``ante`` at ``potlog
  hand``; turns go clockwise from the dealer's left (``potlog hand --first NAME`` when the
  table decides otherwise).
- A turn is three rolls: all three dice, then the two left, then the last one. After each of
  the first two rolls the highest die is set aside, one die only when several show the
  highest; potlog sets it aside by itself, there is no choice to record. The three dice set
  aside score their total (3 to 18).
- "Players agree to a certain number of turns": ``turns`` each (1 unless the table agrees
  more); the totals add up, and once everyone has had them the highest total takes the kitty.
  A tie for the highest and the kitty stands for the next game.
"""

from __future__ import annotations

from pydantic import Field

from ..kit.kitty import KittyGame, KittyOptions, Reading, Turn


class Options(KittyOptions):
    """Going to Boston's table choices."""

    turns: int = Field(default=1, ge=1, le=100, description="turns each player takes in one game (the table agrees)")


def aside(turn: Turn) -> tuple[int, ...]:
    """The dice set aside so far: the highest of each roll (the last roll's one die too)."""
    return tuple(max(t.faces) for t in turn.throws)


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: three rolls of 3, 2 and 1 dice, the highest kept each time."""
    held = aside(turn)
    score = sum(held)
    over = len(turn.throws) >= 3
    return Reading(dice=max(3 - len(turn.throws), 1), score=score, over=over, held=held,
                   label=f"{' '.join(map(str, held))}: {score}" if over else f"{score} set aside")


GAME = KittyGame("goingtoboston", "Going to Boston",
                 "Roll three dice, keep the highest, roll two, keep the highest, roll the last; "
                 "the best total takes the kitty.",
                 Options, read, hint="all the dice not set aside; the highest is set aside", rolls=3,
                 rounds=lambda o: o.turns, min_players=3)
RULESET = GAME.ruleset()
