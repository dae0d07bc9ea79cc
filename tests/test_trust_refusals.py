"""Refusals name the rule that applies, not just whose turn it is (issue 23, point 9).

A move refused because a turn is over, a player is outside a roll-off, the game has been won,
or a step of the hand is still ahead says that rule, and who won once a game has ended. All at
the decider, in memory.
"""

from __future__ import annotations

import pytest

from tests.table import Table
from ledger.commands import (
    Bet, Bid, Call, Check, CupDice, Deal, Declare, Doubt, Liar, NewHand, RollDice, Showdown,
)


def roll(t: Table, who: str, *faces: int) -> None:
    t(RollDice(player=who, faces=tuple(str(f) for f in faces)))


def faces(*f: int) -> tuple[str, ...]:
    return tuple(map(str, f))


# ----------------------------------------------------------------------------- the kitty games

def test_zambales_a_sixth_throw_is_refused_by_the_five_throw_rule():
    t = Table("zambales", Ann=100, Ben=100)
    t(NewHand(first="Ann"))
    for _ in range(5):
        roll(t, "Ann", 1, 2)
    said = t.refused(RollDice(player="Ann", faces=faces(3, 4)), "Zambales allows five throws a turn: Ann has thrown five")
    assert "Ben rolls now" in said and "turn to roll" not in said


def test_zambales_a_throw_after_a_pair_is_refused_by_the_pair_rule():
    t = Table("zambales", Ann=100, Ben=100)
    t(NewHand(first="Ann"))
    roll(t, "Ann", 2, 5)
    roll(t, "Ann", 2, 2)
    t.refused(RollDice(player="Ann", faces=faces(3, 4)), "a pair ends the turn: Ann's turn is over (a pair of 2s); Ben rolls now")


def test_zambales_once_decided_says_who_won():
    t = Table("zambales", Ann=100, Ben=100)
    t(NewHand(first="Ann"))
    roll(t, "Ann", 4, 4)
    roll(t, "Ben", 3, 3)
    said = t.refused(RollDice(player="Ben", faces=faces(6, 6)), "the game is over: Ann won (best hand, a pair of 4s)")
    assert "a pair ends the turn: Ben's turn is over" in said       # Ben played last: why his turn is over too
    t.refused(RollDice(player="Ann", faces=faces(6, 6)), "the game is over: Ann won")


def midnight_tie() -> Table:
    t = Table("midnight", Ann=100, Ben=100, Cy=100)
    t(NewHand(first="Ann"))
    for p in ("Ann", "Ben"):
        roll(t, p, 1, 4, 6, 6, 6, 6)
        t(Declare(player=p, name="stop"))                  # 24 each
    roll(t, "Cy", 2, 2, 2, 2, 2, 2)
    t.word("reroll", "Cy", "3", "--keep", "2,2,2,2,2")      # the last die: Cy's turn is over, no 1 and 4
    return t


def test_midnight_a_player_outside_the_roll_off_is_told_so():
    t = midnight_tie()
    t.refused(RollDice(player="Cy", faces=faces(6)), "Cy is not in the roll-off (Ann and Ben tied with 24): Ann and Ben roll one die each")
    roll(t, "Ann", 5)
    t.refused(RollDice(player="Ann", faces=faces(6)), "Ann has rolled 5 in this roll-off")


def test_chicago_a_player_outside_the_roll_off_and_a_second_throw():
    t = Table("chicago", options={"rounds": 1}, Ann=100, Ben=100, Cy=100)
    t(NewHand(first="Ann"))
    roll(t, "Ann", 1, 1)
    t.refused(RollDice(player="Ann", faces=faces(1, 1)), "Chicago allows one throw a turn: Ann has thrown once")
    roll(t, "Ben", 1, 1)
    roll(t, "Cy", 3, 4)                                     # Ann and Ben tie at 2: they roll off
    t.refused(RollDice(player="Cy", faces=faces(6, 6)), "Cy is not in the roll-off (Ann and Ben tied with 2): Ann and Ben roll two dice each, Ann now")
    roll(t, "Ann", 3, 3)
    roll(t, "Ben", 6, 6)
    t.refused(RollDice(player="Cy", faces=faces(6, 6)), "the game is over: Ben won the roll-off with 12 (Ann and Ben tied with 2)")


def test_ship_captain_crew_the_cargo_is_not_thrown_again():
    t = Table("shipcaptaincrew", Ann=100, Ben=100)
    t(NewHand(first="Ann"))
    roll(t, "Ann", 6, 5, 4, 3, 3)
    t.refused(RollDice(player="Ann", faces=faces(6, 6)), "the cargo is thrown once, with the roll that finds the crew: Ann's turn is over "
              "(ship, captain, crew; cargo 3 3 = 6); Ben rolls now")


def test_ship_captain_crew_three_throws_at_most():
    t = Table("shipcaptaincrew", Ann=100, Ben=100, Cy=100)
    t(NewHand(first="Ann"))
    for _ in range(3):
        roll(t, "Ann", 1, 1, 1, 1, 1)
    t.refused(RollDice(player="Ann", faces=faces(6, 5, 4, 3, 3)), "Ship, Captain, Crew allows three throws a turn: Ann has thrown three (no ship: 0)")


def test_pig_after_an_automatic_win_says_who_won():
    t = Table("pig", Ann=100, Ben=100)
    t(NewHand(first="Ann"))
    for _ in range(16):
        roll(t, "Ann", 6)
    roll(t, "Ann", 5)                                       # 101: Ann wins at once
    assert not t.state.in_hand
    for who in ("Ann", "Ben"):
        said = t.refused(RollDice(player=who, faces=faces(3)), "the game is over: Ann won (101 reaches the target of 100)")
        assert "no hand is in progress" not in said and "potlog hand" in said
    t.refused(Declare(player="Ann", name="stop"), "the game is over: Ann won")


def test_pig_a_roll_after_a_1_or_a_stop():
    t = Table("pig", Ann=100, Ben=100)
    t(NewHand(first="Ann"))
    roll(t, "Ann", 6)
    roll(t, "Ann", 1)
    t.refused(RollDice(player="Ann", faces=faces(3)), "a 1 ends the turn and loses its points: Ann's turn is over")
    roll(t, "Ben", 5)
    t(Declare(player="Ben", name="stop"))
    t.refused(RollDice(player="Ben", faces=faces(3)), "a stop ends the turn: Ben has stopped (banked 5); Ann rolls now")


def test_a_player_whose_turn_is_still_to_come_is_told_whose_turn_it_is():
    t = Table("zambales", Ann=100, Ben=100, Cy=100)
    t(NewHand(first="Ann"))
    t.refused(RollDice(player="Cy", faces=faces(3, 3)), "it is Ann's turn to roll, not Cy's")


# ----------------------------------------------------------------------------- Liar's Dice, Meier

def liars(dice: int = 1, **hand: str) -> Table:
    t = Table("liarsdice", options={"dice": dice}, Ann=20, Ben=20, Cy=20)
    t(NewHand(**hand))
    return t


def cups(t: Table, **faces: str) -> None:
    for p, f in faces.items():
        t(CupDice(player=p, faces=tuple(f.split())))


def test_liars_dice_the_wrong_opener_is_told_who_opens_and_why():
    t = liars(dealer="Ann")                                 # Ben, the dealer's left, opens the first round
    cups(t, Ann="6", Ben="6", Cy="5")
    t.refused(Bid(player="Cy", count=1, value=6), "Ben opens: the dealer's left opens the first round, not Cy")
    t(Bid(player="Ben", count=1, value=6))
    t(Bid(player="Cy", count=2, value=6))
    t(Liar(player="Ann"))                                 # two sixes: Ann loses the challenge, and her die
    assert t.state.ext.dice["Ann"] == 0
    cups(t, Ben="6", Cy="5")
    t.refused(Bid(player="Cy", count=1, value=6), "Ben opens: Ann lost the last challenge and is out, so the next player still in opens, not Cy")


def test_liars_dice_the_loser_of_the_last_challenge_opens():
    t = liars(dice=2, dealer="Ann")
    cups(t, Ann="6 6", Ben="6 5", Cy="5 5")
    t(Bid(player="Ben", count=4, value=6))
    t(Liar(player="Cy"))                                  # three sixes: Ben bid too high and loses a die
    cups(t, Ann="6 6", Ben="6", Cy="5 5")
    t.refused(Bid(player="Cy", count=1, value=6), "Ben opens: the loser of the last challenge opens the next round, not Cy")


def test_liars_dice_only_the_next_player_raises_or_calls():
    t = liars(dealer="Ann")
    cups(t, Ann="6", Ben="6", Cy="5")
    t(Bid(player="Ben", count=1, value=6))
    t.refused(Liar(player="Ann"), "Cy goes next, not Ann: only the player after the last bidder (Ben) raises or calls liar")
    t.refused(Bid(player="Ben", count=2, value=6), "Ben made the last bid (one six): the next player, Cy, raises it or calls liar")


def test_liars_dice_once_won_says_who_won():
    t = liars(dealer="Ann")
    cups(t, Ann="6", Ben="6", Cy="5")
    t(Bid(player="Ben", count=3, value=6))
    t(Liar(player="Cy"))                                  # two sixes: Ben is out
    cups(t, Ann="6", Cy="5")
    t(Bid(player="Cy", count=1, value=6))
    t(Liar(player="Ann"))                                 # one six: Ann loses, Cy is the last with dice
    assert not t.state.in_hand
    t.refused(Bid(player="Ann", count=1, value=6), "the game is over: Cy won, the last player still in")


def test_meier_who_starts_a_round_and_who_answers():
    t = Table("meier", options={"lives": 1}, Ann=20, Ben=20, Cy=20)
    t(NewHand(dealer="Ann"))
    t.refused(CupDice(player="Cy", count=2), "Ben starts this round: the dealer's left rolls first in the first round, not Cy")
    t(CupDice(player="Ben", faces=("6", "5")))
    t.word("claim", "Ben", "65")
    t.refused(Doubt(player="Ann"), "Cy answers Ben's 65, not Ann: only the next player believes or doubts")
    t.refused(Doubt(player="Ben"), "Ben announced 65: the next player, Cy, believes it or doubts it")
    t.word("doubt", "Cy")                                   # the 65 was there: Cy loses the life and is out
    t.refused(CupDice(player="Ben", count=2), "Ann starts this round: Cy acted last and is out, so the next player still in starts, not Ben")


# ----------------------------------------------------------------------------- Mafia

def test_mafia_the_order_roll_the_token_roll_and_the_game_over():
    t = Table("mafia", options={"tokens": 1, "dice": 2}, Ann=20, Ben=20, Cy=20)
    t(NewHand(dealer="Ann"))                                 # the order roll from Ben, the dealer's left
    roll(t, "Ben", 6, 6)
    t.refused(RollDice(player="Ben", faces=faces(6, 6)), "Ben has rolled 12 in the roll for the order")
    roll(t, "Cy", 6, 6)
    roll(t, "Ann", 1, 1)                                    # Ben and Cy tie at 12: they roll again
    t.refused(RollDice(player="Ann", faces=faces(6, 6)), "Ann is out of the roll for the order: Ben and Cy tied for the highest and roll again")
    roll(t, "Ben", 6, 6)
    roll(t, "Cy", 1, 1)                                     # Ben starts, clockwise
    roll(t, "Ben", 3, 3)
    t.refused(RollDice(player="Ben", faces=faces(3, 3)), "a turn is one roll, and play goes clockwise this round")
    roll(t, "Cy", 1, 1)                                     # Cy is out of dice: Ann and Ben roll for the token
    t.refused(RollDice(player="Cy", faces=faces(3)), "Cy ran out of dice and ended the round: the others roll one die each, and the highest loses "
              "a token")
    roll(t, "Ann", 3)
    roll(t, "Ben", 5)                                       # Ben loses his one token
    t.refused(RollDice(player="Ben", faces=faces(3, 3)), "Ben has lost every token and is out of this game")
    roll(t, "Cy", 6, 6)
    roll(t, "Ann", 1, 1)                                    # Cy starts
    roll(t, "Cy", 1, 1)                                     # and is out of dice: Ann loses the last token
    assert not t.state.in_hand
    t.refused(RollDice(player="Ann", faces=faces(3, 3)), "the game is over: Cy won, the last player with tokens")


def test_the_board_of_rooms_one_roll_a_turn_and_who_won():
    t = Table("rooms", options={"stake": 1}, Ann=20, Ben=20)
    t(NewHand(dealer="Ann"))                                 # a bunch of 2; Ben rolls first
    roll(t, "Ben", 2, 3)                                    # a token on room 5
    t.refused(RollDice(player="Ben", faces=faces(2, 3)), "a turn is one roll of two dice: Ben has rolled; Ann rolls now")
    roll(t, "Ann", 1, 2)                                    # a token on room 3: the bunch is empty
    roll(t, "Ben", 6, 6)                                    # König: Ben takes both, the board is empty
    assert not t.state.in_hand
    t.refused(RollDice(player="Ann", faces=faces(1, 1)), "the game is over: Ben won, with the most tokens taken (2)")


# ----------------------------------------------------------------------------- Blücher

def bluecher_round_1() -> Table:
    t = Table("bluecher", Ann=50, Ben=50, Cy=50)
    t(NewHand(dealer="Cy"))
    t(Deal(to="all", count=3))
    t(Declare(player="Ann", name="dice", value="2"))
    t(Declare(player="Ann", name="limit", value="5"))
    t(Declare(player="Ann", name="hole", value="??"))
    t(Bet(player="Ann", amount=2))
    for p in ("Ben", "Cy"):
        t(Declare(player=p, name="hole", value="??"))
        t(Call(player=p))
    t(RollDice(player="Ann", faces=("3", "4")))
    return t


def test_bluecher_an_early_showdown_says_which_round_it_is():
    t = bluecher_round_1()
    said = t.refused(Showdown(), "the showdown comes after the third round: this is round 1 (Ann to act)")
    assert "no hand is in progress" not in said
    for p in ("Ann", "Ben", "Cy"):
        t(Check(player=p))
    t.refused(Showdown(), "the showdown comes after the third round: this is round 2 (Ann to act)")


def test_bluecher_a_second_roll_says_the_dice_were_rolled():
    t = bluecher_round_1()
    said = t.refused(RollDice(player="Ann", faces=("5", "6")), "the dice are rolled once a hand, and Ann rolled them already (target 7); a round of "
                     "buying and betting is under way")
    assert "no hand is in progress" not in said
