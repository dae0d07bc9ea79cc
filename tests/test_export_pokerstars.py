"""``potlog export -f pokerstars``: hold'em and Omaha hands as PokerStars hand histories, read
back by a maintained third-party parser of that format: PokerKit's ``PokerStarsParser``
(``pokerkit.notation``, on PyPI, already a test dependency).

PokerKit's parser reads no-limit hold'em and no antes: the real hands with antes (the big-blind
ante of the WSOP, Dwan-Ivey's antes) and the Omaha ones are read by it with the two patterns
it lacks added the way it declares them (class attributes of its `REParser`): PokerStars'
``posts the ante N`` and the name ``Omaha Pot Limit``. Everything else is its own reading.

Each hand read back is compared with potlog's: the players (in the order PokerKit seats them,
p1 left of the button, as potlog's PHH export), their seats and starting stacks, every action
(with potlog's own PHH export of the same events), the board, and the stacks PokerKit's
replay of the parsed hand ends with, which are potlog's when every hand at the showdown is
known (PokerStars has no line for an unknown mucked hand, so PokerKit cannot settle a pot
between unseen cards).
"""

from __future__ import annotations

import io
import json
import tarfile
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path
from re import compile

import pytest

from ledger import events as ev
from ledger.commands import AllIn, Deal, Fold, NewHand, Raise, Reveal
from ledger.errors import InputError
from ledger.export.phh_format import session_hands as phh_hands
from ledger.export.poker_hands import Hand, session_hands
from ledger.export.pokerstars_format import hand_text, ranked
from ledger.phh import phh_to_commands, replay
from tests.table import Table, omaha_hi_lo_hand

notation = pytest.importorskip("pokerkit.notation")

ROOT = Path(__file__).resolve().parent.parent
TARBALL = next((up / "shared" / "phh" / "pokerkit-data-14f7714.tar.gz" for up in (ROOT.parent, ROOT.parent.parent)
                if (up / "shared" / "phh").is_dir()), ROOT.parent / "shared" / "phh" / "pokerkit-data-14f7714.tar.gz")
REAL = ["data/dwan-ivey-2009.phh", "data/pluribus/83/27.phh", "data/pluribus/83/63.phh",
        "data/wsop/2023/43/5/63.phh", "data/antonius-blom-2009.phh", "data/wsop/2023/43/5/30.phh"]


class Stars(notation.PokerStarsParser):  # type: ignore[misc,name-defined]
    """PokerKit's parser, with PokerStars' ante line and Omaha's name (see the docstring)."""

    ANTE_POSTING = compile(r"(?P<player>.+): posts the ante \D?(?P<ante>[0-9.]+)")
    VARIANT = compile(r" (?P<variant>Hold'em No Limit|Omaha Pot Limit) ")
    VARIANTS = {"Hold'em No Limit": "NT", "Omaha Pot Limit": "PO"}


ROWS = [json.loads(line) for line in (ROOT / "sample_sessions" / "holdem-night.jsonl").read_text().splitlines()]
TIMES = {r["seq"]: r["recorded_at"] for r in ROWS}


def night() -> list[tuple[int, ev.Event]]:
    """The sample hold'em night's events, as its JSONL export holds them."""
    return [(r["seq"], ev.parse_event_dict(r["event"])) for r in ROWS]


def parse(text: str, parser: object = None) -> list:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns of its own field names
        return list((parser or notation.PokerStarsParser())(text, error_status=True))


def final_stacks(hh: object) -> list[object]:
    state = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for state in hh:  # type: ignore[attr-defined]
            pass
    assert state is not None
    return list(state.stacks)


def chips(hand: Hand, n: int) -> object:
    """`n` chips as PokerKit reads them from the export: dollars for a session in cents."""
    return Decimal(n) / 100 if hand.cents else n


def phh_actions(log: list[tuple[int, ev.Event]]) -> list[list[str]]:
    return [tomllib.loads(text)["actions"] for text in phh_hands(log, (), "x")]


def same_hand(hh: object, hand: Hand, phh: list[str]) -> None:
    """PokerKit's reading `hh` of `hand` is potlog's hand (see the module docstring)."""
    order = [p for p in hh.players]  # type: ignore[attr-defined]
    by_name = {p.name: p for p in hand.players}
    assert sorted(order) == sorted(by_name)
    assert list(hh.seats) == [by_name[p].seat for p in order]  # type: ignore[attr-defined]
    assert list(hh.starting_stacks) == [chips(hand, by_name[p].stack) for p in order]  # type: ignore[attr-defined]
    ours = [a for a in phh if " sm" not in a]
    theirs = [a for a in hh.actions if " sm" not in a]  # type: ignore[attr-defined]
    assert theirs == ours
    board = "".join(a.split()[-1] for a in hh.actions if a.startswith("d db"))  # type: ignore[attr-defined]
    assert board == "".join(hand.board)
    shown = {a.split()[0]: a.split()[-1] for a in hh.actions if " sm " in a and "?" not in a}  # type: ignore[attr-defined]
    assert shown == {f"p{order.index(s.player) + 1}": "".join(s.cards) for s in hand.shows if s.kind == "show"}
    if all(s.kind == "show" for s in hand.shows):
        assert final_stacks(hh) == [chips(hand, by_name[p].end) for p in order]


def test_a_hand_won_by_a_fold_reads_as_pokerstars_writes_it():
    first = session_hands(night(), (), "holdem-night", TIMES)[0]
    text = hand_text(first).replace(str(first.game_id), "N")
    assert text == """\
PokerStars Hand #N:  Hold'em No Limit (1/2) - 2026/11/21 15:02:00 ET
Table 'Hold'em at Cleo's' 4-max Seat #1 is the button
Seat 1: Ann (200 in chips)
Seat 2: Ben (200 in chips)
Seat 3: Cleo (200 in chips)
Seat 4: Dev (200 in chips)
Ben: posts small blind 1
Cleo: posts big blind 2
*** HOLE CARDS ***
Dev: raises 4 to 6
Ann: folds
Ben: folds
Cleo: folds
Uncalled bet (4) returned to Dev
Dev collected 5 from pot
Dev: doesn't show hand
*** SUMMARY ***
Total pot 5 | Rake 0
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Ben (small blind) folded before Flop
Seat 3: Cleo (big blind) folded before Flop
Seat 4: Dev collected (5)



"""


def test_side_pots_all_ins_and_a_showdown_read_as_pokerstars_writes_them():
    hands = session_hands(night(), (), "holdem-night")
    fourth = hand_text(hands[3])
    for line in ["Ann: posts small blind 2", "Ben: posts big blind 4", "Cleo: raises 192 to 196 and is all-in",
                 "Dev: raises 13 to 209 and is all-in", "Ann: calls 207",
                 "*** FLOP *** [Qh Qd 4c]\n*** TURN *** [Qh Qd 4c] [2s]\n*** RIVER *** [Qh Qd 4c 2s] [6c]\n"
                 "*** SHOW DOWN ***\nCleo: shows [Kh Kd] (two pair, Kings and Queens)",
                 "Cleo collected 592 from main pot\nDev collected 26 from side pot\n*** SUMMARY ***",
                 "Total pot 618 Main pot 592. Side pot 26. | Rake 0", "Board [Qh Qd 4c 2s 6c]",
                 "Seat 4: Dev (button) showed [Jc Jd] and won (26) with two pair, Queens and Jacks",
                 "Seat 1: Ann (small blind) showed [Ac 4h] and lost with two pair, Queens and Fours"]:
        assert line in fourth
    # no blind as a bet, no "raises by", a showdown only where there is one, the board once
    whole = "".join(hand_text(h) for h in hands)
    assert " bets 1\n" not in whole and "raises by" not in whole and "Board board" not in whole
    assert "SHOW DOWN" not in hand_text(hands[0]) + hand_text(hands[1])
    assert "Ben: mucks hand" in hand_text(hands[4]) and "Seat 2: Ben (small blind) mucked" in hand_text(hands[4])


def test_pokerkit_reads_the_night_back_as_potlog_played_it():
    log = night()
    hands = session_hands(log, (), "holdem-night")
    text = "".join(hand_text(h) for h in hands)
    read = parse(text)  # PokerKit's parser as it is: no-limit hold'em without antes
    assert [hh.hand for hh in read] == [h.game_id for h in hands]
    for hh, hand, phh in zip(read, hands, phh_actions(log), strict=True):
        same_hand(hh, hand, phh)
    assert read[0].winnings == [0, 0, 5, 0]  # the summary's "collected (5)" (p3 is Dev)
    assert final_stacks(read[3]) == [53, 229, 592, 26]  # the side pot hand


@pytest.fixture(scope="module")
def real() -> dict[str, str]:
    if not TARBALL.is_file():
        pytest.skip(f"no PHH data: {TARBALL} is missing")
    with tarfile.open(TARBALL) as tar:
        return {name: tar.extractfile(name).read().decode() for name in REAL}  # type: ignore[union-attr]


@pytest.mark.parametrize("name", REAL)
def test_real_hands_read_back_by_pokerkit(real: dict[str, str], name: str):
    """Dwan-Ivey (antes, an all-in raise called short: the uncalled bet at a showdown, an
    unseen hand), two Pluribus hands, a WSOP hand with a big-blind ante, Antonius-Blom
    (pot-limit Omaha in dollars and cents) and a WSOP Omaha showdown."""
    log: list[tuple[int, ev.Event]] = []
    replay(phh_to_commands(real[name]), log)
    (hand,) = session_hands(log, (), "real")
    text = hand_text(hand)
    (hh,) = parse(text, Stars())
    same_hand(hh, hand, phh_actions(log)[0])
    assert hand.game == ("omaha" if "variant = \"PO\"" in real[name] or "variant = 'PO'" in real[name] else "holdem")
    assert final_stacks(hh) == [chips(hand, p.end) for p in sorted(hand.players, key=lambda p: hh.players.index(p.name))]


def test_dwan_ivey_reads_as_pokerstars_wrote_its_hands(real: dict[str, str]):
    log: list[tuple[int, ev.Event]] = []
    replay(phh_to_commands(real["data/dwan-ivey-2009.phh"]), log)
    text = hand_text(session_hands(log, (), "famous")[0])
    for line in ["Phil Ivey: posts the ante 500", "Tom Dwan: posts the ante 500", "Phil Ivey: posts small blind 1000",
                 "Dealt to Phil Ivey [Ac 2d]\nDealt to Tom Dwan [7h 6h]\nTom Dwan: raises 5000 to 7000",
                 "Phil Ivey: raises 834500 to 1067100 and is all-in", "Tom Dwan: calls 262400 and is all-in",
                 "Uncalled bet (572100) returned to Phil Ivey\n*** RIVER ***",
                 "Tom Dwan collected 1109500 from pot", "Total pot 1109500 | Rake 0",
                 "Seat 2: Patrik Antonius (big blind) folded before Flop",
                 "Seat 3: Tom Dwan (button) showed [7h 6h] and won (1109500) with a straight, Three to Seven"]:
        assert line in text, line
    assert "Dealt to Patrik Antonius" not in text  # unseen cards are not told


def test_a_session_in_cents_is_a_cash_game_in_dollars(real: dict[str, str]):
    log: list[tuple[int, ev.Event]] = []
    replay(phh_to_commands(real["data/antonius-blom-2009.phh"]), log)
    text = hand_text(session_hands(log, (), "big-pot")[0])
    for line in ["Omaha Pot Limit ($500/$1000 USD)", "Seat 1: Patrik Antonius ($1259450.25 in chips)",
                 "Victor Blom: posts small blind $500\nPatrik Antonius: posts big blind $1000",
                 "Victor Blom: calls $162473.50 and is all-in\nUncalled bet ($181526.50) returned to Patrik Antonius",
                 "Patrik Antonius collected $1356947 from pot", "Total pot $1356947 | Rake 0",
                 "Seat 2: Victor Blom (button) (small blind) showed [6d 9s 7d 8h] and lost with two pair, Nines and Fives"]:
        assert line in text, line


def test_two_side_pots_are_named_as_pokerstars_names_them():
    t = Table("holdem", options={"small_blind": 1, "big_blind": 2}, Ann=50, Ben=100, Cy=200, Dee=300)
    t(NewHand(dealer="Ann"))
    for p, cards in (("Ben", ["AS", "AD"]), ("Cy", ["KS", "KD"]), ("Dee", ["QS", "QD"]), ("Ann", ["JS", "JD"])):
        t(Deal(to=p, cards=tuple(cards)))
    for p in ("Dee", "Ann", "Ben", "Cy"):
        t(AllIn(player=p))
    for cards in (("2C", "5H", "9D"), ("3S",), ("7C",)):
        t(Deal(to="board", cards=cards))
    for p in ("Ben", "Cy", "Dee", "Ann"):
        t(Reveal(player=p))
    (hand,) = session_hands(t.log, (), "t")
    text = hand_text(hand)
    assert "Total pot 550 Main pot 200. Side pot-1 150. Side pot-2 200. | Rake 0" in text
    assert "Ben collected 200 from main pot\nBen collected 150 from side pot-1\nCy collected 200 from side pot-2" in text
    assert "Uncalled bet (100) returned to Dee" in text
    (hh,) = parse(text)
    assert final_stacks(hh) == [p.end for p in sorted(hand.players, key=lambda p: hh.players.index(p.name))]


def test_odd_names_stay_data():
    names = {"O'Brien (Rock)": 100, "Zoë [7]": 100, "=cmd|'/C calc'!A0": 100, "<b>Al</b> & co": 100}
    t = Table("holdem", **names)
    t(NewHand(dealer="O'Brien (Rock)"))
    t(Deal(to="all"))
    first = t.to_act
    t(Raise(player=first, amount=10))
    while t.state.hand is not None and not t.state.hand.ended:
        t(Fold(player=t.to_act))
    (hand,) = session_hands(t.log, (), "odd")
    (hh,) = parse(hand_text(hand))
    assert sorted(hh.players) == sorted(names)
    assert final_stacks(hh) == [t.stack(p) for p in hh.players]


def test_omaha_hi_lo_names_both_halves():
    t = omaha_hi_lo_hand()
    text = hand_text(session_hands(t.log, (), "hilo")[0])
    for line in ["Omaha Hi/Lo Limit (2/4)", "Ann: posts small blind 1\nBen: posts big blind 2", "Ben: shows [Qh Qd 9c 8c] (HI: a straight, Seven to Jack)",
                 "Ann: shows [As 2s Kd Kc] (HI: a pair of Kings; LO: 7,4,3,2,A)",
                 "Ben collected 2 from pot\nAnn collected 2 from pot",
                 "Seat 1: Ann (button) (small blind) showed [As 2s Kd Kc] and won (2) with HI: a pair of Kings; "
                 "LO: 7,4,3,2,A"]:
        assert line in text, line


def test_pokerstars_names_hands_as_it_does():
    assert ranked((1, 14, 10, 8, 7)) == "a pair of Aces"
    assert ranked((2, 13, 6, 9)) == "two pair, Kings and Sixes"
    assert ranked((4, 5)) == "a straight, Ace to Five"
    assert ranked((4, 14)) == "a straight, Ten to Ace"
    assert ranked((6, 7, 8)) == "a full house, Sevens full of Eights"
    assert ranked((8, 14)) == "a Royal Flush"
    assert ranked((8, 9)) == "a straight flush, Five to Nine"
    assert ranked((0, 14, 9, 7, 4, 2)) == "high card Ace"


def test_other_games_are_refused_naming_the_formats_that_fit(tmp_path: Path):
    from ledger.app import Ledger
    from ledger.export import pokerstars_format

    led = Ledger.open(str(tmp_path / "f.db"))
    try:
        free = led.new_session("freeform", [("Ann", 10), ("Ben", 10)], name="free")
        stud = led.new_session("stud", [("Ann", 10), ("Ben", 10)], name="stud")
        with pytest.raises(InputError) as err:
            pokerstars_format.write(led, [free], io.StringIO())
        assert str(err.value) == ("pokerstars holds hold'em and Omaha hands, and freeform is neither: export it "
                                  "with -f jsonl, json, csv, text, beancount or html")
        with pytest.raises(InputError, match="stud is neither: export it with -f jsonl, json, csv, text, beancount, html or phh"):
            pokerstars_format.write(led, [stud], io.StringIO())
    finally:
        led.close()


def test_export_pokerstars_through_the_cli(potlog, tmp_path: Path):
    potlog("run", str(ROOT / "sample_sessions" / "holdem-night.potlog"), "-q")
    out = potlog("export", "-f", "pokerstars", "--session", "holdem-night").stdout
    assert out.count("PokerStars Hand #") == 5 and out.startswith("PokerStars Hand #")
    assert "pokerstars" in potlog("export", "--help").stdout
    potlog("new", "freeform", "--name", "free", "-p", "Ann=10", "-p", "Ben=10")
    refused = potlog("export", "-f", "pokerstars", "--session", "free", ok=False)
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert "freeform is neither: export it with -f jsonl" in refused.output
