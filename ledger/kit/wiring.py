"""The wiring a game writes around its own moves, declared once: ``potlog hand`` and then what
the rules record by themselves, the decider, ``potlog verify --rules``, the moves between
games, a roll in turn, a challenge settled one step at a time. Liar's Dice and Meier share
all of it; Mafia, the board of rooms and Straight Poker most.

Public API:

- ``hand(after) -> Decide``: ``potlog hand`` for two players or more, then what `after` (the
  game's ``follow.After``) says follows.
- ``wire(game, title, options, after, verbs, hint, *, by_itself, own=None, cups=False,
  opened=False, checked=None) -> (decide, check_event)``: `decide` is `decider` over
  ``hand`` (`NewHand`, unless `verbs` has its own) and `verbs` (keyed by command class), each
  after `require_open` when `opened` (the game declares `after` on its `Ruleset` too: `run`
  records what follows); `check_event` is `follow.check` with `after` and `by_itself`, each other event
  decided again from the command behind it: `own(event)` for the game's own events, the
  ``cup`` or ``lift`` of a cup when `cups`, else `command_for`. `checked` names the
  game in its refusals (`game` unless said).
- ``idle(state) -> list[Legal] | None``: `legal` with no game on (nothing once the session is
  closed, else `IDLE`); None while one is.
- ``started(state, hand, each) -> (order, counts, first)``: a game of dice or lives starts:
  who plays (`claims.players`), `each` apiece, who starts (the player named first if they
  play, else the dealer's left).
- ``players(state, hand) -> list[str]``: who plays a game for the kitty: seated with chips,
  clockwise from the player named first (``--first``), else from the dealer's left.
- ``rolled(state, cmd, who, game, why=None) -> (who, events)``: `cmd`, a roll of six-sided
  dice by `who`, whose turn it is (None: nobody rolls now); `game` ("Mafia") names the table
  in the refusal of other dice; `why(player)`, when it gives one, is the refusal of a roll by
  anyone else (the rule that keeps them out: a roll-off they are not in, a game over).
- ``verdict(told, text, loser, name, left) -> list[Event]``: a challenge settled, a step at a
  time: the verdict said (a ``Note`` of `text`) unless `told`, then what the `loser` has
  `left` (``Declared`` `name`: "dice-left").
- ``show(state, to_act, phase)``: while a hand is on, whose move it is and what the table is
  doing (for ``potlog state``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Callable

from pydantic import BaseModel

from .. import events as ev
from ..core.commands import Command, NewHand, RollDice, command_for
from ..errors import RuleViolation
from ..core.table import require_hand, require_open
from ..core.verbs import Handler, make_event, roll, start_hand
from ..core.contract import Legal
from ..state import TableState
from . import claims, follow, turns
from .verbs import decider, IDLE

Decide = follow.Decide
CheckEvent = Callable[[TableState, ev.Event], None]


def hand(after: follow.After) -> Handler:
    """``potlog hand``: a game for two players or more, then what follows by itself."""
    def start(state: TableState, cmd: NewHand) -> list[ev.Event]:
        return follow.followed(start_hand(state, cmd, min_players=2))
    return start


def _opened(move: Handler) -> Handler:
    def decide(state: TableState, cmd: Command) -> list[ev.Event]:
        require_open(state)
        return move(state, cmd)
    return decide


def wire(game: str, title: str, options: type[BaseModel], after: follow.After, verbs: Mapping[type[Command], Handler],
         hint: str, *, by_itself: tuple[type[ev.Event], ...], own: Callable[[ev.Event], Command | None] | None = None,
         cups: bool = False, opened: bool = False, checked: str | None = None) -> tuple[Decide, CheckEvent]:
    """A game's `decide` and `check_event` (see the module docstring)."""
    moves: dict[type[Command], Handler] = {NewHand: hand(after), **verbs}
    decide = decider(game, title, options, {v: _opened(m) for v, m in moves.items()} if opened else moves, hint)

    def command(state: TableState, event: ev.Event) -> Command | None:
        return ((own(event) if own is not None else None) or (claims.dice_command(event) if cups else None)
                or command_for(event))

    def check_event(state: TableState, event: ev.Event) -> None:
        follow.check(state, event, after, decide, command, game=checked or game, by_itself=by_itself)
    return decide, check_event


def idle(state: TableState) -> list[Legal] | None:
    """`legal` between games: nothing once closed, else the shared moves; None in a game."""
    if state.closed:
        return []
    return None if state.in_hand else [IDLE]


def started(state: TableState, hand: ev.HandStarted, each: int) -> tuple[list[str], dict[str, int], str | None]:
    """Who plays, `each` dice or lives apiece, and who starts."""
    order = claims.players(state, hand.dealer)
    return order, dict.fromkeys(order, each), hand.first if hand.first in order else (order[0] if order else None)


def players(state: TableState, hand: ev.HandStarted) -> list[str]:
    """Seated with chips, clockwise from the player named first, else from the dealer's left."""
    has = turns.has_chips(state)
    return turns.clockwise(state, hand.first or hand.dealer, after=hand.first is None,
                           include=lambda s: s.active and has(s))


def rolled(state: TableState, cmd: RollDice, who: str | None, game: str,
           why: Callable[[str | None], str | None] | None = None) -> tuple[str, list[ev.Event]]:
    """`cmd`, the roll of `who` whose turn it is, with six-sided dice: the roller and its event.
    A roll by anyone else is refused with `why(player)` when it names the rule, else by turn."""
    if (who is None or cmd.player != who) and why is not None:
        said = why(cmd.player)
        if said:
            raise RuleViolation(said)
    require_hand(state)
    if who is None or cmd.player != who:
        raise RuleViolation(f"it is {who}'s turn to roll, not {cmd.player}'s" if who else "nobody rolls now")
    if cmd.sides not in (None, 6):
        raise RuleViolation(f"{game} is played with six-sided dice")
    return who, roll(state, cmd, sides=6)


def verdict(told: bool, text: str, loser: str, name: str, left: int) -> list[ev.Event]:
    """The verdict said, then (once `told`) what the loser has left."""
    if not told:
        return [make_event(ev.Note, text=text)]
    return [make_event(ev.Declared, player=loser, name=name, value=left)]


def show(state: TableState, to_act: str | None, phase: str) -> None:
    """While a hand is on: whose move it is and what the table is doing."""
    if state.hand is not None and not state.hand.ended:
        state.hand.to_act, state.hand.phase = to_act, phase
