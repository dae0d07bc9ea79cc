"""Random Blücher evenings played in memory through `decide` (what `legal` offers, with
random amounts that are sometimes refused): the chips always balance, every hand ends with
an empty pot, a fold from scratch gives the same state, and `check_event` accepts every
event `decide` recorded."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import reducer
from ledger.cards import PACKS, UNKNOWN
from ledger.chips import check
from ledger.commands import (
    AllIn, Bet, Call, Check, Command, Deal, Declare, Exchange, Fold, Join, NewHand, Open, Raise, Reveal,
    RollDice, Showdown,
)
from ledger.errors import RuleViolation
from ledger.games import bluecher
from ledger.state import TableState, state_hash


class Table:
    def __init__(self) -> None:
        self.state = TableState(session="p")
        self.records: list = []

    def do(self, cmd: Command) -> None:
        for event in bluecher.decide(self.state, cmd):
            bluecher.check_event(self.state, event)
            seq = len(self.records) + 1
            reducer.apply(self.state, seq, event)
            check(self.state, hand_closed=event.type == "hand_ended")
            self.records.append((seq, event))


def _action(rng: random.Random, t: Table) -> Command:
    st_, x = t.state, t.state.ext
    item = bluecher.legal(st_)[0]
    others = [v for v in item.verbs if v != "fold"]
    verb = "fold" if not others or ("fold" in item.verbs and rng.random() < 0.06) else rng.choice(others)
    p = item.player
    limit = x.limit or 3
    if verb == "declare":
        if x.dice is None:
            return Declare(player=p, name="dice", value=str(rng.randint(1, 5)))
        return Declare(player=p, name="limit", value=str(rng.randint(1, 6)))
    if verb == "hole":
        return Declare(player=p, name="hole", value=UNKNOWN)
    if verb in ("bet", "raise"):
        return (Bet if verb == "bet" else Raise)(player=p, amount=rng.randint(1, limit + 1))
    if verb == "roll":
        return RollDice(player=p, faces=tuple(str(rng.randint(1, 6)) for _ in range(x.dice)))
    if verb == "buy":
        return Exchange(player=p, cards=(UNKNOWN,), discard=(UNKNOWN,))
    return {"call": Call, "check": Check, "fold": Fold, "allin": AllIn}[verb](player=p)


def _showdown(rng: random.Random, t: Table, pack: str) -> None:
    st_ = t.state
    known = {h.card for s in st_.seats for h in s.cards} | set(st_.hand.out)
    free = [c for c in PACKS[pack].cards if c not in known]
    rng.shuffle(free)
    for seat in st_.live_players():
        cards = [free.pop() for h in seat.cards if h.card == UNKNOWN]
        t.do(Reveal(player=seat.name, cards=tuple(cards)))
        t.do(Declare(player=seat.name, name="hole", value=rng.choice(cards)))
    t.do(Showdown())


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=3, max_value=6),
       st.sampled_from(["french", "spanish"]))
def test_random_evenings_keep_the_chips_and_the_rules(seed, players, pack):
    rng = random.Random(seed)
    t = Table()
    t.do(Open(options={"pack": pack}))
    pack_name = t.state.options["pack"]
    names = [f"P{i}" for i in range(players)]
    for name in names:
        t.do(Join(player=name, amount=rng.randint(2, 30)))
    bought = t.state.table_chips()
    hands = 0
    for _ in range(4):
        try:
            t.do(NewHand())
        except RuleViolation:
            break  # too few players with chips left
        hands += 1
        t.do(Deal(to="all", count=3))
        for _step in range(400):
            phase = t.state.ext.phase
            if phase == "ended":
                break
            if phase == "showdown":
                _showdown(rng, t, pack_name)
                continue
            try:
                t.do(_action(rng, t))
            except RuleViolation:
                pass
        assert t.state.ext.phase == "ended" and t.state.balance("pot") == 0
    assert t.state.table_chips() == bought
    folded = reducer.fold(t.records, state=TableState(session="p"))
    assert state_hash(folded) == state_hash(t.state)
