"""Meier at the decider: the ranking as the text gives it, announcements that must rise,
believe or doubt, lives lost, the kitty to the last player with lives."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.errors import InputError
from ledger.games.meier import parse_claim
from ledger.kit.evaluators.dice import MEIER_ORDER, rank_meier
from tests.table import Table

TEXT = "32, 32, 41, 42, 43, 51, 52, 53, 54, 61, 62, 63, 64, 65, 11, 22, 33, 44, 55, 66, 21"


def test_the_evaluator_ranks_as_the_text_lowest_first_its_first_32_read_as_31():
    listed = [int(v) for v in TEXT.split(", ")]
    assert list(MEIER_ORDER) == [31] + listed[1:]
    keys = [rank_meier([str(v // 10), str(v % 10)]).key for v in MEIER_ORDER]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert rank_meier(["1", "2"]).label == "Meier (21)" and rank_meier(["5", "6"]).label == "65"
    assert rank_meier(["3", "3"]).key > rank_meier(["6", "5"]).key    # any double beats 65


@pytest.mark.parametrize("said,value", [("65", 65), ("22", 22), ("21", 21), ("meier", 21), ("Meier", 21)])
def test_announcements_name_a_roll_high_die_first(said, value):
    assert parse_claim(said) == value


@pytest.mark.parametrize("said,error", [("56", "say the high die first: 65, not 56"),
                                        ("12", "say the high die first: 21"), ("77", "not a Meier roll"),
                                        ("7", "not a Meier roll")])
def test_other_announcements_are_refused(said, error):
    with pytest.raises(InputError, match=error):
        parse_claim(said)


def game(lives: int = 3, **players: int) -> Table:
    t = Table("meier", options={"ante": 2, "lives": lives}, verify=True,
              **(players or {"Ann": 20, "Ben": 20, "Cy": 20}))
    t(NewHand())                                   # Ann deals: Ben rolls first
    return t


def roll(t: Table, who: str, faces: str = "") -> None:
    t(CupDice(player=who, faces=tuple(faces.split()))) if faces else t(CupDice(player=who, count=2))


def claim(t: Table, who: str, value: str) -> list[ev.Event]:
    return t.word("claim", who, value)


def lives(t: Table) -> dict[str, str]:
    return {k: v for k, v in t.rules.view(t.state) if k in ("Ann", "Ben", "Cy")}


def test_the_dealers_left_rolls_first_and_each_move_waits_its_turn():
    t = game()
    assert t.state.balance("pot") == 6 and t.to_act == "Ben"
    t.refused(CupDice(player="Cy", count=2), "Ben starts this round: the dealer's left rolls first in the first round, not Cy")
    t.refused(Claim(player="Ben", value="65"), "Ben rolls first")
    t.refused(CupDice(player="Ben", count=3), "Meier is rolled with two dice")
    roll(t, "Ben")
    t.refused(CupDice(player="Ben", count=2), "Ben has rolled: now announce")
    claim(t, "Ben", "65")
    assert t.to_act == "Cy" and t.rules.legal(t.state)[0].verbs == ("cup", "doubt")
    t.refused(Doubt(player="Ann"), "Cy answers Ben's 65, not Ann: only the next player believes or doubts")
    t.refused(Concede(player="Cy"), "only Meier is conceded")
    roll(t, "Cy")                               # Cy believes and rolls again
    t.refused(Claim(player="Cy", value="64"), "Cy's announcement must beat Ben's 65: announce a higher roll")
    claim(t, "Cy", "11")
    assert t.to_act == "Ann"


@pytest.mark.parametrize("shown,loser", [("4 3", "Cy"), ("5 2", "Ann"), ("6 6", "Ann")])
def test_a_doubted_roll_lower_than_announced_costs_the_announcer_else_the_doubter(shown, loser):
    t = game()
    roll(t, "Ben")
    claim(t, "Ben", "43")
    roll(t, "Cy", shown)                        # the recorder saw Cy's dice
    claim(t, "Cy", "52")
    out = t.word("doubt", "Ann")
    assert ev.DiceShown(player="Cy", faces=[int(f) for f in shown.split()]) in out
    assert [e for e in out if isinstance(e, ev.Declared) and e.name == "lives-left"] == [
        ev.Declared(player=loser, name="lives-left", value=2)]
    assert lives(t)[loser] == "2 lives" and t.to_act == "Ann"     # the doubter starts the new round


def test_an_unseen_cup_is_named_when_it_is_lifted():
    t = game()
    roll(t, "Ben")
    claim(t, "Ben", "66")
    out = t.word("doubt", "Cy")
    assert [e.type for e in out] == ["declared"] and t.rules.legal(t.state)[0].verbs == ("lift",)
    t.refused(Lift(player="Cy", faces=("6", "6")), "Ben's cup is the one lifted, not Cy's")
    t.refused(CupDice(player="Cy", count=2), "Cy doubted Ben: lift the cup")
    out = t(Lift(player="Ben", faces=("3", "1")))
    assert ev.Note(text="Ben announced double 6s (66) and rolled 31: Ben loses a life") in out


def test_meier_cannot_be_beaten_conceded_or_doubted():
    t = game()
    roll(t, "Ben", "2 1")
    claim(t, "Ben", "meier")
    t.refused(CupDice(player="Cy", count=2), "nothing beats Meier")
    t.word("concede", "Cy")                     # not looking costs one life
    assert lives(t)["Cy"] == "2 lives" and t.to_act == "Cy"
    roll(t, "Cy", "2 1")
    claim(t, "Cy", "21")
    t.word("doubt", "Ann")                      # it is Meier: the doubter loses two
    assert lives(t)["Ann"] == "1 life" and t.to_act == "Ann"
    roll(t, "Ann", "3 2")
    claim(t, "Ann", "21")
    t.word("doubt", "Ben")                      # it is not: the announcer loses two, and is out
    assert lives(t)["Ann"] == "out" and t.to_act == "Ben"
    t.refused(CupDice(player="Ann", count=2), "Ann has lost every life and is out of this game")


def test_the_last_player_with_lives_takes_the_kitty():
    t = game(lives=1)
    roll(t, "Ben", "4 1")
    claim(t, "Ben", "41")
    t.word("doubt", "Cy")                       # true: Cy is out, and Cy would start: Ann does
    assert t.to_act == "Ann"
    roll(t, "Ann", "6 1")
    claim(t, "Ann", "65")
    out = t.word("doubt", "Ben")
    assert ev.PotAwarded(shares=[ev.Share(player="Ben", amount=6)], reason="Ben is the last player with lives") in out
    assert isinstance(out[-1], ev.HandEnded) and (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (18, 24, 18)
    t.refused(Claim(player="Ben", value="65"), "the game is over: Ben won")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from ledger.commands import Claim, Concede, CupDice, Doubt, Lift, NewHand


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(MEIER_ORDER), st.integers(1, 6), st.integers(1, 6))
def test_a_doubt_is_settled_by_the_ranking(claimed, a, b):
    t = game()
    roll(t, "Ben", f"{a} {b}")
    claim(t, "Ben", str(claimed))
    out = t.word("doubt", "Cy")
    lost = next(e for e in out if isinstance(e, ev.Declared) and e.name == "lives-left")
    rolled, said = rank_meier([a, b]).key, MEIER_ORDER.index(claimed)
    loser = "Cy" if rolled[0] >= said else "Ben"
    assert lost.player == loser and lost.value == (1 if claimed == 21 else 2)


def test_the_game_in_progress_survives_a_snapshot():
    from ledger.snapshots import from_plain, same
    from ledger.state import to_plain

    t = game()
    roll(t, "Ben", "6 5")
    claim(t, "Ben", "65")
    roll(t, "Cy")
    assert same(from_plain(to_plain(t.state)), t.state)


def test_the_sample_night_runs_and_keeps_the_rules(potlog):
    from tests.conftest import SAMPLES

    potlog("run", "-q", str(SAMPLES / "meier-night.potlog"))
    assert "rules kept" in potlog("verify", "--rules").output
    assert "reconciles" in potlog("audit").output


def test_a_doubt_waits_while_the_announcers_roll_is_voided_and_the_announcement_stands(tmp_path):
    """Voiding a roll under a standing announcement leaves nothing to lift: the doubt is refused
    in one line (the table corrects newest first), not a crash."""
    from ledger.app import Ledger
    from ledger.commands import CupDice, Doubt, NewHand, Void
    from ledger.errors import RuleViolation

    led = Ledger.open(str(tmp_path / "m.db"))
    try:
        sid = led.new_session("meier", [("Ann", 20), ("Ben", 20)])
        for cmd in (NewHand(), CupDice(player="Ben", count=2),
                    _claim_command("Ben", "44")):
            led.execute(sid, cmd)
        cup = led.execute(sid, CupDice(player="Ann", faces=("6", "1")))[0].seq
        led.execute(sid, _claim_command("Ann", "55"))
        led.execute(sid, Void(target=cup, reason="the recorder misread the dice"))
        seq = led.state(sid).seq
        with pytest.raises(RuleViolation, match="Ann's roll was voided, but what was said after it stands"):
            led.execute(sid, Doubt(player="Ben"))
        assert led.state(sid).seq == seq
    finally:
        led.close()


def _claim_command(who: str, value: str):
    from cli.words import parse
    from ledger.games import get_ruleset

    rules = get_ruleset("meier")
    word = rules.word("claim")
    assert word is not None and word.command is not None
    return word.command(parse(rules, word, [who, value]))
