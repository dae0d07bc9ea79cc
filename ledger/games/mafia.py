"""Mafia: shed your dice (1s leave play, 6s go to your left); the last player with tokens
takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Mafia", in "Dice"), played for the
compendium's kitty. Its turns are not a kitty roll-off's (the dice pass between players, a
round ends when one player runs out, tokens are lost over many rounds), so it is written on
the smaller pieces of the kit (`wiring`, `follow`, `kittyparts`) rather than `ledger.kit.kitty`.

How a game is recorded::

    potlog new mafia -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2
    potlog hand                 # everyone antes; each has 5 tokens
    potlog roll Ben 3 5         # the order roll: two dice each, from the dealer's left
    potlog roll Cy 6 6
    potlog roll Ann 2 2         # Cy rolled highest and starts
    potlog direction Cy counter-clockwise      # Cy's choice, before Cy's first roll
    potlog roll Cy 1 6 3 4 2    # the 1 leaves play, the 6 goes to Cy's left (Ann); Cy keeps 3 dice
    ...                         # Cy runs out first: Ann and Ben roll one die each, the highest loses a token

Readings of the rule book:

- The kitty: the table's ``ante`` each, put in by ``potlog hand``; a game is one hand, played
  until "all but one player has lost all their tokens"; that player takes the kitty. One
  token is lost at a time, so there is always one winner and this kitty never stands.
- Each player starts the game with ``tokens`` (5) tokens and every round with ``dice`` (5)
  dice ("return all dice to the owning player").
- The order roll, before every round: the players still holding tokens roll two dice each,
  in seat order from the dealer's left; the highest total starts; players tied for the
  highest roll again among themselves.
- The starting player chooses the direction (``potlog direction NAME counter-clockwise``)
  before their first roll of the round; without it, play goes clockwise.
- A turn is one roll of all the player's dice: each 1 leaves play, each 6 goes to the player
  on their left (the next seat clockwise, whichever way play goes). The first player left
  with no dice ends the round.
- Then "all remaining players roll a die": everyone else in the round rolls one die, in seat
  order from the one who went out; the highest loses one token; players tied for the
  highest roll again among themselves (the text does not say: the table's usual way, as it
  does for the order). With only one other player in the round, they lose the token
  without a roll.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pydantic import Field

from .. import events as ev
from ..core.commands import Declare, RollDice
from ..errors import RuleViolation
from ..kit import follow, kittyparts, own, wiring
from ..kit.verbs import IDLE
from ..kit.kitty import KittyOptions, spoken
from ..state import TableState
from ..text import listed
from ..core.verbs import make_event
from ..core.contract import Legal, Param, Ruleset, Word

WAYS = {"clockwise": 1, "counter-clockwise": -1}


class Options(KittyOptions):
    """Mafia's table choices."""

    tokens: int = Field(default=5, ge=1, le=100, description="tokens each player starts the game with")
    dice: int = Field(default=5, ge=1, le=20, description="dice each player starts every round with")


@dataclass(slots=True)
class Mafia:
    """The game (``state.ext``): players (`order`), who has anted, `tokens`; the phase (``order``,
    ``play``, ``loss`` or ``over``); a roll-off (`off`: who is in it, `offs`: their totals); the
    round's starter, its direction (`way`), every player's `dice`, whose roll (`at`), whether the
    starter has rolled (`begun`); the last player to lose a token (`lost`)."""

    order: list[str] = field(default_factory=list)
    anted: list[str] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)
    phase: str = ""
    off: list[str] = field(default_factory=list)
    offs: dict[str, int] = field(default_factory=dict)
    starter: str = ""
    way: int = 1
    dice: dict[str, int] = field(default_factory=dict)
    at: str = ""
    begun: bool = False
    lost: str = ""


OWN = own.Own(Mafia, Options)


def _in(x: Mafia) -> list[str]:
    """The players still holding tokens, in seat order from the dealer's left."""
    return [p for p in x.order if x.tokens.get(p, 0) > 0]


def shed(faces: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """A turn's roll: (dice that leave play, dice handed to the left): its 1s and its 6s."""
    k = Counter(faces)
    return k[1], k[6]


def _roller(state: TableState) -> str | None:
    x = OWN.x(state)
    if not state.in_hand or len(x.anted) < len(x.order):
        return None
    if x.phase in ("order", "loss"):
        return kittyparts.to_roll(x.off, x.offs)
    return x.at if x.phase == "play" else None


# ----------------------------------------------------------------------------- decide

def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the antes; once one player holds tokens, the kitty and the end."""
    x, hand = OWN.x(state), state.hand
    if hand is None or hand.ended:
        return []
    if len(x.anted) < len(x.order):
        return kittyparts.antes(state, x.order, x.anted, OWN.opts(state).ante)
    if x.phase != "over":
        return []
    return kittyparts.settle(state, _in(x), f"{_in(x)[0]} is the last player with tokens")


def _not_now(state: TableState, p: str | None) -> str | None:
    """Why `p` does not roll now, where the rule is more than whose turn it is: the game is over,
    they are out, they have rolled (or are not in) the roll for the order or for the token."""
    x, hand, who = OWN.x(state), state.hand, _roller(state)
    if hand is not None and hand.ended and x.phase == "over" and _in(x):
        return f"the game is over: {_in(x)[0]} won, the last player with tokens; the next game starts with potlog hand"
    if not state.in_hand or who is None or p is None or p not in x.order:
        return None
    if x.tokens.get(p, 0) <= 0:
        return f"{p} has lost every token and is out of this game"
    if x.phase in ("order", "loss"):
        what = "the roll for the order" if x.phase == "order" else "the roll for the token"
        if p in x.offs:
            return (f"{p} has rolled {x.offs[p]} in {what}: each rolls once, and those tied for the highest roll "
                    f"again; {who} rolls now")
        if p not in x.off and x.phase == "loss" and x.dice.get(p) == 0:
            return (f"{p} ran out of dice and ended the round: the others roll one die each, and the highest loses "
                    f"a token; {who} rolls now")
        if p not in x.off:
            return f"{p} is out of {what}: {listed(x.off)} tied for the highest and roll again; {who} rolls now"
        return None
    way = next(w for w, step in WAYS.items() if step == x.way)
    return f"it is {who}'s turn to roll, not {p}'s: a turn is one roll, and play goes {way} this round"


def _roll(state: TableState, cmd: RollDice) -> list[ev.Event]:
    x, n = OWN.x(state), len(cmd.faces)
    who, events = wiring.rolled(state, cmd, _roller(state), "Mafia", lambda p: _not_now(state, p))
    if x.phase == "order" and n != 2:
        raise RuleViolation(f"for the order of play each player rolls two dice, like: potlog roll {who} 3 5")
    if x.phase == "loss" and n != 1:
        raise RuleViolation(f"{who} rolls one die: the highest loses a token, like: potlog roll {who} 4")
    if x.phase == "play" and n != x.dice[who]:
        raise RuleViolation(f"{who} has {spoken(x.dice[who])} now and rolls all of them, not {n}")
    return follow.followed(events)


def _direction(state: TableState, cmd: Declare) -> list[ev.Event]:
    x = OWN.x(state)
    if cmd.name != "direction":
        raise RuleViolation(f"Mafia has no declaration {cmd.name!r}: the starter may declare the direction")
    if not state.in_hand or x.phase != "play" or x.begun or cmd.player != x.starter:
        raise RuleViolation("the direction is chosen by the round's starting player, before their first roll"
                            + (f" ({x.starter} starts this round)" if x.phase == "play" and not x.begun else ""))
    if cmd.value not in WAYS:
        raise RuleViolation(f"play goes clockwise or counter-clockwise, not {cmd.value!r}")
    return [make_event(ev.Declared, player=cmd.player, name="direction", value=cmd.value)]


decide, check_event = wiring.wire("mafia", "Mafia", Options, _after, {RollDice: _roll, Declare: _direction},
                                  "start a game with 'hand', then each player rolls in turn",
                                  by_itself=(ev.Ante, ev.PotAwarded, ev.HandEnded), opened=True, checked="Mafia")


# ----------------------------------------------------------------------------- evolve, view

def _round(x: Mafia) -> None:
    x.phase, x.off, x.offs = "order", _in(x), {}


def _lose(x: Mafia, loser: str) -> None:
    x.tokens[loser] -= 1
    x.lost = loser
    _round(x)
    if len(x.off) == 1:
        x.phase = "over"


def _played(state: TableState, x: Mafia, p: str, faces: list[int]) -> None:
    players = _in(x)
    if x.phase == "order":
        first = kittyparts.rolled(x.off, x.offs, p, sum(faces))
        if first is not None:
            x.phase, x.starter, x.at, x.way, x.begun = "play", first, first, 1, False
            x.dice = {q: OWN.opts(state).dice for q in players}
    elif x.phase == "loss":
        loser = kittyparts.rolled(x.off, x.offs, p, sum(faces))
        if loser is not None:
            _lose(x, loser)
    elif x.phase == "play" and p == x.at:
        ones, sixes = shed(faces)
        i = players.index(p)
        x.dice[p] -= ones + sixes
        x.dice[players[(i + 1) % len(players)]] += sixes
        x.begun = True
        if x.dice[p]:
            x.at = players[(i + x.way) % len(players)]
            return
        rest = players[i + 1:] + players[:i]
        x.phase, x.off, x.offs, x.at = "loss", rest, {}, ""
        if len(rest) == 1:
            _lose(x, rest[0])


def evolve(state: TableState, event: ev.Event) -> None:
    x = OWN.x(state)
    match event:
        case ev.HandStarted():
            order = wiring.players(state, event)
            state.ext = x = Mafia(order=order, tokens=dict.fromkeys(order, OWN.opts(state).tokens))
            _round(x)
        case ev.Ante(player=p) if p not in x.anted:
            x.anted.append(p)
        case ev.DiceRolled(player=str(p)) if state.in_hand and p == _roller(state):
            _played(state, x, p, list(event.faces))
        case ev.Declared(player=str(p), name="direction") if state.in_hand and p == x.starter and not x.begun:
            x.way = WAYS.get(str(event.value), 1)
    wiring.show(state, _roller(state), x.phase)


def legal(state: TableState) -> list[Legal]:
    x, who = OWN.x(state), _roller(state)
    if who is None:
        return [] if state.closed else [IDLE]
    if x.phase == "order":
        return [Legal(who, ("roll",), "two dice for the order of play: the highest starts")]
    if x.phase == "loss":
        return [Legal(who, ("roll",), "one die: the highest loses a token")]
    verbs = ("roll", "direction") if who == x.starter and not x.begun else ("roll",)
    return [Legal(who, verbs, f"all {spoken(x.dice[who])}: 1s leave play, 6s go to the left")]


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    out = [("kitty", str(state.balance("pot")))] if state.in_hand else []
    if state.in_hand and x.phase == "play":
        out.append(("round", f"{x.starter} started, {'clockwise' if x.way == 1 else 'counter-clockwise'}"))
    for p in x.order:
        line = spoken(x.tokens.get(p, 0), "token", "tokens")
        line += f", {spoken(x.dice[p])}" if x.phase == "play" and p in x.dice else ""
        line += f", rolled {x.offs[p]}" if p in x.offs else ""
        out.append((p, line + (" (lost a token last)" if p == x.lost else "")))
    return out


WORDS = (Word("direction", "The round's starting player chooses the direction of play, before their first roll.",
              "potlog direction Cy counter-clockwise (play goes clockwise unless the starter says so)",
              params=(Param("player", "The starting player."),
                      Param("way", "clockwise or counter-clockwise.", metavar="clockwise|counter-clockwise",
                            field="value")),
              command=lambda v: Declare(player=v["player"], name="direction", value=v["way"]), makes=(Declare,)),)

RULESET = Ruleset(name="mafia", title="Mafia",
                  summary="Shed your dice: 1s leave play, 6s go to your left; the first out makes the others roll, "
                          "the highest loses a token; the last with tokens takes the kitty.",
                  options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view,
                  check_event=check_event, words=WORDS, min_players=2)
