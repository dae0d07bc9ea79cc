"""A night of several games in one session: `potlog switch GAME` between hands, the kitty that
stands riding into the next game, and what is refused."""

from __future__ import annotations

import json

import pytest

from ledger import events as ev
from ledger.app import Ledger
from ledger.commands import NewHand, Pay, RollDice, Switch
from ledger.errors import InputError, PotlogError, RuleViolation
from ledger.verify import verify_rules


@pytest.fixture
def led(tmp_path):
    ledger = Ledger.open(str(tmp_path / "night.db"))
    yield ledger
    ledger.close()


def _tie_at_dropdead(led: Ledger) -> str:
    sid = led.new_session("dropdead", [("Ann", 20), ("Ben", 20)], options={"ante": 2}, name="n")
    led.execute(sid, NewHand())
    led.execute(sid, RollDice(player="Ben", faces=("2", "3")))
    led.execute(sid, RollDice(player="Ann", faces=("5", "3")))  # both drop dead with 0: the kitty stands
    return sid


def test_the_kitty_standing_rides_into_the_next_game(led):
    sid = _tie_at_dropdead(led)
    assert led.state(sid).balance("carry") == 4
    recorded = led.execute(sid, Switch(name="zambales", options={"ante": "1"}))
    assert [type(r.event) for r in recorded] == [ev.GameSwitched]
    state = led.state(sid)
    assert state.game == "zambales" and state.options == {"ante": 1, "ties": "roll-off"}
    led.execute(sid, NewHand())
    state = led.state(sid)
    assert state.balance("pot") == 6 and state.balance("carry") == 0 and state.hand.to_act == "Ann"
    led.execute(sid, RollDice(player="Ann", faces=("4", "4")))
    for _ in range(5):
        led.execute(sid, RollDice(player="Ben", faces=("3", "5")))
    state = led.state(sid)
    assert (state.stack("Ann"), state.stack("Ben"), state.balance("pot")) == (23, 17, 0)
    findings, _, _ = verify_rules(led.store.events(sid), sid)
    assert findings == []


def test_a_forged_switch_is_caught_by_verify_rules(led):
    sid = _tie_at_dropdead(led)
    led.execute(sid, Switch(name="zambales"))
    records = list(led.store.events(sid))
    seq, event = records[-1]
    forged = records[:-1] + [(seq, event.model_copy(update={"options": {"ante": 0, "ties": "stand"}}))]
    findings, _, _ = verify_rules(forged, sid)
    assert findings and findings[0].seq == seq


@pytest.mark.parametrize("command, message", [
    (Switch(), "say which game"),
    (Switch(name="poker9"), "poker9"),
    (Switch(name="dropdead", options={"ante": "2"}), "already playing Drop Dead"),
    (Switch(name="zambales", options={"ante": "0"}), "ante"),
    (Switch(name="zambales", options={"colour": "red"}), "colour"),
    (Switch(name="bouillotte"), "Bouillotte is played by 4 players, not 2"),
])
def test_refusals_name_what_is_wrong(led, command, message):
    sid = _tie_at_dropdead(led)
    before = led.store.last_seq(sid)
    with pytest.raises(PotlogError, match=message):
        led.execute(sid, command)
    assert led.store.last_seq(sid) == before


def test_no_switch_in_the_middle_of_a_hand_or_with_a_board_holding_chips(led):
    sid = led.new_session("dropdead", [("Ann", 20), ("Ben", 20)], name="m")
    led.execute(sid, NewHand())
    with pytest.raises(RuleViolation, match="hand 1 is still going"):
        led.execute(sid, Switch(name="pig"))
    sid = led.new_session("freeform", [("Ann", 20), ("Ben", 20)], name="f")
    led.execute(sid, Pay(source="Ann", to="pot:side", amount=3))
    with pytest.raises(RuleViolation, match="pot:side holds 3"):
        led.execute(sid, Switch(name="pig"))
    with pytest.raises(InputError):
        led.execute(sid, Switch(name=""))


def test_the_cli_word(potlog):
    potlog("new", "dropdead", "-p", "Ann=20", "-p", "Ben=20", "--name", "c")
    r = potlog("switch", "pig", "-o", "ante=2")
    assert "the table switches to pig" in r.output
    assert json.loads(potlog("state", "--json").output)["game"] == "pig"
    r = potlog("switch", "pig", "-o", "ante", ok=False)
    assert r.exit_code == 2 and "KEY=VALUE" in r.output


def test_a_night_of_two_games_exports_imports_and_verifies(led, tmp_path, potlog):
    sid = _tie_at_dropdead(led)
    led.execute(sid, Switch(name="zambales"))
    led.execute(sid, NewHand())
    out = tmp_path / "night.jsonl"
    out.write_text("".join(line + "\n" for line in led.export_lines(sid)))
    potlog("import", str(out))
    r = potlog("verify", "--rules", "--session", sid)
    assert "rules kept" in r.output, r.output
    text = potlog("export", "-f", "text", "--session", sid).output
    assert "zambales" in text
