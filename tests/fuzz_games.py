"""A random-command fuzzer over every game: plausible commands with corrections mixed in.

For each game in `ledger.games.all_rulesets`, a session is opened and driven by a seeded
random generator: most steps take what `legal` says may happen next (a verb for a player),
fill in its arguments from the table (the seated players, the session's pack, dice faces,
small amounts, the counts `legal`'s note names) and record it; the rest are corrections and
asides a recorder makes at any moment: ``undo``, ``undo N``, ``amend``, ``void`` and
``note``. A refused command must leave the log as it was. After every accepted command the
session must pass what a user would run: ``verify --rules`` (chain and rules), ``audit``
(no problem found) and ``state`` (the table drawn, `legal` and the game's view).

`fuzz_game` returns the figures (commands tried, accepted, corrections) and the failures,
each with the seed and the commands that led to it, so a failure is reproduced by running
`fuzz_game(game, seed)` again.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ledger.app import Ledger, _pack_of
from ledger.audit import audit_session
from ledger.cards import PACKS, UNKNOWN
from ledger.commands import (
    AllIn, Ante, Award, Bet, BringIn, Call, Carry, Check, Close, Command, Count, Deal, Declare, End, Exchange, Fold,
    Join, Leave, Move, NewHand, Note, Pay, Play, Raise, Rebuy, Reshuffle, Reveal, RollDice, Round, Showdown, Stand,
    Stands, Void,
)
from ledger.errors import PotlogError
from ledger.games import get_ruleset
from ledger.core.contract import Param, Ruleset, Word
from ledger.state import TableState
from ledger.verify import verify_session

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_COUNT = re.compile(r"\b(\d+|one|two|three|four|five|six|seven)\s+(?:cards?|dice|die)\b")
_DICE = re.compile(r"name (\d+) faces|has (\d+) dice|with (\d+) dice|(\d+) dice under")
_CORRECTIONS = ("undo", "undo-n", "amend", "void", "note")
# what a table does at a moment with no verb for a player: the shared verbs worth trying
_TABLE_VERBS = ("hand", "deal", "end", "award", "carry", "round")


@dataclass
class Figures:
    """What one run did: per game, and the failures with how to reproduce them."""

    games: int = 0
    tried: int = 0
    accepted: int = 0
    corrections: int = 0
    hands: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        self.games += other.games
        self.tried += other.tried
        self.accepted += other.accepted
        self.corrections += other.corrections
        self.hands += other.hands
        self.failures += other.failures

    def line(self) -> str:
        return (f"{self.games} games, {self.tried} commands tried, {self.accepted} accepted, "
                f"{self.corrections} corrections accepted, {self.hands} hands started, "
                f"{len(self.failures)} failures")


class Fuzz:
    """One game's session driven at random (see the module docstring)."""

    def __init__(self, game: str, seed: int, db: Path) -> None:
        self.rules: Ruleset = get_ruleset(game)
        self.rng = random.Random(f"{game}:{seed}")
        self.game, self.seed = game, seed
        self.led = Ledger.open(str(db))
        low, high = max(self.rules.min_players, 2), min(self.rules.max_players, len(NAMES) - 1)
        self.players = list(NAMES[:self.rng.randint(low, max(low, min(high, low + 2)))])
        self.sid = self._open()
        self.figures = Figures(games=1)
        self.trail: list[str] = []
        self.dice = 0  # how many dice a throw has, once a refusal said it
        self.note = ""  # what `legal` said of the verb being tried

    def _open(self) -> str:
        for stake in (100, 30, 60, 200, 20, 10, 1000):  # the first buy-in the game accepts
            try:
                return self.led.new_session(self.game, [(p, stake) for p in self.players],
                                            name=f"fuzz-{self.game}")
            except PotlogError:
                continue
        raise AssertionError(f"{self.game}: no buy-in opens a session of {len(self.players)} players")

    # ---------------------------------------------------------------- the table
    def state(self) -> TableState:
        return self.led.state(self.sid)

    def pack(self, st: TableState) -> tuple[str, ...]:
        name = _pack_of(st) or "french52"
        return PACKS[name].cards if name in PACKS else PACKS["french52"].cards

    def card(self, st: TableState) -> str:
        return self.rng.choice(self.pack(st))

    def faces(self, n: int) -> tuple[str, ...]:
        return tuple(str(self.rng.randint(1, 6)) for _ in range(n))

    def someone(self, st: TableState, player: str | None) -> str:
        if player is not None and self.rng.random() < 0.9:
            return player
        names = [s.name for s in st.seats] or list(self.players)
        return self.rng.choice(names)

    def last_faces(self, st: TableState, player: str | None) -> list[int]:
        rolls = [r for r in (st.hand.dice if st.hand is not None else []) if r.player == player]
        return list(rolls[-1].faces) if rolls else []

    def own_card(self, st: TableState, player: str) -> str:
        seat = st.seat(player)
        known = [h.card for h in seat.cards if h.card != UNKNOWN] if seat is not None else []
        return self.rng.choice(known) if known and self.rng.random() < 0.8 else self.card(st)

    # ---------------------------------------------------------------- commands
    def amount(self, st: TableState, player: str | None) -> int:
        stack = st.stack(player) if player else 20
        return max(1, self.rng.choice([1, 2, 3, 5, 10, max(1, stack // 4), max(1, stack)]))

    def command(self, st: TableState, verb: str, player: str | None, note: str) -> Command | None:
        """A plausible command for `verb` (a shared verb or the game's own word)."""
        rng = self.rng
        word = self.rules.word(verb)
        if word is not None and word.command is not None:
            self.note = note  # what `legal` said, for the values that read it (the ends a tile must fit)
            return self.word_command(st, word, player)
        if word is not None:
            return None  # a reading word: nothing is recorded
        counted = [WORDS.get(m, None) or int(m) for m in _COUNT.findall(note)] if note else []
        n = counted[0] if counted and rng.random() < 0.85 else rng.randint(1, 5)
        who = self.someone(st, player)
        match verb:
            case "hand" | "end" | "carry" | "round" | "stands" | "showdown" | "reshuffle":
                return _BARE[verb]()
            case "deal":
                to = player or rng.choice(["all", "all", "board", "trump", *[s.name for s in st.seats]])
                if rng.random() < 0.15:  # a card turned up on the table (a trump, a board card)
                    return Deal(to=rng.choice(["board", "trump"]), cards=(self.card(st),), face_up=True)
                if rng.random() < 0.6:
                    return Deal(to=to, count=n)
                return Deal(to=to, cards=tuple(self.card(st) for _ in range(n)),
                               face_up=rng.random() < 0.5)
            case "reveal":
                seat = st.seat(who)
                k = len(seat.cards) if seat is not None and seat.cards else n
                return Reveal(player=who, cards=tuple(self.card(st) for _ in range(k)))
            case "exchange":
                return Exchange(player=who, count=rng.randint(1, 3),
                               discard=(self.own_card(st, who),) if rng.random() < 0.5 else ())
            case "play":
                return Play(player=who, cards=(self.own_card(st, who),))
            case "move" if "e.g. " in note:  # a tables game's legal play, named by `legal`
                play = note.rsplit("e.g. ", 1)[1].rstrip(")").split()
                return Move(source=who, to=play[0], cards=tuple(play[1:]))
            case "roll":
                if self.dice and rng.random() < 0.8:
                    n = self.dice
                elif not counted and rng.random() < 0.7:
                    n = rng.choice([1, 2, 3, 5, 6])
                return RollDice(player=who, faces=self.faces(n))
            case "declare":
                return Declare(player=who, name=rng.choice(["cost", "dice", "limit", "bid", "target"]),
                               value=str(rng.randint(1, 6)))
            case "ante":
                return Ante(player=rng.choice([who, "all"]), amount=None if rng.random() < 0.7 else 1)
            case "bet" | "raise":
                return (Bet if verb == "bet" else Raise)(player=who, amount=self.amount(st, who))
            case "call" | "check" | "fold" | "allin" | "stand" | "bringin":
                return _BY_PLAYER[verb](player=who)
            case "award":
                return Award(player=who)
            case "pay":
                accounts = [s.name for s in st.seats] + ["pot", "house"]
                return Pay(source=rng.choice(accounts), to=rng.choice(accounts), amount=rng.randint(1, 5))
            case "count":
                return Count(player=who, amount=st.stack(who))
            case "note":
                return Note(text=f"aside {rng.randint(1, 99)}")
            case "join":
                return Join(player=rng.choice(NAMES), amount=100)
            case "rebuy":
                return Rebuy(player=who, amount=rng.randint(1, 50))
            case "leave" | "close":
                return (Leave(player=who) if verb == "leave" else Close()) if rng.random() < 0.05 else None
        return None

    def value(self, st: TableState, param: Param, player: str | None) -> Any:
        """A value for one of a word's parameters, from what the table holds."""
        rng = self.rng
        meta = (param.metavar or "").upper()
        if param.kind == "flag":
            return rng.random() < 0.3
        if param.kind == "option" and rng.random() < 0.6:
            return [] if param.many else None
        if param.name in ("player", "by"):
            return self.someone(st, player)
        if param.type is int:
            return rng.randint(0, 6) if param.name in ("face", "ante") else rng.randint(1, 6)
        if "NAME=N" in meta:
            return [f"{s.name}={rng.randint(0, 3)}" for s in st.seats if s.active]
        if param.name == "keep":  # some of the dice the player rolled last
            last = self.last_faces(st, player)
            return [str(f) for f in last if rng.random() < 0.5] if last else list(self.faces(rng.randint(1, 3)))
        if "FACES" in meta or param.name == "dice":
            n = len(self.last_faces(st, player)) or self.dice or rng.choice([1, 2, 3, 5, 6])
            if meta.startswith("N|") and rng.random() < 0.5:
                return [str(n)]  # unseen dice under a cup: how many
            return list(self.faces(rng.randint(1, n) if rng.random() < 0.5 else n))
        if "|" in meta and "=" not in meta:  # a closed list: clockwise|counter-clockwise, [split|stand]
            choice = rng.choice(meta.strip("[]").lower().split("|"))
            return [choice] if param.many else choice
        if param.name in ("tile", "tiles"):  # dominoes: mostly a tile with a number an open end shows
            ends = [int(n) for n in re.findall(r"\ba (\d)\b", self.note)] or list(range(7))
            left = re.search(r"shows the (\d+) tiles", self.note)  # a hand shown at the end: that many
            n = (int(left[1]) if left else rng.randint(1, 3)) if param.many else 1
            tiles = [f"{rng.choice(ends) if rng.random() < 0.8 else rng.randint(0, 6)}-{rng.randint(0, 6)}"
                     for _ in range(n)]
            return tiles if param.many else tiles[0]
        if param.name == "end":  # the end a tile goes to: mostly left to the table (it fits one end)
            return rng.choice([None, None, "left", "right"])
        if param.name in ("card", "cards", "discard"):
            who = player or self.someone(st, None)
            cards = [self.own_card(st, who) for _ in range(rng.randint(1, 4) if param.many else 1)]
            return cards if param.many else cards[0]
        if param.name in ("value",) and "CATEGORY" in meta:
            return rng.choice(["1", "2", "3", "4", "5", "6", "straight", "full", "poker", "generala"])
        if param.name == "value":
            return rng.choice(["21", "66", "55", "43", "32", "65", "31"])
        token = rng.choice([self.card(st), str(rng.randint(1, 6)), self.someone(st, player)])
        return [token] if param.many else token

    def word_command(self, st: TableState, word: Word, player: str | None) -> Command | None:
        values = {p.name: self.value(st, p, player) for p in word.params}
        assert word.command is not None
        try:
            return word.command(values)
        except PotlogError:
            return None

    def candidates(self, st: TableState) -> list[Command]:
        """Commands `legal` suggests, each with random arguments, then a few shared verbs."""
        out: list[Command] = []
        for legal in self.rules.legal(st):
            for verb in legal.verbs:
                if verb in ("close", "leave") and self.rng.random() < 0.97:
                    continue
                for _ in range(3):  # a few tries of the arguments, each its own candidate
                    cmd = self.command(st, verb, legal.player, legal.note)
                    if cmd is not None:
                        out.append(cmd)
        self.rng.shuffle(out)
        for verb in self.rng.sample(_TABLE_VERBS, 2):
            cmd = self.command(st, verb, None, "")
            if cmd is not None:
                out.append(cmd)
        return out

    # ---------------------------------------------------------------- one step
    def head(self) -> int:
        return self.state().seq

    def attempt(self, what: str, run: Any) -> bool:  # noqa: ANN401 - a thunk over the ledger
        before = self.head()
        self.figures.tried += 1
        try:
            run()
        except PotlogError as exc:
            self.learn(str(exc))
            if self.head() != before:
                self.fail(f"refused {what}, yet the log moved from seq {before} to {self.head()}")
            return False
        self.trail.append(what)
        self.figures.accepted += 1
        self.check(what)
        return True

    def learn(self, refusal: str) -> None:
        """A refusal that names how many dice the game throws (``name 6 faces``, ``has 5 dice``):
        the next throws use that many, as a recorder corrects themself."""
        found = _DICE.search(refusal)
        if found:
            self.dice = int(next(g for g in found.groups() if g))

    def play_once(self) -> None:
        st = self.state()
        for cmd in self.candidates(st)[:24]:
            if self.attempt(_shown(cmd), lambda c=cmd: self.led.execute(self.sid, c)):
                if isinstance(cmd, NewHand):
                    self.figures.hands += 1
                return

    def correct_once(self) -> None:
        kind = self.rng.choice(_CORRECTIONS)
        st = self.state()
        ok = False
        if kind == "undo":
            ok = self.attempt("undo", lambda: self.led.undo(self.sid))
        elif kind == "undo-n":
            n = self.rng.randint(2, 4)
            ok = self.attempt(f"undo {n}", lambda: self.led.undo(self.sid, n))
        elif kind == "void":
            live = [s for s in range(2, st.seq + 1) if s not in st.voided][-6:]
            if live:
                target = self.rng.choice(live)
                ok = self.attempt(f"void {target}", lambda: self.led.execute(
                    self.sid, Void(target=target, reason="fuzz")))
        elif kind == "note":
            ok = self.attempt("note", lambda: self.led.execute(self.sid, Note(text="a word")))
        else:  # amend one of the last acts with a command plausible now
            acts = [act for act, _ in zip(self.led.acts(self.sid, st.voided), range(3)) if 1 not in act]
            if acts:
                seq = self.rng.choice(acts)[0]
                earlier = self.led.state(self.sid, seq - 1)
                for cmd in self.candidates(earlier)[:6]:
                    if isinstance(cmd, (Close, Leave, Join)):
                        continue
                    if self.attempt(f"amend {seq} {_shown(cmd)}", lambda c=cmd: self.led.amend(self.sid, seq, c)):
                        ok = True
                        break
        if ok:
            self.figures.corrections += 1

    def check(self, what: str) -> None:
        """What a user runs after the command: verify --rules, audit and state."""
        store = self.led.store
        report = verify_session(store, self.sid, rules=True)
        if not report.ok:
            self.fail(f"verify --rules after {what!r}: {report.first.message if report.first else report}")
            return
        audit = audit_session(store, self.sid)
        bad = [p for p in audit.problems if p.kind != "count"]
        if bad:
            self.fail(f"audit after {what!r}: {bad[0].message}")
            return
        from cli.render import state_data, state_view

        st = self.state()
        try:
            state_data(st, all_cards=True)
            state_view(st, all_cards=False)
            self.rules.legal(st)
            self.rules.view(st)
        except Exception as exc:  # noqa: BLE001 - the finding is the game's crash, whatever it is
            self.fail(f"state after {what!r}: {type(exc).__name__}: {exc}")

    def fail(self, message: str) -> None:
        tail = "; ".join(self.trail[-8:])
        self.figures.failures.append(f"{self.game} seed {self.seed}: {message} (last commands: {tail})")
        raise _Stop

    def run(self, steps: int) -> Figures:
        try:
            for _ in range(steps):
                if self.state().closed:
                    break
                if self.figures.accepted > 3 and self.rng.random() < 0.2:
                    self.correct_once()
                else:
                    self.play_once()
        except _Stop:
            pass
        finally:
            self.led.close()
        return self.figures


_BARE: dict[str, type[Command]] = {"hand": NewHand, "end": End, "carry": Carry, "round": Round, "stands": Stands,
                                   "showdown": Showdown, "reshuffle": Reshuffle}
_BY_PLAYER: dict[str, type[Command]] = {"call": Call, "check": Check, "fold": Fold, "allin": AllIn, "stand": Stand,
                                        "bringin": BringIn}
"""The commands the fuzzer makes of the words `legal` names (a recorder's reading of them)."""


class _Stop(Exception):
    """The first failure ends a run: what follows it would only repeat it."""


def _shown(cmd: Command) -> str:
    """A command as a person would read it in a failure report."""
    parts = [cmd.verb]
    for name in ("player", "to", "source", "amount", "count", "name", "value", "target"):
        v = getattr(cmd, name, None)
        if v is not None:
            parts.append(f"{name}={v}")
    for name in ("cards", "discard", "faces", "shares"):
        v = getattr(cmd, name, ())
        if v:
            parts.append(f"{name}={list(v)}")
    return " ".join(parts)


def fuzz_game(game: str, seed: int, steps: int, where: Path) -> Figures:
    """One seeded run of `steps` steps over `game`, in a database under `where`."""
    return Fuzz(game, seed, where / f"{game}-{seed}.db").run(steps)


def session_with_a_hand(game: str, where: Path, steps: int = 20) -> Path:
    """The database of a short fuzz session of `game` that keeps a hand (the first seed whose
    corrections did not take every hand back): what a page that draws hands is tried on."""
    from ledger.app import Ledger

    for seed in range(8):
        figures = fuzz_game(game, seed, steps, where)
        assert not figures.failures, figures.failures
        db = where / f"{game}-{seed}.db"
        led = Ledger.open(str(db))
        try:
            if (hand := led.state(led.current()).hand) is not None and hand.number >= 1:
                return db
        finally:
            led.close()
    raise AssertionError(f"no fuzz session of {game} kept a hand")

