"""Tarocchini: the Bolognese tarot, 2 to 7 players, each for themselves, the 62-card pack
(``tarocchini62``: no 2-5 pips), scored by combinations, card points and cricche.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Tarocchini", in "Cards"), on the tarot hand
engine (`ledger.kit.tarothand`: the deal, the words, the chips) and French tarot's trick rules
(`ledger.kit.tarot`). The names: the excuse is the Matto, T1 the Begato, T2-T5 the Moretti, T6-T17
the numeri di scavezzo, T18 Luna, T19 Sole, T20 Mondo, T21 Angelo (the grande are T18-T21); the
tarocchi are the grande and the Matto; the contatori (wild cards) the Matto and the Begato.
Readings:

- "Deal using the French tarot rules": each player gets (62 - 6) / players, the rest is the chien
  (2 players 28 and 6; 3: 18 and 8; 4: 14 and 6; 5: 11 and 7; 6: 9 and 8; 7: 8 and 6). Everyone
  scores their own pile, so nobody bids: the dealer takes the chien unseen and discards as many
  (named; Le Tarot's limits), which count for the dealer. The dealer's right leads.
- "Play is similar to the French tarot rules": follow suit, trump, over-trump. The Matto "is the
  lowest rank": it plays as the excuse (at any time, never wins, kept by its player, who hands
  the winner a 1-point card); the Begato and the Moretti are atouts (above every suit card).
- Combinations in a pile: three tarocchi 18, four or more 36; three kings 17 (four 34), queens
  14 (28), cavaliers 13 (26), jacks 12 (24).
- Card points: Angelo, Mondo, Begato, Matto and kings 5, queens 4, cavaliers 3, jacks 2, every
  other card 1.
- Cricche (sequences), 10 each and 5 for each extra card; a contatore is wild, never for the
  Angelo nor a king, and serves one cricca (potlog places the two the way that scores most):
  the Angelo with two or more of Mondo, Sole, Luna (a wild may stand for one; the third is an
  extra); with all three, the atouts that follow on from T17 are extras too ("all consecutive
  numbered atouts"): a wild may stand for T16 and the run goes on, anywhere else the wild is the
  run's last card. A king
  with two or more of its queen, cavalier and jack (a wild may stand for one): its ace is the
  extra. Two Moretti and a third (a moretto or a wild): up to 6 cards (moretti and wilds), every
  one after the third an extra. Two aces and a third (an ace or a wild): up to 6, likewise.
- Three cricche or more: the cricche's points are doubled.
- The hand's points are the sum; the one with the most wins the hand. ``stake`` (chips per point)
  is paid at each hand's end, pairwise: every pair settles the difference of their points.
"""

from __future__ import annotations

from itertools import product
from typing import Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..kit import tarot as tc
from ..kit.tarothand import TarotGame, Terms, each_for_themselves, no_kings_no_bouts

WILDS = ("EX", "T1")
TAROCCHI = ("T18", "T19", "T20", "T21", "EX")
SETS = {"K": (17, 34), "Q": (14, 28), "C": (13, 26), "J": (12, 24)}
SUITS = "SHDC"
CRICCHE = ("angelo", *(f"K{s}" for s in SUITS), "moretti", "aces")


class Options(BaseModel):
    """Tarocchini's table choices."""

    model_config = ConfigDict(extra="forbid")
    pack: Literal["tarocchini62"] = Field(default="tarocchini62", description="the 62-card Bolognese pack")
    stake: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="chips per point, settled pairwise each hand")
    hands: int = Field(default=0, ge=0, le=1000, description="the hands agreed (0: as many as the table likes)")


def value(card: str) -> int:
    """Card points: Angelo, Mondo, Begato, Matto and kings 5, queens 4, cavaliers 3, jacks 2, others 1."""
    if card in ("T21", "T20", "T1", "EX"):
        return 5
    return tc.court_value(card) or 1


def combinations(pile: Sequence[str]) -> int:
    """Three tarocchi 18 (four or more 36); three of a court rank 17/14/13/12, all four double."""
    have = set(pile)
    n = sum(c in have for c in TAROCCHI)
    total = 36 if n >= 4 else 18 if n == 3 else 0
    for rank, (three, four) in SETS.items():
        k = sum(f"{rank}{s}" in have for s in SUITS)
        total += four if k == 4 else three if k == 3 else 0
    return total


def _angelo(have: set[str], wilds: int) -> int:
    """The Angelo's cricca with up to `wilds` contatori: 10 with two of the grande below it, each
    further grande an extra; with all three, the atouts that follow on from T17 are extras too (a
    wild may stand for T16 and the run goes on; anywhere else it is the run's last card)."""
    if "T21" not in have:
        return 0
    held = sum(f"T{n}" in have for n in (20, 19, 18))
    best = 0
    for use in range(wilds + 1):
        grande = min(3, held + use)
        left = use - (grande - held)
        if grande < 2:
            continue
        extra = grande - 2
        for n in range(17, 1, -1) if grande == 3 else ():
            if f"T{n}" in have:
                extra += 1
            elif left:
                left -= 1
                extra += 1
                if n != 16:
                    break
            else:
                break
        best = max(best, 10 + 5 * extra)
    return best


def _king(have: set[str], s: str, wilds: int) -> int:
    if f"K{s}" not in have:
        return 0
    faces = sum(f"{r}{s}" in have for r in "QCJ")
    use = min(wilds, max(0, 2 - faces))
    if faces + use < 2:
        return 0
    ace = f"1{s}" in have or wilds - use > 0
    return 10 + 5 * ace


def _group(real: int, wilds: int) -> int:
    n = min(6, real + wilds)
    return 10 + 5 * (n - 3) if real >= 2 and n >= 3 else 0


def cricca(name: str, have: set[str], wilds: int) -> int:
    """One cricca's points with `wilds` contatori given to it."""
    if name == "angelo":
        return _angelo(have, wilds)
    if name == "moretti":
        return _group(sum(f"T{n}" in have for n in range(2, 6)), wilds)
    if name == "aces":
        return _group(sum(f"1{s}" in have for s in SUITS), wilds)
    return _king(have, name[1], wilds)


def cricche(pile: Sequence[str]) -> tuple[int, int]:
    """The cricche's points (doubled for three or more) and how many, the contatori placed the
    way that scores most."""
    have = set(pile)
    wilds = [w for w in WILDS if w in have]
    plain = have - set(wilds)
    best = (0, 0)
    for places in product((*CRICCHE, None), repeat=len(wilds)):
        made = [cricca(name, plain, places.count(name)) for name in CRICCHE]
        count = sum(1 for v in made if v)
        total = sum(made) * (2 if count >= 3 else 1)
        best = max(best, (total, count))
    return best


def points(pile: Sequence[str]) -> int:
    return combinations(pile) + sum(value(c) for c in pile) + cricche(pile)[0]


GAME = TarotGame(
    name="tarocchini", title="Tarocchini",
    summary="Bolognese tarot for 2-7, each for themselves, the 62-card pack: combinations, card points and "
            "cricche with the Matto and Begato wild (doubled for three).",
    pack="tarocchini62", players=(2, 7), size=lambda n: (62 - 6) // n, options=Options,
    terms={"dealer": Terms(alone=True, shown=False, lead="first")}, score=each_for_themselves(points), discard=no_kings_no_bouts,
    low=lambda c: value(c) == 1 and not tc.is_trump(c), pairwise=True, hint="hand, the dealer's discard, then play")
RULESET = GAME.ruleset()
