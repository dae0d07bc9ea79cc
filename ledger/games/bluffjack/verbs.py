"""Bluffjack's verb handlers by verb: `dealing`, `betting` and `showdown` register theirs with
`_handler`; `decide` looks them up."""

from __future__ import annotations

from typing import Any

_HANDLERS: dict[str, Any] = {}


def _handler(verb: str) -> Any:
    def register(fn: Any) -> Any:
        _HANDLERS[verb] = fn
        return fn
    return register
