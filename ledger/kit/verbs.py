"""A game's verbs, declared: its own handlers, the shared verbs it takes as they are, and the
ones it refuses with its own reason, so `decide` is one table and not a chain of ifs.

    VERBS = Verbs("bluffjack", own={NewHand: _hand, Deal: _deal, ...}, shared=(Note, Count),
                  refused={Round: "in bluffjack potlog opens each betting round itself"},
                  unknown="bluffjack has no '{verb}': deal, ante, bet, ... are its moves")
    VERBS.decide(state, cmd)

Public API:

- ``Verbs(game, own, shared=(), refused={}, unknown=...)``: `own` maps a command class to the
  game's handler ``(state, cmd) -> events``; `shared` command classes are decided by
  ``core.verbs`` as they are; `refused` maps a class to why the game refuses it; `unknown`
  refuses any other command. The
  refusals may name the verb (``{verb}``) and the game (``{game}``).
- ``Verbs.decide(state, cmd) -> list[Event]``: the command's events by that table.
- ``Verbs.names`` the verbs (words) the game takes (its own and the shared ones).
- ``decider(game, title, options, verbs, hint) -> decide``: a game's `decide` in one call:
  ``open`` with its `options`, its own `verbs`, the shared ones (`SHARED`: join, rebuy,
  leave, count, note, void, close); anything else refused naming the game's moves (`hint`).
- ``IDLE``: `legal` between games (a hand, or the recorder's seating moves).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from pydantic import BaseModel

from .. import events as ev
from ..core.commands import Close, Command, Count, Join, Leave, Note, Open, Rebuy, Void
from ..core.contract import Legal
from ..errors import RuleViolation
from ..core.verbs import Handler, decide_generic, open_session
from ..state import TableState


@dataclass(frozen=True)
class Verbs:
    """A game's verbs (see the module docstring)."""

    game: str
    own: Mapping[type[Command], Handler]
    shared: tuple[type[Command], ...] = ()
    refused: Mapping[type[Command], str] = field(default_factory=dict)
    unknown: str = "{game} has no '{verb}'"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.verb for c in (*self.own, *self.shared)))

    def decide(self, state: TableState, cmd: Command) -> list[ev.Event]:
        """`cmd`'s events: the game's handler, the shared verb, or the refusal."""
        handler = self.own.get(type(cmd))
        if handler is not None:
            return handler(state, cmd)
        if type(cmd) in self.shared:
            return decide_generic(state, cmd, self.game)
        raise RuleViolation(self.refused.get(type(cmd), self.unknown).format(verb=cmd.verb, game=self.game))


Decide = Callable[[TableState, Command], list[ev.Event]]
SHARED: frozenset[type[Command]] = frozenset({Join, Rebuy, Leave, Count, Note, Void, Close})
IDLE = Legal(None, ("hand", "join", "rebuy", "leave", "close"))


def decider(game: str, title: str, options: type[BaseModel], verbs: Mapping[type[Command], Handler],
            hint: str) -> Decide:
    """A game's `decide`: ``open`` with its `options`, its own `verbs`, the shared verbs; any
    other refused in one line ("Meier has no 'bet': ..." + `hint`)."""
    def decide(state: TableState, cmd: Command) -> list[ev.Event]:
        if isinstance(cmd, Open):
            return open_session(cmd, options, game)
        own = verbs.get(type(cmd))
        if own is not None:
            return own(state, cmd)
        if type(cmd) in SHARED:
            return decide_generic(state, cmd, game)
        raise RuleViolation(f"{title} has no '{cmd.verb}': {hint}")
    return decide
