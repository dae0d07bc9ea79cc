"""One PHH hand read for potlog: the ruleset and its options, the players and their stacks in
PHH order, and the action lines (`Hand`, `Action`); `phh_to_commands` reads a file's text.

Chips are whole numbers in potlog. A hand whose amounts have decimals (``1259450.25``) is read
in hundredths: every amount times 100, the session's chip unit ``cent``; more than two decimal
places are refused, and so is an amount that is not a finite number from 0 to
`events.MAX_CHIPS` (``cbr 1e309``, a negative stack).

``finishing_stacks``, when the file states them, are what the replay must end with
(`Hand.difference`). One reading: a record that splits an odd chip in halves (eight Pluribus
hands say ``10162.5`` for each of two winners) agrees with a replay that gives the odd chip to
one of them, as a table of whole chips must: a stated stack with a fraction of a chip agrees
with the whole chips just below or above it, when the stacks add up to the same.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..errors import PotlogError
from ..events import MAX_CHIPS
from ..games import get_ruleset
from ..core.table import RESERVED_NAMES
from ..names import name_problem, skeleton
from . import toml
from .variants import CHIPS, VARIANTS, PhhError, Variant, fit, known, stakes


class Action(NamedTuple):
    """One PHH action line, with the player it names (None for a board card) and its verb:
    ``dh`` (hole cards), ``db`` (board), ``f``, ``cc``, ``cbr``, ``sm`` (show or muck), ``sd``
    (discard and draw, or stand pat) and ``pb`` (the bring-in)."""

    text: str
    player: str | None
    verb: str
    arg: str | None = None

    def command(self, state: Any) -> Any:
        """The potlog command this action is, at `state` (`ledger.phh.play.command`)."""
        from .play import command

        return command(self, state)


@dataclass(frozen=True)
class Hand:
    """A PHH hand read for potlog: the ruleset (`game`) and its options, the players in PHH
    order (p1 first: left of the button; the last is the button) with their starting stacks,
    and the actions. `scale` is 100 when the record's amounts were read in hundredths."""

    options: dict[str, Any]
    players: tuple[tuple[str, int], ...]
    actions: tuple[Action, ...]
    finishing: tuple[int | float, ...] | None = None
    title: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    game: str = "holdem"
    variant: str = "NT"
    scale: int = 1

    @property
    def names(self) -> list[str]:
        return [p for p, _ in self.players]

    @property
    def button(self) -> str:
        return self.players[-1][0]

    @property
    def chip_unit(self) -> str:
        return "cent" if self.scale == 100 else "chip"

    def difference(self, stacks: list[int]) -> str | None:
        """None when the stated ``finishing_stacks`` (if any) are the replay's `stacks` (PHH
        order; see the module docstring for a stated half chip), else the two, as the file
        writes amounts."""
        stated = self.finishing
        if stated is None or _agree(stated, stacks):
            return None
        theirs = ", ".join(written(s, self.scale) if type(s) is int else repr(round(s / self.scale, 6)) for s in stated)
        ours = ", ".join(written(s, self.scale) for s in stacks)
        return f"finishing_stacks [{theirs}] are not the replay's [{ours}]"


def _agree(stated: tuple[int | float, ...], stacks: list[int]) -> bool:
    if len(stated) != len(stacks) or abs(sum(stated) - sum(stacks)) > 1e-6 * max(1, len(stacks)):
        return False
    for s, o in zip(stated, stacks):
        if abs(s - o) <= 1e-6:
            continue
        if type(s) is int or abs(s - round(s)) <= 1e-6 or not math.floor(s) <= o <= math.ceil(s):
            return False
    return True


def written(n: int, scale: int = 1) -> str:
    """`n` chips as a PHH file in `scale` (100: hundredths, a record in cents) writes them:
    ``193792375`` in cents is ``1937923.75``, ``50000`` is ``500``."""
    if scale == 1:
        return str(n)
    whole, part = divmod(n, scale)
    return str(whole) if part == 0 else f"{whole}.{part:02d}".rstrip("0")


_ACTION = re.compile(r"(?:d (dh) p([0-9]+) (\S+)|d (db) (\S+)|p([0-9]+) (f|cc|cbr|sm|sd|pb)(?: (\S+))?)")
_ALONE = frozenset({"f", "cc", "pb", "sm", "sd"})  # verbs that may stand alone
_ARG = frozenset({"cbr", "sm", "sd"})  # verbs that may take a word: an amount, cards
_PLAYER = re.compile(r"p[0-9]+")


def _amount(arg: str | None, line: str) -> int | float:
    try:
        text = arg or ""
        value = float(text) if "." in text or "e" in text.lower() else int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_CHIPS:  # (a NaN too)
        raise PhhError(f"{line!r}: {arg!r} is not an amount of chips: {_AMOUNTS}")
    return value


_AMOUNTS = f"a number from 0 to {MAX_CHIPS:,}, whole or with cents"


def _bad_action(line: str, n: int) -> str:
    """Why `line` is not an action potlog reads."""
    text = line.split("#", 1)[0].strip()
    m = _ACTION.fullmatch(text)
    if m is None:
        return f"{line!r} is not a PHH action potlog knows (d dh, d db, f, cc, cbr, sm, sd, pb)"
    number = m.group(2) or m.group(6)
    if number is not None and not 1 <= int(number) <= n:
        return f"{line!r}: there is no player p{number}"
    verb = m.group(7)
    return f"{line!r}: {verb} takes {'an amount' if verb == 'cbr' else 'nothing after it'}"


def cards(text: str) -> tuple[str, ...]:
    """PHH cards (``AcTd``, ``????``) as potlog's (``AC``, ``10D``, ``??`` for an unseen one)."""
    if len(text) % 2:
        raise PhhError(f"{text!r} is not a run of two-character cards")
    return tuple(_CARD.get(text[i:i + 2]) or _card(text[i:i + 2]) for i in range(0, len(text), 2))


def _card(pair: str) -> str:
    r, s = pair[0], pair[1]
    if r == "?" or s == "?":
        return "??"
    return ("10" if r.upper() == "T" else r.upper()) + s.upper()


_CARD = {r + s: _card(r + s) for r in "23456789TJQKA" for s in "cdhs"}


def _names(given: Any, n: int) -> list[str]:
    """The PHH ``players`` as potlog names: p1, p2 ... where a name is missing, not a name,
    looks like another player's or like a seat (``p3``)."""
    given = given if isinstance(given, list) else []
    out: list[str] = []
    seen: set[str] = set()
    for i in range(n):
        name = unicodedata.normalize("NFC", str(given[i]).strip()) if i < len(given) else ""
        if (not name or name_problem(name) is not None or name.lower() in RESERVED_NAMES
                or skeleton(name) in seen or _PLAYER.fullmatch(name)):
            name = f"p{i + 1}"
        out.append(name)
        seen.add(skeleton(name))
    return out


def _scale(values: list[Any]) -> int:
    """1 when every amount is whole, 100 when hundredths make them whole; else refused (an
    amount that is not a number from 0 to `MAX_CHIPS` chips, in its scale, too)."""
    if all(type(v) is int and 0 <= v <= MAX_CHIPS for v in values):
        return 1
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= MAX_CHIPS:  # (NaN, inf)
            raise PhhError(f"{v!r} is not an amount of chips: {_AMOUNTS}")
        if abs(v * 100 - round(v * 100)) > 1e-6:
            raise PhhError(f"{v!r}: potlog counts whole chips, or hundredths (a record in cents); "
                           "not finer amounts")
    scale = 1 if all(type(v) is int for v in values) else 100
    if any(v * scale > MAX_CHIPS for v in values):
        raise PhhError(f"{max(values)!r}: in cents, more chips than potlog counts in one amount ({MAX_CHIPS:,})")
    return scale


def _finishing(value: Any, scale: int) -> tuple[int | float, ...] | None:
    """The stated ``finishing_stacks`` in the hand's chips (a stated fraction of a chip kept)."""
    if value is None:
        return None
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, (int, float))
                                          or not 0 <= v <= MAX_CHIPS for v in value):
        raise PhhError(f"finishing_stacks {str(value)[:100]}: each player's chips at the end, {_AMOUNTS}")
    return tuple(v * scale for v in value)


def _whole(value: Any, scale: int) -> Any:
    if isinstance(value, float) or scale != 1:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return int(round(value * scale))
    return value


def phh_to_commands(text: str | dict[str, Any]) -> Hand:
    """Read one PHH hand (TOML text, or its table already parsed) as a potlog table and its
    actions; `PhhError` says what cannot be read."""
    data = loads(text) if isinstance(text, str) else text
    try:
        return _hand(data)
    except (ValueError, TypeError, AttributeError, KeyError, ArithmeticError) as exc:  # a field of the wrong kind
        raise PhhError(f"not a hand potlog can read: {exc}"[:300]) from None


def loads(text: str) -> dict[str, Any]:
    """The TOML table of a PHH file (`PhhError` if it is not TOML)."""
    try:
        return toml.loads(text)
    except toml.tomllib.TOMLDecodeError as exc:
        raise PhhError(f"not a PHH file (TOML): {exc}") from None
    except RecursionError:
        raise PhhError("not a PHH file (TOML): nested too deep") from None


def variant(data: dict[str, Any]) -> Variant:
    code = data.get("variant")
    found = VARIANTS.get(code) if isinstance(code, str) else None
    if found is None:
        said = "the hand names no variant" if code is None else f"variant {code!r}"
        raise PhhError(f"{said}: potlog reads the PHH variants {known()}")
    return found


def _hand(data: dict[str, Any]) -> Hand:
    var = variant(data)
    try:
        rules = get_ruleset(var.game)
    except PotlogError:
        raise PhhError(f"variant {var.code} ({var.title}) is played by potlog's {var.game!r}, "
                       "which this potlog does not have") from None
    raw = data.get("starting_stacks")
    if not isinstance(raw, list):
        raise PhhError("starting_stacks: a list of each player's chips")
    n = len(raw)
    if not 2 <= n <= rules.max_players:
        raise PhhError(f"{n} players: potlog's {var.game} seats {rules.min_players} to {rules.max_players}")
    wanted = stakes(data, var, n)
    lines = data.get("actions", [])
    if not isinstance(lines, list):
        raise PhhError("actions: a list of PHH action lines")
    names = _names(data.get("players"), n)
    seat = {f"p{i + 1}": name for i, name in enumerate(names)}
    actions = []
    bets: list[Any] = []
    for line in lines:
        text = line.split("#", 1)[0].strip() if "#" in line else line.strip()
        w = text.split()
        n_w, first = len(w), w[0] if w else ""
        if n_w == 0:
            raise PhhError(f"{line!r} is not a PHH action: an empty line")
        if first == "d" and n_w == 4 and w[1] == "dh" and w[2] in seat:
            actions.append(Action(text, seat[w[2]], "dh", w[3]))
        elif first == "d" and n_w == 3 and w[1] == "db":
            actions.append(Action(text, None, "db", w[2]))
        elif first in seat and (n_w == 2 and w[1] in _ALONE or n_w == 3 and w[1] in _ARG):
            verb = w[1]
            arg = w[2] if n_w == 3 else None
            if verb == "cbr":
                bets.append(_amount(arg, line))
            actions.append(Action(text, seat[first], verb, arg))
        else:
            raise PhhError(_bad_action(line, len(names)))
    scale = _scale([*raw, *(v for k, v in wanted.items() if k in CHIPS), *bets])
    if scale != 1:
        actions = [Action(a.text, a.player, a.verb, str(int(round(float(a.arg) * scale))))
                   if a.verb == "cbr" and a.arg is not None else a for a in actions]
    wanted = {k: _whole(v, scale) if k in CHIPS else v for k, v in wanted.items()}
    stacks = [_whole(s, scale) for s in raw]
    if any(type(s) is not int or s < 0 for s in stacks):
        raise PhhError(f"starting_stacks {raw}: each player's chips, a whole number")
    options = fit(wanted, rules.options.model_fields, var)
    finishing = _finishing(data.get("finishing_stacks"), scale)
    title = str(data.get("event", "") or "")[:200]
    return Hand(options, tuple(zip(names, stacks)), tuple(actions), finishing, title,
                {k: v for k, v in data.items() if k in ("hand", "event", "year", "author")},
                var.game, var.code, scale)


def phhs_hands(text: str) -> list[tuple[str, dict[str, Any]]]:
    """The hands of a ``.phhs`` file (one TOML table a hand: ``[1]``, ``[2]`` ...), by table name,
    each as its parsed table for `phh_to_commands`."""
    return [(str(k), v) for k, v in loads(text).items() if isinstance(v, dict)]
