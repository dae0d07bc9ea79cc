"""`potlog undo [N]` and `potlog amend SEQ -- COMMAND` (issue 11, item 1): an act is one
recorded command with the steps potlog recorded after it; corrections are voids, newest
first, in one transaction."""

from __future__ import annotations

import json

import pytest

from ledger.app import Ledger
from ledger.commands import Ante, Award, Bet, Call, Check, Command as C, Deal, End, Fold, NewHand, Note, Raise, Void
from ledger.errors import PotlogError, RuleViolation
from ledger.state import state_hash


@pytest.fixture(autouse=True)
def _own_key(tmp_path, monkeypatch):
    monkeypatch.setenv("POTLOG_KEY_FILE", str(tmp_path / "seal.key"))


def night(led: Ledger, *cmds: C) -> str:
    sid = led.new_session("freeform", [("Ann", 100), ("Ben", 100), ("Cy", 60)], name="night")
    for cmd in cmds:
        led.execute(sid, cmd)
    return sid


HAND = (NewHand(), Deal(to="all", count=2), Bet(player="Ann", amount=10), Call(player="Ben"),
        Call(player="Cy"))


def types(led: Ledger, sid: str, after: int = 0) -> list[tuple[str, int | None]]:
    return [(r.event.type, getattr(r.event, "target", None)) for r in led.store.recorded(sid, after)]


def test_undo_voids_the_last_act_and_the_table_is_as_before_it(ledger):
    sid = night(ledger, *HAND[:-1])
    before = state_hash(ledger.state(sid))
    head = ledger.store.last_seq(sid)
    ledger.execute(sid, Call(player="Cy"))
    out = ledger.undo(sid)
    assert [r.event.target for r in out] == [head + 1]  # type: ignore[attr-defined]
    assert out[0].event.reason == "undo"  # type: ignore[attr-defined]
    after = ledger.state(sid)
    assert after.stack("Cy") == 60 and after.balance("pot") == 20
    assert state_hash(ledger.fold_session(sid)) == state_hash(after)  # the same table as folded from seq 1
    assert before != state_hash(after)  # (the void itself is in the log)


def test_undo_takes_a_whole_act_newest_first_and_n_acts(ledger):
    sid = night(ledger, NewHand(), Deal(to="all", count=2), Bet(player="Ann", amount=10))
    deal = [r.seq for r in ledger.store.recorded(sid) if r.event.type == "cards_dealt"]
    assert len(deal) == 3  # 'deal all' is one act: three events recorded together
    bet = ledger.store.last_seq(sid)
    out = ledger.undo(sid, 2, reason="misdealt")
    assert [r.event.target for r in out] == [bet, *reversed(deal)]  # type: ignore[attr-defined]
    assert {r.event.reason for r in out} == {"misdealt"}  # type: ignore[attr-defined]
    st = ledger.state(sid)
    assert all(not s.cards for s in st.seats) and st.balance("pot") == 0


def test_undo_more_acts_than_there_are_records_nothing(ledger):
    sid = night(ledger, NewHand())
    head = ledger.store.last_seq(sid)
    with pytest.raises(RuleViolation, match="only 1 act to undo"):
        ledger.undo(sid, 3)
    assert ledger.store.last_seq(sid) == head
    with pytest.raises(PotlogError):
        ledger.undo(sid, 0)


def test_undo_in_a_game_that_wants_corrections_newest_first(potlog, tmp_path):
    """Bluffjack refuses a void that is not the newest event, and records a round and a forced
    raise after the last ante by itself: undo takes the three, newest first."""
    deal = ("hand\ndeal Ben ??\ndeal Cy ??\ndeal Ann ??\ndeal Ben 9H --up\ndeal Cy 4C --up\ndeal Ann KS --up\n"
            "ante Ann 2\nante Ben 2\nante Cy 2\n")
    potlog.run_script("new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2\n" + deal, tmp_path)
    last = json.loads(potlog("log", "--json").output)[-1]
    assert last["event"]["type"] == "raise"
    r = potlog("undo")
    assert r.output.count("is void: undo") == 3
    data = json.loads(potlog("state", "--json").output)
    assert data["accounts"]["pot"] == 4 and data["legal"] == ["Cy: ante — ante 2"]
    assert potlog("verify", "--rules").exit_code == 0


def test_amend_replaces_an_act_and_records_the_later_ones_again(ledger):
    sid = night(ledger, *HAND, Award(player="Ben"))
    bet = next(r.seq for r in ledger.store.recorded(sid) if r.event.type == "bet")
    result = ledger.amend(sid, bet, Bet(player="Ann", amount=20))
    assert [r.event.type for r in result.recorded] == ["bet"]
    # the calls call what is owed now; the award takes the whole pot again
    assert [(r.event.type, getattr(r.event, "amount", None)) for r in result.redone] == [
        ("call", 20), ("call", 20), ("pot_awarded", None)]
    assert result.dropped == []
    st = ledger.state(sid)
    assert (st.stack("Ann"), st.stack("Ben"), st.stack("Cy"), st.balance("pot")) == (80, 140, 40, 0)
    assert state_hash(ledger.fold_session(sid, checked=True)) == state_hash(st)
    assert all(e.target > 0 for e in (r.event for r in result.voided))  # type: ignore[attr-defined]
    assert [r.event.target for r in result.voided][-1] == bet  # type: ignore[attr-defined]


def test_amend_lists_the_later_acts_the_rules_now_refuse(ledger):
    sid = night(ledger, NewHand(), Bet(player="Ann", amount=10), Call(player="Ben"),
                Note(text="Cy thinks"))
    bet = ledger.store.last_seq(sid) - 2
    result = ledger.amend(sid, bet, Check(player="Ann"))
    assert [d[1] for d in result.dropped] == ["Ben calls 10"]
    assert "call" in result.dropped[0][2] or "check" in result.dropped[0][2]
    assert [r.event.type for r in result.redone] == ["note"]  # what still holds is recorded again
    st = ledger.state(sid)
    assert st.stack("Ben") == 100 and st.balance("pot") == 0


def test_amend_is_one_transaction(ledger):
    sid = night(ledger, *HAND)
    head = ledger.store.last_seq(sid)
    bet = head - 2
    with pytest.raises(RuleViolation, match="the corrected act is refused"):
        ledger.amend(sid, bet, Bet(player="Ann", amount=500))
    assert ledger.store.last_seq(sid) == head
    with pytest.raises(RuleViolation, match="no seq 99"):
        ledger.amend(sid, 99, Bet(player="Ann", amount=5))
    assert ledger.store.last_seq(sid) == head


def test_undo_and_amend_on_the_command_line(potlog, tmp_path):
    potlog.run_script("new freeform --name n -p Ann=100 -p Ben=100 -p Cy=60\nhand\nbet Ann 10\ncall Ben\n", tmp_path)
    r = potlog("amend", "6", "--", "bet", "Ann", "20")
    assert "Ann bets 20" in r.output and "Ben calls 20" in r.output and r.exit_code == 0
    r = potlog("undo", "--reason", "slip")
    assert "is void: slip" in r.output
    assert potlog("amend", "6", "--", "state", ok=False).exit_code == 2
    assert potlog("amend", "6", "--", "bet", "Ann", ok=False).exit_code == 2
    r = potlog("amend", "99", "--", "bet", "Ann", "5", ok=False)
    assert r.exit_code == 1 and "no seq 99" in r.output and "Traceback" not in r.output
    data = json.loads(potlog("undo", "--json").output)
    assert data[0]["event"]["type"] == "void"


# ---------------------------------------------------------------- issue 14: a void that does not refold the night
def long_night(led: Ledger, hands: int = 30) -> str:
    sid = led.new_session("freeform", [("Ann", 1000), ("Ben", 1000), ("Cy", 1000)], name="long")
    with led.batch():
        for _ in range(hands):
            for cmd in (NewHand(), Ante(player="all", amount=1), Bet(player="Ann", amount=5),
                        Call(player="Ben"), Fold(player="Cy"), Award(player="Ann"), End()):
                led.execute(sid, cmd)
    return sid


def test_a_void_in_the_current_hand_folds_from_the_hands_start(ledger, monkeypatch):
    from ledger import snapshots

    Store = type(ledger.store)  # (SQLite, or PostgreSQL with POTLOG_TEST_BACKEND=postgres)
    sid = long_night(ledger)
    for cmd in (NewHand(), Ante(player="all", amount=1), Bet(player="Ann", amount=5),
                Call(player="Ben")):
        ledger.execute(sid, cmd)
    head = ledger.store.last_seq(sid)
    start = next(r.seq for r in ledger.store.recorded(sid, head - 6) if r.event.type == "hand_started")
    assert head > snapshots.CHECKPOINT_FROM
    snapshots.forget()  # as a new process: no head in memory
    reads: list[int] = []
    real = Store.events

    def events(self, session, after=0, upto=None):  # type: ignore[no-untyped-def]
        reads.append(after)
        return real(self, session, after, upto)

    monkeypatch.setattr(Store, "events", events)
    ledger.execute(sid, Void(target=head, reason="Ben did not call"))  # the call
    assert reads and min(reads) >= start - 1  # never from seq 1: from the state before the hand
    monkeypatch.setattr(Store, "events", real)
    st = ledger.state(sid)
    assert st.stack("Ben") == ledger.fold_session(sid).stack("Ben") and st.balance("pot") == 8
    assert state_hash(st) == state_hash(ledger.fold_session(sid, checked=True))


@pytest.mark.sqlite_only
def test_a_void_that_breaks_the_chips_is_still_refused_and_forged_checkpoints_are_ignored(ledger):
    from ledger import snapshots

    sid = long_night(ledger)
    for cmd in (NewHand(), Bet(player="Ann", amount=5), Call(player="Ben"),
                Award(shares=(("Ann", 10),))):
        ledger.execute(sid, cmd)
    call = ledger.store.last_seq(sid) - 1
    head = ledger.store.last_seq(sid)
    with pytest.raises(RuleViolation, match="would break the chips"):
        ledger.execute(sid, Void(target=call, reason="no"))
    assert ledger.store.last_seq(sid) == head
    ledger.store.conn.execute("UPDATE checkpoints SET state_hash = 'forged'")
    snapshots.forget()
    early = next(r.seq for r in ledger.store.recorded(sid) if r.event.type == "fold")  # hand 1, long ago
    ledger.execute(sid, Void(target=early, reason="Cy never folded"))
    assert state_hash(ledger.state(sid)) == state_hash(ledger.fold_session(sid, checked=True))


def test_amend_with_a_word_of_another_game_is_one_line(potlog):
    potlog("new", "beetle", "-p", "Ann=10", "-p", "Ben=10", "--name", "b")
    r = potlog("amend", "1", "board", ok=False)
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 1 and len(lines) == 1 and "is for Poch" in lines[0], r.stderr


def test_a_void_that_later_acts_answered_is_refused_until_they_go(ledger):
    """A trust attack found it: in hold'em, Ann's raise voided after Ben folded to it and Cy
    called it left Cy's call of 10 standing against nobody's raise; the betting went on to the
    flop with Cy 12 in and Ann 0, Ann took Cy's 12 with a flop bet, and verify, audit and
    settle all said it was fine. A void rebuilds the table as if the event never happened, so
    a later event the rules now refuse is named and the void refused; newest first it goes,
    and amend re-decides the later acts."""
    sid = ledger.new_session("holdem", [("Ann", 100), ("Ben", 100), ("Cy", 100)], name="h")
    for cmd in (NewHand(), Deal(to="all")):
        ledger.execute(sid, cmd)
    raised = ledger.execute(sid, Raise(player="Ann", amount=10))[0].seq
    ledger.execute(sid, Fold(player="Ben"))
    ledger.execute(sid, Call(player="Cy"))
    head = ledger.store.last_seq(sid)
    with pytest.raises(RuleViolation, match=rf"later events answered seq {raised}: seq {raised + 1} \(Ben folds\) "
                       r"would be refused without it \(Ben cannot fold now: it is Ann's turn\)"):
        ledger.execute(sid, Void(target=raised, reason="misheard"))
    assert ledger.store.last_seq(sid) == head  # nothing recorded
    ledger.undo(sid, 2)  # newest first: the call and the fold, then the raise
    ledger.execute(sid, Void(target=raised, reason="misheard"))
    st = ledger.state(sid)
    assert [st.stack(p) for p in ("Ann", "Ben", "Cy")] == [100, 99, 98] and st.hand.to_act == "Ann"


def test_a_void_no_later_act_stands_on_still_goes_through(ledger):
    """Voiding an event the later ones do not answer stays allowed (a freeform bet the
    others never matched, with a note after it)."""
    sid = night(ledger, NewHand(), Bet(player="Ann", amount=10))
    bet = ledger.store.last_seq(sid)
    ledger.execute(sid, Note(text="Ben thinks"))
    ledger.execute(sid, Void(target=bet, reason="misheard"))
    assert ledger.state(sid).stack("Ann") == 100


BLUECHER_HAND = """\
new bluecher --name b -p Ann=100 -p Ben=100 -p Cleo=100 -p Dev=100 -p Eli=100
hand --dealer Ann
deal all -n 3
declare Ben dice 3
declare Ben limit 5
hole Ben
bet Ben 2
hole Cleo
call Cleo
hole Dev
call Dev
fold Eli
hole Ann
call Ann
roll Ben 4 2 6
buy Ben
check Ben
buy Cleo
bet Cleo 3
call Dev
buy Ann
call Ann
call Ben
check Ben
buy Cleo
check Cleo
fold Dev
buy Ann
bet Ann 4
call Ben
fold Cleo
buy Ben
check Ben
check Ann
reveal Ben 8H 3C 2S
hole Ben 8H
reveal Ann 9D 2H KC
hole Ann 9D
showdown
hand
"""


def test_amend_records_a_showdown_again_where_the_rules_pay_the_pot(potlog, tmp_path):
    """A trust attack found it: in Blücher the pot is paid by `potlog showdown`, so the act it
    began with a pot award; amending any earlier act of the hand tried to record that award
    again as 'award', which Blücher refuses: the showdown and every later hand were dropped
    and the hand was left open. The award is now recorded again as the showdown it was."""
    potlog.run_script(BLUECHER_HAND, tmp_path)
    rows = json.loads(potlog("log", "--json").output)
    check = next(r["seq"] for r in rows if r["event"]["type"] == "check" and r["event"]["player"] == "Ben")
    before = json.loads(potlog("state", "--json").output)
    out = json.loads(potlog("amend", "--json", str(check), "--", "check", "Ben").output)
    assert out["dropped"] == [], out["dropped"]
    after = json.loads(potlog("state", "--json").output)
    assert [(s["name"], s["stack"]) for s in after["seats"]] == [(s["name"], s["stack"]) for s in before["seats"]]
    assert after["hands_played"] == before["hands_played"] and after["hand"]["number"] == 2
    assert potlog("verify", "--rules").exit_code == 0


def test_amend_before_a_switch_of_game_records_the_switch_again(ledger):
    """A trust attack found it: amending an act before `potlog switch` dropped the switch
    ('cannot record a game_switched again by itself'), so every later act was decided again
    under the old game: on the dealers' choice night, 192 acts dropped and 31 recorded again
    as Omaha that were stud. The switch is recorded again, as verify re-decides it."""
    from ledger.commands import Switch

    sid = night(ledger, *HAND, Award(player="Ben"), End())
    bet = next(r.seq for r in ledger.store.recorded(sid) if r.event.type == "bet")
    ledger.execute(sid, Switch(name="pig", options={}))
    ledger.execute(sid, NewHand())
    before = ledger.state(sid)
    out = ledger.amend(sid, bet, Bet(player="Ann", amount=10))
    assert out.dropped == []
    after = ledger.state(sid)
    assert after.game == "pig" and after.hand is not None and after.hand.number == 2
    assert [after.stack(p) for p in ("Ann", "Ben", "Cy")] == [before.stack(p) for p in ("Ann", "Ben", "Cy")]


def test_a_hands_start_voided_under_its_bets_is_refused(ledger):
    """A trust attack found it: the start of a hold'em hand voided under its blinds and calls
    left 6 chips in a pot of no hand ('between hands' in the audit); the next hand's winner
    took them. The hand goes back newest first (undo), or not at all."""
    sid = ledger.new_session("holdem", [("Ann", 100), ("Ben", 100), ("Cy", 100)], name="h")
    start = ledger.execute(sid, NewHand())[0].seq
    for cmd in (Deal(to="all"), Call(player="Ann"), Call(player="Ben")):
        ledger.execute(sid, cmd)
    head = ledger.store.last_seq(sid)
    with pytest.raises(RuleViolation, match=rf"later events answered seq {start}: seq {start + 1} \(Ben bets 1\)"):
        ledger.execute(sid, Void(target=start, reason="misdealt"))
    assert ledger.store.last_seq(sid) == head and ledger.state(sid).balance("pot") == 6
    ledger.undo(sid, 4)  # the calls, the deal, the hand with its blinds: every chip back
    st = ledger.state(sid)
    assert st.hand is None and st.balance("pot") == 0 and [st.stack(p) for p in ("Ann", "Ben", "Cy")] == [100] * 3


def test_undo_past_an_import_says_the_imported_events_came_with_the_opening_and_how_to_cancel_one(ledger, tmp_path):
    """A PHH (or MAT) import stores a hand's events at one time with its session's opening: undo
    cannot take them back one by one, and says so (it said "only 0 acts to undo", as if nothing
    were there)."""
    from ledger.phh import import_files
    from test_phh import DWAN_IVEY

    path = tmp_path / "hand.phh"
    path.write_text(DWAN_IVEY, encoding="utf-8")
    sid = import_files(ledger, [str(path)], "2026-01-01T00:00:00Z").imported[0]
    head = ledger.store.last_seq(sid)
    with pytest.raises(RuleViolation, match=rf"only 0 acts to undo \(seq 1-{head} came in at one time with the "
                                            r"session's opening .*potlog void SEQ cancels one"):
        ledger.undo(sid)
    assert ledger.store.last_seq(sid) == head  # nothing recorded
    bare = ledger.new_session("freeform", [("Ann", 10)], name="bare")
    with pytest.raises(RuleViolation, match=r"only 0 acts to undo \(opening the session is not one"):
        ledger.undo(bare)


def test_a_leave_voided_under_the_players_new_join_is_refused(ledger):
    """A trust attack found it: Ann left, joined again with 50, then her leaving was voided; the
    join of a player still seated (which `join` refuses) read as a top-up, 'bought in 150'.
    The join goes first (newest first), or the leave stays."""
    from ledger.commands import Join, Leave

    sid = night(ledger)
    left = ledger.execute(sid, Leave(player="Ann"))[0].seq
    ledger.execute(sid, Join(player="Ann", amount=50))
    head = ledger.store.last_seq(sid)
    with pytest.raises(RuleViolation, match=rf"later events answered seq {left}: seq {left + 1} \(Ann sits down "
                                            r"and buys in for 50\) would be refused without it \(Ann is already at "
                                            r"the table"):
        ledger.execute(sid, Void(target=left, reason="she never left"))
    assert ledger.store.last_seq(sid) == head
    ledger.execute(sid, Void(target=left + 1, reason="no second buy-in"))
    ledger.execute(sid, Void(target=left, reason="she never left"))  # newest first: both go
    assert ledger.state(sid).stack("Ann") == 100
