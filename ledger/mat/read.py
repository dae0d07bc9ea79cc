"""Reading a Jellyfish MAT file (what GNU Backgammon's ``export match mat`` writes) into a
`Match`: its length (0: a money session), the two players (the first is the left column) and
every game: the score line that opens it, each action in order and the "Wins" line.

A move line is ``  3) 63: 25/22 13/7              41: 13/9 10/9``: the left column is the
first player's, the right (from column 20 on) the second's; each is a roll with its play (a
roll with nothing after it had no legal move), ``Doubles => N``, ``Takes``, ``Drops`` or
``Wins N point(s)`` (``and the match``). Anything else is refused (`MatError`) with its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import InputError


class MatError(InputError):
    """A MAT file potlog cannot read, or whose play the rules refuse."""


@dataclass(frozen=True)
class Action:
    """One thing a player did: ``roll`` (`dice`, `play` as written), ``double`` (`value`),
    ``take``, ``drop``, ``wins`` (`value` points); `line` is the file's line number."""

    who: int
    kind: str
    dice: tuple[int, int] = (0, 0)
    play: str = ""
    value: int = 0
    line: int = 0
    move: int = 0


@dataclass
class Game:
    number: int
    score: tuple[int, int]
    actions: list[Action] = field(default_factory=list)
    line: int = 0

    @property
    def wins(self) -> Action | None:
        return next((a for a in reversed(self.actions) if a.kind == "wins"), None)


@dataclass
class Match:
    length: int
    players: tuple[str, str]
    games: list[Game] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


_LENGTH = re.compile(r"\s*(\d+) point match\s*")
_GAME = re.compile(r"\s*Game (\d+)\s*")
_SCORE = re.compile(r"\s*(\S.*?)\s*:\s*(\d+)\s+(\S.*?)\s*:\s*(\d+)\s*")
_NUMBER = re.compile(r"\s*(\d+)\)")
_START = re.compile(r"\d\d:|Doubles|Takes|Drops|Wins|Beavers|Resigns|Accepts|Rejects")
_ROLL = re.compile(r"([1-6])([1-6]):(.*)")
_DOUBLES = re.compile(r"Doubles\s*=>\s*(\d+)")
_WINS = re.compile(r"Wins\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?")
RIGHT = 20
"""The column (from 0) where the second player's actions start."""


def loads(text: str) -> Match:
    """`text`, a MAT file, as a `Match` (`MatError` naming the line potlog cannot read)."""
    match: Match | None = None
    game: Game | None = None
    names: tuple[str, str] | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.lstrip().startswith(";"):
            if match is None:
                continue
            match.comments.append(line.strip())
            continue
        if (m := _LENGTH.fullmatch(line)) is not None:
            if match is not None:
                raise MatError(f"line {no}: a second match in one file")
            match = Match(int(m.group(1)), ("", ""))
            continue
        if match is None:
            raise MatError(f"line {no}: a MAT file starts with 'N point match', not {line.strip()[:40]!r}")
        if (m := _GAME.fullmatch(line)) is not None:
            game = Game(int(m.group(1)), (0, 0), line=no)
            match.games.append(game)
            continue
        if game is not None and not game.actions and (m := _SCORE.fullmatch(line)) is not None \
                and _NUMBER.match(line) is None:
            seen = (m.group(1), m.group(3))
            if names is None:
                names = seen
                match.players = seen
            elif seen != names:
                raise MatError(f"line {no}: the players are {names[0]} and {names[1]}, not {seen[0]} and {seen[1]}")
            game.score = (int(m.group(2)), int(m.group(4)))
            continue
        if game is None:
            raise MatError(f"line {no}: {line.strip()[:40]!r} before the first 'Game 1'")
        number = _NUMBER.match(line)
        body_at = number.end() if number is not None else 0
        starts = [m.start() for m in _START.finditer(line, body_at)]
        if not starts:
            raise MatError(f"line {no}: cannot read {line.strip()[:60]!r}")
        for i, at in enumerate(starts):
            part = line[at:starts[i + 1] if i + 1 < len(starts) else len(line)].strip()
            game.actions.append(_action(part, int(at >= RIGHT), no, int(number.group(1)) if number else 0))
    if match is None:
        raise MatError("not a MAT file: no 'N point match' line")
    return match


def _action(part: str, who: int, no: int, move: int) -> Action:
    if (m := _ROLL.fullmatch(part)) is not None:
        return Action(who, "roll", (int(m.group(1)), int(m.group(2))), " ".join(m.group(3).split()), line=no, move=move)
    if (m := _DOUBLES.fullmatch(part)) is not None:
        return Action(who, "double", value=int(m.group(1)), line=no, move=move)
    if part in ("Takes", "Drops"):
        return Action(who, part[:-1].lower(), line=no, move=move)
    if (m := _WINS.fullmatch(part)) is not None:
        return Action(who, "wins", value=int(m.group(1)), line=no, move=move)
    raise MatError(f"line {no}: potlog does not read {part[:40]!r} (rolls, moves, Doubles, Takes, Drops and Wins)")
