"""potlog's domain: events, the store, the reducer, chips, cards, dice and the games.

Nothing in this package prints or reads the terminal; `cli/` does that.
"""

__version__ = "0.1.0"
