"""The trick kit's rules (`ledger.kit.tricks.rules`), pure: the suit led, the taker, the
requirements as switches, the excuse, card points; and its score sheet's zero-sum stake."""

from __future__ import annotations

from ledger.kit.tricks import rules as tr
from ledger.kit.tricks import sheet

ORDER = "2 3 4 5 6 7 8 9 10 J Q K A".split()
PLAIN = tr.Rules(rank=lambda c, t: tr.ranked(ORDER)(c))
TAROT = tr.Rules(rank=lambda c, t: int(c[1:]) if c[0] == "T" and c[1:].isdigit() else
                 tr.ranked("1 2 3 4 5 6 7 8 9 10 J C Q K".split())(c),
                 must_trump=True, over_trump=True, excuse=frozenset({"EX"}), right=True)
MAW = tr.Rules(rank=lambda c, t: tr.ranked(ORDER)(c), follow=True, may_trump=True)


def test_the_highest_of_the_suit_led_takes_without_trumps():
    assert tr.winner([("Ann", "10H"), ("Ben", "KH"), ("Cy", "AS")], PLAIN, None) == "Ben"


def test_the_highest_trump_takes_and_other_suits_never_do():
    plays = [("Ann", "AH"), ("Ben", "2S"), ("Cy", "3S"), ("Dan", "AC")]
    assert tr.winner(plays, PLAIN, "S") == "Cy"
    assert tr.winner(plays, PLAIN, "D") == "Ann"  # (the ace of clubs is off suit)


def test_the_earliest_of_equals_takes():
    eq = tr.Rules(rank=lambda c, t: 0)
    assert tr.winner([("Ann", "2H"), ("Ben", "AH")], eq, None) == "Ann"


def test_following_suit_is_required_and_the_refusal_names_the_rule_and_the_cards():
    plays = [("Ann", "KH")]
    said = tr.refusal("Ben", "AS", ["7H", "AS", "??"], plays, PLAIN, "S")
    assert said == "Ben must follow hearts: holds 7H"
    assert tr.refusal("Ben", "7H", ["7H", "AS"], plays, PLAIN, "S") is None
    assert tr.refusal("Ben", "AS", ["AS", "2C"], plays, PLAIN, "S") is None  # void: anything (no must-trump)
    assert tr.refusal("Ben", "AS", ["??", "??"], plays, PLAIN, "S") is None  # nothing known against it
    assert tr.playable(["7H", "AS", "2C"], plays, PLAIN, "S") == ["7H"]
    assert tr.playable(["7H", "AS"], [], PLAIN, "S") == ["7H", "AS"]  # a lead: anything


def test_must_trump_and_must_over_trump_when_able():
    plays = [("Ann", "KH"), ("Ben", "T10")]
    assert tr.refusal("Cy", "2C", ["2C", "T5"], plays, TAROT, tr.TRUMPS) == \
        "Cy cannot follow hearts and must trump: holds T5"
    assert tr.refusal("Cy", "T5", ["T5", "T12"], plays, TAROT, tr.TRUMPS) == "Cy must over-trump T10: holds T12"
    assert tr.refusal("Cy", "T5", ["T5", "T9"], plays, TAROT, tr.TRUMPS) is None  # cannot over-trump: any trump
    assert tr.refusal("Cy", "2C", ["2C", "3D"], plays, TAROT, tr.TRUMPS) is None  # neither: anything
    assert tr.refusal("Cy", "T1", ["T1", "T3"], [("Ann", "T2")], TAROT, tr.TRUMPS) == \
        "Cy must over-trump T2: holds T3"  # trumps led: follow higher when able
    assert tr.refusal("Cy", "2H", ["2H", "T21"], plays, TAROT, tr.TRUMPS) is None  # following: no over-trump


def test_the_excuse_may_always_be_played_never_takes_and_a_lead_of_it_leaves_the_suit_to_the_next():
    assert tr.refusal("Ben", "EX", ["EX", "3H"], [("Ann", "KH")], TAROT, tr.TRUMPS) is None
    assert tr.winner([("Ann", "EX"), ("Ben", "3D"), ("Cy", "KD")], TAROT, tr.TRUMPS) == "Cy"
    assert tr.led([("Ann", "EX"), ("Ben", "3D")], TAROT, tr.TRUMPS) == "D"
    assert tr.refusal("Cy", "KS", ["KS", "4D"], [("Ann", "EX"), ("Ben", "3D")], TAROT, tr.TRUMPS) == \
        "Cy must follow diamonds: holds 4D"
    assert tr.winner([("Ann", "EX")], TAROT, tr.TRUMPS) == "Ann"


def test_may_trump_instead_of_following_but_trumps_led_must_be_followed():
    assert tr.refusal("Ben", "2S", ["2S", "7H"], [("Ann", "KH")], MAW, "S") is None
    assert tr.refusal("Ben", "2C", ["2C", "7H"], [("Ann", "KH")], MAW, "S") == "Ben must follow hearts: holds 7H"
    assert tr.refusal("Ben", "7H", ["2S", "7H"], [("Ann", "KS")], MAW, "S") == "Ben must follow spades: holds 2S"


def test_no_requirement_when_following_is_switched_off():
    free = tr.Rules(rank=PLAIN.rank, follow=False)
    assert tr.refusal("Ben", "2C", ["2C", "7H"], [("Ann", "KH")], free, None) is None


def test_card_points_and_rank_lookup():
    values = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    assert tr.count(["AS", "10H", "7C", "JD"], lambda c: values.get(c[:-1], 0)) == 23
    assert tr.ranked(ORDER)("AS") > tr.ranked(ORDER)("KS") > tr.ranked(ORDER)("2S")
    assert tr.ranked(["7", "8"])("2S") == -1


def test_the_stake_is_pairwise_and_zero_sum():
    assert sheet.nets({"Ann": 2, "Cy": 2, "Ben": 0, "Dan": 0}, 3) == {"Ann": 12, "Cy": 12, "Ben": -12, "Dan": -12}
    assert sum(sheet.nets({"Ann": 5, "Ben": -1, "Cy": 0}, 2).values()) == 0
