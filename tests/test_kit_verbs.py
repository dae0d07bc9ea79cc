"""A game's verbs declared as one table (`ledger.kit.verbs`)."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import Award, Note, RollDice, Turn
from ledger.errors import RuleViolation
from ledger.kit.verbs import Verbs
from tests.test_kit_pots import table

VERBS = Verbs("dice", {RollDice: lambda s, c: [ev.Note(text=f"{c.player} rolls")]}, shared=(Note,),
              refused={Award: "in {game} the rules pay the pot, not '{verb}'"},
              unknown="{game} has no '{verb}': roll is its move")


def test_own_shared_refused_and_unknown_verbs():
    state = table({"Ann": 5, "Ben": 5})
    assert VERBS.names == ("roll", "note")
    assert VERBS.decide(state, RollDice(player="Ann")) == [ev.Note(text="Ann rolls")]
    assert VERBS.decide(state, Note(text="hi")) == [ev.Note(text="hi")]
    with pytest.raises(RuleViolation, match="in dice the rules pay the pot, not 'award'"):
        VERBS.decide(state, Award())
    with pytest.raises(RuleViolation, match="dice has no 'turn': roll is its move"):
        VERBS.decide(state, Turn(player="Ann"))
