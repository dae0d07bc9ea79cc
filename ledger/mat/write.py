"""A backgammon session written as a Jellyfish MAT file, laid out as GNU Backgammon's
``export match mat`` lays it out (`ledger.mat.read` reads it back; gnubg's ``import mat``
too): the match length (0 for money), then each finished game: its number, the score line,
the numbered lines of the two players' rolls and plays (the first player left, the second
from column 33), ``Doubles => N``, ``Takes``, ``Drops``, and ``Wins N point(s)``.

The plays are the steps potlog recorded (``bar`` as 25, ``off`` as 0). A resignation has no
line of its own in MAT: the "Wins" line says what it was worth. Voided events are left out,
and so is a game not finished.
"""

from __future__ import annotations

from typing import Iterable

from .. import events as ev
from ..reducer import apply
from ..state import TableState

LEFT = 28
"""The width of the first player's column (after the 5 characters of the line number)."""


def _play(text: str) -> str:
    return " ".join(w.replace("bar", "25").replace("off", "0") for w in text.split())


class _Game:
    def __init__(self, number: int, score: tuple[int, int]) -> None:
        self.number, self.score = number, score
        self.lines: list[str] = []
        self.row: list[str | None] = [None, None]
        self.n = 0

    def put(self, who: int, text: str) -> None:
        if who == 0 and (self.row[0] is not None or self.row[1] is not None):
            self.flush()
        if who == 1 and self.row[1] is not None:
            self.flush()
        self.row[who] = text

    def flush(self) -> None:
        left, right = self.row
        if left is None and right is None:
            return
        self.n += 1
        left = (left or "").ljust(LEFT) if len(left or "") < LEFT else f"{left} "
        self.lines.append(f"{self.n:3d}) {left}{right or ''}".rstrip())
        self.row = [None, None]

    def wins(self, who: int, points: int) -> None:
        text = f"Wins {points} point{'s' if points != 1 else ''}"
        if who == 1 and self.row[0] is not None and self.row[1] is None:
            self.row[1] = " " + text
            self.flush()
            return
        self.flush()
        self.lines.append(" " * (6 if who == 0 else 34) + text)


def session_mat(events: Iterable[tuple[int, ev.Event]], voided: Iterable[int] = (), session: str = "") -> str:
    """The MAT text of one backgammon session's events (see the module docstring)."""
    skip = set(voided)
    state = TableState(session=session)
    players: list[str] = []
    length = 0
    games: list[_Game] = []
    game: _Game | None = None
    done: list[_Game] = []
    for seq, event in events:
        if seq in skip or isinstance(event, ev.Void):
            continue
        match event:
            case ev.SessionOpened():
                length = int(event.options.get("match", 0) or 0)
            case ev.PlayerJoined() if len(players) < 2:
                players.append(event.player)
            case ev.HandStarted():
                game = _Game(len(done) + 1, (state.scores.get(players[0], 0), state.scores.get(players[1], 0))
                             if len(players) == 2 else (0, 0))
                games.append(game)
            case ev.DiceRolled(player=str(p)) if game is not None and p in players:
                game.put(players.index(p), f"{event.faces[0]}{event.faces[1]}:")
            case ev.Declared(name="move", player=str(p)) if game is not None and p in players:
                who = players.index(p)
                if game.row[who] is not None:
                    game.row[who] = f"{game.row[who]} {_play(str(event.value or ''))}"
            case ev.Declared(name="double", player=str(p)) if game is not None and p in players:
                game.put(players.index(p), f" Doubles => {event.value}")
            case ev.Declared(name="take" | "drop", player=str(p)) if game is not None and p in players:
                game.put(players.index(p), " Takes" if event.name == "take" else " Drops")
            case ev.Scored(player=str(p)) if game is not None and p in players:
                game.wins(players.index(p), event.points)
                done.append(game)
                game = None
        apply(state, seq, event)
    names = players + ["", ""][len(players):]
    out = [f" {length} point match", ""]
    for g in done:
        out += [f" Game {g.number}", f" {names[0] + ' : ' + str(g.score[0]):<31}{names[1]} : {g.score[1]}"]
        out += g.lines + [""]
    return "\n".join(out) + "\n"
