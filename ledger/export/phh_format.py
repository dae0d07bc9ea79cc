"""PHH (the Poker Hand History standard, uoftcprg/phh-std), as PokerKit reads it: every hand of a
``holdem`` session, written as one ``.phhs`` file (TOML, one table ``[1]``, ``[2]`` ... a hand).

A hand's players are those dealt in, p1 the first left of the button (the small blind; heads-up,
the big blind) and the button last; ``starting_stacks`` are their stacks as the hand started and
``finishing_stacks`` as it ended. The blinds, antes and big-blind ante are the table's options
(PokerKit posts them itself, so the forced bets potlog recorded are not actions). Actions:

- hole cards ``d dh pN AcKd`` (``????`` unseen), the board ``d db Jc3d5c``;
- ``pN f`` (a fold in the betting), ``pN cc`` (a check, a call, an all-in that only calls),
  ``pN cbr X`` (a bet, raise or all-in that raises, to X in the round);
- a hand shown ``pN sm CARDS`` (every hole card, as named by then); a muck at the showdown
  ``pN sm``.

Voided events are left out, as the table is without them. Hands of other games, and hands not
finished, are not written.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, TextIO

from .. import events as ev
from ..cards import UNKNOWN
from ..errors import InputError
from ..games.holdem import HOLDEM
from ..reducer import apply
from ..state import TableState

GAME = "holdem"


def _card(card: str) -> str:
    if card == UNKNOWN:
        return "??"
    rank, suit = card[:-1], card[-1]
    return ("T" if rank == "10" else rank) + suit.lower()


def _cards(cards: Iterable[str]) -> str:
    return "".join(_card(c) for c in cards)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):  # a JSON string is a TOML basic string (every control character escaped)
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    return "[" + ", ".join(_toml(v) for v in value) + "]"


class _Hand:
    """One hand as PHH fields, filled in as its events are folded."""

    def __init__(self, state: TableState):
        x = state.ext
        self.order: list[str] = list(x.order)
        self.seat = {p: i + 1 for i, p in enumerate(self.order)}
        o = HOLDEM.current(state)  # the options, or the blinds last declared between hands
        n = len(self.order)
        self.antes = [o.ante] * n if o.ante else [0] * n
        if o.bb_ante and n >= 2:
            self.antes[1] = o.bb_ante
        blinds = [o.small_blind, o.big_blind] + [0] * (n - 2)
        if o.straddle and n >= 3:
            blinds[2] = o.straddle
        fixed = o.structure == "fixed-limit"
        self.fields: dict[str, Any] = {
            "variant": "FT" if fixed else "NT", "ante_trimming_status": not o.bb_ante,
            "antes": self.antes, "blinds_or_straddles": blinds,
        }
        if fixed:
            self.fields |= {"small_bet": o.big_blind, "big_bet": 2 * o.big_blind}
        else:
            self.fields["min_bet"] = o.min_bet or o.big_blind
        self.fields["starting_stacks"] = [state.stack(p) for p in self.order]
        self.actions: list[str] = []

    def text(self, state: TableState, session: str, number: int) -> str:
        fields = self.fields | {"actions": self.actions, "players": self.order,
                                "finishing_stacks": [state.stack(p) for p in self.order],
                                "event": session, "hand": number}
        return "".join(f"{k} = {_toml(v)}\n" for k, v in fields.items())


def _action(h: _Hand, phase: str, high: int, event: ev.Event, after: TableState) -> str | None:
    """The PHH action `event` is, given the phase and the high bet before it and the table after
    it (None: a step PokerKit takes by itself)."""
    t = type(event)
    if t is ev.CardsDealt:
        assert isinstance(event, ev.CardsDealt)
        if event.to in h.seat:
            return f"d dh p{h.seat[event.to]} {_cards(event.cards)}"
        return f"d db {_cards(event.cards)}" if event.to == "board" else None
    player = getattr(event, "player", None) or getattr(event, "holder", None)
    if player not in h.seat:
        return None
    p = f"p{h.seat[player]}"
    if t is ev.CardsRevealed:
        seat = after.seat(player)
        return f"{p} sm {_cards(c.card for c in seat.cards)}" if seat is not None else None
    if phase != "bet" and t is ev.Fold:
        return f"{p} sm"
    if phase != "bet":
        return None
    if t is ev.Fold:
        return f"{p} f"
    if t in (ev.Check, ev.Call):
        return f"{p} cc"
    if t in (ev.Bet, ev.Raise, ev.AllIn):
        seat = after.seat(player)
        to = seat.round_bet if seat is not None else 0
        return f"{p} cbr {to}" if to > high else f"{p} cc"
    return None


def session_hands(events: Iterable[tuple[int, ev.Event]], voided: Iterable[int] = (), session: str = "") -> list[str]:
    """The finished hold'em hands of one session's events, each as the text of one PHH hand."""
    skip = set(voided)
    state = TableState(session=session)
    out: list[str] = []
    hand: _Hand | None = None
    for seq, event in events:
        if seq in skip:
            continue
        if state.game and state.game != GAME:
            return []
        phase = state.ext.phase if hand is not None else ""
        high = state.hand.current_bet if state.hand is not None else 0
        apply(state, seq, event)
        if isinstance(event, ev.HandStarted):
            hand = _Hand(state)
        elif hand is not None:
            action = _action(hand, phase, high, event, state)
            if action is not None:
                hand.actions.append(action)
            if isinstance(event, ev.HandEnded):
                out.append(hand.text(state, session, event.hand))
                hand = None
    return out


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    """Every finished hand of the ``holdem`` sessions among `sessions`, as one ``.phhs`` text."""
    n, games = 0, set()
    for sid in sessions:
        ledger.store.require(sid)
        games.add(ledger.state(sid).game)
        for text in session_hands(ledger.store.events(sid), ledger.store.voids(sid), sid):
            n += 1
            out.write(f"{'' if n == 1 else chr(10)}[{n}]\n{text}")
    if GAME not in games:
        raise InputError(f"PHH holds poker hands: export a {GAME} session (this is {', '.join(sorted(games))})")
