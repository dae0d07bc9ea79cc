"""The stages of a hand, declared as data, and the one engine that walks them.

A game declares its hand as a `Flow`: a tuple of `Stage`s (deal, bet, draw/exchange/buy,
roll, reveal, tricks, showdown, pay-out), the way a PokerKit variant is a tuple of streets.
The game keeps the name of the stage it is in (its phase) in its ext; `advance` says, from
the table, the stage and the round, who acts now and, when the stage is over, which stage
comes next, so games stop writing their own ``_next_open``/``_next_round``.

    FLOW = Flow((
        Stage("deal", "deal", ("deal",), actor="anyone"),
        Stage("open", "bet", ("declare", "hole", "bet", "call", "allin", "fold"), betting=OPENING),
        Stage("roll", "roll", ("roll",), actor="first"),
        Stage("round", "bet", ("buy", "check", "bet", "call", "raise", "allin", "fold"),
              betting=ROUND, repeat=3, recorded_start=True),
        Stage("showdown", "showdown", ("reveal", "showdown"), actor="anyone"),
    ), due="round-over")

Public API:

- ``Stage(name, kind, verbs, betting=None, repeat=1, actor="each", recorded_start=False, text="")``:
  `actor` is who moves in a stage without betting: ``each`` (every player once, in order),
  ``first`` (the first player), ``dealer``, ``anyone`` (the recorder: nobody's turn).
  ``repeat``: how many rounds of it in a row (Blücher's three rounds of buying and betting).
  ``recorded_start``: each round opens with a ``round_started`` that potlog records itself.
  ``text``: what the table is doing in the stage, for refusals ("the opening is under way").
- ``Flow(stages, due="due", won="", texts={}, idle="no hand is in progress")``: ``stage(name)``,
  ``after(name, round) -> (phase, Stage | None)`` (what follows a finished round of `name`: the
  same stage again or the next; the phase is ``flow.due`` while a recorded start is pending),
  ``names``, ``text(phase)`` (the stage's text, else ``texts[phase]`` for the phases that are
  not stages: due, won, ended; else `idle`). `won` is the phase of a hand that all but one
  player have left (empty: the game has none).
- ``actor(state, stage, book, order, done=None) -> str | None``: who acts in `stage` now (the
  betting engine for bet stages, turn order otherwise); None when nobody does.
- ``advance(state, flow, phase, book, order, done=None, finished=None, left=False) -> (phase,
  to_act)``: move the phase on past every finished stage and say whose turn it is. `done` tells
  players who have had their move in an ``each`` stage; `finished(stage)` says a stage
  without a turn (deal, roll, showdown) is complete; `left`: a player has just left the hand
  (folded, or left the table), so once the deal is over a hand down to one player is `flow.won`.
- ``ext_of(state, cls, fresh) -> cls``: the game's own state (``state.ext``, where it keeps
  its phase) as its dataclass `cls`: rebuilt from a snapshot's plain data, or ``fresh(state)``.
- ``hand_on(state) -> Hand``: the hand in progress (refused when the session is not open or
  between hands).
- ``turn(state, flow, phase, player, doing) -> None``: refuse a move out of turn, worded with
  the phase's text when it is nobody's turn ("Ann cannot buy a card now: the round is over").
- ``legal(stage, to_act, note) -> Legal``: what a prompt shows for the stage.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping, Sequence, TypeVar

from ..games import base
from ..state import Hand, TableState
from . import betting as bets
from .turns import SeatTest, in_hand, next_waiting

if TYPE_CHECKING:
    from ..games.ruleset import Legal

Kind = Literal["deal", "bet", "draw", "roll", "reveal", "tricks", "showdown", "payout"]
Actor = Literal["each", "first", "dealer", "anyone"]

__all__ = ["Actor", "Flow", "Kind", "Stage", "actor", "advance", "ext_of", "hand_on", "legal", "turn"]

X = TypeVar("X")


@dataclass(frozen=True)
class Stage:
    """One stage of a hand (see the module docstring)."""

    name: str
    kind: Kind
    verbs: tuple[str, ...] = ()
    betting: bets.Betting | None = None
    repeat: int = 1
    actor: Actor = "each"
    recorded_start: bool = False
    text: str = ""


@dataclass(frozen=True)
class Flow:
    """A hand's stages in order; `due` is the phase while a recorded round start is pending,
    `won` the phase once all but one player have left the hand; `texts` say what the table is
    doing in the phases that are not stages (`idle` in any other)."""

    stages: tuple[Stage, ...]
    due: str = "due"
    won: str = ""
    texts: Mapping[str, str] = field(default_factory=dict)
    idle: str = "no hand is in progress"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.stages)

    def stage(self, name: str) -> Stage | None:
        return next((s for s in self.stages if s.name == name), None)

    def text(self, phase: str) -> str:
        """What the table is doing in `phase`, for refusals."""
        here = self.stage(phase)
        return here.text if here is not None and here.text else self.texts.get(phase, self.idle)

    def after(self, name: str, round_: int = 1) -> tuple[str, Stage | None]:
        """What follows round `round_` of stage `name`: (the phase, the stage); the phase is
        `due` when the stage it leads to opens with a recorded round start, "" at the end."""
        here = self.stage(name)
        if here is None:
            return "", None
        nxt: Stage | None = here
        if round_ >= here.repeat:
            i = self.stages.index(here) + 1
            nxt = self.stages[i] if i < len(self.stages) else None
        if nxt is None:
            return "", None
        return (self.due if nxt.recorded_start else nxt.name), nxt


def actor(state: TableState, stage: Stage, book: bets.Book, order: Sequence[str],
          done: SeatTest | None = None) -> str | None:
    """Who acts in `stage` now, or None (the stage is over, or it is nobody's turn)."""
    if stage.betting is not None:
        return bets.to_act(state, book, stage.betting, order)
    if stage.actor == "anyone":
        return None
    if stage.actor == "dealer":
        return state.hand.dealer if state.hand is not None else None
    if stage.actor == "first":
        first = order[0] if order else None
        seat = state.seat(first) if first else None
        return first if seat is not None and (done is None or not done(seat)) else None
    return next_waiting(state, order, lambda s: in_hand(s) and (done is None or not done(s)))


def advance(state: TableState, flow: Flow, phase: str, book: bets.Book, order: Sequence[str],
            done: SeatTest | None = None,
            finished: Callable[[Stage], bool] | None = None, left: bool = False) -> tuple[str, str | None]:
    """Move `phase` on past every stage that is over; return (the phase, who acts). `left`: a
    player has just left the hand; past the deal, a hand down to one player is `flow.won`."""
    if left and flow.won and _dealt(flow, phase) and sum(1 for s in state.seats if s.in_hand and not s.folded) <= 1:
        phase = flow.won
    for _ in range(len(flow.stages) + 1):
        stage = flow.stage(phase)
        if stage is None:
            return phase, None
        who = actor(state, stage, book, order, done)
        if who is not None:
            return phase, who
        if stage.betting is None and stage.actor in ("anyone", "dealer") and not (
                finished is not None and finished(stage)):
            return phase, None
        hand = state.hand
        phase, nxt = flow.after(stage.name, hand.round if hand is not None and stage.repeat > 1 else 1)
        if nxt is None or phase == flow.due:
            return phase, None
        if nxt.betting is not None:
            bets.reset(book)
    return phase, None


def _dealt(flow: Flow, phase: str) -> bool:
    """`phase` comes after the deal: a stage of another kind, or a pending round start."""
    here = flow.stage(phase)
    return phase == flow.due or (here is not None and here.kind != "deal")


def ext_of(state: TableState, cls: Callable[..., X], fresh: Callable[[TableState], X]) -> X:
    """The game's own state: ``state.ext`` as `cls` (a snapshot holds it as plain data: rebuilt
    with ``cls(**data)``), or ``fresh(state)`` when there is none yet."""
    x: Any = state.ext
    if isinstance(x, dict):
        x = state.ext = cls(**x)
    if x is None:
        x = state.ext = fresh(state)
    return x


def hand_on(state: TableState) -> Hand:
    """The hand in progress; refused when the session is not open, or between hands."""
    base.require_open(state)
    return base.require_hand(state)


def turn(state: TableState, flow: Flow, phase: str, player: str, doing: str) -> None:
    """Refuse `player`'s move when it is not their turn; when it is nobody's, the refusal says
    what the table is doing (`Flow.text`)."""
    here = flow.stage(phase)
    rules = here.betting if here is not None and here.betting is not None else bets.Betting()
    bets.turn(state, rules, player, doing, flow.text(phase))


def legal(stage: Stage, to_act: str | None, note: str = "") -> Legal:
    """What a prompt shows for `stage`: its verbs, for whoever acts (None: the recorder)."""
    from ..games.ruleset import Legal as Item

    return Item(to_act, stage.verbs, note)
