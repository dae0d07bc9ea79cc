"""The stages of a hand and whose turn it is: the game's part of applying an event (`evolve`)
and the steps potlog records by itself when a stage is due (`auto_steps`)."""

from __future__ import annotations

from ... import events as ev
from ...kit import betting as bets
from ...kit import deal, follow, pots
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


def able(state: TableState) -> list[Seat]:
    """Live players who still have chips to bet."""
    return [s for s in live(state) if state.stack(s.name) > 0]


def with_chips(state: TableState) -> list[str]:
    """The players still in the game with chips."""
    return [s.name for s in state.seats if s.active and state.stack(s.name) > 0]


def auto_step(state: TableState) -> list[ev.Event]:
    """What potlog records by itself when a stage is due: a new round, the forced raise."""
    x, hand = ext(state), state.hand
    if not x.due or hand is None or hand.ended:
        return []
    if x.due != "forced":
        return [ev.RoundStarted(round=hand.round + 1, name=x.due)]
    return bets.forced_bets(state, BETTING, [s.name for s in able(state)])


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
        x.stage, x.due, x.forced, x.drew, x.paid, x.anted, x.stood = "deal", "", None, None, 0, [], []
        x.last = hand.dealer
        bets.reset(x)
    elif hand is None or hand.ended:
        x.stage, x.due, x.drew = ("ended" if hand is not None and hand.number else "idle"), "", None
        if hand is not None:
            hand.to_act, hand.phase = None, x.stage
        return
    else:
        _step(state, x, event)
    _advance(state, x)


def _step(state: TableState, x: BluffjackExt, event: ev.Event) -> None:
    hand = state.hand
    assert hand is not None
    match event:
        case ev.Ante(player=player):
            if player not in x.anted:
                x.anted.append(player)
        case ev.RoundStarted(name=name):
            x.stage = {"draws": "drawing"}.get(name, name if name in BETTING_STAGES else x.stage)
            x.due, x.drew, x.last = "", None, hand.dealer
            bets.reset(x)
            if name == "opening" and len(able(state)) >= 2:
                x.due = "forced"
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
    if opts(state).more_betting:
        x.drew = player
    else:
        x.last = player


def _next_after(state: TableState, name: str | None, drawing: bool) -> str | None:
    """The next live player clockwise after `name` who still draws (or, in a more-betting
    draw, still has a betting step)."""
    names = players(state)
    start = names.index(name) + 1 if name in names else 0
    for p in names[start:] + names[:start]:
        seat = state.seat(p)
        if seat is not None and not seat.folded and (
                p not in ext(state).stood or (not drawing and _can_bet_now(state, seat))):
            return p
    return None


def _can_bet_now(state: TableState, s: Seat) -> bool:
    """In a more-betting draw: whether `s` has a betting step on their turn."""
    if s.folded or state.stack(s.name) == 0:
        return False
    return bets.owed(state, s.name) > 0 or len(able(state)) >= 2


def _advance(state: TableState, x: BluffjackExt) -> None:
    """Move the hand on as far as the events allow, and say whose turn it is."""
    hand = state.hand
    assert hand is not None
    hand.to_act = None
    if x.stage not in ("idle", "ended", "showdown") and len(live(state)) <= 1:
        x.stage, x.due, x.drew = "showdown", "", None
    if x.stage in ("idle", "ended", "showdown") or x.due:
        pass
    elif x.stage in ("deal", "deal-up"):
        _advance_deal(state, x)
    elif x.stage in BETTING_STAGES:
        hand.to_act = bets.to_act(state, x, BETTING, players(state), last=x.last)
        if hand.to_act is None:
            _round_over(state, x)
    elif x.stage == "drawing":
        _advance_draw(state, x)
    hand.phase = x.stage


def _advance_deal(state: TableState, x: BluffjackExt) -> None:
    """One card each, fewest first: face down (and, with two initial bets, the bets), then up."""
    assert state.hand is not None
    need = 1 if x.stage == "deal" and opts(state).two_initial_bets else 2
    state.hand.to_act = deal.fewest_first(state, players(state), need)
    if state.hand.to_act is not None:
        return
    if x.stage == "deal-up":
        x.due = "second"
    elif all(p in x.anted for p in players(state)):
        x.due = "opening"


def _round_over(state: TableState, x: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    if x.stage == "final":
        x.stage = "showdown"
    elif x.stage == "opening" and opts(state).two_initial_bets:
        x.stage, x.last = "deal-up", hand.dealer
        _advance_deal(state, x)
    elif opts(state).more_betting:
        x.due = "draws"
    else:
        x.stage, x.last, x.drew = "drawing", hand.dealer, None
        _advance_draw(state, x)


def _advance_draw(state: TableState, x: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    if not opts(state).more_betting:
        hand.to_act = _next_after(state, x.last, drawing=True)
    else:
        if x.drew is not None:
            seat = state.seat(x.drew)
            if seat is not None and _can_bet_now(state, seat):
                hand.to_act = x.drew
                return
            x.last, x.drew = x.drew, None
        if all(s.name in x.stood for s in live(state)):
            hand.to_act = bets.to_act(state, x, BETTING, players(state), last=x.last)
        else:
            hand.to_act = _next_after(state, x.last, drawing=False)
    if hand.to_act is None:
        x.due = "final"
