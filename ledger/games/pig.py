"""Pig (with Big Pig and Hog): roll until you stop or a 1 takes the turn; first to 100 wins.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Pig", its variants Big Pig and Hog).
Played for a kitty as the compendium's other dice games are.

How a game is recorded::

    potlog new pig -p Ann=20 -p Ben=20 -o ante=2
    potlog hand                 # both ante; Ann deals, Ben rolls first
    potlog roll Ben 5           # 5 for the turn; Ben rolls on
    potlog stop Ben             # 5 banked; Ann's turn
    potlog roll Ann 1           # a 1: the turn scores nothing; Ben's turn

Readings of the rule book:

- Every player antes the table's ``ante`` into the kitty at ``potlog hand``; the winner of the
  game takes it. Turn order is clockwise from the dealer's left (the text rolls for it: ``potlog
  hand --first NAME``).
- Pig: one die. Anything but a 1 adds to the turn; a 1 ends the turn and its points are lost;
  the player may stop after any roll and bank the turn.
- The game is won by the first player whose total reaches ``target`` (100). A table does not
  roll on once the points are there: the turn ends the moment the banked total and the turn's
  points reach the target, and that player takes the kitty. So Pig never ties.
- Big Pig (``variant=big-pig``): two dice. Read as the text gives it, the only difference
  is that it takes two 1s to end a turn (a single 1 counts its pip); two 1s lose the turn's
  points as in Pig. Doubles add twice the roll's total (3 and 3 add 12).
- Hog (``variant=hog``): the player chooses up to ``max_dice`` dice for their first roll of a
  turn (the table agrees the maximum: 5 here) and rolls that many every time that turn; a 1 on
  any die ends the turn and loses its points; else every pip counts.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..kit.kitty import KittyGame, KittyOptions, Reading, Turn


class Options(KittyOptions):
    """Pig's table choices."""

    variant: Literal["pig", "big-pig", "hog"] = Field(default="pig", description="pig (one die), big-pig (two "
                                                      "dice, two 1s end the turn, doubles count twice) or hog")
    target: int = Field(default=100, ge=1, le=100_000, description="the total that wins the game")
    max_dice: int = Field(default=5, ge=1, le=20, description="Hog: the most dice a player may choose for a turn")


def lost(faces: tuple[int, ...], variant: str) -> bool:
    """The roll ends the turn and loses its points: a 1 (Big Pig: two 1s)."""
    if variant == "big-pig":
        return faces == (1, 1)
    return 1 in faces


def points(faces: tuple[int, ...], variant: str) -> int:
    """What a roll that does not lose adds to the turn (Big Pig: doubles count twice)."""
    doubled = variant == "big-pig" and len(faces) == 2 and faces[0] == faces[1]
    return sum(faces) * (2 if doubled else 1)


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: its points, lost on a 1; over when the total would reach the target."""
    if o.variant == "hog":
        dice, fewer = (len(turn.throws[0].faces), False) if turn.throws else (o.max_dice, True)
    else:
        dice, fewer = (2 if o.variant == "big-pig" else 1), False
    if turn.throws and lost(turn.last, o.variant):
        ones = "two 1s" if o.variant == "big-pig" else "a 1"
        end = "two 1s end" if o.variant == "big-pig" else "a 1 on any die ends" if o.variant == "hog" else "a 1 ends"
        return Reading(dice=dice, over=True, label=f"{ones}: nothing banked",
                       rule=f"{end} the turn and loses its points")
    score = sum(points(t.faces, o.variant) for t in turn.throws)
    if turn.throws and turn.total + score >= o.target:
        return Reading(dice=dice, score=score, over=True, wins=True,
                       label=f"{turn.total + score} reaches the target of {o.target}")
    return Reading(dice=dice, score=score, fewer=fewer,
                   label=f"banked {score}" if turn.stopped else f"{score} this turn")


GAME = KittyGame("pig", "Pig",
                 "Roll until you stop or a 1 loses the turn; the first to 100 takes the kitty (Big Pig, Hog).",
                 Options, read, hint="roll on, or stop and bank the turn; a 1 loses it", may_stop=True, rounds=0)
RULESET = GAME.ruleset()
