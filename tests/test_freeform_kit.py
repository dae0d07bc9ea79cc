"""Freeform on the kit: showdown by an evaluator, the kitty that stands, and dice under a cup,
tested at the decider; a few CLI runs for parsing and exit codes only."""

from __future__ import annotations

import json

import pytest

from ledger import events as ev
from ledger.chips import check
from ledger.commands import (
    AllIn, Ante, Award, Bet, Call, Check, Command, CupDice, Deal, Fold, Join, Lift, NewHand, Open, Pay,
    Raise, Reroll, RollDice, Round, Showdown, Stands,
)
from ledger.errors import InputError, RuleViolation
from ledger.games import get_ruleset
from ledger.reducer import apply
from ledger.state import TableState

FREEFORM = get_ruleset("freeform")


def table(stacks: dict[str, int], dealer: str | None = None) -> TableState:
    state = TableState(session="t")
    do(state, Open())
    for p, n in stacks.items():
        do(state, Join(player=p, amount=n))
    do(state, NewHand(dealer=dealer or next(iter(stacks))))
    return state


def do(state: TableState, cmd: Command) -> list[ev.Event]:
    events = FREEFORM.decide(state, cmd)
    for e in events:
        apply(state, state.seq + 1, e)
        check(state, hand_closed=isinstance(e, ev.HandEnded))
    return events


def cmds(state: TableState, text: str) -> None:
    """Lines of 'verb player [amount]' for the shared verbs."""
    for line in text.strip().splitlines():
        verb, player, *rest = line.split()
        amount = int(rest[0]) if rest else None
        if verb == "round":  # (a new round: the name is not a player's)
            do(state, Round())
            continue
        kind = {"ante": Ante, "bet": Bet, "call": Call, "raise": Raise, "check": Check, "fold": Fold, "allin": AllIn}[verb]
        do(state, kind(player=player, amount=amount) if kind in (Ante, Bet, Call, Raise) else kind(player=player))


def test_showdown_by_poker_high_reveals_pays_side_pots_and_ends_the_hand():
    state = table({"Ann": 20, "Ben": 100, "Cy": 100}, dealer="Cy")
    do(state, Deal(to="Ann", cards=("AS", "AD")))
    do(state, Deal(to="Ben", cards=("KS", "KD")))
    do(state, Deal(to="Cy", cards=("QS", "QD")))
    do(state, Deal(to="board", cards=("2C", "7H", "9S", "JD", "3C"), face_up=True))
    cmds(state, "allin Ann\ncall Ben\ncall Cy\nround Ann\nbet Ben 50\ncall Cy")
    out = do(state, Showdown(name="poker-high"))
    assert [e.type for e in out] == ["cards_revealed"] * 3 + ["pot_awarded", "pot_awarded", "hand_ended"]
    assert [(e.shares[0].player, e.shares[0].amount, e.reason) for e in out[3:5]] == [
        ("Ann", 60, "main pot: Ann wins with pair of aces"), ("Ben", 100, "side pot 1: Ben wins with pair of kings")]
    assert state.stack("Ann") == 60 and state.stack("Ben") == 130 and not state.in_hand


def test_showdown_returns_the_uncalled_bet_and_splits_a_tie_with_the_odd_chip_left_of_the_dealer():
    state = table({"Ann": 50, "Ben": 50, "Cy": 50}, dealer="Ann")
    for p in ("Ann", "Ben", "Cy"):
        do(state, RollDice(player=p, faces=("6", "6", "5", "5", "1") if p != "Ann" else ("1", "2", "3", "3", "4")))
    cmds(state, "ante Ann 1\nante Ben 1\nante Cy 1\nbet Ann 10\ncall Ben\nraise Cy 20")
    do(state, Fold(player="Ann"))
    do(state, Call(player="Ben"))
    do(state, Pay(source="Ann", to="pot", amount=2))  # a forfeit: the pot is odd (75)
    out = do(state, Showdown(name="poker-dice"))
    award = out[0]
    assert award.shares == [ev.Share(player="Ben", amount=38), ev.Share(player="Cy", amount=37)]
    assert award.reason == "the pot: Ben and Cy tie with two pair, 6s and 5s, split"
    # Cy's 20 was called by Ben; nothing is uncalled. Now a bet nobody calls:
    state = table({"Ann": 50, "Ben": 50})
    cmds(state, "ante Ann 2\nante Ben 2\nbet Ann 10\nfold Ben")
    out = do(state, Showdown(name="poker-high"))
    assert [(e.shares[0].amount, e.reason) for e in out[:2]] == [
        (10, "uncalled bet returned"), (4, "the pot: Ann, nobody else is in it")]


def test_showdown_refuses_unseen_cards_and_unseen_dice_naming_what_to_reveal():
    state = table({"Ann": 50, "Ben": 50})
    do(state, Deal(to="Ann", cards=("AS", "KS")))
    do(state, Deal(to="Ben", count=2))
    with pytest.raises(RuleViolation, match=r"Ben's cards are not all known \(\?\? \?\?\): reveal them first "
                                            r"\(potlog reveal Ben CARD ...\)"):
        FREEFORM.decide(state, Showdown(name="poker-high"))
    do(state, CupDice(player="Ann", count=2))
    do(state, RollDice(player="Ben", faces=("2", "1")))
    with pytest.raises(RuleViolation, match="Ann's dice are under the cup, unseen"):
        FREEFORM.decide(state, Showdown(name="meier"))
    with pytest.raises(InputError, match="say how the hands rank: potlog showdown --by NAME"):
        FREEFORM.decide(state, Showdown())
    with pytest.raises(InputError, match="no evaluator called 'poker'"):
        FREEFORM.decide(state, Showdown(name="poker"))
    with pytest.raises(InputError, match="--ties is split or stand"):
        FREEFORM.decide(state, Showdown(name="meier", value="share"))
    do(state, Lift(player="Ann", faces=("3", "1")))
    with pytest.raises(InputError, match="Ben's hand for poker-dice: poker dice is played with 5 dice"):
        FREEFORM.decide(state, Showdown(name="poker-dice"))
    out = FREEFORM.decide(state, Showdown(name="meier"))
    assert out[-1] == ev.HandEnded(hand=1)  # nothing was bet: nothing to pay


def test_dice_showdown_lifts_the_cups_the_recorder_saw_and_a_tie_stands():
    state = table({"Ann": 50, "Ben": 50})
    cmds(state, "ante Ann 3\nante Ben 3")
    do(state, CupDice(player="Ann", faces=("4", "4", "4", "2", "2")))
    do(state, CupDice(player="Ben", faces=("4", "4", "4", "2", "2")))
    out = do(state, Showdown(name="poker-dice", value="stand"))
    assert out == [ev.DiceShown(player="Ben", faces=[4, 4, 4, 2, 2]), ev.DiceShown(player="Ann", faces=[4, 4, 4, 2, 2]),
                   ev.PotCarried(amount=6), ev.HandEnded(hand=1)]
    do(state, NewHand())
    assert state.balance("pot") == 6


def test_the_kitty_stands_in_one_command():
    state = table({"Ann": 50, "Ben": 50})
    cmds(state, "ante Ann 2\nante Ben 2")
    assert do(state, Stands()) == [ev.PotCarried(amount=4), ev.HandEnded(hand=1)]
    do(state, NewHand())
    assert state.balance("pot") == 4  # it rode in
    do(state, Award(player="Ben"))
    with pytest.raises(RuleViolation, match="pot is empty: nothing stands"):
        FREEFORM.decide(state, Stands())
    do(state, Ante(player="Ann", amount=1))
    do(state, Pay(source="Ann", to="pot:side", amount=1))
    with pytest.raises(RuleViolation, match="pot:side still holds 1 chips"):
        FREEFORM.decide(state, Stands())


def test_cup_lift_and_reroll_words_decide_onto_the_dice_engine():
    state = table({"Ann": 50, "Ben": 50})
    assert do(state, CupDice(player="Ann", count=5)) == [ev.DiceCupped(player="Ann", count=5)]
    assert FREEFORM.view(state) == [("dice", "Ann: ?? ?? ?? ?? ??")]
    do(state, CupDice(player="Ann", value=("6", "6")))
    do(state, Lift(player="Ann", faces=("6", "6", "1", "2", "3")))
    out = do(state, Reroll(player="Ann", faces=("6", "5", "4"), value=("6", "6")))
    assert out == [ev.DiceRerolled(player="Ann", kept=[6, 6], faces=[6, 5, 4])]
    assert FREEFORM.view(state) == [("dice", "Ann: 6 6 6 5 4")]
    with pytest.raises(RuleViolation, match="Zed is not at the table"):
        FREEFORM.decide(state, CupDice(player="Zed", count=1))
    assert "cup" in FREEFORM.legal(state)[0].verbs and "showdown" in FREEFORM.legal(state)[0].verbs


def test_snapshot_round_trip_keeps_the_cups():
    from ledger.snapshots import from_plain, same
    from ledger.state import to_plain

    state = table({"Ann": 50, "Ben": 50})
    do(state, CupDice(player="Ann", faces=("1", "2")))
    again = from_plain(json.loads(json.dumps(to_plain(state))))
    assert same(again, state)


# ----------------------------------------------------------------------------- CLI: parsing only

def test_cli_words_parse_and_refuse_with_exit_codes(potlog):
    potlog("new", "freeform", "--name", "dice", "-p", "Ann=20", "-p", "Ben=20")
    potlog("hand")
    potlog("cup", "Ann", "5")
    potlog("cup", "Ben", "4", "--faces")
    log = json.loads(potlog("log", "--json").output)
    assert [e["event"] for e in log[-2:]] == [{"type": "dice_cupped", "player": "Ann", "count": 5},
                                               {"type": "dice_cupped", "player": "Ben", "count": 1, "faces": [4]}]
    potlog("reroll", "Ann", "--cup", "--keep", "6")
    r = potlog("reroll", "Ben", "--cup", "--keep", "4", ok=False)
    assert r.exit_code == 1 and "Ben keeps all 1 dice: nothing is rolled again" in r.output
    r = potlog("reroll", "Ben", "3", "--keep", "x", ok=False)
    assert r.exit_code == 1 and "'x' is not a die face" in r.output
    r = potlog("cup", "Ann", "many", ok=False)
    assert r.exit_code == 2 and "'many' is not a number of dice" in r.output
    r = potlog("showdown", "--by", "poker-dice", ok=False)
    assert r.exit_code == 1 and "Ann's dice are under the cup, unseen" in r.output
    potlog("lift", "Ann", "6,6,6,1,1")
    r = potlog("cup", ok=False)
    assert r.exit_code == 2
    potlog("ante", "Ann", "1")
    potlog("stands")
    out = potlog("log").output
    assert "Ann lifts the cup: 6 6 6 1 1" in out and "1 from pot ride into the next hand" in out
