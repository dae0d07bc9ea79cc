"""Draw poker at the decider: 2-7 triple and single draw, badugi, five-card draw: the draw in turn,
standing pat, the cards drawn after the discard, fixed-limit sizes, the draw limits, the reshuffle."""

from __future__ import annotations

import json

from ledger import events as ev
from ledger.snapshots import from_plain, same, to_plain
from tests.table import Table, awards, poker_table as table
from ledger.commands import Bet, Call, Check, Deal, Exchange, Fold, NewHand, Raise, Reshuffle, Reveal


def level(t: Table) -> None:
    while t.state.ext.phase == "bet":
        t(Check(player=t.to_act)) if t.rules.legal(t.state)[0].verbs.count("check") else t(Call(player=t.to_act))


def test_triple_draw_draws_in_turn_then_bets_small_then_big():
    t = table("deucetoseven")                                 # Ann deals: Ben small blind, Cy big blind
    t(Deal(to="all"))
    assert [len(t.state.seat(p).cards) for p in ("Ann", "Ben", "Cy")] == [5, 5, 5]
    assert t.to_act == "Ann"
    t.refused(Raise(player="Ann", amount=4), "raises by 2 at this limit")
    t(Call(player="Ann")), t(Call(player="Ben")), t(Check(player="Cy"))
    assert t.state.ext.phase == "draw" and t.to_act == "Ben"  # the draw starts left of the button
    t.refused(Check(player="Ben"), "the first draw comes first")
    t.refused(Exchange(player="Cy", discard=("??",)), "it is Ben's turn to draw")
    got = t(Exchange(player="Ben", discard=("??", "??")))   # the discard alone (PHH: p2 sd ????)
    assert [(type(e), e.discard, e.draw) for e in got] == [(ev.CardsExchanged, ["??", "??"], [])]
    t.refused(Deal(to="Ben", cards=("2H", "3H", "4H")), "Ben is owed 2 cards for the discards, not 3")
    t(Deal(to="Ben", cards=("2H", "3H")))                    # the cards drawn come after
    stand = t(Exchange(player="Cy"))                        # stands pat
    assert [(type(e), e.discard, e.draw) for e in stand] == [(ev.CardsExchanged, [], [])]
    t.refused(Bet(player="Ben", amount=2), "the first draw comes first")
    t(Exchange(player="Ann", cards=("??",), discard=("??",)))  # both in one command
    assert same(from_plain(json.loads(json.dumps(to_plain(t.state)))), t.state)   # a snapshot keeps the draw
    assert t.state.ext.phase == "bet" and t.to_act == "Ben"
    t.refused(Bet(player="Ben", amount=4), "bets 2 at this limit, not 4")   # the small bet after the first draw
    level(t)
    t(Exchange(player="Ben")), t(Exchange(player="Cy")), t(Exchange(player="Ann"))
    t.refused(Bet(player="Ben", amount=2), "bets 4 at this limit, not 2")   # the big bet after the second
    t(Bet(player="Ben", amount=4))


def test_the_cards_drawn_wait_for_the_discard_and_match_it():
    t = table("deucetoseven", {"draws": 1, "structure": "no-limit"}, Ann=100, Ben=100)
    t(Deal(to="Ann", cards=("7S", "5D", "4C", "3H", "KS")))
    t(Deal(to="Ben", cards=("8S", "6D", "5C", "2H", "QD")))
    t(Call(player="Ann")), t(Check(player="Ben"))          # heads-up: the button (Ann) first before the draw
    assert t.to_act == "Ben"                                   # the draw (and the betting after it): left of the button
    t.refused(Deal(to="Ben", cards=("2C",)), "Ben has not discarded yet")
    t.refused(Exchange(player="Ben", cards=("2C",)), "name what Ben discards")
    t.refused(Exchange(player="Ben", cards=("2C", "3C"), discard=("QD",)), "Ben draws as many cards as discarded (1), not 2")
    t.refused(Exchange(player="Ben", discard=("KS",)), "Ben does not hold KS")
    t(Exchange(player="Ben", cards=("2C",), discard=("QD",)))
    t(Exchange(player="Ann", discard=("KS",)))
    t.refused(Exchange(player="Ann", discard=("3H",)), "Ann has drawn this round")
    t(Deal(to="Ann", cards=("2D",)))
    t(Check(player="Ben")), t(Check(player="Ann"))
    t(Reveal(player="Ben"))
    done = t(Reveal(player="Ann"))
    assert awards(done) == [("the pot: Ann wins with seven-five-four-three-two", [("Ann", 4)])]


def test_no_limit_single_draw_with_a_big_blind_ante():
    t = table("deucetoseven", {"draws": 1, "structure": "no-limit", "bb_ante": 2})
    assert t.state.balance("pot") == 5 and t.stack("Cy") == 96   # the big blind's ante is dead money
    t(Deal(to="all"))
    t(Raise(player="Ann", amount=4))
    t.refused(Raise(player="Ben", amount=3), "at least the last bet or raise (4)")
    t(Fold(player="Ben")), t(Fold(player="Cy"))
    assert t.stack("Ann") == 100 + 5 and not t.state.in_hand      # the blinds and the ante


def test_badugi_four_cards_three_draws_and_the_best_badugi_wins():
    t = table("badugi", Ann=100, Ben=100)
    t(Deal(to="Ann", cards=("AS", "2D", "3H", "KC")))
    t.refused(Deal(to="Ann", cards=("4C",)), "Ann holds 4 cards: 4 hole cards each (0 more at most)")
    t(Deal(to="Ben", cards=("5S", "6D", "7H", "8H")))
    t(Call(player="Ann")), t(Check(player="Ben"))
    t(Exchange(player="Ben", cards=("9C",), discard=("8H",)))
    t(Exchange(player="Ann", cards=("4C",), discard=("KC",)))
    for _ in range(2):
        level(t)
        t(Exchange(player="Ben")), t(Exchange(player="Ann"))
    level(t)
    t(Reveal(player="Ben"))
    done = t(Reveal(player="Ann"))
    (reason, shares), = awards(done)
    assert shares == [("Ann", 4)] and reason.startswith("the pot: Ann wins with badugi")


def five_card_draw(options: dict | None = None) -> Table:
    t = table("fivecarddraw", options)
    t(Deal(to="Ann", cards=("AS", "KD", "9C", "4H", "2S")))
    t(Deal(to="Ben", cards=("AH", "7D", "7C", "3H", "2C")))
    t(Deal(to="Cy", count=5))
    return t


def test_five_card_draw_antes_and_the_player_left_of_the_button_opens():
    t = five_card_draw()
    assert t.state.balance("pot") == 3 and t.to_act == "Ben"  # Ann deals; no blinds: Ben opens
    t(Check(player="Ben")), t(Bet(player="Cy", amount=2)), t(Call(player="Ann")), t(Call(player="Ben"))
    assert t.state.ext.phase == "draw"


def test_five_card_draw_three_cards_four_with_an_ace_shown():
    t = five_card_draw()
    level(t)
    t.refused(Exchange(player="Ben", discard=("7D", "7C", "3H", "2C")), "Ben draws three cards at most, or four keeping an ace that is shown first")
    t(Reveal(player="Ben", cards=("AH",)))                   # shows the ace he keeps
    t(Exchange(player="Ben", count=4, discard=("7D", "7C", "3H", "2C")))
    t(Exchange(player="Cy", count=3, discard=("??", "??", "??")))
    t.refused(Exchange(player="Ann", discard=("KD", "9C", "4H", "2S")), "Ann draws three cards at most")
    t(Exchange(player="Ann"))
    assert t.state.ext.phase == "bet" and t.to_act == "Ben"
    t.refused(Bet(player="Ben", amount=2), "bets 4 at this limit, not 2")   # the bet doubles after the draw
    t.refused(Reveal(player="Ben", cards=("AH",)), "hands are shown at the showdown")


def test_five_card_draw_limits_three_and_none():
    t = five_card_draw({"draw_limit": "three"})
    level(t)
    t(Reveal(player="Ben", cards=("AH",)))
    t.refused(Exchange(player="Ben", discard=("7D", "7C", "3H", "2C")), "Ben draws three cards at most at this table, not 4")
    t = five_card_draw({"draw_limit": "none", "structure": "pot-limit", "ante": 2})
    t(Bet(player="Ben", amount=6))                           # pot limit: at most the pot (6)
    t.refused(Raise(player="Cy", amount=19), "may raise by 6 to 18 (pot limit: the pot after calling), not 19")
    t(Raise(player="Cy", amount=18)), t(Fold(player="Ann")), t(Call(player="Ben"))
    t(Exchange(player="Ben", count=5, discard=("AH", "7D", "7C", "3H", "2C")))
    assert len(t.state.seat("Ben").cards) == 5


def test_an_empty_stock_is_reshuffled_from_the_discards():
    names = ("Ann", "Ben", "Cy", "Dee", "Eve", "Flo")
    t = Table("deucetoseven", verify=True, **{n: 100 for n in names})
    t(NewHand())
    t(Deal(to="all"))                                        # 30 cards out, 22 in the stock
    level(t)
    for p in ("Ben", "Cy", "Dee", "Eve"):                      # 20 drawn: 2 left
        t(Exchange(player=p, count=5, discard=("??",) * 5))
    t.refused(Exchange(player="Flo", count=5, discard=("??",) * 5), "the stock has only 2 cards left")
    t(Exchange(player="Flo", discard=("??",) * 5))
    t.refused(Reshuffle(), "the stock still holds 2 cards")
    t(Deal(to="Flo", count=2))
    t.refused(Deal(to="Flo", count=3), "the stock has only 0 cards left")
    got = t(Reshuffle())
    assert [type(e) for e in got] == [ev.DeckReshuffled] and got[0].cards == 25
    t(Deal(to="Flo", count=3))
    t(Exchange(player="Ann"))
    assert t.state.ext.phase == "bet"
