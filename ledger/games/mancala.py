"""Mancala: two rows of six houses and a store (the mancala) at each end; sow, capture, go again.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Mancala", in "Boards"). How a game is
recorded::

    potlog new mancala -p Ann=20 -p Ben=20 -o stake=2
    potlog hand                 # both put in the stake; Ann (the dealer's left) sows first
    potlog sow Ann 3            # Ann's third house, counted from her left
    potlog state                # the board, whose turn, the houses that may be sown

Readings of the text:

- **Stones.** The text says "24 stones" and "4 stones in each of the small houses": twelve houses
  of four are 48, and a table with a real board fills every house. potlog reads the four per
  house as the rule (``-o stones=4``, 48 stones); ``-o stones=2`` is the 24-stone game.
- **Houses.** Each player's houses are numbered 1 to 6 from their own left; sowing runs to the
  right along their row (1 to 6), into their store, along the other row and back. A player
  sows one of their own houses that holds stones.
- **The stores.** "Either player's mancala could potentially be a house that receives a stone":
  with ``-o stores=both`` (the text as written) sowing drops a stone in both stores; the
  default, ``own``, skips the opponent's store as tables that play Kalah do.
- **The capture.** The text's sentence ("if the last house is empty and in the opposing
  player's store, pick up all stones in the corresponding house in the current player's
  store") is read as tables play it (``-o capture=own``, the default): the last stone landing
  in an empty house of the sower's own row takes the stones of the house opposite, and itself,
  into the sower's store (nothing when the opposite house is empty). ``-o capture=opposing`` is
  the text as written: the last stone landing in an empty house of the opponent's row takes
  the stones of the sower's house opposite it into the sower's store.
- **Another turn**: the last stone in the sower's own store.
- **The end**: once all six houses of either row are empty, each player adds the stones left
  in their row to their store; most stones wins.
- **Chips.** Each player puts ``stake`` chips in the pot at ``potlog hand``; the winner takes it,
  and a tie lets it stand for the next game (the compendium's recurring rule). With
  ``-o per_stone=N`` the loser also pays the winner N chips for each stone of the difference
  (what they have, when short).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from .. import events as ev
from ..core.commands import Command
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.table import require_hand, require_seated
from ..core.verbs import make_event
from ..errors import InputError, RuleViolation
from ..kit import follow, kittyparts, own, pots, turns, wiring
from ..state import TableState

HOUSES = 6
STORE = HOUSES  # a row's index of its store
SIDE = HOUSES + 1  # the slots of one side: six houses and the store


class Options(BaseModel):
    """Mancala's table choices."""

    stones: int = Field(default=4, ge=1, le=12, description="stones in each house at the start (4: 48 in all)")
    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips each player puts in; the winner takes them")
    per_stone: int = Field(default=0, ge=0, le=1000, description="chips the loser pays per stone of the difference")
    stores: Literal["own", "both"] = Field(default="own", description="own: sowing skips the opponent's store; "
                                           "both: it drops a stone in both (the text)")
    capture: Literal["own", "opposing"] = Field(default="own", description="own: the last stone in an empty house of "
                                                "one's own row takes the house opposite; opposing: the text's reading")


@dataclass
class Board:
    """The game (``state.ext``): `order` (who sows first, then the other), `pits` (fourteen
    slots: the first player's houses 1-6 and store, then the second's), whose turn, and the
    result once over."""

    order: list[str] = field(default_factory=list)
    pits: list[int] = field(default_factory=list)
    turn: str | None = None
    sown: int = 0
    over: bool = False
    paid: bool = False
    last: str = ""


OWN = own.Plain(Board, Options)


def side(x: Board, player: str) -> int:
    return x.order.index(player)


def store(x: Board, player: str) -> int:
    return x.pits[side(x, player) * SIDE + STORE]


def houses(x: Board, player: str) -> list[int]:
    """`player`'s houses 1 to 6."""
    at = side(x, player) * SIDE
    return x.pits[at:at + HOUSES]


def sow(x: Board, player: str, house: int, o: Options) -> str:
    """Sow `player`'s `house` on `x` (in place); what happened, for the log's reader."""
    me = side(x, player)
    at = me * SIDE + house - 1
    stones, x.pits[at] = x.pits[at], 0
    skip = None if o.stores == "both" else (1 - me) * SIDE + STORE
    while stones:
        at = (at + 1) % (2 * SIDE)
        if at != skip:
            x.pits[at] += 1
            stones -= 1
    said, mine = f"{player} sows house {house}", at // SIDE == me
    if at % SIDE != STORE and x.pits[at] == 1:  # the last stone in a house that was empty
        opposite = 2 * SIDE - 2 - at
        if o.capture == "own" and mine and x.pits[opposite]:
            taken = x.pits[opposite] + 1
            x.pits[opposite] = x.pits[at] = 0
            x.pits[me * SIDE + STORE] += taken
            said += f" and captures {taken}"
        elif o.capture == "opposing" and not mine and x.pits[opposite]:
            taken, x.pits[opposite] = x.pits[opposite], 0
            x.pits[me * SIDE + STORE] += taken
            said += f" and captures {taken}"
    again = at == me * SIDE + STORE
    if not any(x.pits[0:HOUSES]) or not any(x.pits[SIDE:SIDE + HOUSES]):
        for s in (0, 1):
            x.pits[s * SIDE + STORE] += sum(x.pits[s * SIDE:s * SIDE + HOUSES])
            x.pits[s * SIDE:s * SIDE + HOUSES] = [0] * HOUSES
        x.over, x.turn = True, None
        return said + ": a row is empty, the game is over"
    x.turn = player if again else x.order[1 - me]
    return said + (": the last stone in the store, another turn" if again else "")


def winners(x: Board) -> list[str]:
    top = max(store(x, p) for p in x.order)
    return [p for p in x.order if store(x, p) == top]


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the stakes; once a row is empty, the payment and the pot."""
    hand, x, o = state.hand, OWN.x(state), OWN.opts(state)
    if hand is None or hand.ended or not x.order:
        return []
    if not x.sown:
        anted = [p for p in x.order if (s := state.seat(p)) is not None and s.hand_bet]
        return pots.post_antes(state, x.order, anted, o.stake) if o.stake else []
    if not x.over:
        return []
    best = winners(x)
    why = f"{best[0]} has the most stones, {store(x, best[0])}" if len(best) == 1 else "a tie: the pot stands"
    if len(best) == 1 and o.per_stone and not x.paid:
        loser = next(p for p in x.order if p != best[0])
        due = min(o.per_stone * (store(x, best[0]) - store(x, loser)), state.stack(loser))
        if due:
            return [make_event(ev.Transfer, from_account=f"seat:{loser}", to_account=f"seat:{best[0]}",
                               amount=due, reason=f"{store(x, best[0]) - store(x, loser)} stones at {o.per_stone}")]
    return kittyparts.settle(state, best, why)


@dataclass(frozen=True, kw_only=True)
class Sow(Command):
    """``potlog sow Ann 3``: `player` sows their `house` (1 to 6 from their own left)."""

    verb: ClassVar[str] = "sow"
    player: str
    house: int


def _sow(state: TableState, cmd: Sow) -> list[ev.Event]:
    require_hand(state)
    x, player = OWN.x(state), require_seated(state, cmd.player)
    if x.over or not x.turn:
        raise RuleViolation("the game is over: a row is empty")
    if player not in x.order:
        raise RuleViolation(f"Mancala is played by {' and '.join(x.order)}, not {player}")
    if player != x.turn:
        raise RuleViolation(f"it is {x.turn}'s turn to sow, not {player}'s")
    house = cmd.house
    if not 1 <= house <= HOUSES:
        raise InputError(f"a house is a number from 1 to {HOUSES} (from the sower's left), not {house}")
    if not houses(x, player)[house - 1]:
        raise RuleViolation(f"{player}'s house {house} is empty: sow one of {_full(x, player)}")
    return follow.followed([make_event(ev.Declared, player=player, name="sow", value=house)])


def _full(x: Board, player: str) -> str:
    return ", ".join(str(i) for i, n in enumerate(houses(x, player), 1) if n) or "none"


decide, check_event = wiring.wire(
    "mancala", "Mancala", Options, _after, {Sow: _sow}, "hand, then sow in turn",
    by_itself=(ev.Ante, ev.Transfer, ev.PotAwarded, ev.PotCarried, ev.HandEnded),
    own=lambda e: Sow(player=e.player, house=e.value)
    if isinstance(e, ev.Declared) and e.name == "sow" and e.player and type(e.value) is int else None)


def evolve(state: TableState, event: ev.Event) -> None:
    hand = state.hand
    if isinstance(event, ev.HandStarted):
        order = turns.clockwise(state, event.first or event.dealer, after=event.first is None,
                                include=lambda s: s.active)[:2]
        n = OWN.opts(state).stones
        state.ext = Board(order=order, pits=([n] * HOUSES + [0]) * 2, turn=order[0] if order else None)
        return
    x = OWN.x(state)
    if hand is None or not x.order:
        return
    if isinstance(event, ev.Declared) and event.name == "sow" and event.player and isinstance(event.value, int):
        x.last, x.sown = sow(x, event.player, event.value, OWN.opts(state)), x.sown + 1
        hand.phase = "over" if x.over else "sowing"
    elif isinstance(event, ev.Transfer):
        x.paid = True
    hand.to_act = x.turn


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    x = OWN.x(state)
    if x.over or not x.turn:
        return []
    return [Legal(x.turn, ("sow",), f"{x.turn} sows one of houses {_full(x, x.turn)}")]


def view(state: TableState) -> list[tuple[str, str]]:
    """The board as the table sees it: the second player's row right to left across the top."""
    x = OWN.x(state)
    if len(x.order) < 2 or not x.pits:
        return []
    a, b = x.order
    cells = lambda row: " ".join(f"{n:>2}" for n in row)  # noqa: E731
    out = [(f"{b} (6..1)", f"   {cells(houses(x, b)[::-1])}"),
           ("stores", f"{b} {store(x, b)}  |  {a} {store(x, a)}"),
           (f"{a} (1..6)", f"   {cells(houses(x, a))}")]
    if x.last:
        out.append(("last", x.last))
    out.append(("turn", f"{x.turn} sows" if x.turn else "over: " + " and ".join(winners(x)) + " most"))
    return out


SOW = Word("sow", "PLAYER sows HOUSE (1 to 6, from their own left): potlog sow Ann 3.",
           help="potlog works out the stones: where the last one lands, a capture, another turn, the end.",
           params=(Param("player", "Who sows."), Param("house", "Their house, 1 to 6 from their own left.", type=int)),
           command=lambda v: Sow(player=v["player"], house=v["house"]), makes=(Sow,))
RULESET = Ruleset(name="mancala", title="Mancala", summary="Two rows of six houses: sow, capture from an empty house, "
                  "another turn from the store; most stones wins.", options=Options, initial=OWN.initial,
                  decide=decide, after=_after, evolve=evolve, legal=legal, view=view, check_event=check_event,
                  words=(SOW,), min_players=2, max_players=2)
