"""An option that takes a fixed set of values lists them in its help, from the list the code
checks (issue 29, point 3: ``export --help`` did not name ``phh``)."""

from __future__ import annotations

from ledger.export import FORMATS


def test_export_help_lists_every_format_the_code_accepts(potlog) -> None:
    out = potlog("export", "--help").output
    assert "phh" in FORMATS
    for name in FORMATS:
        assert f"{name}:" in out, name
    assert f"One of {', '.join(FORMATS)}" in " ".join(out.split()).replace("│ ", "")


def test_help_inside_play_lists_the_table_verbs_wrapped(potlog) -> None:
    """Issue 29, point 5: `help` in `potlog play` listed push and grant-recorder, and broke words
    mid-line. It lists a table's verbs by what they do and the game's words, at word boundaries."""
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Ben=100")
    out = potlog("play", input="help\nquit\n").output
    assert "Betting: ante, bet, call, raise, allin, check, fold" in out and "Freeform's own words:" in out
    for elsewhere in ("push", "pull", "grant-recorder", "import", "export", "rehash", "sessions"):
        assert elsewhere not in out.replace("import-phh", ""), elsewhere
    lines = out[out.index("Type a potlog command"):out.index("In this prompt:")].splitlines()
    assert lines and all(len(line) <= 100 for line in lines), [line for line in lines if len(line) > 100]
    assert any(line.startswith("    ") for line in lines)  # a long word's summary wraps, indented, at a space


def test_a_long_dice_game_still_fits_a_screen(potlog) -> None:
    """Issue 29, point 6: Pig's `state` grew a line per roll. It shows each roller's last throw
    and how many throws the turn in progress has had."""
    potlog("new", "pig", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    for face in (3, 4, 5, 6, 2, 3, 4, 5, 6, 2, 3, 4):
        potlog("roll", "Ben", str(face))
    out = potlog("state").output
    dice = [line for line in out.splitlines() if "dice" in line]
    assert len(dice) == 1 and "dice (Ben): 4 = 4 (12 throws this turn)" in dice[0], dice


def test_a_game_word_is_listed_once_with_the_games_that_have_it(potlog) -> None:
    """Issue 29, point 1: `blinds` repeated its summary once per game in `potlog --help`."""
    out = " ".join(potlog("--help").output.replace("│", " ").split())
    assert "(badugi, deucetoseven, holdem, omaha) Change the blinds" in out
    assert out.count("Change the blinds") == 1
