"""The pure rules: cards per hand, a hand's points, what a card follows and beats, who takes a
trick, the draw for the first deal, and whether a card shows a revoke.
"""

from __future__ import annotations

from ...cards import FRENCH_RANKS, JOKERS
from .options import BlukeState

_RANK_VALUE = {r: (14 if r == "A" else i + 1) for i, r in enumerate(FRENCH_RANKS)}


def schedule(players: int, new_jersey: bool = False) -> list[int]:
    """Cards per hand for a game of `players`."""
    top = 13 if players <= 4 else max(1, (54 - 2) // players)
    down = list(range(top, 0, -1))
    if new_jersey:
        return list(range(1, top + 1)) + down[1:]
    return down + list(range(2, top + 1))


def hand_points(bid: int, taken: int) -> int:
    """Set: minus ten times the bid; made: ten times the bid plus one per extra trick."""
    return -10 * bid if taken < bid else 10 * bid + (taken - bid)


def outcome(bid: int, taken: int) -> str:
    """S (set), O (overtricks) or P (perfect bid)."""
    return "S" if taken < bid else "O" if taken > bid else "P"


def klass(card: str, trump: str | None, new_jersey: bool) -> str | None:
    """What a card follows as: its suit, ``T`` for the trump class in New Jersey, None for a
    Bluke in the standard game (played at any time, follows nothing)."""
    if card in JOKERS:
        return "T" if new_jersey else None
    s = card[-1]
    if new_jersey and s == trump:
        return "T"
    return s


def power(card: str, led: str | None, trump: str | None) -> tuple[int, int]:
    if card == "HI":
        return (4, 0)
    if card == "LO":
        return (3, 0)
    s, value = card[-1], _RANK_VALUE[card[:-1]]
    if s == trump:
        return (2, value)
    if s == led:
        return (1, value)
    return (0, 0)


def trick_winner(plays: list[tuple[str, str]], trump: str | None) -> str:
    """The player who takes a trick of (player, card) in the order played."""
    led = None if plays[0][1] in JOKERS else plays[0][1][-1]
    best = max(range(len(plays)), key=lambda i: (power(plays[i][1], led, trump), -i))
    return plays[best][0]


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


def _trump_suit(trump: str | None) -> str | None:
    return trump if trump in ("S", "H", "D", "C") else None


def _revoke_shown(x: BlukeState, player: str, card: str, trump: str | None, nj: bool) -> tuple[str, int] | None:
    k = klass(card, trump, nj)
    if k is None:
        return None
    trick = x.voids.get(player, {}).get(k)
    return (k, trick) if trick is not None else None
