"""Real hands of ``../shared/phh`` (2023 WSOP Event #43 and two televised hands), replayed by hand-
written potlog commands through the rules (each event checked as ``verify --rules`` would) to the
final stacks the PHH files record (PokerKit's replay gives the same); and who opens a stud or razz
street, decided as PokerKit decides it, on random deals."""

from __future__ import annotations

import random
import warnings

import pytest

from ledger.commands import (
    AllIn, Bet, BringIn, Call, Check, Command, Deal, Exchange, Fold, NewHand, Raise, Reveal,
)
from ledger.kit.poker.opening import showing_key
from tests.table import Table


def command(line: str) -> Command:
    verb, who, *rest = line.split()
    cards = tuple(rest)
    if verb == "deal":
        return Deal(to=who, cards=cards, face_up=who == "board")
    if verb in ("bet", "raise"):
        return (Bet if verb == "bet" else Raise)(player=who, amount=int(rest[0]))
    if verb == "discard":
        return Exchange(player=who, discard=cards)
    if verb == "pat":
        return Exchange(player=who)
    if verb == "muck":
        return Fold(player=who)
    if verb == "reveal":
        return Reveal(player=who, cards=cards)
    return {"call": Call, "check": Check, "fold": Fold, "allin": AllIn, "bringin": BringIn}[verb](player=who)


def replay(game: str, options: dict, stacks: list[int], script: str) -> list[int]:
    names = [f"p{i + 1}" for i in range(len(stacks))]
    t = Table(game, options=options, verify=True, **dict(zip(names, stacks)))
    t(NewHand(dealer=names[-1]))                              # PHH's last player is the button
    for line in script.strip().splitlines():
        t(command(line.strip()))
    assert not t.state.in_hand
    return [t.stack(p) for p in names]


STUD = {"ante": 50000, "bring_in": 50000, "small_bet": 200000, "big_bet": 400000}

HANDS = {
    "F7S wsop/2023/43/5/10": ("stud", STUD, [2600000, 11250000, 4475000, 6675000, 4700000], """
        deal p1 5D 2S AD
        deal p2 7H 3S 4H
        deal p3 JS 6D 9D
        deal p4 10S 8S QH
        deal p5 QC 9C 9S
        bringin p2
        fold p3
        raise p4 150000
        fold p5
        fold p1
        fold p2""", [2550000, 11150000, 4425000, 6925000, 4650000]),
    "FR wsop/2023/43/5/20": ("razz", STUD, [6550000, 6425000, 3775000, 7500000, 5450000], """
        deal p1 7C 3H KC
        deal p2 8S 6S 5S
        deal p3 3S 2C 8H
        deal p4 QD 7H 2D
        deal p5 9D 8C 5C
        bringin p1
        raise p2 150000
        call p3
        fold p4
        fold p5
        fold p1
        deal p2 JH
        deal p3 6C
        bet p3 200000
        call p2
        deal p2 KS
        deal p3 JS
        bet p3 400000
        call p2
        deal p2 KD
        deal p3 3C
        bet p3 400000
        fold p2""", [6450000, 5575000, 4825000, 7450000, 5400000]),
    "F7S/8 wsop/2023/43/5/48": ("stud", {**STUD, "bring_in": 75000, "small_bet": 250000, "big_bet": 500000,
                                         "split": "hi-lo"}, [4425000, 1850000, 14525000, 6125000, 2775000], """
        deal p1 AC 8D AS
        deal p2 10C 4H 5S
        deal p3 10D 7H 2H
        deal p4 KD JS JD
        deal p5 8H 3H AH
        bringin p3
        fold p4
        raise p5 175000
        raise p1 250000
        fold p2
        fold p3
        call p5
        deal p1 10H
        deal p5 3S
        check p1
        bet p5 250000
        call p1
        deal p1 3C
        deal p5 JC
        check p5
        bet p1 500000
        call p5
        deal p1 10S
        deal p5 7D
        bet p1 500000
        call p5
        deal p1 7C
        deal p5 4S
        bet p1 500000
        call p5
        reveal p1 AC 8D AS 10H 3C 10S 7C
        reveal p5 8H 3H AH 3S JC 7D 4S""", [4537500, 1800000, 14400000, 6075000, 2887500]),
    "FO/8 wsop/2023/43/5/12": ("omaha", {"structure": "fixed-limit", "split": "hi-lo", "small_blind": 100000,
                                        "big_blind": 200000}, [4175000, 6675000, 4600000, 4750000, 9500000], """
        deal p1 8D 7D 5D 4D
        deal p2 JC 9S 9D 6S
        deal p3 AS 8C 7S 5H
        deal p4 KC 10D 7C 5C
        deal p5 AD 10S 3D 2S
        raise p3 200000
        fold p4
        fold p5
        fold p1
        call p2
        deal board 3S 7H KS
        check p2
        bet p3 200000
        call p2
        deal board 8S
        check p2
        bet p3 400000
        call p2
        deal board AH
        check p2
        bet p3 400000
        call p2
        reveal p3 AS 8C 7S 5H
        muck p2""", [4075000, 5275000, 6100000, 4750000, 9500000]),
    "F2L3D wsop/2023/43/5/55": ("deucetoseven", {"small_blind": 125000, "big_blind": 250000},
                                [6125000, 1500000, 14550000, 4575000, 2950000], """
        deal p1 QD JC 8S 7D 5H
        deal p2 KS KD 4S 4C 2S
        deal p3 QH QC JD 8C 3H
        deal p4 AH AD QS 9H 4D
        deal p5 JS 9S 9C 5D 2D
        fold p3
        fold p4
        fold p5
        raise p1 250000
        call p2
        discard p1 QD JC
        discard p2 KS KD 4S
        deal p1 AS 6S
        deal p2 7S 7C 5C
        bet p1 250000
        raise p2 250000
        call p1
        discard p1 AS
        discard p2 7S
        deal p1 9D
        deal p2 6H
        check p1
        bet p2 500000
        call p1
        discard p1 8S
        pat p2
        deal p1 7H
        reveal p1 7D 5H 6S 9D 7H
        reveal p2 4C 2S 7C 5C 6H""", [4625000, 3000000, 14550000, 4575000, 2950000]),
    "N2L1D wsop/2023/43/5/41": ("deucetoseven", {"draws": 1, "structure": "no-limit", "small_blind": 50000,
                                                 "big_blind": 100000, "bb_ante": 150000},
                                [7250000, 2850000, 4800000, 475000, 14325000], """
        deal p1 JS JC 9S 7H 6S
        deal p2 AH AD AC JD 9D
        deal p3 QC 9H 4H 3S 3H
        deal p4 QD 8H 5S 4D 3D
        deal p5 KS KC 10S 7S 5C
        fold p3
        raise p4 100000
        fold p5
        fold p1
        fold p2""", [7200000, 2600000, 4800000, 775000, 14325000]),
    "PO wsop/2023/43/5/27": ("omaha", {"small_blind": 50000, "big_blind": 100000, "bb_ante": 100000},
                             [4100000, 5550000, 3075000, 10125000, 6850000], """
        deal p1 QH QD 10C 2H
        deal p2 AS JC 6D 5S
        deal p3 QC JH 8S 2C
        deal p4 KH 10D 8D 3S
        deal p5 AH AC 7H 2D
        fold p3
        fold p4
        raise p5 250000
        fold p1
        raise p2 750000
        raise p5 2250000
        fold p2""", [4050000, 4350000, 3075000, 10125000, 8100000]),
    "NS phua-xuan-2019": ("shortdeck", {"ante": 3000, "button_blind": 3000},
                          [495000, 232000, 362000, 403000, 301000, 204000], """
        deal p1 10H 8H
        deal p2 QS JD
        deal p3 QH QD
        deal p4 8D 7C
        deal p5 KH KS
        deal p6 8C 7H
        call p1
        call p2
        raise p3 32000
        fold p4
        allin p5
        fold p6
        fold p1
        fold p2
        call p3
        reveal p5 KH KS
        reveal p3 QH QD
        deal board 9H 6C KC
        deal board JH
        deal board 10S""", [489000, 226000, 684000, 400000, 0, 198000]),
}


@pytest.mark.parametrize("name", list(HANDS))
def test_a_real_hand_ends_with_the_recorded_stacks(name: str):
    game, options, stacks, script, final = HANDS[name]
    assert replay(game, options, stacks, script) == final


def test_badugi_with_unseen_hands_alice_carol():
    """PHH's badugi example (data/alice-carol-wikipedia.phh): every card unseen until the showdown."""
    script = """
        deal p1 ?? ?? ?? ??
        deal p2 ?? ?? ?? ??
        deal p3 ?? ?? ?? ??
        deal p4 ?? ?? ?? ??
        fold p3
        call p4
        call p1
        check p2
        discard p1 ?? ??
        discard p2 ?? ??
        discard p4 ??
        deal p1 ?? ??
        deal p2 ?? ??
        deal p4 ??
        check p1
        bet p2 2
        call p4
        call p1
        discard p1 ??
        pat p2
        discard p4 ??
        deal p1 ??
        deal p4 ??
        check p1
        bet p2 4
        raise p4 4
        fold p1
        call p2
        discard p2 ??
        pat p4
        deal p2 ??
        check p2
        bet p4 4
        call p2
        reveal p4 2S 4C 6D 9H
        reveal p2 3S 5D 7C 8H"""
    final = replay("badugi", {"small_blind": 1, "big_blind": 2, "small_bet": 2, "big_bet": 4}, [200] * 4, script)
    assert final == [196, 220, 200, 184]


def _pokerkit_opener(low: bool, n: int, seed: int) -> tuple[list[list[str]], int, list[list[str]], int]:
    pokerkit = pytest.importorskip("pokerkit")
    auto = tuple(getattr(pokerkit.Automation, a) for a in (
        "ANTE_POSTING", "BET_COLLECTION", "BLIND_OR_STRADDLE_POSTING", "CARD_BURNING",
        "HOLE_CARDS_SHOWING_OR_MUCKING", "HAND_KILLING", "CHIPS_PUSHING", "CHIPS_PULLING"))
    game = pokerkit.FixedLimitRazz if low else pokerkit.FixedLimitSevenCardStud
    rnd = random.Random(seed)
    cards = rnd.sample([r + s for r in "23456789TJQKA" for s in "cdhs"], 4 * n)
    state = game.create_state(auto, True, 1, 2, 4, 8, [100] * n, n)
    for i in range(n):
        state.deal_hole("".join(cards[3 * i:3 * i + 3]))
    third = state.actor_index
    state.post_bring_in()
    for _ in range(n - 1):
        state.check_or_call()
    for i in range(n):
        state.deal_hole(cards[3 * n + i])
    name = {"T": "10"}

    def ours(c: str) -> str:
        return name.get(c[0], c[0]) + c[1].upper()
    ups3 = [[ours(cards[3 * i + 2])] for i in range(n)]
    ups4 = [[ours(cards[3 * i + 2]), ours(cards[3 * n + i])] for i in range(n)]
    return ups3, third, ups4, state.actor_index


@pytest.mark.parametrize("low", [False, True], ids=["stud", "razz"])
def test_who_opens_by_the_cards_is_pokerkit_s_choice(low: bool):
    first, later = ("high-card", "low-hand") if low else ("low-card", "high-hand")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(60):
            n = 2 + seed % 7
            ups3, third, ups4, fourth = _pokerkit_opener(low, n, seed)
            best3 = max(range(n), key=lambda i: (showing_key(first, ups3[i]), -i))
            best4 = max(range(n), key=lambda i: (showing_key(later, ups4[i]), -i))
            assert (best3, best4) == (third, fourth), (seed, ups3, ups4)
