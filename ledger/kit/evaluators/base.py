"""The evaluator type: a named, pure function from a hand (cards or dice) to a comparable rank.

Every evaluator returns a `Ranked`: a `key` (a tuple of ints, where a higher key is always
the better hand, also for low games) and a `label` a person at the table understands
("full house, kings over fives", "seven-five low", "Meier"). Two hands tie when their keys
are equal; keys of one evaluator are always comparable with each other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ...core.frozen import later

Hand = Sequence[str | int]
"""What an evaluator ranks: card strings (``AS``, ``10H``, ``TH``) or die faces (``3`` or ``"3"``)."""

Kind = Literal["cards", "dice"]


@later(frozen=True)
class Ranked:
    """One hand's rank: `key` orders hands (higher is better), `label` names the hand."""

    key: tuple[int, ...]
    label: str


@dataclass(frozen=True)
class Evaluator:
    """A hand evaluator a game declaration can pick by `name`.

    `title` is one line for ``--help``; `kind` says whether `rank` takes cards or dice.
    `rank` validates its input and raises `ledger.errors.InputError` on a bad hand.
    """

    name: str
    title: str
    kind: Kind
    rank: Callable[[Hand], Ranked]


def winners(ranked: Mapping[str, Ranked]) -> list[str]:
    """The players holding the best key (all of them when tied), in the mapping's order."""
    if not ranked:
        return []
    best = max(r.key for r in ranked.values())
    return [player for player, r in ranked.items() if r.key == best]
