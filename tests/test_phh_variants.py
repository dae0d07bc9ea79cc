"""PHH beyond hold'em: each variant read as its potlog ruleset and options, its actions as
commands, real hands (trimmed from ``../shared/phh``) played to their recorded finishing
stacks, and written back as PHH with the variant's own lines (``pb``, ``sd``, stud's streets).
All in memory and quick; tests/test_phh_interop.py checks every real hand against PokerKit."""

from __future__ import annotations

import tomllib

import pytest

from ledger.commands import BringIn, Call, Check, Deal, Exchange, Fold, NewHand, Reveal, Switch
from ledger.export.phh_format import session_hands
from ledger.phh import Action, PhhError, phh_to_commands, replay
from ledger.phh.toml import loads
from ledger.state import TableState

WHO = "players = ['Ann', 'Ben', 'Cy', 'Dee', 'Eve']\n"

STUD_71 = """variant = 'F7S'
ante_trimming_status = true
antes = [50000, 50000, 50000, 50000]
bring_in = 75000
small_bet = 250000
big_bet = 500000
starting_stacks = [2425000, 2050000, 21600000, 3625000]
actions = ['d dh p1 8h5sTc', 'd dh p2 3d3cKc', 'd dh p3 9h2h2d', 'd dh p4 AsQdTs', 'p3 pb', 'p4 cbr 250000', 'p1 f',
           'p2 cbr 500000', 'p3 f', 'p4 f']
finishing_stacks = [2375000, 2525000, 21475000, 3325000]
"""

RAZZ_26 = """variant = 'FR'
ante_trimming_status = true
antes = [50000, 50000, 50000, 50000, 50000]
bring_in = 50000
small_bet = 200000
big_bet = 400000
starting_stacks = [5650000, 3525000, 7875000, 6900000, 5750000]
actions = ['d dh p1 Kd5cJh', 'd dh p2 Th8dAh', 'd dh p3 6c4c7h', 'd dh p4 Ks6d2c', 'd dh p5 7s3c5d', 'p1 pb',
           'p2 cbr 200000', 'p3 cc', 'p4 f', 'p5 cc', 'p1 f', 'd dh p2 Js', 'd dh p3 Qh', 'd dh p5 3d', 'p5 cbr 200000',
           'p2 cc', 'p3 cc', 'd dh p2 7c', 'd dh p3 5s', 'd dh p5 As', 'p5 cbr 400000', 'p2 f', 'p3 cc', 'd dh p3 3s',
           'd dh p5 Jc', 'p5 cc', 'p3 cbr 400000', 'p5 cc', 'd dh p3 2s', 'd dh p5 4s', 'p5 cbr 400000', 'p3 cc',
           'p5 sm 7s3c5d3dAsJc4s', 'p3 sm 6c4c7hQh5s3s2s']
finishing_stacks = [5550000, 3075000, 10125000, 6850000, 4100000]
"""

SINGLE_DRAW_45 = """variant = 'N2L1D'
ante_trimming_status = false
antes = [0, 225000, 0, 0, 0]
blinds_or_straddles = [75000, 150000, 0, 0, 0]
min_bet = 150000
starting_stacks = [13950000, 7200000, 2975000, 4800000, 775000]
actions = ['d dh p1 KdJh6c5s4h', 'd dh p2 JsJd8d5h3h', 'd dh p3 KhQcTh8h2h', 'd dh p4 AhAcKs7c3c',
           'd dh p5 Ts9s9h4d2c', 'p3 f', 'p4 f', 'p5 cbr 775000', 'p1 f', 'p2 cc', 'p2 sd JsJd', 'p5 sd 9h',
           'd dh p2 Qh8c', 'd dh p5 4s', 'p2 sm 8d5h3hQh8c', 'p5 sm Ts9s4d2c4s']
finishing_stacks = [13875000, 6200000, 2975000, 4800000, 1850000]
"""

TRIPLE_DRAW = """variant = "F2L3D"
ante_trimming_status = true
antes = [0, 0, 0, 0]
blinds_or_straddles = [75000, 150000, 0, 0]
small_bet = 150000
big_bet = 300000
starting_stacks = [1180000, 4340000, 5910000, 10765000]
actions = [
  # Pre-draw
  "d dh p1 7h6c4c3d2c",  # Yockey
  "d dh p2 ??????????",
  "d dh p3 ??????????",
  "d dh p4 AsQs6s5c3c",
  "p3 f", "p4 cbr 300000", "p1 cbr 450000", "p2 f", "p4 cc",
  "p1 sd", "p4 sd AsQs", "d dh p4 2hQh", "p1 cbr 150000", "p4 cc",
  "p1 sd", "p4 sd Qh", "d dh p4 4d", "p1 cbr 300000", "p4 cc",
  "p1 sd", "p4 sd 6s", "d dh p4 7c", "p1 cbr 280000", "p4 cc",
  "p1 sm 7h6c4c3d2c", "p4 sm 2h4d7c5c3c",
]
"""

OMAHA_HI_LO_79 = """variant = 'FO/8'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [125000, 250000, 0]
small_bet = 250000
big_bet = 500000
starting_stacks = [23025000, 1300000, 5375000]
actions = ['d dh p1 Ah7s6d2d', 'd dh p2 KcQc3s2h', 'd dh p3 AcKsQd2s', 'p3 cbr 500000', 'p1 cc', 'p2 cc',
           'd db 4s3hQh', 'p1 cbr 250000', 'p2 cbr 500000', 'p3 cc', 'p1 cbr 750000', 'p2 cbr 800000', 'p3 cc', 'p1 cc',
           'd db 5s', 'p1 cbr 500000', 'p3 cc', 'd db 5d', 'p1 cbr 500000', 'p3 cc', 'p1 sm Ah7s6d2d',
           'p2 sm KcQc3s2h', 'p3 sm AcKsQd2s']
finishing_stacks = [25150000, 0, 4550000]
"""

POT_LIMIT_27 = """variant = 'PO'
ante_trimming_status = false
antes = [0, 100000, 0, 0, 0]
blinds_or_straddles = [50000, 100000, 0, 0, 0]
min_bet = 100000
starting_stacks = [4100000, 5550000, 3075000, 10125000, 6850000]
actions = ['d dh p1 QhQdTc2h', 'd dh p2 AsJc6d5s', 'd dh p3 QcJh8s2c', 'd dh p4 KhTd8d3s', 'd dh p5 AhAc7h2d',
           'p3 f', 'p4 f', 'p5 cbr 350000', 'p1 f', 'p2 cbr 1100000', 'p5 cbr 3350000', 'p2 f']
finishing_stacks = [4050000, 4350000, 3075000, 10125000, 8100000]
"""

SHORT_DECK = """variant = "NS"
ante_trimming_status = true
antes = [3000, 3000, 3000, 3000, 3000, 3000]
blinds_or_straddles = [0, 0, 0, 0, 0, 3000]
min_bet = 3000
starting_stacks = [495000, 232000, 362000, 403000, 301000, 204000]
actions = ["d dh p1 Th8h", "d dh p2 QsJd", "d dh p3 QhQd", "d dh p4 8d7c", "d dh p5 KhKs", "d dh p6 8c7h",
  "p1 cc", "p2 cc", "p3 cbr 35000", "p4 f", "p5 cbr 298000", "p6 f", "p1 f", "p2 f", "p3 cc",
  "p5 sm KhKs", "p3 sm QhQd", "d db 9h6cKc", "d db Jh", "d db Ts"]
"""

BADUGI = """variant = "FB"
ante_trimming_status = true
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200, 200, 200]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "d dh p4 ????????",
  "p3 f", "p4 cc", "p1 cc", "p2 cc",
  "p1 sd ????", "p2 sd ????", "p4 sd ??", "d dh p1 ????", "d dh p2 ????", "d dh p4 ??",
  "p1 cc", "p2 cbr 2", "p4 cc", "p1 cc",
  "p1 sd ??", "p2 sd", "p4 sd ??", "d dh p1 ??", "d dh p4 ??",
  "p1 cc", "p2 cbr 4", "p4 cbr 8", "p1 f", "p2 cc",
  "p2 sd ??", "p4 sd", "d dh p2 ??",
  "p2 cc", "p4 cbr 4", "p2 cc",
  "p4 sm 2s4c6d9h", "p2 sm 3s5d7c8h"]
"""


SMALL_BLIND_ALONE_76 = """variant = 'FO/8'
ante_trimming_status = true
antes = [0, 0, 0, 0]
blinds_or_straddles = [250000, 0, 0, 0]
small_bet = 250000
big_bet = 500000
starting_stacks = [2625000, 6250000, 18275000, 2550000]
actions = ['d dh p1 ????????', 'd dh p2 AdAcTs8s', 'd dh p3 As8c3s2c', 'd dh p4 Qh9s5d4c', 'p2 cbr 500000',
           'p3 cbr 750000', 'p4 f', 'p1 f', 'p2 cbr 1000000', 'p3 cc', 'd db Jd7s4h', 'p2 cbr 250000', 'p3 cc',
           'd db 5h', 'p2 cc', 'p3 cbr 500000', 'p2 cc', 'd db Js', 'p2 cc', 'p3 cc', 'p2 sm AdAcTs8s',
           'p3 sm As8c3s2c']
finishing_stacks = [2375000, 6375000, 18400000, 2550000]
"""


def stacks(text: str) -> list[int]:
    hand = phh_to_commands(text)
    state = replay(hand)
    return [state.stack(n) for n in hand.names]


# ----------------------------------------------------------------------------- reading: the variant and its options

@pytest.mark.parametrize("text,game,options", [
    (STUD_71, "stud", {"ante": 50000, "bring_in": 75000, "small_bet": 250000, "big_bet": 500000}),
    (RAZZ_26, "razz", {"ante": 50000, "bring_in": 50000, "small_bet": 200000, "big_bet": 400000}),
    (SINGLE_DRAW_45, "deucetoseven", {"draws": 1, "structure": "no-limit", "small_blind": 75000,
                                      "big_blind": 150000, "bb_ante": 225000}),
    (TRIPLE_DRAW, "deucetoseven", {"small_blind": 75000, "big_blind": 150000, "small_bet": 150000,
                                   "big_bet": 300000}),
    (OMAHA_HI_LO_79, "omaha", {"structure": "fixed-limit", "split": "hi-lo", "small_blind": 125000,
                               "big_blind": 250000, "small_bet": 250000, "big_bet": 500000}),
    (POT_LIMIT_27, "omaha", {"small_blind": 50000, "big_blind": 100000, "bb_ante": 100000}),
    (SHORT_DECK, "shortdeck", {"button_blind": 3000, "ante": 3000, "min_bet": 3000}),
    (BADUGI, "badugi", {"small_bet": 2, "big_bet": 4}),  # the blinds are badugi's own defaults
], ids=["F7S", "FR", "N2L1D", "F2L3D", "FO/8", "PO", "NS", "FB"])
def test_each_variant_reads_as_its_ruleset_with_the_options_that_differ(text, game, options):
    hand = phh_to_commands(text)
    assert (hand.game, hand.options) == (game, options)
    assert hand.button == hand.names[-1] and hand.scale == 1


def test_the_variant_lines_become_the_engine_commands():
    table = TableState()
    assert Action("p3 pb", "Cy", "pb").command(table) == BringIn(player="Cy")
    assert Action("p4 sd AsQs", "Dee", "sd", "AsQs").command(table) == Exchange(player="Dee",
                                                                                discard=("AS", "QS"))
    assert Action("p1 sd", "Ann", "sd").command(table) == Exchange(player="Ann")
    assert Action("d dh p5 ??????", "Eve", "dh", "??????").command(table) == Deal(to="Eve",
                                                                                     cards=("??", "??", "??"))


def test_completing_a_bring_in_is_a_raise_by_the_rest_of_the_small_bet():
    hand = phh_to_commands(STUD_71)
    log: list = []
    replay(hand, log)
    moves = [(type(e).__name__, getattr(e, "player", None), getattr(e, "amount", None)) for _, e in log]
    p3, p4 = hand.names[2], hand.names[3]
    assert ("Bet", p3, 75000) in moves  # the bring-in
    assert ("Raise", p4, 250000) in moves  # to the small bet: by 175000 over the bring-in


# ----------------------------------------------------------------------------- real hands to their recorded end

@pytest.mark.parametrize("text", [STUD_71, RAZZ_26, SINGLE_DRAW_45, OMAHA_HI_LO_79, POT_LIMIT_27,
                                  SMALL_BLIND_ALONE_76],
                         ids=["F7S", "FR", "N2L1D", "FO/8", "PO", "FO/8-one-blind"])
def test_real_hands_end_with_their_recorded_finishing_stacks(text):
    assert stacks(text) == tomllib.loads(text)["finishing_stacks"]


def test_the_famous_hands_end_as_told():
    # Yockey's 7-6-4-3-2 loses to Arieh's drawn 7-5-4-3-2 (the bad beat), all in on the last bet;
    # Hui's big blind went in too
    assert stacks(TRIPLE_DRAW) == [0, 4340000 - 150000, 5910000, 10765000 + 1180000 + 150000]
    # Xuan's queens make K-Q-J-T-9 on the river against Phua's set of kings: in short deck a
    # straight beats three of a kind (as PokerKit ranks it); everyone paid the 3000 ante, the
    # button its 3000 blind, and the two limpers 3000 more
    assert stacks(SHORT_DECK) == [489000, 226000, 684000, 400000, 0, 198000]
    # badugi compares the highest card first: Carol's 8-7-5-3 beats Alice's 9-6-4-2
    assert stacks(BADUGI) == [196, 220, 200, 184]


def test_a_small_blind_alone_is_posted_and_the_next_player_opens():
    hand = phh_to_commands(SMALL_BLIND_ALONE_76)
    assert hand.options["small_blind"] == 250000 and hand.options["big_blind"] == 0
    log: list = []
    replay(hand, log)
    first = [e for _, e in log if type(e).__name__ in ("Bet", "Raise", "Call", "Fold")][:2]
    assert (first[0].player, first[0].amount) == (hand.names[0], 250000)  # the blind, posted by potlog
    assert first[1].player == hand.names[1]  # p2 opens: "p2 cbr 500000"


def test_hands_left_unshown_at_the_end_are_shown_when_the_record_knows_them():
    text = SINGLE_DRAW_45.replace(", 'p2 sm 8d5h3hQh8c', 'p5 sm Ts9s4d2c4s'", "")
    assert "sm" not in text
    assert stacks(text) == tomllib.loads(SINGLE_DRAW_45)["finishing_stacks"]


def test_players_potlog_cannot_seat_by_their_name_are_called_by_their_seat():
    text = STUD_71 + "players = ['Ann', 'ann', '', 'p1']\n"  # a look-alike, none, a seat's own word
    hand = phh_to_commands(text)
    assert hand.names == ["Ann", "p2", "p3", "p4"]
    assert stacks(text) == tomllib.loads(STUD_71)["finishing_stacks"]
    assert phh_to_commands(STUD_71 + "players = ['Ann', 'Ann', 'Cy']\n").names == ["Ann", "p2", "Cy", "p4"]


# ----------------------------------------------------------------------------- what is refused, in one line

@pytest.mark.parametrize("text,change,says", [
    (STUD_71, ("bring_in = 75000", "blinds_or_straddles = [1, 2, 0, 0]\nbring_in = 75000"), "has a bring-in, no blinds"),
    (POT_LIMIT_27, ("[50000, 100000, 0, 0, 0]", "[50000, 100000, 0, 200000, 0]"), "a small and a big blind and a straddle"),
    (STUD_71, ("antes = [50000, 50000, 50000, 50000]", "antes = [50000, 0, 50000, 50000]"),
     "an ante from everyone or a big-blind ante"),
    (STUD_71, ("ante_trimming_status = true", "ante_trimming_status = false"), "dead antes"),
    (SHORT_DECK, ('variant = "NS"', 'variant = "NT"'), "button blind 3000: potlog's holdem has no button blind option"),
    (POT_LIMIT_27, ("4100000,", "4100000.125,"), "whole chips, or hundredths"),
    (RAZZ_26, ("'p1 pb'", "'p1 pb 5'"), "pb takes nothing after it"),
    (RAZZ_26, ("'p2 cbr 200000'", "'p2 cbr'"), "cbr takes an amount"),
    (RAZZ_26, ("'p2 cbr 200000'", "'p2 cbr 150000'"), "'p2 cbr 150000'"),
], ids=["stud-blinds", "two-straddles", "uneven-antes", "dead-antes", "no-button-blind", "thousandths", "pb-arg", "cbr-bare",
        "fixed-limit"])
def test_what_potlog_cannot_read_is_refused_in_one_line(text, change, says):
    assert change[0] in text
    with pytest.raises(PhhError) as err:
        stacks(text.replace(*change))
    assert says in str(err.value) and "\n" not in str(err.value)


def test_amounts_in_cents_are_read_in_hundredths():
    text = POT_LIMIT_27.replace("starting_stacks = [4100000,", "starting_stacks = [4100000.5,")
    hand = phh_to_commands(text)
    assert hand.scale == 100 and hand.chip_unit == "cent"
    assert hand.players[0][1] == 410000050 and hand.options["big_blind"] == 10000000
    assert stacks(text) == [405000050, 435000000, 307500000, 1012500000, 810000000]


# ----------------------------------------------------------------------------- written back as PHH

def exported(text: str) -> str:
    log: list = []
    replay(text, log)
    (out,) = session_hands(log, (), "variants")
    return out


def test_stud_exports_its_bring_in_and_each_street_as_one_deal_line():
    out = tomllib.loads(exported(RAZZ_26))
    assert out["variant"] == "FR" and out["bring_in"] == 50000 and "blinds_or_straddles" not in out
    assert out["actions"][:6] == ["d dh p1 Kd5cJh", "d dh p2 Th8dAh", "d dh p3 6c4c7h", "d dh p4 Ks6d2c",
                                  "d dh p5 7s3c5d", "p1 pb"]
    assert out["actions"][-2:] == ["p5 sm 7s3c5d3dAsJc4s", "p3 sm 6c4c7hQh5s3s2s"]
    assert out["finishing_stacks"] == tomllib.loads(RAZZ_26)["finishing_stacks"]


def test_draws_export_their_discards_then_the_cards_drawn():
    out = tomllib.loads(exported(TRIPLE_DRAW))
    assert out["variant"] == "F2L3D" and out["small_bet"] == 150000 and out["big_bet"] == 300000
    acts = out["actions"]
    first = acts.index("p1 sd")
    assert acts[first:first + 3] == ["p1 sd", "p4 sd AsQs", "d dh p4 2hQh"]
    single = tomllib.loads(exported(SINGLE_DRAW_45))
    assert single["variant"] == "N2L1D" and single["antes"] == [0, 225000, 0, 0, 0]
    assert single["ante_trimming_status"] is False and single["min_bet"] == 150000


def test_a_draw_recorded_in_one_command_exports_its_cards_after_the_discards(tmp_path):
    """``exchange NAME NEW --discard OLD`` is one event; PHH wants every discard of the row
    before the cards drawn."""
    from ledger.app import Ledger

    led = Ledger.open(str(tmp_path / "d.db"))
    try:
        sid = led.new_session("deucetoseven", [("Ann", 100), ("Ben", 100)],
                              options={"draws": 1, "structure": "no-limit"}, name="draw")
        for cmd in [NewHand(dealer="Ben"), Deal(to="Ann", cards=("7H", "6C", "4C", "3D", "KC")),
                    Deal(to="Ben", cards=("AS", "QS", "6S", "5C", "3C")), Call(player="Ben"),
                    Check(player="Ann"), Exchange(player="Ann", cards=("2C",), discard=("KC",)),
                    Exchange(player="Ben", cards=("2H", "8D"), discard=("AS", "QS")),
                    Check(player="Ann"), Check(player="Ben"),
                    Reveal(player="Ann"), Reveal(player="Ben")]:
            led.execute(sid, cmd)
        (text,) = session_hands(led.store.events(sid), (), sid)
    finally:
        led.close()
    acts = tomllib.loads(text)["actions"]
    i = acts.index("p1 sd Kc")
    assert acts[i:i + 4] == ["p1 sd Kc", "p2 sd AsQs", "d dh p1 2c", "d dh p2 2h8d"]
    assert stacks(text) == tomllib.loads(text)["finishing_stacks"]
    pokerkit = pytest.importorskip("pokerkit")
    state = None
    for state in pokerkit.HandHistory.loads(text):
        pass
    assert state is not None and list(state.stacks) == tomllib.loads(text)["finishing_stacks"]


def test_a_dealers_choice_night_exports_each_hand_as_its_own_variant(tmp_path):
    """After ``potlog switch``, each hand is written as the variant its table plays then; a hand
    of a game PHH has no variant for (five-card draw) is left out."""
    from ledger.app import Ledger

    led = Ledger.open(str(tmp_path / "s.db"))
    try:
        sid = led.new_session("holdem", [("Ann", 100), ("Ben", 100)], name="choice")
        folds = [NewHand(), Deal(to="all"), Fold(player="Ann")]
        for cmd in folds:
            led.execute(sid, cmd)
        for game, options in (("fivecarddraw", {}), ("omaha", {}), ("razz", {"ante": 1, "bring_in": 2})):
            led.execute(sid, Switch(name=game, options=options))
            if game == "razz":
                led.execute(sid, NewHand())
                led.execute(sid, Deal(to="Ann", cards=("KS", "QD", "JC")))
                led.execute(sid, Deal(to="Ben", cards=("2S", "3D", "4C")))
                led.execute(sid, BringIn(player="Ann"))
                led.execute(sid, Fold(player="Ben"))
            else:
                for cmd in folds:
                    led.execute(sid, cmd)
        texts = session_hands(led.store.events(sid), (), sid)
        final = led.state(sid)
    finally:
        led.close()
    read = [tomllib.loads(t) for t in texts]
    assert [r["variant"] for r in read] == ["NT", "PO", "FR"]
    # razz: the highest up card (Ann's jack) brings in, in one line with her two down cards
    assert read[2]["players"] == ["Ann", "Ben"] and read[2]["bring_in"] == 2
    assert read[2]["actions"] == ["d dh p1 KsQdJc", "d dh p2 2s3d4c", "p1 pb", "p2 f"]
    assert read[2]["finishing_stacks"] == [final.stack(n) for n in read[2]["players"]]


def test_a_table_phh_has_no_variant_for_is_refused_by_the_export(tmp_path):
    import io

    from ledger.app import Ledger
    from ledger.errors import InputError
    from ledger.export import phh_format

    led = Ledger.open(str(tmp_path / "e.db"))
    try:
        sid = led.new_session("holdem", [("Ann", 100), ("Ben", 100)], options={"structure": "fixed-limit"}, name="ft")
        phh_format.write(led, [sid], io.StringIO())  # FT: fine, no hand yet
        led.new_session("omaha", [("Ann", 100), ("Ben", 100)], options={"structure": "no-limit"}, name="no")
        with pytest.raises(InputError, match="PHH has no variant for omaha"):
            phh_format.write(led, ["no"], io.StringIO())
    finally:
        led.close()



def test_the_export_writes_the_hands_phh_plays_whatever_the_table_plays_now(tmp_path):
    """Hands recorded before a switch to a game PHH has no variant for are still written; the
    export refuses only when no hand at all is a PHH hand."""
    import io

    from ledger.app import Ledger
    from ledger.errors import InputError
    from ledger.export import phh_format

    led = Ledger.open(str(tmp_path / "w.db"))
    try:
        sid = led.new_session("holdem", [("Ann", 100), ("Ben", 100)], name="then")
        for cmd in (NewHand(), Deal(to="all"), Fold(player="Ann")):
            led.execute(sid, cmd)
        for game, options in (("fivecarddraw", {}), ("omaha", {"structure": "no-limit"})):
            led.execute(sid, Switch(name=game, options=options))
            out = io.StringIO()
            phh_format.write(led, [sid], out)
            assert tomllib.loads(out.getvalue())["variant"] == "NT"  # one hand: a plain .phh
        led.new_session("omaha", [("Ann", 100), ("Ben", 100)], options={"structure": "no-limit"}, name="none")
        with pytest.raises(InputError, match="PHH has no variant for omaha with .*structure=no-limit"):
            phh_format.write(led, ["none"], io.StringIO())
    finally:
        led.close()

# ----------------------------------------------------------------------------- the quick TOML reader

@pytest.mark.parametrize("text", [
    "a = 'x # not a comment'\nb = [1, 2, 3]\nc = true\nd = -4\n",
    'event = "Event #43: $50,000"\nplayers = ["A", "B"]\n',
    "x = [10112.5, 9775.0, 1e3]\ny = 2.5\n",
    "a = ['one', \"two\", ]\n\n# a comment\nb = []\n",
    "actions = [\n  'd dh p1 AcKd',  # multi-line, a comment\n]\n",
    "[1]\na = 1\n[2]\na = 2\n",
    'a = "esc\\"aped"\n',
    "a = 1 # trailing\n",
    "a = 0x1F\nb = 1_000\n",
])
def test_the_quick_reader_reads_what_tomllib_reads(text):
    assert loads(text) == tomllib.loads(text)


@pytest.mark.parametrize("text", ["a = 1\na = 2\n", "[1]\na = 1\n[1]\nb = 2\n", "a = [1, 'x']x\n", "a = 01\n",
                                  "a = 'x\n", "a = 'it''s'\n"])
def test_the_quick_reader_refuses_what_tomllib_refuses(text):
    with pytest.raises(tomllib.TOMLDecodeError):
        loads(text)
