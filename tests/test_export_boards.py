"""The board, the houses and the line of dominoes in the text export and the JSON hands (issue
26): the game's own lines (`Ruleset.view`) as the hand left the table."""

from __future__ import annotations

import json


def test_the_text_export_draws_the_mancala_houses_and_the_json_keeps_them(potlog) -> None:
    potlog("new", "mancala", "-p", "Ann=20", "-p", "Ben=20")
    potlog("hand")
    potlog("sow", "Ben", "3")  # four stones: 4, 5, 6 and his store: another turn
    potlog("sow", "Ben", "1")
    text = potlog("export", "-f", "text").output
    table = text.split("*** TABLE ***\n", 1)[1].splitlines()
    assert table[:3] == ["Ann (6..1):     4  4  4  4  4  4", "stores: Ann 0  |  Ben 1",
                         "Ben (1..6):     0  5  1  6  6  5"]
    hands = json.loads(potlog("export", "-f", "json").output)["hands"]
    assert ["stores", "Ann 0  |  Ben 1"] in hands[0]["table"]


def test_the_text_export_shows_the_line_of_dominoes(potlog) -> None:
    potlog("new", "blockdominoes", "-p", "Ann=20", "-p", "Ben=20")
    potlog("hand", "--first", "Ann")
    potlog("lay", "Ann", "6-4")
    potlog("lay", "Ben", "4-4")
    text = potlog("export", "-f", "text").output
    assert "*** TABLE ***\nline: [6|4][4/4]  (ends 6 and 4)\n" in text
