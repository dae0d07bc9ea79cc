"""Maw (Spoil Five): five tricks for a pool; the five fingers, the Jack of trumps and the Ace of
Hearts on top; win the first three and you may jink it.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Maw", in "Cards"), on the trick kit
(`ledger.kit.tricks`). ``potlog draw Ann 7H`` (cards dealt face up in turn until a Jack),
``potlog hand``, ``potlog trump 9D`` (the talon's top card turned), ``potlog rob Ben 3C``,
``potlog play Ann 5D`` ..., ``potlog take Ann`` or ``potlog jink Ann``. Readings:

- Two to ten players (ideally four or five). The first dealer: cards are dealt face up to each
  in turn from the first seat (``potlog draw NAME CARD``) until one receives a Jack; that player
  deals, and no other. A table that does not record the draw names the dealer (``hand --dealer
  NAME``), else the first seat deals. Then the deal passes left.
- Chips: a stake is ``stake`` chips. To make a new pool each player puts in ``pool`` stakes (2 by
  default; "2-3 tokens"), and every dealer adds the dealer's stake (one stake), also when the pool
  is carried forward (then nobody else puts in).
- The deal: three cards each, then two, from the dealer's left; the rest face down (the talon)
  and its top card turned for trump (``potlog trump 9D``).
- Robbing: before the first card is played, the player holding the Ace of trumps (shown, if it
  was unseen) may take the turned card and put one card out face down (``potlog rob Ben [CARD]``;
  no card named: an unseen one). When the turned card is itself the Ace, the dealer may do the
  same ("the dealer may place a card face-down ... they take the card").
- Trumps, highest first: the five of trumps, the Jack of trumps, the Ace of Hearts (always a
  trump), the Ace of trumps (not hearts), then the King, Queen and the pips. Red suits: K Q J 10
  9 ... 2 A; black suits: K Q J A 2 3 ... 10 (the Jack and Ace placed so only when not top trumps).
- Following, as written (there is no "reneging privilege" for the top trumps in the text, so none
  here): a trump led must be followed with a trump; another suit led may be followed or trumped,
  even holding it; a player who cannot follow plays anything. A card breaking it is refused.
- The first trick is led by the dealer's left, then by each trick's taker.
- The pool goes to the player with the most tricks after five. A tie for the most: nobody wins,
  the pool is carried forward (read as a spoiled hand, as a real table plays it).
- Jinking: a player who takes the first three tricks chooses: ``potlog take Ann`` (the pool, the
  hand over) or ``potlog jink Ann`` (they lead the fourth). Taking the fourth and fifth wins the
  pool and a stake from every other player; losing either ends the play, and the pool is carried
  forward to the next deal.
- Issues while dealing (``potlog misdeal``, before the first card is played): the dealer forfeits
  the deal, the pool is carried and the deal passes left; with ``misdeal_stake`` ("if all
  players agree") the dealer adds another dealer's stake first.
- The sheet (``potlog state``) shows who took each hand's pool and what was carried.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from pydantic import BaseModel, Field

from .. import events as ev
from ..cards import UNKNOWN, parse_card, rank as rank_of, suit
from ..core import table, zones
from ..core.commands import Cards, Command, NewHand, Play, Reveal
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.verbs import Handler, make_event, start_hand
from ..errors import InputError, RuleViolation
from ..kit import follow, own, pots, wiring
from ..kit import tricks
from ..kit.tricks.commands import TurnTrump
from ..state import TableState

th, tr, sh = tricks.hand, tricks.rules, tricks.sheet

RED = "A 2 3 4 5 6 7 8 9 10 J Q K".split()  # lowest first
BLACK = "10 9 8 7 6 5 4 3 2 A J Q K".split()
TRICKS = 5
TURNED = "trump"


class Options(BaseModel):
    """Maw's table choices."""

    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips in one stake")
    pool: int = Field(default=2, ge=0, le=100, description="stakes each player puts in to make a new pool")
    misdeal_stake: bool = Field(default=False, description="a dealer who misdeals adds another dealer's stake")


@dataclass
class Maw(th.Trickplay, sh.Sheet):
    """Maw's own state: the draw for the first deal, the phase, the jink."""

    draws: list[list[str]] = field(default_factory=list)
    phase: str = ""
    fresh: bool = True
    robber: str | None = None
    sweeper: str | None = None
    jink: str = ""
    paid: list[str] = field(default_factory=list)


OWN = own.Plain(Maw, Options)


def top_trumps(trump: str | None) -> list[str]:
    """The fixed top trumps, lowest first: the Ace of trumps (unless hearts), the Ace of Hearts,
    the Jack of trumps, the five fingers."""
    return [c for c in (f"A{trump}" if trump != "H" else "", "AH", f"J{trump}", f"5{trump}") if c]


def rank(card: str, trump: str | None) -> int:
    tops = top_trumps(trump)
    if card in tops:
        return 100 + tops.index(card)
    return (RED if card[-1] in "HD" else BLACK).index(rank_of(card))


def follows_as(card: str, trump: str | None) -> str | None:
    return trump if card == "AH" and trump else tr.printed_suit(card)


RULES = tr.Rules(rank=rank, suit=follows_as, may_trump=True)


def _dealer_from_draw(draws: list[list[str]]) -> str | None:
    return next((p for p, c in draws if rank_of(c) == "J"), None)


def _next_drawer(state: TableState, x: Maw) -> str | None:
    seats = [s.name for s in state.active_seats]
    if not seats or _dealer_from_draw(x.draws):
        return None
    return seats[len(x.draws) % len(seats)]


def _ante(state: TableState, p: str, want: int) -> list[ev.Event]:
    amount = min(want, state.stack(p))
    return [make_event(ev.Ante, player=p, amount=amount)] if amount > 0 else []


def _deal(state: TableState, x: Maw, o: Options, dealer: str) -> list[ev.Event]:
    """The antes, three each, two each, the talon."""
    for p in x.seats:
        s = state.seat(p)
        want = (o.pool * o.stake if x.fresh else 0) + (o.stake if p == dealer else 0)
        if s is not None and not s.hand_bet and (step := _ante(state, p, want)):
            return step
    held = {p: len(th.holding(state, p)) for p in x.seats}
    for n, more in ((0, 3), (3, 2)):
        if todo := [p for p in x.seats if held[p] == n]:
            return [make_event(ev.CardsDealt, to=p, cards=[UNKNOWN] * more) for p in todo]
    rest = 52 - TRICKS * len(x.seats)
    return [make_event(ev.CardsDealt, to="talon", cards=[UNKNOWN] * rest)] if rest > 0 else []


def _outcome(state: TableState, x: Maw, o: Options) -> list[ev.Event]:
    """The pool won, taken or carried; a jink's stakes; the end."""
    hand = table.require_hand(state)
    pool = state.balance("pot")
    if x.jink == "take" and x.sweeper:
        won: str | None = x.sweeper
        why = f"{won} takes the pool after the first three tricks"
    elif x.jink == "jink" and x.sweeper:
        lost = any(side != x.sweeper for side in x.taken)
        won = None if lost else x.sweeper
        why = f"{x.sweeper} jinked it and took all five" if won else f"{x.sweeper}'s jink failed: the pool is carried"
    else:
        most = max(x.taken.values(), default=0)
        best = [p for p in x.seats if x.taken.get(p, 0) == most]
        won = best[0] if len(best) == 1 else None
        why = (f"{won} took the most tricks ({most})" if won else
               f"{' and '.join(best)} tie with {most} tricks: the pool is carried")
    if pool > 0:
        return pots.award_all(state, won, why) if won else [make_event(ev.PotCarried, pot="pot", amount=pool)]
    if won and x.jink == "jink" and (todo := [p for p in x.seats if p != won and p not in x.paid
                                              and min(o.stake, state.stack(p)) > 0]):
        p = todo[0]
        return [make_event(ev.Transfer, from_account=f"seat:{p}", to_account=f"seat:{won}",
                           amount=min(o.stake, state.stack(p)), reason=f"{won} jinked it: a stake from every player")]
    return [make_event(ev.HandEnded, hand=hand.number)]


def _after(state: TableState) -> list[ev.Event]:
    hand, x, o = state.hand, OWN.x(state), OWN.opts(state)
    if hand is None or hand.ended or not x.seats:
        return []
    if x.phase == "deal":
        return _deal(state, x, o, hand.dealer)
    if th.complete(x):
        return th.taken(x, RULES)
    if x.phase == "over":
        return _outcome(state, x, o)
    if x.phase == "misdeal":
        if o.misdeal_stake and not x.paid and (extra := min(o.stake, state.stack(hand.dealer))) > 0:
            return [make_event(ev.Ante, player=hand.dealer, amount=extra)]
        pool = state.balance("pot")
        return [make_event(ev.PotCarried, pot="pot", amount=pool)] if pool else [
            make_event(ev.HandEnded, hand=hand.number)]
    return []


@dataclass(frozen=True, kw_only=True)
class Draw(Command):
    """``potlog draw NAME CARD``: the card dealt face up to `player` in the draw for the deal."""

    verb: ClassVar[str] = "draw"
    player: str
    cards: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Rob(Command):
    """``potlog rob NAME [CARD]``: `player` takes the turned card and puts out `discard` (none: unseen)."""

    verb: ClassVar[str] = "rob"
    player: str
    discard: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Misdeal(Command):
    """``potlog misdeal``: the dealer misdealt; the deal passes left."""

    verb: ClassVar[str] = "misdeal"


@dataclass(frozen=True, kw_only=True)
class Take(Command):
    """``potlog take NAME``: the sweeper of the first three tricks takes the pool."""

    verb: ClassVar[str] = "take"
    player: str


@dataclass(frozen=True, kw_only=True)
class Jink(Command):
    """``potlog jink NAME``: the sweeper of the first three tricks leads the fourth to take all five."""

    verb: ClassVar[str] = "jink"
    player: str


def _hand(state: TableState, cmd: NewHand) -> list[ev.Event]:
    table.require_open(state)
    x, last = OWN.x(state), state.hand
    if cmd.first:
        raise RuleViolation("in Maw the dealer's left leads the first trick: drop --first")
    if last is not None and last.number and not last.ended:
        raise RuleViolation(f"hand {last.number} is still going: finish it first")
    if not 2 <= len(state.active_seats) <= 10:
        raise RuleViolation(f"Maw is played by 2 to 10 players, not {len(state.active_seats)}")
    dealt_before = last is not None and last.number > 0
    dealer = cmd.dealer
    if not dealt_before and x.draws:
        jack = _dealer_from_draw(x.draws)
        if jack is None:
            raise RuleViolation("the first Jack decides the dealer: go on with potlog draw NAME CARD "
                                f"({_next_drawer(state, x)} next)")
        if dealer and dealer != jack:
            raise RuleViolation(f"{jack} received the first Jack and deals, not {dealer}")
        dealer = jack
    elif dealt_before and last is not None and dealer and dealer != table.seat_after(state, last.dealer):
        raise RuleViolation(f"the deal passes left: {table.seat_after(state, last.dealer)} deals")
    return follow.followed(start_hand(state, NewHand(dealer=dealer), min_players=2))


def _draw(state: TableState, cmd: Draw) -> list[ev.Event]:
    table.require_open(state)
    x = OWN.x(state)
    if state.hand is not None and state.hand.number:
        raise RuleViolation("the draw for the deal comes before the first hand only")
    if (jack := _dealer_from_draw(x.draws)) is not None:
        raise RuleViolation(f"{jack} received the first Jack and deals: potlog hand")
    who = _next_drawer(state, x)
    player = table.require_seated(state, cmd.player)
    if player != who:
        raise RuleViolation(f"the cards go round in turn: {who} receives the next one, not {player}")
    if len(cmd.cards) != 1:
        raise InputError("name the card dealt face up, like potlog draw Ann 7H")
    card = parse_card(cmd.cards[0], "french52", allow_unknown=False)
    return [make_event(ev.Declared, player=player, name="draw", value=card)]


def _trump(state: TableState, cmd: TurnTrump) -> list[ev.Event]:
    table.require_hand(state)
    x = OWN.x(state)
    if x.phase != "trump":
        raise RuleViolation("the trump is turned already" if x.trump else "the cards are not dealt yet")
    if len(cmd.cards) != 1:
        raise InputError("name the talon's top card, turned for trump, like potlog trump 9D")
    return follow.followed([zones.move(state, "talon", TURNED, list(cmd.cards), face_up=True)])


def _rob(state: TableState, cmd: Rob) -> list[ev.Event]:
    hand, x = table.require_hand(state), OWN.x(state)
    player = table.require_seated(state, cmd.player)
    if x.phase != "play" or x.done or x.trick:
        raise RuleViolation("the pack is robbed before the first trick only")
    out: list[ev.Event] = []
    held = th.holding(state, player)
    if x.robber is None:
        turned = zones.cards(state, TURNED)
        if not turned:
            raise RuleViolation("no card is turned to rob")
        ace = f"A{x.trump}"
        if turned[-1].card == ace:
            if player != hand.dealer:
                raise RuleViolation(f"the turned card is the Ace: only the dealer, {hand.dealer}, may take it")
        elif ace not in held:
            if UNKNOWN not in held or table.where_is(state, ace) is not None:
                raise RuleViolation(f"only the holder of the Ace of trumps ({ace}) robs the pack")
            out.append(make_event(ev.CardsRevealed, holder=player, cards=[ace]))
        out.append(zones.move(state, TURNED, player, [turned[-1].card], face_up=True))
    elif x.robber != player or len(held) <= TRICKS:
        raise RuleViolation(f"{x.robber} has robbed the pack already")
    discard = parse_card(cmd.discard[0], table.pack_of(state)) if cmd.discard else UNKNOWN
    after = follow.trial(state, out)
    if discard not in th.holding(after, player) and (UNKNOWN not in th.holding(after, player) or
                                                     table.where_is(after, discard) is not None):
        raise RuleViolation(f"{player} does not hold {discard} to put out")
    return out + [make_event(ev.CardsExchanged, player=player, discard=[discard])]


def _play(state: TableState, cmd: Play) -> list[ev.Event]:
    table.require_hand(state)
    x = OWN.x(state)
    if x.phase == "trump":
        raise RuleViolation("turn the talon's top card for trump first: potlog trump CARD")
    if x.phase == "jink":
        raise RuleViolation(f"{x.sweeper} took the first three tricks: potlog take {x.sweeper}, or potlog jink "
                            f"{x.sweeper} to lead the fourth")
    if x.robber and len(th.holding(state, x.robber)) > TRICKS:
        raise RuleViolation(f"{x.robber} robbed the pack and puts a card out first: potlog rob {x.robber} CARD")
    return follow.followed(th.play(state, x, RULES, cmd.player, cmd.cards[0] if cmd.cards else None))


def _choose(verb: str) -> Handler:
    def choose(state: TableState, cmd: Take | Jink) -> list[ev.Event]:
        table.require_hand(state)
        x = OWN.x(state)
        player = table.require_seated(state, cmd.player)
        if x.phase != "jink":
            raise RuleViolation("only a player who takes the first three tricks may take the pool or jink it")
        if player != x.sweeper:
            raise RuleViolation(f"{x.sweeper} took the first three tricks, not {player}")
        return follow.followed([make_event(ev.Declared, player=player, name="jink", value=verb)])
    return choose


def _reveal(state: TableState, cmd: Reveal) -> list[ev.Event]:
    table.require_hand(state)
    return th.show(state, OWN.x(state), cmd.player, cmd.cards)


def _misdeal(state: TableState, cmd: Misdeal) -> list[ev.Event]:
    hand, x = table.require_hand(state), OWN.x(state)
    if x.phase not in ("trump", "play") or x.done or x.trick or x.robber:
        raise RuleViolation("a misdeal is called before the play starts")
    return follow.followed([make_event(ev.Declared, player=hand.dealer, name="misdeal")])


def _own(e: ev.Event) -> Command | None:
    match e:
        case ev.Declared(name="misdeal"):
            return Misdeal()
        case ev.Declared(name="draw"):
            return Draw(player=str(e.player), cards=(str(e.value),))
        case ev.Declared(name="jink"):
            return (Jink if e.value == "jink" else Take)(player=str(e.player))
        case ev.CardsMoved(source="talon"):
            return TurnTrump(cards=tuple(e.cards))
        case ev.CardsMoved():
            return Rob(player=e.dest)
        case ev.CardsExchanged():
            return Rob(player=e.player, discard=tuple(e.discard))
    return None


decide, check_event = wiring.wire(
    "maw", "Maw", Options, _after,
    {NewHand: _hand, Draw: _draw, TurnTrump: _trump, Rob: _rob, Play: _play, Take: _choose("take"),
     Jink: _choose("jink"), Reveal: _reveal, Misdeal: _misdeal},
    "draw for the deal, hand, trump CARD, rob, play NAME CARD; take or jink after three tricks; reveal NAME CARDS",
    by_itself=(ev.Ante, ev.CardsDealt, ev.TrickWon, ev.PotAwarded, ev.PotCarried, ev.Transfer, ev.HandEnded),
    own=_own)


def evolve(state: TableState, e: ev.Event) -> None:
    x, hand = OWN.x(state), state.hand
    match e:
        case ev.Declared(name="draw") if not state.in_hand:
            x.draws.append([e.player or "", str(e.value)])
        case ev.HandStarted():
            th.start(x, th.seating(state, e.dealer), TRICKS)
            x.phase, x.fresh, x.robber, x.sweeper, x.jink, x.paid = "deal", e.carry_in == 0, None, None, "", []
        case ev.CardsDealt(to="talon"):
            x.phase = "trump"
        case ev.CardsMoved(dest="trump"):
            x.phase, x.trump = "play", suit(e.cards[-1])
        case ev.CardsMoved(source="trump"):
            x.robber = e.dest
        case ev.Declared(name="misdeal"):
            x.phase = "misdeal"
        case ev.Ante() if x.phase == "misdeal":
            x.paid.append(e.player)
        case ev.Declared(name="jink"):
            x.jink = str(e.value)
            x.phase = "over" if x.jink == "take" else "play"
        case ev.PotAwarded() | ev.PotCarried():
            x.hand_note = (f"{e.shares[0].player} takes the pool of {e.shares[0].amount}"
                           if isinstance(e, ev.PotAwarded) else f"the pool of {e.amount} is carried"
                           + (f": {state.hand.dealer if state.hand else ''} misdealt" if x.phase == "misdeal" else ""))
        case ev.Transfer() if x.jink == "jink":
            x.paid.append(e.from_account[5:])
    if th.evolve(state, x, RULES, e):
        x.phase = "over"
    if isinstance(e, ev.TrickWon) and x.phase == "play":
        if x.done == 3 and x.taken.get(e.player) == 3 and not x.jink:
            x.phase, x.sweeper = "jink", e.player
        elif x.jink == "jink" and e.player != x.sweeper:
            x.phase = "over"
    if isinstance(e, (ev.HandStarted, ev.HandEnded)):
        sh.note(x, state, e)
    if hand is not None and not hand.ended:
        hand.to_act = th.to_play(x) if x.phase == "play" else x.sweeper if x.phase == "jink" else None
        hand.phase = {"play": "playing", "deal": "dealing"}.get(x.phase, x.phase)


def legal(state: TableState) -> list[Legal]:
    x = OWN.x(state)
    if state.closed:
        return []
    if not state.in_hand:
        drawer = _next_drawer(state, x) if not (state.hand and state.hand.number) else None
        return [Legal(drawer, ("draw",), "cards face up in turn until a Jack: its holder deals")] if drawer else \
            wiring.idle(state) or []
    if x.phase == "trump":
        return [Legal(None, ("trump",), "turn the talon's top card for trump: potlog trump CARD")]
    if x.phase == "jink":
        return [Legal(x.sweeper, ("take", "jink"), "took the first three tricks: take the pool, or jink it")]
    out = th.legal(state, x, RULES)
    if x.phase == "play" and not x.done and not x.trick and (x.robber is None or
                                                             len(th.holding(state, x.robber)) > TRICKS):
        out.append(Legal(x.robber, ("rob",), "the Ace of trumps may rob the pack before the first trick"))
    return out


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    out: list[tuple[str, str]] = [("pool", str(state.balance("pot") or state.balance("carry")))]
    if x.draws and not (state.hand and state.hand.number):
        out.append(("draw", " ".join(f"{p}:{c}" for p, c in x.draws)))
    if state.in_hand and x.phase in ("play", "jink", "over"):
        turned = zones.cards(state, TURNED)
        out.append(("turned", turned[-1].card if turned else f"robbed by {x.robber}"))
        out += [(k, v) for k, v in th.lines(state, x, RULES) if k != "trump"]
        if x.jink:
            out.append(("jink", f"{x.sweeper} {'jinks it' if x.jink == 'jink' else 'takes the pool'}"))
    return out + [(f"hand {r['hand']}", r["note"]) for r in x.sheet]


WORDS = (
    Word("draw", "Before the first hand: the card dealt face up to PLAYER (in turn; the first Jack deals).",
         params=(Param("player", "Who receives it."), Param("card", "The card, like JH.", field="cards")),
         command=lambda v: Draw(player=v["player"], cards=(v["card"],)), makes=(Draw,)),
    Word("trump", "Name the talon's top card, turned for trump.",
         params=(Param("card", "The card, like 9D.", field="cards"),),
         command=lambda v: TurnTrump(cards=(v["card"],)), makes=(TurnTrump,)),
    Word("rob", "PLAYER (holding the Ace of trumps) takes the turned card and puts one out face down.",
         params=(Param("player", "Who robs."), Param("card", "The card put out (default: unseen).", required=False,
                                                     field="discard")),
         command=lambda v: Rob(player=v["player"], discard=(v["card"],) if v.get("card") else ()), makes=(Rob,)),
    Word("misdeal", "The dealer misdealt (too many or too few cards, a card exposed): the deal passes left.",
         command=lambda v: Misdeal(), makes=(Misdeal,)),
    Word("take", "PLAYER, who took the first three tricks, takes the pool.", params=(Param("player", "Who."),),
         command=lambda v: Take(player=v["player"]), makes=(Take,)),
    Word("jink", "PLAYER, who took the first three tricks, jinks it: leads the fourth to take all five.",
         params=(Param("player", "Who."),), command=lambda v: Jink(player=v["player"]), makes=(Jink,)),
)
RULESET = Ruleset(name="maw", title="Maw (Spoil Five)", summary="Five tricks for a pool: the five fingers, the "
                  "Jack of trumps and the Ace of Hearts on top; win three and jink it.", options=Options,
                  initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view,
                  check_event=check_event, words=WORDS, min_players=2, max_players=10)
