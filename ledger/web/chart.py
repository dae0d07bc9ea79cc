"""The stack chart: every player's stack after each hand, drawn as SVG on the server.

`chart` lays the series out (scales, ticks, one polyline per player, a dot per hand); the
template ``chart.svg`` draws it, names escaped by Jinja. Each line carries its points as data
(``data-player``, and each dot ``data-hand`` and ``data-stack``), so what is drawn can be read
back and checked against ``potlog replay``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .views import Series

# colours a reader tells apart (Okabe-Ito, then a few more), one per player in order
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C564B",
           "#7F7F7F", "#BCBD22")
WIDTH, HEIGHT = 720, 320
LEFT, RIGHT, TOP, BOTTOM = 56, 150, 16, 36


@dataclass
class Line:
    player: str
    colour: str
    points: list[tuple[int, int, float, float]]  # (hand, stack, x, y)

    @property
    def path(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for _h, _s, x, y in self.points)


@dataclass
class Chart:
    width: int = WIDTH
    height: int = HEIGHT
    lines: list[Line] = field(default_factory=list)
    xticks: list[tuple[int, float]] = field(default_factory=list)
    yticks: list[tuple[int, float]] = field(default_factory=list)
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM


def _ticks(low: int, high: int, most: int) -> list[int]:
    """Round numbers from `low` to `high`, at most about `most` of them."""
    span = max(high - low, 1)
    step = 1
    while span / step > most:
        for k in (2, 5, 10):
            if span / (step * k) <= most:
                step *= k
                break
        else:
            step *= 10
    first = (low // step) * step
    return [v for v in range(first, high + step, step) if low <= v <= high] or [low]


def chart(series: list[Series]) -> Chart:
    """The chart of `series` (empty when no hand has been played)."""
    out = Chart()
    points = [pt for s in series for pt in s.points]
    if not points:
        return out
    hands = [h for h, _ in points]
    stacks = [v for _, v in points]
    h0, h1 = min(hands), max(hands)
    v0, v1 = min(0, min(stacks)), max(stacks)
    if v1 == v0:
        v1 = v0 + 1
    plot_w, plot_h = out.right - out.left, out.bottom - out.top

    def x(hand: int) -> float:
        return out.left + (plot_w * (hand - h0) / (h1 - h0) if h1 > h0 else plot_w / 2)

    def y(stack: int) -> float:
        return out.bottom - plot_h * (stack - v0) / (v1 - v0)

    for i, s in enumerate(series):
        out.lines.append(Line(s.player, PALETTE[i % len(PALETTE)], [(h, v, x(h), y(v)) for h, v in s.points]))
    out.xticks = [(h, x(h)) for h in _ticks(h0, h1, 12)]
    out.yticks = [(v, y(v)) for v in _ticks(v0, v1, 6)]
    return out
