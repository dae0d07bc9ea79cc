"""Games by name, for the core and the kit, which never import a game.

Where the shared mechanics need the table's game (its seats when a player joins, its options
when the table switches game or a session_opened is checked, its own override), and where the
reducer needs a game's own step, they ask `ruleset(name)`. The games' package (`ledger.games`,
which finds each game by discovery) registers its lookup here when it is imported; a lookup
before that loads the package named `GAMES` by name, as a plugin is loaded, and so registers it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from .contract import AnyRuleset as Ruleset

GAMES = "ledger.games"
"""The package whose import registers the games' lookup."""

_lookup: list[Callable[[str], Ruleset]] = []


def register(lookup: Callable[[str], Ruleset]) -> None:
    """Make `lookup(name)` (a `Ruleset`, or `InputError` listing the games) the way games are found."""
    _lookup[:] = [lookup]


def ruleset(name: str) -> Ruleset:
    """The game called `name`; `InputError` listing the choices if there is none."""
    if not _lookup:
        importlib.import_module(GAMES)  # (it registers its lookup)
    return _lookup[0](name)
