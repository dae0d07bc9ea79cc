"""Issue 23, point 5: freeform's ``award`` pays a player only the pots he is in.

Cy all-in for 20, Ann and Ben 50 each: the main pot (60) is for all three, side pot 1 (60)
for Ann and Ben. Rules at the decider (`tests.table.Table`, every event also put to
``check_event`` as ``verify --rules`` does); one CLI test for the wording and exit codes.
"""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import AllIn, Award, Bet, Call, Deal, End, Fold, NewHand, Pay, Raise, Showdown
from ledger.errors import InputError, RuleViolation
from ledger.games import get_ruleset
from ledger.kit import pots
from tests.table import Table
from tests.test_verify import import_events

FREEFORM = get_ruleset("freeform")


def side_pot_hand() -> Table:
    """Ann deals; Cy all-in 20, Ann raises to 50, Ben calls: main 60 (all), side pot 1 60 (Ann, Ben)."""
    t = Table("freeform", verify=True, Ann=100, Ben=100, Cy=20)
    t(NewHand(dealer="Ann"))
    t(AllIn(player="Cy"))
    t(Raise(player="Ann", amount=30))
    t(Call(player="Ben"))
    assert t.state.balance("pot") == 120
    return t


def awarded(events: list[ev.Event]) -> list[tuple[str, int, str]]:
    return [(s.player, s.amount, e.reason) for e in events if isinstance(e, ev.PotAwarded) for s in e.shares]


def note(t: Table) -> str:
    return " ".join(item.note for item in FREEFORM.legal(t.state))


def test_the_all_in_player_takes_the_main_pot_only_and_the_side_pot_wants_a_winner():
    t = side_pot_hand()
    assert awarded(t(Award(player="Cy"))) == [("Cy", 60, "main pot")]
    assert t.state.balance("pot") == 60 and t.state.stack("Cy") == 60
    want = "side pot 1 (Ben, Ann: 60) wants a winner: award PLAYER --pot side-1"
    assert want in note(t)
    assert ("pots", "side pot 1 60 (Ben, Ann)") in FREEFORM.view(t.state)
    with pytest.raises(RuleViolation, match="side pot 1 .* wants a winner"):
        t(End())
    with pytest.raises(RuleViolation, match="Cy is in no pot with chips left; side pot 1"):
        t(Award(player="Cy"))
    assert awarded(t(Award(player="Ann", source="side-1"))) == [("Ann", 60, "side pot 1")]
    t(End())
    assert (t.state.stack("Ann"), t.state.stack("Ben"), t.state.stack("Cy")) == (110, 50, 60)


def test_an_award_beyond_the_pots_a_player_is_in_is_refused():
    t = side_pot_hand()
    with pytest.raises(RuleViolation, match=r"Cy is in main pot \(60 chips\), not 120; side pot 1 \(Ben, Ann: 60\)"):
        t(Award(shares=(("Cy", 120),)))
    with pytest.raises(RuleViolation, match="Cy is in main pot"):
        t(Award(player="Cy", amount=61))
    with pytest.raises(RuleViolation, match="Cy is not in side pot 1, which is for Ben, Ann"):
        t(Award(player="Cy", source="side-1"))
    with pytest.raises(RuleViolation, match="Cy is in main pot"):
        t(Pay(source="pot", to="Cy", amount=120))
    with pytest.raises(InputError, match="one of this hand's: main, side-1; not 'side-2'"):
        t(Award(player="Ann", source="side-2"))
    assert t.state.balance("pot") == 120  # nothing was recorded


def test_the_winner_of_everything_takes_every_pot_in_one_award():
    t = side_pot_hand()
    assert awarded(t(Award(player="Ann"))) == [("Ann", 120, "")]
    t(End())


def test_part_of_several_pots_must_name_the_pot():
    t = side_pot_hand()
    with pytest.raises(RuleViolation, match="Ann is in main pot and side pot 1: say which Ann takes, "
                                            "--pot main or --pot side-1"):
        t(Award(player="Ann", amount=60))
    assert awarded(t(Award(player="Ann", amount=60, source="side-1"))) == [("Ann", 60, "side pot 1")]
    assert "main pot (Ben, Cy, Ann: 60) wants a winner: award PLAYER --pot main" in note(t)
    assert awarded(t(Award(player="Cy"))) == [("Cy", 60, "main pot")]
    t(End())


def test_a_split_main_pot_leaves_the_side_pot_to_its_own_players():
    t = side_pot_hand()
    t(Award(shares=(("Ann", 30), ("Cy", 30)), source="main", reason="tie"))
    assert t.log[-1][1].reason == "main pot: tie"
    with pytest.raises(RuleViolation, match="Cy is in no pot with chips left"):
        t(Award(player="Cy", amount=1))
    assert awarded(t(Award(player="Ben"))) == [("Ben", 60, "side pot 1")]
    t(End())


def test_verify_rules_flags_an_award_beyond_eligibility_recorded_in_the_log():
    t = side_pot_hand()
    forged = ev.PotAwarded(shares=[ev.Share(player="Cy", amount=120)])
    with pytest.raises(RuleViolation, match="Cy is in main pot"):
        FREEFORM.check_event(t.state, forged)  # type: ignore[misc]
    FREEFORM.check_event(t.state, ev.PotAwarded(shares=[ev.Share(player="Cy", amount=60)], reason="main pot"))
    # a side pot's award, named by its reason, is checked against that pot
    with pytest.raises(RuleViolation, match="Cy is not in side pot 1"):
        FREEFORM.check_event(t.state, ev.PotAwarded(shares=[ev.Share(player="Cy", amount=60)],
                                                    reason="side pot 1"))


def test_showdown_after_an_award_ranks_the_hands_for_the_pots_left():
    t = side_pot_hand()
    t(Deal(to="Ann", cards=("AS", "AD"), face_up=True))
    t(Deal(to="Ben", cards=("KS", "KD"), face_up=True))
    t(Deal(to="Cy", cards=("2C", "7D"), face_up=True))
    t(Award(player="Cy", reason="the table ruled the main pot his"))
    events = t(Showdown(name="poker-high"))
    assert [(p, n) for p, n, _ in awarded(events)] == [("Ann", 60)]
    assert awarded(events)[0][2].startswith("side pot 1: Ann wins")
    assert isinstance(events[-1], ev.HandEnded)


def test_the_uncalled_bet_is_its_bettors_alone():
    t = Table("freeform", verify=True, Ann=100, Ben=100, Cy=20)
    t(NewHand(dealer="Ann"))
    t(AllIn(player="Cy"))
    t(Raise(player="Ann", amount=30))
    t(Fold(player="Ben"))
    with pytest.raises(RuleViolation, match="Cy is in the pot"):
        t(Award(player="Cy", amount=70))
    assert awarded(t(Award(player="Cy"))) == [("Cy", 40, "the pot")]
    assert awarded(t(Award(player="Ann", source="uncalled"))) == [("Ann", 30, "uncalled bet")]
    t(End())


def test_a_pot_only_one_player_put_chips_in_is_anyones_the_recorder_names():
    t = Table("freeform", verify=True, Ann=100, Ben=100)
    t(NewHand(dealer="Ann"))
    t(Bet(player="Ann", amount=10))
    assert awarded(t(Award(player="Ben"))) == [("Ben", 10, "")]  # a stake lost to the banker
    t(End())


def test_kit_unpaid_and_claim_keep_each_pot_apart():
    t = side_pot_hand()
    t(Award(player="Cy"))
    left = pots.unpaid(t.state, {"main": 60})
    assert [(x.name, x.amount) for x in left] == [("main pot", 0), ("side pot 1", 60)]
    assert pots.claim(left, [("Ben", 60)]) == {"side-1": 60}
    assert pots.named_in("side pot 1: Ann wins", left) == "side-1" and pots.named_in("side pot 1x", left) is None
    # lenient (a ruling, a re-fold): as near as it gets, never refused
    full = pots.unpaid(t.state, {}, held=120)  # as the pot was before Cy's award
    assert pots.claim(full, [("Cy", 100)], strict=False) == {"main": 60, "side-1": 40}


def test_cli_award_names_the_pot_and_refuses_in_one_line(potlog):
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Ben=100", "-p", "Cy=20")
    for line in (("hand",), ("allin", "Cy"), ("raise", "Ann", "30"), ("call", "Ben")):
        potlog(*line)
    assert "pot awarded: Cy 60 (main pot)" in potlog("award", "Cy").output
    r = potlog("award", "Ann", "--pot", "side-9", ok=False)
    assert r.exit_code == 1 and r.output.count("\n") == 1 and "main, side-1" in r.output
    r = potlog("end", ok=False)
    assert r.exit_code == 1 and r.output.count("\n") == 1 and "award PLAYER --pot side-1" in r.output
    assert "side pot 1 60 (Ben, Ann)" in potlog("state").output
    potlog("award", "Ann", "--pot", "side-1")
    potlog("end")
    assert "rules kept" in potlog("verify", "--rules").output


def test_verify_rules_reports_an_imported_award_beyond_eligibility(ledger, potlog):
    opened = [ev.SessionOpened(game="freeform", options={"dice_sides": 6, "pack": "french52"}),
              ev.PlayerJoined(player="Ann", buyin=100), ev.PlayerJoined(player="Ben", buyin=100),
              ev.PlayerJoined(player="Cy", buyin=20), ev.HandStarted(hand=1, dealer="Ann"),
              ev.AllIn(player="Cy", amount=20), ev.Raise(player="Ann", amount=50, by=30),
              ev.Call(player="Ben", amount=50)]
    import_events(ledger, "forged", opened + [ev.PotAwarded(shares=[ev.Share(player="Cy", amount=120)]),
                                              ev.HandEnded(hand=1)])
    assert potlog("audit", "-s", "forged").exit_code == 0  # the chips balance: only the rules say no
    r = potlog("verify", "--rules", "-s", "forged", ok=False)
    assert r.exit_code == 1 and "first broken at seq 9" in r.output and "Cy is in main pot" in r.output
