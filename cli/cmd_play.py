"""`potlog play`: record a night live, in a prompt (prompt_toolkit).

Each line typed is a potlog command without the ``potlog`` (``bet Ann 5``, ``deal all -n 2``,
a game's own word such as ``hit Ann 5D``), run exactly as `potlog run` runs a line of a file
(`cli.cmd_io._run_line`, with `RUN_DEFAULTS` carrying --db and --session): what it records is
printed, a refused line prints its one line and records nothing, and the prompt goes on. One
`Ledger` is open for the prompt's life and shared (`Ledger.sharing`, outside a batch: each line
is committed as it is recorded), so a line neither opens the database again nor reads its head
back: the table is drawn from the head the line left in the memo. The
table (`cli.render.render_state`, as `potlog state` shows it) is drawn again after every line
that records something; the prompt says whose turn it is and what is legal (the game's
`legal()`, as the table's "next:" line says it). Tab completes verbs, seated players and the
pack's cards (`cli.play_complete`); ``undo`` and Ctrl-Z run ``undo``; ``help`` lists the
verbs; ``quit``, ``exit`` or Ctrl-D leave. History is kept in ``$POTLOG_HISTORY``, else
``history`` in potlog's data directory.

``play`` was already the word for playing a card to a trick (``potlog play Ann QH``): with
arguments it still is; without, it opens the prompt.
When stdin is not a terminal, the lines are read from it one by one (no prompt, each echoed
as ``» line``), so ``potlog play < night.potlog`` records a file and carries on past refusals.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import typer

from .common import RUN_DEFAULTS, console, fail, internal_error, ledger, one_line, session_of

QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?")
AT_TABLE = ("Start and seat", "The hand", "Cards and dice", "Betting", "Pots and payments", "Corrections and records",
            "Inspect")
"""The help panels whose commands make sense at a table, in the order the prompt's help lists them."""
NOT_AT_TABLE = frozenset({"new", "use", "games", "sessions"})  # (another session, or the shelf of games)
UNDO_LINE = "undo"


def history_path() -> Path:
    """``$POTLOG_HISTORY``, else ``history`` in potlog's data directory (never the working tree)."""
    env = os.environ.get("POTLOG_HISTORY")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("potlog", appauthor=False)) / "history"


def prompt_hint(state: Any) -> str:
    """Whose turn it is and what is legal, from the game's `legal()` (the table's "next:" line
    without its notes, which the table just drawn shows)."""
    if state is None:
        return "no session yet: start one with 'new GAME -p NAME=BUYIN ...' ('games' lists them)"
    if state.closed:
        return "session closed: 'new GAME ...' starts another, 'quit' leaves"
    from ledger.games import get_ruleset

    try:
        items = get_ruleset(state.game).legal(state)
    except Exception as exc:  # a bug in the game's legal(): said in the hint (raised, it would end the prompt)
        return f"the game's rules failed on this table ({type(exc).__name__}: {str(exc)[:200]}); please report it"
    verbs: dict[str, list[str]] = {}  # who -> what they may do, in the order legal() gives them
    for item in items:
        mine = verbs.setdefault(item.player or "anyone", [])
        mine.extend(v for v in item.verbs if v not in mine)
    hand = state.hand
    to_act = hand.to_act if hand is not None and hand.number and not hand.ended else None
    parts = [f"{who}: {', '.join(vs)}" for who, vs in verbs.items() if who != to_act]
    if to_act:
        parts.insert(0, f"{to_act} to act" + (f": {', '.join(verbs[to_act])}" if verbs.get(to_act) else ""))
    return " · ".join(parts) or "what happens next is the table's to say"


def wrapped(text: str, width: int) -> str:
    """`text` broken at spaces to fit `width` columns (the prompt's first lines do not wrap)."""
    import textwrap

    return "\n".join(textwrap.wrap(text, max(20, width - 1), break_on_hyphens=False)) or text


class Play:
    """The loop: read a line, run it as `potlog run` would, show what changed."""

    def __init__(self, echo: bool = False):
        self.echo = echo  # echo each line (stdin not a terminal: nobody sees what was typed)
        self.state: Any = None
        self.problem = ""
        self._core: Any = None
        self.kept: Any = None  # the ledger kept open (and shared) for the prompt's life, when there is one

    # -- the session as it is now

    def refresh(self) -> None:
        from ledger.errors import PotlogError

        try:
            with ledger(None, create=True) as led:
                self.state = led.state(session_of(led, None))
            self.problem = ""
        except PotlogError as exc:
            self.state, self.problem = None, one_line(str(exc))

    def key(self) -> tuple[str, int] | None:
        return None if self.state is None else (self.state.session, self.state.seq)

    def show_table(self) -> None:
        from .render import render_state

        if self.state is not None:
            console().print(render_state(self.state))

    def hint(self) -> str:
        if self.state is None and self.problem and not self.problem.startswith("no current session"):
            return self.problem
        return prompt_hint(self.state)

    def prompt_name(self) -> str:
        return f"{self.state.session}> " if self.state is not None else "potlog> "

    # -- completion

    def core_grammar(self) -> Any:
        """The core commands' grammar and the prompt's own words (built once)."""
        if self._core is None:
            from .common import root_command
            from .play_complete import VERB, Spec, grammar_from_click

            grammar = grammar_from_click(root_command())
            grammar.update({w: Spec() for w in QUIT_WORDS})
            grammar["help"] = Spec((VERB,))
            self._core = grammar
        return self._core

    def table(self) -> Any:
        """What Tab offers now: the verbs, the game's words, the seated players, the pack."""
        from .play_complete import table_for

        return table_for(self.state, self.core_grammar())

    # -- one line

    def run_line(self, text: str) -> bool:
        """Run one typed line; False when it asks to leave."""
        text = text.strip()
        if not text or text.startswith("#"):
            return True
        if self.echo:
            from ledger.text import printable

            typer.echo(f"» {printable(text)}")
        try:
            args = shlex.split(text, comments=True)
        except ValueError as exc:
            typer.echo(f"potlog: {one_line(str(exc))} (nothing recorded)", err=True)
            return True
        if args and args[0] == "potlog":
            args = args[1:]
        if not args:
            return True
        verb = args[0]
        if verb in QUIT_WORDS and len(args) == 1:
            return False
        if verb in HELP_WORDS:
            if len(args) > 1:
                return self._execute([args[1], "--help"])
            self.print_help()
            return True
        if verb == "play" and len(args) == 1:
            typer.echo("potlog: this is 'potlog play' already: type a command, 'help' for the verbs, 'quit' to leave",
                       err=True)
            return True
        if verb == UNDO_LINE and "undo" not in self._command_names():
            typer.echo("potlog: undo is not in this potlog yet: cancel the last act with 'void SEQ --reason ...' "
                       "('log --last 5' shows the seqs); nothing recorded", err=True)
            return True
        return self._execute(args)

    def _command_names(self) -> set[str]:
        from .common import root_command

        return set(root_command().commands)

    def _execute(self, args: list[str]) -> bool:
        from .cmd_io import _run_line

        before = self.key()
        try:
            code, why = _run_line(args)
            if self.kept is not None:  # what closing the line's own ledger did: the hands' checkpoints written
                self.kept.flush()
        except Exception as exc:  # the prompt's process boundary: never a traceback at the table, the prompt goes on
            code, why = 70, internal_error(exc)
        if code:
            typer.echo(f"potlog: {one_line(why)}", err=True)
        if args[0] in ("new", "use") and not code:  # follow the session it made current
            RUN_DEFAULTS["session"] = None
        self.refresh()
        if not code and self.key() != before and self.state is not None:
            try:
                self.show_table()
            except Exception as exc:  # the same boundary: a game that cannot draw its table (a bug) is said
                typer.echo(f"potlog: {one_line(internal_error(exc))}", err=True)
        return True

    def print_help(self) -> None:
        """The verbs of a table, by what they do (not the club's or the files' commands), and this
        game's own words, each list wrapped at word boundaries to the terminal's width."""
        import shutil

        from .common import root_command
        from .words import word_usage

        width = min(shutil.get_terminal_size().columns, 100)
        typer.echo(wrapped("Type a potlog command without 'potlog'; 'help VERB' (or 'VERB --help') explains one.",
                           width))
        panels: dict[str, list[str]] = {}
        for name, command in root_command().commands.items():
            panel = getattr(command, "rich_help_panel", None)
            if panel in AT_TABLE and name not in NOT_AT_TABLE:
                panels.setdefault(panel, []).append(name)
        for panel in AT_TABLE:
            if panels.get(panel):
                typer.echo(wrapped(f"{panel}: {', '.join(panels[panel])}", width).replace("\n", "\n    "))
        if self.state is not None:
            from ledger.games import get_ruleset

            from ledger.errors import PotlogError

            try:
                rules = get_ruleset(self.state.game)
            except PotlogError:  # a game this potlog does not have: no words of its own to list
                rules = None
            if rules is not None and rules.words:
                typer.echo(f"{rules.title}'s own words:")
                for w in rules.words:
                    typer.echo("  " + wrapped(f"{word_usage(w)}: {w.summary}", width - 2).replace("\n", "\n    "))
        typer.echo("In this prompt:")
        typer.echo("  undo, Ctrl-Z        undo the last act")
        typer.echo("  help [VERB]         this list, or one verb's help")
        typer.echo("  quit, exit, Ctrl-D  leave")
        typer.echo("Tab completes verbs, player names and cards; Up/Down walk the history.")

    # -- the loop

    def loop(self, read: Callable[[], str]) -> None:
        """Read lines with `read` (EOFError ends, KeyboardInterrupt drops the line) until a
        quit word or the end of input."""
        while True:
            try:
                text = read()
            except EOFError:
                return
            except KeyboardInterrupt:
                continue
            if not self.run_line(text):
                return


def _terminal_reader(play: Play) -> Callable[[], str]:
    """prompt_toolkit's prompt: the hint and the session's name, completion, history, Ctrl-Z."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.formatted_text import FormattedText
    from prompt_toolkit.history import FileHistory, InMemoryHistory
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.styles import Style

    from .play_complete import make_completer

    class _History(FileHistory):
        """A history file that cannot be written is no reason to stop recording."""

        def store_string(self, string: str) -> None:
            try:
                super().store_string(string)
            except OSError:
                pass

    history: Any
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
        history = _History(str(path))
    except OSError as exc:
        typer.secho(f"history not kept: cannot write {path} ({(exc.strerror or type(exc).__name__).lower()})",
                    dim=True, err=True)
        history = InMemoryHistory()

    play.core_grammar()  # built here, not at the first Tab
    keys = KeyBindings()

    @keys.add("c-z")
    def _undo(event: Any) -> None:
        buffer = event.current_buffer
        buffer.text = UNDO_LINE
        buffer.validate_and_handle()

    session: Any = PromptSession(
        history=history, completer=make_completer(play.table), complete_while_typing=False,
        key_bindings=keys, style=Style.from_dict({"hint": "ansibrightblack", "name": "bold"}),
    )

    def read() -> str:
        import shutil

        hint = wrapped(play.hint(), shutil.get_terminal_size().columns)
        message = FormattedText([("class:hint", hint + "\n"), ("class:name", play.prompt_name())])
        return str(session.prompt(message))

    return read


def _pipe_reader() -> Callable[[], str]:
    def read() -> str:
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    return read


def interactive(db: Optional[str], session: Optional[str]) -> None:
    """Open the session in the prompt until quit, exit, Ctrl-D or the end of input."""
    import io

    if RUN_DEFAULTS["capture"] or isinstance(sys.stdout, io.StringIO):  # a line of run, play or amend
        fail("'play' without arguments opens the prompt: not inside 'potlog run', 'amend' or another 'play'", 2)
    saved_defaults = dict(RUN_DEFAULTS)
    RUN_DEFAULTS.update(db=db or RUN_DEFAULTS["db"], session=session or RUN_DEFAULTS["session"], capture=False)
    try:
        # One ledger for the prompt's life (a database that cannot be opened: one line, exit 1, no
        # prompt), shared: each line's `ledger()` is this one, as in `potlog run`, but outside a
        # batch (each line is committed as it is recorded).
        with ledger(None, create=True) as led, led.sharing():
            if session:
                led.current(RUN_DEFAULTS["session"])  # a --session that does not exist: the same
            terminal = sys.stdin.isatty() and sys.stdout.isatty()
            play = Play(echo=not terminal)
            play.kept = led
            play.refresh()
            if terminal:
                play.show_table()
            read = _terminal_reader(play) if terminal else _pipe_reader()
            _settle()
            play.loop(read)
    finally:
        RUN_DEFAULTS.update(saved_defaults)


def _settle() -> None:
    """Before the first line: make what the program leaves for its first use (`frozen.make_all`)
    and the index of the games' words (`words.word_index`: every game imported when no index is
    kept for this code yet, after an install or an upgrade), then set what is alive aside from
    the collector (`gc.freeze`), so that no line of the live table pays for a class made, a
    module loaded or a collection of the start's objects."""
    import gc

    from ledger.core.frozen import make_all

    from .words import word_index

    make_all()
    word_index()
    gc.collect()
    gc.freeze()
