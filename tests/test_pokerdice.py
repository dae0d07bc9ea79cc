"""Poker Dice at the decider: the hand ranking best first, wild faces, three rolls keeping any,
the betting into the kitty once everyone has rolled, and the kitty paid to the best hand still in."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.games.pokerdice import Options, read
from ledger.kit.evaluators.dice import rank_poker_dice_wild
from ledger.kit.kitty import Throw, Turn
from ledger.verify import verify_rules
from tests.table import Table, awards
from ledger.commands import AllIn, Bet, Call, Check, Declare, Fold, NewHand, Raise, Reroll, RollDice

RANKING = [  # best first, as a table reads the text's list
    ((6, 6, 6, 6, 6), "five of a kind"),
    ((2, 2, 2, 2, 5), "four of a kind"),
    ((3, 3, 3, 1, 1), "full house"),
    ((2, 3, 4, 5, 6), "high straight"),   # ten to ace
    ((1, 2, 3, 4, 5), "low straight"),    # nine to king
    ((6, 6, 6, 5, 4), "three of a kind"),
    ((6, 6, 5, 5, 4), "two pair"),
    ((6, 6, 5, 4, 3), "pair"),
    ((6, 5, 4, 3, 1), "nothing"),
]


def hand(faces, wild: str = "") -> tuple:
    r = read(Turn("Ann", (Throw(tuple(faces)),)), Options(wild=wild))
    return r.key, r.label


@pytest.mark.parametrize("faces,label", RANKING)
def test_every_hand_of_the_ranking(faces, label):
    assert hand(faces)[1].startswith(label)


def test_the_ranking_is_best_first():
    keys = [hand(f)[0] for f, _ in RANKING]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("better,worse", [
    ((6, 6, 6, 1, 1), (5, 5, 5, 4, 4)), ((4, 4, 2, 2, 6), (4, 4, 2, 2, 5)), ((6, 5, 4, 3, 1), (6, 5, 4, 2, 1)),
    ((2, 2, 2, 2, 1), (1, 1, 1, 1, 6)),
])
def test_equal_classes_are_broken_by_the_faces(better, worse):
    assert hand(better)[0] > hand(worse)[0]


@pytest.mark.parametrize("faces,wild,label", [
    ((6, 1, 1, 1, 1), "6", "five of a kind"), ((6, 6, 2, 2, 4), "6", "four of a kind"),
    ((6, 6, 2, 3, 4), "6", "high straight"),
    ((6, 1, 2, 3, 4), "6", "low straight"), ((6, 5, 4, 3, 1), "6", "low straight"),
    ((6, 5, 4, 3, 2), "6", "high straight"), ((6, 3, 3, 1, 1), "6", "full house"),
    ((1, 6, 6, 6, 6), "1,6", "five of a kind"), ((2, 3, 4, 5, 1), "", "low straight"),
])
def test_wild_faces_make_the_best_hand(faces, wild, label):
    assert hand(faces, wild)[1].startswith(label)
    assert rank_poker_dice_wild(faces, ()) == rank_poker_dice_wild(faces)


def game(**options) -> Table:
    t = Table("pokerdice", options={"ante": 2, **options}, verify=True, Ann=20, Ben=20, Cy=20)
    t(NewHand())
    return t


def roll(t: Table, who: str, *faces: int) -> list[ev.Event]:
    return t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


def checked(t: Table, *players: str) -> list[ev.Event]:
    """Everyone named checks in turn (nobody bets): the events of the last check."""
    out: list[ev.Event] = []
    for p in players:
        out = t(Check(player=p))
    return out


def rolled(t: Table, hands: dict[str, tuple[int, ...]]) -> None:
    """Each player in turn rolls once and stops."""
    for who, faces in hands.items():
        roll(t, who, *faces)
        t.word("stop", who)


def rules_kept(t: Table) -> None:
    """``potlog verify --rules`` over the whole log, in memory: nothing refused."""
    found, overrides, _ = verify_rules(t.log, "t")
    assert found == [] and overrides == []


def test_up_to_three_rolls_keeping_any_dice():
    t = game()
    t.refused(RollDice(player="Ben", faces=tuple("123456")), "a sixth die in a five-dice game")
    t.refused(RollDice(player="Ben", faces=tuple("12348")), "8 is not a face of a 6-sided die")
    roll(t, "Ben", 6, 6, 3, 2, 1)
    t.word("reroll", "Ben", "6", "5", "4", "--keep", "6,6")
    t.refused(Reroll(player="Ben", faces=("1",), value=("6", "6", "6", "3")), "Ben has no 3 to keep")
    t.word("reroll", "Ben", "6", "--keep", "6,6,6,5")          # any kept die may go again
    assert t.to_act == "Cy" and t.state.ext.said["Ben"] == "four of a kind, 6s"
    roll(t, "Cy", 2, 2, 3, 3, 4)
    roll(t, "Cy", 5, 5, 5, 5, 5)                               # all five rolled again
    t.word("stop", "Cy")
    t.refused(Declare(player="Cy", name="stop"), "a stop ends the turn: Cy has stopped")
    roll(t, "Ann", 1, 1, 2, 2, 3)
    t.word("stop", "Ann")
    out = checked(t, "Ben", "Cy", "Ann")
    assert awards(out) == [("the kitty: Cy wins with five of a kind, 5s", [("Cy", 6)])]
    rules_kept(t)


def test_a_tie_and_the_kitty_stands_then_is_won_with_wild_aces():
    t = game(wild="6")
    for who in ("Ben", "Cy", "Ann"):
        roll(t, who, 6, 5, 5, 2, 1)                             # three 5s each (the ace wild)
        t.word("stop", who)
    checked(t, "Ben", "Cy", "Ann")
    assert t.state.balance("carry") == 6 and not t.state.in_hand
    t(NewHand())
    for who, faces in (("Cy", (1, 1, 2, 2, 3)), ("Ann", (6, 6, 4, 4, 3)), ("Ben", (2, 3, 4, 5, 1))):
        roll(t, who, *faces)
        t.word("stop", who)
    out = checked(t, "Cy", "Ann", "Ben")
    award = next(e for e in out if isinstance(e, ev.PotAwarded))     # Ann: four 4s with two wild aces
    assert award.shares == [ev.Share(player="Ann", amount=12)] and "four of a kind" in award.reason
    rules_kept(t)


def test_the_wild_option_is_checked():
    with pytest.raises(Exception, match="wild"):
        Table("pokerdice", options={"wild": "7"})


# ----------------------------------------------------------------------------- the betting

HANDS = {"Ben": (4, 4, 4, 2, 1), "Cy": (6, 6, 3, 3, 1), "Ann": (5, 5, 5, 5, 2)}   # three 4s, two pair, four 5s


def test_the_bets_come_once_everyone_has_rolled_from_the_first_to_roll():
    t = game()
    t.refused(Bet(player="Ben", amount=2), "the betting comes once everyone has rolled: it is Ben's turn to roll")
    roll(t, "Ben", *HANDS["Ben"])
    t.word("stop", "Ben")
    t.refused(Check(player="Cy"), "it is Cy's turn to roll")
    roll(t, "Cy", *HANDS["Cy"])
    t.word("stop", "Cy")
    out = roll(t, "Ann", *HANDS["Ann"]) + t.word("stop", "Ann")
    assert not any(isinstance(e, ev.PotAwarded | ev.HandEnded) for e in out)   # nothing paid before the bets
    assert t.to_act == "Ben" and t.state.hand.phase == "betting"
    assert t.rules.legal(t.state)[0].verbs[:2] == ("check", "bet")
    t.refused(RollDice(player="Ann", faces=tuple("12345")), "Ann cannot roll now: everyone has rolled and the betting is on")
    t.refused(Bet(player="Cy", amount=2), "it is Ben's turn to bet, not Cy's")


def test_bets_raises_and_a_fold_then_the_best_hand_still_in_takes_the_kitty():
    t = game()
    rolled(t, HANDS)
    t(Bet(player="Ben", amount=3))
    t(Raise(player="Cy", amount=2))                          # Cy puts in 5
    t(Fold(player="Ann"))                                    # the best dice, folded: out of the kitty
    out = t(Call(player="Ben"))
    assert awards(out) == [("the kitty: Ben wins with three of a kind, 4s", [("Ben", 16)])]
    assert isinstance(out[-1], ev.HandEnded) and t.state.balance("pot") == 0
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (18, 18 - 5 + 16, 13)
    rules_kept(t)


def test_everyone_else_folding_leaves_the_kitty_to_the_bettor_unseen():
    t = game()
    rolled(t, HANDS)
    t(Check(player="Ben"))
    t(Bet(player="Cy", amount=4))
    t(Fold(player="Ann"))
    out = t(Fold(player="Ben"))
    assert awards(out) == [("Cy is the last player in: everyone else folded", [("Cy", 10)])]
    assert t.stack("Cy") == 18 - 4 + 10
    rules_kept(t)


def test_a_tie_after_the_bets_and_the_whole_kitty_stands():
    t = game()
    rolled(t, {"Ben": (3, 3, 3, 1, 1), "Cy": (3, 3, 3, 1, 1), "Ann": (2, 2, 4, 5, 6)})
    t(Bet(player="Ben", amount=2))
    t(Call(player="Cy"))
    out = t(Fold(player="Ann"))
    assert [e.amount for e in out if isinstance(e, ev.PotCarried)] == [10] and awards(out) == []
    assert t.state.balance("carry") == 10 and not t.state.in_hand
    rules_kept(t)


def test_an_all_in_player_wins_only_what_they_matched():
    t = Table("pokerdice", options={"ante": 2}, verify=True, Ann=5, Ben=30, Cy=30)
    t(NewHand())
    rolled(t, HANDS)                                           # Ann's four 5s are best, Ben's three 4s next
    t(Bet(player="Ben", amount=10))
    t(Call(player="Cy"))
    out = t(AllIn(player="Ann"))                             # her last 3
    assert awards(out) == [("main pot: Ann wins with four of a kind, 5s", [("Ann", 15)]),
                           ("side pot 1: Ben wins with three of a kind, 4s", [("Ben", 14)])]
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (15, 32, 18)
    rules_kept(t)


def test_a_bet_nobody_calls_goes_back():
    t = game()
    rolled(t, HANDS)
    t(Check(player="Ben"))
    t(Check(player="Cy"))
    t(Bet(player="Ann", amount=5))
    t(Fold(player="Ben"))
    out = t(Fold(player="Cy"))
    assert awards(out) == [("Ann is the last player in: everyone else folded", [("Ann", 11)])]
    rules_kept(t)


def test_the_limit_and_the_smallest_bet_are_options():
    t = game(limit=2)
    rolled(t, HANDS)
    t.refused(Bet(player="Ben", amount=3), "Ben may bet 1 to 2 (the limit this hand), not 3")
    t(Bet(player="Ben", amount=2))
    t = game(min_bet=3)
    rolled(t, HANDS)
    t.refused(Bet(player="Ben", amount=2), "the smallest bet or raise is 3")


def test_a_table_without_betting_pays_the_kitty_after_the_last_turn():
    t = game(betting=False)
    t.refused(Bet(player="Ben", amount=1), "Poker Dice has no betting at this table")
    roll(t, "Ben", *HANDS["Ben"])
    t.word("stop", "Ben")
    roll(t, "Cy", *HANDS["Cy"])
    t.word("stop", "Cy")
    roll(t, "Ann", *HANDS["Ann"])
    out = t.word("stop", "Ann")
    assert awards(out) == [("best hand, four of a kind, 5s", [("Ann", 6)])] and isinstance(out[-1], ev.HandEnded)
    rules_kept(t)


def test_verify_rules_refuses_a_kitty_paid_to_a_player_who_folded():
    t = game()
    rolled(t, HANDS)
    t(Bet(player="Ben", amount=3))
    t(Call(player="Cy"))
    t(Fold(player="Ann"))
    seq = t.log[-1][0]
    doctored = [(n, e) for n, e in t.log if not isinstance(e, ev.PotAwarded | ev.HandEnded)]
    doctored += [(seq - 1, ev.PotAwarded(shares=[ev.Share(player="Ann", amount=12)], reason="best hand")),
                 (seq, ev.HandEnded(hand=1))]
    found, _, _ = verify_rules(doctored, "t")
    assert found and found[0].seq == seq - 1 and "rules refuse" in found[0].message


def test_nobody_with_chips_left_to_bet_and_the_kitty_is_paid_at_once():
    t = Table("pokerdice", options={"ante": 2}, verify=True, Ann=2, Ben=2, Cy=9)
    t(NewHand())                                                  # Ann and Ben ante all they have
    roll(t, "Ben", *HANDS["Ben"])
    t.word("stop", "Ben")
    roll(t, "Cy", *HANDS["Cy"])
    t.word("stop", "Cy")
    roll(t, "Ann", *HANDS["Ann"])
    out = t.word("stop", "Ann")                                # only Cy could bet, and nobody could call
    assert awards(out) == [("the kitty: Ann wins with four of a kind, 5s", [("Ann", 6)])]
    assert isinstance(out[-1], ev.HandEnded)
    rules_kept(t)
