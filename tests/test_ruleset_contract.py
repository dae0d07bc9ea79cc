"""Every discovered game meets the `Ruleset` contract, and its words are well declared."""

from __future__ import annotations

import dataclasses
import inspect
import re
import typing

import pytest
from pydantic import BaseModel

from ledger.commands import Open
from ledger.errors import RuleViolation
from ledger.games import Legal, Ruleset, available, get_ruleset
from ledger.state import TableState

GAMES = available()


def test_the_known_games_are_discovered():
    assert {"freeform", "bluecher", "bluffjack", "bluke"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_ruleset_contract(name):
    rules = get_ruleset(name)
    assert isinstance(rules, Ruleset) and rules.name == name
    assert rules.title and rules.summary and re.fullmatch(r"[a-z][a-z0-9_-]*", name)
    assert issubclass(rules.options, BaseModel)
    rules.options()  # every option has a default, as the rule book says
    for fn, arity in ((rules.initial, 1), (rules.decide, 2), (rules.evolve, 2), (rules.legal, 1), (rules.view, 1)):
        assert callable(fn) and len(inspect.signature(fn).parameters) == arity, fn
    if rules.check_event is not None:
        assert len(inspect.signature(rules.check_event).parameters) == 2
    assert 1 <= rules.min_players <= rules.max_players


@pytest.mark.parametrize("name", GAMES)
def test_a_session_opens_and_shows_what_may_happen(name):
    rules = get_ruleset(name)
    state = TableState(session="t")
    opened = rules.decided(state, Open())
    assert opened and opened[0].type == "session_opened" and opened[0].game == name
    from ledger.reducer import apply

    apply(state, 1, opened[0])
    assert all(isinstance(x, Legal) for x in rules.legal(state))
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in rules.view(state))
    # the game's own state and options, typed as it declares them (`Ruleset[S, O]`)
    made = rules.initial(state)
    assert made is None or dataclasses.is_dataclass(made), f"{name}'s own state is a dataclass or None"
    assert type(rules.own(state)) is type(made)
    assert isinstance(rules.opts(state), rules.options)
    with pytest.raises(RuleViolation, match="not"):
        get_ruleset("freeform" if name != "freeform" else "bluke").own(state)


def test_the_table_keeps_a_games_state_as_object_never_any():
    """`TableState.ext` is typed ``object``: a game reads it only through a typed accessor
    (`Ruleset.own`, the kit's `Own.x`), never as an untyped attribute bag."""
    hints = typing.get_type_hints(TableState)
    assert hints["ext"] is object


@pytest.mark.parametrize("name", GAMES)
def test_words_are_declared_whole(name):
    rules = get_ruleset(name)
    names = [w.name for w in rules.words]
    assert len(names) == len(set(names)), "a game declares each word once"
    for word in rules.words:
        assert re.fullmatch(r"[a-z][a-z-]*", word.name)
        assert word.summary, f"{name} {word.name} needs a summary for --help"
        assert (word.command is None) != (word.view is None), "a word records or shows, not both"
        assert all(p.help for p in word.params), f"every parameter of {word.name} has help"
        assert rules.word(word.name) is word


def test_game_words_never_shadow_core_commands():
    from cli.common import app
    from cli.words import words_by_name
    from typer.main import get_command_name

    core = {c.name or get_command_name(c.callback.__name__) for c in app.registered_commands}
    assert not core & set(words_by_name())
