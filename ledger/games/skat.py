"""Skat, as the compendium gives it: three players, the 52-card pack stripped to 7-A, bidding, the
soloist names trumps and may take the skat, 61 card points win.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Skat", in "Cards"), on the trick kit
(`ledger.kit.tricks`). ``potlog hand`` deals; ``potlog bid Ben 20`` / ``potlog pass Cy`` in turn;
``potlog trump Ben H``; ``potlog skat Ben 7C 8D`` (at any time); ``potlog play Ben AH`` ...
Readings (the text's Skat, not the club game: no jacks as trumps, no game values):

- Three players; the 32 cards 7 8 9 10 J Q K A of each suit (``french32``). Ten each, in turn from
  the dealer's left; the last two face down are the skat.
- Bidding, from the dealer's left and in turn: a number higher than the last bid (at least
  ``min_bid``), or pass; a pass is final. The last player left who has bid is the soloist. If
  everyone passes, the hand is thrown in (no score; the deal passes left).
- The soloist names any suit as trumps (``potlog trump Ben H``) and "goes first": leads the first
  trick; then each trick's taker leads; play clockwise.
- Rank, highest first, with the card values of the text: A (11), 10 (10), K (4), Q (3), J (2),
  9, 8, 7 (0). The text says nothing of following suit; a real table follows suit when it can
  (refused otherwise, naming the card held), and a player void in the suit led may play anything.
  The highest trump takes the trick, else the highest card of the suit led.
- The skat: "at any time" of the hand (after the bidding), once, the soloist takes the two cards
  into their hand and discards two face down (``potlog skat Ben [C1 C2]``; cards not named are
  unseen). As written, only "the cards won in the tricks" count: the discards (and a skat never
  taken) count for nobody.
- Corrections go from the newest event of the hand back (``potlog void``): the skat's discard
  stands on its taking, a bid on the ones before it, so voiding an earlier step while a later one
  stands is refused (``potlog undo`` takes whole acts back, newest first). The last card's act
  goes back whole too (the hand's end, then its payments and scores): a last card misheard is
  corrected like any other (``ext.final`` is still kept, as older logs' states hash it).
- The soloist wins with 61 card points or more, else the other two win. The soloist plays for the
  bid: on a win they score the bid, on a loss minus the bid (the others 0), and at ``stake`` chips
  per point every pair settles the difference: each opponent pays the soloist the bid times the
  stake, or is paid it. The sheet keeps every hand; ``hands`` ends the game after that many.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from .. import events as ev
from ..cards import UNKNOWN, parse_card, rank as rank_of
from ..core import table, zones
from ..core.commands import Cards, Command, NewHand, Play, Reveal, Void
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.verbs import make_event
from ..errors import InputError, RuleViolation
from ..kit import follow, own, tricks, wiring
from ..state import Seqs, TableState

th, tr, sh = tricks.hand, tricks.rules, tricks.sheet

ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]  # lowest first
VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
WIN = 61
PACK = "french32"
SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C"}


class Options(BaseModel):
    """Skat's table choices."""

    pack: Literal["french32"] = Field(default="french32", description="the 52-card pack stripped to 7-A")
    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips per point of the bid")
    min_bid: int = Field(default=1, ge=1, le=1000, description="the lowest bid")
    hands: int = Field(default=0, ge=0, le=1000, description="hands in the game (0: as many as the table plays)")


@dataclass
class Skat(th.Trickplay, sh.Sheet):
    """Skat's own state: the bidding, the soloist, the skat."""

    phase: str = ""
    bids: dict[str, int] = field(default_factory=dict)
    passed: list[str] = field(default_factory=list)
    last_bidder: str | None = None
    soloist: str | None = None
    skat_taken: bool = False
    recent: Seqs = field(default_factory=Seqs)
    final: list[int] = field(default_factory=list)


OWN = own.Plain(Skat, Options)
RULES = tr.Rules(rank=lambda c, t: ORDER.index(rank_of(c)))


def value(card: str) -> int:
    return VALUES.get(rank_of(card), 0)


def card_points(x: Skat) -> dict[str, int]:
    """Card points per side (the soloist, ``the others``)."""
    return {s: tr.count(x.won.get(s, []), value) for s in th.sides(x)}


def bidder(x: Skat) -> str | None:
    """Whose turn it is to bid, or None once the bidding is over."""
    live = [p for p in x.seats if p not in x.passed]
    if not live or (len(live) == 1 and live[0] in x.bids):
        return None
    if x.last_bidder is None:
        return live[0]
    i = x.seats.index(x.last_bidder)
    return next(p for p in x.seats[i + 1:] + x.seats[:i + 1] if p not in x.passed)


def _due_discards(state: TableState, x: Skat) -> int:
    """How many cards the soloist has still to discard after taking the skat."""
    if not x.soloist or not x.skat_taken:
        return 0
    in_trick = any(p == x.soloist for p, _ in x.trick)
    return max(0, len(th.holding(state, x.soloist)) - (x.size - x.done - in_trick))


def _after(state: TableState) -> list[ev.Event]:
    hand, x = state.hand, OWN.x(state)
    if hand is None or hand.ended or not x.seats:
        return []
    if x.phase == "deal":
        if undealt := [p for p in x.seats if not th.holding(state, p)]:
            return [make_event(ev.CardsDealt, to=p, cards=[UNKNOWN] * 10) for p in undealt]
        return [make_event(ev.CardsDealt, to="skat", cards=[UNKNOWN] * 2)]
    if x.phase == "bid" and bidder(x) is None and len(x.passed) == len(x.seats):
        return [make_event(ev.HandEnded, hand=hand.number)]  # thrown in
    if th.complete(x):
        return th.taken(x, RULES)
    if th.over(x) and x.soloist:
        pts = card_points(x).get(x.soloist, 0)
        bid = x.bids.get(x.soloist, 0)
        won = pts >= WIN
        score = {p: (bid if won else -bid) if p == x.soloist else 0 for p in x.seats}
        why = f"Skat hand {hand.number}: {x.soloist} {'won' if won else 'lost'} with {pts} card points, bid {bid}"
        return sh.after(x, state, score, why)
    return []


@dataclass(frozen=True, kw_only=True)
class SkatBid(Command):
    """``potlog bid NAME N``: `player` bids `amount` (None: a bid recorded with no number)."""

    verb: ClassVar[str] = "bid"
    player: str
    amount: int | None = None


@dataclass(frozen=True, kw_only=True)
class Pass(Command):
    """``potlog pass NAME``: `player` passes for the rest of the bidding."""

    verb: ClassVar[str] = "pass"
    player: str


@dataclass(frozen=True, kw_only=True)
class NameTrump(Command):
    """``potlog trump NAME SUIT``: the soloist `player` names the trump suit (`value`, as typed)."""

    verb: ClassVar[str] = "trump"
    player: str
    value: str


@dataclass(frozen=True, kw_only=True)
class TakeSkat(Command):
    """``potlog skat NAME [C1 C2]``: the soloist takes the skat and discards `discard` (none: unseen)."""

    verb: ClassVar[str] = "skat"
    player: str
    discard: Cards = ()


def _start(state: TableState, cmd: NewHand) -> list[ev.Event]:
    o, x = OWN.opts(state), OWN.x(state)
    if len(state.active_seats) != 3:
        raise RuleViolation(f"Skat is played by 3 players, not {len(state.active_seats)}")
    if o.hands and len(x.sheet) >= o.hands:
        raise RuleViolation(f"the game is over after {o.hands} hands: potlog state shows the sheet")
    if cmd.first:
        raise RuleViolation("in Skat the soloist leads the first trick: drop --first")
    return follow.followed(wiring.hand(lambda s: [])(state, cmd))


def _bid(state: TableState, cmd: SkatBid | Pass) -> list[ev.Event]:
    table.require_hand(state)
    x, o = OWN.x(state), OWN.opts(state)
    player = table.require_seated(state, cmd.player)
    if x.phase != "bid":
        raise RuleViolation("the bidding is over" if x.soloist else "the cards are not dealt yet")
    who = bidder(x)
    if player != who:
        raise RuleViolation(f"it is {who}'s turn to bid, not {player}'s")
    if isinstance(cmd, Pass):
        return follow.followed([make_event(ev.Declared, player=player, name="pass")])
    high = max(x.bids.values(), default=0)
    n = cmd.amount
    if n is None:
        raise InputError("say the bid, like potlog bid Ben 20")
    if n < max(o.min_bid, high + 1):
        raise RuleViolation(f"a bid must be {max(o.min_bid, high + 1)} or more"
                            + (f" (the bid stands at {high})" if high else ""))
    return follow.followed([make_event(ev.Declared, player=player, name="bid", value=n)])


def _trump(state: TableState, cmd: NameTrump) -> list[ev.Event]:
    table.require_hand(state)
    x = OWN.x(state)
    player = table.require_seated(state, cmd.player)
    if x.phase != "trump":
        raise RuleViolation("the trump is named already" if x.trump else "the soloist is not known yet: bid first")
    if player != x.soloist:
        raise RuleViolation(f"the soloist, {x.soloist}, names trumps, not {player}")
    named = SUITS.get(str(cmd.value or "").upper())
    if named is None:
        raise InputError(f"{cmd.value!r} is not a suit: name S, H, D or C (spades, hearts, diamonds, clubs)")
    return follow.followed([make_event(ev.Declared, player=player, name="trump", value=named)])


def _skat(state: TableState, cmd: TakeSkat) -> list[ev.Event]:
    table.require_hand(state)
    x = OWN.x(state)
    player = table.require_seated(state, cmd.player)
    if x.phase not in ("trump", "play") or th.over(x):
        raise RuleViolation("the skat is taken once the bidding is over, before the last trick")
    if player != x.soloist:
        raise RuleViolation(f"only the soloist, {x.soloist}, takes the skat")
    out: list[ev.Event] = []
    if not x.skat_taken:
        out.append(zones.move(state, "skat", player, whole=True))
    elif not _due_discards(state, x):
        raise RuleViolation(f"{player} has taken the skat already")
    after = follow.trial(state, out)
    names = [parse_card(c, PACK) for c in cmd.discard] or [UNKNOWN, UNKNOWN]
    if len(names) != 2:
        raise InputError("name the two cards discarded (or none: unseen), like potlog skat Ben 7C 8D")
    held = th.holding(after, player)
    for c in names:
        if c != UNKNOWN and c not in held and (UNKNOWN not in held or table.where_is(after, c) is not None):
            raise RuleViolation(f"{player} does not hold {c} to discard")
    table.check_unseen(after, [c for c in names if c not in held])
    return out + [make_event(ev.CardsExchanged, player=player, discard=names)]


def _play(state: TableState, cmd: Play) -> list[ev.Event]:
    table.require_hand(state)
    x = OWN.x(state)
    if x.phase != "play":
        raise RuleViolation("the soloist names trumps first: potlog trump NAME SUIT" if x.phase == "trump"
                            else "the bidding is not over")
    if _due_discards(state, x):
        raise RuleViolation(f"{x.soloist} took the skat and discards two first: potlog skat {x.soloist} C1 C2")
    return follow.followed(th.play(state, x, RULES, cmd.player, cmd.cards[0] if cmd.cards else None,
                                       pack=PACK))


def _reveal(state: TableState, cmd: Reveal) -> list[ev.Event]:
    table.require_hand(state)
    return th.show(state, OWN.x(state), cmd.player, cmd.cards, pack=PACK)


def _own(e: ev.Event) -> Command | None:
    match e:
        case ev.Declared(name="bid"):
            return SkatBid(player=str(e.player), amount=e.value if isinstance(e.value, int) else None)
        case ev.Declared(name="pass"):
            return Pass(player=str(e.player))
        case ev.Declared(name="trump"):
            return NameTrump(player=str(e.player), value=str(e.value))
        case ev.CardsMoved(source="skat"):
            return TakeSkat(player=e.dest)
        case ev.CardsExchanged():
            return TakeSkat(player=e.player, discard=tuple(e.discard))
    return None


def _void(state: TableState, cmd: Void) -> list[ev.Event]:
    """``potlog void``, newest first within the hand: the skat's discard stands on its taking, a
    bid on the ones before, a trick on its cards (a void of an earlier step would leave a later
    one standing on nothing). The hand's end goes first with the last card's act (its scores
    and payments then, newest first): a last card misheard is corrected like any other."""
    return follow.newest_first(state, cmd, OWN.x(state), game="Skat", final=None)


decide, check_event = wiring.wire(
    "skat", "Skat", Options, _after,
    {NewHand: _start, SkatBid: _bid, Pass: _bid, NameTrump: _trump, TakeSkat: _skat, Play: _play,
     Reveal: _reveal, Void: _void},
    "hand, bid or pass in turn, trump, skat, play NAME CARD (reveal NAME CARDS shows cards held)",
    by_itself=(ev.CardsDealt, ev.TrickWon, ev.Scored, ev.Transfer, ev.HandEnded), own=_own)


def evolve(state: TableState, e: ev.Event) -> None:
    x, o, hand = OWN.x(state), OWN.opts(state), state.hand
    follow.track(state, x, e, final=hand is not None and hand.ended)
    match e:
        case ev.HandStarted():
            th.start(x, th.seating(state, e.dealer), 10)
            x.phase, x.bids, x.passed, x.last_bidder, x.soloist, x.skat_taken = "deal", {}, [], None, None, False
        case ev.CardsDealt(to="skat"):
            x.phase = "bid"
        case ev.Declared(name="bid") if isinstance(e.value, int) and e.player:
            x.bids[e.player], x.last_bidder = e.value, e.player
        case ev.Declared(name="pass") if e.player:
            x.passed.append(e.player)
            x.last_bidder = e.player
        case ev.Declared(name="trump"):
            x.trump, x.phase = str(e.value), "play"
        case ev.CardsMoved(source="skat"):
            x.skat_taken = True
    if x.phase == "bid" and bidder(x) is None and x.bids and len(x.passed) < len(x.seats):
        x.soloist = next(p for p in x.seats if p not in x.passed)
        x.leader, x.phase = x.soloist, "trump"
        x.teams = {p: p if p == x.soloist else "the others" for p in x.seats}
    th.evolve(state, x, RULES, e)
    sh.note(x, state, e, players=x.seats, stake=o.stake, reason=f"Skat at {o.stake} per point")
    if hand is not None and not hand.ended:
        hand.to_act = (bidder(x) if x.phase == "bid" else x.soloist if x.phase == "trump"
                       else th.to_play(x) if x.phase == "play" else None)
        hand.phase = {"play": "playing", "deal": "dealing", "bid": "bidding"}.get(x.phase, x.phase)


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    x = OWN.x(state)
    if x.phase == "bid":
        high = max(x.bids.values(), default=0)
        return [Legal(bidder(x), ("bid", "pass"), f"bid {max(OWN.opts(state).min_bid, high + 1)} or more, or pass")]
    skat = [Legal(x.soloist, ("skat",), "the soloist may take the skat and discard two")] \
        if x.soloist and (not x.skat_taken or _due_discards(state, x)) else []
    if x.phase == "trump":
        return [Legal(x.soloist, ("trump",), "the soloist names trumps: S, H, D or C")] + skat
    if _due_discards(state, x):
        return skat
    return th.legal(state, x, RULES) + skat


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    out: list[tuple[str, str]] = []
    if state.hand is not None and x.seats and x.phase:
        if x.bids or x.passed:
            out.append(("bids", ", ".join(f"{p} {x.bids[p] if p in x.bids else '-'}"
                                          + (" (passed)" if p in x.passed else "") for p in x.seats)))
        if x.soloist:
            out.append(("soloist", f"{x.soloist} for {x.bids.get(x.soloist, 0)}; skat "
                                   + ("taken" if x.skat_taken else "not taken")))
        if x.phase == "play" or th.over(x):
            out += th.lines(state, x, RULES, points=card_points(x))
    return out + sh.lines(x, state, [s.name for s in state.seats if s.name in x.seats or s.active])


WORDS = (
    Word("bid", "PLAYER bids N (higher than the last bid), in turn from the dealer's left.",
         params=(Param("player", "Who bids."), Param("points", "The bid.", type=int, field="amount")),
         command=lambda v: SkatBid(player=v["player"], amount=v["points"]), makes=(SkatBid,)),
    Word("pass", "PLAYER passes (for the rest of the bidding).", params=(Param("player", "Who passes."),),
         command=lambda v: Pass(player=v["player"]), makes=(Pass,)),
    Word("trump", "The soloist names the trump suit.",
         params=(Param("player", "The soloist."), Param("suit", "S, H, D or C.", field="value")),
         command=lambda v: NameTrump(player=v["player"], value=v["suit"]), makes=(NameTrump,)),
    Word("skat", "The soloist takes the skat and discards two cards (named, or unseen).",
         params=(Param("player", "The soloist."), Param("cards", "The two discards, like 7C 8D.", required=False,
                                                        many=True, field="discard")),
         command=lambda v: TakeSkat(player=v["player"], discard=tuple(v.get("cards") or ())), makes=(TakeSkat,)),
)
RULESET = Ruleset(name="skat", title="Skat", summary="Three players, 32 cards: bid to be the soloist, name trumps, "
                  "take the skat; 61 card points win.", options=Options, initial=OWN.initial, decide=decide, after=_after,
                  evolve=evolve, legal=legal, view=view, check_event=check_event, words=WORDS, min_players=3,
                  max_players=3)
