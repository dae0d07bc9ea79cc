"""Texas hold'em at the decider: blinds and antes, streets, the betting, side pots, the showdown."""

from __future__ import annotations

from ledger import events as ev
from tests.table import Table


def game(options: dict | None = None, **players: int) -> Table:
    t = Table("holdem", options=options, verify=True, **(players or {"Ann": 100, "Ben": 100, "Cy": 100}))
    t("hand")
    return t


def awards(events: list[ev.Event]) -> list[tuple[str, list[tuple[str, int]]]]:
    return [(e.reason, [(s.player, s.amount) for s in e.shares]) for e in events if isinstance(e, ev.PotAwarded)]


def level(t: Table, *players: str) -> None:
    for p in players:
        t("check", player=p)


def test_the_blinds_go_in_and_the_button_moves_left():
    t = game()
    assert t.state.hand.dealer == "Ann"
    assert [t.state.seat(p).round_bet for p in ("Ann", "Ben", "Cy")] == [0, 1, 2]
    t.refused("bet", "everyone has 2 cards", player="Ann", amount=2)
    t("deal", to="all")
    assert t.to_act == "Ann"                        # left of the big blind
    t("fold", player="Ann")
    t("fold", player="Ben")                         # the big blind takes the blinds
    assert not t.state.in_hand and (t.stack("Ben"), t.stack("Cy")) == (99, 101)
    t("hand")
    assert t.state.hand.dealer == "Ben" and t.state.seat("Cy").round_bet == 1 and t.state.seat("Ann").round_bet == 2


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_then_last():
    t = game(Ann=50, Ben=50)
    assert t.state.hand.dealer == "Ann" and t.state.seat("Ann").round_bet == 1 and t.state.seat("Ben").round_bet == 2
    t("deal", to="Ann", cards=("AS", "KS"))
    t("deal", to="Ben", count=2)
    assert t.to_act == "Ann"
    t("call", player="Ann")
    assert t.to_act == "Ben"                        # the big blind's option
    t("check", player="Ben")
    t("deal", to="board", cards=("2C", "7D", "9H"))
    assert t.to_act == "Ben"                        # after the flop, the big blind first


def test_the_big_blind_may_raise_its_option_and_raises_reopen():
    t = game()
    t("deal", to="all")
    t("call", player="Ann")
    t("call", player="Ben")
    t("raise", player="Cy", amount=6)
    assert t.to_act == "Ann"
    t("raise", player="Ann", amount=10)
    t("call", player="Ben")
    t("call", player="Cy")
    assert t.state.ext.phase == "board" and t.state.balance("pot") == 54


def test_a_raise_is_at_least_the_last_raise_in_no_limit():
    t = game()
    t("deal", to="all")
    t("raise", player="Ann", amount=10)             # to 12
    t.refused("raise", "at least the last bet or raise (10)", player="Ben", amount=5)
    t("raise", player="Ben", amount=10)


def test_board_cards_are_named_and_counted_per_street():
    t = game()
    t("deal", to="all")
    for p in ("Ann", "Ben"):
        t("call", player=p)
    t("check", player="Cy")
    t.refused("deal", "the flop is 3 cards, not 1", to="board", cards=("2C",))
    t.refused("deal", "face up", to="board", count=3)
    t.refused("check", "deal the flop first", player="Ben")
    t("deal", to="board", cards=("2C", "7D", "9H"))
    assert t.to_act == "Ben" and t.state.hand.round == 1


def test_a_showdown_pays_the_best_hand_and_a_muck_gives_up():
    t = game()
    t("deal", to="Ann", cards=("AS", "AD"))
    t("deal", to="Ben", cards=("KS", "KD"))
    t("deal", to="Cy", count=2)
    t("call", player="Ann"), t("call", player="Ben"), t("check", player="Cy")
    for cards in (("2C", "7D", "9H"), ("3S",), ("JD",)):
        t("deal", to="board", cards=cards)
        level(t, "Ben", "Cy", "Ann")
    assert t.state.ext.phase == "showdown"
    t("reveal", player="Ben")                       # the cards the record knows
    t("fold", player="Cy")                          # mucks
    done = t("reveal", player="Ann", cards=("AS", "AD"))
    assert awards(done) == [("the pot: Ann wins with pair of aces", [("Ann", 6)])]
    assert isinstance(done[-1], ev.HandEnded) and t.stack("Ann") == 104


def test_side_pots_and_the_uncalled_bet_go_back():
    t = game(Ann=100, Ben=30, Cy=60)
    t("deal", to="Ann", cards=("AS", "AD"))
    t("deal", to="Ben", cards=("KS", "KD"))
    t("deal", to="Cy", cards=("QS", "QD"))
    t("allin", player="Ann")                        # 100
    t("allin", player="Ben")                        # 30
    t("allin", player="Cy")                         # 60: everyone is all-in, the board runs out
    assert t.state.ext.phase == "board" and t.to_act is None
    t("deal", to="board", cards=("2C", "7D", "9H"))
    t("deal", to="board", cards=("3S",))
    t("reveal", player="Ben"), t("reveal", player="Cy")
    t("deal", to="board", cards=("JD",))
    done = t("reveal", player="Ann")
    assert awards(done) == [("uncalled bet returned", [("Ann", 40)]),
                            ("main pot: Ann wins with pair of aces", [("Ann", 90)]),
                            ("side pot 1: Ann wins with pair of aces", [("Ann", 60)])]
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (190, 0, 0)


def test_a_tie_splits_and_the_odd_chip_goes_left_of_the_button():
    t = game(options={"ante": 1})
    assert t.state.balance("pot") == 6
    t("deal", to="Ann", cards=("AS", "2D"))
    t("deal", to="Ben", cards=("AH", "3D"))
    t("deal", to="Cy", cards=("4C", "5C"))
    t("call", player="Ann"), t("call", player="Ben"), t("check", player="Cy")
    for cards in (("KC", "KD", "QH"), ("QS",), ("10D",)):
        t("deal", to="board", cards=cards)
        level(t, "Ben", "Cy", "Ann")
    t("fold", player="Cy")
    t("reveal", player="Ann")
    done = t("reveal", player="Ben")
    assert awards(done)[0][1] == [("Ben", 5), ("Ann", 4)]


def test_antes_a_big_blind_ante_and_a_straddle():
    t = game(options={"bb_ante": 2, "straddle": 4}, Ann=100, Ben=100, Cy=100, Dee=100)
    assert [t.state.seat(p).round_bet for p in ("Ann", "Ben", "Cy", "Dee")] == [0, 1, 2, 4]
    assert t.stack("Cy") == 96 and t.state.balance("pot") == 9   # the big blind's ante is dead money
    t("deal", to="all")
    assert t.to_act == "Ann"                        # left of the straddle
    for p in ("Ann", "Ben", "Cy"):
        t("fold", player=p)
    assert t.stack("Dee") == 105


def test_fixed_limit_bets_the_big_blind_then_twice_it():
    t = game(options={"structure": "fixed-limit"})
    t("deal", to="all")
    t.refused("raise", "raises by 2", player="Ann", amount=5)
    t("raise", player="Ann", amount=2)
    t("call", player="Ben"), t("call", player="Cy")
    t("deal", to="board", cards=("2C", "7D", "9H"))
    level(t, "Ben", "Cy", "Ann")
    t("deal", to="board", cards=("3S",))
    t.refused("bet", "bets 4", player="Ben", amount=2)
    t("bet", player="Ben", amount=4)


def test_a_short_stack_posts_what_it_has():
    t = game(Ann=100, Ben=1, Cy=100)
    assert t.stack("Ben") == 0 and t.state.seat("Ben").all_in
    t("deal", to="all")
    t("fold", player="Ann")                         # Cy alone can bet: nothing more to bet on
    assert t.state.ext.phase == "board" and t.to_act is None


def test_the_blinds_rise_between_hands():
    t = game()
    t.refused("declare", "the blinds change between hands", name="blinds", value="2/4/0")
    t("deal", to="all")
    t("fold", player="Ann"), t("fold", player="Ben")
    t.word("blinds", "5", "10", "--ante", "1")
    t.refused("declare", "SMALL/BIG/ANTE", name="blinds", value="ten")
    t("hand")
    assert t.state.balance("pot") == 3 + 5 + 10
    assert [t.state.seat(p).round_bet for p in ("Ann", "Ben", "Cy")] == [10, 0, 5]
    t("deal", to="all")
    t.refused("raise", "at least the last bet or raise (10)", player="Ben", amount=5)
