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
    assert "blinds (badugi, deucetoseven, holdem, omaha)" in out
    assert out.count("blinds (") == 1 and "Change the blinds" not in out  # its summary: potlog blinds --help


def test_every_parameter_taking_a_fixed_list_names_it_in_its_help(potlog) -> None:
    """Issue 29, point 3: walk every command's parameters; each that takes a value from a fixed
    list (the games, the export formats, the packs, the kinds of database) names every value in
    its help, from the very list the code checks."""
    from cli.common import root_command
    from cli.complete import FIXED, FORMAT, GAME, OPTION, URL, kind
    from ledger.cards import PACKS
    from ledger.games import available
    from ledger.pgstore import URL_PREFIXES

    assert FIXED[GAME][1]() == available()          # get_ruleset refuses any other name
    assert FIXED[FORMAT][1]() == list(FORMATS)      # ledger.export.writer
    assert FIXED[OPTION][1]() == list(PACKS)        # ledger.cards.get_pack
    assert FIXED[URL][1]() == list(URL_PREFIXES)    # ledger.pgstore.open_store
    root = root_command()
    found = set()
    for name, command in [("", root), *root.commands.items()]:
        for param in command.params:
            what = kind(name, param)
            values = FIXED[what][1]() if what in FIXED else None
            choices = getattr(getattr(param, "type_descriptor", None), "choices", None) or getattr(
                getattr(param, "type", None), "choices", None)  # a Choice, in Typer's click or click's own
            if choices:
                values = [str(getattr(c, "value", c)) for c in choices]
            if values is None:
                continue
            found.add((name, param.name))
            assert values and all(v in (param.help or "") for v in values), (name, param.name, param.help)
    assert {("export", "fmt"), ("new", "game"), ("switch", "game"), ("games", "game"), ("new", "option"),
            ("switch", "option"), ("", "db"), ("bet", "db"), ("push", "to"), ("pull", "source")} <= found
    shown = " ".join(potlog("new", "--help").output.replace("│", " ").split())
    assert f"One of: {', '.join(available())}." in shown and "pack= one of: french52, french54" in shown


def test_a_value_off_the_list_is_refused_naming_the_same_list(potlog) -> None:
    from ledger.games import available

    r = potlog("export", "-f", "pdf", ok=False)
    assert r.exit_code == 1 and f"choose one of {', '.join(FORMATS)}" in r.output
    r = potlog("new", "snap", "-p", "Ann=1", ok=False)
    assert r.exit_code != 0 and ", ".join(available()) in r.output
