"""Beetle: one die, one part of the beetle a roll; the first whole beetle takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Beetle", in "Dice"), played for the
compendium's kitty (`ledger.kit.kitty`, with the player's earlier throws from
`ledger.kit.kittyturns`).

How a game is recorded::

    potlog new beetle -p Ann=20 -p Ben=20 -o ante=2
    potlog hand --first Ben     # everyone antes; Ben won the roll for the order
    potlog roll Ben 6           # Ben draws the body; Ann's turn
    potlog roll Ann 3           # Ann draws a leg
    ...                         # the first whole beetle takes the kitty and ends the game

Readings of the rule book:

- A turn is one roll of the one die ("each player takes a turn rolling the die").
- The parts: 1 an eye (2 of them), 2 an antenna (2), 3 a leg (6), 4 a wing (2), 5 the head
  (1), 6 the body (1): fourteen parts. "Including the maximum": a roll whose part is drawn
  already as often as the beetle has it draws nothing. The text sets no order (the usual
  "body first, then the head" of other Beetle rules is not in it), so any part may come first.
- "The first player to complete their beetle, wins": the game ends on the roll that draws
  the fourteenth part, and that player takes the kitty. No tie can arise (one roll at a
  time), so this kitty never stands.
- The wager is the table's ``ante`` each, put in by ``potlog hand``; the roll for the order
  ("rerolling ties") is played at the table and its winner named with ``potlog hand --first
  NAME``; without it, the dealer's left starts; play goes clockwise.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..kit.kitty import KittyOptions, Reading, Turn
from ..kit.kittyturns import KittyTurns, Told

PARTS = {1: ("eye", "eyes", 2), 2: ("antenna", "antennae", 2), 3: ("leg", "legs", 6),
         4: ("wing", "wings", 2), 5: ("head", "head", 1), 6: ("body", "body", 1)}
WHOLE = sum(most for _, _, most in PARTS.values())


class Options(KittyOptions):
    """Beetle's table choices: the ante."""


def drawn(faces: Iterable[int]) -> dict[int, int]:
    """The parts a run of rolls draws: how many of each (by face), never past the beetle's."""
    have = dict.fromkeys(PARTS, 0)
    for f in faces:
        have[f] = min(have[f] + 1, PARTS[f][2])
    return have


def whole(have: dict[int, int]) -> bool:
    return all(have[f] == PARTS[f][2] for f in PARTS)


def shown(have: dict[int, int]) -> str:
    """``2 eyes, 1 antenna, 3 legs, head``: what is drawn so far."""
    parts = []
    for face, n in have.items():
        one, many, most = PARTS[face]
        if n:
            parts.append(one if most == 1 else f"{n} {one if n == 1 else many}")
    return ", ".join(parts) or "nothing"


def read(turn: Turn, o: Options) -> Reading:
    """The turn: the part the roll draws, if the beetle still lacks it; a whole beetle wins."""
    earlier = [f for throw in (turn.earlier if isinstance(turn, Told) else ()) for f in throw]
    before = drawn(earlier)
    if not turn.throws:
        return Reading(dice=1, label=shown(before))
    face = turn.last[0]
    have = drawn(earlier + [face])
    name, _, most = PARTS[face]
    if have == before:
        full = PARTS[face][1] if most == 1 else f"{most} {PARTS[face][1]}"
        return Reading(dice=1, over=True, label=f"a {face}: its {full} drawn already; {shown(have)}")
    if whole(have):
        return Reading(dice=1, score=1, over=True, wins=True, label=f"{turn.player} completes the beetle")
    article = "the" if most == 1 else "an" if name[0] in "aeiou" else "a"
    return Reading(dice=1, score=1, over=True, label=f"draws {article} {name}: {shown(have)}")


GAME = KittyTurns("beetle", "Beetle",
                  "One die, one part of the beetle a roll (eyes, antennae, six legs, wings, head, body); the "
                  "first whole beetle takes the kitty.",
                  Options, read, hint="one die: 1 eye, 2 antenna, 3 leg, 4 wing, 5 head, 6 body",
                  rolls=1, rounds=0, history=True)
RULESET = GAME.ruleset()
