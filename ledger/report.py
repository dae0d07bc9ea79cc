"""The night in one page (``potlog report``): ready to paste into a group chat.

`night(store, session)` gathers, from the same folds as ``potlog audit`` and ``potlog settle``
(`ledger.stats.read_session`: the audit, and the game of each hand):

- the session: its title, the game or games played and how many hands of each, the time from
  the first event to the last;
- results per player: in (bought in + rebought), out (cashed out + stack now), net (out - in),
  and with a rate the net in money;
- the biggest pots: the finished hands with the most chips put into their pots (``carry``
  that rode in too; an uncalled bet given back left out), with the game and who took chips
  out of them (the winners: an uncalled bet back is no win);
- who pays whom: `ledger.settle.settle` on the same nets as ``potlog settle --session S`` (the
  house a payee when it took chips), so the two always agree; a session whose chips are still
  in a pot says why it cannot be settled yet instead;
- the physical counts (``potlog count``) against the ledger's stack at that moment;
- a warning for anything else ``potlog audit`` finds wrong (chips not conserved, a log the
  rules cannot read past some seq).

It is written as Markdown (`markdown`: GitHub-flavoured, tables) or as one self-contained
HTML page (`html`: Jinja2 with autoescape, the style inline, no script, nothing fetched), and
`Night.to_data` is the same as JSON. Every piece of user text (names, the title, notes, the
currency) goes through `ledger.text.printable` (control and bidi characters shown escaped);
in Markdown every punctuation character Markdown could read as markup is backslash-escaped
(CommonMark escapes them all), so ``*Ann*|x`` reads as typed and cannot break a table; in HTML
Jinja2's autoescape does the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .audit import CountLine
from .errors import PotlogError
from .settle import Settlement, settle
from .stats import SessionFacts, read_session, span
from .text import printable
from .units import amount, cents, to_cents, unit_for

TOP_POTS = 5


@dataclass(frozen=True)
class Result:
    player: str
    chips_in: int
    chips_out: int
    net: int
    money: Decimal | None = None


@dataclass(frozen=True)
class Pot:
    hand: int
    game: str
    winners: tuple[str, ...]
    size: int


@dataclass
class Night:
    session: str
    title: str = ""
    unit: str = "chip"
    started: str = ""
    last: str = ""
    closed: bool = False
    games: list[tuple[str, int]] = field(default_factory=list)  # (game, finished hands), in the order first played
    hands: int = 0
    results: list[Result] = field(default_factory=list)
    house: int = 0
    pots: list[Pot] = field(default_factory=list)
    settlement: Settlement | None = None
    unsettled: str = ""  # why there is no settlement yet
    counts: list[CountLine] = field(default_factory=list)
    rate: Decimal | None = None
    currency: str = ""
    nets: dict[str, int] = field(default_factory=dict)  # what is settled: each party's net, the house too
    problems: list[str] = field(default_factory=list)  # what `potlog audit` finds wrong, the counts aside

    @property
    def hours(self) -> float:
        return round(span(self.started, self.last) / 3600, 2)

    def money(self, value: Decimal | None) -> str:
        """Money as printed: ``12.50`` with the currency after it when one was given."""
        if value is None:
            return ""
        return f"{cents(value)} {self.currency}".rstrip()

    def to_data(self) -> dict[str, Any]:
        return {
            "session": self.session, "title": self.title, "unit": self.unit, "started": self.started,
            "last": self.last, "hours": self.hours, "closed": self.closed, "hands": self.hands,
            "games": [{"game": g, "title": title_of(g), "hands": n} for g, n in self.games],
            "rate": None if self.rate is None else str(self.rate), "currency": self.currency or None,
            "results": [{"player": r.player, "chips_in": r.chips_in, "chips_out": r.chips_out, "net": r.net,
                         "money": None if r.money is None else cents(r.money)} for r in self.results],
            "house": self.house,
            "biggest_pots": [{"hand": p.hand, "game": p.game, "winners": list(p.winners), "size": p.size}
                             for p in self.pots],
            "settle": None if self.settlement is None else {**self.settlement.to_data(), "nets": self.nets},
            "unsettled": self.unsettled or None,
            "problems": list(self.problems),
            "counts": [{"seq": c.seq, "hand": c.hand, "player": c.player, "counted": c.counted, "ledger": c.ledger,
                        "difference": c.difference} for c in self.counts],
        }


def night(store: Any, session: str, *, rate: Decimal | None = None, currency: str = "",
          top: int = TOP_POTS) -> Night:
    """The report of one stored session (`NotFound` when there is none by that name)."""
    return night_of(read_session(store, session), rate=rate, currency=currency, top=top)


def night_of(facts: SessionFacts, *, rate: Decimal | None = None, currency: str = "", top: int = TOP_POTS) -> Night:
    a = facts.audit
    out = Night(facts.session, a.title, a.chip_unit or "chip", facts.started, facts.last, a.closed,
                rate=rate, currency=currency)
    played: dict[str, int] = {}
    for h in facts.hands:
        played[h.game] = played.get(h.game, 0) + 1
    if not played and a.game:
        played[a.game] = 0
    out.games = list(played.items())
    out.hands = len(facts.hands)
    for p in a.players:
        chips_in = p.bought_in + p.rebought
        chips_out = p.cashed_out + p.stack
        out.results.append(Result(p.player, chips_in, chips_out, p.net,
                                  None if rate is None else to_cents(p.net * rate)))
    out.results.sort(key=lambda r: (-r.net, r.player))
    out.house = a.accounts.get("house", 0)
    ranked = sorted(facts.hands, key=lambda h: (-h.pot, h.flow.first_seq))
    for h in ranked[:top]:
        if h.pot <= 0:
            break
        out.pots.append(Pot(h.hand, h.game, tuple(h.winners), h.pot))
    nets = {p.player: 0 for p in a.players}
    for p in a.players:
        nets[p.player] += p.net
    if out.house:
        nets["house"] = nets.get("house", 0) + out.house
    out.nets = nets
    try:
        out.settlement = settle(nets, rate, unit=out.unit)  # as `potlog settle --session S`
    except PotlogError as exc:
        out.unsettled = str(exc)
    out.counts = list(a.counts)
    out.problems = [p.message for p in a.problems if p.kind != "count"]
    return out


# ----------------------------------------------------------------------------- Markdown

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&])")


def md(text: str) -> str:
    """User text as Markdown shows it, never read as markup: printable, and every character that
    could start markup where potlog puts text (emphasis, code, links, HTML, headings, entities,
    strikethrough, a table's cell border) backslash-escaped: ``*Ann*|x`` is ``\\*Ann\\*\\|x``."""
    return _MD_SPECIAL.sub(r"\\\1", printable(str(text)))


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _when(night: Night) -> str:
    if not night.started:
        return ""
    start, end = night.started[:16].replace("T", " "), night.last[:16].replace("T", " ")
    if end[:10] == start[:10]:
        end = end[11:]
    return f"{start} to {end} UTC ({night.hours:g} h)"


def title_of(game: str) -> str:
    """A game's title as `potlog games` shows it (its name when this potlog does not know it)."""
    from .games import get_ruleset

    try:
        return get_ruleset(game).title
    except PotlogError:
        return game


def _games_line(night: Night) -> str:
    """``Hold'em, 5 hands``; several games: ``7 hands: Hold'em 3, Razz 4``."""
    if not night.games:
        return "no game yet"
    if len(night.games) == 1:
        return f"{title_of(night.games[0][0])}, {amount(night.hands, 'hand')}"
    return f"{amount(night.hands, 'hand')}: " + ", ".join(f"{title_of(g)} {n}" for g, n in night.games)


def markdown(night: Night) -> str:
    """The night as Markdown (GitHub-flavoured: tables), every piece of user text escaped."""
    unit = night.unit
    lines = [f"# {md(night.title or night.session)}", ""]
    about = [f"Session {md(night.session)}", md(_games_line(night))]
    when = _when(night)
    if when:
        about.append(md(when))
    if night.closed:
        about.append("closed")
    lines += [" · ".join(about), ""]
    for problem in night.problems:
        lines += [md(f"Warning: {problem} (see potlog audit)"), ""]
    lines += ["## Results", ""]
    if not night.results:
        lines += ["No players yet.", ""]
    else:
        money = night.rate is not None
        head = ["Player", "In", "Out", "Net"] + ([md(night.currency or "Money")] if money else [])
        lines += ["| " + " | ".join(head) + " |", "|" + "|".join([" --- "] + [" ---: "] * (len(head) - 1)) + "|"]
        for r in night.results:
            cells = [md(r.player), str(r.chips_in), str(r.chips_out), _signed(r.net)]
            if money and r.money is not None:
                cells.append(md(f"{'+' if r.money > 0 else ''}{cents(r.money)}"))
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
        lines.append(md(f"In {plural_unit(unit)}: in = bought in + rebought, out = cashed out + on the table now"
                        + (f"; money at {night.rate} per {unit_for(1, unit)}" if money else "") + "."))
        if night.house:
            lines.append("")
            lines.append(md(f"The house took {amount(night.house, unit)}."))
        lines.append("")
    lines += ["## Who pays whom", ""]
    if night.settlement is None:
        lines += [md(f"Not settled yet: {night.unsettled}") if night.unsettled else "Nothing to settle.", ""]
    elif not night.settlement.payments:
        lines += ["Everyone is square: nothing to pay.", ""]
    else:
        for pay in night.settlement.payments:
            text = f"{pay.payer} pays {pay.payee} {amount(pay.chips, unit)}"
            if pay.money is not None:
                text += f" = {night.money(pay.money)}"
            lines.append(f"- {md(text)}")
        what = amount(len(night.settlement.payments), "payment")
        what += ": the fewest possible" if night.settlement.exact else ""
        if night.settlement.note:
            what += f" (note: {night.settlement.note})"
        lines += ["", md(what + "."), ""]
    lines += ["## Biggest pots", ""]
    if not night.pots:
        lines += ["No pots yet.", ""]
    else:
        lines += ["| Hand | Game | Won by | Pot |", "| ---: | --- | --- | ---: |"]
        for p in night.pots:
            lines.append(f"| {p.hand} | {md(title_of(p.game))} | {md(', '.join(p.winners) or '-')} | {p.size} |")
        lines.append("")
    lines += ["## Chip counts", ""]
    if not night.counts:
        lines += ["No chips were counted at the table.", ""]
    else:
        lines += ["| Seq | Hand | Player | Counted | Ledger | Difference |", "| ---: | ---: | --- | ---: | ---: | ---: |"]
        for c in night.counts:
            lines.append(f"| {c.seq} | {c.hand or '-'} | {md(c.player)} | {c.counted} | {c.ledger} | {_signed(c.difference)} |")
        wrong = sum(1 for c in night.counts if c.difference)
        verdict = "Every count matches the ledger."
        if wrong:
            verdict = f"{wrong} of {amount(len(night.counts), 'count')} {'does' if wrong == 1 else 'do'} not match the ledger."
        lines += ["", verdict, ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def plural_unit(unit: str) -> str:
    return unit_for(2, unit)


# ----------------------------------------------------------------------------- HTML

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ n.title or n.session }}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1rem auto; max-width: 40rem;
       padding: 0 1rem; color: #1d1d1f; background: #fff; line-height: 1.4; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; } h2 { font-size: 1.15rem; margin-top: 1.6rem; }
.about { color: #555; font-size: .9rem; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid #ddd; text-align: left; }
td.n, th.n { text-align: right; } .win { color: #0a7d32; } .loss { color: #b3261e; }
.note { color: #555; font-size: .85rem; } ul { padding-left: 1.2rem; }
</style>
</head>
<body>
<h1>{{ n.title or n.session }}</h1>
<p class="about">Session {{ n.session }} · {{ games }}
{%- if when %} · {{ when }}{% endif %}{% if n.closed %} · closed{% endif %}</p>
{% for problem in n.problems %}<p class="loss">Warning: {{ problem }} (see potlog audit)</p>
{% endfor %}
<h2>Results</h2>
{% if not n.results %}<p>No players yet.</p>{% else %}
<table>
<tr><th>Player</th><th class="n">In</th><th class="n">Out</th><th class="n">Net</th>
{%- if n.rate is not none %}<th class="n">{{ n.currency or "Money" }}</th>{% endif %}</tr>
{% for r in n.results %}<tr><td>{{ r.player }}</td><td class="n">{{ r.chips_in }}</td><td class="n">{{ r.chips_out }}</td>
<td class="n {{ 'win' if r.net > 0 else 'loss' if r.net < 0 else '' }}">{{ signed(r.net) }}</td>
{%- if n.rate is not none %}<td class="n">{{ money_signed(r.money) }}</td>{% endif %}</tr>
{% endfor %}</table>
<p class="note">In {{ units }}: in = bought in + rebought, out = cashed out + on the table now
{%- if n.rate is not none %}; money at {{ n.rate }} per {{ unit }}{% endif %}.
{%- if n.house %} The house took {{ n.house }} {{ units }}.{% endif %}</p>
{% endif %}

<h2>Who pays whom</h2>
{% if n.settlement is none %}<p>{% if n.unsettled %}Not settled yet: {{ n.unsettled }}{% else %}Nothing to settle.{% endif %}</p>
{% elif not n.settlement.payments %}<p>Everyone is square: nothing to pay.</p>
{% else %}<ul>
{% for p in n.settlement.payments %}<li>{{ p.payer }} pays {{ p.payee }} {{ p.chips }} {{ unit if p.chips == 1 else units }}
{%- if p.money is not none %} = {{ n.money(p.money) }}{% endif %}</li>
{% endfor %}</ul>
<p class="note">{{ n.settlement.payments | length }} payment{{ "" if n.settlement.payments | length == 1 else "s" }}
{%- if n.settlement.exact %}: the fewest possible{% endif %}{% if n.settlement.note %} (note: {{ n.settlement.note }}){% endif %}.</p>
{% endif %}

<h2>Biggest pots</h2>
{% if not n.pots %}<p>No pots yet.</p>{% else %}
<table>
<tr><th class="n">Hand</th><th>Game</th><th>Won by</th><th class="n">Pot</th></tr>
{% for p in n.pots %}<tr><td class="n">{{ p.hand }}</td><td>{{ title_of(p.game) }}</td><td>{{ p.winners | join(", ") or "-" }}</td><td class="n">{{ p.size }}</td></tr>
{% endfor %}</table>
{% endif %}

<h2>Chip counts</h2>
{% if not n.counts %}<p>No chips were counted at the table.</p>{% else %}
<table>
<tr><th class="n">Seq</th><th class="n">Hand</th><th>Player</th><th class="n">Counted</th><th class="n">Ledger</th><th class="n">Difference</th></tr>
{% for c in n.counts %}<tr><td class="n">{{ c.seq }}</td><td class="n">{{ c.hand or "-" }}</td><td>{{ c.player }}</td><td class="n">{{ c.counted }}</td>
<td class="n">{{ c.ledger }}</td><td class="n {{ 'loss' if c.difference else '' }}">{{ signed(c.difference) }}</td></tr>
{% endfor %}</table>
{% set wrong = n.counts | selectattr("difference") | list | length %}
<p class="note">{% if wrong %}{{ wrong }} of {{ n.counts | length }} count{{ "" if n.counts | length == 1 else "s" }} {{ "does" if wrong == 1 else "do" }} not match the ledger.{% else %}Every count matches the ledger.{% endif %}</p>
{% endif %}
</body>
</html>
"""


def _printable_night(night: Night) -> Night:
    """A copy of `night` whose user text is printable (control and bidi characters escaped)."""
    from dataclasses import replace

    def p(text: str) -> str:
        return printable(text)

    return replace(
        night, session=p(night.session), title=p(night.title), currency=p(night.currency),
        games=[(p(g), n) for g, n in night.games],
        results=[replace(r, player=p(r.player)) for r in night.results],
        pots=[replace(x, game=p(x.game), winners=tuple(p(w) for w in x.winners)) for x in night.pots],
        counts=[replace(c, player=p(c.player)) for c in night.counts],
        unsettled=p(night.unsettled), problems=[p(x) for x in night.problems],
        settlement=None if night.settlement is None else replace(
            night.settlement, note=p(night.settlement.note),
            payments=tuple(replace(x, payer=p(x.payer), payee=p(x.payee)) for x in night.settlement.payments)),
    )


def html(night: Night) -> str:
    """The night as one self-contained HTML page (Jinja2, autoescape on: user text is escaped)."""
    from jinja2 import Environment, StrictUndefined

    env = Environment(autoescape=True, undefined=StrictUndefined, trim_blocks=False, keep_trailing_newline=True)
    shown = _printable_night(night)

    def money_signed(value: Decimal | None) -> str:
        return "" if value is None else f"{'+' if value > 0 else ''}{cents(value)}"

    return env.from_string(_PAGE).render(
        n=shown, games=_games_line(shown), when=_when(shown), signed=_signed, money_signed=money_signed,
        title_of=lambda game: printable(title_of(game)),
        unit=unit_for(1, shown.unit), units=plural_unit(shown.unit))
