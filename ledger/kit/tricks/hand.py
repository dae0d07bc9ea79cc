"""A hand of tricks at the table: seating and the lead, whose turn, a card played (checked),
the trick taken, the tricks and cards taken per player or team, and what ``state`` and
``legal`` show.

The cards: a play is the core's ``card_played`` (the named card leaves the hand, or an unseen
``??`` one, and joins the current trick, `ledger.state.Hand.trick`); a full trick is the core's
``trick_won`` (the trick leaves the table; `Hand.tricks` counts it per player). A zone move
(`ledger.core.zones.move`) takes only the top of a zone, and a hand held in the fingers has no
top, so plays are not zone moves. What each side has taken is kept in `Trickplay.won` (its cards,
for card points) and `Trickplay.taken` (its tricks).

A game keeps `Trickplay`'s fields in its own state (its dataclass inherits them), and calls:
`start` at the deal, `play` for ``potlog play NAME CARD``, `taken` in its ``after`` (the trick's
winner, recorded by potlog), `evolve` in its ``evolve``, `legal` and `lines` for ``state``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ... import events as ev
from ...cards import UNKNOWN, parse_card
from ...core.contract import Legal
from ...core.table import pack_of, where_is
from ...core.verbs import make_event
from ...errors import InputError, RuleViolation
from ...state import TableState
from .. import turns
from .rules import Play, Rules, led, playable, refusal, suit_name, winner


@dataclass
class Trickplay:
    """What a game keeps of its hand of tricks (fields of its own state).

    Attributes:
        seats: the hand's players in the order of play, from the dealer's left (or right).
        leader: who leads the trick on the table.
        trump: the trump suit (a letter, ``T`` the atouts), or None.
        trick: the current trick, ``[player, card]`` in the order played.
        done: tricks taken so far; size: tricks in the hand (0: until the hands are empty).
        teams: player -> their side's name (empty: everyone plays for themselves).
        won: side -> the cards it has taken; taken: side -> its tricks.
        last: the last trick taken, ``[player, card]``.
        excused: ``[player, taker]`` each excuse kept by its player from a trick another took.
    """

    seats: list[str] = field(default_factory=list)
    leader: str | None = None
    trump: str | None = None
    trick: list[list[str]] = field(default_factory=list)
    done: int = 0
    size: int = 0
    teams: dict[str, str] = field(default_factory=dict)
    won: dict[str, list[str]] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)
    last: list[list[str]] = field(default_factory=list)
    excused: list[list[str]] = field(default_factory=list)


def seating(state: TableState, dealer: str | None, *, right: bool = False, include: turns.SeatTest | None = None) -> list[str]:
    """The players in the order of play, from the dealer's left (`right`: from the dealer's
    right, play passing to the right), dealt into the hand."""
    return turns.clockwise(state, dealer, right=right, include=include or (lambda s: s.in_hand and s.active))


def start(t: Trickplay, seats: Sequence[str], size: int, *, leader: str | None = None, trump: str | None = None,
          teams: Mapping[str, str] | None = None) -> None:
    """A new hand of tricks: its players in the order of play, `size` tricks, the first leader
    (the first of `seats` unless named), the trump, the teams."""
    t.seats, t.size, t.trump = list(seats), size, trump
    t.leader = leader if leader is not None else (t.seats[0] if t.seats else None)
    t.trick, t.done, t.last, t.excused = [], 0, [], []
    t.teams = dict(teams or {})
    t.won, t.taken = {}, {}


def side(t: Trickplay, player: str) -> str:
    """The side `player` plays for: their team, else themselves."""
    return t.teams.get(player, player)


def sides(t: Trickplay) -> list[str]:
    """The sides in seating order (each team once)."""
    return list(dict.fromkeys(side(t, p) for p in t.seats))


def members(t: Trickplay, name: str) -> list[str]:
    """The players of side `name`."""
    return [p for p in t.seats if side(t, p) == name]


def plays(t: Trickplay) -> list[Play]:
    return [(p, c) for p, c in t.trick]


def complete(t: Trickplay) -> bool:
    return bool(t.seats) and len(t.trick) >= len(t.seats)


def over(t: Trickplay) -> bool:
    """Every trick of the hand is taken."""
    return t.size > 0 and t.done >= t.size


def to_play(t: Trickplay) -> str | None:
    """Whose turn it is: the leader, then the next in the order of play; None once the trick is
    full or the hand is over."""
    if complete(t) or over(t) or not t.seats:
        return None
    if not t.trick:
        return t.leader
    last = t.trick[-1][0]
    return t.seats[(t.seats.index(last) + 1) % len(t.seats)] if last in t.seats else None


def holding(state: TableState, player: str) -> list[str]:
    """What `player` holds (``??`` unseen)."""
    seat = state.seat(player)
    return [h.card for h in seat.cards] if seat is not None else []


def play(state: TableState, t: Trickplay, rules: Rules, player: str | None, text: str | None,
         *, game: str = "", pack: str | None = None) -> list[ev.Event]:
    """``potlog play NAME CARD``: refused out of turn, for a card the player cannot hold, or one
    the rules forbid (one line naming the rule); else the card played. `pack`: the game's pack
    when no ``pack`` option names it."""
    if not player:
        raise InputError("say who plays: potlog play NAME CARD")
    if not text:
        raise InputError(f"say which card {player} plays, like 7H")
    card = parse_card(text, pack or pack_of(state), allow_unknown=False)
    who = to_play(t)
    if who is None:
        raise RuleViolation("no card is due: the hand's tricks are played" if over(t) else "no card is due now")
    if player != who:
        raise RuleViolation(f"it is {who}'s turn to play, not {player}'s ({t.leader} leads trick {t.done + 1})")
    held = holding(state, player)
    if card not in held:
        if UNKNOWN not in held:
            raise RuleViolation(f"{player} does not hold {card} (holds {' '.join(held) or 'no cards'})")
        if (where := where_is(state, card)) is not None:
            raise RuleViolation(f"{card} is already in {where}: a pack holds one {card}")
    said = refusal(player, card, held, plays(t), rules, t.trump)
    if said is not None:
        raise RuleViolation(f"{said}{' (' + game + ')' if game else ''}")
    return [make_event(ev.CardPlayed, player=player, card=card)]


def show(state: TableState, t: Trickplay, player: str | None, texts: Sequence[str], *,
         pack: str | None = None) -> list[ev.Event]:
    """``potlog reveal NAME CARDS``: cards a player holds shown to the table (so potlog knows them,
    and what they may play): each one known in their hand, or one of their unseen cards and not
    known anywhere else."""
    if not player or player not in t.seats:
        raise RuleViolation(f"{player or 'nobody'} is not in this hand (playing: {', '.join(t.seats)})")
    if not texts:
        raise InputError("name the cards shown, like potlog reveal Ann QD 7S")
    cards = [parse_card(c, pack or pack_of(state), allow_unknown=False) for c in texts]
    held = holding(state, player)
    unseen = held.count(UNKNOWN)
    for c in cards:
        if cards.count(c) > 1:
            raise RuleViolation(f"{c} is named twice: a pack holds one {c}")
        if c in held:
            continue
        if (where := where_is(state, c)) is not None:
            raise RuleViolation(f"{c} is already in {where}: {player} cannot show it")
        if unseen <= 0:
            raise RuleViolation(f"{player} has no unseen card left to show {c} (holds {' '.join(held) or 'nothing'})")
        unseen -= 1
    return [make_event(ev.CardsRevealed, holder=player, cards=cards)]


def taken(t: Trickplay, rules: Rules) -> list[ev.Event]:
    """What potlog records by itself: a full trick's taker (or nothing)."""
    if not complete(t):
        return []
    return [make_event(ev.TrickWon, player=winner(plays(t), rules, t.trump), trick=t.done + 1)]


def evolve(state: TableState, t: Trickplay, rules: Rules, e: ev.Event) -> bool:
    """The trick's part of applying `e`: a card played (the turn passes), a trick taken (its
    cards to the taker's side, an excuse back to its player's, the taker leads). True when the
    hand's last trick was just taken."""
    hand = state.hand
    match e:
        case ev.CardPlayed() if e.player in t.seats:
            t.trick.append([e.player, e.card])
        case ev.TrickWon():
            last = t.size > 0 and t.done + 1 >= t.size
            taker = side(t, e.player)
            for p, c in t.trick:
                home = taker
                if c in rules.excuse and not (last and rules.excuse_last_to_winner):
                    home = side(t, p)
                    if home != taker:
                        t.excused.append([p, e.player])
                t.won.setdefault(home, []).append(c)
            t.won.setdefault(taker, [])
            t.taken[taker] = t.taken.get(taker, 0) + 1
            t.last, t.trick = t.trick, []
            t.done += 1
            t.leader = e.player
            if hand is not None and not hand.ended:
                hand.to_act = to_play(t)
            return over(t)
        case _:
            return False
    if hand is not None and not hand.ended:
        hand.to_act = to_play(t)
    return False


def legal(state: TableState, t: Trickplay, rules: Rules) -> list[Legal]:
    """Who plays next and the cards they may play."""
    who = to_play(t)
    return [Legal(who, ("play",), may_play(state, t, rules, who))] if who is not None else []


def may_play(state: TableState, t: Trickplay, rules: Rules, player: str) -> str:
    """``may play 7H 9H (must follow hearts)``, for ``state`` and ``potlog play``."""
    held = holding(state, player)
    ok = playable(held, plays(t), rules, t.trump)
    asked = led(plays(t), rules, t.trump)
    why = f" (to {suit_name(asked)} led)" if asked else " (leads)" if not t.trick else ""
    unseen = " or an unseen card" if UNKNOWN in held else ""
    return f"{player} may play {' '.join(ok) or 'no known card'}{unseen}{why}"


def lines(state: TableState, t: Trickplay, rules: Rules, *, points: Mapping[str, object] | None = None) -> list[tuple[str, str]]:
    """``state`` lines: the teams, the trump, the trick on the table, tricks (and card points)
    taken per side, whose turn and what they may play."""
    out: list[tuple[str, str]] = []
    if t.teams:
        out.append(("teams", " vs ".join(s if members(t, s) == [s] else f"{s}: {'+'.join(members(t, s))}"
                                         for s in sides(t))))
    out.append(("trump", suit_name(t.trump) if t.trump else "none"))
    of = f" of {t.size}" if t.size else ""
    out.append(("trick", f"{t.done + 1}{of}, {t.leader} leads" if not over(t) else f"all {t.done} played"))
    for s in sides(t):
        pts = f", {points[s]} points" if points is not None and s in points else ""
        out.append((s, f"{t.taken.get(s, 0)} tricks{pts}"))
    who = to_play(t)
    if who is not None and state.hand is not None and not state.hand.ended:
        out.append(("to play", may_play(state, t, rules, who)))
    return out
