"""Le Tarot Français at the decider: the packs and their notation, the trick rules, the card points,
the bids and the throw-in, the chien and the discard, poignées, petit au bout, the excuse, the
chelem, the zero-sum score and its chips, the score sheet; and the command line.

`plan` scripts a whole hand: nobody's cards are known (dealt face down), so any card may be named
as played; each trick's winner is decided by the rules and checked against the plan."""

from __future__ import annotations

import json

import pytest
from table import Table

from ledger import events as ev
from ledger.cards import PACKS, parse_card, tarot_converted
from ledger.commands import NewHand, Play
from ledger.errors import InputError
from ledger.games import tarot
from ledger.kit import tarot as tc
from ledger.kit.tarothand import Chelem, Chien, Poignee, TarotBid
from ledger.kit.tricks import rules as tr
from ledger.kit.tricks.commands import Discard

SUIT_CARDS = [c for c in PACKS["tarot78"].cards if not tc.is_trump(c) and c != "EX"]


# ----------------------------------------------------------------------------- scripting a hand

def plan(seats: list[str], winners: list[str], special: dict[int, dict[str, str]] | None = None,
         keep: tuple[str, ...] = (), pack: str = "tarot78") -> list[dict[str, str]]:
    """One ``{player: card}`` per trick: the trick's winner plays the highest atout left, everyone
    else a filler: the excuse and the petit first (in the first tricks), then the suit cards
    from the lowest, then the lowest atouts; `special` tricks name some cards themselves; `keep`
    (the chien, a discard) stays out."""
    special = special or {}
    used = set(keep) | {c for t in special.values() for c in t.values()}
    cards = [c for c in PACKS[pack].cards if c not in used]
    trumps = sorted((c for c in cards if tc.is_trump(c) and c != "T1"), key=tc.trump_no)
    suits = sorted((c for c in cards if not tc.is_trump(c) and c != "EX"), key=lambda c: (tc.halves(c), tc.rank(c), c))
    first = [c for c in ("EX", "T1") if c in cards]
    out = []
    for i, w in enumerate(winners):
        trick = dict(special.get(i, {}))
        if w not in trick:  # the highest atout left, else the highest suit card (the winner must lead it)
            trick[w] = trumps.pop() if trumps else suits.pop()
        for p in seats:
            if p not in trick:
                trick[p] = first.pop(0) if first else suits.pop(0) if suits else trumps.pop(0)
        out.append(trick)
    return out


def halves_of(tricks: list[dict[str, str]], winners: list[str], side: dict[str, str]) -> dict[str, int]:
    """Each side's card points (half points) by the text's rules, worked out here on their own: a
    trick to its taker's side; the excuse, before the last trick, to its player's side, which
    hands a 0.5 card to the taker's side if it has one at the end."""
    out: dict[str, list[str]] = {s: [] for s in side.values()}
    owed = []
    for i, (trick, w) in enumerate(zip(tricks, winners)):
        for p, c in trick.items():
            if c == "EX" and i < len(tricks) - 1 and side[p] != side[w]:
                out[side[p]].append(c)
                owed.append((side[p], side[w]))
            else:
                out[side[w]].append(c)
    points = {s: sum(map(tc.halves, cards)) for s, cards in out.items()}
    for giver, taker in owed:
        if any(tc.halves(c) == 1 for c in out[giver]):
            points[giver], points[taker] = points[giver] - 1, points[taker] + 1
    return points


def bouts_of(tricks: list[dict[str, str]], winners: list[str], side: dict[str, str], which: str) -> int:
    n = len(tricks)
    return sum(1 for i, (trick, w) in enumerate(zip(tricks, winners)) for p, c in trick.items() if c in tc.BOUTS and
               (side[p] if c == "EX" and i < n - 1 else side[w]) == which)


def play(t: Table, tricks: list[dict[str, str]]) -> list[str]:
    """Play the tricks in turn order; the takers as the rules decide."""
    won = []
    for trick in tricks:
        for _ in range(len(trick)):
            who = t.to_act
            events = t(Play(player=who, cards=(trick[who],)))
        won += [e.player for e in events if isinstance(e, ev.TrickWon)]
    return won


def garde(stake: int = 1, bid: str = "garde", chien: tuple[str, ...] = ("2S", "3S", "4S", "5S", "6S", "7S"),  # CHIEN
          **options: object) -> Table:
    """Four players, Ann deals: Dan (her right) bids first; Cy takes with `bid`."""
    t = Table("tarot", options={"stake": stake, **options}, verify=True, Ann=1000, Ben=1000, Cy=1000, Dan=1000)
    t(NewHand())
    assert t.state.ext.seats == ["Dan", "Cy", "Ben", "Ann"] and t.to_act == "Dan"
    t.word("bid", "Dan", "pass")
    t.word("bid", "Cy", bid)
    t.word("bid", "Ben", "pass")
    t.word("bid", "Ann", "pass")
    if bid in ("petite", "garde") and chien:
        t.word("chien", "Cy", *chien)
        t.word("discard", "Cy", *chien)
    return t


SIDES = {"Cy": "taker", "Dan": "defence", "Ben": "defence", "Ann": "defence"}
CHIEN = ("2S", "3S", "4S", "5S", "6S", "7S")


# ----------------------------------------------------------------------------- the packs

def test_the_tarot_packs_and_their_notation():
    sizes = {name: len(PACKS[name].cards) for name in ("tarot78", "tarocchini62", "siciliani63", "tarock54", "troggu62")}
    assert sizes == {"tarot78": 78, "tarocchini62": 62, "siciliani63": 63, "tarock54": 54, "troggu62": 62}
    assert parse_card("t21", "tarot78") == "T21" and parse_card("ex", "tarot78") == "EX"
    assert parse_card("cd", "tarot78") == "CD"  # the cavalier of diamonds
    with pytest.raises(InputError, match="tarocchini62"):
        parse_card("3S", "tarocchini62")  # 2-5 are stripped
    with pytest.raises(InputError, match="siciliani63"):
        parse_card("3D", "siciliani63")  # diamonds lose 1-3 ...
    assert parse_card("4D", "siciliani63") == "4D" and "4S" not in PACKS["siciliani63"]  # ... the others 1-4
    assert "5H" not in PACKS["tarock54"] and "4H" in PACKS["tarock54"] and "6S" not in PACKS["tarock54"]
    assert "7H" not in PACKS["troggu62"] and "6H" in PACKS["troggu62"] and "4C" not in PACKS["troggu62"]


@pytest.mark.parametrize("text, card", [
    ("7 acorns", "7C"), ("3 bells", "3D"), ("king of leaves", "KS"),          # German
    ("knight of batons", "CC"), ("queen of cups", "QH"), ("1 coins", "1D"),  # Italian
    ("page of wands", "JC"), ("10 pentacles", "10D"), ("ace of swords", "1S"),  # Universal Waite
    ("21T", "T21"), ("atout 5", "T5"), ("fool", "EX"), ("0", "EX"),
])
def test_converting_between_tarot_decks(text, card):
    assert tarot_converted(text) == card
    assert parse_card(text, "tarot78") == card


def test_a_card_of_no_deck_is_refused_naming_the_notation():
    with pytest.raises(InputError, match="trumps T1-T21; the excuse EX"):
        parse_card("11 cups", "tarot78")
    assert tarot_converted("22T") is None and tarot_converted("21") is None


# ----------------------------------------------------------------------------- the trick

def test_pip_order_by_colour_and_the_courts():
    assert sorted(["10S", "1S", "JS", "KS", "CS", "QS"], key=tc.rank) == ["1S", "10S", "JS", "CS", "QS", "KS"]
    assert sorted(["10H", "1H", "5H", "JH"], key=tc.rank) == ["10H", "5H", "1H", "JH"]  # red pips reversed


@pytest.mark.parametrize("plays, winner", [
    ([("A", "1H"), ("B", "10H"), ("C", "KH"), ("D", "2H")], "C"),
    ([("A", "1H"), ("B", "2H"), ("C", "KS"), ("D", "10H")], "A"),   # red: the 1 beats the 2 and the 10
    ([("A", "KH"), ("B", "T1"), ("C", "QH"), ("D", "T2")], "D"),    # the higher atout
    ([("A", "EX"), ("B", "3C"), ("C", "9C"), ("D", "KD")], "C"),    # led with the excuse: the next card sets clubs
    ([("A", "T21"), ("B", "EX"), ("C", "T3"), ("D", "T2")], "A"),   # the excuse never wins
])
def test_who_takes_the_trick(plays, winner):
    assert tr.winner(plays, tc.RULES, tc.TRUMPS) == winner


@pytest.mark.parametrize("card, held, plays, says", [
    ("T5", ["3H", "T5"], [("A", "KH")], "must follow hearts: holds 3H"),
    ("2S", ["2S", "T5"], [("A", "KH")], "must trump: holds T5"),
    ("T5", ["T5", "T18"], [("A", "KH"), ("B", "T12")], "must over-trump T12: holds T18"),
    ("T5", ["T5", "T18"], [("A", "T12")], "must over-trump T12: holds T18"),  # atouts led
    ("2S", ["2S", "T3"], [("A", "T12")], "must follow trumps: holds T3"),
])
def test_a_card_against_the_rule_is_refused_naming_it(card, held, plays, says):
    assert says in tr.refusal("Ben", card, held, plays, tc.RULES, tc.TRUMPS)


@pytest.mark.parametrize("card, held, plays", [
    ("EX", ["EX", "3H"], [("A", "KH")]),              # the excuse at any time
    ("T5", ["T5", "T3"], [("A", "KH"), ("B", "T12")]),  # under-trumping when unable to over-trump
    ("2S", ["2S", "??"], [("A", "KH")]),              # an unseen hand proves nothing
    ("3C", ["3C", "T4"], [("A", "EX"), ("B", "3C")]),  # after an excuse lead the next card sets clubs
])
def test_cards_the_rule_allows(card, held, plays):
    assert tr.refusal("Ben", card, held, plays, tc.RULES, tc.TRUMPS) is None


# ----------------------------------------------------------------------------- counting and the score

def test_card_points_in_half_points():
    assert sum(map(tc.halves, PACKS["tarot78"].cards)) == 182  # 91 points
    assert [tc.halves(c) for c in ("T21", "T1", "EX", "KS", "QH", "CD", "JC", "10S", "T12")] == [9, 9, 9, 9, 7, 5, 3, 1, 1]
    assert tc.bouts(["T1", "EX", "KS", "T20"]) == 2


def test_the_excuse_exchange_hands_over_a_low_card_if_there_is_one():
    out = tc.exchanged({"taker": ["EX", "KS", "3S"], "defence": ["T20"]}, [("taker", "defence")], lambda c: tc.halves(c) == 1)
    assert out == {"taker": ["EX", "KS"], "defence": ["T20", "3S"]}
    out = tc.exchanged({"taker": ["EX", "KS"], "defence": []}, [("taker", "defence")], lambda c: tc.halves(c) == 1)
    assert out == {"taker": ["EX", "KS"], "defence": []}  # no low card to give: none is given


@pytest.mark.parametrize("halves, bouts, bid, kw, want", [
    (91, 2, "garde", {}, 2 * (25 + 5)),          # 45.5 against 41: 4.5, a whole 5
    (82, 2, "garde", {}, 2 * 25),                # 41 exactly: made, 25
    (100, 0, "petite", {}, -(25 + 6)),           # 50 against 56: down 6
    (81, 2, "petite", {}, -(25 + 1)),            # 40.5 against 41: down half a point, a whole 1
    (72, 3, "sans", {}, 4 * 25),                 # 36 with 3 bouts
    (120, 1, "contre", {}, 6 * (25 + 9)),        # 60 against 51
    (82, 2, "garde", {"petit": 1}, 2 * (25 + 10)),   # petit au bout, before the multiplier
    (82, 2, "garde", {"petit": -1}, 2 * (25 - 10)),  # petit au bout lost
    (80, 2, "garde", {"poignees": 20}, 2 * -26 - 20),  # down: the poignée goes to the defence
    (82, 2, "garde", {"poignees": 30}, 2 * 25 + 30),
    (150, 3, "garde", {"announced": True, "all_tricks": "taker"}, 2 * (25 + 39) + 400),
    (150, 3, "garde", {"announced": True, "all_tricks": None}, 2 * (25 + 39) - 200),  # a failed chelem annoncé
    (150, 3, "garde", {"all_tricks": "taker"}, 2 * (25 + 39) + 200),                  # non annoncé
    (20, 0, "petite", {"all_tricks": "defence"}, -(25 + 46) - 200),
])
def test_the_contract_score(halves, bouts, bid, kw, want):
    assert tarot.contract_score(halves, bouts, bid, **kw) == want


@pytest.mark.parametrize("players, shown, points", [
    (4, 9, 0), (4, 10, 20), (4, 13, 30), (4, 15, 40), (3, 13, 20), (3, 18, 40), (2, 15, 20), (5, 5, 20), (5, 8, 30),
])
def test_poignee_points_by_players(players, shown, points):
    assert tarot.poignee_points(shown, players) == points


# ----------------------------------------------------------------------------- the bidding

def test_the_deal_and_bids_to_the_right_and_outbidding():
    t = Table("tarot", verify=True, Ann=0, Ben=0, Cy=0, Dan=0)
    t(NewHand())
    assert [len(t.state.seat(p).cards) for p in ("Ann", "Ben", "Cy", "Dan")] == [18] * 4
    assert len(t.state.hand.boards["dog"]) == 6
    t.refused(TarotBid(player="Ann", name="garde"), "it is Dan's turn to bid, not Ann's")
    t.word("bid", "Dan", "garde")
    t.refused(TarotBid(player="Cy", name="petite"), "petite does not outbid garde")
    t.refused(TarotBid(player="Cy", name="grande"), "not a bid here")
    t.word("bid", "Cy", "contre")
    t.word("bid", "Ben", "pass")
    t.word("bid", "Ann", "pass")
    x = t.state.ext
    assert (x.taker, x.contract, x.teams["Dan"], x.teams["Cy"]) == ("Cy", "contre", "defence", "taker")
    assert x.phase == "play" and t.to_act == "Cy"  # garde contre: nobody sees the chien; the taker leads


def test_everyone_passes_the_hand_is_thrown_in_and_the_deal_passes_right():
    t = Table("tarot", options={"hands": 1}, verify=True, Ann=0, Ben=0, Cy=0, Dan=0)
    t(NewHand())
    for p in ("Dan", "Cy", "Ben", "Ann"):
        t.word("bid", p, "pass")
    assert t.state.hand.ended and t.state.ext.sheet[-1]["note"] == "thrown in"
    assert t.state.scores == {}
    t(NewHand())  # a thrown-in hand does not count towards the hands agreed
    assert t.state.hand.dealer == "Dan" and t.to_act == "Cy"


def test_more_or_fewer_than_the_game_seats_are_refused():
    t = Table("tarot", Ann=0)
    t.refused(NewHand(), "Le Tarot Français is for 2 to 5 players, not 1")


@pytest.mark.parametrize("players, each, chien", [(2, 36, 6), (3, 24, 6), (4, 18, 6), (5, 14, 8)])
def test_the_deal_by_players(players, each, chien):
    t = Table("tarot", **{n: 0 for n in ["Ann", "Ben", "Cy", "Dan", "Eve"][:players]})
    t(NewHand())
    assert {len(s.cards) for s in t.state.seats} == {each} and len(t.state.hand.boards["dog"]) == chien


# ----------------------------------------------------------------------------- the chien and the discard

def test_the_chien_is_shown_and_the_discard_has_its_limits():
    t = garde(bid="garde", chien=())  # (Cy takes the chien below)
    t.refused(Chien(player="Cy", cards=("KS",)), "the chien is shown: name its 6 cards")
    t.refused(Chien(player="Dan", cards=("KS", "T1", "EX", "T5", "2S", "3S")), "Cy took the contract")
    t.word("chien", "Cy", "KS", "T1", "EX", "T5", "2S", "3S")
    assert t.state.ext.phase == "discard"
    t.refused(Discard(player="Cy", discard=("KS", "T1", "2S", "3S", "4S", "5S")),
              "may not hold kings or bouts (T1, T21, EX): KS T1")
    t.refused(Discard(player="Cy", discard=("T5", "3S", "4S", "5S", "6S", "7S")),
              "an atout is discarded only when nothing else can be: discard 2S")
    t.refused(Discard(player="Cy", discard=("2S", "3S", "4S", "5S", "6S", "7S", "8S")), "discards 6 cards")
    t.word("discard", "Cy", "2S", "3S", "4S", "5S")  # two more, unseen
    assert t.state.ext.discards == ["2S", "3S", "4S", "5S", "??", "??"]
    assert t.state.ext.phase == "play" and t.to_act == "Cy"
    t(Play(player="Cy", cards=("8S",)))
    t(Play(player="Ben", cards=("9S",)))
    t(Play(player="Ann", cards=("10S",)))
    t.refused(Play(player="Dan", cards=("KS",)), "KS is already in Cy's hand")  # known from the chien


def test_following_is_checked_against_the_cards_known():
    t = garde(bid="garde")
    t.word("show", "Ben", "3H", "T7")
    t(Play(player="Cy", cards=("KH",)))
    t.refused(Play(player="Ben", cards=("T8",)), "Ben must follow hearts: holds 3H")
    t(Play(player="Ben", cards=("3H",)))
    t(Play(player="Ann", cards=("T9",)))
    t.refused(Play(player="Dan", cards=("T9",)), "T9 is already in the current trick")
    t(Play(player="Dan", cards=("T10",)))
    assert t.state.ext.leader == "Dan"


# ----------------------------------------------------------------------------- whole hands

SEATS = ["Dan", "Cy", "Ben", "Ann"]


def test_a_garde_made_zero_sum_with_its_chips_and_the_score_sheet():
    t = garde(stake=2)
    winners = ["Dan", "Ben", "Ann"] * 2 + ["Cy"] * 12
    tricks = plan(SEATS, winners, keep=CHIEN)
    assert play(t, tricks) == winners
    x = t.state.ext
    assert t.state.hand.ended
    taker = halves_of(tricks, winners, SIDES)["taker"] + 6  # the discard: six pips
    per = tarot.contract_score(taker, bouts_of(tricks, winners, SIDES, "taker"), "garde")
    assert per > 0 and x.sheet[-1]["points"] == {"Dan": -per, "Cy": 3 * per, "Ben": -per, "Ann": -per}
    assert [t.stack(p) for p in ("Ann", "Ben", "Cy", "Dan")] == [1000 - 2 * per, 1000 - 2 * per, 1000 + 6 * per,
                                                                  1000 - 2 * per]
    lines = dict(t.rules.view(t.state))
    assert lines["hand 1"].startswith("Dan ") and "(garde by Cy)" in lines["hand 1"]
    assert lines["total"] == f"Dan {-per:+d}, Cy {3 * per:+d}, Ben {-per:+d}, Ann {-per:+d}"


def test_a_contract_down_pays_each_defender():
    t = garde(stake=1, bid="petite")
    winners = ["Cy"] * 3 + ["Dan", "Ben", "Ann"] * 5
    tricks = plan(SEATS, winners, keep=CHIEN)
    play(t, tricks)
    taker = halves_of(tricks, winners, SIDES)["taker"] + 6
    per = tarot.contract_score(taker, bouts_of(tricks, winners, SIDES, "taker"), "petite")
    assert per < -25 and t.state.ext.sheet[-1]["points"]["Cy"] == 3 * per
    assert t.stack("Cy") == 1000 + 3 * per and t.stack("Ann") == 1000 - per


def test_petit_au_bout_lost_and_the_excuse_on_the_last_trick():
    t = garde(stake=0, bid="sans")
    last = {"Cy": "T1", "Dan": "T21", "Ben": "EX", "Ann": "9C"}  # the defence takes the petit, and the excuse
    winners = ["Cy"] * 14 + ["Dan"] * 4
    tricks = plan(SEATS, winners, special={17: last})
    assert play(t, tricks)[-1] == "Dan"
    x = t.state.ext
    assert "EX" in x.won["defence"] and "T1" in x.won["defence"]  # the last trick's excuse goes to its taker
    played = {c for trick in tricks for c in trick.values()}
    chien = [c for c in PACKS["tarot78"].cards if c not in played]  # garde sans: counted for the taker
    halves = halves_of(tricks, winners, SIDES)["taker"] + sum(map(tc.halves, chien))
    bouts = bouts_of(tricks, winners, SIDES, "taker") + tc.bouts(chien)
    per = tarot.contract_score(halves, bouts, "sans", petit=-1)
    assert x.sheet[-1]["points"]["Cy"] == 3 * per
    assert per == tarot.contract_score(halves, bouts, "sans") - 4 * 10  # 10, times 4, off


def test_petit_au_bout_won_by_the_taker():
    t = garde(stake=0, bid="garde")
    winners = ["Cy"] * 18
    tricks = plan(SEATS, winners, special={17: {"Cy": "T1", "Dan": "2C", "Ben": "3C", "Ann": "4C"}}, keep=CHIEN)
    play(t, tricks)
    halves = halves_of(tricks, winners, SIDES)["taker"] + 6
    per = tarot.contract_score(halves, bouts_of(tricks, winners, SIDES, "taker"), "garde", petit=1, all_tricks="taker")
    assert t.state.ext.sheet[-1]["points"]["Cy"] == 3 * per


def test_the_excuse_stays_with_its_player_who_gives_a_low_card():
    t = garde(stake=0, bid="contre")
    winners = ["Dan"] + ["Cy"] * 17
    tricks = plan(SEATS, winners, special={0: {"Cy": "EX", "Dan": "T21"}})
    play(t, tricks)
    x = t.state.ext
    assert x.excused == [["Cy", "Dan"]] and "EX" in x.won["taker"]
    piles = tarot.GAME.final_piles(t.state, x)
    low = [c for c in x.won["taker"] if tc.halves(c) == 1]
    assert "EX" in piles["taker"] and low[0] in piles["defence"]
    assert len(piles["taker"]) == len(x.won["taker"]) - 1
    assert len(piles["defence"]) == 3 + 1 + 6  # the trick less the excuse, the low card, the chien (contre)
    halves = halves_of(tricks, winners, SIDES)["taker"]
    assert x.sheet[-1]["points"]["Cy"] == 3 * tarot.contract_score(halves, bouts_of(tricks, winners, SIDES, "taker"),
                                                                   "contre", all_tricks="taker")


def test_a_chelem_annonce_failed_and_one_made():
    t = garde(stake=0, bid="garde")
    t.refused(Chelem(player="Ben"), "by the taker")
    t.word("chelem", "Cy")
    winners = ["Cy"] * 17 + ["Ann"]
    tricks = plan(SEATS, winners, keep=CHIEN)
    play(t, tricks)
    halves = halves_of(tricks, winners, SIDES)["taker"] + 6
    per = tarot.contract_score(halves, bouts_of(tricks, winners, SIDES, "taker"), "garde", announced=True)
    assert t.state.ext.sheet[-1]["points"]["Cy"] == 3 * per
    assert per == tarot.contract_score(halves, bouts_of(tricks, winners, SIDES, "taker"), "garde") - 200

    t(NewHand())  # Dan deals now: Cy (his right) speaks first
    assert t.state.ext.seats == ["Cy", "Ben", "Ann", "Dan"]
    for p, w in zip(t.state.ext.seats, ["garde", "pass", "pass", "pass"]):
        t.word("bid", p, w)
    t.word("chien", "Cy", *CHIEN)
    t.word("discard", "Cy", *CHIEN)
    t.word("chelem", "Cy")
    t.refused(Chelem(player="Cy"), "announced once")
    tricks = plan(t.state.ext.seats, ["Cy"] * 18, keep=CHIEN)
    play(t, tricks)
    halves = halves_of(tricks, ["Cy"] * 18, SIDES)["taker"] + 6
    assert halves == 182 - 9  # all but the defence's excuse (a side with no low card gives none)
    assert t.state.ext.sheet[-1]["points"]["Cy"] == 3 * tarot.contract_score(halves, 2, "garde", announced=True,
                                                                            all_tricks="taker")


def test_a_poignee_shown_before_the_first_card_goes_to_the_winning_side():
    t = garde(stake=0, bid="garde")
    t.refused(Poignee(player="Ben", cards=tuple(f"T{n}" for n in range(2, 11))), "shows 10 atouts or more, not 9")
    t.refused(Poignee(player="Ben", cards=("KH", *(f"T{n}" for n in range(2, 11)))), "atouts only")
    t.word("poignee", "Ben", *(f"T{n}" for n in range(2, 11)), "EX")  # the excuse counts as an atout
    assert [h.card for h in t.state.seat("Ben").cards if h.up][:3] == ["T2", "T3", "T4"]
    t.refused(Poignee(player="Ben", cards=tuple(f"T{n}" for n in range(11, 21))), "has shown a poignée already")
    winners = ["Cy"] * 10 + ["Dan"] * 8  # Cy takes Ben's atouts with T21..T12; Dan T11, then leads kings and queens
    special = {i: {"Ben": f"T{n}"} for i, n in enumerate(range(2, 11))} | {9: {"Ben": "EX"}}
    tricks = plan(SEATS, winners, special=special, keep=CHIEN)
    won = play(t, tricks[:1])
    t.refused(Poignee(player="Ann", cards=tuple(f"T{n}" for n in range(11, 21))),
              "a poignée is made before the first card is played")
    assert won + play(t, tricks[1:]) == winners
    x = t.state.ext
    assert "EX" in x.won["defence"]  # the excuse stays with Ben's side
    halves = halves_of(tricks, winners, SIDES)["taker"] + 6
    per = tarot.contract_score(halves, bouts_of(tricks, winners, SIDES, "taker"), "garde", poignees=20)
    assert per < -20 and x.sheet[-1]["points"]["Cy"] == 3 * per  # down: the defence gets Ben's poignée


def test_the_agreed_hands_end_the_game():
    t = garde(stake=0, hands=1)
    play(t, plan(SEATS, ["Cy"] * 18, keep=CHIEN))
    t.refused(NewHand(), "the game is over after the 1 hands agreed")
    lines = dict(t.rules.view(t.state))
    assert lines["game over"] == f"after the 1 hands agreed: Cy with {t.state.ext.sheet[-1]['points']['Cy']:+d}"


def test_three_and_five_players_the_taker_against_the_others():
    t = Table("tarot", options={"stake": 1}, verify=True, Ann=500, Ben=500, Cy=500, Dan=500, Eve=500)
    t(NewHand())
    seats = t.state.ext.seats
    for p, w in zip(seats, ["pass", "garde", "pass", "pass", "pass"]):
        t.word("bid", p, w)
    chien = ("2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S")
    t.word("chien", seats[1], *chien)
    t.word("discard", seats[1], *chien)
    winners = [seats[1]] * 10 + seats[2:] + seats[:1]
    play(t, plan(seats, winners, keep=chien))
    points = t.state.ext.sheet[-1]["points"]
    assert sum(points.values()) == 0 and points[seats[1]] == -4 * points[seats[0]]
    assert sum(t.stack(p) for p in seats) == 2500


# ----------------------------------------------------------------------------- the command line

def test_the_command_line_records_a_tarot_hand(potlog):
    potlog("new", "tarot", "-p", "Ann=100", "-p", "Ben=100", "-p", "Cy=100", "-p", "Dan=100")
    potlog("hand")
    r = potlog("bid", "Ann", "garde", ok=False)
    assert r.exit_code == 1 and r.output.strip().splitlines() == ["potlog: it is Dan's turn to bid, not Ann's"]
    r = potlog("bid", "Dan", "grande", ok=False)
    assert r.exit_code != 0 and "not a bid here: say pass, petite, garde, sans, contre" in r.output
    for p, w in (("Dan", "pass"), ("Cy", "garde"), ("Ben", "pass"), ("Ann", "pass")):
        potlog("bid", p, w)
    potlog("chien", "Cy", "2S", "3S", "4S", "5S", "6S", "7S")
    r = potlog("discard", "Cy", "KS", ok=False)
    assert r.exit_code == 1 and "kings or bouts" in r.output
    potlog("discard", "Cy", "2S", "3S")
    potlog("play", "Cy", "KH")
    data = json.loads(potlog("state", "--json").output)
    assert data["hand"]["to_act"] == "Ben"
    text = potlog("state").output
    assert "garde by Cy" in text and "Ben may play" in text


def test_potlog_play_takes_a_hand_typed_at_the_prompt(potlog):
    from cli.cmd_play import prompt_hint
    from ledger.app import Ledger

    potlog("new", "tarot", "-p", "Ann=100", "-p", "Ben=100", "-p", "Cy=100", "-p", "Dan=100")
    r = potlog("play", input="hand\nbid Dan pass\nbid Cy sans\nbid Ben garde\nbid Ben pass\nbid Ann pass\n"
                             "play Cy KH\nplay Ben T3\nplay Ann 1H\nquit\n")
    assert "sans does not outbid" not in r.output and "garde does not outbid sans" in r.output
    assert "Traceback" not in r.output
    led = Ledger.open(potlog.db)
    state = led.state(led.current())
    led.close()
    assert [(p, c) for p, c in state.ext.trick] == [("Cy", "KH"), ("Ben", "T3"), ("Ann", "1H")]
    assert prompt_hint(state).startswith("Dan to act: play")
