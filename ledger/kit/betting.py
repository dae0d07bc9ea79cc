"""The betting round, declared: one engine for every game that bets for chips.

A game declares its rounds as `Betting` values (frozen, so a declaration is data) and keeps
the round's bookkeeping in its own ``state.ext`` as plain JSON-able fields: any object with
``acted: list[str]``, ``raised: list[str]`` and ``high: int`` is a `Book` (a game's flat ext
dataclass qualifies as it is; `RoundBook` is one to embed). The engine reads the table
(``seat.round_bet``, ``hand.current_bet``, stacks) and the book; it never records anything.

    OPENING = Betting(structure="declared", limit=lambda s: ext(s).limit, may_check=False,
                      reraise=False, call_back=False, lone_ends=False)
    ROUND = Betting(structure="declared", limit=lambda s: ext(s).limit, one_raise_each=True,
                    reraise=False, lone_ends=False, needs_caller=True)
    PREFLOP = Betting(structure="no-limit", min_bet=2, opens=2,
                      forced=(Forced("blind", 0, 1), Forced("blind", 1, 2)))

Public API (all pure; `order` is the round's seat names in turn order, the opener first):

- ``Betting(structure, size, min_bet, limit, max_raises, one_raise_each, reraise, call_back,
  may_check, lone_ends, needs_caller, short_all_in_reopens, opens, forced, messages)``: a round.
  ``structure``: ``fixed`` (bets and raises exactly ``size``), ``declared`` (1..``limit(state)``,
  a per-hand limit such as Blücher's), ``pot`` (up to the pot after calling), ``no-limit``.
  ``min_bet``: the smallest bet or raise unless all-in (an int, or a callable of the state).
  ``max_raises``: raises per round (a bet into an empty round counts), None for no cap.
  ``one_raise_each``: nobody raises twice in a round. ``reraise``: a player who has acted may
  raise again when a raise re-opens the betting (poker); False: after the go-around players
  only call or fold (Blücher). ``call_back``: after the go-around, players short of the high
  bet are asked again (False: one go-around only). ``may_check``: checking is allowed.
  ``lone_ends``: the round ends when at most one player still has chips and nobody owes.
  ``needs_caller``: a bet or raise is refused when nobody else could call it.
  ``short_all_in_reopens``: an all-in raise smaller than the minimum raise re-opens the
  betting (False: poker's rule). ``opens``: the index in `order` of the first to act in a
  ``reraise`` round (2 after two blinds). ``forced``: `Forced` stakes posted as the round opens
  (the game records them and passes ``forced=True`` to `record` for blinds and bring-ins).
  ``messages``: wording overrides, keyed as in `MESSAGES`. ``opener_only``: only the opener
  (``order[0]``, Blücher's first player) bets; everyone else calls or folds, nobody checks or
  raises, and the opener may not fold before opening. ``ready(state, player, verb)``: the
  game's own precondition for a bet, call or all-in (raise `RuleViolation`: Blücher's
  declarations and hole card before the opening bet). ``reopens``: what re-opens a ``reraise``
  round for everyone else: ``raise`` (a bet, a raise, a full all-in raise) or ``highest`` (any
  move after which the player bets more than everyone else in the hand: Bluffjack's; the
  round's minimum and forced stakes aside). ``folds_act``: a fold counts as having acted
  (False: a folded player is simply out of the round).
- ``Forced(kind, seat, amount)``: kind ``ante`` | ``blind`` | ``bring-in`` | ``raise``
  (Bluffjack's forced raise); `seat` is an index into `order`; `amount` chips or None for
  the round's minimum bet.
- ``Move(verb, player, amount=None)``: a proposed move; verb is bet | raise | call | check |
  fold | allin; amount is the bet, or what a raise adds above the call.
- ``RoundBook(acted=[], raised=[], high=0)``; ``Book`` the protocol; ``reset(book)``.
- ``owed(state, player) -> int``: chips to call.
- ``can_act(state, seat) -> bool``: in the hand, seated, not folded, chips behind.
- ``waiting(state, book, rules) -> SeatTest``: the seat still has a move this round.
- ``to_act(state, book, rules, order, *, last=None) -> str | None``: who acts next (after
  `last`, when the game keeps who acted last); None when the round is over.
- ``limits(state, book, rules, player) -> Limits``: what `player` may do now: ``Limits(owed,
  may_check, may_bet, may_raise, low, high)``, low/high the smallest and largest bet or raise
  (high None: up to the stack). The smallest raise is ``min_bet`` (not the last raise's size).
- ``check_move(state, book, rules, move) -> None``: raise `RuleViolation` (worded for people)
  when the move breaks the round's rules. Turn order is not checked here (``turn``).
- ``turn(state, rules, player, doing, waiting_text="", hint="") -> None``: refuse a move out of
  turn (``hand.to_act`` is not `player`); `hint` fills ``{hint}`` in the "turn" wording.
- ``record(state, book, rules, event, *, forced=False) -> None``: update the book for a
  recorded Bet, Call, Raise, AllIn, Check or Fold (call it from ``evolve``, after the core
  step); other events are ignored.
- ``track(state, book, rules, event) -> bool``: ``evolve``'s betting bookkeeping: a move
  (`MOVES`) is recorded, a ``round_started`` starts a fresh book (`reset`); True for either.
- ``act(state, book, rules, cmd, *, opener=None, waiting_text="") -> list[Event]``: a betting
  command (bet, call, raise, allin, check, fold) checked in the table's order (the player is in
  the hand; an ``opener_only`` round's refusals; the turn; ``ready``; `check_move`) and
  decided by the shared verbs.
- ``table_stakes(state, cmd, refusal=...) -> list[Event]``: ``potlog rebuy`` at table stakes: a
  player still in the hand (dealt in, not folded) rebuys between hands (`refusal` fields:
  player, number); anyone else may rebuy at any time.
- ``Gate(phases, refusal, doing="", live=False)`` and ``gate(state, gates, verb, phase, player,
  now="") -> str | None``: a verb's place in the hand, declared per verb: a hand is on; the
  player is in it (``live``); the phase is one of ``phases`` (else ``refusal``, fields player
  and now: what the table is doing); it is the player's turn (when ``doing`` names the move).
  Verbs without a gate pass. Returns the player.
- ``next_round(state, names={}) -> list[Event]``: the ``round_started`` of the next round
  (named from `names` by number), for a round that starts by itself.
- ``verbs(state, book, rules, player, *, opener=None, uncallable=False) -> tuple[str, ...]``: the
  betting verbs `player` may use now, from `limits` (call / raise, or check / bet; allin; fold),
  in that order. An ``opener_only`` round with its `opener`: the opener bets or goes all-in
  before opening; everyone else calls or folds (all-in too when the call takes the stack).
  `uncallable`: offer bet and raise even when nobody else could call (the refusal explains).
- ``prompt(state, book, rules, player, note="", *, opener=None, before=(), uncallable=False)
  -> Legal``: `legal`'s item for a betting stage: `player`, `before` + `verbs`, and the note
  "N to call" (always in an ``opener_only`` round, else when something is owed) joined to `note`.
- ``forced_bets(state, rules, order) -> list[Event]``: the antes / blinds / forced raise that
  open a round (a blind or forced raise falls to the next seat with chips; short stacks go
  all-in; a forced raise is always a ``Raise``, as Bluffjack records it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Literal, Mapping, Protocol, Sequence, cast

from .. import events as ev
from ..commands import Command
from ..errors import RuleViolation
from ..games import base
from ..state import Seat, TableState

Structure = Literal["fixed", "declared", "pot", "no-limit"]
Amount = int | Callable[[TableState], int | None]
SeatTest = Callable[[Seat], bool]

__all__ = [
    "Betting", "Book", "Forced", "Gate", "Limits", "MESSAGES", "MOVES", "Move", "RoundBook", "Structure", "act", "can_act",
    "check_move", "forced_bets", "gate", "limits", "next_round", "owed", "prompt", "record", "reset", "table_stakes",
    "to_act", "track", "turn", "verbs", "waiting",
]

MESSAGES: Mapping[str, str] = {
    "no_check": "{player} cannot check: nobody checks in this round ({owed} to call or fold)",
    "acted_bet": "{player} has had a turn this round: now only call or fold",
    "raised_again": "{player} cannot raise again: one raise per player per round{hint}",
    "go_around": "{player} has had a turn this round: after the go-around players only call or fold",
    "capped": "{player} cannot raise: this round allows {cap} raise(s) and they are made{hint}",
    "bet_range": "{player} may bet {min} to {max} (the limit this hand), not {amount}",
    "raise_range": "{player} may raise by {min} to {max} (the limit this hand), not {amount}",
    "fixed_bet": "{player} bets {max} at this limit, not {amount}",
    "fixed_raise": "{player} raises by {max} at this limit, not {amount}",
    "below_min_bet": "{player} cannot bet {amount}: the smallest bet or raise is {min} (or all-in)",
    "below_min_raise": "{player} cannot raise by {amount}: the smallest bet or raise is {min} (or all-in)",
    "allin_over": "{player}'s all-in of {stack} would raise by {by}, above the limit of {max}",
    "no_caller_bet": "nobody else can call a bet (all-in): {player} checks",
    "no_caller_raise": "nobody else can call a raise (all-in): {player} calls or checks",
    "no_caller_allin": "nobody else can call (all-in): {player} checks or calls",
    "turn": "{player} cannot {doing} now: it is {to_act}'s turn",
    "no_turn": "{player} cannot {doing} now: {waiting}",
    "opener_first": "{opener}, the first player, opens the betting; then {player} calls or folds",
    "opened": "{opener} has opened with {high}: {player} calls {owed} or folds (no raises in the opening)",
    "opener_raise": "no raises in the opening round: {player} calls or folds",
    "opener_allin": "no raises in the opening round: {player} calls {owed} or folds",
    "opener_check": "{player} opens the hand with a bet of {min} to the limit: nobody checks in the opening",
    "opener_owes": "{player} calls {owed} or folds: nobody checks in the opening",
    "opener_fold": "{player} opens the hand: bet at least {min}",
}
"""The refusals, by key; a `Betting` may reword any of them (``messages``). Fields: player,
amount, by, min, max, cap, stack, owed, hint, doing, to_act, waiting, opener, high."""


@dataclass(frozen=True)
class Forced:
    """A stake the rules put in as a round opens.

    Attributes:
        kind: ``ante`` (every player, `seat` ignored; not a move), ``blind`` / ``bring-in``
            (posted by ``order[seat]``; not a move: the poster still acts), ``raise`` (the
            compulsory first raise of ``order[seat]``, Bluffjack's; it is that player's move).
        seat: index into the round's order.
        amount: chips, or None for the round's `Betting.min_bet`.
    """

    kind: Literal["ante", "blind", "bring-in", "raise"]
    seat: int = 0
    amount: int | None = None


@dataclass(frozen=True)
class Betting:
    """A betting round, declared (see the module docstring for each field)."""

    structure: Structure = "no-limit"
    size: int = 0
    min_bet: Amount = 1
    limit: Callable[[TableState], int | None] | None = None
    max_raises: int | None = None
    one_raise_each: bool = False
    reraise: bool = True
    call_back: bool = True
    may_check: bool = True
    lone_ends: bool = True
    needs_caller: bool = False
    short_all_in_reopens: bool = False
    opens: int = 0
    forced: tuple[Forced, ...] = ()
    messages: Mapping[str, str] = field(default_factory=dict)
    opener_only: bool = False
    ready: Callable[[TableState, str, str], None] | None = None
    reopens: Literal["raise", "highest"] = "raise"
    folds_act: bool = True

    def say(self, key: str, **values: object) -> str:
        """The refusal `key` in this round's wording."""
        return self.messages.get(key, MESSAGES[key]).format(**values)

    def smallest(self, state: TableState) -> int:
        """The smallest bet or raise (unless all-in)."""
        got = self.min_bet(state) if callable(self.min_bet) else self.min_bet
        return max(1, got or 1)


class Book(Protocol):
    """A round's bookkeeping, kept in the game's ext: who has acted in the round (for
    ``reraise`` rounds: since the last raise that re-opened it), who raised (a bet into an
    empty round counts), and the high bet before the last stake."""

    acted: list[str]
    raised: list[str]
    high: int


@dataclass(slots=True)
class RoundBook:
    """A `Book` to embed in a game's ext."""

    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0


@dataclass(frozen=True)
class Move:
    """A proposed move: verb bet | raise | call | check | fold | allin; amount is the bet, or
    what a raise adds above the call."""

    verb: str
    player: str
    amount: int | None = None


@dataclass(frozen=True)
class Limits:
    """What a player may do now. ``low``/``high``: the smallest and largest bet (or raise,
    when there is something to call); ``high`` None means up to the stack."""

    owed: int
    may_check: bool
    may_bet: bool
    may_raise: bool
    low: int
    high: int | None


# ----------------------------------------------------------------------------- reading

def reset(book: Book) -> None:
    """A new round: nobody has acted or raised."""
    book.acted, book.raised, book.high = [], [], 0


def owed(state: TableState, player: str) -> int:
    """Chips `player` needs to put in to call."""
    seat = state.seat(player)
    hand = state.hand
    if seat is None or hand is None:
        return 0
    return max(0, hand.current_bet - seat.round_bet)


def can_act(state: TableState, seat: Seat | None) -> bool:
    """In the hand, seated, not folded, with chips behind."""
    return (seat is not None and seat.in_hand and seat.active and not seat.folded
            and state.balances.get("seat:" + seat.name, 0) > 0)


def _seats_by_name(state: TableState) -> dict[str, Seat]:
    """One name -> seat map (the first seat of a name, as `TableState.seat` finds it)."""
    return {s.name: s for s in reversed(state.seats)}


def waiting(state: TableState, book: Book, rules: Betting) -> SeatTest:
    """A seat test: the seat still has a move this round (has not acted, or is called back
    to match a higher bet)."""
    high = state.hand.current_bet if state.hand is not None else 0

    def test(seat: Seat) -> bool:
        if not can_act(state, seat):
            return False
        return seat.name not in book.acted or (rules.call_back and seat.round_bet < high)
    return test


def to_act(state: TableState, book: Book, rules: Betting, order: Sequence[str], *,
           last: str | None = None) -> str | None:
    """Who acts next, or None when the round is over. Without ``reraise`` the go-around comes
    first (the first in `order` who has not acted), then the call-backs in `order`; with it,
    the next waiting seat after the last to act (from ``order[rules.opens]`` at first). `last`:
    who acted last, when the game keeps it (a move out of turn by a ruling leaves the order of
    ``book.acted`` stale); by default the last of ``book.acted``."""
    hand = state.hand
    if hand is None:
        return None
    high = hand.current_bet
    by, balances, acted = _seats_by_name(state), state.balances, book.acted
    # one pass over `order`: the seats that can act (in the hand, seated, not folded, chips behind)
    first_unacted = not rules.reraise and not rules.lone_ends  # the go-around's first is the answer
    able: list[Seat] = []
    for name in order:
        s = by.get(name)
        if s is not None and s.in_hand and s.active and not s.folded and balances.get("seat:" + name, 0) > 0:
            if first_unacted and name not in acted:
                return name
            able.append(s)
    if rules.lone_ends and len(able) <= 1 and (not able or able[0].round_bet >= high):
        return None
    if not rules.reraise:
        for seat in able:
            if seat.name not in acted:
                return seat.name
        if rules.call_back:
            for seat in able:
                if seat.round_bet < high:
                    return seat.name
        return None
    names = order if isinstance(order, list) else list(order)
    n = len(names)
    if last is None:
        last = next((p for p in reversed(acted) if p in names), None)
    start = names.index(last) + 1 if last in names else min(rules.opens, max(n - 1, 0))
    call_back = rules.call_back
    waits = {s.name for s in able if s.name not in acted or (call_back and s.round_bet < high)}
    for i in range(n):
        name = names[(start + i) % n]
        if name in waits:
            return name
    return None


def _others_can_call(state: TableState, player: str) -> bool:
    return any(s.name != player and state.stack(s.name) > 0 for s in state.live_players())


def _top(state: TableState, rules: Betting, player: str, owe: int) -> int | None:
    """The largest bet or raise (above the call) the structure allows; None: the stack."""
    if rules.structure == "fixed":
        return rules.size
    if rules.structure == "declared":
        return (rules.limit(state) if rules.limit is not None else None) or 0
    if rules.structure == "pot":
        return state.balance("pot") + owe
    return None


def _raises_left(book: Book, rules: Betting) -> bool:
    return rules.max_raises is None or len(book.raised) < rules.max_raises


def limits(state: TableState, book: Book, rules: Betting, player: str, *, uncallable: bool = False) -> Limits:
    """What `player` may do now in this round (turn order aside); `uncallable`: a bet or raise
    nobody else could call counts as allowed (``needs_caller`` aside)."""
    owe = owed(state, player)
    acted = player in book.acted
    may_raise = (_raises_left(book, rules) and not (rules.one_raise_each and player in book.raised)
                 and not (acted and not rules.reraise)
                 and (uncallable or not rules.needs_caller or _others_can_call(state, player)))
    return Limits(owed=owe, may_check=owe == 0 and rules.may_check, may_bet=owe == 0 and may_raise,
                  may_raise=owe > 0 and may_raise, low=rules.smallest(state), high=_top(state, rules, player, owe))


def verbs(state: TableState, book: Book, rules: Betting, player: str, *, opener: str | None = None,
          uncallable: bool = False) -> tuple[str, ...]:
    """The betting verbs `player` may use now (see the module docstring), in a fixed order."""
    if rules.opener_only and opener is not None:
        if player == opener and player not in book.acted:
            return ("bet", "allin")
        return ("call", "allin", "fold") if state.stack(player) <= owed(state, player) else ("call", "fold")
    can = limits(state, book, rules, player, uncallable=uncallable)
    out = (("call",) if can.owed else ()) + (("raise",) if can.may_raise else ())
    out += (("check",) if can.may_check else ()) + (("bet",) if can.may_bet else ())
    return out + ("allin", "fold")


def prompt(state: TableState, book: Book, rules: Betting, player: str, note: str = "", *, opener: str | None = None,
           before: tuple[str, ...] = (), uncallable: bool = False) -> base.Legal:
    """`legal`'s item for a betting stage: who acts, `before` + `verbs`, "N to call" and `note`."""
    owe = owed(state, player)
    owing = f"{owe} to call" if owe or (rules.opener_only and opener is not None and player != opener) else ""
    return base.Legal(player, before + verbs(state, book, rules, player, opener=opener, uncallable=uncallable),
                      "; ".join(t for t in (owing, note) if t))


# ----------------------------------------------------------------------------- checking

def turn(state: TableState, rules: Betting, player: str, doing: str, waiting_text: str = "", hint: str = "") -> None:
    """Refuse a move by `player` when it is not their turn (`hint`: more words for the "turn"
    refusal, such as "(Ann's forced raise is already in)")."""
    hand = state.hand
    to = hand.to_act if hand is not None else None
    if to != player:
        if to:
            raise RuleViolation(rules.say("turn", player=player, doing=doing, to_act=to, hint=hint))
        raise RuleViolation(rules.say("no_turn", player=player, doing=doing, waiting=waiting_text or "nobody acts now"))


def _amount_ok(state: TableState, rules: Betting, move: Move, amount: int, owe: int, kind: str) -> None:
    low = rules.smallest(state)
    top = _top(state, rules, move.player, owe)
    stack = state.stack(move.player)
    values = dict(player=move.player, amount=amount, min=low, max=top, stack=stack, owed=owe)
    if rules.structure == "fixed":
        if amount != top and owe + amount < stack:
            raise RuleViolation(rules.say("fixed_" + kind, **values))
    elif top is not None:
        if not low <= amount <= top:
            raise RuleViolation(rules.say(kind + "_range", **values))
    elif amount < low and owe + amount < stack:
        raise RuleViolation(rules.say("below_min_" + kind, **values))


def _may_raise(book: Book, rules: Betting, player: str, hint: str = "") -> None:
    if rules.one_raise_each and player in book.raised:
        raise RuleViolation(rules.say("raised_again", player=player, hint=hint))
    if not rules.reraise and player in book.acted:
        raise RuleViolation(rules.say("go_around", player=player, hint=hint))
    if not _raises_left(book, rules):
        raise RuleViolation(rules.say("capped", player=player, cap=rules.max_raises, hint=hint))


def check_move(state: TableState, book: Book, rules: Betting, move: Move) -> None:
    """Refuse `move` (a `RuleViolation` worded for the table) when this round's rules forbid
    it. Turn order is `turn`'s; whether the chips are there, and a call's or check's
    arithmetic, are the shared verbs' (``games.base``)."""
    player, verb = move.player, move.verb
    owe = owed(state, player)
    amount = move.amount or 0
    if verb == "check" and not rules.may_check:
        raise RuleViolation(rules.say("no_check", player=player, owed=owe))
    if verb == "bet":
        if not rules.reraise and player in book.acted:
            raise RuleViolation(rules.say("acted_bet", player=player))
        if not _raises_left(book, rules):
            raise RuleViolation(rules.say("capped", player=player, cap=rules.max_raises, hint=""))
        if rules.needs_caller and not _others_can_call(state, player):
            raise RuleViolation(rules.say("no_caller_bet", player=player))
        _amount_ok(state, rules, move, amount, 0, "bet")
    elif verb == "raise":
        _may_raise(book, rules, player)
        _amount_ok(state, rules, move, amount, owe, "raise")
        if rules.needs_caller and not _others_can_call(state, player):
            raise RuleViolation(rules.say("no_caller_raise", player=player))
    elif verb == "allin":
        stack = state.stack(player)
        if stack > owe:
            by = stack - owe
            _may_raise(book, rules, player, f" (call {owe} or fold)")
            top = _top(state, rules, player, owe)
            if top is not None and by > top:
                raise RuleViolation(rules.say("allin_over", player=player, stack=stack, by=by, max=top))
            if rules.needs_caller and not _others_can_call(state, player):
                raise RuleViolation(rules.say("no_caller_allin", player=player))


# ----------------------------------------------------------------------------- deciding

@dataclass(frozen=True)
class Gate:
    """Where a verb belongs in the hand (see `gate`): its `phases`, the `refusal` outside
    them (fields: player, now), the move it is for a turn check (`doing`; "" for none), and
    whether the player must be in the hand (`live`, asked before the phase)."""

    phases: tuple[str, ...]
    refusal: str
    doing: str = ""
    live: bool = False


def gate(state: TableState, gates: Mapping[str, Gate], verb: str, phase: str, player: str | None,
         now: str = "") -> str | None:
    """Refuse `verb` when no hand is on, when `player` is not in it (a ``live`` gate), outside
    the gate's phases, or out of turn (`now`: what the table is doing, for the refusals).
    Returns the player (checked, for a ``live`` gate)."""
    base.require_open(state)
    base.require_hand(state)
    rule = gates.get(verb)
    if rule is None:
        return player
    if rule.live:
        player = base.require_live(state, player)
    if phase not in rule.phases:
        raise RuleViolation(rule.refusal.format(player=player, now=now))
    if rule.doing:
        turn(state, _ANY, player or "", rule.doing, now)
    return player


def next_round(state: TableState, names: Mapping[int, str] | None = None) -> list[ev.Event]:
    """The next round's ``round_started`` (named from `names`, by number), for a game whose
    rounds start by themselves."""
    number = base.require_hand(state).round + 1
    return [base.make_event(ev.RoundStarted, round=number, name=(names or {}).get(number, ""))]



_ANY = Betting()
_VERBS = {"bet": base.bet, "call": base.call, "raise": base.raise_, "allin": base.all_in, "check": base.check,
          "fold": base.fold}
_DOING = {"allin": "go all-in"}


def _opening(state: TableState, book: Book, rules: Betting, verb: str, player: str, opener: str) -> None:
    """An ``opener_only`` round's refusals, before the turn is looked at."""
    owe, say = owed(state, player), rules.say
    if verb == "bet" and player != opener:
        high = state.hand.current_bet if state.hand is not None else 0
        raise RuleViolation(say("opened", opener=opener, player=player, high=high, owed=owe) if high
                            else say("opener_first", opener=opener, player=player))
    if verb == "raise":
        raise RuleViolation(say("opener_raise", player=player))
    if verb == "check":
        raise RuleViolation(say("opener_check", player=player, min=rules.smallest(state)) if player == opener
                            else say("opener_owes", player=player, owed=owe))
    if verb == "fold" and player == opener and player not in book.acted:
        raise RuleViolation(say("opener_fold", player=player, min=rules.smallest(state)))


def act(state: TableState, book: Book, rules: Betting, cmd: Command, *, opener: str | None = None,
        waiting_text: str = "") -> list[ev.Event]:
    """Decide a betting command (bet, call, raise, allin, check, fold) in a round declared by
    `rules`: the player must be in the hand; an ``opener_only`` round refuses what only the
    opener may do; then the turn, the game's ``ready`` test and the round's rules
    (`check_move`); the events are the shared verbs'."""
    player = base.require_live(state, cmd.player)
    verb = cmd.verb
    if rules.opener_only and opener is not None:
        _opening(state, book, rules, verb, player, opener)
    turn(state, rules, player, _DOING.get(verb, verb), waiting_text)
    if rules.ready is not None and verb in ("bet", "call", "allin"):
        rules.ready(state, player, verb)
    if rules.opener_only and verb == "allin" and player != opener and state.stack(player) > owed(state, player):
        raise RuleViolation(rules.say("opener_allin", player=player, owed=owed(state, player)))
    check_move(state, book, rules, Move(verb, player, cmd.amount))
    return _VERBS[verb](state, cmd)


# ----------------------------------------------------------------------------- recording

def record(state: TableState, book: Book, rules: Betting, event: ev.Event, *, forced: bool = False) -> None:
    """Update `book` for a recorded move, after the core step has applied it. A `forced`
    stake (a blind, a bring-in) moves the high bet but is nobody's move."""
    t = type(event)  # by class, not `match`: this runs for every move of a fold
    if t in _STAKES:
        player: str = cast(_Staked, event).player
        seat = state.seat(player)
        bet_now = seat.round_bet if seat is not None else 0
        full = t is ev.Bet or t is ev.Raise
        raising = full or (t is ev.AllIn and bet_now > book.high)
        if rules.reopens == "highest":
            _record_highest(state, book, player, bet_now)
        elif not forced:
            full = full or bet_now - book.high >= rules.smallest(state)
            if rules.reraise and raising and (full or rules.short_all_in_reopens):
                book.acted = [player]
            elif player not in book.acted:
                book.acted.append(player)
            if raising and (player not in book.raised or not rules.one_raise_each):
                book.raised.append(player)
        if state.hand is not None:
            book.high = state.hand.current_bet
    elif t is ev.Check and rules.reopens == "highest":
        player = cast(ev.Check, event).player
        seat = state.seat(player)
        _record_highest(state, book, player, seat.round_bet if seat is not None else 0)
    elif t is ev.Check or (t is ev.Fold and rules.folds_act):
        player = cast("ev.Check | ev.Fold", event).player
        if player not in book.acted:
            book.acted.append(player)


_STAKES = frozenset({ev.Bet, ev.Raise, ev.Call, ev.AllIn})
MOVES = frozenset({ev.Bet, ev.Call, ev.Raise, ev.AllIn, ev.Check, ev.Fold})
"""The betting moves `record` keeps in a book."""


def track(state: TableState, book: Book, rules: Betting, event: ev.Event) -> bool:
    """``evolve``'s betting bookkeeping: record a move, or start the book of a new round (a
    ``round_started``). True when `event` was either (the turn moves on)."""
    t = type(event)
    if t in MOVES:
        record(state, book, rules, event)
        return True
    if t is ev.RoundStarted:
        reset(book)
        return True
    return False
_Staked = ev.Bet | ev.Raise | ev.Call | ev.AllIn


def _record_highest(state: TableState, book: Book, player: str, bet_now: int) -> None:
    """``reopens="highest"``: a move that leaves `player` betting more than everyone else in the
    hand re-opens the round (they alone have acted); any other adds them to those who have."""
    others = [s.round_bet for s in state.seats if s.name != player and s.in_hand]
    if bet_now > max(others, default=0):
        book.acted = [player]
    elif player not in book.acted:
        book.acted.append(player)


def table_stakes(state: TableState, cmd: Command,
                 refusal: str = "{player} is in hand {number}: rebuy between hands (table stakes)") -> list[ev.Event]:
    """``potlog rebuy`` at table stakes: refused for a player still in the hand in progress."""
    seat = state.seat(cmd.player or "")
    hand = state.hand
    if state.in_hand and hand is not None and seat is not None and seat.in_hand and not seat.folded:
        raise RuleViolation(refusal.format(player=seat.name, number=hand.number))
    return base.rebuy(state, cmd)


def forced_bets(state: TableState, rules: Betting, order: Sequence[str]) -> list[ev.Event]:
    """The stakes the rules put in as the round opens (antes, blinds, bring-in, a forced
    raise), in order; a player short of the amount goes all-in for what they have."""
    out: list[ev.Event] = []
    names = list(order)
    high = state.hand.current_bet if state.hand is not None else 0
    spent: dict[str, int] = {}
    in_round = {n: (s.round_bet if (s := state.seat(n)) is not None else 0) for n in names}
    for f in rules.forced:
        amount = f.amount if f.amount is not None else rules.smallest(state)
        if f.kind == "ante" or not names:
            who = names
        else:  # the seat, or the next one with chips left
            ring = names[f.seat % len(names):] + names[:f.seat % len(names)]
            who = [n for n in ring if state.stack(n) - spent.get(n, 0) > 0][:1]
        for name in who:
            stack = state.stack(name) - spent.get(name, 0)
            if stack <= 0:
                continue
            if f.kind == "ante":
                out.append(ev.Ante(player=name, amount=min(amount, stack)))
                spent[name] = spent.get(name, 0) + min(amount, stack)
                continue
            mine = in_round[name]
            total = amount if f.kind != "raise" else (high - mine) + amount
            if total >= stack:
                total = stack
                out.append(ev.AllIn(player=name, amount=stack))
            elif high == 0 and f.kind != "raise":
                out.append(ev.Bet(player=name, amount=total))
            elif mine + total <= high and f.kind != "raise":
                out.append(ev.Call(player=name, amount=total))
            else:
                out.append(ev.Raise(player=name, amount=total, by=mine + total - high))
            spent[name] = spent.get(name, 0) + total
            in_round[name] = mine + total
            high = max(high, mine + total)
    return out
