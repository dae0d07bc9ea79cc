"""The showdown of a hi-lo split game: every pot halved between the best high hand and the best
qualifying low.

Readings (the card room's, as PokerKit splits them):

- The uncalled bet goes back first; then each pot (main, side) on its own, among the players
  who reached it: a pot one player reached is theirs.
- A pot with a qualifying low among its contenders is halved; the odd chip of an odd pot goes
  to the high half. Each half goes to its best hand; a tied half is split, its odd chips one
  each to the winners from the button's left (as every potlog split).
- A pot none of whose contenders has a qualifying low goes whole to the best high hand.
  (PokerKit decides "is there a low" once for the table: a side pot whose contenders have
  none would lose its low half there; potlog gives it to the high hand, the rule books' way.)
- One player may win both halves (scoop): two awards, one per half.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ... import events as ev
from ...errors import RuleViolation
from ...state import TableState
from .. import pots
from ..evaluators import Ranked


def _best(names: Sequence[str], ranks: Mapping[str, Ranked]) -> list[str]:
    top = max(ranks[p].key for p in names)
    return [p for p in names if ranks[p].key == top]


def _half(layer: str, half: str, amount: int, winners: list[str], ranks: Mapping[str, Ranked],
          seats: list[str]) -> ev.Event:
    label = ranks[winners[0]].label
    who = f"{winners[0]} wins with {label}" if len(winners) == 1 else \
        f"{' and '.join(winners)} tie with {label}, split"
    return pots.award(pots.split(amount, winners, seats), f"{layer}{half}: {who}")


def award_hi_lo(state: TableState, highs: Mapping[str, Ranked], lows: Mapping[str, Ranked | None],
                order: Sequence[str], *, total: int) -> list[ev.Event]:
    """Pay a hi-lo showdown (see the module docstring): the uncalled bet, then each pot's high
    and low halves. `highs` ranks every contender's high hand, `lows` their low (None: none
    qualifies); `order` gives the odd chips (from the button's left); `total` is what the pot
    held at the showdown."""
    seats = list(order) + [s.name for s in state.seats if s.name not in order]
    out: list[ev.Event] = []
    back = pots.uncalled(state, seats)
    if back is not None:
        out.append(pots.award([back], pots.UNCALLED))
    for layer in pots.layers(state, seats, total=total):
        eligible = list(layer.eligible)
        if not eligible:
            raise RuleViolation(f"nobody is left in the hand to win {layer.name}")
        if len(eligible) == 1:
            out.append(pots.award([(eligible[0], layer.amount)], f"{layer.name}: {eligible[0]}, nobody else is in it"))
            continue
        missing = [p for p in eligible if p not in highs]
        if missing:
            raise RuleViolation(f"{layer.name}: no hand to rank for {', '.join(missing)}")
        low_ranks = {p: r for p in eligible if (r := lows.get(p)) is not None}
        if not low_ranks:
            out.append(_half(layer.name, " (no qualifying low)", layer.amount, _best(eligible, highs), highs, seats))
            continue
        low_half = layer.amount // 2
        out.append(_half(layer.name, ", high half", layer.amount - low_half, _best(eligible, highs), highs, seats))
        if low_half:
            out.append(_half(layer.name, ", low half", low_half, _best(list(low_ranks), low_ranks), low_ranks, seats))
    return out
