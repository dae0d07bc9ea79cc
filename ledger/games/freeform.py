"""Freeform: any game without a rules module yet.

It accepts every well-formed, chip-conserving command: seat and unseat players, deal known
or unseen cards, roll dice, declare anything, bet and call and raise in any order, pay
between any accounts, award or carry a pot. It checks only what holds at every table:
chips are never created or lost, nobody bets more than they have, a known card is in one
place at a time, and a hand ends with its pots empty (awarded or carried over).

Nobody's turn is tracked. The recorder says who won (`award`), or lets the kit work it out:
- ``potlog showdown --by EVALUATOR`` (any name of `ledger.kit.evaluators`: poker-high,
  poker-low, poker-dice, meier, generala, highest-total, lowest-total). ``--by`` is
  required: a dealer's-choice table plays high, low and dice games in one night, and a
  default would pay the wrong hand without a word. Card evaluators rank each live player's
  cards plus the shared ``board``; dice evaluators rank their current dice. Known face-down
  cards are turned up and cups whose faces the recorder saw are lifted; a live player with
  an unseen card (``??``) or unseen dice is refused, naming what to reveal. The pot is paid
  by `ledger.kit.pots`: the uncalled bet back, then the main pot and every side pot to its
  best hand, ties split with the odd chip to the first winner clockwise from the dealer's
  left. ``--ties stand`` reads the Incompleat Gamester's dice games instead ("in case of
  ties, the kitty stands in the next round"): a tied pot rides. The showdown ends the hand.
- ``potlog stands``: the kitty stands, in one command: the whole pot rides into the next
  hand and the hand ends (what ``carry`` then ``end`` record).
- Dice under a cup (Liar's Dice, Meier, Poker Dice): ``potlog cup Ann 5`` (five dice under
  Ann's cup, unseen), ``potlog cup Ann 3 3 5 6 1`` (the recorder saw them; one seen die:
  ``cup Ann 4 --faces``), ``potlog lift Ann 3 3 5 6 1`` (shown; ``lift Ann`` when the
  recorder saw them), ``potlog reroll Ann 2 4 --keep 6,6,6`` (three sixes kept, two dice
  rolled again in the open), ``potlog reroll Ann --cup --keep 6,6,6`` (re-rolled under the
  cup). Open rolls are the shared ``potlog roll``. See `ledger.kit.dice`.
A new betting round starts with `potlog round`, which sets everyone's bet in the round
back to zero (so `call` knows what to match).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..cards import PACKS, UNKNOWN
from ..commands import Command
from ..errors import InputError, RuleViolation
from ..kit import dice, dicewords, follow, own, pots
from ..kit.dicewords import CUP, LIFT
from ..kit.dice import Cup
from ..kit.evaluators import EVALUATORS, Ranked, get_evaluator
from ..state import TableState
from . import base
from .ruleset import Param, Ruleset, Word

NAME = "freeform"
TITLE = "Freeform"
SUMMARY = "Any game: records every well-formed, chip-conserving action; the table decides who wins."


class Options(BaseModel):
    """Freeform's choices: the pack (for card notation and duplicate checks) and the die."""

    model_config = ConfigDict(extra="forbid")
    pack: str = Field(default="french52", pattern="^(" + "|".join(PACKS) + ")$",
                      description="the pack, for card notation and duplicate checks: " + ", ".join(PACKS))
    dice_sides: int = Field(default=6, ge=2, le=100, description="sides of each die rolled (2 to 100)")


@dataclass(slots=True)
class FreeformExt:
    """Freeform's own state: each player's dice this hand (`ledger.kit.dice`)."""

    cups: dict[str, Cup] = field(default_factory=dict)


OWN = own.Plain(FreeformExt, Options)


def _cups(state: TableState) -> dict[str, Cup]:
    return state.ext.cups if isinstance(state.ext, FreeformExt) else {}


# ----------------------------------------------------------------------------- showdown

def _card_hands(state: TableState, live: list[str]) -> tuple[list[ev.Event], dict[str, list[str]]]:
    """Each live player's cards plus the board; known face-down cards are turned up."""
    hand = state.hand
    board = [h.card for h in hand.boards.get("board", [])] if hand is not None else []
    if UNKNOWN in board:
        raise RuleViolation("the board has unseen cards (??): reveal them first (potlog reveal board CARD ...)")
    shows: list[ev.Event] = []
    hands: dict[str, list[str]] = {}
    for p in live:
        seat = state.seat(p)
        assert seat is not None
        cards = [h.card for h in seat.cards]
        if UNKNOWN in cards:
            raise RuleViolation(f"{p}'s cards are not all known ({' '.join(cards)}): reveal them first "
                                f"(potlog reveal {p} CARD ...), then showdown")
        down = [h.card for h in seat.cards if not h.up]
        if down:
            shows.append(base.make_event(ev.CardsRevealed, holder=p, cards=down))
        hands[p] = cards + board
    return shows, hands


def _end(state: TableState) -> ev.Event:
    """The end of the hand, once ``pot`` is paid; other pots must be settled already."""
    hand = base.require_hand(state)
    for account in state.pot_accounts():
        if account != "pot" and state.balance(account) and account not in state.persistent:
            raise RuleViolation(f"{account} still holds {state.balance(account)} chips: award it or carry it "
                                "over first")
    return base.make_event(ev.HandEnded, hand=hand.number)


def showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    """Rank the live hands by the named evaluator, pay every pot, end the hand."""
    base.require_open(state)
    base.require_hand(state)
    if not cmd.name:
        raise InputError(f"say how the hands rank: potlog showdown --by NAME ({', '.join(EVALUATORS)})")
    evaluator = get_evaluator(cmd.name)
    ties = cmd.value or "split"
    if ties not in ("split", "stand"):
        raise InputError(f"--ties is split or stand, not {ties!r}")
    order = pots.order_from_dealer(state)
    live = [p for p in order if (s := state.seat(p)) is not None and s.in_hand and not s.folded]
    events: list[ev.Event] = []
    ranks: dict[str, Ranked] = {}
    if len(live) > 1:
        if evaluator.kind == "cards":
            shows, hands = _card_hands(state, live)
        else:
            shows = dice.lift_all(_cups(state), live)
            hands = {p: [str(f) for f in dice.current(_cups(state), p)] for p in live}
        events += shows
        for p, h in hands.items():
            try:
                ranks[p] = evaluator.rank(h)
            except InputError as exc:
                raise InputError(f"{p}'s hand for {evaluator.name}: {exc}") from None
    events += pots.award_by_rank(state, ranks, order, ties="stand" if ties == "stand" else "split")
    return events + [_end(state)]


def stands(state: TableState, cmd: Command) -> list[ev.Event]:
    """The kitty stands: the whole pot rides into the next hand, and the hand ends."""
    base.require_open(state)
    base.require_hand(state)
    return [pots.carry(state), _end(state)]


# ----------------------------------------------------------------------------- dice

def _dice_verb(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    player = base.require_live(state, cmd.player)
    cups, sides = _cups(state), OWN.opts(state).dice_sides
    keep = tuple(cmd.value or ())
    if cmd.verb == "cup":
        return [dice.cup(state, cups, player, count=cmd.count, faces=cmd.faces, keep=keep, sides=sides)]
    if cmd.verb == "reroll":
        return [dice.reroll(state, cups, player, cmd.faces, keep)]
    return [dice.lift(state, cups, player, cmd.faces)]


_OWN = {"showdown": showdown, "stands": stands, "cup": _dice_verb, "reroll": _dice_verb, "lift": _dice_verb}


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, NAME)
    own = _OWN.get(cmd.verb)
    return own(state, cmd) if own is not None else base.decide_generic(state, cmd, NAME)


_DICE_EVENTS = frozenset({ev.HandStarted, ev.DiceRolled, ev.DiceCupped, ev.DiceRerolled, ev.DiceShown})


def evolve(state: TableState, event: ev.Event) -> None:
    kind = type(event)  # most events are bets and deals: skip the engines they do not concern
    if kind is ev.HandStarted and state.hand is not None:
        state.hand.phase = "playing"
    if kind in _DICE_EVENTS:
        dice.evolve(OWN.x(state).cups, state, event)
    elif kind is ev.PotCarried:
        pots.evolve(state, event)


def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    if not state.in_hand:
        return [base.Legal(None, ("hand", "join", "rebuy", "leave", "pay", "count", "note", "close"))]
    return [base.Legal(None, ("deal", "reveal", "exchange", "roll", "cup", "reroll", "lift", "declare", "ante",
                              "bet", "call", "raise", "allin", "check", "fold", "pay", "award", "carry",
                              "showdown", "stands", "round", "end", "note"), "anyone may act: freeform keeps no turn")]


def view(state: TableState) -> list[tuple[str, str]]:
    cups = _cups(state)
    if not state.in_hand or not cups:
        return []
    return [("dice", "; ".join(f"{p}: {dice.shown(c)}" for p, c in cups.items() if c.dice))]


# ----------------------------------------------------------------------------- words

WORDS = (
    Word("showdown", "Rank every live hand by an evaluator, pay the pot and side pots, and end the hand.",
         "potlog showdown --by poker-high (cards: each player's plus the board) or --by poker-dice (dice). "
         "Known face-down cards and seen cups are shown; the uncalled bet goes back; ties split, the odd "
         "chip to the first winner from the dealer's left (--ties stand: a tied pot rides).",
         params=(Param("by", "The evaluator: " + ", ".join(EVALUATORS) + ".", kind="option", metavar="NAME"),
                 Param("ties", "split (default) or stand: a tied pot rides into the next hand.", kind="option",
                       metavar="[split|stand]", default="split")),
         command=lambda v: Command("showdown", name=v["by"], value=v["ties"])),
    Word("stands", "The kitty stands: the whole pot rides into the next hand, and the hand ends.",
         command=lambda v: Command("stands")),
    CUP, LIFT, dicewords.reroll(cup=True),
)


def own_command(event: ev.Event) -> Command | None:
    """The command behind one of freeform's own events (for ``verify --rules``)."""
    match event:
        case ev.DiceCupped():
            return Command("cup", player=event.player, count=event.count, faces=tuple(event.faces),
                           value=tuple(event.kept))
        case ev.DiceRerolled():
            return Command("reroll", player=event.player, faces=tuple(event.faces), value=tuple(event.kept))
        case ev.DiceShown():
            return Command("lift", player=event.player, faces=tuple(event.faces))
    return None


RULESET = Ruleset(name=NAME, title=TITLE, summary=SUMMARY, options=Options, initial=OWN.initial,
                  decide=decide, evolve=evolve, legal=legal, view=view, words=WORDS,
                  check_event=follow.redecide(decide, own_command))
