"""Omaha and short deck at the decider: pot limit, exactly two hole cards, the hi-lo split (no low,
a quartered low, odd chips), the 36-card pack and the button blind; hold'em declared by streets."""

from __future__ import annotations

from ledger import events as ev
from ledger.games import get_ruleset
from ledger.games.holdem import HOLDEM
from ledger.kit import poker
from tests.table import Table, awards, poker_table as table
from ledger.commands import Bet, Call, Check, Deal, Declare, Fold, Raise, Reveal


def checks(t: Table) -> None:
    while t.state.ext.phase == "bet":
        t(Check(player=t.to_act))


def test_holdem_is_declared_by_its_streets():
    assert [(s.name, s.hole, s.board, s.bet) for s in HOLDEM.streets] == [
        ("preflop", (False, False), 0, "small"), ("flop", (), 3, "small"), ("turn", (), 1, "big"),
        ("river", (), 1, "big")]
    game = poker.Game("x", "X", get_ruleset("holdem").options, lambda s: poker.Stakes(1, 2), HOLDEM.best,
                      poker.flop_streets(4, board=(0, 3, 4, 5), names=("preflop", "flop", "turn", "river")),
                      (2, 10))
    assert game.streets[0].hole == (False,) * 4 and game.hole == 4


def test_pot_limit_omaha_raises_at_most_the_pot_after_calling():
    t = table("omaha")
    t(Deal(to="all"))
    assert [len(t.state.seat(p).cards) for p in ("Ann", "Ben", "Cy")] == [4, 4, 4]
    t.refused(Raise(player="Ann", amount=6), "may raise by 2 to 5 (pot limit: the pot after calling), not 6")
    t(Raise(player="Ann", amount=5))                         # to 7: 3 in the pot, 2 to call, 2 + 5
    t.refused(Raise(player="Ben", amount=17), "may raise by 5 to 16")   # 10 in the pot, 6 to call
    t(Call(player="Ben")), t(Call(player="Cy"))
    t(Deal(to="board", cards=("2C", "7D", "9H")))
    t.refused(Bet(player="Ben", amount=22), "may bet 2 to 21 (pot limit: the pot), not 22")
    t(Bet(player="Ben", amount=21))
    t = table("omaha", {"min_bet": 10})                       # a pot smaller than the smallest raise
    t(Deal(to="all"))
    t.refused(Raise(player="Ann", amount=11), "may raise by 10 to 10")
    t(Raise(player="Ann", amount=10))


def test_omaha_plays_exactly_two_hole_cards():
    t = table("omaha", Ann=100, Ben=100)
    t(Deal(to="Ann", cards=("AH", "KD", "QC", "JS")))       # one heart: no flush on a board of four hearts
    t(Deal(to="Ben", cards=("9C", "9D", "2S", "3S")))
    t(Call(player="Ann")), t(Check(player="Ben"))
    for cards in (("2H", "5H", "8H"), ("10H",), ("4C",)):
        t(Deal(to="board", cards=cards))
        checks(t)
    t(Reveal(player="Ann"))
    done = t(Reveal(player="Ben"))
    assert awards(done) == [("the pot: Ben wins with pair of nines", [("Ben", 4)])]


def hi_lo(board: tuple[tuple[str, ...], ...], hands: dict[str, tuple[str, ...]],
          raised: bool = False) -> list[ev.Event]:
    t = table("omaha", {"structure": "fixed-limit", "split": "hi-lo", "ante": 1})
    for name, cards in hands.items():
        t(Deal(to=name, cards=cards))
    if raised:
        t(Raise(player="Ann", amount=2))
    while t.state.ext.phase == "bet":
        t(Call(player=t.to_act)) if t.rules.legal(t.state)[0].verbs[0] == "call" else t(Check(player=t.to_act))
    for cards in board:
        t(Deal(to="board", cards=cards))
        checks(t)
    done: list[ev.Event] = []
    for name in hands:
        done = t(Reveal(player=name))
    return done


def test_omaha_hi_lo_without_a_qualifying_low_the_high_hand_takes_the_pot():
    done = hi_lo((("KC", "QD", "9H"), ("10S",), ("JD",)),
                 {"Ann": ("AS", "AD", "3C", "4C"), "Ben": ("2S", "3S", "KS", "KH"), "Cy": ("5D", "6D", "7D", "8D")})
    assert awards(done) == [("the pot (no qualifying low): Cy wins with straight, jack high", [("Cy", 9)])]


def test_omaha_hi_lo_halves_and_a_tied_low_is_quartered_odd_chips_high_then_left_of_the_button():
    done = hi_lo((("2C", "5D", "7H"), ("KS",), ("KD",)),
                 {"Ann": ("AS", "3C", "9H", "9D"), "Ben": ("AD", "3H", "QC", "JC"), "Cy": ("KH", "KC", "8S", "8D")},
                 raised=True)
    # the pot 3 antes + 12 = 15: the high half 8 (the odd chip), the low half 7 split 4 and 3, the odd chip
    # to Ben, first from the button's (Ann's) left
    assert awards(done) == [("the pot, high half: Cy wins with four of a kind, kings", [("Cy", 8)]),
                            ("the pot, low half: Ben and Ann tie with seven-five low, split", [("Ben", 4), ("Ann", 3)])]


def test_short_deck_has_36_cards_a_button_blind_and_flushes_beat_full_houses():
    t = table("shortdeck", {"ante": 1, "button_blind": 2})
    assert t.state.balance("pot") == 5 and t.state.seat("Ann").round_bet == 2   # Ann is the button
    t.refused(Deal(to="Ben", cards=("5H", "6H")), "the short deck has 36 cards, sixes to aces")
    t(Deal(to="Ann", cards=("AH", "KH")))
    t(Deal(to="Ben", cards=("9S", "9D")))
    t(Deal(to="Cy", count=2))
    assert t.to_act == "Ben"                                   # left of the button, before and after the flop
    t(Call(player="Ben")), t(Fold(player="Cy")), t(Check(player="Ann"))
    t(Deal(to="board", cards=("9H", "6H", "6C")))
    assert t.to_act == "Ben"
    checks(t)
    for cards in (("QH",), ("JC",)):
        t(Deal(to="board", cards=cards))
        checks(t)
    t(Reveal(player="Ben"))
    done = t(Reveal(player="Ann"))
    assert awards(done) == [("the pot: Ann wins with flush, ace high", [("Ann", 7)])]   # over nines full


def test_every_poker_ruleset_has_its_words_and_options():
    for name, word, option in (("stud", "bringin", "bring_in"), ("razz", "bringin", "bring_in"),
                               ("omaha", "blinds", "split"), ("deucetoseven", "blinds", "draws"),
                               ("badugi", "blinds", "big_bet"), ("shortdeck", None, "button_blind"),
                               ("fivecarddraw", None, "draw_limit"), ("holdem", "blinds", "straddle")):
        rules = get_ruleset(name)
        assert option in rules.options.model_fields
        assert (rules.word(word) is not None) if word else not rules.words
    t = table("stud")
    t.refused(Declare(name="blinds", value="1/2/0"), "Stud declares nothing")
