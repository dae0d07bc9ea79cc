"""A poker game's declaration: its `Street`s, the table's `Stakes`, and the hand in progress (`Hand`).

A street is PokerKit's `Street` read for potlog (uoftcprg/pokerkit ``state.py``): the hole
cards it deals with their up/down statuses, the board cards, a draw before its betting, who
opens its betting, the fixed-limit bet of the street (small or big) and the raise cap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Opening = Literal["position", "low-card", "high-card", "high-hand", "low-hand"]
"""Who opens a street's betting: ``position`` (left of the blinds before the first street's
betting, else the first player left of the button), ``low-card`` (the lowest up card brings
in: stud), ``high-card`` (the highest up card, aces low: razz), ``high-hand`` (the best poker
hand showing: stud), ``low-hand`` (the best low showing, aces low: razz). Ties of cards go by
suit (clubs, diamonds, hearts, spades, lowest first); ties of hands to the first from the
button's left."""

Structure = Literal["no-limit", "pot-limit", "fixed-limit"]


@dataclass(frozen=True)
class Street:
    """One street: `hole` the statuses of the hole cards it deals each player (True: face up),
    `board` the board cards, `draw` a draw (discard and draw, or stand pat) before the betting,
    `opening` who opens the betting, `bet` the fixed-limit bet (the small or the big bet), `cap`
    how many bets a fixed-limit round allows: a bet and three raises; the blind of the first
    round counts as its first bet; a bring-in does not count (the completion does)."""

    name: str
    hole: tuple[bool, ...] = ()
    board: int = 0
    draw: bool = False
    opening: Opening = "position"
    bet: Literal["small", "big"] = "small"
    cap: int = 4

    def __post_init__(self) -> None:
        if not (self.hole or self.board or self.draw):
            raise ValueError(f"street {self.name!r} deals nothing and draws nothing")


@dataclass(frozen=True)
class Stakes:
    """The table's forced bets and betting structure, read from its options.

    small_blind, big_blind, straddle (left of the big blind, 3+ players), button_blind (a blind
    the button posts: short deck), ante (everyone), bb_ante (the big blind's, dead money),
    bring_in (stud: the lowest card's forced opening bet), structure, min_bet (no-limit and
    pot-limit: the smallest bet; 0: the big blind, else the button blind, the ante, 1),
    small_bet and big_bet (fixed-limit: 0 means the big blind and twice the small bet), split
    (``hi-lo``: each pot halved between the best high and the best qualifying low).
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    bb_ante: int = 0
    straddle: int = 0
    structure: Structure = "no-limit"
    min_bet: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    button_blind: int = 0
    split: Literal["high", "hi-lo"] = "high"

    @property
    def blinds(self) -> bool:
        """A small or a big blind goes in (the first street opens left of them)."""
        return bool(self.small_blind or self.big_blind)

    @property
    def smallest(self) -> int:
        """The smallest bet of no-limit and pot-limit (and the first 'last raise' of a round)."""
        return self.min_bet or self.big_blind or self.button_blind or self.small_bet or self.ante or 1

    def size(self, street: Street) -> int:
        """The fixed-limit bet of `street`."""
        small = self.small_bet or self.big_blind or self.bring_in or 1
        return small if street.bet == "small" else (self.big_bet or 2 * small)


def flop_streets(hole: int, *, board: tuple[int, ...] = (0, 3, 4, 5),
                 names: tuple[str, ...] = ("preflop", "flop", "turn", "river")) -> tuple[Street, ...]:
    """Community-card streets: `hole` cards face down, then the board (cumulative counts in
    `board`); the small bet on the first two, the big bet after."""
    out = []
    for i, name in enumerate(names):
        dealt = board[i] - (board[i - 1] if i else 0)
        out.append(Street(name, (False,) * hole if i == 0 else (), dealt, bet="small" if i < 2 else "big"))
    return tuple(out)


def stud_streets(*, low: bool = False) -> tuple[Street, ...]:
    """Seven-card stud: two down and one up, three up, one down; the bring-in by the lowest up
    card (razz: the highest, aces low), later the best hand showing (razz: the best low)."""
    first: Opening = "high-card" if low else "low-card"
    later: Opening = "low-hand" if low else "high-hand"
    return (Street("third street", (False, False, True), opening=first),
            Street("fourth street", (True,), opening=later),
            Street("fifth street", (True,), opening=later, bet="big"),
            Street("sixth street", (True,), opening=later, bet="big"),
            Street("seventh street", (False,), opening=later, bet="big"))


def draw_streets(hole: int, draws: int) -> tuple[Street, ...]:
    """Draw poker: `hole` cards face down and a betting round, then `draws` draws each followed
    by a betting round. Fixed limit: the small bet before the draw and after the first of two
    or three draws (PokerKit's triple draw), the big bet after the others (after the one draw
    of a single-draw game: the bet doubles after the draw)."""
    names = ("first draw", "second draw", "third draw") if draws > 1 else ("the draw",)
    first_big = 1 if draws > 1 else 0
    return (Street("predraw", (False,) * hole),) + tuple(
        Street(names[i], draw=True, bet="big" if i >= first_big else "small") for i in range(draws))


@dataclass(slots=True)
class Hand:
    """The hand in progress (a poker game's ``state.ext``): its players from the button's left,
    the phase (blinds, deal, board, draw, bet, next, showdown, idle), the street, the forced
    bets (`plan`, `posted` of them), the round's betting book and the last full raise, the
    settlement so far (`paid`, `settled`), the blinds declared between hands (`level`: small,
    big, ante; empty: the table's options), the street's opener by the cards (`opener`: "" by
    position, "?" when an unseen up card leaves it to the first to act), who has drawn this
    street (`drawn`: a bit for each player, by their place in `order`), the community cards
    dealt when the stock ran short for a stud street (`common`), and whether the bring-in is
    still to be posted (`bring`)."""

    order: list[str] = field(default_factory=list)
    phase: str = "idle"
    street: int = 0
    plan: list[list[str | int]] = field(default_factory=list)
    posted: int = 0
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0
    last_raise: int = 0
    paid: int = 0
    settled: int = 0
    level: list[int] = field(default_factory=list)
    opener: str = ""
    drawn: int = 0
    common: int = 0
    bring: bool = False

    def has_drawn(self, player: str) -> bool:
        """`player` has drawn (or stood pat) this street."""
        return player in self.order and bool(self.drawn >> self.order.index(player) & 1)
