"""Kitty games whose turns look back over the game, or whose throws the rules vet first.

`ledger.kit.kitty` reads one turn at a time: its `Turn` holds the throws of this turn and
the player's total. Two of the compendium's games need a little more, declared here without
changing that engine:

- Beetle builds one beetle over the whole game: its `read` needs the player's earlier
  throws (``history=True``: the turn is a `Told`, whose ``earlier`` holds them).
- Dix Mille lets the player choose the dice set aside, but only dice that score: a throw is
  put to the game's ``vet(turn, throw, options)`` before it is recorded; a sentence back
  refuses it (``potlog reroll Ann 4 4 --keep 2``: "a 2 scores nothing ...").

    GAME = KittyTurns("beetle", "Beetle", "...", Options, read, rolls=1, rounds=0, history=True)
    GAME = KittyTurns("dixmille", "Dix Mille", "...", Options, read, keep=True, may_stop=True, vet=vet)

Public API: `KittyTurns` (a `KittyGame` with ``history`` and ``vet``), `Told` (a `Turn`
with ``earlier``: the faces of each of the player's throws this game before this turn, in
order, roll-off throws aside), `Vet`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable

from .. import events as ev
from ..core.commands import Command, Reroll, RollDice
from ..errors import RuleViolation
from ..state import TableState
from .kitty import Kitty, KittyGame, Throw, Turn

Vet = Callable[[Turn, Throw, Any], "str | None"]
"""(the turn before the throw, the throw, the options) -> a refusal, or None."""


@dataclass(frozen=True)
class Told(Turn):
    """A turn that also knows the player's earlier throws this game (`earlier`)."""

    earlier: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class KittyTurns(KittyGame):
    """A `KittyGame` whose turns are `Told` (``history``) and whose throws are vetted (``vet``)."""

    history: bool = False
    vet: Vet | None = None

    def turn(self, state: TableState, x: Kitty | None = None) -> Turn | None:
        t = super().turn(state, x)
        if t is None or not self.history or state.hand is None:
            return t
        mine = [tuple(r.faces) for r in state.hand.dice if r.player == t.player]
        earlier = tuple(mine[:len(mine) - len(t.throws)])
        return Told(**{f.name: getattr(t, f.name) for f in fields(Turn)}, earlier=earlier)

    def decide(self, state: TableState, cmd: Command) -> list[ev.Event]:
        events = super().decide(state, cmd)
        if self.vet is None or not isinstance(cmd, (RollDice, Reroll)) or not events:
            return events
        t = self.turn(state)
        thrown = events[0]
        if t is not None and isinstance(thrown, (ev.DiceRolled, ev.DiceRerolled)) and thrown.player == t.player:
            kept = tuple(thrown.kept) if isinstance(thrown, ev.DiceRerolled) else ()
            why = self.vet(t, Throw(tuple(thrown.faces), kept), self.opts(state))
            if why:
                raise RuleViolation(why)
        return events
