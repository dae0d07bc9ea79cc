"""Generala: five dice, up to three rolls a turn, each turn scored in a category of the sheet.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Generala", with its betting); the
categories' scores are the ``generala`` evaluator's (`ledger.kit.evaluators.dice`).

How a game is recorded::

    potlog new generala -p Ann=20 -p Ben=20
    potlog hand                             # both ante; Ben (the dealer's left) rolls first
    potlog roll Ben 4 4 4 2 6
    potlog reroll Ben 4 1 --keep 4,4,4      # the fours kept, two dice rolled again
    potlog mark Ben fours                   # 16 in fours; Ann's turn

Readings of the rule book:

- The wager is the table's ``ante``, put into the kitty at ``potlog hand``; turns go clockwise
  from the dealer's left (``--first NAME`` when the table rolled for it).
- A turn is up to three rolls ("the player must get their optimal score in at most three
  turns"); after a roll any dice may be kept and the others rolled again ("all the dice or the
  remaining untucked away dice may be rolled"). The turn ends when the player marks a category
  (``potlog mark NAME CATEGORY``), at the latest after the third roll.
- Categories, each once a game: ones to sixes (the sum of the dice showing that face),
  straight 20 (1-5 or 2-6), full 30 (three and two of another face), poker 40 (four alike),
  generala 50 (``generala=60`` by agreement), and double generala: a second generala in the
  game, 100 (120), which scores only when the generala category already holds a generala. A
  category the dice do not make scores 0 ("the player scratches"). So a game is 11 turns each.
- "The player who either has the highest score or the first to get a Generala on their first
  roll wins": five alike on the first roll of a turn takes the kitty at once. Otherwise, after
  11 turns each, the highest total takes it; "if there is no winner" (a tie for the highest)
  the kitty stands for another round.
- Yamb, the text's next game, is not recorded: its sheet has four to eight columns of 13 rows
  (52 or more turns a player) whose order rules differ by column, an "Announce" column whose
  announcements the text does not say how or when to make, and a "Maximum" column entered when
  the score is "close to the maximum value", which no recorder can check. A table playing it
  for a kitty can record the rolls and pay the kitty with freeform.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..errors import RuleViolation
from ..kit.evaluators.dice import GENERALA_CATEGORIES, generala_category, generala_score, rank_generala
from ..kit.kitty import Choice, KittyGame, KittyOptions, Reading, Turn

DICE = 5
DOUBLE = "double"
CATEGORIES = (*GENERALA_CATEGORIES, DOUBLE)


class Options(KittyOptions):
    """Generala's table choices."""

    generala: Literal[50, 60] = Field(default=50, description="what a generala scores (a double generala, twice that)")


def category(name: str) -> str:
    """A category's name as recorded (``double`` for double generala); refuses an unknown one."""
    key = name.strip().lower().replace("_", " ").replace("-", " ")
    if key in ("double", "double generala"):
        return DOUBLE
    return generala_category(key)


def points(dice: tuple[int, ...], cat: str, o: Options, sheet: tuple[tuple[str, int], ...]) -> int:
    """What `dice` score in `cat` (a double generala only on top of a generala scored)."""
    if cat == DOUBLE:
        scored = any(c == "generala" and s > 0 for c, s in sheet)
        if not scored:
            return 0
        return generala_score(dice, "generala", False, generala_points=o.generala, second_generala=True)
    return generala_score(dice, cat, False, generala_points=o.generala)


def _mark(turn: Turn, value: str, o: Options) -> str:
    cat = category(value)
    if any(c == cat for c, _ in turn.sheet):
        raise RuleViolation(f"{turn.player} has marked {cat} already this game (free: "
                            f"{', '.join(c for c in CATEGORIES if all(c != d for d, _ in turn.sheet))})")
    return cat


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: a generala on the first roll wins; else the category marked scores."""
    if not turn.throws:
        return Reading(dice=DICE)
    dice = turn.dice
    if len(turn.throws) == 1 and len(set(dice)) == 1 and turn.choice is None:
        return Reading(dice=DICE, over=True, wins=True, label=f"generala on the first roll ({dice[0]}s)")
    if turn.choice is not None:
        got = points(dice, turn.choice, o, turn.sheet)
        return Reading(dice=DICE, score=got, label=f"{turn.choice} {got}" if got else f"{turn.choice} scratched")
    return Reading(dice=DICE, label=rank_generala(dice).label)


GAME = KittyGame("generala", "Generala",
                 "Five dice, three rolls a turn, each turn marked in a category; the highest sheet (or a generala "
                 "on the first roll) takes the kitty.",
                 Options, read, hint="up to three rolls, keeping any dice (reroll --keep); then mark a category",
                 rolls=3, keep=True, rounds=len(CATEGORIES),
                 choice=Choice("mark", "category", "PLAYER scores the dice in a category: ones .. sixes, straight, "
                               "full, poker, generala or double (0 when the dice do not make it).", _mark,
                               metavar="CATEGORY"))
RULESET = GAME.ruleset()
