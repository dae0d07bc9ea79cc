"""Loading a session's state: fold of its events (snapshot cache to come in issue 6)."""

from __future__ import annotations

from .reducer import fold
from .state import TableState
from .store import Store


def load_state(store: Store, session: str, upto: int | None = None) -> TableState:
    """The state of `session` after `upto` (default: its last event)."""
    store.require(session)
    voids = store.voids(session, upto)
    return fold(store.events(session, 0, upto), state=TableState(session=session), voided=set(voids))
