"""The reducer: apply on a clone leaves the original alone and agrees with fold."""

from ledger import events as ev
from ledger.reducer import apply, fold
from ledger.state import TableState, state_hash

EVENTS = [
    ev.SessionOpened(game="freeform"),
    ev.PlayerJoined(player="Ann", buyin=50),
    ev.PlayerJoined(player="Ben", buyin=50),
    ev.HandStarted(hand=1, dealer="Ann"),
    ev.CardsDealt(to="Ann", cards=["AS", "??"]),
    ev.Bet(player="Ann", amount=10),
    ev.Call(player="Ben", amount=10),
    ev.CardsRevealed(holder="Ann", cards=["KD"]),
    ev.PotAwarded(shares=[ev.Share(player="Ann", amount=20)]),
    ev.HandEnded(hand=1),
]


def test_apply_on_a_clone_leaves_the_original_and_agrees_with_fold():
    state = TableState(session="s")
    for seq, e in enumerate(EVENTS, 1):
        before = state_hash(state)
        new = state.clone()
        apply(new, seq, e)
        assert state_hash(state) == before  # the original is untouched
        state = new
    folded = fold(list(enumerate(EVENTS, 1)), state=TableState(session="s"))
    assert state_hash(folded) == state_hash(state)
    assert state.stack("Ann") == 60 and state.stack("Ben") == 40
    assert [h.card for h in state.seat("Ann").cards] == ["AS", "KD"]


def test_a_void_skips_its_target_only_in_folds_that_include_it():
    events = list(enumerate(EVENTS[:6], 1)) + [(7, ev.Void(target=6, reason="misheard"))]
    before_void = fold(events[:6], state=TableState(session="s"))
    after_void = fold(events, state=TableState(session="s"))
    assert before_void.stack("Ann") == 40
    assert after_void.stack("Ann") == 50 and after_void.voided == [6] and after_void.seq == 7


def test_a_switch_to_another_game_starts_its_score_again():
    """Bluke's points are no start for a backgammon match; new options of the same game keep the score."""
    from ledger.reducer import fold

    log = [ev.SessionOpened(game="bluke"), ev.PlayerJoined(player="Ann", buyin=10), ev.Scored(player="Ann", points=5)]
    same = fold(list(enumerate(log + [ev.GameSwitched(game="bluke", options={"stake": 2})], start=1)))
    assert same.scores == {"Ann": 5}
    other = fold(list(enumerate(log + [ev.GameSwitched(game="backgammon"), ev.Scored(player="Ann", points=1)], start=1)))
    assert other.scores == {"Ann": 1} and other.game == "backgammon"
