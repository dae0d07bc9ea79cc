"""The three layers of the game code (docs/ARCHITECTURE.md): the core and the kit import no game,
directly or through the rest of ledger (``lint-imports`` checks the same contracts in CI), and
each kit module (a package's modules too) serves two games or more, reached from a game's
modules directly or through other kit modules: one only one game uses lives in that game."""

from __future__ import annotations

import grimp

import ledger.games

GRAPH = grimp.build_graph("ledger", cache_dir=None)
GAMES = set(ledger.games.available())


def _game(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" and parts[2] in GAMES else None


def test_the_core_and_the_kit_import_no_game():
    for layer in ("ledger.kit", "ledger.core"):
        chain = GRAPH.find_shortest_chains(importer=layer, imported="ledger.games")
        assert not chain, f"{layer} reaches a game: {sorted(chain)[0]}"
    assert not GRAPH.find_shortest_chains(importer="ledger.core", imported="ledger.kit")


def test_every_kit_module_serves_two_games_or_more():
    def kit_reached(module: str) -> set[str]:
        seen: set[str] = set()
        todo = [module]
        while todo:
            for imported in GRAPH.find_modules_directly_imported_by(todo.pop()):
                if imported.startswith("ledger.kit.") and imported not in seen:
                    seen.add(imported)
                    todo.append(imported)
        return seen

    served: dict[str, set[str]] = {}
    for module in GRAPH.modules:
        game = _game(module)
        if game is not None:
            for kit in kit_reached(module):
                served.setdefault(kit, set()).add(game)
    kit_modules = {m for m in GRAPH.modules if m.startswith("ledger.kit.")}
    lonely = {m: sorted(served.get(m, ())) for m in kit_modules if len(served.get(m, ())) < 2}
    assert not lonely, f"kit modules serving fewer than two games (move them into the game): {lonely}"
    assert {"ledger.kit.betting", "ledger.kit.pots", "ledger.kit.verbs"} <= set(served)
