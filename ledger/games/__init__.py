"""The rulesets. Each module in this package that defines `NAME` is a decider:

- ``NAME``, ``TITLE``, ``SUMMARY``: how `potlog games` lists it.
- ``Options``: a pydantic model of the table's choices, defaults as the rule book says.
- ``initial(state) -> ext``: the game's own state, right after the session opens.
- ``decide(state, command) -> list[Event]``: check a command, return what it causes, or
  raise `RuleViolation` with a message a player understands.
- ``apply(state, event) -> None``: the game's part of applying an event (turn, phase,
  ``state.ext``), after the core step in `ledger.reducer`; never refuses.
- ``legal(state) -> list[Legal]``: who may do what next.
- ``describe(state) -> list[tuple[str, str]]``: extra lines for `potlog state`.

A new module here is registered by being here: `available()` finds it.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from ..errors import InputError

_NOT_RULESETS = {"base"}
_cache: dict[str, ModuleType] = {}


def available() -> list[str]:
    """Every ruleset's name, sorted."""
    names = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name in _NOT_RULESETS:
            continue
        names.append(info.name)
    return sorted(names)


def get_ruleset(name: str) -> ModuleType:
    """The ruleset module called `name`; `InputError` listing the choices if none is."""
    mod = _cache.get(name)
    if mod is not None:
        return mod
    if name not in available():
        raise InputError(f"no game called {name!r}: choose one of {', '.join(available())}")
    mod = importlib.import_module(f"{__name__}.{name}")
    _cache[name] = mod
    return mod
