"""Drop Dead: roll two dice until a 2 or a 5 shows; the highest total takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Drop Dead", with its betting option).
The smallest game on the kit, and the example in the README of how a game is declared.

How a game is recorded::

    potlog new dropdead -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2
    potlog hand                 # everyone antes into the kitty; Ann deals, Ben (her left) rolls first
    potlog roll Ben 3 4         # 7 scores; Ben rolls again
    potlog roll Ben 6 2         # a 2: Ben drops dead with 7; Cy's turn
    ...                         # after the last turn potlog pays the kitty and ends the hand

Readings of the rule book:

- The wager is the same for everyone, the table's ``ante`` (the text says only that "all
  players place wagers into the kitty"); it is put in by ``potlog hand``. A player with fewer
  chips than the ante antes what they have; one with none sits the game out.
- Turn order: clockwise from the dealer's left (the text leaves it to the table); the deal
  passes left each game.
- A turn is a run of rolls of both dice; a roll showing a 2 or a 5 on either die scores
  nothing and ends the turn ("drops dead"), any other roll adds its total. The text gives the
  player no choice to stop, so the turn goes on until they drop dead.
- The highest total takes the kitty; a tie for the highest and the kitty stands: it rides
  into the next game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..commands import Command
from ..errors import RuleViolation
from ..kit import follow, stages, turns
from ..state import TableState
from . import base
from .ruleset import Legal, Ruleset, options_of

DEAD = (2, 5)


class Options(BaseModel):
    """Drop Dead's table choices."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="chips each player puts into the kitty")


@dataclass(slots=True)
class Dead:
    """The game in progress. Attributes: order (who rolls, in turn), scores, done (turns over)."""

    order: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    done: list[str] = field(default_factory=list)


def initial(state: TableState) -> Dead:
    return Dead()


def _x(state: TableState) -> Dead:
    return stages.ext_of(state, Dead, initial)


def dropped(faces: list[int]) -> bool:
    return any(f in DEAD for f in faces)


def _roller(state: TableState) -> str | None:
    x = _x(state)
    return next((p for p in x.order if p not in x.done), None) if state.in_hand else None


# ----------------------------------------------------------------------------- decide

def _players(state: TableState, dealer: str) -> list[str]:
    """Who plays this game, in turn: seated with chips, clockwise from the dealer's left."""
    return turns.clockwise(state, dealer, include=lambda s: s.active and state.stack(s.name) > 0)


def _hand(state: TableState, cmd: Command) -> list[ev.Event]:
    opened = base.start_hand(state, cmd, min_players=2)
    ante = options_of(state, Options).ante
    started = opened[0]
    assert isinstance(started, ev.HandStarted)
    return opened + [base.make_event(ev.Ante, player=p, amount=min(ante, state.stack(p)))
                     for p in _players(state, started.dealer)]


def _roll(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    who = _roller(state)
    if cmd.player != who:
        raise RuleViolation(f"it is {who}'s turn to roll, not {cmd.player}'s")
    events = base.roll(state, cmd, sides=6)
    if len(cmd.faces) != 2:
        raise RuleViolation("Drop Dead is rolled with two dice: name both faces, like: potlog roll Ann 3 4")
    return follow.then(state, events, _payout)


def _payout(state: TableState) -> list[ev.Event]:
    """After the last turn: the kitty to the highest total, or it stands on a tie; the end."""
    if not state.in_hand or _roller(state) is not None:
        return []
    x, kitty = _x(state), state.balance("pot")
    best = max(x.scores.values(), default=0)
    top = [p for p in x.order if x.scores.get(p, 0) == best]
    if len(top) == 1:
        pay = [base.make_event(ev.PotAwarded, shares=[ev.Share(player=top[0], amount=kitty)],
                               reason=f"highest total, {best}")]
    else:
        pay = [base.make_event(ev.PotCarried, amount=kitty)]
    assert state.hand is not None
    return pay + [base.make_event(ev.HandEnded, hand=state.hand.number)]


_VERBS = {"hand": _hand, "roll": _roll}
_SHARED = {"join", "rebuy", "leave", "count", "note", "void", "close"}


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, "dropdead")
    if cmd.verb in _VERBS:
        return _VERBS[cmd.verb](state, cmd)
    if cmd.verb in _SHARED:
        return base.decide_generic(state, cmd, "dropdead")
    raise RuleViolation(f"Drop Dead has no '{cmd.verb}': start a game with 'hand', then each player rolls in turn")


# ----------------------------------------------------------------------------- evolve, view

def evolve(state: TableState, event: ev.Event) -> None:
    x = _x(state)
    match event:
        case ev.HandStarted():
            x.order = _players(state, event.dealer)
            x.scores, x.done = {p: 0 for p in x.order}, []
        case ev.DiceRolled(player=str(p)) if state.in_hand:
            if dropped(event.faces):
                x.done.append(p)
            else:
                x.scores[p] = x.scores.get(p, 0) + sum(event.faces)
    if state.hand is not None and not state.hand.ended:
        state.hand.to_act = _roller(state)


def legal(state: TableState) -> list[Legal]:
    who = _roller(state)
    if who is not None:
        return [Legal(who, ("roll",), "two dice; a 2 or a 5 drops dead")]
    return [] if state.closed else [Legal(None, ("hand", "join", "rebuy", "leave", "close"))]


def view(state: TableState) -> list[tuple[str, str]]:
    x = _x(state)
    return [(p, f"{x.scores.get(p, 0)}" + (" (dead)" if p in x.done else "")) for p in x.order]


RULESET = Ruleset(name="dropdead", title="Drop Dead",
                  summary="Roll two dice until a 2 or a 5 shows; the highest total takes the kitty, a tie and it stands.",
                  options=Options, initial=initial, decide=decide, evolve=evolve, legal=legal, view=view,
                  min_players=2)
