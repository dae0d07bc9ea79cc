"""Commands: what the recorder asks for (``bet Ann 5``). A ruleset's `decide` turns one
into events or refuses it.

A command is a frozen dataclass, one class per verb (`Bet`, `Deal`, `Cup` ...), with exactly
the fields that verb takes; they share the base class `Command`, whose class attribute `verb`
is the word (for messages and `Legal.verbs`). A `decide` dispatches on the class (``match
cmd: case Bet(): ...`` or a dict keyed by class), never on the word. A game's own words
(`Word.makes`) build one of these classes too; `COMMANDS` lists them all.

A command carries raw input (cards as typed, faces as typed): the ruleset parses them
with the session's pack and die, so its errors can name what that table accepts. `command_for`
goes the other way: the shared command behind a recorded event (``potlog verify --rules``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import events as ev
from .frozen import frozen

Cards = tuple[str, ...]
"""Cards as typed (``AS``, ``10h``); ``??`` for unseen ones."""
Faces = tuple[int | str, ...]
"""Die faces as typed (``6``, or a word a game's die shows)."""
Shares = tuple[tuple[str, int], ...]
"""(player, number) pairs: chips of a split award, bids, tricks taken."""
Scalar = bool | int | str
"""A declared value."""



@dataclass(frozen=True, kw_only=True)
class Command:
    """One request: the base of every command class (`verb` says which word records it)."""

    verb: ClassVar[str] = ""


# -- the session and the seats --------------------------------------------------------------

@frozen
class Open(Command):
    """``potlog new``: the table's `options`, what a chip is called, a title."""

    verb: ClassVar[str] = "open"
    options: dict[str, Any] = field(default_factory=dict)
    chip_unit: str = "chip"
    title: str = ""


@frozen
class Switch(Command):
    """``potlog switch GAME``: another ruleset (`name`) from now on, with its `options`."""

    verb: ClassVar[str] = "switch"
    name: str | None = None
    options: dict[str, Any] = field(default_factory=dict)


@frozen
class Join(Command):
    """`player` sits with a buy-in of `amount` chips, at `position` (None: last)."""

    verb: ClassVar[str] = "join"
    player: str
    amount: int
    position: int | None = None


@frozen
class Rebuy(Command):
    verb: ClassVar[str] = "rebuy"
    player: str
    amount: int


@frozen
class Leave(Command):
    verb: ClassVar[str] = "leave"
    player: str
    reason: str = ""


@frozen
class Close(Command):
    verb: ClassVar[str] = "close"


@frozen
class Count(Command):
    """`player` counts `amount` chips in their stack (a check, no chips move)."""

    verb: ClassVar[str] = "count"
    player: str
    amount: int


@frozen
class Note(Command):
    verb: ClassVar[str] = "note"
    text: str


@frozen
class Void(Command):
    """Cancel the event at seq `target`."""

    verb: ClassVar[str] = "void"
    target: int
    reason: str = ""


# -- the hand and the cards --------------------------------------------------------------

@frozen
class NewHand(Command):
    """``potlog hand``: who deals, who acts first (None: as the game says)."""

    verb: ClassVar[str] = "hand"
    dealer: str | None = None
    first: str | None = None


@frozen
class Round(Command):
    verb: ClassVar[str] = "round"
    name: str | None = None


@frozen
class Deal(Command):
    """`cards` (or `count` unseen ones) to `to`: a player or a board; `face_up`."""

    verb: ClassVar[str] = "deal"
    to: str
    cards: Cards = ()
    count: int | None = None
    face_up: bool = False


@frozen
class Reveal(Command):
    verb: ClassVar[str] = "reveal"
    player: str
    cards: Cards = ()


@frozen
class Exchange(Command):
    """`player` gives up `discard` and draws `cards` (or `count` unseen), paying `amount`."""

    verb: ClassVar[str] = "exchange"
    player: str
    cards: Cards = ()
    discard: Cards = ()
    count: int | None = None
    amount: int | None = None
    face_up: bool = False


@frozen
class Play(Command):
    verb: ClassVar[str] = "play"
    player: str
    cards: Cards = ()


@frozen
class Move(Command):
    """The top cards (`cards`, or `count` of them) of zone `source` onto `to`; `position` 0:
    under its bottom; `value`: face up (True), down (False) or as they lie (None)."""

    verb: ClassVar[str] = "move"
    source: str
    to: str
    cards: Cards = ()
    count: int | None = None
    position: int | None = None
    value: bool | None = None


@frozen
class Reshuffle(Command):
    verb: ClassVar[str] = "reshuffle"


@frozen
class End(Command):
    verb: ClassVar[str] = "end"


# -- dice and declarations ------------------------------------------------------------------

@frozen
class RollDice(Command):
    """``potlog roll``: `faces` rolled by `player` (None: the table) on dice of `sides`."""

    verb: ClassVar[str] = "roll"
    player: str | None = None
    faces: Faces = ()
    sides: int | None = None


@frozen
class Declare(Command):
    verb: ClassVar[str] = "declare"
    player: str | None = None
    name: str
    value: Scalar | None = None


# -- chips ----------------------------------------------------------------------------------

@frozen
class Ante(Command):
    verb: ClassVar[str] = "ante"
    player: str
    amount: int | None = None


@frozen
class Bet(Command):
    verb: ClassVar[str] = "bet"
    player: str
    amount: int


@frozen
class Call(Command):
    """`player` calls; `amount`, when given, is checked against what is owed."""

    verb: ClassVar[str] = "call"
    player: str
    amount: int | None = None


@frozen
class Raise(Command):
    """`player` calls and raises by `amount`."""

    verb: ClassVar[str] = "raise"
    player: str
    amount: int


@frozen
class AllIn(Command):
    verb: ClassVar[str] = "allin"
    player: str


@frozen
class Check(Command):
    verb: ClassVar[str] = "check"
    player: str


@frozen
class Fold(Command):
    verb: ClassVar[str] = "fold"
    player: str


@frozen
class Pay(Command):
    verb: ClassVar[str] = "pay"
    source: str
    to: str
    amount: int
    reason: str = ""


@frozen
class Award(Command):
    """A pot (`source`) to `player` (only `amount` of it), or split by `shares`."""

    verb: ClassVar[str] = "award"
    player: str | None = None
    amount: int | None = None
    shares: Shares = ()
    source: str | None = None
    reason: str = ""


@frozen
class Carry(Command):
    verb: ClassVar[str] = "carry"
    source: str | None = None
    amount: int | None = None


@frozen
class Score(Command):
    verb: ClassVar[str] = "score"
    player: str
    amount: int
    reason: str = ""


# -- the games' own words ------------------------------------------------------------------

@frozen
class Showdown(Command):
    """The hands are compared: by the evaluator `name`, ties as `value` says (freeform)."""

    verb: ClassVar[str] = "showdown"
    name: str | None = None
    value: str | None = None


@frozen
class Stands(Command):
    """Freeform: the pot stands (rides into the next round)."""

    verb: ClassVar[str] = "stands"


@frozen
class BringIn(Command):
    verb: ClassVar[str] = "bringin"
    player: str


@frozen
class Hit(Command):
    """Bluffjack: `player` draws `cards` (or `count` unseen)."""

    verb: ClassVar[str] = "hit"
    player: str
    cards: Cards = ()
    count: int | None = None
    face_up: bool = False


@frozen
class Stand(Command):
    verb: ClassVar[str] = "stand"
    player: str


@frozen
class CupDice(Command):
    """Dice under `player`'s cup: `count` unseen, or the `faces` the recorder saw; `value`:
    the faces kept (a reroll under the cup)."""

    verb: ClassVar[str] = "cup"
    player: str
    count: int | None = None
    faces: Faces = ()
    value: Faces = ()


@frozen
class Reroll(Command):
    """`player` keeps the faces `value` and rolls the others again: `faces`."""

    verb: ClassVar[str] = "reroll"
    player: str
    faces: Faces = ()
    value: Faces = ()


@frozen
class Lift(Command):
    verb: ClassVar[str] = "lift"
    player: str
    faces: Faces = ()


@frozen
class Bid(Command):
    """Liar's Dice: `player` bids `count` dice showing `value`."""

    verb: ClassVar[str] = "bid"
    player: str
    count: int
    value: int


@frozen
class Bids(Command):
    """Bluke: each player's bid of tricks, as (player, tricks) `shares`."""

    verb: ClassVar[str] = "bid"
    shares: Shares = ()


@frozen
class Tricks(Command):
    """Bluke: the tricks each player took, as (player, tricks) `shares`."""

    verb: ClassVar[str] = "tricks"
    shares: Shares = ()


@frozen
class Liar(Command):
    verb: ClassVar[str] = "liar"
    player: str


@frozen
class Claim(Command):
    verb: ClassVar[str] = "claim"
    player: str
    value: Scalar | None = None


@frozen
class Doubt(Command):
    verb: ClassVar[str] = "doubt"
    player: str


@frozen
class Concede(Command):
    verb: ClassVar[str] = "concede"
    player: str


@frozen
class Turn(Command):
    """War: `player` turns the top card of their stack (named as it turns up: `cards`)."""

    verb: ClassVar[str] = "turn"
    player: str
    cards: Cards = ()


def player_of(cmd: Command) -> str | None:
    """Who acts, for a command whose class names a player (None for one that names nobody)."""
    player = getattr(cmd, "player", None)
    return player if isinstance(player, str) else None


COMMANDS: tuple[type[Command], ...] = tuple(c for c in list(globals().values())
                                            if isinstance(c, type) and issubclass(c, Command) and c is not Command)
"""Every command class."""


def command_for(event: ev.Event) -> Command | None:  # noqa: C901 - one case per event class, flat
    """The shared-mechanics command that causes `event` (None for types no verb records)."""
    match event:
        case ev.SessionOpened():
            return Open(options=dict(event.options), chip_unit=event.chip_unit, title=event.title)
        case ev.GameSwitched():
            return Switch(name=event.game, options=dict(event.options))
        case ev.PlayerJoined():
            return Join(player=event.player, amount=event.buyin, position=event.position)
        case ev.Rebuy():
            return Rebuy(player=event.player, amount=event.amount)
        case ev.PlayerLeft():
            return Leave(player=event.player, reason=event.reason)
        case ev.HandStarted():
            return NewHand(dealer=event.dealer, first=event.first)
        case ev.RoundStarted():
            return Round(name=event.name or None)
        case ev.CardsDealt():
            return Deal(to=event.to, cards=tuple(event.cards), face_up=event.face_up)
        case ev.CardsRevealed():
            return Reveal(player=event.holder, cards=tuple(event.cards))
        case ev.CardsExchanged():
            return Exchange(player=event.player, cards=tuple(event.draw), discard=tuple(event.discard),
                            amount=event.cost, face_up=event.face_up)
        case ev.CardPlayed():
            return Play(player=event.player, cards=(event.card,))
        case ev.DiceRolled():
            return RollDice(player=event.player, faces=tuple(event.faces), sides=event.sides)
        case ev.Declared():
            return Declare(player=event.player, name=event.name, value=event.value)
        case ev.Ante():
            return Ante(player=event.player, amount=event.amount)
        case ev.Bet():
            return Bet(player=event.player, amount=event.amount)
        case ev.Call():
            return Call(player=event.player, amount=event.amount)
        case ev.Raise():
            return Raise(player=event.player, amount=event.by)
        case ev.Check():
            return Check(player=event.player)
        case ev.Fold():
            return Fold(player=event.player)
        case ev.AllIn():
            return AllIn(player=event.player)
        case ev.Transfer():
            return Pay(source=event.from_account, to=event.to_account, amount=event.amount, reason=event.reason)
        case ev.PotAwarded():
            return Award(source=event.pot, shares=tuple((s.player, s.amount) for s in event.shares),
                         reason=event.reason)
        case ev.PotCarried():
            return Carry(source=event.pot, amount=event.amount)
        case ev.HandEnded():
            return End()
        case ev.ChipCount():
            return Count(player=event.player, amount=event.counted)
        case ev.Note():
            return Note(text=event.text)
        case ev.CardsMoved():
            return Move(source=event.source, to=event.dest, cards=tuple(event.cards),
                        position=0 if event.bottom else None, value=event.face_up)
        case ev.Void():
            return Void(target=event.target, reason=event.reason)
        case ev.Scored():
            return Score(player=event.player, amount=event.points, reason=event.reason)
        case ev.DeckReshuffled():
            return Reshuffle()
        case ev.SessionClosed():
            return Close()
    return None
