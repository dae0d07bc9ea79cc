"""Draw poker at the decider: 2-7 triple and single draw, badugi, five-card draw: the draw in turn,
standing pat, the cards drawn after the discard, fixed-limit sizes, the draw limits, the reshuffle."""

from __future__ import annotations

import json

from ledger import events as ev
from ledger.snapshots import from_plain, same, to_plain
from tests.table import Table, awards, poker_table as table


def level(t: Table) -> None:
    while t.state.ext.phase == "bet":
        t("check", player=t.to_act) if t.rules.legal(t.state)[0].verbs.count("check") else t("call", player=t.to_act)


def test_triple_draw_draws_in_turn_then_bets_small_then_big():
    t = table("deucetoseven")                                 # Ann deals: Ben small blind, Cy big blind
    t("deal", to="all")
    assert [len(t.state.seat(p).cards) for p in ("Ann", "Ben", "Cy")] == [5, 5, 5]
    assert t.to_act == "Ann"
    t.refused("raise", "raises by 2 at this limit", player="Ann", amount=4)
    t("call", player="Ann"), t("call", player="Ben"), t("check", player="Cy")
    assert t.state.ext.phase == "draw" and t.to_act == "Ben"  # the draw starts left of the button
    t.refused("check", "the first draw comes first", player="Ben")
    t.refused("exchange", "it is Ben's turn to draw", player="Cy", discard=("??",))
    got = t("exchange", player="Ben", discard=("??", "??"))   # the discard alone (PHH: p2 sd ????)
    assert [(type(e), e.discard, e.draw) for e in got] == [(ev.CardsExchanged, ["??", "??"], [])]
    t.refused("deal", "Ben is owed 2 cards for the discards, not 3", to="Ben", cards=("2H", "3H", "4H"))
    t("deal", to="Ben", cards=("2H", "3H"))                    # the cards drawn come after
    stand = t("exchange", player="Cy")                        # stands pat
    assert [(type(e), e.discard, e.draw) for e in stand] == [(ev.CardsExchanged, [], [])]
    t.refused("bet", "the first draw comes first", player="Ben", amount=2)
    t("exchange", player="Ann", cards=("??",), discard=("??",))  # both in one command
    assert same(from_plain(json.loads(json.dumps(to_plain(t.state)))), t.state)   # a snapshot keeps the draw
    assert t.state.ext.phase == "bet" and t.to_act == "Ben"
    t.refused("bet", "bets 2 at this limit, not 4", player="Ben", amount=4)   # the small bet after the first draw
    level(t)
    t("exchange", player="Ben"), t("exchange", player="Cy"), t("exchange", player="Ann")
    t.refused("bet", "bets 4 at this limit, not 2", player="Ben", amount=2)   # the big bet after the second
    t("bet", player="Ben", amount=4)


def test_the_cards_drawn_wait_for_the_discard_and_match_it():
    t = table("deucetoseven", {"draws": 1, "structure": "no-limit"}, Ann=100, Ben=100)
    t("deal", to="Ann", cards=("7S", "5D", "4C", "3H", "KS"))
    t("deal", to="Ben", cards=("8S", "6D", "5C", "2H", "QD"))
    t("call", player="Ann"), t("check", player="Ben")          # heads-up: the button (Ann) first before the draw
    assert t.to_act == "Ben"                                   # the draw (and the betting after it): left of the button
    t.refused("deal", "Ben has not discarded yet", to="Ben", cards=("2C",))
    t.refused("exchange", "name what Ben discards", player="Ben", cards=("2C",))
    t.refused("exchange", "Ben draws as many cards as discarded (1), not 2", player="Ben", cards=("2C", "3C"),
              discard=("QD",))
    t.refused("exchange", "Ben does not hold KS", player="Ben", discard=("KS",))
    t("exchange", player="Ben", cards=("2C",), discard=("QD",))
    t("exchange", player="Ann", discard=("KS",))
    t.refused("exchange", "Ann has drawn this round", player="Ann", discard=("3H",))
    t("deal", to="Ann", cards=("2D",))
    t("check", player="Ben"), t("check", player="Ann")
    t("reveal", player="Ben")
    done = t("reveal", player="Ann")
    assert awards(done) == [("the pot: Ann wins with seven-five-four-three-two", [("Ann", 4)])]


def test_no_limit_single_draw_with_a_big_blind_ante():
    t = table("deucetoseven", {"draws": 1, "structure": "no-limit", "bb_ante": 2})
    assert t.state.balance("pot") == 5 and t.stack("Cy") == 96   # the big blind's ante is dead money
    t("deal", to="all")
    t("raise", player="Ann", amount=4)
    t.refused("raise", "at least the last bet or raise (4)", player="Ben", amount=3)
    t("fold", player="Ben"), t("fold", player="Cy")
    assert t.stack("Ann") == 100 + 5 and not t.state.in_hand      # the blinds and the ante


def test_badugi_four_cards_three_draws_and_the_best_badugi_wins():
    t = table("badugi", Ann=100, Ben=100)
    t("deal", to="Ann", cards=("AS", "2D", "3H", "KC"))
    t.refused("deal", "Ann holds 4 cards: 4 hole cards each (0 more at most)", to="Ann", cards=("4C",))
    t("deal", to="Ben", cards=("5S", "6D", "7H", "8H"))
    t("call", player="Ann"), t("check", player="Ben")
    t("exchange", player="Ben", cards=("9C",), discard=("8H",))
    t("exchange", player="Ann", cards=("4C",), discard=("KC",))
    for _ in range(2):
        level(t)
        t("exchange", player="Ben"), t("exchange", player="Ann")
    level(t)
    t("reveal", player="Ben")
    done = t("reveal", player="Ann")
    (reason, shares), = awards(done)
    assert shares == [("Ann", 4)] and reason.startswith("the pot: Ann wins with badugi")


def five_card_draw(options: dict | None = None) -> Table:
    t = table("fivecarddraw", options)
    t("deal", to="Ann", cards=("AS", "KD", "9C", "4H", "2S"))
    t("deal", to="Ben", cards=("AH", "7D", "7C", "3H", "2C"))
    t("deal", to="Cy", count=5)
    return t


def test_five_card_draw_antes_and_the_player_left_of_the_button_opens():
    t = five_card_draw()
    assert t.state.balance("pot") == 3 and t.to_act == "Ben"  # Ann deals; no blinds: Ben opens
    t("check", player="Ben"), t("bet", player="Cy", amount=2), t("call", player="Ann"), t("call", player="Ben")
    assert t.state.ext.phase == "draw"


def test_five_card_draw_three_cards_four_with_an_ace_shown():
    t = five_card_draw()
    level(t)
    t.refused("exchange", "Ben draws three cards at most, or four keeping an ace that is shown first", player="Ben",
              discard=("7D", "7C", "3H", "2C"))
    t("reveal", player="Ben", cards=("AH",))                   # shows the ace he keeps
    t("exchange", player="Ben", count=4, discard=("7D", "7C", "3H", "2C"))
    t("exchange", player="Cy", count=3, discard=("??", "??", "??"))
    t.refused("exchange", "Ann draws three cards at most", player="Ann", discard=("KD", "9C", "4H", "2S"))
    t("exchange", player="Ann")
    assert t.state.ext.phase == "bet" and t.to_act == "Ben"
    t.refused("bet", "bets 4 at this limit, not 2", player="Ben", amount=2)   # the bet doubles after the draw
    t.refused("reveal", "hands are shown at the showdown", player="Ben", cards=("AH",))


def test_five_card_draw_limits_three_and_none():
    t = five_card_draw({"draw_limit": "three"})
    level(t)
    t("reveal", player="Ben", cards=("AH",))
    t.refused("exchange", "Ben draws three cards at most at this table, not 4", player="Ben",
              discard=("7D", "7C", "3H", "2C"))
    t = five_card_draw({"draw_limit": "none", "structure": "pot-limit", "ante": 2})
    t("bet", player="Ben", amount=6)                           # pot limit: at most the pot (6)
    t.refused("raise", "may raise by 6 to 18 (pot limit: the pot after calling), not 19", player="Cy", amount=19)
    t("raise", player="Cy", amount=18), t("fold", player="Ann"), t("call", player="Ben")
    t("exchange", player="Ben", count=5, discard=("AH", "7D", "7C", "3H", "2C"))
    assert len(t.state.seat("Ben").cards) == 5


def test_an_empty_stock_is_reshuffled_from_the_discards():
    names = ("Ann", "Ben", "Cy", "Dee", "Eve", "Flo")
    t = Table("deucetoseven", verify=True, **{n: 100 for n in names})
    t("hand")
    t("deal", to="all")                                        # 30 cards out, 22 in the stock
    level(t)
    for p in ("Ben", "Cy", "Dee", "Eve"):                      # 20 drawn: 2 left
        t("exchange", player=p, count=5, discard=("??",) * 5)
    t.refused("exchange", "the stock has only 2 cards left", player="Flo", count=5, discard=("??",) * 5)
    t("exchange", player="Flo", discard=("??",) * 5)
    t.refused("reshuffle", "the stock still holds 2 cards")
    t("deal", to="Flo", count=2)
    t.refused("deal", "the stock has only 0 cards left", to="Flo", count=3)
    got = t("reshuffle")
    assert [type(e) for e in got] == [ev.DeckReshuffled] and got[0].cards == 25
    t("deal", to="Flo", count=3)
    t("exchange", player="Ann")
    assert t.state.ext.phase == "bet"
