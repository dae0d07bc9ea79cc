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


# ----------------------------------------------------------------------------- last round's API

def test_open_to_live_lets_the_live_players_contest_a_pot_only_folded_players_bet():
    def hand() -> TableState:  # Ann and Ben bet, then fold; Cy and Dee, who put nothing in, are left
        return play(put(table({"Ann": 20, "Ben": 20, "Cy": 3, "Dee": 3}, dealer="Dee"), Ann=8, Ben=8),
                    ev.Fold(player="Ann"), ev.Fold(player="Ben"))
    state = hand()
    assert [(x.name, x.amount, x.eligible) for x in pots.layers(state)] == [("the pot", 16, ())]
    with pytest.raises(RuleViolation, match="nobody is left in the hand to win the pot"):
        pots.award_by_rank(state, {"Cy": rank(2), "Dee": rank(1)})
    events = pots.award_by_rank(state, {"Cy": rank(2), "Dee": rank(1)}, payout=pots.Payout(open_to_live=True))
    assert paid(events) == {"Cy": 16} and [e.reason for e in events] == ["the pot: Cy wins with hand (2,)"]
    tie = pots.award_by_rank(hand(), {"Cy": rank(1), "Dee": rank(1)}, payout=pots.Payout(open_to_live=True))
    assert paid(tie) == {"Cy": 8, "Dee": 8}
    play(state, *events)
    assert state.balance("pot") == 0


def test_open_to_live_with_one_live_player_pays_them_as_a_lone_layer():
    state = play(put(table({"Ann": 20, "Ben": 20, "Cy": 3}, dealer="Cy"), Ann=8, Ben=8),
                 ev.Fold(player="Ann"), ev.Fold(player="Ben"))
    events = pots.award_by_rank(state, {}, payout=pots.Payout(open_to_live=True))
    assert paid(events) == {"Cy": 16} and events[-1].reason == "the pot: Cy, nobody else is in it"
    lost = pots.Payout(lost=lambda layer, ranked: ([], layer.amount))
    assert pots.award_by_rank(state, {}, payout=lost) == [ev.PotCarried(amount=16)]  # without it, nobody's


def test_to_house_and_set_aside_count_from_what_the_pot_holds_part_way():
    state = put(table({"Ann": 50, "Ben": 50}), Ann=5, Ben=5)
    # a payout worked out ahead: 7 of the 10 are already promised, 3 are held
    assert pots.to_house(state, "house", held=3) == ev.Transfer(from_account="pot", to_account="house", amount=3,
                                                                reason="house")
    with pytest.raises(RuleViolation, match="pot holds 3 chips: move 1 to 3, not 4"):
        pots.to_house(state, "house", amount=4, held=3)
    with pytest.raises(RuleViolation, match="pot holds 0 chips"):
        pots.to_house(state, "house", held=0)
    assert pots.to_house(state, "x", amount=12, held=12).amount == 12  # held, not the balance, bounds it
    assert pots.set_aside(state, "bust", held=3) == ev.PotCarried(amount=3, to_account="pot:bust")
    with pytest.raises(RuleViolation, match="pot holds 2 chips: move 1 to 2, not 3"):
        pots.set_aside(state, "bust", amount=3, held=2)
    assert pots.to_house(state, "r" * 300).reason == "r" * pots.REASON_MAX


def test_set_aside_with_a_reason_is_a_transfer_the_game_marks_persistent():
    state = put(table({"Ann": 50, "Ben": 50}), Ann=5, Ben=5)
    moved = pots.set_aside(state, "pot:bust", amount=4, reason="busted hands wait for the next round")
    assert moved == ev.Transfer(from_account="pot", to_account="pot:bust", amount=4,
                                reason="busted hands wait for the next round")
    assert pots.set_aside(state, "bust", reason="x").amount == 10
    with pytest.raises(RuleViolation, match="pot:bust cannot be set aside into itself"):
        pots.set_aside(state, "bust", pot="pot:bust", reason="x")
    play(state, moved)
    assert state.balance("pot:bust") == 4 and state.balance("pot") == 6
    assert "pot:bust" not in state.persistent  # a Transfer: the game marks it, not pots.evolve
    assert pots.paid_out(moved) == 4


def test_share_pays_a_pot_out_evenly_odd_chips_to_the_first():
    state = put(table({"Ann": 50, "Ben": 50, "Cy": 50}), Ann=5, Ben=5, Cy=1)
    out = pots.share(state, ["Cy", "Ann"], "the kitty shared", pot="pot")
    assert out == [ev.Transfer(from_account="pot", to_account="seat:Cy", amount=6, reason="the kitty shared"),
                   ev.Transfer(from_account="pot", to_account="seat:Ann", amount=5, reason="the kitty shared")]
    play(state, *out)
    assert state.balance("pot") == 0 and state.stack("Cy") == 55 and state.stack("Ann") == 50
    few = put(table({"Ann": 50, "Ben": 50, "Cy": 50}), Ann=1, Ben=1)
    assert [(e.to_account, e.amount) for e in pots.share(few, ["Ann", "Ben", "Cy"], "r", pot="pot")] == [
        ("seat:Ann", 1), ("seat:Ben", 1)]  # nobody is paid nothing
    assert pots.share(few, ["Ann"], "r", pot="pot:none") == []


def test_last_in_takes_the_pot_and_an_empty_table_is_refused():
    state = put(table({"Ann": 20, "Ben": 20, "Cy": 20}), Ann=4, Ben=4)
    with pytest.raises(RuleViolation, match="nobody is left in the hand to take the pot"):
        pots.last_in(state)  # three still in
    play(state, ev.Fold(player="Ann"), ev.Fold(player="Cy"))
    assert pots.last_in(state) == ("Ben", [ev.PotAwarded(shares=[ev.Share(player="Ben", amount=8)],
                                                         reason="Ben is the last player in: everyone else folded")])
    assert pots.last_in(state, "{player} takes it", amount=3)[1][0].shares[0].amount == 3
    play(state, ev.Fold(player="Ben"))
    with pytest.raises(RuleViolation, match="^no one$"):
        pots.last_in(state, refusal="no one")
    assert pots.last_in(state, amount=0) == (None, [])


def test_check_paid_and_check_end_for_verify():
    state = put(table({"Ann": 20, "Ben": 20}), Ann=4, Ben=4)
    want = pots.award_all(state, "Ann", "Ann wins")
    pots.check_paid(want[0].model_copy(update={"ruling": "table says"}), want)  # a ruling mark is not a difference
    with pytest.raises(RuleViolation, match="the showdown records"):
        pots.check_paid(pots.award_all(state, "Ben", "Ben wins")[0], want)
    with pytest.raises(RuleViolation, match="the hand is settled already"):
        pots.check_paid(want[0], [])
    with pytest.raises(RuleViolation, match="hand 1 cannot end with 8 chips in the pot"):
        pots.check_end(state, ev.HandEnded(hand=1))
    play(state, *want)
    pots.check_end(state, ev.HandEnded(hand=1))
    with pytest.raises(RuleViolation, match="hand 1 cannot end with 0 chips"):
        pots.check_end(state, ev.HandEnded(hand=2))


def test_least_wrong_pays_a_chip_per_other_player_when_everyone_loses_and_the_rest_rides():
    state = put(table({"Ann": 50, "Ben": 50, "Cy": 50}), Ann=5, Ben=5, Cy=5)
    ranks = {"Ann": rank(3), "Ben": rank(1), "Cy": rank(2)}
    payout = pots.Payout(loses=lambda p: True, lost=pots.least_wrong(ranks, "{layer}: {player} least wrong ({label})"))
    out = pots.award_by_rank(state, ranks, payout=payout)
    assert out == [ev.PotAwarded(shares=[ev.Share(player="Ann", amount=2)], reason="the pot: Ann least wrong (hand (3,))"),
                   ev.PotCarried(amount=13)]
    assert pots.least_wrong(ranks, "x", per=20)(pots.Layer("p", 7, ("Ann", "Ben")), ["Ann", "Ben"])[1] == 0
    assert pots.least_wrong(ranks, "x")(pots.Layer("p", 7, ()), []) == ([], 7)


def test_tally_counts_awards_and_carry_overs_in_the_settlement_book():
    class Book:
        paid, settled = 0, 0

    book = Book()
    assert pots.tally(book, ev.PotAwarded(shares=[ev.Share(player="Ann", amount=4)], reason="r"))
    assert pots.tally(book, ev.PotCarried(amount=3))
    assert not pots.tally(book, ev.Fold(player="Ann"))
    assert (book.paid, book.settled) == (7, 2)


# ----------------------------------------------------------------------------- antes, payments between players, the payouts checked

def test_an_ante_once_a_hand_all_in_when_short_and_the_antes_due():
    from ledger.core.contract import Legal

    state = table({"Ann": 5, "Ben": 1})
    assert pots.ante(state, "Ann", 2, anted=[]) == [ev.Ante(player="Ann", amount=2)]
    assert pots.ante(state, "Ben", 2, anted=[], named=1) == [ev.Ante(player="Ben", amount=1)]
    with pytest.raises(RuleViolation, match="Ben has only 1 chip: Ben antes 1 and is all-in"):
        pots.ante(state, "Ben", 2, anted=[], named=2)
    with pytest.raises(RuleViolation, match="the ante at this table is 2, not 3: potlog ante Ann 2"):
        pots.ante(state, "Ann", 2, anted=[], named=3)
    with pytest.raises(RuleViolation, match="Ann has already anted this hand"):
        pots.ante(state, "Ann", 2, anted=["Ann"])
    assert pots.antes_due(state, ["Ann", "Ben"], 2, ["Ann"]) == [Legal("Ben", ("ante",), "ante 1")]


def test_pay_between_players_only():
    from ledger.commands import Pay

    state = table({"Ann": 5, "Ben": 5})
    only = "pay moves chips between players only, not to or from {account}"
    assert pots.pay(state, Pay(source="Ann", to="Ben", amount=2), from_pot="no", players_only=only)
    with pytest.raises(RuleViolation, match="not to or from pot"):
        pots.pay(state, Pay(source="Ann", to="pot", amount=2), from_pot="no", players_only=only)


def test_check_payout_and_require_settles():
    state = put(table({"Ann": 5, "Ben": 5}), Ann=2, Ben=2)
    due = [pots.award([("Ann", 4)], "Ann wins")]
    pots.require_settles(state, due)
    with pytest.raises(RuleViolation, match="the pot holds 4 chips but the bets add up to 3"):
        pots.require_settles(state, [pots.award([("Ann", 3)], "short")])
    pots.check_payout(due[0].model_copy(update={"ruling": "the floor"}), due, 0)
    pots.check_payout(ev.HandEnded(hand=1), due, 1)
    with pytest.raises(RuleViolation, match="the pot is already paid out"):
        pots.check_payout(due[0], due, 1)
