"""Maw (Spoil Five) at the decider: the first Jack deals, the pool and the dealer's stake, 3+2,
the turned trump, robbing, the fixed top trumps and the per-colour pip order, following as
written, the pool to the most tricks, a tie carried, jinking (taken, won, failed)."""

from __future__ import annotations

from table import Table

from ledger import events as ev
from ledger.commands import NewHand, Play
from ledger.games import maw
from ledger.kit.tricks import rules as tr

RANKS = ["K", "Q", "10", "8", "7"]


def table(trump: str = "9D", **options: object) -> Table:
    t = Table("maw", options=dict(options), verify=True, Ann=20, Ben=20, Cy=20, Dan=20)
    t.word("draw", "Ann", "7H")
    t.word("draw", "Ben", "JC")  # Ben deals: Cy leads
    t(NewHand())
    t.word("trump", trump)
    return t


def trick(t: Table, rank: str, winner: str) -> list[ev.Event]:
    """One trick: the winner plays the diamond (trumps), the others hearts, clubs, spades."""
    others, out = iter("HCS"), []
    for _ in range(4):
        who = t.to_act
        out += t(Play(player=who, cards=(rank + ("D" if who == winner else next(others)),)))
    return out


def test_the_first_jack_deals_and_the_deal_passes_left():
    t = Table("maw", Ann=20, Ben=20, Cy=20)
    t.refused(maw.Draw(player="Ben", cards=("2H",)), "Ann receives the next one, not Ben")
    t.word("draw", "Ann", "7H")
    t.refused(NewHand(), "the first Jack decides the dealer: go on with potlog draw NAME CARD (Ben next)")
    t.word("draw", "Ben", "JC")
    t.refused(maw.Draw(player="Cy", cards=("2S",)), "Ben received the first Jack and deals")
    t.refused(NewHand(dealer="Cy"), "Ben received the first Jack and deals, not Cy")
    t(NewHand())
    assert t.state.hand.dealer == "Ben"
    for rank, w in zip(RANKS, ["Cy", "Cy", "Ann", "Ann", "Ben"]):
        t.word("trump", "9D") if rank == "K" else None
        others, n = iter("HCS"), 0
        while n < 3:
            who = t.to_act
            t(Play(player=who, cards=(rank + ("D" if who == w else next(others)),)))
            n += 1
    t.refused(NewHand(dealer="Ann"), "the deal passes left: Cy deals")
    t(NewHand())
    assert t.state.hand.dealer == "Cy"


def test_the_pool_the_dealers_stake_three_and_two_and_the_turned_trump():
    t = Table("maw", options={"stake": 2, "pool": 3}, verify=True, Ann=20, Ben=20, Cy=20, Dan=20)
    t(NewHand(dealer="Ben"))
    dealt = [(e.to, len(e.cards)) for _, e in t.log if isinstance(e, ev.CardsDealt)]
    assert dealt == [(p, 3) for p in ("Cy", "Dan", "Ann", "Ben")] + [(p, 2) for p in ("Cy", "Dan", "Ann", "Ben")] + \
        [("talon", 32)]
    assert t.state.balance("pot") == 4 * 6 + 2 and t.stack("Ben") == 12
    t.refused(Play(player="Cy", cards=("2H",)), "turn the talon's top card for trump first")
    t.word("trump", "9D")
    assert t.state.ext.trump == "D" and t.to_act == "Cy"


def test_the_fixed_top_trumps_and_the_pip_order_per_colour():
    def order(cards: str, trump: str) -> list[str]:
        return sorted(cards.split(), key=lambda c: maw.rank(c, trump), reverse=True)
    assert order("AD KD 5D AH JD 2D 10D", "D") == ["5D", "JD", "AH", "AD", "KD", "10D", "2D"]
    assert order("AH KH 5H JH QH 10H", "H") == ["5H", "JH", "AH", "KH", "QH", "10H"]
    assert order("AS 10S 2S KS JS", "D") == ["KS", "JS", "AS", "2S", "10S"]  # black: ace high, ten low
    assert order("AD 10D 2D KD JD", "S") == ["KD", "JD", "10D", "2D", "AD"]  # red: ten high, ace low
    assert maw.follows_as("AH", "C") == "C"
    plays = [("Ann", "KC"), ("Ben", "AH"), ("Cy", "AC")]
    assert tr.winner(plays, maw.RULES, "C") == "Ben"  # the Ace of Hearts beats the Ace of trumps


def test_following_as_written_trump_led_must_be_followed_else_follow_or_trump():
    t = table()
    t(maw.Rob(player="Ann", discard=("2S",)))  # Ann shows the Ace of trumps (AD), takes the 9D
    hearts = maw.RULES
    assert tr.refusal("Ann", "2C", ["9D", "2C"], [("Cy", "KD")], hearts, "D") == "Ann must follow diamonds: holds 9D"
    assert tr.refusal("Ann", "AH", ["AH", "2C"], [("Cy", "KD")], hearts, "D") is None  # the Ace of Hearts is a trump
    assert tr.refusal("Ann", "2C", ["AH", "2C"], [("Cy", "KD")], hearts, "D") == "Ann must follow diamonds: holds AH"
    assert tr.refusal("Ann", "9D", ["9D", "2C"], [("Cy", "KC")], hearts, "D") is None  # trumping instead of following
    assert tr.refusal("Ann", "5D", ["5D", "2S"], [("Cy", "2D")], hearts, "D") is None  # no reneging privilege needed
    assert tr.refusal("Ann", "2S", ["5D", "2S"], [("Cy", "2D")], hearts, "D") == "Ann must follow diamonds: holds 5D"
    t(Play(player="Cy", cards=("KD",)))
    t(Play(player="Dan", cards=("2C",)))
    t.refused(Play(player="Ann", cards=("3C",)), "Ann must follow diamonds: holds AD 9D")


def test_robbing_the_pack():
    t = table()
    t(maw.Rob(player="Dan", discard=("4S",)))
    assert [h.card for h in t.state.seat("Dan").cards if h.up] == ["AD", "9D"] and len(t.state.seat("Dan").cards) == 5
    assert t.state.hand.out == ["4S"]
    t.refused(maw.Rob(player="Ann"), "Dan has robbed the pack already")
    t2 = table()
    t2(Play(player="Cy", cards=("KH",)))
    t2.refused(maw.Rob(player="Dan"), "before the first trick only")
    t3 = table()
    t3(maw.Rob(player="Ann"))
    t3.refused(maw.Rob(player="Cy"), "robbed the pack already")
    t4 = table("AD")
    t4.refused(maw.Rob(player="Cy"), "only the dealer, Ben, may take it")
    t4(maw.Rob(player="Ben", discard=("3C",)))
    assert "AD" in [h.card for h in t4.state.seat("Ben").cards]


def test_the_pool_to_the_most_tricks_after_five():
    t = table()
    out = []
    for rank, w in zip(RANKS, ["Cy", "Dan", "Dan", "Ann", "Dan"]):
        out += trick(t, rank, w)
    awards = [(e.shares[0].player, e.shares[0].amount) for e in out if isinstance(e, ev.PotAwarded)]
    assert awards == [("Dan", 9)] and t.state.hand.ended and t.stack("Dan") == 18 - 0 + 9
    assert dict(maw.view(t.state))["hand 1"] == "Dan takes the pool of 9"


def test_a_tie_for_the_most_carries_the_pool_and_the_next_dealer_alone_adds_a_stake():
    t = table()
    for rank, w in zip(RANKS, ["Cy", "Dan", "Dan", "Cy", "Ann"]):
        trick(t, rank, w)
    assert t.state.hand.ended and t.state.balance("carry") == 9 and t.state.balance("pot") == 0
    t(NewHand())  # Cy deals
    assert t.state.hand.dealer == "Cy" and t.state.balance("pot") == 10 and t.stack("Ann") == 18


def test_three_tricks_then_take_the_pool():
    t = table()
    for rank in RANKS[:3]:
        trick(t, rank, "Ann")
    t.refused(Play(player="Ann", cards=("2C",)), "Ann took the first three tricks: potlog take Ann")
    t.refused(maw.Take(player="Ben"), "Ann took the first three tricks, not Ben")
    assert maw.legal(t.state)[0].verbs == ("take", "jink")
    t.word("take", "Ann")
    assert t.state.hand.ended and t.stack("Ann") == 18 + 9


def test_a_jink_won_takes_the_pool_and_a_stake_from_every_player():
    t = table(stake=2)
    for rank in RANKS[:3]:
        trick(t, rank, "Ann")
    t.word("jink", "Ann")
    assert t.to_act == "Ann"  # she leads the fourth
    trick(t, RANKS[3], "Ann")
    out = trick(t, RANKS[4], "Ann")
    assert [(e.from_account, e.amount) for e in out if isinstance(e, ev.Transfer)] == \
        [("seat:Cy", 2), ("seat:Dan", 2), ("seat:Ben", 2)]
    assert t.state.hand.ended and t.stack("Ann") == 20 - 4 + 18 + 6


def test_a_jink_that_fails_ends_the_play_and_carries_the_pool():
    t = table()
    for rank in RANKS[:3]:
        trick(t, rank, "Ann")
    t.word("jink", "Ann")
    out = trick(t, RANKS[3], "Cy")
    assert t.state.hand.ended and [type(e) for e in out[-2:]] == [ev.PotCarried, ev.HandEnded]
    assert t.state.balance("carry") == 9 and t.stack("Ann") == 18
    assert dict(maw.view(t.state))["hand 1"] == "the pool of 9 is carried"


def test_a_misdeal_passes_the_deal_left_and_carries_the_pool():
    t = table(misdeal_stake=True)
    t.word("misdeal")
    assert t.state.hand.ended and t.state.balance("carry") == 10 and t.stack("Ben") == 16
    assert dict(maw.view(t.state))["hand 1"] == "the pool of 10 is carried: Ben misdealt"
    t(NewHand())
    assert t.state.hand.dealer == "Cy" and t.state.balance("pot") == 11
    t2 = table()
    t2(Play(player="Cy", cards=("KH",)))
    t2.refused(maw.Misdeal(), "before the play starts")
