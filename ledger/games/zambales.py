"""Zambales: five rolls of two dice to make a pair; the highest pair takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Zambales", in "Dice"), played for the
compendium's kitty (`ledger.kit.kitty`).

How a game is recorded::

    potlog new zambales -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2
    potlog hand --first Cy      # everyone antes; Cy won the roll for the order
    potlog roll Cy 3 5          # no pair: Cy rolls again (up to five rolls)
    potlog roll Cy 4 4          # a pair of 4s: Cy's turn is over; Ann's turn
    ...                         # after the last turn potlog pays the kitty and ends the game

Readings of the rule book:

- "Each player has 5 turns to get a single pair of faces on their dice. Once the pair is
  made, their turn is over": a player's turn is up to five rolls of the two dice, ending at
  the first pair (doubles), however low.
- The faces: the historic "I, II, III, X, +, #" are read as 1 to 6 in that order, so the
  value of a pair is its face, and a pair of 6s is the highest.
- The winner is the one player with a pair, or the one with the highest pair. Two or more
  tied for the highest pair "roll a six-sided die to determine the winner": each rolls one
  die, the highest wins, ties roll again (option ``ties=stand``: the kitty stands instead, the
  compendium's kitty rule).
- Nobody makes a pair in five rolls: there is no winner, and the kitty stands for the next
  game.
- The wager is the table's ``ante`` each, put in by ``potlog hand``; the order roll ("roll one
  six-sided dice ... reroll any ties") is played at the table and its winner named with
  ``potlog hand --first NAME``; without it, the dealer's left starts; play goes clockwise.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..kit.kitty import KittyGame, KittyOptions, Reading, Turn

ROLLS = 5


class Options(KittyOptions):
    """Zambales's table choices."""

    ties: Literal["roll-off", "stand"] = Field(default="roll-off", description="a tie for the highest pair: the tied "
                                               "roll one die each until one is highest (the text), or the kitty stands")

    @property
    def minimum(self) -> int:
        """A pair of 1s is the least that wins: nobody paired, and the kitty stands."""
        return 1


def pair(faces: tuple[int, ...] | list[int]) -> int:
    """The face of the pair two dice show, or 0."""
    return faces[0] if len(faces) == 2 and faces[0] == faces[1] else 0


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: over at the first pair (its face is the score), or after five rolls."""
    got = pair(turn.last) if turn.throws else 0
    if got:
        return Reading(dice=2, score=got, over=True, key=(got,), label=f"a pair of {got}s", rule="a pair ends the turn")
    left = ROLLS - len(turn.throws)
    return Reading(dice=2, label="no pair in five rolls" if not left else f"no pair yet, {left} rolls left")


GAME = KittyGame("zambales", "Zambales",
                 "Up to five rolls of two dice to make a pair; the highest pair takes the kitty, nobody paired "
                 "and it stands.",
                 Options, read, hint="two dice, up to five rolls; a pair ends the turn", rolls=ROLLS)
RULESET = GAME.ruleset()
