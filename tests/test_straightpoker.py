"""Straight Poker at the decider: antes, five cards, one round of betting until nobody bets
more, the showdown by the poker ranking (wild cards as an option), the kitty standing on a tie."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.straightpoker import rank_hand
from tests.table import Table
from ledger.commands import AllIn, Bet, Call, Check, Deal, Fold, NewHand, Raise, Reveal, RollDice

ACES = frozenset({"A"})


@pytest.mark.parametrize("better,worse", [
    ("AS KS QS JS 10S", "9H 9D 9C 9S 2H"),          # straight flush > four of a kind
    ("9H 9D 9C 9S 2H", "3H 3D 3C 2S 2H"),          # four > full house
    ("3H 3D 3C 2S 2H", "2S 7S 9S JS KS"),          # full house > flush
    ("2S 7S 9S JS KS", "5H 6D 7C 8S 9H"),          # flush > straight
    ("2H 3D 4C 5S 6H", "AH 2D 3C 4S 5H"),          # a six-high straight beats the wheel
    ("AH 2D 3C 4S 5H", "QH QD QC 2S 7H"),          # the wheel is a straight
    ("QH QD QC 2S 7H", "KH KD 3C 3S 7H"),          # three of a kind > two pair
    ("KH KD 3C 3S 7H", "AH AD 4C 5S 7H"),          # two pair > pair
    ("AH AD 4C 5S 7H", "AS KD QC JS 9H"),          # pair > high card
])
def test_the_poker_ranking(better, worse):
    assert rank_hand(better.split()).key > rank_hand(worse.split()).key


def test_wild_cards_stand_for_the_best_card_and_make_five_of_a_kind():
    five = rank_hand("AS KH KD KC KS".split(), ACES)
    assert five.label == "five of a kind, kings"
    assert five.key > rank_hand("9S 10S JS QS KS".split(), ACES).key
    assert rank_hand("AS 2H 3H 4H 5H".split(), ACES).label == "straight flush, six high"
    assert rank_hand("AS AH 7D 7C 2S".split(), ACES).label == "four of a kind, sevens"
    assert rank_hand("AS AH AD AC 2S".split(), ACES).label == "five of a kind, twos"
    assert rank_hand("AS 2H 3H 4H 5H".split()).label == "straight, five high"      # no wilds: the ace is an ace
    assert rank_hand("2S 2H 9D JC KS".split(), frozenset({"2"})).label == "straight, king high"
    assert rank_hand("2S 2H KD KC 5S".split(), frozenset({"2"})).label == "four of a kind, kings"


def game(options: dict | None = None, **players: int) -> Table:
    t = Table("straightpoker", options={"ante": 1, **(options or {})}, verify=True,
              **(players or {"Ann": 20, "Ben": 20, "Cy": 20}))
    t(NewHand())                                    # Ann deals: Ben acts first
    return t


def deal(t: Table, **hands: str) -> None:
    for who, cards in hands.items():
        if cards == "??":
            t(Deal(to=who, count=5))
        else:
            t(Deal(to=who, cards=tuple(cards.split())))


def test_antes_five_cards_each_then_the_betting_from_the_dealers_left():
    t = game()
    assert t.state.balance("pot") == 3 and t.to_act is None
    t.refused(Bet(player="Ben", amount=2), "the betting starts when everyone has five cards")
    t.refused(Deal(to="Ann", count=6), "Ann holds 0 cards: five each")
    deal(t, Ann="??", Ben="??")
    t.refused(Deal(to="Ben", count=1), "Ben holds 5 cards")
    deal(t, Cy="??")
    assert t.to_act == "Ben"
    t.refused(Bet(player="Ann", amount=2), "it is Ben's turn to bet, not Ann's")
    t.refused(Deal(to="Ann", count=1), "the cards are dealt")
    t.refused(RollDice(player="Ann", faces=("3",)), "Straight Poker has no 'roll'")


def test_bets_and_raises_go_round_until_nobody_bets_more_then_the_best_hand_takes_the_kitty():
    t = game()
    deal(t, Ann="KH KD 3C 3S 7H", Ben="QH QD QC 2S 7C", Cy="AS 2D 9C JS 4H")
    t(Bet(player="Ben", amount=2))
    t(Raise(player="Cy", amount=3))
    t(Call(player="Ann"))
    t(Raise(player="Ben", amount=5))           # a raise re-opens the betting
    assert t.to_act == "Cy"
    t(Fold(player="Cy"))
    out = t(Call(player="Ann"))                # nobody bets more: the showdown, by itself
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Ben", amount=3 + 10 + 10 + 5)]
    assert "three of a kind, queens" in award.reason
    assert [e.holder for e in out if isinstance(e, ev.CardsRevealed)] == ["Ben", "Ann"]
    assert isinstance(out[-1], ev.HandEnded) and (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (9, 37, 14)


def test_everyone_else_folding_takes_the_pot_without_a_showdown():
    t = game()
    deal(t, Ann="??", Ben="??", Cy="??")
    t(Bet(player="Ben", amount=4))
    t(Fold(player="Cy"))
    out = t(Fold(player="Ann"))
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares == [ev.Share(player="Ben", amount=7)]
    assert isinstance(out[-1], ev.HandEnded)


def test_unseen_hands_are_named_at_the_showdown():
    t = game()
    deal(t, Ann="??", Ben="??", Cy="??")
    for who in ("Ben", "Cy", "Ann"):
        t(Check(player=who))
    assert t.rules.legal(t.state)[0].verbs == ("reveal",)
    t.refused(Bet(player="Ben", amount=1), "the betting is over")
    assert t(Reveal(player="Ben", cards=("2H", "2D", "5C", "7S", "9H")))[-1].type == "cards_revealed"
    t(Reveal(player="Cy", cards=("3H", "3D", "5D", "7D", "9D")))
    out = t(Reveal(player="Ann", cards=("AS", "KD", "QC", "JS", "9S")))
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares == [ev.Share(player="Cy", amount=3)]


def test_a_tie_and_the_kitty_stands_for_the_next_hand_where_it_is_won():
    t = game()
    deal(t, Ann="2S 3S 4H 5D 9C", Ben="AH KH QD JD 9H", Cy="AS KS QC JC 9D")
    t(Bet(player="Ben", amount=2))
    t(Call(player="Cy"))
    out = t(Fold(player="Ann"))
    assert ev.PotCarried(amount=7) in out and t.state.balance("carry") == 7
    t(NewHand())                                    # Ben deals: Cy first
    assert t.state.balance("pot") == 10
    deal(t, Ann="2H 2D 2C 7S 8H", Ben="??", Cy="??")
    t(Check(player="Cy"))
    t(Bet(player="Ann", amount=5))
    t(Fold(player="Ben"))
    out = t(Fold(player="Cy"))
    assert next(e for e in out if isinstance(e, ev.PotAwarded)).shares == [ev.Share(player="Ann", amount=15)]


def test_ties_split_as_an_option_and_wild_aces_at_the_showdown():
    t = game({"ties": "split", "wild": "A"})
    deal(t, Ann="2S 3S 4H 5D 9C", Ben="AH KH QD JD 9H", Cy="AC KS QC JC 9D")
    for who in ("Ben", "Cy", "Ann"):
        t(Check(player=who)) if who != "Ann" else None
    out = t(Check(player="Ann"))
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Ben", amount=2), ev.Share(player="Cy", amount=1)]   # two straights


def test_a_limit_caps_each_bet_and_an_all_in_makes_a_side_pot():
    t = game({"limit": 5}, Ann=20, Ben=20, Cy=5)
    deal(t, Ann="2H 2D 2C 7S 8H", Ben="KH KD 3C 3S 7H", Cy="AS AD AC AH 4H")
    t.refused(Bet(player="Ben", amount=6), "Ben may bet 1 to 5 (the limit this hand), not 6")
    t(Bet(player="Ben", amount=5))
    t(AllIn(player="Cy"))                      # 4 chips: short of the call
    t(Raise(player="Ann", amount=5))
    out = t(Call(player="Ben"))
    shares = [(e.reason.split(":")[0], e.shares) for e in out if isinstance(e, ev.PotAwarded)]
    assert shares == [("main pot", [ev.Share(player="Cy", amount=15)]),
                      ("side pot 1", [ev.Share(player="Ann", amount=12)])]


def test_the_hand_in_progress_survives_a_snapshot():
    from ledger.snapshots import from_plain, same
    from ledger.state import to_plain

    t = game()
    deal(t, Ann="??", Ben="??", Cy="??")
    t(Bet(player="Ben", amount=3))
    assert same(from_plain(to_plain(t.state)), t.state)


def test_the_sample_night_runs_and_keeps_the_rules(potlog):
    from tests.conftest import SAMPLES

    potlog("run", "-q", str(SAMPLES / "straightpoker-night.potlog"))
    assert "rules kept" in potlog("verify", "--rules").output
    assert "reconciles" in potlog("audit").output
