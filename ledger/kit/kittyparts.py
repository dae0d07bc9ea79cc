"""The kitty's pieces, for games played for a kitty whose turns are not `ledger.kit.kitty`'s.

`ledger.kit.kitty` declares the compendium's roll-off games whole. A game whose play is its
own (Mafia's dice passed between players, the board of rooms) still shares the kitty's
frame, and the roll-off the texts use to break ties or to pick who starts:

    antes(state, order, anted, ante) -> [Ante]
        the antes still due: `ante` (or what the player has left) for each of `order` not in
        `anted`, in order.
    settle(state, winners, why, *, pot="pot") -> [PotAwarded | PotCarried, HandEnded]
        the end of the game: one winner takes `pot` (the reason `why`); several, or none, and
        it stands (rides into the next game as ``carry``); an empty pot pays nothing.
    to_roll(off, offs) -> str | None
    rolled(off, offs, who, total) -> str | None
        a roll-off kept in a game's flat state: who is in it (`off`, in the order they roll)
        and what each has rolled this go (`offs`); `to_roll` says who rolls now; `rolled`
        records a roll and, once all have rolled, gives the one highest, else None (the tied
        are left in `off` to roll again).
"""

from __future__ import annotations

from collections.abc import Sequence
from .. import events as ev
from ..core.table import require_hand
from ..core.verbs import make_event
from ..state import TableState


def antes(state: TableState, order: Sequence[str], anted: Sequence[str], ante: int) -> list[ev.Event]:
    """The antes still due, in `order` (each `ante`, or what the player has left)."""
    return [make_event(ev.Ante, player=p, amount=min(ante, state.stack(p))) for p in order if p not in anted]


def settle(state: TableState, winners: Sequence[str], why: str, *, pot: str = "pot") -> list[ev.Event]:
    """The kitty (`pot`) to the one winner, or it stands; then the end of the hand."""
    hand = require_hand(state)
    kitty = state.balance(pot)
    end = [make_event(ev.HandEnded, hand=hand.number)]
    if not kitty:
        return end
    if len(winners) == 1:
        return [make_event(ev.PotAwarded, pot=pot, shares=[ev.Share(player=winners[0], amount=kitty)],
                                reason=why[:200])] + end
    return [make_event(ev.PotCarried, pot=pot, amount=kitty)] + end


def to_roll(off: Sequence[str], offs: dict[str, int]) -> str | None:
    """Who rolls now in a roll-off (None: everyone in it has rolled, or nobody is in one)."""
    return next((p for p in off if p not in offs), None)


def rolled(off: list[str], offs: dict[str, int], who: str, total: int) -> str | None:
    """`who` rolled `total` in the roll-off (`off` and `offs` change in place): the one highest
    once all have rolled, else None (the tied are left in `off`, to roll again)."""
    offs[who] = total
    if len(offs) < len(off):
        return None
    top = max(offs.values())
    off[:] = [p for p in off if offs[p] == top]
    offs.clear()
    return off[0] if len(off) == 1 else None
