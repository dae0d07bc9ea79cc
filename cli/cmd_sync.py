"""Moving whole logs between a local database and the central store (push, pull).

A table recorded offline in a SQLite file is pushed to the club's PostgreSQL store later
(``potlog push postgresql://...``); a device pulls a session from it to record or read
offline (``potlog pull postgresql://... -s SESSION``). Either direction is the same
`transfer`:

- the source's chain is checked link by link first (seqs gapless from 1, each ``prev_hash``
  the hash before it, each hash recomputed): a broken copy moves nothing;
- the destination's head must be on the source's chain (the source has the very same hash at
  that seq, which pins every event before it): two logs that diverged (the same session
  recorded on two devices) are refused, naming the seq, and nothing moves;
- only the events after the destination's head are sent, through `Ledger.import_lines`: each
  checked again (link, hash, rules for chips) and written in one transaction for all the
  sessions, so a push or pull lands whole or not at all. Sending again sends nothing: what
  the destination holds is never sent twice, and a line that would land on a stored seq must
  be the very same row.
"""

from __future__ import annotations

from typing import Annotated, Any, Iterator, Optional

import typer

from .common import RUN_DEFAULTS, DbOpt, JsonOpt, app, ledger, print_json

PANEL = "Club"


class Moved:
    """One session's transfer. (A plain class: a dataclass costs every potlog command its
    making at import, about half a millisecond.)"""

    def __init__(self, session: str, sent: int, there: int, behind: int):
        self.session = session
        self.sent = sent  # events added at the destination
        self.there = there  # events the destination already had
        self.behind = behind  # events the destination has that the source lacks (pull them)

    def __repr__(self) -> str:
        return f"Moved(session={self.session!r}, sent={self.sent}, there={self.there}, behind={self.behind})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Moved) and self.__dict__ == other.__dict__


def _check_chain(store: Any, sid: str) -> tuple[int, dict[int, str]]:
    """(last seq, hash by seq) of the session in `store`, every link checked."""
    from ledger.errors import IntegrityError
    from ledger.events import GENESIS, chain_hash

    prev, hashes, expected = GENESIS, {}, 1
    for seq, etype, body, p, h, at in store.rows(sid):
        ok = seq == expected and p == prev and isinstance(body, str)
        if ok:
            try:
                ok = chain_hash(p, body, session=sid, seq=seq, etype=etype, recorded_at=at) == h
            except (TypeError, ValueError):  # a row that is not even text (bytes, a lone surrogate)
                ok = False
        if not ok:
            raise IntegrityError(f"session {sid} in {store.path} is broken at seq {expected} ('potlog verify' says "
                                 "how): nothing was sent")
        hashes[seq], prev, expected = h, h, seq + 1
    return expected - 1, hashes


def transfer(src: Any, dst: Any, sessions: list[str]) -> list[Moved]:
    """Send what `dst` (a `Ledger`) lacks of each session of `src` (a `Ledger`), checked link
    by link, in one transaction; refuse diverged logs. See the module's docstring."""
    from ledger.errors import Conflict, NotFound
    from ledger.events import canonical_json

    plans: list[tuple[str, int, int, int]] = []  # session, source last, destination head, behind
    for sid in sessions:
        if not src.store.exists(sid):
            raise NotFound(f"no session called {sid!r} in {src.store.path}")
        last, hashes = _check_chain(src.store, sid)
        head, head_hash = dst.store.head(sid)
        if head:
            at = min(head, last)
            if hashes.get(at) != dst.store.hash_at(sid, at):
                raise Conflict(f"session {sid} differs between {src.store.path} and {dst.store.path} at or before seq "
                               f"{at}: the two logs have diverged (recorded on two devices?); nothing was sent")
        plans.append((sid, last, head, max(0, head - last)))

    def lines() -> Iterator[str]:
        for sid, last, head, _ in plans:
            if last > head:
                for rec in src.store.recorded(sid, head):
                    yield canonical_json(rec.to_line())

    result = dst.import_lines(lines())
    return [Moved(sid, result.added.get(sid, 0), min(head, last), behind) for sid, last, head, behind in plans]


def _run(source: Optional[str], target: Optional[str], sessions: list[str], every: bool, verb: str,
         json: bool) -> None:
    import os

    from ledger.errors import NotFound
    from ledger.pgstore import is_postgres_url

    central = target if verb == "push" else source
    if not is_postgres_url(central) and not os.path.isfile(str(central)):
        raise NotFound(f"no database at {central!r}: give the central store's postgresql:// URL (or an existing "
                       "potlog database file)")
    with ledger(source, create=True) as src, ledger(target, create=True) as dst:
        if every or (verb == "push" and not sessions):
            sids = [s.session for s in src.store.sessions()]
        else:
            sids = list(dict.fromkeys(sessions))
        if not sids:
            raise NotFound(f"no sessions in {src.store.path} to {verb}")
        moved = transfer(src, dst, sids)
        where = dst.store.path
        if verb == "pull" and not dst.store.get_meta("current_session"):
            dst.use(sids[-1])  # a fresh device: the pulled table is the one to record on
    if json:
        print_json({"to": where, "sessions": [m.__dict__ for m in moved]})
        return
    for m in moved:
        line = f"{m.session}: {m.sent} events {verb}ed, {m.there} already there"
        if m.behind:
            line += f"; {where} has {m.behind} more ('potlog {'pull' if verb == 'push' else 'push'}' them)"
        typer.echo(line)


_Sessions = Annotated[Optional[list[str]], typer.Option("--session", "-s", help="A session to send (repeat for more).")]


@app.command(rich_help_panel=PANEL)
def push(to: Annotated[str, typer.Argument(metavar="CENTRAL", help="The central store: a postgresql:// URL (or another database file).")],
         session: _Sessions = None,
         all_sessions: Annotated[bool, typer.Option("--all", help="Every session of the local database (the default without --session).")] = False,
         db: DbOpt = None, json: JsonOpt = False) -> None:
    """Send the local database's sessions (or --session) to the central store: the local
    chain is checked link by link, the central copy must be a prefix of it (a log recorded on
    two devices is refused), and only the events it lacks are sent, in one transaction.
    Pushing again sends nothing."""
    _run(db, to, session or [], all_sessions, "push", json)


@app.command(rich_help_panel=PANEL)
def pull(source: Annotated[str, typer.Argument(metavar="CENTRAL", help="The central store: a postgresql:// URL (or another database file).")],
         session: _Sessions = None,
         all_sessions: Annotated[bool, typer.Option("--all", help="Every session of the central store.")] = False,
         db: DbOpt = None, json: JsonOpt = False) -> None:
    """Fetch sessions (--session, or --all) from the central store into the local database,
    checked as 'push' checks: only the events the local copy lacks, in one transaction."""
    from .common import fail

    if not session and not all_sessions:
        fail("say which sessions to pull: --session NAME (repeatable) or --all", 2)
    _run(source, db, session or [], all_sessions, "pull", json)


@app.command("grant-recorder", rich_help_panel=PANEL)
def grant_recorder(role: Annotated[str, typer.Argument(help="The PostgreSQL role the tables' devices record as.")],
                   db: DbOpt = None) -> None:
    """On a PostgreSQL store, give ROLE what a recorder needs and no more: read and add
    events, keep the current-session pointer and the snapshot caches. Run it as the role that
    owns the tables; a recorder role can then neither change an event nor drop the triggers
    that forbid it. Example: potlog --db postgresql://potlog_owner@db.club/potlog grant-recorder recorder"""
    import os

    from ledger.errors import InputError
    from ledger.pgstore import is_postgres_url

    if not is_postgres_url(db if db is not None else RUN_DEFAULTS["db"] or os.environ.get("POTLOG_DB")):
        raise InputError("grant-recorder is for a PostgreSQL store: give --db postgresql://OWNER@HOST/DB")
    with ledger(db) as led:
        from ledger.pgstore import PgStore, grant_recorder as grant

        assert isinstance(led.store, PgStore)  # (a postgresql:// URL opens one)
        if not role or not role.replace("_", "").isalnum():
            raise InputError(f"{role!r} is not a role name: letters, digits and _")
        grant(led.store, role)
    typer.echo(f"{role} may now record (read and add events; never change one)")
