"""The typed commands (`ledger.core.commands`): one frozen class per verb, each game word
declaring the classes it records and each of its parameters a field of them, and every
`decide` dispatching on the class, not on the word."""

from __future__ import annotations

import dataclasses

import pytest

from ledger import events as ev
from ledger.commands import COMMANDS, Bet, Command, Deal, NewHand, Open, command_for, player_of
from ledger.core.contract import Word
from ledger.core.verbs import decide_generic
from ledger.errors import RuleViolation
from ledger.games import all_rulesets
from tests.table import Table


def _words() -> list[tuple[str, Word]]:
    return [(r.name, w) for r in all_rulesets() for w in r.words if w.command is not None]


def test_each_class_is_frozen_with_its_verb_and_replace_keeps_its_class() -> None:
    assert len({c.__name__ for c in COMMANDS}) == len(COMMANDS) > 40
    for cls in COMMANDS:
        assert dataclasses.is_dataclass(cls) and issubclass(cls, Command) and cls.verb, cls
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
    bet = Bet(player="ann", amount=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        bet.amount = 6  # type: ignore[misc]
    moved = dataclasses.replace(bet, player="Ann")
    assert type(moved) is Bet and moved == Bet(player="Ann", amount=5) and moved.verb == "bet"
    with pytest.raises(TypeError):
        Deal(to="Ann", player="Ann")  # type: ignore[call-arg]  # a deal names no player
    assert player_of(bet) == "ann" and player_of(Deal(to="Ann")) is None


def _own_class(cls: type) -> bool:
    """A class a game (or its kit) declares for its own word, as Snap's in docs/ARCHITECTURE.md:
    a frozen, keyword-only subclass of `Command` with its word, outside the core."""
    return (issubclass(cls, Command) and dataclasses.is_dataclass(cls) and bool(cls.verb)
            and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
            and all(f.kw_only for f in dataclasses.fields(cls))
            and not cls.__module__.startswith("ledger.core"))


def test_every_game_word_declares_the_classes_it_records_and_each_param_is_one_of_their_fields() -> None:
    for game, word in _words():
        assert word.makes and all(c in COMMANDS or _own_class(c) for c in word.makes), \
            f"{game} {word.name}: makes {word.makes}"
        for cls in word.makes:
            fields = {f.name for f in dataclasses.fields(cls)}
            for p in word.params:
                assert p.fills == "" or p.fills in fields, f"{game} {word.name}: {p.name} -> {p.fills} not in {cls.__name__}"


@pytest.mark.parametrize("game,line,cls", [
    ("liarsdice", ("bid", "Ann", "3", "5"), "Bid"), ("bluke", ("bid", "Ann=2", "Ben=1"), "Bids"),
    ("freeform", ("cup", "Ann", "3"), "CupDice"), ("freeform", ("reroll", "Ann", "--cup", "--keep", "6"), "CupDice"),
    ("freeform", ("reroll", "Ann", "2", "--keep", "6"), "Reroll"), ("war", ("turn", "Ann", "7H"), "Turn"),
])
def test_a_word_builds_one_of_the_classes_it_declares(game: str, line: tuple[str, ...], cls: str) -> None:
    from cli.words import parse

    rules = next(r for r in all_rulesets() if r.name == game)
    word = rules.word(line[0])
    assert word is not None and word.command is not None
    cmd = word.command(parse(rules, word, list(line[1:])))
    assert type(cmd).__name__ == cls and type(cmd) in word.makes


def test_every_class_is_recorded_by_a_cli_command_or_a_game_word() -> None:
    from cli.main import app

    cli = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands
           if c.callback is not None and c.callback.__module__ == "cli.cmd_record"}
    made = {c for _, w in _words() for c in w.makes}
    for cls in COMMANDS:
        assert cls in made or cls.verb in cli or (cls is Open and "new" in cli), cls.__name__


def test_command_for_gives_each_event_its_class() -> None:
    assert command_for(ev.Bet(player="Ann", amount=3)) == Bet(player="Ann", amount=3)
    assert command_for(ev.HandStarted(hand=1, dealer="Ben")) == NewHand(dealer="Ben")
    assert command_for(ev.DiceCupped(player="Ann", count=2)) is None  # a game's own event: its own command


def test_dispatch_is_on_the_class_not_the_word() -> None:
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class LooksLikeABet(Command):
        verb = "bet"
        player: str
        amount: int

    t = Table("freeform", Ann=10, Ben=10)
    t(NewHand())
    with pytest.raises(RuleViolation, match="has no rule for 'bet'"):  # the word alone does not make it a Bet
        decide_generic(t.state, LooksLikeABet(player="Ann", amount=2), "freeform")
    assert [e.type for e in t(Bet(player="Ann", amount=2))] == ["bet"]


def test_no_decide_dispatches_on_the_word() -> None:
    """One way: nothing in ledger/ compares a command's word (``cmd.verb == "bet"``) or keys a
    table by it; the word is for messages and `Legal.verbs`."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "ledger"
    word = re.compile(r"\bcmd\.verb\s*(==|!=|in\b|not\s+in\b)|match\s+cmd\.verb\b|\[cmd\.verb\]|\.get\(cmd\.verb")
    found = [f"{p.relative_to(root)}:{n}" for p in sorted(root.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if word.search(line)]
    assert found == []
