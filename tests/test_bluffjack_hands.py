"""Bluffjack through the CLI: whole hands with `potlog run`, checking stacks, the pot, the
house, eliminations, the dealer, and the refusals a player at the table would hear."""

from __future__ import annotations

import json
import shlex

import pytest

from ledger.commands import (
    AllIn, Ante, Bet, Call, Check, Command, Deal, Fold, Hit, NewHand, Raise, Reveal, Stand,
)


def table(potlog):
    data = json.loads(potlog("state", "--json").output)
    data["game_view"] = {v["label"]: str(v["value"]) for v in data["game_view"]}
    return {s["name"]: s["stack"] for s in data["seats"]}, data


def events(potlog):
    return [e["event"] for e in json.loads(potlog("log", "--json").output)]


# Ann deals; Ben (left of the dealer) makes the forced raise; Cy folds; Ann 18 beats Ben 17.
HAND = """\
new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2
hand --dealer Ann
deal Ben ??
deal Cy ??
deal Ann ??
deal Ben 9H --up
deal Cy 4C --up
deal Ann KS --up
ante Ann 2
ante Ben 2
ante Cy 2
call Cy
raise Ann 4
call Ben
fold Cy
hit Ben 5D
stand Ann
stand Ben
check Ben
bet Ann 4
call Ben
reveal Ben 3S
reveal Ann 8D
showdown
"""


def test_a_whole_hand_pays_the_best_hand_and_computes_the_forced_raise(potlog, tmp_path):
    potlog.run_script(HAND, tmp_path)
    stacks, data = table(potlog)
    # pot: antes 6 + forced 2 + Cy 2 + Ann 6 + Ben 4 + final bets 4 + 4 = 28, all to Ann
    assert stacks == {"Ann": 36, "Ben": 8, "Cy": 16}
    assert data["accounts"]["pot"] == 0 and data["accounts"].get("house", 0) == 0
    assert data["hand"]["ended"] and data["hands_played"] == 1
    log = events(potlog)
    forced = log[log.index({"type": "round_started", "round": 1, "name": "opening"}) + 1]
    assert forced == {"type": "raise", "player": "Ben", "amount": 2, "by": 2}
    award = next(e for e in log if e["type"] == "pot_awarded")
    assert award["shares"] == [{"player": "Ann", "amount": 28}]
    assert "Ann wins" in award["reason"] and "Ben 17" in award["reason"] and "Ann 18" in award["reason"]
    assert [e["name"] for e in log if e["type"] == "round_started"] == ["opening", "final"]


def test_state_says_whose_turn_and_what_they_may_do(potlog, tmp_path):
    potlog.run_script(HAND.split("call Cy")[0], tmp_path)
    _, data = table(potlog)
    assert data["hand"]["to_act"] == "Cy" and data["hand"]["phase"] == "opening"
    assert data["legal"] == ["Cy: call, raise, allin, fold — 2 to call"]
    assert data["game_view"]["hands"].startswith("Ben shows 9 +1 down")
    out = potlog("call", "Cy").output
    assert "next: Ann (call, raise, allin, fold)" in out


def test_tie_splits_with_the_odd_chip_nearest_the_dealers_left(potlog, tmp_path):
    # Ann deals: the order is Ben, Cy, Ann. Cy and Ann tie on 19 over 9 chips; Cy is nearer.
    potlog.run_script("""\
new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20
hand
deal Ben 10S
deal Cy 10H
deal Ann 10D
deal Ben 7S --up
deal Cy 9H --up
deal Ann 9D --up
ante Ann 1
ante Ben 1
ante Cy 1
raise Cy 1
call Ann
call Ben
stand Ben
stand Cy
stand Ann
check Ben
check Cy
check Ann
showdown
""", tmp_path)
    stacks, _ = table(potlog)
    assert stacks == {"Ann": 17 + 4, "Ben": 17, "Cy": 17 + 5}
    award = next(e for e in events(potlog) if e["type"] == "pot_awarded")
    assert award["shares"] == [{"player": "Cy", "amount": 5}, {"player": "Ann", "amount": 4}]


ALL_BUST = """\
new bluffjack --name t -p Ann=20 -p Ben=20 {opts}
hand
deal Ben KS
deal Ann KD
deal Ben 5S --up
deal Ann 6D --up
ante Ann 1
ante Ben 1
call Ann
hit Ben 9C
hit Ann 9D
stand Ben
stand Ann
check Ben
check Ann
showdown
hand
deal Ann AS
deal Ben 2C
deal Ann KH --up
deal Ben 3C --up
ante Ann 1
ante Ben 1
allin Ben
call Ann
stand Ann
hit Ben 4C
stand Ben
showdown
"""


@pytest.mark.parametrize("no_house", [False, True])
def test_all_bust_pays_the_house_or_is_set_aside_for_the_last_player(potlog, tmp_path, no_house):
    potlog.run_script(ALL_BUST.format(opts="-o no_house=true" if no_house else ""), tmp_path)
    stacks, data = table(potlog)
    log = events(potlog)
    bust = next(e for e in log if e["type"] == "transfer")
    assert bust["from_account"] == "pot" and bust["amount"] == 4
    assert bust["to_account"] == ("pot:aside" if no_house else "house")
    # hand 2: both all-in for 18; Ann's 21 beats Ben's 9; Ben is out and Ann holds every chip
    assert {"type": "player_left", "player": "Ben", "cashout": 0, "reason": "eliminated"} in log
    assert log[-1] == {"type": "note", "text": "Ann holds every chip and wins the game"}
    if no_house:
        assert stacks == {"Ann": 40, "Ben": 0}
        assert data["accounts"]["pot:aside"] == 0 and data["accounts"].get("house", 0) == 0
        assert log[-2]["to_account"] == "seat:Ann" and log[-2]["amount"] == 4
    else:
        assert stacks == {"Ann": 36, "Ben": 0} and data["accounts"]["house"] == 4
    r = potlog("hand", ok=False)
    assert r.exit_code == 1 and "the game is over: Ann holds every chip" in r.output
    assert data["legal"] == ["anyone: close, note — the game is over: Ann holds every chip"]


@pytest.mark.parametrize("no_house", [False, True])
def test_when_everyone_busts_all_in_nobody_or_everybody_is_left(potlog, tmp_path, no_house):
    potlog.run_script(f"""\
new bluffjack --name t -p Ann=5 -p Ben=5 {"-o no_house=true" if no_house else ""}
hand
deal Ben KS
deal Ann KD
deal Ben 5S --up
deal Ann 6D --up
ante Ann 1
ante Ben 1
allin Ann
call Ben
hit Ben 9C
hit Ann 9D
stand Ben
stand Ann
showdown
""", tmp_path)
    stacks, data = table(potlog)
    log = events(potlog)
    if no_house:  # the 10 set aside is shared; nobody is out and the game goes on
        assert stacks == {"Ann": 5, "Ben": 5} and data["accounts"]["pot:aside"] == 0
        assert not any(e["type"] == "player_left" for e in log)
        potlog("hand")
    else:
        assert stacks == {"Ann": 0, "Ben": 0} and data["accounts"]["house"] == 10
        assert [e["player"] for e in log if e["type"] == "player_left"] == ["Ben", "Ann"]
        assert "nobody wins" in log[-1]["text"]


SIDE_POTS = """\
new bluffjack --name t -p Ann=10 -p Ben=4 -p Cy=30 -o ante=2
hand
deal Ben 9S
deal Cy 10S
deal Ann 2S
deal Ben 7H --up
deal Cy 9H --up
deal Ann 8H --up
ante Ben 2
ante Cy 2
ante Ann 2
allin Cy
allin Ann
stand Ben
stand Cy
hit Ann KS
stand Ann
showdown
"""


def test_all_ins_make_side_pots_and_the_broke_are_eliminated(potlog, tmp_path):
    potlog.run_script(SIDE_POTS, tmp_path)
    stacks, data = table(potlog)
    log = events(potlog)
    assert log[log.index({"type": "round_started", "round": 1, "name": "opening"}) + 1] == {
        "type": "all_in", "player": "Ben", "amount": 2}  # the forced raise, all he had
    awards = [(e["shares"], e["reason"].split(":")[0]) for e in log if e["type"] == "pot_awarded"]
    assert awards == [([{"player": "Ann", "amount": 12}], "main pot"),
                      ([{"player": "Ann", "amount": 12}], "side pot 1"),
                      ([{"player": "Cy", "amount": 20}], "side pot 2")]
    assert stacks == {"Ann": 24, "Ben": 0, "Cy": 20}
    assert not [s for s in data["seats"] if s["name"] == "Ben"][0]["active"]
    # the deal passes left, over the eliminated Ben, to Cy; Ann is then first
    potlog("hand")
    started = events(potlog)[-1]
    assert started["dealer"] == "Cy" and started["first"] == "Ann"


def test_folding_to_one_player_wins_the_pot_even_over_21(potlog, tmp_path):
    potlog.run_script("""\
new bluffjack --name t -p Ann=20 -p Ben=20
hand
deal Ben ??
deal Ann KD
deal Ben 5S --up
deal Ann QD --up
ante Ann 1
ante Ben 1
call Ann
hit Ben KC
hit Ann 9D
stand Ben
stand Ann
bet Ben 5
fold Ann
showdown
""", tmp_path)
    stacks, _ = table(potlog)
    log = events(potlog)
    assert stacks == {"Ann": 18, "Ben": 22}
    assert not any(e["type"] == "cards_revealed" for e in log)  # nobody has to show
    assert next(e for e in log if e["type"] == "pot_awarded")["reason"] == "everyone else folded"


REFUSALS = [
    ("hand --dealer Ann\ndeal Cy ??", "Ben gets the next card, not Cy"),
    ("hand\ndeal Ben 5H --up", "first card is dealt face down"),
    ("hand\ndeal Ben 5H\ndeal Cy ??\ndeal Ann ??\ndeal Ben ??", "second card is dealt face up"),
    ("hand\ndeal Ben 5H 6H", "one card at a time"),
    ("hand\ndeal board 5H", "cards go only to players"),
    ("hand\nante Ann 5", "the ante at this table is 2, not 5"),
    ("hand\nante Ann 2\nante Ann 2", "Ann has already anted"),
    ("hand\nbet Ann 2", "Ann cannot bet now: Ben is dealt a face-down card next"),
    ("{dealt}\nante Ben 2\ncall Ann", "Ann cannot call now: waiting for the ante from Cy, Ann"),
    ("hand\nraise Ben 2", "Ben cannot raise now"),
    ("{deal}\nraise Ben 2", "it is Cy's turn to bet, not Ben's (Ben's forced raise is already in)"),
    ("{deal}\ncall Ann", "it is Cy's turn to bet, not Ann's"),
    ("{deal}\nraise Cy 1", "the smallest bet or raise is the ante, 2"),
    ("{deal}\nhit Cy 2C", "Cy cannot take a card now: Cy to call 2, raise or fold"),
    ("{deal}\ncall Cy\ncall Ann\nbet Ben 2", "cannot bet while cards are taken"),
    ("{deal}\ncall Cy\ncall Ann\nfold Ben", "cannot fold while cards are taken"),
    ("{deal}\ncall Cy\ncall Ann\nhit Cy 2C", "it is Ben's turn, not Cy's: Ben to take a card or stand"),
    ("{deal}\ncall Cy\ncall Ann\nstand Ben\nhit Cy 2C\nstand Ann\nhit Ben 3C", "Ben has stood"),
    ("{deal}\ncall Cy\ncall Ann\nshowdown", "not ready for the showdown: Ben to take a card or stand"),
    ("{deal}\ncall Cy\ncall Ann\nstand Ben\nstand Cy\nstand Ann\ncheck Ben\ncheck Cy\ncheck Ann\nshowdown",
     "Ben's face-down card was never named"),
    ("{deal}\naward Ann", "potlog settles the pot"),
    ("{deal}\nend", "potlog settles the pot"),
    ("{deal}\nround", "opens each betting round itself"),
    ("{deal}\nroll Ann 3", "bluffjack has no 'roll'"),
    ("{deal}\npay Ann pot 3", "pay moves chips between players only"),
    ("hand\nhand", "hand 1 is still going"),
    ("hand --first Cy", "player left of the dealer always acts first"),
]
DEAL = "hand\ndeal Ben ??\ndeal Cy ??\ndeal Ann ??\ndeal Ben 9H --up\ndeal Cy 4C --up\ndeal Ann KS --up\n" \
       "ante Ann 2\nante Ben 2\nante Cy 2"


def command(line: str) -> Command:
    """One script line as the command the CLI would build (the few verbs these tests use)."""
    verb, *args = shlex.split(line)
    flags = {a.lstrip("-") for a in args if a.startswith("--")}
    words = [a for a in args if not a.startswith("--")]
    if verb == "hand":
        opt = dict(zip(args[::2], args[1::2]))
        return NewHand(dealer=opt.get("--dealer"), first=opt.get("--first"))
    if verb == "deal":
        return Deal(to=words[0], cards=tuple(words[1:]), face_up="up" in flags)
    if verb == "hit":
        return Hit(player=words[0], cards=tuple(words[1:]), face_up=True)
    if verb == "reveal":
        return Reveal(player=words[0], cards=tuple(words[1:]))
    amount = int(words[1]) if len(words) > 1 else None
    if verb in _STAKES:
        return _STAKES[verb](player=words[0], amount=amount)
    return {"check": Check, "fold": Fold, "allin": AllIn, "stand": Stand}[verb](player=words[0])


_STAKES = {"bet": Bet, "raise": Raise, "call": Call, "ante": Ante}


@pytest.mark.parametrize("lines,message", REFUSALS, ids=[m for _, m in REFUSALS])
def test_refusals_are_one_clear_line_and_leave_the_log_alone(potlog, tmp_path, lines, message):
    *before, last = lines.replace("{deal}", DEAL).replace("{dealt}", DEAL.split("\nante")[0]).splitlines()
    led = potlog.ledger()  # the lines before, straight through the ledger (fast)
    sid = led.new_session("bluffjack", [("Ann", 20), ("Ben", 20), ("Cy", 20)], options={"ante": 2}, name="t")
    for line in before:
        if line.strip():
            led.execute(sid, command(line))
    led.close()
    log = potlog("log", "--json").output
    r = potlog(*shlex.split(last), ok=False)
    assert r.exit_code == 1, r.output
    assert message in r.output
    assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output
    assert potlog("log", "--json").output == log


def test_the_deal_passes_left_and_cannot_be_taken(potlog, tmp_path):
    potlog.run_script(HAND, tmp_path)
    r = potlog("hand", "--dealer", "Cy", ok=False)
    assert "the deal passes left: Ben deals this hand, not Cy" in r.output
    potlog("hand")
    assert events(potlog)[-1]["dealer"] == "Ben"


def test_a_ruling_out_of_turn_is_recorded_and_the_hand_carries_on(potlog, tmp_path):
    potlog.run_script(DEAL.join(["new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2\n", "\n"]), tmp_path)
    potlog("fold", "Ann", "--override", "Ann threw her cards in early")
    stacks, data = table(potlog)
    assert data["hand"]["to_act"] == "Cy"
    potlog.run_script("call Cy\nstand Ben\nstand Cy\ncheck Ben\ncheck Cy\nreveal Ben 2C\nreveal Cy 3C\nshowdown\n",
                      tmp_path)
    stacks, data = table(potlog)
    assert stacks == {"Ann": 18, "Ben": 16 + 10, "Cy": 16}  # Ben 11 beats Cy 7 for antes 6 + 2 + 2
    assert potlog("verify", "--rules").exit_code == 0


def test_a_player_short_of_the_ante_antes_what_they_have(potlog, tmp_path):
    potlog.run_script("new bluffjack --name t -p Ann=20 -p Ben=1 -o ante=2\nhand\n", tmp_path)
    r = potlog("ante", "Ben", "2", ok=False)
    assert "Ben has only 1 chip: Ben antes 1 and is all-in" in r.output
    potlog("ante", "Ben", "1")
    potlog.run_script("deal Ben 5S\ndeal Ann 6S\ndeal Ben 7S --up\ndeal Ann 8S --up\nante Ann 2\n", tmp_path)
    _, data = table(potlog)
    # Ben has no chips left, so nobody can bet against Ann: straight to the draw
    assert data["hand"]["phase"] == "drawing" and data["hand"]["to_act"] == "Ben"


def test_voids_go_newest_first_and_undo_the_steps_potlog_added(potlog, tmp_path):
    potlog.run_script(DEAL.join(["new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2\n", "\n"]), tmp_path)
    seqs = {(e["event"]["type"], e["event"].get("player")): e["seq"] for e in json.loads(potlog("log", "--json").output)}
    ante, forced = seqs[("ante", "Cy")], seqs[("raise", "Ben")]
    r = potlog("void", str(ante), "--reason", "Cy had not anted", ok=False)
    assert f"void seq {forced} first: in bluffjack corrections go from the newest event back" in r.output
    r = potlog("void", "2", "--reason", "no", ok=False)
    assert "came before the last hand started" in r.output
    for seq in (forced, forced - 1, ante):  # the forced raise, the round it opened, the ante
        potlog("void", str(seq), "--reason", "Cy had not anted")
    stacks, data = table(potlog)
    assert data["accounts"]["pot"] == 4 and stacks["Cy"] == 20 and data["hand"]["current_bet"] == 0
    assert data["legal"] == ["Cy: ante — ante 2"]
    potlog("ante", "Cy", "2")  # and the round and the forced raise come again
    assert events(potlog)[-1] == {"type": "raise", "player": "Ben", "amount": 2, "by": 2}
    potlog.run_script("call Cy\ncall Ann\n", tmp_path)
    assert potlog("verify", "--rules").exit_code == 0


NO_HOUSE_BUST = """\
new bluffjack --name t -p Ann=20 -p Ben=20 -o no_house=true
hand
deal Ben KS
deal Ann KD
deal Ben 5S --up
deal Ann 6D --up
ante Ann 1
ante Ben 1
call Ann
hit Ben 9C
hit Ann 9D
stand Ben
stand Ann
check Ben
check Ann
showdown
"""


def test_no_house_what_is_set_aside_goes_to_the_last_player_when_the_others_leave(potlog, tmp_path):
    potlog.run_script(NO_HOUSE_BUST + "leave Ben\n", tmp_path)
    stacks, data = table(potlog)
    assert data["accounts"]["pot:aside"] == 0 and stacks["Ann"] == 18 + 4
    assert events(potlog)[-1]["reason"] == "the last player standing wins what was set aside"


def test_no_house_what_is_set_aside_is_shared_when_the_session_closes_early(potlog, tmp_path):
    potlog.run_script(NO_HOUSE_BUST + "close\n", tmp_path)
    _, data = table(potlog)
    assert {s["name"]: s["cashed_out"] for s in data["seats"]} == {"Ann": 20, "Ben": 20}
    assert data["accounts"]["pot:aside"] == 0 and data["closed"]


def test_snapshots_rebuild_the_game_state(potlog, tmp_path):
    from ledger.snapshots import read_snapshot, write_snapshot
    from ledger.state import state_hash

    potlog.run_script(HAND.split("hit Ben 5D")[0], tmp_path)
    led = potlog.ledger()
    mid = led.state("t")
    assert write_snapshot(led.store, "t", mid)
    seq, again = read_snapshot(led.store, "t", mid.seq)
    assert seq == mid.seq and type(again.ext) is type(mid.ext) and state_hash(again) == state_hash(mid)
    led.close()
    potlog.run_script("hit Ben 5D\nstand Ann\nstand Ben\n", tmp_path)
    assert table(potlog)[1]["hand"]["phase"] == "final"


def test_a_fold_out_of_turn_by_ruling_keeps_the_turn_where_it_was(potlog, tmp_path):
    potlog.run_script(DEAL.join(["new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2\n", "\n"])
                      + "call Cy\ncall Ann\nstand Ben\nstand Cy\nstand Ann\n", tmp_path)
    assert table(potlog)[1]["hand"]["to_act"] == "Ben"
    potlog("fold", "Cy", "--override", "Cy mucked early")
    _, data = table(potlog)
    assert data["hand"]["to_act"] == "Ben" and data["legal"] == ["Ben: check, bet, allin, fold — nothing to call"]


def test_a_card_turned_up_unseen_by_a_ruling_does_not_break_the_state(potlog, tmp_path):
    potlog.run_script("new bluffjack --name t -p Ann=20 -p Ben=20\nhand --dealer Ann\ndeal Ben 5S\ndeal Ann 6S\n",
                      tmp_path)
    potlog("deal", "Ben", "??", "--up", "--override", "turned over before anyone saw it")
    r = potlog("state")
    assert r.exit_code == 0 and "Traceback" not in r.output and "Ben shows" in r.output, r.output


def test_a_showdown_after_everyone_folded_by_rulings_sends_the_pot_to_the_house(potlog, tmp_path):
    potlog.run_script(DEAL.join(["new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2\n", "\n"])
                      + "fold Cy\nfold Ann\n", tmp_path)
    potlog("fold", "Ben", "--override", "Ben mucked too")
    r = potlog("showdown")
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    stacks, data = table(potlog)
    assert data["hand"]["ended"] and data["accounts"]["pot"] == 0 and data["accounts"]["house"] == 8
    assert stacks == {"Ann": 18, "Ben": 16, "Cy": 18}


def test_hit_and_stand_out_of_turn_are_recorded_as_rulings(potlog, tmp_path):
    potlog.run_script(DEAL.join(["new bluffjack --name t -p Ann=20 -p Ben=20 -p Cy=20 -o ante=2\n", "\n"])
                      + "call Cy\ncall Ann\n", tmp_path)
    assert table(potlog)[1]["hand"]["to_act"] == "Ben"
    r = potlog("stand", "Cy", ok=False)
    assert r.exit_code == 1 and "Ben" in r.output, r.output
    potlog("stand", "Cy", "--override", "Cy waved early and the table let it stand")
    potlog("hit", "Ann", "4C", "--override", "Ann took her card out of turn")
    log = events(potlog)
    assert [(e["type"], e.get("ruling")) for e in log[-2:]] == [
        ("declared", "Cy waved early and the table let it stand"), ("cards_dealt", "Ann took her card out of turn")]
    assert table(potlog)[1]["hand"]["to_act"] == "Ben"
    r = potlog("hit", "Zed", "--override", "who?", ok=False)
    assert r.exit_code == 1 and "Zed" in r.output, r.output
