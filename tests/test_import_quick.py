"""The import's quick path (issue 28) refuses what the plain one refuses, in the same words.

`Ledger.import_lines` adds the usual line (the next of the session the line before was about)
in its own loop: what a body names is found once per distinct body (`importing._named`), the
seated names and the pack kept while the table's seats and options are the same, and the chips
checked by the accounts the postings touched when that settles it (`chips.kept`). Each case
here is imported twice: as is, and with the quick reader off, which sends every line through
`_import_line` and the whole `chips.check`; both must refuse at the same line with the same
words, and store nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from ledger import events as ev
from ledger import importing
from ledger.app import Ledger
from ledger.chips import kept
from ledger.errors import PotlogError


def _chain(sid: str, events: list[dict[str, Any]], minute: int = 0) -> list[str]:
    """`events` as the JSONL lines of session `sid`, hashed and chained, a second apart from
    20:`minute`:01 (a long session runs on into the next minutes and hours)."""
    lines, prev = [], ev.GENESIS
    for seq, event in enumerate(events, 1):
        body = ev.canonical_json(event)
        at = f"2026-01-02T{20 + (minute * 60 + seq) // 3600:02d}:{(minute + seq // 60) % 60:02d}:{seq % 60:02d}.000Z"
        h = ev.chain_hash(prev, body, session=sid, seq=seq, etype=event["type"], recorded_at=at)
        lines.append(ev.canonical_json({"session": sid, "seq": seq, "recorded_at": at, "prev_hash": prev,
                                        "hash": h, "event": event}))
        prev = h
    return lines


def _table(*players: str, pack: str = "french52") -> list[dict[str, Any]]:
    """A freeform table with `players` seated (100 each) and a hand going, antes of 5 in."""
    return ([{"type": "session_opened", "game": "freeform", "options": {"pack": pack}}]
            + [{"type": "player_joined", "player": p, "buyin": 100} for p in players]
            + [{"type": "hand_started", "hand": 1, "dealer": players[0]}]
            + [{"type": "ante", "player": p, "amount": 5} for p in players])


def _both(tmp_path, name: str, lines: list[str]) -> list[object]:
    """What importing `lines` gives, quick reader on and off: the result or (error, words)."""
    outs: list[object] = []
    for fast in (True, False):
        led = Ledger.open(str(tmp_path / f"{name}-{fast}.db"))
        with pytest.MonkeyPatch.context() as mp:
            if not fast:
                mp.setattr(importing, "_fast_parser", lambda: None)
            try:
                res = led.import_lines(lines)
                outs.append(("ok", res.added))
            except PotlogError as exc:
                outs.append((type(exc).__name__, str(exc)))
                assert led.store.conn.execute("SELECT count(*) FROM events").fetchone()[0] == 0
        led.close()
    return outs


BAD = {
    "a seat overdrawn": ({"type": "transfer", "from_account": "seat:Ann", "to_account": "pot", "amount": 96},
                         "line 7: seq 7 breaks the chips: Ann would be left with -1 chips"),
    "a pot overdrawn": ({"type": "transfer", "from_account": "pot", "to_account": "seat:Ben", "amount": 11},
                        "line 7: seq 7 breaks the chips: pot would be left with -1 chips"),
    "a pot left at the hand's end": ({"type": "hand_ended", "hand": 1},
                                     "line 7: seq 7 breaks the chips: pot still holds 10 chips"),
    "a player who never sat": ({"type": "call", "player": "Cy", "amount": 5},
                               "line 7: 'Cy' has never sat at this table (seated so far: Ann, Ben)"),
    "the bank named": ({"type": "transfer", "from_account": "bank", "to_account": "seat:Ann", "amount": 5},
                       "line 7: chips come from the bank only by player_joined or rebuy"),
    "a card of no pack": ({"type": "cards_dealt", "to": "Ann", "cards": ["AH", "ZZ"]},
                          "line 7: card 'ZZ' is not a card of the french52 pack"),
    "a revealed card of no pack": ({"type": "cards_revealed", "holder": "board", "cards": ["ZZ"]},
                                   "line 7: card 'ZZ' is not a card of the french52 pack"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_line_after_usual_ones_is_refused_alike_quick_or_not(tmp_path, case):
    event, says = BAD[case]
    good = [{"type": "transfer", "from_account": "seat:Ann", "to_account": "pot", "amount": 95}]
    ok = _both(tmp_path, "ok", _chain("t", _table("Ann", "Ben") + good))  # (the line before it is fine)
    assert ok[0] == ok[1] == ("ok", {"t": 7})
    quick, plain = _both(tmp_path, "bad", _chain("t", _table("Ann", "Ben") + [event]))
    assert quick == plain and quick[1].startswith(says), (quick, plain)


def test_the_same_body_is_checked_against_each_table_it_comes_to(tmp_path):
    """Interleaved sessions: a body found good at one table (Ben seated, a french pack) is
    refused at the next that has no Ben, or deals from another pack."""
    ante_ben = {"type": "ante", "player": "Ben", "amount": 5}
    deal = {"type": "cards_dealt", "to": "Ann", "cards": ["AH"]}
    a, b = _chain("a", _table("Ann", "Ben") + [ante_ben, deal, deal]), _chain("b", _table("Ann", "Cy"), minute=1)
    c = _chain("c", _table("Ann", "Ben", pack="spanish40"), minute=2)
    lines = a[:7] + b + a[7:]  # a's own lines are good, b's too
    assert _both(tmp_path, "good", lines) == [("ok", {"a": 9, "b": 6})] * 2
    b_bad = _chain("b", _table("Ann", "Cy") + [ante_ben], minute=1)
    quick, plain = _both(tmp_path, "ben", a + b_bad)
    assert quick == plain == ("InputError", "line 16: 'Ben' has never sat at this table (seated so far: Ann, Cy)")
    c_bad = _chain("c", _table("Ann", "Ben", pack="spanish40") + [deal], minute=2)
    quick, plain = _both(tmp_path, "pack", a + c_bad)
    assert quick == plain and quick[1].startswith("line 16: card 'AH' is not a card of the spanish40 pack"), quick
    assert _both(tmp_path, "c", a + c) == [("ok", {"a": 9, "c": 6})] * 2


def test_a_seat_that_joins_between_usual_lines_is_seen_at_once(tmp_path):
    """The seated names are kept per table until its seats change: Cy, joining mid-hand, may
    put chips in on the very next line; before joining, not."""
    cy_in = {"type": "transfer", "from_account": "seat:Cy", "to_account": "pot", "amount": 5}
    joined = _chain("j", _table("Ann", "Ben") + [{"type": "player_joined", "player": "Cy", "buyin": 100}, cy_in])
    assert _both(tmp_path, "j", joined) == [("ok", {"j": 8})] * 2
    quick, plain = _both(tmp_path, "n", _chain("j", _table("Ann", "Ben") + [cy_in]))
    assert quick == plain == ("InputError", "line 7: 'Cy' has never sat at this table (seated so far: Ann, Ben)")


def test_kept_settles_only_moves_between_table_accounts_within_range():
    balances = {"bank": -200, "seat:Ann": 95, "pot": 5, "seat:Ben": 100}
    assert kept(balances, [("seat:Ann", "pot", 5, "bet")], 1000)
    assert not kept(balances, [("bank", "seat:Ann", 5, "buy-in")], 1000)  # the bank: the whole check
    assert not kept(balances, [("seat:Ann", "bank", 5, "cash-out")], 1000)
    assert not kept({**balances, "seat:Ann": -1}, [("seat:Ann", "pot", 5, "bet")], 1000)
    assert not kept({**balances, "pot": 1001}, [("seat:Ann", "pot", 5, "bet")], 1000)
    assert not kept({**balances, "pot": -3}, [("pot", "seat:Ben", 8, "award")], 1000)
    assert kept(balances, [], 1000)


def test_the_garbage_collector_is_given_back_after_an_import_good_or_refused(tmp_path):
    import gc

    assert gc.isenabled()
    good = _chain("g", _table("Ann", "Ben"))
    bad = _chain("g", _table("Ann", "Ben") + [{"type": "hand_ended", "hand": 1}])
    assert _both(tmp_path, "gc-good", good)[0] == ("ok", {"g": 6}) and gc.isenabled()
    assert _both(tmp_path, "gc-bad", bad)[0][0] == "RuleViolation" and gc.isenabled()
    gc.disable()
    try:  # paused by the caller: left paused
        assert _both(tmp_path, "gc-off", good)[0] == ("ok", {"g": 6}) and not gc.isenabled()
    finally:
        gc.enable()
