"""The trick games from the command line: their words parse, a refusal is one line with exit 1,
``state`` shows the teams, whose turn and the cards that may be played, ``potlog play`` records."""

from __future__ import annotations


def test_whist_from_the_command_line(potlog):
    potlog("new", "whist", "-p", "Ann=20", "-p", "Ben=20", "-p", "Cy=20", "-p", "Dan=20")
    potlog("hand")
    potlog("trump", "7S")
    potlog("reveal", "Cy", "QH", "3C")
    potlog("play", "Ben", "KH")
    r = potlog("play", "Cy", "3C", ok=False)
    assert r.exit_code == 1 and r.output.strip() == "potlog: Cy must follow hearts: holds QH"
    r = potlog("trump", ok=False)
    assert r.exit_code == 2
    out = potlog("state").output
    assert "team 2: Ben+Dan vs team 1: Cy+Ann" in out and "Cy may play QH or an unseen card" in out


def test_skat_bids_and_the_prompt(potlog):
    potlog("new", "skat", "-p", "Ann=20", "-p", "Ben=20", "-p", "Cy=20")
    potlog("hand")
    r = potlog("play", input="bid Ben 18\npass Cy\nbid Ann 17\npass Ann\ntrump Ben H\nskat Ben 7C 8D\nplay Ben AH\n")
    assert "a bid must be 19 or more" in r.output and "Traceback" not in r.output
    out = potlog("state").output
    assert "soloist" in out and "Ben for 18; skat taken" in out and "to play" in out and "Cy may play" in out


def test_maw_and_scarto_words(potlog):
    potlog("new", "maw", "-p", "Ann=20", "-p", "Ben=20", "-p", "Cy=20")
    potlog("draw", "Ann", "JD")
    potlog("hand")
    potlog("trump", "9D")
    r = potlog("jink", "Ann", ok=False)
    assert r.exit_code == 1 and "first three tricks" in r.output
    potlog("rob", "Ben", "2C")
    assert "robbed by Ben" in potlog("state").output
    potlog("new", "scarto", "-p", "Ann=20", "-p", "Ben=20", "-p", "Cy=20")
    potlog("hand")
    r = potlog("discard", "Ann", "KS", "1H", "2H", ok=False)
    assert r.exit_code == 1 and r.output.strip() == "potlog: the dealer may not discard a king or a bout: KS"
    potlog("discard", "Ann", "3S", "1H", "2H")
    assert "Cy may play" in potlog("state").output
