"""The game's part of applying an event: who has anted, acted and stood, the stage of the
hand, and whose turn it is."""

from __future__ import annotations

from typing import Any

from ... import events as ev
from ...state import TableState
from .options import ASIDE, BETTING_STAGES, ELIMINATED, BluffjackExt
from .table import (_able, _cards_needed, _can_bet_now, _ext, _live, _needs_bet, _next_after, _next_to_deal,
                    _opt, _order, _round_done)


def initial(state: TableState) -> BluffjackExt:
    if state.options.get("no_house") and ASIDE not in state.persistent:
        state.persistent.append(ASIDE)
    return BluffjackExt()


def _final(event: ev.Event) -> bool:
    """An event the rules record after a hand: an elimination, the set-aside chips paid out."""
    e: Any = event
    return (e.type == "player_left" and e.reason == ELIMINATED) or (e.type == "transfer" and e.from_account == ASIDE)


def apply(state: TableState, event: ev.Event) -> None:
    """The game's part of an event: who has anted, acted, stood; then whose turn it is."""
    ext = _ext(state)
    hand = state.hand
    t = event.type  # type: ignore[attr-defined]
    if t == "hand_started":
        ext.recent, ext.final = [], []
    elif hand is not None and hand.ended and _final(event):
        ext.final.append(state.seq)
    if t != "void":
        ext.recent.append(state.seq)
    if t == "hand_started" and hand is not None:
        ext.stage, ext.due, ext.forced, ext.drew, ext.paid = "deal", "", None, None, 0
        ext.anted, ext.acted, ext.stood = [], [], []
        ext.last = hand.dealer
    elif hand is None or hand.ended:
        ext.stage, ext.due, ext.drew = ("ended" if hand is not None and hand.number else "idle"), "", None
        if hand is not None:
            hand.to_act, hand.phase = None, ext.stage
        return
    elif t == "ante":
        if event.player not in ext.anted:  # type: ignore[attr-defined]
            ext.anted.append(event.player)  # type: ignore[attr-defined]
    elif t == "round_started":
        name = event.name  # type: ignore[attr-defined]
        ext.stage = {"draws": "drawing"}.get(name, name if name in BETTING_STAGES else ext.stage)
        ext.due, ext.acted, ext.drew, ext.last = "", [], None, hand.dealer
        if name == "opening" and len(_able(state)) >= 2:
            ext.due = "forced"
    elif t in ("bet", "call", "raise", "all_in", "check"):
        if ext.due == "forced":
            ext.due = ""
        _after_bet(state, ext, event.player)  # type: ignore[attr-defined]
    elif ext.stage == "showdown" and (t == "pot_awarded" or (t == "transfer" and event.from_account == "pot")):  # type: ignore[attr-defined]
        ext.paid += 1
    elif t == "fold":
        player = event.player  # type: ignore[attr-defined]
        if (ext.stage in BETTING_STAGES or ext.stage == "drawing") and hand.to_act == player:
            ext.last, ext.drew = player, None  # (a fold out of turn, by a ruling, keeps the turn where it is)
    elif t == "cards_dealt" and ext.stage == "drawing" and state.seat(event.to) is not None:  # type: ignore[attr-defined]
        _after_draw(state, ext, event.to)  # type: ignore[attr-defined]
    elif t == "declared" and event.name == "stand" and event.player:  # type: ignore[attr-defined]
        player = event.player  # type: ignore[attr-defined]
        if player not in ext.stood:
            ext.stood.append(player)
        if ext.stage == "drawing":
            _after_draw(state, ext, player)
    _advance(state, ext)


def _after_bet(state: TableState, ext: BluffjackExt, player: str) -> None:
    seat = state.seat(player)
    if seat is None:
        return
    others = [s.round_bet for s in state.seats if s.name != player and s.in_hand]
    if ext.stage == "opening" and ext.forced is None and not ext.acted:
        ext.forced = player
    if seat.round_bet > max(others, default=0):
        ext.acted = [player]
    elif player not in ext.acted:
        ext.acted.append(player)
    ext.last, ext.drew = player, None


def _after_draw(state: TableState, ext: BluffjackExt, player: str) -> None:
    if _opt(state, "more_betting"):
        ext.drew = player
    else:
        ext.last = player


def _advance(state: TableState, ext: BluffjackExt) -> None:
    """Move the hand on as far as the events allow, and say whose turn it is."""
    hand = state.hand
    assert hand is not None
    hand.to_act = None
    if ext.stage in ("idle", "ended", "showdown"):
        hand.phase = ext.stage
        return
    if len(_live(state)) <= 1:
        ext.stage, ext.due, ext.drew = "showdown", "", None
        hand.phase = "showdown"
        return
    if ext.due:
        hand.phase = ext.stage
        return
    if ext.stage == "deal":
        nxt = _next_to_deal(state, _cards_needed(state))
        if nxt is not None:
            hand.to_act = nxt.name
        elif all(s.name in ext.anted for s in _order(state)):
            ext.due = "opening"
    elif ext.stage == "deal-up":
        nxt = _next_to_deal(state, 2)
        if nxt is not None:
            hand.to_act = nxt.name
        else:
            ext.due = "second"
    elif ext.stage in BETTING_STAGES:
        if _round_done(state):
            _round_over(state, ext)
        else:
            nxt = _next_after(state, ext.last, lambda s: _needs_bet(state, s))
            hand.to_act = nxt.name if nxt is not None else None
    elif ext.stage == "drawing":
        _advance_draw(state, ext)
    hand.phase = ext.stage


def _round_over(state: TableState, ext: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    if ext.stage == "final":
        ext.stage = "showdown"
        return
    if ext.stage == "opening" and _opt(state, "two_initial_bets"):
        ext.stage, ext.last = "deal-up", hand.dealer
        nxt = _next_to_deal(state, 2)
        if nxt is not None:
            hand.to_act = nxt.name
        else:
            ext.due = "second"
        return
    _start_draw(state, ext)


def _start_draw(state: TableState, ext: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    if _opt(state, "more_betting"):
        ext.due = "draws"
        return
    ext.stage, ext.last, ext.drew = "drawing", hand.dealer, None
    _advance_draw(state, ext)


def _advance_draw(state: TableState, ext: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    live = _live(state)
    if not _opt(state, "more_betting"):
        nxt = _next_after(state, ext.last, lambda s: not s.folded and s.name not in ext.stood)
        if nxt is None:
            ext.due = "final"
        else:
            hand.to_act = nxt.name
        return
    if ext.drew is not None:
        seat = state.seat(ext.drew)
        if seat is not None and _can_bet_now(state, seat):
            hand.to_act = ext.drew
            return
        ext.last, ext.drew = ext.drew, None
    everyone_stood = all(s.name in ext.stood for s in live)
    if everyone_stood:
        if _round_done(state):
            ext.due = "final"
            return
        nxt = _next_after(state, ext.last, lambda s: _needs_bet(state, s))
    else:
        nxt = _next_after(state, ext.last, lambda s: not s.folded and (
            s.name not in ext.stood or _can_bet_now(state, s)))
    hand.to_act = nxt.name if nxt is not None else None
    if nxt is None:
        ext.due = "final"
