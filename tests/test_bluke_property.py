"""Bluke properties: the trick winner, and random games whose points and chips always add up."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.app import Ledger
from ledger.cards import PACKS
from ledger.commands import Bids, Close, NewHand, Tricks
from ledger.games import bluke

PACK = list(PACKS["french54"].cards)


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(PACK), min_size=2, max_size=8, unique=True),
       trump=st.sampled_from(["S", "H", "D", "C", None]))
def test_the_trick_winner(cards, trump):
    plays = [(f"P{i}", c) for i, c in enumerate(cards)]
    winner = dict((p, c) for p, c in plays)[bluke.trick_winner(plays, trump)]
    if "HI" in cards:
        assert winner == "HI"
    elif "LO" in cards:
        assert winner == "LO"
    elif trump is not None and any(c[-1] == trump for c in cards):
        assert winner[-1] == trump
        assert all(bluke.draw_value(winner) >= bluke.draw_value(c) for c in cards if c[-1] == trump)
    else:
        led = cards[0][-1]
        assert winner[-1] == led
        assert all(bluke.draw_value(winner) >= bluke.draw_value(c) for c in cards if c[-1] == led)


@st.composite
def games(draw):
    n = draw(st.integers(2, 6))
    stake = draw(st.integers(0, 3))
    buyins = draw(st.lists(st.integers(0, 400), min_size=n, max_size=n))
    plan = bluke.schedule(n)
    hands = draw(st.integers(1, 4))
    played = []
    for k in range(hands):
        cards = plan[k]
        bids = draw(st.lists(st.integers(1, cards), min_size=n, max_size=n))
        cuts = sorted(draw(st.lists(st.integers(0, cards), min_size=n - 1, max_size=n - 1)))
        taken = [b - a for a, b in zip([0, *cuts], [*cuts, cards])]
        played.append((bids, taken))
    return n, stake, buyins, played


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=games())
def test_random_tallied_games_score_and_settle_exactly(tmp_path_factory, game):
    n, stake, buyins, played = game
    names = [f"P{i}" for i in range(n)]
    led = Ledger.open(str(tmp_path_factory.mktemp("p") / "g.db"))
    try:
        sid = led.new_session("bluke", list(zip(names, buyins)), options={"stake": stake}, name="g")
        expected = dict.fromkeys(names, 0)
        for bids, taken in played:
            led.execute(sid, NewHand())
            led.execute(sid, Bids(shares=tuple(zip(names, bids))))
            led.execute(sid, Tricks(shares=tuple(zip(names, taken))))
            for p, b, t in zip(names, bids, taken):
                expected[p] += bluke.hand_points(b, t)
        state = led.state(sid)
        assert state.scores == expected
        card_rows = state.ext.history
        assert len(card_rows) == len(played)
        led.execute(sid, Close())
        state = led.state(sid)
        total = sum(expected.values())
        nets = {s.name: s.cashed_out - s.bought_in for s in state.seats}
        assert sum(nets.values()) == 0  # chips only change hands
        for p in names:
            owed = stake * (n * expected[p] - total)
            buyin = buyins[names.index(p)]
            if owed <= 0:  # a loser pays what they owe, or all they hold
                assert nets[p] == max(owed, -buyin)
            else:  # a winner gets at most what they are owed
                assert 0 <= nets[p] <= owed
        if all(stake * (n * expected[p] - total) >= -buyins[i] for i, p in enumerate(names)):
            assert all(nets[p] == stake * (n * expected[p] - total) for p in names)
    finally:
        led.close()
