"""The contract every game meets: a `Ruleset` declaration, its `Word`s and what `legal` says.

A game module (or package) ends with one ``RULESET = Ruleset(...)``; `ledger.games` finds it
by discovery and a test checks every one against this contract. Nothing else about a game is
read from outside it: the CLI, the reducer, verify and snapshots all go through these fields.

    RULESET = Ruleset(
        name="freeform", title="Freeform", summary="Any game ...",
        options=Options, initial=initial, decide=decide, evolve=evolve,
        legal=legal, view=view, words=(SHOWDOWN,),
    )

Words are the game's own commands (Blücher's ``buy``, Bluke's ``bid``): each declares its
arguments as `Param`s, which the CLI turns into a real command-line parser, the command class
it records (`Word.makes`: one of `ledger.core.commands`, each `Param` filling one of its fields)
and how the parsed values become that command (or, for a reading word, a `View`). The same word
may mean different things in different games: the CLI resolves it against the session's game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Literal, Mapping, TypeVar, cast

from pydantic import BaseModel

from .frozen import later
from .. import events as ev
from ..errors import RuleViolation
from ..state import TableState
from . import run
from .commands import Command
from .options import options_model_of, options_of

S = TypeVar("S")
"""A game's own state (``state.ext``): a dataclass of JSON-able fields, or None."""
O = TypeVar("O", bound=BaseModel)
"""A game's options model."""

Values = Mapping[str, Any]


@later(frozen=True)
class Legal:
    """Who may do what next: `player` None means anyone (or the recorder)."""

    player: str | None
    verbs: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class Param:
    """One argument or option of a game word.

    Attributes:
        name: the key in the parsed values (``player``, ``card``, ``discard``).
        help: one line for ``--help``.
        kind: ``argument`` (positional), ``option`` (``--name VALUE``) or ``flag`` (``--name``).
        flags: the option's spellings (default ``--name``).
        type: ``str`` or ``int``.
        required: an argument that must be given (options and flags never are).
        many: an argument taking every remaining word, or an option that may repeat.
        metavar: how the help names the value.
        default: the value when it is not given (None; a flag's is False).
        field: the field of the word's command its value fills (None: the field of its name;
            ``""``: none, it says how another is read, like ``cup --faces``).
    """

    name: str
    help: str
    kind: Literal["argument", "option", "flag"] = "argument"
    flags: tuple[str, ...] = ()
    type: type = str
    required: bool = True
    many: bool = False
    metavar: str | None = None
    default: Any = None
    field: str | None = None

    @property
    def fills(self) -> str:
        """The command field this parameter's value goes to (``""``: none)."""
        return self.name if self.field is None else self.field


@later(frozen=True)
class View:
    """What a reading word shows: a table (`columns`, `rows`), lines under it, and `data`
    for ``--json``. Every string is plain text (the CLI escapes it)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    data: Any
    caption: str = ""
    lines: tuple[str, ...] = ()
    footer_rows: int = 0


@dataclass(frozen=True)
class Word:
    """A game's own command word.

    Attributes:
        name: the word (``bid``).
        summary: what it does, one line (the first line of ``--help``).
        help: more help: examples, what potlog works out by itself.
        params: its arguments and options.
        command: parsed values -> the `Command` the game decides (a recording word), one of
            the classes in `makes`, or
        view: (state, parsed values) -> a `View` (a reading word: nothing is recorded).
        makes: the command classes a recording word builds (most one: ``Hit``; ``reroll
            --cup`` records a ``CupDice``); each of its `params` fills a field of every one.
    """

    name: str
    summary: str
    help: str = ""
    params: tuple[Param, ...] = ()
    command: Callable[[Values], Command] | None = None
    view: Callable[[TableState, Values], View] | None = None
    makes: tuple[type[Command], ...] = ()


@dataclass(frozen=True)
class Ruleset(Generic[S, O]):
    """A game, declared: generic over its own state `S` and its options model `O`.

    Attributes:
        name: the word for ``potlog new NAME`` (lower case).
        title, summary: how ``potlog games`` lists it.
        options: the pydantic model of the table's choices, defaults as the rule book says.
        initial: state -> the game's own state (``state.ext``) right after the session opens:
            a dataclass of JSON-able fields, or None.
        decide: (state, command) -> the events the command itself records, or raise
            `RuleViolation` / `InputError`; it never changes the table it is given. Marked
            `Followed` (``run.followed``), they are followed by what `after` says is due.
        after: state -> the next steps the rules record by themselves on that table (a forced
            bet, a street's start, a payout, the end of the hand), [] when none is due; None for
            a game that records nothing by itself. Callers never call `decide` alone: `run`
            (on their own table) or `decided` (the table left as it is) put the two together
            (`ledger.core.run`).
        evolve: (state, event) -> None: the game's part of applying an event (turn, phase,
            ``state.ext``), in place, after the core step; never refuses.
        evolves: the event classes `evolve` does anything for (the reducer calls it only for
            those: an event of any other class must leave the table as it is); None: every event.
        legal: state -> who may do what next.
        view: state -> extra (label, value) lines for ``potlog state``.
        check_event: (state, event) -> None, raising when the rules would not have recorded
            `event` in `state` (``potlog verify --rules``); None: chips-only checks.
        words: the game's own command words.
        forced: (state, command) -> the events a command of the game's own records when the
            table overrules the rules (``--override``), built with only its input checked; None
            (or a None result) leaves it to the shared mechanics (`ledger.core.overrides.forced`).
        min_players, max_players: how many may sit: ``potlog new`` refuses a table outside
            them, ``join`` a player beyond the most (`check_seats`); max_players 100 or more
            means no limit.
        seats: options (the model) -> (least, most, why): the seat range the session's
            options allow when they narrow the game's (Blücher's Spanish pack seats 9, "with
            the spanish40 pack"); None: the game's range whatever the options.
        scores: the game keeps score in points (Bluke): players may sit without chips.
    """

    name: str
    title: str
    summary: str
    options: type[O]
    initial: Callable[[TableState], S]
    decide: Callable[[TableState, Command], list[ev.Event]]
    evolve: Callable[[TableState, ev.Event], None]
    legal: Callable[[TableState], list[Legal]]
    view: Callable[[TableState], list[tuple[str, str]]]
    check_event: Callable[[TableState, ev.Event], None] | None = None
    words: tuple[Word, ...] = ()
    forced: Callable[[TableState, Command], list[ev.Event] | None] | None = None
    min_players: int = 1
    max_players: int = 100
    scores: bool = False
    seats: Callable[[O], tuple[int, int, str]] | None = None
    after: Callable[[TableState], list[ev.Event]] | None = None
    evolves: frozenset[type[ev.Event]] | None = None
    _by_word: dict[str, Word] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_word.update((w.name, w) for w in self.words)

    def run(self, state: TableState, cmd: Command,
            record: Callable[[ev.Event], None] | None = None) -> list[ev.Event]:
        """The events `cmd` records, each applied to `state` (the caller's own table) as it is
        decided, through `record` (default: the reducer); see `ledger.core.run`."""
        return run.run(state, cmd, self.decide, self.after, record)

    def decided(self, state: TableState, cmd: Command) -> list[ev.Event]:
        """The events `cmd` records on `state`, which is left as it is."""
        return run.decided(state, cmd, self.decide, self.after)

    def opts(self, state: TableState) -> O:
        """The table's options as the game's model (parsed once per process)."""
        return options_of(state, self.options)

    def own(self, state: TableState) -> S:
        """The game's own state on `state` (``state.ext``, which the reducer keeps as `initial`
        made it and the game's `evolve` changes it), typed as the game declares it."""
        if state.game != self.name:
            raise RuleViolation(f"the table plays {state.game or 'nothing yet'}, not {self.title}")
        return cast(S, state.ext)

    def word(self, name: str) -> Word | None:
        """The game's word called `name`, or None."""
        return self._by_word.get(name)

    def seat_range(self, options: Mapping[str, Any]) -> tuple[int, int, str]:
        """(least, most, why) players the game seats under `options` (the session's JSON)."""
        if self.seats is None:
            return self.min_players, self.max_players, ""
        low, high, why = self.seats(options_model_of(self.options, options))
        return max(low, self.min_players), min(high, self.max_players), why

    def check_seats(self, seated: int, options: Mapping[str, Any], *, joining: bool = False,
                    game_least: bool = False) -> None:
        """Refuse `seated` players outside the game's range: "Bouillotte is played by 4
        players, not 7". `joining`: one more wants to sit, and only the most counts;
        `game_least`: the least is the game's, whatever the options (a table switching to
        options that fit more players than sit yet, who join after)."""
        low, high, why = self.seat_range(options)
        least = self.min_players if game_least else low
        if (least <= seated or joining) and seated <= high:
            return
        n = str(low) if low == high else f"{low} or more" if high >= UNLIMITED else f"{low} to {high}"
        said = f"{self.title}{' ' + why if why else ''} is played by {n} players"
        if joining:
            raise RuleViolation(f"the table is full: {said}, and {seated - 1} are seated")
        raise RuleViolation(f"{said}, not {seated}")


AnyRuleset = Ruleset[Any, Any]
"""A ruleset of any game (a registry, the reducer): its state and options read through it."""

UNLIMITED = 100
"""A `Ruleset.max_players` this high means as many as can sit."""
