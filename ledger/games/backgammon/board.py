"""The tables board, pure and fast: positions, single steps, the legal plays of a roll, a
typed play read and checked. Nothing here knows a table, a player's name or an event.

A side is a tuple of 26 counts seen from its own player: ``[0]`` borne off, ``[1..24]`` the
points numbered from that player's home (1) to the far end (24), ``[25]`` the bar. A
position ``(mine, theirs)`` is seen from the player to move; the opponent's point ``p`` is
my point ``25 - p``. A play is a tuple of steps ``(from, to, hit)``, one per die.

Public API:

- ``Rules(exact=False, doubles=4)``: how the variant moves (bearing off only by the exact
  number; how many times a double is played).
- ``start(layout) -> side``: a side from ``{point: men}``.
- ``step(pos, frm, die, rules) -> (pos, hit) | str``: one man moved by one die, or why not.
- ``plays(pos, dice, rules) -> (used, {final position: steps})``: every legal play of a roll
  under the modern obligations (use both dice when possible, else the larger; a double as
  far as it goes), keyed by the position it leaves.
- ``parse(text) -> [(from, to)]``: ``13/7 8/4``, ``bar/20*``, ``6/off``, ``24/18/14``,
  ``13/7(2)``, MAT's ``25`` and ``0``.
- ``realise(pos, dice, segments, rules, finals) -> steps | str``: the typed play as steps (a
  combined move split by the dice, hits found), when it leaves a legal position; else why.
- ``show(steps) -> str``: steps written back (``bar/20* 6/off``).
- ``can_move(pos, dice, rules)``, ``pips(side)``, ``flip(pos)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

Side = tuple[int, ...]
Pos = tuple[Side, Side]
Step = tuple[int, int, bool]
BAR, OFF, MEN = 25, 0, 15


@dataclass(frozen=True)
class Rules:
    """How a variant moves: `exact` bears a man off only by the exact number; `doubles` is
    how many times a double is played (4 modern; Willughby's text 2, 3 with its house rule)."""

    exact: bool = False
    doubles: int = 4


MODERN = Rules()


def start(layout: Mapping[int, int]) -> Side:
    side = [0] * 26
    for point, men in layout.items():
        side[point] += men
    return tuple(side)


def flip(pos: Pos) -> Pos:
    return pos[1], pos[0]


def pips(side: Side) -> int:
    return sum(p * n for p, n in enumerate(side))


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point <= OFF else str(point)


def step(pos: Pos, frm: int, die: int, rules: Rules = MODERN) -> tuple[Pos, bool] | str:
    """One man of the mover's from `frm` by `die`: the new position and whether it hit, or
    the reason it may not go (plain words, the points in the mover's numbering)."""
    mine, theirs = pos
    if not mine[frm]:
        return "no man on the bar" if frm == BAR else f"no man on {frm}"
    if mine[BAR] and frm != BAR:
        return f"{mine[BAR]} on the bar: a man on the bar enters first"
    to = frm - die
    if to >= 1:
        held = theirs[25 - to]
        if held >= 2:
            return f"blocked: {held} hold {to}"
        m = list(mine)
        m[frm] -= 1
        m[to] += 1
        if held == 1:
            t = list(theirs)
            t[25 - to] = 0
            t[BAR] += 1
            return (tuple(m), tuple(t)), True
        return (tuple(m), theirs), False
    outside = next((p for p in range(25, 6, -1) if mine[p]), 0)
    if outside:
        return f"bearing off with a man on {_name(outside)}: every man must be home (1-6) first"
    if to < 0:
        if rules.exact:
            return f"bearing off needs the exact number: {frm} takes a {frm}, not a {die}"
        higher = next((p for p in range(6, frm, -1) if mine[p]), 0)
        if higher:
            return f"a {die} bears off from {frm} only with no man higher, and there is one on {higher}"
    m = list(mine)
    m[frm] -= 1
    m[OFF] += 1
    return (tuple(m), theirs), False


def _sources(mine: Side) -> range | tuple[int, ...]:
    return (BAR,) if mine[BAR] else range(24, 0, -1)


def can_move(pos: Pos, dice: tuple[int, ...], rules: Rules = MODERN) -> bool:
    """Whether any die of `dice` moves any man at all."""
    for die in set(dice):
        for frm in _sources(pos[0]):
            if pos[0][frm] and not isinstance(step(pos, frm, die, rules), str):
                return True
    return False


def _orders(dice: tuple[int, ...], rules: Rules) -> list[tuple[int, ...]]:
    a, b = dice
    return [(a,) * rules.doubles] if a == b else [(a, b), (b, a)]


def plays(pos: Pos, dice: tuple[int, ...], rules: Rules = MODERN) -> tuple[int, dict[Pos, tuple[Step, ...]]]:
    """Every legal play of `dice` (see the module docstring): how many dice it uses, and the
    positions it may leave, each with one play that leaves it (none: no legal move)."""
    reached: list[tuple[int, int, dict[Pos, tuple[Step, ...]]]] = []
    for order in _orders(dice, rules):
        level: dict[Pos, tuple[Step, ...]] = {pos: ()}
        depth = 0
        for die in order:
            nxt: dict[Pos, tuple[Step, ...]] = {}
            for here, steps in level.items():
                mine = here[0]
                for frm in _sources(mine):
                    if not mine[frm]:
                        continue
                    res = step(here, frm, die, rules)
                    if isinstance(res, str):
                        continue
                    if res[0] not in nxt:
                        nxt[res[0]] = steps + ((frm, max(frm - die, OFF), res[1]),)
            if not nxt:
                break
            level, depth = nxt, depth + 1
        reached.append((depth, order[0], level))
    best = max(d for d, _, _ in reached)
    if not best:
        return 0, {}
    if best == 1 and dice[0] != dice[1]:  # one die only: the larger one, when it can be played
        reached = [max((r for r in reached if r[0] == 1), key=lambda r: r[1])]
    finals: dict[Pos, tuple[Step, ...]] = {}
    for depth, _, level in reached:
        if depth == best:
            for k, v in level.items():
                finals.setdefault(k, v)
    return best, finals


_POINT = r"(?:bar|off|\d{1,2})"
_MOVE = re.compile(rf"({_POINT}\*?(?:/{_POINT}\*?)+)(?:\((\d)\))?")


def _point(word: str) -> int:
    word = word.rstrip("*")
    return BAR if word == "bar" else OFF if word == "off" else int(word)


def parse(text: str) -> list[tuple[int, int]]:
    """The segments of a typed play (see the module docstring); ValueError naming what is wrong."""
    out: list[tuple[int, int]] = []
    for word in text.lower().replace(",", " ").split():
        m = _MOVE.fullmatch(word)
        if m is None:
            raise ValueError(f"{word!r} is not a move: write FROM/TO like 13/7, bar/20, 6/off (24/18/14 for "
                             "one man with both dice; 13/7(2) for two)")
        points = [_point(p) for p in m.group(1).split("/")]
        if any(p > BAR for p in points):
            raise ValueError(f"{word!r}: points are 1 to 24, the bar (25) and off (0)")
        for a, b in zip(points, points[1:]):
            if b >= a:
                raise ValueError(f"{word!r}: a man moves down from the high point to the low one "
                                 "(24 towards 1, then off)")
            out += [(a, b)] * int(m.group(2) or 1)
    return out


def show(steps: tuple[Step, ...] | list[Step]) -> str:
    return " ".join(f"{_name(f)}/{_name(t)}{'*' if hit else ''}" for f, t, hit in steps)


def realise(pos: Pos, dice: tuple[int, ...], segments: list[tuple[int, int]], rules: Rules,
            finals: Mapping[Pos, tuple[Step, ...]] | None = None) -> tuple[Step, ...] | str:
    """The typed `segments` as steps that leave one of the legal `finals` (see the module
    docstring; `plays` made only when the play uses fewer dice than the roll has: one that
    uses them all is legal), or the first reason they cannot."""
    pool = _orders(dice, rules)[0] if dice[0] == dice[1] else tuple(dice)
    need = sum(f - t for f, t in segments if t != OFF)
    if need > sum(pool):
        return f"that is {need} pips and {'-'.join(map(str, dice))} moves {sum(pool)}"
    why: list[str] = []
    completed = False
    for steps, end in _walk(pos, list(pool), segments, rules, (), why):
        if len(steps) == len(pool):
            return steps
        if finals is None:
            finals = plays(pos, dice, rules)[1]
        if end in finals:
            return steps
        completed = True
    return "" if completed or not why else why[0]


def _walk(pos: Pos, pool: list[int], segs: list[tuple[int, int]], rules: Rules, done: tuple[Step, ...],
          why: list[str]):  # type: ignore[no-untyped-def]
    if not segs:
        yield done, pos
        return
    (frm, to), rest = segs[0], segs[1:]
    if not pool:
        why.append(f"{_name(frm)}/{_name(to)}: no die is left for it")
        return
    for die in sorted(set(pool), reverse=True):
        land = max(frm - die, OFF)
        if land < to or (land == OFF and to != OFF):
            continue
        res = step(pos, frm, die, rules)
        if isinstance(res, str):
            why.append(f"{_name(frm)}/{_name(to)}: {res}")
            continue
        left = list(pool)
        left.remove(die)
        here = done + ((frm, land, res[1]),)
        more = rest if land == to else [(land, to)] + rest
        yield from _walk(res[0], left, more, rules, here, why)
    if not any(max(frm - d, OFF) >= to and not (max(frm - d, OFF) == OFF and to != OFF) for d in set(pool)):
        why.append(f"{_name(frm)}/{_name(to)}: no die of {'-'.join(map(str, pool))} moves {_name(frm)} to {_name(to)}")


def apply(pos: Pos, steps: tuple[Step, ...] | list[Step]) -> Pos:
    """`steps` played as recorded (a hit sends the man on the landing point to the bar); a step
    with no man to move is passed over, so a ruling's odd play still folds."""
    mine, theirs = list(pos[0]), list(pos[1])
    for frm, to, _hit in steps:
        if not 0 <= to < frm <= BAR or not mine[frm]:
            continue
        mine[frm] -= 1
        mine[to] += 1
        if to and theirs[25 - to] == 1:
            theirs[25 - to] = 0
            theirs[BAR] += 1
    return tuple(mine), tuple(theirs)


def steps_of(text: str) -> list[Step]:
    """A recorded play (`show`'s text) as steps; what cannot be read is left out."""
    try:
        return [(a, b, False) for a, b in parse(text)]
    except ValueError:
        return []
