"""Issue 11, items 5 and 8: points games seat players without chips and show scores; the CSV
keeps a table ruling's reason, the text history tells a void once, beancount books a night on
the session's date."""

from __future__ import annotations

import csv
import io
import json
import re

from tests.test_exports import bean_errors

BLUKE_HAND = ("hand", "--dealer", "John")


def _bluke_night(potlog) -> None:
    potlog("new", "bluke", "--name", "pts", "-p", "John", "-p", "Margaret")
    potlog(*BLUKE_HAND)
    potlog("bid", "Margaret=2", "John=3")
    potlog("tricks", "John=3", "Margaret=10")  # John perfect: 30; Margaret 2 + 8 over: 28


# ----------------------------------------------------------------------------- item 5: points games

def test_points_game_takes_bare_names_with_no_chips(potlog):
    r = potlog("new", "bluke", "--name", "pts", "-p", "John", "-p", "Margaret")
    assert "2 players" in r.output
    state = json.loads(potlog("state", "--json").output)
    seats = {s["name"]: s for s in state["seats"]}
    assert set(seats) == {"John", "Margaret"}
    assert all(s["stack"] == 0 for s in seats.values())


def test_a_chip_game_still_needs_a_buyin(potlog):
    r = potlog("new", "freeform", "-p", "Ann", ok=False)
    assert r.exit_code == 2 and "NAME=BUYIN" in r.output
    assert isinstance(r.exception, SystemExit) and "Traceback" not in r.output


def test_a_points_game_may_still_be_played_for_chips(potlog):
    potlog("new", "bluke", "-p", "John=100", "-p", "Margaret", "-o", "stake=1")
    out = potlog("state").output
    assert "stack" in out and "bought in" in out and "score" in out


def test_state_of_a_points_game_shows_scores_not_zero_chips(potlog):
    potlog("new", "bluke", "--name", "pts", "-p", "John", "-p", "Margaret")
    before = potlog("state").output
    assert "score" in before
    for column in ("stack", "in pot", "bought in", "cashed out", "net"):
        assert column not in before, column
    potlog(*BLUKE_HAND)
    potlog("bid", "Margaret=2", "John=3")
    potlog("tricks", "John=3", "Margaret=10")
    out = potlog("state").output
    john = next(line for line in out.splitlines() if re.match(r"\W*John\b", line))
    margaret = next(line for line in out.splitlines() if re.match(r"\W*Margaret\b", line))
    assert re.search(r"\b30\b", john) and re.search(r"\b28\b", margaret)
    assert "at the table 0" not in out and "bought in" not in out


def test_text_export_ends_each_points_hand_with_the_scores(potlog):
    _bluke_night(potlog)
    potlog("hand")
    potlog("bid", "John=4", "Margaret=5")
    potlog("tricks", "John=4", "Margaret=8")  # John perfect 40 -> 70; Margaret 5 + 3 over: 53 -> 81
    text = potlog("export", "--format", "text").output
    hands = text.split("potlog Hand #")[1:]
    assert len(hands) == 2
    ends = [[line for line in h.strip().splitlines()][-1] for h in hands]
    assert ends == ["Scores: John 30, Margaret 28", "Scores: John 70, Margaret 81"]
    assert "in chips" not in text and "net +0" not in text


def test_text_export_of_a_chip_game_has_no_scores_line(potlog):
    potlog("new", "freeform", "-p", "Ann=10", "-p", "Ben=10")
    potlog("hand")
    potlog("bet", "Ann", "2")
    potlog("call", "Ben")
    potlog("award", "Ann")
    potlog("end")
    assert "Scores:" not in potlog("export", "--format", "text").output


# ----------------------------------------------------------------------------- item 8: exports

def _ruled_night(potlog) -> None:
    potlog("new", "freeform", "--name", "r", "-p", "Ann=20", "-p", "Ben=20")
    potlog("hand")
    potlog("bet", "Ann", "5")
    potlog("fold", "Ben")
    potlog("call", "Ben", "--override", "Ben's fold was a slip")
    potlog("award", "Ann")
    potlog("end")


def test_csv_keeps_the_reason_of_a_table_ruling(potlog):
    _ruled_night(potlog)
    rows = list(csv.DictReader(io.StringIO(potlog("export", "--format", "csv").output)))
    call = next(r for r in rows if r["event"] == "call")
    assert call["ruling"] == "Ben's fold was a slip"
    assert all(r["ruling"] == "" for r in rows if r["event"] != "call")


def test_csv_ruling_is_safe_in_a_spreadsheet(potlog):
    potlog("new", "freeform", "--name", "r", "-p", "Ann=20", "-p", "Ben=20")
    potlog("hand")
    potlog("bet", "Ann", "5")
    potlog("fold", "Ben")
    potlog("call", "Ben", "--override", "=HYPERLINK(\"x\")")
    out = potlog("export", "--format", "csv").output
    assert "'=HYPERLINK" in out


def test_text_history_mentions_a_void_once(potlog, tmp_path):
    potlog.run_script("""
new freeform --name v -p Ann=20 -p Ben=20
hand
bet Ann 5
raise Ben 1
void 6 --reason "Ben meant to call"
call Ben
award Ann
end
note Cy is late
void 11 --reason "wrong note"
""", tmp_path)
    text = potlog("export", "--format", "text").output
    assert text.count("Ben meant to call") == 1
    assert text.count("wrong note") == 1
    assert "(seq 6 'Ben raises by 1 (puts in 6)' was voided at seq 7: Ben meant to call)" in text
    assert "is void" not in text


def test_beancount_books_a_night_on_the_sessions_date(potlog):
    potlog("new", "freeform", "--name", "night", "-p", "Ann=20", "-p", "Ben=20")
    for _ in range(3):
        potlog("hand")
        potlog("bet", "Ann", "2")
        potlog("call", "Ben")
        potlog("award", "Ann")
        potlog("end")
    first = json.loads(potlog("export", "--format", "jsonl").output.splitlines()[0])["recorded_at"][:10]
    bean = potlog("export", "--format", "beancount").output
    assert bean_errors(bean) == []
    dated = [line.split()[0] for line in bean.splitlines() if re.match(r"\d{4}-\d\d-\d\d \*", line)]
    assert len(dated) == 2 + 3 * 3 and set(dated) == {first}
    hands = [int(line.split(":")[1]) for line in bean.splitlines() if line.startswith("  hand: ")]
    assert sorted(set(hands)) == [1, 2, 3]
    # the balances after the whole night are asserted, and hold
    assert "balance Assets:Potlog:Night:Seat:Ann  26 CHIPS" in bean
    broken = bean.replace("Seat:Ann  26 CHIPS", "Seat:Ann  27 CHIPS")
    assert bean_errors(broken)
