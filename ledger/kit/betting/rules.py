"""The round declared: `Betting` and its `Forced` stakes, the refusals' wording (`MESSAGES`),
the round's book (`Book`, `RoundBook`), a proposed `Move` and what a player may do (`Limits`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Literal, Mapping, Protocol

from ...core.frozen import later
from ...core.commands import AllIn, Bet, Call, Check, Fold, Raise
from ...state import Seat, TableState


Structure = Literal["fixed", "declared", "pot", "no-limit"]
Amount = int | Callable[[TableState], int | None]
SeatTest = Callable[[Seat], bool]

MESSAGES: Mapping[str, str] = {
    "no_check": "{player} cannot check: nobody checks in this round ({owed} to call or fold)",
    "acted_bet": "{player} has had a turn this round: now only call or fold",
    "raised_again": "{player} cannot raise again: one raise per player per round{hint}",
    "go_around": "{player} has had a turn this round: after the go-around players only call or fold",
    "capped": "{player} cannot raise: this round allows {cap} raise(s) and they are made{hint}",
    "bet_range": "{player} may bet {min} to {max} (the limit this hand), not {amount}",
    "raise_range": "{player} may raise by {min} to {max} (the limit this hand), not {amount}",
    "fixed_bet": "{player} bets {max} at this limit, not {amount}",
    "fixed_raise": "{player} raises by {max} at this limit, not {amount}",
    "below_min_bet": "{player} cannot bet {amount}: the smallest bet or raise is {min} (or all-in)",
    "below_min_raise": "{player} cannot raise by {amount}: the smallest bet or raise is {min} (or all-in)",
    "allin_over": "{player}'s all-in of {stack} would raise by {by}, above the limit of {max}",
    "no_caller_bet": "nobody else can call a bet (all-in): {player} checks",
    "no_caller_raise": "nobody else can call a raise (all-in): {player} calls or checks",
    "no_caller_allin": "nobody else can call (all-in): {player} checks or calls",
    "turn": "{player} cannot {doing} now: it is {to_act}'s turn",
    "no_turn": "{player} cannot {doing} now: {waiting}",
    "opener_first": "{opener}, the first player, opens the betting; then {player} calls or folds",
    "opened": "{opener} has opened with {high}: {player} calls {owed} or folds (no raises in the opening)",
    "opener_raise": "no raises in the opening round: {player} calls or folds",
    "opener_allin": "no raises in the opening round: {player} calls {owed} or folds",
    "opener_check": "{player} opens the hand with a bet of {min} to the limit: nobody checks in the opening",
    "opener_owes": "{player} calls {owed} or folds: nobody checks in the opening",
    "opener_fold": "{player} opens the hand: bet at least {min}",
}
"""The refusals, by key; a `Betting` may reword any of them (``messages``). Fields: player,
amount, by, min, max, cap, stack, owed, hint, doing, to_act, waiting, opener, high."""


@later(frozen=True)
class Forced:
    """A stake the rules put in as a round opens.

    Attributes:
        kind: ``ante`` (every player, `seat` ignored; not a move), ``blind`` / ``bring-in``
            (posted by ``order[seat]``; not a move: the poster still acts), ``raise`` (the
            compulsory first raise of ``order[seat]``, Bluffjack's; it is that player's move).
        seat: index into the round's order.
        amount: chips, or None for the round's `Betting.min_bet`.
    """

    kind: Literal["ante", "blind", "bring-in", "raise"]
    seat: int = 0
    amount: int | None = None


@dataclass(frozen=True)
class Betting:
    """A betting round, declared (see the module docstring for each field)."""

    structure: Structure = "no-limit"
    size: int = 0
    min_bet: Amount = 1
    limit: Callable[[TableState], int | None] | None = None
    max_raises: int | None = None
    one_raise_each: bool = False
    reraise: bool = True
    call_back: bool = True
    may_check: bool = True
    lone_ends: bool = True
    needs_caller: bool = False
    short_all_in_reopens: bool = False
    opens: int = 0
    forced: tuple[Forced, ...] = ()
    messages: Mapping[str, str] = field(default_factory=dict)
    opener_only: bool = False
    ready: Callable[[TableState, str, Move], None] | None = None
    reopens: Literal["raise", "highest"] = "raise"
    folds_act: bool = True

    def say(self, key: str, **values: object) -> str:
        """The refusal `key` in this round's wording."""
        return self.messages.get(key, MESSAGES[key]).format(**values)

    def smallest(self, state: TableState) -> int:
        """The smallest bet or raise (unless all-in)."""
        got = self.min_bet(state) if callable(self.min_bet) else self.min_bet
        return max(1, got or 1)


class Book(Protocol):
    """A round's bookkeeping, kept in the game's ext: who has acted in the round (for
    ``reraise`` rounds: since the last raise that re-opened it), who raised (a bet into an
    empty round counts), and the high bet before the last stake."""

    acted: list[str]
    raised: list[str]
    high: int


@dataclass(slots=True)
class RoundBook:
    """A `Book` to embed in a game's ext."""

    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0


Move = Bet | Call | Raise | AllIn | Check | Fold
"""A proposed betting move: its command (a bet's amount is the bet, a raise's what it adds
above the call)."""
WAGERS: tuple[type[Move], ...] = (Bet, Call, Raise, AllIn, Check, Fold)
"""The betting commands' classes, for a game's table of handlers."""


@later(frozen=True)
class Limits:
    """What a player may do now. ``low``/``high``: the smallest and largest bet (or raise,
    when there is something to call); ``high`` None means up to the stack."""

    owed: int
    may_check: bool
    may_bet: bool
    may_raise: bool
    low: int
    high: int | None
