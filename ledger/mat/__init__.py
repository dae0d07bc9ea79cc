"""Jellyfish MAT, the match files backgammon programs exchange (GNU Backgammon, eXtreme Gammon,
BGBlitz), in and out of potlog:

    match = loads(text)                      # `read`: the file as a Match (players, games, actions)
    state = replay(match)                    # `play`: every game through the backgammon rules, in memory
    rows, state = match_rows(match, "mat-x", now)   # the stored rows of a session of its own
    import_files(ledger, ["dir/"], now)      # `load`: many files, one transaction (potlog import)
    text = session_mat(events)               # `write`: a session back as MAT (potlog export -f mat)

Each match or money session is a session; every roll, play, double, take, drop and result is
an event, decided by the backgammon ruleset (`ledger.games.backgammon`) and checked against the
file's score lines and "Wins" lines; a file that breaks the rules is refused (`MatError`) with
the game, the move number and why.
"""

from __future__ import annotations

from .load import Imported, import_files, is_mat, mat_files, session_name
from .play import match_lines, match_rows, replay
from .read import Action, Game, Match, MatError, loads
from .write import session_mat

__all__ = ["Action", "Game", "Imported", "Match", "MatError", "import_files", "is_mat", "loads", "mat_files",
           "match_lines", "match_rows", "replay", "session_mat", "session_name"]
