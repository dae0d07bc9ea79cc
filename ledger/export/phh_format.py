"""PHH (the Poker Hand History standard, uoftcprg/phh-std), as PokerKit reads it: every hand of
the poker sessions asked for. One hand is a plain ``.phh`` (TOML, its fields at the top, what
PokerKit's ``HandHistory.load`` reads); several are one ``.phhs`` file (one table ``[1]``,
``[2]`` ... a hand, ``HandHistory.load_all``). A session's game and options give the variant
(`ledger.phh.variants`: hold'em NT or FT, short deck NS, Omaha PO or FO/8, stud F7S or F7S/8,
razz FR, deuce-to-seven N2L1D or F2L3D, badugi FB); a table PHH has no variant for (pot-limit
hold'em, five-card draw, ...) is refused, naming its game.

A hand's players are those dealt in, p1 the first left of the button (the small blind;
heads-up, the big blind) and the button last; ``starting_stacks`` are their stacks as the hand
started and ``finishing_stacks`` as it ended. The blinds, antes, big-blind ante, button blind
and bring-in are the table's stakes then (PokerKit posts the blinds and antes itself, so the
forced bets potlog recorded are not actions). Actions:

- hole cards ``d dh pN AcKd`` (``????`` unseen; a street's cards dealt to one player in a row
  are one line: stud's two down and one up), the board ``d db Jc3d5c``;
- ``pN pb`` (the bring-in: the first bet of a stud hand's first street, no bigger than the
  bring-in), ``pN f`` (a fold in the betting), ``pN cc`` (a check, a call, an all-in that only
  calls), ``pN cbr X`` (a bet, raise or all-in that raises, to X in the round);
- the draw: ``pN sd CARDS`` (the discards; ``pN sd`` stands pat), then, once the players in a
  row have discarded, the cards drawn ``d dh pN CARDS``;
- a hand shown ``pN sm CARDS`` (every card the player holds, as named by then); a muck at the
  showdown ``pN sm``.

Amounts are written in the unit the session counts: a session in cents (chip unit ``cent``, as
a PHH record in dollars and cents is imported) is written in dollars and cents again
(``193792375`` cents as ``1937923.75``, ``50000`` as ``500``), so a record imported and
exported has its own amounts back.

Voided events are left out, as the table is without them. Hands not finished are not written.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, TextIO

from .. import events as ev
from ..cards import UNKNOWN
from ..errors import InputError
from ..games import get_ruleset
from ..core.options import options_of
from ..phh.read import written
from ..phh.variants import GAMES, Variant, variant_of
from ..reducer import apply
from ..state import TableState


def _card(card: str) -> str:
    if card == UNKNOWN:
        return "??"
    rank, suit = card[:-1], card[-1]
    return ("T" if rank == "10" else rank) + suit.lower()


def _cards(cards: Iterable[str]) -> str:
    return "".join(_card(c) for c in cards)


class _Amount(str):
    """An amount as PHH writes it (`written`): TOML as it stands, not a string."""


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _Amount):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):  # a JSON string is a TOML basic string (every control character escaped)
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    return "[" + ", ".join(_toml(v) for v in value) + "]"


def stakes(state: TableState) -> dict[str, int]:
    """The table's stakes now, as chips: its options, with the blinds and ante last declared
    between hands (``potlog blinds``)."""
    from ..kit import poker

    o = options_of(state, get_ruleset(state.game).options)
    out = {k: int(getattr(o, k, 0) or 0) for k in ("small_blind", "big_blind", "ante", "bb_ante", "straddle",
                                                      "button_blind", "bring_in", "small_bet", "big_bet", "min_bet")}
    level = poker.ext(state).level
    if level:
        out["small_blind"], out["big_blind"] = level[0], level[1]
        out["bb_ante" if out["bb_ante"] else "ante"] = level[2]
    return out


def variant(state: TableState) -> Variant:
    """The PHH variant of a poker session's table, or `InputError` naming what it plays."""
    rules = get_ruleset(state.game)
    found = variant_of(state.game, options_of(state, rules.options)) if state.game in GAMES else None
    if found is None:
        where = f"{state.game} with {', '.join(f'{k}={v}' for k, v in sorted(state.options.items()))}" if state.game in GAMES else state.game
        raise InputError(f"PHH has no variant for {where}: it holds NT and FT hold'em, NS short deck, PO and FO/8 "
                         "Omaha, F7S and F7S/8 stud, FR razz, N2L1D and F2L3D deuce-to-seven, FB badugi")
    return found


class _Hand:
    """One hand as PHH fields, filled in as its events are folded."""

    def __init__(self, state: TableState, var: Variant):
        from ..kit import poker

        self.var = var
        self.scale = 100 if state.chip_unit == "cent" else 1
        self.order: list[str] = list(poker.ext(state).order)
        self.seat = {p: i + 1 for i, p in enumerate(self.order)}
        s = stakes(state)
        self.bring_in = s["bring_in"] if not var.blinds else 0
        n = len(self.order)
        antes = [s["ante"]] * n
        if s["bb_ante"] and n >= 2:
            antes[1] = s["bb_ante"]
        fields: dict[str, Any] = {"variant": var.code, "ante_trimming_status": not s["bb_ante"], "antes": antes}
        if var.blinds:
            blinds = [s["small_blind"], s["big_blind"]] + [0] * (n - 2)
            if s["straddle"] and n >= 3:
                blinds[2] = s["straddle"]
            if s["button_blind"]:
                blinds[-1] = s["button_blind"]
            fields["blinds_or_straddles"] = blinds
        else:
            fields["bring_in"] = s["bring_in"]
        if var.limit:
            small = s["small_bet"] or s["big_blind"]
            fields |= {"small_bet": small, "big_bet": s["big_bet"] or 2 * small}
        else:
            fields["min_bet"] = s["min_bet"] or s["big_blind"] or s["button_blind"]
        chips = fields | {"starting_stacks": [state.stack(p) for p in self.order]}
        self.fields = {k: v if k in ("variant", "ante_trimming_status") else self._amounts(v) for k, v in chips.items()}
        self.actions: list[str] = []
        self.dealt: str | None = None  # the player the last line dealt hole cards to, while the deal goes on
        self.drawn: list[str] = []  # cards drawn in an exchange, dealt once the players in a row have discarded

    def _amounts(self, value: Any) -> Any:
        """Chips (a number or a list) as the session's unit writes them."""
        if isinstance(value, list):
            return [self._amounts(v) for v in value]
        return _Amount(written(value, self.scale))

    def text(self, state: TableState, session: str, number: int) -> str:
        fields = self.fields | {"actions": self.actions, "players": self.order,
                                "finishing_stacks": self._amounts([state.stack(p) for p in self.order]),
                                "event": session, "hand": number}
        return "".join(f"{k} = {_toml(v)}\n" for k, v in fields.items())

    def add(self, before: tuple[str, int, int], event: ev.Event, after: TableState) -> None:
        """The PHH lines `event` is, given the phase, the street and the bet to call before it
        (`before`) and the table after it."""
        t = type(event)
        if self.drawn and t is not ev.CardsExchanged:
            self.actions += self.drawn
            self.drawn = []
        if t is ev.CardsDealt:
            assert isinstance(event, ev.CardsDealt)
            if event.to in self.seat:
                if self.dealt == event.to:
                    self.actions[-1] += _cards(event.cards)
                else:
                    self.actions.append(f"d dh p{self.seat[event.to]} {_cards(event.cards)}")
                    self.dealt = event.to
                return
            self.dealt = None
            if event.to == "board":
                self.actions.append(f"d db {_cards(event.cards)}")
            return
        self.dealt = None
        line = self._line(before, event, after)
        if line is not None:
            self.actions.append(line)

    def _line(self, before: tuple[str, int, int], event: ev.Event, after: TableState) -> str | None:
        t = type(event)
        player = getattr(event, "player", None) or getattr(event, "holder", None)
        if player not in self.seat:
            return None
        p = f"p{self.seat[player]}"
        if t is ev.CardsRevealed:
            seat = after.seat(player)
            return f"{p} sm {_cards(c.card for c in seat.cards)}" if seat is not None else None
        if t is ev.CardsExchanged:
            assert isinstance(event, ev.CardsExchanged)
            if event.draw:
                self.drawn.append(f"d dh {p} {_cards(event.draw)}")
            return f"{p} sd {_cards(event.discard)}" if event.discard else f"{p} sd"
        phase, street, high = before
        if phase != "bet":
            return f"{p} sm" if t is ev.Fold else None
        if t is ev.Fold:
            return f"{p} f"
        if t in (ev.Check, ev.Call):
            return f"{p} cc"
        if t in (ev.Bet, ev.Raise, ev.AllIn):
            seat = after.seat(player)
            to = seat.round_bet if seat is not None else 0
            if self.bring_in and street == 0 and high == 0 and to <= self.bring_in:
                return f"{p} pb"
            return f"{p} cbr {written(to, self.scale)}" if to > high else f"{p} cc"
        return None


def session_hands(events: Iterable[tuple[int, ev.Event]], voided: Iterable[int] = (), session: str = "") -> list[str]:
    """The finished hands of one session's events that a PHH variant plays, each as the text
    of one PHH hand."""
    from ..kit import poker

    skip = set(voided)
    state = TableState(session=session)
    out: list[str] = []
    hand: _Hand | None = None
    for seq, event in events:
        if seq in skip:
            continue
        if hand is not None and type(event) is not ev.HandStarted:  # (an unfinished hand is left out)
            x = poker.ext(state)
            before = (x.phase, x.street, state.hand.current_bet if state.hand is not None else 0)
            apply(state, seq, event)
            hand.add(before, event, state)
            if isinstance(event, ev.HandEnded):
                out.append(hand.text(state, session, event.hand))
                hand = None
            continue
        apply(state, seq, event)
        if isinstance(event, ev.HandStarted) and state.game in GAMES:
            try:  # a hand of a game PHH has no variant for (after a switch) is left out
                hand = _Hand(state, variant(state))
            except InputError:
                hand = None
    return out


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    """Every finished hand of the poker sessions among `sessions` that a PHH variant plays: one
    hand as a plain ``.phh`` text, several as one ``.phhs`` text (the hands of other games,
    before or after a switch, are left out); `InputError` when there is none because no table
    is a poker table PHH has a variant for."""
    games, tables, hands = set(), [], []
    for sid in sessions:
        ledger.store.require(sid)
        state = ledger.state(sid)
        games.add(state.game)
        if state.game in GAMES:
            tables.append(state)
        hands += session_hands(ledger.store.events(sid), ledger.store.voids(sid), sid)
    if len(hands) == 1:
        out.write(hands[0])
    for n, text in enumerate(hands if len(hands) > 1 else (), 1):
        out.write(f"{'' if n == 1 else chr(10)}[{n}]\n{text}")
    if hands:
        return
    for state in tables:
        variant(state)  # a table PHH has no variant for: say so
    if not tables:
        raise InputError(f"PHH holds poker hands: export a session of {', '.join(GAMES)} "
                         f"(this is {', '.join(sorted(games))})")