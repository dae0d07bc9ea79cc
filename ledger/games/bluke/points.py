"""Games scored in points over a run of hands (Bluke now; Whist, Skat, Oh Hell next).

What they share: each hand's points per player (``scored`` events potlog records by itself),
points given as table rulings (``score --override``, kept as adjustments), one history row per
finished hand, and the running scores and tallies a scorecard lays out. Played for chips at a
stake per point (`Stake`), every pair of players settles the difference of their scores when
the game ends (or the table stops): each player's chips change by ``stake x (players x score -
sum of scores)``, which nets to zero; a loser who cannot cover pays all they hold and the
winners share what was paid in proportion to what they were owed (odd chips to the larger
winners, then seat order). A ``declared settle`` event marks the settlement, then one
``transfer`` per payment from each loser to the winners (both in seat order).

A game keeps `Scoresheet`'s fields in its state, and declares its `Stake`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ... import events as ev
from ...core.commands import Close
from ...errors import RuleViolation
from ...core import verbs
from ...core.table import require_open
from ...core.verbs import make_event
from ...state import TableState


@dataclass
class Scoresheet:
    """Fields of a game's state for a game scored in points.

    Attributes:
        points: this hand's points per player, once scored.
        history: one entry per finished hand (the scorecard's rows; ``hand`` and ``points`` at least).
        adjustments: points given outside the game's scoring (table rulings): hand, player,
            points, reason.
        over: the game's last hand is played. settled: the stake was paid out.
        settle_due: the settlement's payments still to record, ``[from, to, amount]``.
    """

    points: dict[str, int] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    adjustments: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    settled: bool = False
    settle_due: list[list[Any]] = field(default_factory=list)


def scored(hand: int, players: list[str], sheet: Scoresheet, points: Callable[[str], tuple[int, str]]) -> list[ev.Event]:
    """The hand's ``scored`` events for `players` not scored yet (`points`: player -> points,
    reason), then its end."""
    out: list[ev.Event] = []
    for p in [p for p in players if p not in sheet.points]:
        pts, reason = points(p)
        out.append(make_event(ev.Scored, player=p, points=pts, reason=reason))
    return out + [make_event(ev.HandEnded, hand=hand)]


def _number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Stake:
    """Chips at a stake per point, settled pairwise at the end (see the module docstring).

    Attributes:
        game: the game's title (the payments' reason: "Bluke settlement at 2 per point").
        stake: the table's stake in chips per point (0: played for points only).
        sheet: the game's `Scoresheet` in the state.
    """

    game: str
    stake: Callable[[TableState], int]
    sheet: Callable[[TableState], Scoresheet]

    def payment(self, stake: int, from_account: str, to_account: str, amount: int) -> ev.Event:
        return make_event(ev.Transfer, from_account=from_account, to_account=to_account, amount=amount,
                               reason=f"{self.game} settlement at {stake} per point")

    def settlement(self, state: TableState) -> list[ev.Event]:
        """The stake paid out, once, after at least one hand: the ``settle`` mark and the payments."""
        k, stake = self.sheet(state), self.stake(state)
        if stake <= 0 or k.settled or not k.history:
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
            for p in sorted(owed, key=lambda p: (-owed[p], players.index(p)))[:paid - sum(gets.values())]:
                gets[p] += 1
        events: list[ev.Event] = [make_event(ev.Declared, player=None, name="settle", value=stake)]
        remaining = {p: gets[p] for p in players if gets.get(p, 0) > 0}
        for debtor in players:
            left = pays.get(debtor, 0)
            for p in remaining:
                amount = min(left, remaining[p])
                if amount > 0:
                    remaining[p] -= amount
                    left -= amount
                    events.append(self.payment(stake, "seat:" + debtor, "seat:" + p, amount))
        return events

    def due(self, state: TableState) -> list[ev.Event]:
        """The next payment of a settlement under way (what potlog records by itself)."""
        k = self.sheet(state)
        return [self.payment(self.stake(state), *k.settle_due[0])] if k.settle_due else []

    def close(self, state: TableState, cmd: Close) -> list[ev.Event]:
        """``close``: between hands only; the scores so far are settled first."""
        from ...kit.follow import trial

        require_open(state)
        if state.hand is not None and not state.hand.ended:
            raise RuleViolation(f"hand {state.hand.number} is still going: finish it before closing")
        settle = self.settlement(state)
        return settle + verbs.close(trial(state, settle), cmd)

    def evolve(self, state: TableState, event: ev.Event, *, scoring: bool) -> bool:
        """The points' part of applying `event`: a hand's points (while `scoring`), a ruling's
        points, the settlement and its payments. True when `event` was theirs."""
        k, hand = self.sheet(state), state.hand
        live = hand is not None and not hand.ended
        match event:
            case ev.Declared(name="settle") if not live or event.player is None or not _number(event.value):
                if not k.settled:  # keep its payments as due (for ``verify --rules``)
                    k.settle_due = [[e.from_account, e.to_account, e.amount] for e in self.settlement(state)
                                    if isinstance(e, ev.Transfer)]
                k.settled = True
            case ev.Transfer() if not live and k.settle_due[:1] == [[event.from_account, event.to_account,
                                                                     event.amount]]:
                k.settle_due.pop(0)
            case ev.Scored() if live and scoring and event.player not in k.points:
                k.points[event.player] = event.points
            case ev.Scored():
                k.adjustments.append({"hand": hand.number if hand is not None else 0, "player": event.player,
                                      "points": event.points, "reason": event.reason})
            case _:
                return False
        return True


# ----------------------------------------------------------------------------- the scorecard

Cell = Callable[[Mapping[str, Any], str, int, int], "dict[str, Any] | None"]
"""(a history row, a player, their points that hand, their running score after it) -> the
player's cell (its ``result`` is tallied), or None when they did not play that hand."""


def running(sheet: Scoresheet, players: list[str], cell: Cell, *, tally: tuple[str, ...],
            sums: tuple[str, ...]) -> tuple[list[dict[str, dict[str, Any]]], dict[str, dict[str, int]],
                                            dict[str, dict[str, int]]]:
    """The cells of every finished hand with the running scores (a ruling's points count from
    the hand they were given in), each player's tallies of results and sums of cell fields."""
    score = dict.fromkeys(players, 0)
    rulings: dict[int, list[dict[str, Any]]] = {}
    for a in sheet.adjustments:
        rulings.setdefault(int(a["hand"]), []).append(a)
    tallies = {p: dict.fromkeys(tally, 0) for p in players}
    totals = {p: dict.fromkeys(sums, 0) for p in players}
    rows = []
    for h in sheet.history:
        for n in [n for n in rulings if n <= int(h["hand"])]:
            for a in rulings.pop(n):
                score[a["player"]] = score.get(a["player"], 0) + int(a["points"])
        row: dict[str, dict[str, Any]] = {}
        for p in players:
            pts = int(h["points"].get(p, 0))
            c = cell(h, p, pts, score[p] + pts)
            if c is None:
                continue
            score[p] += pts
            tallies[p][c["result"]] += 1
            for s in sums:
                totals[p][s] += int(c[s])
            row[p] = c
        rows.append(row)
    return rows, tallies, totals


def grid(card: Mapping[str, Any], first: Callable[[Mapping[str, Any]], str], cell: Callable[[Mapping[str, Any]], str],
         upcoming: list[str] | None, tally: Sequence[str]) -> list[list[str]]:
    """A scorecard's cells row by row: the header (``Deal`` and the players), one row per hand
    (its `first` cell, then each player's `cell`, empty when they did not play it), the
    `upcoming` hand's row (if any), one row per `tally` key."""
    players = card["players"]
    out = [["Deal", *players]]
    for h in card["hands"]:
        out.append([first(h), *["" if (c := h["players"].get(p)) is None else cell(c) for p in players]])
    if upcoming is not None:
        out.append(upcoming)
    return out + [[k, *[str(card["tallies"][p][k]) for p in players]] for k in tally]


def result(state: TableState) -> tuple[str, str]:
    """The game's result (for ``potlog state``): who wins with the top score."""
    top = max(state.scores.values()) if state.scores else 0
    won = [p for p, v in state.scores.items() if v == top]
    return ("game over", f"{' and '.join(won)} win{'s' if len(won) == 1 else ''} with {top}")


def winners(state: TableState, players: list[str]) -> list[str]:
    """The players with the top score."""
    top = max(state.scores.values()) if state.scores else None
    return [p for p in players if state.scores.get(p) == top]


def lines(card: Mapping[str, Any], also: Sequence[str] = ()) -> list[str]:
    """A scorecard's lines under the table: the rulings' points, the game's own lines (`also`)
    and, at the end, the winners."""
    out = [f"adjustment: {a['player']} {a['points']:+d} (hand {a['hand']}) {a['reason']}" for a in card["adjustments"]]
    out += also
    if card["over"]:
        scores = ", ".join(f"{p} {card['totals'][p]['score']}" for p in card["players"])
        out.append(f"game over: {' and '.join(card['winners'])} win{'s' if len(card['winners']) == 1 else ''} "
                   f"({scores})")
    return out
