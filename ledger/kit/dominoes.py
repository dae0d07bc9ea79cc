"""Dominoes: Block, Draw and Muggins (``blockdominoes``, ``drawdominoes``, ``muggins``), on one engine: the set, the line with its two ends, passing
when blocked, the boneyard, Muggins' fives, the blocked game's pip count.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Block Dominoes", "Draw Dominoes",
"Muggins Dominoes", in "Tiles"). How a hand is recorded::

    potlog new muggins -p Ann=20 -p Ben=20 -o per_point=1
    potlog hand                 # the stakes; each draws five face down (potlog counts them)
    potlog lay Ann 6-4          # the set: its ends are 6 and 4 (6+4 = 10: Ann scores 2)
    potlog lay Ben 4-4          # a double goes across the 4 end (6 + 4+4 = 14)
    potlog lay Ann 6-1 left     # say the end when a tile fits both
    potlog draw Ben             # blocked: a tile from the boneyard (Draw, Muggins)
    potlog pass Ben             # blocked and nothing to draw (Block; an exhausted boneyard)
    potlog show Ben 3-2 5-0     # at the end: the tiles left in a hand, to count its pips

A tile is written ``A-B`` (``6-4``; ``4-6`` is the same tile), pips 0 to the set's highest
(``-o set=6``: double-six, 28 tiles; 9 and 12 for the larger sets).

Readings of the text:

- **Hands.** Block and Draw: 7 tiles each for two players, 5 for three or four; Muggins: 5
  each. The tiles are drawn face down: potlog counts them and learns a tile when it is laid
  or shown. Turns go clockwise from the player named first (``potlog hand --first``), else
  from the dealer's left; the first player lays the set.
- **The line.** A tile is laid at one of the two ends and must match it; a double lies across
  and its end stays the same number (nothing is laid on its top or bottom: the line keeps two
  ends). A tile that fits both ends needs ``left`` or ``right``.
- **Blocked.** In Block a player who cannot lay passes. In Draw and Muggins they draw from the
  boneyard until they can lay, and may pass only once the boneyard is exhausted: 2 tiles left
  with two players, 1 with three or four (those are never drawn). potlog cannot see a hand, so
  it takes the recorder's word that the player could not lay.
- **The end.** The first to lay their last tile says "domino" and wins. When every player has
  passed in a row the game is blocked: the hands are shown (``potlog show``) and the lowest pip
  count wins (equal lowest: nobody, the pot stands). The text's "if the boneyard is exhausted,
  reveal the hands" is read this way: an exhausted boneyard ends the drawing, and the hand ends
  when nobody can lay. The winner scores the pips of the other hands (shown with ``potlog show``
  once the hand is over; a winner's partner's hand is not counted).
- **Muggins.** After every tile laid, the two ends are added (a double at an end counts both
  its halves); a multiple of five scores the layer one point per five. The winner adds the
  other hands' pips to their score, as the text says. ``-o teams=true`` (four players):
  partners sit across (first and third to lay, second and fourth); a partner's domino wins for
  both, a blocked game goes to the team with fewer pips, and the score is the opponents'.
- **Chips.** ``stake`` from each player into the pot at ``potlog hand``, to the winner (split
  between partners; a tie leaves it standing for the next hand). ``per_point``: at the end of
  the hand every pair of players settles the difference of their points this hand at that many
  chips a point (zero-sum; with teams each player of the losing team pays one winner). Points
  add up across hands in the score sheet (``potlog state``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from .. import events as ev
from ..core.commands import Command
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.table import require_hand, require_seated
from ..core.verbs import Handler, make_event
from ..errors import InputError, RuleViolation
from ..state import TableState
from . import follow, own, pots, turns, wiring

_TILE = re.compile(r"^\s*(\d{1,2})\s*[-|:/]\s*(\d{1,2})\s*$")
Variant = Literal["block", "draw", "muggins"]


class Options(BaseModel):
    """A dominoes table's choices."""

    set: Literal[6, 9, 12] = Field(default=6, description="the set: double-six (28 tiles), double-nine or double-twelve")
    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips each player puts in; the winner takes them")
    per_point: int = Field(default=0, ge=0, le=1000, description="chips a point: each pair settles the difference")
    teams: bool = Field(default=False, description="Muggins with four: partners across share the win and score")


@dataclass
class Line:
    """The hand (``state.ext``): who lays in turn, the tiles each still holds (a count, and those
    shown), the line as laid (each tile oriented left to right), the boneyard, passes in a row,
    the points of the hand, and the winners once it is over."""

    order: list[str] = field(default_factory=list)
    held: dict[str, int] = field(default_factory=dict)
    shown: dict[str, list[str]] = field(default_factory=dict)
    line: list[list[int]] = field(default_factory=list)
    boneyard: int = 0
    turn: str | None = None
    passes: int = 0
    points: dict[str, int] = field(default_factory=dict)
    over: str = ""
    winners: list[str] = field(default_factory=list)
    fives: str = ""
    end_scored: bool = False
    paid: int = 0
    stacks: dict[str, int] = field(default_factory=dict)


OWN = own.Plain(Line, Options)


def tile(text: str, top: int) -> tuple[int, int]:
    """``6-4`` as (6, 4), the higher first; `InputError` naming the notation otherwise."""
    m = _TILE.match(str(text))
    if not m or int(m.group(1)) > top or int(m.group(2)) > top:
        raise InputError(f"{str(text)[:20]!r} is not a tile of the double-{top} set: write it A-B with pips "
                         f"0 to {top}, like 6-4")
    a, b = int(m.group(1)), int(m.group(2))
    return (a, b) if a >= b else (b, a)


def name(t: tuple[int, int] | list[int]) -> str:
    a, b = max(t), min(t)
    return f"{a}-{b}"


def ends(x: Line) -> tuple[int, int] | None:
    return (x.line[0][0], x.line[-1][1]) if x.line else None


def end_count(x: Line) -> int:
    """The two ends added, a double at an end counting both halves (Muggins)."""
    if not x.line:
        return 0
    left, right = x.line[0], x.line[-1]
    if len(x.line) == 1:
        return sum(left)
    return sum(left) if left[0] == left[1] else left[0] + (sum(right) if right[0] == right[1] else right[1])


def hand_size(variant: str, players: int) -> int:
    return 5 if variant == "muggins" or players > 2 else 7


def exhausted(x: Line) -> bool:
    """The boneyard is down to what is never drawn: 2 tiles with two players, 1 with more."""
    return x.boneyard <= (2 if len(x.order) == 2 else 1)


def team(x: Line, player: str, o: Options) -> list[str]:
    if not o.teams or len(x.order) != 4:
        return [player]
    i = x.order.index(player)
    return [x.order[i % 2], x.order[i % 2 + 2]]


def pips(tiles: list[str]) -> int:
    return sum(int(n) for t in tiles for n in t.split("-"))


def placed(x: Line, t: tuple[int, int], side: str) -> str:
    """Where `t` goes (``left``/``right``/``set``), or `RuleViolation` saying why it cannot."""
    e = ends(x)
    if e is None:
        return "set"
    fits = [s for s, pip in (("left", e[0]), ("right", e[1])) if pip in t]
    if not fits:
        raise RuleViolation(f"{name(t)} matches neither end of the line ({e[0]} left, {e[1]} right)")
    if side:
        if side not in fits:
            raise RuleViolation(f"{name(t)} does not match the {side} end ({e[0] if side == 'left' else e[1]})")
        return side
    if len(fits) == 2 and e[0] != e[1]:
        raise RuleViolation(f"{name(t)} fits both ends ({e[0]} left, {e[1]} right): say left or right")
    return fits[-1]


def lay(x: Line, player: str, t: tuple[int, int], side: str) -> None:
    """`t` laid at `side` of the line (oriented to match), in place."""
    a, b = t
    if side == "set" or not x.line:
        x.line.append([a, b])
    elif side == "left":
        end = x.line[0][0]
        x.line.insert(0, [b, a] if a == end else [a, b])
    else:
        end = x.line[-1][1]
        x.line.append([a, b] if a == end else [b, a])
    x.held[player] -= 1


def _variant(state: TableState) -> str:
    """block, draw or muggins: the table's game."""
    return state.game.removesuffix("dominoes")


@dataclass(frozen=True, kw_only=True)
class Lay(Command):
    """``potlog lay Ann 6-4 [left|right]``: a tile laid at an end of the line (the set first)."""

    verb: ClassVar[str] = "lay"
    player: str
    tile: str
    end: str | None = None


@dataclass(frozen=True, kw_only=True)
class Draw(Command):
    """``potlog draw Ben``: a tile drawn from the boneyard (Draw and Muggins)."""

    verb: ClassVar[str] = "draw"
    player: str


@dataclass(frozen=True, kw_only=True)
class Pass(Command):
    """``potlog pass Ben``: blocked, and nothing to draw."""

    verb: ClassVar[str] = "pass"
    player: str


@dataclass(frozen=True, kw_only=True)
class Show(Command):
    """``potlog show Ben 3-2 5-0``: the tiles left in a hand once it is over."""

    verb: ClassVar[str] = "show"
    player: str
    tiles: tuple[str, ...] = ()


def _check_turn(state: TableState, cmd: Lay | Draw | Pass, what: str) -> tuple[Line, str]:
    require_hand(state)
    x, player = OWN.x(state), require_seated(state, cmd.player)
    if x.over:
        raise RuleViolation(f"the hand is over ({x.over}): show the tiles left (potlog show NAME TILES)")
    if not x.turn:
        raise RuleViolation("the tiles are not drawn yet")
    if player not in x.order:
        raise RuleViolation(f"{player} is not in this hand: {', '.join(x.order)} are")
    if player != x.turn:
        raise RuleViolation(f"it is {x.turn}'s turn, not {player}'s: {player} cannot {what} now")
    return x, player


def _lay(state: TableState, cmd: Lay) -> list[ev.Event]:
    x, player = _check_turn(state, cmd, "lay")
    o = OWN.opts(state)
    t = tile(cmd.tile, o.set)
    if any(name(laid) == name(t) for laid in x.line) or any(name(t) in s for s in x.shown.values()):
        raise RuleViolation(f"{name(t)} is already on the table: each tile is in the set once")
    side = (cmd.end or "").lower()
    if side not in ("", "left", "right"):
        raise InputError(f"the end is left or right, not {side!r}")
    where = placed(x, t, side)
    return follow.followed([make_event(ev.Declared, player=player, name="lay",
                                       value=name(t) if where == "set" else f"{name(t)} {where}")])


def _draw(state: TableState, cmd: Draw) -> list[ev.Event]:
    x, player = _check_turn(state, cmd, "draw")
    if _variant(state) == "block":
        raise RuleViolation("Block dominoes has no boneyard to draw from: a blocked player passes (potlog pass)")
    if exhausted(x):
        raise RuleViolation(f"the boneyard is exhausted ({x.boneyard} left, never drawn): {player} passes if blocked")
    return follow.followed([make_event(ev.Declared, player=player, name="draw", value=1)])


def _pass(state: TableState, cmd: Pass) -> list[ev.Event]:
    x, player = _check_turn(state, cmd, "pass")
    if _variant(state) != "block" and not exhausted(x):
        raise RuleViolation(f"{player} draws from the boneyard ({x.boneyard} left) until a tile fits: "
                            f"potlog draw {player}")
    return follow.followed([make_event(ev.Declared, player=player, name="pass")])


def _show(state: TableState, cmd: Show) -> list[ev.Event]:
    require_hand(state)
    x, player, o = OWN.x(state), require_seated(state, cmd.player), OWN.opts(state)
    if not x.over:
        raise RuleViolation("the hands are shown once the hand is over (a domino, or nobody can lay)")
    if player in x.shown or player not in x.order:
        raise RuleViolation(f"{player}'s hand is shown already" if player in x.shown else f"{player} is not in this hand")
    tiles = [tile(c, o.set) for c in cmd.tiles]
    if len(tiles) != x.held[player]:
        raise RuleViolation(f"{player} holds {x.held[player]} tile{'s' if x.held[player] != 1 else ''}: "
                            f"show all of them, not {len(tiles)}")
    seen = {name(t) for t in x.line} | {t for s in x.shown.values() for t in s}
    names = [name(t) for t in tiles]
    again = [n for n in names if n in seen] or [n for n in names if names.count(n) > 1]
    if again:
        raise RuleViolation(f"{again[0]} is already on the table: each tile is in the set once")
    return follow.followed([make_event(ev.Declared, player=player, name="show", value=" ".join(names))])


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the stakes, the tiles drawn, Muggins' fives, and once the hand is
    over and the hands are shown: the winner's score, the chips between players, the pot, the end."""
    hand, x, o = state.hand, OWN.x(state), OWN.opts(state)
    if hand is None or hand.ended or not x.order:
        return []
    if len(x.held) < len(x.order):
        anted = [p for p in x.order if (s := state.seat(p)) is not None and s.hand_bet]
        size = hand_size(_variant(state), len(x.order))
        return ((pots.post_antes(state, x.order, anted, o.stake) if o.stake and not x.held else []) or [
            make_event(ev.Declared, player=p, name="drawn", value=size) for p in x.order if p not in x.held])[:1]
    if x.fives and x.line:
        n = end_count(x)
        return [make_event(ev.Scored, player=x.fives, points=n // 5, reason=f"the ends make {n}")]
    if not x.over:
        return []
    counted = [p for p in x.order if p not in x.winners] if x.over == "domino" else x.order
    if any(p not in x.shown and x.held[p] for p in counted):
        return []  # the hands are still to be shown
    won = x.winners or _blocked_winners(x, o)
    scorer = next((p for p in won if x.held.get(p, 0) == 0), won[0]) if won else None
    gain = sum(pips(x.shown.get(p, [])) for p in x.order if p not in won)
    if scorer is not None and gain and not x.end_scored:
        return [make_event(ev.Scored, player=scorer, points=gain, reason=f"the other hands: {gain} pips")]
    pays = _differences(state, x, o, won) if o.per_point else []
    if x.paid < len(pays):
        return [pays[x.paid]]
    if state.balance("pot"):
        return [pots.award(pots.split(state.balance("pot"), won, x.order), f"{' and '.join(won)} win the hand")
                if won else pots.carry(state)]
    return [make_event(ev.HandEnded, hand=hand.number)]


def _blocked_winners(x: Line, o: Options) -> list[str]:
    """A blocked game: the team (or player) with the fewest pips; [] when the fewest are equal."""
    sides: dict[str, list[str]] = {}
    for p in x.order:
        sides.setdefault(team(x, p, o)[0], team(x, p, o))
    counts = {k: sum(pips(x.shown.get(p, [])) for p in members) for k, members in sides.items()}
    low = min(counts.values())
    best = [k for k, n in counts.items() if n == low]
    return sides[best[0]] if len(best) == 1 else []


def _differences(state: TableState, x: Line, o: Options, won: list[str]) -> list[ev.Event]:
    """Chips for the hand's points (`x.points`, the end's score in it): each pair settles the
    difference; with teams each player of the losing team pays one winner the teams' difference.
    Worked out from the points and the stacks as the hand ended (nobody pays more than they had
    left), so the list stands while it is paid (`x.paid`)."""
    points = x.points
    pairs: list[tuple[str, str, int]] = []
    if o.teams and len(x.order) == 4 and won:
        diff = sum(points.get(p, 0) for p in won) - sum(points.get(p, 0) for p in x.order if p not in won)
        pairs = [(payer, taker, diff) for payer, taker in zip([p for p in x.order if p not in won], won)] if diff > 0 else []
    else:
        for i, a in enumerate(x.order):
            for b in x.order[i + 1:]:
                d = points.get(a, 0) - points.get(b, 0)
                if d:
                    pairs.append((b, a, d) if d > 0 else (a, b, -d))
    left, out = dict(x.stacks), []
    for payer, taker, d in pairs:  # what a player has left, as the hand ended: nobody pays more
        chips = min(d * o.per_point, left.get(payer, 0))
        if chips:
            left[payer] -= chips
            left[taker] = left.get(taker, 0) + chips
            out.append(make_event(ev.Transfer, from_account=f"seat:{payer}", to_account=f"seat:{taker}",
                                  amount=chips, reason=f"{d} point{'s' if d != 1 else ''} behind {taker}"))
    return out


def _command_of(e: ev.Event) -> Command | None:
    """The command behind each of the game's own declarations (``potlog verify --rules``)."""
    if not isinstance(e, ev.Declared) or e.player is None:
        return None
    words = str(e.value or "").split()
    match e.name:
        case "lay":
            return Lay(player=e.player, tile=words[0] if words else "", end=words[1] if len(words) > 1 else None)
        case "show":
            return Show(player=e.player, tiles=tuple(words))
        case "draw":
            return Draw(player=e.player)
        case "pass":
            return Pass(player=e.player)
    return None


def evolve(state: TableState, event: ev.Event) -> None:
    hand = state.hand
    if isinstance(event, ev.HandStarted):
        order = turns.clockwise(state, event.first or event.dealer, after=event.first is None,
                                include=lambda s: s.active)
        state.ext = Line(order=order)
        return
    x = OWN.x(state)
    if hand is None or not x.order:
        return
    o = OWN.opts(state)
    if isinstance(event, ev.Declared) and event.player in x.order:
        p = event.player
        if event.name == "drawn" and isinstance(event.value, int):
            x.held[p] = event.value
            if len(x.held) == len(x.order):
                x.boneyard = (o.set + 1) * (o.set + 2) // 2 - sum(x.held.values())
                x.turn = x.order[0]
        elif event.name == "lay":
            words = str(event.value).split()
            t = tile(words[0], o.set)
            lay(x, p, t, words[1] if len(words) > 1 else "set")
            x.passes = 0
            if _variant(state) == "muggins" and end_count(x) % 5 == 0 and end_count(x):
                x.fives = p
            if x.held[p] == 0:
                x.over, x.winners, x.turn = "domino", team(x, p, o), None
            else:
                x.turn = _next(x, p)
        elif event.name == "draw":
            x.held[p] += 1
            x.boneyard -= 1
        elif event.name == "pass":
            x.passes += 1
            x.turn = _next(x, p)
            if x.passes >= len(x.order):
                x.over, x.turn = "blocked", None
        elif event.name == "show":
            x.shown[p] = str(event.value).split()
        if x.over and not x.stacks:
            x.stacks = {q: state.stack(q) for q in x.order}
        hand.phase = "over" if x.over else "laying" if x.turn else "drawing"
    elif isinstance(event, ev.Scored) and event.player is not None:
        x.points[event.player] = x.points.get(event.player, 0) + event.points
        if x.fives:
            x.fives = ""
        else:
            x.end_scored = True
    elif isinstance(event, ev.Transfer):
        x.paid += 1
    hand.to_act = x.turn


def _next(x: Line, player: str) -> str:
    return x.order[(x.order.index(player) + 1) % len(x.order)]


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    x = OWN.x(state)
    if x.over:
        counted = [p for p in x.order if p not in x.winners] if x.over == "domino" else x.order
        return [Legal(p, ("show",), f"{p} shows the {x.held[p]} tiles left") for p in counted
                if p not in x.shown and x.held.get(p)]
    if not x.turn:
        return []
    e = ends(x)
    fit = f"a tile with a {e[0]} or a {e[1]}" if e else "the set (any tile)"
    verbs = ("lay", "pass") if _variant(state) == "block" or exhausted(x) else ("lay", "draw")
    return [Legal(x.turn, verbs, f"{x.turn} lays {fit}, or " + ("passes" if "pass" in verbs else "draws"))]


def show_line(x: Line) -> str:
    return "".join(f"[{a}/{b}]" if a == b else f"[{a}|{b}]" for a, b in x.line) or "-"


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    if not x.order:
        return []
    e = ends(x)
    out = [("line", show_line(x) + (f"  (ends {e[0]} and {e[1]})" if e else ""))]
    out += [(p, f"{x.held.get(p, 0)} tiles" + (f" shown: {' '.join(x.shown[p])} ({pips(x.shown[p])} pips)"
                                                 if p in x.shown else "")
             + (f"; {x.points[p]} points this hand" if x.points.get(p) else "")) for p in x.order]
    if _variant(state) != "block":
        out.append(("boneyard", f"{x.boneyard} tiles" + (" (exhausted)" if x.held and exhausted(x) else "")))
    if x.over:
        out.append(("over", x.over + (": " + " and ".join(x.winners) + " win" if x.winners else "")))
    return out


LAY = Word("lay", "PLAYER lays TILE at an end of the line: potlog lay Ann 6-4 [left|right].",
           help="The first tile is the set. Name the end when the tile fits both; a double lies across its end.",
           params=(Param("player", "Who lays."), Param("tile", "The tile, A-B like 6-4."),
                   Param("end", "left or right, when it fits both ends.", required=False)),
           command=lambda v: Lay(player=v["player"], tile=v["tile"], end=v.get("end")), makes=(Lay,))
DRAW = Word("draw", "PLAYER draws a tile from the boneyard (blocked, in Draw and Muggins).",
            params=(Param("player", "Who draws."),), command=lambda v: Draw(player=v["player"]), makes=(Draw,))
PASS = Word("pass", "PLAYER cannot lay and passes (Block; or the boneyard is exhausted).",
            params=(Param("player", "Who passes."),), command=lambda v: Pass(player=v["player"]), makes=(Pass,))
SHOW = Word("show", "PLAYER shows the tiles left in their hand at the end: potlog show Ben 3-2 5-0.",
            params=(Param("player", "Whose hand."), Param("tiles", "Every tile left, like 3-2 5-0.", many=True,
                                                         required=False)),
            command=lambda v: Show(player=v["player"], tiles=tuple(v.get("tiles") or ())), makes=(Show,))

_SUMMARY = {
    "block": "Dominoes without a boneyard: lay to an end or pass; first out, or the fewest pips, scores the rest.",
    "draw": "Dominoes with a boneyard: draw until a tile fits; first out, or the fewest pips, scores the rest.",
    "muggins": "Dominoes with a boneyard, scoring a point per five on the line's ends; teams of two as an option.",
}


def ruleset(variant: Variant, title: str) -> Ruleset[Line, Options]:
    """The ruleset of one variant: Block has no boneyard to draw from."""
    words = (LAY, PASS, SHOW) if variant == "block" else (LAY, DRAW, PASS, SHOW)
    game = "muggins" if variant == "muggins" else variant + "dominoes"
    moves: dict[type[Command], Handler] = {Lay: _lay, Pass: _pass, Show: _show}
    if variant != "block":
        moves[Draw] = _draw
    decide, check_event = wiring.wire(
        game, title, Options, _after, moves, "hand, then lay, " + ("pass" if variant == "block" else "draw or pass")
        + " in turn; show the hands at the end",
        by_itself=(ev.Ante, ev.Scored, ev.Transfer, ev.PotAwarded, ev.PotCarried, ev.HandEnded), own=_command_of)
    return Ruleset(name=game, title=title, summary=_SUMMARY[variant], options=Options, initial=OWN.initial,
                   decide=decide, after=_after, evolve=evolve, legal=legal, view=view, check_event=check_event,
                   words=words, min_players=2, max_players=4)
