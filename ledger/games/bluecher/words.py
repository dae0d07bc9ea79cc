"""Blücher's own words: ``buy`` (a card for the card cost), ``hole`` (the hole card) and
``showdown``. ``buy`` is decided as an exchange of one card and ``hole`` as a declaration named
``hole``, so a table ruling (``--override``) records them the same way."""

from __future__ import annotations

from ...core.commands import Declare, Exchange, Showdown
from ...core.contract import Param, Word

_PLAYER = Param("player", "The player, by the name they were seated with.")

WORDS = (
    Word("buy", "PLAYER buys a card for the card cost, which goes into the pot by itself.",
         "The card given up is one of the two that are not the hole card. Examples: 'potlog buy Ann' "
         "(both cards unseen); 'potlog buy Ann 7H --discard KD'. A buy recorded as a table ruling "
         "(--override) pays no card cost: add it with 'potlog pay Ann pot N' if the table wants it paid.",
         params=(_PLAYER,
                 Param("card", "The card received, if the recorder sees it (default: unseen).", required=False,
                       field="cards"),
                 Param("discard", "The card given up (default: one of the player's unseen cards).",
                       kind="option", flags=("--discard", "-d"))),
         command=lambda v: Exchange(player=v["player"], cards=(v["card"] or "??",),
                                    discard=(v["discard"] or "??",)), makes=(Exchange,)),
    Word("hole", "PLAYER places a hole card face down, in the opening, before betting or calling.",
         "'potlog hole Ann' records it unseen (then it is one of Ann's unseen cards); 'potlog hole Ann 5H' "
         "names it. At the showdown, 'potlog hole Ann 5H' names an unseen hole card and turns it up.",
         params=(_PLAYER,
                 Param("card", "The hole card, if the recorder sees it (default: face down, unseen).",
                       required=False, field="value")),
         command=lambda v: Declare(player=v["player"], name="hole", value=v["card"] or "??"), makes=(Declare,)),
    Word("showdown", "Settle the hand: best hands, the pots (side pots too), the all-bust payment, "
         "the carry-over and the next dealer are computed.",
         command=lambda v: Showdown(), makes=(Showdown,)),
)


