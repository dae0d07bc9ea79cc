"""The tables engine: one game of two players on the tables board, declared by a `Variant`
(its layout, how it moves, its cube and its scoring), played for points, a match to N or a
stake. Backgammon (modern and Willughby's), Irish, Todas Tablas and Nard are variants of it.

A potlog hand is one game. The recorder types what happens (see `ledger.games.backgammon`):
``roll NAME A B``, ``move NAME 13/7 8/4``, ``double NAME``, ``take NAME``, ``drop NAME``;
potlog knows the rest: whose turn, the hits, a roll with no legal move (the turn passes by
itself), the end of the game, its points (cube x single, gammon, backgammon, or the
variant's own count), the match score, and the stake paid. ``move`` is the shared command
(`Move`: FROM, TO, cards): FROM is the player and the rest the play; its card options
(``--count``, ``--bottom``, ``--up``/``--down``) are refused. ``double``, ``take``, ``drop``,
``break`` and ``resign`` are the engine's own commands, declared here.

Events: ``dice_rolled`` for a roll; ``declared`` ``move`` (the play as steps, one per die, the
hits marked: ``bar/20* 13/9``), ``double`` (the cube's new value), ``take``, ``drop``; then by
itself ``scored`` (the winner's points), ``transfer`` (the stake) and ``hand_ended``. No new
event type: a play is a declaration of what the board then shows, folded by `evolve`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, ClassVar, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field

from ... import events as ev
from ...core.commands import Command, Move, NewHand, RollDice
from ...core.contract import Legal, Param, Ruleset, Word
from ...core.table import require_seated
from ...core.verbs import make_event
from ...errors import InputError, RuleViolation
from ...kit import follow, own, wiring
from ...state import TableState
from . import board as B
from .board import BAR, MEN, OFF, Pos, Rules

MAX_CUBE = 64
MODERN_LAYOUT = {24: 2, 13: 5, 8: 3, 6: 5}


class TablesOptions(BaseModel):
    """A tables game's table choices: the stake and the match."""

    model_config = ConfigDict(extra="forbid")
    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS,
                       description="chips per point, paid after each game (money); with match: the match's stake")
    match: int = Field(default=0, ge=0, le=99, description="play a match to this many points (0: a money game)")


@dataclass(frozen=True)
class Conf:
    """How one table plays (a variant with its options applied)."""

    layouts: tuple[Mapping[int, int], Mapping[int, int]]
    rules: Rules = B.MODERN
    cube: bool = True
    scoring: Literal["modern", "willughby", "single", "nard"] = "modern"
    opening: Literal["modern", "any"] = "modern"
    jacoby: bool = False
    crawford: bool = True
    todas: bool = False
    binding: bool = False


@dataclass(frozen=True)
class Variant:
    """A tables game: its names, its options model and `conf(options) -> Conf`."""

    name: str
    title: str
    summary: str
    options: type[TablesOptions]
    conf: Callable[[TablesOptions], Conf]
    cube: bool = True
    binding: bool = False


@dataclass(slots=True)
class Tables:
    """The game in progress: the two players (the first seated plays the first layout), each
    one's side of the board (26 counts seen from that player: off, points 1-24, bar), whose
    turn and what they do (``roll``, ``move``, ``answer`` a double), the dice to play, the
    cube (value, owner, a value offered), the Crawford game, and the result once decided."""

    order: list[str] = field(default_factory=list)
    board: dict[str, list[int]] = field(default_factory=dict)
    turn: str | None = None
    step: str = ""
    dice: list[int] = field(default_factory=list)
    cube: int = 1
    owner: str | None = None
    offered: int = 0
    opening: bool = True
    crawford: bool = False
    crawford_done: bool = False
    passed: str = ""
    result: list[str | int] = field(default_factory=list)
    bind: dict[str, int] = field(default_factory=dict)
    shut: str = ""
    done: str = ""


class Engine:
    """A `Variant` made a ruleset: decide, evolve, legal, view and the words."""

    def __init__(self, variant: Variant) -> None:
        self.v = variant
        self.own = own.Plain(Tables, variant.options)
        self.decide, self.check_event = wiring.wire(
            variant.name, variant.title, variant.options, self._after,
            {NewHand: self._hand, RollDice: self._roll, Move: self._move, Double: self._double,
             Take: self._answer, Drop: self._answer, Resign: self._resign, Break: self._break},
            "hand, then roll, move, double, take, drop, resign",
            by_itself=(ev.Scored, ev.Transfer, ev.HandEnded), own=_command_of)

    # ------------------------------------------------------------------ reading the table

    def conf(self, state: TableState) -> Conf:
        return self.v.conf(self.own.opts(state))

    def pos(self, x: Tables, player: str) -> Pos:
        other = x.order[1] if player == x.order[0] else x.order[0]
        return tuple(x.board[player]), tuple(x.board[other])

    @staticmethod
    def other(x: Tables, player: str) -> str:
        return x.order[1] if player == x.order[0] else x.order[0]

    def match_over(self, state: TableState) -> str | None:
        n = self.own.opts(state).match
        if not n:
            return None
        names = [s.name for s in state.seats][:2]
        scores = sorted(((state.scores.get(p, 0), p) for p in names), reverse=True)
        if not scores or scores[0][0] < n:
            return None
        return f"the match to {n} is over: {scores[0][1]} won it " + "-".join(str(s) for s, _ in scores)

    def _game(self, state: TableState, player: str | None) -> tuple[Tables, str]:
        hand = state.hand
        if hand is None or hand.ended:
            raise RuleViolation("no game going: start one with 'potlog hand'")
        x = self.own.x(state)
        if player is None:
            raise InputError("say who: a player's name")
        p = require_seated(state, player)
        if p not in x.order:
            raise RuleViolation(f"{p} is not playing this game: {x.order[0]} and {x.order[1]} are")
        return x, p

    # ------------------------------------------------------------------ decide

    def _hand(self, state: TableState, cmd: NewHand) -> list[ev.Event]:
        over = self.match_over(state)
        if over:
            raise RuleViolation(over)
        if len(state.active_seats) != 2:
            raise RuleViolation(f"{self.v.title} is for two players")
        return wiring.hand(self._after)(state, cmd)

    def _roll(self, state: TableState, cmd: RollDice) -> list[ev.Event]:
        x, p = self._game(state, cmd.player)
        if x.step in ("bind", "break"):
            return self._bind_roll(state, x, p, cmd)
        if x.step == "answer":
            raise RuleViolation(f"{x.turn} answers the double first: take or drop the cube at {x.offered}")
        if x.step == "move":
            raise RuleViolation(f"{x.turn} has {x.dice[0]}-{x.dice[1]} to play first (potlog move {x.turn} ...)")
        if x.turn is not None and p != x.turn:
            raise RuleViolation(f"it is {x.turn}'s turn to roll, not {p}'s")
        if cmd.sides not in (None, 6):
            raise RuleViolation(f"{self.v.title} is played with six-sided dice")
        dice = _dice(cmd.faces)
        if x.opening and dice[0] == dice[1] and self.conf(state).opening == "modern":
            raise RuleViolation(f"the opening roll is never a double ({dice[0]}-{dice[1]}): a tie is thrown again")
        return follow.followed([make_event(ev.DiceRolled, player=p, faces=list(dice), sides=6)])

    def _bind_roll(self, state: TableState, x: Tables, p: str, cmd: RollDice) -> list[ev.Event]:
        """Binding up the tables: each throws one die; the higher names the point broken up."""
        if x.step == "break":
            raise RuleViolation(f"{x.turn} names the point broken up first (potlog break {x.turn} POINT)")
        if p in x.bind:
            raise RuleViolation(f"{p} has thrown for the binding already: {self.other(x, p)} throws now")
        faces = [str(f).strip() for f in cmd.faces]
        if len(faces) != 1 or faces[0] not in ("1", "2", "3", "4", "5", "6"):
            raise InputError(f"binding up the tables: each throws one die (roll {p} 4), "
                             f"not {' '.join(faces) or 'none'}")
        return [make_event(ev.DiceRolled, player=p, faces=[int(faces[0])], sides=6)]

    def _break(self, state: TableState, cmd: Break) -> list[ev.Event]:
        x, p = self._game(state, cmd.player)
        if x.step != "break":
            raise RuleViolation("a point is broken up only when the tables are bound and the throw is won")
        if p != x.turn:
            raise RuleViolation(f"{x.turn} threw higher and names the point broken up, not {p}")
        holder = self._holder(x)
        said = cmd.point.strip()
        point = int(said) if said.isdigit() else 0
        if not 1 <= point <= 6:
            raise InputError(f"name a point of {holder}'s home table, 1 to 6 in {holder}'s numbering, not {said!r}")
        return [make_event(ev.Declared, player=p, name="break", value=point)]

    def _holder(self, x: Tables) -> str:
        """Who holds the bound table: the other of the player shut out (who is to roll)."""
        return self.other(x, x.shut or x.order[0])

    def _move(self, state: TableState, cmd: Move) -> list[ev.Event]:
        player, text = _play_of(cmd)
        x, p = self._game(state, player)
        if x.step != "move" or p != x.turn:
            raise RuleViolation(self._not_now(x, p, "move"))
        try:
            segments = B.parse(text)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        conf = self.conf(state)
        pos, dice = self.pos(x, p), (x.dice[0], x.dice[1])
        said = text.strip() or "nothing"
        got = B.realise(pos, dice, segments, conf.rules) if segments else ""
        if isinstance(got, str):
            used, finals = B.plays(pos, dice, conf.rules)
            if not segments:
                raise RuleViolation(f"{p} must play {dice[0]}-{dice[1]}: for example "
                                    f"{B.show(next(iter(finals.values())))}")
            raise RuleViolation(self._why(x, p, said, got, used, dice, finals))
        return follow.followed([make_event(ev.Declared, player=p, name="move", value=B.show(got))])

    def _why(self, x: Tables, p: str, said: str, got: str, used: int, dice: tuple[int, int],
             finals: Mapping[Pos, tuple[B.Step, ...]]) -> str:
        seg, _, reason = got.partition(": ") if "/" in got.partition(": ")[0] else ("", "", got)
        if reason.startswith("blocked: "):
            return f"{p}'s {seg} is blocked: {self.other(x, p)} holds {reason.rsplit(' ', 1)[-1]}"
        if got:
            return f"{p}'s {seg or said}: {reason}"
        example = B.show(next(iter(finals.values()))) if finals else ""
        if dice[0] != dice[1] and used == 1:
            return f"{p}'s {said} is not a legal play of {dice[0]}-{dice[1]}: only one die can be played, " \
                   f"and it must be the larger when it can ({example})"
        n = "both dice" if dice[0] != dice[1] else f"{used} of the double"
        return f"{p}'s {said} is not a legal play of {dice[0]}-{dice[1]}: {p} must use {n} ({example})"

    def _not_now(self, x: Tables, p: str, doing: str) -> str:
        if x.step in ("bind", "break"):
            return "the tables are bound: each throws one die, and the higher names the point broken up"
        if x.step == "answer":
            return f"{x.turn} answers the double first: take or drop the cube at {x.offered}"
        if x.turn is None:
            return "the opening roll comes first: one die each, the higher plays both (potlog roll NAME A B)"
        if x.turn != p:
            return f"it is {x.turn}'s turn, not {p}'s"
        return f"{p} rolls first (potlog roll {p} A B)" if x.step == "roll" else f"{p} cannot {doing} now"

    def _double(self, state: TableState, cmd: Double) -> list[ev.Event]:
        x, p = self._game(state, cmd.player)
        conf = self.conf(state)
        if not conf.cube:
            raise RuleViolation(f"{self.v.title} is played without the doubling cube")
        if x.step != "roll" or x.turn != p or x.opening:
            raise RuleViolation("a player doubles before their own roll" if x.step != "answer" or x.turn != p
                                else f"{p} answers the double: take or drop")
        if x.owner is not None and x.owner != p:
            raise RuleViolation(f"{x.owner} owns the cube at {x.cube}: only the owner may redouble")
        if x.cube >= MAX_CUBE:
            raise RuleViolation(f"the cube is at {MAX_CUBE}, its highest face")
        if x.crawford:
            raise RuleViolation("this is the Crawford game: no doubling in it")
        return [make_event(ev.Declared, player=p, name="double", value=2 * x.cube)]

    def _answer(self, state: TableState, cmd: Take | Drop) -> list[ev.Event]:
        x, p = self._game(state, cmd.player)
        answer = "take" if isinstance(cmd, Take) else "drop"
        if x.step != "answer":
            raise RuleViolation(f"no double to {answer}: the cube is at {x.cube}")
        if p != x.turn:
            raise RuleViolation(f"{x.turn} answers {self.other(x, x.turn or p)}'s double, not {p}")
        return follow.followed([make_event(ev.Declared, player=p, name=answer)])

    def _resign(self, state: TableState, cmd: Resign) -> list[ev.Event]:
        x, p = self._game(state, cmd.player)
        level = RESIGN.get((cmd.level or "single").lower())
        if level is None:
            raise InputError(f"resign single, gammon or backgammon, not {cmd.level!r}")
        if x.result:
            raise RuleViolation("the game is decided already")
        if level > 1 and self.conf(state).scoring in ("single", "nard"):
            raise RuleViolation(f"{self.v.title} has no gammons: resign the game")
        said = LEVELS[level - 1]
        return follow.followed([make_event(ev.Declared, player=p, name="resign", value=said)])

    def _after(self, state: TableState) -> list[ev.Event]:
        """What follows by itself: a decided game is scored, the stake paid, the game ended."""
        hand = state.hand
        if hand is None or hand.ended:
            return []
        x = self.own.x(state)
        if not x.result:
            return []
        winner, points, why = str(x.result[0]), int(x.result[1]), str(x.result[2])
        if winner and points and x.done == "":
            return [make_event(ev.Scored, player=winner, points=points, reason=why)]
        if winner and points and x.done == "scored":
            loser, o = self.other(x, winner), self.own.opts(state)
            owed = o.stake * points if not o.match else (o.stake if state.scores.get(winner, 0) >= o.match else 0)
            paid = min(owed, state.stack(loser))
            if paid > 0:
                what = "the match" if o.match else f"{_pts(points)} x {o.stake}"
                short = f" (all {loser} has)" if paid < owed else ""
                return [make_event(ev.Transfer, from_account=f"seat:{loser}", to_account=f"seat:{winner}",
                                   amount=paid, reason=f"{what}{short}")]
        return [make_event(ev.HandEnded, hand=hand.number)]

    def forced(self, state: TableState, cmd: Command) -> list[ev.Event] | None:
        """A table's ruling (``--override``): the play, roll or cube action as said, only its
        input checked (a play's parts are moved as typed, a man landing on a blot hits it)."""
        match cmd:
            case RollDice():
                _, p = self._game(state, cmd.player)
                return [make_event(ev.DiceRolled, player=p, faces=list(_dice(cmd.faces)), sides=6)]
            case Move():
                player, text = _play_of(cmd)
                _, p = self._game(state, player)
                try:
                    segments = B.parse(text)
                except ValueError as exc:
                    raise InputError(str(exc)) from None
                return [make_event(ev.Declared, player=p, name="move",
                                   value=B.show([(f, t, False) for f, t in segments]))]
            case Resign():
                _, p = self._game(state, cmd.player)
                level = RESIGN.get((cmd.level or "single").lower(), 1)
                return [make_event(ev.Declared, player=p, name="resign", value=LEVELS[level - 1])]
            case Double():
                x, p = self._game(state, cmd.player)
                return [make_event(ev.Declared, player=p, name="double", value=2 * x.cube)]
            case Take() | Drop():
                _, p = self._game(state, cmd.player)
                return [make_event(ev.Declared, player=p, name="take" if isinstance(cmd, Take) else "drop")]
        return None

    # ------------------------------------------------------------------ evolve

    def evolve(self, state: TableState, e: ev.Event) -> None:
        x = self.own.x(state)
        match e:
            case ev.HandStarted():
                self._start(state, x)
            case ev.DiceRolled(player=str(p)) if x.order and p in x.order and len(e.faces) == 1 and x.step == "bind":
                x.bind[p] = e.faces[0]
                a, b = x.order
                if a in x.bind and b in x.bind:
                    if x.bind[a] == x.bind[b]:
                        x.bind = {}
                        x.passed = "the binding throw is a tie: each throws again"
                    else:
                        x.turn, x.step = (a if x.bind[a] > x.bind[b] else b), "break"
            case ev.DiceRolled(player=str(p)) if x.order and p in x.order and len(e.faces) == 2:
                x.turn, x.step, x.dice, x.opening, x.passed = p, "move", list(e.faces), False, ""
                conf = self.conf(state)
                if not B.can_move(self.pos(x, p), (x.dice[0], x.dice[1]), conf.rules):
                    x.passed = f"{p} rolled {x.dice[0]}-{x.dice[1]}: no legal move"
                    x.turn, x.step, x.dice = self.other(x, p), "roll", []
                    self._next(state, x)
            case ev.Declared(name="move", player=str(p)) if x.order and p in x.order:
                mine, theirs = B.apply(self.pos(x, p), B.steps_of(str(e.value or "")))
                q = self.other(x, p)
                x.board[p], x.board[q] = list(mine), list(theirs)
                x.turn, x.step, x.dice, x.passed = q, "roll", [], ""
                self._decided(state, x, p, q)
                if not x.result:
                    self._next(state, x)
            case ev.Declared(name="double", player=str(p)) if x.order and p in x.order:
                x.offered = int(e.value) if isinstance(e.value, int) else 2 * x.cube
                x.turn, x.step = self.other(x, p), "answer"
            case ev.Declared(name="take", player=str(p)) if x.order and p in x.order:
                x.cube, x.owner, x.offered = x.offered or 2 * x.cube, p, 0
                x.turn, x.step = self.other(x, p), "roll"
            case ev.Declared(name="drop", player=str(p)) if x.order and p in x.order:
                w = self.other(x, p)
                x.result = [w, x.cube, f"{p} drops the cube at {x.offered or 2 * x.cube}: {w} wins {_pts(x.cube)}"]
                x.turn, x.step, x.offered = None, "", 0
            case ev.Declared(name="resign", player=str(p)) if x.order and p in x.order:
                w, level = self.other(x, p), RESIGN.get(str(e.value), 1)
                conf = self.conf(state)
                kind = {1: "a single game", 2: "a gammon", 3: "a backgammon"}.get(level, "a single game")
                if conf.jacoby and x.cube == 1 and not self.own.opts(state).match and level > 1:
                    kind, level = "a single game (Jacoby: the cube was not turned)", 1
                pts = level * (x.cube if conf.cube else 1)
                if conf.scoring in ("single", "nard"):
                    kind, pts = _score(conf.scoring, x.board[p])
                x.result = [w, pts, f"{p} resigns {kind}: {w} wins {_pts(pts)}"]
                x.turn, x.step, x.offered = None, "", 0
            case ev.Declared(name="break") if x.step == "break" and isinstance(e.value, int) and 1 <= e.value <= 6:
                holder = self._holder(x)
                side = x.board[holder]
                side[BAR] += side[e.value]
                side[e.value] = 0
                x.turn, x.step, x.bind, x.shut = self.other(x, holder), "roll", {}, ""
                x.passed = f"{holder}'s {e.value} point is broken up: its men are hit"
            case ev.Scored() if x.result:
                x.done = "scored"
            case ev.Transfer() if x.result:
                x.done = "paid"
            case ev.HandEnded():
                x.turn, x.step, x.result, x.done = None, "", [], ""
        wiring.show(state, x.turn, {"roll": "rolling", "move": "moving", "answer": "cube offered"}.get(x.step, ""))

    def _start(self, state: TableState, x: Tables) -> None:
        conf, o = self.conf(state), self.own.opts(state)
        x.order = [s.name for s in state.active_seats][:2]
        for name, layout in zip(x.order, conf.layouts):
            x.board[name] = list(B.start(layout))
        x.turn, x.step, x.dice, x.cube, x.owner, x.offered = None, "roll", [], 1, None, 0
        x.opening, x.passed, x.result, x.done, x.bind, x.shut = True, "", [], "", {}, ""
        x.crawford = False
        if o.match and conf.crawford and not x.crawford_done and \
                any(state.scores.get(p, 0) == o.match - 1 for p in x.order):
            x.crawford = x.crawford_done = True

    def _next(self, state: TableState, x: Tables) -> None:
        """The turn has passed: Todas Tablas' tie when neither player can move with any roll, else
        the tables bound when the player to roll is shut out (the text's variants)."""
        conf = self.conf(state)
        if conf.todas and x.turn is not None and _stuck(self.pos(x, x.turn), conf.rules):
            x.result = ["", 0, "drawn: neither player can move (Todas Tablas)"]
            x.passed = str(x.result[2])
            return
        self._bound(state, x)

    def _bound(self, state: TableState, x: Tables) -> None:
        """Binding up the tables (the text's variants): the player to roll has men on the bar and
        the other holds every point of their home table."""
        if x.turn is None or not self.conf(state).binding:
            return
        mine, theirs = self.pos(x, x.turn)
        if mine[BAR] and all(theirs[p] >= 2 for p in range(1, 7)):
            x.step, x.bind, x.shut = "bind", {}, x.turn
            x.passed = (f"the tables are bound: {x.turn} is shut out; each throws one die, the higher names "
                        "the point broken up")

    def _decided(self, state: TableState, x: Tables, p: str, q: str) -> None:
        conf = self.conf(state)
        mine, theirs = x.board[p], x.board[q]
        if mine[OFF] >= MEN:
            kind, n = _score(conf.scoring, theirs)
            if conf.jacoby and x.cube == 1 and not self.own.opts(state).match and conf.scoring == "modern":
                kind, n = "a single game (Jacoby: the cube was not turned)", 1
            pts = n * (x.cube if conf.cube else 1)
            cube = f" x cube {x.cube}" if conf.cube and x.cube > 1 else ""
            x.result = [p, pts, f"{p} wins {kind}{cube}: {_pts(pts)}"]
        elif conf.todas and not any(theirs[1:BAR]) and theirs[BAR]:
            x.result = [p, 1, f"{p} has hit every man {q} has on the board: {p} wins 1 point"]

    # ------------------------------------------------------------------ legal, view

    def legal(self, state: TableState) -> list[Legal]:
        if (idle := wiring.idle(state)) is not None:
            over = self.match_over(state)
            return [Legal(None, ("close",), over)] if over and idle else idle
        x = self.own.x(state)
        if x.step == "answer":
            return [Legal(x.turn, ("take", "drop"), f"the cube is offered at {x.offered}")]
        if x.step == "bind":
            return [Legal(p, ("roll",), "binding up the tables: one die each") for p in x.order if p not in x.bind]
        if x.step == "break":
            return [Legal(x.turn, ("break",), f"names the point of {self._holder(x)}'s home table broken up")]
        if x.step == "move" and x.turn:
            _, finals = B.plays(self.pos(x, x.turn), (x.dice[0], x.dice[1]), self.conf(state).rules)
            example = B.show(next(iter(finals.values()))) if finals else ""
            return [Legal(x.turn, ("move",),
                          f"plays {x.dice[0]}-{x.dice[1]} ({len(finals)} legal plays; e.g. {example})")]
        if x.turn is None:
            return [Legal(None, ("roll",), "the opening roll: one die each, the higher plays both numbers")]
        verbs = ("roll", "double") if self._may_double(state, x, x.turn) else ("roll",)
        return [Legal(x.turn, verbs, "rolls" + (f" or doubles to {2 * x.cube}" if "double" in verbs else ""))]

    def _may_double(self, state: TableState, x: Tables, p: str) -> bool:
        return (self.conf(state).cube and not x.opening and not x.crawford and x.cube < MAX_CUBE
                and x.owner in (None, p))

    def view(self, state: TableState) -> list[tuple[str, str]]:
        x = self.own.x(state)
        if len(x.order) != 2 or not x.board:
            return []
        a, b = x.order
        rows = [(f"{a} (X)", _side(x.board[a])), (f"{b} (O)", _side(x.board[b]))]
        ma, mb = x.board[a], x.board[b]

        def cell(point: int) -> str:  # point in a's numbering
            n, m = ma[point], mb[25 - point]
            return f"{'X' if n else 'O'}{n or m}".rjust(3) if n or m else "  ."
        top = "".join(cell(p) for p in range(13, 19)) + " |" + "".join(cell(p) for p in range(19, 25))
        bottom = "".join(cell(p) for p in range(12, 6, -1)) + " |" + "".join(cell(p) for p in range(6, 0, -1))
        def nums(points: range) -> str:
            return "".join(f"{p:>3}" for p in points)
        rows += [("points", nums(range(13, 19)) + " |" + nums(range(19, 25))), ("board", top), ("board", bottom),
                 ("points", nums(range(12, 6, -1)) + " |" + nums(range(6, 0, -1)))]
        if self.conf(state).cube:
            cube = f"{x.cube}, {x.owner} owns it" if x.owner else f"{x.cube}, in the middle"
            if x.offered:
                cube += f"; offered at {x.offered}"
            if x.crawford:
                cube += " (the Crawford game: no doubling)"
            rows.append(("cube", cube))
        if x.dice and x.turn:
            rows.append(("dice", f"{x.turn} plays {x.dice[0]}-{x.dice[1]}"))
        if x.passed:
            rows.append(("passed", x.passed))
        o = self.own.opts(state)
        score = " · ".join(f"{p} {state.scores.get(p, 0)}" for p in x.order)
        rows.append(("score", score + (f" (match to {o.match})" if o.match else " (money)")))
        return rows

    # ------------------------------------------------------------------ the ruleset

    def ruleset(self) -> Ruleset:
        return Ruleset(name=self.v.name, title=self.v.title, summary=self.v.summary, options=self.v.options,
                       initial=self.own.initial, decide=self.decide, after=self._after, evolve=self.evolve, legal=self.legal,
                       view=self.view, check_event=self.check_event, forced=self.forced,
                       words=tuple(w for w in WORDS if (self.v.cube or w.name not in CUBE_WORDS)
                                   and (self.v.binding or w.name != "break")),
                       min_players=2, max_players=2)


# ---------------------------------------------------------------------- small pure helpers

def _pts(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _side(side: list[int]) -> str:
    points = " ".join(f"{p}:{side[p]}" for p in range(24, 0, -1) if side[p])
    return f"pips {B.pips(tuple(side))} · bar {side[BAR]} · off {side[OFF]} · {points or '-'}"


def _score(scoring: str, loser: list[int]) -> tuple[str, int]:
    """What a won game is worth before the cube, from the loser's side."""
    if scoring == "single":
        return "the game", 1
    if scoring == "nard":
        n = sum(loser[p] * (1 + (p - 1) // 6) for p in range(1, 25)) + 4 * loser[BAR]
        return f"by {n} (the loser's men counted by quadrant)", n
    if loser[OFF]:
        return "a single game", 1
    far = loser[BAR] or any(loser[19:25])
    if scoring == "willughby":
        return ("a backgammon (none off, the bar and the winner's home table empty)", 3) if not far else ("a gammon", 2)
    return ("a backgammon", 3) if far else ("a gammon", 2)


def _stuck(pos: Pos, rules: Rules) -> bool:
    """Neither side can move with any roll (Todas Tablas' drawn game)."""
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    return not any(B.can_move(p, r, rules) for p in (pos, B.flip(pos)) for r in rolls)


def _dice(faces: tuple[object, ...]) -> tuple[int, int]:
    """Two faces 1-6, as typed; InputError saying what is accepted."""
    text = [str(f).strip() for f in faces]
    if len(text) == 1 and len(text[0]) == 2:
        text = list(text[0])
    if len(text) != 2 or not all(t in ("1", "2", "3", "4", "5", "6") for t in text):
        raise InputError(f"a roll is two dice, each 1 to 6 (roll Ann 6 4), not {' '.join(text) or 'nothing'}")
    return int(text[0]), int(text[1])


def _play_of(cmd: Move) -> tuple[str, str]:
    """Who moves and the play typed: ``potlog move Ann 13/7 8/4`` arrives as the core move, its
    FROM the player, its TO the first part and its cards the rest (`play_command`)."""
    if cmd.count is not None or cmd.position is not None or cmd.value is not None:
        raise InputError("a play is its moves, like potlog move Ann 13/7 8/4: --count, --bottom, --up and "
                         "--down are for cards")
    return cmd.source, " ".join(t for t in (cmd.to, *cmd.cards) if t)


def play_command(player: str, play: str) -> Move:
    """The command of a play (``13/7 8/4``) by `player`, as ``potlog move`` builds it."""
    first, *rest = play.split() or [""]
    return Move(source=player, to=first, cards=tuple(rest))


# ---------------------------------------------------------------------- the game's own commands

@dataclass(frozen=True, kw_only=True)
class Double(Command):
    """``potlog double Ann``: the cube offered before her roll."""

    verb: ClassVar[str] = "double"
    player: str


@dataclass(frozen=True, kw_only=True)
class Take(Command):
    """``potlog take Ben``: the double taken; Ben owns the cube."""

    verb: ClassVar[str] = "take"
    player: str


@dataclass(frozen=True, kw_only=True)
class Drop(Command):
    """``potlog drop Ben``: the double dropped; the game lost at the cube's value before it."""

    verb: ClassVar[str] = "drop"
    player: str


@dataclass(frozen=True, kw_only=True)
class Break(Command):
    """``potlog break Ann 3``: the point of the bound home table broken up (as typed)."""

    verb: ClassVar[str] = "break"
    player: str
    point: str


@dataclass(frozen=True, kw_only=True)
class Resign(Command):
    """``potlog resign Ben gammon``: the game resigned at a `level` (single, gammon, backgammon)."""

    verb: ClassVar[str] = "resign"
    player: str
    level: str = "single"


def _command_of(e: ev.Event) -> Command | None:
    """The command behind the game's own declarations (``potlog verify --rules``)."""
    if not isinstance(e, ev.Declared) or e.player is None:
        return None
    p = e.player
    match e.name:
        case "move":
            return play_command(p, str(e.value or ""))
        case "resign":
            return Resign(player=p, level=str(e.value or "single"))
        case "break":
            return Break(player=p, point="" if e.value is None else str(e.value))
        case "double":
            return Double(player=p)
        case "take":
            return Take(player=p)
        case "drop":
            return Drop(player=p)
    return None


CUBE_WORDS = ("double", "take", "drop")
RESIGN = {"single": 1, "1": 1, "gammon": 2, "2": 2, "backgammon": 3, "3": 3}
LEVELS = ("single", "gammon", "backgammon")
"""A resignation, recorded by its word (``Ben declares resign gammon``)."""


WORDS = (
    Word("double", "PLAYER offers the cube before rolling (doubles the game; a redouble by its owner).",
         params=(Param("player", "Who doubles."),), command=lambda v: Double(player=v["player"]), makes=(Double,)),
    Word("take", "PLAYER takes the double and owns the cube.", params=(Param("player", "Who takes."),),
         command=lambda v: Take(player=v["player"]), makes=(Take,)),
    Word("drop", "PLAYER drops the double and loses the game at the cube's value before it.",
         params=(Param("player", "Who drops."),), command=lambda v: Drop(player=v["player"]), makes=(Drop,)),
    Word("break", "PLAYER, who threw higher when the tables are bound, names the point broken up (its men hit).",
         params=(Param("player", "Who threw higher."),
                 Param("point", "The point of the bound home table, 1 to 6 in its holder's numbering.",
                       metavar="POINT")),
         command=lambda v: Break(player=v["player"], point=v["point"]), makes=(Break,)),
    Word("resign", "PLAYER resigns the game (a single game, a gammon or a backgammon), the other accepting.",
         params=(Param("player", "Who resigns."),
                 Param("level", "single (default), gammon or backgammon.", required=False, metavar="LEVEL")),
         command=lambda v: Resign(player=v["player"], level=v.get("level") or "single"), makes=(Resign,)),
)
