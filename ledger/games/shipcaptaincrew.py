"""Ship, Captain, Crew: five dice, three rolls to find a 6, a 5 and a 4 in order; the rest is cargo.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Ship, Captain, Crew", with its betting).

How a game is recorded::

    potlog new shipcaptaincrew -p Ann=20 -p Ben=20 -p Cy=20 -o minimum=6
    potlog hand                 # everyone antes; Ben (the dealer's left) rolls first
    potlog roll Ben 6 5 2 2 1   # ship and captain set aside by themselves
    potlog roll Ben 4 6 3       # the crew: Ben's cargo is 6 + 3 = 9; Cy's turn

Readings of the rule book:

- Betting: "players will bet through any kind of betting method (e.g. anteing ...)": the
  table's ``ante``, at ``potlog hand``. Turns go clockwise from the dealer's left
  (``--first NAME`` when the table decides otherwise).
- A roll sets aside a 6 (the ship); with the ship, a 5 (the captain); with both, a 4 (the
  crew) - in that order, so a 5 or a 4 rolled before its ship stays in play. The text gives
  no choice, so potlog sets them aside itself and the next roll throws the dice left. Up to
  three rolls a turn.
- "Once a ship, a captain, and a crew are set aside ... the player's turn ends and the
  remaining dice are their score": the two other dice of the roll that completed the crew are
  the cargo (2 to 12). The text ends the turn there, so the cargo is not rolled again. A turn
  without ship, captain and crew scores 0.
- The highest score takes the kitty; a tie for the highest and the kitty stands. "Another way
  is for the players to try for a minimum score ... If no player gets the minimum score, the
  kitty stands": ``minimum`` (0, none, by default; 2 stands when nobody ships a crew at all).
"""

from __future__ import annotations

from pydantic import Field

from ..kit.kitty import KittyGame, KittyOptions, Reading, Turn

DICE = 5
NEEDED = (6, 5, 4)
NAMES = ("ship", "captain", "crew")


class Options(KittyOptions):
    """Ship, Captain, Crew's table choices."""

    minimum: int = Field(default=0, ge=0, le=12, description="the score someone must reach, else the kitty "
                                                 "stands (0: no minimum)")


def found(rolls: list[tuple[int, ...]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ship, captain and crew set aside from `rolls`, in order; and the cargo once all three
    are (the other dice of the roll that completed them), else ()."""
    have: list[int] = []
    for faces in rolls:
        left = list(faces)
        for need in NEEDED[len(have):]:
            if need not in left:
                break
            left.remove(need)
            have.append(need)
        if len(have) == len(NEEDED):
            return tuple(have), tuple(left)
    return tuple(have), ()


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: what is set aside; the cargo scores once the crew is found."""
    have, cargo = found([t.faces for t in turn.throws])
    if cargo:
        return Reading(dice=0, score=sum(cargo), over=True, held=have,
                       label=f"ship, captain, crew; cargo {' '.join(map(str, cargo))} = {sum(cargo)}",
                       rule="the cargo is thrown once, with the roll that finds the crew")
    over = len(turn.throws) >= 3
    label = ("no " + NAMES[len(have)] + ": 0") if over else ", ".join(NAMES[:len(have)]) or "nothing yet"
    return Reading(dice=DICE - len(have), over=over, held=have, label=label)


GAME = KittyGame("shipcaptaincrew", "Ship, Captain, Crew",
                 "Five dice, three rolls to set aside a 6, 5 and 4 in order; the other two score; "
                 "the highest takes the kitty.",
                 Options, read, hint="every die not set aside; 6, 5 and 4 are set aside in order", rolls=3)
RULESET = GAME.ruleset()
