"""The rulesets. Each module (or package) in here that defines ``RULESET`` is a game: a
`ledger.core.contract.Ruleset` declaration (name, options, decide, evolve, legal, view,
check_event, words). A new module is registered by being here: `available()` finds it. This
package is the games' registry: importing it registers `get_ruleset` with the core
(`ledger.core.registry`), which looks games up by name without importing one.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..core import registry
from ..core.contract import Legal, Param, Ruleset, View, Word
from ..errors import InputError

__all__ = ["Legal", "Param", "Ruleset", "View", "Word", "available", "get_ruleset", "all_rulesets"]

_cache: dict[str, Ruleset] = {}
_names: list[tuple[str, ...]] = []  # the package's listing, read once per process


def available() -> list[str]:
    """Every ruleset's name, sorted."""
    if not _names:
        _names.append(tuple(sorted(info.name for info in pkgutil.iter_modules(__path__)
                                   if not info.name.startswith("_"))))
    return list(_names[0])


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`; `InputError` listing the choices if none is."""
    rules = _cache.get(name)
    if rules is not None:
        return rules
    if name not in available():
        raise InputError(f"no game called {name!r}: choose one of {', '.join(available())}")
    rules = importlib.import_module(f"{__name__}.{name}").RULESET
    if not isinstance(rules, Ruleset) or rules.name != name:
        raise TypeError(f"ledger.games.{name}.RULESET must be a Ruleset named {name!r}")
    _cache[name] = rules
    return rules


def all_rulesets() -> list[Ruleset]:
    return [get_ruleset(n) for n in available()]


registry.register(get_ruleset)
