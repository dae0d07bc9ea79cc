import pytest

from ledger.cards import PACKS, parse_card, parse_cards, pretty, rank, suit
from ledger.dice import parse_face, parse_faces
from ledger.errors import InputError


@pytest.mark.parametrize("text,card", [
    ("AS", "AS"), ("as", "AS"), ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("K♠", "KS"),
    ("10♥", "10H"), ("1d", "AD"), ("q♣", "QC"), ("??", "??"),
])
def test_french_notation(text, card):
    assert parse_card(text, "french52") == card


def test_jokers_only_in_the_54_pack():
    assert parse_card("hi", "french54") == "HI"
    assert parse_card("LJ", "french54") == "LO"
    with pytest.raises(InputError, match="not in the french52 pack"):
        parse_card("HI", "french52")


@pytest.mark.parametrize("text,card", [
    ("1E", "1E"), ("12o", "12O"), ("7 swords", "7E"), ("rey de oros", "12O"), ("sota copas", "10C"),
    ("11-clubs", "11B"), ("3 coins", "3O"),
])
def test_spanish_notation(text, card):
    assert parse_card(text, "spanish48") == card


def test_spanish_40_has_no_eights_or_nines():
    assert len(PACKS["spanish40"].cards) == 40
    with pytest.raises(InputError, match="not in the spanish40 pack"):
        parse_card("8E", "spanish40")
    assert parse_card("8E", "spanish48") == "8E"


def test_pack_sizes():
    assert {k: len(p.cards) for k, p in PACKS.items()} == {
        "french52": 52, "french54": 54, "french32": 32, "french20": 20,
        "spanish40": 40, "spanish48": 48, "tarot78": 78, "italian40": 40,
        "tarocchini62": 62, "siciliani63": 63, "tarock54": 54, "troggu62": 62,
    }
    for p in PACKS.values():
        assert len(set(p.cards)) == len(p.cards)


def test_short_packs_refuse_low_cards():
    assert parse_card("7S", "french32") == "7S"
    with pytest.raises(InputError, match="french32"):
        parse_card("6S", "french32")
    with pytest.raises(InputError, match="french20"):
        parse_card("9S", "french20")


def test_tarot():
    assert parse_card("T21", "tarot78") == "T21"
    assert parse_card("excuse", "tarot78") == "EX"
    assert parse_card("CD", "tarot78") == "CD"
    with pytest.raises(InputError):
        parse_card("T22", "tarot78")


@pytest.mark.parametrize("bad", ["1X", "11S", "ZZ", "", "A", "AS!", "10", "💥"])
def test_bad_cards_say_what_is_accepted(bad):
    with pytest.raises(InputError) as err:
        parse_card(bad, "french52")
    msg = str(err.value)
    assert "AS, 10H" in msg and "\n" not in msg


def test_unknown_can_be_refused():
    with pytest.raises(InputError, match="unseen"):
        parse_card("??", allow_unknown=False)


def test_parse_cards_lists_and_strings():
    assert parse_cards("AS, 10h KD") == ["AS", "10H", "KD"]
    assert parse_cards(["as", "??"]) == ["AS", "??"]
    assert parse_cards("7 swords, rey de oros", "spanish40") == ["7E", "12O"]


def test_rank_suit_pretty():
    assert (rank("10H"), suit("10H")) == ("10", "H")
    assert suit("HI") is None and rank("HI") == "HI"
    assert pretty("10H") == "10♥"


def test_dice_faces():
    assert parse_faces("3 5 6") == [3, 5, 6]
    assert parse_faces("1,2", sides=4) == [1, 2]
    assert parse_face("20", sides=20) == 20


@pytest.mark.parametrize("bad,sides,msg", [
    ("7", 6, "7 is not a face of a 6-sided die: faces are 1 to 6"),
    ("0", 6, "faces are 1 to 6"),
    ("x", 6, "not a die face"),
    ("-1", 6, "not a die face"),
])
def test_bad_faces(bad, sides, msg):
    with pytest.raises(InputError, match=msg):
        parse_face(bad, sides)


def test_no_faces():
    with pytest.raises(InputError, match="name the faces"):
        parse_faces("")


def test_a_card_read_once_reads_the_same_and_a_refusal_is_never_kept():
    """`parse_card` keeps what it read, per pack: the same text gives the same card, in the
    pack it was read for only, and a refused text is refused every time."""
    assert parse_card("as") == parse_card("as") == "AS"
    assert parse_card("10h", "french52") == "10H" and parse_card("10h", PACKS["french52"]) == "10H"
    assert parse_card("7 swords", "spanish40") == parse_card("7 swords", "spanish40") == "7E"
    assert parse_card("2S", "french52") == "2S"
    for _ in range(2):
        with pytest.raises(InputError, match="not in the french32 pack"):
            parse_card("2S", "french32")  # read in another pack before: a short pack has no twos
        with pytest.raises(InputError, match="unseen card"):
            parse_card("??", "french52", allow_unknown=False)
    assert parse_card("??", "french52") == "??"
