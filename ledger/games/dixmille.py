"""Dix Mille (Dice 10,000): six dice, three chances a turn to set aside scoring dice; the
first to 10,000 takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Dix Mille", in "Dice", with its
"Scoring 500 Points" variant), played for the compendium's kitty (`ledger.kit.kitty`; the
dice set aside are vetted by `ledger.kit.kittyturns`).

How a game is recorded::

    potlog new dixmille -p Ann=20 -p Ben=20 -o ante=2
    potlog hand --first Ann         # everyone antes; Ann won the roll for the order
    potlog roll Ann 1 5 2 3 4 4     # the first chance: six dice
    potlog reroll Ann 6 6 6 2 --keep 1,5    # 1 and 5 set aside (150); four dice thrown
    potlog stop Ann                 # 150 + three 6s (600): Ann scores 750; Ben's turn
    potlog roll Ben 2 3 4 6 6 2     # nothing scores: Ben's turn is over with nothing
    ...                             # the first to 10,000 takes the kitty and ends the game

Readings of the rule book:

- A turn has three chances (throws). After each the player sets aside scoring dice and
  throws the rest (``reroll FACES --keep`` names every die not thrown, those set aside before
  included), or stops (``stop``). Dice set aside together must all score, as one roll's
  combinations ("dice scored in a round may not be scored with dice from a previous round");
  at least one die is set aside before throwing again.
- A throw with no scoring die ends the turn, and the turn scores nothing (the dice "are
  passed to the next player"; only a stop or the end of the chances scores a turn).
- On a stop, or after the third chance, the last throw counts its best scoring dice.
- "If a straight is rolled, the player may roll again": a straight (1 to 6) is a free
  chance. Once every die is set aside (a straight, three pairs, six of a kind ...), the player
  takes all six up and throws them again (``roll``), within the three chances.
- Scoring, as the table in the text: a 1 100, a 5 50; three 1s 1000, four 2000, five 4000,
  six 8000; three of a kind 100 x the face, four 200 x, five 400 x, six 800 x; full house
  (three and two) 1500; three distinct pairs 1000; straight 1500. Dice that fit several
  ways score the best way (four 5s: 1000, not 500 + 50).
- "The first player to reach 10,000 points wins": the turn that reaches ``target`` ends at
  once and takes the kitty; no tie can arise, so this kitty never stands.
- The variant: ``opening=500``: a player scores nothing until one turn scores 500.
- The wager is the table's ``ante`` each, put in by ``potlog hand``; the roll for the order
  is played at the table and its winner named with ``potlog hand --first NAME``; without it,
  the dealer's left starts; play goes clockwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations

from pydantic import Field, model_validator

from ..kit.kitty import KittyOptions, Reading, Throw, Turn
from ..kit.kittyturns import KittyTurns

DICE, CHANCES, STRAIGHT = 6, 3, (1, 2, 3, 4, 5, 6)
Counts = tuple[int, ...]


class Options(KittyOptions):
    """Dix Mille's table choices."""

    target: int = Field(default=10000, ge=50, le=10**9, description="the score that wins")
    opening: int = Field(default=0, ge=0, le=10**9, description="a first score counts only if at least this "
                         "(the text's variant: 500)")

    @model_validator(mode="after")
    def _opening_within_target(self) -> Options:
        if self.opening > self.target:
            raise ValueError(f"the opening score ({self.opening}) must be at most the target ({self.target})")
        return self


def _kind(face: int, n: int) -> int:
    return (1000 if face == 1 else 100 * face) * 2 ** (n - 3)


def _combos(c: Counts) -> list[tuple[Counts, int]]:
    """Every scoring combination within the faces counted in `c`: (the faces it uses, points)."""
    def use(**n: int) -> Counts:
        return tuple(n.get(f"f{i}", 0) for i in range(1, 7))
    out = [(use(f1=1), 100)] if c[0] else []
    out += [(use(f5=1), 50)] if c[4] else []
    for f in range(1, 7):
        out += [(use(**{f"f{f}": n}), _kind(f, n)) for n in range(3, c[f - 1] + 1)]
        if c[f - 1] >= 3:
            out += [(use(**{f"f{f}": 3, f"f{g}": 2}), 1500) for g in range(1, 7) if g != f and c[g - 1] >= 2]
    if sorted(c) == [0, 0, 0, 2, 2, 2]:
        out.append((c, 1000))
    if c == (1,) * 6:
        out.append((c, 1500))
    return out


@lru_cache(maxsize=4096)
def _best(c: Counts) -> int | None:
    if not any(c):
        return 0
    got = [pts + rest for used, pts in _combos(c)
           if (rest := _best(tuple(a - b for a, b in zip(c, used)))) is not None]  # type: ignore[operator]
    return max(got, default=None)


def score(dice: Iterable[int]) -> int | None:
    """Dice set aside together: their points, every die scoring (the best way); None when one scores nothing."""
    k = Counter(dice)
    return _best(tuple(k[f] for f in range(1, 7)))


def best(faces: Iterable[int]) -> int:
    """A throw's best: the most its scoring dice make (0: nothing scores)."""
    faces = tuple(faces)
    return max((s for n in range(1, len(faces) + 1) for sub in set(combinations(sorted(faces), n))
                if (s := score(sub)) is not None), default=0)


def _aside(prev: Throw, nxt: Throw) -> tuple[int, ...]:
    """What was set aside out of `prev` before `nxt` was thrown (every die, when all six were taken up)."""
    return tuple((Counter(nxt.kept) - Counter(prev.kept)).elements()) if nxt.kept else prev.faces


def read(turn: Turn, o: Options) -> Reading:
    """The turn so far: its dice set aside, its chances, its score if it stopped now."""
    if not turn.throws:
        return Reading(dice=DICE)
    t = turn.throws
    banked = sum(score(_aside(a, b)) or 0 for a, b in zip(t, t[1:]))
    chances = sum(1 for th in t if tuple(sorted(th.faces)) != STRAIGHT)
    last = best(turn.last)
    if not last:
        return Reading(dice=0, over=True, label=f"nothing scores in {' '.join(map(str, turn.last))}: the turn scores 0")
    got = banked + last
    opened = turn.total > 0 or got >= o.opening
    counts = got if opened else 0
    wins = turn.total + counts >= o.target
    hot = score(turn.last) is not None
    held = t[-1].kept
    label = (f"{turn.player} reaches {turn.total + counts}" if wins else f"{got}" if opened
             else f"{got}, below the opening {o.opening}")
    return Reading(dice=DICE if hot else DICE - len(held), score=counts, over=wins or chances >= CHANCES,
                   held=held, must_keep=0 if hot else 1, label=label, wins=wins)


def vet(turn: Turn, throw: Throw, o: Options) -> str | None:
    """A throw after the first: the dice newly set aside must all score."""
    if not turn.throws:
        return None
    aside = _aside(turn.throws[-1], throw)
    if not aside:
        return f"{turn.player} sets aside at least one scoring die before throwing again"
    if score(aside) is None:
        return (f"{turn.player} cannot set aside {' '.join(map(str, aside))}{' together' if len(aside) > 1 else ''}: "
                "only scoring dice are set aside (a 1, a 5, three of a kind, a full house, three pairs, a straight)")
    return None


GAME = KittyTurns("dixmille", "Dix Mille",
                  "Six dice, three chances a turn to set aside scoring dice; the first to 10,000 takes the kitty.",
                  Options, read, hint="set aside scoring dice and throw the rest (reroll --keep), or stop",
                  keep=True, may_stop=True, rounds=0, vet=vet)
RULESET = GAME.ruleset()
