"""Bluke: a trick-taking game for 2 to 15 players, scored in points over a run of hands.

The pack is the 52 French cards and the two jokers, the Hi Bluke (``HI``) and the Lo Bluke
(``LO``). Each player bids how many tricks they will take; taking fewer costs ten times the
bid, making it earns ten times the bid and one point per extra trick. potlog works out
everything the rules decide: how many cards each hand gets, who deals, whose turn it is to
bid and to play, who takes each trick, the revokes, the points (``scored`` events, the hand
ended on its last trick) and, with a stake, the chips at the end.

How a night is recorded (either way, or hand by hand both ways; the scores are the same):

- card by card: ``potlog hand`` (potlog knows the dealer and the cards each gets),
  ``potlog deal trump 7H --up`` (the turned card), ``potlog bid John=3 Margaret=3 ...``, then ``potlog play John QH`` for
  every card; each complete trick gets its ``trick_won``, the last one scores the hand.
- as a scorekeeper does: ``potlog hand``, ``potlog bid ...``, ``potlog tricks John=4
  Margaret=0 ...`` (every player's tricks, adding up to the cards dealt).
``potlog scorecard`` lays out the card as the rule text does: its "creative" layout (the
default) writes taken/bid then the running score (``4/3 31``: bid 3, took 4), and the
bids' total over the cards dealt (``13/13``), as the text's own card does.

Readings of the rule text (where it leaves a gap, what a table would do):

- The first dealer is whoever draws the highest card: before the first hand each player's
  draw is recorded with ``potlog deal NAME CARD`` (face up; Hi Bluke, Lo Bluke, then ace
  high down to 2; suits do not count), players tied for the highest draw again among
  themselves, and ``potlog hand`` makes the winner deal. A table that does not record the
  draw says who deals with ``potlog hand --dealer NAME``; with neither, the first seat
  deals. Afterwards the deal passes left, and potlog refuses any other dealer.
- Cards per hand: with 2 to 4 players 13, 12 ... 1, 2 ... 13 (25 hands). With 5 or more, the
  first hand is the most cards that leave at least 2 undealt from the 54, ``(54 - 2) //
  players`` (5 players 10, 6 players 8, 7 players 7, 8 players 6 ... 15 players 3), down to 1
  and back up (so 2 x that - 1 hands). New Jersey (option ``new_jersey``) runs the same
  numbers the other way: 1 up to the top and back down to 1.
- Bids are 1 to the cards dealt, as the text says (there is no zero bid), one per player
  from the dealer's left. ``bid`` may name several players at once; they are recorded in
  bidding order. A bid is never changed; a mistaken one is voided.
- The turned card (``deal trump``) is recorded face up whatever the flag; it may be turned
  any time before the first card is played, and must be before card-by-card play. A turned
  Bluke means no trump. A scorekeeper who does not note the trump need not record it.
- Hands need not be recorded: a player whose cards are not known holds unseen cards. Known
  cards (``deal John AS KD ...``, before the bidding) are checked: a card in one place at a
  time, at most the cards dealt, and following suit.
- Following suit (standard): a player must follow the suit led if they can, but a Bluke
  may be played at any time. When a Bluke is led there is no suit to follow: anything may
  be played. Hi Bluke beats everything, Lo Bluke everything but Hi Bluke, then the highest
  trump, then the highest card of the suit led (ace high).
- New Jersey: the Blukes belong to the trump suit and are played as trumps: a player who
  can follow a plain suit led must, even holding a Bluke; when trump (or a Bluke) is led a
  player must play a trump or a Bluke if they have one. In a no-trump hand (a Bluke
  turned) the two Blukes are the whole trump suit.
- A play that breaks following suit where the hand is known is refused. Where the hand is
  not known, a player who did not follow is noted as void in that suit; if they later show
  a card of it (played, or shown with ``potlog reveal``), potlog flags a revoke (a note in
  the log, ``revokes`` in the state and the scorecard), once per suit not followed. The rule text sets no penalty: the table decides, and records it with
  ``potlog score NAME -N --override "revoke"`` (shown as an adjustment on the scorecard).
- ``score`` is otherwise refused: the points follow from the bids and tricks.
- A card recorded against the rules (``play ... --override``) may complete a trick without
  its ``trick_won``: the next ``play`` (by the trick's winner) records it first, and after
  the last trick ``potlog end`` takes it and scores the hand.
- The scorekeeper's ``tricks`` must add up to the cards dealt (every trick is taken by
  someone). The rule text's "creative scorecard" breaks this once (its second hand shows
  11 tricks taken of 12) and its third hand's bid total reads 10 where the bids add up to 9;
  potlog computes totals, so it shows 9/11 there (see tests/test_bluke_scorecard.py).
- The same players play the whole game: joining or leaving between the first hand and the
  end is refused (a change of players changes the deal); close the session instead.
- Stake (option ``stake``, chips per point, 0 = none): when the last hand is scored (or
  at ``close``, if the table stops early) every pair of players settles the difference of
  their scores, so each player's chips change by ``stake x (players x score - sum of
  scores)``; this nets to zero. It is paid as ``transfer`` events from each loser to the
  winners (losers and winners in seat order). A loser who cannot cover pays all they hold
  and the winners share what was paid in proportion to what they were owed (odd chips to
  the larger winners, then seat order). A ``declared settle`` event marks the settlement.
- ``potlog verify --rules`` (`check_event`) recomputes what potlog records by itself (trick
  winners, points, hand ends, the settlement) and decides every other event again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .. import events as ev
from ..cards import FRENCH_RANKS, JOKERS, UNKNOWN, parse_cards, pretty
from ..commands import Command
from ..errors import InputError, RuleViolation
from ..state import TableState
from . import base

NAME = "bluke"
TITLE = "Bluke"
SUMMARY = ("Trick-taking with two jokers (the Blukes): bid 1 to the cards dealt, 13 down to 1 and back; "
           "-10 x bid when set, else 10 x bid + overtricks.")

PACK = "french54"
MIN_PLAYERS, MAX_PLAYERS = 2, 15
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "T": "trumps"}
_RANK_VALUE = {r: (14 if r == "A" else i + 1) for i, r in enumerate(FRENCH_RANKS)}


class Options(BaseModel):
    """Bluke's choices: the New Jersey variant and a stake in chips per point."""

    model_config = ConfigDict(extra="forbid")
    pack: Literal["french54"] = Field(default="french54", description="52 cards and the two Blukes (HI, LO).")
    new_jersey: bool = Field(default=False, description=(
        "New Jersey: hands go 1 up to 13 and back down, and the Blukes count as trumps (they must follow trump)."))
    stake: int = Field(default=0, ge=0, le=1_000_000, description=(
        "Chips per point: at the end each pair of players settles the difference of their scores (0: no chips)."))


@dataclass(slots=True)
class BlukeState:
    """Bluke's own state in ``state.ext`` (plain JSON-able fields only).

    Attributes:
        schedule: cards per hand, fixed when the first hand starts.
        draws: the cards each player drew for the first deal, round by round (ties redraw).
        order: this hand's players from the dealer's left (the bidding order).
        cards: cards dealt to each player this hand.
        trump: the trump suit letter, ``none`` (a Bluke turned), or None (not turned yet).
        bids, taken: this hand's bids and tricks per player.
        tally: the tricks were recorded as a scorekeeper's tally, not card by card.
        tricks_done: tricks finished this hand; leader: who leads the current trick.
        voids: player -> suit -> the trick where they did not follow it (this hand).
        revokes: every revoke flagged in the game.
        points: this hand's points per player, once scored.
        history: one entry per finished hand (the scorecard's rows).
        adjustments: points given outside the bid/tricks scoring (table rulings).
        over: every hand of the schedule is played. settled: the stake was paid out.
        settle_due: the settlement's payments still to record, ``[from, to, amount]``.
    """

    schedule: list[int] = field(default_factory=list)
    draws: dict[str, list[str]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    cards: int = 0
    trump: str | None = None
    trump_card: str | None = None
    bids: dict[str, int] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)
    tally: bool = False
    tricks_done: int = 0
    leader: str | None = None
    voids: dict[str, dict[str, int]] = field(default_factory=dict)
    revokes: list[dict[str, Any]] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    adjustments: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    settled: bool = False
    settle_due: list[list[Any]] = field(default_factory=list)


# ----------------------------------------------------------------------------- pure rules

def schedule(players: int, new_jersey: bool = False) -> list[int]:
    """Cards per hand for a game of `players`."""
    top = 13 if players <= 4 else max(1, (54 - 2) // players)
    down = list(range(top, 0, -1))
    if new_jersey:
        return list(range(1, top + 1)) + down[1:]
    return down + list(range(2, top + 1))


def hand_points(bid: int, taken: int) -> int:
    """Set: minus ten times the bid; made: ten times the bid plus one per extra trick."""
    return -10 * bid if taken < bid else 10 * bid + (taken - bid)


def outcome(bid: int, taken: int) -> str:
    """S (set), O (overtricks) or P (perfect bid)."""
    return "S" if taken < bid else "O" if taken > bid else "P"


def klass(card: str, trump: str | None, new_jersey: bool) -> str | None:
    """What a card follows as: its suit, ``T`` for the trump class in New Jersey, None for a
    Bluke in the standard game (played at any time, follows nothing)."""
    if card in JOKERS:
        return "T" if new_jersey else None
    s = card[-1]
    if new_jersey and s == trump:
        return "T"
    return s


def power(card: str, led: str | None, trump: str | None) -> tuple[int, int]:
    if card == "HI":
        return (4, 0)
    if card == "LO":
        return (3, 0)
    s, value = card[-1], _RANK_VALUE[card[:-1]]
    if s == trump:
        return (2, value)
    if s == led:
        return (1, value)
    return (0, 0)


def trick_winner(plays: list[tuple[str, str]], trump: str | None) -> str:
    """The player who takes a trick of (player, card) in the order played."""
    led = None if plays[0][1] in JOKERS else plays[0][1][-1]
    best = max(range(len(plays)), key=lambda i: (power(plays[i][1], led, trump), -i))
    return plays[best][0]


def draw_value(card: str) -> int:
    """A card's rank in the draw for the deal: Hi Bluke, Lo Bluke, then ace high; suits do not count."""
    return 16 if card == "HI" else 15 if card == "LO" else _RANK_VALUE[card[:-1]]


def draw_ties(draws: dict[str, list[str]], players: list[str]) -> tuple[list[str], int]:
    """Who is still in the draw for the deal, and which round of drawing they are at.

    Everyone draws once; players tied for the highest card draw again among themselves, and so
    on. One name back means that player deals first."""
    tied, rnd = list(players), 0
    while len(tied) > 1 and all(len(draws.get(p, [])) > rnd for p in tied):
        top = max(draw_value(draws[p][rnd]) for p in tied)
        tied = [p for p in tied if draw_value(draws[p][rnd]) == top]
        rnd += 1
    return tied, rnd


def _trump_suit(trump: str | None) -> str | None:
    return trump if trump in ("S", "H", "D", "C") else None


def _nj(state: TableState) -> bool:
    return bool(state.options.get("new_jersey", False))


def _ext(state: TableState) -> BlukeState:
    x = state.ext
    if not isinstance(x, BlukeState):
        x = state.ext = BlukeState()
    return x


def _suit_name(k: str) -> str:
    return SUIT_NAMES.get(k, k)


# ----------------------------------------------------------------------------- the module API

def initial(state: TableState) -> BlukeState:
    return BlukeState()


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, NAME)
    handler = _VERBS.get(cmd.verb)
    if handler is not None:
        return handler(state, cmd)
    if cmd.verb in _GENERIC:
        return base.decide_generic(state, cmd, NAME)
    raise RuleViolation(
        f"Bluke has no '{cmd.verb}': it is played for points (hand, deal trump, bid, play or tricks; "
        "potlog scorecard shows the scores)"
    )


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


def _live(state: TableState) -> BlukeState:
    base.require_open(state)
    base.require_hand(state)
    return _ext(state)


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


def _pending(state: TableState, x: BlukeState) -> bool:
    return state.hand is not None and bool(x.order) and len(state.hand.trick) >= len(x.order)


def _resolve(state: TableState, x: BlukeState) -> ev.Event:
    plays = [(p.player, p.card) for p in state.hand.trick]  # type: ignore[union-attr]
    return base.make_event(ev.TrickWon, player=trick_winner(plays, _trump_suit(x.trump)), trick=x.tricks_done + 1)


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


def _revoke_shown(x: BlukeState, player: str, card: str, trump: str | None, nj: bool) -> tuple[str, int] | None:
    k = klass(card, trump, nj)
    if k is None:
        return None
    trick = x.voids.get(player, {}).get(k)
    return (k, trick) if trick is not None else None


def _trial(state: TableState, events: list[ev.Event]) -> TableState:
    from ..reducer import apply

    st = state.clone()
    for e in events:
        apply(st, st.seq + 1, e)
    return st


def _finish(state: TableState, so_far: list[ev.Event]) -> list[ev.Event]:
    """The hand's points and its end (and the settlement after the last hand)."""
    st = _trial(state, so_far)
    x = _ext(st)
    hand = st.hand
    assert hand is not None
    out: list[ev.Event] = []
    for p in [p for p in x.order if p not in x.points]:
        bid, took = x.bids.get(p, 0), x.taken.get(p, 0)
        pts = hand_points(bid, took)
        result = {"S": "set", "O": "overtricks", "P": "perfect"}[outcome(bid, took)]
        out.append(base.make_event(ev.Scored, player=p, points=pts,
                                   reason=f"hand {hand.number}: bid {bid}, took {took} ({result})"))
    out.append(base.make_event(ev.HandEnded, hand=hand.number))
    if hand.number >= len(x.schedule):
        out += settlement(_trial(st, out))
    return out


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


def _score(state: TableState, cmd: Command) -> list[ev.Event]:
    raise RuleViolation("Bluke's points follow from the bids and tricks: potlog scores each hand "
                        "(a table ruling such as a revoke penalty: add --override REASON)")


def settlement(state: TableState) -> list[ev.Event]:
    """The stake paid out: every pair settles the difference of their scores (see module doc)."""
    x = _ext(state)
    stake = int(state.options.get("stake", 0) or 0)
    if stake <= 0 or x.settled or not x.history:
        return []
    players = [s.name for s in state.seats if s.active and s.name in state.scores]
    n, total = len(players), sum(state.scores.get(p, 0) for p in players)
    net = {p: stake * (n * state.scores.get(p, 0) - total) for p in players}
    pays = {p: min(-v, state.stack(p)) for p, v in net.items() if v < 0}
    owed = {p: v for p, v in net.items() if v > 0}
    paid, due = sum(pays.values()), sum(owed.values())
    gets = dict(owed)
    if paid < due:  # someone could not cover: the winners share what was paid, pro rata
        gets = {p: v * paid // due for p, v in owed.items()}
        short = paid - sum(gets.values())
        for p in sorted(owed, key=lambda p: (-owed[p], players.index(p)))[:short]:
            gets[p] += 1
    events: list[ev.Event] = [base.make_event(ev.Declared, player=None, name="settle", value=stake)]
    creditors = [[p, gets[p]] for p in players if gets.get(p, 0) > 0]
    for debtor in players:
        left = pays.get(debtor, 0)
        for entry in creditors:
            if left == 0:
                break
            amount = min(left, entry[1])
            if amount <= 0:
                continue
            entry[1] -= amount
            left -= amount
            events.append(base.make_event(
                ev.Transfer, from_account="seat:" + debtor, to_account="seat:" + entry[0], amount=amount,
                reason=f"Bluke settlement at {stake} per point"))
    return events


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


def _close(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_open(state)
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: finish it before closing")  # type: ignore[union-attr]
    settle = settlement(state)
    st = _trial(state, settle) if settle else state
    return settle + base.close(st, cmd)


_VERBS = {
    "join": _join, "leave": _leave, "hand": _hand, "deal": _deal, "bid": _bid, "tricks": _tricks,
    "play": _play, "end": _end, "score": _score, "close": _close, "reveal": _reveal,
}
_GENERIC = {"rebuy", "pay", "count", "note", "void"}


# ----------------------------------------------------------------------------- apply

def apply(state: TableState, event: ev.Event) -> None:
    x = _ext(state)
    t = event.type  # type: ignore[attr-defined]
    hand = state.hand
    if t == "hand_started":
        _start(state, x, event)  # type: ignore[arg-type]
    elif t == "hand_ended" and hand is not None and hand.number:
        x.history.append({
            "hand": hand.number, "cards": x.cards, "dealer": hand.dealer, "trump": x.trump,
            "trump_card": x.trump_card, "mode": "tally" if x.tally else "cards",
            "bids": dict(x.bids), "taken": dict(x.taken), "points": dict(x.points),
        })
        if hand.number >= len(x.schedule):
            x.over = True
    elif hand is None or hand.ended:
        if t == "cards_dealt" and not x.schedule and state.seat(event.to) is not None:  # type: ignore[attr-defined]
            x.draws.setdefault(event.to, []).append(event.cards[-1])  # type: ignore[attr-defined]
        elif t == "declared" and event.name == "settle":  # type: ignore[attr-defined]
            _settle_planned(state, x)
        elif t == "transfer" and x.settle_due:
            if x.settle_due[0] == [event.from_account, event.to_account, event.amount]:  # type: ignore[attr-defined]
                x.settle_due.pop(0)
        elif t == "scored":
            x.adjustments.append({"hand": hand.number if hand is not None else 0, "player": event.player,  # type: ignore[attr-defined]
                                  "points": event.points, "reason": event.reason})  # type: ignore[attr-defined]
    elif t == "cards_dealt" and event.to == "trump":  # type: ignore[attr-defined]
        card = event.cards[-1]  # type: ignore[attr-defined]
        x.trump_card = card
        x.trump = "none" if card in JOKERS else card[-1]
    elif t == "declared":
        _declared(state, x, event)  # type: ignore[arg-type]
    elif t == "card_played":
        _card_played(state, x, event)  # type: ignore[arg-type]
    elif t == "cards_revealed" and event.holder in x.order:  # type: ignore[attr-defined]
        for card in event.cards:  # type: ignore[attr-defined]
            _flag_revoke(state, x, event.holder, card, "revealed")  # type: ignore[attr-defined]
    elif t == "trick_won":
        x.taken[event.player] = x.taken.get(event.player, 0) + 1  # type: ignore[attr-defined]
        x.tricks_done += 1
        x.leader = hand.to_act = event.player  # type: ignore[attr-defined]
        if x.tricks_done >= x.cards:
            hand.phase, hand.to_act = "scoring", None
    elif t == "scored":
        if hand.phase == "scoring" and event.player not in x.points:  # type: ignore[attr-defined]
            x.points[event.player] = event.points  # type: ignore[attr-defined]
        else:
            x.adjustments.append({"hand": hand.number, "player": event.player,  # type: ignore[attr-defined]
                                  "points": event.points, "reason": event.reason})  # type: ignore[attr-defined]


def _settle_planned(state: TableState, x: BlukeState) -> None:
    """The settlement starts: keep its payments as due (for ``verify --rules``)."""
    if not x.settled:
        plan = settlement(state)
        x.settle_due = [[e.from_account, e.to_account, e.amount] for e in plan if e.type == "transfer"]  # type: ignore[attr-defined]
    x.settled = True


def _start(state: TableState, x: BlukeState, e: ev.HandStarted) -> None:
    hand = state.hand
    assert hand is not None
    players = [s.name for s in state.seats if s.in_hand]
    if not x.schedule:
        x.schedule = schedule(len(players), _nj(state))
    names = [s.name for s in state.seats]
    start = names.index(e.dealer) + 1 if e.dealer in names else 0
    ordered = [names[(start + i) % len(names)] for i in range(len(names))]
    x.order = [p for p in ordered if p in players]
    idx = min(e.hand, len(x.schedule)) - 1
    x.cards = x.schedule[idx] if idx >= 0 else 0
    x.trump = x.trump_card = None
    x.bids, x.taken, x.points, x.voids = {}, {}, {}, {}
    x.tally, x.tricks_done = False, 0
    x.leader = x.order[0] if x.order else None
    hand.phase = "bidding"
    hand.to_act = x.leader


def _declared(state: TableState, x: BlukeState, e: ev.Declared) -> None:
    hand = state.hand
    assert hand is not None
    if e.player is None or not isinstance(e.value, int) or isinstance(e.value, bool):
        if e.name == "settle":
            _settle_planned(state, x)
        return
    if e.name == "bid":
        x.bids[e.player] = e.value
        waiting = [p for p in x.order if p not in x.bids]
        if waiting:
            hand.to_act = waiting[0]
        else:
            hand.phase, hand.to_act = "playing", x.leader
    elif e.name == "taken":
        x.taken[e.player] = e.value
        x.tally = True
        if all(p in x.taken for p in x.order):
            hand.phase, hand.to_act = "scoring", None


def _flag_revoke(state: TableState, x: BlukeState, player: str, card: str, when: int | str) -> None:
    """Record a revoke if `card` is of a suit `player` did not follow earlier this hand (once)."""
    hit = _revoke_shown(x, player, card, x.trump, _nj(state))
    if hit is not None:
        x.revokes.append({"hand": state.hand.number, "player": player, "suit": hit[0], "trick": hit[1],  # type: ignore[union-attr]
                          "shown": when, "card": card})
        del x.voids[player][hit[0]]


def _card_played(state: TableState, x: BlukeState, e: ev.CardPlayed) -> None:
    hand = state.hand
    assert hand is not None
    nj = _nj(state)
    _flag_revoke(state, x, e.player, e.card, x.tricks_done + 1)
    if len(hand.trick) > 1:
        led = klass(hand.trick[0].card, x.trump, nj)
        mine = klass(e.card, x.trump, nj)
        if led is not None and mine != led and not (mine is None and not nj):
            x.voids.setdefault(e.player, {}).setdefault(led, x.tricks_done + 1)
    if len(hand.trick) >= len(x.order):
        hand.to_act = None
    elif e.player in x.order:
        hand.to_act = x.order[(x.order.index(e.player) + 1) % len(x.order)]


# ----------------------------------------------------------------------------- legal, describe

def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    x = _ext(state)
    if not state.in_hand:
        if x.over:
            return [base.Legal(None, ("close", "note", "pay"), "the game is over: potlog scorecard")]
        if x.schedule:
            return [base.Legal(None, ("hand", "note", "close"))]
        tied, _ = draw_ties(x.draws, [s.name for s in state.active_seats])
        if x.draws and len(tied) == 1:
            return [base.Legal(None, ("hand", "note", "close"), f"{tied[0]} drew the highest card and deals")]
        return [base.Legal(None, ("hand", "join", "leave", "note", "close")),
                base.Legal(None, ("deal",), "draw for the first deal: potlog deal NAME CARD (the highest deals)")]
    hand = state.hand
    assert hand is not None
    if hand.phase == "bidding":
        out = [base.Legal(hand.to_act, ("bid",))]
        if x.trump is None:
            out.append(base.Legal(None, ("deal",), "turn the trump card: potlog deal trump 7H --up"))
        return out
    if hand.phase == "playing":
        out = []
        if _pending(state, x) and x.tricks_done + 1 >= x.cards:
            return [base.Legal(None, ("end",), "the last trick is on the table: end takes it and scores the hand")]
        if _pending(state, x):
            winner = trick_winner([(p.player, p.card) for p in hand.trick], _trump_suit(x.trump))
            return [base.Legal(winner, ("play",), "takes the trick on the table and leads"),
                    base.Legal(None, ("end",), "if that was the last trick")]
        if hand.to_act:
            out.append(base.Legal(hand.to_act, ("play",)))
        if x.trump is None and not hand.trick and not x.tricks_done:
            out.append(base.Legal(None, ("deal",), "turn the trump card before the first card"))
        if not hand.trick and not x.tricks_done:
            out.append(base.Legal(None, ("tricks",), "or record every player's tricks taken"))
        return out
    return [base.Legal(None, ("end",), "score the hand")]


def _trump_text(x: BlukeState) -> str:
    if x.trump is None:
        return "not turned yet"
    if x.trump == "none":
        return f"no trump ({x.trump_card} turned)"
    return f"{SUIT_NAMES[x.trump]} ({pretty(x.trump_card or '')} turned)"


def describe(state: TableState) -> list[tuple[str, str]]:
    x = _ext(state)
    out: list[tuple[str, str]] = []
    if not x.schedule:
        n = len(state.active_seats)
        if MIN_PLAYERS <= n <= MAX_PLAYERS:
            plan = schedule(n, _nj(state))
            out.append(("game", f"{len(plan)} hands of {', '.join(map(str, plan))} cards"))
        if x.draws:
            tied, rnd = draw_ties(x.draws, [s.name for s in state.active_seats])
            drawn = ", ".join(f"{p} {' '.join(pretty(c) for c in cs)}" for p, cs in x.draws.items())
            waiting = ", ".join(p for p in tied if len(x.draws.get(p, [])) <= rnd)
            verdict = (f"{tied[0]} deals first" if len(tied) == 1 else
                       f"{waiting} to draw" if rnd == 0 else f"{' and '.join(tied)} tie: they draw again")
            out.append(("draw for the deal", f"{drawn}; {verdict}"))
        return out
    hand = state.hand
    if hand is not None and hand.number:
        out.append(("hand", f"{hand.number} of {len(x.schedule)}: {x.cards} card{'s' if x.cards != 1 else ''} each"))
        if not hand.ended:
            out.append(("trumps", _trump_text(x)))
            if x.bids:
                out.append(("bids", ", ".join(f"{p} {x.bids[p]}" for p in x.order if p in x.bids)
                            + f" (total {sum(x.bids.values())} of {x.cards})"))
            if x.taken:
                out.append(("tricks", ", ".join(f"{p} {x.taken.get(p, 0)}" for p in x.order)))
    if x.revokes:
        out.append(("revokes", "; ".join(
            f"{r['player']} hand {r['hand']} trick {r['trick']} ({_suit_name(r['suit'])})" for r in x.revokes)))
    if x.over:
        top = max(state.scores.values()) if state.scores else 0
        winners = [p for p, v in state.scores.items() if v == top]
        out.append(("game over", f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {top}"))
    return out


# ----------------------------------------------------------------------------- verify --rules

def _due(state: TableState) -> list[ev.Event]:
    """What potlog records by itself next, whatever anyone asks: a full trick's winner, the
    hand's points and end, the settlement and its payments."""
    x = _ext(state)
    if x.settle_due:
        a, b, amount = x.settle_due[0]
        stake = int(state.options.get("stake", 0) or 0)
        return [base.make_event(ev.Transfer, from_account=a, to_account=b, amount=amount,
                                reason=f"Bluke settlement at {stake} per point")]
    hand = state.hand
    if hand is None or hand.ended:
        return settlement(state) if x.over else []
    if _pending(state, x):
        return [_resolve(state, x)]
    if hand.phase == "scoring":
        return _finish(state, [])
    return []


def _same(expected: ev.Event, recorded: ev.Event) -> None:
    from ..describe import describe

    if expected != recorded:
        raise RuleViolation(f"the rules make it '{describe(expected)}', the log says '{describe(recorded)}'")


def _check_taken(state: TableState, x: BlukeState, e: ev.Declared) -> None:
    _require_bids_done(x)
    if state.hand.trick or x.tricks_done:  # type: ignore[union-attr]
        raise RuleViolation("this hand is being played card by card: no tally of tricks")
    waiting = [p for p in x.order if p not in x.taken]
    if not waiting or e.player != waiting[0]:
        raise RuleViolation(f"tricks are tallied for every player in turn: {waiting[0] if waiting else 'nobody'} next")
    value = e.value if isinstance(e.value, int) and not isinstance(e.value, bool) else -1
    if not 0 <= value <= x.cards:
        raise RuleViolation(f"{e.player} took {e.value}: a player takes 0 to {x.cards} tricks this hand")
    if len(waiting) == 1 and sum(x.taken.values()) + value != x.cards:
        raise RuleViolation(f"the tricks add up to {sum(x.taken.values()) + value} but {x.cards} were played")


def check_event(state: TableState, event: ev.Event) -> None:
    """Raise `RuleViolation` if Bluke's rules would not have recorded `event` in `state`
    (``potlog verify --rules``). What potlog records by itself (trick winners, points, the
    hand's end, the settlement) is recomputed; every other event is decided again from the
    command that causes it and must come out the same."""
    from ..verify import command_for

    e: Any = event
    plain = event.model_copy(update={"ruling": None})
    t = e.type
    if t == "session_opened":
        _same(base.open_session(command_for(event), Options, NAME)[0], plain)  # type: ignore[arg-type]
        return
    due = _due(state)
    if due:
        _same(due[0], plain)
        return
    if t in ("trick_won", "scored", "hand_ended"):
        raise RuleViolation(f"potlog records {t.replace('_', ' ')} by itself, and none is due here")
    if t == "note":
        return
    if t == "declared" and e.name == "taken":
        base.require_hand(state)
        _check_taken(state, _ext(state), e)
        return
    if t == "declared" and e.name == "bid":
        cmd: Command | None = Command("bid", shares=((e.player or "", e.value if isinstance(e.value, int) else 0),))
    elif t == "declared" and e.name == "settle" or t == "session_closed" or (
            t == "player_left" and e.reason == "session closed"):
        cmd = Command("close")
    elif t == "hand_started":
        cmd = Command("hand", dealer=e.dealer)
    else:
        cmd = command_for(event)
    if cmd is None:
        raise RuleViolation(f"Bluke never records {t}")
    decided = decide(state, cmd)
    if not decided:
        raise RuleViolation(f"the rules record nothing for '{cmd.verb}' here")
    _same(decided[0], plain)
