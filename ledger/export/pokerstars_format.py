"""Hold'em and Omaha hands as PokerStars writes its hand histories, the text poker trackers
import: the hands of `ledger.export.poker_hands`, each as

    PokerStars Hand #123456789012000003:  Hold'em No Limit (1/2) - 2026/11/26 21:04:11 ET
    Table 'Hold'em at Cleo's' 4-max Seat #3 is the button
    Seat 1: Ann (198 in chips)
    ...
    Dev: posts small blind 1
    Ann: posts big blind 2
    *** HOLE CARDS ***
    Dealt to Ann [As 8s]
    Ben: raises 4 to 6
    Cleo: folds
    ...
    *** FLOP *** [Ah 7c 3d]
    *** TURN *** [Ah 7c 3d] [5s]
    *** RIVER *** [Ah 7c 3d 5s] [Td]
    Ann: bets 20
    Ben: calls 20
    *** SHOW DOWN ***
    Ann: shows [As 8s] (a pair of Aces)
    Ben: shows [7h 7d] (three of a kind, Sevens)
    Ben collected 78 from pot
    *** SUMMARY ***
    Total pot 78 | Rake 0
    Board [Ah 7c 3d 5s Td]
    Seat 1: Ann (big blind) showed [As 8s] and lost with a pair of Aces
    Seat 2: Ben showed [7h 7d] and won (78) with three of a kind, Sevens
    ...

and three blank lines after each hand, as PokerStars separates them. Readings:

- The game: ``Hold'em No Limit``, ``Hold'em Limit``, ``Omaha Pot Limit``, ``Omaha Limit``,
  ``Omaha No Limit``, ``Omaha Hi/Lo ...`` for ``split=hi-lo``; the stakes are the blinds, and
  in a fixed-limit game the small and the big bet, as PokerStars quotes limit stakes.
- The time is when the hand was recorded, in Eastern Time (``ET``), as PokerStars writes it
  (without the zone database, UTC-5).
- Amounts are chips; a session in cents (a PHH record in dollars and cents, imported) is a
  cash game in dollars (``$0.05``, ``$12``), the ``$`` and ``USD`` PokerStars writes for one
  (potlog does not record which currency the cents were).
- ``Dealt to`` is written for the players whose cards the record names (the unseen are not
  told, as PokerStars tells only your own); the seats are the table's, numbered from 1.
- The uncalled part of the last bet is ``Uncalled bet (N) returned to X`` right after the last
  move; ``collected`` lines are what each pot paid (``main pot``, ``side pot``, ``side pot-N``
  when there are several); ``Total pot`` is what the pots held (with ``Main pot N. Side pot
  N.`` when there were side pots) and ``Rake 0``: the house takes nothing at a home table.
- ``*** SHOW DOWN ***`` comes only when two players or more were still in after the
  betting; a hand shown there is named as PokerStars names it ("a full house, Sevens full of
  Eights"; in a hi-lo game "HI: a pair of Kings; LO: 7,4,3,2,A"). A muck is ``mucks hand``. A
  winner everyone else folded to ``doesn't show hand`` unless the record has them show.
- The summary's seat lines: ``folded before Flop`` (``(didn't bet)`` when only an ante went
  in), ``folded on the Flop`` ..., ``showed [..] and won (N) with ...`` or ``and lost with``,
  ``mucked``, ``collected (N)``; ``(button)``, ``(small blind)``, ``(big blind)`` mark the seats.

Player names are written as recorded: a name holds no ``:`` and no control character (the
event model refuses them), so a line reads back as the one it was; the table's title is
written on one line (`ledger.text.printable`).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, TextIO

from ..text import printable
from .poker_hands import Act, Hand, hands, known

_STRUCTURE = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Limit"}
_STREET = ("Flop", "Turn", "River")
_FORCED = ("ante", "small blind", "big blind", "straddle")
_RANKS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten",
          11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}


def _plural(v: int) -> str:
    return "Sixes" if v == 6 else _RANKS[v] + "s"


def ranked(key: tuple[int, ...]) -> str:
    """A high hand's key as PokerStars names it: "a pair of Aces", "a straight, Ten to Ace"."""
    cat, a = key[0], key[1]
    b = key[2] if len(key) > 2 else 0
    low = _RANKS[a - 4] if a > 5 else "Ace"
    return {8: "a Royal Flush" if a == 14 else f"a straight flush, {low} to {_RANKS[a]}",
            7: f"four of a kind, {_plural(a)}", 6: f"a full house, {_plural(a)} full of {_plural(b) if b else ''}",
            5: f"a flush, {_RANKS[a]} high", 4: f"a straight, {low} to {_RANKS[a]}",
            3: f"three of a kind, {_plural(a)}", 2: f"two pair, {_plural(a)} and {_plural(b) if b else ''}",
            1: f"a pair of {_plural(a)}"}.get(cat, f"high card {_RANKS[a]}")


def _eastern(at: str) -> str:
    try:
        when = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return "1970/01/01 00:00:00 ET"
    try:
        from zoneinfo import ZoneInfo

        when = when.astimezone(ZoneInfo("America/New_York"))
    except (ImportError, KeyError):  # no zone database on this machine: Eastern standard time
        when = when.astimezone(timezone(timedelta(hours=-5)))
    return when.strftime("%Y/%m/%d %H:%M:%S") + " ET"


class _Text:
    def __init__(self, hand: Hand):
        self.h = hand

    def n(self, chips: int) -> str:
        if not self.h.cents:
            return str(chips)
        whole, part = divmod(chips, 100)
        return f"${whole}" if not part else f"${whole}.{part:02d}"

    def header(self) -> list[str]:
        h = self.h
        game = ("Hold'em" if h.game == "holdem" else "Omaha Hi/Lo" if h.hilo else "Omaha") + " " + \
            _STRUCTURE.get(h.structure, "No Limit")
        low, high = (h.small_bet, h.big_bet) if h.structure == "fixed-limit" else (h.small_blind, h.big_blind)
        stakes = f"{self.n(low)}/{self.n(high)}" + (" USD" if h.cents else "")
        button = h.player(h.button).seat if any(p.name == h.button for p in h.players) else 0
        lines = [f"PokerStars Hand #{h.game_id}:  {game} ({stakes}) - {_eastern(h.started_at)}",
                 f"Table '{printable(h.title)}' {h.table_size}-max Seat #{button} is the button"]
        lines += [f"Seat {p.seat}: {p.name} ({self.n(p.stack)} in chips)" for p in h.players]
        return lines

    def act(self, a: Act) -> str:
        tail = " and is all-in" if a.all_in else ""
        if a.kind == "board":
            before = self.h.board[:3 + a.street - 2] if a.street > 1 else []
            shown = f"[{' '.join(before)}] " if before else ""
            return f"*** {_STREET[a.street - 1].upper()} *** {shown}[{' '.join(a.cards)}]"
        if a.kind == "ante":
            return f"{a.player}: posts the ante {self.n(a.amount)}{tail}"
        if a.kind in ("small blind", "big blind"):
            return f"{a.player}: posts {a.kind} {self.n(a.amount)}{tail}"
        if a.kind == "straddle":
            return f"{a.player}: posts straddle {self.n(a.amount)}{tail}"
        if a.kind in ("fold", "check"):
            return f"{a.player}: {a.kind}s"
        if a.kind == "raise":
            return f"{a.player}: raises {self.n(a.by)} to {self.n(a.to)}{tail}"
        return f"{a.player}: {a.kind}s {self.n(a.amount)}{tail}"

    def named(self, name: str) -> str:
        """The hand `name` shows as PokerStars names it ("" when it cannot be ranked); in a
        hi-lo game ``HI: ...`` and, when there is one, ``; LO: 7,4,3,2,A``."""
        high, low = self.h.label(name), self.h.label(name, low=True)
        if high is None:
            return ""
        if not self.h.hilo:
            return ranked(high.key)
        lows = ",".join("A" if v == -1 else str(-v) for v in low.key[1:]) if low else ""
        return f"HI: {ranked(high.key)}" + (f"; LO: {lows}" if lows else "")

    def show(self, a: Act) -> str:
        if a.kind == "muck":
            return f"{a.player}: mucks hand"
        named = self.named(a.player)
        return f"{a.player}: shows [{' '.join(a.cards)}]" + (f" ({named})" if named else "")

    def body(self) -> list[str]:
        h = self.h
        forced = [i for i, a in enumerate(h.actions) if a.kind in _FORCED]
        lines = [self.act(h.actions[i]) for i in forced] + ["*** HOLE CARDS ***"]
        lines += [f"Dealt to {p.name} [{' '.join(c)}]" for p in h.players if (c := known(p.dealt))]
        for i, a in enumerate(h.actions):
            if i not in forced:
                lines.append(self.act(a))
            if h.uncalled and i + 1 == h.uncalled_at:
                lines.append(self._uncalled())
        if h.uncalled and h.uncalled_at == 0:
            lines.append(self._uncalled())
        collected = [f"{p} collected {self.n(chips)} from {self._pot(pot)}" for pot, p, chips in h.awards]
        if h.showdown:
            return lines + ["*** SHOW DOWN ***"] + [self.show(a) for a in h.shows] + collected
        quiet = [f"{p}: doesn't show hand" for p in dict.fromkeys(p for _, p, _ in h.awards)
                 if not any(a.player == p and a.kind == "show" for a in h.shows)]
        return lines + collected + [self.show(a) for a in h.shows] + quiet

    def _uncalled(self) -> str:
        who, chips = self.h.uncalled or ("", 0)
        return f"Uncalled bet ({self.n(chips)}) returned to {who}"

    def _pot(self, pot: str) -> str:
        sides = [p for p, _ in self.h.pots() if p.startswith("side pot")]
        if pot.startswith("side pot"):
            return "side pot" if len(sides) == 1 else "side pot-" + pot.split()[-1]
        return pot

    def summary(self) -> list[str]:
        h = self.h
        paid = h.pots()
        total = f"Total pot {self.n(sum(c for _, c in paid))}"
        if len(paid) > 1:
            total += " " + " ".join(f"{self._pot(p)[:1].upper()}{self._pot(p)[1:]} {self.n(c)}." for p, c in paid)
        lines = ["*** SUMMARY ***", total + " | Rake 0"]
        if h.board:
            lines.append(f"Board [{' '.join(h.board)}]")
        return lines + [self.seat(p.name) for p in h.players]

    def seat(self, name: str) -> str:
        h, p = self.h, self.h.player(name)
        forced = {a.kind for a in h.actions if a.player == name}
        marks = "".join(f" ({m})" for m in ("button", "small blind", "big blind")
                        if (m == "button" and name == h.button) or m in forced)
        won, street = h.won(name), h.folded(name)
        shown = next((a for a in h.shows if a.player == name), None)
        if street is not None:
            bet = any(a.player == name and a.kind not in ("ante", "fold", "check") for a in h.actions)
            what = "folded before Flop" + ("" if bet else " (didn't bet)") if street == 0 else \
                f"folded on the {_STREET[street - 1]}"
        elif shown is not None and shown.kind == "show" and h.showdown:
            named = self.named(name)
            with_ = f" with {named}" if named else ""
            what = f"showed [{' '.join(p.shown)}] " + (f"and won ({self.n(won)}){with_}" if won else f"and lost{with_}")
        elif shown is not None and shown.kind == "muck":
            what = f"mucked [{' '.join(shown.cards)}]" if shown.cards else "mucked"
        elif won:
            what = f"collected ({self.n(won)})"
        else:
            what = "mucked"
        return f"Seat {p.seat}: {name}{marks} {what}"

    def text(self) -> str:
        return "\n".join(self.header() + self.body() + self.summary()) + "\n\n\n\n"


def hand_text(hand: Hand) -> str:
    """One hand as PokerStars writes it, with the blank lines that follow it."""
    return _Text(hand).text()


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    """Every finished hold'em and Omaha hand of `sessions` (see the module docstring)."""
    for hand in hands(ledger, sessions, "pokerstars"):
        out.write(hand_text(hand))
