"""PHH (the Poker Hand History standard, uoftcprg/phh-std) into potlog: one Texas hold'em hand,
no-limit (``variant = "NT"``) or fixed-limit (``"FT"``), becomes a ``holdem`` session of its own.

    hand = phh_to_commands(text)            # the table (players, stacks, options) and the actions
    state = replay(hand)                    # in memory, through the rules: the table at the end
    sid = record_hand(ledger, hand, name="pluribus-83-27")    # into a new session of a Ledger
    ledger.import_lines(hand_lines(hand, "pluribus-83-27", now))  # the same, many hands at once

A PHH action is turned into a potlog command against the table it is played at (PHH says
"bet or raise *to* 7000" and "check or call"; potlog says bet, raise *by*, check, call or
all-in), so `Action.command(state)` resolves it there:

- ``d dh pN AcKd`` (``????`` unseen) -> ``deal NAME AC KD`` (unseen cards as ``--count``);
- ``d db Jc3d5c`` -> ``deal board JC 3D 5C``;
- ``pN f`` -> ``fold``; ``pN cc`` -> ``check``, ``call``, or ``allin`` when the call takes the
  stack; ``pN cbr X`` -> ``bet X``, ``raise`` by X less the bet to call, or ``allin`` when X is
  all the player has;
- ``pN sm CARDS`` (show) -> ``reveal NAME CARDS``; ``pN sm -`` -> ``reveal NAME`` (the cards
  the record knows); ``pN sm`` (muck) -> ``fold NAME`` at the showdown.

Potlog posts the blinds and antes and starts the streets itself. Once the actions are played,
a hand still waiting at the showdown has its known hands shown (PokerKit shows them too).
What potlog's holdem does not model (other variants, antes other than a uniform ante or a
big-blind ante, blinds beyond a straddle) is refused with `PhhError`, naming what is there.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from . import events as ev
from .chips import check
from .commands import Command
from .errors import InputError, PotlogError
from .games import base, get_ruleset
from .names import name_problem
from .reducer import apply
from .state import TableState

GAME = "holdem"
VARIANTS = ("NT", "FT")


class PhhError(InputError):
    """A PHH file potlog cannot read as a no-limit hold'em hand."""


@dataclass(frozen=True)
class Action:
    """One PHH action line, with the player it names (None for the dealer's ``d``)."""

    text: str
    player: str | None
    verb: str
    arg: str | None = None

    def command(self, state: TableState) -> Command:
        """The potlog command this action is, at `state`."""
        v, p = self.verb, self.player
        if v == "dh":
            assert p is not None
            known, unseen = _cards(self.arg or "")
            return Command("deal", to=p, cards=known, count=unseen or None)
        if v == "db":
            known, unseen = _cards(self.arg or "")
            if unseen:
                raise PhhError(f"{self.text!r}: board cards are dealt face up, and this one is unseen")
            return Command("deal", to="board", cards=known, face_up=True)
        assert p is not None
        if v == "f":
            return Command("fold", player=p)
        owe, stack = _owed(state, p), state.stack(p)
        if v == "cc":
            if owe == 0:
                return Command("check", player=p)
            return Command("allin", player=p) if owe >= stack else Command("call", player=p)
        if v == "cbr":
            to = _int(self.arg, self.text)
            seat = state.seat(p)
            mine = seat.round_bet if seat is not None else 0
            high = state.hand.current_bet if state.hand is not None else 0
            if to - mine >= stack:
                return Command("allin", player=p)
            if high == 0:
                return Command("bet", player=p, amount=to - mine)
            return Command("raise", player=p, amount=to - high)
        if v == "sm":
            if self.arg is None:
                return Command("fold", player=p)
            if self.arg == "-":
                return Command("reveal", player=p)
            known, unseen = _cards(self.arg)
            return Command("reveal", player=p, cards=known)
        raise PhhError(f"{self.text!r}: potlog's holdem has no {v!r} action")


@dataclass(frozen=True)
class Hand:
    """A PHH hand read for potlog: the ``holdem`` options, the players in PHH order (p1 first:
    the small blind; the last is the button) with their starting stacks, and the actions."""

    options: dict[str, Any]
    players: tuple[tuple[str, int], ...]
    actions: tuple[Action, ...]
    finishing: tuple[int, ...] | None = None
    title: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [p for p, _ in self.players]

    @property
    def button(self) -> str:
        return self.players[-1][0]


_ACTION = re.compile(r"^(?:d (dh) p(\d+) (\S+)|d (db) (\S+)|p(\d+) (f|cc|cbr|sm)(?: (\S+))?)$")


def _cards(text: str) -> tuple[tuple[str, ...], int]:
    """PHH cards (``AcTd``, ``????``) -> potlog's known cards (``AC``, ``10D``) and the unseen count."""
    if len(text) % 2:
        raise PhhError(f"{text!r} is not a run of two-character cards")
    known, unseen = [], 0
    for i in range(0, len(text), 2):
        r, s = text[i], text[i + 1]
        if r == "?" or s == "?":
            unseen += 1
        else:
            known.append(("10" if r.upper() == "T" else r.upper()) + s.upper())
    return tuple(known), unseen


def _int(text: str | None, where: str) -> int:
    try:
        return int(text or "")
    except ValueError:
        raise PhhError(f"{where!r}: {text!r} is not a whole number of chips") from None


def _owed(state: TableState, player: str) -> int:
    seat, hand = state.seat(player), state.hand
    return max(0, hand.current_bet - seat.round_bet) if seat is not None and hand is not None else 0


def _names(given: list[Any], n: int) -> list[str]:
    """The PHH ``players`` as potlog names: p1, p2 ... where a name is missing, not a name, or taken."""
    out: list[str] = []
    for i in range(n):
        name = str(given[i]).strip() if i < len(given) else ""
        if (not name or name_problem(name) is not None or name.lower() in base.RESERVED_NAMES
                or name in out or re.fullmatch(r"p\d+", name)):
            name = f"p{i + 1}"
        out.append(name)
    return out


def _options(data: dict[str, Any], n: int) -> dict[str, Any]:
    antes = [int(a) for a in data.get("antes", [0] * n)]
    blinds = [int(b) for b in data.get("blinds_or_straddles", [])]
    if len(blinds) != n or len(antes) != n:
        raise PhhError(f"antes and blinds_or_straddles need one entry for each of the {n} players")
    if len(blinds) < 2 or blinds[0] <= 0 or blinds[1] <= 0 or any(blinds[3:]) or any(b < 0 for b in blinds):
        raise PhhError(f"blinds_or_straddles {blinds}: potlog's holdem has a small and a big blind and one straddle")
    opts: dict[str, Any] = {"small_blind": blinds[0], "big_blind": blinds[1]}
    if n >= 3 and blinds[2]:
        opts["straddle"] = blinds[2]
    if any(antes):
        uniform = len(set(antes)) == 1
        if uniform and data.get("ante_trimming_status", True) is not False:
            opts["ante"] = antes[0]
        elif [i for i, a in enumerate(antes) if a] == [1]:
            opts["bb_ante"] = antes[1]
        else:
            raise PhhError(f"antes {antes}: potlog's holdem has an ante from everyone or a big-blind ante")
    if data.get("variant") == "FT":
        small, big = int(data.get("small_bet", blinds[1])), int(data.get("big_bet", 2 * blinds[1]))
        if small != blinds[1] or big != 2 * small:
            raise PhhError(f"small_bet {small}, big_bet {big}: potlog's fixed-limit hold'em bets the big blind, "
                           "then twice it")
        opts["structure"] = "fixed-limit"
        return opts
    min_bet = int(data.get("min_bet", blinds[1]))
    if min_bet != blinds[1]:
        opts["min_bet"] = min_bet
    return opts


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PhhError(f"not a PHH file (TOML): {exc}") from None


def phh_to_commands(text: str | dict[str, Any]) -> Hand:
    """Read one PHH hand (TOML text, or its table already parsed) as a potlog ``holdem`` table
    and its actions."""
    data = _toml(text) if isinstance(text, str) else text
    try:
        return _hand(data)
    except (ValueError, TypeError, AttributeError) as exc:  # a field of the wrong kind
        raise PhhError(f"not a hand potlog can read: {exc}"[:300]) from None


def _hand(data: dict[str, Any]) -> Hand:
    variant = data.get("variant")
    if variant not in VARIANTS:
        raise PhhError(f"variant {variant!r}: potlog reads Texas hold'em hands, no-limit (variant \"NT\") and "
                       "fixed-limit (\"FT\")")
    stacks = [int(s) for s in data.get("starting_stacks", [])]
    n = len(stacks)
    if not 2 <= n <= 10:
        raise PhhError(f"{n} players: potlog's holdem seats 2 to 10")
    names = _names(list(data.get("players", [])), n)
    actions = []
    for line in data.get("actions", []):
        words = str(line).split("#")[0].strip()
        m = _ACTION.match(words)
        if m is None:
            raise PhhError(f"{line!r} is not a PHH action potlog's holdem knows (d dh, d db, f, cc, cbr, sm)")
        if m.group(1):
            actions.append(Action(words, _player(names, m.group(2), line), "dh", m.group(3)))
        elif m.group(4):
            actions.append(Action(words, None, "db", m.group(5)))
        else:
            actions.append(Action(words, _player(names, m.group(6), line), m.group(7), m.group(8)))
    finishing = data.get("finishing_stacks")
    title = str(data.get("event", "") or "")[:200]
    return Hand(_options(data, n), tuple(zip(names, stacks)), tuple(actions),
                tuple(int(s) for s in finishing) if finishing else None, title,
                {k: v for k, v in data.items() if k in ("hand", "event", "year", "author")})


def phhs_hands(text: str) -> list[tuple[str, dict[str, Any]]]:
    """The hands of a ``.phhs`` file (one TOML table a hand: ``[1]``, ``[2]`` ...), by table name,
    each as its parsed table for `phh_to_commands`."""
    return [(str(k), v) for k, v in _toml(text).items() if isinstance(v, dict)]


def _player(names: list[str], number: str, line: str) -> str:
    i = int(number) - 1
    if not 0 <= i < len(names):
        raise PhhError(f"{line!r}: there is no player p{number}")
    return names[i]


# ----------------------------------------------------------------------------- playing a hand

Run = Callable[[Command], TableState]
"""Decide and record one command; returns the table after it."""


def play(hand: Hand, run: Run, state: TableState) -> TableState:
    """Play `hand`'s actions from `state` (a session just opened with its players seated):
    start the hand with the button, each action as a command, then show what the showdown
    still waits for."""
    try:
        state = run(Command("hand", dealer=hand.button))
    except PotlogError as exc:
        raise PhhError(f"the hand cannot start: {exc}") from None
    for action in hand.actions:
        try:
            state = run(action.command(state))
        except PotlogError as exc:
            raise PhhError(f"{action.text!r}: {exc}") from None
    if state.in_hand:  # the showdown waits for hands that were not shown: show the known ones
        for seat in state.live_players():
            if seat.cards and any(not h.up for h in seat.cards) and state.in_hand:
                try:
                    state = run(Command("reveal", player=seat.name))
                except PotlogError as exc:
                    raise PhhError(f"the hand is not over after its actions: {exc}") from None
    if state.in_hand:
        raise PhhError("the hand is not over after its actions: " + (state.hand.phase if state.hand else ""))
    return state


def replay(hand: Hand | str, log: list[tuple[int, ev.Event]] | None = None) -> TableState:
    """`hand` played in memory through the holdem rules (every event applied by the reducer and
    the chips checked after each), as a recorder would at the table; the table at the end.
    `log`, when given, receives every (seq, event) recorded."""
    hand = phh_to_commands(hand) if isinstance(hand, str) else hand
    rules = get_ruleset(GAME)
    state = TableState(session="phh")

    def run(cmd: Command) -> TableState:  # decide never changes the table; a refusal ends the replay
        for event in rules.decide(state, cmd):
            apply(state, state.seq + 1, event)
            check(state, hand_closed=isinstance(event, ev.HandEnded))
            if log is not None:
                log.append((state.seq, event))
        return state

    try:
        run(Command("open", options=dict(hand.options), title=hand.title))
        for name, stack in hand.players:
            run(Command("join", player=name, amount=stack))
    except PotlogError as exc:
        raise PhhError(f"the table cannot be set: {exc}") from None
    return play(hand, run, state)


def hand_lines(hand: Hand | str, session: str, recorded_at: str) -> list[str]:
    """`hand` replayed (`replay`) and written as the JSONL lines of a session of its own, hashed
    and chained as ``potlog export --format jsonl`` writes them: what `Ledger.import_lines`
    stores in one transaction (the fast way to bring in many hands)."""
    log: list[tuple[int, ev.Event]] = []
    replay(hand, log)
    prev, lines = ev.GENESIS, []
    for seq, event in log:
        body = ev.event_body(event)
        digest = ev.chain_hash(prev, body, session=session, seq=seq, etype=event.type, recorded_at=recorded_at)
        lines.append(ev.canonical_json({"session": session, "seq": seq, "recorded_at": recorded_at,
                                        "prev_hash": prev, "hash": digest, "event": json.loads(body)}))
        prev = digest
    return lines


def record_hand(ledger: Any, hand: Hand | str, *, name: str | None = None) -> str:
    """`hand` recorded into a new ``holdem`` session of `ledger` (a `ledger.app.Ledger`), through
    its ordinary commands; returns the session's id."""
    hand = phh_to_commands(hand) if isinstance(hand, str) else hand
    sid: str = ledger.new_session(GAME, list(hand.players), options=dict(hand.options), name=name,
                                  title=hand.title)

    def run(cmd: Command) -> TableState:
        ledger.execute(sid, cmd)
        state: TableState = ledger.state(sid)
        return state

    play(hand, run, ledger.state(sid))
    return sid


def session_name(path: str, root: str = "") -> str:
    """A session id for a PHH file: its path under `root`, ``/`` as ``-``, without ``.phh``."""
    rel = path[len(root):].lstrip("/") if root and path.startswith(root) else path.rsplit("/", 1)[-1]
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", rel.removesuffix(".phhs").removesuffix(".phh")).strip("-.") or "hand"
    return ("phh-" + stem)[:64]


def phh_files(paths: Iterable[str]) -> list[str]:
    """The ``.phh`` and ``.phhs`` files of `paths` (files as given, directories searched), sorted
    per directory."""
    import os

    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith((".phh", ".phhs"))]
        else:
            out.append(path)
    return out
