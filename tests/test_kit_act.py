"""`kit.betting.act`: a betting command decided by the engine, with an opener-only round
(Blücher's opening: only the first player bets, the others call or fold)."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import AllIn, Bet, Call, Check, Command, Fold, Raise
from ledger.errors import RuleViolation
from ledger.kit import betting as bets
from tests.test_kit_pots import play, table

ORDER = ["Ben", "Cy", "Ann"]


def opening(ready=None) -> bets.Betting:
    return bets.Betting(structure="declared", limit=lambda s: 4, may_check=False, reraise=False, call_back=False,
                        lone_ends=False, opener_only=True, ready=ready)


def test_only_the_opener_bets_and_the_others_call_or_fold():
    state, book = table({"Ann": 20, "Ben": 20, "Cy": 3}), bets.RoundBook()
    rules = opening()
    state.hand.to_act = "Ben"  # type: ignore[union-attr]

    def refused(cmd: Command, says: str) -> None:
        with pytest.raises(RuleViolation, match=says):
            bets.act(state, book, rules, cmd, opener="Ben")

    refused(Bet(player="Cy", amount=1), "Ben, the first player, opens the betting; then Cy calls or folds")
    refused(Check(player="Ben"), "Ben opens the hand with a bet of 1 to the limit")
    refused(Fold(player="Ben"), "Ben opens the hand: bet at least 1")
    refused(Bet(player="Ben", amount=5), "Ben may bet 1 to 4")
    refused(Raise(player="Cy", amount=1), "no raises in the opening round: Cy calls or folds")
    [bet] = bets.act(state, book, rules, Bet(player="Ben", amount=4), opener="Ben")
    play(state, bet)
    bets.record(state, book, rules, bet)
    state.hand.to_act = bets.to_act(state, book, rules, ORDER)  # type: ignore[union-attr]
    assert state.hand.to_act == "Cy"  # type: ignore[union-attr]
    refused(Bet(player="Ann", amount=1), r"Ben has opened with 4: Ann calls 4 or folds \(no raises")
    refused(Check(player="Cy"), "Cy calls 4 or folds: nobody checks in the opening")
    refused(Call(player="Ann"), "Ann cannot call now: it is Cy's turn")
    [allin] = bets.act(state, book, rules, AllIn(player="Cy"), opener="Ben")  # short: all-in for less
    assert isinstance(allin, ev.AllIn) and allin.amount == 3


def test_ready_is_asked_before_a_bet_call_or_all_in():
    state, book = table({"Ann": 20, "Ben": 20}), bets.RoundBook()
    asked: list[tuple[str, str]] = []

    def ready(s, player: str, move: bets.Move) -> None:
        asked.append((player, move.verb))
        raise RuleViolation(f"{player} is not ready to {move.verb}")

    state.hand.to_act = "Ben"  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="Ben is not ready to bet"):
        bets.act(state, book, opening(ready), Bet(player="Ben", amount=1), opener="Ben")
    assert asked == [("Ben", "bet")]


GATES = {
    "fold": bets.Gate(("open", "round"), "{player} cannot fold now: {now}", live=True),
    "buy": bets.Gate(("round",), "{player} cannot buy now; {now}", "buy a card", live=True),
    "roll": bets.Gate(("roll",), "the dice come later; {now}"),
}


def test_gate_checks_the_hand_the_player_the_phase_then_the_turn():
    state = table({"Ann": 20, "Ben": 20, "Cy": 20})
    state.hand.to_act = "Ben"  # type: ignore[union-attr]

    def refused(verb: str, phase: str, player: str | None, says: str) -> None:
        with pytest.raises(RuleViolation) as exc:
            bets.gate(state, GATES, verb, phase, player, "the deal is on")
        assert str(exc.value) == says

    refused("fold", "deal", "Ann", "Ann cannot fold now: the deal is on")
    refused("buy", "round", "Ann", "Ann cannot buy a card now: it is Ben's turn")
    refused("roll", "open", None, "the dice come later; the deal is on")
    assert bets.gate(state, GATES, "buy", "round", "Ben", "x") == "Ben"
    assert bets.gate(state, GATES, "fold", "open", "Ann") == "Ann"  # no turn asked of a fold
    assert bets.gate(state, GATES, "declare", "anything", None) is None  # no gate: only the hand is asked
    with pytest.raises(RuleViolation, match="not seated|no player|Zed"):
        bets.gate(state, GATES, "fold", "open", "Zed")  # a live gate asks for the player first
    state.hand.to_act = None  # type: ignore[union-attr]
    refused("buy", "round", "Ben", "Ben cannot buy a card now: the deal is on")
    play(state, ev.HandEnded(hand=1))
    with pytest.raises(RuleViolation, match="no hand is in progress"):
        bets.gate(state, GATES, "declare", "open", None)


def test_next_round_numbers_and_names_the_round_that_starts_by_itself():
    state = table({"Ann": 20, "Ben": 20})
    assert bets.next_round(state) == [ev.RoundStarted(round=1, name="")]
    play(state, ev.RoundStarted(round=1))
    assert bets.next_round(state, {2: "second card"}) == [ev.RoundStarted(round=2, name="second card")]
