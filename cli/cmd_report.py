"""Seeing the night: report (one session, ready to paste into a group chat) and stats (per
player across every session). The figures come from `ledger.report` and `ledger.stats`; this
module parses the options and prints."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .common import DbOpt, JsonOpt, SessionOpt, app, console, ledger, print_json, session_of

if TYPE_CHECKING:
    from ledger.stats import PlayerStats

PANEL = "Audit and settle"


@app.command(rich_help_panel=PANEL)
def report(html: Annotated[bool, typer.Option("--html", help="A self-contained HTML page (style inline, no script, nothing fetched) instead of Markdown.")] = False,
           rate: Annotated[Optional[str], typer.Option("--rate", help="Money per chip (per the session's unit), like 0.25: the results and payments in money, as 'potlog settle --rate'.")] = None,
           currency: Annotated[Optional[str], typer.Option("--currency", help="The money's name or sign shown after amounts (EUR, $ ...); needs --rate.")] = None,
           out: Annotated[Optional[str], typer.Option("--out", "-o", help="Write to this new file ('-' or none: stdout). Never the database, its -wal/-shm/-journal or the seal key; an existing file only with --force.")] = None,
           force: Annotated[bool, typer.Option("--force", help="Replace the --out file if it exists (never the open database).")] = False,
           db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """The night in Markdown, ready to paste into a group chat: the game(s) and hands played,
    results per player (in, out, net; in money with --rate), the biggest pots (hand, game,
    winners, size), who pays whom (the same payments as 'potlog settle'), and the chips counted
    at the table against the ledger. --html writes the same as one page; --json the same data.
    Names and titles are escaped: they show as typed and never become markup."""
    from ledger.errors import UsageError
    from ledger.export.files import check_target, output, protected_files
    from ledger.report import html as as_html, markdown, night
    from ledger.settle import parse_rate
    from ledger.text import printable

    if json and html:
        raise UsageError("--json and --html: choose one (--json gives the report's data, --html the page)")
    if currency is not None and rate is None:
        raise UsageError("--currency names the money of --rate: give --rate too, like --rate 0.25 --currency EUR")
    money = parse_rate(rate) if rate is not None else None
    with ledger(db) as led:
        protect = protected_files(led.store.path)
        path = None if out is None or out == "-" else out
        if path is not None:
            check_target(path, protect=protect, force=force)  # refuse before the work, not after it
        the_night = night(led.store, session_of(led, session), rate=money, currency=currency or "")
    if json:
        import json as _json

        from ledger.text import json_safe

        text = json_safe(_json.dumps(the_night.to_data(), indent=2, ensure_ascii=False)) + "\n"
    else:
        text = as_html(the_night) if html else markdown(the_night)
    if path is None:
        sys.stdout.write(text)
        return
    with output(path, protect=protect, force=force) as fh:
        fh.write(text)
    kind = "JSON" if json else "HTML" if html else "Markdown"
    typer.echo(f"wrote {printable(path)} ({kind} report of {printable(the_night.session)})", err=True)


@app.command(rich_help_panel=PANEL)
def stats(game: Annotated[Optional[str], typer.Option("--game", help="Only the hands of this game (one of 'potlog games').")] = None,
          player: Annotated[Optional[str], typer.Option("--player", help="Only this player's line (a line per chip unit).")] = None,
          since: Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="Only sessions started on or after this day (YYYY-MM-DD, UTC).")] = None,
          until: Annotated[Optional[str], typer.Option("--until", metavar="DATE", help="Only sessions started on or before this day (YYYY-MM-DD, UTC).")] = None,
          db: DbOpt = None, json: JsonOpt = False) -> None:
    """Per player across every session in the database: sessions, finished hands, hours sat
    (each join to their leave, or to the session's last event), net chips, biggest win and loss
    in one hand (a line per player and chip unit when sessions count different units); and for
    the poker games (those on the poker engine: hold'em, Omaha, stud, razz, draw, badugi ...):

    - VPIP: % of hands dealt in which they called, bet or raised in the first betting round
      (preflop; stud's third street; before the first draw). Blinds, antes, straddles and the
      bring-in do not count; a big blind who only checks did not put chips in voluntarily.
    - PFR: % of hands dealt in which they bet or raised in the first betting round.
    - AF: aggression factor, (bets + raises) / calls over every round (an all-in is a raise
      when it raises); '-' when they never called.
    - WTSD: % of hands dealt in which they were still in when the betting ended with two or
      more players in (a muck at the showdown counts; a fold in the betting does not).

    With --game, net and the rest count that game's hands only. Filters combine."""
    from ledger.stats import collect, parse_day

    first = parse_day(since, "--since") if since is not None else None
    last = parse_day(until, "--until") if until is not None else None
    with ledger(db) as led:
        lines, read = collect(led.store, game=game, player=player, since=first, until=last)
    if json:
        print_json({"sessions": read, "game": game, "player": player, "since": since, "until": until,
                    "players": [line.to_data() for line in lines]})
        return
    out = console()
    if not lines:
        out.print("no sessions match" if not read else "no players in the sessions chosen")
        return
    _stats_table(out, lines, read, game)


def _stats_table(out: Any, lines: list[PlayerStats], read: int, game: Optional[str]) -> None:
    """The figures as a Rich table (the poker columns only when some player has poker hands)."""
    from rich import box
    from rich.table import Table

    from .render import esc, net_text, plain

    poker = any(line.poker_hands for line in lines)
    where = f"{read} session{'s' if read != 1 else ''}" + (f", {esc(game)} hands only" if game else "")
    caption = "Sess: sessions. Best, Worst: one hand's result"
    if poker:
        caption += ". VPIP, PFR, WTSD: % of poker hands dealt; AF: (bets + raises) / calls"
    units = len({line.unit for line in lines}) > 1  # different money: a line per unit, and the unit shown
    if units:
        caption = "A line per player and chip unit. " + caption
    table = Table(title=f"potlog stats: {where}", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True, caption=caption, caption_justify="left")
    table.add_column("Player", no_wrap=True, overflow="fold")
    if units:
        table.add_column("Unit", no_wrap=True, overflow="fold")
    for name in ("Sess", "Hands", "Hours", "Net", "Best", "Worst"):
        table.add_column(name, justify="right", no_wrap=True)
    if poker:
        for name in ("VPIP", "PFR", "AF", "WTSD"):
            table.add_column(name, justify="right", no_wrap=True)

    def pct(value: Optional[float]) -> str:
        return "-" if value is None else f"{value:.0f}%"

    for s in lines:
        row: list[Any] = [plain(s.player)] + ([plain(s.unit)] if units else [])
        row += [str(s.sessions), str(s.hands), f"{s.hours:.1f}", net_text(s.net),
                f"{s.biggest_win.chips:+d}" if s.biggest_win else "-",
               f"{s.biggest_loss.chips:+d}" if s.biggest_loss else "-"]
        if poker:
            row += [pct(s.share(s.vpip)), pct(s.share(s.pfr)), "-" if s.af is None else f"{s.af:.1f}",
                    pct(s.share(s.showdowns))] if s.poker_hands else ["-"] * 4
        table.add_row(*row)
    out.print(table)
