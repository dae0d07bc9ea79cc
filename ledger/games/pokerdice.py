"""Poker Dice: five dice, up to three rolls keeping what you like, a round of betting; the best
poker hand takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Poker Dice"); the ranking is the
``poker-dice`` evaluator's (`ledger.kit.evaluators.dice`).

How a game is recorded::

    potlog new pokerdice -p Ann=20 -p Ben=20 -p Cy=20 -o wild=6
    potlog hand                             # everyone antes; Ben (the dealer's left) rolls first
    potlog roll Ben 6 6 3 2 1
    potlog reroll Ben 6 5 4 --keep 6,6      # two aces kept, three dice rolled again
    potlog stop Ben                         # or a third roll; Cy's turn
    ...                                     # once everyone has rolled, the betting, from Ben:
    potlog bet Ben 3
    potlog raise Cy 2                       # Cy puts in 5
    potlog fold Ann
    potlog call Ben                         # the hands still in are shown: potlog pays the kitty

Readings of the rule book:

- Pips are cards: 1 = nine, 2 = ten, 3 = jack, 4 = queen, 5 = king, 6 = ace. The list "from
  lowest to highest" is written best first, and a table reads it so: five of a kind, four of
  a kind, full house, straight, three of a kind, two pair, one pair, nothing ("high card"; the
  text's words for it are garbled). "Straight (9 - Ace)" covers both runs five dice can make,
  ten to ace above nine to king. Equal hands are broken by the faces, the bigger group first.
- Wild faces are agreed before play (``wild``: none by default; "historically, Aces are wild":
  ``wild=6``); a wild die stands for whatever face makes the best hand.
- The wager is the table's ``ante``, put into the kitty at ``potlog hand`` (the text: "agree
  what betting rules will be used (e.g. anteing or blinds)"; a table picks one: the ante).
- The betting ("players place bets into the pool called a kitty ... Once all bets are placed,
  all players reveal their dice results"): the dice are rolled and peeked at under the cups,
  so the bets come once everyone has finished rolling, and before the reveal. One round, as
  poker plays it (the text names no other way): clockwise from the first to roll (the
  dealer's left), check while nobody has bet, bet, call, raise (re-raises allowed, uncapped),
  all-in, fold; the round ends when everyone still in has matched the highest bet. No limit
  by default, the smallest bet or raise ``min_bet``; ``limit`` N makes every bet and raise 1
  to N. ``betting=false``: a table that plays for the antes alone, with no betting round.
- The recorder names each roll's faces as they are rolled (``potlog roll``), as the rolling
  player sees them: the record holds the dice before the betting, and the reveal after it
  is the result potlog computes, not a command (dice that stay unseen under a cup until the
  reveal are not modelled for Poker Dice).
- The kitty, after the betting: everyone else folding, the last player in takes it unseen;
  otherwise the best hand among the players still in. An all-in player wins only what they
  matched (side pots), a bet nobody called goes back to its bettor.
- Each player in turn, clockwise from the dealer's left, rolls up to three times, "keeping as
  many dice as desired from the previous roll" (a kept die may be rolled again later), and may
  stop after any roll; the last roll's five dice are the hand.
- "The highest ranking player gets the kitty. In case of ties, the kitty stands in the next round":
  a tie for the best hand and the kitty (or the side pot they tie for) rides into the next game.
"""

from __future__ import annotations

from pydantic import Field

from .. import events as ev
from ..kit import betting as bets
from ..kit.evaluators.dice import rank_poker_dice_wild
from ..kit.kitty import KittyGame, KittyOptions, Reading, Turn
from ..core.options import new_table

DICE = 5


class Options(KittyOptions):
    """Poker Dice's table choices."""

    wild: str = Field(default="", pattern=r"^([1-6](,[1-6])*)?$",
                      description="the wild faces, like 6 (aces) or 1,6; none by default")
    betting: bool = Field(default=False, json_schema_extra=new_table(True),  # (a log from before it: no betting)
                          description="a round of betting into the kitty once everyone has rolled, before the "
                                      "reveal (a new table's default); false: the antes alone")
    min_bet: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="the smallest bet or raise (or all-in)")
    limit: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="the largest bet or raise; 0: no limit")


def wild_faces(o: Options) -> tuple[int, ...]:
    return tuple(int(f) for f in o.wild.split(",") if f)


def betting(o: Options) -> bets.Betting | None:
    """The betting round once everyone has rolled (None: ``betting=false``)."""
    if not o.betting:
        return None
    return bets.Betting(structure="declared" if o.limit else "no-limit", min_bet=o.min_bet,
                        limit=(lambda s: o.limit) if o.limit else None,
                        messages={"turn": "it is {to_act}'s turn to bet, not {player}'s"})


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: the hand the player's five dice make."""
    if not turn.throws:
        return Reading(dice=DICE)
    hand = rank_poker_dice_wild(turn.dice, wild_faces(o))
    return Reading(dice=DICE, key=hand.key, label=hand.label)


GAME = KittyGame("pokerdice", "Poker Dice",
                 "Five dice, up to three rolls keeping any, then a round of betting; the best poker hand "
                 "takes the kitty, a tie and it stands.",
                 Options, read, hint="up to three rolls, keeping any dice (reroll --keep), or stop",
                 rolls=3, keep=True, may_stop=True, betting=betting)
RULESET = GAME.ruleset()
