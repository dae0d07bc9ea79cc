"""Draw Dominoes: the engine and the readings of the text are in `ledger.kit.dominoes`."""

from ..kit.dominoes import ruleset

RULESET = ruleset("draw", "Draw Dominoes")
