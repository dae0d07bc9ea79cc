"""A game's bug is shown, not hidden (issue 24, deliverable 7).

`potlog state` asks the game for its own lines (`legal`, `view`) without a net: a game that
raises there is said at the process boundary, one line ``internal error (...)``, exit 70,
instead of a table drawn without its lines as if nothing were wrong (`cli.render`). The
prompt of ``potlog play`` says it and goes on. The broken games here are real rulesets with
one method replaced (`dataclasses.replace`), put where `get_ruleset` finds them.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import ledger.games as games
from ledger.games import get_ruleset


class GameBug(RuntimeError):
    """What the broken game raises: a name no other error in potlog has."""


def _broken(monkeypatch: pytest.MonkeyPatch, game: str, **methods: Any) -> None:
    rules = get_ruleset(game)
    monkeypatch.setitem(games._cache, game, dataclasses.replace(rules, **methods))


def _raise(*_: Any) -> Any:
    raise GameBug("the rules fell over")


@pytest.fixture
def table(potlog):  # type: ignore[no-untyped-def]
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Ben=100")
    potlog("hand")
    return potlog


def test_a_working_game_draws_its_table(table) -> None:  # type: ignore[no-untyped-def]
    r = table("state")
    assert "internal error" not in r.output and "Ann" in r.output


@pytest.mark.parametrize("method", ["view", "legal"])
def test_state_says_the_games_error_instead_of_a_table_without_it(table, monkeypatch, method) -> None:  # type: ignore[no-untyped-def]
    _broken(monkeypatch, "freeform", **{method: _raise})
    r = table("state", ok=False)
    assert r.exit_code == 70, r.output
    assert "internal error (GameBug: the rules fell over); please report it" in r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("method", ["view", "legal"])
def test_state_json_says_it_too(table, monkeypatch, method) -> None:  # type: ignore[no-untyped-def]
    _broken(monkeypatch, "freeform", **{method: _raise})
    r = table("state", "--json", ok=False)
    assert r.exit_code == 70
    line = [x for x in r.output.splitlines() if x.startswith("{")][-1]
    assert json.loads(line) == {"error": "internal error (GameBug: the rules fell over); please report it",
                                "code": 70}


def test_the_prompt_hint_names_the_games_error(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cli.cmd_play import prompt_hint

    led = table.ledger()
    try:
        state = led.state(led.current(None))
    finally:
        led.close()
    assert "GameBug" not in prompt_hint(state)
    _broken(monkeypatch, "freeform", legal=_raise)
    hint = prompt_hint(state)
    assert "GameBug: the rules fell over" in hint and "please report it" in hint


def test_play_says_a_table_it_cannot_draw_and_goes_on(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _broken(monkeypatch, "freeform", view=_raise)
    r = table("play", input="bet Ann 5\ncall Ben\nquit\n")
    assert r.output.count("internal error (GameBug: the rules fell over); please report it") == 2
    assert "Ann bets 5" in r.output and "Ben calls" in r.output  # recorded; the prompt went on
    assert "Traceback" not in r.output


def test_an_unknown_game_is_still_a_refusal_not_a_bug() -> None:
    from ledger.errors import InputError
    from ledger.export.text_format import _keeps_score

    with pytest.raises(InputError):
        get_ruleset("no-such-game")
    assert _keeps_score("no-such-game") is False and _keeps_score("") is False
