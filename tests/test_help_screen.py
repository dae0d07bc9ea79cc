"""``potlog --help`` fits a first screen (issue 29, point 1): the commands in the panels a person
scans, a game's word once with the games that have it, what a newcomer needs in the first 40
lines at 100 columns; ``potlog WORD --help`` names the games that use the word."""

from __future__ import annotations

import re

from conftest import invoke

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PANELS = ["Record", "Correct", "Inspect", "Look", "Audit and settle", "Import and export", "Club", "Game words",
          "Options"]


def _screen(potlog, *args: str, columns: int = 100) -> list[str]:
    r = invoke(potlog.runner, [*args, "--help"], env={"POTLOG_DB": potlog.db, "COLUMNS": str(columns)})
    assert r.exit_code == 0, r.output
    return [ANSI.sub("", line).rstrip() for line in r.output.splitlines()]


def _panels(lines: list[str]) -> dict[str, list[str]]:
    """Each panel's rows (their text inside the border), by the panel's title's first words."""
    panels: dict[str, list[str]] = {}
    rows: list[str] = []
    for line in lines:
        if line.startswith("╭─ "):
            title = line[3:].split(" ─")[0].split(" (")[0]
            rows = panels.setdefault(title, [])
        elif line.startswith("│"):
            rows.append(line.strip("│ "))
    return panels


def test_the_commands_are_grouped_into_panels_and_the_help_fits_a_first_screen(potlog) -> None:
    from cli.common import app
    from cli.words import word_index

    lines = _screen(potlog)
    panels = _panels(lines)
    titles = list(panels)
    assert titles == PANELS  # every command in one of the panels, in their order (a stray title such as
    # "Check and settle" beside "Audit and settle" splits what belongs together)
    assert all(len(line) <= 100 for line in lines)
    assert len(lines) <= 100  # was 180 (83 now, with 60 games): each command on one line, the recording verbs
    # and the game words side by side
    wrapped = [line for line in lines if line.startswith("│ ") and not line[2:4].strip()]
    assert wrapped == []  # one line a row: none runs over onto a second line

    parts = ("Start and seat", "The hand", "Cards and dice", "Betting", "Pots and payments")

    def names(title: str, row: str) -> list[str]:
        """The commands a row shows: a part of the table's verbs, the game words side by side
        (``WORD (GAMES) · WORD (GAMES)``), else the row's first word."""
        if title == "Record":
            part = next(p for p in parts if row.startswith(p))
            return row[len(part):].split()
        if title == "Game words":
            return [item.split(" (")[0] for item in row.split(" · ")]
        return row.split()[:1]

    def panel_of(name: str) -> list[str]:
        return [title for title, rows in panels.items() if title != "Options" for row in rows
                if name in names(title, row)]

    for name, panel in (("new", "Record"), ("bet", "Record"), ("deal", "Record"), ("award", "Record"),
                        ("undo", "Correct"), ("void", "Correct"), ("state", "Inspect"), ("log", "Inspect"),
                        ("settle", "Audit and settle"), ("verify", "Audit and settle"),
                        ("report", "Audit and settle"), ("stats", "Audit and settle"), ("serve", "Look"),
                        ("export", "Import and export"), ("push", "Club"), ("grant-recorder", "Club")):
        assert panel_of(name) == [panel], (name, panel_of(name))
    assert names("Record", panels["Record"][3]) == ["ante", "bet", "call", "raise", "allin", "check", "fold"]
    # every command is shown, once; every other panel's row is one command on one line
    shown = [name for title, rows in panels.items() if title != "Options" for row in rows for name in names(title, row)]
    from typer.main import get_command_name

    registered = [c.name or get_command_name(c.callback.__name__) for c in app.registered_commands if c.callback]
    assert sorted(shown) == sorted([*registered, *word_index()])
    # the game words: each once, with the games that have it
    words = {item.split(" (")[0]: item for row in panels["Game words"] for item in row.split(" · ")}
    assert list(words) == list(word_index())
    assert words["blinds"] == "blinds (badugi, deucetoseven, holdem, omaha)"
    assert all(words[w] == f"{w} ({', '.join(g for g, _, _ in games)})" for w, games in word_index().items())
    # the first screen: usage, how to start, and the panels a newcomer records, corrects and looks with
    first = "\n".join(lines[:40])
    assert "Usage: potlog" in first and "potlog new holdem" in first and "'potlog COMMAND --help'" in first
    first_panels = _panels(lines[:40])
    assert ["Record", "Correct", "Inspect"] == list(first_panels)[:3]
    assert len(first_panels["Inspect"]) == len(panels["Inspect"])


def test_a_long_summary_is_cut_at_a_clause_not_mid_word() -> None:
    from cli.helpscreen import clip

    assert clip("Fetch sessions (--session, or --all) from the central store into the local database, "
                "checked as 'push' checks", 70) == "Fetch sessions from the central store into the local database"
    assert clip("Cancel an earlier event: the table is rebuilt as if it had never happened.", 40) == \
        "Cancel an earlier event"
    assert clip("short enough", 40) == "short enough"
    cut = clip("a" * 10 + " " + "b" * 50, 30)
    assert cut == "a" * 10 + "…"


def test_a_game_word_help_names_the_games_that_use_it(potlog) -> None:
    out = "\n".join(_screen(potlog, "bid"))
    assert "Games that use it: bluke (Bluke), liarsdice (Liar's Dice), skat (Skat), tarot (Le Tarot Français), " \
        "troggu (Troggu)." in " ".join(out.split())
    assert "In liarsdice (Liar's Dice): potlog bid PLAYER QUANTITY FACE" in out
