"""A game's verbs, declared: its own handlers, the shared verbs it takes as they are, and the
ones it refuses with its own reason, so `decide` is one table and not a chain of ifs.

    VERBS = Verbs("bluffjack", own={"hand": _hand, "deal": _deal, ...}, shared=("note", "count"),
                  refused={"round": "in bluffjack potlog opens each betting round itself"},
                  unknown="bluffjack has no '{verb}': deal, ante, bet, ... are its moves")
    VERBS.decide(state, cmd)

Public API:

- ``Verbs(game, own, shared=(), refused={}, unknown=...)``: `own` maps a verb to the game's
  handler ``(state, cmd) -> events``; `shared` verbs are decided by ``core.verbs`` as they are;
  `refused` maps a verb to why the game refuses it; `unknown` refuses any other verb. The
  refusals may name the verb (``{verb}``) and the game (``{game}``).
- ``Verbs.decide(state, cmd) -> list[Event]``: the command's events by that table.
- ``Verbs.names`` the verbs the game takes (its own and the shared ones).
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
from ..core.commands import Command
from ..core.contract import Legal
from ..errors import RuleViolation
from ..core.verbs import decide_generic, open_session
from ..state import TableState

Handler = Callable[[TableState, Command], list[ev.Event]]


@dataclass(frozen=True)
class Verbs:
    """A game's verbs (see the module docstring)."""

    game: str
    own: Mapping[str, Handler]
    shared: tuple[str, ...] = ()
    refused: Mapping[str, str] = field(default_factory=dict)
    unknown: str = "{game} has no '{verb}'"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.own) + tuple(v for v in self.shared if v not in self.own)

    def decide(self, state: TableState, cmd: Command) -> list[ev.Event]:
        """`cmd`'s events: the game's handler, the shared verb, or the refusal."""
        handler = self.own.get(cmd.verb)
        if handler is not None:
            return handler(state, cmd)
        if cmd.verb in self.shared:
            return decide_generic(state, cmd, self.game)
        raise RuleViolation(self.refused.get(cmd.verb, self.unknown).format(verb=cmd.verb, game=self.game))


Decide = Callable[[TableState, Command], list[ev.Event]]
SHARED = frozenset({"join", "rebuy", "leave", "count", "note", "void", "close"})
IDLE = Legal(None, ("hand", "join", "rebuy", "leave", "close"))


def decider(game: str, title: str, options: type[BaseModel], verbs: Mapping[str, Decide], hint: str) -> Decide:
    """A game's `decide`: ``open`` with its `options`, its own `verbs`, the shared verbs; any
    other refused in one line ("Meier has no 'bet': ..." + `hint`)."""
    def decide(state: TableState, cmd: Command) -> list[ev.Event]:
        if cmd.verb == "open":
            return open_session(cmd, options, game)
        own = verbs.get(cmd.verb)
        if own is not None:
            return own(state, cmd)
        if cmd.verb in SHARED:
            return decide_generic(state, cmd, game)
        raise RuleViolation(f"{title} has no '{cmd.verb}': {hint}")
    return decide
