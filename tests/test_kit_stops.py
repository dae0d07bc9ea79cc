"""A stops play-out and its payments (ledger.games.poch.stops), at the kit's level on a freeform
table: the lead, the sequence, a chip per new sequence, a chip per card left, the end."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from ledger import events as ev
from ledger.commands import Play
from ledger.errors import RuleViolation
from ledger.games.poch import dues, stops
from ledger.state import TableState
from tests.test_kit_pots import play, table


@dataclass(slots=True)
class Run:
    order: list[str] = field(default_factory=list)
    leader: str = ""
    card: str = ""
    player: str = ""
    sequences: int = 0
    due: list[dues.Row] = field(default_factory=list)


def dealt(state: TableState, *hands: tuple[str, str]) -> None:
    for who, cards in hands:
        play(state, ev.CardsDealt(to=who, cards=cards.split()))


def played(state: TableState, run: Run, who: str, card: str, per_sequence: int = 0) -> list[ev.Event]:
    """`who` plays `card`; then whatever the play-out records by itself, until nothing is due."""
    steps = stops.play(state, run, Play(player=who, cards=(card,)))
    done = list(steps)
    while steps:
        for e in steps:
            play(state, e)
            stops.record(state, run, e, per_sequence=per_sequence)
        steps = stops.follows(state, run)
        done += steps
    return done


def test_the_leader_leads_the_lowest_of_the_longest_suit_and_the_first_out_is_paid_per_card_left():
    state, run = table({"Ann": 10, "Ben": 10, "Cy": 10}), Run(order=["Ann", "Ben", "Cy"])
    dealt(state, ("Ann", "7H 8H AS"), ("Ben", "9H KS"), ("Cy", "10H JH QH"))
    play(state, ev.Fold(player="Cy"))                               # dropped out of a vying: still plays
    stops.begin(state, run, "")
    assert run.leader == "Ann" and not state.seat("Cy").folded
    assert stops.prompt(run, "Ann").note == "Ann begins a sequence"
    with pytest.raises(RuleViolation, match="Ann begins the first sequence, not Ben"):
        stops.play(state, run, Play(player="Ben", cards=("9H",)))
    with pytest.raises(RuleViolation, match="lowest card of their longest suit: 7H, not AS"):
        stops.play(state, run, Play(player="Ann", cards=("AS",)))
    for who, card in (("Ann", "7H"), ("Ann", "8H"), ("Ben", "9H"), ("Cy", "10H"), ("Cy", "JH")):
        assert not [e for e in played(state, run, who, card) if not isinstance(e, ev.CardPlayed)]
    assert stops.prompt(run, None).note == "the next card, QH, or Cy begins a new sequence"
    assert stops.rows(run) == [("last card", "JH by Cy")]
    after = played(state, run, "Cy", "QH")[1:]
    assert [(e.from_account, e.to_account, e.amount, e.reason) for e in after if isinstance(e, ev.Transfer)] == [
        ("seat:Ann", "seat:Cy", 1, "Cy is out: Ann pays a chip a card left"),
        ("seat:Ben", "seat:Cy", 1, "Cy is out: Ben pays a chip a card left")]
    assert isinstance(after[-1], ev.HandEnded) and not run.due and state.stack("Cy") == 12


def test_a_new_sequence_pays_its_leader_and_the_payments_never_exceed_a_stack():
    state, run = table({"Ann": 10, "Ben": 2, "Cy": 10}), Run(order=["Ann", "Ben", "Cy"])
    dealt(state, ("Ann", "KH AH 7S"), ("Ben", "QH 8S"), ("Cy", "9S 10S"))
    stops.begin(state, run, "Ann")
    played(state, run, "Ann", "KH", per_sequence=1)
    played(state, run, "Ann", "AH", per_sequence=1)                 # after an ace its player begins again
    assert run.leader == "Ann" and run.sequences == 1
    paid = [(e.from_account[5:], e.amount, e.reason) for e in played(state, run, "Ann", "7S", per_sequence=1)
            if isinstance(e, ev.Transfer)]
    assert paid == [("Ben", 1, "Ann begins a new sequence: a chip from Ben"),
                    ("Cy", 1, "Ann begins a new sequence: a chip from Cy"),
                    ("Ben", 1, "Ann is out: Ben pays a chip a card left"),   # Ben had 2 chips: 1 left for 2 cards
                    ("Cy", 2, "Ann is out: Cy pays a chip a card left")]
    assert state.stack("Ben") == 0 and state.stack("Ann") == 15


def test_without_the_option_a_new_sequence_is_not_paid():
    state, run = table({"Ann": 10, "Ben": 10}), Run(order=["Ann", "Ben"])
    dealt(state, ("Ann", "AH 7S 9D"), ("Ben", "8D 8C"))
    stops.begin(state, run, "Ann")
    played(state, run, "Ann", "AH")
    assert not [e for e in played(state, run, "Ann", "7S") if isinstance(e, ev.Transfer)] and run.sequences == 2
    with pytest.raises(RuleViolation, match="the sequence calls for 8S"):
        stops.play(state, run, Play(player="Ben", cards=("8D",)))
