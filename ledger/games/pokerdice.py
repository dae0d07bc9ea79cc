"""Poker Dice: five dice, up to three rolls keeping what you like; the best poker hand takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Poker Dice"); the ranking is the
``poker-dice`` evaluator's (`ledger.kit.evaluators.dice`).

How a game is recorded::

    potlog new pokerdice -p Ann=20 -p Ben=20 -p Cy=20 -o wild=6
    potlog hand                             # everyone antes; Ben (the dealer's left) rolls first
    potlog roll Ben 6 6 3 2 1
    potlog reroll Ben 6 5 4 --keep 6,6      # two aces kept, three dice rolled again
    potlog stop Ben                         # or a third roll; Cy's turn

Readings of the rule book:

- Pips are cards: 1 = nine, 2 = ten, 3 = jack, 4 = queen, 5 = king, 6 = ace. The list "from
  lowest to highest" is written best first, and a table reads it so: five of a kind, four of
  a kind, full house, straight, three of a kind, two pair, one pair, nothing ("high card"; the
  text's words for it are garbled). "Straight (9 - Ace)" covers both runs five dice can make,
  ten to ace above nine to king. Equal hands are broken by the faces, the bigger group first.
- Wild faces are agreed before play (``wild``: none by default; "historically, Aces are wild":
  ``wild=6``); a wild die stands for whatever face makes the best hand.
- The wager is the table's ``ante``, put into the kitty at ``potlog hand``. The text's betting
  round after rolling under cups is not recorded here: every roll is in the open (rolls under
  a cup come later with the dice cups of `ledger.kit.dice`).
- Each player in turn, clockwise from the dealer's left, rolls up to three times, "keeping as
  many dice as desired from the previous roll" (a kept die may be rolled again later), and may
  stop after any roll; the last roll's five dice are the hand.
- "The highest ranking player gets the kitty. In case of ties, the kitty stands in the next round."
"""

from __future__ import annotations

from pydantic import Field

from ..kit.evaluators.dice import rank_poker_dice_wild
from ..kit.kitty import KittyGame, KittyOptions, Reading, Turn

DICE = 5


class Options(KittyOptions):
    """Poker Dice's table choices."""

    wild: str = Field(default="", pattern=r"^([1-6](,[1-6])*)?$",
                      description="the wild faces, like 6 (aces) or 1,6; none by default")


def wild_faces(o: Options) -> tuple[int, ...]:
    return tuple(int(f) for f in o.wild.split(",") if f)


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: the hand the player's five dice make."""
    if not turn.throws:
        return Reading(dice=DICE)
    hand = rank_poker_dice_wild(turn.dice, wild_faces(o))
    return Reading(dice=DICE, key=hand.key, label=hand.label)


GAME = KittyGame("pokerdice", "Poker Dice",
                 "Five dice, up to three rolls keeping any; the best poker hand takes the kitty, a tie and it stands.",
                 Options, read, hint="up to three rolls, keeping any dice (reroll --keep), or stop",
                 rolls=3, keep=True, may_stop=True)
RULESET = GAME.ruleset()
