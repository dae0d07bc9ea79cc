"""The dice words games share: ``cup``, ``lift`` and ``reroll``, declared once.

A game lists the ones it takes among its words (freeform takes all three; Liar's Dice and
Meier take ``cup`` and ``lift``; a kitty game whose players keep dice takes ``reroll``)::

    words=(CUP, LIFT, reroll(cup=False))

The faces are passed on as typed ('3 3 5', '3,3,5' or several words); the game's decider
checks them against its dice (`ledger.kit.dice`).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..core.commands import Command, CupDice, Lift, Reroll
from ..errors import UsageError
from ..core.contract import Param, Values, Word

PLAYER = Param("player", "Whose dice.")


def faces(items: Sequence[str] | None) -> tuple[str, ...]:
    """Faces as typed: '3 3 5', '3,3,5' or several words; checked by the decider."""
    return tuple(x for item in items or () for x in re.split(r"[,\s]+", str(item)) if x)


def _cup(v: Values) -> Command:
    given = faces(v["dice"])
    if len(given) == 1 and not v["faces"]:
        if not given[0].isdigit() or len(given[0]) > 3:
            raise UsageError(f"{given[0]!r} is not a number of dice")
        return CupDice(player=v["player"], count=int(given[0]))
    return CupDice(player=v["player"], faces=given)


CUP = Word("cup", "Dice rolled under PLAYER's cup: a number (unseen) or the faces the recorder saw.",
           "potlog cup Ann 5 (five dice, unseen); potlog cup Ann 3 3 5 6 1 (seen by the recorder only); "
           "one seen die: potlog cup Ann 4 --faces.",
           params=(PLAYER, Param("dice", "How many dice (one number: count), or their faces.", many=True,
                                 metavar="N|FACES", field="faces"),
                   Param("faces", "The numbers given are faces, even just one.", kind="flag", field="")),
           command=_cup, makes=(CupDice,))

LIFT = Word("lift", "PLAYER lifts the cup: the faces under it (left out: as the recorder saw them).",
            params=(PLAYER, Param("dice", "The faces under the cup.", required=False, many=True, metavar="FACES",
                                  field="faces"),),
            command=lambda v: Lift(player=v["player"], faces=faces(v["dice"])), makes=(Lift,))


def reroll(*, cup: bool) -> Word:
    """``reroll``: keep some dice, roll the others again; with `cup`, also under the cup."""
    params = (PLAYER, Param("dice", "The faces of the dice rolled again.", required=not cup, many=True,
                            metavar="FACES", field="faces"),
              Param("keep", "The faces kept, like 6,6,6 (may repeat; dice set aside before included).",
                    kind="option", many=True, metavar="FACES", field="value"))
    example = "potlog reroll Ann 2 4 --keep 6,6,6 (--keep names every die not rolled again)"
    if not cup:
        return Word("reroll", "PLAYER keeps some dice and rolls the others again.", example + ".", params=params,
                    command=lambda v: Reroll(player=v["player"], faces=faces(v["dice"]), value=faces(v["keep"])),
                    makes=(Reroll,))
    return Word("reroll", "PLAYER keeps some dice and rolls the others again.",
                example + "; potlog reroll Ann --cup --keep 6,6,6 (under the cup, unseen; faces after --cup "
                "when the recorder saw them).",
                params=params + (Param("cup", "Rolled under the cup: the table does not see them.", kind="flag",
                                       field=""),),
                command=lambda v: (CupDice if v["cup"] else Reroll)(player=v["player"], faces=faces(v["dice"]),
                                                                    value=faces(v["keep"])),
                makes=(Reroll, CupDice))
