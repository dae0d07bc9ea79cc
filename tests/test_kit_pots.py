"""The pot engine (ledger.kit.pots), in memory: layers, the uncalled bet, odd chips, ties
across layers, the kitty that stands, the house and a set-aside pot."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import events as ev
from ledger.chips import check
from ledger.errors import RuleViolation
from ledger.kit import pots
from ledger.kit.evaluators import Ranked
from ledger.reducer import apply
from ledger.state import TableState


def table(stacks: dict[str, int], dealer: str | None = None) -> TableState:
    """A freeform table with these stacks and a hand started (`dealer` deals)."""
    state = TableState(session="t")
    events: list[ev.Event] = [ev.SessionOpened(game="freeform")]
    events += [ev.PlayerJoined(player=p, buyin=n) for p, n in stacks.items()]
    events.append(ev.HandStarted(hand=1, dealer=dealer or next(iter(stacks))))
    for e in events:
        play(state, e)
    return state


def play(state: TableState, *events: ev.Event) -> TableState:
    for e in events:
        apply(state, state.seq + 1, e)
        check(state, hand_closed=isinstance(e, ev.HandEnded))
    return state


def put(state: TableState, **bets: int) -> TableState:
    """Each named player puts chips in (an all-in when it is their whole stack)."""
    for p, n in bets.items():
        play(state, ev.AllIn(player=p, amount=n) if state.stack(p) == n else ev.Bet(player=p, amount=n))
    return state


def rank(*keys: int) -> Ranked:
    return Ranked(tuple(keys), f"hand {keys}")


def paid(events: list[ev.Event]) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in events:
        if isinstance(e, ev.PotAwarded):
            for s in e.shares:
                out[s.player] = out.get(s.player, 0) + s.amount
    return out


def test_three_all_in_stacks_make_a_main_pot_and_two_side_pots():
    state = put(table({"Ann": 10, "Ben": 30, "Cy": 60, "Dee": 100}, dealer="Dee"), Ann=10, Ben=30, Cy=60, Dee=60)
    got = pots.layers(state)
    assert [(x.name, x.amount, x.eligible) for x in got] == [
        ("main pot", 40, ("Ann", "Ben", "Cy", "Dee")),
        ("side pot 1", 60, ("Ben", "Cy", "Dee")),
        ("side pot 2", 60, ("Cy", "Dee")),
    ]
    ranks = {"Ann": rank(9), "Ben": rank(5), "Cy": rank(1), "Dee": rank(3)}
    out = pots.award_by_rank(state, ranks)
    assert [e.reason for e in out] == [
        "main pot: Ann wins with hand (9,)", "side pot 1: Ben wins with hand (5,)", "side pot 2: Dee wins with hand (3,)"]
    assert paid(out) == {"Ann": 40, "Ben": 60, "Dee": 60}
    play(state, *out)
    assert state.balance("pot") == 0


def test_the_uncalled_part_of_the_top_bet_goes_back_first():
    state = put(table({"Ann": 50, "Ben": 20}), Ann=50, Ben=20)
    assert pots.uncalled(state) == ("Ann", 30)
    out = pots.award_by_rank(state, {"Ann": rank(1), "Ben": rank(2)})
    assert out[0] == ev.PotAwarded(shares=[ev.Share(player="Ann", amount=30)], reason=pots.UNCALLED)
    assert paid(out[1:]) == {"Ben": 40}
    assert [x.name for x in pots.layers(state)] == ["the pot"]


def test_a_folded_raiser_leaves_nothing_uncalled_and_a_bet_nobody_called_goes_back():
    state = put(table({"Ann": 50, "Ben": 50, "Cy": 50}), Ann=10, Ben=30)
    play(state, ev.Fold(player="Ben"))
    assert pots.uncalled(state) is None  # the top bettor folded: his chips stay in the pot
    state = put(table({"Ann": 50, "Ben": 50}), Ann=5)
    play(state, ev.Fold(player="Ben"))
    out = pots.award_by_rank(state, {})
    assert out == [ev.PotAwarded(shares=[ev.Share(player="Ann", amount=5)], reason=pots.UNCALLED)]


def test_everyone_else_folded_needs_no_ranks():
    state = put(table({"Ann": 50, "Ben": 50, "Cy": 50}), Ann=5, Ben=5, Cy=5)
    play(state, ev.Fold(player="Ben"), ev.Fold(player="Cy"))
    out = pots.award_by_rank(state, {})
    assert [(e.shares[0].player, e.shares[0].amount, e.reason) for e in out] == [
        ("Ann", 15, "the pot: Ann, nobody else is in it")]


def test_odd_chips_go_to_the_first_winners_clockwise_from_the_dealers_left():
    state = put(table({"Ann": 50, "Ben": 50, "Cy": 50, "Dee": 50}, dealer="Cy"), Ann=7, Ben=7, Cy=7, Dee=7)
    play(state, ev.Transfer(from_account="seat:Dee", to_account="pot", amount=1))  # 29 in all
    ranks = {"Ann": rank(2), "Ben": rank(1), "Cy": rank(2), "Dee": rank(2)}
    out = pots.award_by_rank(state, ranks)
    assert [(s.player, s.amount) for s in out[0].shares] == [("Dee", 10), ("Ann", 10), ("Cy", 9)]
    assert out[0].reason == "the pot: Dee and Ann and Cy tie with hand (2,), split"
    assert pots.split(10, ["Cy", "Ann", "Ben"], ["Ben", "Cy", "Ann"]) == [("Ben", 4), ("Cy", 3), ("Ann", 3)]
    assert pots.split(1, ["Ann", "Ben"], ["Ben", "Ann"]) == [("Ben", 1)]


def test_ties_across_layers_split_each_layer_among_its_own_best():
    state = put(table({"Ann": 10, "Ben": 40, "Cy": 40}, dealer="Cy"), Ann=10, Ben=40, Cy=40)
    out = pots.award_by_rank(state, {"Ann": rank(7), "Ben": rank(7), "Cy": rank(7)})
    assert [[(s.player, s.amount) for s in e.shares] for e in out] == [
        [("Ann", 10), ("Ben", 10), ("Cy", 10)], [("Ben", 30), ("Cy", 30)]]
    out = pots.award_by_rank(state, {"Ann": rank(9), "Ben": rank(7), "Cy": rank(7)})
    assert paid(out) == {"Ann": 30, "Ben": 30, "Cy": 30}


def test_a_tied_pot_stands_when_the_game_says_so():
    state = put(table({"Ann": 10, "Ben": 40, "Cy": 40}), Ann=10, Ben=40, Cy=40)
    out = pots.award_by_rank(state, {"Ann": rank(9), "Ben": rank(7), "Cy": rank(7)}, ties="stand")
    assert paid(out) == {"Ann": 30} and out[-1] == ev.PotCarried(amount=60)
    play(state, *out, ev.HandEnded(hand=1))
    assert state.balance("carry") == 60


def test_chips_nobody_bet_this_hand_join_the_main_pot():
    state = table({"Ann": 50, "Ben": 50})
    play(state, ev.Transfer(from_account="seat:Ann", to_account="carry", amount=9))
    play(state, ev.HandEnded(hand=1), ev.HandStarted(hand=2, dealer="Ben", carry_in=9))
    put(state, Ann=5, Ben=5)
    assert [(x.amount, x.eligible) for x in pots.layers(state)] == [(19, ("Ann", "Ben"))]


def test_a_pot_already_paid_out_is_refused():
    state = put(table({"Ann": 50, "Ben": 50}), Ann=5, Ben=5)
    play(state, ev.PotAwarded(shares=[ev.Share(player="Ann", amount=4)]))
    with pytest.raises(RuleViolation, match="pot holds 6 chips but this hand's bets add up to 10"):
        pots.award_by_rank(state, {"Ann": rank(1), "Ben": rank(2)})


def test_a_contender_without_a_hand_is_named():
    state = put(table({"Ann": 50, "Ben": 50}), Ann=5, Ben=5)
    with pytest.raises(RuleViolation, match="no hand to rank for Ben"):
        pots.award_by_rank(state, {"Ann": rank(1)})


def test_the_kitty_stands_the_house_takes_and_a_pot_is_set_aside():
    state = put(table({"Ann": 50, "Ben": 50}), Ann=5, Ben=5)
    assert pots.carry(state) == ev.PotCarried(amount=10)
    assert pots.to_house(state, "rake", amount=1) == ev.Transfer(from_account="pot", to_account="house", amount=1,
                                                                 reason="rake")
    aside = pots.set_aside(state, "jackpot", amount=4)
    assert aside == ev.PotCarried(amount=4, to_account="pot:jackpot")
    play(state, aside)
    play(state, pots.carry(state), ev.HandEnded(hand=1))  # pot:jackpot persists
    assert state.persistent == ["pot:jackpot"] and state.balance("pot:jackpot") == 4
    with pytest.raises(RuleViolation, match="pot is empty"):
        pots.carry(state)
    with pytest.raises(RuleViolation, match="holds 4 chips: move 1 to 4, not 5"):
        pots.to_house(state, "x", pot="pot:jackpot", amount=5)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=2, max_size=5), st.lists(st.integers(0, 3), min_size=5, max_size=5),
       st.lists(st.booleans(), min_size=5, max_size=5))
def test_every_chip_bet_is_paid_back_out(bets, keys, folds):
    names = ["Ann", "Ben", "Cy", "Dee", "Eve"][: len(bets)]
    state = put(table({p: 40 for p in names}), **dict(zip(names, bets)))
    for p, f in zip(names[1:], folds):
        if f:
            play(state, ev.Fold(player=p))
    ranks = {p: rank(k) for p, k in zip(names, keys)}
    out = pots.award_by_rank(state, ranks)
    play(state, *out)
    assert state.balance("pot") == 0
