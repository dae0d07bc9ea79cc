"""A log recorded before a game gained an option still verifies, and is read as it was played.

Primiera and Primero gained ``vie``, Poker Dice ``betting``, ``min_bet`` and ``limit``; a log
opened before that names none of them. `verify --rules` re-decides its opening with today's
options, so it must compare the two option sets as tables (an option left out has its
default), and an option whose default changed for new tables (Poker Dice bets now, as the
text says) keeps the old meaning for an old log (``ruleset.new_table``).
"""

from __future__ import annotations

import json
from pathlib import Path

from ledger import events as ev
from ledger.commands import NewHand, RollDice
from ledger.games import get_ruleset
from ledger.core.options import fresh_options, options_of
from ledger.reducer import fold
from ledger.state import TableState
from ledger.verify import verify_rules
from tests.conftest import SAMPLES
from tests.table import Table


def _records(path: Path) -> list[tuple[int, ev.Event]]:
    return [(row["seq"], ev.parse_event_dict(row["event"]))
            for row in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if row]


def _as_before(records: list[tuple[int, ev.Event]], *dropped: str) -> list[tuple[int, ev.Event]]:
    """The same log as an older potlog opened it: without the options named."""
    first = records[0][1]
    assert isinstance(first, ev.SessionOpened) and all(k in first.options for k in dropped)
    older = first.model_copy(update={"options": {k: v for k, v in first.options.items() if k not in dropped}})
    return [(1, older), *records[1:]]


def test_primiera_and_primero_logs_from_before_vie_still_verify() -> None:
    for name in ("primiera-night", "primero-night"):
        records = _as_before(_records(SAMPLES / f"{name}.jsonl"), "vie")
        failures, _, _ = verify_rules(records, name)
        assert failures == [], failures


def test_a_different_option_is_still_a_different_table() -> None:
    records = _records(SAMPLES / "primiera-night.jsonl")
    first = records[0][1]
    assert isinstance(first, ev.SessionOpened)
    forged = first.model_copy(update={"options": {**first.options, "ante": first.options["ante"] + 1}})
    failures, _, _ = verify_rules([(1, forged), *records[1:]], "primiera-night")
    assert failures and failures[0].seq > 1  # (the opening itself is what it says; the antes then differ)


def test_a_poker_dice_log_from_before_the_betting_is_read_without_it() -> None:
    t = Table("pokerdice", options={"betting": False}, Ann=20, Ben=20)
    t(NewHand())
    stop = get_ruleset("pokerdice").word("stop")
    assert stop is not None and stop.command is not None
    for player, faces in (("Ben", ("6", "6", "6", "2", "3")), ("Ann", ("1", "2", "3", "4", "5"))):
        t(RollDice(player=player, faces=faces))
        t(stop.command({"player": player}))
    assert t.state.balance("pot") == 0 and t.state.stack("Ann") == 21  # the straight paid at once: no betting round
    records = _as_before(t.log, "betting", "min_bet", "limit")
    failures, _, _ = verify_rules(records, "old")
    assert failures == [], failures
    state = fold(records, state=TableState(session="old"))
    assert options_of(state, get_ruleset("pokerdice").options).betting is False


def test_a_new_poker_dice_table_bets_as_the_text_says() -> None:
    model = get_ruleset("pokerdice").options
    assert fresh_options(model, {})["betting"] is True and model().betting is False
    assert fresh_options(model, {"betting": False})["betting"] is False
    t = Table("pokerdice", Ann=20, Ben=20)
    assert options_of(t.state, model).betting is True
