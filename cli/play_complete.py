"""Tab completion for `potlog play`: verbs, player names and cards, as plain data.

Nothing here needs a terminal. `Grammar` says, for each verb the prompt accepts, what each of
its arguments and options takes (a player, a card, a board ...); `Table` adds who sits at the
table and which cards the session's pack holds; `complete(table, text)` gives the words that
can finish the last word of `text`. The grammar is read from the commands themselves
(`grammar_from_click` for the core commands, `grammar_from_words` for a game's own words), so
a new command or word completes without a change here. `make_completer` is the thin
prompt_toolkit adapter the prompt uses.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from ledger.core.frozen import later

if TYPE_CHECKING:
    from ledger.core.contract import Word
    from ledger.state import TableState

# What an argument or an option's value takes.
PLAYER = "player"          # a seated player
HOLDER = "holder"          # a player or a board (deal, reveal)
ACCOUNT = "account"        # a player, pot, carry or house (pay)
CARD = "card"              # a card of the session's pack
PAIR = "pair"              # NAME=N: a player followed by '='
GAME = "game"              # a ruleset's name (new, games, switch)
VERB = "verb"              # a verb of the prompt (help VERB)
ANY = ""                   # anything: nothing to offer

BOARDS = ("board", "stock", "trump", "kitty", "table")
ACCOUNTS = ("pot", "carry", "house")
COMMON_OPTIONS = frozenset({"--db", "--session", "-s", "--json", "--override", "--help", "-h"})

# A parameter's name (as click or a game word names it) -> what it takes. Verb-specific first.
_BY_VERB_PARAM: dict[tuple[str, str], str] = {
    ("deal", "to"): HOLDER, ("reveal", "holder"): HOLDER,
    ("pay", "source"): ACCOUNT, ("pay", "to"): ACCOUNT,
}
_BY_PARAM: dict[str, str] = {
    "player": PLAYER, "who": PLAYER, "holder": HOLDER, "small": PLAYER, "big": PLAYER,
    "dealer": PLAYER, "first": PLAYER, "by": PLAYER, "winner": PLAYER,
    "card": CARD, "cards": CARD, "draw": CARD, "discard": CARD,
    "share": PAIR, "bids": PAIR, "taken": PAIR,
    "game": GAME,
}


def kind_of(verb: str, name: str, metavar: str | None = None) -> str:
    """What parameter `name` of `verb` takes (ANY when nothing can be offered)."""
    if metavar and "=" in metavar and metavar.split("=", 1)[0].strip("[ ").upper() in ("NAME", "PLAYER"):
        return PAIR
    return _BY_VERB_PARAM.get((verb, name)) or _BY_PARAM.get(name, ANY)


@later(frozen=True)
class Spec:
    """One verb's command line: what each positional argument takes (the last one repeats
    when `many`), and each option's spellings with what its value takes (None: a flag)."""

    args: tuple[str, ...] = ()
    many: bool = False
    options: Mapping[str, str | None] = field(default_factory=dict)

    def arg_kind(self, index: int) -> str:
        if index < len(self.args):
            return self.args[index]
        return self.args[-1] if self.many and self.args else ANY


Grammar = Mapping[str, Spec]


@later(frozen=True)
class Table:
    """What completion offers: the verbs and their grammar, the seated players, the pack's
    cards and the game names."""

    grammar: Grammar
    players: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    games: tuple[str, ...] = ()


def split_line(text: str) -> tuple[list[str], str]:
    """The finished words of `text` (read as the prompt reads a line: a quoted name with a
    space is one word) and the word being typed (empty after a space)."""
    import shlex

    words = text.split()
    word = words[-1] if text and not text[-1].isspace() and words else ""
    before = text[:len(text) - len(word)]
    try:
        return shlex.split(before), word
    except ValueError:  # an open quote: as the spaces split it
        return before.split(), word


def quoted(choice: str) -> str:
    """`choice` as the prompt's line must spell it to read it back as one word (shlex, '#'
    starting a comment): a name with a space, a quote or a '#' in double quotes."""
    if choice and not any(c.isspace() or c in "'\"\\#" for c in choice):
        return choice
    return '"' + choice.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _matching(prefix: str, choices: Iterable[str]) -> list[str]:
    """The choices starting with `prefix`, case-insensitively, each once, in order."""
    low = prefix.casefold()
    return list(dict.fromkeys(c for c in choices if c.casefold().startswith(low)))


def _offer(table: Table, kind: str, prefix: str) -> list[str]:
    if kind == PLAYER:
        return _matching(prefix, table.players)
    if kind == HOLDER:
        return _matching(prefix, (*table.players, *BOARDS))
    if kind == ACCOUNT:
        return _matching(prefix, (*table.players, *ACCOUNTS))
    if kind == CARD:
        return _matching(prefix, table.cards)
    if kind == GAME:
        return _matching(prefix, table.games)
    if kind == VERB:
        return _matching(prefix, table.grammar)
    if kind == PAIR:
        if "=" in prefix:  # the name is given: the number is the player's to say
            return []
        return [p + "=" for p in _matching(prefix, table.players)]
    return []


def _position(spec: Spec, words: list[str]) -> tuple[int, str | None]:
    """(how many positional arguments `words` holds, the option whose value comes next or None)."""
    index, pending = 0, None
    for w in words:
        if pending is not None:
            pending = None
            continue
        if w.startswith("-") and len(w) > 1 and not w.lstrip("-").isdigit():
            flag = w.split("=", 1)[0]
            takes = spec.options.get(flag)
            if "=" not in w and (takes is not None or flag in ("--db", "--session", "-s", "--override")):
                pending = flag
            continue
        index += 1
    return index, pending


def complete(table: Table, text: str) -> list[str]:
    """The words that can finish the last word of `text` (the line typed so far)."""
    done, word = split_line(text)
    if not done:
        return _matching(word, table.grammar)
    spec = table.grammar.get(done[0])
    if spec is None:
        return []
    index, pending = _position(spec, done[1:])
    if pending is not None:
        return _offer(table, spec.options.get(pending) or ANY, word)
    if word.startswith("-"):
        return _matching(word, [o for o in spec.options if o.startswith("--")] + ["--help"])
    return _offer(table, spec.arg_kind(index), word)


# ----------------------------------------------------------------------------- building the data

def grammar_from_click(group: Any) -> dict[str, Spec]:
    """The grammar of every command of a click group (the core commands)."""
    out: dict[str, Spec] = {}
    for name, command in group.commands.items():
        args: list[str] = []
        many = False
        options: dict[str, str | None] = {}
        for p in command.params:
            if getattr(p, "param_type_name", "") == "argument":
                if p.name in ("db", "session"):
                    continue
                args.append(kind_of(name, p.name or "", getattr(p, "metavar", None)))
                many = p.nargs == -1
            else:
                takes = None if getattr(p, "is_flag", False) else kind_of(name, p.name or "", getattr(p, "metavar", None))
                for spelling in (*p.opts, *getattr(p, "secondary_opts", ())):
                    options[spelling] = takes
        out[name] = Spec(tuple(args), many, options)
    return out


def grammar_from_words(words: Iterable[Word]) -> dict[str, Spec]:
    """The grammar of a game's own words, from their declared parameters."""
    out: dict[str, Spec] = {}
    for w in words:
        args: list[str] = []
        many = False
        options: dict[str, str | None] = {"--override": ANY, "--json": None}
        for p in w.params:
            takes = kind_of(w.name, p.name, p.metavar)
            if p.kind == "argument":
                args.append(takes)
                many = p.many
            else:
                for spelling in p.flags or (f"--{p.name.replace('_', '-')}",):
                    options[spelling] = None if p.kind == "flag" else takes
        out[w.name] = Spec(tuple(args), many, options)
    return out


def pack_cards(state: TableState) -> tuple[str, ...]:
    """The cards of the session's pack (the French 52 when the game names none)."""
    from ledger.cards import PACKS

    pack = PACKS.get(str(state.options.get("pack", "french52"))) or PACKS["french52"]
    return pack.cards


def table_for(state: TableState | None, core: Grammar, extra: Grammar | None = None) -> Table:
    """What to offer for a session in `state` (None: no session yet): the core verbs, the
    game's own words, the seated players and the pack's cards."""
    from ledger.games import available

    grammar: dict[str, Spec] = dict(core)
    if extra:
        grammar.update(extra)
    if state is None:
        return Table(grammar, games=tuple(available()))
    from ledger.games import get_ruleset

    from ledger.errors import PotlogError

    try:
        grammar.update(grammar_from_words(get_ruleset(state.game).words))
    except PotlogError:  # a game this potlog does not know: the core verbs still complete
        pass
    players = tuple(s.name for s in state.seats if s.active)
    return Table(grammar, players, pack_cards(state), tuple(available()))


def make_completer(source: Callable[[], Table]) -> Any:
    """The prompt_toolkit completer: the current `Table` (from `source`, read at each Tab)
    completed at the cursor. Each completion ends with a space, unless more is typed right
    after it (``Ann=``)."""
    from prompt_toolkit.completion import Completer, Completion

    class PlayCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Completion]:
            text = document.text_before_cursor
            _done, word = split_line(text)
            try:
                choices = complete(source(), text)
            except Exception:  # prompt_toolkit's callback: what it raises is printed over the prompt; offer nothing
                return
            for choice in choices:
                tail = "" if choice.endswith("=") else " "
                yield Completion(quoted(choice) + tail, start_position=-len(word), display=choice)

    return PlayCompleter()
