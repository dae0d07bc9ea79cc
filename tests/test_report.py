"""potlog report: the night's figures at the data level (results, biggest pots, the settlement
`potlog settle` gives, the counts), user text escaped in Markdown and HTML, --json, writing to a
file through the file protection, an empty session, and the exit codes."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest

from ledger.commands import Ante, Award, Bet, Call, End, Fold, NewHand, Pay, Rebuy
from ledger.report import html, markdown, md, night_of
from ledger.settle import settle
from ledger.stats import session_facts
from tests.conftest import SAMPLES
from tests.table import Table

ANN, BO = "*Ann*|x", "<b>Bo</b>"

NIGHT = f"""\
new freeform --name fri -p "{ANN}=100" -p "{BO}=100" -p Cy=60 --title "Friday [club] <i>night</i> & _co_"
hand
bet "{ANN}" 10
call "{BO}"
fold Cy
award "{ANN}"
end
hand
bet Cy 20
call "{BO}"
award Cy
end
rebuy "{BO}" 50
pay Cy house 2 --reason rake
count Cy 75
count "{BO}" 120
note "**bold** | [link](http://x)"
"""


def freeform() -> Table:
    """Ann 100, Ben 100, Cy 60. Hand 1: Ann bets 10, Ben calls, Cy folds, Ann takes 20. Hand 2:
    antes of 5 each, Cy bets 20, Ben calls, Cy takes 65. Ben rebuys 50; Cy pays the house 2."""
    t = Table("freeform", Ann=100, Ben=100, Cy=60)
    t(NewHand())
    t(Bet(player="Ann", amount=10))
    t(Call(player="Ben"))
    t(Fold(player="Cy"))
    t(Award(player="Ann"))
    t(End())
    t(NewHand())
    for p in ("Ann", "Ben", "Cy"):
        t(Ante(player=p, amount=5))
    t(Bet(player="Cy", amount=20))
    t(Call(player="Ben"))
    t(Fold(player="Ann"))
    t(Award(player="Cy"))
    t(End())
    t(Rebuy(player="Ben", amount=50))
    t(Pay(source="Cy", to="house", amount=2, reason="rake"))
    return t


def test_results_pots_and_who_pays_whom_counted_by_hand():
    n = night_of(session_facts(freeform().log, "fri"), rate=Decimal("0.25"), currency="EUR")
    # Ann +10 -5 = +5; Ben -10 -25 = -35 (and rebought 50); Cy +55 -25 -2 = +28; the house +2
    assert [(r.player, r.chips_in, r.chips_out, r.net, r.money) for r in n.results] == [
        ("Cy", 60, 88, 28, Decimal("7.00")), ("Ann", 100, 105, 5, Decimal("1.25")),
        ("Ben", 150, 115, -35, Decimal("-8.75"))]
    assert n.house == 2 and n.hands == 2 and n.games == [("freeform", 2)]
    assert [(p.hand, p.winners, p.size) for p in n.pots] == [(2, ("Cy",), 55), (1, ("Ann",), 20)]
    # the same payments as `potlog settle` on the same nets, the house a payee
    assert n.settlement == settle({"Ann": 5, "Ben": -35, "Cy": 28, "house": 2}, Decimal("0.25"))
    assert [(p.payer, p.payee, p.chips, p.money) for p in n.settlement.payments] == [
        ("Ben", "Ann", 5, Decimal("1.25")), ("Ben", "Cy", 28, Decimal("7.00")), ("Ben", "house", 2, Decimal("0.50"))]
    text = markdown(n)
    assert "| Cy | 60 | 88 | +28 | +7.00 |" in text and "- Ben pays Cy 28 chips = 7.00 EUR" in text
    assert "| 2 | Freeform | Cy | 55 |" in text and "The house took 2 chips." in text


def test_a_session_still_in_a_hand_says_why_it_is_not_settled():
    t = Table("freeform", Ann=100, Ben=100)
    t(NewHand())
    t(Bet(player="Ann", amount=10))
    n = night_of(session_facts(t.log, "open"))
    assert n.settlement is None and "do not add up to zero" in n.unsettled and n.hands == 0
    assert "Not settled yet: the results do not add up to zero" in markdown(n)
    assert n.to_data()["settle"] is None and n.to_data()["unsettled"] == n.unsettled


def test_markdown_escapes_what_markdown_would_read_as_markup():
    assert md("*Ann*|x") == r"\*Ann\*\|x"
    assert md("<b>Bo</b> & [x](y) _z_ ~~s~~ `c` #1 \\") == r"\<b\>Bo\</b\> \& \[x\](y) \_z\_ \~\~s\~\~ \`c\` \#1 \\"
    assert md("Ann\nBen\u202e") == r"Ann\\nBen\\u202e"  # a line break or bidi override shown escaped, not acted on
    assert md("Hold'em at Cleo's: 1-2.") == "Hold'em at Cleo's: 1-2."  # ordinary text reads as typed


@pytest.fixture
def fri(night):
    return night


def _rendered(markdown_text: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table").enable("strikethrough").render(markdown_text)


def test_names_and_title_read_as_typed_in_markdown_and_break_no_table(fri):
    text = fri("report").output
    page = _rendered(text)
    assert "<td>*Ann*|x</td>" in page and "<td>&lt;b&gt;Bo&lt;/b&gt;</td>" in page
    assert "<h1>Friday [club] &lt;i&gt;night&lt;/i&gt; &amp; _co_</h1>" in page
    assert "<em>" not in page and "<b>" not in page and "<i>" not in page and "<a " not in page
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    for row in rows:  # every row has as many cells as its table's header: an escaped | is no border
        cells = re.split(r"(?<!\\)\|", row.strip())[1:-1]
        assert len(cells) in (4, 6), row
    assert "| \\*Ann\\*\\|x | 100 | 110 | +10 |" in text


def test_html_is_one_page_with_user_text_escaped_and_nothing_fetched(fri):
    page = fri("report", "--html", "--rate", "0.5", "--currency", "<€>").output
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<td>*Ann*|x</td>" in page and "<td>&lt;b&gt;Bo&lt;/b&gt;</td>" in page
    assert "<b>Bo" not in page and "<i>night" not in page and "&lt;€&gt;" in page and "<€>" not in page
    assert "<script" not in page and "http" not in page and "src=" not in page and "<link" not in page
    assert "1 of 2 counts does not match the ledger." in page


def test_json_has_the_same_data_and_the_same_payments_as_settle(fri):
    from ledger.outputs import Report

    data = json.loads(fri("report", "--json", "--rate", "0.25").output)
    Report.model_validate(data)
    settled = json.loads(fri("settle", "--json", "--rate", "0.25").output)
    assert data["settle"] == settled
    assert data["title"] == "Friday [club] <i>night</i> & _co_" and data["rate"] == "0.25"
    assert [(r["player"], r["chips_in"], r["chips_out"], r["net"], r["money"]) for r in data["results"]] == [
        ("Cy", 60, 78, 18, "4.50"), (ANN, 100, 110, 10, "2.50"), (BO, 150, 120, -30, "-7.50")]
    assert data["biggest_pots"] == [{"hand": 2, "game": "freeform", "winners": ["Cy"], "size": 40},
                                    {"hand": 1, "game": "freeform", "winners": [ANN], "size": 20}]
    assert [(c["player"], c["counted"], c["ledger"], c["difference"]) for c in data["counts"]] == [
        ("Cy", 75, 78, -3), (BO, 120, 120, 0)]
    assert data["games"] == [{"game": "freeform", "title": "Freeform", "hands": 2}] and data["house"] == 2


def test_the_report_of_a_poker_night(potlog):
    potlog("import", str(SAMPLES / "holdem-night.jsonl"))
    text = potlog("report", "-s", "holdem-night").output
    assert text.startswith("# Hold'em at Cleo's\n") and "Texas Hold'em, 5 hands" in text
    # hand 4's main pot to Cleo and the side pot to Dev; the biggest first
    assert text.index("| 4 | Texas Hold'em | Cleo, Dev | 618 |") < text.index("| 3 | Texas Hold'em | Ben | 78 |")


def test_a_session_with_nobody_yet_is_a_short_report():
    n = night_of(session_facts(Table("freeform").log, "empty"))
    text = markdown(n)
    for line in ("# empty", "Freeform, 0 hands", "No players yet.", "Everyone is square: nothing to pay.",
                 "No pots yet.", "No chips were counted at the table."):
        assert line in text, text
    assert "No players yet." in html(n) and n.to_data()["results"] == []


def test_a_session_without_a_hand_is_a_short_report_not_an_error(potlog):
    potlog("new", "freeform", "--name", "empty", "-p", "Ann=100")
    text = potlog("report").output
    for line in ("# empty", "| Ann | 100 | 100 | 0 |", "Everyone is square: nothing to pay.", "No pots yet.",
                 "No chips were counted at the table."):
        assert line in text, text
    data = json.loads(potlog("report", "--json").output)
    assert data["hands"] == 0 and data["biggest_pots"] == [] and data["settle"]["payments"] == []
    assert "No pots yet." in potlog("report", "--html").output


def test_writing_a_file_never_overwrites_without_force(fri, tmp_path):
    out = tmp_path / "night.md"
    r = fri("report", "-o", str(out))
    assert out.read_text(encoding="utf-8").startswith("# Friday") and "wrote" in r.output
    out.write_text("mine", encoding="utf-8")
    r = fri("report", "--html", "-o", str(out), ok=False)
    assert r.exit_code == 1 and "already exists: add --force" in r.output
    assert out.read_text(encoding="utf-8") == "mine"
    fri("report", "--html", "-o", str(out), "--force")
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.sqlite_only
def test_the_database_is_never_a_report_target(fri):
    r = fri("report", "-o", fri.db, "--force", ok=False)
    assert r.exit_code == 1 and "the open database" in r.output


def test_refusals_and_usage_errors_are_one_line(fri):
    for args, code, says in ((("--json", "--html"), 2, "choose one"),
                             (("--currency", "EUR"), 2, "give --rate too"),
                             (("--rate", "abc"), 1, "is not a number"),
                             (("--rate", "-1"), 1, "must be a positive amount"),
                             (("-s", "nosuch"), 1, "nosuch")):
        r = fri("report", *args, ok=False)
        assert r.exit_code == code and says in r.output and len(r.output.strip().splitlines()) == 1, (args, r.output)


def test_what_the_audit_finds_wrong_is_a_warning_at_the_top():
    from ledger import events as ev

    log = freeform().log
    broken = [*log, (log[-1][0] + 1, ev.Transfer(from_account="seat:Ann", to_account="seat:Ben", amount=500))]
    n = night_of(session_facts(broken, "bad"))
    assert n.problems and all(p.startswith(f"seq {log[-1][0] + 1}") for p in n.problems)
    text = markdown(n)
    assert text.splitlines()[4].startswith(f"Warning: seq {log[-1][0] + 1}") and "(see potlog audit)" in text
    assert "Warning: seq" in html(n) and n.to_data()["problems"] == n.problems
