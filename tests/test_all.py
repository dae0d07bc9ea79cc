"""Speed at the table (issue 11, item 3): 'all' once per player in turn order, decided in
sequence and recorded as one act or not at all; names in any case; a count that differs
from the ledger is said at once."""

from __future__ import annotations

import json

import pytest

from ledger.app import Ledger, count_difference
from ledger.commands import Ante, Bet, Check, Command as C, Deal, Fold, NewHand, Round
from ledger.errors import InputError, RuleViolation


@pytest.fixture(autouse=True)
def _own_key(tmp_path, monkeypatch):
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "seal.key"))


def table(led: Ledger, *cmds: C) -> str:
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100), ("Cy", 60)], name="t")
    for cmd in cmds:
        led.execute(sid, cmd)
    return sid


def test_deal_all_deals_each_player_in_turn_from_the_dealers_left(ledger):
    sid = table(ledger, NewHand(dealer="Ben"))
    out = ledger.execute(sid, Deal(to="all", count=2))
    assert [(r.event.to, len(r.event.cards)) for r in out] == [("Cy", 2), ("Ann", 2), ("Ben", 2)]  # type: ignore[attr-defined]
    assert len({r.recorded_at for r in out}) == 1  # one act


def test_ante_all_and_the_first_refusal_records_nothing(ledger):
    sid = table(ledger, NewHand())
    out = ledger.execute(sid, Ante(player="ALL", amount=2))
    assert [r.event.player for r in out] == ["Ben", "Cy", "Ann"]  # type: ignore[attr-defined]
    head = ledger.store.last_seq(sid)
    with pytest.raises(RuleViolation, match="ante all stops at Cy") as refused:
        ledger.execute(sid, Ante(player="all", amount=70))  # Cy has 58 left
    assert "nothing was recorded" in str(refused.value)
    assert ledger.store.last_seq(sid) == head


def test_check_all_checks_around_from_whoever_acts(ledger):
    sid = table(ledger, NewHand(), Round())
    out = ledger.execute(sid, Check(player="all"))
    assert [r.event.type for r in out] == ["check"] * 3
    head = ledger.store.last_seq(sid)
    ledger.execute(sid, Bet(player="Ann", amount=5))
    with pytest.raises(RuleViolation, match="check all stops at"):
        ledger.execute(sid, Check(player="all"))
    assert ledger.store.last_seq(sid) == head + 1


def test_all_where_it_means_nothing_is_refused(ledger):
    sid = table(ledger, NewHand())
    with pytest.raises(InputError, match="'all' works with deal, ante, check, call"):
        ledger.execute(sid, Fold(player="all"))


def test_a_game_that_reads_deal_all_itself_keeps_its_meaning(potlog, tmp_path):
    potlog.run_script("new bouillotte --name b -p Ann=30 -p Ben=30 -p Cy=30 -p Dee=30 -o ante=1\nhand\ndeal all\n",
                      tmp_path)
    dealt = [e["event"] for e in json.loads(potlog("log", "--json").output) if e["event"]["type"] == "cards_dealt"]
    assert len(dealt) == 4 and all(len(e["cards"]) == 3 for e in dealt)


def test_count_says_at_once_when_the_ledger_differs(ledger, potlog):
    sid = table(ledger, NewHand(), Ante(player="Cy", amount=5))
    st = ledger.state(sid)
    assert count_difference(st, "cy", 55) is None
    assert count_difference(st, "Cy", 50) == ("Cy counted 50 but the ledger says 55: 5 chips fewer on the table "
                                              "(recorded; 'potlog audit' lists it)")
    r = potlog("count", "cy", "50")
    assert "ledger says 55" in r.stderr and r.exit_code == 0
    r = potlog("count", "Cy", "55")
    assert "ledger says" not in r.output


def test_all_on_the_command_line(potlog):
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Ben=100")
    potlog("hand")
    r = potlog("deal", "all", "-n", "2")
    assert "Ben is dealt ?? ??" in r.output and "Ann is dealt ?? ??" in r.output
    r = potlog("ante", "all", "1")
    assert r.output.count("antes 1") == 2
    potlog("round")
    r = potlog("check", "ALL")
    assert r.output.count("checks") == 2
    r = potlog("ante", "all", "500", ok=False)
    assert r.exit_code == 1 and "ante all stops at" in r.output
