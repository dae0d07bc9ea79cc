"""``potlog --help``: every command in the panel a person scans it in, on a first screen.

A command names its panel with Typer's ``rich_help_panel``. The recording verbs name the part
of the table they record (``Betting``, ``Cards and dice`` ...: `potlog play`'s help lists them
so); here those parts are rows of one "Record" panel, the verbs' names side by side. Every
other command is one row, its name and the first sentence of its help, cut to the line at a
clause (``COMMAND --help`` says it all). The games' own words follow in a panel of their own,
each word once with the games that have it, side by side (`packed`), then the options.
"""

from __future__ import annotations

from typing import Any

RECORD = "Record"
PARTS = {RECORD: ("Start and seat", "The hand", "Cards and dice", "Betting", "Pots and payments"),
         "Correct": ("Corrections and records",)}
"""The panels that gather several parts (a command's own ``rich_help_panel``)."""
PANELS = (RECORD, "Correct", "Inspect", "Look", "Audit and settle", "Import and export", "Club")
"""The panels, in the order the help shows them (a command names one of them; a panel not named here
would come after them, and the help's test refuses it)."""
INTRO = ("The ledger of a night of card and dice games played for chips at a real table: every act is an "
         "append-only event, the table is rebuilt from the events alone.\n\n"
         "Start with 'potlog new holdem -p Ann=100 -p Ben=100', record the table as it happens ('potlog hand', "
         "'potlog bet Ann 5', ...), look with 'potlog state'. 'potlog COMMAND --help' says what a command takes.")


def panel_of(part: str | None) -> str:
    """The panel a command's ``rich_help_panel`` is shown in."""
    for panel, parts in PARTS.items():
        if part in parts:
            return panel
    return part or "Commands"


def clip(text: str, width: int) -> str:
    """`text` in at most `width` characters: whole, else cut after its last sentence or before
    its last clause that fits (at ``.``, ``:``, ``;``, ``,`` or ``(`` outside brackets, its asides
    in brackets left out), else at a word, with an ellipsis."""
    import re

    text = " ".join(text.split())
    if len(text) <= width:
        return text
    text = re.sub(r" \([^()]*\)", "", text)
    if len(text) <= width:
        return text
    depth, cut = 0, -1
    for i, ch in enumerate(text[:width]):
        if ch == "(" and depth == 0 and i > 0:
            cut = i
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch in ":;," and depth == 0 and text[i + 1:i + 2] == " ":
            cut = i
        if ch == "." and depth == 0 and text[i + 1:i + 2] == " " and text[i + 2:i + 3].isupper():
            cut = i + 1  # a whole sentence, its full stop kept
    if cut >= 12:
        return text[:cut].rstrip(" ,;:")
    return text[:max(width - 1, 1)].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"


def packed(items: list[str], width: int, sep: str = " · ") -> list[str]:
    """`items` side by side in lines of at most `width` characters, none cut in two."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(sep) + len(item) <= width:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return lines


def show(group: Any, ctx: Any) -> None:
    """Print the root's help: usage, what potlog is, the panels, the options."""
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text
    from typer import rich_utils

    from .common import first_sentence
    from .words import word_index

    console = rich_utils._get_rich_console()
    console.print(Padding(Text(group.get_usage(ctx)), 1), style="bold")
    for para in INTRO.split("\n\n"):
        console.print(Padding(Text(para), (0, 1, 1, 1)))

    rows: dict[str, list[tuple[str, str]]] = {}
    verbs: dict[str, dict[str, list[str]]] = {}  # panel -> part -> its commands, for the gathered panels
    for name, command in group.commands.items():
        if getattr(command, "hidden", False):
            continue
        part = getattr(command, "rich_help_panel", None)
        panel = panel_of(part)
        if panel == RECORD:
            verbs.setdefault(panel, {}).setdefault(str(part), []).append(name)
        else:
            rows.setdefault(panel, []).append((name, first_sentence(command.short_help or command.help or "") or ""))
    for part, names in verbs.get(RECORD, {}).items():
        rows.setdefault(RECORD, []).append((part, "  ".join(names)))
    words = word_index()
    said = [f"{name} ({', '.join(game for game, _, _ in games)})" for name, games in words.items()
            if name not in group.commands]
    rows["Options"] = []
    for param in group.get_params(ctx):
        record = None if getattr(param, "hidden", False) else param.get_help_record(ctx)
        if record is not None:
            rows["Options"].append(record)

    order = [*PANELS, *(p for p in rows if p not in PANELS and p not in ("Game words", "Options")), "Game words",
             "Options"]
    first = max(len(name) for panel in order for name, _ in rows.get(panel, []))
    room = max(console.width - first - 7, 20)  # the panel's border and padding, the gap between the columns
    for panel in order:
        if panel == "Game words" and said:
            console.print(Panel(Text("\n".join(packed(said, console.width - 4))), border_style="dim",
                                title=f"{panel} (potlog WORD --help: what it takes in each game)", title_align="left"))
            continue
        if not rows.get(panel):
            continue
        table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False, expand=True)
        gathered = panel in verbs
        table.add_column(no_wrap=True, width=first, style="" if gathered else "bold cyan")
        table.add_column(no_wrap=not gathered, overflow="fold" if gathered else "ellipsis",
                         style="bold cyan" if gathered else "", ratio=10)
        for name, text in rows[panel]:
            table.add_row(name, Text(text if gathered else clip(text, room)))
        title = f"{panel} (potlog WORD --help: what it takes in each game)" if panel == "Game words" else panel
        console.print(Panel(table, border_style="dim", title=title, title_align="left"))
