"""Bouillotte: four players, twenty cards, three each and a turn-up; the dealer's ante, the
straddles, the open and the raises; a brelan wins and is paid a chip by everyone.

Rule book: ``shared/rules/parlett-primiera-poch-bouillotte.txt`` ("Bouillotte").

How a deal is recorded::

    potlog new bouillotte -p Ann=30 -p Ben=30 -p Cy=30 -p Dee=30 -o ante=1
    potlog hand                 # Ann deals and antes 1; play goes to the right: Dee is eldest
    potlog deal all             # three unseen cards each (or: potlog deal Dee AS AH 9C)
    potlog deal board KD --up   # the turn-up
    potlog straddle Dee         # the ante matched plus one white: 2
    potlog fold Cy
    potlog open Ben 3           # Ben matches the straddle and opens for 3 more
    potlog call Ann ...         # fold, call or raise until the bets are level
    potlog reveal Dee KS KH KC  # the unseen hands still in; potlog pays the pot and the brelans

Readings of the rule book:

- Four players with chips, each starting with a cave of 30 (option ``cave``): a player joins,
  or buys again, with one cave. The pack is twenty cards, A K Q 9 8 of each suit, written in
  the usual notation (``pack=french32``, the 7s, 10s and jacks never dealt); ``pack=french20``
  plays A K Q J 10 instead. Reds and whites are not modelled: a chip is a white.
- "play to the left" and "the deal and turn to bet pass always to the right" contradict each
  other; the table follows the second: eldest is the dealer's right, the turn goes right and
  the next deal passes right (``potlog hand``), except after a deal everyone passed.
- "Dealer opens the pot for a previously agreed amount": the dealer's ``ante`` (1 by
  default), a forced bet potlog records as the hand starts. Three cards each, then the
  turn-up (``deal board CARD --up``).
- "Each in turn may then fold, straddle, or open", once round from eldest to the dealer. A
  straddle puts in the stake to match (the ante, or the last straddle) plus one white
  (``potlog straddle NAME``); an open is any raise over it (``potlog open NAME N``: the stake
  matched and N more; or ``allin``). A straddle is refused to a player who cannot pay it.
- "If all pass" (the three others fold before anyone straddles or opens): the pot is carried
  forward, the dealer's ante in it, and the same dealer deals again (and antes again).
- "If a straddle is followed by three passes" (everyone else folds), the straddler takes the
  pot. Once the straddles have gone round without an open, "eldest must open or fold", then
  the next in turn, and so on; the last straddler is not asked, and wins when all the rest fold.
- After the open, each in turn folds, calls or raises, any amount, as in poker: the betting
  ends when everyone still in has matched the highest stake and had a turn since the last
  raise ("equalizing the bets does not prevent another round of raising"); with two players
  left, a call ends it ("a call forces a showdown"). A short player goes all-in (side pots).
- Showdown: brelan carré (three of the turn-up's rank) > brelan, higher rank first > no
  brelan, compared by the highest card, then the next (`ledger.kit.evaluators.vying`).
  Equal hands split the pot, the odd chip to the first of them from the dealer's right.
- "Any player with a brelan receives a side-payment of one chip – or two for a carre – from
  each opponent": every brelan shown at the showdown is paid by each other player dealt into
  the deal, folded or not, after the pot; a player short of it pays what they have.
- Left out: a brelan held by a player who folded or won without a showdown is not paid (it
  is never shown).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ... import events as ev
from ...cards import UNKNOWN, parse_cards, rank
from ...core.commands import Deal, Declare, Join, NewHand, Raise, Rebuy, Reveal, command_for
from ...errors import RuleViolation
from ...kit import betting as bets
from ...kit import deal, follow, own, pots, turns, turnup
from ...kit.verbs import decider, IDLE
from . import sidepay, straddles
from ...kit.evaluators import vying
from ...state import TableState
from ...core.table import pack_of, require_open
from ...core.verbs import join, make_event, reveal, start_hand
from ...core.contract import Legal, Param, Ruleset, Word

TURN_UP = "board"
RANKS = {"french32": ("A", "K", "Q", "9", "8"), "french20": ("A", "K", "Q", "J", "10")}


class Options(BaseModel):
    """Bouillotte's table choices."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="the dealer's opening stake, agreed beforehand")
    cave: int = Field(default=30, ge=1, le=ev.MAX_CHIPS,
                      description="the chips each player starts (or buys again) with")
    pack: Literal["french32", "french20"] = Field(
        default="french32", description="french32: the text's A K Q 9 8 of each suit; french20: A K Q J 10")

    @model_validator(mode="after")
    def _ante_within_cave(self) -> Options:
        if self.ante > self.cave:
            raise ValueError(f"the ante ({self.ante}) must be at most the cave ({self.cave}): the dealer opens "
                             "from a cave")
        return self


@dataclass(slots=True)
class Bouil:
    """The deal in progress: its players to the right (eldest first, the dealer last), the phase
    (ante, deal, straddle, force, bet, showdown), the betting book, the opening
    (`straddles.Opening`), whether the deal was carried, the showdown's payouts so far and the
    brelan payments made ("holder>payer")."""

    order: list[str] = field(default_factory=list)
    phase: str = "idle"
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0
    last: str = ""
    straddler: str = ""
    straddling: str = ""
    opener: str = ""
    carried: bool = False
    paid: int = 0
    settled: int = 0
    sides: list[str] = field(default_factory=list)


OWN = own.Own(Bouil, Options)
BETTING = bets.Betting(structure="no-limit", min_bet=1, may_check=False,
                       messages={"turn": "it is {to_act}'s turn, not {player}'s (the turn goes to the right)"})
DEALING = deal.Dealing(3, messages={"too_many": "{to} holds {have} cards: three each ({short} more at most)"})
FLOW = straddles.flow({"deal": "the cards are being dealt: three each, then the turn-up",
                       "showdown": "the betting is over: reveal the hands still in"})


# ----------------------------------------------------------------------------- decide

def _hand(state: TableState, cmd: NewHand) -> list[ev.Event]:
    require_open(state)
    seats = state.active_seats
    broke = [s.name for s in seats if state.stack(s.name) <= 0]
    if len(seats) != 4 or broke:
        raise RuleViolation(f"Bouillotte is played by four players with chips, not {len(seats) - len(broke)}"
                            + (f": {', '.join(broke)} must buy a new cave (potlog rebuy)" if broke else ""))
    dealer = straddles.dealer(state, cmd, again=OWN.x(state).carried)
    return follow.followed(start_hand(state, replace(cmd, dealer=dealer, first=None), min_players=4))


def _check_cards(state: TableState, cmd: Deal | Reveal) -> None:
    ranks = RANKS[OWN.opts(state).pack]
    for card in parse_cards(cmd.cards, pack_of(state)) if cmd.cards else []:
        if card != UNKNOWN and rank(card) not in ranks:
            raise RuleViolation(f"{card} is not in the Bouillotte pack: {' '.join(ranks)} of each suit")


def _deal(state: TableState, cmd: Deal) -> list[ev.Event]:
    x = OWN.at(state, ("deal",), "the cards are dealt: three each and the turn-up")
    _check_cards(state, cmd)
    return follow.followed(turnup.deal(state, cmd, DEALING, x.order, board=TURN_UP, size=20,
                                          example="potlog deal board KD --up"))


def _straddle(state: TableState, cmd: Declare) -> list[ev.Event]:
    return follow.followed(straddles.straddle(state, OWN.x(state), cmd, FLOW, game="Bouillotte"))


def _move(state: TableState, cmd: bets.Move) -> list[ev.Event]:
    return follow.followed(straddles.move(state, OWN.x(state), cmd, FLOW, BETTING))


def _reveal(state: TableState, cmd: Reveal) -> list[ev.Event]:
    OWN.at(state, ("showdown",), "the hands are shown at the showdown, once the betting is over")
    _check_cards(state, cmd)
    return follow.followed(reveal(state, cmd))


def _cave(state: TableState, cmd: Join | Rebuy) -> list[ev.Event]:
    cave = OWN.opts(state).cave
    if cmd.amount != cave:
        raise RuleViolation(f"a player sits down with a cave of {cave} chips, not {cmd.amount}")
    return join(state, cmd) if isinstance(cmd, Join) else bets.table_stakes(state, cmd)


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the dealer's ante, a straddle's stake, the carried pot, the pot
    to the last player in or to the showdown's best hand, the brelans, the end of the deal."""
    x, hand = OWN.x(state), state.hand
    if hand is None or hand.ended:
        return []
    due = straddles.follows(state, x, BETTING, OWN.opts(state).ante)
    if due is not None:
        return due
    turned = turnup.turned(state, TURN_UP) or ""
    ranks = own.ranked(state, x.order, lambda cards: vying.rank_bouillotte(cards, turned)) if turned else None
    if ranks is None:
        return []
    live = own.live(state, x.order)
    paid = pots.award_by_rank(state, ranks, x.order, total=state.balance("pot") + x.paid)[x.settled:]
    brelans = {p: vying.brelan(own.cards(state, p), turned) for p in live}   # chips from each opponent
    return (deal.turn_up(state, live) or paid[:1] or sidepay.next_payment(state, x.order, brelans, x.sides, _brelan)
            or [make_event(ev.HandEnded, hand=hand.number)])


def _brelan(holder: str, payer: str, size: int) -> str:
    return f"{'brelan carré' if size == 2 else 'brelan'}: {payer} pays {holder}"


def check_event(state: TableState, event: ev.Event) -> None:
    """``potlog verify --rules``: every move decided again; the ante, the straddles' stakes and
    every payment recomputed."""
    follow.check(state, event, _after, decide, lambda s, e: command_for(e), game="bouillotte",
                 by_itself=(ev.PotAwarded, ev.PotCarried, ev.HandEnded, ev.Transfer))


decide = decider(
    "bouillotte", "Bouillotte",
    Options, {NewHand: _hand, Deal: _deal, Declare: _straddle, Reveal: _reveal, Join: _cave, Rebuy: _cave,
              **dict.fromkeys(bets.WAGERS, _move)},
    "hand, deal, then straddle, open, call, raise, allin and fold to the right; reveal at the showdown")


# ----------------------------------------------------------------------------- evolve, legal, view

def evolve(state: TableState, event: ev.Event) -> None:
    x, hand = OWN.x(state), state.hand
    if isinstance(event, ev.HandStarted):
        state.ext = x = Bouil(order=turns.counterclockwise(state, event.dealer, include=lambda s: s.in_hand),
                              phase="ante")
    elif isinstance(event, ev.PotCarried):
        x.carried = True
    elif isinstance(event, ev.PotAwarded):
        x.paid, x.settled = x.paid + sum(s.amount for s in event.shares), x.settled + 1
    else:
        sidepay.record(x.sides, event, prefix="brelan")
    if hand is None or hand.ended:
        x.phase = "idle"
        return
    straddles.track(state, x, event, BETTING, dealt=lambda: turnup.done(state, DEALING, TURN_UP))


def legal(state: TableState) -> list[Legal]:
    x, hand = OWN.x(state), state.hand
    if state.closed:
        return []
    if hand is None or hand.ended:
        return [IDLE]
    if x.phase == "deal":
        return [Legal(None, ("deal",), "three cards each, then the turn-up: potlog deal board CARD --up")]
    betting = straddles.prompt(state, x, BETTING, hand.to_act)
    return [betting or Legal(None, ("reveal",), "name the unseen cards of the hands still in")]


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    return [("phase", x.phase), ("stake", str(state.hand.current_bet if state.hand is not None else 0))] + (
        [("last straddle", x.straddler)] if x.straddler else []) + ([("opened by", x.opener)] if x.opener else [])


WORDS = (
    Word("straddle", "PLAYER straddles: matches the ante or the last straddle, plus one chip.",
         "Before anyone opens, each in turn (to the right, the dealer last) folds, straddles or opens.",
         params=(Param("player", "Who straddles."),),
         command=lambda v: Declare(player=v["player"], name="straddle"), makes=(Declare,)),
    Word("open", "PLAYER opens: matches the stake and raises it by AMOUNT.",
         "potlog open Ben 3: Ben puts in what the ante or the last straddle asks, plus 3.",
         params=(Param("player", "Who opens."), Param("amount", "How much above the stake.", type=int)),
         command=lambda v: Raise(player=v["player"], amount=v["amount"]), makes=(Raise,)),
)

RULESET = Ruleset(name="bouillotte", title="Bouillotte",
                  summary="Four players, twenty cards, three each and a turn-up; ante, straddles, open and raise "
                          "to the right; a brelan wins and is paid a chip by each opponent.",
                  options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view,
                  check_event=check_event, words=WORDS, min_players=4, max_players=4)
