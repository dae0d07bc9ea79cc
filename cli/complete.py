"""Shell completion of arguments, through click's own protocol (``_POTLOG_COMPLETE=complete_bash``
with ``COMP_WORDS``/``COMP_CWORD``; ``potlog --install-completion`` installs the shell's side).

`attach` gives every parameter of the core commands a completion by what it takes, read from
its name as `potlog play`'s prompt reads it (`cli.play_complete.kind_of`): ``bet <TAB>`` the
seated players, ``deal Ann <TAB>`` the cards of the pack not seen in this hand, ``pay <TAB>`` the
players and the accounts, ``use <TAB>`` and ``--session <TAB>`` the sessions, ``new <TAB>`` the
games, ``export -f <TAB>`` the formats. The data come from the database the command line names
(``--db``, before or after the command, else ``$POTLOG_DB``, else the default one), read by
`ledger.completion` without folding the log or importing a game.

A parameter that takes one of a fixed list (`FIXED`: the games, the export formats, the table's
packs, the database's kinds) also names the list in its help, from the list the code checks.
"""

from __future__ import annotations

from typing import Any, Callable

from .play_complete import ACCOUNT, ACCOUNTS, BOARDS, CARD, GAME, HOLDER, PAIR, PLAYER, kind_of

SESSION = "session"      # a session of the database (use, --session)
FORMAT = "format"        # an export format
OPTION = "option"        # a table option KEY=VALUE (new, switch): pack=NAME completes
URL = "url"              # a database: a file or a URL (--db, push/pull CENTRAL)

_KINDS: dict[tuple[str | None, str], str] = {
    ("export", "fmt"): FORMAT, ("new", "option"): OPTION, ("switch", "option"): OPTION,
    (None, "session"): SESSION, (None, "db"): URL, ("push", "to"): URL, ("pull", "source"): URL,
}


def _games() -> list[str]:
    from ledger.completion import games

    return games()


def _formats() -> list[str]:
    from ledger.export import FORMATS  # what `ledger.export.writer` accepts

    return list(FORMATS)


def _packs() -> list[str]:
    from ledger.cards import PACKS  # what `ledger.cards.get_pack` accepts

    return list(PACKS)


def _backends() -> list[str]:
    from ledger.pgstore import URL_PREFIXES  # what `ledger.pgstore.open_store` opens as PostgreSQL

    return list(URL_PREFIXES)


FIXED: dict[str, tuple[Callable[[list[str]], str], Callable[[], list[str]]]] = {
    GAME: (lambda v: f"One of: {', '.join(v)}.", _games),
    FORMAT: (lambda v: f"One of: {', '.join(v)}.", _formats),
    OPTION: (lambda v: f"A game with a pack takes pack= one of: {', '.join(v)}.", _packs),
    URL: (lambda v: f"A PostgreSQL URL starts with {' or '.join(v)}.", _backends),
}
"""The kinds that take a value from a fixed list: how the help names the list, and the list."""


def kind(command: str, param: Any) -> str:
    """What a core command's parameter takes (`cli.play_complete`'s kinds, and `_KINDS`)."""
    name = param.name or ""
    return (_KINDS.get((command, name)) or _KINDS.get((None, name))
            or kind_of(command, name, getattr(param, "metavar", None)))


def names_all(help: str | None, values: list[str]) -> bool:
    return bool(help) and all(v in (help or "") for v in values)


def attach(group: Any, *, helps: bool = True) -> None:
    """Give each parameter of `group`'s commands its completion (one it has of its own stays),
    and, with `helps`, the list of values in its help when it takes one from `FIXED`."""
    import os

    helps = helps and not any(var.startswith("_POTLOG_COMPLETE") for var in os.environ)  # no help is shown then
    for name, command in [("", group), *group.commands.items()]:
        for param in command.params:
            what = kind(name, param)
            if not what:
                continue
            if getattr(param, "_custom_shell_complete", None) is None:
                param._custom_shell_complete = _completer(what)
            if helps and what in FIXED:
                say, values = FIXED[what]
                listed = values()
                if not names_all(param.help, listed):
                    param.help = f"{param.help or ''} {say(listed)}".strip()


def _completer(what: str) -> Callable[[Any, Any, str], list[str]]:
    def complete(ctx: Any, param: Any, incomplete: str) -> list[str]:
        try:
            return [v for v in offers(what, ctx, incomplete) if v.casefold().startswith(incomplete.casefold())]
        except Exception:  # a Tab must never print a traceback into the command line being typed
            return []
    return complete


def _given(ctx: Any, name: str) -> str | None:
    """An option's value given on the command line so far: the command's own, else the root's."""
    while ctx is not None:
        value = (ctx.params or {}).get(name)
        if isinstance(value, str) and value:
            return value
        ctx = ctx.parent
    return None


def offers(what: str, ctx: Any, incomplete: str) -> list[str]:
    """Every value a parameter of kind `what` may take now (the caller keeps those that match)."""
    from ledger import completion

    db = _given(ctx, "db")
    session = None if what == SESSION else _given(ctx, "session")
    if what == SESSION:
        return completion.sessions(db)
    if what in (GAME, FORMAT):
        return FIXED[what][1]()
    if what == OPTION:
        return [f"pack={name}" for name in _packs()] if incomplete.startswith("pack=") else []
    if what == CARD:
        return completion.unseen_cards(db, session)
    if what in (PLAYER, HOLDER, ACCOUNT, PAIR):
        players = completion.players(db, session)
        extra = {HOLDER: BOARDS, ACCOUNT: ACCOUNTS}.get(what, ())
        if what == PAIR:
            return [] if "=" in incomplete else [f"{p}=" for p in players]
        if what == PLAYER and getattr(ctx.command, "name", "") in ("ante", "check"):
            extra = ("all",)
        return [*players, *extra]
    return []
