"""Noddy: two players, three cards each, the cut card, a count to the set score; each card pegs the
combinations it makes; Go and the Hitter; over the set score loses.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Noddy", in "Cards"). ``potlog hand`` deals;
``potlog cut 7H`` (the non-dealer turns the top of the stock); ``potlog play Ben 5C`` in turn;
``potlog go Ann``. potlog pegs every combination (``scored`` events naming them), the Go and the
Hitter, and ends the hand. The text is terse; a table reads it so:

- Two players; the 52-card pack. Three cards each; the non-dealer cuts and turns the top of the
  stock: a Jack pegs 2 to the dealer ("Knave Noddy").
- The set score (option ``target``: 15, 21 or 31, chosen before the game) is the limit of the
  count. From the non-dealer, the players in turn play a card face up, adding its pips to the
  count (aces 1, courts 10), and peg what it makes with the cards of the count before it (aces
  low): a pair 2, a pair royal (prial) 6, a double pair royal 12; a count of 15 or 25: 2; a run
  (the last three or four cards in sequence, in any order, not of one suit) 1 or 2; a flush (a
  run of one suit) 3 or 4; a run or flush of more than four cards one more per card above four;
  the Jack of the turned card's suit 1 ("his heels").
- A player who will not or cannot play on says Go (``potlog go Ann``); the other plays on alone.
  When neither plays on (both said Go, or hold no card), the last card pegs 1 for the Go, or 2 if
  it made the count exactly the set score (the Hitter, pegged as it hits); a new count starts
  from the player after, while cards remain. The hand ends when every card is played.
- "If the player exceeds the set score, the other player wins": a card taking the count past the
  set score is recorded, and the game is over, won by the other player.
- The sheet keeps each hand's pegs and the totals (``potlog state``); at ``stake`` chips per point
  the two settle the difference of their pegs at the end of each hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from .. import events as ev
from ..cards import UNKNOWN, parse_card, rank, suit
from ..core import table, zones
from ..core.commands import Cards, Command, NewHand, Play
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.verbs import make_event
from ..errors import InputError, RuleViolation
from ..kit import follow, own, tricks, wiring
from ..state import TableState

sh = tricks.sheet

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
STARTER = "starter"
KNAVE, HITTER, GO = "Knave Noddy", "the Hitter", "the Go"


class Options(BaseModel):
    """Noddy's table choices."""

    target: Literal[15, 21, 31] = Field(default=31, description="the set score: 15, 21 or 31")
    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips per point, settled each hand")


@dataclass
class Noddy(sh.Sheet):
    """Noddy's own state: the players, the count, the Go."""

    seats: list[str] = field(default_factory=list)
    phase: str = ""
    count: int = 0
    run: list[list[str]] = field(default_factory=list)
    go: list[str] = field(default_factory=list)
    last: str | None = None
    turnup: str | None = None
    over_by: str | None = None
    winner: str | None = None
    closing: bool = False
    owed: list[list[object]] = field(default_factory=list)
    knave: bool = False


OWN = own.Plain(Noddy, Options)


def pips(card: str) -> int:
    return min(10, RANKS.index(rank(card)) + 1)


def pegs(cards: list[str], count: int, turnup: str | None) -> list[tuple[int, str]]:
    """What the last of `cards` (the count's cards in the order played) pegs, with its names."""
    out: list[tuple[int, str]] = []
    last = cards[-1]
    same = 1
    while same < len(cards) and rank(cards[-same - 1]) == rank(last):
        same += 1
    if same >= 2:
        out.append({2: (2, "a pair"), 3: (6, "a pair royal"), 4: (12, "a double pair royal")}[same])
    if count in (15, 25):
        out.append((2, f"{count}"))
    for n in range(len(cards), 2, -1):
        tail = cards[-n:]
        ranks = sorted(RANKS.index(rank(c)) for c in tail)
        if ranks == list(range(ranks[0], ranks[0] + n)):
            flush = len({suit(c) for c in tail}) == 1
            base = (3, 4) if flush else (1, 2)
            points = base[0] if n == 3 else base[1] + (n - 4)
            out.append((points, f"a {'flush' if flush else 'run'} of {n}"))
            break
    if turnup and rank(last) == "J" and suit(last) == suit(turnup):
        out.append((1, "his heels"))
    return out


def players(state: TableState) -> list[str]:
    return [s.name for s in state.seats if s.active][:2]


def holding(state: TableState, player: str) -> list[str]:
    seat = state.seat(player)
    return [h.card for h in seat.cards] if seat is not None else []


def to_play(state: TableState, x: Noddy) -> str | None:
    """Whose turn it is: the other of the last to play, unless they said Go or hold nothing."""
    if x.phase != "play":
        return None
    can = [p for p in x.seats if p not in x.go and holding(state, p)]
    if not can:
        return None
    if x.last is None or x.last not in x.seats:
        return can[0]
    other = x.seats[1 - x.seats.index(x.last)]
    return other if other in can else can[0]


def _after(state: TableState) -> list[ev.Event]:
    hand, x, o = state.hand, OWN.x(state), OWN.opts(state)
    if hand is None or hand.ended or not x.seats:
        return []
    if x.phase == "deal":
        if undealt := [p for p in x.seats if not holding(state, p)]:
            return [make_event(ev.CardsDealt, to=p, cards=[UNKNOWN] * 3) for p in undealt]
        return [make_event(ev.CardsDealt, to="stock", cards=[UNKNOWN] * (52 - 6))]
    if x.phase != "play":
        return []
    if x.turnup and rank(x.turnup) == "J" and not x.knave:
        return [make_event(ev.Scored, player=hand.dealer, points=2, reason=KNAVE)]
    if x.owed and x.last:
        return [make_event(ev.Scored, player=x.last, points=x.owed[0][0], reason=x.owed[0][1])]
    if x.over_by is None and x.count != o.target and x.run and to_play(state, x) is not None:
        return []
    if x.over_by is None and x.run and x.last is not None and (x.count == o.target or to_play(state, x) is None):
        hit = x.count == o.target
        return [make_event(ev.Scored, player=x.last, points=2 if hit else 1, reason=HITTER if hit else GO)]
    if x.over_by is None and (any(holding(state, p) for p in x.seats) or x.run):
        return []
    if not x.closing:
        return [make_event(ev.Declared, player=None, name="hand-over", value=hand.number)]
    if x.due:
        return [make_event(ev.Transfer, from_account=x.due[0][0], to_account=x.due[0][1], amount=x.due[0][2],
                           reason=x.due[0][3])]
    return [make_event(ev.HandEnded, hand=hand.number)]


@dataclass(frozen=True, kw_only=True)
class Cut(Command):
    """``potlog cut CARD``: the top of the stock turned up by the non-dealer (`cards`: the one card)."""

    verb: ClassVar[str] = "cut"
    cards: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Go(Command):
    """``potlog go NAME``: `player` plays no more to this count."""

    verb: ClassVar[str] = "go"
    player: str


def _start(state: TableState, cmd: NewHand) -> list[ev.Event]:
    x = OWN.x(state)
    if x.winner:
        raise RuleViolation(f"the game is over: {x.winner} won (see potlog state)")
    if cmd.first:
        raise RuleViolation("in Noddy the non-dealer plays first: drop --first")
    return follow.followed(wiring.hand(lambda s: [])(state, cmd))


def _cut(state: TableState, cmd: Cut) -> list[ev.Event]:
    x = OWN.x(state)
    table.require_hand(state)
    if x.phase != "cut":
        raise RuleViolation("the cut card is turned once, after the deal")
    if len(cmd.cards) != 1:
        raise InputError("name the card turned, like potlog cut 7H")
    card = parse_card(cmd.cards[0], "french52", allow_unknown=False)
    return follow.followed([zones.move(state, "stock", STARTER, [card], face_up=True)])


def _play(state: TableState, cmd: Play) -> list[ev.Event]:
    table.require_hand(state)
    x = OWN.x(state)
    if x.phase != "play":
        raise RuleViolation("turn the cut card first: potlog cut CARD" if x.phase == "cut" else "no card is due")
    who = to_play(state, x)
    player = table.require_seated(state, cmd.player)
    if player != who:
        raise RuleViolation(f"it is {who}'s turn to play, not {player}'s")
    if len(cmd.cards) != 1:
        raise InputError(f"say which card {player} plays, like 7H")
    card = parse_card(cmd.cards[0], "french52", allow_unknown=False)
    held = holding(state, player)
    if card not in held:
        if UNKNOWN not in held:
            raise RuleViolation(f"{player} does not hold {card} (holds {' '.join(held)})")
        table.check_unseen(state, [card])
    return follow.followed([make_event(ev.CardPlayed, player=player, card=card)])


def _go(state: TableState, cmd: Go) -> list[ev.Event]:
    table.require_hand(state)
    x = OWN.x(state)
    player = table.require_seated(state, cmd.player)
    if x.phase != "play" or player not in x.seats:
        raise RuleViolation("Go is said during the play")
    if player != to_play(state, x):
        raise RuleViolation(f"it is {to_play(state, x)}'s turn, not {player}'s")
    return follow.followed([make_event(ev.Declared, player=player, name="go")])


def _own(e: ev.Event) -> Command | None:
    match e:
        case ev.CardsMoved(dest="starter"):
            return Cut(cards=tuple(e.cards))
        case ev.Declared(name="go"):
            return Go(player=str(e.player))
    return None


decide, check_event = wiring.wire(
    "noddy", "Noddy", Options, _after, {NewHand: _start, Cut: _cut, Play: _play, Go: _go},
    "hand, cut CARD, then play NAME CARD or go NAME in turn",
    by_itself=(ev.CardsDealt, ev.Scored, ev.HandEnded, ev.Transfer), own=_own)


def evolve(state: TableState, e: ev.Event) -> None:
    x, o, hand = OWN.x(state), OWN.opts(state), state.hand
    match e:
        case ev.HandStarted():
            x.seats = [p for p in (table.seat_after(state, e.dealer), e.dealer) if p in players(state) and p]
            x.phase, x.count, x.run, x.go, x.last, x.turnup, x.over_by = "deal", 0, [], [], None, None, None
            x.closing, x.owed, x.knave = False, [], False
        case ev.CardsDealt(to="stock"):
            x.phase = "cut"
        case ev.CardsMoved(dest="starter"):
            x.turnup, x.phase = e.cards[-1], "play"
        case ev.CardPlayed() if e.player in x.seats:
            x.run.append([e.player, e.card])
            x.count += pips(e.card)
            x.last = e.player
            x.owed = [[n, f"{what} ({e.card}, count {x.count})"] for n, what in
                      pegs([c for _, c in x.run], x.count, x.turnup)] if x.count <= o.target else []
            if x.count > o.target:
                x.over_by = e.player
                x.winner = x.seats[1 - x.seats.index(e.player)]
                x.hand_note = f"{e.player} took the count to {x.count}, past {o.target}: {x.winner} wins"
        case ev.Declared(name="go") if e.player:
            x.go.append(e.player)
        case ev.Scored() if e.reason == KNAVE and not x.knave:
            x.knave = True
        case ev.Scored() if x.owed and [e.points, e.reason] == x.owed[0] and e.player == x.last:
            x.owed.pop(0)
        case ev.Scored() if e.reason in (GO, HITTER) and e.player == x.last and x.run:
            x.count, x.run, x.go = 0, [], []
        case ev.Declared(name="hand-over"):
            x.closing = True
            x.due = [[t.from_account, t.to_account, t.amount, t.reason] for t in
                     sh.pay(state, {p: x.pending.get(p, 0) for p in x.seats}, o.stake, f"Noddy at {o.stake} per point")
                     if isinstance(t, ev.Transfer)]
    sh.note(x, state, e)
    if hand is not None and not hand.ended:
        hand.to_act = to_play(state, x)
        hand.phase = {"play": "playing", "deal": "dealing"}.get(x.phase, x.phase)


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return [] if OWN.x(state).winner else idle
    x = OWN.x(state)
    if x.phase == "cut":
        return [Legal(x.seats[0] if x.seats else None, ("cut",), "the non-dealer turns the cut card")]
    who = to_play(state, x)
    return [Legal(who, ("play", "go"), f"the count is {x.count} of {OWN.opts(state).target}")] if who else []


def view(state: TableState) -> list[tuple[str, str]]:
    x, o = OWN.x(state), OWN.opts(state)
    out: list[tuple[str, str]] = []
    if state.in_hand and x.phase == "play":
        out += [("cut", x.turnup or "-"), ("count", f"{x.count} of {o.target}: "
                                                    + (" ".join(c for _, c in x.run) or "no card yet"))]
        if x.go:
            out.append(("go", ", ".join(x.go)))
    out += sh.lines(x, state, players(state))
    if x.winner:
        out.append(("winner", x.winner))
    return out


WORDS = (
    Word("cut", "The non-dealer turns the top of the stock (a Jack: Knave Noddy, 2 to the dealer).",
         params=(Param("card", "The card turned, like 7H.", field="cards"),),
         command=lambda v: Cut(cards=(v["card"],)), makes=(Cut,)),
    Word("go", "PLAYER says Go: they play no more to this count.", params=(Param("player", "Who."),),
         command=lambda v: Go(player=v["player"]), makes=(Go,)),
)
RULESET = Ruleset(name="noddy", title="Noddy", summary="Two players, three cards, a count to 15, 21 or 31: pairs, "
                  "runs, flushes, fifteens pegged; Go and the Hitter; over the set score loses.", options=Options,
                  initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view, check_event=check_event,
                  words=WORDS, min_players=2, max_players=2)
