"""The declaration: the hand's stages (`FLOW`), its betting rounds (`OPENING`, `ROUND`), the
deal (`DEALING`), the declarations (`DECLARATIONS`), and ``evolve``, Blücher's part of applying
an event (the phase, the turn, `BluecherExt`)."""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN
from ...errors import InputError, RuleViolation
from ...kit import betting as bets
from ...kit import deal, declare, pots
from ...kit.declare import Declaration
from ...kit.stages import Flow, Stage, advance
from ...kit.turns import clockwise
from ...state import Hand, TableState
from .. import base
from ..ruleset import options_of
from .options import MAX_DICE, BluecherExt, Options, ext


def first_player(x: BluecherExt) -> str:
    return x.order[0] if x.order else ""


def _ready(state: TableState, player: str, verb: str) -> None:
    """Before the opening bet: the first player's declarations, and everyone's hole card."""
    x = ext(state)
    first = player == first_player(x)
    for d in declare.pending(x, DECLARATIONS[1:]) if first else ():
        raise RuleViolation(f"{player} declares the {d.name} before the bet: potlog declare {player} {d.name} N")
    if player not in x.hole:
        doing = "betting" if first and verb != "call" else "calling"
        raise RuleViolation(f"{player} places a hole card before {doing}: potlog hole {player} [CARD]")


def _limit(state: TableState) -> int | None:
    return ext(state).limit


OPENING = bets.Betting(structure="declared", limit=_limit, may_check=False, reraise=False, call_back=False,
                       lone_ends=False, opener_only=True, ready=_ready, messages={
                           "opener_fold": "{player} opens the hand: declare the dice and the limit, place a hole "
                                          "card and bet at least {min}",
                           "allin_over": "{player} has {stack} chips, more than the limit of {max}: bet 1 to {max}"})
"""The opening: the first player bets 1 to the limit, every other player calls or folds, once around."""
ROUND = bets.Betting(structure="declared", limit=_limit, one_raise_each=True, reraise=False, lone_ends=False,
                     needs_caller=True)
"""A round: limit betting, one raise per player, then call or fold after the go-around."""
LIMIT_ONLY = bets.Betting(structure="declared", limit=_limit)
"""A bet outside the rounds (the first player, before the roll): only the limit holds."""
FLOW = Flow((
    Stage("deal", "deal", ("deal",), actor="anyone"),
    Stage("open", "bet", ("declare", "hole", "bet", "call", "allin", "fold"), betting=OPENING),
    Stage("roll", "roll", ("roll",), actor="first"),
    Stage("round", "bet", ("buy", "check", "bet", "call", "raise", "allin", "fold"), betting=ROUND, repeat=3,
          recorded_start=True),
    Stage("showdown", "showdown", ("reveal", "hole", "showdown"), actor="anyone"),
), due="round-over")
DEALING = deal.Dealing(3, {"not_player": "Blücher deals only to players in the hand ({players}), not to {to}",
                          "going": "hand {number} is still going: it ends with the showdown",
                          "players": "Blücher with the {pack} pack needs {low} to {high} players with chips, not {n}"})


def _opening(state: TableState) -> bool:
    x = ext(state)
    return x.phase == "open" and first_player(x) not in x.acted


def _before_deal(state: TableState) -> bool:
    return ext(state).phase == "deal" and not any(s.cards for s in state.seats if s.in_hand)


DECLARATIONS = (
    Declaration("cost", "card_cost", lambda s: current(s).dealer, _before_deal, stands=False, high=None,
                error=InputError, messages={
                    "who": "{player} cannot set the card cost: the dealer ({by}) does",
                    "when": "the card cost is declared before the deal and then holds for the hand (it is {have})",
                    "value": "a card costs a whole number of chips, 1 or more, not {value!r}"}),
    Declaration("dice", "dice", lambda s: first_player(ext(s)), _opening, high=MAX_DICE, messages={
        "when": "the dice are declared by {by} in the opening, before the first bet",
        "value": "{by} may roll 1 to {high} dice, not {value}",
        "stands": "{by} declared {have} dice already: a declaration stands (void it if it was recorded wrong)"}),
    Declaration("limit", "limit", lambda s: first_player(ext(s)), _opening, error=InputError, messages={
        "when": "the limit is declared by {by} in the opening, before the first bet",
        "stands": "{by} set the limit at {have} already: it holds for the hand",
        "value": "the limit is a whole number of chips, 1 or more, not {value!r}"}),
)

PHASE_TEXT = {
    "deal": "the cards are being dealt (3 each)",
    "open": "the opening is under way",
    "roll": "the first player rolls the dice next",
    "round-over": "the round is over",
    "showdown": "the third round is over: reveal the cards and record the showdown",
    "won": "everyone else has folded",
    "ended": "the hand is over",
}


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


# ----------------------------------------------------------------------------- evolve

def evolve(state: TableState, event: ev.Event) -> None:
    x, hand = ext(state), state.hand
    match event:
        case ev.HandStarted():
            x = _begin(state, x, event)
        case ev.HandEnded():
            x.phase = "ended"
            return
        case _ if hand is None or hand.ended:
            return
    deal.track(state, x, event)
    match event:
        case ev.Declared():
            return _declared(state, x, event)  # a declaration moves no turn
        case ev.CardsDealt() if x.phase != "deal":
            return
        case ev.CardsExchanged():
            if x.phase == "round":
                x.bought.append(event.player)
            return
        case ev.DiceRolled() if x.target is None and x.phase in ("roll", "open"):
            x.target, x.phase = sum(event.faces), FLOW.due
        case ev.RoundStarted():
            x.phase, x.bought = "round", []
            bets.reset(x)
        case ev.Bet() | ev.Call() | ev.Raise() | ev.AllIn() | ev.Check() | ev.Fold():
            bets.record(state, x, ROUND, event)
        case ev.PotAwarded() | ev.PotCarried():
            x.paid += pots.paid_out(event)
            x.settled += 1
            return
        case ev.HandStarted() | ev.CardsDealt() | ev.DiceRolled() | ev.DeckReshuffled() | ev.PlayerLeft():
            pass
        case _:
            return
    _flow(state, x, isinstance(event, (ev.Fold, ev.PlayerLeft)))


def _begin(state: TableState, x: BluecherExt, e: ev.HandStarted) -> BluecherExt:
    balances = state.balances
    for s in state.seats:
        if s.in_hand and balances.get("seat:" + s.name, 0) <= 0:
            s.in_hand = False  # no chips: sits this hand out
    first = state.seat(e.first) is not None if e.first else False
    order = clockwise(state, e.first if first else e.dealer, after=not first, include=lambda s: s.in_hand)
    state.ext = x = BluecherExt(phase="deal", card_cost=options_of(state, Options).card_cost, order=order,
                                stock=x.pack_size, pack_size=x.pack_size, carried_in=e.carry_in)
    return x


def _declared(state: TableState, x: BluecherExt, e: ev.Declared) -> None:
    if declare.record(x, DECLARATIONS, e):
        return
    if e.name == "next-dealer" and isinstance(e.value, str):
        x.next_dealer = e.value
        x.settled += 1
    elif e.name == "hole" and e.player and isinstance(e.value, str):
        x.hole[e.player] = e.value
        seat = state.seat(e.player)
        if seat is not None and e.value != UNKNOWN and all(h.card != e.value for h in seat.cards):
            held = next((h for h in seat.cards if h.card == UNKNOWN), None)
            if held is not None:  # the hole names one of the player's unseen cards
                held.card = e.value


def _flow(state: TableState, x: BluecherExt, folded: bool = False) -> None:
    """Where the hand is now: the phase and whose turn it is (`folded`: someone just left
    the hand, so it may be down to one player)."""
    hand = current(state)
    if folded and x.phase in ("open", "roll", "round", "round-over", "showdown"):
        if sum(1 for s in state.seats if s.in_hand and not s.folded) <= 1:
            x.phase = "won"
    x.phase, hand.to_act = advance(state, FLOW, x.phase, x, x.order, done=lambda seat: x.target is not None,
                                   finished=lambda stage: stage.name == "deal" and deal.dealt(state, 3))
    hand.phase = x.phase
