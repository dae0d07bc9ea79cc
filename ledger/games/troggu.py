"""Troggu: the Swiss tarot game, 3 to 6 players, the 62-card pack (``troggu62``: the red suits
without 7-10, the black ones without 1-4), the Tapp, a side against the Tappist or the Soloist,
played for Rappen.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Troggu", in "Cards"), on the tarot hand
engine (`ledger.kit.tarothand`: the deal, the words, the chips) and the trick rules of French
tarot (`ledger.kit.tarot`: follow suit, trump, over-trump, the excuse). Readings:

- The deal: 3 players 6+6+6 (18 each), 4 players 4+4+5 (13), 5 players 4+4+3 (11), 6 players 4+5
  (9); the rest is the Tapp (8, 10, 7, 8 cards), face down on ``dog``.
- The speaking: the first to speak is the dealer's right, the one "chosen" as Tappist, then to
  the right, each once: ``potlog bid NAME nehm`` ("ich nehm's"), ``gehe`` ("ich gehe") or
  ``solo``. Anyone's solo makes the first to say it the Soloist: they play alone without the
  Tapp, which still counts for them. Otherwise the first to say "ich nehm's" is the Tappist. Everyone
  says "ich gehe": a Misère.
- The exchange: the Tappist takes the Tapp unseen (potlog moves it) and discards as many, named:
  no bout (T1, T21, EX) and no king, unless the Tappist holds all four kings (the kings discarded
  and those known in the hand, ``potlog show``, make four); the discard counts for the Tappist.
- The Tappist or the Soloist leads; the Misère's first trick is led by the dealer. Tricks as in
  French tarot (the excuse kept by its player, a low card handed over for it).
- The count, each side's cards (the Tappist's or Soloist's with the Tapp): bouts 5, atouts 2-20 1,
  kings 5, queens 4, cavaliers 3, jacks 2, pips 1 (114 in all). A side with more than 58 wins;
  neither (57-57, 58-56): a tie, no Rappen change hands.
- Rappen (the score sheet's points): the Tappist or Soloist who wins gets ``rappen`` (10) from each
  other player; losing, pays each of them ``rappen``. In a Misère nobody takes the Tapp (it counts
  for nobody) and each counts their own tricks: the player with the most points (a Misère's
  "over 58" loses, and that is always the most) pays ``rappen`` to every other player; a tie for
  the most: nobody pays. ``stake`` is chips per Rappen (1: a chip is a Rappen).
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..kit import tarot as tc
from ..kit.tarothand import Bidding, TarotGame, TarotState, Terms
from ..state import TableState

WORDS = {"nehm": "nehm", "nehms": "nehm", "ich-nehms": "nehm", "take": "nehm", "gehe": "gehe", "ich-gehe": "gehe",
         "go": "gehe", "pass": "gehe", "solo": "solo"}
CARDS_EACH = {3: 18, 4: 13, 5: 11, 6: 9}
WINS = 58


class Options(BaseModel):
    """Troggu's table choices."""

    model_config = ConfigDict(extra="forbid")
    pack: Literal["troggu62"] = Field(default="troggu62", description="the 62-card Troggu pack")
    rappen: int = Field(default=10, ge=1, le=10_000, description="the basic stake in Rappen")
    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips per Rappen, paid at each hand's end")
    hands: int = Field(default=0, ge=0, le=1000, description="the hands agreed (0: as many as the table likes)")


def value(card: str) -> int:
    """A card's Troggu points: bouts 5, atouts 2-20 1, kings 5, queens 4, cavaliers 3, jacks 2, pips 1."""
    if card in tc.BOUTS:
        return 5
    return tc.court_value(card) or 1


def points(cards: Sequence[str]) -> int:
    return sum(value(c) for c in cards)


def bidding_result(bids: Sequence[Sequence[str]], order: Sequence[str]) -> tuple[str | None, str] | None:
    if len(bids) < len(order):
        return None
    for word, contract in (("solo", "solo"), ("nehm", "tappist")):
        said = [p for p, w in bids if w == word]
        if said:
            return said[0], contract
    return None, "misere"


def rappen_won(taker_points: int, opponents: int, rappen: int) -> int:
    """What the Tappist or Soloist wins (or, negative, pays) in all: over 58 wins from each
    opponent, the other side over 58 pays each of them, neither: nothing."""
    other = 114 - taker_points
    return rappen * opponents if taker_points > WINS else -rappen * opponents if other > WINS else 0


def misere(counts: dict[str, int], rappen: int) -> dict[str, int]:
    """A Misère: the one player with the most points pays every other player `rappen`."""
    top = max(counts.values())
    losers = [p for p, v in counts.items() if v == top]
    if len(losers) != 1:
        return dict.fromkeys(counts, 0)
    return {p: -rappen * (len(counts) - 1) if p == losers[0] else rappen for p in counts}


def score(state: TableState, x: TarotState, piles: dict[str, list[str]]) -> dict[str, tuple[int, str]]:
    rappen = int(state.options.get("rappen", 10))
    if x.contract == "misere":
        counts = {p: points(piles.get(p, [])) for p in x.seats}
        paid = misere(counts, rappen)
        why = "Misère: " + ", ".join(f"{p} {v}" for p, v in counts.items())
        return {p: (paid[p], why) for p in x.seats}
    taker = x.taker or ""
    mine = points(piles.get("taker", []))
    won = rappen_won(mine, len(x.seats) - 1, rappen)
    what = "wins" if won > 0 else "loses" if won < 0 else "ties"
    why = f"{'Soloist' if x.contract == 'solo' else 'Tappist'} {taker} {mine} to {points(piles.get('defence', []))}: {what}"
    return {p: (won if p == taker else -won // (len(x.seats) - 1), why) for p in x.seats}


def discard_rule(discarded: Sequence[str], rest: Sequence[str]) -> str | None:
    bouts = [c for c in discarded if c in tc.BOUTS]
    if bouts:
        return f"the Tappist may not discard bouts (T1, T21, EX): {' '.join(bouts)}"
    kings = [c for c in discarded if tc.court(c) == "K"]
    if kings and len(kings) + sum(tc.court(c) == "K" for c in rest) < 4:
        return (f"no kings in the discard ({' '.join(kings)}), unless the Tappist holds all four "
                "(show the others first: potlog show NAME KS KH ...)")
    return None


TERMS = {"tappist": Terms(shown=False), "solo": Terms(exchange=False, shown=False, chien="taker"),
         "misere": Terms(exchange=False, shown=False, chien="nobody", alone=True, lead="dealer")}

GAME = TarotGame(
    name="troggu", title="Troggu",
    summary="Swiss tarot for 3-6: the Tapp, ich nehm's / ich gehe / solo, the exchange; over 58 wins the "
            "Rappen; a Misère when all go.",
    pack="troggu62", players=(3, 6), size=CARDS_EACH.__getitem__, options=Options, terms=TERMS, score=score,
    discard=discard_rule, low=lambda c: value(c) == 1 and not tc.is_trump(c), bidding=Bidding(WORDS, lambda b, w: None,
                                                                                              bidding_result),
    hint="hand, bid nehm/gehe/solo in turn, the Tappist's discard, then play")
RULESET = GAME.ruleset()
