"""The chip journal of a session: every posting in order, with its seq, hand and time.

Shared by the ``csv`` and ``beancount`` exports. The session is folded from scratch with an
observer (`ledger.reducer.fold`), so voided events move no chips here either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import events as ev
from ..audit import hand_of
from ..chips import Posting
from ..reducer import fold
from ..state import TableState


@dataclass(frozen=True)
class Entry:
    """The postings of one chip-moving event (or a hand's end, with the balances after it).

    Attributes:
        hand: the hand it belongs to (None between hands).
        ended_hand: set on a ``hand_ended`` entry: the hand that ended.
        balances: every account's chips after the event (only on ``hand_ended`` entries).
    """

    seq: int
    hand: int | None
    recorded_at: str
    type: str
    text: str
    postings: tuple[Posting, ...]
    ended_hand: int | None = None
    balances: tuple[tuple[str, int], ...] = ()


def journal(store: Any, sid: str) -> tuple[list[Entry], TableState]:
    """Entries for every chip-moving event and every hand's end, in seq order; and the last state."""
    from ..describe import describe

    store.require(sid)
    recorded = list(store.recorded(sid))
    at = {r.seq: r.recorded_at for r in recorded}
    entries: list[Entry] = []

    def observe(seq: int, event: ev.Event, postings: list[Posting], st: TableState) -> None:
        if postings:
            entries.append(Entry(seq, hand_of(st, event), at[seq], event.type, describe(event), tuple(postings)))
        if isinstance(event, ev.HandEnded):
            entries.append(Entry(seq, hand_of(st, event), at[seq], event.type, describe(event), (),
                                 ended_hand=st.hand.number if st.hand else None,
                                 balances=tuple(st.balances.items())))

    state = fold([(r.seq, r.event) for r in recorded], state=TableState(session=sid),
                 voided=set(store.voids(sid)), observer=observe)
    return entries, state
