"""Chicago: one roll of two dice a round, aiming at 2, then 3, ... then 12; the most points wins.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Chicago"). Played for a kitty as the
compendium's other dice games are.

How a game is recorded::

    potlog new chicago -p Ann=20 -p Ben=20 -p Cy=20
    potlog hand                 # everyone antes; Ben (the dealer's left) rolls first
    potlog roll Ben 1 1         # round 1 aims at 2: Ben scores 2
    potlog roll Cy 3 4          # no score
    ...                         # eleven rounds; then the kitty is paid

Readings of the rule book:

- Everyone antes the table's ``ante`` at ``potlog hand``; the winner takes the kitty. The text
  rolls for the first player ("the player with the highest goes first"): ``potlog hand --first
  NAME``; else the dealer's left. The dice pass to the left.
- Round 1 aims at 2, round 2 at 3, and so on. Each player rolls two dice once a round; a roll
  whose total is the round's target scores that many points, any other scores nothing.
- "All players agree upon the total number of rounds": ``rounds``, 11 by default (2 to 12, every
  total two dice can make); fewer by agreement.
- The highest score wins. "In case of ties, roll dice to determine who actually wins": the tied
  players roll the two dice each (``potlog roll NAME FACES``), the highest total takes the
  kitty, and those still tied roll again (``ties=roll-off``). A table that lets the kitty stand
  on a tie instead, as the compendium's kitty games do, sets ``ties=stand``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..kit.kitty import KittyGame, KittyOptions, Reading, Turn


class Options(KittyOptions):
    """Chicago's table choices."""

    rounds: int = Field(default=11, ge=1, le=11, description="rounds in a game: round N aims at N + 1 (11: 2 to 12)")
    ties: Literal["roll-off", "stand"] = Field(default="roll-off", description="a tie for the most points: the tied "
                                               "roll off with two dice (the text), or the kitty stands")


def target(round_: int) -> int:
    """What round `round_` aims at: 2 in round 1, 12 in round 11."""
    return round_ + 1


def points(faces: tuple[int, ...], round_: int) -> int:
    """A roll's points in round `round_`: the target when the dice make it, else 0."""
    return target(round_) if sum(faces) == target(round_) else 0


def read(turn: Turn, o: Options) -> Reading:
    """One roll a turn: the round's target scored, or nothing."""
    if not turn.throws:
        return Reading(dice=2, label=f"aims at {target(turn.round)}")
    got = points(turn.last, turn.round)
    return Reading(dice=2, score=got, over=True,
                   label=f"{sum(turn.last)} in the round of {target(turn.round)}" + (f": +{got}" if got else ""))


GAME = KittyGame("chicago", "Chicago",
                 "One roll of two dice a round aiming at 2, 3, ... 12; the most points takes the kitty.",
                 Options, read, hint="two dice, once; the round's target scores", rolls=1,
                 rounds=lambda o: o.rounds, rolloff_dice=2)
RULESET = GAME.ruleset()
