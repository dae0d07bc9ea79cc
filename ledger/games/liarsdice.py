"""Liar's Dice: dice under the cups, bids of quantity and face in turn, "Liar!", the loser loses
a die; the last player with dice takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Poker-Based", "Liar's Dice").

How a game is recorded::

    potlog new liarsdice -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2
    potlog hand                 # everyone antes into the kitty; Ann deals, Ben (her left) bids first
    potlog cup Ann 5            # five dice under Ann's cup, unseen (or: potlog cup Ann 3 3 5 6 1)
    potlog cup Ben 5 ...        # every player's cup, in any order
    potlog bid Ben 2 5          # "two fives"
    potlog bid Cy 1 6           # "one six": a higher face beats any count of a lower one
    potlog liar Ann             # Ann calls Cy a liar: the cups are lifted
    potlog lift Ben 6 6 2 3 1   # the faces of each unseen cup (cups the recorder saw lift by themselves)
    ...                         # potlog counts the sixes and takes a die from the loser (``dice-left``):
                                # the next round, its cups again, starts there

Readings of the rule book:

- Each player starts with the table's ``dice`` (5) under their own cup; the wager is the same
  for everyone, the table's ``ante``, put into the kitty by ``potlog hand`` (a player with
  fewer chips antes what they have; one with none sits the game out). A potlog hand is one
  whole game, round after round, until one player has dice left.
- Every round each player still in rolls all their dice under the cup: recorded unseen
  (``potlog cup Ann 4``) or with the faces when the recorder sees them; the bidding starts
  once every cup is down.
- Turn order: clockwise from the dealer's left, who bids first in the first round (the text
  leaves it to the table); "the loser of the last round starts bidding for the next round
  unless they're eliminated", then the next player still in starts.
- A bid is a quantity and a face: at least that many dice on the whole table show that face.
  Each bid must raise the last, as the text's examples do: more dice of the same face ("2
  twos" to "5 twos"), or a higher face with any count, even fewer dice ("2 twos" to "1
  three"). The text's "up to 5 dice" is read as its one-cup example: a bid names at most the
  dice still on the table.
- Only the next player in turn raises or calls "Liar!" (the text: "The next player will go").
  Then every cup is lifted. If at least the bid quantity shows the face ("correct, or at least
  minimally") the bidder wins and the challenger loses one die; otherwise the bidder loses one
  die (the text names the die only for the bidder; a table takes it from whoever loses).
- Wild faces (option ``wild``, none by default; "Historically, Aces") count as any face when
  the dice are counted, except in a bid on the wild face itself.
- "A player is only eliminated if they do not have any remaining dice"; the last player with
  dice "gets the kitty". A game always ends with one winner, so the kitty never stands here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..core.commands import Bid, Command, CupDice, Liar, Lift
from ..errors import RuleViolation
from ..kit.dicewords import CUP, LIFT
from ..kit import claims, dice, follow, own, pots, wiring
from ..kit.dice import Cup
from ..state import TableState
from ..core.verbs import make_event
from ..core.contract import Legal, Param, Ruleset, Word


class Options(BaseModel):
    """Liar's Dice's table choices."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="chips each player puts into the kitty")
    dice: int = Field(default=5, ge=1, le=10, description="dice each player starts with")
    wild: str = Field(default="", pattern=r"^[1-6]*$",
                      description="wild faces, like 1 (ones, the historical choice); empty: none")


@dataclass(slots=True)
class Liars:
    """The game in progress: who plays (in turn), their dice left, the round's cups and bids."""

    order: list[str] = field(default_factory=list)
    dice: dict[str, int] = field(default_factory=dict)
    starter: str | None = None
    cupped: list[str] = field(default_factory=list)
    bidder: str | None = None
    bid: str = ""
    challenger: str | None = None
    cups: dict[str, Cup] = field(default_factory=dict)
    anted: list[str] = field(default_factory=list)
    told: bool = False


OWN = own.Plain(Liars, Options)


def _in(x: Liars) -> list[str]:
    return [p for p in x.order if x.dice.get(p, 0) > 0]


def _uncupped(x: Liars) -> list[str]:
    return [p for p in _in(x) if p not in x.cupped]


def _bidder(state: TableState) -> str | None:
    """Who bids (or calls liar) now: None before every cup is down and after "Liar!"."""
    x = OWN.x(state)
    if not state.in_hand or x.challenger is not None or _uncupped(x):
        return None
    return x.starter if x.bidder is None else claims.next_in(x.order, x.bidder, x.dice)


def _wild(state: TableState) -> list[int]:
    return [int(c) for c in OWN.opts(state).wild]


# ----------------------------------------------------------------------------- decide

def _player(state: TableState, cmd: CupDice | Bid | Liar | Lift) -> tuple[Liars, str]:
    x = OWN.x(state)
    return x, claims.require_in(state, x.order, x.dice, cmd.player, "has lost every die")


def _cup(state: TableState, cmd: CupDice) -> list[ev.Event]:
    x, p = _player(state, cmd)
    if x.challenger is not None:
        raise RuleViolation(f"{x.challenger} has called liar: the cups are lifted now (potlog lift NAME FACES)")
    if p in x.cupped:
        raise RuleViolation(f"{p}'s dice are under the cup already this round")
    have, named = x.dice[p], cmd.count if cmd.count is not None else len(cmd.faces)
    if named != have:
        raise RuleViolation(f"{p} has {claims.standing([p], x.dice, 'die', 'dice')[0][1]}: all go under the cup, "
                            f"not {named}" + (f" (one die the recorder saw: potlog cup {p} FACE --faces)"
                                              if cmd.count is not None and have == 1 else ""))
    return [dice.cup(state, x.cups, p, count=cmd.count, faces=cmd.faces, sides=6)]


def _turn(state: TableState, x: Liars, p: str, doing: str) -> None:
    if x.challenger is not None:
        raise RuleViolation(f"{x.challenger} has called liar: lift the cups (potlog lift NAME FACES)")
    waiting = _uncupped(x)
    if waiting:
        raise RuleViolation(f"the bidding starts when every cup is down: waiting for {', '.join(waiting)} "
                            f"(potlog cup {waiting[0]} {x.dice[waiting[0]]})")
    who = _bidder(state)
    if p != who:
        raise RuleViolation(_out_of_turn(state, x, p, who, doing))


def _out_of_turn(state: TableState, x: Liars, p: str, who: str | None, doing: str) -> str:
    """The rule that says who moves instead of `p`: who opens a round, or who follows a bid."""
    if who is None:
        return claims.turn_refusal(who, p, doing)
    if x.bidder is None:
        hand = state.hand
        lost = next((d.player for d in reversed(hand.declarations) if d.name == "dice-left"), None) if hand else None
        if lost is None:
            why = ("the player named first opens the first round" if hand is not None and hand.first == who
                   else "the dealer's left opens the first round")
        elif lost == who:
            why = "the loser of the last challenge opens the next round"
        else:
            why = f"{lost} lost the last challenge and is out, so the next player still in opens"
        return f"{who} opens: {why}, not {p}"
    if p == x.bidder:
        return (f"{p} made the last bid ({claims.bid_text(x.bid).said()}): the next player, {who}, raises it or "
                "calls liar")
    return f"{who} goes next, not {p}: only the player after the last bidder ({x.bidder}) raises or calls liar"


def _bid(state: TableState, cmd: Bid) -> list[ev.Event]:
    x, p = _player(state, cmd)
    _turn(state, x, p, "bid")
    bid = claims.parse_bid(cmd.count, cmd.value, most=sum(x.dice[q] for q in _in(x)))
    if x.bid:
        last = claims.bid_text(x.bid)
        more = f"more {str(claims.Bid(2, last.face)).split()[1]}"
        claims.require_rise(p, bid.key, last.key, last.said() + (
            f": {more}, or any count of a higher face" if last.face < 6 else f": {more}"))
    return [make_event(ev.Declared, player=p, name="bid", value=str(bid))]


def _liar(state: TableState, cmd: Liar) -> list[ev.Event]:
    x, p = _player(state, cmd)
    if not x.bid and x.challenger is None and not _uncupped(x):
        raise RuleViolation(f"nobody has bid yet this round: {x.starter} opens the bidding")
    _turn(state, x, p, "bid or call liar")
    claims.require_cups(x.cups, _in(x))
    return follow.followed([make_event(ev.Declared, player=p, name="liar")])


def _lift(state: TableState, cmd: Lift) -> list[ev.Event]:
    x, p = _player(state, cmd)
    if x.challenger is None:
        raise RuleViolation("the cups stay down until someone calls liar")
    claims.require_cups(x.cups, _in(x))
    return follow.followed([dice.lift(state, x.cups, p, cmd.faces)])


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the antes; after "Liar!" the cups the recorder saw are lifted,
    once all are up the verdict is said and the loser loses a die; the last player with dice
    takes the kitty."""
    x = OWN.x(state)
    done = pots.post_antes(state, x.order, x.anted, OWN.opts(state).ante) or \
        claims.last_one_takes(state, x.order, x.dice, "{player} is the last player with dice")
    if done or not state.in_hand or x.challenger is None or x.bidder is None:
        return done
    players = _in(x)
    shows, up = claims.lift_seen(x.cups, players)
    if not up:
        return shows
    bid = claims.bid_text(x.bid)
    n = claims.counted([d.face for p in players for d in x.cups[p].dice], bid.face, _wild(state))
    verdict = claims.settle(x.bidder, x.challenger, n >= bid.quantity)
    shown = f"{claims.spoken(n)} {str(claims.Bid(n, bid.face)).split()[1]}"
    return wiring.verdict(x.told, f"{x.challenger} calls {x.bidder}'s {bid.said()} a lie; {shown} on the table: "
                          f"{verdict.loser} loses a die", verdict.loser, "dice-left", x.dice[verdict.loser] - 1)


def _redo(event: ev.Event) -> Command | None:
    """The command behind a bid or a call of liar (``potlog verify --rules``)."""
    match event:
        case ev.Declared(name="bid", value=value, player=str() as player):
            bid = claims.bid_text(value)
            return Bid(player=player, count=bid.quantity, value=bid.face)
        case ev.Declared(name="liar", player=str() as player):
            return Liar(player=player)
    return None


decide, check_event = wiring.wire("liarsdice", "Liar's Dice", Options, _after,
                                  {CupDice: _cup, Bid: _bid, Liar: _liar, Lift: _lift},
                                  "start a game with 'hand'; then cup, bid, liar and lift",
                                  by_itself=(ev.Ante, ev.PotAwarded, ev.HandEnded, ev.Note), own=_redo, cups=True)


# ----------------------------------------------------------------------------- evolve, legal, view

def evolve(state: TableState, event: ev.Event) -> None:
    x = OWN.x(state)
    match event:
        case ev.HandStarted():
            x.order, x.dice, x.starter = wiring.started(state, event, OWN.opts(state).dice)
            x.cupped, x.bidder, x.bid, x.challenger, x.anted = [], None, "", None, []
            dice.evolve(x.cups, state, event)
        case ev.Ante(player=p):
            x.anted.append(p)
        case ev.DiceCupped() | ev.DiceShown():
            dice.evolve(x.cups, state, event)
            if isinstance(event, ev.DiceCupped) and event.player not in x.cupped:
                x.cupped.append(event.player)
        case ev.Declared(name="bid", player=str(p)) if claims.is_bid(event.value):
            x.bidder, x.bid = p, str(event.value)
        case ev.Declared(name="liar", player=str(p)):
            x.challenger, x.told = p, False
        case ev.Note() if x.challenger is not None:
            x.told = True                       # the verdict, said
        case ev.Declared(name="dice-left", player=str(p)) if isinstance(event.value, int):
            x.dice[p] = max(0, event.value)
            x.cupped, x.bidder, x.bid, x.challenger = [], None, "", None   # the next round
            x.cups.clear()
            x.starter = claims.starter(x.order, p, x.dice)
    who = _bidder(state)
    wiring.show(state, who, "lifting" if x.challenger else "bidding" if who else "cups")


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    x, who = OWN.x(state), _bidder(state)
    if x.challenger is not None:
        down = [p for p in _in(x) if p in x.cups and any(not d.up for d in x.cups[p].dice)]
        return [Legal(None, ("lift",), f"name the faces under the cups of {', '.join(down)}")]
    if who is None:
        return [Legal(None, ("cup",), f"waiting for the cups of {', '.join(_uncupped(x))}")]
    return [Legal(who, ("bid", "liar") if x.bid else ("bid",), f"beat {x.bid}" if x.bid else "open the bidding")]


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    rows = [(p, n + (f": {dice.shown(x.cups[p])}" if p in x.cups and n != "out" else ""))
            for p, n in claims.standing(x.order, x.dice, "die", "dice")]
    return rows + ([("bid", f"{x.bidder}: {x.bid}")] if x.bid else [])


WORDS = (
    Word("bid", "PLAYER bids QUANTITY FACE: at least that many dice on the table show that face.",
         "potlog bid Ann 3 5 (three fives). Each bid beats the last: more of the same face, or any count of a "
         "higher face.",
         params=(Param("player", "Who bids."),
                 Param("quantity", "How many dice.", type=int, metavar="QUANTITY", field="count"),
                 Param("face", "Which face, 1 to 6.", type=int, metavar="FACE", field="value")),
         command=lambda v: Bid(player=v["player"], count=v["quantity"], value=v["face"]), makes=(Bid,)),
    Word("liar", "PLAYER calls the last bid a lie: the cups are lifted and potlog settles it.",
         params=(Param("player", "Who calls liar."),), command=lambda v: Liar(player=v["player"]), makes=(Liar,)),
    CUP, LIFT,
)

RULESET = Ruleset(name="liarsdice", title="Liar's Dice",
                  summary="Dice under cups, bids of quantity and face, 'Liar!': the loser loses a die; "
                          "the last player with dice takes the kitty.",
                  options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view,
                  check_event=check_event, words=WORDS, min_players=2)
