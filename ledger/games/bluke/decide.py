"""Bluke's `decide`, over the kit: the draw for the first deal (`DRAW`), a hand of tricks
(`HAND`: deal and turn the trump, bid, play card by card or tally the tricks), the stake
(`STAKE`), and `due`: what potlog records by itself (a full trick's winner, the hand's points
and end, the settlement)."""

from __future__ import annotations

from ... import events as ev
from ...core.commands import (
    Bids, Close, Command, Count, Deal, End, Join, Leave, NewHand, Note, Open, Pay, Play, Rebuy,
    Reveal, Score, Tricks, Void,
)
from ...errors import RuleViolation
from . import points, tricks
from ...kit import turns
from ...state import TableState
from ...core.table import require_open, seat_after
from ...core.verbs import decide_generic, make_event, open_session
from .options import MAX_PLAYERS, MIN_PLAYERS, NAME, TITLE, Options, ext
from .rules import DRAW, HAND, STAKE, hand_points, outcome

RESULTS = {"S": "set", "O": "overtricks", "P": "perfect"}


def due(state: TableState) -> list[ev.Event]:
    """What potlog records by itself next, whatever anyone asks: a full trick's winner, the
    hand's points and end, the settlement and its payments."""
    x, hand = ext(state), state.hand
    if x.settle_due or hand is None or hand.ended:
        return STAKE.due(state) or (STAKE.settlement(state) if x.over else [])
    if tricks.pending(state, x):
        return HAND.taken_first(state)
    if hand.phase != "scoring":
        return []
    number = hand.number

    def score(p: str) -> tuple[int, str]:
        bid, took = x.bids.get(p, 0), x.taken.get(p, 0)
        return hand_points(bid, took), f"hand {number}: bid {bid}, took {took} ({RESULTS[outcome(bid, took)]})"
    return points.scored(number, x.order, x, score)


def _hand(state: TableState, cmd: NewHand) -> list[ev.Event]:
    require_open(state)
    x, last = ext(state), state.hand
    if last is not None and not last.ended:
        raise RuleViolation(f"hand {last.number} is still going: finish it first")
    if x.over:
        raise RuleViolation(f"the game is over after {len(x.schedule)} hands: see potlog scorecard, then close")
    players = len(state.active_seats)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleViolation(f"Bluke is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if cmd.first:
        raise RuleViolation("in Bluke the player on the dealer's left leads the first trick: drop --first")
    dealer = DRAW.dealer(state, x.draws, cmd.dealer)
    number = (last.number if last is not None else 0) + 1
    return [make_event(ev.HandStarted, hand=number, dealer=dealer, first=seat_after(state, dealer))]


def _drawing(state: TableState, cmd: Deal) -> bool:
    """Before the first hand a card dealt to a player is their draw for the deal."""
    require_open(state)
    return not state.in_hand and not ext(state).schedule and state.seat(cmd.to or "") is not None


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    x = ext(state)
    match cmd:
        case Open():
            return open_session(cmd, Options, NAME)
        case Join() | Leave():
            return turns.same_players(state, cmd, game=TITLE, started=bool(x.schedule) and not x.over,
                                      players=(MIN_PLAYERS, MAX_PLAYERS))
        case NewHand():
            return _hand(state, cmd)
        case Deal() if _drawing(state, cmd):
            return DRAW.draw(state, x.draws, cmd)
        case Deal() | Bids() | Tricks() | Play() | End() | Reveal():
            return HAND.decide(state, cmd, due)
        case Close():
            return STAKE.close(state, cmd)
        case Score():
            raise RuleViolation("Bluke's points follow from the bids and tricks: potlog scores each hand "
                                "(a table ruling such as a revoke penalty: add --override REASON)")
        case Rebuy() | Pay() | Count() | Note() | Void():
            return decide_generic(state, cmd, NAME)
    raise RuleViolation(f"Bluke has no '{cmd.verb}': it is played for points (hand, deal trump, bid, play or "
                        "tricks; potlog scorecard shows the scores)")
