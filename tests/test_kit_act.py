"""`kit.betting.act`: a betting command decided by the engine, with an opener-only round
(Blücher's opening: only the first player bets, the others call or fold)."""

from __future__ import annotations

import pytest

from ledger import events as ev
from ledger.commands import Command
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

    refused(Command("bet", player="Cy", amount=1), "Ben, the first player, opens the betting; then Cy calls or folds")
    refused(Command("check", player="Ben"), "Ben opens the hand with a bet of 1 to the limit")
    refused(Command("fold", player="Ben"), "Ben opens the hand: bet at least 1")
    refused(Command("bet", player="Ben", amount=5), "Ben may bet 1 to 4")
    refused(Command("raise", player="Cy", amount=1), "no raises in the opening round: Cy calls or folds")
    [bet] = bets.act(state, book, rules, Command("bet", player="Ben", amount=4), opener="Ben")
    play(state, bet)
    bets.record(state, book, rules, bet)
    state.hand.to_act = bets.to_act(state, book, rules, ORDER)  # type: ignore[union-attr]
    assert state.hand.to_act == "Cy"  # type: ignore[union-attr]
    refused(Command("bet", player="Ann", amount=1), r"Ben has opened with 4: Ann calls 4 or folds \(no raises")
    refused(Command("check", player="Cy"), "Cy calls 4 or folds: nobody checks in the opening")
    refused(Command("call", player="Ann"), "Ann cannot call now: it is Cy's turn")
    [allin] = bets.act(state, book, rules, Command("allin", player="Cy"), opener="Ben")  # short: all-in for less
    assert isinstance(allin, ev.AllIn) and allin.amount == 3


def test_ready_is_asked_before_a_bet_call_or_all_in():
    state, book = table({"Ann": 20, "Ben": 20}), bets.RoundBook()
    asked: list[tuple[str, str]] = []

    def ready(s, player: str, verb: str) -> None:
        asked.append((player, verb))
        raise RuleViolation(f"{player} is not ready to {verb}")

    state.hand.to_act = "Ben"  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="Ben is not ready to bet"):
        bets.act(state, book, opening(ready), Command("bet", player="Ben", amount=1), opener="Ben")
    assert asked == [("Ben", "bet")]
