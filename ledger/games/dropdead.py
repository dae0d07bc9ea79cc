"""Drop Dead: roll two dice until a 2 or a 5 shows (on a die or as the total); the highest total
takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Drop Dead", with its betting option).
The smallest game on the kit (`ledger.kit.kitty`), and the example in the README of how a
game is declared.

How a game is recorded::

    potlog new dropdead -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2
    potlog hand                 # everyone antes into the kitty; Ann deals, Ben (her left) rolls first
    potlog roll Ben 3 4         # 7 scores; Ben rolls again
    potlog roll Ben 6 2         # a 2: Ben drops dead with 7; Cy's turn (so would 1 4: a total of 5)
    ...                         # after the last turn potlog pays the kitty and ends the hand

Readings of the rule book:

- The wager is the same for everyone, the table's ``ante`` (the text says only that "all
  players place wagers into the kitty"); it is put in by ``potlog hand``. A player with fewer
  chips than the ante antes what they have; one with none sits the game out.
- Turn order: clockwise from the dealer's left (the text leaves it to the table; ``potlog hand
  --first NAME`` when the table rolled for it); the deal passes left each game.
- A turn is a run of rolls of both dice. "If the total is 2 or 5 or any of the dice results
  are individually 2 or 5, the player drops dead": the total is the roll's, both dice added
  (the game has two dice, and every roll throws both). So a roll drops dead when either die
  shows a 2 or a 5, and also when the two add up to 2 or 5 with neither showing one: 1+1
  and 1+4 (4+1). A roll that drops dead scores nothing and ends the turn; any other roll
  adds its total. The text gives the player no choice to stop, so the turn goes on until
  they drop dead.
- The highest total takes the kitty; a tie for the highest and the kitty stands: it rides
  into the next game.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..kit.kitty import KittyGame, Reading, Turn

DEAD = (2, 5)


class Options(BaseModel):
    """Drop Dead's table choices."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="chips each player puts into the kitty")


def dropped(faces: list[int] | tuple[int, ...]) -> bool:
    """The roll drops the player dead: its total is 2 or 5, or a die shows a 2 or a 5."""
    return sum(faces) in DEAD or any(f in DEAD for f in faces)


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: every roll's total, until a 2 or a 5 drops the player dead."""
    dead = bool(turn.throws) and dropped(turn.last)
    score = sum(sum(t.faces) for t in turn.throws) - (sum(turn.last) if dead else 0)
    return Reading(dice=2, score=score, over=dead, label=f"dropped dead with {score}" if dead else "")


GAME = KittyGame("dropdead", "Drop Dead",
                 "Roll two dice until a 2 or a 5 shows (a die or the total); the highest total takes the kitty, "
                 "a tie and it stands.",
                 Options, read, hint="two dice; a 2 or a 5, on a die or as the total, drops dead")
RULESET = GAME.ruleset()
