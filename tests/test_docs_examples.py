"""docs/ARCHITECTURE.md cannot rot: its three "adding a game" examples are loaded from the page
and played at the decider, and every file and `ledger.` name it (or the README's "Layout" and
"Adding a game") cites exists.

Each example is a fenced python block whose first line names the file it would be
(``# ledger/games/snap.py``). The test writes it to a temporary file, loads it as that module
of `ledger.games` (so its relative imports resolve as in the real folder), makes the games'
lookup and the reducer find it for the test's length, and drives it with `tests.table.Table`.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Callable

import pytest

from ledger import events as ev
from ledger import games, reducer
from ledger.core import zones
from ledger.core.contract import Ruleset
from tests.table import Table, awards
from ledger.commands import Bet, Call, Check, Deal, Fold, NewHand, Raise, RollDice, Turn

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r"```python\n# ledger/games/(\w+)\.py\n(.*?)```", re.S)


def examples() -> dict[str, str]:
    """The page's example games: name -> source."""
    return {m.group(1): m.group(2) for m in EXAMPLE.finditer(DOC)}


@pytest.fixture
def load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], ModuleType]:
    def loaded(name: str) -> ModuleType:
        path = tmp_path / f"{name}.py"
        path.write_text(examples()[name], encoding="utf-8")
        spec = importlib.util.spec_from_file_location(f"ledger.games.{name}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, spec.name, module)
        spec.loader.exec_module(module)
        rules = module.RULESET
        monkeypatch.setitem(games._cache, name, rules)        # get_ruleset, and so core.registry, find it
        monkeypatch.setitem(reducer._RULES, name, rules)      # the reducer's own cache of each game's evolve
        monkeypatch.setitem(reducer._EVOLVE, name, (rules.evolve, rules.evolves))
        return module
    return loaded


def test_the_page_has_three_complete_examples_none_of_them_a_shipped_game() -> None:
    found = examples()
    assert set(found) == {"snap", "fivestud", "twentyone"}
    assert not set(found) & set(games.available()), "an example shadows a real game: rename it on the page"
    for name, source in found.items():
        assert f"RULESET = " in source and source.lstrip().startswith('"""'), name


@pytest.mark.parametrize("name", ["snap", "fivestud", "twentyone"])
def test_each_example_meets_the_ruleset_contract(name: str, load: Callable[[str], ModuleType]) -> None:
    rules = load(name).RULESET
    assert isinstance(rules, Ruleset) and rules.name == name and rules.title and rules.summary
    rules.options()  # every option has a default
    assert rules.check_event is not None  # so Table(verify=True) re-checks every event


def snap(t: Table) -> type:
    """The example's own command class, `Snap` (declared on the page, beside its word)."""
    return sys.modules["ledger.games.snap"].Snap


def snap_table(load: Callable[[str], ModuleType]) -> Table:
    load("snap")
    t = Table("snap", options={"stake": 2}, verify=True, Ann=10, Ben=10)
    t(NewHand())
    return t


def test_snap_deals_the_pack_takes_the_stakes_and_keeps_the_turn(load: Callable[[str], ModuleType]) -> None:
    t = snap_table(load)
    assert [len(zones.cards(t.state, f"stack:{p}")) for p in ("Ann", "Ben")] == [26, 26]
    assert t.state.balance("pot") == 4 and t.stack("Ann") == t.stack("Ben") == 8
    assert [(x.player, x.verbs) for x in t.rules.legal(t.state)] == [("Ben", ("turn",))]  # the dealer's left
    t.refused(Turn(player="Ann", cards=("7H",)), "it is Ben's turn to turn a card, not Ann's")
    t.word("turn", "Ben", "7H")                                    # the word, parsed as typed
    assert t.to_act == "Ann"
    t.refused(snap(t)(player="Ann"), "no snap: the pile shows 7H, not two cards of one rank")
    t.refused(Turn(player="Ann", cards=("7H",)), "7H is already in")  # a pack holds one 7H
    t(Turn(player="Ann", cards=("7S",)))
    assert ("snap",) in [x.verbs for x in t.rules.legal(t.state)]
    t.word("snap", "Ann")
    ann = zones.cards(t.state, "stack:Ann")
    assert [(h.card, h.up) for h in ann[:2]] == [("7H", False), ("7S", False)] and len(ann) == 27
    assert zones.cards(t.state, "pile:centre") == [] and t.to_act == "Ben"  # the turn goes on as it was
    assert t.rules.view(t.state) == [("Ann", "27 in the stack"), ("Ben", "25 in the stack"), ("pile", "-")]


def test_snap_ends_when_the_player_to_turn_has_no_card(load: Callable[[str], ModuleType]) -> None:
    t = snap_table(load)
    ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    pack = [r + s for s in "CDHS" for r in ranks]                 # no two of a rank in a row
    for i, card in enumerate(pack):
        t(Turn(player="Ben" if i % 2 == 0 else "Ann", cards=(card,)))
    # both stacks are empty: Ben is to turn and has no card
    assert t.state.hand is not None and t.state.hand.ended
    assert awards([e for _, e in t.log]) == [("Ann wins: Ben has no card left", [("Ann", 4)])]
    assert (t.stack("Ann"), t.stack("Ben")) == (12, 8)


def test_five_card_stud_brings_in_by_the_lowest_card_and_opens_by_the_best_hand_showing(
        load: Callable[[str], ModuleType]) -> None:
    load("fivestud")
    t = Table("fivestud", verify=True, Ann=100, Ben=100, Cy=100)
    t(NewHand())                                                      # antes: 1 each
    for player, cards in (("Ann", ("AS", "KD")), ("Ben", ("2C", "3C")), ("Cy", ("QH", "QD"))):
        t(Deal(to=player, cards=cards))                          # one down, one up
    assert [h.up for h in t.state.seat("Ann").cards] == [False, True]
    assert t.to_act == "Ben"                                       # 3C, the lowest up card
    t.refused(Check(player="Ben"), "")                           # the bring-in may not check
    t.word("bringin", "Ben")
    t(Raise(player="Cy", amount=2))                              # completes to the small bet, 4
    t(Call(player="Ann"))
    t(Call(player="Ben"))
    for player, card in (("Ann", "AH"), ("Ben", "4C"), ("Cy", "7S")):
        t(Deal(to=player, cards=(card,)))
    assert t.to_act == "Ann"                                       # A-K showing beats Q-7 and 4-3
    t(Bet(player="Ann", amount=4))
    t.refused(Bet(player="Ben", amount=40), "")                  # fixed limit
    t(Fold(player="Ben"))
    events = t(Fold(player="Cy"))
    assert awards(events) == [("Ann is the last player in: everyone else folded", [("Ann", 19)])]
    assert [t.stack(p) for p in ("Ann", "Ben", "Cy")] == [110, 95, 95]


def test_dice_twenty_one_stops_busts_and_pays_the_highest_total(load: Callable[[str], ModuleType]) -> None:
    load("twentyone")
    t = Table("twentyone", options={"ante": 2}, verify=True, Ann=20, Ben=20, Cy=20)
    t(NewHand())
    assert t.state.balance("pot") == 6 and t.to_act == "Ben"
    t.refused(RollDice(player="Ben", faces=("3", "4")), "")          # one die
    for face in ("6", "6", "5"):
        t(RollDice(player="Ben", faces=(face,)))
    t.word("stop", "Ben")                                          # 17
    assert t.to_act == "Cy"
    for face in ("6", "6", "6", "4"):
        t(RollDice(player="Cy", faces=(face,)))                      # 22: bust, the turn is over
    t.refused(RollDice(player="Cy", faces=("1",)), "a total past 21 is bust")
    t(RollDice(player="Ann", faces=("6",)))
    events = t.word("stop", "Ann")                                 # 6: Ben's 17 takes the kitty
    assert awards(events) and awards(events)[0][1] == [("Ben", 6)]
    assert [t.stack(p) for p in ("Ann", "Ben", "Cy")] == [18, 24, 18]
    assert t.state.hand is not None and t.state.hand.ended and any(isinstance(e, ev.HandEnded) for e in events)


def _section(text: str, title: str) -> str:
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None]


CITED_TEXTS = [DOC, _section(README, "Layout"), _section(README, "Adding a game")]
EXAMPLE_PATHS = {f"ledger/games/{name}.py" for name in ("snap", "fivestud", "twentyone")}


def test_every_file_the_page_cites_exists() -> None:
    cited = {p for text in CITED_TEXTS
             for p in re.findall(r"`((?:ledger|cli|tests|benchmarks|docs|schemas|sample_sessions)/[\w/.-]*)`", text)}
    cited |= set(re.findall(r"^# (ledger/games/\w+\.py)$", DOC, re.M))
    assert len(cited) > 30
    missing = sorted(p for p in cited - EXAMPLE_PATHS if not (ROOT / p).exists())
    assert not missing, f"cited but not in the tree: {missing}"


def _resolve(dotted: str) -> object:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(dotted)


def test_every_ledger_name_the_page_cites_exists() -> None:
    cited = {m.rstrip(".") for text in CITED_TEXTS for m in re.findall(r"`(ledger\.[\w.]+)", text)}
    assert len(cited) > 12
    missing = []
    for name in sorted(cited):
        try:
            _resolve(name)
        except (ImportError, AttributeError):
            missing.append(name)
    assert not missing, f"cited but not in the code: {missing}"


def test_the_readme_excerpt_of_drop_dead_is_its_real_code() -> None:
    block = re.search(r"```python\n(.*?)```", _section(README, "Adding a game"), re.S)
    assert block is not None
    source = {line.strip() for line in (ROOT / "ledger" / "games" / "dropdead.py").read_text().splitlines()}
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in block.group(1).splitlines()]
    lines = [line for line in lines if line and "..." not in line]
    assert len(lines) >= 6
    assert [line for line in lines if line not in source] == []


def test_the_pages_table_snippet_runs(load: Callable[[str], ModuleType]) -> None:
    block = re.search(r"```python\n(t = Table\(.*?)```", DOC, re.S)
    assert block is not None
    load("snap")
    space: dict[str, object] = {"Table": Table, "zones": zones, "NewHand": NewHand, "Turn": Turn,
                                "Snap": sys.modules["ledger.games.snap"].Snap}
    exec(compile(block.group(1), "ARCHITECTURE.md", "exec"), space)
    t = space["t"]
    assert isinstance(t, Table) and t.state.balance("pot") == 4


def test_a_refused_example_command_changes_nothing(load: Callable[[str], ModuleType]) -> None:
    t = snap_table(load)
    said = t.refused(Bet(player="Ben", amount=1), "Snap has no 'bet'")   # (Table.refused: the state unchanged)
    assert "turn" in said and "snap" in said                               # the refusal names the game's moves
