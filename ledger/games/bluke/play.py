"""Commands within a hand: bids, the scorekeeper's tally of tricks, playing a card (following
suit, revokes), showing cards, and ``end``.
"""

from __future__ import annotations

from ... import events as ev
from ...cards import UNKNOWN, parse_cards
from ...commands import Command
from ...errors import InputError, RuleViolation
from ...state import TableState
from .. import base
from .options import PACK, BlukeState, _ext, _nj, _suit_name
from .rules import _revoke_shown, _trump_suit, klass, trick_winner
from .scoring import _finish, _pending, _resolve, _trial


def _live(state: TableState) -> BlukeState:
    base.require_open(state)
    base.require_hand(state)
    return _ext(state)


def _pairs(cmd: Command, what: str) -> list[tuple[str, int]]:
    pairs = list(cmd.shares)
    if not pairs:
        raise InputError(f"say each player's {what}, like: potlog {cmd.verb} John=3 Margaret=1")
    names = [p for p, _ in pairs]
    for p in names:
        if names.count(p) > 1:
            raise InputError(f"{p} is named twice")
    return pairs


def _bid(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _live(state)
    pairs = _pairs(cmd, "bid")
    for p, _ in pairs:
        base.require_live(state, p)
    if x.taken or state.hand.trick or x.tricks_done:  # type: ignore[union-attr]
        raise RuleViolation("the bidding is over: the hand is being played")
    waiting = [p for p in x.order if p not in x.bids]
    given = dict(pairs)
    for p in given:
        if p in x.bids:
            raise RuleViolation(f"{p} has already bid {x.bids[p]} this hand (void that bid to correct it)")
    if not waiting:
        raise RuleViolation("everyone has bid: play the hand (potlog play) or record the tricks (potlog tricks)")
    expected = waiting[:len(given)]
    if set(expected) != set(given):
        raise RuleViolation(
            f"it is {waiting[0]}'s turn to bid: bids go round from the dealer's left "
            f"({', '.join(x.order)}), one each")
    out = []
    for p in expected:
        value = given[p]
        if not 1 <= value <= x.cards:
            raise RuleViolation(f"{p} bids {value}: a bid is 1 to {x.cards} tricks (the cards dealt this hand)")
        out.append(base.make_event(ev.Declared, player=p, name="bid", value=value))
    return out


def _require_bids_done(x: BlukeState) -> None:
    waiting = [p for p in x.order if p not in x.bids]
    if waiting:
        raise RuleViolation(f"the bids come first: {waiting[0]} has not bid yet (potlog bid {waiting[0]} N)")


def _tricks(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _live(state)
    pairs = _pairs(cmd, "tricks taken")
    for p, _ in pairs:
        base.require_live(state, p)
    _require_bids_done(x)
    if x.taken or state.hand.trick or x.tricks_done:  # type: ignore[union-attr]
        raise RuleViolation("this hand is being played card by card: finish it with potlog play")
    given = dict(pairs)
    missing = [p for p in x.order if p not in given]
    if missing:
        raise RuleViolation(f"name every player's tricks: {', '.join(missing)} missing (0 if none)")
    for p, n in pairs:
        if not 0 <= n <= x.cards:
            raise RuleViolation(f"{p} took {n}: a player takes 0 to {x.cards} tricks this hand")
    total = sum(given.values())
    if total != x.cards:
        raise RuleViolation(
            f"the tricks add up to {total} but {x.cards} were played: every trick is taken by someone")
    events = [base.make_event(ev.Declared, player=p, name="taken", value=given[p]) for p in x.order]
    return events + _finish(state, events)


def _play(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _live(state)
    prefix: list[ev.Event] = []
    if _pending(state, x):  # a trick completed by a table ruling: take it first
        prefix = [_resolve(state, x)]
        state = _trial(state, prefix)
        x = _ext(state)
    hand = state.hand
    assert hand is not None
    player = base.require_live(state, cmd.player)
    if x.tally or x.tricks_done >= x.cards:
        raise RuleViolation(f"all {x.cards} tricks of hand {hand.number} are taken: potlog end scores it")
    _require_bids_done(x)
    if x.trump is None:
        raise RuleViolation("turn the trump card first: potlog deal trump 7H --up (a turned Bluke, HI or LO, means no trump)")
    cards = parse_cards(cmd.cards, PACK, allow_unknown=False)
    if len(cards) != 1:
        raise InputError("play one card at a time, like: potlog play John QH")
    card = cards[0]
    if player != hand.to_act:
        who = hand.trick[0].player if hand.trick else x.leader
        raise RuleViolation(f"it is {hand.to_act}'s turn to play, not {player}'s ({who} leads trick {x.tricks_done + 1})")
    seat = state.seat(player)
    assert seat is not None
    held = [h.card for h in seat.cards]
    if card not in held:
        unseen = held.count(UNKNOWN) + max(0, (x.cards - x.tricks_done) - len(held))
        if unseen <= 0:
            shown = " ".join(held) or "no cards"
            raise RuleViolation(f"{player} does not hold {card} (holds {shown})")
        where = base.where_is(state, card)
        if where is not None:
            raise RuleViolation(f"{card} is already in {where}: a pack holds one {card}")
    nj, trump = _nj(state), x.trump
    if hand.trick:
        led = klass(hand.trick[0].card, trump, nj)
        mine = klass(card, trump, nj)
        if led is not None and mine != led and not (mine is None and not nj):
            can = [c for c in held if c != UNKNOWN and c != card and klass(c, trump, nj) == led]
            if can:
                extra = " (Blukes count as trumps in the New Jersey game)" if nj else " (only a Bluke may be played instead)"
                raise RuleViolation(f"{player} must follow {_suit_name(led)}: they hold {' '.join(can)}{extra}")
    events: list[ev.Event] = [base.make_event(ev.CardPlayed, player=player, card=card)]
    revoke = _revoke_shown(x, player, card, trump, nj)
    if revoke is not None:
        events.append(base.make_event(ev.Note, text=(
            f"revoke: {player} did not follow {_suit_name(revoke[0])} on trick {revoke[1]} "
            f"and now plays {card} on trick {x.tricks_done + 1}")))
    if len(hand.trick) + 1 == len(x.order):
        plays = [(p.player, p.card) for p in hand.trick] + [(player, card)]
        events.append(base.make_event(ev.TrickWon, player=trick_winner(plays, _trump_suit(trump)),
                                      trick=x.tricks_done + 1))
        if x.tricks_done + 1 >= x.cards:
            events += _finish(state, events)
    return prefix + events


def _end(state: TableState, cmd: Command) -> list[ev.Event]:
    x = _live(state)
    events: list[ev.Event] = []
    if _pending(state, x):
        events.append(_resolve(state, x))
    st = _trial(state, events) if events else state
    xs = _ext(st)
    if xs.tricks_done < xs.cards and not xs.tally:
        left = xs.cards - xs.tricks_done
        raise RuleViolation(f"hand {st.hand.number} is not over: {left} trick{'s' if left != 1 else ''} "  # type: ignore[union-attr]
                            "still to play (potlog play), or record the tricks taken (potlog tricks)")
    return events + _finish(state, events)


def _reveal(state: TableState, cmd: Command) -> list[ev.Event]:
    """Cards shown: a card of a suit the player did not follow earlier in the hand is a revoke."""
    x = _ext(state)
    holder = cmd.player or cmd.to or ""
    if not (state.in_hand and holder in x.order):
        return base.reveal(state, cmd)
    base.require_open(state)
    cards = parse_cards(cmd.cards, PACK, allow_unknown=False)
    if not cards:
        raise InputError("name the cards shown, like QD 7S")
    seat = state.seat(holder)
    assert seat is not None
    held = [h.card for h in seat.cards]
    unseen = held.count(UNKNOWN) + max(0, (x.cards - x.tricks_done - (1 if _played(state, holder) else 0)) - len(held))
    for card in cards:
        if card in held:
            held.remove(card)
            continue
        if cards.count(card) > 1:
            raise RuleViolation(f"{card} is named twice: a pack holds one {card}")
        where = base.where_is(state, card)
        if where is not None:
            raise RuleViolation(f"{card} is already in {where}: {holder} cannot show it")
        if unseen <= 0:
            raise RuleViolation(f"{holder} has no unseen card left to show {card}")
        unseen -= 1
    events: list[ev.Event] = [base.make_event(ev.CardsRevealed, holder=holder, cards=cards)]
    shown = events[0]
    if state.in_hand and shown.holder in x.order:  # type: ignore[attr-defined]
        for card in shown.cards:  # type: ignore[attr-defined]
            hit = _revoke_shown(x, shown.holder, card, x.trump, _nj(state))  # type: ignore[attr-defined]
            if hit is not None:
                events.append(base.make_event(ev.Note, text=(
                    f"revoke: {shown.holder} did not follow {_suit_name(hit[0])} on trick {hit[1]} "  # type: ignore[attr-defined]
                    f"and shows {card}")))
                break
    return events


def _played(state: TableState, player: str) -> bool:
    """Has `player` played to the trick on the table?"""
    return state.hand is not None and any(p.player == player for p in state.hand.trick)
