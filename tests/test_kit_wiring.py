"""The wiring games write around their own moves (ledger.kit.wiring), and a game's own state
without phases (ledger.kit.own.Plain), at the kit's level on a freeform table."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from pydantic import BaseModel, ConfigDict

from ledger.core.run import decided
from ledger import events as ev
from ledger.commands import Bet, Command, CupDice, NewHand, Note, RollDice
from ledger.errors import RuleViolation
from ledger.core.verbs import make_event
from ledger.kit import own, wiring
from ledger.state import TableState
from ledger.kit.verbs import IDLE
from tests.test_kit_pots import play, table


@dataclass(slots=True)
class Rounds:
    order: list[str] = field(default_factory=list)
    lives: dict[str, int] = field(default_factory=dict)


class Opts(BaseModel):
    model_config = ConfigDict(extra="forbid")
    lives: int = 3


def test_a_plain_state_is_made_once_and_rebuilt_from_plain_data():
    mine = own.Plain(Rounds, Opts)
    state = table({"Ann": 10, "Ben": 10})
    state.ext = None
    x = mine.x(state)
    assert x == Rounds() and state.ext is x and mine.x(state) is x and mine.initial(state) is not x
    state.ext = {"order": ["Ann"], "lives": {"Ann": 2}}            # as a snapshot holds it
    assert mine.x(state) == Rounds(["Ann"], {"Ann": 2}) and isinstance(state.ext, Rounds)
    state.options = {"lives": 5}
    assert mine.opts(state) == Opts(lives=5)


def _ends_at_once(state: TableState) -> list[ev.Event]:
    """A toy game's `after`: a hand on ends by itself."""
    return [make_event(ev.HandEnded, hand=state.hand.number)] if state.in_hand and state.hand else []


def _cup(state: TableState, cmd: Command) -> list[ev.Event]:
    return [make_event(ev.DiceCupped, player=cmd.player, count=cmd.count or 1)]


def _open(stacks: dict[str, int]) -> TableState:
    state = table(stacks)
    return play(state, ev.HandEnded(hand=1))


def test_a_wired_hand_is_followed_by_what_the_rules_record_and_other_verbs_are_refused_by_name():
    decide, _ = wiring.wire("toy", "Toy", Opts, _ends_at_once, {CupDice: _cup}, "hand, then cup",
                            by_itself=(ev.HandEnded,))
    state = _open({"Ann": 10, "Ben": 10})
    assert [e.type for e in decide(state, NewHand())] == ["hand_started"]  # its own event, marked:
    assert [e.type for e in decided(state, NewHand(), decide, _ends_at_once)] == ["hand_started", "hand_ended"]
    assert decide(state, CupDice(player="Ann", count=2))[0].count == 2
    with pytest.raises(RuleViolation, match="^Toy has no 'bet': hand, then cup$"):
        decide(state, Bet(player="Ann", amount=1))
    assert decide(state, Note(text="shared verbs pass"))[0].type == "note"


def test_opened_refuses_the_games_own_verbs_once_the_session_is_closed():
    state = play(_open({"Ann": 10}), ev.PlayerLeft(player="Ann", cashout=10), ev.SessionClosed())
    loose, _ = wiring.wire("toy", "Toy", Opts, _ends_at_once, {CupDice: _cup}, "", by_itself=())
    strict, _ = wiring.wire("toy", "Toy", Opts, _ends_at_once, {CupDice: _cup}, "", by_itself=(), opened=True)
    assert loose(state, CupDice(player="Ann"))[0].type == "dice_cupped"
    with pytest.raises(RuleViolation, match="is closed"):
        strict(state, CupDice(player="Ann"))


def test_check_event_wants_the_due_steps_first_and_decides_the_rest_again():
    _, check = wiring.wire("toy", "Toy", Opts, _ends_at_once, {CupDice: _cup}, "", by_itself=(ev.HandEnded,),
                           checked="The toy")
    _, with_cups = wiring.wire("toy", "Toy", Opts, _ends_at_once, {CupDice: _cup}, "", by_itself=(ev.HandEnded,),
                               cups=True, own=lambda e: CupDice(player="Ann", count=9)
                               if isinstance(e, ev.Note) else None)
    on = table({"Ann": 10, "Ben": 10})
    check(on, ev.HandEnded(hand=1))                                    # due: it passes
    check(on, ev.Note(text="a note may come at any moment"))           # a recorder's aside, not a move
    with pytest.raises(RuleViolation, match="the rules make it 'hand 1 ends'"):
        check(on, ev.DiceCupped(player="Ann", count=2))                # a move: the due step first
    off = _open({"Ann": 10, "Ben": 10})
    with pytest.raises(RuleViolation, match="records hand ended by itself, and none is due"):
        check(off, ev.HandEnded(hand=1))
    cupped = ev.DiceCupped(player="Ann", count=2)
    with pytest.raises(RuleViolation, match="^The toy never records dice_cupped$"):
        check(off, cupped)
    with_cups(off, cupped)                                             # decided again as 'cup Ann 2'
    with pytest.raises(RuleViolation):                                 # own: the note is 'cup Ann 9', not a note
        with_cups(off, ev.Note(text="x"))
    check(off, ev.Note(text="x"))                                      # without `own`: a note as any table records it


def test_idle_started_and_players():
    state = table({"Ann": 10, "Ben": 0, "Cy": 10, "Dee": 10}, dealer="Cy")
    assert wiring.idle(state) is None
    play(state, ev.HandEnded(hand=1))
    assert wiring.idle(state) == [IDLE]
    start = ev.HandStarted(hand=2, dealer="Cy")
    assert wiring.started(state, start, 2) == (["Dee", "Ann", "Cy"], {"Dee": 2, "Ann": 2, "Cy": 2}, "Dee")
    first = ev.HandStarted(hand=2, dealer="Cy", first="Ann")
    assert wiring.started(state, first, 1)[2] == "Ann"
    assert wiring.players(state, start) == ["Dee", "Ann", "Cy"]
    assert wiring.players(state, first) == ["Ann", "Cy", "Dee"]           # from the first named, Ben has no chips
    play(state, ev.PlayerLeft(player="Ann", cashout=10), ev.PlayerLeft(player="Ben", cashout=0),
         ev.PlayerLeft(player="Cy", cashout=10), ev.PlayerLeft(player="Dee", cashout=10), ev.SessionClosed())
    assert wiring.idle(state) == []


def test_a_roll_in_turn_with_six_sided_dice():
    state = table({"Ann": 10, "Ben": 10})
    with pytest.raises(RuleViolation, match="^nobody rolls now$"):
        wiring.rolled(state, RollDice(player="Ann", faces=("3",)), None, "Toy")
    with pytest.raises(RuleViolation, match="^it is Ben's turn to roll, not Ann's$"):
        wiring.rolled(state, RollDice(player="Ann", faces=("3",)), "Ben", "Toy")
    with pytest.raises(RuleViolation, match="^Toy is played with six-sided dice$"):
        wiring.rolled(state, RollDice(player="Ben", faces=("3",), sides=8), "Ben", "Toy")
    who, events = wiring.rolled(state, RollDice(player="Ben", faces=("3", "5")), "Ben", "Toy")
    assert who == "Ben" and events == [ev.DiceRolled(player="Ben", faces=[3, 5], sides=6)]
    play(state, ev.HandEnded(hand=1))
    with pytest.raises(RuleViolation, match="no hand is in progress"):
        wiring.rolled(state, RollDice(player="Ben", faces=("3",)), "Ben", "Toy")


def test_a_verdict_is_said_then_recorded_and_show_marks_only_a_hand_on():
    said = wiring.verdict(False, "Ann doubts: Ben loses a life", "Ben", "lives-left", 2)
    assert said == [ev.Note(text="Ann doubts: Ben loses a life")]
    assert wiring.verdict(True, "...", "Ben", "lives-left", 2) == [ev.Declared(player="Ben", name="lives-left",
                                                                                value=2)]
    state = table({"Ann": 10, "Ben": 10})
    wiring.show(state, "Ben", "rolling")
    assert state.hand is not None and (state.hand.to_act, state.hand.phase) == ("Ben", "rolling")
    play(state, ev.HandEnded(hand=1))
    wiring.show(state, "Ann", "bidding")
    assert (state.hand.to_act, state.hand.phase) == (None, "ended")            # untouched
