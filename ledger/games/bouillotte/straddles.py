"""The betting of the brelan family (Bouillotte, Brelan): the dealer's ante; before anyone
opens, each in turn, once round from eldest to the dealer, folds, straddles (matches the last
stake plus a step: a blind raise that is only a check) or opens (any raise); when the
straddles go round with no open, everyone but the last straddler in turn must open or fold;
after the open, a no-limit round as in poker. If all pass, the pot is carried forward and the
same dealer deals again; a straddler whom everyone else passes takes the pot.

A straddle is recorded as the player's ``declared`` named ``straddle`` (its value: the stake it
makes), followed by its `Raise`, which potlog records by itself (`stake_due`), so a straddle
and an open of the same size stay apart in the log.

A deal goes through the phases ``ante`` (potlog records the dealer's ante), ``deal`` (the
game's), ``straddle``, ``force`` (the straddles are over: open or fold), ``bet`` (after the
open) and ``showdown``, kept in the game's ext (`Book`)::

    FLOW = straddles.flow({"deal": "the cards are being dealt", "showdown": "reveal the hands"})
    straddles.dealer(state, cmd, again=x.carried)        # potlog hand: who deals
    straddles.straddle(state, x, cmd, FLOW, game="Bouillotte") / straddles.move(state, x, cmd, FLOW, BETTING)
    straddles.follows(state, x, BETTING, ante)           # in `after`: the ante, a straddle's stake, ...
    straddles.track(state, x, event, BETTING, dealt=...) # in evolve, while the hand is on

Public API:

- ``Opening``: where a game keeps the opening (any object with ``last``, ``straddler``,
  ``straddling`` and ``opener``, such as its flat ext): who moved last, the last straddler, a
  straddle declared and not yet staked, and who opened. ``Book``: the whole deal's (its flat
  ext qualifies): an `Opening`, a `betting.Book`, the players in ``order`` (eldest first, the
  dealer last) and the ``phase``.
- ``flow(texts, idle="no deal is in progress") -> stages.Flow``: the ``straddle`` and ``force``
  stages (what the table is doing in them, for refusals), `texts` for the game's other phases.
- ``dealer(state, cmd, *, again) -> str``: who deals ``potlog hand``: the one named, or the first
  seated, for the first deal; then the deal passes to the right, or stays with the same dealer
  when `again` (everyone passed); naming another is refused.
- ``turn(state, o, order, phase) -> str | None``: who acts: in ``straddle``, the next player
  still in after `last` up to the end of `order` (the dealer last), None once round; in
  ``force``, the next player still in, with chips, who is not the last straddler.
  ``to_act(state, x, betting) -> str | None``: who acts in the deal's phase (the betting
  round's turn after the open; None outside the betting).
- ``declare(state, o, player, step=1, value=None) -> [Declared]``: `player`'s straddle (the
  stage and the turn are the game's to check); refused when they cannot pay it, or `value`
  names another stake. ``straddle(state, x, cmd, flow, *, game) -> [Declared]``: ``potlog
  straddle NAME`` checked in full: in the hand, the one declaration, the phase, the turn.
- ``move(state, x, cmd, flow, betting) -> list[Event]``: a betting verb: after the open, the
  round's (`betting.act`); before it, in turn, an open (``raise``: the stake matched and N
  more, or ``allin`` above it) or a fold; anything else refused saying what may be done.
- ``stake_due(state, o, step=1) -> list[Event]``: the `Raise` of a declared straddle, or [].
- ``moved(o, event) -> bool``: in ``evolve``: a declared straddle or a move (`Raise`, `AllIn`,
  `Fold` ...) updates the opening; True when it was an open.
- ``all_passed(o, live) -> bool``: nobody straddled or opened and only one player is left
  (the dealer): the pot is carried forward.
- ``follows(state, x, betting, ante) -> list[Event] | None``: what the betting records by
  itself: the dealer's `ante` (a forced bet), a declared straddle's stake; once the betting is
  over, the pot carried forward when all passed, or the pot to the last player in, then the
  end of the hand; None at a showdown of two or more hands (the game's to pay).
- ``track(state, x, event, betting, *, dealt) -> None``: ``evolve``'s part while a hand is on:
  the ante and every move recorded in the book, the phase moved on (``deal`` -> ``straddle``
  once `dealt()`; ``straddle`` -> ``force`` -> ``showdown``, or -> ``bet`` at the open ->
  ``showdown``, or to ``showdown`` once one player is left), ``hand.to_act`` and
  ``hand.phase`` set.
- ``prompt(state, x, betting, player) -> Legal | None``: `legal`'s item in the betting phases
  for the player to act (None in any other phase, or when nobody acts).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Mapping, Protocol, Sequence

from ... import events as ev
from ...core.commands import AllIn, Bet, Call, Check, Declare, NewHand, Raise
from ...errors import RuleViolation
from ...core.contract import Legal
from ...core.table import require_live, require_seated
from ...core.verbs import all_in, fold, make_event, raise_
from ...state import TableState
from ...kit import betting as bets
from ...kit import own, pots, stages, turns
from ...kit.betting import owed



class Opening(Protocol):
    last: str
    straddler: str
    straddling: str
    opener: str


class Book(Opening, bets.Book, Protocol):
    order: list[str]
    phase: str


def flow(texts: Mapping[str, str], idle: str = "no deal is in progress") -> stages.Flow:
    """The opening's stages, worded for refusals (see the module docstring)."""
    return stages.Flow((
        stages.Stage("straddle", "bet", ("fold", "straddle", "open"), text="the straddles go round"),
        stages.Stage("force", "bet", ("open", "fold"), text="the straddles are over: open or fold"),
    ), texts=texts, idle=idle)


def dealer(state: TableState, cmd: NewHand, *, again: bool) -> str:
    """Who deals the next hand (see the module docstring)."""
    last = state.hand if state.hand is not None and state.hand.number else None
    name = require_seated(state, cmd.dealer) if cmd.dealer else state.active_seats[0].name
    if last is not None:
        name = last.dealer if again else (turns.seat_right_of(state, last.dealer) or last.dealer)
        if cmd.dealer and cmd.dealer != name:
            why = "everyone passed: the same dealer deals again" if again else "the deal passes to the right"
            raise RuleViolation(f"{name} deals hand {last.number + 1}, not {cmd.dealer}: {why}")
    return name


def _in(state: TableState, name: str) -> bool:
    seat = state.seat(name)
    return seat is not None and seat.in_hand and not seat.folded


def turn(state: TableState, o: Opening, order: Sequence[str], phase: str) -> str | None:
    """Who acts in the opening (see the module docstring)."""
    i = list(order).index(o.last) + 1 if o.last in order else 0
    if phase == "straddle":
        return next((p for p in order[i:] if _in(state, p)), None)
    ring = [order[(i + k) % len(order)] for k in range(len(order))]
    return next((p for p in ring if _in(state, p) and p != o.straddler and state.stack(p) > 0), None)


def to_act(state: TableState, x: Book, betting: bets.Betting) -> str | None:
    """Who acts in the deal's phase now."""
    if x.phase in ("straddle", "force"):
        return turn(state, x, x.order, x.phase)
    return bets.to_act(state, x, betting, x.order, last=x.last or None) if x.phase == "bet" else None


def declare(state: TableState, o: Opening, player: str, step: int = 1, value: object = None) -> list[ev.Event]:
    """`player` straddles: the declaration (its `Raise` follows by itself)."""
    stake = owed(state, player) + step
    if state.stack(player) < stake:
        raise RuleViolation(f"{player} has {state.stack(player)} chips and a straddle puts in {stake}: "
                            "open all-in or fold")
    makes = (state.hand.current_bet if state.hand is not None else 0) + step
    if value is not None and value != makes:
        raise RuleViolation(f"{player}'s straddle makes the stake {makes}, not {value}")
    return [make_event(ev.Declared, player=player, name="straddle", value=makes)]


def straddle(state: TableState, x: Book, cmd: Declare, flow: stages.Flow, *, game: str) -> list[ev.Event]:
    """``potlog straddle NAME`` (see the module docstring)."""
    stages.hand_on(state)
    player = require_live(state, cmd.player)
    if cmd.name != "straddle":
        raise RuleViolation(f"{game} has no declaration {cmd.name!r}: straddle is its only one")
    if x.phase != "straddle":
        raise RuleViolation(f"{player} cannot straddle now: {flow.text(x.phase)}")
    stages.turn(state, flow, x.phase, player, "straddle")
    return declare(state, x, player, value=cmd.value)


def move(state: TableState, x: Book, cmd: bets.Move, flow: stages.Flow, betting: bets.Betting) -> list[ev.Event]:
    """A betting verb in the deal (see the module docstring)."""
    stages.hand_on(state)
    player = require_live(state, cmd.player)
    if x.phase == "bet":
        return bets.act(state, x, betting, cmd)
    if x.phase not in ("straddle", "force"):
        raise RuleViolation(f"{player} cannot {cmd.verb} now: {flow.text(x.phase)}")
    stages.turn(state, flow, x.phase, player, "open" if isinstance(cmd, (Raise, AllIn)) else cmd.verb)
    match cmd:
        case Call() | Check() | Bet():
            raise RuleViolation(f"{player} may fold, straddle or open (potlog open {player} N) before the open"
                                if x.phase == "straddle" else f"{player} must open (potlog open {player} N) or fold")
        case AllIn() if state.stack(player) <= owed(state, player):
            raise RuleViolation(f"{player}'s {state.stack(player)} chips do not open: fold")
        case Raise():
            return raise_(state, cmd)
        case AllIn():
            return all_in(state, cmd)
    return fold(state, cmd)


def stake_due(state: TableState, o: Opening, step: int = 1) -> list[ev.Event]:
    """The chips of a declared straddle."""
    if not o.straddling:
        return []
    return [make_event(ev.Raise, player=o.straddling, amount=owed(state, o.straddling) + step, by=step)]


def moved(o: Opening, event: ev.Event) -> bool:
    """Update the opening for a recorded event; True when it opened the betting."""
    if isinstance(event, ev.Declared) and event.name == "straddle" and event.player:
        o.straddling = event.player
    elif isinstance(event, (ev.Raise, ev.AllIn, ev.Fold, ev.Call, ev.Check, ev.Bet)):
        if event.player == o.straddling:
            o.straddler, o.straddling = event.player, ""
        elif isinstance(event, (ev.Raise, ev.AllIn)) and not o.opener:
            o.opener = event.player
            o.last = event.player
            return True
        o.last = event.player
    return False


def all_passed(o: Opening, live: Sequence[str]) -> bool:
    """Everyone passed: nobody straddled or opened, and one player (the dealer) is left."""
    return len(live) <= 1 and not o.straddler and not o.opener


def follows(state: TableState, x: Book, betting: bets.Betting, ante: int) -> list[ev.Event] | None:
    """What the betting records by itself (see the module docstring)."""
    hand = state.hand
    if hand is None or hand.ended:
        return []
    if x.phase == "ante":
        return bets.forced_bets(state, replace(betting, forced=(bets.Forced("blind", 0, ante),)), [hand.dealer])
    if x.phase != "showdown" or x.straddling:
        return stake_due(state, x)
    end, live, have = [make_event(ev.HandEnded, hand=hand.number)], own.live(state, x.order), state.balance("pot")
    if all_passed(x, live):                                     # "the pot is carried forward"
        return [make_event(ev.PotCarried, pot="pot", amount=have)] if have else end
    if len(live) <= 1:
        return pots.last_in(state, "{player} is the last player in: everyone else passed")[1] or end
    return None


_MOVES = (ev.Bet, ev.Call, ev.Raise, ev.AllIn, ev.Check, ev.Fold, ev.Declared)


def track(state: TableState, x: Book, event: ev.Event, betting: bets.Betting, *, dealt: Callable[[], bool]) -> None:
    """``evolve``'s part while a hand is on (see the module docstring)."""
    hand = state.hand
    assert hand is not None
    if x.phase == "ante" and isinstance(event, (ev.Bet, ev.AllIn)):
        bets.record(state, x, betting, event, forced=True)
        x.phase = "deal"
    elif isinstance(event, _MOVES):
        if not isinstance(event, ev.Declared):
            bets.record(state, x, betting, event)
        if moved(x, event):
            x.phase = "bet"
    if x.phase == "deal" and dealt():
        x.phase = "straddle"
    if x.phase in ("straddle", "force", "bet") and not x.straddling:
        if len(own.live(state, x.order)) <= 1:
            x.phase = "showdown"
        elif x.phase == "straddle" and to_act(state, x, betting) is None:
            x.phase = "force"
        if x.phase in ("force", "bet") and to_act(state, x, betting) is None:
            x.phase = "showdown"
    hand.to_act = None if x.straddling else to_act(state, x, betting)
    hand.phase = x.phase


def prompt(state: TableState, x: Book, betting: bets.Betting, player: str | None) -> Legal | None:
    """What `player`, to act, may do in the betting (see the module docstring)."""
    if x.phase == "straddle" and player:
        return Legal(player, ("fold", "straddle", "open", "allin"),
                          f"a straddle puts in {owed(state, player) + 1}")
    if x.phase == "force" and player:
        return Legal(player, ("open", "allin", "fold"), "the straddles are over: open or fold")
    if x.phase == "bet" and player:
        return bets.prompt(state, x, betting, player)
    return None
