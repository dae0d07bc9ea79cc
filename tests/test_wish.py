"""Wish Solitaire at the decider: eight piles of four from the 32 cards, tops turned, pairs
taken off, won when every pile is gone, lost when no pair shows, the stake back or to the house."""

from __future__ import annotations

from table import Table

from ledger import events as ev
from ledger.commands import NewHand
from ledger.games import wish

RANKS = "A K Q J 10 9 8 7".split()


def table(**options: object) -> Table:
    t = Table("wish", options=dict(options), verify=True, Ann=10)
    t(NewHand())
    return t


def test_the_deal_eight_piles_of_four_and_the_stake():
    t = table(stake=3)
    assert [len(t.state.hand.boards[p]) for p in wish.PILES] == [4] * 8 and t.state.balance("pot") == 3
    t.refused(wish.TurnPile(to="1", cards=("2H",)), "'2H' is not in the french32 pack")
    t.refused(wish.TurnPile(to="9", cards=("7H",)), "is not a pile")


def test_turning_and_pairing():
    t = table()
    t.word("turn", "1", "7H")
    t.refused(wish.TurnPile(to="1", cards=("8H",)), "the top of pile 1 is 7H, face up already")
    t.word("turn", "2", "8S")
    t.refused(wish.Pair(cards=("1", "2")), "piles 1 and 2 do not show a pair")
    t.word("turn", "3", "7C")
    assert wish.pairs(t.state) == [("pile:1", "pile:3")]
    t.word("pair", "1", "3")
    assert [h.card for h in t.state.hand.boards["discards"]] == ["7H", "7C"]
    assert len(t.state.hand.boards["pile:1"]) == 3 and not t.state.hand.boards["pile:1"][-1].up
    t.refused(wish.TurnPile(to="1", cards=("7H",)), "is already in the discards")


def test_won_when_every_pile_is_gone():
    t = table(stake=2)
    out: list[ev.Event] = []
    for layer in range(4):  # each layer: piles 1-8 show A A K K Q Q J J, then 10 10 9 9 8 8 7 7 ...
        ranks = RANKS[:4] if layer % 2 == 0 else RANKS[4:]
        suits = "SH" if layer < 2 else "DC"
        for i, pile in enumerate(range(1, 9)):
            t.word("turn", str(pile), ranks[i // 2] + suits[i % 2])
        for pile in range(1, 9, 2):
            out += t.word("pair", str(pile), str(pile + 1))
    assert t.state.hand.ended and [type(e) for e in out[-2:]] == [ev.PotAwarded, ev.HandEnded]
    assert t.stack("Ann") == 10


def test_lost_when_the_tops_show_no_pair():
    t = table(stake=2)
    for pile, card in zip(range(1, 9), "AS KS QS JS 10S 9S 8S 7S".split()):
        out = t.word("turn", str(pile), card)
    assert t.state.hand.ended and isinstance(out[-2], ev.Transfer) and out[-2].to_account == "house"
    assert t.stack("Ann") == 8


def test_at_a_table_of_several_each_hand_is_the_dealers_game():
    t = Table("wish", options={"stake": 1}, verify=True, Ann=10, Ben=10)
    t(NewHand(dealer="Ben"))
    assert t.state.balance("pot") == 1 and t.stack("Ben") == 9 and t.stack("Ann") == 10
    assert wish.legal(t.state)[-1].player == "Ben"
