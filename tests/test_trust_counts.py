"""A physical count is what was seen at that moment (issue 23, point 8).

`count Cy 140` warned "the ledger says 135"; an amend of an earlier act then recorded the
count again against a ledger that said 130 at that point, a difference of 10 nobody was told
of. Now the amend compares the count with the re-decided ledger at the same point and says
so, once: in its result (and ``--json``), and as one warning line of ``potlog amend``.
"""

from __future__ import annotations

import json

from ledger.commands import Award, Bet, Count, End, Fold, NewHand, Note


def _night(ledger):
    sid = ledger.new_session("freeform", [("Ann", 100), ("Cy", 100)])
    ledger.execute(sid, NewHand())
    bet = ledger.execute(sid, Bet(player="Cy", amount=5))[0].seq      # Cy 95
    ledger.execute(sid, Fold(player="Ann"))
    ledger.execute(sid, Award(player="Ann"))                           # Ann takes Cy's 5
    ledger.execute(sid, End())
    return sid, bet


def test_an_amend_says_how_a_count_now_compares_with_the_ledger(ledger):
    sid, bet = _night(ledger)
    assert ledger.state(sid).stack("Cy") == 95
    count = ledger.execute(sid, Count(player="Cy", amount=100))[0].seq  # seen: 5 more than the ledger
    result = ledger.amend(sid, bet, Bet(player="Cy", amount=10))       # the bet was 10: Cy 90 at the count
    assert [r.event.type for r in result.redone].count("chip_count") == 1
    assert result.counts == [f"Cy's count of 100 (seq {count}, recorded again as seq {result.redone[-1].seq}): the "
                             "ledger said 95 when it was counted and says 90 at that point now: the count now "
                             "differs by +10"]


def test_an_amend_that_leaves_the_count_where_it_was_says_nothing(ledger):
    sid, _ = _night(ledger)
    ledger.execute(sid, Count(player="Cy", amount=95))
    note = ledger.execute(sid, Note(text="a word"))[0].seq
    result = ledger.amend(sid, note, Note(text="another word"))
    assert result.counts == []
    sid2, bet = _night(ledger)
    ledger.execute(sid2, Count(player="Ann", amount=105))
    assert ledger.amend(sid2, bet, Bet(player="Cy", amount=5)).counts == []   # the same bet: the same ledger


def test_potlog_amend_warns_once_and_json_lists_it(potlog):
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Cy=100")
    potlog("hand")
    potlog("bet", "Cy", "5")
    potlog("fold", "Ann")
    potlog("award", "Ann")
    potlog("end")
    first = potlog("count", "Cy", "100")
    assert "Cy counted 100 but the ledger says 95" in first.output
    log = json.loads(potlog("log", "--json").stdout)
    bet = next(e["seq"] for e in log if e["event"]["type"] == "bet")
    out = potlog("amend", str(bet), "--", "bet", "Cy", "10")
    warnings = [line for line in out.output.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "says 90 at that point now: the count now differs by +10" in warnings[0], out.output
    log = json.loads(potlog("log", "--json").stdout)
    live_bet = next(e["seq"] for e in log if e["event"]["type"] == "bet" and e.get("voided_by") is None)
    data = json.loads(potlog("amend", "--json", str(live_bet), "--", "bet", "Cy", "5").stdout)
    assert len(data["counts"]) == 1 and "said 90 when it was counted and says 95" in data["counts"][0], data
