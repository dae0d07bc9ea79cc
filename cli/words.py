"""The games' own words as commands: ``potlog bid``, ``potlog buy``, ``potlog hit`` ...

A game declares its words (`ledger.core.contract.Word`) with their arguments; nothing here
knows a game. ``potlog WORD ARGS`` is resolved against the session's game: the word's
declared parameters become a click command that parses ARGS, and the parsed values become the
game's `Command` (or, for a reading word, a `View` to show). So the same word can take other
arguments and mean another thing in another game, and a word the session's game does not have
is refused in one line naming the words it has.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any, List, Optional

import typer

from ledger.errors import RuleViolation
from ledger.games import Param, Ruleset, Word, all_rulesets, get_ruleset

from .common import DbOpt, JsonOpt, OverrideOpt, SessionOpt, console, ledger, print_json, record, session_of

PANEL = "Game words"


def words_by_name() -> dict[str, list[tuple[Ruleset, Word]]]:
    """Every game word, with the games that have it (in game order)."""
    out: dict[str, list[tuple[Ruleset, Word]]] = {}
    for rules in all_rulesets():
        for w in rules.words:
            out.setdefault(w.name, []).append((rules, w))
    return out


def word_index() -> dict[str, list[tuple[str, str, str]]]:
    """Every game word: its name -> (game, title, summary) for each game that has it, in game
    order (as `words_by_name`). In the potlog program it is read from what was kept for this
    very code (`cli.kept`), so that running one game's word does not import every game to
    learn which words there are; anywhere else it is made from the games."""
    from . import kept

    def make() -> dict[str, list[list[str]]]:
        return {name: [[r.name, r.title, w.summary] for r, w in games] for name, games in words_by_name().items()}

    index = kept.value("words", make) if kept.USE else make()
    return {name: [(game, title, summary) for game, title, summary in games] for name, games in index.items()}


def word_usage(word: Word) -> str:
    """``buy PLAYER [CARD] [--discard D]``: the word with its arguments, for listings."""
    parts = [word.name]
    for p in word.params:
        meta = p.metavar or p.name.upper()
        if p.kind == "argument":
            meta = meta + (" ..." if p.many and "..." not in meta else "")
            parts.append(meta if p.required else f"[{meta}]")
        elif p.kind == "flag":
            parts.append(f"[{(p.flags or ('--' + p.name,))[0]}]")
        else:
            parts.append(f"[{(p.flags or ('--' + p.name,))[0]} {meta}]")
    return " ".join(parts)


def _typer_param(p: Param) -> inspect.Parameter:
    """A declared parameter as Typer takes it: a default naming the argument or option."""
    base: Any = p.type
    if p.kind == "flag":
        flags = p.flags or (f"--{p.name.replace('_', '-')}",)
        info: Any = typer.Option(bool(p.default), *flags, help=p.help)
        base = bool
    elif p.kind == "option":
        flags = p.flags or (f"--{p.name.replace('_', '-')}",)
        info = typer.Option(p.default, *flags, help=p.help, metavar=p.metavar,
                            show_default=p.default is not None)
        base = List[p.type] if p.many else Optional[p.type]  # type: ignore[name-defined,valid-type]
    else:
        default = ... if p.required else p.default
        info = typer.Argument(default, help=p.help, metavar=p.metavar, show_default=False)
        base = List[p.type] if p.many else (p.type if p.required else Optional[p.type])  # type: ignore[name-defined,valid-type]
    return inspect.Parameter(p.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=info, annotation=base)


def _parser(rules: Ruleset, word: Word) -> Any:
    """The word's own command line, built by Typer from the declared parameters."""
    def parsed(**values: Any) -> dict[str, Any]:
        return values

    params = [_typer_param(p) for p in word.params]
    parsed.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    parsed.__annotations__ = {p.name: p.annotation for p in params}
    sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    sub.command(word.name, help=f"{rules.title}: {word.summary}\n\n{word.help}".strip(),
                add_help_option=False)(parsed)
    return typer.main.get_command(sub)


def parse(rules: Ruleset, word: Word, args: list[str]) -> dict[str, Any]:
    """The word's arguments, parsed as the game declared them (click's usage errors, exit 2)."""
    command = _parser(rules, word)
    ctx = command.make_context(f"potlog {word.name}", list(args))  # a usage error raises, unprinted
    with ctx:
        return dict(command.invoke(ctx))


def _help(name: str) -> str:
    games = words_by_name().get(name, [])
    out = [f"Usage: potlog {name} [ARGS]... [--db PATH] [--session NAME] [--override REASON] [--json]", "",
           f"A game's own word: what '{name}' takes and records depends on the session's game.",
           f"Games that use it: {', '.join(f'{rules.name} ({rules.title})' for rules, _ in games)}."]
    for rules, word in games:
        out += ["", f"In {rules.name} ({rules.title}): potlog {word_usage(word)}", f"  {word.summary}"]
        if word.help:
            out.append(f"  {word.help}")
        for p in word.params:
            spell = p.metavar or p.name.upper() if p.kind == "argument" else ", ".join(p.flags or (f"--{p.name}",))
            out.append(f"    {spell}: {p.help}")
    out += ["", "Common options:",
            "  --db PATH            The database file (default: $POTLOG_DB, else potlog.db in your data directory).",
            "  -s, --session NAME   The session (default: the current one).",
            "  --override REASON    Record it even if the rules refuse, as a table ruling (audit lists it).",
            "  --json               Print JSON for scripts."]
    return "\n".join(out)


def _show(view: Any) -> None:
    from .render import esc as escape
    from rich.table import Table

    table = Table(title=escape(view.title), caption=escape(view.caption), show_edge=False)
    for i, head in enumerate(view.columns):
        table.add_column(escape(head), justify="left" if i == 0 else "right")
    body = view.rows
    for i, row in enumerate(body):
        table.add_row(*[escape(c) for c in row], end_section=(view.footer_rows and i == len(body) - view.footer_rows - 1))
    out = console()
    out.print(table)
    for line in view.lines:
        out.print(escape(line))


def _run(name: str, args: tuple[str, ...], db: str | None, session: str | None, override: str | None,
         as_json: bool, show_help: bool) -> None:
    if show_help:
        typer.echo(_help(name))
        return
    with ledger(db) as led:
        state = led.state(session_of(led, session))
    rules = get_ruleset(state.game)
    word = rules.word(name)
    if word is None:
        owners = " or ".join(title for _, title, _ in word_index().get(name, []))
        own = ", ".join(w.name for w in rules.words) or "none"
        raise RuleViolation(f"'{name}' is for {owners} sessions; {state.session} plays {rules.title} "
                            f"(its own words: {own})")
    values = parse(rules, word, list(args))
    if word.view is not None:
        view = word.view(state, values)
        if as_json:
            print_json(view.data)
        else:
            _show(view)
        return
    assert word.command is not None
    record(db, session, word.command(values), override=override, as_json=as_json)


def _outer(name: str, summary: str) -> Any:
    """``potlog WORD ...``: the common options here, every other word for the game's parser."""
    sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False)

    @sub.command(name, help=summary, short_help=summary, rich_help_panel=PANEL, add_help_option=False,
                 context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
    def _word(ctx: typer.Context, db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None,
              json: JsonOpt = False,
              show_help: Annotated[bool, typer.Option("--help", "-h", help="Show what this word takes in each game.")] = False,
              ) -> None:
        _run(name, tuple(ctx.args), db, session, override, json, show_help)

    return typer.main.get_command(sub)


def word_command(name: str) -> Any:
    """The command for game word `name`, or None when no game has it."""
    games = word_index().get(name)
    if not games:
        return None
    return _outer(name, word_summary(games))


def word_summary(games: list[tuple[str, str, str]]) -> str:
    """A game word once, with the games that have it: ``(badugi, holdem, omaha) Change the
    blinds ...`` when they say the same; else the games, the first's summary and where the rest
    is (``potlog WORD --help`` says what it takes in each game)."""
    names = ", ".join(game for game, _, _ in games)
    said = {summary for _, _, summary in games}
    if len(said) == 1:
        return f"({names}) {games[0][2]}"
    return f"({names}) {games[0][2].rstrip('.')}; in each game: --help"
