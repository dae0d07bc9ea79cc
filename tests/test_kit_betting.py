"""The betting-round engine (`ledger.kit.betting`), in memory: a freeform table, events applied
by the reducer, the book kept by `record`, moves checked by `check_move`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import events as ev
from ledger.commands import AllIn, Bet, Call, Check, Fold, Pay, Raise, Rebuy
from ledger.core.contract import Legal
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

    def move(self, move: bets.Move) -> None:
        """Check the move, then record it as the shared verbs would."""
        player = move.player
        assert self.next() == player, (self.next(), player)
        bets.check_move(self.state, self.book, self.rules, move)
        owed = bets.owed(self.state, player)
        event: ev.Event
        match move:
            case Bet():
                event = ev.Bet(player=player, amount=move.amount or 0)
            case Call():
                event = ev.Call(player=player, amount=owed)
            case Raise():
                event = ev.Raise(player=player, amount=owed + (move.amount or 0), by=move.amount or 0)
            case AllIn():
                event = ev.AllIn(player=player, amount=self.state.stack(player))
            case Check():
                event = ev.Check(player=player)
            case Fold():
                event = ev.Fold(player=player)
        self.apply(event)

    def refused(self, move: bets.Move) -> str:
        with pytest.raises(RuleViolation) as exc:
            bets.check_move(self.state, self.book, self.rules, move)
        return str(exc.value)


def declared(**kw: object) -> bets.Betting:
    return bets.Betting(structure="declared", limit=lambda s: 5, **kw)  # type: ignore[arg-type]


BLUECHER = dict(one_raise_each=True, reraise=False, lone_ends=False, needs_caller=True)


def test_declared_limit_bounds_bets_and_raises():
    t = Table(declared())
    assert t.refused(Bet(player="Ann", amount=6)) == "Ann may bet 1 to 5 (the limit this hand), not 6"
    assert t.refused(Bet(player="Ann", amount=0)) == "Ann may bet 1 to 5 (the limit this hand), not 0"
    t.move(Bet(player="Ann", amount=5))
    assert t.refused(Raise(player="Ben", amount=7)) == "Ben may raise by 1 to 5 (the limit this hand), not 7"
    t.move(Raise(player="Ben", amount=5))
    assert t.state.hand.current_bet == 10 and t.book.raised == ["Ann", "Ben"]


def test_one_raise_per_player_and_no_raise_after_the_go_around():
    t = Table(declared(**BLUECHER), stacks=(50, 50, 50, 50))
    t.move(Bet(player="Ann", amount=2))
    t.move(Raise(player="Ben", amount=2))
    t.move(Call(player="Cy"))
    t.move(Raise(player="Dee", amount=1))
    # the go-around is over: the call-backs come in seat order from the first player
    assert t.next() == "Ann"
    assert t.refused(Raise(player="Ann", amount=1)) == "Ann cannot raise again: one raise per player per round"
    assert t.refused(AllIn(player="Ann")) == "Ann cannot raise again: one raise per player per round (call 3 or fold)"
    t.move(Call(player="Ann"))
    assert t.next() == "Ben"
    t.move(Call(player="Ben"))
    assert t.refused(Raise(player="Cy", amount=1)) == "Cy has had a turn this round: after the go-around players only call or fold"
    assert t.refused(Bet(player="Cy", amount=1)) == "Cy has had a turn this round: now only call or fold"
    t.move(Call(player="Cy"))
    assert t.next() is None


def test_the_go_around_comes_before_the_call_backs():
    t = Table(declared(**BLUECHER), stacks=(50, 50, 50, 50))
    t.move(Check(player="Ann"))
    t.move(Bet(player="Ben", amount=3))
    # Ann owes 3, but Cy and Dee have not had their turn yet
    assert t.next() == "Cy"
    t.move(Fold(player="Cy"))
    t.move(Call(player="Dee"))
    assert t.next() == "Ann"


def test_reraise_reopens_the_betting_and_the_turn_follows_the_raiser():
    t = Table(bets.Betting(min_bet=2), stacks=(50, 50, 50))
    t.move(Bet(player="Ann", amount=2))
    t.move(Call(player="Ben"))
    t.move(Raise(player="Cy", amount=4))
    assert t.book.acted == ["Cy"] and t.next() == "Ann"
    t.move(Raise(player="Ann", amount=4))  # poker: Ann may raise again once re-opened
    t.move(Call(player="Ben"))
    t.move(Call(player="Cy"))
    assert t.next() is None


def test_fixed_limit_bets_the_size():
    t = Table(bets.Betting(structure="fixed", size=4, max_raises=2))
    assert t.refused(Bet(player="Ann", amount=3)) == "Ann bets 4 at this limit, not 3"
    t.move(Bet(player="Ann", amount=4))
    assert t.refused(Raise(player="Ben", amount=8)) == "Ben raises by 4 at this limit, not 8"
    t.move(Raise(player="Ben", amount=4))
    assert t.refused(Raise(player="Cy", amount=4)).startswith("Cy cannot raise: this round allows 2 raise(s)")
    t.move(Call(player="Cy"))


def test_pot_limit_raises_up_to_the_pot_after_calling():
    t = Table(bets.Betting(structure="pot"), stacks=(100, 100, 100))
    t.apply(ev.Ante(player="Ann", amount=2))
    t.apply(ev.Ante(player="Ben", amount=2))
    t.apply(ev.Ante(player="Cy", amount=2))
    assert bets.limits(t.state, t.book, t.rules, "Ann").high == 6
    t.move(Bet(player="Ann", amount=6))
    # pot 12; Ben calls 6 (pot 18) and may raise by 18 at most
    assert bets.limits(t.state, t.book, t.rules, "Ben").high == 18
    assert t.refused(Raise(player="Ben", amount=19)) == "Ben may raise by 1 to 18 (the limit this hand), not 19"
    t.move(Raise(player="Ben", amount=18))


def test_no_limit_smallest_bet_unless_all_in():
    rules = bets.Betting(min_bet=lambda s: 3, messages={
        "below_min_bet": "{player} cannot bet {amount}: the smallest bet or raise is the ante, {min} (or all-in)"})
    t = Table(rules, stacks=(2, 50, 50))
    bets.check_move(t.state, t.book, rules, Bet(player="Ann", amount=2))  # all she has
    t2 = Table(rules)
    assert t2.refused(Bet(player="Ann", amount=2)) == "Ann cannot bet 2: the smallest bet or raise is the ante, 3 (or all-in)"
    bets.check_move(t2.state, t2.book, rules, Bet(player="Ann", amount=40))


def test_all_in_for_less_and_short_all_in_does_not_reopen():
    t = Table(bets.Betting(min_bet=10), stacks=(100, 100, 15))
    t.move(Bet(player="Ann", amount=10))
    t.move(Call(player="Ben"))
    t.move(AllIn(player="Cy"))  # 15: a raise of 5, short of the smallest raise
    assert t.book.acted == ["Ann", "Ben", "Cy"] and t.book.high == 15
    assert t.next() == "Ann"
    t.move(Call(player="Ann"))
    t.move(Call(player="Ben"))
    assert t.next() is None
    t2 = Table(bets.Betting(min_bet=10, short_all_in_reopens=True), stacks=(100, 100, 15))
    t2.move(Bet(player="Ann", amount=10))
    t2.move(Call(player="Ben"))
    t2.move(AllIn(player="Cy"))
    assert t2.book.acted == ["Cy"]


def test_a_bet_nobody_can_call_is_refused_and_a_lone_player_may_end_the_round():
    t = Table(declared(**BLUECHER), stacks=(50, 3, 50))
    t.move(Bet(player="Ann", amount=5))
    t.move(AllIn(player="Ben"))
    t.move(Fold(player="Cy"))
    assert t.next() is None  # Ann has matched the all-in and acted
    t2 = Table(declared(**BLUECHER), stacks=(50, 3))
    t2.apply(ev.AllIn(player="Ben", amount=3))
    assert t2.refused(Bet(player="Ann", amount=1)) == "nobody else can call a bet (all-in): Ann checks"
    assert t2.next() == "Ann"  # Blücher: she still checks or calls
    t3 = Table(bets.Betting(), stacks=(50, 3))
    t3.apply(ev.Check(player="Ann"))
    t3.apply(ev.AllIn(player="Ben", amount=3))
    assert t3.next() == "Ann"
    t3.move(Call(player="Ann"))
    assert t3.next() is None


def test_no_checks_and_one_go_around():
    t = Table(declared(may_check=False, reraise=False, call_back=False, lone_ends=False))
    assert t.refused(Check(player="Ann")).startswith("Ann cannot check")
    t.move(Bet(player="Ann", amount=2))
    t.move(Call(player="Ben"))
    t.move(Fold(player="Cy"))
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
    t.move(Call(player="Cy"))
    t.move(Call(player="Ann"))
    assert t.next() == "Ben"  # the option
    t.move(Check(player="Ben"))
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
        bets.table_stakes(state, Rebuy(player="Ann", amount=5))
    play_on(state, ev.Fold(player="Cy"))
    [rebuy] = bets.table_stakes(state, Rebuy(player="Cy", amount=5))
    assert isinstance(rebuy, ev.Rebuy)
    guards = dict(from_pot="only the rules", to_carry="rides by itself", carry_in_hand="carry is in the pot")
    for cmd, says in ((Pay(source="pot", to="Ann", amount=1), "only the rules"),
                      (Pay(source="pot:jackpot", to="Ann", amount=1), "only the rules"),
                      (Pay(source="Ann", to="carry", amount=1), "rides by itself"),
                      (Pay(source="carry", to="Ann", amount=1), "carry is in the pot")):
        with pytest.raises(RuleViolation, match=says):
            pots.pay(state, cmd, **guards)
    [paid] = pots.pay(state, Pay(source="Ann", to="Cy", amount=1), from_pot="only the rules")
    assert isinstance(paid, ev.Transfer)


# ----------------------------------------------------------------------------- last round's API

def test_to_act_follows_last_when_the_book_is_stale():
    t = Table(bets.Betting(min_bet=2), stacks=(50, 50, 50, 50))
    t.move(Bet(player="Ann", amount=2))
    t.move(Call(player="Ben"))
    assert t.next() == "Cy"
    # a ruling let Dee call out of turn: the book's last is Dee, but the game knows Ben acted last
    t.apply(ev.Call(player="Dee", amount=2))
    assert t.book.acted == ["Ann", "Ben", "Dee"]
    assert bets.to_act(t.state, t.book, t.rules, t.order) == "Cy"  # after Dee, wrapping round: Cy waits
    assert bets.to_act(t.state, t.book, t.rules, t.order, last="Ben") == "Cy"
    assert bets.to_act(t.state, t.book, t.rules, t.order, last="Cy") == "Cy"  # nobody else waits
    t.book.acted = ["Ann", "Ben"]
    assert bets.to_act(t.state, t.book, t.rules, t.order, last="Ann") == "Cy"
    assert bets.to_act(t.state, t.book, t.rules, t.order, last="Dee") == "Cy"
    assert bets.to_act(t.state, t.book, t.rules, t.order, last="nobody") == "Cy"  # not in order: from opens


def test_to_act_last_picks_the_next_of_several_waiting():
    t = Table(bets.Betting(min_bet=2), stacks=(50, 50, 50, 50))
    assert t.next() == "Ann"  # opens=0
    assert bets.to_act(t.state, t.book, t.rules, t.order, last="Ben") == "Cy"
    assert bets.to_act(t.state, t.book, t.rules, t.order, last="Dee") == "Ann"
    assert bets.to_act(t.state, t.book, bets.Betting(opens=2), t.order) == "Cy"


def test_reopens_highest_reopens_on_any_move_that_leads_the_hand():
    rules = bets.Betting(min_bet=2, reopens="highest")
    t = Table(rules, stacks=(50, 50, 6))
    t.move(Bet(player="Ann", amount=2))
    assert t.book.acted == ["Ann"]
    t.move(Call(player="Ben"))
    assert t.book.acted == ["Ann", "Ben"]
    t.move(AllIn(player="Cy"))  # 6, above everyone else: re-opens even as an all-in
    assert t.book.acted == ["Cy"] and t.next() == "Ann"
    t.move(Call(player="Ann"))
    assert t.book.acted == ["Cy", "Ann"] and t.next() == "Ben"
    t.move(Raise(player="Ben", amount=2))  # Ben leads with 8: Ann must answer, Cy is all-in
    assert t.book.acted == ["Ben"] and t.next() == "Ann"
    t.move(Call(player="Ann"))
    assert t.next() is None
    assert t.book.raised == []  # "highest" keeps no raise count


def test_reopens_highest_a_forced_stake_and_a_check_count_too():
    rules = bets.Betting(min_bet=2, reopens="highest")
    t = Table(rules, stacks=(50, 50, 50))
    t.apply(ev.Bet(player="Ann", amount=2), forced=True)  # "highest" is about the chips, forced or not
    assert t.book.acted == ["Ann"] and t.book.high == 2
    t.apply(ev.Call(player="Ben", amount=2))
    t.apply(ev.Call(player="Cy", amount=2))
    t.apply(ev.Check(player="Ann"))  # level with the others: simply acted
    assert t.book.acted == ["Ann", "Ben", "Cy"]
    t.state.seat("Ann").round_bet = 3  # as if Ann were ahead when she checks (a ruling)
    t.apply(ev.Check(player="Ann"))
    assert t.book.acted == ["Ann"]
    plain = Table(bets.Betting(min_bet=2), stacks=(50, 50, 50))
    plain.apply(ev.Bet(player="Ann", amount=2), forced=True)
    assert plain.book.acted == [] and plain.book.high == 2


def test_folds_act_or_leave_the_round():
    acting, leaving = Table(bets.Betting()), Table(bets.Betting(folds_act=False))
    for t in (acting, leaving):
        t.apply(ev.Fold(player="Ann"))
        t.apply(ev.Check(player="Ben"))
    assert acting.book.acted == ["Ann", "Ben"] and leaving.book.acted == ["Ben"]
    assert acting.next() == leaving.next() == "Cy"  # a folded seat has no move either way


def test_turn_hint_fills_the_turn_wording():
    rules = bets.Betting(messages={"turn": "{player} cannot {doing} now: it is {to_act}'s turn{hint}"})
    t = Table(rules)
    t.state.hand.to_act = "Ann"
    with pytest.raises(RuleViolation) as exc:
        bets.turn(t.state, rules, "Ben", "call", hint=" (Ann's forced raise is already in)")
    assert str(exc.value) == "Ben cannot call now: it is Ann's turn (Ann's forced raise is already in)"
    with pytest.raises(RuleViolation) as exc:
        bets.turn(t.state, rules, "Ben", "call")
    assert str(exc.value) == "Ben cannot call now: it is Ann's turn"
    bets.turn(t.state, rules, "Ann", "call", hint="ignored when it is their turn")
    t.state.hand.to_act = None
    with pytest.raises(RuleViolation, match="^Ben cannot call now: the round is over$"):
        bets.turn(t.state, rules, "Ben", "call", "the round is over", hint="x")


# ----------------------------------------------------------------------------- to_act against the plain reading

def _to_act_reference(state: TableState, book: bets.Book, rules: bets.Betting, order: list[str],
                      last: str | None = None) -> str | None:
    """`to_act` as first written (a list of able seats, `state.seat` for each): the fast one must agree."""
    if state.hand is None:
        return None
    able = [s for s in (state.seat(n) for n in order) if s is not None and bets.can_act(state, s)]
    high = state.hand.current_bet
    if rules.lone_ends and len(able) <= 1 and all(s.round_bet >= high for s in able):
        return None
    if not rules.reraise:
        for seat in able:
            if seat.name not in book.acted:
                return seat.name
        if rules.call_back:
            for seat in able:
                if seat.round_bet < high:
                    return seat.name
        return None
    if last is None:
        last = next((p for p in reversed(book.acted) if p in order), None)
    start = order.index(last) + 1 if last in order else min(rules.opens, max(len(order) - 1, 0))
    test = bets.waiting(state, book, rules)
    for i in range(len(order)):
        name = order[(start + i) % len(order)]
        found = state.seat(name)
        if found is not None and test(found):
            return name
    return None


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_to_act_agrees_with_the_plain_reading(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 4))
    rules = bets.Betting(reraise=data.draw(st.booleans()), call_back=data.draw(st.booleans()),
                         lone_ends=data.draw(st.booleans()), opens=data.draw(st.integers(0, 3)))
    t = Table(rules, stacks=tuple(data.draw(st.integers(1, 6)) for _ in range(n)))
    for _ in range(data.draw(st.integers(0, 8))):
        who = data.draw(st.sampled_from(t.order))
        seat = t.state.seat(who)
        stack, owed = t.state.stack(who), bets.owed(t.state, who)
        if seat.folded or stack == 0:
            continue
        kind = data.draw(st.sampled_from(["call", "raise", "fold", "check", "allin"]))
        if kind == "raise" and stack > owed + 1:
            t.apply(ev.Raise(player=who, amount=owed + 1, by=1) if owed else ev.Bet(player=who, amount=1))
        elif kind == "call" and 0 < owed < stack:
            t.apply(ev.Call(player=who, amount=owed))
        elif kind == "fold":
            t.apply(ev.Fold(player=who))
        elif kind == "allin":
            t.apply(ev.AllIn(player=who, amount=stack))
        elif owed == 0:
            t.apply(ev.Check(player=who))
    order = data.draw(st.permutations(t.order))
    last = data.draw(st.sampled_from([None, "Zed", *t.order]))
    assert bets.to_act(t.state, t.book, rules, order, last=last) == _to_act_reference(t.state, t.book, rules, order, last)
    assert bets.to_act(t.state, t.book, rules, tuple(order)) == _to_act_reference(t.state, t.book, rules, order)


def test_verbs_and_prompt_follow_the_limits_in_a_fixed_order():
    t = Table(declared(**BLUECHER), stacks=(50, 8, 3))
    assert bets.verbs(t.state, t.book, t.rules, "Ann") == ("check", "bet", "allin", "fold")
    t.move(Bet(player="Ann", amount=5))
    assert bets.prompt(t.state, t.book, t.rules, "Ben", "round 1") == Legal(
        "Ben", ("call", "raise", "allin", "fold"), "5 to call; round 1")
    t.move(AllIn(player="Ben"))
    t.move(AllIn(player="Cy"))
    assert bets.verbs(t.state, t.book, t.rules, "Ann") == ("call", "allin", "fold")  # acted: call or fold


def test_verbs_leave_out_a_bet_nobody_could_call_unless_asked():
    t = Table(declared(**BLUECHER), stacks=(50, 4))
    t.apply(ev.AllIn(player="Ben", amount=4))  # Ann alone has chips: nobody could call her raise
    assert bets.verbs(t.state, bets.RoundBook(), t.rules, "Ann") == ("call", "allin", "fold")
    assert bets.verbs(t.state, bets.RoundBook(), t.rules, "Ann", uncallable=True) == (
        "call", "raise", "allin", "fold")


def test_opener_only_verbs_and_prompt():
    rules = declared(may_check=False, reraise=False, call_back=False, lone_ends=False, opener_only=True)
    t = Table(rules, stacks=(50, 50, 3))
    assert bets.verbs(t.state, t.book, rules, "Ann", opener="Ann") == ("bet", "allin")
    t.move(Bet(player="Ann", amount=4))
    assert bets.prompt(t.state, t.book, rules, "Ben", opener="Ann") == Legal("Ben", ("call", "fold"),
                                                                                       "4 to call")
    assert bets.verbs(t.state, t.book, rules, "Cy", opener="Ann") == ("call", "allin", "fold")


def test_track_records_moves_and_starts_a_fresh_book_each_round():
    t = Table(declared(**BLUECHER))
    book = bets.RoundBook()
    t.apply(ev.Bet(player="Ann", amount=2))
    assert bets.track(t.state, book, t.rules, ev.Bet(player="Ann", amount=2)) and book.acted == ["Ann"]
    assert not bets.track(t.state, book, t.rules, ev.Note(text="x")) and book.acted == ["Ann"]
    assert bets.track(t.state, book, t.rules, ev.RoundStarted(round=2)) and book == bets.RoundBook()
