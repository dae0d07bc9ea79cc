"""PHH import and export must not lose hands or accept bad files (issue 23, point 4): session
names unique and stable (path and content digest), "skipped" only for the very same hand,
a bad file refused (exit 1, nothing imported) unless --keep-going, amounts that are not
amounts in one line, the stated finishing stacks compared with the replay (--trust-actions),
one hand exported as a plain .phh, a hand in cents exported in dollars and cents, and the
current session left alone unless --use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.app import CURRENT
from ledger.phh import PhhError, phh_to_commands, replay
from tests.test_phh import DWAN_IVEY, PLURIBUS_27, WSOP_BB_ANTE

pokerkit = pytest.importorskip("pokerkit")

ROOT = Path(__file__).resolve().parent.parent

ANTONIUS_BLOM = """
# The largest online poker pot every played between Patrik Antonius and Viktor Blom.
variant = "PO"
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [500, 1000]
min_bet = 1000
starting_stacks = [1259450.25, 678473.5]
actions = [
  "d dh p1 Ah3sKsKh",  # Antonius
  "d dh p2 6d9s7d8h",  # Blom
  "p2 cbr 3000", "p1 cbr 9000", "p2 cbr 27000", "p1 cbr 81000", "p2 cc",
  "d db 4s5c2h",
  "p1 cbr 91000", "p2 cbr 435000", "p1 cbr 779000", "p2 cc",
  "p1 sm Ah3sKsKh", "p2 sm 6d9s7d8h",
  "d db 5h",
  "d db 9c",
]
author = "Juho Kim"
year = 2009
players = ["Patrik Antonius", "Victor Blom"]
currency = "USD"
"""
"""``antonius-blom-2009.phh`` of ``../shared/phh`` (PokerKit's data, MIT), comments trimmed."""


def sessions(potlog) -> list[str]:
    led = potlog.ledger()
    try:
        return sorted(s.session for s in led.store.sessions())
    finally:
        led.close()


def current(potlog) -> str | None:
    led = potlog.ledger()
    try:
        return led.store.get_meta(CURRENT)
    finally:
        led.close()


def pokerkit_stacks(text: str) -> list:
    state = None
    for state in pokerkit.HandHistory.loads(text):
        pass
    assert state is not None
    return list(state.stacks)


# ----------------------------------------------------------------------------- names, skipped

def test_hands_with_the_same_path_under_different_folders_both_import(potlog, tmp_path: Path):
    """`import data/pluribus/30` then `import data/pluribus/31`: every 0.phh is its own hand."""
    for folder, text in (("30", WSOP_BB_ANTE), ("31", PLURIBUS_27)):
        (tmp_path / "data" / folder).mkdir(parents=True)
        (tmp_path / "data" / folder / "0.phh").write_text(text)
    assert "1 hand(s) imported, 0 skipped" in potlog("import", str(tmp_path / "data" / "30")).output
    assert "1 hand(s) imported, 0 skipped" in potlog("import", str(tmp_path / "data" / "31")).output
    first = sessions(potlog)
    assert len(first) == 2 and all(s.startswith("phh-0-") for s in first)
    # the very same hands, from the folder above (other relative paths): skipped, by content
    again = potlog("import", str(tmp_path / "data")).output
    assert "0 hand(s) imported, 2 skipped (stored already), 0 refused" in again
    assert sessions(potlog) == first


def test_skipped_means_the_same_content_whatever_the_file_looks_like(potlog, tmp_path: Path):
    (tmp_path / "27.phh").write_text(PLURIBUS_27)
    potlog("import", str(tmp_path / "27.phh"))
    (tmp_path / "copy").mkdir()
    relaid = "# the same hand, laid out otherwise\n" + PLURIBUS_27.replace("variant = 'NT'", 'variant = "NT"  # NT')
    (tmp_path / "copy" / "hand.phh").write_text(relaid)
    out = potlog("import", str(tmp_path / "copy" / "hand.phh"), "--json").stdout
    assert json.loads(out)["imported"] == [] and "the same hand is session phh-27-" in out
    (tmp_path / "other.phh").write_text(PLURIBUS_27.replace("'Bill'", "'Bob'"))  # one field other
    assert len(json.loads(potlog("import", str(tmp_path / "other.phh"), "--json").stdout)["imported"]) == 1


def test_session_names_are_stable_across_databases(potlog, tmp_path: Path):
    from tests.conftest import Potlog

    (tmp_path / "hands").mkdir()
    (tmp_path / "hands" / "27.phh").write_text(PLURIBUS_27)
    (tmp_path / "hands" / "two.phhs").write_text("[1]\n" + DWAN_IVEY + "\n[2]\n" + WSOP_BB_ANTE)
    potlog("import", str(tmp_path / "hands"))
    other = Potlog(tmp_path / "other.db")
    other("import", str(tmp_path / "hands"))
    assert sessions(potlog) == sessions(other) and len(sessions(potlog)) == 3
    assert [s[:-13] for s in sessions(potlog)] == ["phh-27", "phh-two-1", "phh-two-2"]


# ----------------------------------------------------------------------------- refused

BAD = {
    "not-toml": ("hello = [\n", "not a PHH file (TOML)"),
    "binary": (b"\x00\x01garbage\x02", "not a PHH file (TOML)"),
    "not-utf8": (b"\xff\xfe\x00garbage\x80", "not UTF-8 text"),
    "unknown-player": (PLURIBUS_27.replace("'p3 f'", "'p9 f'"), "there is no player p9"),
    "negative-stack": (PLURIBUS_27.replace("starting_stacks = [10000,", "starting_stacks = [-10000,"),
                       "-10000 is not an amount of chips"),
    "bad-action": (PLURIBUS_27.replace("'p3 f'", "'p3 xx'"), "is not a PHH action potlog knows"),
    "unknown-variant": (PLURIBUS_27.replace("'NT'", "'NX'"), "variant 'NX'"),
    "rules": (PLURIBUS_27.replace("'p2 cbr 200'", "'p2 cbr 20'"), "'p2 cbr 20'"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_file_that_is_not_phh_is_refused_with_its_reason(potlog, tmp_path: Path, name: str):
    content, why = BAD[name]
    path = tmp_path / f"{name}.phh"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    r = potlog("import", str(path), ok=False)
    assert r.exit_code == 1 and r.stdout == "", r.output
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"potlog: refused {path}: ") and why in line, line
    assert "Traceback" not in r.output and sessions(potlog) == []


def test_a_bad_file_among_good_ones_refuses_the_import_unless_keep_going(potlog, tmp_path: Path):
    hands = tmp_path / "hands"
    hands.mkdir()
    (hands / "a.phh").write_text(DWAN_IVEY)
    (hands / "b.phh").write_text(BAD["unknown-player"][0])
    (hands / "c.phh").write_text(PLURIBUS_27)
    (hands / "d.phhs").write_text("[1]\n" + WSOP_BB_ANTE + "\n[2]\n" + BAD["bad-action"][0])
    r = potlog("import-phh", str(hands), ok=False)
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1
    assert f"refused {hands / 'b.phh'}: " in r.stderr and "nothing was imported (--keep-going" in r.stderr
    assert sessions(potlog) == []
    r = potlog("import-phh", str(hands), "--keep-going", ok=False)
    assert r.exit_code == 1
    assert r.stderr.strip().splitlines() == [
        f"potlog: refused {hands / 'b.phh'}: {phh_error(BAD['unknown-player'][0])}",
        f"potlog: refused {hands / 'd.phhs'} [2]: {phh_error(BAD['bad-action'][0])}",
    ]
    assert "3 hand(s) imported, 0 skipped (stored already), 2 refused" in r.stdout
    assert len(sessions(potlog)) == 3
    r = potlog("import-phh", str(hands), "--keep-going", "--json", ok=False)
    data = json.loads(r.stdout)
    assert data["imported"] == [] and len(data["skipped"]) == 3 and [f["file"] for f in data["failed"]] == [
        str(hands / "b.phh"), f"{hands / 'd.phhs'} [2]"]


def phh_error(text: str) -> str:
    with pytest.raises(PhhError) as err:
        replay(phh_to_commands(text))
    return str(err.value)


def test_a_phhs_without_hands_and_an_empty_folder_are_refused(potlog, tmp_path: Path):
    (tmp_path / "flat.phhs").write_text(PLURIBUS_27)  # one hand's fields, not tables [1], [2] ...
    r = potlog("import", str(tmp_path / "flat.phhs"), ok=False)
    assert r.exit_code == 1 and "not a .phhs file: its hands are tables [1], [2]" in r.stderr
    (tmp_path / "empty").mkdir()
    r = potlog("import", str(tmp_path / "empty"), ok=False)
    assert r.exit_code == 1 and "no PHH or MAT files in the directory" in r.stderr
    assert sessions(potlog) == []


def test_keep_going_and_trust_actions_are_for_phh(potlog, tmp_path: Path):
    (tmp_path / "x.jsonl").write_text("")
    r = potlog("import", str(tmp_path / "x.jsonl"), "--keep-going", ok=False)
    assert r.exit_code == 2 and "--keep-going is for PHH hands" in r.stderr


# ----------------------------------------------------------------------------- amounts

@pytest.mark.parametrize("change", [
    ("'p2 cbr 200'", "'p2 cbr 1e309'"),
    ("'p2 cbr 200'", "'p2 cbr 1e300'"),
    ("'p2 cbr 200'", "'p2 cbr 99999999999999999999999999'"),
    ("'p2 cbr 200'", "'p2 cbr -200'"),
    ("starting_stacks = [10000,", "starting_stacks = [inf,"),
    ("starting_stacks = [10000,", "starting_stacks = [nan,"),
    ("starting_stacks = [10000,", "starting_stacks = [1e309,"),
    ("starting_stacks = [10000,", "starting_stacks = [10000000000000000000000000000000,"),
    ("starting_stacks = [10000,", "starting_stacks = [10000000000.5,"),  # 10^12 cents and more
    ("min_bet = 100", "min_bet = 1e400"),
    ("blinds_or_straddles = [50,", "blinds_or_straddles = [nan,"),
], ids=["cbr-1e309", "cbr-1e300", "cbr-huge", "cbr-negative", "stack-inf", "stack-nan", "stack-1e309",
        "stack-huge", "stack-huge-cents", "min-bet", "blind-nan"])
def test_non_finite_and_absurd_amounts_are_one_line(potlog, tmp_path: Path, change):
    text = PLURIBUS_27.replace(*change)
    assert text != PLURIBUS_27
    with pytest.raises(PhhError, match="is not an amount of chips|more chips than potlog counts"):
        phh_to_commands(text)
    (tmp_path / "hand.phh").write_text(text)
    r = potlog("import", str(tmp_path / "hand.phh"), ok=False)
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1 and "internal error" not in r.output


# ----------------------------------------------------------------------------- finishing stacks

WRONG_END = WSOP_BB_ANTE.replace("finishing_stacks = [2125000, 2200000, 3125000, 2825000, 19425000]",
                                 "finishing_stacks = [2125000, 2200000, 3125000, 2825000, 99999999]")


def test_finishing_stacks_other_than_the_replay_are_refused_naming_both(potlog, tmp_path: Path):
    assert WRONG_END != WSOP_BB_ANTE
    (tmp_path / "hand.phh").write_text(WRONG_END)
    r = potlog("import", str(tmp_path / "hand.phh"), ok=False)
    assert r.exit_code == 1 and sessions(potlog) == []
    assert ("finishing_stacks [2125000, 2200000, 3125000, 2825000, 99999999] are not the replay's "
            "[2125000, 2200000, 3125000, 2825000, 19425000] (--trust-actions records the replay)") in r.stderr


def test_trust_actions_records_the_replay_and_lists_the_difference(potlog, tmp_path: Path):
    (tmp_path / "hand.phh").write_text(WRONG_END)
    r = potlog("import", str(tmp_path / "hand.phh"), "--trust-actions")
    assert "hand.phh: recorded the replay: finishing_stacks [2125000, 2200000, 3125000, 2825000, 99999999]" in r.stdout
    (sid,) = sessions(potlog)
    led = potlog.ledger()
    try:
        state = led.fold_session(sid, checked=True)
    finally:
        led.close()
    assert [state.stack(n) for n in phh_to_commands(WRONG_END).names] == [2125000, 2200000, 3125000, 2825000, 19425000]
    data = json.loads(potlog("import-phh", str(tmp_path / "hand.phh"), "--trust-actions", "--json").stdout)
    assert data["differences"] == [] and len(data["skipped"]) == 1  # stored already


def test_more_chips_at_the_end_than_were_bought_in_are_refused():
    """The issue's example: ``[208, 198, 999]`` after a hand of 600 chips."""
    text = "\n".join([
        "variant = 'NT'", "antes = [0, 0, 0]", "blinds_or_straddles = [1, 2, 0]", "min_bet = 2",
        "starting_stacks = [200, 200, 200]",
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 cc', 'p2 f', 'd db 2c3d4h',"
        " 'p1 cc', 'p3 cbr 2', 'p1 f']",
        "finishing_stacks = [208, 198, 999]",
    ])
    hand = phh_to_commands(text)
    state = replay(hand)
    ours = [state.stack(n) for n in hand.names]
    assert ours == [194, 198, 208]
    assert hand.difference(ours) == "finishing_stacks [208, 198, 999] are not the replay's [194, 198, 208]"
    assert phh_to_commands(text.replace("[208, 198, 999]", "[194, 198, 208]")).difference(ours) is None


def test_an_odd_chip_stated_in_halves_agrees_with_whole_chips():
    """The reading ten Pluribus hands need (41b/204: ``10162.5`` each): a stated fraction of a
    chip agrees with the whole chip below or above it, when the totals are the same; whole
    stated chips must be the replay's exactly."""
    hand = phh_to_commands(PLURIBUS_27)
    ours = [9950, 10475, 10000, 10000, 9575, 10000]
    assert hand.difference(ours) is None
    halves = phh_to_commands(PLURIBUS_27.replace("[9950, 10475, 10000, 10000, 9575, 10000]",
                                                 "[9950, 10474.5, 10000, 10000, 9575.5, 10000]"))
    assert halves.difference(ours) is None and halves.scale == 1
    moved = phh_to_commands(PLURIBUS_27.replace("[9950, 10475, 10000, 10000, 9575, 10000]",
                                                "[9950, 10474, 10000, 10000, 9576, 10000]"))
    assert moved.difference(ours) is not None
    far = phh_to_commands(PLURIBUS_27.replace("[9950, 10475, 10000, 10000, 9575, 10000]",
                                              "[9950, 10473.5, 10000, 10000, 9576.5, 10000]"))
    assert far.difference(ours) is not None


# ----------------------------------------------------------------------------- export

def test_one_hand_exports_as_a_plain_phh_that_pokerkit_loads(potlog, tmp_path: Path):
    (tmp_path / "dwan.phh").write_text(DWAN_IVEY)
    potlog("import", str(tmp_path / "dwan.phh"), "--use")
    potlog("export", "-f", "phh", "-o", str(tmp_path / "hand.phh"))
    text = (tmp_path / "hand.phh").read_text()
    assert not text.startswith("[") and "[1]" not in text
    with (tmp_path / "hand.phh").open("rb") as fh:
        history = pokerkit.HandHistory.load(fh)
    state = None
    for state in history:
        pass
    assert state is not None and list(state.stacks) == [572100, 1997500, 1109500]


def test_several_hands_export_as_a_phhs(potlog, tmp_path: Path):
    potlog("run", str(ROOT / "sample_sessions" / "holdem-night.potlog"))
    potlog("export", "-f", "phh", "-o", str(tmp_path / "night.phhs"), "--session", "holdem-night")
    text = (tmp_path / "night.phhs").read_text()
    assert text.startswith("[1]\n")
    with (tmp_path / "night.phhs").open("rb") as fh:
        assert len(list(pokerkit.HandHistory.load_all(fh))) == 5


def test_a_hand_in_dollars_and_cents_exports_in_dollars_and_cents(potlog, tmp_path: Path):
    (tmp_path / "antonius-blom-2009.phh").write_text(ANTONIUS_BLOM)
    potlog("import", str(tmp_path / "antonius-blom-2009.phh"), "--use")
    potlog("export", "-f", "phh", "-o", str(tmp_path / "back.phh"))
    text = (tmp_path / "back.phh").read_text()
    assert "starting_stacks = [1259450.25, 678473.5]" in text and "blinds_or_straddles = [500, 1000]" in text
    assert "finishing_stacks = [1937923.75, 0]" in text and '"p1 cbr 779000"' in text
    theirs = pokerkit_stacks(ANTONIUS_BLOM)
    assert [str(s) for s in theirs] == ["1937923.75", "0.0"]
    assert pokerkit_stacks(text) == theirs  # the round trip: PokerKit's very final stacks
    again = json.loads(potlog("import", str(tmp_path / "back.phh"), "--json").stdout)["imported"]
    led = potlog.ledger()
    try:
        state = led.fold_session(again[0], checked=True)
    finally:
        led.close()
    assert state.chip_unit == "cent" and [state.stack(n) for n in ("Patrik Antonius", "Victor Blom")] == [193792375, 0]


# ----------------------------------------------------------------------------- the current session

def test_importing_leaves_the_current_session_alone_unless_use(potlog, tmp_path: Path):
    potlog("new", "holdem", "--name", "live", "-p", "Ann=100", "-p", "Ben=100")
    (tmp_path / "27.phh").write_text(PLURIBUS_27)
    (tmp_path / "dwan.phh").write_text(DWAN_IVEY)
    (tmp_path / "63.phh").write_text(WSOP_BB_ANTE)
    potlog("import", str(tmp_path / "27.phh"))
    assert current(potlog) == "live"
    potlog("import-phh", str(tmp_path / "dwan.phh"))
    assert current(potlog) == "live"
    r = potlog("import-phh", str(tmp_path / "63.phh"), "--use")
    assert current(potlog).startswith("phh-63-") and "(now current)" in r.stdout
