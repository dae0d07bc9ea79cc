"""Dealing, declared: N cards to each player in a deal stage (one by one, or ``deal all -n``), a
stock counted down as cards are dealt and bought, buying a card for a cost (one a round, before
acting, never the card a player keeps aside), and the reshuffle of the discards when the stock
is empty. The engine reads the table and a `Stock` (any object with ``stock: int``, such as a
game's flat ext) and returns events; it never records anything itself.

    DEALING = Dealing(each=3, messages={"not_player": "Blücher deals only to ..."})
    deal.deal(state, cmd, DEALING, x.order, x.stock)          # potlog deal Ann AS ?? / deal all
    deal.buy(state, cmd, DEALING, player, cost=x.card_cost, stock=x.stock, kept=x.hole.get(player),
             bought=x.bought, acted=x.acted)
    deal.track(state, x, event)                               # in evolve: the stock

Public API:

- ``Dealing(each, messages)``: `each` cards to every player in the deal; `messages` rewords
  any of `MESSAGES` (fields: player, to, players, each, have, short, stock, card, cards, cost,
  amount, kept).
- ``start(state, cmd, rules, *, players, winner=None, **values) -> [HandStarted]``: a new hand, its
  dealer and first player worked out: `players` (low, high) seated players with chips; the
  first hand's dealer is ``--dealer`` or the first seat, later the last hand's `winner` when
  still seated, else the deal passes left; ``--dealer`` or ``--first`` naming anyone else is
  refused; the first player is the next seat with chips after the dealer.
- ``deal(state, cmd, rules, order, stock) -> [CardsDealt]``: to one player (no more than
  `each` in all, no more than the stock) or to ``all``/``everyone`` (unseen cards to each
  player in `order` who is short).
- ``next_dealer(state, winner) -> Declared``: who deals the next hand, for the table (a
  ``declared`` named ``next-dealer``; `start` reads it back as its `winner`): `winner` (the
  main pot's), or, without one (an all-bust), the seat after this hand's dealer.
- ``short(state, each, order=None) -> list[str]``: who still has fewer than `each` cards.
- ``fewest_first(state, order, each) -> str | None``: who gets the next card when the deal goes
  round one card at a time: the first in `order` with the fewest, until everyone has `each`.
- ``undealt(state) -> bool``: nobody in the hand holds a card yet (before the deal).
- ``dealt(state, each) -> bool``: everyone in the hand has `each` cards (the deal is over).
- ``buy(state, cmd, rules, player, *, cost, stock, kept=None, bought=(), acted=()) ->
  [CardsExchanged]``: one card for one, at `cost` chips (to the pot); refused a second time
  in a round (`bought`), after acting (`acted`), for the `kept` card, or with the stock empty.
- ``reshuffle(state, cmd, stock) -> [DeckReshuffled]``: the discards back, only once the
  stock is empty.
- ``track(state, book, event) -> None``: count the stock down (dealt to a player, bought)
  and up (reshuffled); call it from ``evolve`` while a hand is on.
- ``seat_in(state, event) -> list[str]``: as a hand starts (in ``evolve``): players with no
  chips sit it out; the hand's players clockwise from its first player (or the dealer's left).
- ``one_card(state, cards, rules) -> str``: the one card named (``??`` when none is).
- ``next_card(state, cmd, player, rules=None, pack=None) -> str``: the one card a deal or a hit
  gives `player`: named (``cmd.cards``, in `pack`, default the table's) or unseen (``--count``),
  and nowhere else this hand; none, or more than one, is refused (`rules`: the wording).
- ``face_down_first(state, cmd, player, rules=None, *, down=1, pack=None) -> [CardsDealt]``: the
  one card a deal gives `player` (`next_card`): face down while they hold fewer than `down`
  (``--up`` refused), then face up (an unseen card refused: the table sees it). The default
  wording (``face_down``, ``face_up``) is for one face-down card.
- ``held_or_unseen(state, rules, player, card, refusal) -> None``: `card` is one of `player`'s
  known cards, or stands for one of their unseen ones (and is nowhere else); else the refusal
  `refusal` (fields player, card, cards).
- ``hole(state, rules, player, card, placed, *, showing) -> [Declared] / [CardsRevealed]``: a
  hole card, one of the player's cards set aside face down and recorded as a ``declared``
  named ``hole`` (the card, or ``??`` unseen). It is placed once (the stage and the turn are
  the game's to check; all `each` cards dealt first); when `showing` (the showdown) an unseen
  one is named and turned up, a known one turned up. `placed` is the hole card so far.
- ``track_hole(state, holes, event) -> bool``: in ``evolve``, keep a recorded hole card in
  `holes` (player -> card); a named one takes the place of one of the player's unseen cards
  when they do not hold it (True when `event` was a hole card).
- ``hole_missing(state, player, hole) -> str``: what `player` still has to show for the
  showdown ("" when nothing): the hole card, their unseen cards.
- ``hole_text(state, player, hole) -> str``: the hole card as the table sees it: the card once
  turned up, ``▒▒`` face down, ``—`` before it is placed.
- ``turn_up(state, players) -> [CardsRevealed]``: every card still face down in their hands.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Mapping, Protocol, Sequence

from .. import events as ev
from ..cards import UNKNOWN, parse_cards
from ..core.commands import Deal, Exchange, Hit, NewHand, Reshuffle
from ..errors import InputError, RuleViolation
from ..core import verbs
from ..core.table import check_unseen, pack_of, require_hand, require_open, require_seated, seat_after
from ..core.verbs import exchange, make_event, start_hand
from ..state import TableState
from .turns import clockwise

__all__ = ["Dealing", "MESSAGES", "Stock", "buy", "deal", "dealt", "face_down_first", "fewest_first", "held_or_unseen",
           "hole", "hole_missing", "next_card", "one_card", "reshuffle", "track_hole", "seat_in", "short", "start",
           "track", "turn_up"]

MESSAGES: Mapping[str, str] = {
    "going": "hand {number} is still going: end it first",
    "players": "a hand needs {low} to {high} players with chips, not {n}",
    "won": "{winner} won the last hand",
    "left": "the deal passes to the left",
    "dealer": "{dealer} deals hand {number}, not {named}: {why}",
    "first": "{first} plays first, not {named}: the first player sits left of the dealer ({dealer})",
    "all_named": "name known cards one player at a time: potlog deal Ann AS 5H 9C",
    "all_done": "everyone has {each} cards already",
    "not_player": "cards are dealt only to players in the hand ({players}), not to {to}",
    "too_many": "{to} gets {each} cards and has {have}: deal {short} more at most",
    "stock": "the stock has only {stock} cards left",
    "bought": "{player} has bought a card this round already: one card per round",
    "acted": "{player} has acted this round: a card is bought before checking, betting or calling",
    "one": "{player} buys one card at a time: one discard and one new card",
    "kept": "{player} cannot exchange the hole card ({card}): discard one of the other two",
    "which": "say which card {player} discards: {cards} (--discard); the hole card stays",
    "not_held": "{player} does not hold {card} besides the hole card (holds {cards})",
    "empty": "the stock is empty: record the reshuffle of the discards first (potlog reshuffle)",
    "cost": "a card costs {cost} this hand, not {amount}",
    "afford": "{player} has {stack} chips and a card costs {cost}",
    "not_empty": "the stock still holds {stock} cards: reshuffle the discards when it runs out",
    "no_discards": "there are no discards to reshuffle",
    "one_card": "a hole card is one card: potlog hole Ann 5H (or potlog hole Ann, face down unseen)",
    "name_card": "name the card {player} gets (like 7H), or ?? for an unseen face-down card",
    "one_at_a_time": "one card at a time: {player} gets {n} here",
    "face_down": "{player}'s first card is dealt face down: drop --up",
    "face_up": "{player}'s second card is dealt face up, so the table sees it: name it (like 7H)",
    "hole_placed": "{player} has placed a hole card already: once placed it cannot be changed",
    "hole_fixed": "{player}'s hole card is {card}; once placed it cannot be changed",
    "hole_shown": "{player}'s hole card {card} is shown already",
    "hole_one_of": "{player} holds {cards}: the hole card is one of them",
    "hole_dealt": "{player} has {have} cards: deal all {each} first",
    "hole_known": "{player}'s cards are known ({cards}): name the hole card, like potlog hole {player} {first}",
    "hole_not_held": "{player} does not hold {card} (holds {cards})",
}
"""The refusals, by key; a `Dealing` may reword any of them."""


class Stock(Protocol):
    """Where a game counts the cards left to draw."""

    stock: int


@dataclass(frozen=True)
class Dealing:
    """How a hand is dealt and cards are bought (see the module docstring)."""

    each: int
    messages: Mapping[str, str] = field(default_factory=dict)

    def say(self, key: str, **values: object) -> str:
        return self.messages.get(key, MESSAGES[key]).format(each=self.each, **values)


_PLAIN = Dealing(each=0)


def start(state: TableState, cmd: NewHand, rules: Dealing, *, players: tuple[int, int],
          winner: str | None = None, **values: object) -> list[ev.Event]:
    """``potlog hand``: the next hand, with the dealer and the first player the rules make
    (`values`: more fields for the refusals' wording)."""
    require_open(state)
    if state.in_hand:
        raise RuleViolation(rules.say("going", number=state.hand.number if state.hand is not None else 0))
    n = sum(1 for s in state.active_seats if state.stack(s.name) > 0)
    if not players[0] <= n <= players[1]:
        raise RuleViolation(rules.say("players", low=players[0], high=players[1], n=n, **values))
    last = state.hand if state.hand is not None and state.hand.number else None
    if last is None:
        dealer = require_seated(state, cmd.dealer) if cmd.dealer else state.active_seats[0].name
    else:
        seat = state.seat(winner) if winner else None
        if seat is not None and seat.active:
            dealer, why = seat.name, rules.say("won", winner=winner)
        else:
            dealer, why = seat_after(state, last.dealer) or last.dealer, rules.say("left")
        if cmd.dealer and cmd.dealer != dealer:
            raise RuleViolation(rules.say("dealer", dealer=dealer, number=last.number + 1, named=cmd.dealer, why=why))
    first = seat_after(state, dealer, skip=lambda s: state.stack(s.name) <= 0)
    if cmd.first and cmd.first != first:
        raise RuleViolation(rules.say("first", first=first, named=cmd.first, dealer=dealer))
    return start_hand(state, dataclasses.replace(cmd, dealer=dealer, first=first), min_players=players[0])


def next_dealer(state: TableState, winner: str | None) -> ev.Event:
    """The next hand's dealer, declared for the table: `winner`, else the deal passes left."""
    dealer = winner if winner is not None else seat_after(state, require_hand(state).dealer)
    return make_event(ev.Declared, name="next-dealer", value=dealer)


def short(state: TableState, each: int, order: Sequence[str] | None = None) -> list[str]:
    """Who (in `order`, default the seats') is dealt in and still has fewer than `each` cards."""
    seats = (state.seat(n) for n in order) if order is not None else iter(state.seats)
    return [s.name for s in seats if s is not None and s.in_hand and len(s.cards) < each]


def fewest_first(state: TableState, order: Sequence[str], each: int) -> str | None:
    """One card at a time, fewest first: the first in `order` (dealt in, not folded) holding
    the fewest cards, while that is fewer than `each`; None when everyone has `each`."""
    seats = [s for s in (state.seat(n) for n in order) if s is not None and s.in_hand and not s.folded]
    fewest = min((len(s.cards) for s in seats), default=each)
    return next((s.name for s in seats if len(s.cards) == fewest), None) if fewest < each else None


def undealt(state: TableState) -> bool:
    """Nobody in the hand holds a card yet."""
    return not any(s.cards for s in state.seats if s.in_hand)


def dealt(state: TableState, each: int) -> bool:
    """Everyone in the hand has their `each` cards."""
    anyone = False
    for s in state.seats:
        if s.in_hand:
            if len(s.cards) < each:
                return False
            anyone = True
    return anyone


def deal(state: TableState, cmd: Deal, rules: Dealing, order: Sequence[str], stock: int) -> list[ev.Event]:
    """``potlog deal PLAYER CARDS`` (or ``--count``), or ``potlog deal all``: unseen cards to
    everyone in `order` short of `rules.each`."""
    to = cmd.to or ""
    if to.lower() in ("all", "everyone"):
        if cmd.cards:
            raise InputError(rules.say("all_named"))
        events = []
        for name in order:
            seat = state.seat(name)
            if seat is None or seat.folded:  # out of the hand: no more cards (a void of their deal can leave them short)
                continue
            missing = rules.each - len(seat.cards)
            if missing > 0:
                events.append(make_event(ev.CardsDealt, to=name, cards=[UNKNOWN] * missing))
        if not events:
            raise RuleViolation(rules.say("all_done"))
        return events
    seat = state.seat(to)
    if seat is None:
        raise RuleViolation(rules.say("not_player", players=", ".join(order), to=to or "nobody"))
    events = verbs.deal(state, cmd)
    n = sum(len(e.cards) for e in events if isinstance(e, ev.CardsDealt))
    have = len(seat.cards)
    if have + n > rules.each:
        raise RuleViolation(rules.say("too_many", to=to, have=have, short=rules.each - have))
    if n > stock:
        raise RuleViolation(rules.say("stock", stock=stock))
    return events


def buy(state: TableState, cmd: Exchange, rules: Dealing, player: str, *, cost: int, stock: int,
        kept: str | None = None, bought: Sequence[str] = (), acted: Sequence[str] = ()) -> list[ev.Event]:
    """One card for one at `cost` chips (the turn and the stage are the game's to check): the
    discard is one of `player`'s cards other than `kept` (an unseen one when not named)."""
    if player in bought:
        raise RuleViolation(rules.say("bought", player=player))
    if player in acted:
        raise RuleViolation(rules.say("acted", player=player))
    pack = pack_of(state)
    discard = parse_cards(cmd.discard, pack) if cmd.discard else []
    draw = (parse_cards(cmd.cards, pack) if cmd.cards else []) + [UNKNOWN] * (cmd.count or 0)
    if len(discard) > 1 or len(draw) > 1:
        raise RuleViolation(rules.say("one", player=player))
    seat = state.seat(player)
    others = [h.card for h in seat.cards] if seat is not None else []
    if kept is not None and kept in others:
        others.remove(kept)
    d = discard[0] if discard else UNKNOWN
    if kept is not None and d == kept and d != UNKNOWN:
        raise RuleViolation(rules.say("kept", player=player, card=d))
    if d not in others and UNKNOWN not in others:
        if d == UNKNOWN:
            raise RuleViolation(rules.say("which", player=player, cards=" or ".join(others)))
        shown = " ".join(c for c in others if c != UNKNOWN)
        raise RuleViolation(rules.say("not_held", player=player, card=d, cards=shown))
    if stock <= 0:
        raise RuleViolation(rules.say("empty"))
    if cmd.amount is not None and cmd.amount != cost:
        raise RuleViolation(rules.say("cost", cost=cost, amount=cmd.amount))
    stack = state.stack(player)
    if stack < cost:
        raise RuleViolation(rules.say("afford", player=player, stack=stack, cost=cost))
    one = dataclasses.replace(cmd, discard=(d,), cards=tuple(draw or [UNKNOWN]), count=None, face_up=False)
    return exchange(state, one, cost=cost)


def reshuffle(state: TableState, cmd: Reshuffle, rules: Dealing, stock: int) -> list[ev.Event]:
    """The discards back into the stock, once it is empty."""
    hand = require_hand(state)
    if stock > 0:
        raise RuleViolation(rules.say("not_empty", stock=stock))
    if not hand.out:
        raise RuleViolation(rules.say("no_discards"))
    return verbs.reshuffle(state, cmd)


def track(state: TableState, book: Stock, event: ev.Event) -> None:
    """Count the stock: down for cards dealt to a player or bought, up for a reshuffle."""
    if type(event) is ev.CardsDealt:  # by class, not `match`: this runs for every event of a fold
        if state.seat(event.to) is not None:
            book.stock -= len(event.cards)
    elif type(event) is ev.CardsExchanged:
        book.stock -= len(event.draw)
    elif type(event) is ev.DeckReshuffled:
        book.stock += event.cards


def seat_in(state: TableState, event: ev.HandStarted) -> list[str]:
    """As a hand starts (call it from ``evolve``): players with no chips sit it out; returns the
    hand's players clockwise from its first player (from the dealer's left without one)."""
    balances = state.balances
    for s in state.seats:
        if s.in_hand and balances.get("seat:" + s.name, 0) <= 0:
            s.in_hand = False
    first = state.seat(event.first) is not None if event.first else False
    return clockwise(state, event.first if first else event.dealer, after=not first, include=lambda s: s.in_hand)


def one_card(state: TableState, cards: Sequence[str], rules: Dealing) -> str:
    """The one card in `cards` (``??`` when there is none); more than one is refused."""
    parsed = parse_cards(list(cards), pack_of(state)) if cards else []
    if len(parsed) > 1:
        raise InputError(rules.say("one_card"))
    return parsed[0] if parsed else UNKNOWN


def next_card(state: TableState, cmd: Deal | Hit, player: str, rules: Dealing | None = None,
              pack: str | None = None) -> str:
    """The one card `cmd` gives `player` (named, or ``??`` for each ``--count``), nowhere else
    this hand; none, or more than one, is refused."""
    say = (rules or _PLAIN).say
    cards = parse_cards(cmd.cards, pack or pack_of(state)) if cmd.cards else []
    cards += [UNKNOWN] * (cmd.count or 0)
    if not cards:
        raise InputError(say("name_card", player=player))
    if len(cards) != 1:
        raise InputError(say("one_at_a_time", player=player, n=len(cards)))
    check_unseen(state, cards)
    return cards[0]


def face_down_first(state: TableState, cmd: Deal | Hit, player: str, rules: Dealing | None = None, *, down: int = 1,
                    pack: str | None = None) -> list[ev.Event]:
    """The one card `cmd` deals `player`: face down while they hold fewer than `down` cards,
    then face up and named."""
    say = (rules or _PLAIN).say
    card = next_card(state, cmd, player, rules, pack)
    seat = state.seat(player)
    if seat is not None and len(seat.cards) < down:
        if cmd.face_up:
            raise RuleViolation(say("face_down", player=player, down=down))
        return [make_event(ev.CardsDealt, to=player, cards=[card], face_up=False)]
    if card == UNKNOWN:
        raise RuleViolation(say("face_up", player=player, down=down))
    return [make_event(ev.CardsDealt, to=player, cards=[card], face_up=True)]


def held_or_unseen(state: TableState, rules: Dealing, player: str, card: str, refusal: str) -> None:
    """`card` is one of `player`'s known cards, or stands for one of their unseen ones (then it
    must be nowhere else this hand); otherwise the refusal keyed `refusal`."""
    seat = state.seat(player)
    held = [h.card for h in seat.cards] if seat is not None else []
    if card in held:
        return
    if UNKNOWN not in held:
        raise RuleViolation(rules.say(refusal, player=player, card=card, cards=" ".join(held)))
    check_unseen(state, [card])


def hole(state: TableState, rules: Dealing, player: str, card: str, placed: str | None, *,
         showing: bool) -> list[ev.Event]:
    """`player`'s hole card `card` (``??``: unseen): placed once, after the deal; named (when
    unseen) and turned up when `showing`. `placed` is the hole card recorded so far, if any."""
    seat = state.seat(player)
    assert seat is not None
    held = [h.card for h in seat.cards]
    shown = any(h.card == card and h.up for h in seat.cards)
    declared = [make_event(ev.Declared, player=player, name="hole", value=card)]
    turned = [] if shown else [make_event(ev.CardsRevealed, holder=player, cards=[card])]
    if placed is not None:
        if not showing or card == UNKNOWN:
            raise RuleViolation(rules.say("hole_placed", player=player))
        if placed == UNKNOWN:
            held_or_unseen(state, rules, player, card, "hole_one_of")
            return declared + turned
        if card != placed:
            raise RuleViolation(rules.say("hole_fixed", player=player, card=placed))
        if shown:
            raise RuleViolation(rules.say("hole_shown", player=player, card=card))
        return turned
    if len(held) < rules.each:
        raise RuleViolation(rules.say("hole_dealt", player=player, have=len(held)))
    if card == UNKNOWN and UNKNOWN not in held:
        raise RuleViolation(rules.say("hole_known", player=player, cards=" ".join(held), first=held[0]))
    if card != UNKNOWN:
        held_or_unseen(state, rules, player, card, "hole_not_held")
    return declared


def track_hole(state: TableState, holes: dict[str, str], event: ev.Event) -> bool:
    """Keep a recorded hole card (a ``declared`` named ``hole``) in `holes`; a named card the
    player does not hold stands for one of their unseen cards, which becomes it."""
    if not (isinstance(event, ev.Declared) and event.name == "hole" and event.player and isinstance(event.value, str)):
        return False
    holes[event.player] = event.value
    seat = state.seat(event.player)
    if seat is not None and event.value != UNKNOWN and all(h.card != event.value for h in seat.cards):
        unseen = next((h for h in seat.cards if h.card == UNKNOWN), None)
        if unseen is not None:
            unseen.card = event.value
    return True


def hole_missing(state: TableState, player: str, hole: str | None) -> str:
    """What `player` must still show before the showdown ("" when nothing)."""
    seat = state.seat(player)
    held = [h.card for h in seat.cards] if seat is not None else []
    if hole is None:
        return f"{player} has no hole card recorded"
    if hole == UNKNOWN:
        return f"name {player}'s hole card: potlog hole {player} CARD"
    if UNKNOWN in held:
        return f"{player}'s cards are not all known: potlog reveal {player} CARD ..."
    if hole not in held:
        return f"{player}'s hole card {hole} is no longer in the hand (held: {' '.join(held)})"
    return ""


def hole_text(state: TableState, player: str, hole: str | None) -> str:
    """`player`'s hole card as the table sees it (``▒▒`` face down, ``—`` not placed yet)."""
    seat = state.seat(player)
    if hole is None:
        return "—"
    return hole if seat is not None and any(h.card == hole and h.up for h in seat.cards) else "▒▒"


def turn_up(state: TableState, players: Sequence[str]) -> list[ev.Event]:
    """A `CardsRevealed` for each of `players` with cards still face down."""
    events = []
    for name in players:
        seat = state.seat(name)
        down = [h.card for h in seat.cards if not h.up] if seat is not None else []
        if down:
            events.append(make_event(ev.CardsRevealed, holder=name, cards=down))
    return events
