"""Issue 23, point 6: seats and options checked at ``potlog new`` (and at ``join`` and
``switch``): every game declares its seat range, the options its relations.

Rules at the declaration (`Ruleset.check_seats`, `validate_options`) and in a ledger in a
temporary database; one CLI test for the one line, the exit code and nothing recorded.
"""

from __future__ import annotations

import pytest

from ledger.app import Ledger
from ledger.commands import Join, Leave, Switch
from ledger.errors import InputError, RuleViolation
from ledger.games import all_rulesets, get_ruleset
from ledger.core.options import validate_options


@pytest.fixture
def led(tmp_path):
    ledger = Ledger.open(str(tmp_path / "p.db"))
    yield ledger
    ledger.close()


def seated(n: int) -> list[tuple[str, int]]:
    return [(f"P{i}", 30) for i in range(n)]  # (a Bouillotte cave)


# ----------------------------------------------------------------------------- seats

@pytest.mark.parametrize("game, options, players, says", [
    ("bouillotte", {}, 7, "Bouillotte is played by 4 players, not 7"),
    ("bouillotte", {}, 3, "Bouillotte is played by 4 players, not 3"),
    ("bluecher", {}, 2, "Blücher (Forwards) is played by 3 to 10 players, not 2"),
    ("bluecher", {}, 11, "Blücher (Forwards) is played by 3 to 10 players, not 11"),
    ("bluecher", {"pack": "spanish"}, 10, "Blücher (Forwards) with the spanish40 pack is played by 3 to 9 players, "
                                          "not 10"),
    ("poch", {}, 5, "Poch (Pochen, Glic) with the french32 pack is played by 2 to 4 players, not 5"),
    ("poch", {"pack": "french52"}, 4, "with the french52 pack is played by 5 to 8 players, not 4"),
    ("bluffjack", {}, 1, "Bluffjack is played by 2 or more players, not 1"),
    ("goingtoboston", {}, 2, "Going to Boston is played by 3 or more players, not 2"),
    ("holdem", {}, 11, "is played by 2 to 10 players, not 11"),
    ("liarsdice", {}, 1, "Liar's Dice is played by 2 or more players, not 1"),
])
def test_new_refuses_a_table_outside_the_games_seats(led, game, options, players, says):
    with pytest.raises(RuleViolation) as err:
        led.new_session(game, seated(players), options=options, name="t")
    assert says in str(err.value)
    assert not led.store.exists("t")


@pytest.mark.parametrize("game, options, players", [
    ("bouillotte", {}, 4), ("bluecher", {}, 10), ("bluecher", {"pack": "spanish"}, 9), ("poch", {}, 4),
    ("poch", {"pack": "french52"}, 5), ("bluffjack", {}, 2), ("freeform", {}, 1)])
def test_new_seats_a_table_inside_them(led, game, options, players):
    led.new_session(game, seated(players), options=options, name="t")
    assert len(led.state("t").active_seats) == players


def test_every_game_declares_a_seat_range_its_defaults_open(led):
    for rules in all_rulesets():
        low, high, _ = rules.seat_range(validate_options(rules.options, {}, rules.name))
        assert 1 <= rules.min_players <= low <= high <= rules.max_players, rules.name
        led.new_session(rules.name, seated(low), name=f"at-least-{rules.name}")
        with pytest.raises(RuleViolation, match="is played by"):
            led.new_session(rules.name, seated(high + 1), name=f"beyond-{rules.name}")


def test_a_join_beyond_the_most_is_refused(led):
    led.new_session("bouillotte", seated(4), name="b")
    with pytest.raises(RuleViolation, match="the table is full: Bouillotte is played by 4 players, and 4 are seated"):
        led.execute("b", Join(player="Eve", amount=30))
    led.new_session("bluecher", seated(9), options={"pack": "spanish48"}, name="s")
    with pytest.raises(RuleViolation, match="with the spanish48 pack is played by 3 to 9 players"):
        led.execute("s", Join(player="Ten", amount=30))
    led.execute("s", Leave(player="P0"))
    led.execute("s", Join(player="Ten", amount=30))  # a seat came free
    assert len(led.state("s").active_seats) == 9


def test_a_switch_to_options_that_seat_fewer_is_refused(led):
    led.new_session("freeform", seated(10), name="f")
    with pytest.raises(RuleViolation, match="with the spanish40 pack is played by 3 to 9 players, not 10"):
        led.execute("f", Switch(name="bluecher", options={"pack": "spanish"}))
    led.execute("f", Switch(name="bluecher"))
    assert led.state("f").game == "bluecher"


def test_poch_grows_by_switching_to_the_big_pack_then_seating_the_fifth(led):
    led.new_session("poch", seated(4), name="p")
    with pytest.raises(RuleViolation, match="french32 pack is played by 2 to 4 players"):
        led.execute("p", Join(player="Eve", amount=40))
    led.execute("p", Switch(name="poch", options={"pack": "french52"}))
    led.execute("p", Join(player="Eve", amount=40))
    assert len(led.state("p").active_seats) == 5


# ----------------------------------------------------------------------------- options

@pytest.mark.parametrize("game, options, says", [
    ("holdem", {"small_blind": "5", "big_blind": "2"}, "the small blind (5) must be at most the big blind (2)"),
    ("holdem", {"straddle": "2"}, "a straddle (2) must be more than the big blind (2)"),
    ("omaha", {"small_blind": "3"}, "the small blind (3) must be at most the big blind (2)"),
    ("omaha", {"straddle": "1"}, "a straddle (1) must be more than the big blind (2)"),
    ("omaha", {"structure": "fixed-limit", "small_bet": "10", "big_bet": "5"},
     "the small bet (10) must be at most the big bet (5)"),
    ("badugi", {"small_blind": "3", "big_blind": "2"}, "the small blind (3) must be at most the big blind (2)"),
    ("badugi", {"big_blind": "10", "big_bet": "5"}, "the small bet (10) must be at most the big bet (5)"),
    ("deucetoseven", {"small_bet": "6", "big_bet": "4"}, "the small bet (6) must be at most the big bet (4)"),
    ("fivecarddraw", {"small_blind": "2", "big_blind": "1"}, "the small blind (2) must be at most the big blind (1)"),
    ("fivecarddraw", {"small_bet": "8"}, "the small bet (8) must be at most the big bet (4)"),
    ("primiera", {"min_bet": "3", "limit": "2"}, "the limit (2) must be at least the smallest bet, min_bet (3)"),
    ("primero", {"min_bet": "3", "limit": "2"}, "the limit (2) must be at least the smallest bet, min_bet (3)"),
    ("straightpoker", {"min_bet": "3", "limit": "2"}, "the limit (2) must be at least the smallest bet, min_bet (3)"),
    ("bouillotte", {"ante": "31"}, "the ante (31) must be at most the cave (30)"),
    ("dixmille", {"target": "500", "opening": "600"}, "the opening score (600) must be at most the target (500)"),
])
def test_options_that_contradict_each_other_are_refused_in_one_line(game, options, says):
    with pytest.raises(InputError) as err:
        validate_options(get_ruleset(game).options, options, game)
    assert str(err.value).startswith(f"options: {says}")


@pytest.mark.parametrize("game, options", [
    ("holdem", {"small_blind": "2", "big_blind": "2", "straddle": "4"}),
    ("badugi", {"small_blind": "1", "big_blind": "0"}),  # a small blind alone
    ("omaha", {"structure": "fixed-limit", "small_bet": "2", "big_bet": "2"}),
    ("fivecarddraw", {"small_blind": "1", "big_blind": "0"}),
    ("primiera", {"min_bet": "3", "limit": "0"}),  # 0: no limit
    ("straightpoker", {"min_bet": "3", "limit": "3"}),
    ("bouillotte", {"ante": "30"}),
    ("dixmille", {"target": "500", "opening": "500"}),
])
def test_options_at_the_edge_of_a_relation_are_accepted(game, options):
    validate_options(get_ruleset(game).options, options, game)


def test_cli_new_refuses_in_one_line_and_records_nothing(potlog):
    r = potlog("new", "bouillotte", *[x for i in range(7) for x in ("-p", f"P{i}=30")], ok=False)
    assert r.exit_code == 1 and r.output == "potlog: Bouillotte is played by 4 players, not 7\n"
    r = potlog("new", "holdem", "-p", "Ann=100", "-p", "Ben=100", "-o", "small_blind=5", "-o", "big_blind=2", ok=False)
    assert r.exit_code == 1 and r.output == "potlog: options: the small blind (5) must be at most the big blind (2)\n"
    r = potlog("state", ok=False)
    assert r.exit_code == 1 and "no current session" in r.output  # neither was opened
