"""Statistics per player across the sessions of a store (``potlog stats``).

A session is read once through the store's read APIs (`EventStore.events`, `voids`,
`sessions`: SQLite and PostgreSQL alike) and folded twice: `ledger.audit` for the chips
(each player's net, each hand's result and pot) and `session_facts` here for what the audit
does not keep (the game of each hand, the poker players' acts). Voided events are left out,
as everywhere. Only finished hands count (a hand still being played has no result yet).

The figures, per player:

- **sessions**: the sessions they sat in (with ``--game``: in which they were dealt a hand of
  that game);
- **hands**: the finished hands they were dealt into;
- **hours**: the time they sat, from each join to their leave (or to the session's last
  event when they stayed), by the times the events were recorded, added up over the sessions
  (a log without times, such as one built in memory, counts each session's first to last
  event);
- **net**: chips won (negative: lost), in the sessions' chip unit. Sessions counted in
  different units (``potlog new --unit``: chips one night, cents another) are not the same
  money, so a player has one line per unit, each with only that unit's sessions. Without ``--game``, each session's net result as
  ``potlog audit`` and ``settle`` count it (stack + cashed out - bought in - rebought, so
  payments between hands count); with ``--game``, the sum of their results in the hands of
  that game only (a session may switch games between hands);
- **biggest win / biggest loss**: their best and worst result in one hand (stack after the
  hand minus stack before it, chips bought meanwhile left out), with where it happened.

For the poker games, the games built on the poker engine (`ledger.kit.poker`: found by their
ruleset, `is_poker`), counted over their poker hands (dealt in and finished):

- **VPIP** (voluntarily put chips in the pot): the hands in which they called, bet, raised or
  went all-in in the first betting round (hold'em's preflop, stud's third street, a draw
  game's betting before the first draw). The blinds, antes, straddle and bring-in are forced,
  not voluntary; a big blind who only checks has not put chips in voluntarily. A stud
  player who completes the bring-in has.
- **PFR** (preflop raise): the hands in which they bet or raised in the first betting round
  (a raise over the blinds, a stud completion, a draw game's opening bet; an all-in that
  raises counts, one that only calls does not).
- **AF** (aggression factor): their voluntary bets and raises divided by their calls, over
  every betting round (an all-in counts as a raise when it raises, else as a call); none
  when they never called.
- **WTSD** (went to showdown): the hands in which they were still in (not folded, all-in
  included) when the betting was over with two or more players still in, of the hands they
  were dealt. A player who mucks at the showdown (potlog records a muck as a fold after the
  betting) went to it; one who folds in the betting did not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from typing import Any, Iterable

from . import events as ev
from .audit import HandFlow, SessionAudit, audit_records
from .errors import InputError, NotFound
from .kit.pots import UNCALLED  # the reason of the award that gives an uncalled bet back
from .reducer import fold
from .state import TableState
from .text import printable

MOVES = (ev.Bet, ev.Call, ev.Raise, ev.AllIn)


@lru_cache(maxsize=None)
def is_poker(game: str) -> bool:
    """Whether `game` is played on the poker engine (its ruleset's table is the engine's)."""
    from .games import get_ruleset
    from .kit import poker

    try:
        return get_ruleset(game).initial is poker.initial
    except Exception:  # a game this code does not know (recorded by a newer potlog): not poker
        return False


def poker_games() -> list[str]:
    """Every game of `potlog games` built on the poker engine."""
    from .games import available

    return [g for g in available() if is_poker(g)]


@dataclass
class Acts:
    """One player's acts in one poker hand (voluntary moves only)."""

    vpip: bool = False
    pfr: bool = False
    aggressive: int = 0  # bets and raises
    calls: int = 0
    showdown: bool = False


@dataclass
class HandFacts:
    """One finished hand: its game, who was dealt in, its chips (the audit's flow), and for a
    poker hand each player's acts."""

    session: str
    game: str
    flow: HandFlow
    players: list[str]
    acts: dict[str, Acts] | None = None
    returned: dict[str, int] = field(default_factory=dict)  # uncalled bets given back from the pot

    @property
    def hand(self) -> int:
        return self.flow.hand

    @property
    def pot(self) -> int:
        """The chips that went into the hand's pots, the uncalled bets given back left out."""
        return self.flow.pot_total - sum(self.returned.values())

    @property
    def winners(self) -> list[str]:
        """Who took chips out of the pots (an uncalled bet back is no win), most first."""
        won = {p: n - self.returned.get(p, 0) for p, n in self.flow.took_out.items()}
        return [p for p, n in sorted(won.items(), key=lambda kv: (-kv[1], kv[0])) if n > 0]


@dataclass
class SessionFacts:
    session: str
    audit: SessionAudit
    hands: list[HandFacts] = field(default_factory=list)
    started: str = ""
    last: str = ""
    sat: dict[str, float] = field(default_factory=dict)  # seconds each player sat (known times only)

    def seconds_of(self, player: str) -> float:
        """The seconds `player` sat here (the session's span when the times are not known)."""
        return self.sat.get(player, 0.0) if self.sat else self.seconds

    @property
    def seconds(self) -> float:
        """From the first event to the last (0 when the times are not known)."""
        return span(self.started, self.last)


def span(started: str, last: str) -> float:
    """The seconds from the time stamp `started` to `last` (0 when either is not known)."""
    if not started or not last:
        return 0.0
    return max(0.0, (_when(last) - _when(started)).total_seconds())


def _when(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


@dataclass
class _Hand:
    seq: int
    game: str
    acts: dict[str, Acts] | None
    shown: list[str] | None = None  # who was still in when the betting was over
    returned: dict[str, int] = field(default_factory=dict)  # uncalled bets given back


class _Acts:
    """The fold's observer: the game of each hand, and the poker acts, read from the table just
    before each event (the previous call's state) and just after it."""

    def __init__(self) -> None:
        self.hands: dict[int, _Hand] = {}  # by the seq of the hand's hand_started
        self.current: _Hand | None = None
        self.phase, self.street, self.high, self.bring = "", 0, 0, False
        self.bets: dict[str, int] = {}

    def __call__(self, seq: int, event: ev.Event, postings: Any, st: TableState) -> None:
        from .kit import poker

        t = type(event)
        if t is ev.HandStarted:
            acts = None
            if is_poker(st.game):
                acts = {p: Acts() for p in poker.ext(st).order}
            self.current = self.hands[seq] = _Hand(seq, st.game, acts)
        hand = self.current
        if hand is not None and t is ev.PotAwarded and getattr(event, "reason") == UNCALLED:
            for share in getattr(event, "shares"):
                hand.returned[share.player] = hand.returned.get(share.player, 0) + share.amount
        if hand is None or hand.acts is None:
            return
        if t in MOVES and self.phase == "bet":
            self._move(st, event, hand.acts)
        elif t is ev.HandEnded:
            if hand.shown is None:  # ended without the engine's showdown (a ruling): who is still in
                hand.shown = self._in(st, hand.acts)
            if len(hand.shown) >= 2:
                for p in hand.shown:
                    hand.acts[p].showdown = True
        if st.hand is not None and not st.hand.ended:
            x = poker.ext(st)
            if x.phase == "showdown" and hand.shown is None:
                hand.shown = self._in(st, hand.acts)
            self.phase, self.street, self.high, self.bring = x.phase, x.street, st.hand.current_bet, x.bring
            self.bets = {s.name: s.round_bet for s in st.seats if s.in_hand}
        else:
            self.phase = ""

    @staticmethod
    def _in(st: TableState, acts: dict[str, Acts]) -> list[str]:
        return [p for p in acts if (s := st.seat(p)) is not None and not s.folded]

    def _move(self, st: TableState, event: ev.Event, acts: dict[str, Acts]) -> None:
        player: str = getattr(event, "player")
        mine = acts.get(player)
        if mine is None:
            return
        to = self.bets.get(player, 0) + getattr(event, "amount")  # the player's bet in the round, after
        t = type(event)
        if self.bring and t in (ev.Bet, ev.AllIn) and to <= _bring_in(st):
            return  # the bring-in: forced
        raises = t in (ev.Bet, ev.Raise) or (t is ev.AllIn and to > self.high)
        if raises:
            mine.aggressive += 1
        else:
            mine.calls += 1
        if self.street == 0:
            mine.vpip = True
            mine.pfr = mine.pfr or raises


def _bring_in(st: TableState) -> int:
    from .core.options import options_of
    from .games import get_ruleset

    return int(getattr(options_of(st, get_ruleset(st.game).options), "bring_in", 0) or 0)


def sitting(records: list[tuple[int, ev.Event]], times: dict[int, str], voided: set[int] | dict[int, int],
            last: str) -> dict[str, float]:
    """The seconds each player sat: from a join to their leave, or to `last` (the session's last
    event) when they stayed; `times` gives each event's time stamp by seq."""
    sat: dict[str, float] = {}
    since: dict[str, str] = {}
    for seq, e in records:
        if seq in voided:
            continue
        if isinstance(e, ev.PlayerJoined) and e.player not in since:
            since[e.player] = times.get(seq, "")
            sat.setdefault(e.player, 0.0)
        elif isinstance(e, ev.PlayerLeft) and e.player in since:
            sat[e.player] += span(since.pop(e.player), times.get(seq, ""))
    for p, start in since.items():
        sat[p] += span(start, last)
    return sat


def session_facts(records: list[tuple[int, ev.Event]], session: str, *, voids: dict[int, int] | None = None,
                  started: str = "", last: str = "", times: dict[int, str] | None = None) -> SessionFacts:
    """The facts of one session from its (seq, event) pairs in order (`times`: each event's time
    stamp by seq, when known: then each player's hours are the time they sat)."""
    if voids is None:
        voids = {e.target: seq for seq, e in records if isinstance(e, ev.Void)}
    audit = audit_records(records, session, voids=voids)
    seen = _Acts()
    try:
        fold(records, state=TableState(session=session), voided=set(voids), observer=seen)
    except Exception:  # a log the rules cannot fold: the audit names it; the hands read so far stay
        pass
    out = SessionFacts(session, audit, started=started, last=last)
    if times:
        out.sat = sitting(records, times, voids, last)
    for flow in audit.hands:
        if not flow.ended:
            continue
        h = seen.hands.get(flow.first_seq)
        game = h.game if h is not None else audit.game
        acts = h.acts if h is not None else None
        out.hands.append(HandFacts(session, game, flow, list(acts) if acts is not None else list(flow.players), acts,
                                   dict(h.returned) if h is not None else {}))
    return out


def read_session(store: Any, session: str) -> SessionFacts:
    """`session_facts` of a stored session, with its first and last event times."""
    store.require(session)
    info = next((s for s in store.sessions() if s.session == session), None)
    return session_facts(list(store.events(session)), session, voids=store.voids(session),
                         started=info.started if info else "", last=info.last if info else "")


def times_of(store: Any, session: str) -> dict[int, str]:
    """Each event's time stamp by seq (`EventStore.stamps`)."""
    return {seq: at for seq, _, at in store.stamps(session)}


# ----------------------------------------------------------------------------- per player

@dataclass(frozen=True)
class Extreme:
    """A player's best or worst hand: its result and where it was."""

    chips: int
    session: str
    hand: int
    game: str

    def to_data(self) -> dict[str, Any]:
        return {"chips": self.chips, "session": self.session, "hand": self.hand, "game": self.game}


@dataclass
class PlayerStats:
    player: str
    unit: str = "chip"
    sessions: int = 0
    hands: int = 0
    seconds: float = 0.0
    net: int = 0
    biggest_win: Extreme | None = None
    biggest_loss: Extreme | None = None
    poker_hands: int = 0
    vpip: int = 0
    pfr: int = 0
    aggressive: int = 0
    calls: int = 0
    showdowns: int = 0

    @property
    def hours(self) -> float:
        return round(self.seconds / 3600, 2)

    def share(self, n: int) -> float | None:
        """`n` of the poker hands, as a percentage (one decimal); None without poker hands."""
        return round(100 * n / self.poker_hands, 1) if self.poker_hands else None

    @property
    def af(self) -> float | None:
        """Bets and raises per call (two decimals); None when they never called."""
        return round(self.aggressive / self.calls, 2) if self.calls else None

    def to_data(self) -> dict[str, Any]:
        poker = None
        if self.poker_hands:
            poker = {"hands": self.poker_hands, "vpip": self.vpip, "pfr": self.pfr, "bets_raises": self.aggressive,
                     "calls": self.calls, "showdowns": self.showdowns, "vpip_pct": self.share(self.vpip),
                     "pfr_pct": self.share(self.pfr), "af": self.af, "wtsd_pct": self.share(self.showdowns)}
        return {"player": self.player, "unit": self.unit, "sessions": self.sessions, "hands": self.hands, "hours": self.hours,
                "net": self.net,
                "biggest_win": self.biggest_win.to_data() if self.biggest_win else None,
                "biggest_loss": self.biggest_loss.to_data() if self.biggest_loss else None,
                "poker": poker}


def parse_day(text: str, option: str) -> date:
    """A date as ``YYYY-MM-DD``, or one line saying so."""
    try:
        return date.fromisoformat(text.strip())
    except (ValueError, AttributeError):
        raise InputError(f"{option} {printable(text)!r} is not a date: give it as YYYY-MM-DD, like 2026-11-21") from None


def check_game(game: str) -> str:
    """`game` when potlog knows it, else one line naming the games."""
    from .games import available

    names = available()
    if game not in names:
        raise InputError(f"no game {printable(game)!r}: --game takes one of {', '.join(names)}")
    return game


def chosen(infos: Iterable[Any], since: date | None = None, until: date | None = None) -> list[Any]:
    """The sessions (`SessionInfo`) started between `since` and `until`, both days included
    (the day of a session's first event, UTC)."""
    out = []
    for info in infos:
        day = _when(info.started).date() if info.started else None
        if day is not None and ((since is not None and day < since) or (until is not None and day > until)):
            continue
        out.append(info)
    return out


def tally(sessions: Iterable[SessionFacts], *, game: str | None = None,
          player: str | None = None) -> list[PlayerStats]:
    """Per-player figures of `sessions`, a line per player and chip unit (by unit, then best net
    first, ties by name); with `game`, only the hands of that game; with `player`, that
    player's lines only."""
    table: dict[tuple[str, str], PlayerStats] = {}
    for facts in sessions:
        unit = facts.audit.chip_unit or "chip"
        hands = [h for h in facts.hands if game is None or h.game == game]
        seated: dict[str, int] = {}
        if game is None:
            seated = {p.player: p.net for p in facts.audit.players}
        else:
            for h in hands:
                for p in h.players:
                    seated[p] = seated.get(p, 0) + h.flow.net.get(p, 0)
        for name, net in seated.items():
            line = table.setdefault((unit, name), PlayerStats(name, unit))
            line.sessions += 1
            line.seconds += facts.seconds_of(name)
            line.net += net
        for h in hands:
            results = h.flow.net
            for p in h.players:
                line = table.setdefault((unit, p), PlayerStats(p, unit))
                line.hands += 1
                result = results.get(p, 0)
                if result > 0 and (line.biggest_win is None or result > line.biggest_win.chips):
                    line.biggest_win = Extreme(result, h.session, h.hand, h.game)
                if result < 0 and (line.biggest_loss is None or result < line.biggest_loss.chips):
                    line.biggest_loss = Extreme(result, h.session, h.hand, h.game)
                acts = h.acts.get(p) if h.acts is not None else None
                if acts is not None:
                    line.poker_hands += 1
                    line.vpip += acts.vpip
                    line.pfr += acts.pfr
                    line.aggressive += acts.aggressive
                    line.calls += acts.calls
                    line.showdowns += acts.showdown
    lines = sorted(table.values(), key=lambda s: (s.unit, -s.net, s.player))
    if player is not None:
        lines = [s for s in lines if s.player == player]
        if not lines:
            names = ", ".join(sorted({name for _, name in table})) or "none"
            raise NotFound(f"no player {printable(player)!r} in the sessions chosen: the players are {names}")
    return lines


def collect(store: Any, *, game: str | None = None, player: str | None = None, since: date | None = None,
            until: date | None = None) -> tuple[list[PlayerStats], int]:
    """The per-player figures of every session in `store` that the filters keep, and how many
    sessions were read. Refuses (one line) an unknown game, a date range backwards, a store
    with no session, and a player in none of the sessions chosen."""
    if game is not None:
        check_game(game)
    if since is not None and until is not None and since > until:
        raise InputError(f"--since {since} is after --until {until}: give the earlier day first")
    infos = store.sessions()
    if not infos:
        raise NotFound("no sessions in this database yet: start one with 'potlog new GAME'")
    picked = chosen(infos, since, until)
    facts = [session_facts(list(store.events(i.session)), i.session, voids=store.voids(i.session),
                           started=i.started, last=i.last, times=times_of(store, i.session)) for i in picked]
    return tally(facts, game=game, player=player), len(picked)
