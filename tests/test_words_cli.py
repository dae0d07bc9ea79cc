"""Game words on the command line: resolved against the session's game, parsed as the game
declares them, refused in one line where the game has no such word."""

from __future__ import annotations

import json

from ledger.games import Param, Word
from ledger.core.contract import Ruleset


def test_a_word_is_parsed_as_its_game_declares_it(potlog):
    potlog("new", "bluke", "-p", "Ann=0", "-p", "Ben=0", "-p", "Cy=0")
    potlog("hand", "--dealer", "Cy")
    r = potlog("bid", "Ann=2", "Ben=3", "Cy=1", "--json")
    bids = [line["event"] for line in json.loads(r.output)]
    assert [(b["player"], b["value"]) for b in bids] == [("Ann", 2), ("Ben", 3), ("Cy", 1)]
    card = json.loads(potlog("scorecard", "--layout", "bids", "--json").output)
    assert card["layout"] == "bids" and card["rows"][0] == ["Deal", "Ann", "Ben", "Cy"]


def test_a_word_of_another_game_is_refused_naming_this_games_words(potlog):
    potlog("new", "bluke", "-p", "Ann=0", "-p", "Ben=0", "-p", "Cy=0")
    before = potlog("log", "--json").output
    r = potlog("hit", "Ann", "5D", ok=False)
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [
        "potlog: 'hit' is for Bluffjack sessions; bluke-" + r.output.split("bluke-")[1].split()[0]
        + " plays Bluke (its own words: bid, tricks, scorecard)"]
    assert potlog("log", "--json").output == before


def test_a_malformed_word_is_a_usage_error_and_records_nothing(potlog):
    potlog("new", "bluke", "-p", "Ann=0", "-p", "Ben=0", "-p", "Cy=0")
    potlog("hand", "--dealer", "Cy")
    before = potlog("log", "--json").output
    r = potlog("bid", "Ann=two", ok=False)
    assert r.exit_code == 2 and "'two' is not a whole number of tricks" in r.output
    r = potlog("scorecard", "--layout", ok=False)
    assert r.exit_code == 2 and "Traceback" not in r.output
    r = potlog("bid", "--no-such-flag", ok=False)
    assert r.exit_code == 2 and "No such option" in r.output
    assert potlog("log", "--json").output == before


def test_word_help_lists_every_game_that_has_the_word(potlog):
    r = potlog("showdown", "--help")
    assert "In bluecher (Blücher (Forwards))" in r.output and "In bluffjack (Bluffjack)" in r.output
    r = potlog("buy", "--help")
    assert "potlog buy PLAYER [CARD] [--discard CARD]" in r.output or "potlog buy PLAYER [CARD] [--discard" in r.output
    top = potlog("--help").output
    assert "Game words" in top and "scorecard" in top


def test_games_lists_each_games_words(potlog):
    rows = {g["name"]: g for g in json.loads(potlog("games", "--json").output)}
    assert [w["word"] for w in rows["bluke"]["words"]] == ["bid", "tricks", "scorecard"]
    assert rows["bluecher"]["words"][0]["usage"].startswith("buy PLAYER [CARD]")
    one = potlog("games", "bluffjack").output
    assert "hit PLAYER [CARD] [--down]" in one


def test_a_word_takes_options_flags_and_repeated_values():
    from cli.words import parse

    rules = Ruleset(name="t", title="T", summary="s", options=__import__("pydantic").BaseModel,
                    initial=lambda s: None, decide=lambda s, c: [], evolve=lambda s, e: None,
                    legal=lambda s: [], view=lambda s: [])
    word = Word("keep", "Keep dice.", params=(
        Param("player", "Who."), Param("faces", "Faces kept.", many=True, type=int, required=False),
        Param("sides", "Die size.", kind="option", type=int, default=6),
        Param("loud", "Say it.", kind="flag"),
        Param("tag", "Tags.", kind="option", many=True)))
    values = parse(rules, word, ["Ann", "6", "6", "--sides", "8", "--loud", "--tag", "a", "--tag", "b"])
    assert values == {"player": "Ann", "faces": (6, 6), "sides": 8, "loud": True, "tag": ["a", "b"]} or \
        values == {"player": "Ann", "faces": [6, 6], "sides": 8, "loud": True, "tag": ["a", "b"]}
