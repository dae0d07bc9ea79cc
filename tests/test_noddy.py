"""Noddy at the decider: three cards each, the cut card and Knave Noddy, every combination
pegged, Go, the Hitter, over the set score loses, the stake on the hand's pegs."""

from __future__ import annotations

from table import Table

from ledger import events as ev
from ledger.commands import NewHand, Play
from ledger.games import noddy


def table(**options: object) -> Table:
    t = Table("noddy", options=dict(options), verify=True, Ann=30, Ben=30)
    t(NewHand())  # Ann deals: Ben plays first
    return t


def pegged(events: list[ev.Event]) -> list[tuple[str, int, str]]:
    return [(e.player, e.points, e.reason.split(" (")[0]) for e in events if isinstance(e, ev.Scored)]


def test_the_deal_and_knave_noddy():
    t = table()
    assert [len(s.cards) for s in t.state.seats] == [3, 3] and len(t.state.hand.boards["stock"]) == 46
    t.refused(Play(player="Ben", cards=("5H",)), "turn the cut card first")
    out = t.word("cut", "JD")
    assert pegged(out) == [("Ann", 2, "Knave Noddy")] and t.to_act == "Ben"
    t.refused(noddy.Cut(cards=("2D",)), "once")


def test_each_combination_pegs_as_the_text_says():
    def peg(cards: str, count: int = 0, turnup: str | None = None) -> list[tuple[int, str]]:
        return noddy.pegs(cards.split(), count, turnup)
    assert peg("5H 5S") == [(2, "a pair")]
    assert peg("5H 5S 5D") == [(6, "a pair royal")]
    assert peg("5H 5S 5D 5C") == [(12, "a double pair royal")]
    assert peg("7H 8S", 15) == [(2, "15")] and peg("KH 8S 7D", 25)[0] == (2, "25")
    assert peg("3H 5S 4D") == [(1, "a run of 3")] and peg("2C 3H 5S 4D") == [(2, "a run of 4")]
    assert peg("6C 2C 3H 5S 4D") == [(3, "a run of 5")]
    assert peg("3H 5H 4H") == [(3, "a flush of 3")] and peg("2H 3H 5H 4H") == [(4, "a flush of 4")]
    assert peg("6H 2H 3H 5H 4H") == [(5, "a flush of 5")]
    assert peg("AH 2S 3D") == [(1, "a run of 3")] and peg("QH KS AD") == []  # aces low
    assert peg("JD", 10, "7D") == [(1, "his heels")] and peg("JC", 10, "7D") == []
    assert peg("9S 3H 5S 4D") == [(1, "a run of 3")]  # the last three only


def test_a_hand_with_the_hitter_the_go_and_the_stake():
    t = table(target=15)
    t.word("cut", "2C")
    out = t(Play(player="Ben", cards=("5H",)))
    out += t(Play(player="Ann", cards=("5S",)))
    out += t(Play(player="Ben", cards=("5D",)))  # 15: a pair royal, fifteen, and exactly the set score
    assert pegged(out) == [("Ann", 2, "a pair"), ("Ben", 6, "a pair royal"), ("Ben", 2, "15"),
                           ("Ben", 2, "the Hitter")]
    assert t.state.ext.count == 0 and t.to_act == "Ann"  # a new count, from the player after
    t(Play(player="Ann", cards=("9C",)))
    t.refused(noddy.Go(player="Ann"), "it is Ben's turn")
    t.word("go", "Ben")
    out = t(Play(player="Ann", cards=("4C",)))  # Ann plays on alone; her last card: the Go
    assert pegged(out) == [("Ann", 1, "the Go")] and t.to_act == "Ben"
    out = t(Play(player="Ben", cards=("7C",)))
    assert pegged(out) == [("Ben", 1, "the Go")]
    assert [(e.from_account, e.to_account, e.amount) for e in out if isinstance(e, ev.Transfer)] == \
        [("seat:Ann", "seat:Ben", 8)]
    assert t.state.hand.ended and dict(noddy.view(t.state))["hand 1"] == "Ann +3, Ben +11"


def test_over_the_set_score_loses():
    t = table(target=15, stake=0)
    t.word("cut", "2C")
    t(Play(player="Ben", cards=("9H",)))
    out = t(Play(player="Ann", cards=("8S",)))  # 17: past 15
    assert not pegged(out) and t.state.hand.ended and t.state.ext.winner == "Ben"
    t.refused(NewHand(), "the game is over: Ben won")
    assert ("winner", "Ben") in noddy.view(t.state)
