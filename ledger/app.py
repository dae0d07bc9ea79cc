"""The application layer: a `Ledger` is a potlog database and the operations on it.

Everything the CLI does goes through a `Ledger`; nothing here prints. It is put together
from one module per responsibility:

- `ledger.memo`: the heads kept in memory between commands, `batch` (several commands as
  one transaction), `step`, `sharing`;
- `ledger.recording`: reading a table, deciding a command and appending its events
  (`execute`: expected seq, retries, the write lock);
- `ledger.corrections`: acts, `undo`, `amend`;
- `ledger.importing`: JSONL import and export;
- here: opening and closing, the sessions (new, current, use), `capture`.

The database is any `ledger.storage.EventStore` (SQLite or PostgreSQL).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator, cast

from .commands import Command, Join, Open
from .corrections import Amended, Corrections
from .errors import Conflict, NotFound, RuleViolation
from .games import get_ruleset
from .core.options import fresh_options
from .importing import IMPORT_BATCH, ImportResult, Importing, _fast_parser, _pack_of, check_utc
from .memo import _SHARED, _db_key
from .names import resolve
from .recording import (RETRIES, SESSION_ID, Captured, check_limits, check_session_id, resolve_names, seat_name,
                        utc_now)
from .state import TableState

__all__ = ["Amended", "CURRENT", "Captured", "IMPORT_BATCH", "ImportResult", "Ledger", "RETRIES", "SESSION_ID",
           "check_limits", "check_session_id", "check_utc", "count_difference", "resolve_names", "seat_name",
           "utc_now", "_fast_parser", "_pack_of"]

CURRENT = "current_session"


class Ledger(Corrections, Importing):
    """A potlog database and the operations on it."""

    default_db = False  # opened without a database named (no --db, no $POTLOG_DB): `where` says so

    @classmethod
    def open(cls, path: str | None = None) -> Ledger:
        shared = _SHARED.get(_db_key(path))
        if shared is not None:  # inside `sharing()` (potlog run): the same ledger, in the same transaction
            return cast(Ledger, shared)
        from .pgstore import open_store  # a SQLite file, or a postgresql:// URL (psycopg is imported only then)

        led = cls(open_store(path))
        led.default_db = path is None and not os.environ.get("POTLOG_DB")
        return led

    def where(self) -> str:
        """Which database this is, for a message that found nothing in it: its file, and when it
        is the default one, how to point at another."""
        from .pgstore import redact

        name = redact(str(self.store.path))
        return (f"the default database {name} (another: --db FILE, or set POTLOG_DB)" if self.default_db
                else name)

    def close(self) -> None:
        if not self._shared:
            self.flush()
            self.store.close()

    @contextmanager
    def capture(self) -> Iterator[list[tuple[Command, str | None]]]:
        """While inside, `execute` records nothing: it keeps the (command, override) it was
        given and raises `Captured` (for ``potlog amend SEQ -- COMMAND``: the command as the
        CLI parses it)."""
        got: list[tuple[Command, str | None]] = []
        self._capture = got
        try:
            yield got
        finally:
            self._capture = None

    def current(self, session: str | None = None) -> str:
        """The session named, else the current one; `NotFound` with a hint if there is none."""
        sid = session or self.store.get_meta(CURRENT)
        if not sid:
            raise NotFound(f"no current session in {self.where()}: start one with 'potlog new GAME' or pass "
                           "--session")
        self.store.require(sid)
        return sid

    def adopt(self, imported: list[str], use: bool) -> bool:
        """After an import: the last session of `imported` becomes current when `use` asks, or
        when the database has no current session yet; a table recorded live keeps its current
        session (its next ``bet`` must not go into an imported one). True when it did."""
        if not imported:
            return False
        current = self.store.get_meta(CURRENT)
        if not use and current and self.store.exists(current):
            return False
        self.use(imported[-1])
        return True

    def use(self, session: str) -> None:
        self.store.require(session)
        self._set_current(session)

    def _set_current(self, session: str) -> None:
        self.store.set_meta(CURRENT, session)  # one statement, so inside a batch it is part of its transaction

    def new_session(self, game: str, players: list[tuple[str, int]], *, options: dict | None = None,
                    name: str | None = None, chip_unit: str = "chip", title: str = "",
                    now: str | None = None) -> str:
        """Open a session with its players seated in the order given; it becomes current."""
        rules = get_ruleset(game)
        sid = check_session_id(name) if name else self._free_name(game, now or utc_now())
        if name and self.store.exists(sid):
            raise RuleViolation(f"a session called {sid} exists already: pick another --name")
        now = self._stamp(sid, now)  # (a time of its own: the first act after it is not grouped with it)
        state = TableState(session=sid)
        events = list(rules.decided(state, Open(options=fresh_options(rules.options, dict(options or {})),
                                                  chip_unit=chip_unit, title=title)))
        state = self._trial(state, events)
        rules.check_seats(len(players), state.options)  # options first: they may narrow the seats
        for player, buyin in players:
            new = rules.decided(state, Join(player=seat_name(state, player), amount=buyin))
            state = self._trial(state, new)
            events += new
        for attempt in range(RETRIES + 1):
            if attempt and not name:  # someone opened that one just now: the next free name
                sid = self._free_name(game, now)
            try:
                self._append(sid, 1, events, now)
                break
            except Conflict:
                if not self.store.exists(sid):  # the database was busy, not a session made first
                    raise
                if name or attempt == RETRIES:
                    raise RuleViolation(f"a session called {sid} was opened by someone else just now: "
                                        + ("pick another --name" if name else "try again")) from None
        self._set_current(sid)
        return sid

    def _free_name(self, game: str, now: str) -> str:
        """GAME-DATE, else GAME-DATE-2, GAME-DATE-3 ...: the first not taken."""
        stem = f"{game}-{now[:10]}"
        sid, n = stem, 1
        while self.store.exists(sid):
            n += 1
            sid = f"{stem}-{n}"
        return sid


def count_difference(state: TableState, player: str, counted: int) -> str | None:
    """What to say when a count of `player`'s chips is not what the ledger says, else None."""
    seated = [s.name for s in state.seats]
    name = player if state.seat(player) is not None else resolve(player, seated)
    if name is None:
        return None
    have = state.stack(name)
    if have == counted:
        return None
    diff = counted - have
    from .units import amount

    return (f"{name} counted {counted} but the ledger says {have}: {amount(abs(diff), state.chip_unit)} "
            f"{'more' if diff > 0 else 'fewer'} on the table (recorded; 'potlog audit' lists it)")

