"""The import's usual line (`Importing.import_lines`) checks what `_check_imported` would, spelt
out in the loop for a deal, a reveal, a buy (``cards_exchanged``) and any body met before; every
line it is not sure of goes through `_check_imported`, which words the refusal. Each case is
imported quick and plain (`test_import_quick._both`): the same refusal at the same line."""

from __future__ import annotations

import pytest

from ledger.errors import RuleViolation
from tests.test_import_quick import _both, _chain, _table

BUY = {"type": "cards_exchanged", "player": "Ann", "discard": ["2H"], "draw": ["3H"], "cost": 1}
DEAL = {"type": "cards_dealt", "to": "Ann", "cards": ["2H", "4H"]}  # (the table's pack is kept from here)

BAD = {
    "a buy by one who never sat": ({**BUY, "player": "Cy"},
                                   "line 8: 'Cy' has never sat at this table (seated so far: Ann, Ben)"),
    "a drawn card of no pack": ({**BUY, "draw": ["ZZ"]}, "line 8: card 'ZZ' is not a card of the french52 pack"),
    "a discarded card of no pack": ({**BUY, "discard": ["1X"]},
                                    "line 8: card '1X' is not a card of the french52 pack"),
    "a buy paid to the bank": ({**BUY, "to_account": "bank"}, "line 8: chips come from the bank only by"),
    "a buy paid to one who never sat": ({**BUY, "to_account": "seat:Cy"},
                                        "line 8: 'Cy' has never sat at this table"),
    "a card of another pack": ({**BUY, "draw": ["1C"]}, "line 8: card '1C' is not a card of the french52 pack"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_buy_after_usual_ones_is_refused_alike_quick_or_not(tmp_path, case):
    event, says = BAD[case]
    quick, plain = _both(tmp_path, "bad", _chain("t", _table("Ann", "Ben") + [DEAL, event]))
    assert quick == plain and quick[1].startswith(says), (quick, plain)


def test_a_buy_is_checked_against_each_table_it_comes_to(tmp_path):
    """The same buy is good at a french table with Ann and Ben, refused where Ann never sat or
    the pack has no such card, and good again back at the first table."""
    buy = [DEAL, BUY, {**BUY, "discard": ["3H"], "cost": 0, "to_account": "seat:Ben"}]
    a = _chain("a", _table("Ann", "Ben") + buy)
    assert _both(tmp_path, "a", a) == [("ok", {"a": 9})] * 2
    b = _chain("b", _table("Bo", "Ben") + buy, minute=1)
    quick, plain = _both(tmp_path, "b", a[:7] + b + a[7:])
    assert quick == plain == ("InputError", "line 15: 'Ann' has never sat at this table (seated so far: Bo, Ben)")
    c = _chain("c", _table("Ann", "Ben", pack="spanish40") + [{**DEAL, "cards": ["1C"]}, {**BUY, "discard": ["1C"], "draw": ["3H"]}], minute=2)
    quick, plain = _both(tmp_path, "c", a[:7] + c)
    assert quick == plain and quick[1].startswith("line 15: card '3H' is not a card of the spanish40 pack"), quick
    good = _chain("c", _table("Ann", "Ben", pack="spanish40") + [{**DEAL, "cards": ["1C"]}, {**BUY, "discard": ["1C"], "draw": ["3C"]}], minute=2)
    assert _both(tmp_path, "g", a[:7] + good + a[7:]) == [("ok", {"a": 9, "c": 8})] * 2


@pytest.mark.parametrize("raised", [KeyError("x"), ValueError("x")])
def test_an_event_the_reducer_cannot_apply_is_refused_alike_quick_or_not(tmp_path, monkeypatch, raised):
    """A foreign event a game's `evolve` trips over (it trusts its events) is refused with what
    went wrong, on the usual line as on any other; a refusal the reducer words goes through as it is."""
    from ledger import importing

    apply = importing.apply

    def tripping(st, seq, event):
        if seq == 7:
            raise raised
        return apply(st, seq, event)

    monkeypatch.setattr(importing, "apply", tripping)
    lines = _chain("t", _table("Ann", "Ben") + [{"type": "note", "text": "x"}])
    quick, plain = _both(tmp_path, "bad", lines)
    says = f"line 7: seq 7 cannot be applied ({type(raised).__name__}): it names something that does not exist"
    assert quick == plain == ("InputError", says)
    raised = RuleViolation("no such thing")
    quick, plain = _both(tmp_path, "refused", lines)
    assert quick == plain == ("RuleViolation", "line 7: no such thing")
