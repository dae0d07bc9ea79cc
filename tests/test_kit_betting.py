"""The betting-round engine (`ledger.kit.betting`), in memory: a freeform table, events applied
by the reducer, the book kept by `record`, moves checked by `check_move`."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import Command
from ledger.errors import RuleViolation
from ledger.kit import betting as bets
from ledger.kit import pots
from ledger.reducer import apply
from ledger.state import TableState
from tests.test_kit_pots import play as play_on, put
from tests.test_kit_pots import table as pot_table

NAMES = ("Ann", "Ben", "Cy", "Dee")


class Table:
    """A freeform table in the first betting round of hand 1 (dealer: the last seat)."""

    def __init__(self, rules: bets.Betting, stacks: tuple[int, ...] = (50, 50, 50), limit: int = 5) -> None:
        self.rules, self.book, self.limit = rules, bets.RoundBook(), limit
        self.state = TableState()
        self.order = list(NAMES[:len(stacks)])
        self.apply(ev.SessionOpened(game="freeform", options={}))
        for name, chips in zip(self.order, stacks):
            self.apply(ev.PlayerJoined(player=name, buyin=chips))
        self.apply(ev.HandStarted(hand=1, dealer=self.order[-1]))
        self.apply(ev.RoundStarted(round=1))

    def apply(self, event: ev.Event, forced: bool = False) -> None:
        apply(self.state, self.state.seq + 1, event)
        bets.record(self.state, self.book, self.rules, event, forced=forced)

    def next(self) -> str | None:
        return bets.to_act(self.state, self.book, self.rules, self.order)

    def move(self, verb: str, player: str, amount: int | None = None) -> None:
        """Check the move, then record it as the shared verbs would."""
        assert self.next() == player, (self.next(), player)
        bets.check_move(self.state, self.book, self.rules, bets.Move(verb, player, amount))
        owed = bets.owed(self.state, player)
        event: ev.Event = {
            "bet": lambda: ev.Bet(player=player, amount=amount or 0),
            "call": lambda: ev.Call(player=player, amount=owed),
            "raise": lambda: ev.Raise(player=player, amount=owed + (amount or 0), by=amount or 0),
            "allin": lambda: ev.AllIn(player=player, amount=self.state.stack(player)),
            "check": lambda: ev.Check(player=player),
            "fold": lambda: ev.Fold(player=player),
        }[verb]()
        self.apply(event)

    def refused(self, verb: str, player: str, amount: int | None = None) -> str:
        with pytest.raises(RuleViolation) as exc:
            bets.check_move(self.state, self.book, self.rules, bets.Move(verb, player, amount))
        return str(exc.value)


def declared(**kw: object) -> bets.Betting:
    return bets.Betting(structure="declared", limit=lambda s: 5, **kw)  # type: ignore[arg-type]


BLUECHER = dict(one_raise_each=True, reraise=False, lone_ends=False, needs_caller=True)


def test_declared_limit_bounds_bets_and_raises():
    t = Table(declared())
    assert t.refused("bet", "Ann", 6) == "Ann may bet 1 to 5 (the limit this hand), not 6"
    assert t.refused("bet", "Ann", 0) == "Ann may bet 1 to 5 (the limit this hand), not 0"
    t.move("bet", "Ann", 5)
    assert t.refused("raise", "Ben", 7) == "Ben may raise by 1 to 5 (the limit this hand), not 7"
    t.move("raise", "Ben", 5)
    assert t.state.hand.current_bet == 10 and t.book.raised == ["Ann", "Ben"]


def test_one_raise_per_player_and_no_raise_after_the_go_around():
    t = Table(declared(**BLUECHER), stacks=(50, 50, 50, 50))
    t.move("bet", "Ann", 2)
    t.move("raise", "Ben", 2)
    t.move("call", "Cy")
    t.move("raise", "Dee", 1)
    # the go-around is over: the call-backs come in seat order from the first player
    assert t.next() == "Ann"
    assert t.refused("raise", "Ann", 1) == "Ann cannot raise again: one raise per player per round"
    assert t.refused("allin", "Ann") == "Ann cannot raise again: one raise per player per round (call 3 or fold)"
    t.move("call", "Ann")
    assert t.next() == "Ben"
    t.move("call", "Ben")
    assert t.refused("raise", "Cy", 1) == "Cy has had a turn this round: after the go-around players only call or fold"
    assert t.refused("bet", "Cy", 1) == "Cy has had a turn this round: now only call or fold"
    t.move("call", "Cy")
    assert t.next() is None


def test_the_go_around_comes_before_the_call_backs():
    t = Table(declared(**BLUECHER), stacks=(50, 50, 50, 50))
    t.move("check", "Ann")
    t.move("bet", "Ben", 3)
    # Ann owes 3, but Cy and Dee have not had their turn yet
    assert t.next() == "Cy"
    t.move("fold", "Cy")
    t.move("call", "Dee")
    assert t.next() == "Ann"


def test_reraise_reopens_the_betting_and_the_turn_follows_the_raiser():
    t = Table(bets.Betting(min_bet=2), stacks=(50, 50, 50))
    t.move("bet", "Ann", 2)
    t.move("call", "Ben")
    t.move("raise", "Cy", 4)
    assert t.book.acted == ["Cy"] and t.next() == "Ann"
    t.move("raise", "Ann", 4)  # poker: Ann may raise again once re-opened
    t.move("call", "Ben")
    t.move("call", "Cy")
    assert t.next() is None


def test_fixed_limit_bets_the_size():
    t = Table(bets.Betting(structure="fixed", size=4, max_raises=2))
    assert t.refused("bet", "Ann", 3) == "Ann bets 4 at this limit, not 3"
    t.move("bet", "Ann", 4)
    assert t.refused("raise", "Ben", 8) == "Ben raises by 4 at this limit, not 8"
    t.move("raise", "Ben", 4)
    assert t.refused("raise", "Cy", 4).startswith("Cy cannot raise: this round allows 2 raise(s)")
    t.move("call", "Cy")


def test_pot_limit_raises_up_to_the_pot_after_calling():
    t = Table(bets.Betting(structure="pot"), stacks=(100, 100, 100))
    t.apply(ev.Ante(player="Ann", amount=2))
    t.apply(ev.Ante(player="Ben", amount=2))
    t.apply(ev.Ante(player="Cy", amount=2))
    assert bets.limits(t.state, t.book, t.rules, "Ann").high == 6
    t.move("bet", "Ann", 6)
    # pot 12; Ben calls 6 (pot 18) and may raise by 18 at most
    assert bets.limits(t.state, t.book, t.rules, "Ben").high == 18
    assert t.refused("raise", "Ben", 19) == "Ben may raise by 1 to 18 (the limit this hand), not 19"
    t.move("raise", "Ben", 18)


def test_no_limit_smallest_bet_unless_all_in():
    rules = bets.Betting(min_bet=lambda s: 3, messages={
        "below_min_bet": "{player} cannot bet {amount}: the smallest bet or raise is the ante, {min} (or all-in)"})
    t = Table(rules, stacks=(2, 50, 50))
    bets.check_move(t.state, t.book, rules, bets.Move("bet", "Ann", 2))  # all she has
    t2 = Table(rules)
    assert t2.refused("bet", "Ann", 2) == "Ann cannot bet 2: the smallest bet or raise is the ante, 3 (or all-in)"
    bets.check_move(t2.state, t2.book, rules, bets.Move("bet", "Ann", 40))


def test_all_in_for_less_and_short_all_in_does_not_reopen():
    t = Table(bets.Betting(min_bet=10), stacks=(100, 100, 15))
    t.move("bet", "Ann", 10)
    t.move("call", "Ben")
    t.move("allin", "Cy")  # 15: a raise of 5, short of the smallest raise
    assert t.book.acted == ["Ann", "Ben", "Cy"] and t.book.high == 15
    assert t.next() == "Ann"
    t.move("call", "Ann")
    t.move("call", "Ben")
    assert t.next() is None
    t2 = Table(bets.Betting(min_bet=10, short_all_in_reopens=True), stacks=(100, 100, 15))
    t2.move("bet", "Ann", 10)
    t2.move("call", "Ben")
    t2.move("allin", "Cy")
    assert t2.book.acted == ["Cy"]


def test_a_bet_nobody_can_call_is_refused_and_a_lone_player_may_end_the_round():
    t = Table(declared(**BLUECHER), stacks=(50, 3, 50))
    t.move("bet", "Ann", 5)
    t.move("allin", "Ben")
    t.move("fold", "Cy")
    assert t.next() is None  # Ann has matched the all-in and acted
    t2 = Table(declared(**BLUECHER), stacks=(50, 3))
    t2.apply(ev.AllIn(player="Ben", amount=3))
    assert t2.refused("bet", "Ann", 1) == "nobody else can call a bet (all-in): Ann checks"
    assert t2.next() == "Ann"  # Blücher: she still checks or calls
    t3 = Table(bets.Betting(), stacks=(50, 3))
    t3.apply(ev.Check(player="Ann"))
    t3.apply(ev.AllIn(player="Ben", amount=3))
    assert t3.next() == "Ann"
    t3.move("call", "Ann")
    assert t3.next() is None


def test_no_checks_and_one_go_around():
    t = Table(declared(may_check=False, reraise=False, call_back=False, lone_ends=False))
    assert t.refused("check", "Ann").startswith("Ann cannot check")
    t.move("bet", "Ann", 2)
    t.move("call", "Ben")
    t.move("fold", "Cy")
    assert t.next() is None


def test_forced_raise_after_the_antes():
    rules = bets.Betting(min_bet=2, short_all_in_reopens=True,
                         forced=(bets.Forced("ante"), bets.Forced("raise", 0)))
    t = Table(rules, stacks=(50, 50, 3))
    out = bets.forced_bets(t.state, rules, t.order)
    assert out == [ev.Ante(player="Ann", amount=2), ev.Ante(player="Ben", amount=2),
                   ev.Ante(player="Cy", amount=2), ev.Raise(player="Ann", amount=2, by=2)]
    for e in out:
        t.apply(e)  # the forced raise is Ann's move
    assert t.book.acted == ["Ann"] and t.next() == "Ben"
    short = Table(rules, stacks=(1, 50))
    assert bets.forced_bets(short.state, rules, short.order) == [
        ev.Ante(player="Ann", amount=1), ev.Ante(player="Ben", amount=2), ev.Raise(player="Ben", amount=2, by=2)]


def test_blinds_are_posted_and_the_big_blind_has_the_option():
    rules = bets.Betting(min_bet=2, opens=2, forced=(bets.Forced("blind", 0, 1), bets.Forced("blind", 1, 2)))
    t = Table(rules, stacks=(50, 50, 50))
    blinds = bets.forced_bets(t.state, rules, t.order)
    assert blinds == [ev.Bet(player="Ann", amount=1), ev.Raise(player="Ben", amount=2, by=1)]
    for e in blinds:
        t.apply(e, forced=True)
    assert t.book.acted == [] and t.next() == "Cy"
    t.move("call", "Cy")
    t.move("call", "Ann")
    assert t.next() == "Ben"  # the option
    t.move("check", "Ben")
    assert t.next() is None


def test_turn_and_limits():
    t = Table(declared(**BLUECHER))
    t.state.hand.to_act = "Ann"
    with pytest.raises(RuleViolation, match="Ben cannot bet now: it is Ann's turn"):
        bets.turn(t.state, t.rules, "Ben", "bet")
    lim = bets.limits(t.state, t.book, t.rules, "Ann")
    assert (lim.may_check, lim.may_bet, lim.may_raise, lim.low, lim.high) == (True, True, False, 1, 5)


def test_table_stakes_pay_guards_and_the_side_pots_line():
    state = put(pot_table({"Ann": 10, "Ben": 4, "Cy": 10}), Ann=6, Ben=4, Cy=6)
    assert pots.side_pots_text(state) == "12 for Ann, Ben, Cy; 4 for Ann, Cy"
    with pytest.raises(RuleViolation, match="Ann is in hand 1: rebuy between hands"):
        bets.table_stakes(state, Command("rebuy", player="Ann", amount=5))
    play_on(state, ev.Fold(player="Cy"))
    [rebuy] = bets.table_stakes(state, Command("rebuy", player="Cy", amount=5))
    assert isinstance(rebuy, ev.Rebuy)
    guards = dict(from_pot="only the rules", to_carry="rides by itself", carry_in_hand="carry is in the pot")
    for cmd, says in ((Command("pay", source="pot", to="Ann", amount=1), "only the rules"),
                      (Command("pay", source="pot:jackpot", to="Ann", amount=1), "only the rules"),
                      (Command("pay", source="Ann", to="carry", amount=1), "rides by itself"),
                      (Command("pay", source="carry", to="Ann", amount=1), "carry is in the pot")):
        with pytest.raises(RuleViolation, match=says):
            pots.pay(state, cmd, **guards)
    [paid] = pots.pay(state, Command("pay", source="Ann", to="Cy", amount=1), from_pot="only the rules")
    assert isinstance(paid, ev.Transfer)
