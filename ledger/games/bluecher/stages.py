"""The declaration: the hand's stages (`FLOW`), its betting rounds (`OPENING`, `ROUND`), the
deal (`DEALING`), the declarations (`DECLARATIONS`), and ``evolve``, Blücher's part of applying
an event (the phase, the turn, `BluecherExt`)."""

from __future__ import annotations

from ...core.commands import Call
from ... import events as ev
from ...errors import InputError, RuleViolation
from ...kit import betting as bets
from ...kit import deal
from . import declare, staged
from .declare import Declaration
from ...kit.stages import Flow, SeatTest, Stage, everyone
from ...state import TableState
from .options import MAX_DICE, OWN, BluecherExt, ext


def first_player(x: BluecherExt) -> str:
    return x.order[0] if x.order else ""


def _ready(state: TableState, player: str, move: bets.Move) -> None:
    """Before the opening bet: the first player's declarations, and everyone's hole card."""
    x = ext(state)
    first = player == first_player(x)
    for d in declare.pending(x, DECLARATIONS[1:]) if first else ():
        raise RuleViolation(f"{player} declares the {d.name} before the bet: potlog declare {player} {d.name} N")
    if player not in x.hole:
        doing = "betting" if first and not isinstance(move, Call) else "calling"
        raise RuleViolation(f"{player} places a hole card before {doing}: potlog hole {player} [CARD]")


def _limit(state: TableState) -> int | None:
    return ext(state).limit


# the readings' "Order of the opening" and "A round" (``__init__``), declared; the opening closes only when
# everyone still in has matched the high bet (``call_back``: a raise recorded by --override is called or folded to)
OPENING = bets.Betting(structure="declared", limit=_limit, may_check=False, reraise=False, call_back=True,
                       lone_ends=False, opener_only=True, ready=_ready, messages={
                           "opener_fold": "{player} opens the hand: declare the dice and the limit, place a hole "
                                          "card and bet at least {min}",
                           "allin_over": "{player} has {stack} chips, more than the limit of {max}: bet 1 to {max}"})
ROUND = bets.Betting(structure="declared", limit=_limit, one_raise_each=True, reraise=False, lone_ends=False,
                     needs_caller=True)
LIMIT_ONLY = bets.Betting(structure="declared", limit=_limit)  # a bet outside the rounds: only the limit holds
FLOW = Flow((
    Stage("deal", "deal", ("deal",), actor="anyone", text="the cards are being dealt (3 each)"),
    Stage("open", "bet", ("declare", "hole", "bet", "call", "allin", "fold"), betting=OPENING,
          text="the opening is under way"),
    Stage("roll", "roll", ("roll",), actor="first", text="the first player rolls the dice next"),
    Stage("round", "bet", ("buy", "check", "bet", "call", "raise", "allin", "fold"), betting=ROUND, repeat=3,
          recorded_start=True, text="a round of buying and betting is under way"),
    Stage("showdown", "showdown", ("reveal", "hole", "showdown"), actor="anyone",
          text="the third round is over: reveal the cards and record the showdown"),
), due="round-over", won="won", texts={"round-over": "the round is over", "won": "everyone else has folded",
                                       "ended": "the hand is over"}, gates={  # where each verb belongs, and the refusal
    "fold": bets.Gate((), "{player} cannot fold now: {now}", live=True),
    "deal": bets.Gate((), "everyone has 3 cards: new cards come by buying (potlog buy PLAYER)"),
    "hole": bets.Gate(("open",), "hole cards are placed in the opening, before betting; {now}", "place a hole card"),
    "roll": bets.Gate((), "the dice are rolled once, after the opening bets are in; {now}"),
    "buy": bets.Gate((), "{player} cannot buy a card now: cards are bought in the three rounds after the dice; {now}",
                     "buy a card", live=True),
    "round": bets.Gate(("round-over",), "Blücher starts its rounds by itself (after the dice, and after each round's "
                       "betting)"),
})
DEALING = deal.Dealing(3, {"not_player": "Blücher deals only to players in the hand ({players}), not to {to}",
                          "going": "hand {number} is still going: it ends with the showdown",
                          "players": "Blücher with the {pack} pack needs {low} to {high} players with chips, not {n}"})


def _opening(state: TableState) -> bool:
    x = ext(state)
    return x.phase == "open" and first_player(x) not in x.acted


DECLARATIONS = (
    Declaration("cost", "card_cost", declare.dealer, lambda s: ext(s).phase == "deal" and deal.undealt(s),
                stands=False, high=None, error=InputError, messages={
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


EVOLVES: frozenset[type[ev.Event]] = frozenset({
    ev.HandStarted, ev.HandEnded, ev.CardsDealt, ev.CardsExchanged, ev.DeckReshuffled, ev.DiceRolled, ev.RoundStarted,
    ev.PlayerLeft, ev.Declared, ev.PotAwarded, ev.PotCarried, ev.Bet, ev.Call, ev.Raise, ev.AllIn, ev.Check, ev.Fold})
"""The event classes `evolve` does anything for (`Ruleset.evolves`): `staged.track`'s (the stock, its own, the
moves, the round starts, the declarations and hole cards, the settlement, the turning events) and the hand's
start and end; a reveal, a join, a count or a note leaves Blücher's ext and the turn as they are."""


def evolve(state: TableState, event: ev.Event) -> None:
    x = state.ext if type(state.ext) is BluecherExt else ext(state)  # the hot path of every fold
    if type(event) is ev.HandStarted:
        state.ext = x = BluecherExt(phase="deal", card_cost=OWN.opts(state).card_cost,
                                    order=deal.seat_in(state, event), stock=x.pack_size,
                                    pack_size=x.pack_size, carried_in=event.carry_in)
    _track(state, x, event)


def _rolled(x: BluecherExt) -> SeatTest | None:
    """Once the dice are rolled, the first player has had their move."""
    return everyone if x.target is not None else None


def _own(state: TableState, x: BluecherExt, event: ev.Event) -> bool | None:
    """Who bought a card this round (a buy moves no turn), and the target once the dice are rolled."""
    if type(event) is ev.RoundStarted:
        x.bought = []
    elif type(event) is ev.CardsExchanged:
        if x.phase == "round":
            x.bought.append(event.player)
        return False
    elif type(event) is ev.DiceRolled:
        if x.target is None and x.phase in ("roll", "open"):
            x.target, x.phase = sum(event.faces), FLOW.due
        return True
    return None


_track = staged.tracker(flow=FLOW, betting=ROUND, dealing=DEALING, declarations=DECLARATIONS, own=_own, done=_rolled,
                        own_events=(ev.RoundStarted, ev.CardsExchanged, ev.DiceRolled))

