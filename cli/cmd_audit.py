"""Checking a night: verify (hash chain, rules), audit (chips), replay (the table as it was),
settle (who pays whom). Each has --json; verify and audit exit 1 when something is wrong."""

from __future__ import annotations

import contextlib
import sys
from typing import Annotated, Any, Callable, Iterator, Optional

import typer

from .common import DbOpt, JsonOpt, SessionOpt, app, console, ledger, print_json, progress_bar, session_of

AllOpt = Annotated[bool, typer.Option("--all", help="Every session in the database.")]
PANEL = "Audit and settle"


@contextlib.contextmanager
def _progress(total: int, label: str, show: bool) -> Iterator[Optional[Callable[[int], None]]]:
    """A progress bar on stderr for long work (`show` and more than `LONG` events)."""
    from ledger.replay import LONG

    if not show or total <= LONG:
        yield None
        return
    with progress_bar() as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.update(task, completed=n) if n % 500 == 0 or n == total else None


def _sessions(led: Any, session: Optional[str], all_sessions: bool) -> list[str]:
    if all_sessions:
        sids = [s.session for s in led.store.sessions()]
        if not sids:
            from ledger.errors import NotFound

            raise NotFound("no sessions in this database yet: start one with 'potlog new GAME'")
        return sids
    return [session_of(led, session)]


# ----------------------------------------------------------------------------- verify

@app.command(rich_help_panel=PANEL)
def verify(rules: Annotated[bool, typer.Option("--rules", help="Also re-check every event under the session's rules (table rulings are listed, not failures).")] = False,
           seal: Annotated[Optional[str], typer.Option("--seal", metavar="FILE", help="Check the log against a seal ('potlog seal'): the sealed seq must still carry the sealed hash; catches truncation and rewritten history. '-' reads the seal line from stdin.")] = None,
           all_sessions: AllOpt = False, db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Check that the stored log is what was written: seq numbers gapless from 1, every event
    chained to the one before by its hash, every hash matching the event, its time and its
    session. Names the first broken link (an edited, missing, reordered or inserted event) by
    its seq and prints the head (last seq and hash) of each session; exits 1 on any finding.
    With --seal FILE, also checks the sessions sealed in FILE still hold their sealed head
    (a log cut short or rewritten consistently passes the chain but not the seal). With
    --rules, also names the first event the game's rules would have refused."""
    from .render import esc as escape

    from ledger.verify import verify_session

    seals = _read_seals(seal) if seal is not None else None
    reports = []
    with ledger(db) as led:
        if seals is not None:
            chosen = session or None
            todo = [(s.session, s) for s in seals if chosen is None or s.session == chosen]
            if not todo:
                from ledger.errors import InputError

                raise InputError(f"the seal file has no seal for session {chosen}")
        else:
            todo = [(sid, None) for sid in _sessions(led, session, all_sessions)]
        for sid, one in todo:
            total = led.store.last_seq(sid)
            if total == 0 and one is not None:
                from ledger.errors import NotFound

                raise NotFound(f"the sealed session {sid} is not in this database (renamed or removed?)")
            with _progress(total, f"verifying {sid}", rules and not json) as tick:
                reports.append(verify_session(led.store, sid, rules=rules, seal=one, progress=tick))
    bad = [r for r in reports if not r.ok]
    if json:
        print_json({"ok": not bad, "sessions": [r.to_data() for r in reports]})
    else:
        out = console()
        for r in reports:
            if not r.findings:
                mark = "[green]ok[/green]" if r.ok else "[red]SEAL FAILS[/red]"
                out.print(f"{mark}  {escape(r.session)} ({escape(r.game)}): {r.events} events, chain intact"
                          + (", rules kept" if rules else ""))
            else:
                first = r.findings[0]
                out.print(f"[red]BROKEN[/red]  {escape(r.session)} ({escape(r.game)}): first broken at seq {first.seq}: "
                          f"{escape(first.message)}")
                for f in r.findings[1:]:
                    out.print(f"    also seq {f.seq}: {escape(f.message)}")
            out.print(f"    head: seq {r.head[0]} hash {r.head[1]}", soft_wrap=True)
            if r.seal is not None:
                out.print(f"    seal: {'[green]' if r.seal.ok else '[red]'}{escape(r.seal.message)}"
                          f"{'[/green]' if r.seal.ok else '[/red]'}", soft_wrap=True)
            if r.rules_method:
                out.print(f"    [dim]rules checked by: {escape(r.rules_method)}[/dim]")
            for o in r.overrides:
                out.print(f"    ruling: {escape(o.message)}")
    if bad:
        raise typer.Exit(1)


def _read_seals(path: str) -> list[Any]:
    """The seals in FILE (or stdin for '-'), one line each."""
    from ledger.errors import InputError, NotFound
    from ledger.seal import parse_seals

    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read(1 << 20)
        except FileNotFoundError:
            raise NotFound(f"no seal file {path}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read the seal file {path}: {exc}") from None
    return parse_seals(text, path if path != "-" else "stdin")


# ----------------------------------------------------------------------------- audit

def _flows_text(d: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items()) or "-"


def _render_audit(a: Any) -> None:
    from .render import esc as escape  # user text: control characters shown escaped, markup escaped
    from .render import net_text
    from rich.table import Table

    out = console()
    status = "closed" if a.closed else "open"
    out.print(f"[bold]{escape(a.session)}[/bold] · {a.game} · {a.events} events · {len(a.hands)} hands · {status}"
              + (f" · {escape(a.title)}" if a.title else ""))
    players = Table(title="players", title_justify="left", show_edge=False)
    for col in ("player", "bought in", "rebought", "cashed out", "stack", "net"):
        players.add_column(col, justify="left" if col == "player" else "right")
    for p in a.players:
        players.add_row(escape(p.player), str(p.bought_in), str(p.rebought), str(p.cashed_out), str(p.stack),
                        net_text(p.net))
    out.print(players)
    if a.hands:
        hands = Table(title="hands", title_justify="left", show_edge=False)
        for col in ("hand", "seqs", "put in", "took out", "carry in", "carry out", "house", "other"):
            hands.add_column(col)
        for h in a.hands:
            put = ", ".join(f"{p} {sum(v.values())}" + ("" if list(v) == ["pot"] else f" ({_flows_text(v)})")
                            for p, v in h.put_in.items()) or "-"
            hands.add_row(str(h.hand) + ("" if h.ended else " (going)"), f"{h.first_seq}-{h.last_seq}",
                          escape(put), escape(_flows_text(h.took_out)), str(h.carry_in or ""), str(h.carry_out or ""),
                          str(h.to_house or ""),
                          escape("; ".join(f"{m.amount} {m.source}→{m.dest}" for m in h.other)))
        out.print(hands)
    moves = [m for m in a.between_hands if m.reason not in ("buy-in", "rebuy", "cash-out")]
    for m in moves:
        out.print(f"between hands, seq {m.seq}: {m.amount} from {escape(m.source)} to {escape(m.dest)} ({escape(m.reason)})")
    for c in a.counts:
        mark = "[green]matches[/green]" if not c.difference else f"[red]MISMATCH {c.difference:+d}[/red]"
        where = f"hand {c.hand}, " if c.hand else ""
        out.print(f"count ({where}seq {c.seq}): {escape(c.player)} counted {c.counted}, ledger {c.ledger}: {mark}")
    for v in a.voids:
        out.print(f"void (seq {v.seq}): seq {v.target} '{escape(v.cancelled)}' cancelled: {escape(v.reason)}")
    for r in a.rulings:
        out.print(f"table ruling (seq {r.seq}{', hand ' + str(r.hand) if r.hand else ''}): {escape(r.event)}: "
                  f"{escape(r.ruling)}" + (" (later voided)" if r.voided else ""))
    rest = {k: v for k, v in a.accounts.items() if k != "bank" and v}
    if rest:
        out.print("chips off the seats: " + escape(_flows_text(rest)))
    if a.ok:
        out.print("[green]reconciles[/green]: chips conserved at every event" +
                  (f", {len(a.counts)} counts match" if a.counts else ""))
    else:
        out.print(f"[red]does not reconcile[/red]: {len(a.problems)} problem{'s' if len(a.problems) != 1 else ''}")
        for p in a.problems:
            out.print(f"  [red]{p.kind}[/red]: {escape(p.message)}")


@app.command(rich_help_panel=PANEL)
def audit(all_sessions: Annotated[bool, typer.Option("--all", help="Every session, and a season table of totals per player.")] = False,
          db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Account for every chip: per player bought in, rebought, cashed out, stack and net; per hand
    who put what into which pot, who took what out, carry-over and house; conservation checked
    at every event; physical counts against the ledger; every void and table ruling with its
    reason. Exits 1 when anything does not reconcile."""
    from .render import esc as escape  # user text: control characters shown escaped, markup escaped
    from .render import net_text
    from rich.table import Table

    from ledger.audit import audit_session, season

    audits = []
    with ledger(db) as led:
        for sid in _sessions(led, session, all_sessions):
            with _progress(led.store.last_seq(sid), f"auditing {sid}", not json) as tick:
                audits.append(audit_session(led.store, sid, progress=tick))
    ok = all(a.ok for a in audits)
    if json:
        if all_sessions:
            print_json({"ok": ok, "sessions": [a.to_data() for a in audits],
                        "season": [s.__dict__ for s in season(audits)]})
        else:
            print_json(audits[0].to_data())
    elif not all_sessions:
        _render_audit(audits[0])
    else:
        out = console()
        for a in audits:
            mark = "[green]reconciles[/green]" if a.ok else f"[red]{len(a.problems)} problem(s)[/red]"
            out.print(f"{escape(a.session)} · {a.game} · {len(a.hands)} hands · {mark}")
            for p in a.problems:
                out.print(f"  [red]{p.kind}[/red]: {escape(p.message)}")
        table = Table(title="season", title_justify="left", show_edge=False)
        for col in ("player", "sessions", "bought in", "rebought", "cashed out", "stack", "net"):
            table.add_column(col, justify="left" if col == "player" else "right")
        for s in season(audits):
            table.add_row(escape(s.player), str(s.sessions), str(s.bought_in), str(s.rebought), str(s.cashed_out),
                          str(s.stack), net_text(s.net))
        out.print(table)
    if not ok:
        raise typer.Exit(1)


# ----------------------------------------------------------------------------- replay

def _summary_rows(a: Any) -> list[dict[str, Any]]:
    return [{"hand": h.hand, "dealer": h.dealer, "first_seq": h.first_seq, "last_seq": h.last_seq, "ended": h.ended,
             "players": h.players, "pot": h.pot_total, "took_out": h.took_out, "carry_in": h.carry_in,
             "carry_out": h.carry_out, "house": h.to_house, "net": h.net, "stacks_after": h.stacks_after}
            for h in a.hands]


def _won_by(h: Any) -> str:
    """Who took the pot: players, and the house where it took chips (all bust, a rake)."""
    took = dict(h.took_out)
    if h.to_house:
        took["house"] = h.to_house
    return _flows_text(took)


def _render_summary(a: Any) -> None:
    from .render import esc as escape  # user text: control characters shown escaped, markup escaped
    from rich.table import Table

    table = Table(title=f"{a.session} · {a.game} · hand by hand", title_justify="left", show_edge=False)
    for col in ("hand", "dealer", "seqs", "pot", "won by", "carry", "net", "stacks after"):
        table.add_column(col)
    for h in a.hands:
        carry = " ".join(x for x in (f"in {h.carry_in}" if h.carry_in else "", f"out {h.carry_out}" if h.carry_out else "") if x)
        net = ", ".join(f"{p} {n:+d}" for p, n in h.net.items() if n)
        table.add_row(str(h.hand) + ("" if h.ended else " …"), escape(h.dealer), f"{h.first_seq}-{h.last_seq}",
                      str(h.pot_total), escape(_won_by(h)), carry, escape(net or "-"),
                      escape(_flows_text(h.stacks_after)))
    out = console()
    if a.hands:
        out.print(table)
    else:
        out.print(f"{escape(a.session)}: no hands played yet")


@app.command(rich_help_panel="Inspect")
def replay(hand: Annotated[Optional[int], typer.Option("--hand", help="Replay this hand only.", min=1)] = None,
           to: Annotated[Optional[int], typer.Option("--to", help="Stop after this seq (the table as it was then).", min=1)] = None,
           step: Annotated[bool, typer.Option("--step", help="Show the table after every event; press Enter for the next, q to stop.")] = False,
           all_cards: Annotated[bool, typer.Option("--all-cards", help="Show face-down cards too (otherwise as the table saw them).")] = False,
           db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Re-fold a session from its events and show the table as it was. Without --step: a
    hand-by-hand summary (with --hand: that hand's events and the table at its end; with
    --to: the hands up to that seq and the table then). --step walks event by event.
    Face-down cards stay hidden unless --all-cards."""
    from .render import esc as escape  # user text: control characters shown escaped, markup escaped

    from ledger.errors import NotFound
    from ledger.replay import frames, summaries, table_at

    from .render import render_state, state_data

    with ledger(db) as led:
        sid = session_of(led, session)
        last = led.store.last_seq(sid)
        if to is not None and to > last:
            raise NotFound(f"{sid} has no seq {to}: its last event is seq {last}")
        if step or hand is not None:
            shown = frames(led.store, sid, hand=hand, upto=to)
            if json:
                print_json([{"seq": f.seq, "hand": f.hand, "event": f.text,
                             "postings": [{"from": p.source, "to": p.dest, "amount": p.amount, "reason": p.reason}
                                          for p in f.postings],
                             **({"table": state_data(f.state, all_cards=all_cards)} if step else {})}
                            for f in shown])
                return
            out = console()
            n = 0
            final = None
            for f in shown:
                n += 1
                final = f
                out.print(f"[dim]#{f.seq}[/dim] {escape(f.text)}")
                if step:
                    out.print(render_state(f.state, all_cards=all_cards))
                    out.print("[dim]Enter: next event · q: stop[/dim]")
                    answer = sys.stdin.readline()
                    if not answer or answer.strip().lower() in ("q", "quit"):
                        break
            if not n:
                raise NotFound(f"{sid} has no hand {hand}" + (f" by seq {to}" if to else "") if hand
                               else f"{sid} has no events to replay")
            if not step and final is not None:
                out.print(render_state(final.state, all_cards=all_cards))
            return
        with _progress(to or last, f"replaying {sid}", not json) as tick:
            story = summaries(led.store, sid, upto=to, progress=tick)
        table = table_at(led.store, sid, to) if to is not None else None
    if json:
        print_json({"session": sid, "upto": to or last, "hands": _summary_rows(story),
                    "table": state_data(table, all_cards=all_cards) if table is not None else None})
        return
    _render_summary(story)
    if table is not None:
        console().print(render_state(table, all_cards=all_cards))


# ----------------------------------------------------------------------------- settle

@app.command(rich_help_panel=PANEL)
def settle(rate: Annotated[Optional[str], typer.Option("--rate", help="Money per chip (per the session's unit), like 0.25: exact decimal, paid to the cent.")] = None,
           all_sessions: Annotated[bool, typer.Option("--all", help="Settle the totals of every session together.")] = False,
           db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Who pays whom, from each player's net result, in as few payments as possible: the proven
    fewest for up to 18 players (after pairing equal results), a good greedy answer beyond
    (with a note). Chips the house took make the house a payee. --rate turns chips into money."""
    from .render import esc as escape  # user text: control characters shown escaped, markup escaped

    from ledger.audit import audit_session
    from ledger.settle import SessionNets, combine, parse_rate, settle as settle_nets
    from ledger.units import amount, cents, unit_for

    money = parse_rate(rate) if rate is not None else None
    sessions: list[SessionNets] = []
    with ledger(db) as led:
        for sid in _sessions(led, session, all_sessions):
            a = audit_session(led.store, sid)
            one: dict[str, int] = {}
            for p in a.players:
                one[p.player] = one.get(p.player, 0) + p.net
            if a.accounts.get("house"):
                one["house"] = one.get("house", 0) + a.accounts["house"]
            sessions.append(SessionNets(sid, one, a.chip_unit or "chip"))
    nets, unit = combine(sessions, money)
    result = settle_nets(nets, money, unit=unit)
    if json:
        print_json({**result.to_data(), "nets": nets})
        return
    out = console()
    if not result.payments:
        out.print("everyone is square: nothing to pay")
        return
    for pay in result.payments:
        line = f"{escape(pay.payer)} pays {escape(pay.payee)} {escape(amount(pay.chips, unit))}"
        if pay.money is not None:
            line += f" = {cents(pay.money)}"
        out.print(line)
    count = len(result.payments)
    what = amount(count, "payment")
    if money is not None:
        what += f" at {money} per {escape(unit_for(1, unit))}"
    if result.exact and not result.note:
        out.print(f"[dim]{what}: the fewest possible[/dim]")
    elif result.exact:
        out.print(f"[dim]{what}: the fewest possible. note: {escape(result.note)}[/dim]")
    else:
        out.print(f"[dim]{what}. note: {escape(result.note)}[/dim]")
