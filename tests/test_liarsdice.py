"""Liar's Dice at the decider: cups, bids that must rise, the challenge, dice lost, the
kitty to the last player with dice; and the word ``bid`` on the command line."""

from __future__ import annotations

import json

import pytest

from ledger import events as ev
from tests.table import Table


def game(options: dict | None = None, **players: int) -> Table:
    t = Table("liarsdice", options={"ante": 2, **(options or {})}, verify=True,
              **(players or {"Ann": 20, "Ben": 20, "Cy": 20}))
    t(NewHand(dealer="Cy"))                     # Ann, the dealer's left, bids first
    return t


def cups(t: Table, **faces: str) -> None:
    for who, f in faces.items():
        t(CupDice(player=who, faces=tuple(f.split())))


def bid(t: Table, who: str, q: int, f: int) -> list[ev.Event]:
    return t.word("bid", who, str(q), str(f))


def test_everyone_antes_and_bids_wait_for_every_cup():
    t = game()
    assert t.state.balance("pot") == 6 and t.to_act is None
    t.refused(Bid(player="Ann", count=1, value=5), "waiting for Ann, Ben, Cy")
    t.refused(CupDice(player="Ann", count=4), "Ann has 5 dice: all go under the cup, not 4")
    t(CupDice(player="Ann", count=5))
    t.refused(CupDice(player="Ann", count=5), "Ann's dice are under the cup already")
    t(CupDice(player="Ben", count=5))
    t(CupDice(player="Cy", faces=("1", "2", "3", "4", "5")))
    assert t.to_act == "Ann"
    assert dict(t.rules.view(t.state))["Cy"] == "5 dice: ?? ?? ?? ?? ??"   # the table sees no faces
    t.refused(Liar(player="Ann"), "nobody has bid yet this round: Ann opens the bidding")
    t.refused(RollDice(player="Ann", faces=("3",)), "Liar's Dice has no 'roll'")


def test_each_bid_must_beat_the_last_in_turn():
    t = game()
    cups(t, Ann="1 1 2 3 4", Ben="5 5 5 6 6", Cy="2 2 2 2 2")
    t.refused(Bid(player="Ben", count=1, value=2), "Ann opens: the dealer's left opens the first round, not Ben")
    bid(t, "Ann", 3, 5)
    assert t.log[-1][1] == ev.Declared(player="Ann", name="bid", value="3 fives")
    t.refused(Bid(player="Ben", count=4, value=4), "Ben's bid must beat three fives: more fives, or any count of a higher face")
    t.refused(Bid(player="Ben", count=3, value=5), "Ben's bid must beat three fives")
    t.refused(Bid(player="Ben", count=16, value=5), "only 15 dice are on the table")
    t.refused(Liar(player="Cy"), "Ben goes next, not Cy: only the player after the last bidder (Ann) raises or calls liar")
    bid(t, "Ben", 1, 6)                                   # any count of a higher face
    bid(t, "Cy", 2, 6)                                    # more of the same face
    t.refused(Bid(player="Ann", count=5, value=5), "Ann's bid must beat two sixes: more sixes")
    assert t.to_act == "Ann"


def test_a_true_bid_costs_the_challenger_a_die_and_the_loser_starts_the_next_round():
    t = game()
    cups(t, Ann="1 1 2 3 4", Ben="5 5 5 6 6", Cy="2 2 2 2 5")
    bid(t, "Ann", 4, 5)                                   # exactly four fives: "at least minimally"
    out = t.word("liar", "Ben")
    assert [e.player for e in out if isinstance(e, ev.DiceShown)] == ["Ann", "Ben", "Cy"]   # the recorder saw them
    lost = [e for e in out if isinstance(e, ev.Declared) and e.name == "dice-left"]
    assert lost == [ev.Declared(player="Ben", name="dice-left", value=4)]
    assert out[-1] == lost[0] and t.state.hand.phase == "cups"          # the next round: cups again
    t.refused(CupDice(player="Ben", count=5), "Ben has 4 dice: all go under the cup, not 5")
    cups(t, Ann="1 1 1 1 1", Ben="6 6 6 6", Cy="2 2 2 2 2")
    assert t.to_act == "Ben"                              # the loser bids first


def test_a_false_bid_costs_the_bidder_and_unseen_cups_are_named_when_lifted():
    t = game()
    t(CupDice(player="Ann", count=5))
    t(CupDice(player="Ben", count=5))
    t(CupDice(player="Cy", faces=("2", "2", "2", "2", "5")))
    t.refused(Lift(player="Ann", faces=("1",) * 5), "the cups stay down until someone calls liar")
    bid(t, "Ann", 3, 6)
    out = t.word("liar", "Ben")
    assert [e.player for e in out if isinstance(e, ev.DiceShown)] == ["Cy"]
    t.refused(Bid(player="Cy", count=4, value=6), "Ben has called liar: lift the cups")
    assert t(Lift(player="Ann", faces=("6", "6", "1", "2", "3")))[-1].type == "dice_shown"
    out = t(Lift(player="Ben", faces=("1", "2", "3", "4", "5")))    # two sixes: the bid fails
    assert [e for e in out if isinstance(e, ev.Declared)] == [ev.Declared(player="Ann", name="dice-left", value=4)]
    note = next(e for e in out if isinstance(e, ev.Note))
    assert note.text == "Ben calls Ann's three sixes a lie; two sixes on the table: Ann loses a die"
    assert t.rules.legal(t.state)[0].verbs == ("cup",)


def test_wild_ones_count_for_every_face_but_their_own():
    t = game({"wild": "1"})
    cups(t, Ann="1 1 2 3 4", Ben="5 5 1 6 6", Cy="2 2 2 2 5")
    bid(t, "Ann", 6, 5)                                   # three fives and three ones
    out = t.word("liar", "Ben")
    assert [e for e in out if isinstance(e, ev.Declared) and e.name == "dice-left"][0].player == "Ben"


def test_the_last_player_with_dice_takes_the_kitty_and_an_eliminated_loser_passes_the_start():
    t = game({"dice": 1})
    cups(t, Ann="3", Ben="4", Cy="5")
    bid(t, "Ann", 2, 5)
    t.word("liar", "Ben")                                 # one five: Ann is out
    assert dict(t.rules.view(t.state))["Ann"] == "out"
    t.refused(CupDice(player="Ann", count=1), "Ann has lost every die and is out of this game")
    cups(t, Ben="2", Cy="6")
    assert t.to_act == "Ben"                              # Ann is out: the next player starts
    bid(t, "Ben", 1, 6)
    t.refused(Bid(player="Ben", count=2, value=6), "Ben made the last bid (one six): the next player, Cy, raises it or calls liar")
    out = t.word("liar", "Cy")                            # Cy has the six: Cy loses, Ben wins
    assert ev.PotAwarded(shares=[ev.Share(player="Ben", amount=6)], reason="Ben is the last player with dice") in out
    assert isinstance(out[-1], ev.HandEnded) and t.state.balance("pot") == 0
    assert (t.stack("Ann"), t.stack("Ben"), t.stack("Cy")) == (18, 24, 18)
    t(NewHand())
    assert t.state.balance("pot") == 6 and dict(t.rules.view(t.state))["Ann"] == "1 die"


# ----------------------------------------------------------------------------- the command line

def test_bid_takes_name_quantity_face_in_liars_dice_and_name_equals_n_in_bluke(potlog):
    potlog("new", "liarsdice", "-p", "Ann=20", "-p", "Ben=20", "-o", "dice=2")
    potlog("hand", "--dealer", "Ben")
    potlog("cup", "Ann", "2")
    potlog("cup", "Ben", "6", "6")
    r = potlog("bid", "Ann", "3", "5", "--json")
    assert [line["event"]["value"] for line in json.loads(r.output)] == ["3 fives"]
    r = potlog("bid", "Ben", "3", "4", ok=False)
    assert r.exit_code == 1 and "Ben's bid must beat three fives: more fives, or any count of a higher face" in r.output
    r = potlog("bid", "Ben", "three", "4", ok=False)
    assert r.exit_code == 2
    potlog("liar", "Ben")
    potlog("lift", "Ann", "5", "1")
    assert "Ann" in potlog("state").output
    potlog("new", "bluke", "-p", "Ann=0", "-p", "Ben=0", "-p", "Cy=0")
    potlog("hand", "--dealer", "Cy")
    r = potlog("bid", "Ann=3", "--json")
    assert [(b["event"]["player"], b["event"]["value"]) for b in json.loads(r.output)] == [("Ann", 3)]


def test_games_lists_liars_dice_with_its_options_and_words(potlog):
    row = next(g for g in json.loads(potlog("games", "--json").output) if g["name"] == "liarsdice")
    assert [w["word"] for w in row["words"]] == ["bid", "liar", "cup", "lift"]
    assert "wild" in potlog("games", "liarsdice").output


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from ledger.commands import Bid, CupDice, Liar, Lift, NewHand, RollDice

FACES = st.lists(st.integers(1, 6), min_size=2, max_size=2)


@settings(max_examples=25, deadline=None)
@given(FACES, FACES, st.integers(1, 4), st.integers(1, 6), st.booleans())
def test_the_loser_is_worked_out_from_the_revealed_dice(ann, ben, quantity, face, wild):
    t = Table("liarsdice", options={"dice": 2, "wild": "1" if wild else ""}, verify=True, Ann=5, Ben=5)
    t(NewHand(dealer="Ben"))
    t(CupDice(player="Ann", faces=tuple(map(str, ann))))
    t(CupDice(player="Ben", count=2))
    bid(t, "Ann", quantity, face)
    t.word("liar", "Ben")
    out = t(Lift(player="Ben", faces=tuple(map(str, ben))))
    shown = sum(1 for f in ann + ben if f == face or (wild and f == 1))
    lost = next(e for e in out if isinstance(e, ev.Declared))
    assert lost.player == ("Ben" if shown >= quantity else "Ann") and lost.value == 1


def test_the_game_in_progress_survives_a_snapshot():
    from ledger.snapshots import from_plain, same
    from ledger.state import to_plain

    t = game()
    cups(t, Ann="1 1 2 3 4", Ben="5 5 5 6 6")
    t(CupDice(player="Cy", count=5))
    bid(t, "Ann", 3, 5)
    t.word("liar", "Ben")
    again = from_plain(to_plain(t.state))
    assert same(again, t.state)


def test_the_sample_night_runs_and_keeps_the_rules(potlog):
    from tests.conftest import SAMPLES

    potlog("run", "-q", str(SAMPLES / "liarsdice-night.potlog"))
    assert "rules kept" in potlog("verify", "--rules").output
    assert "reconciles" in potlog("audit").output


def test_a_cup_voided_under_standing_bids_stops_the_lift_in_one_line(tmp_path):
    """Voiding a cup after the bidding leaves a player without dice to count: the lift is
    refused in one line (the table corrects newest first), not a crash."""
    from cli.words import parse
    from ledger.app import Ledger
    from ledger.commands import CupDice, Liar, Lift, NewHand, Void
    from ledger.errors import RuleViolation
    from ledger.games import get_ruleset

    led = Ledger.open(str(tmp_path / "l.db"))
    try:
        sid = led.new_session("liarsdice", [("Ann", 20), ("Ben", 20)], options={"dice": 1})
        led.execute(sid, NewHand())
        led.execute(sid, CupDice(player="Ben", faces=("2",)))
        cup = led.execute(sid, CupDice(player="Ann", count=1))[0].seq   # unseen: lifted after the call
        rules = get_ruleset("liarsdice")
        hand = led.state(sid).hand
        assert hand is not None and hand.to_act in ("Ann", "Ben")
        first = hand.to_act
        other = "Ann" if first == "Ben" else "Ben"
        word = rules.word("bid")
        assert word is not None and word.command is not None
        led.execute(sid, word.command(parse(rules, word, [first, "1", "4"])))
        led.execute(sid, Liar(player=other))
        led.execute(sid, Void(target=cup, reason="misread"))
        seq = led.state(sid).seq
        with pytest.raises(RuleViolation, match="Ann's roll was voided"):
            led.execute(sid, Lift(player="Ann", faces=("3",)))
        assert led.state(sid).seq == seq
    finally:
        led.close()
