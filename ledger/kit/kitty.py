"""The kitty roll-off: the compendium's dice games played for a kitty, declared.

incompleat-gamester.txt plays a family of dice games the same way: everyone puts a wager
into the kitty, the players take turns of one or more rolls, each turn scores, and "the
winning player gets the kitty. In case of ties, the kitty stands in the next round." A game
on this engine is its rule-book readings, its `Options`, a pure function that reads one turn
(`read`) and one declaration::

    def read(turn: Turn, o: Options) -> Reading:        # the turn so far, as the rules score it
        dead = bool(turn.throws) and (sum(turn.last) in (2, 5) or any(f in (2, 5) for f in turn.last))
        score = sum(sum(t.faces) for t in turn.throws) - (sum(turn.last) if dead else 0)
        return Reading(dice=2, score=score, over=dead, label=f"dropped dead with {score}" if dead else "")

    GAME = KittyGame("dropdead", "Drop Dead", "Roll two dice until ...", Options, read,
                     hint="two dice; a 2 or a 5 drops dead")
    RULESET = GAME.ruleset()

What the engine does (every game the same way):

- ``potlog hand`` starts a game: the deal passes left, and everyone seated with chips antes
  the table's ``ante`` (or what they have left) into the kitty; what stood from the last game
  rides in. Players take turns clockwise from the dealer's left, or from the player the table
  names with ``potlog hand --first NAME`` (for texts that say "roll to determine the order").
- A turn is a run of throws: ``potlog roll NAME FACES`` throws every die not set aside; in a
  game whose players choose the dice they keep (``keep=True``) ``potlog reroll NAME FACES
  --keep 6,6`` throws the others (``--keep`` names every die not thrown, dice already set
  aside included). After each throw the game's `read` says how the turn stands: its score,
  whether it is over, the dice set aside and how many dice the next throw has. A turn also
  ends at the game's most `rolls`, with ``potlog stop NAME`` where the game lets a player
  stop (``may_stop``), or with the game's `Choice` (Generala's ``mark NAME fours``), which
  is recorded as a declaration.
- A game is `rounds` turns each (0: until a turn wins outright, like Pig's 100). Scores add
  up over the rounds; a game whose turns rank (Poker Dice) gives a `Reading.key` instead.
  The best total (``best="low"``: the lowest) takes the kitty. Options the engine reads when
  a game declares them: ``ante``; ``minimum`` (no one reaching it and the kitty stands, Ship
  Captain Crew's betting); ``ties``: ``"stand"`` (the default: the kitty rides into the next
  game, a `PotCarried`) or ``"roll-off"`` (the tied players roll `rolloff_dice` dice each,
  the highest total wins, ties roll again: Midnight, Chicago).
- ``betting`` (options -> a `Betting` round, or None): a game whose text bets into the kitty
  once everyone has rolled (Poker Dice) has one round of betting then (check, bet, call,
  raise, all-in, fold; clockwise from the first to roll), and the kitty is paid by rank among
  the players still in: side pots when someone went all-in, the uncalled bet returned, a tied
  layer stands; everyone else folding and the last player in takes it unseen.
- potlog records by itself the antes, the kitty paid or standing, and the end of the game;
  ``potlog verify --rules`` re-decides every event (`KittyGame.check_event`).
- A move out of turn is refused with the rule that applies: a player whose turn is over is
  told why it ended (the game's most rolls, a stop, or the rule its `read` gives with
  ``Reading.rule``: "a pair ends the turn"); a player outside a roll-off, who is in it; once
  the game is decided, who won (or that the kitty stands).

Public API: `KittyGame` (the declaration; ``.ruleset()``), `Turn`, `Throw`, `Reading`,
`Choice`, `KittyOptions` (a base model with the ``ante`` option), `Kitty` (the game's state,
``state.ext``), `contains` (dice among dice, each counted once), `spoken` ("two dice").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..core.commands import Command, Declare, NewHand, Open, Reroll, RollDice
from ..text import listed
from ..dice import parse_faces
from ..errors import RuleViolation
from ..core.table import require_hand, require_open, require_seated
from ..core.verbs import Handler, decide_generic, make_event, open_session, start_hand
from ..core.contract import AnyRuleset, Legal, Param, Ruleset, Word
from ..core.options import options_of
from ..state import Roll, TableState
from . import betting as bets
from . import dice, dicewords, follow, pots, stages, turns
from .verbs import SHARED
from .evaluators import Ranked


class KittyOptions(BaseModel):
    """The options every kitty game has (a game's `Options` may subclass it)."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="chips each player puts into the kitty")


@dataclass(frozen=True)
class Throw:
    """One throw of a turn: the faces thrown and the dice held out of it (`kept`)."""

    faces: tuple[int, ...]
    kept: tuple[int, ...] = ()

    @property
    def dice(self) -> tuple[int, ...]:
        """The player's dice after this throw: the kept ones and the ones thrown."""
        return self.kept + self.faces


@dataclass(frozen=True)
class Turn:
    """A turn so far, as `read` sees it. Attributes: the player, their throws, whether they
    said stop, their `choice` (Generala's category), the round (from 1), their `total` score
    before this turn and their `sheet` (each earlier choice and what it scored)."""

    player: str
    throws: tuple[Throw, ...] = ()
    stopped: bool = False
    choice: str | None = None
    round: int = 1
    total: int = 0
    sheet: tuple[tuple[str, int], ...] = ()

    @property
    def last(self) -> tuple[int, ...]:
        """The faces of the last throw (none yet: empty)."""
        return self.throws[-1].faces if self.throws else ()

    @property
    def dice(self) -> tuple[int, ...]:
        """The player's dice now (kept and last thrown)."""
        return self.throws[-1].dice if self.throws else ()


@dataclass(frozen=True)
class Reading:
    """How a turn stands (`read`'s answer).

    Attributes:
        dice: how many dice the next ``roll`` throws (every die not set aside).
        score: what the turn scores so far (added to the player's total when it ends).
        over: the turn is over (the engine also ends it at the most rolls, a stop, a choice).
        held: dice set aside, which stay so (shown; a ``reroll`` must keep them).
        label: the turn in words, for the view and the kitty's reason ("dropped dead with 7").
        key: a rank that breaks equal totals (Poker Dice: the hand's rank).
        fewer: the next throw may have fewer dice, at least one (Hog's first throw).
        must_keep: a ``reroll`` sets aside at least this many more dice (Midnight: 1).
        wins: the turn wins the game outright (Pig's 100, Generala on the first roll).
        rule: when `over`, the rule that ended the turn, said to a player who rolls again
            ("a pair ends the turn").
    """

    dice: int
    score: int = 0
    over: bool = False
    held: tuple[int, ...] = ()
    label: str = ""
    key: tuple[int, ...] = ()
    fewer: bool = False
    must_keep: int = 0
    wins: bool = False
    rule: str = ""


@dataclass(frozen=True)
class Choice:
    """A choice that ends a turn (Generala's category): the game word `word` records it as
    a declaration called `name`; `check(turn, value, options)` gives the value as recorded
    or refuses it (a `RuleViolation`)."""

    word: str
    name: str
    summary: str
    check: Callable[[Turn, str, Any], str]
    metavar: str = "VALUE"


@dataclass(slots=True)
class Kitty:
    """The game in progress (``state.ext``): who plays in turn (`order`), who has anted, the
    round and whose turn (`at`, an index in `order`), the current turn (`faces`/`kept` per
    throw, `stopped`, `choice`), every player's `total`, rank `keys`, score `sheet` and last
    turn in words (`said`); a roll-off (`rolloff`: who is in it, `offs`: their throws); the
    result (`winner` and `why`, or `stands`); why each player's last turn ended (`ended`, a
    clause naming the rule, for the refusal of a roll after it); a game with ``betting``: the
    round is on (`betting`, its book `acted`, `raised`, `high`), then paid by rank (`showdown`;
    the awards so far: `paid` chips in `settled` events)."""

    order: list[str] = field(default_factory=list)
    anted: list[str] = field(default_factory=list)
    round: int = 1
    at: int = 0
    faces: list[list[int]] = field(default_factory=list)
    kept: list[list[int]] = field(default_factory=list)
    stopped: bool = False
    choice: str | None = None
    totals: dict[str, int] = field(default_factory=dict)
    keys: dict[str, list[int]] = field(default_factory=dict)
    sheet: dict[str, list[list[Any]]] = field(default_factory=dict)
    said: dict[str, str] = field(default_factory=dict)
    rolloff: list[str] = field(default_factory=list)
    offs: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    why: str = ""
    stands: bool = False
    ended: dict[str, str] = field(default_factory=dict)
    betting: bool = False
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0
    showdown: bool = False
    paid: int = 0
    settled: int = 0


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_NTH = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh")


def spoken(n: int, one: str = "die", many: str = "dice") -> str:
    """``two dice``, ``one die``, ``12 dice``."""
    return f"{_NUMBERS[n] if 0 <= n < len(_NUMBERS) else n} {one if n == 1 else many}"


def _nth(n: int) -> str:
    return _NTH[n] if 0 < n < len(_NTH) else f"{n}th"


def _faces_text(faces: Sequence[int]) -> str:
    return " ".join(map(str, faces)) or "none"


def contains(have: Sequence[int], want: Sequence[int]) -> bool:
    """Every die of `want` is among `have` (each die counted once)."""
    return not (Counter(want) - Counter(have))


_SHARED = SHARED
_BY_ITSELF = (ev.Ante, ev.PotAwarded, ev.PotCarried, ev.HandEnded)


@dataclass(frozen=True)
class KittyGame:
    """A kitty dice game, declared (see the module docstring).

    Attributes:
        name, title, summary, options: as for every `Ruleset`.
        read: (turn, options) -> `Reading`; pure.
        hint: what the roller is told (``potlog state``): "two dice; a 2 or a 5 drops dead".
        sides: the die size.
        rolls: most throws a turn (0: no limit), or options -> that number.
        keep: players choose the dice they keep (``reroll --keep``).
        may_stop: a player may stop after a throw (``stop``).
        rounds: turns each in one game (0: until a turn wins), or options -> that number.
        best: ``high`` or ``low`` total wins.
        rolloff_dice: dice each tied player throws in a roll-off.
        choice: a choice that ends the turn (Generala's category), or None.
        min_players, max_players: how many may play.
        words: more game words.
        betting: options -> the `Betting` round played once every turn is taken, before the
            result (None: no betting at this table); None: the game never bets.
    """

    name: str
    title: str
    summary: str
    options: type[BaseModel]
    read: Callable[[Turn, Any], Reading]
    hint: str = ""
    sides: int = 6
    rolls: int | Callable[[Any], int] = 0
    keep: bool = False
    may_stop: bool = False
    rounds: int | Callable[[Any], int] = 1
    best: Literal["high", "low"] = "high"
    rolloff_dice: int = 1
    choice: Choice | None = None
    min_players: int = 2
    max_players: int = 100
    words: tuple[Word, ...] = ()
    betting: Callable[[Any], bets.Betting | None] | None = None

    # ------------------------------------------------------------------------- reading

    def opts(self, state: TableState) -> Any:
        return options_of(state, self.options)

    def initial(self, state: TableState) -> Kitty:
        return Kitty()

    def ext(self, state: TableState) -> Kitty:
        return stages.ext_of(state, Kitty, self.initial)

    def _n(self, value: int | Callable[[Any], int], o: Any) -> int:
        return value if isinstance(value, int) else value(o)

    def turn(self, state: TableState, x: Kitty | None = None) -> Turn | None:
        """The turn in progress (None between games, in a roll-off, once decided)."""
        x = x or self.ext(state)
        if not state.in_hand or x.rolloff or x.winner or x.stands or x.at >= len(x.order):
            return None
        p = x.order[x.at]
        throws = tuple(Throw(tuple(f), tuple(k)) for f, k in zip(x.faces, x.kept))
        return Turn(p, throws, x.stopped, x.choice, x.round, x.totals.get(p, 0),
                    tuple((str(c), int(s)) for c, s in x.sheet.get(p, [])))

    def reading(self, state: TableState, t: Turn) -> Reading:
        return self.read(t, self.opts(state))

    def _over(self, t: Turn, r: Reading, o: Any) -> bool:
        limit = self._n(self.rolls, o)
        at_most = limit and len(t.throws) >= limit and self.choice is None
        return bool(r.over or t.stopped or t.choice is not None or at_most)

    def roller(self, state: TableState) -> str | None:
        """Who rolls now: the player whose turn it is, or the next in a roll-off."""
        x = self.ext(state)
        if not state.in_hand or x.winner or x.stands or x.betting or x.showdown:
            return None
        if x.rolloff:
            return next((p for p in x.rolloff if p not in x.offs), None)
        return x.order[x.at] if x.at < len(x.order) else None

    # ------------------------------------------------------------------------- decide

    def _players(self, state: TableState, start: str, first: bool) -> list[str]:
        return turns.clockwise(state, start, after=not first,
                               include=lambda s: s.active and state.stack(s.name) > 0)

    def _hand(self, state: TableState, cmd: NewHand) -> list[ev.Event]:
        opened = start_hand(state, cmd, min_players=self.min_players)
        started = opened[0]
        assert isinstance(started, ev.HandStarted)
        who = self._players(state, started.first or started.dealer, started.first is not None)
        if len(who) < self.min_players:
            raise RuleViolation(f"{self.title} needs {self.min_players} players with chips, not {len(who)}: "
                                "a player with none rebuys or sits out")
        if len(who) > self.max_players:
            raise RuleViolation(f"{self.title} is for at most {self.max_players} players, not {len(who)}")
        return follow.followed(opened)

    def _whose(self, state: TableState, player: str | None, doing: str = "roll") -> str:
        """The player whose move it is; a refusal names the rule that keeps anyone else out:
        the game is over, their turn ended (and why), they are not in the roll-off."""
        x = self.ext(state)
        if not state.in_hand and state.hand is not None and (x.winner or x.stands):
            raise RuleViolation(self._game_over(x, player))
        require_hand(state)
        if self.ext(state).betting:
            raise RuleViolation(f"{player} cannot {doing} now: everyone has rolled and the betting is on "
                                "(check, bet, call, raise, allin or fold)")
        who = self.roller(state)
        if player != who:
            raise RuleViolation(self._not_yours(state, x, require_seated(state, player), who, doing))
        assert who is not None
        return who

    def _game_over(self, x: Kitty, player: str | None) -> str:
        """The refusal of a move once the game is decided: who won (or that the kitty stands)."""
        if x.winner:
            result = f"{x.winner} {x.why}" if x.rolloff else f"{x.winner} won ({x.why})"
        else:
            result = f"the kitty stands ({x.why}) and rides into the next game"
        last = None if x.rolloff or not x.order else x.order[min(x.at, len(x.order) - 1)]
        before = f"{x.ended[player]}, and " if player == last and player != x.winner and player in x.ended else ""
        return f"{before}the game is over: {result}; the next game starts with potlog hand"

    def _not_yours(self, state: TableState, x: Kitty, player: str, who: str | None, doing: str) -> str:
        """Why `player` may not move when it is `who`'s turn, as the rule that applies."""
        if who is None:
            return f"nobody may {doing} now"
        if x.rolloff:
            if player not in x.rolloff:
                return (f"{player} is not in the roll-off ({x.why}): {listed(x.rolloff)} roll "
                        f"{spoken(self.rolloff_dice)} each, {who} now")
            if player in x.offs:
                return (f"{player} has rolled {x.offs[player]} in this roll-off: each tied player rolls once, "
                        f"and those still tied roll again; {who} rolls now")
            return f"it is {who}'s turn to roll in the roll-off, not {player}'s"
        if player not in x.order:
            return f"{player} is not playing this game ({listed(x.order)} are): they play from the next one"
        i, n = x.order.index(player), len(x.order)
        if player in x.ended and (i < x.at or (x.at == 0 and x.round > 1 and i == n - 1)):
            return f"{x.ended[player]}; {who} rolls now"
        return f"it is {who}'s turn to {doing}, not {player}'s"

    def _ended(self, t: Turn, r: Reading, o: Any) -> str:
        """Why the turn `t` is over, as the rule says it (kept for a roll after it)."""
        p, said = t.player, r.label or f"{r.score}"
        limit = self._n(self.rolls, o)
        if t.choice is not None and self.choice is not None:
            return f"choosing the {self.choice.name} ends the turn: {p} chose {t.choice} ({said})"
        if t.stopped:
            return f"a stop ends the turn: {p} has stopped ({said})"
        if r.over and r.rule:
            return f"{r.rule}: {p}'s turn is over ({said})"
        if limit and len(t.throws) >= limit:
            thrown = "once" if len(t.throws) == 1 else _NUMBERS[len(t.throws)] if len(t.throws) < len(_NUMBERS) \
                else f"{len(t.throws)} times"
            return (f"{self.title} allows {spoken(limit, 'throw', 'throws')} a turn: {p} has thrown {thrown} "
                    f"({said})")
        return f"{p}'s turn is over ({said})"

    def _count(self, t: Turn, r: Reading, n: int, player: str) -> None:
        """Refuse a throw of `n` dice where the turn throws `r.dice` (or fewer)."""
        full = len(r.held) + r.dice
        if n > full:
            raise RuleViolation(f"a {_nth(n)} die in a {spoken(full).replace(' di', '-di')} game: {self.title} "
                                f"is rolled with {spoken(full)}" + (f", and {player} has {r.dice} to roll now"
                                                                     if r.held else ""))
        if n == r.dice or (r.fewer and 1 <= n <= r.dice):
            return
        if r.held:
            raise RuleViolation(f"{player} rolls {spoken(r.dice)} now ({_faces_text(r.held)} set aside), not {n}")
        example = " ".join(str(min(i + 3, self.sides)) for i in range(r.dice))
        which = "both faces" if r.dice == 2 else "its face" if r.dice == 1 else f"{r.dice} faces"
        raise RuleViolation(f"{self.title} is rolled with {spoken(r.dice)}: name {which}, "
                            f"like: potlog roll {player} {example}")

    def _spent(self, state: TableState, t: Turn) -> None:
        """Refuse a throw past the game's most rolls (a game with a choice: choose now)."""
        limit = self._n(self.rolls, self.opts(state))
        if limit and len(t.throws) >= limit:
            then = f": now potlog {self.choice.word} {t.player} {self.choice.metavar}" if self.choice else ""
            raise RuleViolation(f"{t.player} has rolled {limit} times, the most a turn has{then}")

    def _roll(self, state: TableState, cmd: RollDice) -> list[ev.Event]:
        who = self._whose(state, cmd.player)
        if cmd.sides is not None and cmd.sides != self.sides:
            raise RuleViolation(f"{self.title} is played with {self.sides}-sided dice, not {cmd.sides}-sided")
        event = dice.roll(state, who, cmd.faces, sides=self.sides)
        assert isinstance(event, ev.DiceRolled)
        n = len(event.faces)
        x = self.ext(state)
        if x.rolloff:
            if n != self.rolloff_dice:
                raise RuleViolation(f"in the roll-off each player rolls {spoken(self.rolloff_dice)}, not {n}")
            return follow.followed([event])
        t = self.turn(state, x)
        assert t is not None
        self._spent(state, t)
        r = self.reading(state, t)
        if t.throws and (self.keep and r.must_keep):
            raise RuleViolation(f"{who} sets aside at least {spoken(r.must_keep)} before rolling again: "
                                f"potlog reroll {who} FACES --keep {','.join(map(str, r.held)) or 'FACES'}...")
        self._count(t, r, n, who)
        return follow.followed([event])

    def _reroll(self, state: TableState, cmd: Reroll) -> list[ev.Event]:
        if not self.keep:
            raise RuleViolation(f"in {self.title} the dice kept are not the player's choice: potlog roll NAME FACES")
        who = self._whose(state, cmd.player)
        x = self.ext(state)
        t = self.turn(state, x)
        if t is None:
            raise RuleViolation("in the roll-off each player simply rolls: potlog roll NAME FACES")
        if not t.throws:
            raise RuleViolation(f"{who} has not rolled this turn: potlog roll {who} FACES first")
        self._spent(state, t)
        faces = parse_faces([str(f) for f in cmd.faces], self.sides)
        kept = parse_faces([str(f) for f in (cmd.value or ())], self.sides) if cmd.value else []
        r, have = self.reading(state, t), t.dice
        if not contains(have, kept):
            raise RuleViolation(f"{who} has no {_faces_text(sorted((Counter(kept) - Counter(have)).elements()))} "
                                f"to keep (their dice: {_faces_text(have)})")
        if not contains(kept, r.held):
            raise RuleViolation(f"{who}'s {_faces_text(r.held)} are set aside and stay so: --keep names them too")
        if len(kept) - len(r.held) < r.must_keep:
            raise RuleViolation(f"{who} sets aside at least {spoken(r.must_keep)} more before rolling again")
        if len(kept) + len(faces) != len(have):
            raise RuleViolation(f"{who} has {spoken(len(have))}: keep some and roll the others, "
                                f"not {len(kept)} kept and {len(faces)} rolled")
        return follow.followed([make_event(ev.DiceRerolled, player=who, kept=kept, faces=faces,
                                                   sides=self.sides)])

    def _declare(self, state: TableState, cmd: Declare) -> list[ev.Event]:
        if cmd.name == "stop":
            return self._stop(state, cmd)
        if self.choice is not None and cmd.name == self.choice.name:
            who = self._whose(state, cmd.player, self.choice.word)
            t = self.turn(state)
            if t is None or not t.throws:
                raise RuleViolation(f"{who} has not rolled yet: roll first (potlog roll {who} FACES)")
            value = self.choice.check(t, str(cmd.value or "").strip(), self.opts(state))
            return follow.followed([make_event(ev.Declared, player=who, name=self.choice.name,
                                                       value=value)])
        raise RuleViolation(f"{self.title} has no declaration {cmd.name!r}"
                            + (": a player ends a turn with potlog stop NAME" if self.may_stop else ""))

    def _stop(self, state: TableState, cmd: Declare) -> list[ev.Event]:
        if not self.may_stop:
            raise RuleViolation(f"in {self.title} a player does not choose to stop: {self.hint or 'the turn goes on'}")
        who = self._whose(state, cmd.player, "stop")
        t = self.turn(state)
        if t is None:
            raise RuleViolation("nobody stops in a roll-off: each tied player rolls")
        if not t.throws:
            raise RuleViolation(f"{who} has not rolled yet this turn: a turn has at least one roll")
        return follow.followed([make_event(ev.Declared, player=who, name="stop")])

    def rules(self, state: TableState) -> bets.Betting | None:
        """This table's betting round (None: it does not bet)."""
        return self.betting(self.opts(state)) if self.betting is not None else None

    def _bet(self, state: TableState, cmd: bets.Move) -> list[ev.Event]:
        rules = self.rules(state)
        if rules is None:
            raise RuleViolation(f"{self.title} has no betting at this table (-o betting=false): the antes are the kitty")
        require_hand(state)
        if not self.ext(state).betting:
            raise RuleViolation(f"the betting comes once everyone has rolled: it is {self.roller(state)}'s turn to roll"
                                if self.roller(state) else "the betting is over")
        return follow.followed(bets.act(state, self.ext(state), rules, cmd))

    def decide(self, state: TableState, cmd: Command) -> list[ev.Event]:
        if isinstance(cmd, Open):
            return open_session(cmd, self.options, self.name)
        verbs: dict[type[Command], Handler] = {NewHand: self._hand, RollDice: self._roll, Reroll: self._reroll,
                                               Declare: self._declare}
        if self.betting is not None:
            verbs.update(dict.fromkeys(bets.WAGERS, self._bet))
        if type(cmd) in verbs:
            require_open(state)
            return verbs[type(cmd)](state, cmd)
        if type(cmd) in _SHARED:
            return decide_generic(state, cmd, self.name)
        raise RuleViolation(f"{self.title} has no '{cmd.verb}': start a game with 'hand', then each player "
                            "rolls in turn")

    def after(self, state: TableState) -> list[ev.Event]:
        """What the rules record by themselves: the antes, the kitty paid or standing, the end."""
        hand = state.hand
        if hand is None or hand.ended:
            return []
        x = self.ext(state)
        if len(x.anted) < len(x.order):
            ante = int(getattr(self.opts(state), "ante", 1))
            return [make_event(ev.Ante, player=p, amount=min(ante, state.stack(p)))
                    for p in x.order if p not in x.anted]
        if x.showdown:
            return self._paid_by_rank(state, x)
        kitty = state.balance("pot")
        if kitty and x.winner:
            return [make_event(ev.PotAwarded, shares=[ev.Share(player=x.winner, amount=kitty)],
                                    reason=x.why[:200])]
        if kitty and x.stands:
            return [make_event(ev.PotCarried, amount=kitty)]
        if x.winner or x.stands:
            return [make_event(ev.HandEnded, hand=hand.number)]
        return []

    def _paid_by_rank(self, state: TableState, x: Kitty) -> list[ev.Event]:
        """After the betting: the kitty to the last player in, or by rank among those still in
        (side pots, the uncalled bet back, a tied layer stands); then the end of the game."""
        hand = state.hand
        assert hand is not None
        live = [p for p in x.order if (s := state.seat(p)) is not None and s.in_hand and not s.folded]
        if len(live) <= 1:
            return pots.last_in(state)[1] or [make_event(ev.HandEnded, hand=hand.number)]
        sign = 1 if self.best == "high" else -1                       # ranked as `_result` ranks them
        ranks = {p: Ranked((sign * x.totals.get(p, 0), *x.keys.get(p, [])), x.said.get(p, "")) for p in live}
        due = pots.award_by_rank(state, ranks, x.order, ties="stand", total=state.balance("pot") + x.paid,
                                 payout=pots.Payout(single="the kitty"))[x.settled:]
        return due[:1] or [make_event(ev.HandEnded, hand=hand.number)]

    # ------------------------------------------------------------------------- evolve

    def evolve(self, state: TableState, event: ev.Event) -> None:
        x = self.ext(state)
        match event:
            case ev.HandStarted():
                fresh = Kitty(order=self._players(state, event.first or event.dealer, event.first is not None))
                fresh.totals = {p: 0 for p in fresh.order}
                state.ext = x = fresh
            case ev.Ante(player=p):
                if p not in x.anted:
                    x.anted.append(p)
            case ev.DiceRolled(player=str(p)) if state.in_hand:
                self._thrown(state, x, p, list(event.faces), [])
            case ev.DiceRerolled(player=p) if state.in_hand:
                assert state.hand is not None
                state.hand.dice.append(Roll(p, list(event.kept) + list(event.faces), event.sides))
                self._thrown(state, x, p, list(event.faces), list(event.kept))
            case ev.Declared(player=str(p)) if state.in_hand and self.roller(state) == p and not x.rolloff:
                if event.name == "stop":
                    x.stopped = True
                elif self.choice is not None and event.name == self.choice.name:
                    x.choice = str(event.value)
                self._settle_turn(state, x)
        if x.betting or x.showdown:
            self._betting_step(state, x, event)
            return
        if state.hand is not None and not state.hand.ended:
            state.hand.to_act = self.roller(state)
            state.hand.phase = "roll-off" if x.rolloff else "rolling"

    def _betting_step(self, state: TableState, x: Kitty, event: ev.Event) -> None:
        """The betting round's part of `evolve`: the move in the book, whose turn, its end."""
        rules = self.rules(state)
        assert rules is not None
        pots.tally(x, event)
        hand = state.hand
        if hand is None or hand.ended:
            return
        if x.betting:
            bets.record(state, x, rules, event)
            who = bets.to_act(state, x, rules, x.order)
            if who is None or len([s for s in state.live_players() if s.in_hand]) <= 1:
                x.betting, x.showdown, who = False, True, None
            hand.to_act = who
        hand.phase = "betting" if x.betting else "showdown"

    def _thrown(self, state: TableState, x: Kitty, p: str, faces: list[int], kept: list[int]) -> None:
        if self.roller(state) != p:  # a roll out of turn, recorded as a ruling: it counts for nothing here
            return
        if x.rolloff:
            x.offs[p] = sum(faces)
            if len(x.offs) == len(x.rolloff):
                top = max(x.offs.values())
                tied = [q for q in x.rolloff if x.offs[q] == top]
                if len(tied) == 1:
                    x.winner, x.why = tied[0], f"won the roll-off with {top} ({x.why})"
                else:
                    x.rolloff, x.offs = tied, {}
            return
        x.faces.append(faces)
        x.kept.append(kept)
        self._settle_turn(state, x)

    def _settle_turn(self, state: TableState, x: Kitty) -> None:
        """If the turn is over: score it, pass the dice on, and settle the game when it is done."""
        t = self.turn(state, x)
        if t is None:
            return
        o = self.opts(state)
        r = self.read(t, o)
        if not self._over(t, r, o):
            return
        p = t.player
        x.totals[p] = x.totals.get(p, 0) + r.score
        x.keys[p] = list(r.key)
        x.said[p] = r.label or f"{r.score}"
        x.ended[p] = self._ended(t, r, o)
        if t.choice is not None:
            x.sheet.setdefault(p, []).append([t.choice, r.score])
        x.faces, x.kept, x.stopped, x.choice = [], [], False, None
        if r.wins:
            x.winner, x.why = p, r.label or f"{p} wins"
            return
        x.at += 1
        if x.at >= len(x.order):
            x.at, x.round = 0, x.round + 1
            rounds = self._n(self.rounds, o)
            if rounds and x.round > rounds:
                x.at = len(x.order)
                if self.rules(state) is not None:
                    x.betting = True
                    bets.reset(x)
                else:
                    self._result(x, o)

    def _result(self, x: Kitty, o: Any) -> None:
        """Every turn taken: the best total wins; else the kitty stands or the tied roll off."""
        sign = 1 if self.best == "high" else -1
        rank = {p: (sign * x.totals.get(p, 0), *x.keys.get(p, [])) for p in x.order}
        top = max(rank.values())
        best = [p for p in x.order if rank[p] == top]
        score = x.totals.get(best[0], 0)
        shown = x.said.get(best[0], "") if x.keys.get(best[0]) else f"{score}"
        minimum = int(getattr(o, "minimum", 0) or 0)
        if minimum and (score < minimum if self.best == "high" else score > minimum):
            x.stands, x.why = True, f"nobody reached the minimum of {minimum}"
        elif len(best) == 1:
            x.winner, x.why = best[0], (f"{'highest' if self.best == 'high' else 'lowest'} total, {score}"
                                        if not x.keys.get(best[0]) else f"best hand, {shown}")
        elif getattr(o, "ties", "stand") == "roll-off":
            x.rolloff, x.offs, x.why = best, {}, f"{listed(best)} tied with {shown}"
        else:
            x.stands, x.why = True, f"{listed(best)} tie with {shown}"

    # ------------------------------------------------------------------------- legal, view, verify

    def legal(self, state: TableState) -> list[Legal]:
        x, hand, rules = self.ext(state), state.hand, self.rules(state)
        if rules is not None and x.betting and hand is not None and hand.to_act:
            return [bets.prompt(state, x, rules, hand.to_act, "everyone has rolled: bet into the kitty, "
                                                              "then the hands still in are shown")]
        who = self.roller(state)
        if who is None:
            return [] if state.closed else [Legal(None, ("hand", "join", "rebuy", "leave", "close"))]
        x = self.ext(state)
        if x.rolloff:
            return [Legal(who, ("roll",), f"roll-off: {spoken(self.rolloff_dice)} each, the highest takes the kitty")]
        t = self.turn(state, x)
        started = t is not None and bool(t.throws)
        verbs = ("roll",) + (("reroll",) if self.keep and started else ()) + (
            ("stop",) if self.may_stop and started else ()) + (
            (self.choice.word,) if self.choice is not None and started else ())
        o = self.opts(state)
        limit = self._n(self.rolls, o)
        if t is not None and limit and len(t.throws) >= limit:
            verbs = tuple(v for v in verbs if v not in ("roll", "reroll"))
        note = self.hint
        if t is not None and not t.throws:
            first = self.reading(state, t).label
            note += f"; {who} {first}" if first else ""
        return [Legal(who, verbs, note)]

    def view(self, state: TableState) -> list[tuple[str, str]]:
        x = self.ext(state)
        out: list[tuple[str, str]] = []
        if state.in_hand:
            out.append(("kitty", f"{state.balance('pot')}"))
            rounds = self._n(self.rounds, self.opts(state))
            if rounds > 1 and x.round <= rounds:
                out.append(("round", f"{x.round} of {rounds}"))
        elif state.balance("carry"):
            out.append(("kitty stands", f"{state.balance('carry')} ride into the next game"))
        t = self.turn(state, x)
        for p in x.order:
            line = f"{x.totals.get(p, 0)}" + (f" ({x.said[p]})" if p in x.said else "")
            if t is not None and t.player == p and t.throws:
                r = self.reading(state, t)
                line += f"; rolling: {_faces_text(t.last)}" + (f", set aside {_faces_text(r.held)}" if r.held else "") \
                    + f", {r.label or r.score}"
            out.append((p, line))
        if x.rolloff:
            out.append(("roll-off", ", ".join(f"{p} {x.offs.get(p, '-')}" for p in x.rolloff)))
        return out

    def _command(self, state: TableState, event: ev.Event) -> Command | None:
        from ..core.commands import command_for

        if isinstance(event, ev.DiceRerolled):
            return Reroll(player=event.player, faces=tuple(event.faces), value=tuple(event.kept))
        return command_for(event)

    def check_event(self, state: TableState, event: ev.Event) -> None:
        """``potlog verify --rules``: `event` must be what these rules record here."""
        follow.check(state, event, self.after, self.decide, self._command, game=self.title, by_itself=_BY_ITSELF)

    # ------------------------------------------------------------------------- the declaration

    def all_words(self) -> tuple[Word, ...]:
        who = Param("player", "Who rolls.")
        out: list[Word] = []
        if self.keep:
            out.append(dicewords.reroll(cup=False))
        if self.may_stop:
            out.append(Word("stop", "PLAYER stops rolling: the turn's score counts and the dice pass on.",
                            params=(who,), command=lambda v: Declare(player=v["player"], name="stop"),
                            makes=(Declare,)))
        c = self.choice
        if c is not None:
            out.append(Word(c.word, c.summary,
                            params=(who, Param("value", f"The {c.name}.", metavar=c.metavar)),
                            command=lambda v: Declare(player=v["player"], name=c.name, value=v["value"]),
                            makes=(Declare,)))
        return tuple(out) + self.words

    def ruleset(self) -> AnyRuleset:
        return Ruleset(name=self.name, title=self.title, summary=self.summary, options=self.options,
                       initial=self.initial, decide=self.decide, evolve=self.evolve, legal=self.legal,
                       view=self.view, check_event=self.check_event, words=self.all_words(), after=self.after,
                       min_players=self.min_players, max_players=self.max_players)
