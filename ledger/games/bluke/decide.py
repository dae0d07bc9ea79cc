"""Bluke's `decide`, stage by stage: the draw for the first deal, a hand (deal and turn the
trump, bid, play card by card or tally the tricks) and what potlog records by itself (a full
trick's winner, the hand's points and end, the settlement)."""

from __future__ import annotations

from typing import Callable

from ... import events as ev
from ...cards import UNKNOWN, parse_cards
from ...commands import Command
from ...errors import InputError, RuleViolation
from ...kit import tricks
from ...kit.follow import then
from ...state import Hand, TableState
from .. import base
from .options import MAX_PLAYERS, MIN_PLAYERS, NAME, PACK, BlukeState, Options, ext, opts
from .rules import draw_state, hand_points, outcome, power, rule_of, settle_payment, settlement

RESULTS = {"S": "set", "O": "overtricks", "P": "perfect"}


def due(state: TableState) -> list[ev.Event]:
    """What potlog records by itself next, whatever anyone asks: a full trick's winner, the
    hand's points and end, the settlement and its payments."""
    x, hand = ext(state), state.hand
    if x.settle_due:
        return [settle_payment(opts(state).stake, *x.settle_due[0])]
    if hand is None or hand.ended:
        return settlement(state) if x.over else []
    if tricks.pending(state, x):
        return [tricks.take(state, x, power, rule_of(state))]
    if hand.phase != "scoring":
        return []
    out: list[ev.Event] = []
    for p in [p for p in x.order if p not in x.points]:
        bid, took = x.bids.get(p, 0), x.taken.get(p, 0)
        out.append(base.make_event(ev.Scored, player=p, points=hand_points(bid, took), reason=(
            f"hand {hand.number}: bid {bid}, took {took} ({RESULTS[outcome(bid, took)]})")))
    return out + [base.make_event(ev.HandEnded, hand=hand.number)]


def trial(state: TableState, events: list[ev.Event]) -> TableState:
    """A copy of the table with `events` applied (the table itself when there are none)."""
    from ...reducer import apply

    if not events:
        return state
    st = state.clone()
    for e in events:
        apply(st, st.seq + 1, e)
    return st


# ----------------------------------------------------------------------------- the table and the draw

def _live(state: TableState) -> tuple[BlukeState, Hand]:
    base.require_open(state)
    base.require_hand(state)
    assert state.hand is not None
    return ext(state), state.hand


def _seat(state: TableState, cmd: Command) -> list[ev.Event]:
    """join and leave: the same players play every hand."""
    base.require_open(state)
    if ext(state).schedule and not ext(state).over and cmd.verb == "join":
        raise RuleViolation(f"{cmd.player or 'a new player'} cannot join a Bluke game in progress: the same "
                            "players play every hand (start a new session for a new game)")
    if ext(state).schedule and not ext(state).over:
        raise RuleViolation(f"{cmd.player} cannot leave a Bluke game in progress: the deal depends on the players "
                            "(close the session to stop the game; the scores so far are settled)")
    if cmd.verb == "join" and len(state.active_seats) >= MAX_PLAYERS:
        raise RuleViolation(f"Bluke is for {MIN_PLAYERS} to {MAX_PLAYERS} players: the table is full")
    return base.join(state, cmd) if cmd.verb == "join" else base.leave(state, cmd)


def _hand(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    x, last = ext(state), state.hand
    if last is not None and not last.ended:
        raise RuleViolation(f"hand {last.number} is still going: finish it first")
    if x.over:
        raise RuleViolation(f"the game is over after {len(x.schedule)} hands: see potlog scorecard, then close")
    players = [s.name for s in state.active_seats]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleViolation(f"Bluke is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    if cmd.first:
        raise RuleViolation("in Bluke the player on the dealer's left leads the first trick: drop --first")
    if last is not None and last.number:
        dealer = base.seat_after(state, last.dealer) or players[0]
        rule = f"the deal passes left: {dealer} deals this hand (after {last.dealer})"
    elif x.draws:
        tied, rnd, waiting = draw_state(state)
        if len(tied) > 1:
            raise RuleViolation(f"the draw for the deal is not finished: {', '.join(waiting)} to draw (potlog deal "
                                "NAME CARD)" if rnd == 0 else f"{' and '.join(tied)} tie for the highest card: they "
                                f"draw again ({', '.join(waiting)} to draw)")
        dealer, rule = tied[0], f"{tied[0]} drew the highest card and deals first"
    else:
        dealer, rule = base.require_seated(state, cmd.dealer) if cmd.dealer else players[0], ""
    if rule and cmd.dealer and cmd.dealer != dealer:
        raise RuleViolation(f"{rule}, not {cmd.dealer}")
    number = (last.number if last is not None else 0) + 1
    return [base.make_event(ev.HandStarted, hand=number, dealer=dealer, first=base.seat_after(state, dealer))]


def _draw(state: TableState, cmd: Command) -> list[ev.Event]:
    """A card drawn for the first deal (before the first hand): the highest card deals."""
    player = base.require_seated(state, cmd.to)
    cards = parse_cards(cmd.cards, PACK, allow_unknown=False) if cmd.cards else []
    if len(cards) != 1 or cmd.count:
        raise InputError(f"a player draws one card for the deal, face up, like: potlog deal {player} KD")
    tied, rnd, waiting = draw_state(state)
    if len(tied) == 1:
        raise RuleViolation(f"the draw is decided: {tied[0]} drew the highest card and deals first (potlog hand)")
    if player not in tied:
        raise RuleViolation(f"{player} is out of the draw for the deal: {' and '.join(tied)} draw again")
    if len(ext(state).draws.get(player, [])) > rnd:
        raise RuleViolation(f"{player} has drawn already: waiting for {', '.join(waiting)}")
    base.check_unseen(state, cards)
    return [base.make_event(ev.CardsDealt, to=player, cards=cards, face_up=True)]


def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    to = cmd.to or ""
    if not state.in_hand and not ext(state).schedule and state.seat(to) is not None:
        return _draw(state, cmd)
    x = _live(state)[0]
    if to.lower() == "trump":
        return tricks.turn_trump(state, x, x.trump_card if x.trump is not None else None, cmd, PACK,
                                 example="potlog deal trump 7H --up (HI or LO: no trump)")
    seat = state.seat(to)
    if seat is None:
        raise RuleViolation(f"in Bluke cards go to a player or the turned trump card (deal trump 7H), not {to!r}")
    base.require_live(state, to)
    if x.bids or x.taken:
        raise RuleViolation("the deal is over once the bidding starts: record known hands before the first bid")
    cards = (parse_cards(cmd.cards, PACK) if cmd.cards else []) + [UNKNOWN] * (cmd.count or 0)
    if not cards:
        raise InputError("name the cards dealt (like AS 10H HI), or give --count for unseen cards")
    if len(seat.cards) + len(cards) > x.cards:
        raise RuleViolation(f"{to} is dealt {x.cards} cards this hand and already has {len(seat.cards)}: "
                            f"at most {x.cards - len(seat.cards)} more")
    base.check_unseen(state, cards)
    return [base.make_event(ev.CardsDealt, to=to, cards=cards, face_up=cmd.face_up)]


# ----------------------------------------------------------------------------- bids, tally, play

def bids_done(x: BlukeState) -> None:
    waiting = [p for p in x.order if p not in x.bids]
    if waiting:
        raise RuleViolation(f"the bids come first: {waiting[0]} has not bid yet (potlog bid {waiting[0]} N)")


def _bid(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _live(state)[0]
    given = tricks.per_player(state, cmd, "bid")
    return [base.make_event(ev.Declared, player=p, name="bid", value=given[p])
            for p in tricks.check_bids(state, x, x.bids, given, least=1)]


def _tricks(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _live(state)[0]
    given = tricks.per_player(state, cmd, "tricks taken")
    bids_done(x)
    tricks.check_tally(state, x, given)
    return then(state, [base.make_event(ev.Declared, player=p, name="taken", value=given[p]) for p in x.order], due)


def _play(state: TableState, cmd: Command) -> list[ev.Event]:
    prefix = tricks.taken_first(state, _live(state)[0], power, rule_of(state))  # a trick completed by a ruling
    state = trial(state, prefix)
    x, hand = _live(state)
    player = base.require_live(state, cmd.player)
    if x.tally or x.tricks_done >= x.cards:
        raise RuleViolation(f"all {x.cards} tricks of hand {hand.number} are taken: potlog end scores it")
    bids_done(x)
    if x.trump is None:
        raise RuleViolation("turn the trump card first: potlog deal trump 7H --up (a turned Bluke, HI or LO, means no trump)")
    cards = parse_cards(cmd.cards, PACK, allow_unknown=False)
    if len(cards) != 1:
        raise InputError("play one card at a time, like: potlog play John QH")
    hint = " (Blukes count as trumps in the New Jersey game)" if opts(state).new_jersey else \
        " (only a Bluke may be played instead)"
    return prefix + then(state, tricks.play(state, x, player, cards[0], rule_of(state), hint=hint), due)


def _end(state: TableState, cmd: Command) -> list[ev.Event]:
    x, hand = _live(state)
    events = tricks.taken_first(state, x, power, rule_of(state))
    x = ext(trial(state, events))
    if x.tricks_done < x.cards and not x.tally:
        left = x.cards - x.tricks_done
        raise RuleViolation(f"hand {hand.number} is not over: {left} trick{'s' if left != 1 else ''} "
                            "still to play (potlog play), or record the tricks taken (potlog tricks)")
    return then(state, events, due)


def _reveal(state: TableState, cmd: Command) -> list[ev.Event]:
    """Cards shown: a card of a suit the player did not follow earlier in the hand is a revoke."""
    x, holder = ext(state), cmd.player or cmd.to or ""
    if not (state.in_hand and holder in x.order):
        return base.reveal(state, cmd)
    base.require_open(state)
    return tricks.reveal(state, x, holder, parse_cards(cmd.cards, PACK, allow_unknown=False), rule_of(state))


def _close(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    if state.hand is not None and not state.hand.ended:
        raise RuleViolation(f"hand {state.hand.number} is still going: finish it before closing")
    settle = settlement(state)
    return settle + base.close(trial(state, settle), cmd)


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    match cmd.verb:
        case "open":
            return base.open_session(cmd, Options, NAME)
        case "join" | "leave":
            return _seat(state, cmd)
        case "hand" | "deal" | "bid" | "tricks" | "play" | "end" | "reveal" | "close":
            return _VERBS[cmd.verb](state, cmd)
        case "score":
            raise RuleViolation("Bluke's points follow from the bids and tricks: potlog scores each hand "
                                "(a table ruling such as a revoke penalty: add --override REASON)")
        case "rebuy" | "pay" | "count" | "note" | "void":
            return base.decide_generic(state, cmd, NAME)
    raise RuleViolation(f"Bluke has no '{cmd.verb}': it is played for points (hand, deal trump, bid, play or "
                        "tricks; potlog scorecard shows the scores)")


_VERBS: dict[str, Callable[[TableState, Command], list[ev.Event]]] = {
    "hand": _hand, "deal": _deal, "bid": _bid, "tricks": _tricks, "play": _play, "end": _end,
    "reveal": _reveal, "close": _close}
