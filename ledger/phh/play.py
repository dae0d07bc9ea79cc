"""A PHH hand played through potlog's rules: each action a command against the table it is
played at (`command`), the hand from its first command to its end (`play`), in memory
(`replay`), as the stored rows of a session of its own (`hand_rows`, `hand_lines`), or through
a `Ledger` command by command (`record_hand`)."""

from __future__ import annotations

import json
from typing import Any, Callable

from .. import events as ev
from ..commands import (
    AllIn, Bet, BringIn, Call, Check, Command, Deal, Exchange, Fold, Join, NewHand, Open, Raise,
    Reveal,
)
from ..errors import PotlogError
from ..games import get_ruleset
from ..core.run import Followed, checked, run as run_
from ..state import TableState
from .read import Action, Hand, PhhError, cards, phh_to_commands

Run = Callable[[Command], TableState]
"""Decide and record one command; returns the table after it."""


def _owed(state: TableState, player: str) -> int:
    seat, hand = state.seat(player), state.hand
    return max(0, hand.current_bet - seat.round_bet) if seat is not None and hand is not None else 0


def command(action: Action, state: TableState) -> Command:
    """The potlog command `action` is, at `state` (PHH says "bet or raise *to* X" and "check
    or call"; potlog says bet, raise *by*, check, call or all-in)."""
    v, p = action.verb, action.player
    if v == "dh":
        assert p is not None
        return Deal(to=p, cards=cards(action.arg or ""))
    if v == "db":
        board = cards(action.arg or "")
        if "??" in board:
            raise PhhError(f"{action.text!r}: board cards are dealt face up, and this one is unseen")
        return Deal(to="board", cards=board, face_up=True)
    assert p is not None
    if v == "f":
        return Fold(player=p)
    if v == "cc":
        owe = _owed(state, p)
        if owe == 0:
            return Check(player=p)
        return AllIn(player=p) if owe >= state.stack(p) else Call(player=p)
    if v == "cbr":
        to = int(action.arg or 0)
        seat = state.seat(p)
        mine = seat.round_bet if seat is not None else 0
        high = state.hand.current_bet if state.hand is not None else 0
        if to - mine >= state.stack(p):
            return AllIn(player=p)
        if high == 0:
            return Bet(player=p, amount=to - mine)
        return Raise(player=p, amount=to - high)
    if v == "sm":
        if action.arg is None:
            return Fold(player=p)
        if action.arg == "-":
            return Reveal(player=p)
        return Reveal(player=p, cards=cards(action.arg))
    if v == "sd":
        return Exchange(player=p, discard=cards(action.arg) if action.arg else ())
    if v == "pb":
        return BringIn(player=p)
    raise PhhError(f"{action.text!r}: potlog has no {v!r} action")


def play(hand: Hand, run: Run, state: TableState) -> TableState:
    """Play `hand`'s actions from `state` (a session just opened with its players seated):
    start the hand with the button, each action as a command, then show what the showdown
    still waits for."""
    try:
        state = run(NewHand(dealer=hand.button))
    except PotlogError as exc:
        raise PhhError(f"the hand cannot start: {exc}") from None
    for action in hand.actions:
        try:
            state = run(command(action, state))
        except PotlogError as exc:
            raise PhhError(f"{action.text!r}: {exc}") from None
    if state.in_hand:  # the showdown waits for hands that were not shown: show the known ones
        for seat in state.live_players():
            if seat.cards and any(not h.up for h in seat.cards) and state.in_hand:
                try:
                    state = run(Reveal(player=seat.name))
                except PotlogError as exc:
                    raise PhhError(f"the hand is not over after its actions: {exc}") from None
    if state.in_hand:
        raise PhhError("the hand is not over after its actions: " + (state.hand.phase if state.hand else ""))
    return state


def replay(hand: Hand | str, log: list[tuple[int, ev.Event]] | None = None) -> TableState:
    """`hand` played in memory through its ruleset (every event applied by the reducer and
    the chips checked after each), as a recorder would at the table; the table at the end.
    `log`, when given, receives every (seq, event) recorded.

    Each command is `Ruleset.run` on the replay's own table: every event applied as it is
    decided, with no copy (the hand is refused whole on any refusal, so there is nothing to
    keep apart); after a command whose steps were drained, the next does not ask for steps
    due first (nothing else changes the table: ``due=False``)."""
    hand = phh_to_commands(hand) if isinstance(hand, str) else hand
    rules = get_ruleset(hand.game)
    state = TableState(session="phh")
    record = checked(state, log)
    decide, after, settled = rules.decide, rules.after, False

    def run(cmd: Command) -> TableState:  # a refusal ends the replay
        nonlocal settled  # the last command's steps drained: nothing is due before the next one
        settled = isinstance(run_(state, cmd, decide, after, record, due=not settled), Followed)
        return state

    try:
        run(Open(options=dict(hand.options), title=hand.title, chip_unit=hand.chip_unit))
        for name, stack in hand.players:
            run(Join(player=name, amount=stack))
    except PotlogError as exc:
        raise PhhError(f"the table cannot be set: {exc}") from None
    return play(hand, run, state)


Row = tuple[str, int, str, str, str, str, str]
"""A stored event: session, seq, type, body, prev_hash, hash, recorded_at."""


def hand_rows(hand: Hand | str, session: str, recorded_at: str) -> tuple[list[Row], TableState]:
    """`hand` replayed (`replay`) as the rows of a session of its own, hashed and chained as
    the store keeps them, and the table at the end."""
    log: list[tuple[int, ev.Event]] = []
    state = replay(hand, log)
    body_of = ev.event_body
    made = [(seq, event.type, body_of(event)) for seq, event in log]
    hashes = ev.chain_hashes(ev.GENESIS, made, session=session, recorded_at=recorded_at)
    prevs = [ev.GENESIS] + hashes
    return [(session, seq, etype, body, prevs[i], hashes[i], recorded_at)
            for i, (seq, etype, body) in enumerate(made)], state


def hand_lines(hand: Hand | str, session: str, recorded_at: str) -> list[str]:
    """`hand` as the JSONL lines of a session of its own, as ``potlog export --format jsonl``
    writes them (what `Ledger.import_lines` reads)."""
    rows, _ = hand_rows(hand, session, recorded_at)
    return [ev.canonical_json({"session": s, "seq": seq, "recorded_at": at, "prev_hash": prev, "hash": h,
                               "event": json.loads(body)}) for s, seq, _, body, prev, h, at in rows]


def record_hand(ledger: Any, hand: Hand | str, *, name: str | None = None) -> str:
    """`hand` recorded into a new session of `ledger` (a `ledger.app.Ledger`), through its
    ordinary commands; returns the session's id."""
    hand = phh_to_commands(hand) if isinstance(hand, str) else hand
    sid: str = ledger.new_session(hand.game, list(hand.players), options=dict(hand.options), name=name,
                                  title=hand.title, chip_unit=hand.chip_unit)

    def run(cmd: Command) -> TableState:
        ledger.execute(sid, cmd)
        state: TableState = ledger.state(sid)
        return state

    play(hand, run, ledger.state(sid))
    return sid
