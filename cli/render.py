"""Showing a table state: a Rich view for people, plain data for --json.

`state_view` is what the view shows; `render_state` draws it with Rich.

User text (names, titles, notes, reasons, pot names) reaches Rich only through `plain` (a
`rich.text.Text`: never read as markup or emoji codes) or `esc` (for a markup string: markup
escaped), both after `ledger.text.printable`, which shows control characters, line breaks
and bidi overrides escaped (``\\x1b``, ``\\n``, ``\\u202e``) instead of sending them to
the terminal raw. Every command that prints user text with Rich uses these two.

The game's own lines (its `legal`, `view` and `scores`) are asked here without a net: a
game that raises on a table (a bug in its rules, or a state it never expected after an
override) is not drawn without its lines as if nothing were wrong. Its error goes up to the
process boundary (`cli.common.PotlogGroup.invoke`), which says it in one line, ``internal
error (KeyError: ...); please report it``, exit 70; under ``potlog play`` the line says it
and the prompt goes on (`cli.cmd_play`). A half-drawn table would look like a right one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ledger.games import get_ruleset
from ledger.tableview import (RED_SUITS, card_style, legal_lines, legal_verbs_for, state_data,  # noqa: F401 - the
                              view_value)  # table as data lives in ledger (the web pages draw it too)
from ledger.state import Held, Roll, TableState, in_pot, state_hash
from ledger.text import printable
from ledger.units import amount

if TYPE_CHECKING:
    from rich.text import Text


def plain(text: str, style: str = "") -> Text:
    """User text as Rich shows it: printable (`ledger.text.printable`), never markup or emoji."""
    from rich.text import Text

    return Text(printable(text), style=style)


def line(*parts: str | tuple[str, str]) -> Text:
    """One line from pieces of user text, each plain or (text, style): nothing is read as markup."""
    from rich.text import Text

    out = Text()
    for part in parts:
        if isinstance(part, tuple):
            out.append(printable(part[0]), style=part[1])
        else:
            out.append(printable(part))
    return out


def esc(text: str) -> str:
    """User text inside a Rich markup string: printable, with markup escaped (print the string
    with ``emoji=False`` so ``:smile:`` stays as typed)."""
    from rich.markup import escape

    return escape(printable(text))


# Cards print one way everywhere a person reads them: as potlog spells them and as they are
# typed (9S, 10H, KD; ?? unseen; ▒▒ face down), the same in `state`, `log`, `replay` and the
# games' own lines. Where the console has colour, hearts and diamonds are red and spades and
# clubs the terminal's own colour; piped, or with NO_COLOR set, Rich prints them plain.
def _card(h: Held, all_cards: bool) -> str:
    if h.up or all_cards:
        return h.card if h.up or h.card == "??" else f"({h.card})"
    return "▒▒"


def cards_text(cards: list[Held], all_cards: bool, family: str = "french") -> str:
    """A hand as plain text: ``9S 10H (KD) ▒▒`` (in brackets: face down, known to the recorder)."""
    return " ".join(_card(h, all_cards) for h in cards)


def cards_line(cards: list[Held], all_cards: bool, family: str = "french") -> Text:
    """A hand as Rich text: the same words as `cards_text`, each card in its suit's colour."""
    from rich.text import Text

    out = Text()
    for i, h in enumerate(cards):
        if i:
            out.append(" ")
        shown = _card(h, all_cards)
        out.append(printable(shown), style=card_style(h.card if shown != "▒▒" else shown, family))
    return out


def net_text(net: int) -> Text:
    """A result as ``+5`` / ``-3``: a loss is red on a colour console."""
    from rich.text import Text

    return Text(f"{net:+d}", style="red" if net < 0 else "")


def next_line(state: TableState) -> str:
    hand = state.hand
    if state.closed:
        return "session closed"
    if hand is not None and not hand.ended and hand.to_act:
        return f"next: {hand.to_act} ({', '.join(legal_verbs_for(state, hand.to_act))})"
    return ""


Styled = tuple[str, str]  # a text (printable already) in one style: a `rich.text.Text` of that style
Pieces = tuple[Styled, ...]  # a text of several pieces, each in its own style (a Text appended to)
Line = Styled | Pieces


class StateView:
    """The table as `potlog state` shows it, before it is drawn: lines of text above and
    below the seats, and the seats as a table. Every text is `printable` already. (A plain
    class: making a dataclass costs a `potlog state` half a millisecond.)"""

    def __init__(self, title: str, subtitle: str, above: list[Line], columns: list[tuple[str, str]],
                 rows: list[list[Line]], below: list[Line]):
        self.title = title
        self.subtitle = subtitle
        self.above = above
        self.columns = columns  # (header, justify)
        self.rows = rows
        self.below = below


def _cards(cards: list[Held], all_cards: bool, family: str) -> Pieces:
    """A hand as pieces: the words of `cards_text`, each card in its suit's colour."""
    out: list[tuple[str, str]] = []
    for i, h in enumerate(cards):
        if i:
            out.append((" ", ""))
        shown = _card(h, all_cards)
        out.append((printable(shown), card_style(h.card if shown != "▒▒" else shown, family)))
    return tuple(out)


def _dice_lines(dice: list[Roll]) -> list[str]:
    """The dice as the table sees them: each roller's last throw, in the order they last threw,
    and how many throws the turn in progress has had (a long dice game still fits a screen:
    `potlog log` has every throw)."""
    last: dict[str | None, Roll] = {}
    for r in dice:
        last.pop(r.player, None)
        last[r.player] = r
    streak = 0
    for r in reversed(dice):
        if r.player != dice[-1].player:
            break
        streak += 1
    return [f"dice{(' (' + who + ')') if who else ''}: {' '.join(map(str, r.faces))} = {sum(r.faces)}"
            + (f" ({streak} throws this turn)" if streak > 1 and who == dice[-1].player else "")
            for who, r in last.items()]


def state_view(state: TableState, all_cards: bool = False) -> StateView:
    """What `render_state` draws (face-down cards hidden unless `all_cards`)."""
    def one(text: str, style: str = "") -> Styled:
        return printable(text), style

    family = "spanish" if str(state.options.get("pack", "")).startswith("spanish") else "french"
    hand = state.hand
    title = f"{state.session} · {state.game}"
    if state.title:
        title += f" · {state.title}"
    head = []
    if state.closed:
        head.append("session closed")
    if hand is not None and hand.number:
        status = "ended" if hand.ended else hand.phase
        head.append(f"hand {hand.number} ({status}) · dealer {hand.dealer}")
        if hand.to_act and not hand.ended:
            head.append(f"to act: {hand.to_act}")
        if hand.current_bet and not hand.ended:
            head.append(f"bet to match: {hand.current_bet}")
    else:
        head.append("no hand yet")
    kept_in_points = get_ruleset(state.game).scores
    # a points game played without chips shows the scores, not columns of zero chips
    chipless = kept_in_points and not any(v for k, v in state.balances.items()) and not any(
        s.bought_in or s.rebought or s.cashed_out for s in state.seats)
    columns = [("seat", "left")]
    if not chipless:
        columns += [("stack", "right"), ("in pot", "right")]
    columns += [("cards", "left"), ("status", "left")]
    show_score = bool(state.scores) or kept_in_points
    if show_score:
        columns.append(("score", "right"))
    if not chipless:
        columns += [("bought in", "right"), ("rebought", "right"), ("cashed out", "right"), ("net", "right")]
    live_hand = hand is not None and not hand.ended
    rows = []
    for s in state.seats:
        dealer = " (D)" if hand is not None and hand.dealer == s.name and live_hand else ""
        status = "left" if not s.active else "folded" if s.folded and live_hand else "all-in" if s.all_in and live_hand else ""
        if live_hand and hand is not None and hand.to_act == s.name:
            status = "to act"
        row: list[Line] = [one(s.name + dealer)]
        if not chipless:
            row += [one(str(state.stack(s.name))), one(str(in_pot(state, s.name)) if live_hand else "")]
        row += [_cards(s.cards, all_cards, family), one(status)]
        if show_score:
            row.append(one(str(state.scores.get(s.name, 0))))
        if not chipless:
            net = state.stack(s.name) + s.cashed_out - s.bought_in - s.rebought
            row += [one(str(s.bought_in)), one(str(s.rebought)), one(str(s.cashed_out)),
                    (f"{net:+d}", "red" if net < 0 else "")]
        rows.append(row)
    below: list[Line] = []
    if chipless:
        below.append(one("scores in points · no chips on the table"))
    else:
        pots = [f"{k} {v}" for k, v in {"pot": 0, **state.balances}.items()
                if (k in ("pot", "carry", "house") or k.startswith("pot:")) and (v or k == "pot")]
        below.append(one("chips: " + ", ".join(pots) + f" · at the table {amount(state.table_chips(), state.chip_unit)}"))
    if hand is not None and hand.number:
        for board, cards in hand.boards.items():
            below.append((one(f"{board}: "), *_cards(cards, all_cards, family)))
        for line in _dice_lines(hand.dice):
            below.append(one(line))
        if hand.trick:
            below.append(one("trick: " + ", ".join(f"{p.player} {p.card}" for p in hand.trick)))
    for key, value in get_ruleset(state.game).view(state):
        below.append(one(f"{key}: {value}"))
    nexts = legal_lines(state)
    if nexts:
        below.append(one("next: " + "; ".join(nexts)))
    return StateView(printable(title), printable(f"seq {state.seq}"), [one(" · ".join(head))], columns, rows, below)


def _rich_text(line: Line) -> Text:
    from rich.text import Text

    if line and isinstance(line[0], str):  # one style for the whole (and the padding Rich adds to it)
        return Text(line[0], style=str(line[1]))
    out = Text()
    for text, style in line:  # type: ignore[misc]
        out.append(text, style=style or None)
    return out


def render_state(state: TableState, all_cards: bool = False) -> Any:
    """A Rich renderable of the table as it sees itself (face-down cards hidden)."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table

    view = state_view(state, all_cards)
    table = Table(expand=False, show_edge=False, pad_edge=False)
    for header, justify in view.columns:
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    for row in view.rows:
        table.add_row(*map(_rich_text, row))
    parts: list[Any] = [*map(_rich_text, view.above), table, *map(_rich_text, view.below)]
    return Panel(Group(*parts), title=_rich_text((view.title, "")), title_align="left",
                 subtitle=_rich_text((view.subtitle, "")), subtitle_align="right")


def sessions_table(infos: list[Any], current: str | None, width: int) -> Any:
    """`potlog sessions` as a Rich table whose session column is never cut (it is the name
    'potlog use' takes): when the terminal is too narrow for every column unwrapped, the
    columns least needed go first (title, started, events, last event, status, game); only a
    name wider than the terminal itself is folded onto a second line, never shortened."""
    from rich.cells import cell_len
    from rich.table import Table

    columns = ["", "session", "game", "events", "started", "last event", "status", "title"]
    rows = [{"": "*" if i.session == current else "", "session": printable(i.session), "game": printable(i.game),
             "events": str(i.events), "started": i.started[:16].replace("T", " "),
             "last event": i.last[:16].replace("T", " "), "status": "closed" if i.closed else "open",
             "title": printable(i.title)} for i in infos]
    natural = {c: max([cell_len(c), *(cell_len(r[c]) for r in rows)]) for c in columns}
    natural["title"] = min(natural["title"], 16)  # the title may wrap: it is not typed back
    shown = list(columns)
    for gone in ("title", "started", "events", "last event", "status", "game"):
        if sum(natural[c] + 2 for c in shown) + len(shown) - 1 <= width:
            break
        shown.remove(gone)
    fits = sum(natural[c] + 2 for c in shown) + len(shown) - 1 <= width
    table = Table(show_edge=False)
    for col in shown:
        table.add_column(col, no_wrap=col != "title" and (fits or col != "session"),
                         overflow="fold" if col == "session" else "ellipsis")
    for row in rows:
        table.add_row(*(plain(row[col]) for col in shown))
    return table
