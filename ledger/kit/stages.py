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

- ``Stage(name, kind, verbs, betting=None, repeat=1, actor="each", recorded_start=False, text="",
  start="", cards=0, ready=None, when=None)``: `actor` is who moves in a stage without betting:
  ``each`` (every player in turn, round after the last to move, until `done`), ``first`` (the
  first player), ``dealer``, ``anyone`` (the recorder: nobody's turn), ``fewest`` (a deal: one
  card at a time, fewest first, until everyone has `cards`); ``each+bet`` with `betting` is a
  draw with a betting step: each turn the player's own move (until `done`), then a bet; a player
  who is done still bets each time round, and once all are done the betting goes on until the
  bets are level (Bluffjack's more-betting draw).
  ``repeat``: how many rounds of it in a row (Blücher's three rounds of buying and betting).
  ``recorded_start``: each round opens with a ``round_started`` that potlog records itself;
  ``start``: the name that round start carries (``round_name``; the stage's name by default).
  ``text``: what the table is doing in the stage, for refusals ("the opening is under way").
  ``ready(state)``: what must also hold, past the turns, for the stage to be over (every ante
  in). ``when(state)``: the stage is played only when it holds (the table's options): passed
  over otherwise; stages may share a name with exclusive `when`s.
- ``Flow(stages, due="due", won="", texts={}, idle="no hand is in progress", gates={})``: ``stage(name,
  state=None)``, ``after(name, round, state=None) -> (phase, Stage | None)`` (what follows a
  finished round of `name`: the same stage again or the next; the phase is ``flow.due`` while a
  recorded start is pending), ``starting(name, state=None)`` (the stage a recorded round start
  called `name` opens), ``names``, ``text(phase)`` (the stage's text, else ``texts[phase]`` for
  the phases that are not stages: due, won, ended; else `idle`). `won` is the phase of a hand
  that all but one player have left (empty: the game has none). `gates`: where each verb
  belongs (`bets.Gate`, by verb; a gate without phases belongs to the stages whose verbs take
  it), with the refusal outside it; ``taking(verb)``: the stages whose verbs include `verb`.
- ``gate(state, flow, verb, phase, player) -> str | None``: `bets.gate` over the flow's gates,
  worded with the phase's text; returns the player (checked, for a ``live`` gate).
- ``actor(state, stage, book, order, done=None, last=None) -> str | None``: who acts in `stage`
  now (the betting engine for bet stages, turn order otherwise); None when nobody does.
- ``Turn(phase, to_act=None, due="", last=None, drew=None)``: where a hand is for `walk`.
- ``moved(flow, at, player, state=None) -> Turn``: `at` after `player`'s own move (a card
  taken, a stand): in an ``each+bet`` stage they bet next (`drew`), otherwise their turn is
  over (`last`).
- ``step(flow, at, done, state=None) -> "" | "move" | "bet"``: what `at.to_act` does now: a
  betting step (a bet stage; in an ``each+bet`` stage once they have moved this turn or are
  `done`), their own move (a card, a stand), or "" when nobody acts.
- ``walk(state, flow, at, book, order, done=None, finished=None) -> Turn``: move past every
  finished stage; when the next opens with a recorded start, the phase stays and ``due`` names
  its round (`Stage.round_name`); nothing moves while something is due.
- ``opened(state, flow, at, name, order) -> Turn``: a recorded round start: the stage it opens,
  afresh; ``due="forced"`` when its betting has forced stakes and two players can bet.
- ``due_steps(state, flow, at, order) -> list[Event]``: what potlog records by itself for
  ``at.due``: the forced stakes, or the round start.
- ``advance(state, flow, phase, book, order, done=None, finished=None, left=False) -> (phase,
  to_act)``: `walk` for a game that keeps only its phase (``flow.due`` while a round start is
  pending). `done` tells players who have had their move in an ``each`` stage; `finished(stage)`
  says a stage without a turn (deal, roll, showdown) is complete; `left`: a player has just
  left the hand (folded, or left the table), so once the deal is over a hand down to one
  player is `flow.won`.
- ``ext_of(state, cls, fresh) -> cls``: the game's own state (``state.ext``, where it keeps
  its phase) as its dataclass `cls`: rebuilt from a snapshot's plain data, or ``fresh(state)``.
- ``everyone(seat) -> True``: a `done` test by which everyone has moved (a ``first`` stage once
  its one move is made).
- ``hand_on(state) -> Hand``: the hand in progress (refused when the session is not open or
  between hands).
- ``turn(state, flow, phase, player, doing) -> None``: refuse a move out of turn, worded with
  the phase's text when it is nobody's turn ("Ann cannot buy a card now: the round is over").
- ``legal(stage, to_act, note) -> Legal``: what a prompt shows for the stage.
- ``prompt(state, flow, phase, book, note="", *, before=(), opener=None, uncallable=False) ->
  list[Legal]``: `legal` derived from the stage `phase` names: in a betting stage, the betting
  prompt (`bets.prompt`, `before` its own verbs) for the player to act; in any other, the
  stage's verbs for the player to act (the recorder's, for an ``anyone`` stage); nothing
  outside the stages or when nobody acts in a betting stage.
- ``own_move(state, flow, at, player, doing, *, done, waiting, messages={}, kind="draw") -> None``:
  refuse a player's own move (a card taken, a stand) in a stage of `kind` unless it is theirs
  now: the stage is of another kind, the player is `done` (has stood), has moved this turn (`at.drew`: now
  they bet), or it is someone else's turn (``nobody``'s: no one's); `waiting()` says what the table waits for, and
  `messages` rewords any of `DRAW_MESSAGES`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping, Sequence, TypeVar

from ..core.frozen import later, module_later
from .. import events as ev
from ..errors import RuleViolation
from ..core.table import require_hand, require_open
from ..state import Hand, Seat, TableState
from .turns import SeatTest, in_hand, next_waiting

if TYPE_CHECKING:
    from ..core.contract import Legal
    from . import betting as bets
    from . import deal
else:  # imported on first use: a game whose hand has no flow (freeform) never loads the engines
    bets = module_later("ledger.kit.betting", globals(), "bets")
    deal = module_later("ledger.kit.deal", globals(), "deal")

Kind = Literal["deal", "bet", "draw", "roll", "reveal", "tricks", "showdown", "payout"]
Actor = Literal["each", "first", "dealer", "anyone", "fewest", "each+bet"]

__all__ = ["Actor", "Flow", "Kind", "Stage", "Turn", "actor", "advance", "due_steps", "ext_of", "gate", "hand_on", "legal",
           "moved", "opened", "own_move", "prompt", "step", "turn", "walk", "everyone"]

X = TypeVar("X")


@later(frozen=True)
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
    start: str = ""
    cards: int = 0
    ready: Callable[[TableState], bool] | None = None
    when: Callable[[TableState], bool] | None = None

    @property
    def round_name(self) -> str:
        """The name its recorded round start carries (the stage's own by default)."""
        return self.start or self.name


@later(frozen=True)
class Turn:
    """Where a hand is, for `walk`: the stage it is in (`phase`), who acts, the recorded step
    due before anyone does (`due`: a stage's round name, or ``forced``), who last finished a
    turn (`last`; None: nobody yet this stage) and, in an ``each+bet`` stage, who has made
    their move this turn and now bets (`drew`)."""

    phase: str
    to_act: str | None = None
    due: str = ""
    last: str | None = None
    drew: str | None = None

    def acting(self, who: str | None) -> Turn:
        """This turn with `who` to act (built directly: `walk` does this for every event)."""
        return Turn(self.phase, who, self.due, self.last, self.drew)


@later(frozen=True)
class Flow:
    """A hand's stages in order; `due` is the phase while a recorded round start is pending,
    `won` the phase once all but one player have left the hand; `texts` say what the table is
    doing in the phases that are not stages (`idle` in any other)."""

    stages: tuple[Stage, ...]
    due: str = "due"
    won: str = ""
    texts: Mapping[str, str] = field(default_factory=dict)
    idle: str = "no hand is in progress"
    gates: Mapping[str, bets.Gate] = field(default_factory=dict)

    _by_name: dict[str, list[Stage]] = field(default_factory=dict, init=False, repr=False, compare=False)
    _index: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    _starts: dict[str, list[Stage]] = field(default_factory=dict, init=False, repr=False, compare=False)
    _one: dict[str, Stage] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for i, s in enumerate(self.stages):
            self._by_name.setdefault(s.name, []).append(s)
            self._index.setdefault(id(s), i)  # the first place of each stage (`after` steps on from it)
        self._one.update((name, found[0]) for name, found in self._by_name.items() if len(found) == 1)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.stages)

    def stage(self, name: str, state: TableState | None = None) -> Stage | None:
        """The stage called `name` (given the table, the one its `when` lets in first)."""
        one = self._one.get(name)
        if one is not None:  # the usual case: one stage of that name, whatever the table
            return one
        found = self._by_name.get(name)
        return _pick(found, state) if found else None

    def taking(self, verb: str) -> tuple[str, ...]:
        """The names of the stages whose verbs include `verb`."""
        return tuple(s.name for s in self.stages if verb in s.verbs)

    def text(self, phase: str) -> str:
        """What the table is doing in `phase`, for refusals."""
        here = self.stage(phase)
        return here.text if here is not None and here.text else self.texts.get(phase, self.idle)

    def after(self, name: str, round_: int = 1, state: TableState | None = None) -> tuple[str, Stage | None]:
        """What follows round `round_` of stage `name`: (the phase, the stage); the phase is
        `due` when the stage it leads to opens with a recorded round start, "" at the end.
        Given the table, a stage whose `when` does not hold is passed over."""
        here = self.stage(name, state)
        if here is None:
            return "", None
        nxt: Stage | None = here
        if round_ >= here.repeat:
            nxt = None
            for s in self.stages[self._index[id(here)] + 1:]:
                if _in(s, state):
                    nxt = s
                    break
        if nxt is None:
            return "", None
        return (self.due if nxt.recorded_start else nxt.name), nxt

    def starting(self, name: str | None, state: TableState | None = None) -> Stage | None:
        """The stage a recorded round start called `name` opens: one with that `start`, or a
        `recorded_start` stage of that name (given the table, the one its `when` lets in first)."""
        found = self._starts.get(name or "")
        if found is None:
            found = [s for s in self.stages if name and (s.start == name or (s.recorded_start and s.name == name))]
            if len(self._starts) < 64:  # the names the flow's round starts carry (and a few odd ones from rulings)
                self._starts[name or ""] = found
        return _pick(found, state)


def _in(stage: Stage, state: TableState | None) -> bool:
    return state is None or stage.when is None or stage.when(state)


def _pick(stages: list[Stage], state: TableState | None) -> Stage | None:
    """The first of `stages` the table lets in, else the first (a ruling may open any)."""
    return next((s for s in stages if _in(s, state)), stages[0] if stages else None)


def actor(state: TableState, stage: Stage, book: bets.Book, order: Sequence[str],
          done: SeatTest | None = None, last: str | None = None) -> str | None:
    """Who acts in `stage` now, or None (the stage is over, or it is nobody's turn)."""
    return _who(state, stage, book, order, done, last, None)[0]


def _who(state: TableState, stage: Stage, book: bets.Book, order: Sequence[str], done: SeatTest | None,
         last: str | None, drew: str | None) -> tuple[str | None, str | None, str | None]:
    """Who acts in `stage` now, and (in an ``each+bet`` stage, moved on) `last` and `drew`: (who, last, drew)."""
    rules = stage.betting
    if rules is not None:
        if stage.actor == "each+bet":
            return _each_then_bet(state, rules, book, order, done, last, drew)
        return bets.to_act(state, book, rules, order, last=last), last, drew
    kind = stage.actor
    who: str | None = None
    if kind == "fewest":
        who = deal.fewest_first(state, order, stage.cards)
    elif kind == "dealer":
        who = state.hand.dealer if state.hand is not None else None
    elif kind == "first":
        first = order[0] if order else None
        seat = state.seat(first) if first else None
        who = first if seat is not None and (done is None or not done(seat)) else None
    elif kind == "each":
        who = next_waiting(state, _after(order, last), lambda s: in_hand(s) and (done is None or not done(s)))
    return who, last, drew


def _after(order: Sequence[str], last: str | None) -> list[str]:
    """`order` once round, from the name after `last` (from the first when `last` is not in it)."""
    names = list(order)
    i = names.index(last) + 1 if last in names else 0
    return names[i:] + names[:i]


def _each_then_bet(state: TableState, rules: bets.Betting, book: bets.Book, order: Sequence[str],
                   done: SeatTest | None, last: str | None,
                   drew: str | None) -> tuple[str | None, str | None, str | None]:
    """A turn is the player's own move (until `done`), then a betting step; a player who is
    done still bets each time round; once everyone is done, the betting goes on until the
    bets are level. Returns (who acts, last, drew)."""
    seats = [s for s in (state.seat(n) for n in order) if s is not None]
    able = sum(1 for s in seats if bets.can_act(state, s))

    def bets_now(seat: Seat) -> bool:  # a betting step on their turn: something to call, or someone to bet against
        return bets.can_act(state, seat) and (bets.owed(state, seat.name) > 0 or able >= 2)

    if drew is not None:
        seat = state.seat(drew)
        if seat is not None and bets_now(seat):
            return drew, last, drew
        last, drew = drew, None
    if done is None or all(done(s) for s in seats if in_hand(s)):
        who = bets.to_act(state, book, rules, order, last=last)
    else:
        who = next_waiting(state, _after(order, last), lambda s: in_hand(s) and (not done(s) or bets_now(s)))
    return who, last, drew


def moved(flow: Flow, at: Turn, player: str, state: TableState | None = None) -> Turn:
    """`at` after `player`'s own move: in an ``each+bet`` stage they bet next, else the turn passes."""
    here = flow.stage(at.phase, state)
    if here is not None and here.actor == "each+bet":
        return Turn(at.phase, at.to_act, at.due, at.last, player)
    return Turn(at.phase, at.to_act, at.due, player, at.drew)


def step(flow: Flow, at: Turn, done: bool, state: TableState | None = None) -> Literal["", "move", "bet"]:
    """What `at.to_act` does now: a betting step, their own move, or "" (nobody acts)."""
    here = flow.stage(at.phase, state)
    if here is None or at.to_act is None:
        return ""
    if here.betting is None:
        return "move"
    return "bet" if here.actor != "each+bet" or at.drew == at.to_act or done else "move"


def walk(state: TableState, flow: Flow, at: Turn, book: bets.Book, order: Sequence[str],
         done: SeatTest | None = None, finished: Callable[[Stage], bool] | None = None) -> Turn:
    """Move the hand on past every stage that is over; say who acts. Nothing moves while a
    recorded step is due (`Turn.due`); when the next stage opens with a recorded round start,
    the phase stays on the stage just over and `due` names the round to record."""
    if at.due:
        return at.acting(None)
    return Turn(*_walk(state, flow, at.phase, at.last, at.drew, book, order, done, finished))


_Walked = tuple[str, str | None, str, str | None, str | None]


def _walk(state: TableState, flow: Flow, phase: str, last: str | None, drew: str | None, book: bets.Book,
          order: Sequence[str], done: SeatTest | None, finished: Callable[[Stage], bool] | None,
          stage: Stage | None = None, who: str | None = None) -> _Walked:
    """`walk` on plain values, from a turn with nothing due: (phase, to_act, due, last, drew).
    `stage` (the one `phase` names) and `who` (who acts in it): when the caller has asked already."""
    for _ in range(len(flow.stages) + 1):
        if stage is None:
            stage = flow.stage(phase, state)
            if stage is None:
                return phase, None, "", last, drew
            rules = stage.betting
            if rules is not None and stage.actor != "each+bet":  # `_who` of a betting stage, spelt out
                who = bets.to_act(state, book, rules, order, last=last)
            else:
                who, last, drew = _who(state, stage, book, order, done, last, drew)
        if who is not None or not _over(state, stage, finished):
            return phase, who, "", last, drew
        hand = state.hand
        after, nxt = flow.after(stage.name, hand.round if hand is not None and stage.repeat > 1 else 1, state)
        if nxt is None:
            return after, None, "", last, drew
        if after == flow.due:
            return stage.name, None, nxt.round_name, last, drew
        if nxt.betting is not None:
            bets.reset(book)
        phase, last, drew, stage = after, None, None, None
    return phase, None, "", last, drew


def _over(state: TableState, stage: Stage, finished: Callable[[Stage], bool] | None) -> bool:
    """With nobody to act, whether `stage` is over (or waits for what no turn brings)."""
    if stage.ready is not None and not stage.ready(state):
        return False
    return stage.betting is not None or stage.actor not in ("anyone", "dealer") or (
        finished is not None and finished(stage))


def advance(state: TableState, flow: Flow, phase: str, book: bets.Book, order: Sequence[str],
            done: SeatTest | None = None,
            finished: Callable[[Stage], bool] | None = None, left: bool = False) -> tuple[str, str | None]:
    """Move `phase` on past every stage that is over; return (the phase, who acts). `left`: a
    player has just left the hand; past the deal, a hand down to one player is `flow.won`.
    The phase is `flow.due` while a recorded round start is pending."""
    return _advance(state, flow, phase, book, order, done, finished, left)


def _advance(state: TableState, flow: Flow, phase: str, book: bets.Book, order: Sequence[str], done: SeatTest | None,
             finished: Callable[[Stage], bool] | None, left: bool, stage: Stage | None = None,
             who: str | None = None) -> tuple[str, str | None]:
    """`advance`; `stage` (the one `phase` names) and `who` (who acts in it): when the caller
    (`staged.tracker`) has asked already."""
    if left and _down_to_one(state, flow, phase):
        phase, stage = flow.won, None
    phase, to_act, due, _, _ = _walk(state, flow, phase, None, None, book, order, done, finished, stage, who)
    return (flow.due if due else phase), to_act


def _down_to_one(state: TableState, flow: Flow, phase: str) -> bool:
    """A player has left the hand past the deal, and at most one is left in it: the hand is `flow.won`."""
    if not flow.won or not _dealt(flow, phase):
        return False
    live = 0
    for s in state.seats:
        if s.in_hand and not s.folded:
            live += 1
    return live <= 1


def opened(state: TableState, flow: Flow, at: Turn, name: str | None, order: Sequence[str]) -> Turn:
    """A recorded round start called `name`: the stage it opens (`Flow.starting`; none: the
    phase stays) starts afresh, nobody has acted yet, and its forced stakes are due when at
    least two players can bet."""
    stage = flow.starting(name, state)
    forced = stage is not None and stage.betting is not None and bool(stage.betting.forced) and sum(
        1 for n in order if bets.can_act(state, state.seat(n))) >= 2
    return Turn(stage.name if stage is not None else at.phase, None, "forced" if forced else "")


def due_steps(state: TableState, flow: Flow, at: Turn, order: Sequence[str]) -> list[ev.Event]:
    """What potlog records by itself when `at.due` says a step is due: the forced stakes of
    the stage in progress (``forced``), or the next round's start."""
    hand = state.hand
    if not at.due or hand is None or hand.ended:
        return []
    stage = flow.stage(at.phase, state)
    if at.due == "forced" and stage is not None and stage.betting is not None:
        return bets.forced_bets(state, stage.betting, [n for n in order if bets.can_act(state, state.seat(n))])
    return [ev.RoundStarted(round=hand.round + 1, name=at.due)]


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
    own: X = x
    return own


def everyone(seat: Seat) -> bool:
    """A `done` test by which everyone has had their move (a ``first`` stage once it is made)."""
    return True


def hand_on(state: TableState) -> Hand:
    """The hand in progress; refused when the session is not open, or between hands."""
    require_open(state)
    return require_hand(state)


def turn(state: TableState, flow: Flow, phase: str, player: str, doing: str) -> None:
    """Refuse `player`'s move when it is not their turn; when it is nobody's, the refusal says
    what the table is doing (`Flow.text`)."""
    here = flow.stage(phase)
    rules = here.betting if here is not None and here.betting is not None else bets.Betting()
    bets.turn(state, rules, player, doing, flow.text(phase))


def gate(state: TableState, flow: Flow, verb: str, phase: str, player: str | None) -> str | None:
    """Refuse `verb` outside its place in the hand (`Flow.gates`; see `bets.gate`); returns the player."""
    rule = flow.gates.get(verb)
    if rule is not None and not rule.phases:
        rule = dataclasses.replace(rule, phases=flow.taking(verb))
    return bets.gate(state, {verb: rule} if rule is not None else {}, verb, phase, player, flow.text(phase))


def legal(stage: Stage, to_act: str | None, note: str = "") -> Legal:
    """What a prompt shows for `stage`: its verbs, for whoever acts (None: the recorder)."""
    from ..core.contract import Legal as Item

    return Item(to_act, stage.verbs, note)


def prompt(state: TableState, flow: Flow, phase: str, book: bets.Book, note: str = "", *, before: tuple[str, ...] = (),
           opener: str | None = None, uncallable: bool = False) -> list[Legal]:
    """`legal` derived from the stage `phase` names (see the module docstring)."""
    here, hand = flow.stage(phase, state), state.hand
    who = hand.to_act if hand is not None else None
    if here is None or (here.betting is not None and who is None):
        return []
    if here.betting is not None and who is not None:
        return [bets.prompt(state, book, here.betting, who, note, opener=opener, before=before, uncallable=uncallable)]
    return [legal(here, None if here.actor == "anyone" else who, note)]


DRAW_MESSAGES: Mapping[str, str] = {
    "not_now": "{player} cannot {doing} now: {waiting}",
    "done": "{player} has stood: a player who stands takes no more cards this hand",
    "drew": "{player} has had a card or stood this turn: now {player} calls, raises or folds",
    "turn": "it is {to_act}'s turn, not {player}'s: {waiting}",
    "nobody": "it is {to_act}'s turn, not {player}'s: {waiting}",
}
"""The refusals of `own_move`, by key (fields player, doing, waiting, to_act)."""


def own_move(state: TableState, flow: Flow, at: Turn, player: str, doing: str, *, done: bool,
             waiting: Callable[[], str], messages: Mapping[str, str] | None = None, kind: Kind = "draw") -> None:
    """Refuse `player`'s own move in a ``draw`` stage (a card taken, a stand) unless it is
    theirs to make now (see the module docstring)."""
    def no(key: str, **values: object) -> RuleViolation:
        text = (messages or {}).get(key, DRAW_MESSAGES[key])
        return RuleViolation(text.format(player=player, doing=doing,
                                         waiting=waiting() if "{waiting}" in text else "", **values))

    here = flow.stage(at.phase, state)
    if here is None or here.kind != kind:
        raise no("not_now")
    if done:
        raise no("done")
    if at.drew == player:
        raise no("drew")
    to_act = state.hand.to_act if state.hand is not None else None
    if to_act != player:
        raise no("turn" if to_act is not None else "nobody", to_act=to_act)
