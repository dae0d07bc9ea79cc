"""Pure hand evaluators shared by several games, picked by name.

Each `Evaluator` turns a hand (card strings or die faces) into a `Ranked`: a key where
higher is better (also for low games) and a label for the table. `winners` picks the best
of a showdown, ties included. The readings of the rule texts are in `poker`, `pokervariants`,
`lowball` and `dice`.
"""

from __future__ import annotations

from ...errors import InputError
from . import dice, lowball, poker, pokervariants, primiera
from .base import Evaluator, Hand, Kind, Ranked, winners

EVALUATORS: dict[str, Evaluator] = {
    e.name: e
    for e in (
        Evaluator("poker-high", "poker high: best five cards, royal flush down to high card",
                  "cards", poker.rank_high),
        Evaluator("poker-low", "ace-to-five low: best five cards, straights and flushes ignored",
                  "cards", poker.rank_low),
        Evaluator("short-deck", "short-deck hold'em high: 6 to ace, A-6-7-8-9 the lowest straight, flush > full house",
                  "cards", pokervariants.rank_short_deck),
        Evaluator("deuce-to-seven", "deuce-to-seven low: aces high, straights and flushes count, 7-5-4-3-2 best",
                  "cards", lowball.rank_deuce_seven),
        Evaluator("badugi", "badugi: most cards of different suits and ranks, then the lowest, A-2-3-4 best",
                  "cards", lowball.rank_badugi),
        Evaluator("poker-dice", "poker dice: five of a kind down to nothing, 1s low",
                  "dice", dice.rank_poker_dice),
        Evaluator("meier", "Meier: 21 on top, then doubles 66 to 11, then 65 down to 31",
                  "dice", dice.rank_meier),
        Evaluator("generala", "Generala: best category, generala > poker > full > straight",
                  "dice", dice.rank_generala),
        Evaluator("primiera", "Primiera: flush > fifty-five > primiera, then the point count (40-card pack)",
                  "cards", primiera.rank_primiera_hand),
        Evaluator("primero", "Primero: chorus > fluxus > supremus > primiera > numerus (40-card pack)",
                  "cards", primiera.rank_primero_hand),
        Evaluator("highest-total", "the highest sum of the dice wins", "dice", dice.rank_highest_total),
        Evaluator("lowest-total", "the lowest sum of the dice wins", "dice", dice.rank_lowest_total),
    )
}


def get_evaluator(name: str) -> Evaluator:
    """The evaluator called `name`; an unknown name is an `InputError` listing the names."""
    try:
        return EVALUATORS[name]
    except KeyError:
        raise InputError(
            f"no evaluator called {name!r}: choose one of {', '.join(EVALUATORS)}"
        ) from None


__all__ = ["EVALUATORS", "Evaluator", "Hand", "Kind", "Ranked", "get_evaluator", "winners"]
