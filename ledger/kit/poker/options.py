"""Options for a poker declaration: a chips field, and the `Stakes` read from any options model."""

from __future__ import annotations

from typing import Any, Callable

from pydantic import BaseModel, Field

from ... import events as ev
from ...games.ruleset import options_of
from ...state import TableState
from .streets import Stakes

_FIELDS = ("small_blind", "big_blind", "ante", "bb_ante", "straddle", "structure", "min_bet", "bring_in", "small_bet",
           "big_bet", "button_blind", "split")


def chips(default: int, what: str, *, least: int = 0) -> Any:
    """An options field of chips: `default`, from `least` to potlog's maximum."""
    return Field(default=default, ge=least, le=ev.MAX_CHIPS, description=what)


def stakes(model: type[BaseModel], **fixed: Any) -> Callable[[TableState], Stakes]:
    """`stakes(state)` for a game whose options model is `model`: the `Stakes` fields it has
    (the others 0, or as `fixed` says, like ``structure="fixed-limit"``), read once per option set."""
    seen: dict[int, tuple[BaseModel, Stakes]] = {}

    def read(state: TableState) -> Stakes:
        o = options_of(state, model)
        got = seen.get(id(o))
        if got is None or got[0] is not o:
            if len(seen) > 64:
                seen.clear()
            values = {"small_blind": 0, "big_blind": 0, **fixed}
            values.update((f, getattr(o, f)) for f in _FIELDS if f in type(o).model_fields)
            got = seen[id(o)] = (o, Stakes(**values))
        return got[1]
    return read
