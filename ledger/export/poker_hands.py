"""Hold'em and Omaha hands as a poker site tells them: the walk the ``pokerstars`` and ``ohh``
exports share (`ledger.export.pokerstars_format`, `ledger.export.ohh_format`).

A session is folded event by event (voided events left out, as the table is without them);
every finished hand of hold'em or Omaha (after a game switch too) becomes a `Hand`: its seats
with their stacks as it started, the forced bets, each action with the chips it puts in (and,
for a bet or raise, the player's bet in the round after it: "raises 4 to 6"), the board street
by street, what was shown or mucked, the part of the last bet nobody called, and who collected
what from which pot. Hands not finished are left out.

Readings:

- Forced bets are the events potlog posts as the hand starts (the table's plan: antes, the
  big-blind ante, the small blind, the big blind, a straddle); a big-blind ante is an ante of
  the big blind's, as the sites write it.
- A bet is a bet when nobody has bet in the round before it, else a raise (by what it adds
  above the bet it faced); an all-in is a bet, a raise or a call by that rule; the big blind
  is a bet, so the first raise before the flop raises it.
- A street begins when its board is complete (three cards, then the fourth, then the fifth),
  so a flop dealt card by card is one street.
- The uncalled bet is the top bettor's chips in the hand less the next highest (anyone's):
  potlog returns it as an award of its own ("uncalled bet returned") at a showdown, and as part
  of the whole pot when everyone else folds; either way it is the hand's `uncalled`, not
  something collected from a pot.
- There is a showdown when two players or more are still in once the betting is over.
- A pot is the one an award's reason names (``main pot``, ``side pot N``), else the pot.
- The fixed-limit bets: the table's small and big bet, or the big blind and twice it.
- `Hand.game_id` numbers a hand for the trackers, which key hands by a number: the session's
  name (hashed to twelve digits) and the hand number, so hands of different sessions never
  share one and a hand keeps it from one export to the next.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from .. import events as ev
from ..cards import UNKNOWN
from ..core.options import options_of
from ..errors import InputError
from ..games import get_ruleset
from ..kit import poker, pots
from ..kit.poker import BB_ANTE
from ..kit.evaluators import Ranked
from ..reducer import apply
from ..state import TableState
from .phh_format import stakes

GAMES = ("holdem", "omaha")
_STAKES = (ev.Ante, ev.Bet, ev.Call, ev.Raise, ev.AllIn)
_BLINDS = ("small blind", "big blind", "straddle")
_POT = re.compile(r"^(main pot|side pot \d+)")


def card(c: str) -> str:
    """A potlog card as the sites write it: ``10D`` is ``Td``, ``AS`` is ``As``."""
    if c == UNKNOWN:
        return c
    rank, suit = c[:-1], c[-1]
    return ("T" if rank == "10" else rank) + suit.lower()


def known(cards: Iterable[str]) -> list[str]:
    """`cards` as the sites write them, or [] when one of them is unseen."""
    cards = list(cards)
    return [card(c) for c in cards] if cards and UNKNOWN not in cards else []


@dataclass
class Act:
    """One line of a hand: a forced bet (``ante``, ``small blind``, ``big blind``,
    ``straddle``), a move (``fold``, ``check``, ``call``, ``bet``, ``raise``), a street's
    board (``board``) or, at the end, ``show`` and ``muck``. `amount` is the chips it puts in;
    `to` a bet's or raise's bet in the round after it, `by` what a raise adds above the bet."""

    player: str
    kind: str
    street: int
    amount: int = 0
    to: int = 0
    by: int = 0
    all_in: bool = False
    cards: list[str] = field(default_factory=list)


@dataclass
class Player:
    name: str
    seat: int
    stack: int
    end: int = 0
    dealt: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)


@dataclass
class Hand:
    """One finished hand (see the module docstring)."""

    session: str
    number: int
    game: str
    title: str
    started_at: str
    cents: bool
    structure: str
    hilo: bool
    small_blind: int
    big_blind: int
    ante: int
    small_bet: int
    big_bet: int
    button: str
    table_size: int
    players: list[Player]
    actions: list[Act] = field(default_factory=list)
    shows: list[Act] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    uncalled: tuple[str, int] | None = None
    uncalled_at: int = 0
    awards: list[tuple[str, str, int]] = field(default_factory=list)
    showdown: bool = False

    @property
    def game_id(self) -> int:
        return int(hashlib.sha256(self.session.encode()).hexdigest(), 16) % 10**12 * 10**6 + self.number

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def won(self, name: str) -> int:
        """What `name` collected from the pots (the uncalled bet is no winning)."""
        return sum(a for _, p, a in self.awards if p == name)

    def pots(self) -> list[tuple[str, int]]:
        """Each pot paid and its chips, in the order paid (the main pot first)."""
        out: dict[str, int] = {}
        for pot, _, amount in self.awards:
            out[pot] = out.get(pot, 0) + amount
        return list(out.items())

    def folded(self, name: str) -> int | None:
        """The street `name` folded on (0: before the flop), or None."""
        return next((a.street for a in self.actions if a.player == name and a.kind == "fold"), None)

    def label(self, name: str, low: bool = False) -> Ranked | None:
        """The high hand `name` shows (`low`: their qualifying low, in a hi-lo game), with the
        board as it stands (None: not all of it known, not enough of it to rank, no low)."""
        from ..games.holdem import HOLDEM
        from ..games.omaha import OMAHA

        hole = self.player(name).shown
        game = HOLDEM if self.game == "holdem" else OMAHA
        rank = game.low if low else game.best
        if not hole or len(self.board) < 3 or rank is None or (low and not self.hilo):
            return None
        try:
            return rank([_potlog(c) for c in hole], [_potlog(c) for c in self.board])
        except InputError:
            return None


def _potlog(c: str) -> str:
    return ("10" if c[0] == "T" else c[0]) + c[1].upper()


class _Walk:
    """A hand being folded: `before` reads the table before an event, `after` once it is in."""

    def __init__(self, state: TableState, session: str, at: str):
        x = poker.ext(state)
        assert state.hand is not None
        o = options_of(state, get_ruleset(state.game).options)
        s = stakes(state)
        small = s["small_bet"] or s["big_blind"]
        names = [seat.name for seat in state.seats]
        order = sorted(x.order, key=names.index)
        self.hand = Hand(session=session, number=state.hand.number, game=state.game, title=state.title or session,
                         started_at=at, cents=state.chip_unit == "cent", structure=str(getattr(o, "structure", "")),
                         hilo=getattr(o, "split", "high") == "hi-lo", small_blind=s["small_blind"],
                         big_blind=s["big_blind"], ante=s["ante"] or s["bb_ante"], small_bet=small,
                         big_bet=s["big_bet"] or 2 * small, button=state.hand.dealer,
                         table_size=len(names),
                         players=[Player(p, names.index(p) + 1, state.stack(p)) for p in order])
        self.seated = set(order)
        self.pending: list[str] = []  # board cards dealt, their street not yet complete

    def before(self, state: TableState, event: ev.Event) -> dict[str, Any]:
        x = poker.ext(state)
        seen: dict[str, Any] = {"phase": x.phase, "high": state.hand.current_bet if state.hand else 0}
        if x.phase == "blinds" and x.posted < len(x.plan):
            kind, _, _ = x.plan[x.posted]
            blinds = sum(1 for item in x.plan[:x.posted] if item[0] == "blind")
            seen["forced"] = _BLINDS[min(blinds, 2)] if kind == "blind" else "ante"
        if isinstance(event, ev.PotAwarded) and not self.hand.awards and self.hand.uncalled is None:
            seen["back"] = pots.uncalled(state)
        return seen

    def after(self, seen: dict[str, Any], event: ev.Event, state: TableState) -> None:
        h, street = self.hand, sum(1 for a in self.hand.actions if a.kind == "board")
        player = getattr(event, "player", None) or getattr(event, "holder", None) or ""
        seat = state.seat(player)
        if isinstance(event, ev.CardsDealt):
            self._dealt(event, street)
        elif isinstance(event, ev.PotAwarded):
            self._paid(seen, event)
        elif isinstance(event, ev.CardsRevealed) and player in self.seated and seat is not None:
            h.player(player).shown = known(c.card for c in seat.cards)
            h.shows.append(Act(player, "show", street, cards=list(h.player(player).shown)))
        elif isinstance(event, ev.Transfer) and event.reason == BB_ANTE and event.from_account[5:] in self.seated:
            who = event.from_account[5:]
            h.actions.append(Act(who, "ante", 0, event.amount, all_in=state.stack(who) == 0))
        elif player not in self.seated or seat is None:
            return
        elif "forced" in seen and isinstance(event, _STAKES):
            h.actions.append(Act(player, seen["forced"], 0, event.amount, to=seat.round_bet, all_in=seat.all_in))
        elif isinstance(event, ev.Fold) and seen["phase"] == "showdown":
            h.shows.append(Act(player, "muck", street, cards=known(c.card for c in seat.cards)))
        elif isinstance(event, (ev.Fold, ev.Check)):
            h.actions.append(Act(player, "fold" if isinstance(event, ev.Fold) else "check", street))
            self._moved()
        elif isinstance(event, (ev.Bet, ev.Raise, ev.AllIn, ev.Call)):
            high, to = seen["high"], seat.round_bet
            kind = "call" if to <= high else "raise" if high else "bet"
            h.actions.append(Act(player, kind, street, event.amount, to=to, by=to - high if kind == "raise" else 0,
                                 all_in=seat.all_in or state.stack(player) == 0))
            self._moved()
        if state.hand is not None and not h.showdown and seen["phase"] != "showdown" \
                and poker.ext(state).phase == "showdown":
            h.showdown = len(state.live_players()) >= 2

    def _moved(self) -> None:
        self.hand.uncalled_at = len(self.hand.actions)

    def _dealt(self, event: ev.CardsDealt, street: int) -> None:
        h = self.hand
        if event.to in self.seated:
            h.player(event.to).dealt += list(event.cards)
            return
        if event.to != "board":
            return
        self.pending += [card(c) for c in event.cards]
        while self.pending and len(h.board) < 5:
            need = 3 if not h.board else 1
            if len(self.pending) < need:
                break
            new, self.pending = self.pending[:need], self.pending[need:]
            h.board += new
            h.actions.append(Act("", "board", street + 1, cards=new))
            street += 1

    def _paid(self, seen: dict[str, Any], event: ev.PotAwarded) -> None:
        h = self.hand
        shares = [(s.player, s.amount) for s in event.shares]
        if event.reason == pots.UNCALLED and len(shares) == 1 and h.uncalled is None:
            h.uncalled = shares[0]
            return
        back = seen.get("back")
        if back is not None:  # everyone else folded: the pot holds the uncalled bet too
            who, chips = back
            if any(p == who and a >= chips for p, a in shares):
                h.uncalled = (who, chips)
                shares = [(p, a - chips if p == who else a) for p, a in shares]
        named = _POT.match(event.reason)
        pot = named.group(1) if named else "pot"
        h.awards += [(pot, p, a) for p, a in shares if a and p in self.seated]


def session_hands(events: Iterable[tuple[int, ev.Event]], voided: Iterable[int] = (), session: str = "",
                  times: dict[int, str] | None = None) -> list[Hand]:
    """The finished hold'em and Omaha hands of one session's events (`times`: when each
    event was recorded, by seq)."""
    skip, out = set(voided), []
    state = TableState(session=session)
    walk: _Walk | None = None
    for seq, event in events:
        if seq in skip:
            continue
        if walk is not None and not isinstance(event, ev.HandStarted):
            seen = walk.before(state, event)
            apply(state, seq, event)
            walk.after(seen, event, state)
            if isinstance(event, ev.HandEnded):
                for p in walk.hand.players:
                    p.end = state.stack(p.name)
                out.append(walk.hand)
                walk = None
            continue
        apply(state, seq, event)
        walk = None
        if isinstance(event, ev.HandStarted) and state.game in GAMES:
            walk = _Walk(state, session, (times or {}).get(seq, ""))
    return out


def hands(ledger: Any, sessions: list[str], fmt: str) -> list[Hand]:
    """Every finished hold'em and Omaha hand of `sessions`, in order; `InputError` naming the
    formats that fit when none of the sessions plays either game."""
    from . import FORMATS
    from ..phh.variants import GAMES as PHH

    out: list[Hand] = []
    games: list[str] = []
    for sid in sessions:
        ledger.store.require(sid)
        games.append(ledger.state(sid).game)
        recorded = list(ledger.store.recorded(sid))
        out += session_hands([(r.seq, r.event) for r in recorded], ledger.store.voids(sid), sid,
                             {r.seq: r.recorded_at for r in recorded})
    if out or any(g in GAMES for g in games):
        return out
    other = sorted(set(games))
    fits = [f for f in FORMATS if f not in ("pokerstars", "ohh") and (f != "phh" or set(other) <= set(PHH))
            and (f != "mat" or set(other) <= {"backgammon"})]
    raise InputError(f"{fmt} holds hold'em and Omaha hands, and {', '.join(other)} is neither: "
                     f"export it with -f {', '.join(fits[:-1])} or {fits[-1]}")
