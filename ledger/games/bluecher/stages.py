"""The declaration: the hand's stages (`FLOW`), its two betting rounds (`OPENING`, `ROUND`),
and ``evolve``, Blücher's part of applying an event (the phase, the turn, `BluecherExt`)."""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN
from ...kit import betting as bets
from ...kit.stages import Flow, Stage, advance
from ...kit.turns import clockwise
from ...state import Hand, TableState
from .. import base
from ..ruleset import options_of
from .options import BluecherExt, Options, ext


def _limit(state: TableState) -> int | None:
    return ext(state).limit


OPENING = bets.Betting(structure="declared", limit=_limit, may_check=False, reraise=False, call_back=False,
                       lone_ends=False)
"""The opening: the first player bets 1 to the limit, every other player calls or folds, once around."""
ROUND = bets.Betting(structure="declared", limit=_limit, one_raise_each=True, reraise=False, lone_ends=False,
                     needs_caller=True)
"""A round: limit betting, one raise per player, then call or fold after the go-around."""
FLOW = Flow((
    Stage("deal", "deal", ("deal",), actor="anyone"),
    Stage("open", "bet", ("declare", "hole", "bet", "call", "allin", "fold"), betting=OPENING),
    Stage("roll", "roll", ("roll",), actor="first"),
    Stage("round", "bet", ("buy", "check", "bet", "call", "raise", "allin", "fold"), betting=ROUND, repeat=3,
          recorded_start=True),
    Stage("showdown", "showdown", ("reveal", "hole", "showdown"), actor="anyone"),
), due="round-over")

PHASE_TEXT = {
    "deal": "the cards are being dealt (3 each)",
    "open": "the opening is under way",
    "roll": "the first player rolls the dice next",
    "round-over": "the round is over",
    "showdown": "the third round is over: reveal the cards and record the showdown",
    "won": "everyone else has folded",
    "ended": "the hand is over",
}


# ----------------------------------------------------------------------------- guards

def hand_ext(state: TableState) -> BluecherExt:
    """The ext, once a hand is on (refusing otherwise)."""
    base.require_open(state)
    base.require_hand(state)
    return ext(state)


def phase_text(state: TableState) -> str:
    return PHASE_TEXT.get(ext(state).phase, "no hand is in progress")


def require_turn(state: TableState, player: str, doing: str) -> None:
    bets.turn(state, ROUND, player, doing, phase_text(state))


def current(state: TableState) -> Hand:
    """The hand in progress (after `hand_ext` or ``state.in_hand`` said there is one)."""
    assert state.hand is not None
    return state.hand


def first_player(x: BluecherExt) -> str:
    return x.order[0] if x.order else ""


# ----------------------------------------------------------------------------- evolve

def evolve(state: TableState, event: ev.Event) -> None:
    x = ext(state)
    hand = state.hand
    folded = False
    match event:
        case ev.HandStarted():
            _begin(state, x, event)
        case ev.HandEnded():
            x.phase = "ended"
            return
        case _ if hand is None or hand.ended:
            return
        case ev.Declared():
            _declared(state, x, event)
            return  # a declaration moves no turn
        case ev.CardsDealt():
            if state.seat(event.to) is not None:
                x.stock -= len(event.cards)
            if x.phase != "deal":
                return
        case ev.CardsExchanged():
            x.stock -= len(event.draw)
            if x.phase == "round":
                x.bought.append(event.player)
            return
        case ev.DiceRolled():
            if x.target is None and x.phase in ("roll", "open"):
                x.target = sum(event.faces)
                x.phase = FLOW.due
        case ev.RoundStarted():
            x.phase = "round"
            bets.reset(x)
            x.bought = []
        case ev.Bet() | ev.Call() | ev.Raise() | ev.AllIn() | ev.Check():
            bets.record(state, x, ROUND, event)
        case ev.Fold():
            bets.record(state, x, ROUND, event)
            folded = True
        case ev.DeckReshuffled():
            x.stock += event.cards
        case ev.PotAwarded():
            x.paid += sum(s.amount for s in event.shares)
            x.settled += 1
            return
        case ev.PotCarried():
            x.paid += event.amount
            x.settled += 1
            return
        case ev.PlayerLeft():
            folded = True
        case _:
            return
    _flow(state, x, folded)


def _begin(state: TableState, x: BluecherExt, e: ev.HandStarted) -> None:
    x.phase = "deal"
    x.card_cost = options_of(state, Options).card_cost
    x.dice = x.limit = x.target = None
    x.hole = {}
    bets.reset(x)
    x.bought = []
    x.stock = x.pack_size
    x.carried_in = e.carry_in
    x.next_dealer = None
    x.paid = x.settled = 0
    balances = state.balances
    for s in state.seats:
        if s.in_hand and balances.get("seat:" + s.name, 0) <= 0:
            s.in_hand = False  # no chips: sits this hand out
    first = state.seat(e.first) is not None if e.first else False
    x.order = clockwise(state, e.first if first else e.dealer, after=not first, include=lambda s: s.in_hand)


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


def _flow(state: TableState, x: BluecherExt, folded: bool = False) -> None:
    """Where the hand is now: the phase and whose turn it is (`folded`: someone just left
    the hand, so it may be down to one player)."""
    hand = state.hand
    assert hand is not None
    if folded and x.phase in ("open", "roll", "round", "round-over", "showdown"):
        if sum(1 for s in state.seats if s.in_hand and not s.folded) <= 1:
            x.phase = "won"
    x.phase, hand.to_act = advance(state, FLOW, x.phase, x, x.order, done=lambda seat: x.target is not None,
                                   finished=lambda stage: stage.name == "deal" and _dealt(state))
    hand.phase = x.phase


def _dealt(state: TableState) -> bool:
    """Everyone in the hand has their 3 cards (the deal stage is over; the roll is the
    first player's, done once the target is known)."""
    dealt = [s for s in state.seats if s.in_hand]
    return bool(dealt) and all(len(s.cards) >= 3 for s in dealt)

