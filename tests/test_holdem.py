"""Texas hold'em at the decider: blinds and antes, streets, the betting, side pots, the showdown."""

from __future__ import annotations

from ledger import events as ev
from tests.table import Table
from ledger.commands import AllIn, Bet, Call, Check, Deal, Declare, Fold, NewHand, Raise, Reveal


def game(options: dict | None = None, **players: int) -> Table:
    t = Table("holdem", options=options, verify=True, **(players or {"Ann": 100, "Ben": 100, "Cy": 100}))
    t(NewHand())
    return t


def awards(events: list[ev.Event]) -> list[tuple[str, list[tuple[str, int]]]]:
    return [(e.reason, [(s.player, s.amount) for s in e.shares]) for e in events if isinstance(e, ev.PotAwarded)]


def level(t: Table, *players: str) -> None:
    for p in players:
        t(Check(player=p))


def test_the_blinds_go_in_and_the_button_moves_left():
    t = game()
    assert t.state.hand.dealer == "Ann"
    assert [t.state.seat(p).round_bet for p in ("Ann", "Ben", "Cy")] == [0, 1, 2]
    t.refused(Bet(player="Ann", amount=2), "everyone has 2 cards")
    t(Deal(to="all"))
    assert t.to_act == "Ann"                        # left of the big blind
    t(Fold(player="Ann"))
    t(Fold(player="Ben"))                         # the big blind takes the blinds
    assert not t.state.in_hand and (t.stack("Ben"), t.stack("Cy")) == (99, 101)
    t(NewHand())
    assert t.state.hand.dealer == "Ben" and t.state.seat("Cy").round_bet == 1 and t.state.seat("Ann").round_bet == 2


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_then_last():
    t = game(Ann=50, Ben=50)
    assert t.state.hand.dealer == "Ann" and t.state.seat("Ann").round_bet == 1 and t.state.seat("Ben").round_bet == 2
    t(Deal(to="Ann", cards=("AS", "KS")))
    t(Deal(to="Ben", count=2))
    assert t.to_act == "Ann"
    t(Call(player="Ann"))
    assert t.to_act == "Ben"                        # the big blind's option
    t(Check(player="Ben"))
    t(Deal(to="board", cards=("2C", "7D", "9H")))
    assert t.to_act == "Ben"                        # after the flop, the big blind first


def test_the_big_blind_may_raise_its_option_and_raises_reopen():
    t = game()
    t(Deal(to="all"))
    t(Call(player="Ann"))
    t(Call(player="Ben"))
    t(Raise(player="Cy", amount=6))
    assert t.to_act == "Ann"
    t(Raise(player="Ann", amount=10))
    t(Call(player="Ben"))
    t(Call(player="Cy"))
    assert t.state.ext.phase == "board" and t.state.balance("pot") == 54


def test_a_raise_is_at_least_the_last_raise_in_no_limit():
    t = game()
    t(Deal(to="all"))
    t(Raise(player="Ann", amount=10))             # to 12
    t.refused(Raise(player="Ben", amount=5), "at least the last bet or raise (10)")
    t(Raise(player="Ben", amount=10))


def test_board_cards_are_named_and_counted_per_street():
    t = game()
    t(Deal(to="all"))
    for p in ("Ann", "Ben"):
        t(Call(player=p))
    t(Check(player="Cy"))
    t.refused(Deal(to="board", cards=("2C",)), "the flop is 3 cards, not 1")
    t.refused(Deal(to="board", count=3), "face up")
    t.refused(Check(player="Ben"), "deal the flop first")
    t(Deal(to="board", cards=("2C", "7D", "9H")))
    assert t.to_act == "Ben" and t.state.hand.round == 1


def test_a_showdown_pays_the_best_hand_and_a_muck_gives_up():
    t = game()
    t(Deal(to="Ann", cards=("AS", "AD")))
    t(Deal(to="Ben", cards=("KS", "KD")))
    t(Deal(to="Cy", count=2))
    t(Call(player="Ann")), t(Call(player="Ben")), t(Check(player="Cy"))
    for cards in (("2C", "7D", "9H"), ("3S",), ("JD",)):
        t(Deal(to="board", cards=cards))
        level(t, "Ben", "Cy", "Ann")
    assert t.state.ext.phase == "showdown"
    t(Reveal(player="Ben"))                       # the cards the record knows
    t(Fold(player="Cy"))                          # mucks
    done = t(Reveal(player="Ann", cards=("AS", "AD")))
    assert awards(done) == [("the pot: Ann wins with pair of aces", [("Ann", 6)])]
    assert isinstance(done[-1], ev.HandEnded) and t.stack("Ann") == 104


def test_side_pots_and_the_uncalled_bet_go_back():
    t = game(Ann=100, Ben=30, Cy=60)
    t(Deal(to="Ann", cards=("AS", "AD")))
    t(Deal(to="Ben", cards=("KS", "KD")))
    t(Deal(to="Cy", cards=("QS", "QD")))
    t(AllIn(player="Ann"))                        # 100
    t(AllIn(player="Ben"))                        # 30
    t(AllIn(player="Cy"))                         # 60: everyone is all-in, the board runs out
    assert t.state.ext.phase == "board" and t.to_act is None
    t(Deal(to="board", cards=("2C", "7D", "9H")))
    t(Deal(to="board", cards=("3S",)))
    t(Reveal(player="Ben")), t(Reveal(player="Cy"))
    t(Deal(to="board", cards=("JD",)))
    done = t(Reveal(player="Ann"))
    assert awards(done) == [("uncalled bet returned", [("Ann", 40)]),
                            ("main pot: Ann wins with pair of aces", [("Ann", 90)]),
                            ("side pot 1: Ann wins with pair of aces", [("Ann", 60)])]
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (190, 0, 0)


def test_a_tie_splits_and_the_odd_chip_goes_left_of_the_button():
    t = game(options={"ante": 1})
    assert t.state.balance("pot") == 6
    t(Deal(to="Ann", cards=("AS", "2D")))
    t(Deal(to="Ben", cards=("AH", "3D")))
    t(Deal(to="Cy", cards=("4C", "5C")))
    t(Call(player="Ann")), t(Call(player="Ben")), t(Check(player="Cy"))
    for cards in (("KC", "KD", "QH"), ("QS",), ("10D",)):
        t(Deal(to="board", cards=cards))
        level(t, "Ben", "Cy", "Ann")
    t(Fold(player="Cy"))
    t(Reveal(player="Ann"))
    done = t(Reveal(player="Ben"))
    assert awards(done)[0][1] == [("Ben", 5), ("Ann", 4)]


def test_antes_a_big_blind_ante_and_a_straddle():
    t = game(options={"bb_ante": 2, "straddle": 4}, Ann=100, Ben=100, Cy=100, Dee=100)
    assert [t.state.seat(p).round_bet for p in ("Ann", "Ben", "Cy", "Dee")] == [0, 1, 2, 4]
    assert t.stack("Cy") == 96 and t.state.balance("pot") == 9   # the big blind's ante is dead money
    t(Deal(to="all"))
    assert t.to_act == "Ann"                        # left of the straddle
    for p in ("Ann", "Ben", "Cy"):
        t(Fold(player=p))
    assert t.stack("Dee") == 105


def test_fixed_limit_bets_the_big_blind_then_twice_it():
    t = game(options={"structure": "fixed-limit"})
    t(Deal(to="all"))
    t.refused(Raise(player="Ann", amount=5), "raises by 2")
    t(Raise(player="Ann", amount=2))
    t(Call(player="Ben")), t(Call(player="Cy"))
    t(Deal(to="board", cards=("2C", "7D", "9H")))
    level(t, "Ben", "Cy", "Ann")
    t(Deal(to="board", cards=("3S",)))
    t.refused(Bet(player="Ben", amount=2), "bets 4")
    t(Bet(player="Ben", amount=4))


def test_a_short_stack_posts_what_it_has():
    t = game(Ann=100, Ben=1, Cy=100)
    assert t.stack("Ben") == 0 and t.state.seat("Ben").all_in
    t(Deal(to="all"))
    t(Fold(player="Ann"))                         # Cy alone can bet: nothing more to bet on
    assert t.state.ext.phase == "board" and t.to_act is None


def test_the_blinds_rise_between_hands():
    t = game()
    t.refused(Declare(name="blinds", value="2/4/0"), "the blinds change between hands")
    t(Deal(to="all"))
    t(Fold(player="Ann")), t(Fold(player="Ben"))
    t.word("blinds", "5", "10", "--ante", "1")
    t.refused(Declare(name="blinds", value="ten"), "SMALL/BIG/ANTE")
    t(NewHand())
    assert t.state.balance("pot") == 3 + 5 + 10
    assert [t.state.seat(p).round_bet for p in ("Ann", "Ben", "Cy")] == [10, 0, 5]
    t(Deal(to="all"))
    t.refused(Raise(player="Ben", amount=5), "at least the last bet or raise (10)")
