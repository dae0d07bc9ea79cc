"""Audit a session's chips: where every chip came from and went, and whether it reconciles.

The session is folded from scratch (`ledger.reducer.fold` with an observer); the postings
each event makes are the only source of the flows. For a session the audit gives:

- per player: bought in, rebought, cashed out, stack now, net (stack + cashed out - bought
  in - rebought);
- per hand: who put how much into which pot, who took what out of a pot, what rode in from
  ``carry`` and out to it, what went to the house, any other movement, stacks before and
  after; movements between hands (buy-ins, rebuys, cash-outs, payments) are listed apart;
- conservation: the chip invariants (`ledger.chips.check`) after every event, the pots
  empty at every hand's end unless the game keeps them;
- every physical count (``chip_count``) against the ledger's stack at that moment;
- every void (with its reason and what it cancelled) and every table ruling (``--override``).

A session reconciles when no invariant breaks and every count matches. Voids and rulings
are listed, not failures. `season` adds the per-player totals of several sessions.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from . import events as ev
from .chips import Posting
from .chips import check as check_chips
from .describe import describe
from .errors import ChipError
from .reducer import fold
from .state import TableState

Progress = Callable[[int], None]


@dataclass(frozen=True)
class Movement:
    """One posting, with where it was recorded."""

    seq: int
    source: str
    dest: str
    amount: int
    reason: str


@dataclass
class PlayerLine:
    player: str
    bought_in: int = 0
    rebought: int = 0
    cashed_out: int = 0
    stack: int = 0
    net: int = 0


@dataclass
class HandFlow:
    """The chips of one hand.

    Attributes:
        put_in: player -> pot account -> chips they put in.
        took_out: player -> chips they took out of pots.
        carry_in / carry_out: chips that rode in from ``carry`` / out to it.
        to_house: chips that went to ``house``.
        pot_total: chips that went into pots (from seats and from carry).
        cage: player -> chips bought (rebuys, joins) minus cashed out during the hand.
        other: every other movement in the hand (payments between seats, from the house ...).
        stacks_before / stacks_after: the seats' stacks at the hand's start and end.
    """

    hand: int
    dealer: str
    first_seq: int
    last_seq: int
    ended: bool = False
    players: list[str] = field(default_factory=list)
    put_in: dict[str, dict[str, int]] = field(default_factory=dict)
    took_out: dict[str, int] = field(default_factory=dict)
    carry_in: int = 0
    carry_out: int = 0
    to_house: int = 0
    pot_total: int = 0
    cage: dict[str, int] = field(default_factory=dict)
    other: list[Movement] = field(default_factory=list)
    stacks_before: dict[str, int] = field(default_factory=dict)
    stacks_after: dict[str, int] = field(default_factory=dict)

    @property
    def net(self) -> dict[str, int]:
        names = list(dict.fromkeys([*self.stacks_before, *self.stacks_after]))
        return {p: self.stacks_after.get(p, 0) - self.stacks_before.get(p, 0) - self.cage.get(p, 0) for p in names}


@dataclass(frozen=True)
class CountLine:
    seq: int
    hand: int | None
    player: str
    counted: int
    ledger: int

    @property
    def difference(self) -> int:
        return self.counted - self.ledger


@dataclass(frozen=True)
class VoidLine:
    seq: int
    target: int
    reason: str
    cancelled: str


@dataclass(frozen=True)
class RulingLine:
    seq: int
    hand: int | None
    ruling: str
    event: str
    voided: bool


@dataclass(frozen=True)
class Problem:
    """Something that does not reconcile: kind ``conservation``, ``count`` or ``unreadable``."""

    seq: int
    hand: int | None
    kind: str
    message: str


@dataclass
class SessionAudit:
    session: str
    game: str = ""
    title: str = ""
    chip_unit: str = "chip"
    events: int = 0
    closed: bool = False
    players: list[PlayerLine] = field(default_factory=list)
    hands: list[HandFlow] = field(default_factory=list)
    between_hands: list[Movement] = field(default_factory=list)
    counts: list[CountLine] = field(default_factory=list)
    voids: list[VoidLine] = field(default_factory=list)
    rulings: list[RulingLine] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    accounts: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def mismatches(self) -> list[CountLine]:
        return [c for c in self.counts if c.difference]

    def nets(self) -> dict[str, int]:
        return {p.player: p.net for p in self.players}

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        for h, flow in zip(data["hands"], self.hands):
            h["net"] = flow.net
        for c, line in zip(data["counts"], self.counts):
            c["difference"] = line.difference
        data["ok"] = self.ok
        return data


def hand_of(state: TableState, event: ev.Event) -> int | None:
    hand = state.hand
    if hand is None or not hand.number:
        return None
    if not hand.ended or isinstance(event, ev.HandEnded):
        return hand.number
    return None


def _stacks(state: TableState) -> dict[str, int]:
    return {s.name: state.stack(s.name) for s in state.seats if s.active or state.stack(s.name)}


def _seat_name(account: str) -> str | None:
    return account[5:] if account.startswith("seat:") else None


def _is_pot(account: str) -> bool:
    return account == "pot" or account.startswith("pot:")


def _book(flow: HandFlow, seq: int, p: Posting) -> None:
    src, dst = _seat_name(p.source), _seat_name(p.dest)
    if _is_pot(p.dest):
        flow.pot_total += p.amount
    if src is not None and _is_pot(p.dest):
        row = flow.put_in.setdefault(src, {})
        row[p.dest] = row.get(p.dest, 0) + p.amount
    elif _is_pot(p.source) and dst is not None:
        flow.took_out[dst] = flow.took_out.get(dst, 0) + p.amount
    elif p.source == "carry" and _is_pot(p.dest):
        flow.carry_in += p.amount
    elif _is_pot(p.source) and p.dest == "carry":
        flow.carry_out += p.amount
    elif p.source == "bank" and dst is not None:
        flow.cage[dst] = flow.cage.get(dst, 0) + p.amount
    elif src is not None and p.dest == "bank":
        flow.cage[src] = flow.cage.get(src, 0) - p.amount
    else:
        if p.dest == "house":
            flow.to_house += p.amount
        flow.other.append(Movement(seq, p.source, p.dest, p.amount, p.reason))


def audit_records(records: list[tuple[int, ev.Event]], session: str, *,
                  voids: dict[int, int] | None = None, progress: Progress | None = None) -> SessionAudit:
    """Audit a session given all its (seq, event) pairs in order."""
    by_seq = {seq: e for seq, e in records}
    if voids is None:
        voids = {e.target: seq for seq, e in records if isinstance(e, ev.Void)}
    out = SessionAudit(session, events=len(records))
    flows: dict[int, HandFlow] = {}
    current: list[HandFlow | None] = [None]
    broken: list[str | None] = [None]
    done = [0]
    last = [0]

    def observe(seq: int, event: ev.Event, postings: list[Posting], st: TableState) -> None:
        done[0] += 1
        last[0] = seq
        if progress is not None:
            progress(done[0])
        hand = hand_of(st, event)
        if isinstance(event, ev.HandStarted) and st.hand is not None:  # applied: the hand is there
            started = HandFlow(hand=st.hand.number, dealer=st.hand.dealer, first_seq=seq, last_seq=seq,
                               players=[s.name for s in st.seats if s.in_hand], stacks_before=_stacks(st))
            out.hands.append(started)
            current[0] = started
        flow = current[0] if hand is not None else None
        for p in postings:
            if flow is not None:
                _book(flow, seq, p)
            else:
                out.between_hands.append(Movement(seq, p.source, p.dest, p.amount, p.reason))
        if flow is not None:
            flow.last_seq = seq
            flow.stacks_after = _stacks(st)
            if isinstance(event, ev.HandEnded):
                flow.ended = True
                current[0] = None
        if isinstance(event, ev.ChipCount):
            e = event
            out.counts.append(CountLine(seq, hand, e.player, e.counted, st.stack(e.player)))
            if e.counted != st.stack(e.player):
                diff = e.counted - st.stack(e.player)
                out.problems.append(Problem(seq, hand, "count",
                                            f"seq {seq}: {e.player}'s chips were counted at {e.counted}, the ledger "
                                            f"says {st.stack(e.player)} ({diff:+d})"
                                            + (f" in hand {hand}" if hand else "")))
        try:
            check_chips(st, hand_closed=isinstance(event, ev.HandEnded))
            broken[0] = None
        except ChipError as exc:
            if str(exc) != broken[0]:
                out.problems.append(Problem(seq, hand, "conservation", f"seq {seq}: {exc}"))
            broken[0] = str(exc)

    state = TableState(session=session)
    try:
        state = fold(records, state=state, voided=set(voids), observer=observe)
    except Exception as exc:  # a tampered or impossible log through the games' evolve (anything): name where it stops
        nxt = next((s for s, _ in records if s > last[0] and s not in voids), last[0] + 1)
        out.problems.append(Problem(nxt, None, "unreadable",
                                    f"seq {nxt} cannot be applied ({type(exc).__name__}: {exc})"[:300]))
        return out
    out.game, out.title, out.chip_unit, out.closed = state.game, state.title, state.chip_unit, state.closed
    for s in state.seats:
        stack = state.stack(s.name)
        out.players.append(PlayerLine(s.name, s.bought_in, s.rebought, s.cashed_out, stack,
                                      stack + s.cashed_out - s.bought_in - s.rebought))
    out.accounts = {k: v for k, v in state.balances.items() if not k.startswith("seat:")}
    for target, vseq in sorted(voids.items(), key=lambda kv: kv[1]):
        void = by_seq.get(vseq)
        victim = by_seq.get(target)
        out.voids.append(VoidLine(vseq, target, void.reason if isinstance(void, ev.Void) else "",
                                  describe(victim) if victim is not None else "(no such event)"))
    hand_no: int | None = None
    for seq, e in records:
        if isinstance(e, ev.HandStarted):
            hand_no = e.hand
        if e.ruling is not None:
            out.rulings.append(RulingLine(seq, hand_no, e.ruling, describe(e.model_copy(update={"ruling": None})),
                                          seq in voids))
    return out


def audit_session(store: Any, session: str, *, progress: Progress | None = None) -> SessionAudit:
    store.require(session)
    records = list(store.events(session))
    return audit_records(records, session, voids=store.voids(session), progress=progress)


@dataclass
class SeasonLine:
    player: str
    sessions: int = 0
    bought_in: int = 0
    rebought: int = 0
    cashed_out: int = 0
    stack: int = 0
    net: int = 0


def season(audits: list[SessionAudit]) -> list[SeasonLine]:
    """Per-player totals across sessions, best net first (ties by name)."""
    table: dict[str, SeasonLine] = {}
    for a in audits:
        for p in a.players:
            line = table.setdefault(p.player, SeasonLine(p.player))
            line.sessions += 1
            line.bought_in += p.bought_in
            line.rebought += p.rebought
            line.cashed_out += p.cashed_out
            line.stack += p.stack
            line.net += p.net
    return sorted(table.values(), key=lambda s: (-s.net, s.player))
