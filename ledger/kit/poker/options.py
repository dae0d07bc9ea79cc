"""Options for a poker declaration: a chips field, the blinds (`Blinds`) and the stud family's
sizes (`StudSizes`) a game's options derive from, and the `Stakes` read from any options model."""

from __future__ import annotations

from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ... import events as ev
from ...core.options import options_of
from ...state import TableState
from .streets import Stakes

_FIELDS = ("small_blind", "big_blind", "ante", "bb_ante", "straddle", "structure", "min_bet", "bring_in", "small_bet",
           "big_bet", "button_blind", "split")


def chips(default: int, what: str, *, least: int = 0) -> Any:
    """An options field of chips: `default`, from `least` to potlog's maximum."""
    return Field(default=default, ge=least, le=ev.MAX_CHIPS, description=what)


def stakes_in_order(o: BaseModel) -> None:
    """The relations between a poker table's stakes, for its options model's validator (a
    `ValueError` says which one fails): the small blind at most the big blind, a straddle
    more than the big blind, the small bet at most the big bet (as the game reads a 0: the
    small bet the big blind, the big bet twice the small bet)."""
    small_blind, big_blind = getattr(o, "small_blind", 0), getattr(o, "big_blind", 0)
    if small_blind and big_blind and small_blind > big_blind:
        raise ValueError(f"the small blind ({small_blind}) must be at most the big blind ({big_blind})")
    straddle = getattr(o, "straddle", 0)
    if straddle and straddle <= big_blind:
        raise ValueError(f"a straddle ({straddle}) must be more than the big blind ({big_blind})")
    if "small_bet" in type(o).model_fields and "big_bet" in type(o).model_fields:
        small = getattr(o, "small_bet") or big_blind
        big = getattr(o, "big_bet") or 2 * small
        if small > big:
            raise ValueError(f"the small bet ({small}) must be at most the big bet ({big})")


class Blinds(BaseModel):
    """The blinds and ante of a game that posts blinds (a game's options model derives from it
    and adds what else it has: a big-blind ante, a straddle, the structure, the draws)."""

    model_config = ConfigDict(extra="forbid")
    small_blind: int = chips(1, "the small blind", least=1)
    big_blind: int = chips(2, "the big blind (0: a small blind alone)")
    ante: int = chips(0, "an ante from every player; 0: none")

    @model_validator(mode="after")
    def _in_order(self) -> "Blinds":
        stakes_in_order(self)
        return self


class StudSizes(BaseModel):
    """The antes, bring-in and two bet sizes of a fixed-limit stud game (a game's options model
    derives from it, restating `bring_in` to say which up card brings in)."""

    model_config = ConfigDict(extra="forbid")
    ante: int = chips(1, "an ante from every player; 0: none")
    bring_in: int = chips(2, "the bring-in (less than the small bet); 0: none")
    small_bet: int = chips(4, "the bet of third and fourth street", least=1)
    big_bet: int = chips(8, "the bet from fifth street on", least=1)

    @model_validator(mode="after")
    def _sizes(self) -> "StudSizes":
        if self.bring_in >= self.small_bet or self.small_bet > self.big_bet:
            raise ValueError(f"the bring-in ({self.bring_in}) must be less than the small bet ({self.small_bet}), "
                             f"and the small bet at most the big bet ({self.big_bet})")
        return self


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
