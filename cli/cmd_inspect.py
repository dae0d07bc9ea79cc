"""Reading commands: games, sessions, state, log. Each has --json."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from .common import DbOpt, JsonOpt, SessionOpt, app, console, fail, ledger, print_json, session_of


@app.command(rich_help_panel="Inspect")
def games(game: Annotated[Optional[str], typer.Argument(help="Show one game's options and words in full.")] = None,
          json: JsonOpt = False) -> None:
    """List the rulesets potlog knows with their options and own words, or one game in full.

    Each game's words are commands of their own ('potlog buy', 'potlog bid' ...): the same word
    may mean different things in different games, and potlog reads it as the session's game does.
    """
    from .render import esc as escape
    from rich.table import Table

    from ledger.games import available, get_ruleset

    from .words import word_usage

    rows: list[dict[str, Any]] = []
    for name in [game] if game else available():
        rules = get_ruleset(name)
        from ledger.core.options import fresh_options

        fresh = fresh_options(rules.options, {})
        opts = [{"name": key, "default": fresh.get(key, field.default), "help": field.description or ""}
                for key, field in rules.options.model_fields.items()]
        words = [{"word": w.name, "usage": word_usage(w), "summary": w.summary, "help": w.help}
                 for w in rules.words]
        rows.append({"name": rules.name, "title": rules.title, "summary": rules.summary, "options": opts,
                     "words": words})
    if json:
        print_json(rows)
        return
    table = Table(show_edge=False)
    table.add_column("game")
    table.add_column("what it is")
    table.add_column("options (default)")
    table.add_column("its own words")
    for r in rows:
        opts_text = "\n".join(f"{o['name']}={o['default']}" + (f"  {o['help']}" if game and o["help"] else "")
                              for o in r["options"])
        words_text = "\n".join(w["usage"] + (f"  {w['summary']}" if game else "") for w in r["words"])
        table.add_row(escape(r["name"]), escape(f"{r['title']}: {r['summary']}"),  # a line each: escaped one by one
                      "\n".join(map(escape, opts_text.split("\n"))), "\n".join(map(escape, words_text.split("\n"))))
    console().print(table)


@app.command(rich_help_panel="Inspect")
def sessions(db: DbOpt = None, json: JsonOpt = False) -> None:
    """List the sessions in the database; the current one is marked *."""
    from .render import sessions_table

    with ledger(db) as led:
        infos = led.store.sessions()
        current = led.store.get_meta("current_session")
    if json:
        print_json([{**i.__dict__, "current": i.session == current} for i in infos])
        return
    if not infos:
        typer.echo(f"no sessions yet in {led.where()}: start one with 'potlog new GAME --player NAME=BUYIN ...'")
        return
    out = console()
    out.print(sessions_table(infos, current, out.width))  # the session name is never cut


@app.command(rich_help_panel="Inspect")
def state(all_cards: Annotated[bool, typer.Option("--all-cards", help="Show face-down cards too (the recorder's view).")] = False,
          at: Annotated[Optional[int], typer.Option("--at", help="The table as it was after this seq.", min=1)] = None,
          db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Show the table: seats, stacks, cards as the table sees them, pots, carry-over, whose turn, what may happen next."""
    from .render import render_state, state_data

    with ledger(db) as led:
        sid = session_of(led, session)
        st = led.state(sid, at)
    if json:
        print_json(state_data(st, all_cards=all_cards))
        return
    console().print(render_state(st, all_cards=all_cards))


def _hand_at(led: Any, sid: str, seq: int) -> int:
    """The number of the hand going at `seq` (the last hand started at or before it), or 0."""
    import json as _json

    if seq <= 0:
        return 0
    row = led.store.last_of_type(sid, "hand_started", seq)
    try:
        return int(_json.loads(row[1])["hand"]) if row else 0
    except (ValueError, KeyError, TypeError):
        return 0


@app.command(rich_help_panel="Inspect")
def log(hand: Annotated[Optional[int], typer.Option(help="Only this hand's events.", min=1)] = None,
        last: Annotated[Optional[int], typer.Option(help="Only the last N events.", min=1)] = None,
        db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """The session's events in order, with seq, time and what happened (voided ones struck out)."""
    from ledger.describe import describe
    from ledger.events import HandStarted

    from .render import line

    with ledger(db) as led:
        sid = session_of(led, session)
        voids = led.store.voids(sid)
        # --last N alone: the session's last N events; with --hand: that hand's last N
        after = max(0, led.store.last_seq(sid) - last) if last and hand is None else 0
        current_hand = _hand_at(led, sid, after)
        rows = []
        for rec in led.store.recorded(sid, after):
            if isinstance(rec.event, HandStarted):
                current_hand = rec.event.hand
            if hand is not None and current_hand != hand:
                continue
            rows.append((rec, current_hand))
        if hand is not None and not rows:
            played = current_hand
            fail(f"no hand {hand} in session {sid} " + (f"(hands 1 to {played})" if played else "(no hand has started yet)"), 1)
        if last and hand is not None:
            rows = rows[-last:]
    if json:
        print_json([{**r.to_line(), "hand": h or None, "voided_by": voids.get(r.seq)} for r, h in rows])
        return
    out = console()
    for rec, _h in rows:
        # user text (notes, reasons, names) as a rich Text: control characters shown escaped,
        # never read as markup or emoji codes
        stamp = (f"{rec.seq:>5} {rec.recorded_at[11:19]}", "dim")
        if rec.seq in voids:
            out.print(line(stamp, "  ", (describe(rec.event), "strike"), " ", (f"(void, seq {voids[rec.seq]})", "dim")))
        else:
            out.print(line(stamp, "  ", describe(rec.event)))
