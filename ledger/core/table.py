"""Reading the table, for every verb: the session open, a player seated or still in the
hand, the hand in progress, the next seat clockwise, where a known card is this hand, what a
player owes, which account a name means. Each `require_*` refuses in one line a person at the
table understands (`RuleViolation`, or `InputError` for input that is not well formed).
"""

from __future__ import annotations

from typing import Any, Callable

from ..cards import UNKNOWN
from ..errors import InputError, RuleViolation
from ..state import Hand, TableState

RESERVED_NAMES = {
    "bank", "pot", "carry", "house", "board", "stock", "trump", "discard", "table", "kitty",
    "trick", "all", "everyone",
}


def require_open(state: TableState) -> None:
    if not state.game:
        raise InputError("this session has not been opened")
    if state.closed:
        raise RuleViolation(f"session {state.session} is closed: nothing more can be recorded")


def require_seated(state: TableState, player: str | None) -> str:
    if not player:
        raise InputError("say which player")
    seat = state.seat(player)
    if seat is None or not seat.active:
        seated = ", ".join(s.name for s in state.active_seats) or "nobody yet"
        raise RuleViolation(f"{player} is not at the table (seated: {seated})")
    return player


def require_hand(state: TableState) -> Hand:
    """The hand in progress (refused between hands)."""
    hand = state.hand
    if hand is None or hand.ended:  # not state.in_hand, said so the type checker sees the hand
        raise RuleViolation("no hand is in progress: start one with 'potlog hand'")
    return hand


def require_live(state: TableState, player: str | None) -> str:
    """A player seated, dealt into the current hand and not folded."""
    require_hand(state)
    name = require_seated(state, player)
    seat = state.seat(name)
    assert seat is not None
    if not seat.in_hand:
        raise RuleViolation(f"{name} is not in this hand")
    if seat.folded:
        raise RuleViolation(f"{name} has already folded this hand")
    return name


def seat_after(state: TableState, name: str | None, *, skip: Callable[[Any], bool] | None = None) -> str | None:
    """The next active seat clockwise after `name` (the first seat when `name` is None)."""
    seats = state.active_seats
    if not seats:
        return None
    names = [s.name for s in state.seats]
    start = names.index(name) if name in names else -1
    n = len(state.seats)
    for i in range(1, n + 1):
        seat = state.seats[(start + i) % n]
        if seat.active and (skip is None or not skip(seat)):
            return seat.name
    return None


def pack_of(state: TableState) -> str:
    return str(state.options.get("pack", "french52"))


def where_is(state: TableState, card: str) -> str | None:
    """Where a known card is this hand (``Ann's hand``, ``the board``), or None."""
    return None if card == UNKNOWN else _placed(state).get(card)


def check_unseen(state: TableState, cards: list[str], *, allow_at: str | None = None) -> None:
    """Refuse a known card that is already somewhere else this hand, or named twice."""
    seen: set[str] = set()
    placed: dict[str, str] | None = None  # every known card of the hand -> where it is (`where_is`), found once
    for c in cards:
        if c == UNKNOWN:
            continue
        if c in seen:
            raise RuleViolation(f"{c} is named twice: a pack holds one {c}")
        seen.add(c)
        if placed is None:
            placed = _placed(state)
        where = placed.get(c)
        if where is not None and where != allow_at:
            raise RuleViolation(f"{c} is already in {where}: a pack holds one {c}")


def label(zone: str) -> str:
    """How a message names a board or a zone: ``the board``, ``Ann's stack``, ``the talon``."""
    kind, _, owner = zone.partition(":")
    return f"{owner}'s {kind}" if owner else f"the {zone}"


def _placed(state: TableState) -> dict[str, str]:
    """Where each known card is this hand: the first of a player's hand (in seat order), a
    board, the current trick, the discards that holds it."""
    out: dict[str, str] = {}
    for seat in state.seats:
        here = f"{seat.name}'s hand"
        for h in seat.cards:
            out.setdefault(h.card, here)
    hand = state.hand
    if hand is not None:
        for board, cards in hand.boards.items():
            where = label(board)  # ``the board``, ``Ann's stack``
            for h in cards:
                out.setdefault(h.card, where)
        for p in hand.trick:
            out.setdefault(p.card, "the current trick")
        for c in hand.out:
            out.setdefault(c, "the discards")
    out.pop(UNKNOWN, None)
    return out


def to_call(state: TableState, player: str) -> int:
    seat = state.seat(player)
    assert seat is not None and state.hand is not None
    return max(0, state.hand.current_bet - seat.round_bet)


def account_of(name: str, state: TableState) -> str:
    """A player's name means their seat; otherwise an account name as written."""
    if state.seat(name) is not None:
        return "seat:" + name
    if name == "bank":
        raise InputError("chips come from the bank only by join or rebuy, and go back only by leave")
    if name in ("pot", "carry", "house") or name.startswith(("pot:", "seat:")):
        return name
    raise InputError(
        f"{name!r} is neither a player nor an account: use a player's name, pot, pot:NAME, carry or house"
    )
