"""What shell completion offers from a database, read fast: the sessions, the current one, the
players seated in a session, the cards of its pack not seen in the hand in progress, the games.

Completion runs on every Tab, so nothing here folds a log, validates an event or imports a
game: it reads the rows it needs through the store's own readers (`ledger.store.Store`: its
``rows``, ``voids``, ``session_ids``, ``get_meta``) on a read-only connection (a missing file
is never made, nothing is written), and looks only at the core events that seat players and
name cards, as stored (``player_joined``, ``player_left``, ``cards_dealt`` ...: `ledger.events`),
leaving out the voided ones. It is a suggestion: the rules decide when the command runs. A
PostgreSQL database (a ``postgresql://`` URL) offers nothing: a Tab opens no network
connection. A file that cannot be read as a potlog database offers nothing either.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator
from urllib.parse import quote

from .errors import PotlogError

if TYPE_CHECKING:
    from .store import Store

DEFAULT_PACK = "french52"  # as `ledger.core.table.pack_of` reads a table's options
_CARD_KEYS = ("cards", "card", "discard", "draw")  # where a stored event names cards
_FAILED = (sqlite3.Error, PotlogError, ValueError, TypeError, AttributeError)  # what a foreign or damaged file raises


def _path(db: str | None) -> Path | None:
    """The SQLite file `db` names: --db, else $POTLOG_DB, else the data directory's potlog.db;
    None for a PostgreSQL URL."""
    target = db if db is not None else os.environ.get("POTLOG_DB")
    if target:
        return None if "://" in target else Path(target)
    from .storage import default_db_path

    return default_db_path()


def _open(db: str | None) -> Store | None:
    """The store of `db` (None: the default database), opened read-only; None when there is
    no such file or it is not SQLite."""
    from .store import Store

    path = _path(db)
    if path is None or not path.is_file():
        return None
    try:
        return Store(sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True, timeout=0.5), str(path))
    except sqlite3.Error:
        return None


def sessions(db: str | None) -> list[str]:
    """Every session in the database, the current one first."""
    store = _open(db)
    if store is None:
        return []
    try:
        names, current = store.session_ids(""), store.get_meta("current_session")
    except _FAILED:
        return []
    finally:
        store.close()
    return sorted(names, key=lambda name: name != current)


def _events(store: Store, session: str | None) -> Iterator[tuple[str, dict[str, Any]]]:
    """The session's events not voided, in order: (type, stored body)."""
    session = session or store.get_meta("current_session")
    if not session:
        return
    voided = set(store.voids(session))
    for seq, kind, body, *_ in store.rows(session):
        data = json.loads(body) if seq not in voided and kind != "void" else None
        if isinstance(data, dict):
            yield kind, data


def _read(db: str | None, session: str | None) -> list[tuple[str, dict[str, Any]]]:
    store = _open(db)
    if store is None:
        return []
    try:
        return list(_events(store, session))
    except _FAILED:
        return []
    finally:
        store.close()


def players(db: str | None, session: str | None = None) -> list[str]:
    """Who is seated in `session` (default: the current one), in seat order."""
    seated: list[str] = []
    for kind, body in _read(db, session):
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
    for kind, body in _read(db, session):
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
