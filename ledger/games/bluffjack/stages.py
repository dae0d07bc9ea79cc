"""The stages of a hand and whose turn it is: the game's part of applying an event (`evolve`)
and the steps potlog records by itself when a stage is due (`auto_steps`)."""

from __future__ import annotations

from dataclasses import replace

from ... import events as ev
from ...kit import betting as bets
from ...kit import follow, pots, stages
from ...kit.stages import Flow, Stage, Turn
from ...state import Seat, TableState
from .options import ASIDE, BETTING_STAGES, ELIMINATED, BluffjackExt, ext, opts

BETTING = bets.Betting(
    structure="no-limit", min_bet=lambda state: opts(state).ante, forced=(bets.Forced("raise"),),
    reopens="highest", folds_act=False,
    messages={"below_min_bet": "{player} cannot bet {amount}: the smallest bet or raise is the ante, {min} (or all-in)",
              "below_min_raise": "{player} cannot raise by {amount}: the smallest bet or raise is the ante, {min} "
                                 "(or all-in)",
              "turn": "it is {to_act}'s turn to bet, not {player}'s{hint}"})
"""Every betting round: no limit, the ante the smallest bet or raise, raises unlimited; betting
more than everyone else re-opens the round; the opening round starts with the forced raise of
the first player with chips left of the dealer."""

trial = follow.trial


def around(state: TableState) -> list[Seat]:
    """Every seat, clockwise from the dealer's left (the dealer last)."""
    by_name = {s.name: s for s in state.seats}
    return [by_name[n] for n in pots.order_from_dealer(state)]


def players(state: TableState) -> list[str]:
    """The players dealt into this hand, clockwise from the dealer's left."""
    return [s.name for s in around(state) if s.in_hand]


def live(state: TableState) -> list[Seat]:
    return [s for s in around(state) if s.in_hand and not s.folded]


def with_chips(state: TableState) -> list[str]:
    """The players still in the game with chips."""
    return [s.name for s in state.seats if s.active and state.stack(s.name) > 0]


def _anted(state: TableState) -> bool:
    return all(p in ext(state).anted for p in players(state))


def _two(state: TableState) -> bool:
    return opts(state).two_initial_bets


def _more(state: TableState) -> bool:
    return opts(state).more_betting


ROUND = replace(BETTING, forced=())
"""The rounds after the opening: no forced raise."""
BET_VERBS = ("check", "bet", "call", "raise", "allin", "fold")
FLOW = Flow((
    Stage("deal", "deal", ("deal", "ante"), actor="fewest", cards=1, ready=_anted, when=_two),
    Stage("deal", "deal", ("deal", "ante"), actor="fewest", cards=2, ready=_anted,
          when=lambda s: not _two(s)),
    Stage("opening", "bet", BET_VERBS, betting=BETTING, recorded_start=True, start="opening"),
    Stage("deal-up", "deal", ("deal",), actor="fewest", cards=2, when=_two),
    Stage("second", "bet", BET_VERBS, betting=ROUND, recorded_start=True, start="second", when=_two),
    Stage("drawing", "draw", ("hit", "stand"), start="draws", when=lambda s: not _more(s)),
    Stage("drawing", "draw", ("hit", "stand") + BET_VERBS, betting=ROUND, actor="each+bet", recorded_start=True,
          start="draws", when=_more),
    Stage("final", "bet", BET_VERBS, betting=ROUND, recorded_start=True, start="final"),
    Stage("showdown", "showdown", ("reveal", "showdown"), actor="anyone"),
))
"""The hand: the deal (face down, then up; with two initial bets the opening comes between),
the opening with its forced raise, the draw (with more betting, a betting step each turn),
the final round and the showdown. Potlog records each round's start itself."""


def auto_step(state: TableState) -> list[ev.Event]:
    """What potlog records by itself when a stage is due: a new round, the forced raise."""
    x = ext(state)
    return stages.due_steps(state, FLOW, Turn(x.stage, due=x.due), [s.name for s in live(state)])


def auto_steps(state: TableState) -> list[ev.Event]:
    """Every step potlog records by itself from here, in order."""
    return follow.then(state, [], auto_step)


# ----------------------------------------------------------------------------- evolve

def initial(state: TableState) -> BluffjackExt:
    if opts(state).no_house and ASIDE not in state.persistent:
        state.persistent.append(ASIDE)
    return BluffjackExt()


def is_final(event: ev.Event) -> bool:
    """An event the rules record after a hand: an elimination, the set-aside chips paid out."""
    return (isinstance(event, ev.PlayerLeft) and event.reason == ELIMINATED) or \
        (isinstance(event, ev.Transfer) and event.from_account == ASIDE)


def evolve(state: TableState, event: ev.Event) -> None:
    """The game's part of an event: who has anted, acted, stood; then whose turn it is."""
    x, hand = ext(state), state.hand
    follow.track(state, x, event, final=is_final(event))
    if isinstance(event, ev.HandStarted) and hand is not None:
        x.stage, x.due, x.forced, x.drew, x.last, x.paid, x.anted, x.stood = "deal", "", None, None, None, 0, [], []
        bets.reset(x)
    elif hand is None or hand.ended:
        x.stage, x.due, x.drew = ("ended" if hand is not None and hand.number else "idle"), "", None
        if hand is not None:
            hand.to_act, hand.phase = None, x.stage
        return
    else:
        _step(state, x, event)
    if x.stage not in ("idle", "showdown") and len(live(state)) <= 1:
        x.stage, x.due, x.drew = "showdown", "", None
    at = stages.walk(state, FLOW, Turn(x.stage, None, x.due, x.last, x.drew), x, players(state),
                     done=lambda seat: seat.name in x.stood)
    x.stage, x.due, x.last, x.drew = at.phase, at.due, at.last, at.drew
    hand.to_act, hand.phase = at.to_act, x.stage


def _step(state: TableState, x: BluffjackExt, event: ev.Event) -> None:
    hand = state.hand
    assert hand is not None
    match event:
        case ev.Ante(player=player):
            if player not in x.anted:
                x.anted.append(player)
        case ev.RoundStarted(name=name):
            at = stages.opened(state, FLOW, Turn(x.stage), name, players(state))
            x.stage, x.due, x.last, x.drew = at.phase, at.due, None, None
            bets.reset(x)
        case ev.Bet() | ev.Call() | ev.Raise() | ev.AllIn() | ev.Check():
            if x.due == "forced":
                x.due = ""
            if x.stage == "opening" and x.forced is None and not x.acted:
                x.forced = event.player
            bets.record(state, x, BETTING, event)
            x.last, x.drew = event.player, None
        case ev.PotAwarded() | ev.Transfer(from_account="pot") if x.stage == "showdown":
            x.paid += 1
        case ev.Fold(player=player):
            if (x.stage in BETTING_STAGES or x.stage == "drawing") and hand.to_act == player:
                x.last, x.drew = player, None  # (a fold out of turn, by a ruling, keeps the turn where it is)
        case ev.CardsDealt(to=to) if x.stage == "drawing" and state.seat(to) is not None:
            _after_draw(state, x, to)
        case ev.Declared(name="stand", player=str(player)) if player:
            if player not in x.stood:
                x.stood.append(player)
            if x.stage == "drawing":
                _after_draw(state, x, player)


def _after_draw(state: TableState, x: BluffjackExt, player: str) -> None:
    at = stages.moved(FLOW, Turn(x.stage, None, x.due, x.last, x.drew), player, state)
    x.last, x.drew = at.last, at.drew
