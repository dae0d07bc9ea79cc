"""Every Bluffjack option played through whole hands with `potlog run`: the ante, more
betting, two initial bets, charlies (5, 7, 10, and the minimum-size variant), the best-hand
ranking. (No house is in test_bluffjack_hands.py, next to the house it replaces.)"""

from __future__ import annotations

import json

import pytest

from ledger.commands import Ante, Call, Check, Command, Deal, Hit, NewHand, Showdown, Stand, player_of


def table(potlog):
    data = json.loads(potlog("state", "--json").output)
    return {s["name"]: s["stack"] for s in data["seats"]}, data


def events(potlog):
    return [e["event"] for e in json.loads(potlog("log", "--json").output)]


def heads_up(ben: list[str], ann: list[str]) -> list[Command]:
    """Ann deals; Ben (first) and Ann get `ben`/`ann` (down card first, then up, then the draw,
    taken in turn until each stands), both check, showdown. The pot is 4."""
    cmds = [NewHand(), Deal(to="Ben", cards=(ben[0],)), Deal(to="Ann", cards=(ann[0],)),
            Deal(to="Ben", cards=(ben[1],), face_up=True),
            Deal(to="Ann", cards=(ann[1],), face_up=True),
            Ante(player="Ann", amount=1), Ante(player="Ben", amount=1),
            Call(player="Ann")]
    extra = {"Ben": list(ben[2:]), "Ann": list(ann[2:])}
    stood: set[str] = set()
    while len(stood) < 2:
        for who in ("Ben", "Ann"):
            if who in stood:
                continue
            if extra[who]:
                cmds.append(Hit(player=who, cards=(extra[who].pop(0),), face_up=True))
            else:
                cmds.append(Stand(player=who))
                stood.add(who)
    return cmds + [Check(player="Ben"), Check(player="Ann"), Showdown()]


def as_script(cmds: list[Command], opts: str) -> str:
    """The same commands as a `potlog run` file."""
    lines = [f"new bluffjack --name t -p Ann=20 -p Ben=20 {opts}"]
    for c in cmds:
        match c:
            case Deal():
                lines.append(f"deal {c.to} {c.cards[0]}" + (" --up" if c.face_up else ""))
            case Hit():
                lines.append(f"hit {c.player} {c.cards[0]}")
            case Ante():
                lines.append(f"ante {c.player} {c.amount}")
            case _:
                lines.append(" ".join(x for x in (c.verb, player_of(c)) if x))
    return "\n".join(lines) + "\n"


def play_api(led, cmds: list[Command], opts: str) -> dict[str, int]:
    """Play through the ledger (what every CLI command calls), for the long matrices."""
    options = dict(kv.split("=") for kv in opts.replace("-o ", "").split())
    sid = led.new_session("bluffjack", [("Ann", 20), ("Ben", 20)], options=options, name="t")
    for c in cmds:
        led.execute(sid, c)
    st = led.state(sid)
    assert st.balance("pot") == 0 and not st.in_hand
    return {s.name: st.stack(s.name) for s in st.seats}


BEN_WINS = {"Ann": 18, "Ben": 22}
ANN_WINS = {"Ann": 22, "Ben": 18}
SPLIT = {"Ann": 20, "Ben": 20}
FIVE_18 = ["2S", "3S", "4S", "4H", "5H"]          # five cards, 18
FIVE_18_B = ["5D", "6D", "2D", "2C", "3C"]        # five cards, 18
SIX_19 = ["2S", "3S", "4S", "2H", "3H", "5H"]     # six cards, 19
SIX_18 = ["2S", "3S", "4S", "2H", "3H", "4H"]     # six cards, 18
SEVEN_20 = ["AS", "AH", "AD", "AC", "2S", "2H", "2D"]          # seven cards, 20 (one ace as 11)
TEN_18 = ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C", "3S", "3H"]  # ten cards, 18
TWENTY = ["KD", "QD"]

CHARLIES = [
    ("no charlies: 20 beats a five-card 18", "", FIVE_18, TWENTY, ANN_WINS),
    ("5-card charlie beats 20", "-o charlie=5", FIVE_18, TWENTY, BEN_WINS),
    ("exactly 5: six cards are no charlie", "-o charlie=5", SIX_19, TWENTY, ANN_WINS),
    ("at least 5: six cards are a charlie", "-o charlie=5 -o charlie_minimum=true", SIX_19, TWENTY, BEN_WINS),
    ("at least 5: the longer charlie wins a tie", "-o charlie=5 -o charlie_minimum=true", SIX_18, FIVE_18_B,
     BEN_WINS),
    ("exactly 5: equal charlies split", "-o charlie=5", FIVE_18, FIVE_18_B, SPLIT),
    ("the higher charlie wins", "-o charlie=5", ["2S", "3S", "4S", "4H", "6H"], FIVE_18_B, BEN_WINS),
    ("7-card charlie beats 20", "-o charlie=7", SEVEN_20, TWENTY, BEN_WINS),
    ("a 7-card charlie table: five cards are no charlie", "-o charlie=7", FIVE_18, TWENTY, ANN_WINS),
    ("10-card charlie beats 20", "-o charlie=10", TEN_18, TWENTY, BEN_WINS),
    ("21 beats a charlie", "-o charlie=5", FIVE_18, ["AS", "KS"], ANN_WINS),
]


@pytest.mark.parametrize("opts,ben,ann,stacks", [c[1:] for c in CHARLIES], ids=[c[0] for c in CHARLIES])
def test_charlies(ledger, opts, ben, ann, stacks):
    assert play_api(ledger, heads_up(ben, ann), opts) == stacks


BEST_HANDS = [
    ("A-K suited beats A-K", ["AS", "KD"], ["AH", "KH"], ANN_WINS, SPLIT),
    ("A-K beats A-Q suited", ["AS", "KD"], ["AH", "QH"], BEN_WINS, SPLIT),
    ("A-J beats A-10 suited", ["AS", "JD"], ["AH", "10H"], BEN_WINS, SPLIT),
    ("two-card 21 beats three-card 21", ["7S", "7H", "7D"], ["AH", "10S"], ANN_WINS, SPLIT),
    ("equal two-card 21s split", ["AS", "QD"], ["AH", "QC"], SPLIT, SPLIT),
    ("below 21 it is still closest to 21", ["9S", "KD"], ["8H", "KH"], BEN_WINS, BEN_WINS),
    ("21 beats a charlie", ["7S", "7H", "7D"], FIVE_18, BEN_WINS, BEN_WINS),
]


@pytest.mark.parametrize("ben,ann,best,plain", [c[1:] for c in BEST_HANDS], ids=[c[0] for c in BEST_HANDS])
@pytest.mark.parametrize("best_hand", [True, False], ids=["best_hand", "closest"])
def test_best_hand_ranking(ledger, ben, ann, best, plain, best_hand):
    opts = "-o charlie=5" + (" -o best_hand=true" if best_hand else "")
    assert play_api(ledger, heads_up(ben, ann), opts) == (best if best_hand else plain)


CLI_CASES = [  # one whole hand through 'potlog run' for every value of the ranking options
    ("-o charlie=5", FIVE_18, TWENTY, BEN_WINS),
    ("-o charlie=5 -o charlie_minimum=true", SIX_18, FIVE_18_B, BEN_WINS),
    ("-o charlie=7", SEVEN_20, TWENTY, BEN_WINS),
    ("-o charlie=10", TEN_18, TWENTY, BEN_WINS),
    ("-o best_hand=true", ["AS", "KD"], ["AH", "KH"], ANN_WINS),
    ("-o best_hand=true -o charlie=5", FIVE_18, ["7S", "7H", "7D"], ANN_WINS),
]


@pytest.mark.parametrize("opts,ben,ann,stacks", CLI_CASES, ids=[c[0] for c in CLI_CASES])
def test_ranking_options_through_potlog_run(potlog, tmp_path, opts, ben, ann, stacks):
    potlog.run_script(as_script(heads_up(ben, ann), opts), tmp_path)
    assert table(potlog)[0] == stacks
    award = [e for e in events(potlog) if e["type"] == "pot_awarded"][0]
    assert ("Ann wins" if stacks == ANN_WINS else "Ben wins") in award["reason"]


def test_the_ante_option_sets_ante_forced_raise_and_smallest_bet(potlog, tmp_path):
    potlog.run_script("""\
new bluffjack --name t -p Ann=50 -p Ben=50 -p Cy=50 -o ante=5
hand
deal Ben ??
deal Cy ??
deal Ann ??
deal Ben 9H --up
deal Cy 4C --up
deal Ann KS --up
ante Ann 5
ante Ben 5
ante Cy 5
""", tmp_path)
    stacks, data = table(potlog)
    assert stacks == {"Ann": 45, "Ben": 40, "Cy": 45} and data["accounts"]["pot"] == 20
    assert events(potlog)[-1] == {"type": "raise", "player": "Ben", "amount": 5, "by": 5}
    assert "smallest bet or raise is the ante, 5" in potlog("raise", "Cy", "4", ok=False).output
    potlog("raise", "Cy", "5")
    assert table(potlog)[0]["Cy"] == 35


MORE_BETTING = """\
new bluffjack --name mb -p Ann=30 -p Ben=30 -p Cy=30 -o more_betting=true
hand
deal Ben 9S
deal Cy 10S
deal Ann 2S
deal Ben 7H --up
deal Cy 6H --up
deal Ann 8H --up
ante Ann 1
ante Ben 1
ante Cy 1
call Cy
call Ann
hit Ben 4D
raise Ben 3
hit Cy 5C
call Cy
stand Ann
call Ann
stand Ben
check Ben
stand Cy
check Cy
"""


def test_more_betting_puts_a_betting_turn_after_every_card_or_stand(potlog, tmp_path):
    head, rest = MORE_BETTING.split("hit Ben 4D\n")
    potlog.run_script(head, tmp_path)
    assert "Ben takes a card or stands first (potlog hit / potlog stand)" in potlog("raise", "Ben", "3", ok=False).output
    potlog("hit", "Ben", "4D")
    assert "Ben has had a card or stood this turn: now Ben calls, raises or folds" in \
        potlog("hit", "Ben", "5D", ok=False).output
    middle, rest = rest.split("stand Ann\n")
    potlog.run_script(middle, tmp_path)
    assert "Ann takes a card or stands first" in potlog("call", "Ann", ok=False).output
    potlog.run_script("stand Ann\ncall Ann\n", tmp_path)
    _, data = table(potlog)
    assert data["legal"] == ["Ben: hit, stand — take a card or stand"]
    potlog.run_script("stand Ben\ncheck Ben\nstand Cy\ncheck Cy\n", tmp_path)
    _, data = table(potlog)
    # everyone has stood and the bets are equal: the final round, from the dealer's left
    assert data["hand"]["phase"] == "final" and data["hand"]["to_act"] == "Ben"
    assert [e["name"] for e in events(potlog) if e["type"] == "round_started"] == ["opening", "draws", "final"]
    potlog.run_script("check Ben\ncheck Cy\ncheck Ann\nshowdown\n", tmp_path)
    stacks, _ = table(potlog)
    # pot: antes 3 + 1 + 1 + 1, then Ben 3, Cy 3, Ann 3 in the draw = 15; Cy's 21 beats Ben's 20
    assert stacks == {"Ann": 25, "Ben": 25, "Cy": 25 + 15}


def test_more_betting_a_player_who_stood_still_bets_each_time_round(potlog, tmp_path):
    potlog.run_script("""\
new bluffjack --name mb -p Ann=30 -p Ben=30 -o more_betting=true
hand
deal Ben 9S
deal Ann 10S
deal Ben 7H --up
deal Ann 8H --up
ante Ann 1
ante Ben 1
call Ann
stand Ben
check Ben
hit Ann 2C
bet Ann 2
""", tmp_path)
    _, data = table(potlog)
    assert data["hand"]["to_act"] == "Ben" and data["legal"] == ["Ben: call, raise, allin, fold — 2 to call"]
    assert "Ben has stood" in potlog("hit", "Ben", "3C", ok=False).output
    potlog("raise", "Ben", "2")
    assert table(potlog)[1]["legal"] == ["Ann: hit, stand — take a card or stand"]
    potlog.run_script("stand Ann\ncall Ann\ncheck Ben\ncheck Ann\nshowdown\n", tmp_path)
    # pot: antes 2 + 1 + 1, Ann 2, Ben 4, Ann 2 = 12; Ann's 20 beats Ben's 16
    assert table(potlog)[0] == {"Ann": 36, "Ben": 24}


TWO_BETS = """\
new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20 -o two_initial_bets=true -o ante=2
hand
ante Ben 2
deal Ben 9S
deal Cy 10S
deal Ann 2S
ante Cy 2
ante Ann 2
call Cy
fold Ann
deal Ben 7H --up
deal Cy 9H --up
bet Ben 2
raise Cy 2
call Ben
stand Ben
stand Cy
check Ben
check Cy
showdown
"""


def test_two_initial_bets_bet_after_the_face_down_card_and_after_the_face_up_card(potlog, tmp_path):
    head, tail = TWO_BETS.split("ante Ann 2\n")
    potlog.run_script(head, tmp_path)
    r = potlog("deal", "Ben", "7H", "--up", ok=False)
    assert "no card is dealt now: waiting for the ante from Ann" in r.output
    potlog("ante", "Ann", "2")
    assert events(potlog)[-1] == {"type": "raise", "player": "Ben", "amount": 2, "by": 2}
    assert "no card is dealt now: Cy to call 2, raise or fold" in potlog("deal", "Ben", "7H", "--up", ok=False).output
    potlog.run_script(tail, tmp_path)
    stacks, _ = table(potlog)
    assert stacks == {"Ann": 18, "Ben": 12, "Cy": 30}
    log = events(potlog)
    assert [e["name"] for e in log if e["type"] == "round_started"] == ["opening", "second", "final"]
    assert not any(e["type"] == "cards_dealt" and e["to"] == "Ann" and e.get("face_up") for e in log)


def test_bad_options_are_refused_with_what_is_accepted(potlog):
    r = potlog("new", "bluffjack", "-p", "Ann=5", "-p", "Ben=5", "-o", "charlie=6", ok=False)
    assert r.exit_code == 1 and "a charlie is 5, 7 or 10 cards (0 for none), not 6" in r.output
    r = potlog("new", "bluffjack", "-p", "Ann=5", "-p", "Ben=5", "-o", "charlie_minimum=true", ok=False)
    assert "charlie_minimum needs a charlie size" in r.output
    r = potlog("new", "bluffjack", "-p", "Ann=5", "-o", "house=false", ok=False)
    assert "bluffjack has no option 'house'" in r.output and "no_house" in r.output
    games = json.loads(potlog("games", "bluffjack", "--json").output)[0]
    assert [o["name"] for o in games["options"]] == [
        "ante", "no_house", "more_betting", "two_initial_bets", "charlie", "charlie_minimum", "best_hand"]
