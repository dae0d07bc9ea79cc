"""potlog settle: the session's unit, plurals, money to the cent (Decimal), and --all refusing
sessions that do not add up or that count different units (issue 11 item 6)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from ledger.errors import InputError, RuleViolation
from ledger.settle import SessionNets, combine, parse_rate, settle
from ledger.units import amount, cents, plural, to_cents, unit_for


@pytest.mark.parametrize("n, unit, text", [
    (1, "token", "1 token"), (5, "token", "5 tokens"), (0, "chip", "0 chips"), (-1, "chip", "-1 chip"),
    (2, "penny", "2 pennies"), (2, "box", "2 boxes"), (2, "key", "2 keys"), (3, "", "3 chips"),
])
def test_amount_plurals(n, unit, text):
    assert amount(n, unit) == text


def test_plural_and_unit_for():
    assert plural("match") == "matches" and plural("bean") == "beans"
    assert unit_for(1, "bean") == "bean" and unit_for(2, "bean") == "beans"


def test_money_has_two_decimals_and_no_float():
    assert cents(Decimal("7.5")) == "7.50"
    assert cents(Decimal("3")) == "3.00"
    assert cents(Decimal("0.125")) == "0.13"  # half up, to the cent
    assert cents(Decimal("1E+3")) == "1000.00"  # never exponent notation
    big = Decimal("123456789012345678901234.5")
    assert cents(big) == "123456789012345678901234.50"
    assert isinstance(to_cents(Decimal("0.1") * 3), Decimal)


def test_settle_money_is_to_the_cent():
    r = settle({"Ann": -3, "Ben": 3}, parse_rate("0.1"))
    assert r.payments[0].money == Decimal("0.30")
    assert r.to_data()["payments"] == [{"from": "Ann", "to": "Ben", "chips": 3, "money": "0.30"}]
    assert r.note == ""  # exact: nothing rounded
    r = settle({"Ann": -3, "Ben": 3}, parse_rate("2"))
    assert r.to_data()["payments"][0]["money"] == "6.00"


def test_rounding_is_said():
    r = settle({"Ann": -1, "Ben": 1}, parse_rate("0.125"), unit="token")
    assert r.payments[0].money == Decimal("0.13")
    assert "rounded to the cent" in r.note and "per token" in r.note


def test_a_session_that_does_not_add_up_is_named():
    good = SessionNets("night", {"Ann": -5, "Ben": 5})
    bad = SessionNets("late", {"Ann": 10, "Ben": -5}, "token")
    with pytest.raises(RuleViolation, match=r"session late: .*\(\+5 tokens\).*still in a pot"):
        combine([good, bad])


def test_units_are_not_mixed():
    a = SessionNets("night", {"Ann": -5, "Ben": 5})
    b = SessionNets("poker", {"Ann": 2, "Ben": -2}, "token")
    with pytest.raises(InputError, match=r"under one --rate \(chip: night; token: poker\)"):
        combine([a, b], Decimal("0.25"))
    with pytest.raises(InputError, match="different units"):
        combine([a, b])
    nets, unit = combine([b, SessionNets("more", {"Ann": -1, "Cy": 1}, "token")], Decimal("1"))
    assert unit == "token" and nets == {"Ann": 1, "Ben": -2, "Cy": 1}


TOKENS = """
new freeform --name tok --unit token -p Ann=100 -p Ben=100 -p Cy=50
hand
bet Ann 5
call Ben
fold Cy
award Ben
end
pay Cy house 1 --reason "table fee"
"""


def test_settle_prints_the_unit_and_money(potlog, tmp_path):
    potlog.run_script(TOKENS, tmp_path)
    text = potlog("settle", "--rate", "0.1").output
    assert "Ann pays Ben 5 tokens = 0.50" in text
    assert "Cy pays house 1 token = 0.10" in text
    assert "2 payments at 0.1 per token: the fewest possible" in text
    assert "chips" not in text
    data = json.loads(potlog("settle", "--rate", "0.1", "--json").output)
    assert sorted(p["money"] for p in data["payments"]) == ["0.10", "0.50"]


def test_settle_all_refuses_mixed_units(potlog, tmp_path):
    potlog.run_script(TOKENS, tmp_path)
    potlog.run_script("new freeform --name night -p Ann=50 -p Ben=50\nhand\nbet Ben 30\ncall Ann\naward Ann\nend\n",
                      tmp_path)
    r = potlog("settle", "--all", "--rate", "0.25", ok=False)
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    assert "under one --rate" in r.output and "chip: night" in r.output and "token: tok" in r.output
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1


def test_settle_all_names_the_session_that_does_not_add_up(potlog, tmp_path):
    potlog.run_script("new freeform --name done -p Ann=50 -p Ben=50\nhand\nbet Ben 30\ncall Ann\naward Ann\nend\n",
                      tmp_path)
    potlog.run_script("new freeform --name open -p Ann=10 -p Ben=10\nhand\nbet Ann 5\n", tmp_path)
    r = potlog("settle", "--all", ok=False)
    assert r.exit_code == 1 and "session open:" in r.output and "still in a pot" in r.output
    assert "session done" not in r.output


def test_the_unit_is_plural_right_in_state_the_text_export_and_the_count_warning(potlog):
    potlog("new", "freeform", "-p", "Ann=1", "-p", "Ben=5", "--unit", "penny", "--name", "u")
    assert "at the table 6 pennies" in potlog("state").output
    r = potlog("count", "Ann", "2")
    assert "1 penny more" in r.output + r.stderr
    potlog("hand")
    potlog("end")
    text = potlog("export", "-f", "text").output
    assert "in pennies" in text and "pennys" not in text, text
