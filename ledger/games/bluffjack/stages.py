"""The stages of a hand and whose turn it is: the game's part of applying an event (`evolve`)
and the steps potlog records by itself when a stage is due (`auto_steps`)."""

from __future__ import annotations

from typing import Callable

from ... import events as ev
from ...kit import betting as bets
from ...kit import pots
from ...state import Seat, TableState
from .. import base
from .options import ASIDE, BETTING_STAGES, ELIMINATED, BluffjackExt, ext, opts


BETTING = bets.Betting(
    structure="no-limit", min_bet=lambda state: opts(state).ante, forced=(bets.Forced("raise"),),
    messages={"below_min_bet": "{player} cannot bet {amount}: the smallest bet or raise is the ante, {min} (or all-in)",
              "below_min_raise": "{player} cannot raise by {amount}: the smallest bet or raise is the ante, {min} "
                                 "(or all-in)"})
"""Every betting round: no limit, the ante the smallest bet or raise, raises unlimited; the
opening round starts with the forced raise of the first player with chips left of the dealer."""


def around(state: TableState) -> list[Seat]:
    """Every seat, clockwise from the dealer's left (the dealer last)."""
    by_name = {s.name: s for s in state.seats}
    return [by_name[n] for n in pots.order_from_dealer(state)]


def order(state: TableState) -> list[Seat]:
    """The seats dealt into this hand, clockwise from the dealer's left."""
    assert state.hand is not None
    return [s for s in around(state) if s.in_hand]


def live(state: TableState) -> list[Seat]:
    return [s for s in order(state) if not s.folded]


def able(state: TableState) -> list[Seat]:
    """Live players who still have chips to bet."""
    return [s for s in live(state) if state.stack(s.name) > 0]


def with_chips(state: TableState) -> list[str]:
    """The players still in the game with chips."""
    return [s.name for s in state.seats if s.active and state.stack(s.name) > 0]


def trial(state: TableState, events: list[ev.Event]) -> TableState:
    """The table after `events`, on a copy."""
    from ...reducer import apply as reduce

    st = state.clone()
    for e in events:
        reduce(st, st.seq + 1, e)
    return st


def auto_step(state: TableState) -> list[ev.Event]:
    """What potlog records by itself when a stage is due: a new round, the forced raise."""
    x = ext(state)
    hand = state.hand
    if not x.due or hand is None or hand.ended:
        return []
    if x.due != "forced":
        return [base.make_event(ev.RoundStarted, round=hand.round + 1, name=x.due)]
    forced = bets.forced_bets(state, BETTING, [s.name for s in able(state)])
    # the forced raise is a raise over the antes, even with nothing yet bet in the round
    return [ev.Raise(player=e.player, amount=e.amount, by=e.amount) if isinstance(e, ev.Bet) else e for e in forced]


def auto_steps(state: TableState) -> list[ev.Event]:
    """Every step potlog records by itself from here, in order."""
    out: list[ev.Event] = []
    for _ in range(6):
        more = auto_step(state)
        if not more:
            break
        out += more
        state = trial(state, more)
    return out


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
    x = ext(state)
    hand = state.hand
    started = isinstance(event, ev.HandStarted)
    if started:
        x.recent, x.final = [], []
    elif hand is not None and hand.ended and is_final(event):
        x.final.append(state.seq)
    if not isinstance(event, ev.Void):
        x.recent.append(state.seq)
    if started and hand is not None:
        x.stage, x.due, x.forced, x.drew, x.paid = "deal", "", None, None, 0
        x.anted, x.acted, x.stood = [], [], []
        x.last = hand.dealer
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
            x.due, x.acted, x.drew, x.last = "", [], None, hand.dealer
            if name == "opening" and len(able(state)) >= 2:
                x.due = "forced"
        case ev.Bet() | ev.Call() | ev.Raise() | ev.AllIn() | ev.Check():
            if x.due == "forced":
                x.due = ""
            _after_bet(state, x, event.player)
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


def _after_bet(state: TableState, x: BluffjackExt, player: str) -> None:
    seat = state.seat(player)
    if seat is None:
        return
    others = [s.round_bet for s in state.seats if s.name != player and s.in_hand]
    if x.stage == "opening" and x.forced is None and not x.acted:
        x.forced = player
    if seat.round_bet > max(others, default=0):
        x.acted = [player]
    elif player not in x.acted:
        x.acted.append(player)
    x.last, x.drew = player, None


def _after_draw(state: TableState, x: BluffjackExt, player: str) -> None:
    if opts(state).more_betting:
        x.drew = player
    else:
        x.last = player


def _next_after(state: TableState, name: str | None, pred: Callable[[Seat], bool]) -> Seat | None:
    seats = order(state)
    names = [s.name for s in seats]
    start = names.index(name) if name in names else -1
    n = len(seats)
    return next((s for s in (seats[(start + i) % n] for i in range(1, n + 1)) if pred(s)), None)


def _round_done(state: TableState, x: BluffjackExt) -> bool:
    ready = able(state)
    if any(bets.owed(state, s.name) for s in ready):
        return False
    return len(ready) <= 1 or all(s.name in x.acted for s in ready)


def _needs_bet(state: TableState, x: BluffjackExt) -> Callable[[Seat], bool]:
    """Whether a seat still has a betting action in this round (owes chips or has not acted)."""
    return lambda s: (not s.folded and state.stack(s.name) > 0
                      and (bets.owed(state, s.name) > 0 or s.name not in x.acted))


def _next_bettor(state: TableState, x: BluffjackExt) -> str | None:
    """Who bets next in this round, clockwise after the last to act. (Not `kit.betting.to_act`:
    that takes the last to act from the order of `acted`, which a ruling can leave stale.)"""
    nxt = _next_after(state, x.last, _needs_bet(state, x))
    return nxt.name if nxt is not None else None


def _can_bet_now(state: TableState, s: Seat) -> bool:
    """In a more-betting draw: whether `s` has a betting step on their turn."""
    if s.folded or state.stack(s.name) == 0:
        return False
    return bets.owed(state, s.name) > 0 or len(able(state)) >= 2


def _next_to_deal(state: TableState, need: int) -> Seat | None:
    seats = live(state)
    if not seats:
        return None
    fewest = min(len(s.cards) for s in seats)
    return None if fewest >= need else next(s for s in seats if len(s.cards) == fewest)


def _advance(state: TableState, x: BluffjackExt) -> None:
    """Move the hand on as far as the events allow, and say whose turn it is."""
    hand = state.hand
    assert hand is not None
    hand.to_act = None
    if x.stage in ("idle", "ended", "showdown"):
        hand.phase = x.stage
        return
    if len(live(state)) <= 1:
        x.stage, x.due, x.drew = "showdown", "", None
        hand.phase = "showdown"
        return
    if x.due:
        hand.phase = x.stage
        return
    if x.stage in ("deal", "deal-up"):
        nxt = _next_to_deal(state, 1 if x.stage == "deal" and opts(state).two_initial_bets else 2)
        if nxt is not None:
            hand.to_act = nxt.name
        elif x.stage == "deal-up":
            x.due = "second"
        elif all(s.name in x.anted for s in order(state)):
            x.due = "opening"
    elif x.stage in BETTING_STAGES:
        if _round_done(state, x):
            _round_over(state, x)
        else:
            hand.to_act = _next_bettor(state, x)
    elif x.stage == "drawing":
        _advance_draw(state, x)
    hand.phase = x.stage


def _round_over(state: TableState, x: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    if x.stage == "final":
        x.stage = "showdown"
    elif x.stage == "opening" and opts(state).two_initial_bets:
        x.stage, x.last = "deal-up", hand.dealer
        nxt = _next_to_deal(state, 2)
        if nxt is not None:
            hand.to_act = nxt.name
        else:
            x.due = "second"
    elif opts(state).more_betting:
        x.due = "draws"
    else:
        x.stage, x.last, x.drew = "drawing", hand.dealer, None
        _advance_draw(state, x)


def _advance_draw(state: TableState, x: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    if not opts(state).more_betting:
        nxt = _next_after(state, x.last, lambda s: not s.folded and s.name not in x.stood)
        if nxt is None:
            x.due = "final"
        else:
            hand.to_act = nxt.name
        return
    if x.drew is not None:
        seat = state.seat(x.drew)
        if seat is not None and _can_bet_now(state, seat):
            hand.to_act = x.drew
            return
        x.last, x.drew = x.drew, None
    if all(s.name in x.stood for s in live(state)):
        who = None if _round_done(state, x) else _next_bettor(state, x)
    else:
        nxt = _next_after(state, x.last, lambda s: not s.folded and (s.name not in x.stood or _can_bet_now(state, s)))
        who = nxt.name if nxt is not None else None
    hand.to_act = who
    if who is None:
        x.due = "final"
