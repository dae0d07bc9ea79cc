"""A game's own state and options, declared once, and the hand as its rules read it: who is
still in, what each holds, whether every card is known.

A game keeps its state in ``state.ext`` (a flat dataclass with defaults, rebuilt from plain
data after a snapshot) and its table choices in an options model; `Own` declares the pair
once, in place of the ``initial``/``_x``/``_opts`` every game would otherwise write::

    OWN = Own(Pochen, Options)
    x, o = OWN.x(state), OWN.opts(state)
    x = OWN.at(state, ("deal",), "the cards are dealt: five each and the trump")
    RULESET = Ruleset(..., initial=OWN.initial, ...)

Public API:

- ``Plain(ext, options, fresh=None)``: ``initial(state)``: a fresh `ext` (the ruleset's
  ``initial``; ``fresh(state, options)`` builds it where the class's defaults are not enough);
  ``x(state)``: the game's state (`stages.ext_of`); ``opts(state)``: its options, typed
  (`options_of`). For a state that keeps no ``phase`` (Liar's Dice, Meier, Bluke).
- ``Own(ext, options, fresh=None)``: `Plain` with ``at(state, phases, refusal) -> ext``: the
  state of a hand in progress (`stages.hand_on`) whose ``phase`` is one of `phases`, else the
  `refusal` (`RuleViolation`).
- ``live(state, order) -> list[str]``: the players of `order` dealt in and not folded.
- ``cards(state, name) -> list[str]``: what `name` holds (``??`` unseen; [] for nobody).
- ``hands(state, order) -> dict[str, list[str]]``: what each seated player of `order` holds.
- ``known(hands) -> bool``: no card of `hands` is unseen.
- ``ranked(state, order, rank, *, elder=False) -> dict[str, Ranked] | None``: at a showdown,
  the hands of `order` still in, each ranked by `rank(cards)`, once every one is known (None
  while any card is unseen); `elder`: of equal hands the first in `order` ranks higher.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Mapping, Protocol, Sequence, TypeVar

from pydantic import BaseModel

from ..cards import UNKNOWN
from ..errors import RuleViolation
from ..core.frozen import later
from ..core.options import options_of
from ..state import TableState
from . import stages
from .evaluators import Ranked


class Phased(Protocol):
    phase: str


X = TypeVar("X", bound=Phased)
O = TypeVar("O", bound=BaseModel)


E = TypeVar("E")


@dataclass(frozen=True)
class Plain(Generic[E, O]):
    """A game's state class and options model (see the module docstring); `fresh(state,
    options)` builds a new state where the class's defaults are not enough."""

    ext: type[E]
    options: type[O]
    fresh: Callable[[TableState, O], E] | None = None

    def initial(self, state: TableState) -> E:
        return self.ext() if self.fresh is None else self.fresh(state, self.opts(state))

    def x(self, state: TableState) -> E:
        return stages.ext_of(state, self.ext, self.initial)

    def opts(self, state: TableState) -> O:
        return options_of(state, self.options)


@later(frozen=True)
class Own(Plain[X, O]):
    """`Plain`, for a state that keeps its ``phase``: with `at`."""

    def at(self, state: TableState, phases: Sequence[str], refusal: str) -> X:
        """The game's state, a hand being on and in one of `phases` (else `refusal`)."""
        stages.hand_on(state)
        x = self.x(state)
        if x.phase not in phases:
            raise RuleViolation(refusal)
        return x


def live(state: TableState, order: Sequence[str]) -> list[str]:
    return [p for p in order if (s := state.seat(p)) is not None and s.in_hand and not s.folded]


def cards(state: TableState, name: str) -> list[str]:
    seat = state.seat(name)
    return [h.card for h in seat.cards] if seat is not None else []


def hands(state: TableState, order: Sequence[str]) -> dict[str, list[str]]:
    return {p: [h.card for h in s.cards] for p in order if (s := state.seat(p)) is not None}


def known(held: Mapping[str, Sequence[str]]) -> bool:
    return all(UNKNOWN not in cards for cards in held.values())


def ranked(state: TableState, order: Sequence[str], rank: Callable[[list[str]], Ranked], *,
           elder: bool = False) -> dict[str, Ranked] | None:
    """The hands still in, ranked, once all are known (see the module docstring)."""
    still, held = live(state, order), hands(state, order)
    if any(UNKNOWN in held[p] for p in still):
        return None
    return {p: Ranked(r.key + (-i,), r.label) if elder else r for i, p in enumerate(order) if p in still
            for r in [rank(held[p])]}
