"""The trick engine (`ledger.games.bluke.tricks`) on its own: following, winners, voids and revokes,
turns, and the decide/evolve steps over a small in-memory table."""

from __future__ import annotations


import pytest

from ledger import events as ev
from ledger.commands import Bids, Deal
from ledger.errors import InputError, RuleViolation
from ledger.games.bluke import bidding, tricks
from ledger.games.bluke.tricks import TRUMPS, Following
from ledger.reducer import apply
from ledger.state import TableState

BLUKES = frozenset({"HI", "LO"})
RANKS = {r: i for i, r in enumerate(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], 2)}


def whist_power(card: str, led: str | None, trump: str | None) -> tuple[int, int]:
    s, v = card[-1], RANKS[card[:-1]]
    return (2, v) if s == trump else (1, v) if s == led else (0, 0)


# ----------------------------------------------------------------------------- following

def test_what_a_card_follows_as():
    plain = Following("H")
    assert [plain.follows_as(c) for c in ("AS", "2H")] == ["S", "H"] and plain.trump_class == "H"
    standard = Following("H", any_time=BLUKES)  # Bluke: the jokers follow nothing
    assert standard.follows_as("HI") is None and standard.follows_as("5H") == "H"
    widened = Following("H", trumps=BLUKES)  # New Jersey Bluke: the jokers are trumps
    assert [widened.follows_as(c) for c in ("LO", "5H", "5S")] == [TRUMPS, TRUMPS, "S"]
    assert widened.trump_class == TRUMPS
    no_trump = Following(None, trumps=BLUKES)  # the jokers are the whole trump suit
    assert [no_trump.follows_as(c) for c in ("HI", "5H")] == [TRUMPS, "H"]


def test_must_follow_if_able():
    rule = Following("H", any_time=BLUKES)
    trick = [("A", "KS")]
    assert tricks.led(trick, rule) == "S" and tricks.led([], rule) is None
    assert tricks.instead("2D", ["2D", "3S", "??"], trick, rule) == ["3S"]
    assert tricks.instead("3S", ["2D", "3S"], trick, rule) == []
    assert tricks.instead("HI", ["HI", "3S"], trick, rule) == []  # playable at any time
    assert tricks.instead("2D", ["2D", "??"], trick, rule) == []  # unseen cards prove nothing
    assert tricks.instead("2D", ["2D", "3S"], [("A", "LO")], rule) == []  # a Bluke led: nothing to follow
    nj = Following("H", trumps=BLUKES)
    assert tricks.instead("LO", ["LO", "3S"], trick, nj) == ["3S"]  # a trump does not follow spades
    assert tricks.instead("KD", ["KD", "HI"], [("A", "9H")], nj) == ["HI"]  # trump led: a Bluke follows it


def test_must_trump_and_may_trump():
    must = Following("H", must_trump=True)
    assert tricks.instead("2D", ["2D", "5H", "3C"], [("A", "KS")], must) == ["5H"]
    assert tricks.instead("5H", ["2D", "5H"], [("A", "KS")], must) == []
    assert tricks.instead("2D", ["2D", "3C"], [("A", "KS")], must) == []
    assert tricks.shows_void("2D", [("A", "KS")], must) == ["S", "H"]
    assert tricks.shows_void("5H", [("A", "KS")], must) == ["S"]
    may = Following("H", may_trump=True)  # Maw: a trump may be played instead of following
    assert tricks.instead("5H", ["5H", "3S"], [("A", "KS")], may) == []
    assert tricks.instead("2D", ["2D", "3S"], [("A", "KS")], may) == ["3S"]
    assert tricks.shows_void("5H", [("A", "KS")], may) == []


def test_the_winner_by_the_games_power():
    rule = Following("C")
    assert tricks.winner([("A", "KS"), ("B", "AS"), ("C", "2C"), ("D", "AH")], whist_power, rule) == "C"
    assert tricks.winner([("A", "KS"), ("B", "AH"), ("C", "2S")], whist_power, Following(None)) == "A"
    assert tricks.winner([("A", "9D"), ("B", "9D")], whist_power, rule) == "A"  # the earliest among equals


def test_turns_in_a_trick():
    order = ["A", "B", "C", "D"]
    assert tricks.to_play(order, "C", []) == "C"
    assert tricks.to_play(order, "C", [("C", "2S")]) == "D"
    assert tricks.to_play(order, "C", [("C", "2S"), ("D", "3S")]) == "A"
    assert tricks.to_play(order, "C", [("C", "2S"), ("X", "3S")]) == "D"  # a ruling's card passes no turn
    full = [(p, "2S") for p in order]
    assert tricks.to_play(order, "A", full) is None and tricks.complete(order, full)
    assert not tricks.complete([], [])


def test_voids_and_revokes():
    rule = Following("H", any_time=BLUKES)
    voids: dict[str, dict[str, int]] = {}
    assert tricks.played(voids, [("A", "KS"), ("B", "2D")], rule, 1) is None
    assert voids == {"B": {"S": 1}}
    assert tricks.played(voids, [("A", "QS"), ("B", "HI")], rule, 2) is None  # a Bluke shows nothing
    assert voids == {"B": {"S": 1}}
    assert tricks.revoke(voids, "B", "3S", rule) == ("S", 1)
    assert tricks.played(voids, [("B", "3S")], rule, 3) == ("S", 1)  # shown once ...
    assert voids == {"B": {}} and tricks.shown(voids, "B", "4S", rule) is None  # ... and only once
    assert tricks.unseen(["AS", "??"], 4) == 3 and tricks.unseen(["AS"], 1) == 0


# ----------------------------------------------------------------------------- decide and evolve

Hand = tricks.Keeping  # what a game keeps of its hand of tricks


def table(*dealt: tuple[str, list[str]]) -> tuple[TableState, Hand]:
    """Four players, hand 1 dealt by D (A leads), two cards each."""
    state = TableState(session="t")
    events: list[ev.Event] = [ev.SessionOpened(game="freeform")]
    events += [ev.PlayerJoined(player=p, buyin=0) for p in "ABCD"]
    events += [ev.HandStarted(hand=1, dealer="D")]
    events += [ev.CardsDealt(to=p, cards=cards) for p, cards in dealt]
    for seq, e in enumerate(events, 1):
        apply(state, seq, e)
    k = Hand()
    state.hand.to_act = tricks.new_hand(k, ["A", "B", "C", "D"], 2)  # type: ignore[union-attr]
    return state, k


def step(state: TableState, k: Hand, events: list[ev.Event], rule: Following) -> bool:
    done = False
    for e in events:
        apply(state, state.seq + 1, e)
        done = tricks.evolve(state, k, rule, e) or done
    return done


def test_a_card_is_played_in_turn_held_and_following():
    rule = Following("C")
    state, k = table(("B", ["2S", "3D"]))
    with pytest.raises(RuleViolation, match="it is A's turn to play, not B's"):
        tricks.play(state, k, "B", "2S", rule)
    step(state, k, tricks.play(state, k, "A", "KS", rule), rule)
    assert state.hand.to_act == "B"  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="B does not hold 4H"):
        tricks.play(state, k, "B", "4H", rule)
    with pytest.raises(RuleViolation, match="B must follow spades: they hold 2S, so"):
        tricks.play(state, k, "B", "3D", rule, hint=", so")
    state.hand.to_act = "C"  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="KS is already in the current trick"):
        tricks.play(state, k, "C", "KS", rule)  # C's cards are unseen, but not that one


def test_a_hand_of_tricks_with_a_revoke():
    rule = Following("C")
    state, k = table()
    step(state, k, [ev.CardPlayed(player=p, card=c) for p, c in (("A", "KS"), ("B", "2D"), ("C", "AS"))], rule)
    assert k.voids == {"B": {"S": 1}} and not tricks.pending(state, k)
    step(state, k, tricks.play(state, k, "D", "3C", rule), rule)
    assert tricks.pending(state, k)
    won = tricks.taken_first(state, k, whist_power, rule)
    assert won == [ev.TrickWon(player="D", trick=1)]
    assert not step(state, k, won, rule)
    assert (k.leader, k.taken, state.hand.to_act) == ("D", {"D": 1}, "D")  # type: ignore[union-attr]
    step(state, k, [ev.CardPlayed(player="D", card="4H"), ev.CardPlayed(player="A", card="5H")], rule)
    shown = tricks.reveal(state, k, "B", ["9S"], rule)
    assert shown[-1] == ev.Note(text="revoke: B did not follow spades on trick 1 and shows 9S")
    played = tricks.play(state, k, "B", "9S", rule)
    assert played[-1] == ev.Note(text="revoke: B did not follow spades on trick 1 and now plays 9S on trick 2")
    step(state, k, played + [ev.CardPlayed(player="C", card="6H")], rule)
    assert k.revokes == [{"hand": 1, "player": "B", "suit": "S", "trick": 1, "shown": 2, "card": "9S"}]
    assert step(state, k, [tricks.take(state, k, whist_power, rule)], rule)  # the last trick
    assert k.taken == {"D": 1, "C": 1}


def test_reveal_checks_what_a_player_can_show():
    rule = Following(None)
    state, k = table(("A", ["AS", "KS"]))
    with pytest.raises(InputError):
        tricks.reveal(state, k, "B", [], rule)
    with pytest.raises(RuleViolation, match="AS is already in A's hand"):
        tricks.reveal(state, k, "B", ["AS"], rule)
    with pytest.raises(RuleViolation, match="B has no unseen card left to show 4D"):
        tricks.reveal(state, k, "B", ["2D", "3D", "4D"], rule)
    assert tricks.reveal(state, k, "A", ["KS"], rule) == [ev.CardsRevealed(holder="A", cards=["KS"])]


def test_bids_tally_and_the_turned_trump():
    state, k = table()
    assert bidding.check_bids(state, k, {}, {"B": 1, "A": 0}) == ["A", "B"]
    with pytest.raises(RuleViolation, match="it is C's turn to bid"):
        bidding.check_bids(state, k, {"A": 1, "B": 1}, {"D": 1})
    with pytest.raises(RuleViolation, match="a bid is 1 to 2 tricks"):
        bidding.check_bids(state, k, {}, {"A": 0}, least=1)
    with pytest.raises(RuleViolation, match="A has already bid 1"):
        bidding.check_bids(state, k, {"A": 1}, {"A": 2})
    with pytest.raises(InputError, match="A is named twice"):
        bidding.per_player(state, Bids(shares=(("A", 1), ("A", 2))), "bid")
    with pytest.raises(RuleViolation, match="the tricks add up to 1 but 2 were played"):
        tricks.check_tally(state, k, {"A": 1, "B": 0, "C": 0, "D": 0})
    with pytest.raises(RuleViolation, match="D missing"):
        tricks.check_tally(state, k, {"A": 1, "B": 1, "C": 0})
    tricks.check_tally(state, k, {"A": 1, "B": 1, "C": 0, "D": 0})
    with pytest.raises(RuleViolation, match="in turn: A next"):
        tricks.check_tallied(state, k, "B", 1)
    turned = bidding.turn_trump(state, k, None, Deal(to="trump", cards=("7H",)), "french52", example="deal trump 7H")
    assert turned == [ev.CardsDealt(to="trump", cards=["7H"], face_up=True)]
    with pytest.raises(RuleViolation, match=r"already turned this hand \(7H\)"):
        bidding.turn_trump(state, k, "7H", Deal(to="trump", cards=("8H",)), "french52", example="")


def test_a_word_s_pairs_and_the_revoke_lines():
    from ledger.errors import UsageError

    assert bidding.pairs(["A=3", "B=0"], "bid", "NAME=N") == (("A", 3), ("B", 0))
    assert bidding.pairs(["A", "2"], "bid", "NAME=N") == (("A", 2),)
    with pytest.raises(UsageError, match="'A' needs the form NAME=N"):
        bidding.pairs(["A"], "bid", "NAME=N")
    with pytest.raises(UsageError, match="A's tricks: 'x' is not a whole number"):
        bidding.pairs(["A=x"], "tricks", "NAME=N")
    revokes = [{"hand": 2, "player": "B", "suit": "S", "trick": 1, "shown": "revealed", "card": "9S"}]
    assert tricks.revokes_text(revokes) == "B hand 2 trick 1 (spades)"
    assert tricks.revoke_lines(revokes) == [
        "revoke: B did not follow S on trick 1 of hand 2, showed 9S when the cards were shown"]


def test_the_turned_card_sets_the_trump_and_a_new_hand_forgets_it():
    state, k = table()
    step(state, k, [ev.CardsDealt(to="trump", cards=["7H"], face_up=True)], Following(None))
    assert (k.trump, k.trump_card) == ("H", "7H")
    step(state, k, [ev.CardsDealt(to="trump", cards=["HI"], face_up=True)], Following(None))
    assert k.trump == "none"  # a card without a suit: no trump
    k.bids = {"A": 1}
    tricks.new_hand(k, ["A", "B"], 3)
    assert (k.trump, k.trump_card, k.bids, k.tally) == (None, None, {}, False)
