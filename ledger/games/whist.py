"""Whist: four or more players, in teams; the last card turned for trump; the odd tricks score.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Whist", in "Cards"), on the trick kit
(`ledger.kit.tricks`). ``potlog hand`` deals; ``potlog trump 7H`` names the card turned;
``potlog play Ann QH`` for every card; potlog takes each trick, scores the hand, pays the stake
and ends the hand. Readings:

- Four players or more. The cards are dealt out evenly, one at a time from the dealer's left,
  ``52 // players`` each (13 with four; the few left over with five or more are set aside
  unseen). "The last card" is the dealer's last: it is turned face up for trump and stays in
  the dealer's hand (``potlog trump 7H`` names it, as a real table plays it).
- Teams (option ``teams``, 2 by default): partners sit alternately around the table (with four,
  opposite), the seats in order going to team 1, team 2, ... The players must divide evenly;
  ``teams=0`` has everyone play for themselves. Partners share their tricks and their score.
- Play: the dealer's left leads; clockwise; a player must follow the suit led if they can
  ("play with the same suit as the card that was led" read as the rule every table plays: a
  card of another suit while holding the suit led is refused, naming the card held); void, any
  card. The highest trump takes the trick, else the highest of the suit led (aces high); the
  taker leads next.
- Score: "the first six tricks taken do not count": a side's tricks beyond six (option ``book``)
  are its odd tricks, one point each, to each of its players. The sheet keeps every hand's
  points (``potlog state``); option ``hands`` ends the game after that many hands (0: as many as
  the table plays). The highest score wins.
- Stake (option ``stake``, chips per point): at the end of each hand every pair of players
  settles the difference of their points (partners pay each other nothing): zero-sum.
- ``pack=tarot78``: "the atouts are the trump suit and the last card is not assigned as the
  trump card" (no ``trump`` word); atouts rank 1 to 21, suits 1-10 J C Q K; the excuse may be
  played at any time, never takes a trick and stays with its player's side (to the taker on the
  last trick), as in the tarot games. 78 // players each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from .. import events as ev
from ..cards import UNKNOWN, parse_card, suit
from ..core import table
from ..core.commands import NewHand, Play, Reveal
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.verbs import make_event
from ..errors import InputError, RuleViolation
from ..kit import follow, own, wiring
from ..kit import tricks
from ..kit.tricks.commands import TurnTrump
from ..state import TableState

th, tr, sh = tricks.hand, tricks.rules, tricks.sheet

FRENCH = "2 3 4 5 6 7 8 9 10 J Q K A".split()
TAROT = "1 2 3 4 5 6 7 8 9 10 J C Q K".split()


class Options(BaseModel):
    """Whist's table choices."""

    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips per point, settled pairwise each hand")
    teams: int = Field(default=2, ge=0, le=10, description="teams, seated alternately (0: everyone for themselves)")
    book: int = Field(default=6, ge=0, le=26, description="tricks a side takes before its odd tricks score")
    hands: int = Field(default=0, ge=0, le=1000, description="hands in the game (0: as many as the table plays)")
    pack: Literal["french52", "tarot78"] = Field(default="french52", description="french52, or tarot78 (atouts trump)")


@dataclass
class Whist(th.Trickplay, sh.Sheet):
    """Whist's own state: the hand of tricks and the score sheet."""


OWN = own.Plain(Whist, Options)


def rank(card: str, trump: str | None) -> int:
    """Aces high in the French pack; with the tarot pack (the atouts trump) 1 to K, atouts 1-21."""
    if tr.printed_suit(card) == tr.TRUMPS:
        return int(card[1:])
    order = TAROT if trump == tr.TRUMPS else FRENCH
    return order.index(card[:-1]) if card[:-1] in order else -1


RULES = tr.Rules(rank=rank, excuse=frozenset({"EX"}))


def _tarot(state: TableState) -> bool:
    return OWN.opts(state).pack == "tarot78"


def teams_of(state: TableState, seats: list[str], n: int) -> dict[str, str]:
    """Each player's team: the seats in table order to team 1, team 2, ... alternately."""
    if n <= 1:
        return {}
    ordered = [s.name for s in state.seats if s.name in seats]
    return {p: f"team {i % n + 1}" for i, p in enumerate(ordered)}


def points(t: Whist, book: int) -> dict[str, int]:
    """Each player's points this hand: their side's tricks beyond the book."""
    return {p: max(0, t.taken.get(th.side(t, p), 0) - book) for p in t.seats}


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the deal, a trick taken, the hand scored, paid and ended."""
    hand, t, o = state.hand, OWN.x(state), OWN.opts(state)
    if hand is None or hand.ended or not t.seats:
        return []
    if not t.done and not t.trick and (undealt := [p for p in t.seats if not th.holding(state, p)]):
        return [make_event(ev.CardsDealt, to=p, cards=[UNKNOWN] * t.size) for p in undealt]
    if th.complete(t):
        return th.taken(t, RULES)
    if th.over(t):
        return sh.after(t, state, points(t, o.book), f"Whist hand {hand.number}: odd tricks over {o.book}")
    return []


def _start(state: TableState, cmd: NewHand) -> list[ev.Event]:
    o, t = OWN.opts(state), OWN.x(state)
    seated = len(state.active_seats)
    if o.teams > 1 and seated % o.teams:
        raise RuleViolation(f"{seated} players do not divide into {o.teams} teams: seat a multiple of "
                            f"{o.teams}, or switch with -o teams=N (0: no teams)")
    if o.hands and len(t.sheet) >= o.hands:
        raise RuleViolation(f"the game is over after {o.hands} hands: potlog state shows the sheet")
    if cmd.first:
        raise RuleViolation("in Whist the dealer's left leads the first trick: drop --first")
    return follow.followed(wiring.hand(lambda s: [])(state, cmd))


def _trump(state: TableState, cmd: TurnTrump | Reveal) -> list[ev.Event]:
    hand, t = table.require_hand(state), OWN.x(state)
    if _tarot(state):
        raise RuleViolation("with the tarot pack the atouts are trumps: no card is turned")
    if t.trump is not None:
        raise RuleViolation(f"the trump is turned already: {tr.suit_name(t.trump)}")
    if len(cmd.cards) != 1:
        raise InputError("name the card turned for trump, like potlog trump 7H")
    card = parse_card(cmd.cards[0], table.pack_of(state), allow_unknown=False)
    table.check_unseen(state, [card])
    return [make_event(ev.CardsRevealed, holder=hand.dealer, cards=[card])]


def _play(state: TableState, cmd: Play) -> list[ev.Event]:
    table.require_hand(state)
    t = OWN.x(state)
    if t.trump is None:
        raise RuleViolation("turn the trump first: potlog trump CARD (the dealer's last card)")
    return follow.followed(th.play(state, t, RULES, cmd.player, cmd.cards[0] if cmd.cards else None))


def _reveal(state: TableState, cmd: Reveal) -> list[ev.Event]:
    """``potlog reveal NAME CARDS``: cards shown; the dealer's one card before the trump is
    turned is the trump card (as ``potlog trump CARD`` records it)."""
    hand, t = table.require_hand(state), OWN.x(state)
    if t.trump is None and cmd.player == hand.dealer and len(cmd.cards) == 1:
        return _trump(state, cmd)
    return th.show(state, t, cmd.player, cmd.cards)


decide, check_event = wiring.wire(
    "whist", "Whist", Options, _after, {NewHand: _start, TurnTrump: _trump, Play: _play, Reveal: _reveal},
    "hand, trump CARD, then play NAME CARD in turn (reveal NAME CARDS shows cards held)",
    by_itself=(ev.CardsDealt, ev.TrickWon, ev.Scored, ev.Transfer, ev.HandEnded))


def evolve(state: TableState, e: ev.Event) -> None:
    t, o = OWN.x(state), OWN.opts(state)
    if isinstance(e, ev.HandStarted):
        seats = th.seating(state, e.dealer)
        th.start(t, seats, (78 if o.pack == "tarot78" else 52) // max(1, len(seats)),
                 trump=tr.TRUMPS if o.pack == "tarot78" else None, teams=teams_of(state, seats, o.teams))
    elif isinstance(e, ev.CardsRevealed) and state.hand is not None and e.holder == state.hand.dealer \
            and t.trump is None and e.cards:
        t.trump = suit(e.cards[-1])
    th.evolve(state, t, RULES, e)
    sh.note(t, state, e, players=t.seats, stake=o.stake, reason=f"Whist at {o.stake} per point")
    if state.hand is not None and not state.hand.ended:
        state.hand.to_act = th.to_play(t) if t.trump is not None else None
        state.hand.phase = "playing" if t.trump is not None else "trump"


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    t = OWN.x(state)
    if t.trump is None:
        return [Legal(None, ("trump",), "turn the dealer's last card for trump: potlog trump CARD")]
    return th.legal(state, t, RULES)


def view(state: TableState) -> list[tuple[str, str]]:
    t = OWN.x(state)
    out: list[tuple[str, str]] = []
    if state.hand is not None and t.seats:
        if t.trump is None and not state.hand.ended:
            out.append(("trump", "to turn: potlog trump CARD (the dealer's last card)"))
        else:
            out += th.lines(state, t, RULES)
    return out + sh.lines(t, state, [s.name for s in state.seats if s.name in t.seats or s.active])


TRUMP = Word("trump", "Name the dealer's last card, turned face up for trump.",
             params=(Param("card", "The card turned, like 7H.", field="cards"),),
             command=lambda v: TurnTrump(cards=(v["card"],)), makes=(TurnTrump,))
RULESET = Ruleset(name="whist", title="Whist", summary="Four or more in teams; the last card turned for trump; "
                  "each trick over six scores.", options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve,
                  legal=legal, view=view, check_event=check_event, words=(TRUMP,), min_players=4)
