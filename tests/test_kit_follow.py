"""What the rules record by themselves and corrections newest first (`ledger.kit.follow`), on a
freeform table in memory."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from ledger import events as ev
from ledger.commands import Bet, Check, Command, Note, Void
from ledger.errors import RuleViolation
from ledger.kit import follow
from ledger.reducer import apply
from ledger.state import TableState


def table() -> TableState:
    state = TableState()
    for e in (ev.SessionOpened(game="freeform", options={}), ev.PlayerJoined(player="Ann", buyin=20),
              ev.PlayerJoined(player="Ben", buyin=20), ev.HandStarted(hand=1, dealer="Ben")):
        apply(state, state.seq + 1, e)
    return state


def up_to_three_rounds(state: TableState) -> list[ev.Event]:
    """A game's `after`: a new round follows each round until the third."""
    hand = state.hand
    return [ev.RoundStarted(round=hand.round + 1)] if hand is not None and hand.round < 3 else []


def test_then_adds_what_follows_until_nothing_does_and_leaves_the_table_alone():
    state = table()
    bet = ev.Bet(player="Ann", amount=2)
    out = follow.then(state, [bet], up_to_three_rounds)
    assert out == [bet] + [ev.RoundStarted(round=n) for n in (1, 2, 3)]
    assert state.hand.round == 0 and state.stack("Ann") == 20
    assert follow.then(state, [], lambda s: []) == []
    with pytest.raises(RuntimeError, match="never settles"):
        follow.then(state, [], lambda s: [ev.Note(text="again")], limit=5)


def test_trial_is_a_copy_with_the_events_applied():
    state = table()
    assert follow.trial(state, []) is state
    after = follow.trial(state, [ev.Bet(player="Ann", amount=3)])
    assert after is not state and after.stack("Ann") == 17 and state.stack("Ann") == 20


def _decide(state: TableState, cmd: Command) -> list[ev.Event]:
    return [ev.Bet(player=cmd.player, amount=cmd.amount)] if isinstance(cmd, Bet) else []


def _command(state: TableState, event: ev.Event) -> Command | bool | None:
    if isinstance(event, ev.Bet):
        return Bet(player=event.player, amount=event.amount)
    if isinstance(event, ev.Note):
        return True
    if isinstance(event, ev.Check):
        return Check(player=event.player)
    return None


def test_check_decides_again_and_puts_what_follows_by_itself_first():
    state = table()
    check = lambda e, after=lambda s: []: follow.check(  # noqa: E731
        state, e, after, _decide, _command, game="dice", by_itself=(ev.RoundStarted,))
    check(ev.Bet(player="Ann", amount=2))
    check(ev.Bet(player="Ann", amount=2, ruling="the floor"))  # a ruling aside
    check(ev.Note(text="checked by the game"))
    with pytest.raises(RuleViolation, match="the rules make it"):
        check(ev.Bet(player="Ann", amount=3), after=lambda s: [ev.Bet(player="Ann", amount=2)])
    check(ev.RoundStarted(round=1), after=up_to_three_rounds)
    with pytest.raises(RuleViolation, match="records round started by itself, and none is due"):
        check(ev.RoundStarted(round=1))
    with pytest.raises(RuleViolation, match="dice never records fold"):
        check(ev.Fold(player="Ann"))
    with pytest.raises(RuleViolation, match="the rules record nothing for 'check'"):
        check(ev.Check(player="Ann"))


@dataclass
class Book:
    recent: list[int] = field(default_factory=list)
    final: list[int] = field(default_factory=list)


def _record(state: TableState, book: Book, event: ev.Event, final: bool = False) -> None:
    apply(state, state.seq + 1, event)
    follow.track(state, book, event, final=final)


def test_track_and_newest_first():
    state, book = table(), Book(recent=[1, 2, 3], final=[3])
    follow.track(state, book, ev.HandStarted(hand=1, dealer="Ben"), final=False)
    assert (book.recent, book.final) == ([4], [])  # a new hand starts the list again
    _record(state, book, ev.Bet(player="Ann", amount=2))
    _record(state, book, ev.Call(player="Ben", amount=2))
    _record(state, book, ev.Note(text="still going"), final=True)  # the hand is not over: not final
    assert (book.recent, book.final) == ([4, 5, 6, 7], [])
    void = lambda target: follow.newest_first(  # noqa: E731
        state, Void(target=target, reason="wrong"), book, game="dice",
        final="seq {target} stands with the hand")
    with pytest.raises(RuleViolation, match="void seq 7 first: in dice corrections go from the newest event back"):
        void(5)
    with pytest.raises(RuleViolation, match=r"seq 3 came before the last hand started \(seq 4\)"):
        void(3)
    assert void(7) == [ev.Void(target=7, reason="wrong")]
    _record(state, book, ev.Void(target=7, reason="wrong"))
    assert book.recent == [4, 5, 6, 7]  # a void is not itself voided
    state.hand.ended = True
    _record(state, book, ev.Note(text="after the hand"), final=True)
    assert book.final == [9]
    with pytest.raises(RuleViolation, match="seq 9 stands with the hand"):
        void(9)


def test_due_first_records_what_is_due_then_the_command_and_what_follows():
    state = table()
    bet = ev.Bet(player="Ann", amount=2)
    assert follow.due_first(state, Bet(player="Ann", amount=2), _decide, up_to_three_rounds) == \
        [ev.RoundStarted(round=n) for n in (1, 2, 3)] + [bet]
    assert follow.due_first(state, Check(player="Ann"), _decide, up_to_three_rounds) == \
        [ev.RoundStarted(round=n) for n in (1, 2, 3)]
    state.hand.ended = True  # between hands nothing is due first; what follows the command still follows
    assert follow.due_first(state, Bet(player="Ann", amount=2), _decide, up_to_three_rounds) == \
        [bet] + [ev.RoundStarted(round=n) for n in (1, 2, 3)]


def test_run_records_what_is_due_then_the_command_then_what_follows_on_the_callers_table():
    from ledger.core.run import decided, run

    bet = ev.Bet(player="Ann", amount=2)
    followed = lambda state, cmd: follow.followed(_decide(state, cmd))  # noqa: E731
    state, seen = table(), []

    def record(e: ev.Event) -> None:
        apply(state, state.seq + 1, e)
        seen.append(e)

    out = run(state, Bet(player="Ann", amount=2), followed, up_to_three_rounds, record)
    assert out == seen == [ev.RoundStarted(round=n) for n in (1, 2, 3)] + [bet]  # nothing follows past round 3
    assert state.hand.round == 3 and state.stack("Ann") == 18  # the caller's own table took them
    # `decided` leaves the table as it is, and so does `then` (a look-ahead on a copy, always)
    other = table()
    assert decided(other, Bet(player="Ann", amount=2), followed, up_to_three_rounds) == out
    assert other.hand.round == 0 and other.stack("Ann") == 20
    assert follow.then(other, [bet], up_to_three_rounds) == [bet] + [ev.RoundStarted(round=n) for n in (1, 2, 3)]
    assert other.stack("Ann") == 20 and follow.trial(other, [bet]) is not other
    # a void or a note is decided as itself: nothing due is recorded before it
    fresh = table()
    note = run(fresh, Note(text="n"), lambda s, c: [ev.Note(text="n")], up_to_three_rounds)
    assert note == [ev.Note(text="n")] and fresh.hand.round == 0
    # events not marked `followed` are not followed (a game that leaves the next steps due)
    plain = table()
    assert run(plain, Bet(player="Ann", amount=2), _decide, up_to_three_rounds)[-1] == bet


def test_run_says_when_it_drained_and_due_false_asks_after_nothing_first():
    """`run`'s result is `Followed` when `after` was drained behind the command (nothing is due
    then); ``due=False`` (a replay that knows it) does not ask `after` before the command."""
    from ledger.core.run import Followed, run

    asked: list[int] = []

    def counting(state: TableState) -> list[ev.Event]:
        asked.append(state.seq)
        return up_to_three_rounds(state)

    followed = lambda state, cmd: follow.followed(_decide(state, cmd))  # noqa: E731
    state = table()
    out = run(state, Bet(player="Ann", amount=2), followed, counting)
    assert isinstance(out, Followed) and out[-1] == ev.Bet(player="Ann", amount=2) and counting(state) == []
    asked.clear()
    again = run(state, Bet(player="Ann", amount=3), followed, counting, due=False)
    assert again == [ev.Bet(player="Ann", amount=3)] and asked == [state.seq]  # only after the bet
    plain = run(table(), Bet(player="Ann", amount=2), _decide, counting)
    assert not isinstance(plain, Followed)  # not drained: what is due is not known
    due = table()
    assert run(due, Check(player="Ann"), _decide, up_to_three_rounds, due=False) == []  # nothing asked first
    assert due.hand.round == 0
