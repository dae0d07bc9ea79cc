"""What shell completion offers from a database, read fast: the sessions, the current one, the
players seated in a session, the cards of its pack not seen in the hand in progress, the games.

Completion runs on every Tab, so nothing here folds a log, validates an event or imports a
game: it reads the few rows it needs from the SQLite file with `sqlite3`, read-only (a missing
file is never made), and looks only at the core events that seat players and name cards, as
stored (`ledger.events`: ``player_joined``, ``player_left``, ``cards_dealt`` ...), leaving out
the voided ones. It is a suggestion: the rules decide when the command runs. A database that is
not a SQLite file (a ``postgresql://`` URL), or that cannot be read, offers nothing.
"""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote

DEFAULT_PACK = "french52"  # as `ledger.core.table.pack_of` reads a table's options
_CARD_KEYS = ("cards", "card", "discard", "draw")  # where a stored event names cards


def _path(db: str | None) -> Path | None:
    if db is None:
        from .storage import default_db_path  # --db, else $POTLOG_DB, else the data directory's

        return default_db_path()
    if "://" in db:
        return None
    return Path(db)


def _connect(db: str | None) -> sqlite3.Connection | None:
    path = _path(db)
    if path is None or not path.is_file():
        return None
    try:
        con = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True, timeout=0.5)
        con.execute("SELECT 1 FROM events LIMIT 1")
    except sqlite3.Error:
        return None
    return con


def sessions(db: str | None) -> list[str]:
    """Every session in the database, the current one first."""
    con = _connect(db)
    if con is None:
        return []
    with closing(con):
        try:
            names = [r[0] for r in con.execute("SELECT session_id FROM events WHERE seq = 1 ORDER BY rowid")]
            row = con.execute("SELECT value FROM meta WHERE key = 'current_session'").fetchone()
        except sqlite3.Error:
            return []
    current = row[0] if row else None
    return sorted(names, key=lambda name: name != current)


def _events(con: sqlite3.Connection, session: str | None) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """The session's events not voided, in order: (seq, type, body)."""
    if session is None:
        row = con.execute("SELECT value FROM meta WHERE key = 'current_session'").fetchone()
        session = row[0] if row else None
    rows = con.execute("SELECT seq, type, body FROM events WHERE session_id = ? ORDER BY seq", (session,)).fetchall()
    voids = {seq: json.loads(body).get("target") for seq, kind, body in rows if kind == "void"}

    def voided(seq: int, depth: int = 0) -> bool:  # a void is undone when it is voided itself
        return depth < 50 and any(target == seq and not voided(v, depth + 1) for v, target in voids.items())

    gone = {target for v, target in voids.items() if not voided(v)}
    for seq, kind, body in rows:
        if seq not in gone and kind != "void":
            yield seq, kind, json.loads(body)


def _read(db: str | None, session: str | None) -> list[tuple[int, str, dict[str, Any]]]:
    con = _connect(db)
    if con is None:
        return []
    with closing(con):
        try:
            return list(_events(con, session))
        except (sqlite3.Error, ValueError, AttributeError):
            return []


def players(db: str | None, session: str | None = None) -> list[str]:
    """Who is seated in `session` (default: the current one), in seat order."""
    seated: list[str] = []
    for _seq, kind, body in _read(db, session):
        name = body.get("player")
        if kind == "player_joined" and isinstance(name, str) and name not in seated:
            position = body.get("position")
            seated.insert(position if isinstance(position, int) else len(seated), name)
        elif kind == "player_left" and name in seated:
            seated.remove(name)
    return seated


def unseen_cards(db: str | None, session: str | None = None) -> list[str]:
    """The cards of the session's pack that no event of the hand in progress names (the whole
    pack before the first hand), in the pack's order. Cards seen before a reshuffle stay out."""
    from .cards import PACKS

    pack, seen = DEFAULT_PACK, set[str]()
    for _seq, kind, body in _read(db, session):
        if kind in ("session_opened", "game_switched"):
            pack = str((body.get("options") or {}).get("pack", DEFAULT_PACK))
        elif kind == "hand_started":
            seen = set[str]()
        for key in _CARD_KEYS:
            value = body.get(key)
            named = [value] if isinstance(value, str) else value if isinstance(value, list) else []
            seen.update(card for card in named if isinstance(card, str))
    cards = PACKS[pack].cards if pack in PACKS else PACKS[DEFAULT_PACK].cards
    return [card for card in cards if card not in seen]


def games() -> list[str]:
    """The games' names, as `ledger.games.available` lists them, without importing one."""
    import importlib.util
    import pkgutil

    spec = importlib.util.find_spec("ledger.games")
    where = list(spec.submodule_search_locations or []) if spec is not None else []
    return sorted(info.name for info in pkgutil.iter_modules(where) if not info.name.startswith("_"))
