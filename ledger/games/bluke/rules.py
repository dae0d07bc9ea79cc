"""Bluke's own evaluation (cards per hand, a hand's points, the Blukes' power and how they
follow, a card's rank in the draw for the deal) and its declarations over the kit: the draw
(`DRAW`), the hand of tricks (`HAND`) and the stake (`STAKE`)."""

from __future__ import annotations

from functools import cache

from ...cards import FRENCH_RANKS, JOKERS
from . import bidding, points, tricks
from ...kit import turns
from ...state import TableState
from .options import PACK, TITLE, ext, opts

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


DRAW = turns.DrawForDeal(draw_value, PACK)
draw_ties = DRAW.ties
HAND = bidding.Bidding(
    TITLE, PACK, ext, power, rule_of, least_bid=1, trump_example="potlog deal trump 7H --up (HI or LO: no trump)",
    turn_first="turn the trump card first: potlog deal trump 7H --up (a turned Bluke, HI or LO, means no trump)",
    hint=lambda state: " (Blukes count as trumps in the New Jersey game)" if opts(state).new_jersey
    else " (only a Bluke may be played instead)")
STAKE = points.Stake(TITLE, lambda state: opts(state).stake, ext)
settlement = STAKE.settlement
