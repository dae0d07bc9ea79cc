"""Jellyfish MAT (``potlog export -f mat``): a backgammon session as the match file GNU
Backgammon, eXtreme Gammon and BGBlitz read (`ledger.mat.write`). A MAT file holds one match
or money session: export one session."""

from __future__ import annotations

from typing import Any, TextIO

from ..errors import InputError
from ..mat.write import session_mat


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    if len(sessions) != 1:
        raise InputError(f"a MAT file holds one match: export one session, not {len(sessions)}")
    sid = sessions[0]
    ledger.store.require(sid)
    state = ledger.state(sid)
    if state.game != "backgammon" or state.options.get("rules", "modern") != "modern":
        plays = state.game if state.game != "backgammon" else "Willughby's backgammon"
        raise InputError(f"MAT holds matches of the modern backgammon: session {sid} plays {plays}")
    out.write(session_mat(ledger.store.events(sid), ledger.store.voids(sid), sid))
