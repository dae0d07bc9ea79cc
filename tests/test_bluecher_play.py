"""Whole Blücher hands through `potlog run` and the CLI: final stacks, pots and carry-over."""

from __future__ import annotations

import json

from ledger.games.bluecher import BluecherExt
from ledger.snapshots import from_plain, same
from ledger.state import state_hash, to_plain

OPENING = """
declare Ann dice {dice}
declare Ann limit {limit}
hole Ann {ann_hole}
bet Ann {bet}
hole Ben {ben_hole}
call Ben
hole Cy {cy_hole}
call Cy
"""


def table(potlog) -> dict:
    data = json.loads(potlog("state", "--json").output)
    return {**data, "game_view": {v["label"]: str(v["value"]) for v in data["game_view"]}}


def stacks(potlog) -> dict[str, int]:
    return {s["name"]: s["stack"] for s in table(potlog)["seats"]}


def log_types(potlog) -> list[str]:
    return [e["event"]["type"] for e in json.loads(potlog("log", "--json").output)]


def checks(*players: str, rounds: int = 1) -> str:
    return "\n".join(f"check {p}" for _ in range(rounds) for p in players)


def test_normal_showdown(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal Ann 5H 9C 2D
deal Ben KS 3D 7C
deal Cy QH 4S 6D
""" + OPENING.format(dice=2, limit=4, ann_hole="5H", bet=2, ben_hole="KS", cy_hole="QH") + """
roll Ann 6 5
buy Ann 4C --discard 2D
bet Ann 3
call Ben
exchange Cy AC --discard 4S
raise Cy 2
call Ann
call Ben
""" + checks("Ann", "Ben", "Cy", rounds=2) + "\nshowdown\n", tmp_path)
    data = table(potlog)
    assert data["hand"]["dice"][0]["faces"] == [6, 5]
    # Ann 5H+4C = 9, Ben all bust (KS+3D = 13), Cy QH+AC = 11 exactly: Cy takes 23
    assert stacks(potlog) == {"Ann": 42, "Ben": 43, "Cy": 65}
    assert data["accounts"]["pot"] == 0 and data["accounts"].get("carry", 0) == 0
    view = data["game_view"]
    assert view["target"] == "11" and view["next dealer"] == "Cy"
    assert "Cy QH+AC = 11 (exactly)" in view["hands"]
    awards = [e["event"] for e in json.loads(potlog("log", "--json").output) if e["event"]["type"] == "pot_awarded"]
    assert awards == [{"type": "pot_awarded", "shares": [{"player": "Cy", "amount": 23}],
                       "reason": "main pot: Cy QH+AC = 11 (exactly), target 11"}]
    # the winner deals the next hand; Ann (left of Cy) plays first
    r = potlog("hand", "--dealer", "Ann", ok=False)
    assert r.exit_code == 1 and "Cy deals hand 2, not Ann: Cy won the last hand" in r.output
    potlog("hand")
    assert table(potlog)["hand"]["dealer"] == "Cy" and table(potlog)["hand"]["first"] == "Ann"


def test_win_by_folds_in_a_betting_round_and_in_the_opening(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal all -n 3
declare Ann dice 1
declare Ann limit 3
hole Ann
bet Ann 3
hole Ben
call Ben
fold Cy
roll Ann 4
bet Ann 3
fold Ben
""", tmp_path)
    assert stacks(potlog) == {"Ann": 53, "Ben": 47, "Cy": 50}
    data = table(potlog)
    assert data["hand"]["ended"] and data["game_view"]["next dealer"] == "Ann"
    assert "cards_revealed" not in log_types(potlog)  # the last player in does not show
    # hand 2: Ann won, so Ann deals and Ben opens; everyone else folds at once
    potlog.run_script("""
hand
deal all -n 3
declare Ben dice 2
declare Ben limit 2
hole Ben
bet Ben 2
fold Cy
fold Ann
""", tmp_path)
    assert stacks(potlog) == {"Ann": 53, "Ben": 47, "Cy": 50}  # Ben takes back his own 2
    data = table(potlog)
    assert data["hand"]["ended"] and data["hand"]["dealer"] == "Ann"
    assert log_types(potlog)[-3:] == ["pot_awarded", "declared", "hand_ended"]


def test_tie_broken_by_suit(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=30 -p Ben=30 -p Cy=30
hand --dealer Cy
deal Ann 10H 5C 2D
deal Ben KS 5D 9C
deal Cy 3C 4C 6C
""" + OPENING.format(dice=3, limit=2, ann_hole="10H", bet=1, ben_hole="KS", cy_hole="6C") + """
roll Ann 5 5 5
""" + checks("Ann", "Ben", "Cy", rounds=3) + "\nshowdown\n", tmp_path)
    # Ann 10H+5C = 15 and Ben KS+5D = 15, two cards each: Ben's highest card is a spade
    assert stacks(potlog) == {"Ann": 29, "Ben": 32, "Cy": 29}
    assert "Ben KS+5D = 15 (exactly)" in table(potlog)["game_view"]["hands"]


def test_all_bust_carries_into_a_second_hand_that_is_won(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal Ann 5H 9C 2D
deal Ben KS 3D 7C
deal Cy QH 4S 6D
""" + OPENING.format(dice=1, limit=3, ann_hole="5H", bet=2, ben_hole="KS", cy_hole="QH") + """
roll Ann 2
""" + checks("Ann", "Ben", "Cy", rounds=3) + "\nshowdown\n", tmp_path)
    # target 2, everyone busts; Ann 5H+2D = 7 is least wrong: 1 chip per other player, 4 ride
    data = table(potlog)
    assert stacks(potlog) == {"Ann": 50, "Ben": 48, "Cy": 48}
    assert data["accounts"]["pot"] == 0 and data["accounts"]["carry"] == 4
    assert data["game_view"]["carry-over"] == "4 ride into the next hand"
    assert data["game_view"]["next dealer"] == "Ann"  # the deal passes to the left of Cy
    assert "pot_carried" in log_types(potlog)
    potlog.run_script("""
hand
deal Ben 7S 5D KC
deal Cy 2H 3H 4H
deal Ann AS AH AD
declare Ben dice 2
declare Ben limit 5
hole Ben 7S
bet Ben 1
hole Cy 4H
call Cy
hole Ann AS
call Ann
roll Ben 6 6
""" + checks("Ben", "Cy", "Ann", rounds=3) + "\nshowdown\n", tmp_path)
    data = table(potlog)
    assert data["hand"]["dealer"] == "Ann"
    assert stacks(potlog) == {"Ann": 49, "Ben": 54, "Cy": 47}  # Ben 7S+5D = 12 takes 3 + the 4 carried
    assert data["accounts"]["carry"] == 0 and data["accounts"]["pot"] == 0


def test_a_carry_over_left_at_the_end_of_the_night_is_shared_before_closing(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal Ann 5H 9C 2D
deal Ben KS 3D 7C
deal Cy QH 4S 6D
""" + OPENING.format(dice=1, limit=3, ann_hole="5H", bet=2, ben_hole="KS", cy_hole="QH") + """
roll Ann 2
""" + checks("Ann", "Ben", "Cy", rounds=3) + "\nshowdown\n", tmp_path)
    r = potlog("close", ok=False)
    assert "4 chips ride in carry" in r.output
    potlog.run_script("pay carry Ben 2 --reason 'the table splits the jackpot'\npay carry Cy 2\nclose\n", tmp_path)
    data = table(potlog)
    assert data["closed"] and all(s["stack"] == 0 for s in data["seats"])
    assert {s["name"]: s["cashed_out"] for s in data["seats"]} == {"Ann": 50, "Ben": 50, "Cy": 50}


def test_spanish_pack_hand(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -o pack=spanish -p Ann=40 -p Ben=40 -p Cy=40
hand --dealer Cy
deal Ann 12E 3C 7O
deal Ben "caballo de copas" 5B 2E
deal Cy 10O 6C 1B
""" + OPENING.format(dice=4, limit=3, ann_hole="7O", bet=3, ben_hole="11C", cy_hole="10O") + """
roll Ann 3 4 5 6
bet Ann 1
call Ben
call Cy
""" + checks("Ann", "Ben", "Cy", rounds=2) + "\nshowdown\n", tmp_path)
    # target 18: Ben caballo (11) + 5 + 2 = 18 exactly; Cy 17; Ann 10
    assert stacks(potlog) == {"Ann": 36, "Ben": 48, "Cy": 36}
    data = table(potlog)
    assert data["options"]["pack"] == "spanish40"
    assert "Ben 11C+5B+2E = 18 (exactly)" in data["game_view"]["hands"]
    potlog("hand")  # Ben deals next; 8 is not in the 40-card pack
    assert table(potlog)["hand"]["dealer"] == "Ben"
    r = potlog("deal", "Cy", "8E", ok=False)
    assert r.exit_code == 1 and "not in the spanish40 pack" in r.output


def test_side_pot_for_a_short_stack(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=5 -p Cy=50
hand --dealer Cy
deal Ann 5H 9C 2D
deal Ben KS AD 7C
deal Cy 6D 4S 3H
""" + OPENING.format(dice=2, limit=5, ann_hole="5H", bet=3, ben_hole="KS", cy_hole="6D") + """
roll Ann 5 6
bet Ann 5
allin Ben
call Cy
check Ann
check Cy
check Ann
check Cy
showdown
""", tmp_path)
    # Ben all-in for 5 wins the main pot (15) with KS+AD = 11; Cy (6D+4S = 10) beats Ann (7) for the side pot (6)
    assert stacks(potlog) == {"Ann": 42, "Ben": 15, "Cy": 48}
    awards = [e["event"] for e in json.loads(potlog("log", "--json").output) if e["event"]["type"] == "pot_awarded"]
    assert [(a["shares"][0]["player"], a["shares"][0]["amount"]) for a in awards] == [("Ben", 15), ("Cy", 6)]
    assert table(potlog)["game_view"]["next dealer"] == "Ben"


def test_side_pots_shown_while_a_player_is_all_in(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=3 -p Cy=50
hand --dealer Cy
deal all -n 3
declare Ann dice 2
declare Ann limit 5
hole Ann
bet Ann 5
hole Ben
allin Ben
hole Cy
call Cy
""", tmp_path)
    data = table(potlog)
    assert data["game_view"]["side pots"] == "9 for Ann, Ben, Cy; 4 for Ann, Cy"
    assert data["hand"]["to_act"] == "Ann" and data["hand"]["phase"] == "roll"


def test_unseen_cards_revealed_and_hole_named_at_showdown(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=20 -p Ben=20 -p Cy=20
hand --dealer Cy
deal all -n 3
declare Ann dice 2
declare Ann limit 2
hole Ann
bet Ann 1
hole Ben
call Ben
hole Cy
call Cy
roll Ann 4 4
buy Ann
check Ann
buy Ben
check Ben
check Cy
""" + checks("Ann", "Ben", "Cy", rounds=2) + """
reveal Ann 5H 2C 9D
reveal Ben 3S 4S 10D
reveal Cy JH QH KH
""", tmp_path)
    r = potlog("showdown", ok=False)
    assert "name Ann's hole card: potlog hole Ann CARD" in r.output
    potlog("hole", "Ann", "5H")
    potlog("hole", "Ben", "4S")
    r = potlog("hole", "Cy", "2D", ok=False)
    assert "Cy holds JH QH KH: the hole card is one of them" in r.output
    potlog("hole", "Cy", "KH")
    potlog("showdown")
    # target 8: Ann 5H+2C = 7; Ben 4S+3S = 7 (highest 4S: spade beats Ann's 5H heart); Cy bust
    assert stacks(potlog) == {"Ann": 18, "Ben": 23, "Cy": 19}  # Ben takes 3 bets + 2 card costs


def test_stock_runs_out_and_the_discards_are_reshuffled(potlog, tmp_path):
    names = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9"]
    lines = ["new bluecher --name t -o pack=spanish " + " ".join(f"-p {n}=30" for n in names),
             "hand --dealer P9", "deal all -n 3", "declare P1 dice 1", "declare P1 limit 1", "hole P1", "bet P1 1"]
    for n in names[1:]:
        lines += [f"hole {n}", f"call {n}"]
    lines.append("roll P1 3")
    for n in names:  # round 1: 9 buys, 27 + 9 = 36 of 40 cards drawn
        lines += [f"buy {n}", f"check {n}"]
    for n in names[:4]:  # round 2: 4 more empty the stock
        lines += [f"buy {n}", f"check {n}"]
    potlog.run_script("\n".join(lines) + "\n", tmp_path)
    assert table(potlog)["game_view"]["stock"] == "0 cards"
    r = potlog("buy", "P5", ok=False)
    assert "the stock is empty: record the reshuffle" in r.output
    potlog("reshuffle")
    assert table(potlog)["game_view"]["stock"] == "13 cards"
    potlog("buy", "P5")
    assert stacks(potlog)["P5"] == 30 - 1 - 2


def test_state_shows_target_limit_cost_holes_pot_and_carry(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -o card_cost=2 -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal all -n 3
declare Ann dice 2
declare Ann limit 4
hole Ann 7H
bet Ann 2
hole Ben
call Ben
hole Cy
call Cy
roll Ann 3 6
""", tmp_path)
    view = table(potlog)["game_view"]
    assert view["target"] == "9" and view["limit"] == "4" and view["card cost"] == "2"
    assert view["pot"] == "6" and view["hole cards"] == "Ann ▒▒, Ben ▒▒, Cy ▒▒"
    text = potlog("state").output
    for needed in ("target: 9", "limit: 4", "card cost: 2", "hole cards: Ann ▒▒", "pot: 6"):
        assert needed in text, needed
    assert "7H" not in text  # the hole card stays face down even when the recorder knows it
    potlog("buy", "Ann", "--discard", "??")
    assert stacks(potlog)["Ann"] == 46


def test_the_dealer_declares_the_card_cost_before_the_deal(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
declare Cy cost 3
deal all -n 3
""", tmp_path)
    r = potlog("declare", "Cy", "cost", "1", ok=False)
    assert "the card cost is declared before the deal and then holds for the hand (it is 3)" in r.output
    assert table(potlog)["game_view"]["card cost"] == "3"


def test_fold_replays_to_the_same_state_and_the_ext_rebuilds_from_plain_data(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=50 -p Ben=50 -p Cy=50
hand --dealer Cy
deal all -n 3
declare Ann dice 2
declare Ann limit 4
hole Ann
bet Ann 2
hole Ben
call Ben
hole Cy
call Cy
roll Ann 3 6
buy Ann
bet Ann 4
""", tmp_path)
    led = potlog.ledger()
    try:
        a = led.fold_session("t", checked=True)
        b = led.fold_session("t")
        assert state_hash(a) == state_hash(b)
        plain = json.loads(json.dumps(to_plain(a.ext)))
        assert BluecherExt(**plain) == a.ext
        again = from_plain(json.loads(json.dumps(to_plain(a))))  # a snapshot's round trip
        assert same(again, a) and state_hash(again) == state_hash(a)
        assert a.hand.to_act == "Ben" and a.ext.raised == ["Ann"] and a.ext.bought == ["Ann"]
    finally:
        led.close()


def test_everyone_all_in_in_the_opening_goes_straight_to_the_showdown(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=4 -p Ben=3 -p Cy=9
hand --dealer Cy
deal Ann 5H 9C 2D
deal Ben KS AD 7C
deal Cy 6D 4S 3H
declare Ann dice 2
declare Ann limit 5
hole Ann 5H
allin Ann
hole Ben KS
allin Ben
hole Cy 6D
call Cy
roll Ann 5 6
""", tmp_path)
    data = table(potlog)
    # Cy still has chips but nobody can call him: he still gets his turn to buy a card
    assert data["hand"]["phase"] == "round" and data["hand"]["to_act"] == "Cy"
    r = potlog("bet", "Cy", "2", ok=False)
    assert "nobody else can call a bet (all-in): Cy checks" in r.output
    potlog.run_script("check Cy\ncheck Cy\ncheck Cy\nshowdown\n", tmp_path)
    # Ben KS+AD = 11 takes the main pot (9); Cy's 6D+4S = 10 beats Ann's 7 for the side pot (2)
    assert stacks(potlog) == {"Ann": 0, "Ben": 9, "Cy": 7}
    # Ann has no chips left: she sits the next hand out, and three players are still needed
    r = potlog("hand", ok=False)
    assert "needs 3 to 10 players with chips, not 2" in r.output
    potlog("rebuy", "Ann", "10")
    potlog("hand")
    assert table(potlog)["hand"]["dealer"] == "Ben" and table(potlog)["hand"]["first"] == "Cy"


def test_a_player_without_chips_sits_out_and_rebuys_wait_for_the_hand_to_end(potlog, tmp_path):
    potlog.run_script("""
new bluecher --name t -p Ann=20 -p Ben=20 -p Cy=20 -p Dan=0
hand --dealer Dan
deal all -n 3
""", tmp_path)
    data = table(potlog)
    assert [s["name"] for s in data["seats"] if s["in_hand"]] == ["Ann", "Ben", "Cy"]
    assert data["hand"]["first"] == "Ann" and data["game_view"]["stock"] == "43 cards"
    potlog.run_script("declare Ann dice 1\ndeclare Ann limit 2\nhole Ann\nbet Ann 1\n", tmp_path)
    r = potlog("rebuy", "Ann", "10", ok=False)
    assert "Ann is in hand 1: rebuy between hands (table stakes)" in r.output
    potlog("rebuy", "Dan", "10")  # not in the hand: may rebuy now, plays from the next hand
    potlog("join", "Eve", "15")
    assert table(potlog)["hand"]["to_act"] == "Ben"
