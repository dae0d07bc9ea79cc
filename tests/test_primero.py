"""Primero at the decider: Primiera's hand with five classes, chorus > fluxus > supremus >
primiera > numerus; numerus (the point) decides the showdown; a dead tie carries the pot."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.errors import InputError
from ledger.verify import verify_rules
from tests.table import Table
from ledger.commands import Bet, Call, Deal, Declare, Exchange, Fold, NewHand, Reveal

NAMES = ("Ann", "Ben", "Cy")


def game(options: dict | None = None) -> Table:
    t = Table("primero", options={"ante": 1, **(options or {})}, verify=True, **dict.fromkeys(NAMES, 20))
    t(NewHand(dealer="Cy"))                       # Ann first
    for p in NAMES:
        t(Deal(to=p, count=4))
    return t


def claim(t: Table, who: str, cards: str) -> list[ev.Event]:
    return t.word("claim", who, *cards.split())


def winner(events: list[ev.Event]) -> list[str]:
    return [s.player for e in events if isinstance(e, ev.PotAwarded) for s in e.shares]


def test_a_chorus_beats_a_fluxus_and_a_supremus():
    t = game()
    claim(t, "Ann", "7C 6C AC 2H")                                    # supremus
    claim(t, "Ben", "2S 3S JS QS")                                    # fluxus
    out = claim(t, "Cy", "KH KD KC KS")                               # chorus, only 40
    assert winner(out) == ["Cy"] and "chorus, 40" in next(e.reason for e in out if isinstance(e, ev.PotAwarded))
    assert t.stack("Cy") == 22


def test_claims_are_in_turn_and_must_be_a_class_that_beats_or_equals_the_best():
    t = game()
    t.refused(Reveal(player="Ben", cards=tuple("KH KD KC KS".split())), "it is Ann's turn to claim or pass, not Ben's")
    t.refused(Reveal(player="Ann", cards=tuple("7H 4H AS KC".split())), "Ann's numerus 35 in hearts (7H 4H AS KC) is no claim: claim a chorus, a fluxus, a supremus "
              "or a primiera")
    t.refused(Reveal(player="Ann", cards=tuple("7H 7D 7C KH".split())), "no claim")   # three of a kind: nothing
    claim(t, "Ann", "2S 3S KS QS")
    t.refused(Reveal(player="Ben", cards=tuple("KH QD JC 4S".split())), "Ann's fluxus in spades, 45 (2S 3S KS QS) stands")
    t.word("pass", "Ben")
    out = t.word("pass", "Cy")
    assert winner(out) == ["Ann"]


def test_numerus_decides_the_showdown_and_equal_numerus_carries_the_pot():
    t = game()
    for p in NAMES:
        t.word("pass", p)
    for p in NAMES:
        t(Exchange(player=p, count=2))
    for p in NAMES:
        t.word("pass", p)
    t(Reveal(player="Ann", cards=tuple("7H 4H AS KC".split())))      # 35
    t(Reveal(player="Ben", cards=tuple("7D 4D 2S QC".split())))      # 35
    out = t(Reveal(player="Cy", cards=tuple("KD QS 2C 3C".split())))
    assert [e.amount for e in out if isinstance(e, ev.PotCarried)] == [3]
    t(NewHand())                                                          # Ann deals, Ben first
    for p in NAMES:
        t(Deal(to=p, count=4))
    claim(t, "Ben", "KH QD JC 2S")
    t.word("pass", "Cy")
    out = t.word("pass", "Ann")
    assert winner(out) == ["Ben"] and t.stack("Ben") == 20 - 2 + 6


def test_primero_has_no_triplets_option_and_shares_the_pack_and_best_suit():
    with pytest.raises(InputError, match="no option 'triplets'"):
        from ledger.games import get_ruleset
        from ledger.core.options import validate_options
        validate_options(get_ruleset("primero").options, {"triplets": "true"}, "primero")
    t = game({"best_suit": True})
    claim(t, "Ann", "7S 2S QS JS")
    claim(t, "Ben", "7H 2H QH JH")
    out = t.word("pass", "Cy")
    assert winner(out) == ["Ben"]


def test_vying_after_the_deal_and_after_the_draw_then_numerus_takes_the_pot():
    t = game({"vie": "deal,draw"})
    for p in NAMES:
        t.word("pass", p)
    assert t.state.ext.phase == "vie" and t.to_act == "Ann"            # the stake after the deal, before the draw
    t(Bet(player="Ann", amount=2))
    t(Call(player="Ben"))
    t(Fold(player="Cy"))                                             # out: no draw, no share
    for p in ("Ann", "Ben"):
        t(Exchange(player=p, count=2))
    t.refused(Declare(player="Cy", name="pass"), "it is Ann's turn to claim or pass, not Cy's")
    t.word("pass", "Ann")
    out = t.word("pass", "Ben")
    assert [e.name for e in out if isinstance(e, ev.RoundStarted)] == ["vying after the draw"]
    t(Bet(player="Ann", amount=3))
    t(Call(player="Ben"))
    t(Reveal(player="Ann", cards=tuple("7H 4H AS KC".split())))      # numerus 35
    out = t(Reveal(player="Ben", cards=tuple("KD QD 4D 7C".split())))  # numerus 34
    assert winner(out) == ["Ann"] and t.stack("Ann") == 20 - 1 - 5 + 13
    found, overrides, _ = verify_rules(t.log, "t")
    assert found == [] and overrides == []
