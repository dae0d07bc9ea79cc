"""The points kit (`ledger.games.bluke.points`) on its own: a hand's scores, the pairwise settlement at a
stake per point (pro rata when a loser cannot cover), its bookkeeping, and the scorecard pieces."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger import events as ev
from ledger.commands import Close
from ledger.errors import RuleViolation
from ledger.games.bluke import points
from ledger.kit.follow import trial
from ledger.reducer import apply
from ledger.state import TableState


def table(scores: dict[str, int], stacks: dict[str, int]) -> TableState:
    state = TableState(session="t")
    events: list[ev.Event] = [ev.SessionOpened(game="freeform")]
    events += [ev.PlayerJoined(player=p, buyin=n) for p, n in stacks.items()]
    events += [ev.Scored(player=p, points=n) for p, n in scores.items()]
    for seq, e in enumerate(events, 1):
        apply(state, seq, e)
    return state


def stake_of(sheet: points.Scoresheet, stake: int = 1) -> points.Stake:
    return points.Stake("Test", lambda state: stake, lambda state: sheet)


PLAYED = [{"hand": 1, "points": {}}]


def test_a_hand_is_scored_once_per_player_then_ends():
    sheet = points.Scoresheet(points={"A": 5})
    out = points.scored(3, ["A", "B"], sheet, lambda p: (7, f"{p} made it"))
    assert out == [ev.Scored(player="B", points=7, reason="B made it"), ev.HandEnded(hand=3)]


def test_every_pair_settles_the_difference_of_their_scores():
    state = table({"A": 30, "B": 10, "C": -10}, {"A": 100, "B": 100, "C": 200})
    stake = stake_of(points.Scoresheet(history=list(PLAYED)), 2)
    out = stake.settlement(state)
    # nets: A 2*(3*30-30)=120, B 2*(30-30)=0, C 2*(-30-30)=-120
    assert out == [ev.Declared(name="settle", value=2),
                   ev.Transfer(from_account="seat:C", to_account="seat:A", amount=120,
                               reason="Test settlement at 2 per point")]


def test_a_loser_who_cannot_cover_pays_all_and_the_winners_share_pro_rata():
    state = table({"A": 20, "B": 10, "C": -30}, {"A": 50, "B": 50, "C": 7})
    out = stake_of(points.Scoresheet(history=list(PLAYED))).settlement(state)
    # owed A 60, B 30 (of 90); C holds 7: A gets 4 (4.67, and the odd chip), B 2 (2.33) ... 7 in all
    paid = {e.to_account: e.amount for e in out if isinstance(e, ev.Transfer)}
    assert paid == {"seat:A": 5, "seat:B": 2} and sum(paid.values()) == 7


def test_no_settlement_without_a_stake_a_hand_or_twice():
    state = table({"A": 1, "B": 0}, {"A": 5, "B": 5})
    assert stake_of(points.Scoresheet(history=list(PLAYED)), 0).settlement(state) == []
    assert stake_of(points.Scoresheet()).settlement(state) == []
    assert stake_of(points.Scoresheet(history=list(PLAYED), settled=True)).settlement(state) == []


def test_the_settlement_is_kept_as_due_until_paid():
    state = table({"A": 2, "B": 0}, {"A": 5, "B": 5})
    sheet = points.Scoresheet(history=list(PLAYED))
    stake = stake_of(sheet)
    mark, pay = stake.settlement(state)
    assert stake.evolve(state, mark, scoring=False)
    assert sheet.settled and sheet.settle_due == [["seat:B", "seat:A", 2]] and stake.due(state) == [pay]
    assert stake.evolve(state, pay, scoring=False) and stake.due(state) == [] and stake.settlement(state) == []


def test_points_of_the_hand_and_of_rulings():
    state = table({}, {"A": 5})
    apply(state, state.seq + 1, ev.HandStarted(hand=1, dealer="A"))
    sheet = points.Scoresheet()
    stake = stake_of(sheet)
    assert stake.evolve(state, ev.Scored(player="A", points=3), scoring=True) and sheet.points == {"A": 3}
    assert stake.evolve(state, ev.Scored(player="A", points=-5, reason="revoke"), scoring=True)
    assert sheet.adjustments == [{"hand": 1, "player": "A", "points": -5, "reason": "revoke"}]
    assert not stake.evolve(state, ev.Note(text="x"), scoring=True)


def test_close_settles_first_and_not_during_a_hand():
    state = table({"A": 1, "B": 0}, {"A": 5, "B": 5})
    stake = stake_of(points.Scoresheet(history=list(PLAYED)))
    out = stake.close(state, Close())
    assert isinstance(out[0], ev.Declared) and isinstance(out[1], ev.Transfer)
    assert isinstance(out[-1], ev.SessionClosed)
    apply(state, state.seq + 1, ev.HandStarted(hand=1, dealer="A"))
    with pytest.raises(RuleViolation, match="hand 1 is still going: finish it before closing"):
        stake.close(state, Close())


@given(st.lists(st.tuples(st.integers(-200, 200), st.integers(0, 300)), min_size=2, max_size=6),
       st.integers(1, 5))
def test_the_settlement_moves_chips_only_between_players(rows, per_point):
    names = [f"P{i}" for i in range(len(rows))]
    state = table({p: s for p, (s, _) in zip(names, rows)}, {p: n for p, (_, n) in zip(names, rows)})
    out = stake_of(points.Scoresheet(history=list(PLAYED)), per_point).settlement(state)
    after = trial(state, out)
    assert sum(after.stack(p) for p in names) == sum(n for _, n in rows)
    assert all(after.stack(p) >= 0 for p in names)
    total = sum(s for s, _ in rows)
    for p, (s, n) in zip(names, rows):
        owed = per_point * (len(names) * s - total)
        if owed <= 0:  # a loser pays what they owe, or all they hold
            assert after.stack(p) - n == max(owed, -n)
        else:  # a winner gets at most what they are owed
            assert 0 <= after.stack(p) - n <= owed


def test_running_scores_tallies_and_the_grid():
    sheet = points.Scoresheet(
        history=[{"hand": 1, "points": {"A": 10, "B": -5}}, {"hand": 2, "points": {"A": 1, "B": 20}}],
        adjustments=[{"hand": 2, "player": "B", "points": -3, "reason": "revoke"}])

    def cell(h, p, pts, score):
        return {"points": pts, "score": score, "result": "won" if pts > 0 else "lost"}

    rows, tallies, totals = points.running(sheet, ["A", "B"], cell, tally=("won", "lost"), sums=("points",))
    assert [r["B"]["score"] for r in rows] == [-5, 12]  # the ruling counts from hand 2
    assert tallies == {"A": {"won": 2, "lost": 0}, "B": {"won": 1, "lost": 1}}
    assert totals == {"A": {"points": 11}, "B": {"points": 15}}
    card = {"players": ["A", "B"], "hands": [{"n": i + 1, "players": r} for i, r in enumerate(rows)],
            "tallies": tallies, "adjustments": sheet.adjustments, "over": True,
            "totals": {"A": {"score": 11}, "B": {"score": 12}}, "winners": ["B"]}
    grid = points.grid(card, lambda h: str(h["n"]), lambda c: str(c["score"]), ["3", "", ""], ("won",))
    assert grid == [["Deal", "A", "B"], ["1", "10", "-5"], ["2", "11", "12"], ["3", "", ""], ["won", "2", "1"]]
    assert points.lines(card, ["revoke: ..."]) == ["adjustment: B -3 (hand 2) revoke", "revoke: ...",
                                                   "game over: B wins (A 11, B 12)"]


def test_the_winners_and_the_result():
    state = table({"A": 4, "B": 9, "C": 9}, {"A": 1, "B": 1, "C": 1})
    assert points.winners(state, ["A", "B", "C"]) == ["B", "C"]
    assert points.result(state) == ("game over", "B and C win with 9")
