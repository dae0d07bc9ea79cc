"""The table state: plain data, rebuilt from events alone, with a canonical hash.

Everything here is dataclasses of ints, strings, bools, lists and dicts (insertion
ordered), so the canonical JSON of a state, and so its hash, is the same in every process.
Chips live only in `TableState.balances` (account -> chips); a seat's stack is the balance
of ``seat:NAME``.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, cast

from .events import canonical_json


@dataclass(slots=True)
class Held:
    """A card in a hand or on a board. ``??`` is unseen; `up` means the whole table sees it."""

    card: str
    up: bool = False


@dataclass(slots=True)
class Seat:
    """A player at the table, in clockwise order in `TableState.seats`.

    Attributes:
        active: seated now (False once they left, until they join again).
        bought_in, rebought, cashed_out: chips through the cage, for the audit.
        cards: the cards held this hand.
        folded, all_in: their status in the current hand.
        round_bet: chips put in during the current betting round.
        hand_bet: chips put in during the whole hand.
        hand_costs: chips paid into a pot for cards this hand (a buy's card cost).
        in_hand: dealt into the current hand.
    """

    name: str
    active: bool = True
    bought_in: int = 0
    rebought: int = 0
    cashed_out: int = 0
    cards: list[Held] = field(default_factory=list)
    folded: bool = False
    all_in: bool = False
    round_bet: int = 0
    hand_bet: int = 0
    hand_costs: int = 0
    in_hand: bool = False
    last_count: int | None = None


def in_pot(state: TableState, player: str) -> int:
    """What `player` has put into the pots this hand: bets, and card costs."""
    seat = state.seat(player)
    return seat.hand_bet + seat.hand_costs if seat is not None else 0


@dataclass(slots=True)
class Roll:
    player: str | None
    faces: list[int]
    sides: int


@dataclass(slots=True)
class Declaration:
    player: str | None
    name: str
    value: bool | int | str | None


@dataclass(slots=True)
class Played:
    player: str
    card: str


@dataclass(slots=True)
class Hand:
    """The deal in progress (or the last one, once `ended`).

    Attributes:
        boards: cards that are not in a player's hand (``board``, ``stock``, ``trump``).
        out: cards out of play this hand (discards, finished tricks), for duplicate checks.
        trick: the cards played to the current trick, in order.
        tricks: tricks taken per player this hand.
        to_act: whose turn it is, where the game says (None: anyone, or nobody).
        phase: the game's name for where the hand is (``betting``, ``showdown`` ...).
    """

    number: int
    dealer: str
    first: str | None = None
    round: int = 0
    current_bet: int = 0
    boards: dict[str, list[Held]] = field(default_factory=dict)
    dice: list[Roll] = field(default_factory=list)
    declarations: list[Declaration] = field(default_factory=list)
    trick: list[Played] = field(default_factory=list)
    tricks: dict[str, int] = field(default_factory=dict)
    out: list[str] = field(default_factory=list)
    to_act: str | None = None
    phase: str = "dealing"
    ended: bool = False

    def declared(self, name: str, player: str | None = None, default: Any = None) -> Any:
        """The last value declared under `name` (by `player`, if given) in this hand."""
        for d in reversed(self.declarations):
            if d.name == name and (player is None or d.player == player):
                return d.value
        return default


@dataclass(slots=True)
class Seqs:
    """Seqs in the order they were added, as a game's `list[int]` of them would hold them, kept
    as runs of consecutive seqs: `runs` is flat (first, last, first, last ...). The seqs of
    every event since the last hand started (`ledger.kit.follow`) are one run, and one more
    after each void, however long the log before that hand: a clone or a snapshot copies a
    few ints, not one per event. Its plain form (`to_plain`: the state's canonical JSON and
    hash) is the list of the seqs, as the `list[int]` gave."""

    runs: list[int] = field(default_factory=list)

    def append(self, seq: int) -> None:
        runs = self.runs
        if runs and runs[-1] == seq - 1:
            runs[-1] = seq
        else:
            runs += (seq, seq)

    def clear(self) -> None:
        self.runs.clear()

    def __iter__(self) -> Iterator[int]:
        runs = self.runs
        for i in range(0, len(runs), 2):
            yield from range(runs[i], runs[i + 1] + 1)

    def __reversed__(self) -> Iterator[int]:
        runs = self.runs
        for i in range(len(runs) - 2, -1, -2):
            yield from range(runs[i + 1], runs[i] - 1, -1)

    def __getitem__(self, i: int) -> int:
        """The `i`th seq (from the end when negative), as a list's item."""
        runs = self.runs
        if i < 0:
            for k in range(len(runs) - 2, -1, -2):
                n = runs[k + 1] - runs[k] + 1
                if -i <= n:
                    return runs[k + 1] + 1 + i
                i += n
        else:
            for k in range(0, len(runs), 2):
                n = runs[k + 1] - runs[k] + 1
                if i < n:
                    return runs[k] + i
                i -= n
        raise IndexError("Seqs index out of range")

    def __contains__(self, seq: object) -> bool:
        runs = self.runs
        return any(runs[i] <= seq <= runs[i + 1] for i in range(0, len(runs), 2))  # type: ignore[operator]

    def __len__(self) -> int:
        runs = self.runs
        return sum(runs[i + 1] - runs[i] + 1 for i in range(0, len(runs), 2))


@dataclass(slots=True)
class TableState:
    """The whole table after some prefix of a session's events.

    Attributes:
        seq: the last event folded in.
        balances: chips per account; ``bank`` is minus everything bought in net of cash-outs.
        persistent: accounts the game lets keep chips between hands (Poch's compartments).
        scores: points per player, for games scored in points (a switch to another game starts
            its score again).
        voided: seqs cancelled by a void, in the order the voids were recorded.
        rulings: seqs recorded with ``--override``.
        ext: the ruleset's own state (a dataclass), or None.
    """

    session: str = ""
    game: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    chip_unit: str = "chip"
    title: str = ""
    seq: int = 0
    seats: list[Seat] = field(default_factory=list)
    balances: dict[str, int] = field(default_factory=lambda: {"bank": 0})
    hand: Hand | None = None
    hands_played: int = 0
    scores: dict[str, int] = field(default_factory=dict)
    persistent: list[str] = field(default_factory=list)
    voided: list[int] = field(default_factory=list)
    rulings: list[int] = field(default_factory=list)
    closed: bool = False
    ext: object = None

    # -- reading helpers (no mutation) --
    def seat(self, name: str) -> Seat | None:
        for s in self.seats:
            if s.name == name:
                return s
        return None

    def stack(self, name: str) -> int:
        return self.balances.get("seat:" + name, 0)

    def balance(self, account: str) -> int:
        return self.balances.get(account, 0)

    @property
    def active_seats(self) -> list[Seat]:
        return [s for s in self.seats if s.active]

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.ended

    def live_players(self) -> list[Seat]:
        """Seats dealt into the current hand that have not folded."""
        return [s for s in self.seats if s.in_hand and not s.folded]

    def pot_accounts(self) -> list[str]:
        return [a for a in self.balances if a == "pot" or a.startswith("pot:")]

    def table_chips(self) -> int:
        return sum(v for k, v in self.balances.items() if k != "bank")

    def clone(self) -> TableState:
        """A deep copy (what a trial or a new head works on): the core fields copied by their
        declared kinds, the game's `ext` and `options` by `_copy`."""
        if type(self) is not TableState:
            return _copy(self)  # type: ignore[no-any-return]
        new = _new(TableState)
        new.session, new.game, new.chip_unit, new.title = self.session, self.game, self.chip_unit, self.title
        new.options = _copy_dict(self.options)
        new.seq, new.hands_played, new.closed = self.seq, self.hands_played, self.closed
        new.seats = [_copy_seat(s) for s in self.seats]
        new.balances = dict(self.balances)  # chips: ints
        hand = self.hand
        new.hand = _copy_hand(hand) if type(hand) is Hand else _copy(hand)
        new.scores = dict(self.scores)  # points: ints
        new.persistent, new.voided, new.rulings = list(self.persistent), list(self.voided), list(self.rulings)
        ext = self.ext
        new.ext = ext if type(ext) in _ATOMS else _copy(ext)
        return new


# -- copying: `TableState.clone` is on the path of every command (a trial, the new head) ----------------------------

_new = object.__new__
_ATOMS = frozenset({int, str, bool, float, type(None)})
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _copy_cards(cards: list[Held]) -> list[Held]:
    out = []
    for h in cards:
        if type(h) is Held:
            n = _new(Held)
            n.card, n.up = h.card, h.up
            out.append(n)
        else:
            out.append(_copy(h))
    return out


def _copy_seat(s: Seat) -> Seat:
    if type(s) is not Seat:
        return _copy(s)  # type: ignore[no-any-return]
    n = _new(Seat)
    n.name, n.active, n.bought_in, n.rebought, n.cashed_out = s.name, s.active, s.bought_in, s.rebought, s.cashed_out
    n.cards = _copy_cards(s.cards)
    n.folded, n.all_in, n.round_bet, n.hand_bet = s.folded, s.all_in, s.round_bet, s.hand_bet
    n.hand_costs, n.in_hand, n.last_count = s.hand_costs, s.in_hand, s.last_count
    return n


def _copy_hand(h: Hand) -> Hand:
    n = _new(Hand)
    n.number, n.dealer, n.first, n.round, n.current_bet = h.number, h.dealer, h.first, h.round, h.current_bet
    n.boards = {k: _copy_cards(v) for k, v in h.boards.items()}
    n.dice = _copy_list(h.dice) if h.dice else []
    n.declarations = _copy_list(h.declarations) if h.declarations else []
    n.trick = _copy_list(h.trick) if h.trick else []
    n.tricks = dict(h.tricks)  # tricks taken: ints
    n.out = list(h.out)  # card codes
    n.to_act, n.phase, n.ended = h.to_act, h.phase, h.ended
    return n


def _copy(obj: Any) -> Any:
    """A deep copy of plain state data (dataclasses, lists, dicts, tuples, atoms), several
    times faster than `copy.deepcopy`; anything else (a game's odd field) goes to deepcopy."""
    cls = type(obj)
    if cls in _ATOMS:
        return obj
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _copier(cls)
    return copier(obj)


def _copy_list(obj: list[Any]) -> list[Any]:
    return [v if type(v) in _ATOMS else _copy(v) for v in obj]


def _copy_dict(obj: dict[Any, Any]) -> dict[Any, Any]:
    return {k: v if type(v) in _ATOMS else _copy(v) for k, v in obj.items()}


def _copy_tuple(obj: tuple[Any, ...]) -> tuple[Any, ...]:
    for v in obj:
        if type(v) not in _ATOMS:
            return tuple(v if type(v) in _ATOMS else _copy(v) for v in obj)
    return obj  # immutable all the way down: the same tuple (as deepcopy gives)


def _copier(cls: type) -> Callable[[Any], Any]:
    """How to copy an object of class `cls`: a function made once per dataclass (its fields in
    order, atoms as they are, the rest by `_copy`); deepcopy for anything else."""
    if not dataclasses.is_dataclass(cls) or getattr(cls, "__deepcopy__", None) is not None:
        fn: Callable[[Any], Any] = copy.deepcopy
    else:
        plain = cls.__setattr__ is object.__setattr__  # not frozen, no __setattr__ of its own
        lines = ["def copy_(obj):", "    new = _new(_cls)"]
        for f in dataclasses.fields(cls):  # atoms as they are, a list by one comprehension, the rest by `_copy`
            value = ("v if type(v) in _ATOMS else [x if type(x) in _ATOMS else _copy(x) for x in v] "
                     "if type(v) is list else _copy(v)")
            lines.append(f"    v = obj.{f.name}")
            lines.append(f"    new.{f.name} = {value}" if plain else f"    _set(new, {f.name!r}, {value})")
        lines.append("    return new")
        scope = {"_new": _new, "_cls": cls, "_ATOMS": _ATOMS, "_copy": _copy, "_set": object.__setattr__}
        exec("\n".join(lines), scope)  # as `dataclasses` makes __init__: one straight function per class
        fn = cast(Callable[[Any], Any], scope["copy_"])
    _COPIERS[cls] = fn
    return fn


_COPIERS.update({list: _copy_list, dict: _copy_dict, tuple: _copy_tuple, Hand: _copy_hand, Seat: _copy_seat})


def to_plain(obj: Any) -> Any:
    """Dataclasses to dicts, recursively; what canonical JSON (the state hash) is made of. A
    `Seqs` is the list of its seqs here (a snapshot's JSON, `snapshots._plain`, keeps its runs)."""
    if type(obj) is Seqs:
        return list(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {k: to_plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_plain(v) for v in obj]
    return obj


def state_json(state: TableState) -> str:
    return canonical_json(to_plain(state))


def state_hash(state: TableState) -> str:
    """SHA-256 of the state's canonical JSON: equal states, equal hashes, in any process."""
    return hashlib.sha256(state_json(state).encode("utf-8")).hexdigest()
