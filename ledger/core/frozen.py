"""`frozen`: a frozen, keyword-only dataclass that is made when it is first used; `later`:
any other (not slotted) dataclass, made the same way; `module_later`: a module imported when
it is first used.

``@dataclass(frozen=True, kw_only=True)`` writes each class's ``__init__``, ``__eq__``,
``__hash__``, ``__repr__``, ``__setattr__`` and ``__delattr__`` as source text and compiles it
(``exec``) when the class is defined: about 3 million instructions a class, paid on every start
for every class a module defines, though a command line uses one or two of them. A class
decorated with `frozen` is that very dataclass, made by `dataclasses.dataclass` itself, only
later: on its first instance, or the first time anything asks for what the dataclass adds
(``__dataclass_fields__``, ``__dataclass_params__``, ``__match_args__``, ``__doc__``; so
`dataclasses.fields`, `is_dataclass`, `replace` and ``match`` patterns see the same class).
Until then the class holds small stand-ins that make it and then do what was asked. An
instance made without ``__init__`` (`pickle`, `copy`) makes it on its first comparison,
hash, repr or assignment.

Every base such a class has must be a dataclass (made at once, or itself made later),
`typing.Generic` or `object`.

``bets = module_later("ledger.kit.betting", globals(), "bets")`` binds a stand-in that imports
the module on the first attribute read and puts the module itself in its place (the global
`bets`), so the module's own functions read the module at full speed from then on: a kit
engine that only some games use is not imported by a command of a game that never calls it.
Declare the import under ``if TYPE_CHECKING:`` for the type checker and the layer contract.
"""

from __future__ import annotations

import dataclasses
import importlib
import threading
from typing import Any, Callable, Generic, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)

_METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")
_MADE_ON_READ = ("__dataclass_fields__", "__dataclass_params__", "__match_args__")
_LOCK = threading.RLock()  # two threads meeting a class at once make it once


def _make(cls: type) -> None:
    """Make the dataclass of `cls` now (and of its pending bases first), once."""
    with _LOCK:
        for klass in reversed(cls.__mro__):
            pending = klass.__dict__.get("__frozen_pending__")  # (its own docstring or None, params)
            if pending is None:
                continue
            del klass.__frozen_pending__  # type: ignore[attr-defined]
            for name in (*_METHODS, *_MADE_ON_READ):
                delattr(klass, name)
            klass.__doc__ = pending[0]
            dataclasses.dataclass(**pending[1])(klass)


class _OnRead:
    """A class attribute that makes the dataclass when it is read, then gives what it holds."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, cls: type) -> Any:
        _make(cls)
        return getattr(cls if obj is None else obj, self.name)


def _made(self: object) -> Any:
    """The class of `self`, its dataclass made."""
    cls = type(self)
    _make(cls)
    return cls


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    _made(self).__init__(self, *args, **kwargs)


def _repr(self: Any) -> Any:
    return _made(self).__repr__(self)


def _eq(self: Any, other: object) -> Any:
    return _made(self).__eq__(self, other)


def _hash(self: Any) -> Any:
    fn = _made(self).__hash__
    if fn is None:  # an eq dataclass that is not frozen
        raise TypeError(f"unhashable type: '{type(self).__name__}'")
    return fn(self)


def _setattr(self: Any, name: str, value: object) -> None:
    _made(self).__setattr__(self, name, value)


def _delattr(self: Any, name: str) -> None:
    _made(self).__delattr__(self, name)


_STANDINS = dict(zip(_METHODS, (_init, _repr, _eq, _hash, _setattr, _delattr)))


_WAITING: list[type] = []  # classes made later, not yet made (`make_all`)
_MODULES: list["_ModuleLater"] = []  # modules loaded later, not yet loaded


def make_all() -> None:
    """Make every class and load every module still waiting for its first use: what a
    long-lived program (the live prompt) does once before its first line, so no line pays."""
    with _LOCK:
        for cls in _WAITING:
            if "__frozen_pending__" in cls.__dict__:
                _make(cls)
        _WAITING.clear()
        for stand_in in _MODULES:
            if stand_in._scope.get(stand_in._bound) is stand_in:
                stand_in._scope[stand_in._bound] = importlib.import_module(stand_in._module)
        _MODULES.clear()


def _pending(cls: T, params: dict[str, bool]) -> T:
    _WAITING.append(cls)
    for klass in cls.__mro__[1:-1]:
        if not dataclasses.is_dataclass(klass) and klass is not Generic:
            raise TypeError(f"{cls.__name__}: base {klass.__name__} is not a dataclass")
    for name, fn in _STANDINS.items():
        setattr(cls, name, fn)
    for name in _MADE_ON_READ:
        setattr(cls, name, _OnRead(name))
    cls.__frozen_pending__ = (cls.__dict__.get("__doc__"), params)  # type: ignore[attr-defined]
    cls.__doc__ = _OnRead("__doc__")  # type: ignore[assignment]
    return cls


@dataclass_transform(kw_only_default=True, frozen_default=True,
                     field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: T) -> T:
    """``@dataclass(frozen=True, kw_only=True)``, made when the class is first used."""
    return _pending(cls, {"frozen": True, "kw_only": True})


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def later(*, frozen: bool = False, kw_only: bool = False) -> Callable[[T], T]:
    """``@dataclass(frozen=..., kw_only=...)``, made when the class is first used."""
    params = {"frozen": frozen, "kw_only": kw_only}
    return lambda cls: _pending(cls, params)


class _ModuleLater:
    """Stands for a module until an attribute of it is first read (see the module docstring)."""

    __slots__ = ("_module", "_scope", "_bound")

    def __init__(self, module: str, scope: dict[str, Any], bound: str) -> None:
        self._module, self._scope, self._bound = module, scope, bound

    def __getattr__(self, attr: str) -> Any:
        module = importlib.import_module(self._module)  # the import lock: made once, whoever asks
        self._scope[self._bound] = module
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<module {self._module!r}, imported on first use>"


def module_later(module: str, scope: dict[str, Any], bound: str) -> Any:
    """A stand-in for `module`, bound as `bound` in `scope` (the importing module's globals):
    its first attribute read imports `module` and binds the module itself there."""
    stand_in = _ModuleLater(module, scope, bound)
    _MODULES.append(stand_in)
    return stand_in
