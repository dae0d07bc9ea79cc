"""Bluffjack's own words: take a card (``hit``), ``stand`` and ``showdown``. Everything else
uses the shared verbs (deal, ante, call, raise, fold, allin, reveal)."""

from __future__ import annotations

from ...commands import Command
from ..ruleset import Param, Word

WORDS = (
    Word("hit", "On their turn in the draw, PLAYER takes a card, dealt face up.",
         "Example: potlog hit Ann 5D. A player who has stood takes no more cards.",
         params=(Param("player", "The player taking a card."),
                 Param("card", "The card taken, like 7H ('??' with --down if nobody saw it).", required=False),
                 Param("down", "The card is dealt face down (default: face up).", kind="flag")),
         command=lambda v: Command("hit", player=v["player"], cards=(v["card"],) if v["card"] else (),
                                   face_up=not v["down"])),
    Word("stand", "On their turn in the draw, PLAYER stands and takes no more cards this hand.",
         "When everyone has stood, the final betting round starts.",
         params=(Param("player", "The player who stands."),),
         command=lambda v: Command("stand", player=v["player"])),
    Word("showdown", "Settle the hand: every hand is worked out, the pots (side pots too) are paid, "
         "a pot nobody can win goes to the house, and the short stacks are eliminated.",
         command=lambda v: Command("showdown")),
)
