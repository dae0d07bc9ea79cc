"""A game's own state and options (ledger.kit.own) and the hands as its rules read them, at
the kit's level on a freeform table."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from pydantic import BaseModel, ConfigDict

from ledger import events as ev
from ledger.errors import RuleViolation
from ledger.kit import own
from ledger.kit.evaluators import Ranked
from tests.test_kit_pots import play, table


@dataclass(slots=True)
class Mine:
    phase: str = "idle"
    order: list[str] = field(default_factory=list)


class Opts(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ante: int = 1


OWN = own.Own(Mine, Opts)


def high(cards: list[str]) -> Ranked:
    """A toy rank: the number of aces held."""
    return Ranked((sum(c.startswith("A") for c in cards),), "aces")


def test_the_games_state_is_made_once_rebuilt_from_plain_data_and_read_in_its_phases():
    state = table({"Ann": 10, "Ben": 10})
    assert OWN.initial(state) == Mine() and OWN.initial(state) is not OWN.initial(state)
    state.ext = None
    x = OWN.x(state)
    assert x == Mine() and state.ext is x and OWN.x(state) is x
    state.ext = {"phase": "deal", "order": ["Ann", "Ben"]}        # as a snapshot holds it
    x = OWN.x(state)
    assert x == Mine("deal", ["Ann", "Ben"]) and state.ext is x
    assert OWN.at(state, ("deal", "draw"), "not now") is x
    with pytest.raises(RuleViolation, match="^the cards are dealt first$"):
        OWN.at(state, ("play",), "the cards are dealt first")
    state.options = {"ante": 3}
    assert OWN.opts(state) == Opts(ante=3)


def test_no_phase_is_open_between_hands():
    state = table({"Ann": 10, "Ben": 10})
    play(state, ev.HandEnded(hand=1))
    state.ext = Mine("deal")
    with pytest.raises(RuleViolation, match="no hand is in progress"):
        OWN.at(state, ("deal",), "not now")


def test_who_is_in_what_they_hold_and_whether_it_is_known():
    state = table({"Ann": 10, "Ben": 10, "Cy": 10})
    play(state, ev.CardsDealt(to="Ann", cards=["AS", "KS"]), ev.CardsDealt(to="Ben", cards=["??", "AH"]),
         ev.CardsDealt(to="Cy", cards=["AC", "AD"]), ev.Fold(player="Cy"))
    order = ["Ben", "Cy", "Ann", "Dee"]                            # Dee is not at the table
    assert own.live(state, order) == ["Ben", "Ann"]
    assert own.hands(state, order) == {"Ben": ["??", "AH"], "Cy": ["AC", "AD"], "Ann": ["AS", "KS"]}
    assert own.cards(state, "Ann") == ["AS", "KS"] and own.cards(state, "Dee") == []
    assert not own.known(own.hands(state, order)) and own.known(own.hands(state, ["Ann", "Cy"]))
    assert own.ranked(state, order, high) is None                  # Ben's first card is unseen


def test_the_hands_still_in_are_ranked_once_known_and_the_elder_wins_a_tie():
    state = table({"Ann": 10, "Ben": 10, "Cy": 10})
    play(state, ev.CardsDealt(to="Ann", cards=["AS", "KS"]), ev.CardsDealt(to="Ben", cards=["??", "AH"]),
         ev.CardsDealt(to="Cy", cards=["AC", "AD"]), ev.Fold(player="Cy"),
         ev.CardsRevealed(holder="Ben", cards=["QH"]))
    order = ["Cy", "Ann", "Ben"]
    assert own.ranked(state, order, high) == {"Ann": Ranked((1,), "aces"), "Ben": Ranked((1,), "aces")}
    elder = own.ranked(state, order, high, elder=True)
    assert elder == {"Ann": Ranked((1, -1), "aces"), "Ben": Ranked((1, -2), "aces")}
    assert max(elder, key=lambda p: elder[p].key) == "Ann"          # equal: the first in order
