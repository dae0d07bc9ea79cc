"""Le Tarot Français: 2 to 5 players, the 78-card tarot pack (``tarot78``: ``1S``..``KC``, ``C`` the
cavalier, atouts ``T1``..``T21``, the excuse ``EX``), bids, the chien, tricks to the right and the
taker's score against the others, over an agreed number of hands.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Le Tarot Français", in "Cards"); the hand's
engine is `ledger.kit.tarothand` (its docstring: the deal, the words, the chips), the trick rules
`ledger.kit.tarot`. A night: ``potlog hand``; ``potlog bid Ann garde`` (each once, from the
dealer's right); ``potlog chien Ann 3S KC ...`` and ``potlog discard Ann ...``; ``potlog poignee
Ben T21 T20 ...``, ``potlog chelem Ann``; ``potlog play Ann KC`` card by card. Readings:

- The deal: 4 players 18 each and 6 in the chien; 3 players 24 and 6; 2 players 36 and 6. With 5
  the text says 14 each and 7 in the chien, which leaves a card over (14 x 5 + 7 = 77): 14 each
  and the 8 left in the chien. Dealing in threes (twos, fours, sixes) and a card at a time to the
  chien is the dealer's business: potlog records the cards face down.
- Bids, from the dealer's right, each player once: ``pass``, ``petite``, ``garde``, ``sans`` (garde
  sans le chien), ``contre`` (garde contre le chien), each higher than the last bid; the highest
  takes. Everyone passes: the hand is thrown in, the next dealer (to the right) deals; a thrown-in
  hand does not count towards the agreed hands.
- Petite and garde: the taker shows the chien (names its cards), takes it, and discards as many
  face down: no king and no bout (T1, T21, EX); an atout only when nothing else can go (a known
  card of the hand that is neither an atout nor a king refuses it). Garde sans: nobody sees the
  chien, counted for the taker at the end; garde contre: counted for the defence.
- The taker leads the first trick (as the text says); play goes to the right. Follow the suit led;
  without it, play an atout; an atout must beat the atouts already in the trick when it can (also
  when atouts are led); the excuse may be played at any time and never wins; a trick led with the
  excuse is set by the next card. Following is checked against the cards known in a hand (shown
  in the chien, a poignée or ``potlog show``); a hand nobody has seen cannot be checked.
- Teams: the taker plays alone against the others, who pool their tricks (one side,
  ``defence``). The text's "Teams" paragraph (8 people, 4 teams) is read as partners sitting as
  one seat: a team is recorded as one player.
- The excuse stays with its player's side, which hands the trick's winner a 0.5 card at the end
  (none if it has none); played to the last trick, it goes to that trick's winner.
- Card points as the text counts them (bouts and kings 4.5, queens 3.5, cavaliers 2.5, jacks 1.5,
  other cards 0.5: 91 in all), kept in half points. The taker needs 56, 51, 41 or 36 with 0, 1,
  2 or 3 bouts; reaching it exactly makes the contract.
- The score, per opponent: 25 + the difference (a half point counted as a whole one), won or lost
  (the text's "the taker receives 25" read as a real table does: a failed contract loses 25 + the
  difference, it never gains); then the petit au bout (T1 in the last trick: 10 to that trick's
  side, added or taken off), then times 1 (petite), 2 (garde), 4 (sans) or 6 (contre); then each
  poignée shown (single 20, double 30, triple 40, by the atouts shown: 4 players 10/13/15, 3
  players 13/15/18, 2 players 15/18/21, 5 players 5/8/10) goes to the side that won the hand,
  whoever showed it; then the chelem: announced by the taker (before the first card), 400 if they
  take every trick, else 200 off; not announced, 200 to a side that takes every trick. A trick in
  which the taker played the excuse does not count against their chelem.
- The taker gets the score times the number of opponents, each opponent pays it: the hand is
  zero-sum. With a ``stake`` (chips per point) every hand is paid at its end.
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..kit import tarot as tc
from ..kit.tricks import hand as tricks
from ..kit.tarothand import Bidding, TarotGame, TarotState, Terms, no_kings_no_bouts
from ..state import TableState

BIDS = ("petite", "garde", "sans", "contre")
FACTOR = {"petite": 1, "garde": 2, "sans": 4, "contre": 6}
WORDS = {"pass": "pass", "passe": "pass", "petite": "petite", "prise": "petite", "garde": "garde",
         "sans": "sans", "garde-sans": "sans", "contre": "contre", "garde-contre": "contre"}
TARGET = {3: 36, 2: 41, 1: 51, 0: 56}
POIGNEE = {2: (15, 18, 21), 3: (13, 15, 18), 4: (10, 13, 15), 5: (5, 8, 10)}
POIGNEE_POINTS = (20, 30, 40)


class Options(BaseModel):
    """Le Tarot's table choices."""

    model_config = ConfigDict(extra="forbid")
    pack: Literal["tarot78"] = Field(default="tarot78", description="the 78-card French-suited tarot pack")
    stake: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="chips per point, paid at each hand's end")
    hands: int = Field(default=0, ge=0, le=1000, description="the hands agreed (0: as many as the table likes)")


def cards_each(players: int) -> int:
    return {2: 36, 3: 24, 4: 18, 5: 14}[players]


def check_bid(bids: Sequence[Sequence[str]], word: str) -> str | None:
    best = max((BIDS.index(w) for _, w in bids if w in BIDS), default=-1)
    if word != "pass" and BIDS.index(word) <= best:
        return f"{word} does not outbid {BIDS[best]}: bid {', '.join(BIDS[best + 1:]) or 'nothing higher'}, or pass"
    return None


def bidding_result(bids: Sequence[Sequence[str]], order: Sequence[str]) -> tuple[str | None, str] | None:
    if len(bids) < len(order):
        return None
    taken = [(BIDS.index(w), p) for p, w in bids if w in BIDS]
    if not taken:
        return None, "throw-in"
    best = max(taken)
    return best[1], BIDS[best[0]]


def poignee_points(shown: int, players: int) -> int:
    """A poignée's points by the atouts shown (0 below a single)."""
    levels = [pts for need, pts in zip(POIGNEE[players], POIGNEE_POINTS) if shown >= need]
    return levels[-1] if levels else 0


def contract_score(halves: int, bouts: int, bid: str, *, petit: int = 0, poignees: int = 0, announced: bool = False,
                   all_tricks: str | None = None) -> int:
    """The taker's score per opponent (see the docstring): `halves` the taker's card points in
    half points, `bouts` theirs, `petit` +1 (the taker's side took the T1 in the last trick), -1
    (the defence did) or 0, `poignees` the poignées' points, `announced` a chelem announced,
    `all_tricks` ``taker`` or ``defence`` when that side took every trick."""
    diff2 = halves - 2 * TARGET[bouts]
    made = diff2 >= 0
    base = 25 + (abs(diff2) + 1) // 2
    score = ((base if made else -base) + 10 * petit) * FACTOR[bid]
    score += poignees if made else -poignees
    if announced:
        score += 400 if all_tricks == "taker" else -200
    elif all_tricks:
        score += 200 if all_tricks == "taker" else -200
    return score


def _low(card: str) -> bool:
    return tc.halves(card) == 1


def score(state: TableState, x: TarotState, piles: dict[str, list[str]]) -> dict[str, tuple[int, str]]:
    taker = x.taker or ""
    mine = piles.get("taker", [])
    halves, bouts = sum(tc.halves(c) for c in mine), tc.bouts(mine)
    petit = 0
    if any(c == "T1" for _, c in x.last):
        petit = 1 if x.leader == taker else -1  # (the last trick's taker leads "next")
    excused = [tricks.side(x, p) for p, q in x.excused]  # a trick taken only because the excuse was played to it
    took = {s: x.taken.get(s, 0) + excused.count(s) for s in ("taker", "defence")}
    all_tricks = next((s for s, n in took.items() if n >= x.size), None)
    poignees = sum(poignee_points(len(v), len(x.seats)) for v in x.poignees.values())
    s = contract_score(halves, bouts, x.contract, petit=petit, poignees=poignees, announced=x.chelem == taker,
                       all_tricks=all_tricks)
    need = TARGET[bouts]
    why = (f"{taker} {x.contract}, {halves / 2:g} with {bouts} bout{'s' if bouts != 1 else ''} (needs {need}): "
           f"{'made' if halves >= 2 * need else 'down'}, {s:+d} a head")
    others = [p for p in x.seats if p != taker]
    return {p: (s * len(others), why) if p == taker else (-s, why) for p in x.seats}


TERMS = {"petite": Terms(factor=1), "garde": Terms(factor=2),
         "sans": Terms(exchange=False, shown=False, chien="taker", factor=4),
         "contre": Terms(exchange=False, shown=False, chien="defence", factor=6)}

GAME = TarotGame(
    name="tarot", title="Le Tarot Français",
    summary="The 78-card tarot: bid petite, garde, sans or contre; the chien; tricks to the right; 25 + the "
            "difference to 56/51/41/36 by bouts, x1/2/4/6, poignées, petit au bout, chelem; zero-sum.",
    pack="tarot78", players=(2, 5), size=cards_each, options=Options, terms=TERMS, score=score,
    discard=no_kings_no_bouts, low=_low, bidding=Bidding(WORDS, check_bid, bidding_result), announce=True,
    poignee=lambda n: POIGNEE[n], hint="hand, bid in turn, chien and discard, then play (poignee, chelem first)")
RULESET = GAME.ruleset()
