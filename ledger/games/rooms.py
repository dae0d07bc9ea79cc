"""The board of rooms (Böse-Sieben-Spiel): two dice place a token in a room or take it.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Boards": "Böse-Sieben-Spiel", with its
betting paragraph). The rooms are the board's numbers 2 to 12, each a persistent pot
``pot:room3`` ... ``pot:room11`` (2 and 12 never hold a token: they take), so ``potlog state``,
``audit`` and the exports show what lies on the board.

How a game is recorded::

    potlog new rooms -p Ann=20 -p Ben=20 -o stake=5
    potlog hand                 # everyone puts 5 coins in the bunch; Ben (the dealer's left) rolls first
    potlog roll Ben 2 3         # room 5 is empty: a token from the bunch goes on it
    potlog roll Ann 4 1         # room 5 holds a token: Ann takes it
    ...                         # once every token is taken, potlog pays the winner and ends the game

Readings of the rule book:

- The tokens are coins: "players provide an agreed upon amount of coins before the game
  starts" is the table's ``stake`` each (``potlog hand`` puts it in; a player with fewer chips
  puts in what they have, one with none sits the game out). The coins make "a bunch of
  tokens": the ``pot``. A token placed goes from the bunch to its room; a token taken goes
  from the room to ``pot:taken``, counted to the player who took it ("the player with the
  highest amount of tokens will win"), and "the winning player gets all the coins at the end":
  the whole of ``pot:taken``.
- Turn order: one roll of two dice a turn, clockwise from the dealer's left (or from the
  player named by ``potlog hand --first``: the text leaves the order to the table).
- 3, 5, 6, 8, 9, 10, 11: a token on that room, or, if the room is occupied, the roller takes
  its token. 7 ("Hochzeit"): a token on room 7 however many lie there. 2 ("Lucky Pig"): the
  roller takes every room's tokens but room 7's. 12 ("König"): every room's tokens.
- 4: the text lets the table agree; option ``four``: ``nothing`` (the default, the text's
  first suggestion) or ``room`` (a room like 3). Giving a token to the board's owner is left
  out: potlog has no owner of the board.
- A token is placed only while the bunch has one; once it is empty, a roll that would place
  one does nothing.
- The game ends "once all tokens have been taken": the bunch is empty and so is the board
  (option ``ends=board-empty``, the default): once the bunch is out, tokens left on room 7
  wait for a König. Variant ``ends=bunch-empty``: it ends when the
  last token leaves the bunch; tokens still on the board stay in their rooms for the next game.
- A tie for the most tokens taken (the text does not say): the coins stand, riding into the
  next game's bunch, as the compendium's kitty does.
- Left out: the drinking variant (7 takes room 7 and a drink): it contradicts "Hochzeit".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..core.commands import Close, RollDice
from ..errors import RuleViolation
from ..kit import follow, kittyparts, own, wiring
from ..kit.verbs import IDLE
from ..state import TableState
from ..text import listed
from ..core.verbs import close, make_event
from ..core.contract import Legal, Ruleset

TAKEN = "pot:taken"
PLACE = (3, 5, 6, 8, 9, 10, 11)
Move = tuple[str, str, int, str]
"""(from account, to account, tokens, why)."""


class Options(BaseModel):
    """The board's table choices."""

    model_config = ConfigDict(extra="forbid")
    stake: int = Field(default=5, ge=1, le=ev.MAX_CHIPS, description="coins each player puts in the bunch")
    four: Literal["nothing", "room"] = Field(default="nothing", description="a roll of 4: nothing, or a room like 3")
    ends: Literal["board-empty", "bunch-empty"] = Field(
        default="board-empty", description="the game ends when every token is taken, or when the bunch is empty")


@dataclass(slots=True)
class Board:
    """The game in progress. Attributes: order (who rolls, in turn), anted, turn (index of the next
    roller), taken (tokens each has taken), last (who rolled last), due (moves the last roll
    makes, not yet recorded)."""

    order: list[str] = field(default_factory=list)
    anted: list[str] = field(default_factory=list)
    turn: int = 0
    taken: dict[str, int] = field(default_factory=dict)
    last: str = ""
    due: list[list[str | int]] = field(default_factory=list)


OWN = own.Plain(Board, Options)


def room(n: int) -> str:
    return f"pot:room{n}"


def moves(total: int, rooms: dict[int, int], bunch: int, *, four: bool = False) -> list[Move]:
    """What a roll of `total` does to the board (`rooms`: tokens per room; `bunch`: tokens
    left to place; `four`: 4 is a room)."""
    place = PLACE + ((4,) if four else ())
    if total == 7:
        return [("pot", room(7), 1, "Hochzeit, a token on room 7")] if bunch else []
    if total in (2, 12):
        name = "Lucky Pig, takes" if total == 2 else "König, takes"
        return [(room(n), TAKEN, k, f"{name} room {n}") for n, k in sorted(rooms.items())
                if k and (total == 12 or n != 7)]
    if total in place and rooms.get(total, 0):
        return [(room(total), TAKEN, rooms[total], f"takes room {total}")]
    if total in place and bunch:
        return [("pot", room(total), 1, f"a token on room {total}")]
    return []


def _rooms(state: TableState) -> dict[int, int]:
    return {n: state.balance(room(n)) for n in range(2, 13) if state.balance(room(n))}


def _roller(state: TableState) -> str | None:
    x = OWN.x(state)
    if not state.in_hand or not x.order or x.due or _over(state):
        return None
    return x.order[x.turn % len(x.order)]


def _over(state: TableState) -> bool:
    opts = OWN.opts(state)
    if _antes(state):
        return False
    board = sum(_rooms(state).values())
    return not state.balance("pot") and (opts.ends == "bunch-empty" or not board)


# ----------------------------------------------------------------------------- decide

def _antes(state: TableState) -> list[ev.Event]:
    x = OWN.x(state)
    return kittyparts.antes(state, x.order, x.anted, OWN.opts(state).stake)


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the stakes, the moves of a roll, the end of the game."""
    x = OWN.x(state)
    if not state.in_hand or not x.order:
        return []
    antes = _antes(state)
    if antes:
        return antes
    if x.due:
        f, t, n, why = x.due[0]
        return [make_event(ev.Transfer, from_account=f, to_account=t, amount=n, reason=f"{x.last}: {why}")]
    if not _over(state):
        return []
    top = max(x.taken.values(), default=0)
    return kittyparts.settle(state, [p for p in x.order if x.taken.get(p, 0) == top], f"most tokens taken, {top}",
                             pot=TAKEN)


def _not_now(state: TableState, p: str | None) -> str | None:
    """Why `p` does not roll now, beyond whose turn it is: the game is over (who won), or `p`
    has just had their one roll."""
    x, hand, who = OWN.x(state), state.hand, _roller(state)
    if hand is not None and hand.ended and x.order:
        top = max(x.taken.values(), default=0)
        best = [q for q in x.order if x.taken.get(q, 0) == top]
        result = (f"{best[0]} won, with the most tokens taken ({top})" if len(best) == 1 else
                  f"{listed(best)} tied with {top} tokens taken, and the coins stand")
        return f"the game is over: {result}; the next game starts with potlog hand"
    if state.in_hand and who is not None and p is not None and p == x.last:
        return f"a turn is one roll of two dice: {p} has rolled; {who} rolls now"
    return None


def _roll(state: TableState, cmd: RollDice) -> list[ev.Event]:
    events = wiring.rolled(state, cmd, _roller(state), "the board", lambda p: _not_now(state, p))[1]
    if len(cmd.faces) != 2:
        raise RuleViolation("the board is played with two dice: name both faces, like: potlog roll Ann 3 4")
    return follow.followed(events)


def _close(state: TableState, cmd: Close) -> list[ev.Event]:
    left = sum(_rooms(state).values())
    if left:
        raise RuleViolation(f"the board still holds {left} tokens: play another game to take them "
                            "(or pay them out as a table ruling with --override)")
    return close(state, cmd)


decide, check_event = wiring.wire("rooms", "the board of rooms", Options, _after, {RollDice: _roll, Close: _close},
                                  "start a game with 'hand', then each player rolls two dice in turn",
                                  by_itself=(ev.Ante, ev.Transfer, ev.PotAwarded, ev.PotCarried, ev.HandEnded))


# ----------------------------------------------------------------------------- evolve, view

def evolve(state: TableState, event: ev.Event) -> None:
    x = OWN.x(state)
    match event:
        case ev.HandStarted():
            state.ext = x = Board(order=wiring.players(state, event))
        case ev.Ante(player=p) if p not in x.anted:
            x.anted.append(p)
        case ev.DiceRolled(player=str(p)) if state.in_hand:
            x.last, x.turn = p, x.turn + 1
            four = OWN.opts(state).four == "room"
            x.due = [list(m) for m in moves(sum(event.faces), _rooms(state), state.balance("pot"), four=four)]
        case ev.Transfer(to_account=dest):
            if x.due and x.due[0][:3] == [event.from_account, dest, event.amount]:
                x.due.pop(0)
            if dest.startswith("pot:room") and dest not in state.persistent:
                state.persistent.append(dest)
            if dest == TAKEN and x.last:
                x.taken[x.last] = x.taken.get(x.last, 0) + event.amount
    wiring.show(state, _roller(state), "rolling")


def legal(state: TableState) -> list[Legal]:
    who = _roller(state)
    if who is not None:
        return [Legal(who, ("roll",), "two dice")]
    return [] if state.closed else [IDLE]


def view(state: TableState) -> list[tuple[str, str]]:
    x, rooms = OWN.x(state), _rooms(state)
    board = ", ".join(f"{n}: {k}" for n, k in sorted(rooms.items())) or "empty"
    lines = [("board", board), ("bunch", str(state.balance("pot")) if state.in_hand else "-")]
    return lines + [(p, f"took {x.taken.get(p, 0)}") for p in x.order]


RULESET = Ruleset(name="rooms", title="The board of rooms (Böse-Sieben-Spiel)",
                  summary="Two dice place a token in rooms 2 to 12 or take it; 2 and 12 sweep the board; "
                          "the most tokens taken wins all the coins.",
                  options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view,
                  check_event=check_event, min_players=2)
