"""Bluke through the CLI: the deal schedule, bidding, card-by-card play, revokes, scoring."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ledger.games import bluke
from tests.conftest import Potlog

PLAYERS = "-p John=100 -p Margaret=100 -p Steve=100 -p Betsy=100"


def tally_hands(n: int, cards: list[int]) -> str:
    """`n` scorekeeper hands where everyone bids 1 and John takes every trick."""
    lines = []
    for k in range(n):
        lines += ["hand", "bid John=1 Margaret=1 Steve=1 Betsy=1",
                  f"tricks John={cards[k]} Margaret=0 Steve=0 Betsy=0"]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def at_hand13(tmp_path_factory) -> Path:
    """A standard game with 12 hands tallied: hand 13 (one card each, Betsy deals) is next."""
    d = tmp_path_factory.mktemp("bluke13")
    pl = Potlog(d / "s.db")
    script = d / "prefix.potlog"
    script.write_text(f"new bluke --name t {PLAYERS}\nhand --dealer Betsy\nbid John=1 Margaret=1 Steve=1 Betsy=1\n"
                      "tricks John=13 Margaret=0 Steve=0 Betsy=0\n"
                      + tally_hands(11, list(range(12, 1, -1))), encoding="utf-8")
    pl("run", "-q", str(script))
    return d / "s.db"


@pytest.fixture
def g13(at_hand13, tmp_path) -> Potlog:
    db = tmp_path / "g.db"
    shutil.copy(at_hand13, db)
    for ext in ("-wal", "-shm"):
        if Path(str(at_hand13) + ext).exists():
            shutil.copy(str(at_hand13) + ext, str(db) + ext)
    return Potlog(db)


def state(pl: Potlog) -> dict:
    data = json.loads(pl("state", "--json").output)
    return {**data, "game_view": {v["label"]: str(v["value"]) for v in data["game_view"]}}


def scores(pl: Potlog) -> dict:
    return state(pl)["scores"]


def refused(pl: Potlog, *args: str, says: str) -> str:
    before = pl("log", "--json").output
    r = pl(*args, ok=False)
    assert r.exit_code == 1, r.output
    assert says in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1
    assert pl("log", "--json").output == before
    return r.output


def verified(pl: Potlog, overrides: int = 0) -> None:
    """`potlog verify --rules` re-checks every event under Bluke's rules: all kept."""
    report = json.loads(pl("verify", "--rules", "--json").output)["sessions"][0]
    assert report["ok"], report["findings"]
    assert report["rules_checked"] == "bluke.check_event, then chips"
    assert len(report["overrides"]) == overrides


# ----------------------------------------------------------------------------- schedule

def test_schedules():
    assert bluke.schedule(4) == [*range(13, 0, -1), *range(2, 14)]
    assert len(bluke.schedule(2)) == len(bluke.schedule(3)) == 25
    assert bluke.schedule(4, new_jersey=True) == [*range(1, 14), *range(12, 0, -1)]
    assert bluke.schedule(5)[:2] == [10, 9] and len(bluke.schedule(5)) == 19
    assert [bluke.schedule(n)[0] for n in (6, 7, 8, 9, 10, 13, 14, 15)] == [8, 7, 6, 5, 5, 4, 3, 3]
    for n in range(5, 16):  # at least 2 cards stay undealt for the trump
        assert 54 - n * bluke.schedule(n)[0] >= 2


def test_hand_points_follow_the_text():
    assert bluke.hand_points(4, 0) == bluke.hand_points(4, 3) == -40  # John: set either way
    assert bluke.hand_points(3, 5) == 32  # Betsy: 30 and two overtricks
    assert bluke.hand_points(2, 2) == 20


def test_six_players_start_with_eight_cards(potlog):
    potlog("new", "bluke", *"-p A=0 -p B=0 -p C=0 -p D=0 -p E=0 -p F=0".split())
    potlog("hand")
    view = state(potlog)["game_view"]
    assert view["hand"] == "1 of 15: 8 cards each"
    refused(potlog, "bid", "B", "9", says="a bid is 1 to 8 tricks")


def test_too_many_players_and_too_few(potlog):
    r = potlog("new", "bluke", "-p", "Solo=0", ok=False)
    assert r.exit_code == 1 and "Bluke is played by 2 to 15 players, not 1" in r.output
    potlog("new", "bluke", "-p", "Solo=0", "-p", "Duo=0")
    for i in range(13):
        potlog("join", f"P{i}", "0")
    refused(potlog, "join", "P99", "0", says="the table is full")


# ----------------------------------------------------------------------------- hand, bids, tally

def test_dealer_rotation_and_bid_order(potlog):
    potlog("new", "bluke", *PLAYERS.split())
    potlog("hand", "--dealer", "Steve")
    hand = state(potlog)["hand"]
    assert (hand["dealer"], hand["first"], hand["to_act"]) == ("Steve", "Betsy", "Betsy")
    refused(potlog, "bid", "John", "2", says="it is Betsy's turn to bid")
    refused(potlog, "bid", "Betsy", "0", says="a bid is 1 to 13 tricks")
    refused(potlog, "bid", "Betsy", "14", says="a bid is 1 to 13 tricks")
    potlog("bid", "Betsy", "2")
    refused(potlog, "bid", "Betsy", "3", says="Betsy has already bid 2")
    refused(potlog, "tricks", "John=13", "Margaret=0", "Steve=0", "Betsy=0", says="John has not bid yet")
    potlog("bid", "Steve=4", "Margaret=3", "John=1")  # any order in one command: recorded in turn
    log = json.loads(potlog("log", "--json").output)
    assert [e["event"]["player"] for e in log if e["event"]["type"] == "declared"] == ["Betsy", "John", "Margaret", "Steve"]
    refused(potlog, "tricks", "John=5", "Margaret=0", "Steve=4", says="Betsy missing")
    refused(potlog, "tricks", "John=5", "Margaret=0", "Steve=4", "Betsy=3", says="add up to 12 but 13 were played")
    potlog("tricks", "John=5", "Margaret=0", "Steve=4", "Betsy=4")
    assert scores(potlog) == {"Betsy": 22, "John": 14, "Margaret": -30, "Steve": 40}
    refused(potlog, "hand", "--dealer", "Steve", says="Betsy deals this hand (after Steve)")
    refused(potlog, "hand", "--first", "John", says="the dealer's left leads")
    potlog("hand")
    assert state(potlog)["hand"]["dealer"] == "Betsy"
    assert state(potlog)["game_view"]["hand"] == "2 of 25: 12 cards each"
    verified(potlog)

def test_players_are_fixed_once_the_game_starts(potlog):
    potlog("new", "bluke", *PLAYERS.split())
    potlog("join", "Late", "50")
    potlog("leave", "Late")
    potlog("hand")
    refused(potlog, "join", "Ann", "10", says="cannot join a Bluke game in progress")
    potlog("bid", "Margaret=1", "Steve=1", "Betsy=1", "John=1")
    potlog("tricks", "John=13", "Margaret=0", "Steve=0", "Betsy=0")
    refused(potlog, "leave", "Steve", says="cannot leave a Bluke game in progress")
    refused(potlog, "bet", "John", "5", says="Bluke has no 'bet'")
    refused(potlog, "score", "John", "10", says="follow from the bids and tricks")


def test_a_table_ruling_adds_points_as_an_adjustment(potlog):
    potlog("new", "bluke", *PLAYERS.split())
    potlog("hand")
    potlog("bid", "Margaret=1", "Steve=1", "Betsy=1", "John=1")
    potlog("tricks", "John=13", "Margaret=0", "Steve=0", "Betsy=0")
    potlog("score", "Steve", "-5", "--override", "revoke penalty")
    card = json.loads(potlog("scorecard", "--json").output)
    assert card["adjustments"] == [{"hand": 1, "player": "Steve", "points": -5, "reason": ""}]
    assert card["hands"][0]["players"]["Steve"]["score"] == -15
    assert card["totals"]["Steve"]["score"] == -15 == scores(potlog)["Steve"]


# ----------------------------------------------------------------------------- card by card
    verified(potlog, overrides=1)

def test_one_card_hand_hi_beats_lo_beats_trump(g13):
    g13("hand")  # hand 13: Betsy deals, John leads
    refused(g13, "play", "John", "AS", says="the bids come first: John has not bid yet")
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    refused(g13, "play", "John", "AS", says="turn the trump card first")
    g13("deal", "trump", "7S", "--up")
    refused(g13, "deal", "trump", "8S", says="already turned")
    refused(g13, "play", "Steve", "AS", says="it is John's turn to play")
    refused(g13, "play", "John", "7S", says="7S is already in the trump")
    g13("play", "John", "AH")
    g13("play", "Margaret", "LO")
    refused(g13, "play", "Steve", "AH", says="AH is already in the current trick")
    g13("play", "Steve", "2S")
    out = g13("play", "Betsy", "HI").output
    assert "Betsy takes trick 1" in out and "hand 13 ends" in out
    assert scores(g13) == {"John": 120 + 78 - 10, "Margaret": -120 - 10, "Steve": -120 - 10, "Betsy": -120 + 10}
    card = json.loads(g13("scorecard", "--json").output)
    assert card["hands"][12]["mode"] == "cards" and card["hands"][12]["trump"] == "S"


def test_trump_beats_the_suit_led_and_a_turned_bluke_means_no_trump(g13):
    g13("hand")
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    g13("deal", "trump", "3C", "--up")
    for p, c in (("John", "KH"), ("Margaret", "AH"), ("Steve", "2C"), ("Betsy", "QH")):
        g13("play", p, c)
    hand14 = [e for e in json.loads(g13("log", "--json").output) if e["event"]["type"] == "trick_won"]
    assert hand14[-1]["event"] == {"type": "trick_won", "player": "Steve", "trick": 1}
    g13("hand")  # hand 14: two cards, John deals, Margaret leads
    g13("deal", "trump", "HI", "--up")
    g13("bid", "Margaret=1", "Steve=1", "Betsy=1", "John=1")
    assert state(g13)["game_view"]["trumps"] == "no trump (HI turned)"
    for p, c in (("Margaret", "9D"), ("Steve", "KD"), ("Betsy", "AS"), ("John", "2D")):
        g13("play", p, c)  # no trump: the highest diamond, Steve
    for p, c in (("Steve", "3S"), ("Betsy", "4S"), ("John", "LO"), ("Margaret", "KS")):
        g13("play", p, c)  # the Lo Bluke beats everything but the Hi Bluke
    data = json.loads(g13("scorecard", "--json").output)["hands"][13]
    assert data["players"]["Steve"]["taken"] == 1 and data["players"]["John"]["taken"] == 1
    assert {p: c["points"] for p, c in data["players"].items()} == {
        "Margaret": -10, "Steve": 10, "Betsy": -10, "John": 10}
    verified(g13)

def test_following_suit_where_the_hand_is_known(g13):
    g13("hand")
    g13("hand", ok=False)
    g13("deal", "Steve", "QH")
    refused(g13, "deal", "Steve", "KH", says="at most 0 more")
    refused(g13, "deal", "table", "KH", says="cards go to a player or the turned trump card")
    g13("deal", "trump", "5D")  # turned face up even without --up
    assert state(g13)["hand"]["boards"]["trump"] == [{"card": "5D", "up": True}]
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    refused(g13, "deal", "Betsy", "2C", says="the deal is over once the bidding starts")
    g13("play", "John", "4H")
    g13("play", "Margaret", "6H")
    refused(g13, "play", "Steve", "KD", says="Steve does not hold KD (holds QH)")
    g13("play", "Steve", "QH")
    refused(g13, "play", "Betsy", "QH", says="QH is already in")


def test_must_follow_suit_but_a_bluke_may_be_played_any_time(g13):
    g13("hand")
    g13("hand", ok=False)
    g13("deal", "John", "10C")
    g13("deal", "Margaret", "KC")
    g13("deal", "trump", "9H")
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    g13("play", "John", "10C")
    g13("play", "Margaret", "KC")
    g13("play", "Steve", "HI")
    g13("play", "Betsy", "2C")
    g13("hand")  # hand 14: Margaret leads, two cards each
    g13("deal", "Steve", "AS", "HI")
    g13("deal", "Betsy", "3S", "2H")
    g13("deal", "trump", "JC")
    g13("bid", "Margaret=1", "Steve=1", "Betsy=1", "John=1")
    g13("play", "Margaret", "KS")
    g13("play", "Steve", "HI")  # holding AS: a Bluke may still be played
    refused(g13, "play", "Betsy", "2H", says="Betsy must follow spades: they hold 3S")
    g13("play", "Betsy", "3S")


def test_a_led_bluke_leaves_no_suit_to_follow(g13):
    g13("hand")
    g13("hand", ok=False)
    g13("deal", "Margaret", "KC")
    g13("deal", "trump", "9H")
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    g13("play", "John", "LO")
    g13("play", "Margaret", "KC")
    g13("play", "Steve", "2D")
    out = g13("play", "Betsy", "AH").output
    assert "John takes trick 1" in out


def test_a_revoke_is_flagged_when_the_suit_shows_later(g13):
    g13("hand")
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    g13("deal", "trump", "9H", "--up")
    for p, c in (("John", "5C"), ("Margaret", "KC"), ("Steve", "2D"), ("Betsy", "AC")):
        g13("play", p, c)
    g13("hand")  # Margaret leads hand 14
    g13("bid", "Margaret=1", "Steve=1", "Betsy=1", "John=1")
    g13("deal", "trump", "7S", "--up")
    g13("play", "Margaret", "AD")
    g13("play", "Steve", "3C")  # Steve does not follow diamonds: nobody can tell yet
    assert state(g13)["game_view"].get("revokes") is None
    g13("play", "Betsy", "4D")
    g13("play", "John", "5D")
    g13("play", "Margaret", "6H")
    out = g13("play", "Steve", "KD").output  # ... and shows a diamond
    assert "revoke: Steve did not follow diamonds on trick 1 and now plays KD on trick 2" in out
    assert state(g13)["game_view"]["revokes"] == "Steve hand 14 trick 1 (diamonds)"
    card = json.loads(g13("scorecard", "--json").output)
    assert card["revokes"] == [{"hand": 14, "player": "Steve", "suit": "D", "trick": 1, "shown": 2, "card": "KD"}]
    assert "revoke: Steve" in g13("scorecard").output
    g13("play", "Betsy", "2H")
    g13("play", "John", "3H")  # the revoke is flagged, not scored: the tricks stand as played
    hand14 = json.loads(g13("scorecard", "--json").output)["hands"][13]["players"]
    assert (hand14["Margaret"]["taken"], hand14["Steve"]["taken"]) == (2, 0)
    verified(g13)

def test_a_ruling_against_the_rules_still_lets_the_hand_finish(g13):
    g13("hand")
    g13("deal", "Betsy", "5H")
    g13("deal", "trump", "5D")
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    g13("play", "John", "4H")
    g13("play", "Margaret", "6H")
    g13("play", "Steve", "QH")
    refused(g13, "end", says="1 trick still to play")
    refused(g13, "play", "Betsy", "2D", says="Betsy does not hold 2D (holds 5H)")
    g13("play", "Betsy", "2D", "--override", "the deal was misrecorded")  # the last card, forced
    assert state(g13)["hand"]["ended"] is False
    out = g13("end").output  # potlog takes the trick (Betsy's trump) and scores the hand
    assert "Betsy takes trick 1" in out and "hand 13 ends" in out
    g13("hand")  # hand 14: Margaret leads
    g13("deal", "John", "9S", "4H")
    g13("deal", "trump", "5C")
    g13("bid", "Margaret=1", "Steve=1", "Betsy=1", "John=1")
    g13("play", "Margaret", "KH")
    g13("play", "Steve", "3H")
    g13("play", "Betsy", "AH")
    refused(g13, "play", "John", "9S", says="John must follow hearts: they hold 4H")
    g13("play", "John", "9S", "--override", "table ruling: let it stand")  # completes the trick
    assert len(state(g13)["hand"]["trick"]) == 4
    out = g13("play", "Betsy", "2S").output  # the trick is taken first, then Betsy leads
    assert out.index("Betsy takes trick 1") < out.index("Betsy plays 2S")
    for p, c in (("John", "4H"), ("Margaret", "5D"), ("Steve", "6D")):
        g13("play", p, c)
    card = json.loads(g13("scorecard", "--json").output)
    assert card["hands"][13]["players"]["Betsy"] == {"bid": 1, "taken": 2, "points": 11, "score": -120 + 10 + 11,
                                                     "result": "O"}
    verified(g13, overrides=2)

def test_tricks_and_cards_give_the_same_scores(at_hand13, tmp_path):
    def copy(name):
        db = tmp_path / name
        shutil.copy(at_hand13, db)
        return Potlog(db)

    a, b = copy("a.db"), copy("b.db")
    for pl in (a, b):
        pl("hand")
        pl("deal", "trump", "8S", "--up")
        pl("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    for p, c in (("John", "2H"), ("Margaret", "9H"), ("Steve", "3D"), ("Betsy", "9S")):
        a("play", p, c)
    refused(a, "tricks", "John=0", "Margaret=0", "Steve=0", "Betsy=1", says="no hand is in progress")
    b("tricks", "John=0", "Margaret=0", "Steve=0", "Betsy=1")
    assert scores(a) == scores(b)
    ca, cb = (json.loads(x("scorecard", "--json").output) for x in (a, b))
    assert [h["players"] for h in ca["hands"]] == [h["players"] for h in cb["hands"]]
    assert ca["hands"][-1]["mode"] == "cards" and cb["hands"][-1]["mode"] == "tally"


def test_tricks_refused_once_cards_are_played(g13):
    g13("hand")
    g13("deal", "trump", "8S", "--up")
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    g13("play", "John", "2H")
    refused(g13, "tricks", "John=1", "Margaret=0", "Steve=0", "Betsy=0", says="being played card by card")
    refused(g13, "bid", "John", "1", says="the bidding is over")


# ----------------------------------------------------------------------------- New Jersey

def test_new_jersey_blukes_are_trumps(potlog):
    potlog("new", "bluke", *PLAYERS.split(), "-o", "new_jersey=true")
    assert state(potlog)["game_view"]["game"].startswith("25 hands of 1, 2, 3")
    potlog("hand", "--dealer", "Betsy")  # one card each
    potlog("deal", "John", "5S")
    potlog("deal", "Margaret", "HI")
    potlog("deal", "Steve", "2H")
    potlog("deal", "trump", "9H")
    potlog("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    potlog("play", "John", "5S")
    potlog("play", "Margaret", "HI")  # no spades: the Bluke is her trump
    potlog("play", "Steve", "2H")
    potlog("play", "Betsy", "AS")
    assert scores(potlog) == {"John": -10, "Margaret": 10, "Steve": -10, "Betsy": -10}
    potlog("hand")  # two cards, Margaret leads
    potlog("deal", "Steve", "LO", "3C")
    potlog("deal", "Betsy", "KH", "4D")
    potlog("deal", "trump", "6H")
    potlog("bid", "Margaret=1", "Steve=1", "Betsy=1", "John=1")
    potlog("play", "Margaret", "7C")
    refused(potlog, "play", "Steve", "LO", says="Steve must follow clubs: they hold 3C (Blukes count as trumps")
    potlog("play", "Steve", "3C")
    potlog("play", "Betsy", "4D")
    potlog("play", "John", "8C")
    potlog("play", "John", "2H")  # John won with the 8C and leads a trump
    potlog("play", "Margaret", "HI")  # a Bluke follows trump
    refused(potlog, "play", "Steve", "AS", says="Steve does not hold AS")
    potlog("play", "Steve", "LO")
    refused(potlog, "play", "Betsy", "4D", says="Betsy does not hold 4D")
    out = potlog("play", "Betsy", "KH").output
    assert "Margaret takes trick 2" in out and "hand 2 ends" in out
    verified(potlog)

def test_new_jersey_revoke_on_trumps_counts_the_blukes(potlog):
    potlog("new", "bluke", "-p", "A=0", "-p", "B=0", "-o", "new_jersey=true")
    potlog("hand", "--dealer", "B")
    potlog("deal", "trump", "2S")
    potlog("bid", "A=1", "B=1")
    potlog("play", "A", "5S")
    potlog("play", "B", "3D")
    potlog("hand")  # two cards, B leads
    potlog("deal", "trump", "2S")
    potlog("bid", "B=1", "A=2")
    potlog("play", "B", "9S")  # a trump led
    potlog("play", "A", "KH")  # A shows no trump ...
    potlog("play", "B", "3C")
    out = potlog("play", "A", "LO").output  # ... then plays a Bluke, which is a trump here
    assert "revoke: A did not follow trumps on trick 1 and now plays LO on trick 2" in out
    assert "A takes trick 2" in out
    assert scores(potlog) == {"A": 10 - 20, "B": -10 + 10}


# ----------------------------------------------------------------------------- state is plain

def test_the_game_state_survives_a_snapshot_round_trip(g13):
    from ledger.snapshots import from_plain, same
    from ledger.state import to_plain

    g13("hand")
    g13("deal", "trump", "8S")
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    g13("play", "John", "2H")
    g13("play", "Margaret", "3C")
    led = g13.ledger()
    try:
        st = led.state("t")
    finally:
        led.close()
    again = from_plain(json.loads(json.dumps(to_plain(st))))
    assert isinstance(again.ext, bluke.BlukeState) and same(again, st)
    assert again.ext.voids == {"Margaret": {"H": 1}}


def test_showing_a_card_of_a_suit_not_followed_is_a_revoke(g13):
    g13("hand")
    g13("hand", ok=False)
    g13("bid", "John=1", "Margaret=1", "Steve=1", "Betsy=1")
    g13("deal", "trump", "9H", "--up")
    for p, c in (("John", "5C"), ("Margaret", "KC"), ("Steve", "2D"), ("Betsy", "AC")):
        g13("play", p, c)
    g13("hand")  # two cards each
    g13("bid", "Margaret=1", "Steve=1", "Betsy=1", "John=1")
    g13("deal", "trump", "7S", "--up")
    g13("play", "Margaret", "AD")
    g13("play", "Steve", "3C")
    g13("play", "Betsy", "4D")
    g13("play", "John", "5D")
    assert any("Margaret: play" in line for line in state(g13)["legal"])
    out = g13("reveal", "Steve", "QD").output  # the table checks Steve's last card
    assert "revoke: Steve did not follow diamonds on trick 1 and shows QD" in out
    card = json.loads(g13("scorecard", "--json").output)
    assert card["revokes"][-1] == {"hand": 14, "player": "Steve", "suit": "D", "trick": 1, "shown": "revealed", "card": "QD"}
    assert "when the cards were shown" in g13("scorecard").output
    g13("play", "Margaret", "6H")
    out = g13("play", "Steve", "QD").output  # flagged once, not again
    assert "revoke" not in out
    verified(g13)


def test_the_highest_card_drawn_deals_first_and_ties_draw_again(potlog):
    potlog("new", "bluke", *PLAYERS.split())
    potlog("deal", "John", "KS")
    refused(potlog, "hand", says="the draw for the deal is not finished: Margaret, Steve, Betsy to draw")
    refused(potlog, "deal", "John", "2C", says="John has drawn already")
    refused(potlog, "deal", "Margaret", "KS", says="KS is already in John's hand")
    potlog("deal", "Margaret", "KD")  # a king each: suits do not count
    potlog("deal", "Steve", "QH")
    potlog("deal", "Betsy", "4C")
    assert state(potlog)["game_view"]["draw for the deal"].endswith("John and Margaret tie: they draw again")
    refused(potlog, "hand", says="John and Margaret tie for the highest card: they draw again")
    refused(potlog, "deal", "Steve", "AS", says="Steve is out of the draw for the deal")
    potlog("deal", "Margaret", "LO")  # a Bluke outranks any ace
    potlog("deal", "John", "AS")
    refused(potlog, "deal", "Betsy", "2S", says="the draw is decided: Margaret drew the highest card")
    refused(potlog, "hand", "--dealer", "John", says="Margaret drew the highest card and deals first, not John")
    potlog("hand")
    hand = state(potlog)["hand"]
    assert (hand["dealer"], hand["first"]) == ("Margaret", "Steve")
    assert all(s["cards"] == [] for s in state(potlog)["seats"])  # the drawn cards go back
    potlog("bid", "Steve=1", "Betsy=1", "John=1", "Margaret=1")
    verified(potlog)


def test_the_draw_shows_who_is_still_to_draw(potlog):
    potlog("new", "bluke", "-p", "A=0", "-p", "B=0", "-p", "C=0")
    potlog("deal", "A", "5H")
    assert state(potlog)["game_view"]["draw for the deal"] == "A 5♥; B, C to draw"
    potlog("deal", "B", "5C")
    potlog("deal", "C", "2S")
    potlog("deal", "A", "LO")
    assert state(potlog)["game_view"]["draw for the deal"] == "A 5♥ LO, B 5♣, C 2♠; A and B tie: they draw again"
    potlog("deal", "B", "4D")
    assert state(potlog)["game_view"]["draw for the deal"].endswith("; A deals first")
