"""War on the ordered card zones (issue 24, deliverable 5): the top card enforced, battles
taken under the stack, wars with a face-down card, the tarot's atouts, the end of the game."""

from __future__ import annotations

import pytest

from ledger.core import zones
from ledger.commands import Join, NewHand, Turn
from ledger.errors import RuleViolation
from ledger.games.war import taker
from tests.table import Table


def war(**options: object) -> Table:
    t = Table("war", options=dict(options), verify=True, Ann=10, Ben=10)
    t(NewHand())
    return t


def turn(t: Table, player: str, card: str | None = None) -> None:
    t(Turn(player=player, cards=(card,) if card else ()))


def stack(t: Table, player: str) -> list[str]:
    return [h.card for h in zones.cards(t.state, f"stack:{player}")]


def test_the_deal_and_the_stakes() -> None:
    t = war(stake=2)
    assert len(stack(t, "Ann")) == len(stack(t, "Ben")) == 26 and set(stack(t, "Ann")) == {"??"}
    assert t.state.balance("pot") == 4
    assert len(zones.cards(war(pack="tarot78").state, "stack:Ben")) == 39


def test_the_higher_card_of_another_suit_takes_both_under_its_stack() -> None:
    t = war()
    turn(t, "Ann", "7H")
    with pytest.raises(RuleViolation, match="Ann has turned 7H"):
        turn(t, "Ann", "9H")
    turn(t, "Ben", "KD")
    assert len(stack(t, "Ben")) == 27 and stack(t, "Ben")[:2] == ["7H", "KD"]  # under: the other's, then his own
    assert not any(h.up for h in zones.cards(t.state, "stack:Ben"))
    assert zones.cards(t.state, "battle:Ann") == [] and len(stack(t, "Ann")) == 25


RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def test_the_top_card_is_enforced_once_it_is_known_and_the_game_ends_with_all_the_cards() -> None:
    """Ann wins 24 battles and loses 2: her own 26 cards turned, her stack is the cards she won,
    known and in order, and its top is what she took in the first battle."""
    t = war()
    battles = [(r + s, lower + o) for s, o in (("H", "C"), ("D", "S")) for r, lower in zip(RANKS[1:], RANKS)]
    battles += [("2H", "AC"), ("2D", "AS")]
    for mine, theirs in battles:
        turn(t, "Ann", mine)
        turn(t, "Ben", theirs)
    assert len(stack(t, "Ann")) == 48 and "??" not in stack(t, "Ann") and stack(t, "Ann")[-1] == "3H"
    with pytest.raises(RuleViolation, match="the top card of Ann's stack is 3H, not 5H"):
        turn(t, "Ann", "5H")
    for _ in range(2000):  # every card known now: each turns their top card, named by potlog
        if t.state.hand is None or t.state.hand.ended:
            break
        for p in ("Ann", "Ben"):
            if t.state.hand is not None and not t.state.hand.ended:
                turn(t, p)
    assert t.state.hand is not None and t.state.hand.ended
    assert sorted([t.state.stack("Ann"), t.state.stack("Ben")]) == [9, 11]  # the winner took both stakes


def test_the_same_suit_is_a_war_with_a_face_down_card_each() -> None:
    t = war()
    turn(t, "Ann", "7H")
    turn(t, "Ben", "9H")                       # same suit: each puts a card face down by itself
    assert [h.up for h in zones.cards(t.state, "battle:Ann")] == [True, False]
    turn(t, "Ann", "QS")
    turn(t, "Ben", "3C")                       # Ann takes all six
    assert len(stack(t, "Ann")) == 26 - 3 + 6 and zones.cards(t.state, "battle:Ben") == []


def test_a_face_up_card_must_be_named_and_only_two_play() -> None:
    t = war()
    with pytest.raises(RuleViolation, match="name it"):
        turn(t, "Ann")
    t2 = Table("war", Ann=10, Ben=10)
    with pytest.raises(RuleViolation):
        t2(Join(player="Cy", amount=10))


@pytest.mark.parametrize("a,b,want", [("7H", "KD", 1), ("AS", "2C", 0), ("7H", "9H", None), ("7H", "7S", None),
                                      ("T5", "KD", None), ("KD", "EX", None)])
def test_who_takes_a_battle(a: str, b: str, want: int | None) -> None:
    assert taker(a, b, "tarot78" if a.startswith("T") or b == "EX" else "french52") == want


def test_the_log_verifies_and_state_draws() -> None:
    t = war()
    turn(t, "Ann", "7H")
    turn(t, "Ben", "9H")
    turn(t, "Ann", "QS")
    turn(t, "Ben", "3C")                       # Table(verify=True) re-checks every event as it goes
    from ledger.games import get_ruleset

    rules = get_ruleset("war")
    assert [x.player for x in rules.legal(t.state)] == ["Ann", "Ben"]
    assert rules.view(t.state)[0][1].startswith("29 in the stack")
