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
- Side pots: ``award`` pays a player only the pots they are in (`ledger.kit.pots` layers
  the hand's bets: a main pot and a side pot for each all-in stack, the uncalled bet its
  bettor's alone). ``potlog award Cy`` pays Cy every pot he is in that still holds chips;
  ``--pot main``, ``--pot side-1`` ... (``--pot uncalled``) pays one of them, and its name
  starts the award's reason ("side pot 1: ..."), which is how the log says which pot was
  paid. A player in several pots who takes only part of them names the pot. Whatever is
  left wants a winner (`potlog state`, and ``end`` says which): ``award PLAYER --pot
  side-1`` or ``showdown``, which ranks the hands for the pots still unpaid. Until two
  players have put chips in this hand there is no contest and so no side pot: the pot is
  anyone's the recorder names (a stake lost to a banker, chips that rode in). Chips paid out
  of the pot to a player (``pay pot Ann 10``) count as that player's award; a carry or a
  payment to the house comes off the top pots. A pot nobody in the hand reached is open to
  anyone. Between hands, and from a ``pot:NAME``, an award is only checked against what the
  pot holds. ``verify --rules`` decides every award again, so one beyond a player's pots
  (an imported log, say) is reported; ``--override`` records it as a table ruling.
A new betting round starts with `potlog round`, which sets everyone's bet in the round
back to zero (so `call` knows what to match).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..cards import PACKS, UNKNOWN
from ..core.commands import Award, Command, CupDice, End, Lift, Open, Pay, Reroll, Showdown, Stands
from ..errors import InputError, RuleViolation
from ..kit import dice, dicewords, follow, own, pots
from ..kit.dicewords import CUP, LIFT
from ..kit.dice import Cup
from ..kit.evaluators import EVALUATORS, Ranked, get_evaluator
from ..state import TableState
from ..core import verbs
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.table import account_of, require_hand, require_live, require_open, require_seated
from ..core.verbs import Handler, decide_generic, end_hand, make_event, open_session, pay

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
    paid: dict[str, int] = field(default_factory=dict)
    """chips paid out of each of the hand's pots so far, by `pots.layer_key` (main, side-1 ...)"""


OWN = own.Plain(FreeformExt, Options)


def _cups(state: TableState) -> dict[str, Cup]:
    return state.ext.cups if isinstance(state.ext, FreeformExt) else {}


def _paid(state: TableState) -> dict[str, int]:
    return state.ext.paid if isinstance(state.ext, FreeformExt) else {}


# ----------------------------------------------------------------------------- pots

def _left(state: TableState, held: int | None = None) -> list[pots.Layer]:
    """The hand's pots with what is left in each; one open pot while fewer than two players
    have put chips in this hand (no contest: see the module docstring)."""
    if sum(1 for s in state.seats if s.hand_bet) < 2:
        have = state.balance("pot") if held is None else held
        return [pots.Layer("the pot", have, ())] if have > 0 else []
    return pots.unpaid(state, _paid(state), pots.order_from_dealer(state), held=held)


def _split(state: TableState) -> bool:
    """A hand is on and its pot is more than one pot with chips, or one paid in part."""
    return state.in_hand and state.balance("pot") > 0 and (
        bool(_paid(state)) or sum(1 for x in _left(state) if x.amount) > 1)


def award(state: TableState, cmd: Award) -> list[ev.Event]:
    """``award``: a player takes only the pots they are in (see the module docstring)."""
    require_open(state)
    source = cmd.source or "pot"
    if not state.in_hand or source.startswith("pot:") or (source == "pot" and not state.balance("pot")):
        return verbs.award(state, cmd)
    left = _left(state)
    keys = [pots.layer_key(x.name) for x in left]
    if source != "pot" and source not in keys:
        raise InputError(f"award pays out of a pot: pot, pot:NAME, or one of this hand's: {', '.join(keys)}; "
                         f"not {source!r}")
    layer = source if source != "pot" else pots.named_in(cmd.reason, left)
    shares: list[tuple[str, int]] = list(cmd.shares)
    for player, amount in shares:
        require_seated(state, player)
        if amount <= 0:
            raise InputError(f"{player}'s share must be above 0 chips, not {amount}")
    if cmd.player and not shares:
        player = require_seated(state, cmd.player)
        can = sum(x.amount for x in left if (layer is None or pots.layer_key(x.name) == layer)
                  and (not x.eligible or player in x.eligible))
        shares = [(player, cmd.amount if cmd.amount is not None else (can or state.balance("pot")))]
    if not shares:
        raise InputError("say who wins: potlog award Ann, or --share Ann=10 --share Ben=5")
    total = sum(a for _, a in shares)
    if total > state.balance("pot"):
        raise RuleViolation(f"pot holds {state.balance('pot')} chips; the shares add up to {total}")
    got = pots.claim(left, shares, layer=layer)
    reason = cmd.reason
    if layer is None and len(got) == 1 and cmd.player and not cmd.shares and _split(state):
        layer = next(iter(got))  # a whole pot of several, named
    named = next((x.name for x in left if pots.layer_key(x.name) == layer), None)
    if named is not None and pots.named_in(reason, left) != layer:
        reason = f"{named}: {reason}" if reason else named
    return [pots.award(shares, reason)]


def _pay(state: TableState, cmd: Pay) -> list[ev.Event]:
    """``pay``: chips out of the pot to a player in a hand are that player's award."""
    if state.in_hand and cmd.source is not None and cmd.to is not None and cmd.amount is not None \
            and account_of(cmd.source, state) == "pot" and state.seat(cmd.to) is not None \
            and 0 < cmd.amount <= state.balance("pot"):
        pots.claim(_left(state), [(cmd.to, cmd.amount)], layer=pots.named_in(cmd.reason, _left(state)))
    return pay(state, cmd)


def _end_hand(state: TableState, cmd: End) -> list[ev.Event]:
    """``end``: refused while the pot holds chips, naming the pot that wants a winner."""
    require_open(state)
    if state.in_hand and state.balance("pot"):
        raise RuleViolation(f"{pots.wanting(_left(state))} (or potlog carry) before the hand ends")
    return end_hand(state, cmd)


def _took(state: TableState, event: ev.Event) -> None:
    """`evolve`'s part for chips leaving the pot in a hand: which of its pots paid them. Before
    anything is paid out of a hand whose pot is one pot (`pots.one_layer`: every award of an
    ordinary hand), that pot paid them, up to what it held, without laying the pots out."""
    x = OWN.x(state)
    reason: str | None = None  # (a carry-over names no pot)
    match event:
        case ev.PotAwarded(pot="pot"):
            shares = [(s.player, s.amount) for s in event.shares]
            reason = event.reason
        case ev.Transfer(from_account="pot"):
            to = event.to_account.removeprefix("seat:")
            shares = [(to if event.to_account.startswith("seat:") else "", event.amount)]
            reason = event.reason
        case ev.PotCarried(pot="pot"):
            shares = [("", event.amount)]
        case _:
            return
    chips = sum(a for _, a in shares)
    held = state.balance("pot") + chips
    if not x.paid and (sum(1 for s in state.seats if s.hand_bet) < 2 or pots.one_layer(state, held)):
        if (n := min(chips, held)) > 0:  # what `claim` takes out of the one layer
            x.paid["main"] = n
        return
    left = _left(state, held=held)
    got = pots.claim(left, shares, layer=pots.named_in(reason, left) if reason is not None else None, strict=False)
    for k, n in got.items():
        x.paid[k] = x.paid.get(k, 0) + n


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
            shows.append(make_event(ev.CardsRevealed, holder=p, cards=down))
        hands[p] = cards + board
    return shows, hands


def _end(state: TableState) -> ev.Event:
    """The end of the hand, once ``pot`` is paid; other pots must be settled already."""
    hand = require_hand(state)
    for account in state.pot_accounts():
        if account != "pot" and state.balance(account) and account not in state.persistent:
            raise RuleViolation(f"{account} still holds {state.balance(account)} chips: award it or carry it "
                                "over first")
    return make_event(ev.HandEnded, hand=hand.number)


def showdown(state: TableState, cmd: Showdown) -> list[ev.Event]:
    """Rank the live hands by the named evaluator, pay every pot, end the hand."""
    require_open(state)
    require_hand(state)
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
    layered = None
    if _paid(state):  # some pots are paid already: rank the hands for the rest
        layered = [x if x.eligible else pots.Layer(x.name, x.amount, tuple(live)) for x in _left(state) if x.amount]
    events += pots.award_by_rank(state, ranks, order, ties="stand" if ties == "stand" else "split", layered=layered)
    return events + [_end(state)]


def stands(state: TableState, cmd: Stands) -> list[ev.Event]:
    """The kitty stands: the whole pot rides into the next hand, and the hand ends."""
    require_open(state)
    require_hand(state)
    return [pots.carry(state), _end(state)]


# ----------------------------------------------------------------------------- dice

def _dice_verb(state: TableState, cmd: CupDice | Reroll | Lift) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    cups, sides = _cups(state), OWN.opts(state).dice_sides
    match cmd:
        case CupDice():
            return [dice.cup(state, cups, player, count=cmd.count, faces=cmd.faces, keep=tuple(cmd.value or ()),
                             sides=sides)]
        case Reroll():
            return [dice.reroll(state, cups, player, cmd.faces, tuple(cmd.value or ()))]
    return [dice.lift(state, cups, player, cmd.faces)]


_OWN: dict[type[Command], Handler] = {Showdown: showdown, Stands: stands, CupDice: _dice_verb, Reroll: _dice_verb,
                                      Lift: _dice_verb, Award: award, Pay: _pay, End: _end_hand}


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if isinstance(cmd, Open):
        return open_session(cmd, Options, NAME)
    own = _OWN.get(type(cmd))
    return own(state, cmd) if own is not None else decide_generic(state, cmd, NAME)


_DICE_EVENTS: frozenset[type[ev.Event]] = frozenset({ev.HandStarted, ev.DiceRolled, ev.DiceCupped, ev.DiceRerolled,
                                                     ev.DiceShown})
_OUT_OF_POT: frozenset[type[ev.Event]] = frozenset({ev.PotAwarded, ev.Transfer, ev.PotCarried})


_CONCERNS: frozenset[type[ev.Event]] = _DICE_EVENTS | _OUT_OF_POT
"""Every event `evolve` does something for (`Ruleset.evolves`: the reducer calls it for no other; most
events are bets and deals)."""


def evolve(state: TableState, event: ev.Event) -> None:
    kind = type(event)
    if kind is ev.HandStarted and state.hand is not None:
        state.hand.phase = "playing"
        OWN.x(state).paid = {}
    if kind in _DICE_EVENTS:
        dice.evolve(OWN.x(state).cups, state, event)
    elif kind in _OUT_OF_POT and state.in_hand:
        _took(state, event)
    if kind is ev.PotCarried:
        pots.evolve(state, event)


def legal(state: TableState) -> list[Legal]:
    if state.closed:
        return []
    if not state.in_hand:
        return [Legal(None, ("hand", "join", "rebuy", "leave", "pay", "count", "note", "close"))]
    note = pots.wanting(_left(state)) if _paid(state) and state.balance("pot") else ""
    return [Legal(None, ("deal", "reveal", "move", "exchange", "roll", "cup", "reroll", "lift", "declare", "ante",
                              "bet", "call", "raise", "allin", "check", "fold", "pay", "award", "carry",
                              "showdown", "stands", "round", "end", "note"),
                       note or "anyone may act: freeform keeps no turn")]


def view(state: TableState) -> list[tuple[str, str]]:
    cups = _cups(state)
    lines = []
    if _split(state):
        lines.append(("pots", "; ".join(f"{x.name} {x.amount} ({', '.join(x.eligible) or 'anyone'})"
                                        for x in _left(state) if x.amount)))
    if state.in_hand and cups:
        lines.append(("dice", "; ".join(f"{p}: {dice.shown(c)}" for p, c in cups.items() if c.dice)))
    return lines


# ----------------------------------------------------------------------------- words

WORDS = (
    Word("showdown", "Rank every live hand by an evaluator, pay the pot and side pots, and end the hand.",
         "potlog showdown --by poker-high (cards: each player's plus the board) or --by poker-dice (dice). "
         "Known face-down cards and seen cups are shown; the uncalled bet goes back; ties split, the odd "
         "chip to the first winner from the dealer's left (--ties stand: a tied pot rides).",
         params=(Param("by", "The evaluator: " + ", ".join(EVALUATORS) + ".", kind="option", metavar="NAME",
                       field="name"),
                 Param("ties", "split (default) or stand: a tied pot rides into the next hand.", kind="option",
                       metavar="[split|stand]", default="split", field="value")),
         command=lambda v: Showdown(name=v["by"], value=v["ties"]), makes=(Showdown,)),
    Word("stands", "The kitty stands: the whole pot rides into the next hand, and the hand ends.",
         command=lambda v: Stands(), makes=(Stands,)),
    CUP, LIFT, dicewords.reroll(cup=True),
)


def own_command(event: ev.Event) -> Command | None:
    """The command behind one of freeform's own events (for ``verify --rules``)."""
    match event:
        case ev.DiceCupped():
            return CupDice(player=event.player, count=event.count, faces=tuple(event.faces),
                           value=tuple(event.kept))
        case ev.DiceRerolled():
            return Reroll(player=event.player, faces=tuple(event.faces), value=tuple(event.kept))
        case ev.DiceShown():
            return Lift(player=event.player, faces=tuple(event.faces))
    return None


RULESET = Ruleset(name=NAME, title=TITLE, summary=SUMMARY, options=Options, initial=OWN.initial,
                  decide=decide, evolve=evolve, legal=legal, view=view, words=WORDS,
                  check_event=follow.redecide(decide, own_command), evolves=_CONCERNS)
