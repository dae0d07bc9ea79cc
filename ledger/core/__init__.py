"""The core: what every game stands on, and nothing about any one game.

- `contract`: the `Ruleset` a game declares, its `Word`s and `Param`s, what `legal` says.
- `options`: a game's options parsed, checked and compared.
- `commands`: the `Command` a ruleset decides, and the shared command behind an event.
- `table`: reading the table (``require_open``, ``require_live``, ``where_is`` ...).
- `verbs`: the base verbs (join, deal, bet, award, void, close ...) and `make_event`.
- `overrides`: what a command records when the table overrules the rules.
- `checks`: ``verify --rules`` helpers (`require_same`, `check_opened`).
- `registry`: a game by name, without importing any game.
- `zones`: ordered card zones (a top and a bottom) and the move of cards between them.

Layers (import-linter checks them, see ``pyproject.toml``): `ledger.core` <- `ledger.kit` <-
`ledger.games`; nothing in the core or the kit imports a game.
"""
