"""PHH into potlog: reading a hand, turning its actions into commands, replaying and recording it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.app import Ledger
from ledger.commands import AllIn, Call, Deal, Fold, NewHand, Raise
from ledger.phh import PhhError, phh_to_commands, record_hand, replay, session_name
from ledger.state import TableState
from tests.table import Table

PLURIBUS_27 = """
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
actions = ['d dh p1 Jh2c', 'd dh p2 Td3d', 'd dh p3 3hJc', 'd dh p4 ThKd', 'd dh p5 JsAs', 'd dh p6 8cKc', 'p3 f',
           'p4 f', 'p5 cbr 225', 'p6 f', 'p1 f', 'p2 cc', 'd db 7c6h7h', 'p2 cc', 'p5 cc', 'd db 3c', 'p2 cc', 'p5 cc',
           'd db 7d', 'p2 cbr 200', 'p5 cc', 'p2 sm Td3d', 'p5 sm']
hand = 27
players = ['Bill', 'MrBlue', 'Pluribus', 'MrWhite', 'Budd', 'MrOrange']
finishing_stacks = [9950, 10475, 10000, 10000, 9575, 10000]
"""

DWAN_IVEY = """
variant = "NT"
ante_trimming_status = true
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h",
  "p3 cbr 7000", "p1 cbr 23000", "p2 f", "p3 cc",
  "d db Jc3d5c", "p1 cbr 35000", "p3 cc",
  "d db 4h", "p1 cbr 90000", "p3 cbr 232600", "p1 cbr 1067100", "p3 cc",
  "p1 sm Ac2d", "p3 sm 7h6h",
  "d db Jh",
]
players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
"""

WSOP_BB_ANTE = """
variant = 'NT'
ante_trimming_status = false
antes = [0, 225000, 0, 0, 0]
blinds_or_straddles = [75000, 150000, 0, 0, 0]
min_bet = 150000
starting_stacks = [2200000, 2575000, 3125000, 2375000, 19425000]
actions = ['d dh p1 4h3c', 'd dh p2 Qd6d', 'd dh p3 Td2s', 'd dh p4 Ad5s', 'd dh p5 Js6c', 'p3 f', 'p4 cbr 2375000',
           'p5 f', 'p1 f', 'p2 f']
players = ['Matthew Ashton', 'Kristopher Tong', 'James Obst', 'Talal Shakerchi', 'Brian Rast']
finishing_stacks = [2125000, 2200000, 3125000, 2825000, 19425000]
"""


def stacks(text: str) -> list[int]:
    hand = phh_to_commands(text)
    state = replay(hand)
    return [state.stack(n) for n in hand.names]


def test_a_hand_reads_as_options_players_and_actions():
    hand = phh_to_commands(DWAN_IVEY)
    assert hand.options == {"small_blind": 1000, "big_blind": 2000, "ante": 500}
    assert hand.players == (("Phil Ivey", 1125600), ("Patrik Antonius", 2000000), ("Tom Dwan", 553500))
    assert hand.button == "Tom Dwan"
    first, unseen, board = hand.actions[0], hand.actions[1], hand.actions[7]
    table = TableState()  # deals need no table to resolve
    assert first.command(table) == Deal(to="Phil Ivey", cards=("AC", "2D"))
    assert unseen.command(table) == Deal(to="Patrik Antonius", cards=("??", "??"))
    assert board.command(table) == Deal(to="board", cards=("JC", "3D", "5C"), face_up=True)
    assert phh_to_commands(WSOP_BB_ANTE).options == {"small_blind": 75000, "big_blind": 150000, "bb_ante": 225000}


def test_bets_and_calls_resolve_against_the_table():
    hand = phh_to_commands(DWAN_IVEY)
    t = Table("holdem", options=hand.options, Ivey=1125600, Antonius=2000000, Dwan=553500)
    t(NewHand(dealer="Dwan"))
    t(Deal(to="all"))
    from ledger.phh import Action

    assert Action("p3 cbr 7000", "Dwan", "cbr", "7000").command(t.state) == Raise(player="Dwan", amount=5000)
    t(Raise(player="Dwan", amount=5000))
    assert Action("p1 cc", "Ivey", "cc").command(t.state) == Call(player="Ivey")
    assert Action("p1 cbr 553500", "Ivey", "cbr", "553500").command(t.state).verb == "raise"
    assert Action("p3 cbr 553000", "Dwan", "cbr", "553000").command(t.state) == AllIn(player="Dwan")
    assert Action("p2 sm", "Antonius", "sm").command(t.state) == Fold(player="Antonius")


@pytest.mark.parametrize("text,want", [
    (PLURIBUS_27, [9950, 10475, 10000, 10000, 9575, 10000]),         # a showdown, the loser mucks
    (DWAN_IVEY, [572100, 1997500, 1109500]),                          # antes, an all-in, shown before the river
    (WSOP_BB_ANTE, [2125000, 2200000, 3125000, 2375000 + 225000 + 75000 + 150000, 19425000]),
], ids=["pluribus-27", "dwan-ivey", "wsop-bb-ante"])
def test_replayed_hands_end_with_the_recorded_stacks(text, want):
    assert stacks(text) == want


def test_the_big_blind_ante_is_dead_money_not_a_bet():
    hand = phh_to_commands(WSOP_BB_ANTE)
    state = replay(hand)
    assert state.balance("pot") == 0 and sum(state.stack(n) for n in hand.names) == sum(s for _, s in hand.players)


@pytest.mark.parametrize("change,says", [
    (("variant = 'NT'", "variant = 'NX'"), "variant 'NX': potlog reads the PHH variants NT, FT, NS"),
    (("'p3 f'", "'p3 xx'"), "not a PHH action"),
    (("'p3 f'", "'p9 f'"), "no player p9"),
    (("antes = [0, 225000, 0, 0, 0]", "antes = [1, 2, 3, 4, 5]"), "an ante from everyone or a big-blind ante"),
    (("'p4 cbr 2375000'", "'p4 cbr 2375000', 'p4 cbr 5'"), "p4 cbr 5"),
], ids=["variant", "action", "player", "antes", "refused"])
def test_what_potlog_cannot_read_is_refused_in_one_line(change, says):
    with pytest.raises(PhhError) as err:
        stacks(WSOP_BB_ANTE.replace(*change))
    assert says in str(err.value)


def test_a_hand_is_recorded_into_a_session_of_its_own(tmp_path: Path):
    led = Ledger.open(str(tmp_path / "p.db"))
    try:
        sid = record_hand(led, DWAN_IVEY, name="dwan-ivey")
        state = led.fold_session(sid, checked=True)
        assert [state.stack(n) for n in ("Phil Ivey", "Patrik Antonius", "Tom Dwan")] == [572100, 1997500, 1109500]
        assert state.game == "holdem" and state.hands_played == 1
    finally:
        led.close()


def test_session_names_follow_the_files_and_their_content():
    assert session_name("/data/pluribus/83/27.phh", "/data", content="0123456789ab") == "phh-pluribus-83-27-0123456789ab"
    assert session_name("somewhere/dwan ivey.phh", content="0123456789ab") == "phh-dwan-ivey-0123456789ab"
    assert session_name("night.phhs", key="2", content="0123456789ab") == "phh-night-2-0123456789ab"
    long = session_name("/d/" + "x" * 80 + "/27.phh", "/d", content="0123456789ab")
    assert len(long) == 64 and long.endswith("x-27-0123456789ab")


def _imported(potlog, *args: str) -> list[str]:
    import json

    return json.loads(potlog(*args, "--json").stdout)["imported"]


def test_import_phh_reads_files_and_directories(potlog, tmp_path: Path):
    hands = tmp_path / "hands"
    (hands / "wsop").mkdir(parents=True)
    (hands / "wsop" / "63.phh").write_text(WSOP_BB_ANTE)
    (hands / "27.phh").write_text(PLURIBUS_27)
    out = potlog("import-phh", str(hands)).output
    assert "2 hand(s) imported, 0 skipped (stored already), 0 refused" in out
    again = potlog("import-phh", str(hands), "--json").output
    assert '"imported": []' in again and "the same hand is session phh-27-" in again
    led = potlog.ledger()
    try:
        sids = sorted(s.session for s in led.store.sessions())
    finally:
        led.close()
    assert [s[:-13] for s in sids] == ["phh-27", "phh-wsop-63"]
    assert "19425000" in potlog("state", "--session", sids[1]).output
    assert potlog("verify", "--rules", "--session", sids[0]).exit_code == 0
    bad = tmp_path / "bad.phh"
    bad.write_text(PLURIBUS_27.replace("'p2 cbr 200'", "'p2 cbr 20'"))
    refused = potlog("import-phh", str(bad), ok=False)
    assert refused.exit_code == 1 and "refused" in refused.output


def test_potlog_import_reads_phh_files_directories_and_phhs_as_import_phh_does(potlog, tmp_path: Path):
    hands = tmp_path / "hands"
    (hands / "wsop").mkdir(parents=True)
    (hands / "wsop" / "63.phh").write_text(WSOP_BB_ANTE)
    (hands / "27.phh").write_text(PLURIBUS_27)
    out = potlog("import", str(hands), "--use").output
    assert "2 hand(s) imported, 0 skipped (stored already), 0 refused; the last is session phh-wsop-63-" in out
    assert "19425000" in potlog("state").output  # --use: the last hand's session is current
    again = potlog("import", str(hands / "27.phh"), "--json").output
    assert '"imported": []' in again and "the same hand is session phh-27-" in again
    night = tmp_path / "two.phhs"
    night.write_text("[1]\n" + DWAN_IVEY + "\n[2]\n" + PLURIBUS_27)
    two = _imported(potlog, "import", str(night))
    assert len(two) == 1 and two[0].startswith("phh-two-1-")  # [2] is the 27.phh stored already
    assert "1109500" in potlog("state", "--session", two[0]).output
    bad = tmp_path / "bad.phh"
    bad.write_text(PLURIBUS_27.replace("'p2 cbr 200'", "'p2 cbr 20'"))
    refused = potlog("import", str(bad), ok=False)
    assert refused.exit_code == 1 and "potlog: refused" in refused.output and "Traceback" not in refused.output
    missing = potlog("import", str(tmp_path / "nowhere.phh"), ok=False)
    assert missing.exit_code != 0 and "no file or directory" in missing.output
    assert "Traceback" not in missing.output


def test_a_hand_exports_as_phh_with_its_own_actions() -> None:
    from ledger.export.phh_format import session_hands

    log: list = []
    replay(DWAN_IVEY, log)
    (text,) = session_hands(log, (), "famous")
    assert 'antes = [500, 500, 500]' in text and "blinds_or_straddles = [1000, 2000, 0]" in text
    assert 'players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]' in text
    assert ('actions = ["d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 7000", "p1 cbr 23000", "p2 f", '
            '"p3 cc", "d db Jc3d5c", "p1 cbr 35000", "p3 cc", "d db 4h", "p1 cbr 90000", "p3 cbr 232600", '
            '"p1 cbr 1067100", "p3 cc", "p1 sm Ac2d", "p3 sm 7h6h", "d db Jh"]') in text
    assert "finishing_stacks = [572100, 1997500, 1109500]" in text
    again = replay(text)
    assert [again.stack(n) for n in ("Phil Ivey", "Patrik Antonius", "Tom Dwan")] == [572100, 1997500, 1109500]


def test_a_night_exported_as_phhs_imports_back_hand_by_hand(potlog, tmp_path: Path):
    import io

    from ledger.export import phh_format

    root = Path(__file__).resolve().parent.parent
    potlog("run", str(root / "sample_sessions" / "holdem-night.potlog"))
    led = potlog.ledger()
    try:
        out = io.StringIO()
        phh_format.write(led, ["holdem-night"], out)
        night = led.state("holdem-night")
    finally:
        led.close()
    file = tmp_path / "night.phhs"
    file.write_text(out.getvalue())
    sids = _imported(potlog, "import-phh", str(file))
    assert len(sids) == 5 and sids[4].startswith("phh-night-5-")
    last = potlog.ledger()
    try:
        hand5 = last.state(sids[4])
    finally:
        last.close()
    assert [hand5.stack(s.name) for s in hand5.seats] == [night.stack(s.name) for s in hand5.seats]


def test_only_poker_sessions_export_as_phh(tmp_path: Path):
    import io

    from ledger.errors import InputError
    from ledger.export import phh_format

    led = Ledger.open(str(tmp_path / "f.db"))
    try:
        sid = led.new_session("freeform", [("Ann", 10), ("Ben", 10)], name="free")
        with pytest.raises(InputError, match="export a session of holdem, shortdeck, omaha, stud"):
            phh_format.write(led, [sid], io.StringIO())
    finally:
        led.close()


@pytest.mark.parametrize("change,says", [
    (("starting_stacks = [2200000", "starting_stacks = ['x'"), "'x' is not an amount of chips"),
    (("starting_stacks = [2200000, 2575000, 3125000, 2375000, 19425000]", "starting_stacks = [0, 0, 0, 0, 5]"),
     "the hand cannot start: a hand needs 2 to 10 players with chips"),
], ids=["stack", "chips"])
def test_a_malformed_hand_is_refused_as_phh(change, says):
    with pytest.raises(PhhError, match=says):
        stacks(WSOP_BB_ANTE.replace(*change))


@pytest.mark.parametrize("session", ["phh-pluribus-27-0123456789ab", "phh-Ümlaut-\ud800-\"quoted\"\\"])
def test_hand_rows_chain_each_row_to_the_one_before_as_chain_hash_does(session: str):
    """The rows of a hand are hashed in one loop (`events.chain_hashes`): the very hashes
    `chain_hash` gives row by row, whatever the session's name and the time hold."""
    from ledger import events as ev
    from ledger.phh import hand_rows

    at = "2026-01-01T00:00:00.5Z\u00e9"
    rows, _ = hand_rows(PLURIBUS_27, session, at)
    prev = ev.GENESIS
    for s, seq, etype, body, before, digest, when in rows:
        assert (s, before, when) == (session, prev, at)
        assert digest == ev.chain_hash(prev, body, session=session, seq=seq, etype=etype, recorded_at=at)
        prev = digest
    assert [r[1] for r in rows] == list(range(1, len(rows) + 1)) and len(rows) > 20


def test_a_phh_file_named_in_capitals_is_read_as_phh(potlog, tmp_path: Path):
    """``HAND.PHH`` (a camera roll, a Windows share) was read as JSONL and refused as 'not JSON';
    a directory's ``.PHH`` files were passed over."""
    loose = tmp_path / "HAND27.PHH"
    loose.write_text(PLURIBUS_27)
    assert _imported(potlog, "import", str(loose))[0].startswith("phh-HAND27-")
    hands = tmp_path / "hands"
    hands.mkdir()
    (hands / "63.Phh").write_text(WSOP_BB_ANTE)
    out = potlog("import", str(hands)).output
    assert "1 hand(s) imported" in out and "phh-63-" in out


def test_import_of_a_directory_with_no_hands_or_matches_names_both_kinds(potlog, tmp_path: Path):
    (tmp_path / "empty" / "sub").mkdir(parents=True)
    (tmp_path / "empty" / "notes.txt").write_text("nothing to import")
    r = potlog("import", str(tmp_path / "empty"), ok=False)
    assert r.exit_code == 1 and len(r.output.strip().splitlines()) == 1
    assert "no PHH or MAT files in the directory" in r.output and ".phh, .phhs and .mat" in r.output
