"""Yamb: five dice, up to three rolls a turn, each turn written in one cell of a score sheet of
columns whose order rules differ; the highest sheet wins.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Yamb"). Played for chips by the score
difference (``-o per_point=N``) or for a kitty (``-o ante=N``, the default: 1).

How a game is recorded::

    potlog new yamb -p Ann=50 -p Ben=50 -o columns=up,down,free,announce
    potlog hand                              # both ante; Ann deals, so Ben rolls first for the order
    potlog roll Ben 6 6 5 4 2                # 23
    potlog roll Ann 1 2 3 3 4                # 13: Ben plays first
    potlog roll Ben 3 5 5 2 6                # Ben's turn: the first roll
    potlog announce Ben full                 # after the first roll, before the second
    potlog reroll Ben 5 2 --keep 5,5,2       # 2 and 6 rolled again (--keep names every die not rolled)
    potlog write Ben announce full           # 5 5 2 5 2: 19 + 30 = 49; Ann's turn

Readings of the rule book:

- The sheet has 13 rows a column: ones to sixes (the sum of the dice showing that face); Min
  and Max (each the sum of the five dice); two pairs (two different faces shown twice or more:
  the best two pairs + 10; four alike is one face, not two pairs); straight (1-5 or 2-6: 66 made
  on the first roll of the turn, 56 on the second, 46 on the third); full house (three of one
  face and two of another: the sum + 30; five alike is not one); carriage (four alike or
  better: the sum of all five dice + 40, as the text says); Yamb (five alike: the sum + 50).
  Dice that do not make the row score 0 in it.
- Minimax is not written but worked out, as the text defines it: (Max - Min) x Ones of the same
  column, once the three are written; it is negative when Max is below Min. Min and Max count
  only through it (they are the "minimum" and "maximum" the Minimax multiplies).
- Each column totals on its own: the upper section (ones to sixes), + 30 when it reaches 63
  (the bonus the tables give), then the lower section (Minimax, two pairs, straight, full
  house, carriage, Yamb). A player's score is the sum of their columns.
- The columns (``-o columns=up,down,free,announce``, the four basic ones, by default; any of
  ``up, down, free, announce, up-down, middle, hand, maximum``, in the order given):
  ``up`` "must be filled starting with the ones and on down to Yamb" and ``down`` "starting
  with Yamb and on up to Ones": the text's words are kept, so ``up`` fills from the top row
  (ones) and ``down`` from the bottom (Yamb), each one cell after the other. ``free``: any
  order. ``announce``: only the row the player announced (``potlog announce Ann full``)
  after the first roll and before the second; an announced turn is written there, and nowhere
  else. ``up-down``: the next cell from the top or the next from the bottom. ``middle``: Min
  or Max first, then outwards from the cells filled, one cell at a time, up towards ones and
  down towards Yamb. ``hand``: any order, but only on the turn's first roll. ``maximum``: any
  order, but only with the most the dice score in a row still open in that column (the text's
  "close to the maximum value of that roll", read as a recorder can check it).
- A turn is up to three rolls: ``potlog roll NAME FACES`` throws the five dice, ``potlog reroll
  NAME FACES --keep KEPT`` keeps some and throws the others (a ``roll`` of five after a throw
  throws all five again); ``potlog write NAME COLUMN ROW`` ends the turn (at the latest after
  the third roll). A roll that would leave no cell to write in (only the hand column open, or
  only the announce column and nothing announced) is refused, naming the rule.
- The order of play: "rolling the five dice. The highest roller goes first and the lowest
  roller goes last": after ``potlog hand`` every player rolls five dice once, in seat order
  from the dealer's left; players tied on a total roll again among themselves (their earlier
  rolls rank first). ``potlog hand --first NAME`` instead: clockwise from NAME. Play keeps that
  order, one turn each, round after round, until every sheet is full (13 turns a column).
- Chips: a kitty (``ante``, each player's into it at ``potlog hand``): the highest score takes
  it; a tie for the highest lets it stand for the next game (the text rolls dice for a tie:
  the table plays another game). Or ``per_point=N``: every pair of players settles the
  difference of their scores at N chips a point (each player's chips change by N x (players x
  score - the sum of the scores), zero-sum); a loser who cannot cover pays all they hold and
  the winners share it in proportion, odd chips to the larger winners first. Not both.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .. import events as ev
from ..core.commands import Command, Declare, NewHand, Reroll, RollDice, command_for
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.verbs import make_event, start_hand
from ..dice import parse_faces
from ..errors import RuleViolation
from ..kit import dice, dicewords, follow, pots, stages, wiring
from ..kit.kitty import contains
from ..kit.own import Plain
from ..state import Roll, TableState
from ..text import listed

DICE, ROLLS, BONUS_AT, BONUS = 5, 3, 63, 30
ROWS = ("ones", "twos", "threes", "fours", "fives", "sixes", "min", "max", "twopairs", "straight", "full",
        "carriage", "yamb")
UPPER = ROWS[:6]
LOWER = ("twopairs", "straight", "full", "carriage", "yamb")
SHORT = ("1", "2", "3", "4", "5", "6", "min", "max", "2p", "str", "full", "car", "yamb")
COLUMNS = ("up", "down", "free", "announce", "up-down", "middle", "hand", "maximum")
STRAIGHTS = {1: 66, 2: 56, 3: 46}
_ALIASES = {"1": "ones", "2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes",
            "minimum": "min", "maximum": "max", "pairs": "twopairs", "2p": "twopairs", "2pairs": "twopairs",
            "str": "straight", "fullhouse": "full", "house": "full", "car": "carriage", "poker": "carriage",
            "fourofakind": "carriage", "yahtzee": "yamb", "fiveofakind": "yamb"}


class Options(BaseModel):
    """Yamb's table choices: the columns, and how chips change hands."""

    model_config = ConfigDict(extra="forbid")
    columns: str = Field(default="up,down,free,announce",
                         description="the sheet's columns, in order: " + ", ".join(COLUMNS))
    ante: int = Field(default=1, ge=0, le=ev.MAX_CHIPS,
                      description="chips each player puts into the kitty; the highest score takes it (0 with per_point)")
    per_point: int = Field(default=0, ge=0, le=ev.MAX_CHIPS,
                           description="chips a point: every pair settles the difference of their scores")

    @model_validator(mode="before")
    @classmethod
    def _no_kitty_by_points(cls, data: Any) -> Any:
        if isinstance(data, dict) and "ante" not in data and str(data.get("per_point", "0")).strip() not in ("", "0"):
            return {**data, "ante": 0}
        return data

    @field_validator("columns")
    @classmethod
    def _known_columns(cls, value: str) -> str:
        named = [c.strip().lower() for c in value.replace(" ", ",").split(",") if c.strip()]
        unknown = [c for c in named if c not in COLUMNS]
        if unknown or not named:
            raise ValueError(f"no Yamb column {', '.join(unknown) or '(none given)'}: columns are {', '.join(COLUMNS)}")
        if len(set(named)) != len(named):
            raise ValueError("each column once: " + ",".join(named))
        return ",".join(named)

    @model_validator(mode="after")
    def _one_stake(self) -> Options:
        if self.ante and self.per_point:
            raise ValueError("play for a kitty (ante=N) or by the difference of scores (per_point=N), not both")
        return self

    @property
    def sheet(self) -> tuple[str, ...]:
        return tuple(self.columns.split(","))


@dataclass
class Yamb:
    """The game in progress (``state.ext``): `phase` ("order", "play", "over"); who plays and in
    what order; who has anted; the rolls for the order (`keys`); whose turn (`at`, an index in
    `order`), the turn's dice after each throw (`throws`) and the row announced; each player's
    `sheets` ("column row" -> points); when over, the `winner` (or a tie `why`) and the
    settlement payments still `due` (``[from, to, amount]``)."""

    phase: str = ""
    order: list[str] = field(default_factory=list)
    anted: list[str] = field(default_factory=list)
    keys: dict[str, list[int]] = field(default_factory=dict)
    at: int = 0
    throws: list[list[int]] = field(default_factory=list)
    announced: str = ""
    sheets: dict[str, dict[str, int]] = field(default_factory=dict)
    winner: str = ""
    why: str = ""
    due: list[list[Any]] = field(default_factory=list)


OWN = Plain(Yamb, Options)


# ----------------------------------------------------------------------------- the sheet

def row_of(name: str) -> str:
    """A row as written (``ones`` .. ``yamb``; ``1``, ``full house``, ``poker`` ... accepted)."""
    key = "".join(ch for ch in str(name).lower() if ch.isalnum())
    key = _ALIASES.get(key, key)
    if key not in ROWS:
        raise RuleViolation(f"no Yamb row {name!r}: rows are {', '.join(ROWS)} (or 1 .. 6)")
    return key


def points(row: str, faces: list[int] | tuple[int, ...], throws: int = 1) -> int:
    """What the five `faces` score in `row`, made on the turn's `throws`-th roll (the straight)."""
    n, total = Counter(faces), sum(faces)
    if row in UPPER:
        face = UPPER.index(row) + 1
        return face * n[face]
    if row in ("min", "max"):
        return total
    if row == "twopairs":
        pairs = sorted((f for f, c in n.items() if c >= 2), reverse=True)[:2]
        return 2 * sum(pairs) + 10 if len(pairs) == 2 else 0
    if row == "straight":
        return STRAIGHTS.get(throws, 0) if sorted(faces) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) else 0
    counts = sorted(n.values(), reverse=True)
    if row == "full":
        return total + 30 if counts == [3, 2] else 0
    if row == "carriage":
        return total + 40 if counts[0] >= 4 else 0
    return total + 50 if counts[0] == 5 else 0  # yamb


def column_score(cells: dict[str, int], column: str) -> dict[str, int | None]:
    """One column's figures: the upper sum, the bonus, the Minimax (None until Ones, Min and
    Max are written), the lower sum and the column's total."""
    got = {r: cells[f"{column} {r}"] for r in ROWS if f"{column} {r}" in cells}
    upper = sum(got.get(r, 0) for r in UPPER)
    bonus = BONUS if upper >= BONUS_AT else 0
    minimax = (got["max"] - got["min"]) * got["ones"] if all(r in got for r in ("ones", "min", "max")) else None
    lower = (minimax or 0) + sum(got.get(r, 0) for r in LOWER)
    return {"upper": upper, "bonus": bonus, "minimax": minimax, "lower": lower, "total": upper + bonus + lower}


def score(cells: dict[str, int], columns: tuple[str, ...]) -> int:
    """A player's score: the sum of their columns' totals."""
    return sum(int(column_score(cells, c)["total"] or 0) for c in columns)


def _open(cells: dict[str, int], column: str) -> list[str]:
    return [r for r in ROWS if f"{column} {r}" not in cells]


def next_cells(cells: dict[str, int], column: str) -> list[str]:
    """The rows a column's order lets the player write next (before the turn's own rules)."""
    empty = _open(cells, column)
    if column == "up":
        return empty[:1]
    if column == "down":
        return empty[-1:]
    if column == "up-down":
        return list(dict.fromkeys(empty[:1] + empty[-1:]))
    if column == "middle":
        filled = [i for i, r in enumerate(ROWS) if f"{column} {r}" in cells]
        if not filled:
            return ["min", "max"]
        return [ROWS[i] for i in (min(filled) - 1, max(filled) + 1) if 0 <= i < len(ROWS) and ROWS[i] in empty]
    return empty


_ORDER = {"up": "the up column is filled from ones down to Yamb, one cell after the other",
          "down": "the down column is filled from Yamb up to ones, one cell after the other",
          "up-down": "the up-down column fills from both ends, towards the middle",
          "middle": "the middle column starts at Min or Max and fills outwards from them"}


def forbids(cells: dict[str, int], column: str, row: str, throws: list[list[int]], announced: str) -> str | None:
    """Why the rules forbid writing this turn's dice in `column` `row` (None: they allow it)."""
    if f"{column} {row}" in cells:
        return f"{column} {row} is written already ({cells[f'{column} {row}']})"
    if announced and (column, row) != ("announce", announced):
        return f"{announced} was announced: the turn is written in announce {announced}"
    if column == "announce" and not announced:
        return ("the announce column takes only the row announced after the first roll, before the second "
                "(potlog announce NAME ROW)")
    if column in _ORDER and row not in (allowed := next_cells(cells, column)):
        return f"{_ORDER[column]}: its next cell is {' or '.join(allowed)}, not {row}"
    if column == "hand" and len(throws) != 1:
        return f"the hand column takes only the turn's first roll, and this is roll {len(throws)}"
    if column == "maximum":
        faces, n = throws[-1], len(throws)
        best = max(_open(cells, column), key=lambda r: points(r, faces, n))
        if points(row, faces, n) < points(best, faces, n):
            return (f"the maximum column takes only the most the dice make in its open rows: {best} "
                    f"{points(best, faces, n)}, not {row} {points(row, faces, n)}")
    return None


def writable(cells: dict[str, int], columns: tuple[str, ...], throws: int, announced: str) -> list[str]:
    """Every cell a turn at its `throws`-th roll may be written in (whatever the dice)."""
    if announced:
        return [f"announce {announced}"] if f"announce {announced}" not in cells else []
    return [f"{c} {r}" for c in columns if c != "announce" and not (c == "hand" and throws != 1)
            for r in next_cells(cells, c)]


# ----------------------------------------------------------------------------- the table

def roller(x: Yamb) -> str | None:
    """Who rolls now: the next to roll for the order, or the player whose turn it is."""
    if x.phase == "order":
        return next((p for p in x.order if _to_roll(x, p)), None)
    return x.order[x.at] if x.phase == "play" and x.at < len(x.order) else None


def _to_roll(x: Yamb, p: str) -> bool:
    """`p` rolls (again) for the order: no roll yet, or their rolls tie another's so far."""
    mine = x.keys.get(p, [])
    return not mine or any(q != p and x.keys.get(q, [])[:len(mine)] == mine for q in x.order)


def _full(x: Yamb, columns: tuple[str, ...]) -> bool:
    return all(len(x.sheets.get(p, {})) >= len(columns) * len(ROWS) for p in x.order)


def _settlement(state: TableState, x: Yamb, o: Options) -> list[list[Any]]:
    """The per-point payments, ``[from, to, amount]``, debtors and then winners in play order."""
    totals = {p: score(x.sheets.get(p, {}), o.sheet) for p in x.order}
    n, total = len(totals), sum(totals.values())
    net = {p: o.per_point * (n * s - total) for p, s in totals.items()}
    pays = {p: min(-v, state.stack(p)) for p, v in net.items() if v < 0}
    owed = {p: v for p, v in net.items() if v > 0}
    paid, due = sum(pays.values()), sum(owed.values())
    gets = dict(owed)
    if paid < due:  # a loser could not cover: the winners share what was paid, pro rata
        gets = {p: v * paid // due for p, v in owed.items()}
        for p in sorted(owed, key=lambda p: (-owed[p], x.order.index(p)))[:paid - sum(gets.values())]:
            gets[p] += 1
    out: list[list[Any]] = []
    for debtor in x.order:
        left = pays.get(debtor, 0)
        for p in x.order:
            amount = min(left, gets.get(p, 0))
            if amount > 0:
                gets[p] -= amount
                left -= amount
                out.append([debtor, p, amount])
    return out


def _over(state: TableState, x: Yamb, o: Options) -> None:
    """Every sheet full: the winner (or a tie), the payments due."""
    x.phase, x.at = "over", len(x.order)
    totals = {p: score(x.sheets.get(p, {}), o.sheet) for p in x.order}
    top = max(totals.values())
    best = [p for p in x.order if totals[p] == top]
    if len(best) == 1:
        x.winner, x.why = best[0], f"{best[0]} has the highest score, {top}"
    else:
        x.why = f"{listed(best)} tie with {top}"
    x.due = _settlement(state, x, o) if o.per_point else []


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the antes; once every sheet is full, the chips and the end."""
    hand = state.hand
    if hand is None or hand.ended:
        return []
    x, o = OWN.x(state), OWN.opts(state)
    if o.ante and (antes := pots.post_antes(state, x.order, x.anted, o.ante)):
        return antes
    if x.phase != "over":
        return []
    if x.due:
        debtor, winner, amount = x.due[0]
        return [make_event(ev.Transfer, from_account=f"seat:{debtor}", to_account=f"seat:{winner}", amount=amount,
                           reason=f"Yamb settlement at {o.per_point} per point")]
    if state.balance("pot"):
        return (pots.award_all(state, x.winner, x.why) if x.winner else [pots.carry(state)])
    return [make_event(ev.HandEnded, hand=hand.number)]


# ----------------------------------------------------------------------------- decide

def _whose(state: TableState, player: str | None, doing: str) -> tuple[str, Yamb]:
    """The player whose move it is (refusing anyone else, naming the rule), and the game."""
    stages.hand_on(state)
    x = OWN.x(state)
    who = roller(x)
    if who is None:
        raise RuleViolation(f"every sheet is full: the game is over ({x.why})")
    if player != who:
        if x.phase == "order" and player in x.keys:
            raise RuleViolation(f"{player} has rolled {x.keys[player][-1]} for the order; {who} rolls now "
                                "(the highest total plays first, ties roll again)")
        raise RuleViolation(f"it is {who}'s turn to {doing}, not {player}'s")
    if x.phase == "order" and doing != "roll":
        raise RuleViolation(f"first each player rolls five dice for the order of play: {who} rolls now "
                            f"(potlog roll {who} FACES)")
    return who, x


def _may_throw(x: Yamb, o: Options, who: str) -> None:
    """Refuse another throw that the player has no right to, or that leaves nowhere to write."""
    n = len(x.throws)
    if n >= ROLLS:
        raise RuleViolation(f"{who} has rolled {ROLLS} times, the most a turn has: now potlog write {who} COLUMN ROW")
    cells = x.sheets.get(who, {})
    if n and not writable(cells, o.sheet, n + 1, x.announced):
        if "announce" in o.sheet and _open(cells, "announce"):
            raise RuleViolation(f"only the announce column has room: {who} announces a row before the second roll "
                                f"(potlog announce {who} ROW), or writes now")
        raise RuleViolation(f"only the hand column has room, and it takes the first roll: {who} writes now")


def _roll(state: TableState, cmd: RollDice) -> list[ev.Event]:
    who, x = _whose(state, cmd.player, "roll")
    if cmd.sides not in (None, 6):
        raise RuleViolation("Yamb is played with six-sided dice")
    event = dice.roll(state, who, cmd.faces, sides=6)
    assert isinstance(event, ev.DiceRolled)
    if len(event.faces) != DICE:
        raise RuleViolation(f"Yamb is rolled with five dice: name 5 faces, like: potlog roll {who} 3 5 5 2 6")
    if x.phase == "play":
        _may_throw(x, OWN.opts(state), who)
    return follow.followed([event])


def _reroll(state: TableState, cmd: Reroll) -> list[ev.Event]:
    who, x = _whose(state, cmd.player, "roll")
    if x.phase != "play":
        raise RuleViolation("for the order each player rolls all five dice: potlog roll NAME FACES")
    if not x.throws:
        raise RuleViolation(f"{who} has not rolled this turn: potlog roll {who} FACES first")
    _may_throw(x, OWN.opts(state), who)
    faces = parse_faces([str(f) for f in cmd.faces], 6)
    kept = parse_faces([str(f) for f in (cmd.value or ())], 6) if cmd.value else []
    have = x.throws[-1]
    if not contains(have, kept):
        raise RuleViolation(f"{who} has no {' '.join(map(str, sorted((Counter(kept) - Counter(have)).elements())))} "
                            f"to keep (their dice: {' '.join(map(str, have))})")
    if not faces or len(kept) + len(faces) != DICE:
        raise RuleViolation(f"{who} has five dice: keep some and roll the others, not {len(kept)} kept and "
                            f"{len(faces)} rolled")
    return follow.followed([make_event(ev.DiceRerolled, player=who, kept=kept, faces=faces, sides=6)])


def _announce(state: TableState, cmd: Declare) -> list[ev.Event]:
    who, x = _whose(state, cmd.player, "announce")
    o = OWN.opts(state)
    if "announce" not in o.sheet:
        raise RuleViolation(f"this table plays no announce column (its columns: {', '.join(o.sheet)})")
    if len(x.throws) != 1:
        done = "not rolled yet" if not x.throws else f"rolled {'twice' if len(x.throws) == 2 else 'three times'}"
        raise RuleViolation(f"a row is announced after the first roll and before the second: {who} has {done}")
    if x.announced:
        raise RuleViolation(f"{who} has announced {x.announced} already this turn")
    row = row_of(str(cmd.value or ""))
    cells = x.sheets.get(who, {})
    if f"announce {row}" in cells:
        raise RuleViolation(f"announce {row} is written already ({cells[f'announce {row}']}): "
                            f"open: {', '.join(_open(cells, 'announce'))}")
    return follow.followed([make_event(ev.Declared, player=who, name="announce", value=row)])


def cell_of(value: object, columns: tuple[str, ...]) -> tuple[str, str]:
    """``"free carriage"`` -> (column, row); refuses a column the table does not play."""
    words = str(value or "").replace(":", " ").split()
    if not words:
        raise RuleViolation("name the cell: potlog write NAME COLUMN ROW, like: potlog write Ann free full")
    column = words[0].lower()
    if column not in columns:
        raise RuleViolation(f"no column {words[0]!r} at this table: its columns are {', '.join(columns)}")
    return column, row_of(" ".join(words[1:]))


def _write(state: TableState, cmd: Declare) -> list[ev.Event]:
    who, x = _whose(state, cmd.player, "write")
    if not x.throws:
        raise RuleViolation(f"{who} has not rolled yet: roll first (potlog roll {who} FACES)")
    column, row = cell_of(cmd.value, OWN.opts(state).sheet)
    why = forbids(x.sheets.get(who, {}), column, row, x.throws, x.announced)
    if why:
        raise RuleViolation(why)
    return follow.followed([make_event(ev.Declared, player=who, name="write", value=f"{column} {row}")])


def _declare(state: TableState, cmd: Declare) -> list[ev.Event]:
    if cmd.name == "announce":
        return _announce(state, cmd)
    if cmd.name == "write":
        return _write(state, cmd)
    raise RuleViolation(f"Yamb has no declaration {cmd.name!r}: announce NAME ROW, write NAME COLUMN ROW")


def _hand(state: TableState, cmd: NewHand) -> list[ev.Event]:
    opened = start_hand(state, cmd, min_players=2)
    started = opened[0]
    assert isinstance(started, ev.HandStarted)
    if len(who := wiring.players(state, started)) < 2:
        raise RuleViolation(f"Yamb needs two players with chips, not {len(who)}: a player with none rebuys or sits out")
    return follow.followed(opened)


def _own(e: ev.Event) -> Command | None:
    if isinstance(e, ev.DiceRerolled):
        return Reroll(player=e.player, faces=tuple(e.faces), value=tuple(e.kept))
    return command_for(e)


decide, check_event = wiring.wire(
    "yamb", "Yamb", Options, _after, {NewHand: _hand, RollDice: _roll, Reroll: _reroll, Declare: _declare},
    "start a game with 'hand'; then roll, reroll, announce and write in turn",
    by_itself=(ev.Ante, ev.Transfer, ev.PotAwarded, ev.PotCarried, ev.HandEnded), own=_own, opened=True)


# ----------------------------------------------------------------------------- evolve

def evolve(state: TableState, e: ev.Event) -> None:
    """The game's part of an event: the order, the turn's dice, the cells written, the end."""
    if isinstance(e, ev.HandStarted):
        state.ext = Yamb(phase="play" if e.first else "order", order=wiring.players(state, e))
        return
    hand, x = state.hand, OWN.x(state)
    if hand is None or hand.ended:
        return
    who = roller(x)
    match e:
        case ev.Ante(player=p) if p not in x.anted:
            x.anted.append(p)
        case ev.Transfer() if x.due[:1] == [[e.from_account[5:], e.to_account[5:], e.amount]]:
            x.due.pop(0)
        case ev.DiceRolled(player=str(p)) if p == who and len(e.faces) == DICE and x.phase == "order":
            x.keys[p] = x.keys.get(p, []) + [sum(e.faces)]
            if roller(x) is None:
                x.order.sort(key=lambda q: x.keys[q], reverse=True)
                x.phase = "play"
        case ev.DiceRolled(player=str(p)) if p == who and len(e.faces) == DICE:
            x.throws.append(list(e.faces))
        case ev.DiceRerolled(player=p):
            hand.dice.append(Roll(p, list(e.kept) + list(e.faces), e.sides))
            if p == who and x.phase == "play" and len(e.kept) + len(e.faces) == DICE:
                x.throws.append(list(e.kept) + list(e.faces))
        case ev.Declared(player=str(p), name="announce") if p == who and x.phase == "play":
            x.announced = _announced(state, str(e.value))
        case ev.Declared(player=str(p), name="write") if p == who and x.phase == "play" and x.throws:
            _written(state, x, p, str(e.value))
    wiring.show(state, roller(x), x.phase)


def _announced(state: TableState, value: str) -> str:
    """The row an announcement names (a ruling's too), where the table plays the announce column."""
    try:
        return row_of(value) if "announce" in OWN.opts(state).sheet else ""
    except RuleViolation:
        return ""


def _written(state: TableState, x: Yamb, p: str, value: str) -> None:
    """A cell written (a ruling's too, where it names a cell still open): the next turn."""
    o = OWN.opts(state)
    try:
        column, row = cell_of(value, o.sheet)
    except RuleViolation:
        return
    cells = x.sheets.setdefault(p, {})
    if f"{column} {row}" in cells:
        return
    cells[f"{column} {row}"] = points(row, x.throws[-1], len(x.throws))
    x.throws, x.announced, x.at = [], "", (x.at + 1) % len(x.order)
    if _full(x, o.sheet):
        _over(state, x, o)


# ----------------------------------------------------------------------------- legal, view, words

def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    x, o = OWN.x(state), OWN.opts(state)
    who = roller(x)
    if who is None:
        return []
    if x.phase == "order":
        return [Legal(who, ("roll",), "name 5 faces: five dice for the order of play, the highest total first")]
    n, cells = len(x.throws), x.sheets.get(who, {})
    if not n:
        return [Legal(who, ("roll",), "name 5 faces: the turn's first roll")]
    again = n < ROLLS and bool(writable(cells, o.sheet, n + 1, x.announced))
    verbs = (("reroll", "roll") if again else ()) + ("write",) + (
        ("announce",) if n == 1 and not x.announced and "announce" in o.sheet and _open(cells, "announce") else ())
    said = f", announced {x.announced}" if x.announced else ""
    return [Legal(who, verbs, f"roll {n} of {ROLLS}: {' '.join(map(str, x.throws[-1]))}{said}; "
                              f"open: {', '.join(writable(cells, o.sheet, n, x.announced)) or 'announce only'}")]


def _cells(cells: dict[str, int], column: str) -> str:
    return " ".join(str(cells[f"{column} {r}"]) if f"{column} {r}" in cells else "." for r in ROWS)


def view(state: TableState) -> list[tuple[str, str]]:
    x, o = OWN.x(state), OWN.opts(state)
    if not x.order:
        return []
    out: list[tuple[str, str]] = [("rows", " ".join(SHORT) + "  (Minimax = (max - min) x 1s)")]
    if state.in_hand and state.balance("pot"):
        out.append(("kitty", f"{state.balance('pot')}"))
    if x.phase == "order":
        out.append(("order", ", ".join(f"{p} {'/'.join(map(str, x.keys[p])) if p in x.keys else '-'}"
                                       for p in x.order) + ": the highest total plays first"))
    for p in x.order:
        cells = x.sheets.get(p, {})
        for c in o.sheet:
            s = column_score(cells, c)
            mm = "-" if s["minimax"] is None else s["minimax"]
            out.append((f"{p} {c}", f"{_cells(cells, c)} | upper {s['upper']}+{s['bonus']} minimax {mm} "
                                    f"= {s['total']}"))
        out.append((p, f"score {score(cells, o.sheet)}"))
    who = roller(x)
    if x.phase == "play" and who is not None and x.throws:
        said = f", announced {x.announced}" if x.announced else ""
        out.append(("rolling", f"{who}: {' '.join(map(str, x.throws[-1]))} (roll {len(x.throws)} of {ROLLS}){said}"))
    if x.phase == "over":
        out.append(("result", x.why + ("" if x.winner or not o.ante else ": the kitty stands")))
    return out


PLAYER = Param("player", "Whose turn it is.")
ROW = Param("row", "The row: " + ", ".join(ROWS) + " (or 1 .. 6, two pairs, full house, poker ...).", many=True,
            metavar="|".join(ROWS), field="value")
ANNOUNCE = Word("announce", "PLAYER announces the row they will make, after the first roll and before the second.",
                "potlog announce Ann full: the turn is then written in announce full.", params=(PLAYER, ROW),
                command=lambda v: Declare(player=v["player"], name="announce", value=" ".join(v["row"])),
                makes=(Declare,))
WRITE = Word("write", "PLAYER writes the turn's dice in a cell: COLUMN ROW (0 when the dice do not make it).",
             "potlog write Ann free carriage; columns: " + ", ".join(COLUMNS) + ".",
             params=(PLAYER, Param("column", "The column.", metavar="|".join(COLUMNS), field="value"), ROW),
             command=lambda v: Declare(player=v["player"], name="write", value=" ".join([v["column"], *v["row"]])),
             makes=(Declare,))

RULESET = Ruleset(name="yamb", title="Yamb",
                  summary="Five dice, three rolls a turn, each turn written in a column of the sheet (up, down, "
                          "free, announce ...); played by the score difference or for a kitty.",
                  options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal,
                  view=view, check_event=check_event, words=(dicewords.reroll(cup=False), ANNOUNCE, WRITE),
                  min_players=2)
