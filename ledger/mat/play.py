"""A MAT match played through potlog's backgammon rules: each action a command, every game
checked against the file (the score line that opens it, its "Wins" line), in memory
(`replay`) or as the stored rows of a session of its own (`match_rows`).

Readings: the first player (the left column) sits first; a "0 point match" is a money session
played with the Jacoby rule (gnubg's default, and how the referee files were made), a match
to N under the Crawford rule; no chips change hands (``stake=0``): the points are the
record. A roll with nothing after it must be one with no legal move (potlog passes the turn
by itself); an illegal move, a double the rules refuse, a cube value or a "Wins" line other
than the rules give, or a score line other than the match score is refused (`MatError`)
naming the game, the move number and the reason.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .. import events as ev
from ..commands import Command, Join, NewHand, Open, RollDice
from ..errors import PotlogError
from ..games import get_ruleset
from ..games.backgammon.game import Double, Drop, Resign, Take, play_command
from ..core.run import checked
from ..state import TableState
from .read import Action, Match, MatError, loads

GAME = "backgammon"
Row = tuple[str, int, str, str, str, str, str]


def options(match: Match, *, jacoby: bool = True) -> dict[str, Any]:
    """The table a MAT match is played at."""
    out: dict[str, Any] = {"match": match.length, "stake": 0}
    if match.length == 0 and jacoby:
        out["jacoby"] = True
    return out


CUBE: dict[str, type[Double] | type[Take] | type[Drop]] = {"double": Double, "take": Take, "drop": Drop}


def commands(action: Action, name: str) -> list[Command]:
    """The commands of one action of the file, as a recorder types them (``roll``, ``move``, ``double`` ...)."""
    if action.kind == "roll":
        roll = RollDice(player=name, faces=action.dice, sides=6)
        return [roll, play_command(name, action.play)] if action.play else [roll]
    cube = CUBE.get(action.kind)
    return [cube(player=name)] if cube is not None else []


def play(match: Match, run: Callable[[Command], TableState], state: TableState) -> TableState:
    """Every game of `match` from `state` (its players seated), checked as it goes."""
    a, b = match.players
    names = (a, b)
    ext: Any
    for game in match.games:
        where = f"game {game.number}"
        scores = (state.scores.get(a, 0), state.scores.get(b, 0))
        if game.score != scores:
            raise MatError(f"{where}: the file's score is {game.score[0]}-{game.score[1]}, the rules give "
                           f"{scores[0]}-{scores[1]}")
        try:
            state = run(NewHand())
        except PotlogError as exc:
            raise MatError(f"{where}: cannot start: {exc}") from None
        for action in game.actions:
            at = f"{where}, move {action.move} (line {action.line})"
            if action.kind == "wins":
                continue
            name = names[action.who]
            for cmd in commands(action, name):
                try:
                    state = run(cmd)
                except PotlogError as exc:
                    raise MatError(f"{at}: {exc}") from None
            ext = state.ext
            if action.kind == "roll" and not action.play and ext.step == "move" and ext.turn == name:
                raise MatError(f"{at}: {name} rolled {action.dice[0]}{action.dice[1]} and played nothing, "
                               f"but has a legal move")
            if action.kind == "double" and ext.offered != action.value:
                raise MatError(f"{at}: {name} doubles to {ext.offered}, not {action.value}")
        wins = game.wins
        if state.in_hand and wins is not None:  # the loser resigned: the file writes only what the winner won
            ext = state.ext
            level, odd = divmod(wins.value, ext.cube)
            if odd or level not in (1, 2, 3):
                raise MatError(f"{where}: {names[wins.who]} wins {wins.value} with the game not over: not a "
                               f"resignation at the cube's {ext.cube}")
            try:
                state = run(Resign(player=names[1 - wins.who], level=str(level)))
            except PotlogError as exc:
                raise MatError(f"{where}: {exc}") from None
        if state.in_hand:
            raise MatError(f"{where}: the game is not over after its moves")
        after = (state.scores.get(a, 0), state.scores.get(b, 0))
        won = (after[0] - scores[0], after[1] - scores[1])
        said = (names[wins.who], wins.value) if wins is not None else None
        got = next(((names[i], w) for i, w in enumerate(won) if w), None)
        if said != got:
            gave = f"{got[0]} wins {got[1]}" if got else "nobody wins"
            raise MatError(f"{where}: the file says {said[0] + ' wins ' + str(said[1]) if said else 'nothing'}, "
                           f"the rules give {gave}")
    return state


def replay(match: Match | str, log: list[tuple[int, ev.Event]] | None = None, *, jacoby: bool = True) -> TableState:
    """`match` played in memory through the rules, every event applied and the chips checked;
    the table at the end. `log` receives every (seq, event)."""
    match = loads(match) if isinstance(match, str) else match
    rules = get_ruleset(GAME)
    state = TableState(session="mat")
    record = checked(state, log)

    def run(cmd: Command) -> TableState:  # decided on the table itself, each event applied as it is (`Ruleset.run`)
        rules.run(state, cmd, record)
        return state

    try:
        run(Open(options=options(match, jacoby=jacoby),
                 title=f"{match.length} point match" if match.length else "money session"))
        for name in match.players:
            run(Join(player=name, amount=0))
    except PotlogError as exc:
        raise MatError(f"the table cannot be set: {exc}") from None
    return play(match, run, state)


def match_rows(match: Match | str, session: str, recorded_at: str, *,
               jacoby: bool = True) -> tuple[list[Row], TableState]:
    """`match` replayed as the rows of a session of its own, hashed and chained as stored."""
    log: list[tuple[int, ev.Event]] = []
    state = replay(match, log, jacoby=jacoby)
    prev, rows = ev.GENESIS, []
    for seq, event in log:
        body = ev.event_body(event)
        digest = ev.chain_hash(prev, body, session=session, seq=seq, etype=event.type, recorded_at=recorded_at)
        rows.append((session, seq, event.type, body, prev, digest, recorded_at))
        prev = digest
    return rows, state


def match_lines(match: Match | str, session: str, recorded_at: str) -> list[str]:
    """`match` as the JSONL lines of a session (what `Ledger.import_lines` reads)."""
    rows, _ = match_rows(match, session, recorded_at)
    return [ev.canonical_json({"session": s, "seq": seq, "recorded_at": at, "prev_hash": prev, "hash": h,
                               "event": json.loads(body)}) for s, seq, _, body, prev, h, at in rows]
