"""A game played to the last chip: after a hand the players left without chips are eliminated,
the game is over when one player holds every chip, and what the rules set aside (a pot nobody
could win, at a table without a house) waits in a persistent pot for the last player standing.

    LAST = Elimination(game="bluffjack", aside="pot:aside")
    LAST.before_hand(state)           # potlog hand: refused once the game is over; eliminations still due
    LAST.after_hand(state, still)     # after the showdown: eliminations, the set-aside pot, the game's end
    LAST.decide(state, cmd)           # join, rebuy, leave and close at such a table

Public API (`Elimination` methods read the table and return events or refuse; nothing changes it):

- ``with_chips(state) -> list[str]``: the seated players with chips, in seat order.
- ``around(state) -> list[Seat]``: every seat, clockwise from the dealer's left.
- ``eliminations(seats, stacks) -> [PlayerLeft]``: each of `seats` without chips in `stacks`
  (player -> chips), reason `ELIMINATED`.
- ``Elimination(game, aside="pot:aside", players=2)``: `game` names the game in refusals;
  `aside` is the pot set aside for the last player standing; `players` the fewest with chips
  a hand needs.
- ``.before_hand(state) -> [PlayerLeft]``: refused when one player holds every chip after a
  hand has been played, or fewer than `players` have chips; else the eliminations still due
  (a void can undo a showdown's, and the next hand makes them).
- ``.after_hand(state, still) -> list[Event]``: after the hand (`still`: who was left in it):
  when nobody still seated has chips, the set-aside pot shared among `still`; the
  eliminations; then one player with chips takes the set-aside pot and wins the game (a
  note), or nobody has chips and nobody wins (a note).
- ``.after_leave(state, events) -> list[Transfer]``: a player's leaving (`events`) leaves one
  player with chips between hands: they take the set-aside pot.
- ``.at_close(state) -> list[Transfer]``: the game stops between hands: the set-aside pot
  shared among the players with chips (all still seated when none has).
- ``.decide(state, cmd) -> list[Event]``: join (a buy-in above 0), rebuy (between hands),
  leave (then `after_leave`), close (`at_close` first); other shared verbs as
  ``core.verbs`` decides them.
- ``.unwon(state, total, *, house, bust=...) -> pots.Payout.lost hook``: a layer every
  contender lost (`bust` says how) or nobody is left in goes to the house, or, without one
  (`house` False), is set aside for the last player standing (`total`: what the pot held).
- ``.final(event) -> bool``: an event the rules record once a hand is over (an elimination,
  the set-aside pot paid out), which stands with the hand's result (``follow.track``).
- ``.check(state, event) -> bool``: for ``potlog verify --rules``: True when `event` is an
  elimination or a transfer the table may hold (a payment between players, the set-aside
  pot paid to a player still in the game between hands); refused when such an event is not;
  False for any other event.
- ``.between(state) -> list[Legal]``: `legal` between hands (the game is over, a hand needs
  more players with chips, or the next hand).
- ``.lines(state) -> list[(str, str)]``: `view`'s lines: the set-aside pot, the house, the
  winner once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ... import events as ev
from ...core.commands import Close, Join, Leave, Rebuy
from ...errors import RuleViolation
from ...core.contract import Legal
from ...core.table import require_hand
from ...core.verbs import close, decide_generic, make_event
from ...state import Seat, TableState
from ...kit import pots
from ...kit.follow import trial

ELIMINATED = "eliminated"
"""The reason of a `PlayerLeft` for a player eliminated without chips."""


def with_chips(state: TableState) -> list[str]:
    """The seated players with chips, in seat order."""
    return [s.name for s in state.seats if s.active and state.stack(s.name) > 0]


def around(state: TableState) -> list[Seat]:
    """Every seat, clockwise from the dealer's left (the dealer last)."""
    by_name = {s.name: s for s in state.seats}
    return [by_name[n] for n in pots.order_from_dealer(state)]


def eliminations(seats: list[Seat], stacks: dict[str, int]) -> list[ev.Event]:
    """A `PlayerLeft` (reason `ELIMINATED`) for each of `seats` without chips in `stacks`."""
    return [make_event(ev.PlayerLeft, player=s.name, cashout=0, reason=ELIMINATED)
            for s in seats if stacks[s.name] == 0]


@dataclass(frozen=True)
class Elimination:
    """A game played to the last chip (see the module docstring)."""

    game: str
    aside: str = "pot:aside"
    players: int = 2

    def before_hand(self, state: TableState) -> list[ev.Event]:
        holders = with_chips(state)
        if len(holders) == 1 and state.hands_played:
            raise RuleViolation(f"the game is over: {holders[0]} holds every chip "
                                "(end the session with 'potlog close')")
        if len(holders) < self.players:
            raise RuleViolation(f"{self.game} needs at least {self.players} players with chips, not {len(holders)}")
        return eliminations(state.active_seats, {s.name: state.stack(s.name) for s in state.seats})

    def after_hand(self, state: TableState, still: list[Seat]) -> list[ev.Event]:
        out: list[ev.Event] = []
        stacks = {s.name: state.stack(s.name) for s in state.seats}
        active = [s.name for s in around(state) if s.active]
        aside = state.balance(self.aside)
        if aside and not any(stacks[p] for p in active):
            out = pots.share(state, [s.name for s in still], "nobody else is left: what was set aside is shared",
                             pot=self.aside)
            for e in out:
                if isinstance(e, ev.Transfer):
                    stacks[e.to_account.removeprefix("seat:")] += e.amount
            aside = 0
        out += eliminations([s for s in around(state) if s.active], stacks)
        holders = [p for p in active if stacks[p] > 0]
        if len(holders) == 1:
            if aside:
                out.append(make_event(ev.Transfer, from_account=self.aside, to_account="seat:" + holders[0],
                                           amount=aside, reason="the last player standing wins what was set aside"))
            out.append(make_event(ev.Note, text=f"{holders[0]} holds every chip and wins the game"))
        elif not holders:
            out.append(make_event(ev.Note, text="every player is out of chips: the house took the last of them "
                                                     "and nobody wins the game"))
        return out

    def after_leave(self, state: TableState, events: list[ev.Event]) -> list[ev.Event]:
        if not state.balance(self.aside):
            return []
        after = trial(state, events)
        left = with_chips(after)
        if after.in_hand or len(left) != 1:
            return []
        return pots.share(state, left, "the last player standing wins what was set aside", pot=self.aside)

    def at_close(self, state: TableState) -> list[ev.Event]:
        seats = [s for s in around(state) if s.active]
        names = [s.name for s in seats if state.stack(s.name) > 0] or [s.name for s in seats]
        if not state.balance(self.aside) or state.in_hand:
            return []
        return pots.share(state, names, "the game stops: what was set aside is shared", pot=self.aside)

    def decide(self, state: TableState, cmd: Join | Rebuy | Leave | Close) -> list[ev.Event]:
        match cmd:
            case Join() if cmd.amount is not None and cmd.amount <= 0:
                raise RuleViolation(f"{cmd.player} needs chips to sit down at {self.game}: give a buy-in above 0")
            case Rebuy() if state.in_hand:
                number = require_hand(state).number
                raise RuleViolation(f"{cmd.player} can rebuy between hands, not during hand {number}")
            case Close():
                shares = self.at_close(state)
                return shares + close(trial(state, shares), cmd)
        events = decide_generic(state, cmd, self.game)
        return events + self.after_leave(state, events) if isinstance(cmd, Leave) else events

    def unwon(self, state: TableState, total: int, *, house: bool, bust: str = "everyone in it is over 21",
              ) -> Callable[[pots.Layer, list[str]], tuple[list[ev.Event], int]]:
        def lost(layer: pots.Layer, contenders: list[str]) -> tuple[list[ev.Event], int]:
            why = f"{layer.name}: {bust if contenders else 'nobody is left in it'}, " + (
                "the house takes it" if house else "set aside for the last player standing")
            if house:
                return [pots.to_house(state, why, amount=layer.amount, held=total)], 0
            return [pots.set_aside(state, self.aside, amount=layer.amount, held=total, reason=why)], 0
        return lost

    def final(self, event: ev.Event) -> bool:
        return (isinstance(event, ev.PlayerLeft) and event.reason == ELIMINATED) or \
            (isinstance(event, ev.Transfer) and event.from_account == self.aside)

    def check(self, state: TableState, event: ev.Event) -> bool:
        if isinstance(event, ev.PlayerLeft) and event.reason == ELIMINATED:
            if state.in_hand or state.stack(event.player) or event.cashout:
                raise RuleViolation(f"{event.player} still has chips or a hand to play: not eliminated")
            return True
        if not isinstance(event, ev.Transfer):
            return False
        src, dest = event.from_account, event.to_account
        if src.startswith("seat:") and dest.startswith("seat:"):
            if event.amount > state.balance(src):
                raise RuleViolation(f"{src[5:]} has only {state.balance(src)} chips")
            return True
        if src == self.aside and dest.startswith("seat:") and not state.in_hand:
            if event.amount > state.balance(self.aside):
                raise RuleViolation(f"only {state.balance(self.aside)} chips are set aside")
            holders = with_chips(state)
            if len(holders) > 1 and dest[5:] not in holders and state.hands_played:
                raise RuleViolation(f"{dest[5:]} is not still in the game")
            return True
        raise RuleViolation(f"in {self.game} chips do not move from {src} to {dest} here")

    def between(self, state: TableState) -> list[Legal]:
        holders = with_chips(state)
        if len(holders) == 1 and state.hands_played:
            return [Legal(None, ("close", "note"), f"the game is over: {holders[0]} holds every chip")]
        if not holders and state.hands_played:
            return [Legal(None, ("close", "note"), "the game is over: the house took the last chips")]
        if len(holders) < self.players:
            return [Legal(None, ("join", "rebuy", "note", "close"),
                               f"a hand needs {self.players} players with chips")]
        return [Legal(None, ("hand", "join", "rebuy", "leave", "count", "note", "close"))]

    def lines(self, state: TableState) -> list[tuple[str, str]]:
        lines = []
        if state.balance(self.aside):
            lines.append(("set aside", f"{state.balance(self.aside)} (for the last player standing)"))
        if state.balance("house"):
            lines.append(("house", str(state.balance("house"))))
        holders = with_chips(state)
        if not state.in_hand and len(holders) == 1 and state.hands_played:
            lines.append(("game", f"over: {holders[0]} holds every chip"))
        return lines
