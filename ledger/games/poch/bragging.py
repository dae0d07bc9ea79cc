"""The vying of the old bragging games (Poch's second part, early Brag): in turn each may pass
until someone bets; after the bet each in turn must match the best or drop out; only the
opener raises, once, when the turn comes back to them ("the opener may raise it again next
time round"); then the others match or drop out again, and the hands are shown.

The round is a `ledger.kit.betting` round without re-raising (`VIE`); this module adds the
opener's second turn and the refusals of a raise by anyone else.

Public API:

- ``VIE``: the round (no limit, the smallest bet 1, checks before the bet, no re-raising).
- ``Vie``: the game's book for it (a `betting.Book` with ``opener`` and ``again``: the opener's
  second turn, "" / ``due`` / ``done``).
- ``turn(state, v, order, live) -> str | None``: who acts: the round's next player, then the
  opener's second turn (marks it ``due``); None once the vying is over or one player is left.
- ``act(state, v, cmd, *, pot) -> list[Event]``: a vying move (check, bet, call, raise, allin,
  fold), its stakes into `pot`: on the opener's second turn only raise, check or allin; a raise
  by anyone else is refused.
- ``record(state, v, event) -> None``: in ``evolve``, for each move of the vying.
- ``prompt(state, v, player) -> Legal``: `legal`'s item for the player to act.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ... import events as ev
from ...core.commands import AllIn, Check, Raise
from ...errors import RuleViolation
from ...core.contract import Legal
from ...core.table import require_live
from ...core.verbs import all_in, check, raise_
from ...state import TableState
from ...kit import betting as bets


VIE = bets.Betting(structure="no-limit", min_bet=1, reraise=False,
                   messages={"go_around": "only the opener raises, once the turn comes back: {player} calls or folds"})


class Vie(Protocol):
    acted: list[str]
    raised: list[str]
    high: int
    opener: str
    again: str


def turn(state: TableState, v: Vie, order: Sequence[str], live: Sequence[str]) -> str | None:
    """Who vies next (see the module docstring)."""
    if len(live) <= 1:
        return None
    who = bets.to_act(state, v, VIE, order)
    if who is None and v.opener in live and v.again != "done" and state.stack(v.opener) > 0:
        v.again = "due"
        return v.opener
    return who


def act(state: TableState, v: Vie, cmd: bets.Move, *, pot: str) -> list[ev.Event]:
    """A move of the vying, its stakes into `pot`."""
    player = require_live(state, cmd.player)
    if v.again == "due" and player == v.opener:
        match cmd:
            case Raise():
                events = raise_(state, cmd)
            case Check():
                events = check(state, cmd)
            case AllIn():
                events = all_in(state, cmd)
            case _:
                raise RuleViolation(f"{player}, the opener, raises once more or stands (check)")
    else:
        if v.opener and (isinstance(cmd, Raise) or isinstance(cmd, AllIn) and state.stack(player) > bets.owed(state, player)):
            raise RuleViolation(f"only the opener ({v.opener}) raises in the vying: {player} calls or drops out (fold)")
        events = bets.act(state, v, VIE, cmd)
    return [e.model_copy(update={"pot": pot}) if isinstance(e, (ev.Bet, ev.Call, ev.Raise, ev.AllIn)) else e
            for e in events]


def record(state: TableState, v: Vie, event: ev.Event) -> None:
    """Keep the book for a move of the vying."""
    if isinstance(event, (ev.Bet, ev.Call, ev.Raise, ev.AllIn, ev.Check, ev.Fold)):
        v.again = "done" if v.again == "due" and event.player == v.opener else v.again
        bets.record(state, v, VIE, event)
        v.opener = v.opener or (event.player if isinstance(event, (ev.Bet, ev.AllIn)) else "")


def prompt(state: TableState, v: Vie, player: str) -> Legal:
    """What `player` may do now."""
    if v.again == "due" and player == v.opener:
        return Legal(player, ("raise", "check"), "the opener raises once more or stands")
    return bets.prompt(state, v, VIE, player)
