"""Blücher (Forwards): three cards, a dice target, three rounds of buying and betting,
and a pot that rides when everyone busts. Rule book: ``shared/rules/bluecher.txt``.

How a hand is recorded (potlog works out everything else)::

    potlog hand                      # dealer: the last winner (left of the dealer after an all-bust)
    potlog declare Dan cost 2        # optional, before the deal (default: the card_cost option)
    potlog deal all -n 3             # or per player: potlog deal Ann AS 5H ??  (?? = unseen)
    potlog declare Ann dice 3        # the first player (left of the dealer): 1 to 5 dice
    potlog declare Ann limit 5       # ... and the betting limit for the hand
    potlog hole Ann                  # ... places a hole card face down (potlog hole Ann 5H if known)
    potlog bet Ann 2                 # ... and bets 1 to the limit
    potlog hole Ben; potlog call Ben # every other player: hole card and call, or fold
    potlog roll Ann 3 5 6            # the first player rolls the declared dice: target 14
    potlog buy Ann 7H --discard KD   # rounds 1-3: buy (pays the card cost), then
    potlog check Ben / raise Cy 2 / call / fold / allin
    potlog reveal Ann 5H 9C 7H       # after round 3: unseen cards are shown
    potlog hole Ann 5H               # an unseen hole card is named when it is turned up
    potlog showdown                  # awards, the all-bust payment, carry-over, next dealer

Rounds start by themselves (after the roll and after each round's betting), the hand ends by
itself (after the showdown, or when all but one have folded).

What is recorded: a hole card is ``declared`` (name ``hole``, value the card or ``??`` when
unseen); a buy is ``cards_exchanged`` with the card cost; the rounds are ``round_started``; the
showdown records ``cards_revealed`` for known cards still face down, one ``pot_awarded`` per
pot (the reason names the winning cards), ``pot_carried`` for what rides, a ``declared``
``next-dealer`` (for the table) and ``hand_ended``. ``check_event`` lets ``potlog verify
--rules`` re-check every event of a log against these rules.

Readings of the rule book (where it and issue 4 leave a gap, as a table would play it):

- Packs: French 52 (ace 1, 2-10 face value, J Q K 10; 3 to 10 players) or Spanish 40/48
  (printed value, sota 10, caballo 11, rey 12; 3 to 9 players). Suits rank Spades > Hearts
  > Diamonds > Clubs, Swords > Cups > Clubs > Coins. Players with no chips sit a hand out.
- The dealer may declare the card cost only before the first card is dealt; it then holds
  for the hand. The first player is the first seat with chips to the dealer's left.
- Order of the opening: the first player declares the dice (1 to 5) and the limit (1 chip
  or more) and places a hole card before betting; a declaration stands once made (void it
  if it was recorded wrong). Every other player places a hole card before calling. The
  first player may not fold before opening; nobody checks or raises in the opening round.
  A player who cannot cover the opening bet may go all-in for less.
- Hole cards: ``hole Ann 5H`` names it (one of Ann's known cards, or it names one of her
  unseen ones); ``hole Ann`` places it unseen, which needs an unseen card in her hand, and the
  hole is then one of her unseen cards. An unseen hole is named at the showdown with
  ``hole Ann CARD``, which also turns it up. The hole card can never be discarded.
- A round: starting with the first player and going once around, each player who still has
  chips may buy one card (before acting; at most one per round; the cost goes to the pot)
  and then checks, bets, calls, raises or folds. A bet into an empty round counts as that
  player's raise. Raises (and bets) are by 1 up to the limit. After the go-around, players
  short of the highest bet call or fold in seat order (no raises then). Nobody raises twice
  in a round. A bet or raise is refused when nobody else could call it (all others all-in).
  A player with no chips left (all-in) is skipped, and so buys no more cards.
- Rebuys are between hands for players in the hand (table stakes); seated players who are
  out of the hand (folded, sitting out) may rebuy at any time.
- Chips leave the pot only through the rules. A carry-over left when the night ends (the
  last hand all bust) is shared out by the table between hands with ``potlog pay carry
  PLAYER N`` before ``potlog close``.
- Buying needs the stock: it holds the pack less the cards dealt and bought this hand; when
  it is empty, ``potlog reshuffle`` puts the discards back (refused while cards remain).
- Showdown: each player's hand is the hole card with one or both other cards, the best of the
  three choices. Ranking: not over the target beats over; then closest to the target (for
  busted hands: smallest excess); then fewer cards; then the suit of the hand's highest card
  (highest by value, then K > Q > J > 10 among cards worth 10, then, for two cards of the
  same rank, the better suit); if those suits are equal, the higher of the two highest
  cards wins.
- Side pots are poker's (``ledger.chips.side_pots`` over each player's bets this hand);
  card costs and chips carried in belong to the main pot. Every pot is settled as its own
  showdown among the players eligible for it; a pot only one player reached (an uncalled
  bet) goes back to that player. A pot whose every contender busts: the least wrong of them
  takes one chip for every other contender of that pot, the rest rides into the next hand.
- The winner of the main pot deals next; after an all-bust the deal passes to the left of
  the dealer. ``hand --dealer`` chooses the first hand's dealer only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .. import events as ev
from ..cards import UNKNOWN, get_pack, parse_cards
from ..chips import side_pots, split_evenly
from ..commands import Command
from ..errors import InputError, RuleViolation
from ..state import Seat, TableState
from . import base

NAME = "bluecher"
TITLE = "Blücher (Forwards)"
SUMMARY = ("3 cards, a 1-5 dice target, 3 rounds of card buying and limit betting; "
           "closest without going over wins, and the pot rides when everyone busts.")

MAX_DICE = 5
ROUND_NAMES = {1: "first card", 2: "second card", 3: "third card"}
SUIT_RANK = {"french": {"S": 4, "H": 3, "D": 2, "C": 1}, "spanish": {"E": 4, "C": 3, "B": 2, "O": 1}}
COURT = {"10": 0, "J": 1, "Q": 2, "K": 3}
_STAKES = ("bet", "call", "raise", "all_in")


class Options(BaseModel):
    """Blücher's table choices."""

    model_config = ConfigDict(extra="forbid")
    pack: str = Field(default="french52", description=(
        "french (52 cards, 3-10 players) or spanish (40 or 48 cards, 3-9 players); "
        "french52, spanish40, spanish48 are accepted too"))
    card_cost: int = Field(default=1, ge=1, le=ev.MAX_CHIPS,
                           description="chips to buy a card, unless the dealer declares otherwise before the deal")
    spanish_size: int = Field(default=40, description="40 or 48: the Spanish pack's size")

    @model_validator(mode="after")
    def _one_pack(self) -> Options:
        pack = self.pack.strip().lower()
        if pack in ("spanish48",):
            self.spanish_size = 48
        if self.spanish_size not in (40, 48):
            raise ValueError(f"a Spanish pack has 40 or 48 cards, not {self.spanish_size}")
        if pack in ("french", "french52"):
            self.pack = "french52"
        elif pack in ("spanish", "spanish40", "spanish48"):
            self.pack = f"spanish{self.spanish_size}"
        else:
            raise ValueError(f"Blücher is played with the french or the spanish pack, not {self.pack!r}")
        return self


@dataclass(slots=True)
class BluecherExt:
    """Blücher's own state (plain JSON-able fields; snapshots rebuild it with ``BluecherExt(**d)``).

    Attributes:
        phase: idle, deal, open, roll, round, round-over, showdown, won, ended.
        card_cost: chips per card bought this hand.
        dice, limit: the first player's declarations; target: the dice total.
        hole: player -> their hole card (``??`` while unseen).
        order: the hand's players clockwise from the first player.
        acted: who has acted in this betting round (the go-around); raised: who raised in it;
            bought: who bought a card in it.
        high: the highest bet of the round before the last stake (to tell an all-in raise).
        stock: cards left to draw; pack_size: cards in the pack.
        carried_in: chips that rode into this hand.
        next_dealer: who deals the next hand, as the last showdown decided.
        paid, settled: chips paid out of the pot this hand, and the settlement events
            (awards, carry-over, next dealer) recorded so far (for `check_event`).
    """

    phase: str = "idle"
    card_cost: int = 1
    dice: int | None = None
    limit: int | None = None
    target: int | None = None
    hole: dict[str, str] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    bought: list[str] = field(default_factory=list)
    high: int = 0
    stock: int = 0
    pack_size: int = 52
    carried_in: int = 0
    next_dealer: str | None = None
    paid: int = 0
    settled: int = 0


# ----------------------------------------------------------------------------- cards and hands

def family_of(state: TableState) -> str:
    return "spanish" if str(state.options.get("pack", "")).startswith("spanish") else "french"


def card_value(card: str, family: str) -> int:
    """What a card counts: French ace 1, court cards 10; Spanish the printed number."""
    rank = card[:-1]
    if family == "french":
        if rank == "A":
            return 1
        if rank in ("J", "Q", "K"):
            return 10
    return int(rank)


def card_order(card: str, family: str) -> tuple[int, int, int]:
    """How high a card is: by value, then K > Q > J > 10, then suit."""
    return (card_value(card, family), COURT.get(card[:-1], 0) if family == "french" else 0,
            SUIT_RANK[family][card[-1]])


@dataclass(frozen=True)
class BestHand:
    """A player's best choice of cards for a target, and its ranking key (smaller is better)."""

    player: str
    cards: tuple[str, ...]
    total: int
    target: int

    @property
    def bust(self) -> bool:
        return self.total > self.target

    def key(self, family: str) -> tuple[int, ...]:
        top = max(self.cards, key=lambda c: card_order(c, family))
        value, court, suit = card_order(top, family)
        return (1 if self.bust else 0, abs(self.target - self.total), len(self.cards), -suit, -value, -court)

    def text(self) -> str:
        diff = self.target - self.total
        how = "exactly" if diff == 0 else f"{diff} under" if diff > 0 else f"bust by {-diff}"
        return f"{'+'.join(self.cards)} = {self.total} ({how})"


def best_hand(player: str, hole: str, others: list[str], target: int, family: str) -> BestHand:
    """The best of hole+a, hole+b and hole+a+b for `target`."""
    choices = [(hole, c) for c in others] + ([(hole, *others)] if len(others) > 1 else [])
    hands = [BestHand(player, tuple(ch), sum(card_value(c, family) for c in ch), target) for ch in choices]
    return min(hands, key=lambda h: h.key(family))


# ----------------------------------------------------------------------------- options, ext

def initial(state: TableState) -> BluecherExt:
    opts = state.options
    return BluecherExt(card_cost=int(opts.get("card_cost", 1)),
                       pack_size=len(get_pack(str(opts.get("pack", "french52"))).cards))


def _x(state: TableState) -> BluecherExt:
    x = state.ext
    if isinstance(x, dict):  # a snapshot's plain data
        x = state.ext = BluecherExt(**x)
    if x is None:
        x = state.ext = initial(state)
    return x


def max_players(state: TableState) -> int:
    return 9 if family_of(state) == "spanish" else 10


# ----------------------------------------------------------------------------- apply (cheap)

def apply(state: TableState, event: ev.Event) -> None:
    x = _x(state)
    t = event.type  # type: ignore[attr-defined]
    hand = state.hand
    if t == "hand_started":
        _begin(state, x, event)  # type: ignore[arg-type]
    elif t == "hand_ended":
        x.phase = "ended"
        return
    elif hand is None or hand.ended:
        return
    elif t == "declared":
        _declared(state, x, event)  # type: ignore[arg-type]
        return  # a declaration moves no turn
    elif t == "cards_dealt":
        if state.seat(event.to) is not None:  # type: ignore[attr-defined]
            x.stock -= len(event.cards)  # type: ignore[attr-defined]
        if x.phase != "deal":
            return
    elif t == "cards_exchanged":
        x.stock -= len(event.draw)  # type: ignore[attr-defined]
        if x.phase == "round":
            x.bought.append(event.player)  # type: ignore[attr-defined]
        return
    elif t == "dice_rolled":
        if x.target is None and x.phase in ("roll", "open"):
            x.target = sum(event.faces)  # type: ignore[attr-defined]
            x.phase = "round-over"
    elif t == "round_started":
        x.phase = "round"
        x.acted, x.raised, x.bought, x.high = [], [], [], 0
    elif t in _STAKES:
        _stake(state, x, event)
    elif t == "check":
        x.acted.append(event.player)  # type: ignore[attr-defined]
    elif t == "fold":
        x.acted.append(event.player)  # type: ignore[attr-defined]
        _flow(state, x, folded=True)
        return
    elif t == "deck_reshuffled":
        x.stock += event.cards  # type: ignore[attr-defined]
    elif t == "pot_awarded":
        x.paid += sum(s.amount for s in event.shares)  # type: ignore[attr-defined]
        x.settled += 1
        return
    elif t == "pot_carried":
        x.paid += event.amount  # type: ignore[attr-defined]
        x.settled += 1
        return
    elif t == "player_left":
        _flow(state, x, folded=True)
        return
    else:
        return
    _flow(state, x)


def _begin(state: TableState, x: BluecherExt, e: ev.HandStarted) -> None:
    x.phase = "deal"
    x.card_cost = int(state.options.get("card_cost", 1))
    x.dice = x.limit = x.target = None
    x.hole = {}
    x.acted, x.raised, x.bought, x.high = [], [], [], 0
    x.stock = x.pack_size
    x.carried_in = e.carry_in
    x.next_dealer = None
    x.paid = x.settled = 0
    balances = state.balances
    for s in state.seats:
        if s.in_hand and balances.get("seat:" + s.name, 0) <= 0:
            s.in_hand = False  # no chips: sits this hand out
    names = [s.name for s in state.seats]
    start = names.index(e.first) if e.first in names else (names.index(e.dealer) + 1 if e.dealer in names else 0)
    n = len(names)
    x.order = [names[(start + i) % n] for i in range(n) if state.seats[(start + i) % n].in_hand]
    state.hand.phase = "deal"  # type: ignore[union-attr]
    state.hand.to_act = None  # type: ignore[union-attr]


def _declared(state: TableState, x: BluecherExt, e: ev.Declared) -> None:
    name, value = e.name, e.value
    if name == "cost" and isinstance(value, int):
        x.card_cost = value
    elif name == "dice" and isinstance(value, int):
        x.dice = value
    elif name == "limit" and isinstance(value, int):
        x.limit = value
    elif name == "next-dealer" and isinstance(value, str):
        x.next_dealer = value
        x.settled += 1
    elif name == "hole" and e.player and isinstance(value, str):
        x.hole[e.player] = value
        seat = state.seat(e.player)
        if seat is not None and value != UNKNOWN and all(h.card != value for h in seat.cards):
            for h in seat.cards:  # the hole names one of the player's unseen cards
                if h.card == UNKNOWN:
                    h.card = value
                    break


def _stake(state: TableState, x: BluecherExt, e: Any) -> None:
    seat = state.seat(e.player)
    if e.player not in x.acted:
        x.acted.append(e.player)
    if seat is not None and (e.type in ("bet", "raise") or (e.type == "all_in" and seat.round_bet > x.high)):
        if e.player not in x.raised:
            x.raised.append(e.player)
    if state.hand is not None:
        x.high = state.hand.current_bet


def _can_act(state: TableState, seat: Seat | None) -> bool:
    return (seat is not None and seat.in_hand and seat.active and not seat.folded
            and state.balances.get("seat:" + seat.name, 0) > 0)


def _in_order(state: TableState, x: BluecherExt) -> list[Seat]:
    """The hand's seats from the first player, clockwise."""
    by_name = {s.name: s for s in state.seats}
    return [by_name[n] for n in x.order if n in by_name]


def _next_open(state: TableState, x: BluecherExt) -> str | None:
    for seat in _in_order(state, x):
        if seat.in_hand and seat.active and not seat.folded and seat.name not in x.acted:
            return seat.name
    return None


def _next_round(state: TableState, x: BluecherExt) -> str | None:
    seats = _in_order(state, x)
    for seat in seats:
        if _can_act(state, seat) and seat.name not in x.acted:  # type: ignore[union-attr]
            return seat.name  # type: ignore[union-attr]
    bet = state.hand.current_bet  # type: ignore[union-attr]
    for seat in seats:
        if _can_act(state, seat) and seat.round_bet < bet:  # type: ignore[union-attr]
            return seat.name  # type: ignore[union-attr]
    return None


def _flow(state: TableState, x: BluecherExt, folded: bool = False) -> None:
    """Where the hand is now: the phase and whose turn it is (`folded`: someone just left
    the hand, so it may be down to one player)."""
    hand = state.hand
    assert hand is not None
    to_act: str | None = None
    if x.phase == "deal":
        dealt = [s for s in state.seats if s.in_hand]
        if dealt and all(len(s.cards) >= 3 for s in dealt):
            x.phase = "open"
    if folded and x.phase in ("open", "roll", "round", "round-over", "showdown"):
        if sum(1 for s in state.seats if s.in_hand and not s.folded) <= 1:
            x.phase = "won"
    if x.phase == "open":
        to_act = _next_open(state, x)
        if to_act is None:
            x.phase = "roll"
    if x.phase == "roll":
        to_act = x.order[0] if x.order else None
    elif x.phase == "round":
        to_act = _next_round(state, x)
        if to_act is None:
            x.phase = "showdown" if hand.round >= 3 else "round-over"
    hand.phase = x.phase
    hand.to_act = to_act


# ----------------------------------------------------------------------------- decide

def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    verb = cmd.verb
    if verb == "open":
        return base.open_session(cmd, Options, NAME)
    if verb in _REFUSED:
        base.require_open(state)
        raise RuleViolation(_REFUSED[verb])
    handler = _VERBS.get(verb)
    events = handler(state, cmd) if handler is not None else base.decide_generic(state, cmd, NAME)
    if verb not in _FLOW_VERBS or not events:
        return events
    return _follow(state, events)


def _follow(state: TableState, events: list[ev.Event]) -> list[ev.Event]:
    """Add what the rules make happen next: a new round, or the pot to the last player left."""
    from ..reducer import apply as reduce

    sim = state.clone()
    seq = sim.seq
    out = list(events)
    pending = list(events)
    for _ in range(10):
        for e in pending:
            seq += 1
            reduce(sim, seq, e)
        x = _x(sim)
        if sim.hand is None or sim.hand.ended:
            break
        if x.phase == "round-over":
            n = sim.hand.round + 1
            pending = [base.make_event(ev.RoundStarted, round=n, name=ROUND_NAMES.get(n, ""))]
        elif x.phase == "won" and not any(e.type == "pot_awarded" for e in out):  # type: ignore[attr-defined]
            pending = _last_one_wins(sim)
        else:
            break
        out += pending
    return out


def _x_hand(state: TableState) -> BluecherExt:
    base.require_open(state)
    base.require_hand(state)
    return _x(state)


def _turn(state: TableState, player: str, doing: str) -> None:
    hand = state.hand
    assert hand is not None
    if hand.to_act != player:
        now = f"it is {hand.to_act}'s turn" if hand.to_act else _phase_text(state)
        raise RuleViolation(f"{player} cannot {doing} now: {now}")


def _phase_text(state: TableState) -> str:
    x = _x(state)
    return {
        "deal": "the cards are being dealt (3 each)",
        "open": "the opening is under way",
        "roll": "the first player rolls the dice next",
        "round-over": "the round is over",
        "showdown": "the third round is over: reveal the cards and record the showdown",
        "won": "everyone else has folded",
        "ended": "the hand is over",
    }.get(x.phase, "no hand is in progress")


def _first(x: BluecherExt) -> str:
    return x.order[0] if x.order else ""


def _players_with_chips(state: TableState) -> list[Seat]:
    return [s for s in state.active_seats if state.stack(s.name) > 0]


def _start(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: it ends with the showdown")  # type: ignore[union-attr]
    x = _x(state)
    playing = _players_with_chips(state)
    top = max_players(state)
    if not 3 <= len(playing) <= top:
        pack = "Spanish" if family_of(state) == "spanish" else "French"
        raise RuleViolation(f"Blücher with the {pack} pack needs 3 to {top} players with chips, "
                            f"not {len(playing)}")
    last = state.hand if state.hand is not None and state.hand.number else None
    if last is None:
        dealer = base.require_seated(state, cmd.dealer) if cmd.dealer else state.active_seats[0].name
    else:
        nxt = x.next_dealer
        seat = state.seat(nxt) if nxt else None
        if seat is not None and seat.active:
            dealer, why = nxt, f"{nxt} won the last hand"  # type: ignore[assignment]
        else:
            dealer = base.seat_after(state, last.dealer) or last.dealer
            why = "the deal passes to the left"
        if cmd.dealer and cmd.dealer != dealer:
            raise RuleViolation(f"{dealer} deals hand {last.number + 1}, not {cmd.dealer}: {why}")
    first = base.seat_after(state, dealer, skip=lambda s: state.stack(s.name) <= 0)
    if cmd.first and cmd.first != first:
        raise RuleViolation(f"{first} plays first, not {cmd.first}: the first player sits left of the dealer ({dealer})")
    return base.start_hand(state, dataclasses.replace(cmd, dealer=dealer, first=first), min_players=3)


def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    if x.phase != "deal":
        raise RuleViolation("everyone has 3 cards: new cards come by buying (potlog buy PLAYER)")
    to = cmd.to or ""
    if to.lower() in ("all", "everyone"):
        if cmd.cards:
            raise InputError("name known cards one player at a time: potlog deal Ann AS 5H 9C")
        events = []
        for name in x.order:
            seat = state.seat(name)
            short = 3 - len(seat.cards) if seat is not None else 0
            if short > 0:
                events.append(base.make_event(ev.CardsDealt, to=name, cards=[UNKNOWN] * short))
        if not events:
            raise RuleViolation("everyone has 3 cards already")
        return events
    if state.seat(to) is None:
        raise RuleViolation(f"Blücher deals only to players in the hand ({', '.join(x.order)}), not to {to or 'nobody'}")
    events = base.deal(state, cmd)
    seat = state.seat(to)
    assert seat is not None
    n = len(events[0].cards)  # type: ignore[attr-defined]
    if len(seat.cards) + n > 3:
        raise RuleViolation(f"{to} gets 3 cards and has {len(seat.cards)}: deal {3 - len(seat.cards)} more at most")
    if n > x.stock:
        raise RuleViolation(f"the stock has only {x.stock} cards left")
    return events


def _declare(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.name == "hole":
        return _hole(state, dataclasses.replace(cmd, cards=(str(cmd.value),) if cmd.value not in (None, UNKNOWN) else ()))
    x = _x_hand(state)
    player = base.require_seated(state, cmd.player)
    value = cmd.value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 13:
        value = int(value.strip())
    what = cmd.name
    if what == "cost":
        dealer = state.hand.dealer  # type: ignore[union-attr]
        if player != dealer:
            raise RuleViolation(f"{player} cannot set the card cost: the dealer ({dealer}) does")
        if x.phase != "deal" or any(s.cards for s in state.seats if s.in_hand):
            raise RuleViolation(f"the card cost is declared before the deal and then holds for the hand (it is {x.card_cost})")
        if not isinstance(value, int) or value < 1:
            raise InputError(f"a card costs a whole number of chips, 1 or more, not {cmd.value!r}")
    elif what in ("dice", "limit"):
        first = _first(x)
        if player != first:
            raise RuleViolation(f"{player} cannot declare the {what}: {first}, the first player, does")
        if x.phase != "open" or first in x.acted:
            raise RuleViolation(f"the {what} {'are' if what == 'dice' else 'is'} declared by {first} "
                                "in the opening, before the first bet")
        if what == "dice":
            if x.dice is not None:
                raise RuleViolation(f"{first} declared {x.dice} dice already: a declaration stands (void it if it was recorded wrong)")
            if not isinstance(value, int) or not 1 <= value <= MAX_DICE:
                raise RuleViolation(f"{first} may roll 1 to {MAX_DICE} dice, not {cmd.value}")
        else:
            if x.limit is not None:
                raise RuleViolation(f"{first} set the limit at {x.limit} already: it holds for the hand")
            if not isinstance(value, int) or not 1 <= value <= ev.MAX_CHIPS:
                raise InputError(f"the limit is a whole number of chips, 1 or more, not {cmd.value!r}")
    else:
        raise RuleViolation(
            f"Blücher has no declaration {what!r}: the dealer declares cost; the first player declares dice and limit"
        )
    return [base.make_event(ev.Declared, player=player, name=what, value=value)]


def _hand_cards(state: TableState, player: str, x: BluecherExt) -> list[str]:
    """The player's cards other than the hole card."""
    seat = state.seat(player)
    cards = [h.card for h in seat.cards] if seat is not None else []
    hole = x.hole.get(player)
    if hole is not None and hole in cards:
        cards.remove(hole)
    return cards


def _hole(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    seat = state.seat(player)
    assert seat is not None
    cards = parse_cards(cmd.cards, base.pack_of(state)) if cmd.cards else []
    if len(cards) > 1:
        raise InputError("a hole card is one card: potlog hole Ann 5H (or potlog hole Ann, face down unseen)")
    card = cards[0] if cards else UNKNOWN
    held = [h.card for h in seat.cards]
    placed = x.hole.get(player)
    if placed is not None:
        if x.phase not in ("showdown", "won") or card == UNKNOWN:
            raise RuleViolation(f"{player} has placed a hole card already: once placed it cannot be changed")
        if placed != UNKNOWN:
            if card != placed:
                raise RuleViolation(f"{player}'s hole card is {placed}; once placed it cannot be changed")
            if any(h.card == card and h.up for h in seat.cards):
                raise RuleViolation(f"{player}'s hole card {card} is shown already")
            return [base.make_event(ev.CardsRevealed, holder=player, cards=[card])]
        if card not in held:
            if UNKNOWN not in held:
                raise RuleViolation(f"{player} holds {' '.join(held)}: the hole card is one of them")
            base.check_unseen(state, [card])
        events = [base.make_event(ev.Declared, player=player, name="hole", value=card)]
        if not any(h.card == card and h.up for h in seat.cards):
            events.append(base.make_event(ev.CardsRevealed, holder=player, cards=[card]))
        return events
    if x.phase != "open":
        raise RuleViolation(f"hole cards are placed in the opening, before betting; {_phase_text(state)}")
    _turn(state, player, "place a hole card")
    if len(seat.cards) < 3:
        raise RuleViolation(f"{player} has {len(seat.cards)} cards: deal all 3 first")
    if card == UNKNOWN:
        if UNKNOWN not in held:
            raise RuleViolation(f"{player}'s cards are known ({' '.join(held)}): name the hole card, like potlog hole {player} {held[0]}")
    elif card not in held:
        if UNKNOWN not in held:
            raise RuleViolation(f"{player} does not hold {card} (holds {' '.join(held)})")
        base.check_unseen(state, [card])
    return [base.make_event(ev.Declared, player=player, name="hole", value=card)]


def _opening_ready(state: TableState, x: BluecherExt, player: str, doing: str) -> None:
    if player == _first(x):
        for what, have in (("dice", x.dice), ("limit", x.limit)):
            if have is None:
                raise RuleViolation(f"{player} declares the {what} before the bet: potlog declare {player} {what} N")
    if player not in x.hole:
        raise RuleViolation(f"{player} places a hole card before {doing}: potlog hole {player} [CARD]")


def _others_can_call(state: TableState, player: str) -> bool:
    return any(s.name != player and state.stack(s.name) > 0 for s in state.live_players())


def _bet(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    amount = cmd.amount or 0
    if x.phase == "open":
        if player != _first(x):
            owed = base.to_call(state, player)
            raise RuleViolation(f"{_first(x)} has opened with {state.hand.current_bet}: {player} calls {owed} or folds (no raises in the opening)")  # type: ignore[union-attr]
        _turn(state, player, "bet")
        _opening_ready(state, x, player, "betting")
    elif x.phase == "round":
        _turn(state, player, "bet")
        if player in x.acted:
            raise RuleViolation(f"{player} has had a turn this round: now only call or fold")
        if not _others_can_call(state, player):
            raise RuleViolation(f"nobody else can call a bet (all-in): {player} checks")
    else:
        _turn(state, player, "bet")
    limit = x.limit or 0
    if not 1 <= amount <= limit:
        raise RuleViolation(f"{player} may bet 1 to {limit} (the limit this hand), not {amount}")
    return base.bet(state, cmd)


def _call(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    _turn(state, player, "call")
    if x.phase == "open":
        _opening_ready(state, x, player, "calling")
    return base.call(state, cmd)


def _raise(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    if x.phase == "open":
        raise RuleViolation(f"no raises in the opening round: {player} calls or folds")
    _turn(state, player, "raise")
    if player in x.raised:
        raise RuleViolation(f"{player} cannot raise again: one raise per player per round")
    if player in x.acted:
        raise RuleViolation(f"{player} has had a turn this round: after the go-around players only call or fold")
    by = cmd.amount or 0
    limit = x.limit or 0
    if not 1 <= by <= limit:
        raise RuleViolation(f"{player} may raise by 1 to {limit} (the limit this hand), not {by}")
    if not _others_can_call(state, player):
        raise RuleViolation(f"nobody else can call a raise (all-in): {player} calls or checks")
    return base.raise_(state, cmd)


def _allin(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    _turn(state, player, "go all-in")
    stack = state.stack(player)
    owed = base.to_call(state, player)
    limit = x.limit or 0
    if x.phase == "open":
        if player == _first(x):
            _opening_ready(state, x, player, "betting")
            if stack > limit:
                raise RuleViolation(f"{player} has {stack} chips, more than the limit of {limit}: bet 1 to {limit}")
        else:
            _opening_ready(state, x, player, "calling")
            if stack > owed:
                raise RuleViolation(f"no raises in the opening round: {player} calls {owed} or folds")
    elif stack > owed:
        by = stack - owed
        if player in x.raised:
            raise RuleViolation(f"{player} cannot raise again: one raise per player per round (call {owed} or fold)")
        if player in x.acted:
            raise RuleViolation(f"{player} has had a turn this round: after the go-around players only call or fold")
        if by > limit:
            raise RuleViolation(f"{player}'s all-in of {stack} would raise by {by}, above the limit of {limit}")
        if not _others_can_call(state, player):
            raise RuleViolation(f"nobody else can call (all-in): {player} checks or calls")
    return base.all_in(state, cmd)


def _check(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    if x.phase == "open":
        if player == _first(x):
            raise RuleViolation(f"{player} opens the hand with a bet of 1 to the limit: nobody checks in the opening")
        raise RuleViolation(f"{player} calls {base.to_call(state, player)} or folds: nobody checks in the opening")
    _turn(state, player, "check")
    return base.check(state, cmd)


def _fold(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    if x.phase == "open" and player == _first(x) and player not in x.acted:
        raise RuleViolation(f"{player} opens the hand: declare the dice and the limit, place a hole card and bet at least 1")
    if x.phase not in ("open", "round"):
        raise RuleViolation(f"{player} cannot fold now: {_phase_text(state)}")
    _turn(state, player, "fold")
    return base.fold(state, cmd)


def _roll(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    first = _first(x)
    if x.phase != "roll":
        raise RuleViolation(f"the dice are rolled once, after the opening bets are in; {_phase_text(state)}")
    if cmd.player != first:
        raise RuleViolation(f"{first}, the first player, rolls the dice, not {cmd.player or 'the table'}")
    if cmd.sides not in (None, 6):
        raise RuleViolation("Blücher is played with six-sided dice")
    events = base.roll(state, dataclasses.replace(cmd, sides=6))
    n = len(events[0].faces)  # type: ignore[attr-defined]
    if n != x.dice:
        raise RuleViolation(f"{first} declared {x.dice} dice: record all {x.dice} faces, not {n}")
    return events


def _buy(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    player = base.require_live(state, cmd.player)
    if x.phase != "round":
        raise RuleViolation(f"{player} cannot buy a card now: cards are bought in the three rounds after the dice; "
                            f"{_phase_text(state)}")
    _turn(state, player, "buy a card")
    if player in x.bought:
        raise RuleViolation(f"{player} has bought a card this round already: one card per round")
    if player in x.acted:
        raise RuleViolation(f"{player} has acted this round: a card is bought before checking, betting or calling")
    pack = base.pack_of(state)
    discard = parse_cards(cmd.discard, pack) if cmd.discard else []
    draw = parse_cards(cmd.cards, pack) if cmd.cards else []
    draw += [UNKNOWN] * (cmd.count or 0)
    if len(discard) > 1 or len(draw) > 1:
        raise RuleViolation(f"{player} buys one card at a time: one discard and one new card")
    others = _hand_cards(state, player, x)
    hole = x.hole.get(player)
    shown = " ".join(c for c in others if c != UNKNOWN)
    d = discard[0] if discard else UNKNOWN
    if hole is not None and d == hole and d != UNKNOWN:
        raise RuleViolation(f"{player} cannot exchange the hole card ({d}): discard one of the other two")
    if d not in others and UNKNOWN not in others:
        if d == UNKNOWN:
            raise RuleViolation(f"say which card {player} discards: {' or '.join(others)} (--discard); "
                                "the hole card stays")
        raise RuleViolation(f"{player} does not hold {d} besides the hole card (holds {shown})")
    discard = [d]
    if x.stock <= 0:
        raise RuleViolation("the stock is empty: record the reshuffle of the discards first (potlog reshuffle)")
    if cmd.amount is not None and cmd.amount != x.card_cost:
        raise RuleViolation(f"a card costs {x.card_cost} this hand, not {cmd.amount}")
    stack = state.stack(player)
    if stack < x.card_cost:
        raise RuleViolation(f"{player} has {stack} chips and a card costs {x.card_cost}")
    return base.exchange(state, dataclasses.replace(cmd, discard=tuple(discard), cards=tuple(draw or [UNKNOWN]),
                                                    count=None, face_up=False), cost=x.card_cost)


def _reshuffle(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    if x.stock > 0:
        raise RuleViolation(f"the stock still holds {x.stock} cards: reshuffle the discards when it runs out")
    if not state.hand.out:  # type: ignore[union-attr]
        raise RuleViolation("there are no discards to reshuffle")
    return base.reshuffle(state, cmd)


def _new_round(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    if x.phase != "round-over":
        raise RuleViolation("Blücher starts its rounds by itself (after the dice, and after each round's betting)")
    n = state.hand.round + 1  # type: ignore[union-attr]
    return [base.make_event(ev.RoundStarted, round=n, name=ROUND_NAMES.get(n, ""))]


def _rebuy(state: TableState, cmd: Command) -> list[ev.Event]:
    seat = state.seat(cmd.player or "")
    if state.in_hand and seat is not None and seat.in_hand and not seat.folded:
        raise RuleViolation(f"{seat.name} is in hand {state.hand.number}: rebuy between hands (table stakes)")  # type: ignore[union-attr]
    return base.rebuy(state, cmd)


def _pay(state: TableState, cmd: Command) -> list[ev.Event]:
    source, to = cmd.source or "", cmd.to or ""
    if state.seat(source) is None and (source == "pot" or source.startswith("pot:")):
        raise RuleViolation("chips leave the pot only by the rules (potlog showdown, or the last fold)")
    if state.seat(to) is None and to == "carry":
        raise RuleViolation("the pot rides only when everyone busts: potlog showdown carries it over")
    if state.seat(source) is None and source == "carry" and state.in_hand:
        raise RuleViolation("the carry-over is in this hand's pot now: the showdown settles it")
    return base.pay(state, cmd)


def _end(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    if state.balance("pot"):
        raise RuleViolation(f"the hand ends with the showdown (or when all but one fold); {_phase_text(state)}")
    return base.end_hand(state, cmd) if x.phase != "ended" else []


# ----------------------------------------------------------------------------- showdown

def _last_one_wins(state: TableState, pot: int | None = None) -> list[ev.Event]:
    """Everyone else folded: the last player takes every chip in the pot without showing."""
    live = state.live_players()
    hand = state.hand
    assert hand is not None
    events: list[ev.Event] = []
    pot = state.balance("pot") if pot is None else pot
    if len(live) == 1:
        winner = live[0].name
        if pot:
            events.append(base.make_event(ev.PotAwarded, shares=[ev.Share(player=winner, amount=pot)],
                                          reason=f"{winner} is the last player in: everyone else folded"))
        events.append(base.make_event(ev.Declared, name="next-dealer", value=winner))
    elif pot:
        raise RuleViolation("nobody is left in the hand to take the pot: award it as a table ruling (--override)")
    events.append(base.make_event(ev.HandEnded, hand=hand.number))
    return events


def showdown_hands(state: TableState) -> tuple[list[BestHand], list[str]]:
    """Each live player's best hand from their known cards, and who still has to show what."""
    x = _x(state)
    family = family_of(state)
    hands, missing = [], []
    for name in x.order:
        seat = state.seat(name)
        if seat is None or not seat.in_hand or seat.folded:
            continue
        held = [h.card for h in seat.cards]
        hole = x.hole.get(name)
        if hole is None:
            missing.append(f"{name} has no hole card recorded")
        elif hole == UNKNOWN:
            missing.append(f"name {name}'s hole card: potlog hole {name} CARD")
        elif UNKNOWN in held:
            missing.append(f"{name}'s cards are not all known: potlog reveal {name} CARD ...")
        elif hole not in held:
            missing.append(f"{name}'s hole card {hole} is no longer in the hand (held: {' '.join(held)})")
        elif x.target is not None:
            others = list(held)
            others.remove(hole)
            hands.append(best_hand(name, hole, others, x.target, family))
    return hands, missing


def _showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _x_hand(state)
    if x.phase == "won":
        return _last_one_wins(state)
    if x.phase != "showdown":
        raise RuleViolation(f"the showdown comes after the third round; {_phase_text(state)}"
                            + (f" ({state.hand.to_act} to act)" if state.hand and state.hand.to_act else ""))
    hands, missing = showdown_hands(state)
    if missing:
        raise RuleViolation("; ".join(missing))
    events: list[ev.Event] = []
    for h in hands:  # the remaining players expose their cards
        seat = state.seat(h.player)
        down = [c.card for c in seat.cards if not c.up]  # type: ignore[union-attr]
        if down:
            events.append(base.make_event(ev.CardsRevealed, holder=h.player, cards=down))
    return events + _settle(state, hands, state.balance("pot"))


def _settle(state: TableState, hands: list[BestHand], pot_total: int) -> list[ev.Event]:
    """The awards, the carry-over, the next dealer and the end of the hand, for a pot of
    `pot_total` chips and the players' best hands."""
    x = _x(state)
    family = family_of(state)
    events: list[ev.Event] = []
    by_player = {h.player: h for h in hands}
    contributions = [(s.name, s.hand_bet, s.name in by_player) for s in (state.seat(n) for n in x.order) if s]
    pots = side_pots(contributions)
    extra = pot_total - sum(p.amount for p in pots)
    if pots and extra:
        pots[0] = type(pots[0])(pots[0].amount + extra, pots[0].eligible)
    carried = 0
    next_dealer: str | None = None
    for i, pot in enumerate(pots):
        label = "main pot" if i == 0 else f"side pot {i}"
        contenders = sorted((by_player[p] for p in pot.eligible), key=lambda h: h.key(family))
        if not contenders:
            carried += pot.amount
            continue
        best = contenders[0]
        if len(contenders) == 1:
            events.append(_award([(best.player, pot.amount)], f"{label}: back to {best.player}, nobody else could match it"))
        elif not best.bust:
            tied = [h.player for h in contenders if h.key(family) == best.key(family)]
            events.append(_award(split_evenly(pot.amount, tied),
                                 f"{label}: {best.player} {best.text()}, target {x.target}"))
        else:
            take = min(pot.amount, len(contenders) - 1)
            if take:
                events.append(_award([(best.player, take)],
                                     f"{label}: all bust; {best.player} least wrong with {best.text()}, "
                                     f"1 chip per other player"))
            carried += pot.amount - take
        if i == 0:
            next_dealer = best.player if not best.bust else base.seat_after(state, state.hand.dealer)  # type: ignore[union-attr]
    if carried:
        events.append(base.make_event(ev.PotCarried, amount=carried))
    if next_dealer:
        events.append(base.make_event(ev.Declared, name="next-dealer", value=next_dealer))
    events.append(base.make_event(ev.HandEnded, hand=state.hand.number))  # type: ignore[union-attr]
    return events


def _award(shares: list[tuple[str, int]], reason: str) -> ev.Event:
    return base.make_event(ev.PotAwarded, shares=[ev.Share(player=p, amount=a) for p, a in shares if a],
                           reason=reason[:200])


def settlement(state: TableState) -> list[ev.Event]:
    """What the showdown (or the last fold) pays out this hand, counted from the whole pot
    (what is left plus what was already paid)."""
    x = _x(state)
    pot_total = state.balance("pot") + x.paid
    if x.phase == "won":
        return _last_one_wins(state, pot_total)
    hands, missing = showdown_hands(state)
    if missing:
        raise RuleViolation("; ".join(missing))
    return _settle(state, hands, pot_total)


def check_event(state: TableState, event: ev.Event) -> None:
    """For ``potlog verify --rules``: raise `RuleViolation` if Blücher's rules would not have
    recorded `event` in `state` (the table before it). Commands are re-decided from the
    event; the rounds and the settlement are recomputed and must be exactly what was recorded."""
    from ..describe import describe as say
    from ..verify import command_for

    t = event.type  # type: ignore[attr-defined]
    plain = event.model_copy(update={"ruling": None})
    if t == "void":
        return
    if t == "session_opened":
        if base.validate_options(Options, dict(event.options), NAME) != event.options:  # type: ignore[attr-defined]
            raise RuleViolation("the options are not the ones Blücher would record")
        return
    x = _x(state)
    hand = state.hand
    if t == "hand_ended" and state.in_hand:  # the awards were checked one by one
        if state.balance("pot") or event.hand != hand.number:  # type: ignore[union-attr,attr-defined]
            raise RuleViolation(f"hand {hand.number} cannot end with {state.balance('pot')} chips in the pot")  # type: ignore[union-attr]
        return
    settling = t in ("pot_awarded", "pot_carried") or (
        t == "declared" and event.name == "next-dealer")  # type: ignore[attr-defined]
    if settling and state.in_hand and x.phase in ("showdown", "won"):
        expected = settlement(state)
        want = expected[x.settled] if x.settled < len(expected) else None
        if want != plain:
            raise RuleViolation(f"the showdown records '{say(want)}' here" if want else "the hand is settled already")
        return
    if t == "round_started":
        if not state.in_hand or x.phase != "round-over" or event.round != hand.round + 1:  # type: ignore[union-attr,attr-defined]
            raise RuleViolation("a round starts by itself, only when the dice are rolled or a round's betting is over")
        return
    cmd = command_for(event)
    if cmd is None:
        raise RuleViolation(f"Blücher never records {t}")
    decided = decide(state, cmd)
    if not decided or decided[0] != plain:
        raise RuleViolation(f"the rules record '{say(decided[0])}' here" if decided else "the rules record nothing here")


_VERBS = {
    "hand": _start, "deal": _deal, "declare": _declare, "hole": _hole, "bet": _bet, "call": _call,
    "raise": _raise, "allin": _allin, "check": _check, "fold": _fold, "roll": _roll, "buy": _buy,
    "exchange": _buy, "reshuffle": _reshuffle, "round": _new_round, "showdown": _showdown,
    "rebuy": _rebuy, "pay": _pay, "end": _end,
}
_FLOW_VERBS = {"deal", "declare", "hole", "bet", "call", "raise", "allin", "check", "fold", "roll", "buy",
               "exchange", "round", "leave"}
_REFUSED = {
    "ante": "Blücher has no antes: the first player opens with a bet",
    "play": "Blücher has no tricks: cards are bought (potlog buy) and shown at the showdown",
    "score": "Blücher is played for chips, not points",
    "award": "Blücher settles the pot itself: potlog showdown (or the last fold) pays it out",
    "carry": "the pot rides only when everyone busts, and potlog showdown works that out",
}


# ----------------------------------------------------------------------------- legal, describe

def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    x = _x(state)
    if not state.in_hand:
        who = x.next_dealer or "the next seat"
        return [base.Legal(None, ("hand", "join", "rebuy", "leave", "count", "note", "close"),
                           f"{who} deals the next hand")]
    hand = state.hand
    assert hand is not None
    p = hand.to_act
    if x.phase == "deal":
        short = [s.name for s in state.seats if s.in_hand and len(s.cards) < 3]
        items = [base.Legal(None, ("deal",), "3 cards each, face down: " + ", ".join(short) + " (potlog deal all -n 3)")]
        if not any(s.cards for s in state.seats if s.in_hand):
            items.insert(0, base.Legal(hand.dealer, ("declare",), f"the card cost (now {x.card_cost}), before the deal"))
        return items
    if x.phase == "open" and p:
        if p == _first(x) and p not in x.acted:
            todo = [w for w, v in (("dice 1-5", x.dice), ("limit", x.limit)) if v is None]
            verbs: tuple[str, ...] = ("declare",) if todo else ()
            verbs += ("hole",) if p not in x.hole else () if todo else ("bet", "allin")
            note = ("declare " + " and ".join(todo) + "; " if todo else "") + (
                "place a hole card" if p not in x.hole else f"bet 1 to {x.limit}")
            return [base.Legal(p, verbs, note)]
        owed = base.to_call(state, p)
        if p not in x.hole:
            return [base.Legal(p, ("hole", "fold"), f"place a hole card, then call {owed}")]
        return [base.Legal(p, ("call", "allin", "fold") if state.stack(p) <= owed else ("call", "fold"), f"{owed} to call")]
    if x.phase == "roll":
        return [base.Legal(_first(x), ("roll",), f"roll {x.dice} dice for the target")]
    if x.phase == "round" and p:
        owed = base.to_call(state, p)
        if p in x.acted:
            return [base.Legal(p, ("call", "allin", "fold"), f"{owed} to call")]
        verbs = () if p in x.bought else ("buy",)
        verbs += ("call", "raise") if owed else ("check", "bet")
        return [base.Legal(p, verbs + ("allin", "fold"),
                           (f"{owed} to call; " if owed else "") + f"round {hand.round} of 3, card costs {x.card_cost}")]
    if x.phase in ("showdown", "won"):
        _, missing = showdown_hands(state)
        note = "; ".join(missing) if x.phase == "showdown" and missing else "potlog showdown settles the pot"
        return [base.Legal(None, ("reveal", "hole", "showdown"), note)]
    return []


def describe(state: TableState) -> list[tuple[str, str]]:
    x = _x(state)
    hand = state.hand
    if hand is None or not hand.number:
        return [("card cost", f"{x.card_cost} (the dealer may declare another before the deal)")]
    lines: list[tuple[str, str]] = []
    if hand.ended:
        if x.next_dealer:
            lines.append(("next dealer", x.next_dealer))
        if state.balance("carry"):
            lines.append(("carry-over", f"{state.balance('carry')} ride into the next hand"))
    lines.append(("card cost", str(x.card_cost)))
    if x.dice is not None:
        lines.append(("dice", f"{x.dice} (declared by {_first(x)})"))
    if x.limit is not None:
        lines.append(("limit", str(x.limit)))
    if x.target is not None:
        lines.append(("target", str(x.target)))
    if x.phase == "round":
        lines.append(("round", f"{hand.round} of 3"))
    if not hand.ended:
        lines.append(("pot", str(state.balance("pot"))))
        if x.carried_in:
            lines.append(("carried in", str(x.carried_in)))
        lines.append(("stock", f"{x.stock} cards"))
    holes = []
    for name in x.order:
        card = x.hole.get(name)
        seat = state.seat(name)
        if card is None:
            holes.append(f"{name} —")
        elif seat is not None and any(h.card == card and h.up for h in seat.cards):
            holes.append(f"{name} {card}")
        else:
            holes.append(f"{name} ▒▒")
    if x.hole:
        lines.append(("hole cards", ", ".join(holes)))
    if any(s.all_in for s in state.live_players()) and not hand.ended:
        pots = side_pots([(s.name, s.hand_bet, not s.folded) for s in state.seats if s.in_hand])
        lines.append(("side pots", "; ".join(f"{p.amount} for {', '.join(p.eligible)}" for p in pots)))
    if x.target is not None and x.phase in ("showdown", "won", "ended"):
        hands, _ = showdown_hands(state)
        if hands:
            lines.append(("hands", "; ".join(f"{h.player} {h.text()}" for h in hands)))
    return lines
