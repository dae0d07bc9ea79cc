"""Turn order around the table: who sits where, clockwise, and who acts next.

Every game asks the same questions: the order of play from the dealer's left (or from a named
first player), skipping seats that are out (folded, all-in, sitting out), and the next seat in
that order that still has something to do. A game passes its own test as `include`/`waiting`.

Who deals: the deal passes left after the first hand; the first dealer is whoever wins the
draw for the deal (`DrawForDeal`: the highest card, ties draw again), or the one the table
names, or the first seat. Games played over a fixed run of hands keep the same players
throughout (`same_players`).
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Callable, Iterable

from ..core.frozen import later
from .. import events as ev
from ..cards import parse_cards, pretty
from ..core.commands import Deal, Join, Leave
from ..errors import InputError, RuleViolation
from ..core.table import check_unseen, require_open, require_seated, seat_after
from ..core.verbs import join, leave, make_event
from ..state import Seat, TableState

if TYPE_CHECKING:
    from ..core.contract import Legal

SeatTest = Callable[[Seat], bool]


def clockwise(state: TableState, start: str | None, *, after: bool = True,
              include: SeatTest | None = None, right: bool = False) -> list[str]:
    """Seat names once around the table, clockwise: from the seat after `start` (the dealer's
    left, ``after=True``) or from `start` itself; from the first seat when `start` is not
    seated. Seats failing `include` are left out. With `right`, the other way round: the
    games whose deal and turn pass to the right (Bouillotte), from the dealer's right."""
    seats = list(reversed(state.seats)) if right else state.seats
    n = len(seats)
    names = [s.name for s in seats]
    if start in names:
        first = names.index(start) + (1 if after else 0)
    else:
        first = 0
    ring = (seats[(first + i) % n] for i in range(n))
    return [s.name for s in ring if include is None or include(s)]


def counterclockwise(state: TableState, start: str | None, *, after: bool = True,
                     include: SeatTest | None = None) -> list[str]:
    """`clockwise` to the right: from the seat right of `start` (or `start`)."""
    return clockwise(state, start, after=after, include=include, right=True)


def seat_right_of(state: TableState, name: str | None, *, skip: SeatTest | None = None) -> str | None:
    """The next active seat to the right of `name` (not failing `skip`), or None: who deals
    next when the deal passes right."""
    ring = counterclockwise(state, name, include=lambda s: s.active and (skip is None or not skip(s)))
    return ring[0] if ring else None


def in_hand(seat: Seat) -> bool:
    """Dealt into the hand, still seated and not folded."""
    return seat.in_hand and seat.active and not seat.folded


def next_waiting(state: TableState, order: Iterable[str], waiting: SeatTest) -> str | None:
    """The first name in `order` whose seat is `waiting` (still has to act), or None."""
    for name in order:
        seat = state.seat(name)
        if seat is not None and waiting(seat):
            return name
    return None


def has_chips(state: TableState) -> SeatTest:
    """A seat test: the seat has chips behind (it can still put some in)."""
    balances = state.balances
    return lambda seat: balances.get("seat:" + seat.name, 0) > 0


# ----------------------------------------------------------------------------- who deals

@later()
class Drawn:
    """Fields of a game's state for the draw for the first deal.

    Attributes:
        draws: the cards each player drew for the first deal, round by round (ties redraw).
    """

    draws: dict[str, list[str]] = field(default_factory=dict)


@later(frozen=True)
class DrawForDeal:
    """The draw for the first deal: before the first hand each player draws one card face up
    (``potlog deal NAME CARD``); the highest card deals, and players tied for the highest draw
    again among themselves.

    Attributes:
        value: a card's rank in the draw (higher deals).
        pack: the pack the cards are drawn from.
    """

    value: Callable[[str], int]
    pack: str

    def ties(self, draws: dict[str, list[str]], players: list[str]) -> tuple[list[str], int]:
        """Who is still in the draw, and which round of drawing they are at (one name: the dealer)."""
        tied, rnd = list(players), 0
        while len(tied) > 1 and all(len(draws.get(p, [])) > rnd for p in tied):
            top = max(self.value(draws[p][rnd]) for p in tied)
            tied = [p for p in tied if self.value(draws[p][rnd]) == top]
            rnd += 1
        return tied, rnd

    def standing(self, state: TableState, draws: dict[str, list[str]]) -> tuple[list[str], int, list[str]]:
        """The draw at this table: who is tied for the deal, the round, and who still has to draw."""
        tied, rnd = self.ties(draws, [s.name for s in state.active_seats])
        return tied, rnd, [p for p in tied if len(draws.get(p, [])) <= rnd]

    def draw(self, state: TableState, draws: dict[str, list[str]], cmd: Deal) -> list[ev.Event]:
        """A card drawn for the first deal (``cmd.to`` draws ``cmd.cards``)."""
        player = require_seated(state, cmd.to)
        cards = parse_cards(cmd.cards, self.pack, allow_unknown=False) if cmd.cards else []
        if len(cards) != 1 or cmd.count:
            raise InputError(f"a player draws one card for the deal, face up, like: potlog deal {player} KD")
        tied, rnd, waiting = self.standing(state, draws)
        if len(tied) == 1:
            raise RuleViolation(f"the draw is decided: {tied[0]} drew the highest card and deals first (potlog hand)")
        if player not in tied:
            raise RuleViolation(f"{player} is out of the draw for the deal: {' and '.join(tied)} draw again")
        if len(draws.get(player, [])) > rnd:
            raise RuleViolation(f"{player} has drawn already: waiting for {', '.join(waiting)}")
        check_unseen(state, cards)
        return [make_event(ev.CardsDealt, to=player, cards=cards, face_up=True)]

    def dealer(self, state: TableState, draws: dict[str, list[str]], named: str | None) -> str:
        """Who deals the next hand: the deal passes left; the first dealer won the draw, else is
        `named`, else sits first. Naming anyone else is refused."""
        last, players = state.hand, [s.name for s in state.active_seats]
        if last is not None and last.number:
            dealer = seat_after(state, last.dealer) or players[0]
            rule = f"the deal passes left: {dealer} deals this hand (after {last.dealer})"
        elif draws:
            tied, rnd, waiting = self.standing(state, draws)
            if len(tied) > 1:
                raise RuleViolation(f"the draw for the deal is not finished: {', '.join(waiting)} to draw (potlog deal "
                                    "NAME CARD)" if rnd == 0 else f"{' and '.join(tied)} tie for the highest card: "
                                    f"they draw again ({', '.join(waiting)} to draw)")
            dealer, rule = tied[0], f"{tied[0]} drew the highest card and deals first"
        else:
            dealer, rule = require_seated(state, named) if named else players[0], ""
        if rule and named and named != dealer:
            raise RuleViolation(f"{rule}, not {named}")
        return dealer

    def legal(self, state: TableState, draws: dict[str, list[str]]) -> list[Legal]:
        """Before the first hand: start it (the draw won), or draw, or seat the players."""
        from ..core.contract import Legal

        tied = self.standing(state, draws)[0]
        if draws and len(tied) == 1:
            return [Legal(None, ("hand", "note", "close"), f"{tied[0]} drew the highest card and deals")]
        return [Legal(None, ("hand", "join", "leave", "note", "close")),
                Legal(None, ("deal",), "draw for the first deal: potlog deal NAME CARD (the highest deals)")]

    def text(self, state: TableState, draws: dict[str, list[str]]) -> str:
        """The draw so far, for ``potlog state``: the cards and who deals or draws next."""
        tied, rnd, waiting = self.standing(state, draws)
        drawn = ", ".join(f"{p} {' '.join(pretty(c) for c in cs)}" for p, cs in draws.items())
        verdict = (f"{tied[0]} deals first" if len(tied) == 1 else
                   f"{', '.join(waiting)} to draw" if rnd == 0 else f"{' and '.join(tied)} tie: they draw again")
        return f"{drawn}; {verdict}"


def same_players(state: TableState, cmd: Join | Leave, *, game: str, started: bool, players: tuple[int, int]) -> list[ev.Event]:
    """``join`` and ``leave`` in a game whose deal depends on the players: refused from the first
    hand until the game is over (`started`); before it, a join within `players` (least, most)."""
    require_open(state)
    if started and isinstance(cmd, Join):
        raise RuleViolation(f"{cmd.player or 'a new player'} cannot join a {game} game in progress: the same "
                            "players play every hand (start a new session for a new game)")
    if started:
        raise RuleViolation(f"{cmd.player} cannot leave a {game} game in progress: the deal depends on the players "
                            "(close the session to stop the game; the scores so far are settled)")
    if isinstance(cmd, Join) and len(state.active_seats) >= players[1]:
        raise RuleViolation(f"{game} is for {players[0]} to {players[1]} players: the table is full")
    return join(state, cmd) if isinstance(cmd, Join) else leave(state, cmd)
