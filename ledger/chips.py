"""Chips as double entry: accounts, postings, and the invariants checked after every event.

A posting moves a positive whole number of chips from one account to another; postings are
the only way chips move. Accounts: ``bank`` (outside the table: buy-ins come from it,
cash-outs go back to it), ``seat:NAME``, ``pot``, ``pot:NAME`` (side pots, compartments,
a jackpot), ``carry`` (rides into the next hand) and ``house``.

Invariants, checked after every event (`check`):
1. no account but ``bank`` is negative;
2. chips at the table equal bought-in minus cashed-out (so bank + table == 0);
3. when a hand has ended, every pot is empty unless its account is persistent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, NamedTuple

from .errors import ChipError

if TYPE_CHECKING:  # (the state imports the chips' accounts: no import at run time)
    from .state import TableState


class Posting(NamedTuple):
    """`amount` chips from `source` to `dest`, for `reason` (an event type or a game's word)."""

    source: str
    dest: str
    amount: int
    reason: str


def seat_account(player: str) -> str:
    return "seat:" + player


def post(balances: dict[str, int], posting: Posting) -> None:
    """Apply one posting in place. Never refuses: `check` judges the result."""
    balances[posting.source] = balances.get(posting.source, 0) - posting.amount
    balances[posting.dest] = balances.get(posting.dest, 0) + posting.amount


def check(state: TableState, *, hand_closed: bool = False) -> None:
    """Raise `ChipError` naming the first broken invariant of `state`."""
    bought = 0
    cashed = 0
    for seat in state.seats:
        bought += seat.bought_in + seat.rebought
        cashed += seat.cashed_out
    table = 0
    for account, chips in state.balances.items():
        if account != "bank":
            table += chips
        if chips < 0 and account != "bank":
            who = account[5:] if account.startswith("seat:") else account
            raise ChipError(f"{who} would be left with {chips} chips: nobody can put in or pay more than they have")
    if table != bought - cashed or state.balances.get("bank", 0) != -table:
        raise ChipError(
            f"chips at the table ({table}) differ from bought in minus cashed out ({bought - cashed})"
        )
    if hand_closed:
        for account in state.pot_accounts():
            if state.balances[account] and account not in state.persistent:
                raise ChipError(
                    f"{account} still holds {state.balances[account]} chips at the end of the hand: "
                    "award it or carry it over first"
                )


def kept(balances: dict[str, int], postings: Iterable[tuple[str, str, int, str]], most: int) -> bool:
    """Whether `postings`, just applied to `balances` by an event that changes no seat's bought
    in or cashed out and ends no hand, surely left `check`'s invariants as they were, and
    every account they touched within 0..`most`: True when no posting names the bank and each
    account they touched is in that range. (Chips move only as postings, `reducer.apply`'s:
    the chips at the table and the bank are then what they were, and only a touched account
    can have gone below zero or past `most`.) False means only the whole `check` can tell."""
    for source, dest, _, _ in postings:
        if source == "bank" or dest == "bank" or not (0 <= balances[source] <= most and 0 <= balances[dest] <= most):
            return False
    return True


@dataclass(frozen=True)
class SidePot:
    """One layer of a poker-style pot: its size and who may win it."""

    amount: int
    eligible: tuple[str, ...]


def side_pots(contributions: Iterable[tuple[str, int, bool]]) -> list[SidePot]:
    """Split a hand's contributions into the main pot and side pots.

    `contributions` is (player, chips put in this hand, still in the hand) in seat order.
    Folded players' chips stay in the layers they reached, but they are eligible for none.
    Layers no live player reached fold into the last layer that someone can win.
    """
    rows = [(p, c, live) for p, c, live in contributions if c > 0]
    levels = sorted({c for _, c, live in rows if live})
    pots: list[SidePot] = []
    floor = 0
    for level in levels:  # each row above the floor puts in up to the level (one pass: a pot is paid at every award)
        amount, eligible = 0, []
        for p, c, live in rows:
            if c > floor:
                amount += (c if c < level else level) - floor
                if live and c >= level:
                    eligible.append(p)
        if amount:
            pots.append(SidePot(amount, tuple(eligible)))
        floor = level
    rest = sum(c - floor for _, c, _ in rows if c > floor)
    if rest:
        if pots:
            last = pots[-1]
            pots[-1] = SidePot(last.amount + rest, last.eligible)
        else:
            pots.append(SidePot(rest, ()))
    return pots


def split_evenly(amount: int, winners: list[str]) -> list[tuple[str, int]]:
    """Split `amount` among `winners` (already in the order that gets odd chips first)."""
    base, odd = divmod(amount, len(winners))
    return [(w, base + (1 if i < odd else 0)) for i, w in enumerate(winners)]
