"""Bluffjack's hand values and ranking, and random whole games played by the rules' own
`legal()` list: every offered move is accepted, the game never stalls, the chips stay whole,
a replay gives the same state, and `verify --rules` agrees with every event (voids included)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import chips
from ledger.cards import PACKS, UNKNOWN
from ledger.commands import (
    AllIn, Ante, Bet, Call, Check, Command, Deal, Fold, Hit, Join, NewHand, Open, Raise, Reveal,
    Showdown, Stand, Void,
)
from ledger.errors import RuleViolation
from ledger.games import bluffjack as bj
from ledger.reducer import apply, fold
from ledger.state import TableState, state_hash
from ledger.verify import verify_rules


def test_aces_count_eleven_unless_that_busts():
    assert bj.hand_total(["AS", "KD"]) == 21
    assert bj.hand_total(["AS", "AH"]) == 12
    assert bj.hand_total(["AS", "AH", "9D"]) == 21
    assert bj.hand_total(["AS", "KD", "5C"]) == 16
    assert bj.hand_total(["QS", "JD", "2C"]) == 22


def test_the_book_ranking_best_to_worst():
    opts = {"best_hand": True, "charlie": 5}
    book = [["AS", "KS"], ["AS", "KD"], ["AH", "QH"], ["AH", "QD"], ["AC", "JC"], ["AC", "JD"],
            ["AD", "10D"], ["AD", "10S"], ["7S", "7H", "7D"], ["2S", "3S", "4S", "2H", "3H"],
            ["KS", "QS"], ["9S", "9H"], ["2S", "3H"], ["KS", "QS", "5H"]]
    keys = [bj.ranked(h, opts).key for h in book]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    plain = [bj.ranked(h, {}).key for h in book]
    assert len({k for k in plain[:9]}) == 1  # without best_hand every 21 is the same 21
    assert plain[9] < plain[10]  # and a five-card 14 is just 14


def test_charlie_sizes_exact_and_minimum():
    five, six = ["2S", "3S", "4S", "2H", "3H"], ["2S", "3S", "4S", "2H", "3H", "AC"]
    assert bj.ranked(five, {"charlie": 5}).key[0] == 2 and bj.ranked(six, {"charlie": 5}).key[0] == 1
    assert bj.ranked(six, {"charlie": 5, "charlie_minimum": True}).key > \
        bj.ranked(["2D", "3D", "4D", "2C", "4C"], {"charlie": 5, "charlie_minimum": True}).key
    assert bj.ranked(six, {"charlie": 5, "charlie_minimum": True}).label == "6-card charlie 15"


# ----------------------------------------------------------------------------- random games

class Table:
    """A session held in memory, moved only by bluffjack.decide and the reducer."""

    def __init__(self, options: dict, players: list[tuple[str, int]]):
        self.state = TableState(session="p")
        self.records: list[tuple[int, object]] = []
        self.do(Open(options=options))
        for name, chips_ in players:
            self.do(Join(player=name, amount=chips_))

    def do(self, cmd: Command) -> None:
        for e in bj.decide(self.state, cmd):
            seq = self.state.seq + 1
            self.records.append((seq, e))
            if e.type == "void":  # the table as if the target had never been recorded
                self.state = fold(self.records, state=TableState(session="p"), checked=True)
                continue
            apply(self.state, seq, e)
            chips.check(self.state, hand_closed=e.type == "hand_ended")


def _unused(state: TableState) -> list[str]:
    held = {h.card for s in state.seats for h in s.cards}
    return [c for c in PACKS["french52"].cards if c not in held]


def _move(t: Table, data) -> Command | None:
    state = t.state
    legal = bj.legal(state)
    assert legal, "the game must always say what comes next"
    recent = state.ext.recent
    if recent and recent[-1] > 1 and recent[-1] not in state.ext.final and data.draw(st.integers(0, 19)) == 0:
        # now and then, a correction (what the rules record after a hand stands, and is never voided)
        return Void(target=recent[-1], reason="a slip")
    if state.in_hand and state.ext.due:  # after a void: the step potlog records before the next move
        state = bj.trial(state, bj.auto_steps(state))
    item = data.draw(st.sampled_from(legal))
    verbs = item.verbs
    who = item.player
    if "showdown" in verbs:
        for s in state.live_players():
            if len(state.live_players()) > 1 and any(h.card == UNKNOWN for h in s.cards):
                return Reveal(player=s.name, cards=(data.draw(st.sampled_from(_unused(state))),))
        return Showdown()
    if "hand" in verbs:
        return NewHand()
    if "close" in verbs:
        return None
    if verbs == ("deal",):
        seat = state.seat(who)
        down = not seat.cards
        card = UNKNOWN if down and data.draw(st.booleans()) else data.draw(st.sampled_from(_unused(state)))
        return Deal(to=who, cards=(card,), face_up=not down)
    if verbs == ("ante",):
        return Ante(player=who, amount=min(int(state.options["ante"]), state.stack(who)))
    if verbs == ("hit", "stand"):
        seat = state.seat(who)
        total = bj.hand_total([h.card for h in seat.cards if h.card != UNKNOWN])
        if len(seat.cards) >= 6 or data.draw(st.integers(0, 21)) <= total:
            return Stand(player=who)
        return Hit(player=who, cards=(data.draw(st.sampled_from(_unused(state))),), face_up=True)
    verb = data.draw(st.sampled_from([v for v in verbs if v != "fold"] * 3 + ["fold"]))
    stack = state.stack(who)
    owed = max(0, state.hand.current_bet - state.seat(who).round_bet)
    ante = int(state.options["ante"])
    if verb in ("bet", "raise"):
        room = stack - owed
        if room < ante:
            return AllIn(player=who)
        return (Bet if verb == "bet" else Raise)(player=who, amount=data.draw(st.integers(ante, min(room, ante * 4))))
    return {"call": Call, "check": Check, "fold": Fold, "allin": AllIn}[verb](player=who)


OPTIONS = st.fixed_dictionaries({
    "ante": st.integers(1, 3), "no_house": st.booleans(), "more_betting": st.booleans(),
    "two_initial_bets": st.booleans(), "charlie": st.sampled_from([0, 5, 7, 10]), "best_hand": st.booleans(),
}).map(lambda o: {**o, "charlie_minimum": bool(o["charlie"]) and o["ante"] == 2})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, stacks=st.lists(st.integers(3, 25), min_size=2, max_size=4), data=st.data())
def test_random_games_follow_the_rules_to_the_end(options, stacks, data):
    names = ["Ann", "Ben", "Cy", "Dee"][: len(stacks)]
    t = Table(options, list(zip(names, stacks)))
    for _ in range(400):
        cmd = _move(t, data)
        if cmd is None:
            break
        try:
            t.do(cmd)
        except RuleViolation as exc:  # a move legal() offered must be accepted
            raise AssertionError(f"{cmd} was offered but refused: {exc}") from None
        state = t.state
        if state.in_hand and not isinstance(cmd, Void):
            assert state.ext.due == "", "potlog records its own steps in the same command"
    state = t.state
    holders = [s.name for s in state.seats if s.active and state.stack(s.name) > 0]
    if cmd is None:  # the game was played out
        assert len(holders) <= 1
        bought = sum(s.bought_in + s.rebought for s in state.seats)
        assert (state.stack(holders[0]) if holders else 0) + state.balance("house") == bought
        assert state.balance("pot:aside") == 0
    assert state_hash(fold(t.records, state=TableState(session="p"))) == state_hash(state)
    findings, overrides, method = verify_rules(t.records, "p")
    assert findings == [] and method.startswith("bluffjack.check_event")


def test_what_the_rules_record_after_the_last_hand_cannot_be_voided(potlog, tmp_path):
    """No house: both bust, the pot is set aside; Ann is eliminated and Ben, the last player
    standing, takes what was set aside. The closing note may be voided; the payout may not."""
    script = """\
new bluffjack --name end -p Ann=3 -p Ben=7 -o ante=3 -o no_house=true
hand --dealer Ben
deal Ann KS
deal Ben KD
ante Ann 3
ante Ben 3
deal Ann QS --up
deal Ben QD --up
hit Ann 5S
hit Ben 5D
stand Ann
stand Ben
showdown
"""
    potlog.run_script(script, tmp_path)
    log = json.loads(potlog("log", "--json").output)
    payout = next(e["seq"] for e in log if e["event"]["type"] == "transfer" and e["event"]["from_account"] == "pot:aside")
    assert log[-1]["event"]["type"] == "note" and log[-1]["seq"] == payout + 1
    potlog("void", str(payout + 1), "--reason", "noted twice")
    r = potlog("void", str(payout), "--reason", "a slip", ok=False)
    assert r.exit_code == 1 and "stands with the hand's result" in r.output
    state = json.loads(potlog("state", "--json").output)
    assert state["accounts"]["pot:aside"] == 0
    assert {s["name"]: s["stack"] for s in state["seats"]} == {"Ann": 0, "Ben": 10}
