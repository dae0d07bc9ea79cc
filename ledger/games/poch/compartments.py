"""A board of named staking compartments: persistent pots dressed at every deal, each won by
whoever holds what it names, and what nobody claims left standing for the next deal (Poch's
circular board; any game with a layout of stakes).

    BOARD = Board(("ace", "king", ..., "poch"), dressed=7, claims={"ace": ("A",), "marriage": ("K", "Q")})
    BOARD.require_dressing(state, players, amount)  # at `potlog hand`: everyone can dress it
    BOARD.follows(state, x, amount)                 # the next dressing stake, or the next claim paid
    BOARD.shown(state, x, cmd, game="Poch", before="the vying")  # the recorder's `board`
    BOARD.track(x, event)                           # in evolve: a stake in, the claims shown
    BOARD.advance(state, x, DEALING, then="vie")    # in evolve: dressed, dealt, the claims paid
    BOARD.close(state, cmd)                         # the night ends: what is left, shared
    BOARD.persist(state)                            # in evolve: the compartments keep chips

A deal on the board goes through three phases, kept in the game's ext (`Dressed`): ``dress``
(potlog records every stake), ``deal`` (the cards, then the trump turned up), ``board`` (the
claimed compartments paid, once the claims are known), then the game's own.

Public API:

- ``Board(names, dressed, claims={}, trump="trump")``: the compartments' names, in the board's
  order; the first `dressed` of them are dressed every deal; `claims`: for a compartment won by
  holding cards, the ranks of the trump suit its holder must hold, all of them (``("K", "Q")``:
  both); `trump`: the board the trump is turned up on (`ledger.kit.turnup`).
  ``account(name)`` is ``pot:NAME``; ``accounts`` all of them.
- ``Dressed``: where a game keeps the deal's part on the board (its flat ext qualifies):
  ``order`` (the players, in the dressing's order), ``phase``, ``dressed`` (stakes recorded)
  and ``shown`` (the recorder said ``board``: the claims are shown).
- ``follows(state, x, amount) -> list[Event]``: what the board records by itself: in
  ``dress`` the next stake (`amount` chips); in ``board``, once the claims are known (`shown`,
  or every hand known), the next claim paid (`next_claim`); else [].
- ``shown(state, x, cmd, *, game, before) -> [Declared]``: the recorder's ``board`` (``potlog
  board``, the word `WORD`): the claiming trumps are shown, the rest stay on the board; refused
  for any other declaration of the `game`, and outside the ``board`` phase (which comes
  `before` the game's next part).
- ``track(x, event) -> bool``: in ``evolve``: a stake of the dressing counted, the recorder's
  ``board`` kept (`shown`); True for either.
- ``advance(state, x, dealing, *, then) -> None``: in ``evolve``: ``dress`` -> ``deal`` once
  every stake is in, ``deal`` -> ``board`` once `dealing` is done and the trump turned,
  ``board`` -> `then` once the claims are known and paid.
- ``dressing(state, order, done, amount) -> [Transfer]``: the next stake of the dressing, as
  a transfer from the player's seat (each player of `order` in turn puts `amount` in each
  dressed compartment; `done`: how many stakes are recorded); [] once all are.
- ``dress_count(order) -> int``: how many stakes a full dressing is.
- ``short(state, players, amount) -> list[str]``: who cannot dress every compartment;
  ``require_dressing(state, players, amount) -> None``: refused (rebuy or leave first) unless
  everyone can.
- ``claimed(state, hands, trump) -> list[(name, player)]``: every compartment with chips
  whose `claims` one player holds, all of them, in the trump's suit (`hands`: player ->
  cards, ``??`` unseen; no `trump`: none); ``next_claim(state, hands, trump) -> [PotAwarded]``:
  the first of them paid ("Ben holds the king of trumps", "... the marriage in trumps"), or [].
- ``award(state, name, player, reason) -> PotAwarded``: the whole compartment to `player`.
- ``share_out(state, reason, players, order) -> list[PotAwarded]``: every compartment with
  chips shared evenly among `players`, odd chips one each in `order`.
- ``close(state, cmd, reason=SHARED) -> list[Event]``: ``potlog close`` (refused during a deal,
  and while chips lie on the board with nobody seated to share them): what is left on the
  board shared out among the players seated, odd chips one each from the dealer's left, then
  the session closed; ``check_close(state, event) -> bool``: ``verify
  --rules``: an award between deals must be that share-out (True: `event` was one, checked).
- ``persist(state) -> None``: mark every compartment persistent (call from ``evolve``).
- ``text(state) -> str``: what lies on the board ("ace 3, poch 6" or "empty").
- ``WORD``: the recorder's word ``board`` (`shown`), for the game's ``words``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Protocol, Sequence

from ... import events as ev
from ...cards import suit
from ...core.commands import Close, Declare
from ...errors import RuleViolation
from ...core import verbs
from ...core.checks import require_same
from ...core.table import require_open
from ...core.verbs import make_event
from ...core.contract import Word
from ...state import TableState
from ...kit import deal, follow, own, pots, stages, turnup
from .sequences import holder

SHARED = "the night ends: the board is shared out"


class Dressed(Protocol):
    order: list[str]
    phase: str
    dressed: int
    shown: bool


@dataclass(frozen=True)
class Board:
    """The compartments (see the module docstring)."""

    names: tuple[str, ...]
    dressed: int
    claims: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    trump: str = "trump"

    @staticmethod
    def account(name: str) -> str:
        return f"pot:{name}"

    @property
    def accounts(self) -> tuple[str, ...]:
        return tuple(self.account(n) for n in self.names)

    def dress_count(self, order: Sequence[str]) -> int:
        return self.dressed * len(order)

    def dressing(self, state: TableState, order: Sequence[str], done: int, amount: int) -> list[ev.Event]:
        if done >= self.dress_count(order):
            return []
        p, c = divmod(done, self.dressed)
        who, name = order[p], self.names[c]
        return [make_event(ev.Transfer, from_account=f"seat:{who}", to_account=self.account(name), amount=amount,
                           reason=f"{who} dresses the {name}")]

    def short(self, state: TableState, players: Sequence[str], amount: int) -> list[str]:
        return [p for p in players if state.stack(p) < self.dressed * amount]

    def require_dressing(self, state: TableState, players: Sequence[str], amount: int) -> None:
        """Refuse a deal some of `players` cannot dress."""
        short = self.short(state, players, amount)
        if short:
            raise RuleViolation(f"{', '.join(short)} cannot dress the board ({self.dressed * amount} chips): "
                                "rebuy or leave first")

    def claimed(self, state: TableState, hands: Mapping[str, Sequence[str]],
                trump: str | None) -> list[tuple[str, str]]:
        """(compartment, player) for every compartment with chips that a known trump claims."""
        out = []
        for name, ranks in self.claims.items() if trump else ():
            who = {holder(hands, r + (suit(trump or "") or "")) for r in ranks}
            if len(who) == 1 and (p := who.pop()) is not None and state.balance(self.account(name)):
                out.append((name, p))
        return out

    def next_claim(self, state: TableState, hands: Mapping[str, Sequence[str]], trump: str | None) -> list[ev.Event]:
        """The first claimed compartment, paid to its holder (the king "of" trumps, the marriage "in" trumps)."""
        for name, who in self.claimed(state, hands, trump)[:1]:
            held = "of" if len(self.claims[name]) == 1 else "in"
            return [self.award(state, name, who, f"{who} holds the {name} {held} trumps")]
        return []

    def _known(self, state: TableState, x: Dressed) -> bool:
        return x.shown or own.known(own.hands(state, x.order))

    def follows(self, state: TableState, x: Dressed, amount: int) -> list[ev.Event]:
        """The next dressing stake, or the next claim paid (see the module docstring)."""
        if x.phase == "dress":
            return self.dressing(state, x.order, x.dressed, amount)
        if x.phase == "board" and self._known(state, x):
            return self.next_claim(state, own.hands(state, x.order), turnup.turned(state, self.trump))
        return []

    def shown(self, state: TableState, x: Dressed, cmd: Declare, *, game: str, before: str) -> list[ev.Event]:
        """The recorder's ``board`` (see the module docstring)."""
        stages.hand_on(state)
        if cmd.name != "board" or cmd.player:
            raise RuleViolation(f"{game}'s one declaration is the recorder's 'board': the claims are shown")
        if x.phase != "board":
            raise RuleViolation(f"the board is paid once the cards are dealt and the trump turned, before {before}")
        return [make_event(ev.Declared, name="board", value="shown")]

    @staticmethod
    def track(x: Dressed, event: ev.Event) -> bool:
        """Count a dressing stake, keep the recorder's ``board`` (see the module docstring)."""
        if isinstance(event, ev.Transfer) and x.phase == "dress":
            x.dressed += 1
        elif isinstance(event, ev.Declared) and event.name == "board":
            x.shown = True
        else:
            return False
        return True

    def advance(self, state: TableState, x: Dressed, dealing: deal.Dealing, *, then: str) -> None:
        """Move the deal on: dressed, dealt, the board paid (see the module docstring)."""
        if x.phase == "dress" and x.dressed >= self.dress_count(x.order):
            x.phase = "deal"
        if x.phase == "deal" and turnup.done(state, dealing, self.trump):
            x.phase = "board"
        if x.phase == "board" and self._known(state, x) and not self.claimed(
                state, own.hands(state, x.order), turnup.turned(state, self.trump)):
            x.phase = then

    def award(self, state: TableState, name: str, player: str, reason: str) -> ev.Event:
        return pots.award([(player, state.balance(self.account(name)))], reason, pot=self.account(name))

    def share_out(self, state: TableState, reason: str, players: Sequence[str], order: Sequence[str]) -> list[ev.Event]:
        return [pots.award(pots.split(state.balance(a), players, order), reason, pot=a)
                for a in self.accounts if state.balance(a)]

    def _closing(self, state: TableState, reason: str) -> list[ev.Event]:
        order = pots.order_from_dealer(state)
        seated = [p for p in order if (s := state.seat(p)) is not None and s.active]
        return self.share_out(state, reason, seated, order) if seated else []

    def close(self, state: TableState, cmd: Close, reason: str = SHARED) -> list[ev.Event]:
        """``potlog close``: the board shared out, then the session closed."""
        require_open(state)
        if state.in_hand:
            raise RuleViolation("finish the deal before closing: the board is shared out between deals")
        shared = self._closing(state, reason)
        if not shared and any(state.balance(a) for a in self.accounts):
            raise RuleViolation(f"nobody is seated to share out the board ({self.text(state)}): "
                                "seat a player (potlog join NAME 0), then close")
        return shared + verbs.close(follow.trial(state, shared), cmd)

    def check_close(self, state: TableState, event: ev.Event, reason: str = SHARED) -> bool:
        """An award between deals is the close's share-out (checked); True when `event` is one."""
        if not isinstance(event, ev.PotAwarded) or state.in_hand:
            return False
        due = self._closing(state, reason)
        if not due:
            raise RuleViolation("between deals potlog pays out nothing but the board, at the close")
        require_same(due[0], event.model_copy(update={"ruling": None}))
        return True

    def persist(self, state: TableState) -> None:
        state.persistent.extend(a for a in self.accounts if a not in state.persistent)

    def text(self, state: TableState) -> str:
        return ", ".join(f"{n} {state.balance(self.account(n))}" for n in self.names
                         if state.balance(self.account(n))) or "empty"


WORD = Word("board", "Part one is over: potlog pays each compartment to the trump shown for it.",
            "Show the claiming trumps first (potlog reveal Ann AH KH); a compartment nobody showed stays on the "
            "board. When every hand is known potlog pays the board by itself.",
            command=lambda v: Declare(name="board"), makes=(Declare,))
"""``potlog board``: the recorder's word for `Board.shown`."""
