"""Straight Poker: antes, five cards each, one round of betting and raising until nobody bets
more, and the showdown: the best poker hand takes the kitty; a tie and it stands.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Poker-Based", "Straight Poker").

How a hand is recorded::

    potlog new straightpoker -p Ann=50 -p Ben=50 -p Cy=50 -o ante=1 -o wild=A
    potlog hand                 # everyone antes; the deal passes left each hand
    potlog deal all             # five unseen cards each (or: potlog deal Ann AS KS QS JS 10S)
    potlog bet Ben 5            # the dealer's left acts first
    potlog raise Cy 5
    potlog call Ann ...         # until nobody bets more
    potlog reveal Ben AH AD 7C 7S 2H    # the unseen hands still in are named
    ...                         # potlog ranks the hands, pays the kitty (or lets it stand) and ends the hand

Readings of the rule book:

- The wager is an ante, the table's ``ante``, from every player with chips (the text allows
  "anteing or blinds"; a table picks one: the ante, the kitty of the compendium). A player
  short of it antes what they have; one with no chips sits the hand out.
- "Deal 5 cards to each player": five cards each, face down, known or unseen (``??``).
- "The players then bet and raise until nobody will bet any more": one betting round,
  clockwise from the dealer's left; a check is allowed while nobody has bet; raises are not
  capped. No limit by default, the smallest bet or raise ``min_bet``; ``limit`` N makes every
  bet and raise 1 to N. All-in players take part in the pots they reached (side pots).
- "All players reveal their hands": every hand still in is turned up (unseen cards named with
  ``potlog reveal``) and potlog ranks them. The ranking is the usual one (the text's list is
  written best first under a "lowest to highest" heading, and its "Straight (9 - Ace)" and
  high-card wording come from Poker Dice): straight flush > four of a kind > full house >
  flush > straight (ace high or low) > three of a kind > two pair > pair > high card, with
  five of a kind on top, which only wild cards make.
- Wild cards (option ``wild``, none by default; "Historically, Aces"): a wild card stands for
  any card the holder likes best, also one already in the hand (so five of a kind), also
  itself.
- "In case of ties, the kitty stands in the next round" (``ties=stand``, the default): a tied
  pot rides into the next hand; ``ties=split`` shares it instead (the odd chip to the first
  winner from the dealer's left). Everyone else folding wins the pot without a showdown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .. import events as ev
from ..core.commands import Deal, NewHand, Reveal
from ..errors import RuleViolation
from ..kit import betting as bets
from ..kit import deal, follow, own, pots, wiring
from ..kit.evaluators import Ranked, poker
from ..state import TableState
from ..core.table import require_hand
from ..core.verbs import make_event, reveal
from ..core.contract import Legal, Ruleset

_RANK = r"(10|[2-9JQKA])"


class Options(BaseModel):
    """Straight Poker's table choices."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="chips each player antes into the kitty")
    min_bet: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="the smallest bet or raise (or all-in)")
    limit: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="the largest bet or raise; 0: no limit")
    wild: str = Field(default="", pattern=rf"^({_RANK}(,{_RANK})*)?$",
                      description="wild ranks, like A (aces, the historical choice) or A,2; empty: none")
    ties: Literal["stand", "split"] = Field(default="stand", description="a tied pot stands (rides) or is split")

    @model_validator(mode="after")
    def _limit_in_order(self) -> Options:
        if self.limit and self.limit < self.min_bet:
            raise ValueError(f"the limit ({self.limit}) must be at least the smallest bet, min_bet ({self.min_bet}), "
                             "or 0 for no limit")
        return self


@dataclass(slots=True)
class Straight:
    """The hand in progress: its players (from the dealer's left), the phase (deal, bet,
    showdown) and the betting round's book."""

    order: list[str] = field(default_factory=list)
    phase: str = "idle"
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0
    anted: list[str] = field(default_factory=list)
    paid: int = 0
    settled: int = 0


OWN = own.Own(Straight, Options)
NO_LIMIT = bets.Betting(structure="no-limit", min_bet=lambda s: OWN.opts(s).min_bet,
                        messages={"turn": "it is {to_act}'s turn to bet, not {player}'s"})
LIMITED = replace(NO_LIMIT, structure="declared", limit=lambda s: OWN.opts(s).limit)
DEALING = deal.Dealing(5, messages={"too_many": "{to} holds {have} cards: five each ({short} more at most)"})


def _betting(state: TableState) -> bets.Betting:
    return LIMITED if OWN.opts(state).limit else NO_LIMIT


# ----------------------------------------------------------------------------- the hands

def rank_hand(cards: list[str], wild: frozenset[str] = frozenset()) -> Ranked:
    """The best poker hand of five cards, wild ranks standing for any card (five of a kind
    tops a straight flush)."""
    return poker.rank_high(cards, sorted(wild))


def _wild(state: TableState) -> frozenset[str]:
    return frozenset(r for r in OWN.opts(state).wild.split(",") if r)


# ----------------------------------------------------------------------------- decide

def _hand(state: TableState, cmd: NewHand) -> list[ev.Event]:
    return follow.followed(deal.start(state, cmd, DEALING, players=(2, 10)))


def _deal(state: TableState, cmd: Deal) -> list[ev.Event]:
    require_hand(state)
    x = OWN.x(state)
    if x.phase != "deal":
        raise RuleViolation("the cards are dealt: five each, and no more")
    stock = 52 - sum(len(s.cards) for s in state.seats if s.in_hand)
    return deal.deal(state, cmd, DEALING, x.order, stock)


def _bet(state: TableState, cmd: bets.Move) -> list[ev.Event]:
    require_hand(state)
    x = OWN.x(state)
    if x.phase != "bet":
        raise RuleViolation("the betting starts when everyone has five cards" if x.phase == "deal"
                            else "the betting is over: reveal the hands still in (potlog reveal NAME CARDS)")
    return follow.followed(bets.act(state, x, _betting(state), cmd))


def _reveal(state: TableState, cmd: Reveal) -> list[ev.Event]:
    require_hand(state)
    if OWN.x(state).phase != "showdown":
        raise RuleViolation("the hands are shown at the showdown, once the betting is over")
    return follow.followed(reveal(state, cmd))


def _after(state: TableState) -> list[ev.Event]:
    """Once the betting is over: the pot to the last player in, or the showdown when every
    hand still in is known; then the end of the hand."""
    x, hand = OWN.x(state), state.hand
    antes = pots.post_antes(state, x.order, x.anted, OWN.opts(state).ante)
    if antes or hand is None or hand.ended or x.phase != "showdown":
        return antes
    live = own.live(state, x.order)
    if len(live) <= 1:
        return pots.last_in(state)[1] + [make_event(ev.HandEnded, hand=hand.number)]
    wild = _wild(state)
    ranks = own.ranked(state, x.order, lambda cards: rank_hand(cards, wild))
    if ranks is None:
        return []
    total = state.balance("pot") + x.paid                      # the pot as the showdown found it
    due = pots.award_by_rank(state, ranks, x.order, ties=OWN.opts(state).ties, total=total)[x.settled:]
    return deal.turn_up(state, live) or due[:1] or [make_event(ev.HandEnded, hand=hand.number)]


decide, check_event = wiring.wire(
    "straightpoker", "Straight Poker", Options, _after,
    {NewHand: _hand, Deal: _deal, Reveal: _reveal, **dict.fromkeys(bets.WAGERS, _bet)},
    "hand, deal, then check, bet, call, raise, allin, fold and reveal; potlog pays the showdown",
    by_itself=(ev.Ante, ev.PotAwarded, ev.PotCarried, ev.HandEnded))


# ----------------------------------------------------------------------------- evolve, legal, view

def evolve(state: TableState, event: ev.Event) -> None:
    x, hand = OWN.x(state), state.hand
    if isinstance(event, ev.HandStarted):
        x.order, x.phase, x.anted, x.paid, x.settled = deal.seat_in(state, event), "deal", [], 0, 0
        bets.reset(x)
    elif isinstance(event, ev.Ante):
        x.anted.append(event.player)
    pots.tally(x, event)
    if hand is None or hand.ended:
        x.phase = "idle"
        if hand is not None:
            hand.to_act = None
        return
    rules = _betting(state)
    if x.phase == "bet":
        bets.record(state, x, rules, event)
    if x.phase == "deal" and deal.dealt(state, 5):
        x.phase = "bet"
    who = bets.to_act(state, x, rules, x.order) if x.phase == "bet" else None
    live = [s for s in state.live_players() if s.in_hand]
    if x.phase == "bet" and (who is None or len(live) <= 1):
        x.phase = "showdown"
    hand.to_act = who if x.phase == "bet" else None
    hand.phase = {"deal": "dealing", "bet": "betting"}.get(x.phase, x.phase)


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    x, hand = OWN.x(state), require_hand(state)
    if x.phase == "deal":
        return [Legal(None, ("deal",), f"five cards each to {', '.join(deal.short(state, 5, x.order))}")]
    if x.phase == "bet" and hand.to_act is not None:
        return [bets.prompt(state, x, _betting(state), hand.to_act)]
    return [Legal(None, ("reveal",), "name the unseen cards of the hands still in")]


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    wild = OWN.opts(state).wild
    return [("phase", x.phase)] + ([("wild", wild)] if wild else [])


RULESET = Ruleset(name="straightpoker", title="Straight Poker",
                  summary="Antes, five cards, bet and raise until nobody bets more; the best poker hand "
                          "takes the kitty, a tie and it stands.",
                  options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view,
                  check_event=check_event, min_players=2, max_players=10)
