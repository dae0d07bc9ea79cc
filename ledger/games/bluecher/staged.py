"""A staged hand's wiring, for a game that walks a `stages.Flow` and keeps its phase in its ext:
its ``decide`` from a table of verbs, what the rules record by themselves after a move (the
next round's start, the pot of the last player left), its ``check_event`` for ``potlog verify
--rules``, and the prompt between hands.

    decide = staged.decider(NAME, Options, {Deal: _deal, Bet: _bet, ...}, refused=REFUSED,
                            after=_after, following={Deal, Bet, ...})
    check_event = staged.checker(decide, Options, NAME, game="Blücher", flow=FLOW, phase=phase,
                                 paying=("showdown", "won"), paid=unpaid, rounds="...")

Public API:

- ``decider(name, options, verbs, *, refused={}, after=None, following=()) -> decide``:
  ``open`` opens a session of game `name` with `options`; a command class in `refused` is
  refused (in an open session) with its text; one in `verbs` is decided by its function, and
  when it is one of `following`, followed by what `after` says follows it (`follow.then`); any
  other is the shared mechanics' (``decide_generic``).
- ``follows(state, flow, phase, *, names=None, won=None) -> list[Event]``: what the rules
  record by themselves in `phase`: the next round's start while one is due (``flow.due``;
  named from `names` by number), what `won` records once all but one have left
  (``flow.won``), nothing once the hand is over.
- ``checker(decide, options, name, *, game, flow, phase, paying, paid, rounds) ->
  check_event``: a round start only when one is due (else the refusal `rounds`), the end of
  a hand and its payments as `paid(state)` recomputes them (in the `paying` phases), the
  session's opening as `name` records it; every other event decided again from its command.
- ``tally(book, event) -> bool``: in ``evolve``, count a settlement event in `book`: an award
  or carry-over (`pots.tally`: ``paid``, ``settled``) or the declared next dealer (kept in
  ``next_dealer``, counted in ``settled``); True when `event` was one.
- ``track(state, book, event, *, flow, betting, dealing, declarations=(), own=None, done=None)``
  (``tracker(*, flow, ..., own_events=None) -> track``: the same with its declaration bound once,
  what ``evolve`` calls for every event; `own` asked only about `own_events` when given):
  ``evolve``'s part for a staged hand, after the game has set up its ext (`book`) for a new
  hand: a ``hand_ended`` ends the phase; while a hand is on, the stock (`deal.track`), the
  betting book (`bets.track`; a round start opens the flow's recorded-start stage), the
  settlement (`tally`), `declarations` and hole cards are kept; `own(state, book, event)` is
  the game's own bookkeeping, first (True: the turn moves on; False: it does not; None: not
  the game's own). Then the events in `TURNING` (a deal only in the deal stage), the moves and
  the round starts walk the flow (`stages.advance`; `done(book)` is `advance`'s `done`; a
  deal stage is over once everyone has ``dealing.each`` cards).
- ``last_one(state, pot=None) -> list[Event]``: all but one have folded: the last player takes
  the pot (`pots.last_in`) and deals next, and the hand ends.
- ``roll(state, cmd, *, by, dice, sides=6, messages={}) -> list[Event]``: a roll of the `dice`
  declared for the hand, by `by` alone, with `sides`-sided dice (refusals: `ROLL_MESSAGES`).
- ``hole_hands(state, order, holes, best) -> (hands, missing)``: at the showdown, each live
  player's hand (`best(player, hole card, other cards)`, from known cards; `best` None: none
  yet) and what is still to show (`deal.hole_missing`), in `order`.
- ``end(state, cmd, phase, refusal) -> list[Event]``: ``potlog end`` where the rules end the
  hand: refused while the pot holds chips (`refusal`), nothing once the phase is ``ended``.
- ``hole(state, cmd, rules, holes, gate, *, showing) -> list[Event]``: a hole card, given as
  a declaration's value (``potlog hole Ann 5H``, a `Declare` named hole; ``??`` or none:
  unseen): a player without one places it where and when `gate(player)` lets them (it
  refuses otherwise); one placed unseen is named later, and turned up when `showing()`
  (`deal.hole`).
- ``showdown(state, flow, phase, hands, settle, *, player, refusal, stage="showdown")`` and
  ``settlement(state, flow, phase, hands, settle, *, paid)``: ``potlog showdown`` once all but
  one have folded (``flow.won``) is the last player's pot (`last_one`); outside the `stage` it
  is refused (`refusal`, fields now: what the table is doing, "this is round 2" in a stage that
  repeats; acting: " (Ann to act)" or "");
  there, `hands(state)` (refusing while any is not shown) are turned up and `settle(state,
  hands, total)` pays the pot. `settlement` is what both pay, counted from the whole pot
  (what is left plus `paid` so far), for ``check_event``; `phase(state)` is the game's phase.
- ``between(note) -> Legal``: `legal`'s item between hands (`BETWEEN`, for the recorder).
- ``in_pot(state, player) -> int``: what `player` has put into the pot this hand: the bets
  (``seat.hand_bet``) and, for a game whose ext keeps ``card_costs`` (player -> chips paid for
  cards this hand, Blücher's), the card costs; for ``potlog state``'s "in pot".
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Collection, Mapping, Protocol, Sequence, TypeVar

from pydantic import BaseModel

from ... import events as ev
from ...cards import UNKNOWN
from ...core.commands import Command, Declare, End, Open, RollDice
from ...errors import RuleViolation
from ...core import verbs as core_verbs
from ...core.checks import check_opened
from ...core.contract import Legal
from ...core.table import require_hand, require_live, require_open
from ...core.verbs import Handler, decide_generic, end_hand, make_event, open_session
from ...state import TableState, in_pot  # noqa: F401 (what a player has in the pot: here for staged games)
from ...kit import betting as bets
from ...kit import deal, follow, pots
from . import declare
from ...kit.stages import Flow, Stage, _advance, _down_to_one
from ...kit.turns import SeatTest

Verb = Callable[[TableState, Command], list[ev.Event]]
After = Callable[[TableState], list[ev.Event]]

__all__ = ["BETWEEN", "ROLL_MESSAGES", "TURNING", "After", "Book", "Settled", "Verb", "between", "checker", "in_pot",
           "decider", "end", "follows", "hole", "hole_hands", "last_one", "roll", "settlement", "showdown", "tally",
           "track", "tracker"]

BETWEEN = ("hand", "join", "rebuy", "leave", "count", "note", "close")
"""The verbs between hands."""


def decider(name: str, options: type[BaseModel], verbs: Mapping[type[Command], Handler], *,
            refused: Mapping[type[Command], str] = {}, after: After | None = None,
            following: Collection[type[Command]] = ()) -> Verb:
    """A game's ``decide`` from its table of command classes (see the module docstring)."""
    def decide(state: TableState, cmd: Command) -> list[ev.Event]:
        kind = type(cmd)
        if isinstance(cmd, Open):
            return open_session(cmd, options, name)
        if kind in refused:
            require_open(state)
            raise RuleViolation(refused[kind])
        handler = verbs.get(kind)
        events = handler(state, cmd) if handler is not None else decide_generic(state, cmd, name)
        return follow.then(state, events, after) if after is not None and kind in following and events else events
    return decide


def follows(state: TableState, flow: Flow, phase: str, *, names: Mapping[int, str] | None = None,
            won: After | None = None) -> list[ev.Event]:
    """What the rules record by themselves in `phase`: the next round, or `won`'s events."""
    hand = state.hand
    if hand is None or hand.ended:
        return []
    if phase == flow.due:
        return bets.next_round(state, names)
    return won(state) if won is not None and phase == flow.won else []


def checker(decide: Verb, options: type[BaseModel], name: str, *, game: str, flow: Flow,
            phase: Callable[[TableState], str], paying: Collection[str], paid: After,
            rounds: str) -> Callable[[TableState, ev.Event], None]:
    """A game's ``check_event`` (see the module docstring)."""
    def check_event(state: TableState, event: ev.Event) -> None:
        hand = state.hand
        match event:
            case ev.SessionOpened():
                return check_opened(event, options, name)
            case ev.RoundStarted():
                if phase(state) != flow.due or hand is None or event.round != hand.round + 1:
                    raise RuleViolation(rounds)
                return
            case ev.HandEnded() if state.in_hand:  # the payments were checked one by one
                return pots.check_end(state, event)
            case ev.PotAwarded() | ev.PotCarried() | ev.Declared(name="next-dealer") if (
                    state.in_hand and phase(state) in paying):
                return pots.check_paid(event, paid(state))
        follow.check(state, event, _nothing, decide, _command, game=game, by_itself=())
    return check_event


def _nothing(state: TableState) -> list[ev.Event]:
    """What the game records by itself is checked in `checker` (the rounds, the payments)."""
    return []


def _command(state: TableState, event: ev.Event) -> Command | bool | None:
    from ...core.commands import command_for

    return True if isinstance(event, ev.Void) else command_for(event)


def between(note: str = "") -> Legal:
    """`legal`'s item between hands: the recorder's verbs (`BETWEEN`) and `note`."""
    return Legal(None, BETWEEN, note)


class Settled(pots.Tally, Protocol):
    """Where a game counts its settlement events (`pots.Tally`) and keeps the next dealer."""

    next_dealer: str | None


def tally(book: Settled, event: ev.Event) -> bool:
    """Count a settlement event in `book` (see the module docstring); True when `event` was one."""
    if type(event) is ev.Declared and event.name == "next-dealer" and isinstance(event.value, str):
        book.next_dealer = event.value
        book.settled += 1
        return True
    return pots.tally(book, event)


class Book(bets.Book, deal.Stock, Settled, Protocol):
    """A staged hand's ext, as `track` keeps it: the phase, the players in turn order from the
    first, the hole cards, and the betting, stock and settlement books."""

    phase: str
    order: list[str]
    hole: dict[str, str]


_STOCK = frozenset({ev.CardsDealt, ev.CardsExchanged, ev.DeckReshuffled})
TURNING = frozenset({ev.HandStarted, ev.CardsDealt, ev.DiceRolled, ev.DeckReshuffled, ev.PlayerLeft})
"""The events that move the turn on in `track`, besides the moves and the round starts."""


B = TypeVar("B", bound=Book)


def track(state: TableState, book: B, event: ev.Event, *, flow: Flow, betting: bets.Betting, dealing: deal.Dealing,
          declarations: Sequence[declare.Declaration] = (), own: Callable[[TableState, B, ev.Event], bool | None] |
          None = None, done: Callable[[B], SeatTest | None] | None = None) -> None:
    """``evolve``'s part for a staged hand (see the module docstring)."""
    tracker(flow=flow, betting=betting, dealing=dealing, declarations=declarations, own=own, done=done)(
        state, book, event)


def tracker(*, flow: Flow, betting: bets.Betting, dealing: deal.Dealing,
            declarations: Sequence[declare.Declaration] = (),
            own: Callable[[TableState, B, ev.Event], bool | None] | None = None,
            done: Callable[[B], SeatTest | None] | None = None,
            own_events: Collection[type[ev.Event]] | None = None) -> Callable[[TableState, B, ev.Event], None]:
    """`track` with its declaration bound once: what a game's ``evolve`` calls for every event
    of every fold (``_TRACK = staged.tracker(flow=FLOW, ...)``, then ``_TRACK(state, x, event)``).
    `own_events`: the event classes `own` keeps (None: it is asked about every event)."""
    own_for = frozenset(own_events) if own_events is not None else None
    deal_stage, each = flow.stages[0].name, dealing.each
    declared = frozenset(d.name for d in declarations)
    moves_, record, reset, to_act = bets.MOVES, bets.record, bets.reset, bets.to_act
    stock, dealt = deal.track, deal.dealt
    one = flow._one  # `Flow.stage`'s usual case (one stage of that name), looked up here without the call

    def finished(state: TableState) -> Callable[[Stage], bool]:
        """`advance`'s `finished`: a deal stage is over once everyone in the hand has `each` cards."""
        return lambda stage: stage.kind == "deal" and deal.dealt(state, each)

    def run(state: TableState, book: B, event: ev.Event) -> None:
        x, hand, t = book, state.hand, type(event)  # dispatch by class: the hot path of every fold
        if t is ev.HandEnded:
            x.phase = "ended"
            return
        if hand is None or hand.ended:
            return
        if t in _STOCK:
            stock(state, x, event)
        moves = own(state, x, event) if own is not None and (own_for is None or t in own_for) else None
        if moves is False:
            return
        if moves is None:
            if t in moves_:  # `bets.track`, spelt out
                record(state, x, betting, event)
            elif type(event) is ev.RoundStarted:
                reset(x)
                x.phase = _opens(flow, event.name).name
            elif type(event) is ev.Declared:  # the next dealer, a declaration or a hole card: the turn stays
                name, value = event.name, event.value  # (`tally`, `declare.record`, `deal.track_hole`: where they act)
                if name == "next-dealer" and isinstance(value, str):
                    tally(x, event)
                elif not (isinstance(value, int) and name in declared and declare.record(x, declarations, event)):
                    deal.track_hole(state, x.hole, event)
                return
            elif t is ev.PotAwarded or t is ev.PotCarried:  # a settlement: the turn stays
                pots.tally(x, event)
                return
            elif t not in TURNING or (t is ev.CardsDealt and x.phase != deal_stage):
                return
        # `advance`, its first step spelt out for the stage the hand is in (unless a player leaving has left
        # only one): a betting round still going, a deal not over
        left = (t is ev.Fold or t is ev.PlayerLeft) and _down_to_one(state, flow, x.phase)
        stage = None if left else (one.get(x.phase) or flow.stage(x.phase, state))
        who = None
        if stage is not None:
            if stage.betting is not None and stage.actor != "each+bet":
                who = to_act(state, x, stage.betting, x.order)
                if who is not None:
                    hand.to_act, hand.phase = who, x.phase
                    return
            elif stage.actor == "anyone" and stage.ready is None:
                if not (stage.kind == "deal" and dealt(state, each)):
                    hand.to_act, hand.phase = None, x.phase
                    return
            else:
                stage = None
        x.phase, hand.to_act = _advance(state, flow, x.phase, x, x.order, done(x) if done is not None else None,
                                        finished(state), left, stage, who)
        hand.phase = x.phase
    return run


def _opens(flow: Flow, name: str) -> Stage:
    """The stage a recorded round start opens: the one `name` starts, else the first with a recorded start."""
    return flow.starting(name) or next(s for s in flow.stages if s.recorded_start)


def last_one(state: TableState, pot: int | None = None) -> list[ev.Event]:
    """Everyone else folded: the last player takes every chip in the pot without showing, and
    deals next (unless that is recorded already: a void of the hand's end leaves only the end due)."""
    winner, events = pots.last_in(state, amount=pot)
    hand = require_hand(state)
    named = winner and (pot is not None or hand.declared("next-dealer") is None)
    return events + ([deal.next_dealer(state, winner)] if named else []) + [
        make_event(ev.HandEnded, hand=hand.number)]


ROLL_MESSAGES: Mapping[str, str] = {
    "who": "{by} rolls the dice, not {player}",
    "sides": "the dice here are {sides}-sided",
    "count": "{by} declared {dice} dice: record all {dice} faces, not {n}",
}
"""The refusals of `roll`, by key (fields by, player, sides, dice, n)."""


def roll(state: TableState, cmd: RollDice, *, by: str, dice: int | None, sides: int = 6,
         messages: Mapping[str, str] = {}) -> list[ev.Event]:
    """A roll of the `dice` declared for the hand, by `by` alone, with `sides`-sided dice."""
    def no(key: str, **values: object) -> RuleViolation:
        return RuleViolation(messages.get(key, ROLL_MESSAGES[key]).format(by=by, sides=sides, dice=dice, **values))

    if cmd.player != by:
        raise no("who", player=cmd.player or "the table")
    if cmd.sides not in (None, sides):
        raise no("sides")
    events = core_verbs.roll(state, dataclasses.replace(cmd, sides=sides))
    n = sum(len(e.faces) for e in events if isinstance(e, ev.DiceRolled))
    if n != dice:
        raise no("count", n=n)
    return events


H = TypeVar("H")


def hole_hands(state: TableState, order: Sequence[str], holes: Mapping[str, str],
               best: Callable[[str, str, list[str]], H] | None) -> tuple[list[H], list[str]]:
    """Each live player's hand at the showdown, and what is still to show (see the module docstring)."""
    hands, missing = [], []
    for name in order:
        seat = state.seat(name)
        if seat is None or not seat.in_hand or seat.folded:
            continue
        hole, left = holes.get(name), deal.hole_missing(state, name, holes.get(name))
        if left:
            missing.append(left)
        elif hole is not None and best is not None:
            hands.append(best(name, hole, [h.card for h in seat.cards if h.card != hole]))
    return hands, missing


def end(state: TableState, cmd: End, phase: str, refusal: str) -> list[ev.Event]:
    """``potlog end`` where the rules end the hand (see the module docstring)."""
    if state.balance("pot"):
        raise RuleViolation(refusal)
    return end_hand(state, cmd) if phase != "ended" else []


Settle = Callable[[TableState, list[H], int], list[ev.Event]]


def showdown(state: TableState, flow: Flow, phase: Callable[[TableState], str], hands: Callable[[TableState], list[H]],
             settle: Settle[H], *, player: Callable[[H], str], refusal: str, stage: str = "showdown") -> list[ev.Event]:
    """``potlog showdown`` for a staged hand (see the module docstring)."""
    from ...kit.stages import hand_on

    hand, now = hand_on(state), phase(state)
    if now == flow.won:
        return last_one(state)
    if now != stage:
        acting = f" ({hand.to_act} to act)" if hand.to_act else ""
        here = flow.stage(now, state)
        where = f"this is round {hand.round}" if here is not None and here.repeat > 1 else flow.text(now)
        raise RuleViolation(refusal.format(now=where, acting=acting))
    shown = hands(state)  # the remaining players expose their cards
    return deal.turn_up(state, [player(h) for h in shown]) + settle(state, shown, state.balance("pot"))


def settlement(state: TableState, flow: Flow, phase: Callable[[TableState], str],
               hands: Callable[[TableState], list[H]], settle: Settle[H], *, paid: int) -> list[ev.Event]:
    """What the showdown (or the last fold) pays out this hand, from the whole pot."""
    total = state.balance("pot") + paid
    return last_one(state, total) if phase(state) == flow.won else settle(state, hands(state), total)


def hole(state: TableState, cmd: Declare, rules: deal.Dealing, holes: Mapping[str, str], gate: Callable[[str], object],
         *, showing: Callable[[], bool]) -> list[ev.Event]:
    """A hole card placed, or named later (see the module docstring)."""
    from ...kit.stages import hand_on

    hand_on(state)
    player = require_live(state, cmd.player)
    named = (str(cmd.value),) if cmd.value not in (None, UNKNOWN) else ()
    card = deal.one_card(state, named, rules)
    if player not in holes:
        gate(player)
    return deal.hole(state, rules, player, card, holes.get(player), showing=showing())
