"""An import's voids fold again from a mark (`Importing._mark`, `_refold_for_import`): over the
events the import keeps in memory when the target is among the last `MARK_NEAR`, else from the
store; either way the table is the one a fold from the start gives."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.app import Ledger
from ledger.importing import MARK_NEAR
from ledger.state import state_hash
from ledger.store import Store
from test_import_quick import _chain


def _lines(events: list[dict[str, Any]], sid: str = "v") -> list[str]:
    return _chain(sid, events)


def _session(n: int, *targets: int) -> list[dict[str, Any]]:
    """A freeform table where Ann hands Ben one chip at every even seq from 4, `n` events of it
    (3 + n in all), then a void of each of `targets` (seqs of transfers)."""
    events: list[dict[str, Any]] = [{"type": "session_opened", "game": "freeform", "options": {}},
                                    {"type": "player_joined", "player": "Ann", "buyin": 50000},
                                    {"type": "player_joined", "player": "Ben", "buyin": 100}]
    for i in range(n):
        events.append({"type": "transfer", "from_account": "seat:Ann", "to_account": "seat:Ben", "amount": 1}
                      if i % 2 == 0 else {"type": "note", "text": f"n{i}"})
    for target in targets:
        assert events[target - 1]["type"] == "transfer"
        events.append({"type": "void", "target": target, "reason": "misrecorded"})
    return events


def _import(tmp_path, events: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, *, reads: bool) -> Ledger:
    """`events` imported; each void's table (as the import folded it again) is the one a fold of
    the stored rows from the start gives, and the store was read back only if `reads`."""
    led, refolded, read = Ledger.open(str(tmp_path / "v.db")), [], []
    refold, events_of = Ledger._refold_for_import, Store.events

    def spy(self, sid, seq, void, place, imp):
        st = refold(self, sid, seq, void, place, imp)
        refolded.append((seq, state_hash(st)))
        return st

    def reading(self, *args, **kwargs):
        read.append(args)
        return events_of(self, *args, **kwargs)

    monkeypatch.setattr(Ledger, "_refold_for_import", spy)
    monkeypatch.setattr(Store, "events", reading)
    res = led.import_lines(_lines(events))
    monkeypatch.undo()
    assert res.added == {"v": len(events)}
    assert bool(read) == reads, read
    assert [seq for seq, _ in refolded] == [i for i, e in enumerate(events, 1) if e["type"] == "void"]
    for seq, got in refolded:
        assert got == state_hash(led.fold_session("v", seq)), seq
    return led


def test_a_void_among_the_last_mark_near_events_folds_again_without_reading_the_store(tmp_path, monkeypatch):
    n = 2 * MARK_NEAR + 500  # the events kept in memory are trimmed once at least
    last = 3 + n  # a note; the transfers at even seqs
    events = _session(n, last - MARK_NEAR + 9, last - 1, last - 129)  # behind the last two marks (one every 64)
    led = _import(tmp_path, events, monkeypatch, reads=False)
    assert led.state("v").balances["seat:Ben"] == 100 + n // 2 - 3


@pytest.mark.parametrize("back", [3 * MARK_NEAR, 5 * MARK_NEAR])
def test_a_void_further_back_folds_again_from_the_store(tmp_path, monkeypatch, back):
    n = 6 * MARK_NEAR
    events = _session(n, 3 + n - back - 1)
    led = _import(tmp_path, events, monkeypatch, reads=True)
    assert led.state("v").balances["seat:Ben"] == 100 + n // 2 - 1


def _refused(tmp_path, events: list[dict[str, Any]]) -> tuple[str, str]:
    led = Ledger.open(str(tmp_path / "r.db"))
    try:
        led.import_lines(_lines(events))
    except Exception as exc:  # noqa: BLE001 (the refusal is what is looked at)
        assert led.store.conn.execute("SELECT count(*) FROM events").fetchone()[0] == 0
        return type(exc).__name__, str(exc)
    raise AssertionError("imported")


def _ben_pays(n: int, amount: int) -> list[dict[str, Any]]:
    return [{"type": "transfer", "from_account": "seat:Ben", "to_account": "seat:Ann", "amount": amount}] * n


OPENED = [{"type": "session_opened", "game": "freeform", "options": {}},
          {"type": "player_joined", "player": "Ann", "buyin": 100},
          {"type": "player_joined", "player": "Ben", "buyin": 10}]


def test_a_void_that_overdraws_a_later_payment_is_refused_at_that_void(tmp_path):
    """Ben's rebuy voided (behind the first mark): his payments after it, folded again, take
    him below zero at the second (a payment's chips are checked by the accounts it touched)."""
    notes = [{"type": "note", "text": f"n{i}"} for i in range(70)]
    events = OPENED + [{"type": "rebuy", "player": "Ben", "amount": 20}] + notes + _ben_pays(3, 6)
    events.append({"type": "void", "target": 4, "reason": "never paid"})
    assert _refused(tmp_path, events) == (
        "RuleViolation", "line 78: the void at seq 78 breaks the chips: Ben would be left with -2 chips: nobody "
                         "can put in or pay more than they have")


def test_a_void_that_leaves_a_pot_at_the_hands_end_is_refused_at_that_void(tmp_path):
    hand = [{"type": "hand_started", "hand": 1, "dealer": "Ann"},
            {"type": "ante", "player": "Ann", "amount": 5}, {"type": "ante", "player": "Ben", "amount": 5},
            {"type": "pot_awarded", "pot": "pot", "shares": [{"player": "Ann", "amount": 10}]},
            {"type": "hand_ended", "hand": 1}]
    events = OPENED + hand + [{"type": "void", "target": 7, "reason": "misrecorded"}]
    assert _refused(tmp_path, events) == (
        "RuleViolation", "line 9: the void at seq 9 breaks the chips: pot still holds 10 chips at the end of the "
                         "hand: award it or carry it over first")


def test_a_void_that_leaves_a_later_event_nothing_to_act_on_is_refused_at_that_void(tmp_path, monkeypatch):
    from ledger import importing, reducer

    apply = importing.apply

    def tripping(st, seq, event):  # (an event a game's evolve trusts, met on a table it does not fit)
        if seq == 5 and st.balances.get("seat:Ben", 0) == 10:
            raise KeyError("Ben")
        return apply(st, seq, event)

    monkeypatch.setattr(importing, "apply", tripping)
    monkeypatch.setattr(reducer, "apply", tripping)  # (whichever folds the void's table again)
    events = OPENED + [{"type": "rebuy", "player": "Ben", "amount": 20}, {"type": "note", "text": "x"},
                       {"type": "void", "target": 4, "reason": "never paid"}]
    assert _refused(tmp_path, events) == (
        "InputError", "line 6: the void at seq 6 leaves later events without what they need (KeyError)")
