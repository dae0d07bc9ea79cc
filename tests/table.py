"""A table in memory, for rule tests at the decider: no database, no CLI.

    t = Table("bluke", Ann=0, Ben=0, Cy=0)
    t(NewHand(dealer="Cy"))                          # a command, as the CLI builds it
    t.word("bid", "Ann=2", "Ben=3", "Cy=1")          # a game word, parsed as the game declares it
    t.refused(Play(player="Ben", cards=("AS",)), "not your turn")

Each command goes through the game's `decide`; every event it returns is applied with the
real reducer and the chips are checked after each, exactly as `Ledger.execute` does before it
appends (a refused command changes nothing). With ``verify=True`` each event is also put to
the game's ``check_event`` first, as ``potlog verify --rules`` would.
"""

from __future__ import annotations

from typing import Any

import pytest

from ledger import events as ev
from ledger.chips import check
from ledger.commands import Command, Join, NewHand, Open
from ledger.errors import PotlogError
from ledger.games import get_ruleset
from ledger.core.options import fresh_options
from ledger.reducer import apply
from ledger.state import TableState


class Table:
    def __init__(self, game: str, *, options: dict[str, Any] | None = None, verify: bool = False,
                 **players: int):
        self.rules = get_ruleset(game)
        self.state = TableState(session="t")
        self.log: list[tuple[int, ev.Event]] = []
        self.verify = verify
        self.run(Open(options=fresh_options(self.rules.options, dict(options or {}))))  # as potlog new
        for name, buyin in players.items():
            self(Join(player=name, amount=buyin))

    def run(self, cmd: Command) -> list[ev.Event]:
        events = self.rules.decided(self.state, cmd)
        trial = self.state.clone()
        seq = trial.seq
        for event in events:
            seq += 1
            if self.verify and self.rules.check_event is not None and seq > 1:
                self.rules.check_event(trial, event)
            apply(trial, seq, event)
            check(trial, hand_closed=isinstance(event, ev.HandEnded))
        self.state = trial
        self.log += list(enumerate(events, start=seq - len(events) + 1))
        return events

    def __call__(self, cmd: Command) -> list[ev.Event]:
        return self.run(cmd)

    def word(self, name: str, *args: str) -> list[ev.Event]:
        """A game word, its arguments parsed exactly as on the command line."""
        from cli.words import parse

        word = self.rules.word(name)
        assert word is not None and word.command is not None, f"{self.rules.name} has no recording word {name!r}"
        return self.run(word.command(parse(self.rules, word, list(args))))

    def refused(self, cmd: Command, says: str) -> str:
        """`cmd` is refused with a message containing `says`, and nothing changes."""
        before = self.state.clone()
        with pytest.raises(PotlogError) as err:
            self(cmd)
        assert says in str(err.value), str(err.value)
        assert self.state == before
        return str(err.value)

    @property
    def to_act(self) -> str | None:
        return self.state.hand.to_act if self.state.hand is not None else None

    def stack(self, player: str) -> int:
        return self.state.stack(player)


def poker_table(game: str, options: dict[str, Any] | None = None, **players: int) -> Table:
    """A poker table (`verify` on) with its first hand started: Ann, Ben and Cy at 100 each unless named."""
    t = Table(game, options=options, verify=True, **(players or {"Ann": 100, "Ben": 100, "Cy": 100}))
    t(NewHand())
    return t


def awards(events: list[ev.Event]) -> list[tuple[str, list[tuple[str, int]]]]:
    """Each pot award among `events`: its reason and the (player, chips) shares."""
    return [(e.reason, [(s.player, s.amount) for s in e.shares]) for e in events if isinstance(e, ev.PotAwarded)]


def omaha_hi_lo_hand() -> Table:
    """A fixed-limit Omaha hi-lo hand checked down to a showdown (Ann AS 2S KD KC, Ben QH QD 9C 8C;
    board 3H 4D JC 7S 10H): the exports name both halves of its pot."""
    from ledger.commands import Call, Check, Deal, NewHand, Reveal

    t = Table("omaha", options={"split": "hi-lo", "structure": "fixed-limit"}, Ann=100, Ben=100)
    t(NewHand(dealer="Ann"))
    t(Deal(to="Ann", cards=("AS", "2S", "KD", "KC")))
    t(Deal(to="Ben", cards=("QH", "QD", "9C", "8C")))
    t(Call(player=t.to_act))
    t(Check(player=t.to_act))
    for cards in (("3H", "4D", "JC"), ("7S",), ("10H",)):
        t(Deal(to="board", cards=cards))
        t(Check(player=t.to_act))
        t(Check(player=t.to_act))
    t(Reveal(player="Ben"))
    t(Reveal(player="Ann"))
    return t

