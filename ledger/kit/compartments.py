"""A board of named staking compartments: persistent pots dressed at every deal, each won by
whoever holds what it names, and what nobody claims left standing for the next deal (Poch's
circular board; any game with a layout of stakes).

    BOARD = Board(("ace", "king", ..., "poch"), dressed=7)
    BOARD.dressing(state, order, done, amount)      # the next dressing stake, or []
    BOARD.award(state, "king", "Ben", reason)       # one compartment to its claimant
    BOARD.share_out(state, reason)                  # the night ends: what is left, shared
    BOARD.persist(state)                            # in evolve: the compartments keep chips

Public API:

- ``Board(names, dressed)``: the compartments' names, in the board's order; the first
  `dressed` of them are dressed every deal. ``account(name)`` is ``pot:NAME``; ``accounts``
  all of them.
- ``dressing(state, order, done, amount) -> [Transfer]``: the next stake of the dressing, as
  a transfer from the player's seat (each player of `order` in turn puts `amount` in each
  dressed compartment; `done`: how many stakes are recorded); [] once all are.
- ``dress_count(order) -> int``: how many stakes a full dressing is.
- ``short(state, players, amount) -> list[str]``: who cannot dress every compartment.
- ``award(state, name, player, reason) -> PotAwarded``: the whole compartment to `player`.
- ``share_out(state, reason, players, order) -> list[PotAwarded]``: every compartment with
  chips shared evenly among `players`, odd chips one each in `order`.
- ``persist(state) -> None``: mark every compartment persistent (call from ``evolve``).
- ``text(state) -> str``: what lies on the board ("ace 3, poch 6" or "empty").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .. import events as ev
from ..games.base import make_event
from ..state import TableState
from . import pots


@dataclass(frozen=True)
class Board:
    """The compartments (see the module docstring)."""

    names: tuple[str, ...]
    dressed: int

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

    def award(self, state: TableState, name: str, player: str, reason: str) -> ev.Event:
        return pots.award([(player, state.balance(self.account(name)))], reason, pot=self.account(name))

    def share_out(self, state: TableState, reason: str, players: Sequence[str], order: Sequence[str]) -> list[ev.Event]:
        return [pots.award(pots.split(state.balance(a), players, order), reason, pot=a)
                for a in self.accounts if state.balance(a)]

    def persist(self, state: TableState) -> None:
        state.persistent.extend(a for a in self.accounts if a not in state.persistent)

    def text(self, state: TableState) -> str:
        return ", ".join(f"{n} {state.balance(self.account(n))}" for n in self.names
                         if state.balance(self.account(n))) or "empty"
