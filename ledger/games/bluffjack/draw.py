"""Taking cards in turn, blackjack's draw: on their turn in a ``draw`` stage a player takes a
card (a hit) or stands and takes no more this hand; the turn goes round until everyone has
stood. In an ``each+bet`` stage (`kit.stages`) the player then bets before the turn passes.

The game keeps where its hand is in its flat ext: any object with the `stages.Turn` fields
``stage`` (the phase), ``due``, ``last`` and ``drew``, ``stood`` (who has stood this hand) and
the betting round's book (``acted``, ``raised``, ``high``: `kit.betting`) is a `Book`. A game declares its draw once::

    DRAW = Drawing(FLOW, ext, waiting, pack="french52")
    DRAW.hit(state, cmd); DRAW.stand(state, cmd)      # potlog hit Ann 5D / potlog stand Ann
    DRAW.track(state, event)                          # in evolve

Public API:

- ``Drawing(flow, book, waiting, pack=None)``: the hand's `flow`; ``book(state)`` the game's
  `Book`; ``waiting(state)`` what the table waits for, in words (for refusals); the `pack`
  the cards are named in (default: the table's).
- ``.at(state) -> Turn``: the hand as `kit.stages` reads it, with whoever acts now.
- ``.now(state) -> str``: what the player to act does now: ``move`` (their own move: a card or
  a stand), ``bet`` (a betting step), or "" (nobody acts).
- ``.hit(state, cmd) -> [CardsDealt]``: one card to the player whose own move it is
  (`stages.own_move`), face up unless ``--down``; a face-up card must be named.
- ``.stand(state, cmd) -> [Declared]``: a ``declared`` named ``stand``, on the player's turn,
  once a hand.
- ``.betting_step(state, player, doing) -> None``: refuse a betting move (`doing`: "raise", "go
  all-in") unless the table is at a betting step: none in a draw stage without betting (the
  betting comes once everyone has stood), none before the player's own move in an
  ``each+bet`` stage, and none when nobody bets now.
- ``.track(state, event) -> None``: in ``evolve``: a stand is kept in ``book.stood``; a card
  dealt to a player or a stand in a draw stage moves the turn on (`stages.moved`).
- ``.walk(state, order) -> None``: in ``evolve``, once the event is kept: the hand moved past
  every stage that is over (`stages.walk`; a player who has stood has no more own moves), the
  book, and the hand's turn and phase, set.
- ``.shown(state, seats, total) -> str``: what `seats` show the table, for `view`: the `total`
  of each one's face-up cards (one turned up unseen, by a ruling, counts for nothing), how
  many are face down, a stand ("Ann shows 17 +1 down, stood; Ben +1 down").
- ``HIT``, ``STAND``: the words ``potlog hit PLAYER [CARD] [--down]`` and ``potlog stand PLAYER``
  for a game's `Ruleset` (commands ``hit`` and ``stand``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from ... import events as ev
from ...cards import UNKNOWN
from ...core.commands import Command, Deal, Hit, Stand
from ...errors import RuleViolation
from ...core import overrides
from ...core.table import require_hand, require_live
from ...core.verbs import make_event
from ...core.contract import Param, Word
from ...state import Seat, TableState
from ...kit import deal, stages
from ...kit.stages import Flow, Turn


class Book(Protocol):
    """Where the hand is (see the module docstring)."""

    stage: str
    due: str
    last: str | None
    drew: str | None
    stood: list[str]
    acted: list[str]
    raised: list[str]
    high: int


@dataclass(frozen=True)
class Drawing:
    """A game's draw (see the module docstring)."""

    flow: Flow
    book: Callable[[TableState], Book]
    waiting: Callable[[TableState], str]
    pack: str | None = None

    def at(self, state: TableState) -> Turn:
        x = self.book(state)
        return Turn(x.stage, state.hand.to_act if state.hand is not None else None, x.due, x.last, x.drew)

    def now(self, state: TableState) -> str:
        """What the player to act does now: "move" (a card or a stand), "bet", or "" (nobody acts)."""
        at = self.at(state)
        return stages.step(self.flow, at, at.to_act in self.book(state).stood, state)

    def _turn(self, state: TableState, cmd: Hit | Stand, doing: str, messages: dict[str, str] | None = None) -> str:
        require_hand(state)
        player = require_live(state, cmd.player)
        stages.own_move(state, self.flow, self.at(state), player, doing, done=player in self.book(state).stood,
                        waiting=lambda: self.waiting(state), messages=messages)
        return player

    def hit(self, state: TableState, cmd: Hit) -> list[ev.Event]:
        player = self._turn(state, cmd, "take a card")
        card = deal.next_card(state, cmd, player, pack=self.pack)
        if card == UNKNOWN and cmd.face_up:
            raise RuleViolation("a card dealt face up is seen by the table: name it (like 7H), or add --down")
        return [make_event(ev.CardsDealt, to=player, cards=[card], face_up=cmd.face_up)]

    def stand(self, state: TableState, cmd: Stand) -> list[ev.Event]:
        player = self._turn(state, cmd, "stand", {"done": "{player} has already stood"})
        return [make_event(ev.Declared, player=player, name="stand")]

    def forced(self, state: TableState, cmd: Command) -> list[ev.Event] | None:
        """``hit`` and ``stand`` as a table ruling (``--override``: out of turn, after a stand):
        the card dealt or the stand, with only the input checked; other verbs: None."""
        if not isinstance(cmd, (Hit, Stand)):
            return None
        if state.seat(cmd.player or "") is None:
            raise RuleViolation(f"{cmd.player} has never sat at this table")
        if isinstance(cmd, Hit):
            return overrides.forced(state, Deal(to=cmd.player, cards=cmd.cards or ("??",),
                                              face_up=cmd.face_up))
        return [make_event(ev.Declared, player=cmd.player, name="stand")]

    def betting_step(self, state: TableState, player: str, doing: str) -> None:
        here, now = self.flow.stage(self.book(state).stage, state), self.now(state)
        drawing = here is not None and here.kind == "draw"
        if drawing and here is not None and here.betting is None:
            raise RuleViolation(f"{player} cannot {doing} while cards are taken: {self.waiting(state)} "
                                "(the final betting round comes when everyone has stood)")
        if drawing and self.at(state).to_act == player and now == "move":
            raise RuleViolation(f"{player} takes a card or stands first (potlog hit / potlog stand), then calls, "
                                "raises or folds")
        if now != "bet":
            raise RuleViolation(f"{player} cannot {doing} now: {self.waiting(state)}")

    def track(self, state: TableState, event: ev.Event) -> None:
        x = self.book(state)
        if isinstance(event, ev.Declared) and event.name == "stand" and event.player:
            player = event.player
            if player not in x.stood:
                x.stood.append(player)
        elif isinstance(event, ev.CardsDealt) and state.seat(event.to) is not None:
            player = event.to
        else:
            return
        here = self.flow.stage(x.stage, state)
        if here is not None and here.kind == "draw":
            moved = stages.moved(self.flow, Turn(x.stage, None, x.due, x.last, x.drew), player, state)
            x.last, x.drew = moved.last, moved.drew

    def walk(self, state: TableState, order: Sequence[str]) -> None:
        x, hand = self.book(state), state.hand
        at = stages.walk(state, self.flow, self.at(state), x, order, done=lambda seat: seat.name in x.stood)
        x.stage, x.due, x.last, x.drew = at.phase, at.due, at.last, at.drew
        if hand is not None:
            hand.to_act, hand.phase = at.to_act, x.stage

    def shown(self, state: TableState, seats: Sequence[Seat], total: Callable[[list[str]], int]) -> str:
        out = []
        for s in seats:
            if not s.cards:
                continue
            up = [h.card for h in s.cards if h.up]
            down = len(s.cards) - len(up)
            known = [c for c in up if c != UNKNOWN]
            text = (f"{s.name} shows {total(known)}" if up else s.name) + (f" +{down} down" if down else "")
            out.append(text + (", stood" if s.name in self.book(state).stood else ""))
        return "; ".join(out)


HIT = Word("hit", "On their turn in the draw, PLAYER takes a card, dealt face up.",
           "Example: potlog hit Ann 5D. A player who has stood takes no more cards.",
           params=(Param("player", "The player taking a card."),
                   Param("card", "The card taken, like 7H ('??' with --down if nobody saw it).", required=False,
                         field="cards"),
                   Param("down", "The card is dealt face down (default: face up).", kind="flag", field="face_up")),
           command=lambda v: Hit(player=v["player"], cards=(v["card"],) if v["card"] else (), face_up=not v["down"]),
           makes=(Hit,))
STAND = Word("stand", "On their turn in the draw, PLAYER stands and takes no more cards this hand.",
             "When everyone has stood, the final betting round starts.",
             params=(Param("player", "The player who stands."),),
             command=lambda v: Stand(player=v["player"]), makes=(Stand,))
