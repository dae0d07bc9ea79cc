"""The stages of a hand and whose turn it is: the game's part of applying an event (`evolve`),
the steps potlog records by itself when a stage is due (`auto_steps`), and what the table sees:
what the hand waits for, who may do what next (`legal`) and the lines for `potlog state`."""

from __future__ import annotations

from dataclasses import replace

from ... import events as ev
from ...kit import betting as bets
from . import draw
from ...kit import follow, pots, stages
from .elimination import around
from .blackjack import hand_total
from ...kit.stages import Flow, Stage, Turn
from ...state import Hand, Seat, TableState
from ...core.contract import Legal
from ...core.table import require_hand
from .options import ASIDE, BETTING_STAGES, LAST, BluffjackExt, ext, opts

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


def players(state: TableState) -> list[str]:
    """The players dealt into this hand, clockwise from the dealer's left."""
    return [s.name for s in around(state) if s.in_hand]


def live(state: TableState) -> list[Seat]:
    return [s for s in around(state) if s.in_hand and not s.folded]


def _anted(state: TableState) -> bool:
    return all(p in ext(state).anted for p in players(state))


ROUND = replace(BETTING, forced=())
"""The rounds after the opening: no forced raise."""
BET_VERBS = ("check", "bet", "call", "raise", "allin", "fold")
FLOW = Flow((
    Stage("deal", "deal", ("deal", "ante"), actor="fewest", cards=1, ready=_anted,
          when=lambda s: opts(s).two_initial_bets),
    Stage("deal", "deal", ("deal", "ante"), actor="fewest", cards=2, ready=_anted,
          when=lambda s: not opts(s).two_initial_bets),
    Stage("opening", "bet", BET_VERBS, betting=BETTING, recorded_start=True, start="opening"),
    Stage("deal-up", "deal", ("deal",), actor="fewest", cards=2, when=lambda s: opts(s).two_initial_bets),
    Stage("second", "bet", BET_VERBS, betting=ROUND, recorded_start=True, start="second",
          when=lambda s: opts(s).two_initial_bets),
    Stage("drawing", "draw", ("hit", "stand"), start="draws", when=lambda s: not opts(s).more_betting),
    Stage("drawing", "draw", ("hit", "stand") + BET_VERBS, betting=ROUND, actor="each+bet", recorded_start=True,
          start="draws", when=lambda s: opts(s).more_betting),
    Stage("final", "bet", BET_VERBS, betting=ROUND, recorded_start=True, start="final"),
    Stage("showdown", "showdown", ("reveal", "showdown"), actor="anyone"),
))
"""The hand: the deal (face down, then up; with two initial bets the opening comes between),
the opening with its forced raise, the draw (with more betting, a betting step each turn),
the final round and the showdown. Potlog records each round's start itself."""


def auto_step(state: TableState) -> list[ev.Event]:
    """What potlog records by itself when a stage is due: a new round, the forced raise."""
    return stages.due_steps(state, FLOW, DRAW.at(state), [s.name for s in live(state)])


def auto_steps(state: TableState) -> list[ev.Event]:
    """Every step potlog records by itself from here, in order."""
    return follow.then(state, [], auto_step)


def initial(state: TableState) -> BluffjackExt:
    if opts(state).no_house and ASIDE not in state.persistent:
        state.persistent.append(ASIDE)
    return BluffjackExt()


def evolve(state: TableState, event: ev.Event) -> None:
    """The game's part of an event: who has anted, acted, stood; then whose turn it is."""
    x, hand = ext(state), state.hand
    follow.track(state, x, event, final=LAST.final(event))
    if isinstance(event, ev.HandStarted) and hand is not None:
        x.stage, x.due, x.forced, x.drew, x.last, x.paid, x.anted, x.stood = "deal", "", None, None, None, 0, [], []
        bets.reset(x)
    elif hand is None or hand.ended:
        x.stage, x.due, x.drew = ("ended" if hand is not None and hand.number else "idle"), "", None
        if hand is not None:
            hand.to_act, hand.phase = None, x.stage
        return
    else:
        _step(state, x, hand, event)
    if x.stage not in ("idle", "showdown") and len(live(state)) <= 1:
        x.stage, x.due, x.drew = "showdown", "", None
    DRAW.walk(state, players(state))


def _step(state: TableState, x: BluffjackExt, hand: Hand, event: ev.Event) -> None:
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
        case _:
            DRAW.track(state, event)


# ----------------------------------------------------------------------------- what the table sees

def waiting(state: TableState) -> str:
    """What the hand waits for, in words."""
    x, hand = ext(state), state.hand
    if hand is None or hand.ended:
        return "no hand is in progress (potlog hand)"
    who = hand.to_act
    if x.stage in ("deal", "deal-up"):
        if who:
            seat = state.seat(who)
            kind = "face-down" if seat is not None and not seat.cards else "face-up"
            return f"{who} is dealt a {kind} card next"
        missing = [p for p in players(state) if p not in x.anted]
        return f"waiting for the ante from {', '.join(missing)}" if missing else "the betting starts"
    if x.stage == "showdown":
        return "the betting is over: potlog showdown"
    if who is None:
        return "nobody is to act"
    if DRAW.now(state) == "move":
        return f"{who} to take a card or stand"
    owed = bets.owed(state, who)
    return f"{who} to call {owed}, raise or fold" if owed else f"{who} to check, bet or fold"


DRAW = draw.Drawing(FLOW, ext, waiting, pack="french52")
"""The draw: a card or a stand each turn (with more betting, then a betting step)."""


def legal(state: TableState) -> list[Legal]:
    if state.closed:
        return []
    if not state.in_hand:
        return LAST.between(state)
    if ext(state).due:  # after a ruling or a void: the step potlog records before the next command
        state = trial(state, auto_steps(state))
    x, who = ext(state), require_hand(state).to_act
    out: list[Legal] = []
    if x.stage in ("deal", "deal-up"):
        if who:
            out.append(Legal(who, ("deal",), waiting(state)))
        if x.stage == "deal":
            out += pots.antes_due(state, players(state), opts(state).ante, x.anted)
    elif x.stage == "showdown":
        out.append(Legal(None, ("reveal", "showdown"), "potlog showdown settles the hand"))
    elif who is not None:
        if DRAW.now(state) == "move":
            out.append(Legal(who, ("hit", "stand"), "take a card or stand"))
        else:
            owed, short = bets.owed(state, who), bets.owed(state, who) >= state.stack(who)
            note = "nothing to call" if not owed else f"{owed} to call" + (": all-in or fold" if short else "")
            out.append(Legal(who, ("allin", "fold") if short else bets.verbs(state, x, BETTING, who), note))
    return out


def describe(state: TableState) -> list[tuple[str, str]]:
    hand, lines = state.hand, []
    if hand is not None and hand.number and not hand.ended:
        shown = DRAW.shown(state, live(state), hand_total)
        lines = [("stage", ext(state).stage)] + ([("hands", shown)] if shown else [])
    return lines + LAST.lines(state)
