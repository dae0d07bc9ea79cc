"""Primiera at the decider: antes, four cards, claims in turn (the worked example), the draw,
the showdown on the best point, the dead tie that carries the pot, the text's options, and
vying at each stage the text names (after the deal, after the draw)."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.errors import InputError, RuleViolation
from ledger.verify import verify_rules
from tests.table import Table, awards
from ledger.commands import Award, Bet, Call, Check, Deal, Declare, Exchange, Fold, NewHand, Raise, Reveal

NAMES = ("Aldo", "Bruno", "Carlo", "Dino")
EXAMPLE = {"Aldo": "KS QH 4C 3D", "Bruno": "7C 6C AC AS", "Carlo": "7D 2D QD JD", "Dino": "6H 5H 4H 3H"}


def game(options: dict | None = None, game: str = "primiera") -> Table:
    t = Table(game, options={"ante": 2, **(options or {})}, verify=True, **dict.fromkeys(NAMES, 30))
    t(NewHand(dealer="Dino"))                     # Aldo, left of the dealer, goes first
    return t


def unseen(t: Table) -> None:
    for p in NAMES:
        t(Deal(to=p, count=4))


def claim(t: Table, who: str, cards: str) -> list[ev.Event]:
    return t.word("claim", who, *cards.split())


def stacks(t: Table) -> tuple[int, ...]:
    return tuple(t.stack(p) for p in NAMES)


def nobody_claims(t: Table, order: tuple[str, ...] = NAMES) -> None:
    for p in order:
        t.word("pass", p)


def test_everyone_antes_four_cards_each_then_claims_from_the_dealers_left():
    t = game()
    assert t.state.balance("pot") == 8 and stacks(t) == (28, 28, 28, 28) and t.to_act is None
    t.refused(Reveal(player="Aldo", cards=()), "Aldo cannot claim or pass now: the cards are being dealt")
    t.refused(Deal(to="Aldo", count=5), "Aldo holds 0 cards: four each")
    t.refused(Deal(to="Aldo", cards=("8H",)), "not in the italian40 pack")
    unseen(t)
    assert t.to_act == "Aldo" and t.state.balance("pot") == 8
    t.refused(Declare(player="Bruno", name="pass"), "it is Aldo's turn to claim or pass, not Bruno's")
    t.refused(Bet(player="Aldo", amount=1), "Primiera has no betting at this table")
    t.refused(Exchange(player="Aldo", count=1), "Aldo cannot draw now: the claims are under way")
    t.refused(Award(player="Aldo"), "Primiera has no 'award'")
    t.refused(Declare(player="Aldo", name="stand"), "Primiera has no declaration 'stand'")


def test_the_worked_example_dino_sweeps_the_pool_60_to_53():
    t = game()
    unseen(t)
    for who, cards in EXAMPLE.items():
        out = claim(t, who, cards)
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Dino", amount=8)]
    assert "Dino wins with flush in hearts, 60 (6H 5H 4H 3H), over Carlo's flush in diamonds, 53" in award.reason
    assert isinstance(out[-1], ev.HandEnded)
    assert stacks(t) == (28, 28, 28, 36)


def test_a_claim_must_be_a_class_and_must_beat_or_equal_the_best_standing():
    t = game()
    unseen(t)
    t.refused(Reveal(player="Aldo", cards=("7H", "4H", "AS", "KC")), "Aldo's point 35 in hearts (7H 4H AS KC) is no claim: claim a flush, a fifty-five or a "
              "primiera, or pass (potlog pass Aldo)")
    t.refused(Reveal(player="Aldo", cards=("7H", "4H")), "a claim shows all four of Aldo's cards")
    claim(t, "Aldo", "7D 2D QD JD")                                  # a flush first
    t.refused(Reveal(player="Bruno", cards=("7C", "6C", "AC", "AS")), "Aldo's flush in diamonds, 53 (7D 2D QD JD) stands: Bruno's fifty-five in clubs, 71 "
              "(7C 6C AC AS) does not beat it")
    t.word("pass", "Bruno")
    t.refused(Declare(player="Bruno", name="pass"), "it is Carlo's turn to claim or pass, not Bruno's")
    t.word("pass", "Carlo")
    out = t.word("pass", "Dino")                                      # the one claim takes the pot
    assert [e.shares for e in out if isinstance(e, ev.PotAwarded)] == [[ev.Share(player="Aldo", amount=8)]]


def test_equal_claims_annul_the_deal_and_the_pot_is_carried_then_won():
    t = game()
    unseen(t)
    claim(t, "Aldo", "7H 6D AC 5S")
    t.word("pass", "Bruno")
    claim(t, "Carlo", "7D 6H AS 5C")                                 # the same count: 70 each
    out = t.word("pass", "Dino")
    assert [e for e in out if isinstance(e, ev.PotCarried)][0].amount == 8 and isinstance(out[-1], ev.HandEnded)
    assert t.state.balance("carry") == 8 and stacks(t) == (28, 28, 28, 28)
    t(NewHand())                                                        # Aldo deals; the 8 ride in with 8 more antes
    assert t.state.hand.dealer == "Aldo" and t.state.balance("pot") == 16 and t.to_act is None
    unseen(t)
    assert t.to_act == "Bruno"
    claim(t, "Bruno", "KS QH JC KD")
    for p in ("Carlo", "Dino"):
        t.word("pass", p)
    t.word("pass", "Aldo")
    assert stacks(t) == (26, 42, 26, 26) and t.state.balance("carry") == 0


def test_nobody_claims_the_draw_then_the_showdown_on_the_best_point():
    t = game()
    unseen(t)
    nobody_claims(t)
    assert t.to_act == "Aldo" and t.rules.legal(t.state)[0].verbs == ("exchange",)
    t.refused(Exchange(player="Bruno", count=1), "it is Aldo's turn to draw, not Bruno's")
    t.refused(Exchange(player="Aldo", count=5), "Aldo discards one to four cards and draws as many")
    t.refused(Exchange(player="Aldo", discard=("??", "??"), cards=("??",)), "Aldo discards one to four cards and draws as many")
    t.refused(Exchange(player="Aldo", count=1, amount=2), "a draw costs nothing in Primiera")
    out = t(Exchange(player="Aldo", count=2))
    assert out[0].discard == ["??", "??"] and out[0].draw == ["??", "??"] and out[0].cost == 0
    t(Exchange(player="Bruno", cards=("7H",), discard=("??",)))
    t(Exchange(player="Carlo", count=4))
    t(Exchange(player="Dino", count=1))
    assert t.state.ext.stock == 24 - 8 and t.to_act == "Aldo"        # claims again
    nobody_claims(t)
    assert t.to_act is None and t.rules.legal(t.state)[0].verbs == ("reveal",)
    t(Reveal(player="Aldo", cards=tuple("KD QD 4D 7C".split())))   # 34 in diamonds
    t(Reveal(player="Bruno", cards=tuple("7H 4H AS KC".split())))  # 35 in hearts
    t(Reveal(player="Carlo", cards=tuple("2S 3S 5C 6D".split())))
    out = t(Reveal(player="Dino", cards=tuple("JH QC KS 2C".split())))
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Bruno", amount=8)] and "point 35 in hearts" in award.reason
    assert isinstance(out[-1], ev.HandEnded)


def test_a_claim_after_the_draw_wins_and_equal_points_carry_the_pot():
    t = game()
    unseen(t)
    nobody_claims(t)
    for p in NAMES:
        t(Exchange(player=p, count=1))
    t.word("pass", "Aldo")
    out = claim(t, "Bruno", "KS QH JC KD") + t.word("pass", "Carlo") + t.word("pass", "Dino")
    assert [e.shares[0].player for e in out if isinstance(e, ev.PotAwarded)] == ["Bruno"]
    t(NewHand())
    unseen(t)
    second = ("Bruno", "Carlo", "Dino", "Aldo")
    nobody_claims(t, second)
    for p in second:
        t(Exchange(player=p, count=1))
    nobody_claims(t, second)
    t(Reveal(player="Bruno", cards=tuple("7H 4H AS KC".split())))
    t(Reveal(player="Carlo", cards=tuple("7D 4D 2S QC".split())))  # 35 in diamonds: equal
    t(Reveal(player="Dino", cards=tuple("2H 3H 5S 6S".split())))
    out = t(Reveal(player="Aldo", cards=tuple("JH QD KS 3S".split())))
    assert [e.amount for e in out if isinstance(e, ev.PotCarried)] == [8] and t.state.balance("carry") == 8


def test_known_cards_are_claimed_by_name_alone_and_turned_up_at_the_showdown():
    t = game()
    for p, cards in EXAMPLE.items():
        t(Deal(to=p, cards=tuple(cards.split())))
    claim(t, "Aldo", "")                                               # its known cards
    assert [h.up for h in t.state.seat("Aldo").cards] == [True] * 4


def test_restake_vying_and_further_draws_are_options():
    t = game({"restake": 1, "vying": True, "draws": 2})
    unseen(t)
    nobody_claims(t)
    for p in NAMES:
        t(Exchange(player=p, count=1))
    assert t.state.balance("pot") == 12 and stacks(t) == (27, 27, 27, 27)   # everyone staked 1 again
    nobody_claims(t)
    assert t.rules.legal(t.state)[0].verbs == ("exchange",) and t.state.ext.draws == 1   # a further draw
    for p in NAMES:
        t(Exchange(player=p, count=1))
    assert t.state.balance("pot") == 16
    t.refused(Bet(player="Aldo", amount=1), "Primiera has no betting now (the vying comes after the last draw, before the showdown)")
    nobody_claims(t)
    assert t.to_act == "Aldo" and "bet" in t.rules.legal(t.state)[0].verbs
    t(Bet(player="Aldo", amount=3))
    t.refused(Call(player="Carlo"), "it is Bruno's turn to bet, not Carlo's")
    t(Fold(player="Bruno"))
    t(Fold(player="Carlo"))
    out = t(Fold(player="Dino"))                                     # all but one fold: Aldo wins unseen
    assert [e.shares for e in out if isinstance(e, ev.PotAwarded)][-1] == [ev.Share(player="Aldo", amount=19)]
    assert t.stack("Aldo") == 26 - 3 + 19


def test_the_vying_is_called_then_the_showdown():
    t = game({"vying": True})
    unseen(t)
    nobody_claims(t)
    for p in NAMES:
        t(Exchange(player=p, count=1))
    nobody_claims(t)
    t(Bet(player="Aldo", amount=2))
    t(Call(player="Bruno"))
    t(Fold(player="Carlo"))
    t(Fold(player="Dino"))
    assert t.to_act is None and t.state.ext.phase == "showdown"
    t(Reveal(player="Aldo", cards=tuple("7H 6H 5H 2C".split())))   # 54 in hearts
    out = t(Reveal(player="Bruno", cards=tuple("KS QS JS 2D".split())))
    assert [e.shares for e in out if isinstance(e, ev.PotAwarded)] == [[ev.Share(player="Aldo", amount=12)]]


def test_the_best_suit_variant_decides_equal_flushes():
    t = game({"best_suit": True})
    unseen(t)
    claim(t, "Aldo", "7S 2S QS JS")
    claim(t, "Bruno", "7H 2H QH JH")                                  # equal at 53: hearts beat spades
    t.word("pass", "Carlo")
    out = t.word("pass", "Dino")
    assert [e.shares[0].player for e in out if isinstance(e, ev.PotAwarded)] == ["Bruno"]


def test_three_of_a_kind_is_a_primiera_only_with_the_option():
    t = game()
    unseen(t)
    t.refused(Reveal(player="Aldo", cards=tuple("7H 7D 7C KH".split())), "no claim")
    t = game({"triplets": True})
    unseen(t)
    assert claim(t, "Aldo", "7H 7D 7C KH")[0].type == "cards_revealed"


def test_the_spanish_pack_is_an_option():
    t = game({"pack": "spanish40"})
    t.refused(Deal(to="Aldo", cards=("8E",)), "not in the spanish40 pack")
    unseen(t)
    claim(t, "Aldo", "7C 6C 1C 12O")                                  # a fifty-five in cups
    assert t.state.ext.claimed == ["Aldo"]



def test_known_hands_are_turned_up_by_potlog_at_the_showdown():
    t = game()
    for p, cards in {"Aldo": "7H 4H AS KC", "Bruno": "KD QD 4D 7C", "Carlo": "2S 3S 5C 6D",
                     "Dino": "JH QC KS 2C"}.items():
        t(Deal(to=p, cards=tuple(cards.split())))
    nobody_claims(t)
    t(Exchange(player="Aldo", cards=("3H",), discard=("KC",)))      # 7-4-3 of hearts: 48
    t(Exchange(player="Bruno", cards=("5S",), discard=("7C",)))
    t(Exchange(player="Carlo", cards=("JS",), discard=("2S",)))
    t(Exchange(player="Dino", cards=("3C",), discard=("2C",)))
    out: list[ev.Event] = []
    for p in NAMES:
        out += t.word("pass", p)
    assert [e.holder for e in out if isinstance(e, ev.CardsRevealed)] == list(NAMES)   # by potlog
    award = next(e for e in out if isinstance(e, ev.PotAwarded))
    assert award.shares == [ev.Share(player="Aldo", amount=8)] and "point 48 in hearts" in award.reason


def test_verify_rules_refuses_what_the_rules_would_not_record():
    t = game()
    unseen(t)
    for who in ("Aldo", "Bruno", "Carlo"):
        claim(t, who, EXAMPLE[who])
    check = t.rules.check_event
    assert check is not None
    with pytest.raises(RuleViolation):                               # Dino's turn: no payout is due yet
        check(t.state, ev.PotAwarded(shares=[ev.Share(player="Carlo", amount=8)], reason="Carlo"))
    with pytest.raises(RuleViolation):                               # a pass out of turn
        check(t.state, ev.Declared(player="Aldo", name="pass"))
    claim(t, "Dino", EXAMPLE["Dino"])                                # the real thing goes through verify


# ----------------------------------------------------------------------------- vying at each stage

KNOWN = {"Aldo": "7H 4H AS KS", "Bruno": "KD QD 4D 7C", "Carlo": "2S 3S 5C 6C", "Dino": "JH QC KC 2H"}  # no class
DRAWN = {"Aldo": ("3H", "KS"), "Bruno": ("5S", "7C"), "Carlo": ("JS", "2S"), "Dino": ("3C", "2H")}  # still none


def known(t: Table) -> None:
    for p, cards in KNOWN.items():
        t(Deal(to=p, cards=tuple(cards.split())))


def draw(t: Table, who: str) -> list[ev.Event]:
    new, old = DRAWN[who]
    return t(Exchange(player=who, cards=(new,), discard=(old,)))


def rules_kept(t: Table) -> None:
    """``potlog verify --rules`` over the whole log, in memory: nothing refused."""
    found, overrides, _ = verify_rules(t.log, "t")
    assert found == [] and overrides == []


def test_vying_after_the_deal_then_the_draw_among_those_still_in():
    t = game({"vie": "deal"})
    known(t)
    t.refused(Bet(player="Aldo", amount=1), "Primiera has no betting now (the vying comes after the deal's claims, before the draw)")
    nobody_claims(t)
    assert t.state.ext.phase == "vie" and t.to_act == "Aldo"          # "stake again at this stage": before the draw
    t.refused(Exchange(player="Aldo", count=1), "Aldo cannot draw now: the vying is under way")
    t(Bet(player="Aldo", amount=2))
    t(Call(player="Bruno"))
    t(Fold(player="Carlo"))
    t(Raise(player="Dino", amount=2))
    t(Call(player="Aldo"))
    out = t(Call(player="Bruno"))
    assert t.state.ext.phase == "draw" and t.to_act == "Aldo" and not awards(out)
    assert t.state.balance("pot") == 8 + 3 * 4 and stacks(t) == (24, 24, 28, 24)
    for p in ("Aldo", "Bruno", "Dino"):                               # Carlo folded: no draw, no claim
        draw(t, p)
    t.refused(Declare(player="Carlo", name="pass"), "it is Aldo's turn to claim or pass, not Carlo's")
    out = t.word("pass", "Aldo") + t.word("pass", "Bruno") + t.word("pass", "Dino")   # the showdown, no vying
    assert awards(out) == [("the pot: Aldo wins with point 48 in hearts (7H 4H AS 3H), over Bruno's point 34 in "
                            "diamonds (KD QD 4D 5S)", [("Aldo", 20)])]
    assert stacks(t) == (44, 24, 28, 24)
    rules_kept(t)


def test_vying_after_the_deal_and_after_the_draw_each_a_round_of_its_own():
    t = game({"vie": "deal,draw"})
    known(t)
    nobody_claims(t)
    t(Bet(player="Aldo", amount=3))
    for p in ("Bruno", "Carlo", "Dino"):
        t(Call(player=p))
    for p in NAMES:
        draw(t, p)
    t.word("pass", "Aldo")
    t.word("pass", "Bruno")
    t.word("pass", "Carlo")
    out = t.word("pass", "Dino")                                      # the second round starts by itself
    started = [e for e in out if isinstance(e, ev.RoundStarted)]
    assert len(started) == 1 and started[0].name == "vying after the draw"
    assert t.state.ext.phase == "vie" and t.to_act == "Aldo" and t.state.hand.current_bet == 0
    assert t.rules.legal(t.state)[0].verbs[:2] == ("check", "bet")    # the first round's bets are matched
    t(Check(player="Aldo"))
    t(Bet(player="Bruno", amount=5))
    t(Fold(player="Carlo"))
    t(Fold(player="Dino"))
    out = t(Call(player="Aldo"))                                    # potlog turns the known hands up and pays
    assert [e.holder for e in out if isinstance(e, ev.CardsRevealed)] == ["Aldo", "Bruno"]
    assert awards(out)[0][1] == [("Aldo", 8 + 4 * 3 + 2 * 5)]
    assert stacks(t) == (25 - 5 + 30, 20, 25, 25)
    rules_kept(t)


def test_all_but_one_folding_in_the_vying_after_the_deal_wins_the_pot_without_a_draw():
    t = game({"vie": "deal"})
    unseen(t)
    nobody_claims(t)
    t(Check(player="Aldo"))
    t(Bet(player="Bruno", amount=4))
    t(Fold(player="Carlo"))
    t(Fold(player="Dino"))
    out = t(Fold(player="Aldo"))
    assert awards(out) == [("Bruno is the last player in: everyone else folded", [("Bruno", 12)])]
    assert isinstance(out[-1], ev.HandEnded) and t.state.ext.draws == 0
    rules_kept(t)


def test_a_claim_after_the_draw_takes_what_was_vied_after_the_deal():
    t = game({"vie": "deal"})
    unseen(t)
    nobody_claims(t)
    t(Bet(player="Aldo", amount=2))
    for p in ("Bruno", "Carlo", "Dino"):
        t(Call(player=p))
    for p in NAMES:
        t(Exchange(player=p, count=1))
    t.word("pass", "Aldo")
    out = claim(t, "Bruno", "7C 6C AC 2H") + t.word("pass", "Carlo") + t.word("pass", "Dino")
    assert awards(out) == [("the pot: Bruno wins with fifty-five in clubs, 67 (7C 6C AC 2H)", [("Bruno", 16)])]
    rules_kept(t)


def test_vying_defaults_to_none_and_the_stages_are_checked():
    t = game()
    unseen(t)
    nobody_claims(t)
    assert t.state.ext.phase == "draw"                                # no vying after the deal by default
    with pytest.raises(InputError, match="option vie must be one of none, deal, draw, deal,draw, not showdown"):
        Table("primiera", options={"vie": "showdown"})
    t = game({"vying": True})                                         # the older spelling: after the draw only
    unseen(t)
    nobody_claims(t)
    assert t.state.ext.phase == "draw"
