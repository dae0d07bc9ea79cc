"""potlog settle: the fewest payments (proven by brute force on small tables), exact money."""

from __future__ import annotations

import json
import random
import time
from decimal import Decimal
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.errors import InputError, RuleViolation
from ledger.settle import EXACT_LIMIT, parse_rate, settle


def fewest_by_brute_force(values: tuple[int, ...]) -> int:
    """Parties minus the most zero-sum groups, by trying every group of the first party."""
    n = len(values)

    @lru_cache(maxsize=None)
    def groups(mask: int) -> int:
        if not mask:
            return 0
        low = mask & -mask
        rest = mask ^ low
        best = 0
        sub = rest
        while True:
            group = sub | low
            if sum(values[i] for i in range(n) if group >> i & 1) == 0:
                best = max(best, 1 + groups(mask ^ group))
            if not sub:
                break
            sub = (sub - 1) & rest
        return best

    return n - groups((1 << n) - 1)


def squares(nets: dict[str, int], result) -> bool:
    left = dict(nets)
    for p in result.payments:
        assert p.chips > 0 and p.payer != p.payee
        left[p.payer] += p.chips
        left[p.payee] -= p.chips
    return all(v == 0 for v in left.values())


def test_a_simple_night():
    result = settle({"Ann": -30, "Ben": 40, "Cy": -10})
    assert [(p.payer, p.payee, p.chips) for p in result.payments] == [("Ann", "Ben", 30), ("Cy", "Ben", 10)]
    assert result.exact and result.note == ""


def test_groups_beat_greedy():
    # largest debtor to largest creditor takes 5 payments here; {C, B, E} and {F, D, A} take 4
    from ledger.settle import _pay_off

    nets = {"A": 2, "B": -5, "C": 8, "D": -6, "E": -3, "F": 4}
    assert len(_pay_off(sorted(nets.items()))) == 5
    result = settle(nets)
    assert squares(nets, result)
    assert len(result.payments) == fewest_by_brute_force(tuple(nets.values())) == 4


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(-12, 12), min_size=1, max_size=9))
def test_exact_matches_brute_force(values):
    nets = {f"P{i}": v for i, v in enumerate(values)}
    nets["Last"] = -sum(values)
    result = settle(nets)
    assert result.exact and squares(nets, result)
    nonzero = tuple(v for v in nets.values() if v)
    assert len(result.payments) == (fewest_by_brute_force(nonzero) if nonzero else 0)


def test_twelve_players_exactly_and_fast():
    rng = random.Random(12)
    values = [rng.randint(-60, 60) * 5 for _ in range(11)]
    values.append(-sum(values))
    nets = {f"Player{i:02d}": v for i, v in enumerate(values)}
    started = time.perf_counter()
    result = settle(nets)
    assert time.perf_counter() - started < 2
    assert result.exact and squares(nets, result)
    assert len(result.payments) == fewest_by_brute_force(tuple(v for v in values if v))


def test_the_exact_limit_is_fast_enough():
    rng = random.Random(EXACT_LIMIT)
    values = [rng.randint(-999, 999) for _ in range(EXACT_LIMIT - 1)]
    values.append(-sum(values))
    started = time.perf_counter()
    result = settle({f"P{i:02d}": v for i, v in enumerate(values)})
    assert time.perf_counter() - started < 5
    assert result.exact


def test_beyond_the_limit_greedy_with_a_note():
    rng = random.Random(7)
    values = [rng.randint(-500, 500) for _ in range(29)]
    values.append(-sum(values))
    nets = {f"P{i:02d}": v for i, v in enumerate(values)}
    result = settle(nets)
    assert not result.exact and "greedily" in result.note
    assert squares(nets, result) and len(result.payments) <= len([v for v in values if v]) - 1


def test_money_is_exact_decimal():
    result = settle({"Ann": -3, "Ben": 3}, parse_rate("0.1"))
    assert result.payments[0].money == Decimal("0.3")  # 3 * 0.1 as a float is 0.30000000000000004
    assert str(settle({"A": -7, "B": 7}, parse_rate("0.25")).payments[0].money) == "1.75"


@pytest.mark.parametrize("bad", ["abc", "-1", "0", "NaN", "Infinity", "1e-20"])
def test_bad_rates_are_refused(bad):
    with pytest.raises(InputError):
        parse_rate(bad)


def test_results_that_do_not_add_up_are_refused():
    with pytest.raises(RuleViolation, match="do not add up to zero"):
        settle({"Ann": 10, "Ben": -5})


NIGHT = """
new freeform --name night -p Ann=100 -p Ben=100 -p Cy=50
hand
bet Ann 30
call Ben
fold Cy
award Ben
end
pay Cy house 10 --reason "table fee"
"""


def test_settle_a_session_from_the_shell(potlog, tmp_path):
    potlog.run_script(NIGHT, tmp_path)
    data = json.loads(potlog("settle", "--rate", "0.25", "--json").output)
    assert data["nets"] == {"Ann": -30, "Ben": 30, "Cy": -10, "house": 10}
    assert data["exact"] and data["transfers"] == 2
    assert {(p["from"], p["to"], p["chips"], p["money"]) for p in data["payments"]} == {
        ("Ann", "Ben", 30, "7.50"), ("Cy", "house", 10, "2.50")}
    text = potlog("settle", "--rate", "0.25").output
    assert "Ann pays Ben 30 chips = 7.50" in text and "the fewest possible" in text
    r = potlog("settle", "--rate", "lots", ok=False)
    assert r.exit_code == 1 and "--rate" in r.output


def test_settle_mid_hand_is_refused(potlog):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    potlog("bet", "Ann", "5")
    r = potlog("settle", ok=False)
    assert r.exit_code == 1 and "still in a pot" in r.output


def test_settle_all_sessions_together(potlog, tmp_path):
    potlog.run_script(NIGHT, tmp_path)
    potlog.run_script("new freeform --name two -p Ann=50 -p Ben=50\nhand\nbet Ben 30\ncall Ann\naward Ann\nend\n",
                      tmp_path)
    data = json.loads(potlog("settle", "--all", "--json").output)
    assert data["nets"] == {"Ann": 0, "Ben": 0, "Cy": -10, "house": 10}
    assert [(p["from"], p["to"], p["chips"]) for p in data["payments"]] == [("Cy", "house", 10)]
