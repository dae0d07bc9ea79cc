"""The reducer: `apply(state, seq, event)` and `fold(events) -> state`.

Deterministic: it reads nothing but the state and the event (no clock, no randomness, no
environment, no set iteration). There is one way to apply an event: `apply` changes, in
place, a table its caller owns (a clone when the caller must keep the original:
``state.clone()``); `fold` applies to its own private copy. Nothing else changes a table
(`ledger.core.run`: a game decides events and never applies them itself).

Each event is applied in two parts: the core effect here (chips, cards, dice, bets,
seats), then the ruleset's own `apply` (turn, phase, the game's state in ``state.ext``).

Voids: an event cancelled by a `Void` is skipped as if it had never been recorded, but only
in folds that include the void (a replay to a seq before the void shows the table as it
believed then). So `fold` needs to know which seqs are voided; it works that out from the
events when given a list, or takes `voided` from the store when streaming.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from . import events as ev
from .chips import Posting, check
from .state import Declaration, Hand, Held, Played, Roll, Seat, TableState

if TYPE_CHECKING:
    from .core.contract import AnyRuleset as Ruleset

Observer = Callable[[int, ev.Event, list[Posting], TableState], None]


# The steps below run for every event of every fold: a `Posting` is made as ``_posting(Posting, (...))``,
# without the Python-level ``__new__`` every NamedTuple has, and a card as ``_new(Held)`` (`_held`), without
# its ``__init__``; "seat:" + name is `chips.seat_account`.
_posting = tuple.__new__
_new = object.__new__


def _seat(state: TableState, name: str) -> Seat:
    for seat in state.seats:  # `TableState.seat`, spelt out
        if seat.name == name:
            return seat
    seat = Seat(name=name, active=False)  # an overridden event may name someone never seated: seat them empty
    state.seats.append(seat)
    return seat


def _take(cards: list[Held], card: str) -> Held | None:
    """Remove and return `card` from `cards`, else the first unseen card, else None."""
    for i, h in enumerate(cards):
        if h.card == card:
            return cards.pop(i)
    for i, h in enumerate(cards):
        if h.card == "??":
            return cards.pop(i)
    return None


def _holder(state: TableState, name: str) -> list[Held]:
    for seat in state.seats:  # `TableState.seat`, spelt out
        if seat.name == name:
            return seat.cards
    hand = state.hand
    if hand is None:
        hand = state.hand = Hand(number=0, dealer=name, ended=True)
    return hand.boards.setdefault(name, [])


def _hand(state: TableState) -> Hand:
    """The hand, made (ended, empty) when there is none: the steps write ``state.hand or _hand(state)``."""
    if state.hand is None:
        state.hand = Hand(number=0, dealer="", ended=True)
    return state.hand


def _session_opened(state: TableState, e: ev.SessionOpened) -> list[Posting]:
    state.game = e.game
    state.options = dict(e.options)
    state.chip_unit = e.chip_unit
    state.title = e.title
    return []


def _game_switched(state: TableState, e: ev.GameSwitched) -> list[Posting]:
    if e.game != state.game:  # another game keeps its own score (the same game, new options: the score stands)
        state.scores = {}
    state.game = e.game
    state.options = dict(e.options)
    return []


def _player_joined(state: TableState, e: ev.PlayerJoined) -> list[Posting]:
    seat = state.seat(e.player)
    if seat is None:
        seat = Seat(name=e.player)
        if e.position is None or e.position >= len(state.seats):
            state.seats.append(seat)
        else:
            state.seats.insert(e.position, seat)
    seat.active = True
    seat.bought_in += e.buyin
    return [_posting(Posting, ("bank", "seat:" + e.player, e.buyin, "buy-in"))] if e.buyin else []


def _rebuy(state: TableState, e: ev.Rebuy) -> list[Posting]:
    _seat(state, e.player).rebought += e.amount
    return [_posting(Posting, ("bank", "seat:" + e.player, e.amount, "rebuy"))]


def _player_left(state: TableState, e: ev.PlayerLeft) -> list[Posting]:
    seat = _seat(state, e.player)
    seat.active = False
    seat.in_hand = False
    seat.cashed_out += e.cashout
    return [_posting(Posting, ("seat:" + e.player, "bank", e.cashout, "cash-out"))] if e.cashout else []


def _hand_started(state: TableState, e: ev.HandStarted) -> list[Posting]:
    state.hand = Hand(number=e.hand, dealer=e.dealer, first=e.first, phase="dealing")
    for seat in state.seats:
        seat.cards = []
        seat.folded = False
        seat.all_in = False
        seat.round_bet = 0
        seat.hand_bet = seat.hand_costs = 0
        seat.in_hand = seat.active
    return [_posting(Posting, ("carry", "pot", e.carry_in, "carry-in"))] if e.carry_in else []


def _round_started(state: TableState, e: ev.RoundStarted) -> list[Posting]:
    hand = state.hand or _hand(state)
    hand.round = e.round
    hand.current_bet = 0
    for seat in state.seats:
        seat.round_bet = 0
    return []


def _held(cards: Iterable[str], up: bool) -> list[Held]:
    """``[Held(c, up) for c in cards]``, without a Python-level ``__init__`` per card."""
    out = []
    for c in cards:
        h = _new(Held)
        h.card, h.up = c, up
        out.append(h)
    return out


def _cards_dealt(state: TableState, e: ev.CardsDealt) -> list[Posting]:
    cards, up = _holder(state, e.to), e.face_up
    for c in e.cards:  # `_held`, spelt out: the most common event with cards
        h = _new(Held)
        h.card, h.up = c, up
        cards.append(h)
    return []


def _cards_moved(state: TableState, e: ev.CardsMoved) -> list[Posting]:
    source = _holder(state, e.source)
    take = min(len(e.cards), len(source))  # (all of them: `decide` checked; evolve never refuses)
    packet = source[len(source) - take:] + [Held("??") for _ in range(len(e.cards) - take)]
    del source[len(source) - take:]
    for h, c in zip(packet, e.cards):
        h.card = c if h.card == "??" else h.card
        h.up = h.up if e.face_up is None else e.face_up
    dest = _holder(state, e.dest)
    at = 0 if e.bottom else len(dest)
    dest[at:at] = packet
    return []


def _cards_revealed(state: TableState, e: ev.CardsRevealed) -> list[Posting]:
    cards = _holder(state, e.holder)
    for c in e.cards:
        for h in cards:
            if h.card == c:
                h.up = True
                break
        else:
            for h in cards:
                if h.card == "??":
                    h.card, h.up = c, True
                    break
            else:
                cards.append(Held(c, True))
    return []


def _cards_exchanged(state: TableState, e: ev.CardsExchanged) -> list[Posting]:
    seat = _seat(state, e.player)
    hand = state.hand or _hand(state)
    for c in e.discard:
        _take(seat.cards, c)
        hand.out.append(c)
    seat.cards.extend(_held(e.draw, e.face_up))
    if e.cost:
        if e.to_account.startswith("pot"):
            seat.hand_costs += e.cost
        return [_posting(Posting, ("seat:" + e.player, e.to_account, e.cost, "card cost"))]
    return []


def _card_played(state: TableState, e: ev.CardPlayed) -> list[Posting]:
    _take(_seat(state, e.player).cards, e.card)
    (state.hand or _hand(state)).trick.append(Played(e.player, e.card))
    return []


def _trick_won(state: TableState, e: ev.TrickWon) -> list[Posting]:
    hand = state.hand or _hand(state)
    hand.tricks[e.player] = hand.tricks.get(e.player, 0) + 1
    hand.out.extend(p.card for p in hand.trick)
    hand.trick = []
    return []


def _dice_rolled(state: TableState, e: ev.DiceRolled) -> list[Posting]:
    (state.hand or _hand(state)).dice.append(Roll(e.player, list(e.faces), e.sides))
    return []


def _declared(state: TableState, e: ev.Declared) -> list[Posting]:
    (state.hand or _hand(state)).declarations.append(Declaration(e.player, e.name, e.value))
    return []


_ANTE = ev.Ante


def _stake(state: TableState, e: ev.Ante | ev.Bet | ev.Call | ev.Raise | ev.AllIn) -> list[Posting]:
    player, amount = e.player, e.amount
    for seat in state.seats:  # `_seat`, spelt out
        if seat.name == player:
            break
    else:
        seat = _seat(state, player)
    seat.hand_bet += amount
    if type(e) is not _ANTE:
        seat.round_bet += amount
        hand = state.hand or _hand(state)
        if seat.round_bet > hand.current_bet:
            hand.current_bet = seat.round_bet
    source = "seat:" + player  # `seat_account`
    if state.balances.get(source, 0) == amount:
        seat.all_in = True
    return [_posting(Posting, (source, e.pot, amount, e.type))]


def _check(state: TableState, e: ev.Check) -> list[Posting]:
    return []


def _fold(state: TableState, e: ev.Fold) -> list[Posting]:
    _seat(state, e.player).folded = True
    return []


def _transfer(state: TableState, e: ev.Transfer) -> list[Posting]:
    return [_posting(Posting, (e.from_account, e.to_account, e.amount, e.reason or "transfer"))]


def _pot_awarded(state: TableState, e: ev.PotAwarded) -> list[Posting]:
    return [_posting(Posting, (e.pot, "seat:" + s.player, s.amount, "award")) for s in e.shares]


def _pot_carried(state: TableState, e: ev.PotCarried) -> list[Posting]:
    return [_posting(Posting, (e.pot, e.to_account, e.amount, "carry-over"))]


def _hand_ended(state: TableState, e: ev.HandEnded) -> list[Posting]:
    hand = state.hand or _hand(state)
    hand.ended = True
    hand.to_act = None
    hand.phase = "ended"
    state.hands_played += 1
    return []


def _chip_count(state: TableState, e: ev.ChipCount) -> list[Posting]:
    _seat(state, e.player).last_count = e.counted
    return []


def _note(state: TableState, e: ev.Note) -> list[Posting]:
    return []


def _void(state: TableState, e: ev.Void) -> list[Posting]:
    state.voided.append(e.target)
    return []


def _scored(state: TableState, e: ev.Scored) -> list[Posting]:
    state.scores[e.player] = state.scores.get(e.player, 0) + e.points
    return []


def _deck_reshuffled(state: TableState, e: ev.DeckReshuffled) -> list[Posting]:
    (state.hand or _hand(state)).out = []
    return []


def _session_closed(state: TableState, e: ev.SessionClosed) -> list[Posting]:
    state.closed = True
    return []


_CORE: dict[type[ev.Event], Callable[[TableState, Any], list[Posting]]] = {
    ev.SessionOpened: _session_opened, ev.GameSwitched: _game_switched,
    ev.PlayerJoined: _player_joined, ev.Rebuy: _rebuy,
    ev.PlayerLeft: _player_left, ev.HandStarted: _hand_started, ev.RoundStarted: _round_started,
    ev.CardsDealt: _cards_dealt, ev.CardsRevealed: _cards_revealed, ev.CardsMoved: _cards_moved,
    ev.CardsExchanged: _cards_exchanged, ev.CardPlayed: _card_played, ev.TrickWon: _trick_won,
    ev.DiceRolled: _dice_rolled, ev.Declared: _declared, ev.Ante: _stake, ev.Bet: _stake,
    ev.Call: _stake, ev.Raise: _stake, ev.AllIn: _stake, ev.Check: _check, ev.Fold: _fold,
    ev.Transfer: _transfer, ev.PotAwarded: _pot_awarded, ev.PotCarried: _pot_carried,
    ev.HandEnded: _hand_ended, ev.ChipCount: _chip_count, ev.Note: _note, ev.Void: _void,
    ev.Scored: _scored, ev.DeckReshuffled: _deck_reshuffled, ev.SessionClosed: _session_closed,
}
"""The core step of each event, by its class (a table keyed by class: the hot path of every fold).
A class not in here (one added for a game) moves the chips its `postings()` names; the game's
``evolve`` does the rest."""


def apply(state: TableState, seq: int, event: ev.Event) -> list[Posting]:
    """Apply one (not voided) event in place; returns the postings it made."""
    t = type(event)
    step = _CORE.get(t)
    postings = step(state, event) if step is not None else event.postings()
    if postings:
        balances = state.balances
        for source, dest, amount, _ in postings:  # `chips.post`, spelt out: the hot path of every fold
            balances[source] = balances.get(source, 0) - amount
            balances[dest] = balances.get(dest, 0) + amount
    if event.ruling is not None:
        state.rulings.append(seq)
    state.seq = seq
    evolve, evolves = _EVOLVE.get(state.game) or _evolve(state.game)
    if t is ev.SessionOpened or t is ev.GameSwitched:
        state.ext = _RULES[state.game].initial(state)  # a new game starts from its own initial state
    elif evolves is None or t in evolves:  # (`Ruleset.evolves`: the classes the game's evolve does anything for)
        evolve(state, event)
    return postings


_RULES: dict[str, Ruleset] = {}  # game -> ruleset, so the hot path skips the import machinery
_Evolve = tuple[Callable[[TableState, ev.Event], None], frozenset[type[ev.Event]] | None]
_EVOLVE: dict[str, _Evolve] = {}  # game -> its ruleset's evolve and `evolves`


def _ruleset(game: str) -> Ruleset:
    from .core.registry import ruleset as get_ruleset  # here, not at the top: the games import this module

    rules = _RULES[game] = get_ruleset(game)
    _EVOLVE[game] = rules.evolve, rules.evolves
    return rules


def _evolve(game: str) -> _Evolve:
    rules = _ruleset(game)
    return rules.evolve, rules.evolves


def voided_seqs(records: Iterable[tuple[int, ev.Event]]) -> set[int]:
    return {e.target for _, e in records if isinstance(e, ev.Void)}


def fold(
    records: Iterable[tuple[int, ev.Event]],
    *,
    state: TableState | None = None,
    voided: set[int] | None = None,
    checked: bool = False,
    observer: Observer | None = None,
) -> TableState:
    """Fold (seq, event) pairs into a state, starting from `state` (which is not modified).

    `voided`: seqs to skip; computed from `records` when not given. `checked`: run the chip
    invariants after every event (raising `ChipError`). `observer(seq, event, postings,
    state)` is called after each applied event, for audits and replays.
    """
    if voided is None:
        if not isinstance(records, Sequence):
            records = list(records)
        voided = voided_seqs(records)
    st = state.clone() if state is not None else TableState()
    if not checked and observer is None:
        _fold_plain(st, records, voided)
        return st
    for seq, event in records:
        if seq in voided:
            st.seq = seq
            continue
        postings = apply(st, seq, event)
        if checked:
            check(st, hand_closed=isinstance(event, ev.HandEnded))
        if observer is not None:
            observer(seq, event, postings, st)
    return st


def _fold_plain(st: TableState, records: Iterable[tuple[int, ev.Event]], voided: set[int]) -> None:
    """`fold`'s loop with `apply` spelt out (the same steps, in the same order): a fold with no
    chip checks and no observer (`Ledger.fold_session`, every snapshot's refold) pays no call per
    event for it. Keep the two in step."""
    core, game, opened, switched = _CORE, None, ev.SessionOpened, ev.GameSwitched
    evolve: Callable[[TableState, ev.Event], None] = _ruleset_unknown  # (looked up at the first event)
    evolves: frozenset[type[ev.Event]] | None = None
    for seq, event in records:
        if seq in voided:
            st.seq = seq
            continue
        t = type(event)
        step = core.get(t)
        postings = step(st, event) if step is not None else event.postings()
        if postings:
            balances = st.balances
            for source, dest, amount, _ in postings:
                balances[source] = balances.get(source, 0) - amount
                balances[dest] = balances.get(dest, 0) + amount
        if event.ruling is not None:
            st.rulings.append(seq)
        st.seq = seq
        if st.game is not game:  # the game's evolve, looked up again only when the game changes
            game = st.game
            rules = _RULES.get(game) or _ruleset(game)
            evolve, evolves = rules.evolve, rules.evolves
        if t is opened or t is switched:
            st.ext = _RULES[game].initial(st)
        elif evolves is None or t in evolves:
            evolve(st, event)


def _ruleset_unknown(state: TableState, event: ev.Event) -> None:
    """`_fold_plain`'s evolve before it has looked up the table's game (never called)."""
