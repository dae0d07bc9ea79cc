"""Meier: two dice under a cup, an announcement that must beat the last, believed or doubted;
a doubter or a liar loses a life, and the last player with lives takes the kitty.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Poker-Based", "Meier", with its gambling
aspect).

How a game is recorded::

    potlog new meier -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2
    potlog hand                 # everyone puts the wager into the kitty; Ben (the dealer's left) rolls first
    potlog cup Ben 2            # two dice under the cup, unseen (or: potlog cup Ben 6 5, seen by the recorder)
    potlog claim Ben 65         # Ben announces 65 and slides the cup to Cy
    potlog cup Cy 2             # Cy believes: rolls again and must announce more than 65
    potlog claim Cy 22
    potlog doubt Ann            # Ann doubts: the cup is lifted (potlog lift Cy 4 1 when nobody saw it)
    ...                         # potlog takes the life and Ann starts the next round

Readings of the rule book:

- A roll reads high die first (5 and 6 is 65). The ranking, lowest first, is the text's:
  31 (its first "32" is an OCR slip), 32, 41 .. 65, then the doubles 11 .. 66, then 21
  "Meier" (the ``meier`` evaluator, ``ledger/kit/evaluators/dice.py``). An announcement names
  such a value, high die first ("56" is refused; "meier" is 21).
- Every player has the table's ``lives`` (3, "typically 3"); each puts the same wager, the
  table's ``ante``, into the kitty when the game starts (``potlog hand``); a potlog hand is one
  whole game. "The winner of the game takes all wagers from the kitty"; a game always ends
  with one player left, so the kitty never stands.
- Turn order: clockwise from the dealer's left, who rolls first. The roller rolls under the
  cup and announces anything (the first announcement of a round need beat nothing); the next
  player still in either believes it, "does the same" (rolls again under the cup: it is
  recorded, whether or not they look) and announces more than the last announcement, or
  doubts it, and the cup is lifted.
- Doubted: a roll lower than the announcement costs the announcer one life; equal or higher
  costs the doubter one life. "Meier" announced: the next player may not beat it; not looking
  (``potlog concede``) costs them one life; looking (``potlog doubt``) costs them two lives
  if it is Meier, else the announcer two.
- "In any case, the acting player starts a new round": the doubter (or the one who conceded)
  rolls first in the next round; when that player is out, the next player still in does. A
  player with no lives left is out; the last one in wins.
- Drinking is left out (no chips move).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..core.commands import Claim, Command, Concede, CupDice, Doubt, Lift
from ..errors import InputError, RuleViolation
from ..kit.dicewords import CUP, LIFT
from ..kit import claims, dice, follow, own, pots, wiring
from ..kit.dice import Cup
from ..kit.evaluators.dice import MEIER_ORDER, rank_meier
from ..state import TableState
from ..core.table import require_hand
from ..core.verbs import make_event
from ..core.contract import Legal, Param, Ruleset, Word

MEIER = 21


class Options(BaseModel):
    """Meier's table choices."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="the wager each player puts into the kitty")
    lives: int = Field(default=3, ge=1, le=20, description="lives each player starts with")


@dataclass(slots=True)
class Meier:
    """The game in progress: who plays (in turn), their lives, whose move it is and what it is
    (``roll``, ``claim``, ``answer``: believe and roll, or doubt; ``reveal``: the cup is lifted),
    the round's last announcement."""

    order: list[str] = field(default_factory=list)
    lives: dict[str, int] = field(default_factory=dict)
    turn: str | None = None
    step: str = "roll"
    claimant: str | None = None
    claim: int = 0
    doubter: str | None = None
    conceded: bool = False
    told: bool = False
    cups: dict[str, Cup] = field(default_factory=dict)
    anted: list[str] = field(default_factory=list)


OWN = own.Plain(Meier, Options)


def label(value: int) -> str:
    return rank_meier([str(value // 10), str(value % 10)]).label


def parse_claim(raw: object) -> int:
    """An announcement: a Meier value high die first (65, 22, 21), or "meier"."""
    text = str(raw).strip().lower()
    value = MEIER if text == "meier" else int(text) if text.isdigit() and len(text) == 2 else 0
    if value not in MEIER_ORDER:
        if value and value % 10 > value // 10 and 10 * (value % 10) + value // 10 in MEIER_ORDER:
            raise InputError(f"say the high die first: {10 * (value % 10) + value // 10}, not {value}")
        raise InputError(f"{raw!r} is not a Meier roll: two faces high die first, like 65, 22 or 21 (Meier)")
    return value


# ----------------------------------------------------------------------------- decide

_DOING = {"roll": "roll", "claim": "announce", "answer": "believe or doubt"}


def _mover(state: TableState, cmd: CupDice | Claim | Doubt | Concede, *steps: str) -> tuple[Meier, str]:
    """The player whose move it is, doing one of `steps`; anything else is refused."""
    x = OWN.x(state)
    p = claims.require_in(state, x.order, x.lives, cmd.player, "has lost every life")
    if x.step == "reveal":
        raise RuleViolation(f"{x.doubter} doubted {x.claimant}: lift the cup (potlog lift {x.claimant} FACES)")
    if p != x.turn:
        raise RuleViolation(_out_of_turn(state, x, p))
    if x.step not in steps:
        raise RuleViolation({"roll": f"{p} rolls first (potlog cup {p} 2)", "claim": f"{p} has rolled: now "
                             f"announce (potlog claim {p} VALUE)", "answer": f"{p} believes {x.claimant} (potlog "
                             f"cup {p} 2) or doubts (potlog doubt {p})"}[x.step])
    return x, p


def _out_of_turn(state: TableState, x: Meier, p: str) -> str:
    """The rule that says who moves instead of `p`: who starts a round, or who answers."""
    who, hand = x.turn, state.hand
    if who is not None and hand is not None and x.step == "roll" and not x.claim:
        acted = next((d.player for d in reversed(hand.declarations) if d.name in ("doubt", "concede")), None)
        if acted is None:
            why = "the player named first" if hand.first == who else "the dealer's left"
            why += " rolls first in the first round"
        elif acted == who:
            why = "the player who doubted (or conceded) the last announcement starts the next round"
        else:
            why = f"{acted} acted last and is out, so the next player still in starts"
        return f"{who} starts this round: {why}, not {p}"
    if who is not None and x.step == "answer" and x.claimant is not None:
        if p == x.claimant:
            return f"{p} announced {label(x.claim)}: the next player, {who}, believes it or doubts it"
        return f"{who} answers {x.claimant}'s {label(x.claim)}, not {p}: only the next player believes or doubts"
    return claims.turn_refusal(who, p, _DOING[x.step])


def _cup(state: TableState, cmd: CupDice) -> list[ev.Event]:
    x, p = _mover(state, cmd, "roll", "answer")
    if x.step == "answer" and x.claim == MEIER:
        raise RuleViolation(f"nothing beats Meier: {p} doubts (potlog doubt {p}) or concedes without looking "
                            f"(potlog concede {p}, one life)")
    if (cmd.count if cmd.count is not None else len(cmd.faces)) != 2:
        raise RuleViolation("Meier is rolled with two dice: potlog cup NAME 2, or the two faces the recorder saw")
    return [dice.cup(state, x.cups, p, count=cmd.count, faces=cmd.faces, sides=6)]


def _claim(state: TableState, cmd: Claim) -> list[ev.Event]:
    x, p = _mover(state, cmd, "claim")
    value = parse_claim(cmd.value)
    if x.claim:
        claims.require_rise(p, (MEIER_ORDER.index(value),), (MEIER_ORDER.index(x.claim),),
                            f"{x.claimant}'s {label(x.claim)}: announce a higher roll", what="announcement")
    return [make_event(ev.Declared, player=p, name="claim", value=value)]


def _doubt(state: TableState, cmd: Doubt | Concede) -> list[ev.Event]:
    x, p = _mover(state, cmd, "answer")
    claims.require_cups(x.cups, [x.claimant] if x.claimant is not None else [])
    if isinstance(cmd, Concede) and x.claim != MEIER:
        raise RuleViolation(f"only Meier is conceded: {p} believes {x.claimant}'s {x.claim} (rolls) or doubts it")
    return follow.followed([make_event(ev.Declared, player=p, name=cmd.verb)])


def _lift(state: TableState, cmd: Lift) -> list[ev.Event]:
    require_hand(state)
    x = OWN.x(state)
    if x.step != "reveal" or x.conceded:
        raise RuleViolation("the cup stays down until someone doubts")
    if cmd.player is None or cmd.player != x.claimant:
        raise RuleViolation(f"{x.claimant}'s cup is the one lifted, not {cmd.player}'s")
    claims.require_cups(x.cups, [x.claimant])
    return follow.followed([dice.lift(state, x.cups, cmd.player, cmd.faces)])


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the antes; after a doubt the cup the recorder saw is lifted,
    then the verdict is said and the lives taken; the last player with lives takes the kitty."""
    x = OWN.x(state)
    done = pots.post_antes(state, x.order, x.anted, OWN.opts(state).ante) or \
        claims.last_one_takes(state, x.order, x.lives, "{player} is the last player with lives")
    if done or not state.in_hand or x.step != "reveal" or x.claimant is None or x.doubter is None:
        return done
    shows, up = claims.lift_seen(x.cups, [x.claimant])
    if not x.conceded and not up:
        return shows
    said = label(x.claim)
    if x.conceded:
        verdict = claims.Verdict(x.doubter, x.claimant, 1, f"{x.doubter} does not look at {said}")
    else:
        rolled = rank_meier([str(d.face) for d in x.cups[x.claimant].dice])
        held = rolled.key >= rank_meier([str(x.claim // 10), str(x.claim % 10)]).key
        verdict = claims.settle(x.claimant, x.doubter, held, lost=2 if x.claim == MEIER else 1,
                                why=f"{x.claimant} announced {said} and rolled {rolled.label}")
    return wiring.verdict(x.told, f"{verdict.why}: {verdict.loser} loses "
                          f"{'a life' if verdict.lost == 1 else f'{verdict.lost} lives'}", verdict.loser, "lives-left",
                          max(0, x.lives[verdict.loser] - verdict.lost))


def _redo(event: ev.Event) -> Command | None:
    """The command behind an announcement, a doubt or a concession (``potlog verify --rules``)."""
    if not isinstance(event, ev.Declared) or event.player is None:
        return None
    match event.name:
        case "claim":
            return Claim(player=event.player, value=event.value)
        case "doubt":
            return Doubt(player=event.player)
        case "concede":
            return Concede(player=event.player)
    return None


decide, check_event = wiring.wire("meier", "Meier", Options, _after,
                                  {CupDice: _cup, Claim: _claim, Doubt: _doubt, Concede: _doubt, Lift: _lift},
                                  "start a game with 'hand'; then cup, claim, doubt, concede, lift",
                                  by_itself=(ev.Ante, ev.PotAwarded, ev.HandEnded, ev.Note), own=_redo, cups=True)


# ----------------------------------------------------------------------------- evolve, legal, view

def evolve(state: TableState, event: ev.Event) -> None:
    x = OWN.x(state)
    match event:
        case ev.HandStarted():
            x.order, x.lives, x.turn = wiring.started(state, event, OWN.opts(state).lives)
            x.step, x.claimant, x.claim, x.doubter, x.conceded, x.anted = "roll", None, 0, None, False, []
            dice.evolve(x.cups, state, event)
        case ev.Ante(player=p):
            x.anted.append(p)
        case ev.Note() if x.step == "reveal":
            x.told = True                       # the verdict, said
        case ev.DiceCupped(player=p):
            dice.evolve(x.cups, state, event)
            x.turn, x.step = p, "claim"
        case ev.DiceShown():
            dice.evolve(x.cups, state, event)
        case ev.Declared(name="claim", player=str(p)) if event.value in MEIER_ORDER:
            x.claimant, x.claim = p, event.value
            x.turn, x.step = claims.next_in(x.order, p, x.lives), "answer"
        case ev.Declared(name="doubt" | "concede", player=str(p)):
            x.doubter, x.conceded, x.step, x.told = p, event.name == "concede", "reveal", False
        case ev.Declared(name="lives-left", player=str(p)) if isinstance(event.value, int):
            x.lives[p] = max(0, event.value)
            x.turn = claims.starter(x.order, x.doubter, x.lives)     # the next round
            x.step, x.claimant, x.claim, x.doubter, x.conceded = "roll", None, 0, None, False
    wiring.show(state, x.turn if x.step != "reveal" else None,
                {"roll": "rolling", "claim": "announcing", "answer": "believe or doubt"}.get(x.step, "lifting"))


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    x = OWN.x(state)
    if x.step == "reveal":
        return [Legal(None, ("lift",), f"name the faces under {x.claimant}'s cup")]
    if x.step == "answer":
        verbs = ("doubt", "concede") if x.claim == MEIER else ("cup", "doubt")
        return [Legal(x.turn, verbs, f"{x.claimant} announced {label(x.claim)}")]
    return [Legal(x.turn, ("cup",) if x.step == "roll" else ("claim",),
                  "two dice under the cup" if x.step == "roll" else "announce a roll")]


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    rows = claims.standing(x.order, x.lives, "life", "lives")
    return rows + ([("announced", f"{x.claimant}: {label(x.claim)}")] if x.claim else [])


WORDS = (
    Word("claim", "PLAYER announces a roll (high die first: 65, 22, 21 or meier); it must beat the last.",
         params=(Param("player", "Who announces."), Param("value", "The roll announced, like 65.", metavar="VALUE")),
         command=lambda v: Claim(player=v["player"], value=v["value"]), makes=(Claim,)),
    Word("doubt", "PLAYER doubts the announcement: the cup is lifted and potlog takes the life.",
         params=(Param("player", "Who doubts."),), command=lambda v: Doubt(player=v["player"]), makes=(Doubt,)),
    Word("concede", "PLAYER does not look at an announced Meier and loses one life.",
         params=(Param("player", "Who concedes."),), command=lambda v: Concede(player=v["player"]), makes=(Concede,)),
    CUP, LIFT,
)

RULESET = Ruleset(name="meier", title="Meier",
                  summary="Two dice under a cup, announcements that must rise, believe or doubt; "
                          "the last player with lives takes the kitty.",
                  options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view,
                  check_event=check_event, words=WORDS, min_players=2)
