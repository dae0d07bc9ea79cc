"""Bluke's own evaluation: cards per hand, a hand's points, the Blukes' power and how they
follow, the draw for the first deal, and the stake's settlement."""

from __future__ import annotations

from functools import cache

from ... import events as ev
from ...cards import FRENCH_RANKS, JOKERS
from ...kit import tricks
from ...state import TableState
from .. import base
from .options import ext, opts

_RANK_VALUE = {r: (14 if r == "A" else i + 1) for i, r in enumerate(FRENCH_RANKS)}


def schedule(players: int, new_jersey: bool = False) -> list[int]:
    """Cards per hand for a game of `players`."""
    top = 13 if players <= 4 else max(1, (54 - 2) // players)
    down = list(range(top, 0, -1))
    return list(range(1, top + 1)) + down[1:] if new_jersey else down + list(range(2, top + 1))


def hand_points(bid: int, taken: int) -> int:
    """Set: minus ten times the bid; made: ten times the bid plus one per extra trick."""
    return -10 * bid if taken < bid else 10 * bid + (taken - bid)


def outcome(bid: int, taken: int) -> str:
    """S (set), O (overtricks) or P (perfect bid)."""
    return "S" if taken < bid else "O" if taken > bid else "P"


@cache
def following(trump: str | None, new_jersey: bool) -> tricks.Following:
    """Standard: a Bluke may be played at any time. New Jersey: the Blukes are trumps."""
    suit = trump if trump in ("S", "H", "D", "C") else None
    blukes = frozenset(JOKERS)
    return tricks.Following(suit, trumps=blukes) if new_jersey else tricks.Following(suit, any_time=blukes)


def rule_of(state: TableState) -> tricks.Following:
    """How cards follow in the hand being played."""
    return following(ext(state).trump, opts(state).new_jersey)


def power(card: str, led: str | None, trump: str | None) -> tuple[int, int]:
    """Hi Bluke, Lo Bluke, then the highest trump, then the highest card of the suit led."""
    if card in JOKERS:
        return (4 if card == "HI" else 3, 0)
    s, value = card[-1], _RANK_VALUE[card[:-1]]
    return (2, value) if s == trump else (1, value) if s == led else (0, 0)


def trick_winner(plays: list[tuple[str, str]], trump: str | None) -> str:
    """The player who takes a trick of (player, card) in the order played."""
    return tricks.winner(plays, power, following(trump, False))


def draw_value(card: str) -> int:
    """A card's rank in the draw for the deal: Hi Bluke, Lo Bluke, then ace high; suits do not count."""
    return 16 if card == "HI" else 15 if card == "LO" else _RANK_VALUE[card[:-1]]


def draw_ties(draws: dict[str, list[str]], players: list[str]) -> tuple[list[str], int]:
    """Who is still in the draw for the deal, and which round of drawing they are at.

    Everyone draws once; players tied for the highest card draw again among themselves, and so
    on. One name back means that player deals first."""
    tied, rnd = list(players), 0
    while len(tied) > 1 and all(len(draws.get(p, [])) > rnd for p in tied):
        top = max(draw_value(draws[p][rnd]) for p in tied)
        tied = [p for p in tied if draw_value(draws[p][rnd]) == top]
        rnd += 1
    return tied, rnd


def draw_state(state: TableState) -> tuple[list[str], int, list[str]]:
    """The draw at this table: who is tied for the deal, the round, and who still has to draw."""
    draws = ext(state).draws
    tied, rnd = draw_ties(draws, [s.name for s in state.active_seats])
    return tied, rnd, [p for p in tied if len(draws.get(p, [])) <= rnd]


def settlement(state: TableState) -> list[ev.Event]:
    """The stake paid out: every pair settles the difference of their scores (see the game's doc)."""
    x, stake = ext(state), opts(state).stake
    if stake <= 0 or x.settled or not x.history:
        return []
    players = [s.name for s in state.seats if s.active and s.name in state.scores]
    n, total = len(players), sum(state.scores.get(p, 0) for p in players)
    net = {p: stake * (n * state.scores.get(p, 0) - total) for p in players}
    pays = {p: min(-v, state.stack(p)) for p, v in net.items() if v < 0}
    owed = {p: v for p, v in net.items() if v > 0}
    paid, due = sum(pays.values()), sum(owed.values())
    gets = dict(owed)
    if paid < due:  # someone could not cover: the winners share what was paid, pro rata
        gets = {p: v * paid // due for p, v in owed.items()}
        for p in sorted(owed, key=lambda p: (-owed[p], players.index(p)))[:paid - sum(gets.values())]:
            gets[p] += 1
    events: list[ev.Event] = [base.make_event(ev.Declared, player=None, name="settle", value=stake)]
    remaining = {p: gets[p] for p in players if gets.get(p, 0) > 0}
    for debtor in players:
        left = pays.get(debtor, 0)
        for p in remaining:
            amount = min(left, remaining[p])
            if amount > 0:
                remaining[p] -= amount
                left -= amount
                events.append(settle_payment(stake, "seat:" + debtor, "seat:" + p, amount))
    return events


def settle_payment(stake: int, from_account: str, to_account: str, amount: int) -> ev.Event:
    return base.make_event(ev.Transfer, from_account=from_account, to_account=to_account, amount=amount,
                           reason=f"Bluke settlement at {stake} per point")
