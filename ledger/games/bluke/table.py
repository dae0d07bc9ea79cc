"""Commands around the hands: join and leave, the draw for the first deal, starting a hand and
its dealer, dealing (and turning the trump card), ``score`` (refused) and ``close``.
"""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN, parse_cards
from ...commands import Command
from ...errors import InputError, RuleViolation
from ...state import TableState
from .. import base
from .options import MAX_PLAYERS, MIN_PLAYERS, PACK, _ext
from .play import _live
from .rules import draw_ties
from .scoring import _trial, settlement


def _started(state: TableState) -> bool:
    return bool(_ext(state).schedule)


def _join(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    if _started(state) and not _ext(state).over:
        raise RuleViolation(
            f"{cmd.player or 'a new player'} cannot join a Bluke game in progress: the same players "
            "play every hand (start a new session for a new game)")
    if len(state.active_seats) >= MAX_PLAYERS:
        raise RuleViolation(f"Bluke is for {MIN_PLAYERS} to {MAX_PLAYERS} players: the table is full")
    return base.join(state, cmd)


def _leave(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    if _started(state) and not _ext(state).over:
        raise RuleViolation(
            f"{cmd.player} cannot leave a Bluke game in progress: the deal depends on the players "
            "(close the session to stop the game; the scores so far are settled)")
    return base.leave(state, cmd)


def _hand(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    x = _ext(state)
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: finish it first")  # type: ignore[union-attr]
    if x.over:
        raise RuleViolation(f"the game is over after {len(x.schedule)} hands: see potlog scorecard, then close")
    players = state.active_seats
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleViolation(f"Bluke is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    if cmd.first:
        raise RuleViolation("in Bluke the player on the dealer's left leads the first trick: drop --first")
    last = state.hand.dealer if state.hand is not None and state.hand.number else None
    if last is None and x.draws:
        tied, rnd = draw_ties(x.draws, [s.name for s in players])
        if len(tied) > 1:
            waiting = [p for p in tied if len(x.draws.get(p, [])) <= rnd]
            if rnd == 0:
                raise RuleViolation(f"the draw for the deal is not finished: {', '.join(waiting)} to draw "
                                    "(potlog deal NAME CARD)")
            raise RuleViolation(f"{' and '.join(tied)} tie for the highest card: they draw again "
                                f"({', '.join(waiting)} to draw)")
        dealer = tied[0]
        if cmd.dealer and cmd.dealer != dealer:
            raise RuleViolation(f"{dealer} drew the highest card and deals first, not {cmd.dealer}")
    elif last is None:
        dealer = base.require_seated(state, cmd.dealer) if cmd.dealer else players[0].name
    else:
        dealer = base.seat_after(state, last) or players[0].name
        if cmd.dealer and cmd.dealer != dealer:
            raise RuleViolation(f"the deal passes left: {dealer} deals this hand (after {last}), not {cmd.dealer}")
    number = (state.hand.number if state.hand is not None else 0) + 1
    return [base.make_event(ev.HandStarted, hand=number, dealer=dealer, first=base.seat_after(state, dealer))]


def _draw(state: TableState, cmd: Command) -> list[ev.Event]:
    """A card drawn for the first deal (before the first hand): the highest card deals."""
    x = _ext(state)
    player = base.require_seated(state, cmd.to)
    cards = parse_cards(cmd.cards, PACK, allow_unknown=False) if cmd.cards else []
    if len(cards) != 1 or cmd.count:
        raise InputError(f"a player draws one card for the deal, face up, like: potlog deal {player} KD")
    tied, rnd = draw_ties(x.draws, [s.name for s in state.active_seats])
    if len(tied) == 1:
        raise RuleViolation(f"the draw is decided: {tied[0]} drew the highest card and deals first (potlog hand)")
    if player not in tied:
        raise RuleViolation(f"{player} is out of the draw for the deal: {' and '.join(tied)} draw again")
    if len(x.draws.get(player, [])) > rnd:
        waiting = [p for p in tied if len(x.draws.get(p, [])) <= rnd]
        raise RuleViolation(f"{player} has drawn already: waiting for {', '.join(waiting)}")
    base.check_unseen(state, cards)
    return [base.make_event(ev.CardsDealt, to=player, cards=cards, face_up=True)]


def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    if not state.in_hand and not _started(state) and cmd.to and state.seat(cmd.to) is not None:
        return _draw(state, cmd)
    x = _live(state)
    hand = state.hand
    assert hand is not None
    to = cmd.to or ""
    if to.lower() == "trump":
        if x.trump is not None:
            raise RuleViolation(f"the trump card is already turned this hand ({x.trump_card})")
        if hand.trick or x.tricks_done:
            raise RuleViolation("the trump card is turned before the first card is played")
        cards = parse_cards(cmd.cards, PACK, allow_unknown=False) if cmd.cards else []
        if len(cards) != 1 or cmd.count:
            raise InputError("turn one known card for trump, like: potlog deal trump 7H --up (HI or LO: no trump)")
        base.check_unseen(state, cards)
        return [base.make_event(ev.CardsDealt, to="trump", cards=cards, face_up=True)]
    seat = state.seat(to)
    if seat is None:
        raise RuleViolation(f"in Bluke cards go to a player or the turned trump card (deal trump 7H), not {to!r}")
    base.require_live(state, to)
    if x.bids or x.taken:
        raise RuleViolation("the deal is over once the bidding starts: record known hands before the first bid")
    cards = parse_cards(cmd.cards, PACK) if cmd.cards else []
    cards += [UNKNOWN] * (cmd.count or 0)
    if not cards:
        raise InputError("name the cards dealt (like AS 10H HI), or give --count for unseen cards")
    if len(seat.cards) + len(cards) > x.cards:
        raise RuleViolation(f"{to} is dealt {x.cards} cards this hand and already has {len(seat.cards)}: "
                            f"at most {x.cards - len(seat.cards)} more")
    base.check_unseen(state, cards)
    return [base.make_event(ev.CardsDealt, to=to, cards=cards, face_up=cmd.face_up)]


def _score(state: TableState, cmd: Command) -> list[ev.Event]:
    raise RuleViolation("Bluke's points follow from the bids and tricks: potlog scores each hand "
                        "(a table ruling such as a revoke penalty: add --override REASON)")


def _close(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: finish it before closing")  # type: ignore[union-attr]
    settle = settlement(state)
    st = _trial(state, settle) if settle else state
    return settle + base.close(st, cmd)
