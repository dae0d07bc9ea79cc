"""The betting round, declared: one engine for every game that bets for chips.

A game declares its rounds as `Betting` values (frozen, so a declaration is data) and keeps
the round's bookkeeping in its own ``state.ext`` as plain JSON-able fields: any object with
``acted: list[str]``, ``raised: list[str]`` and ``high: int`` is a `Book` (a game's flat ext
dataclass qualifies as it is; `RoundBook` is one to embed). The engine reads the table
(``seat.round_bet``, ``hand.current_bet``, stacks) and the book; it never records anything.

    OPENING = Betting(structure="declared", limit=lambda s: ext(s).limit, may_check=False,
                      reraise=False, lone_ends=False, opener_only=True)
    ROUND = Betting(structure="declared", limit=lambda s: ext(s).limit, one_raise_each=True,
                    reraise=False, lone_ends=False, needs_caller=True)
    PREFLOP = Betting(structure="no-limit", min_bet=2, opens=2,
                      forced=(Forced("blind", 0, 1), Forced("blind", 1, 2)))

The package's modules: `rules` (the declaration: `Betting`, `Forced`, the wording, the book,
`Move`, `Limits`), `acting` (owed, who can act, whose turn), `limits` (what a player may do, the
verbs, the prompt), `moves` (the turn, `check_move`, `act`), `gates` (a verb's place in the
hand, the next round), `book` (`record`, `track`) and `stakes` (forced bets, table stakes).

Public API (all pure; `order` is the round's seat names in turn order, the opener first):

- ``Betting(structure, size, min_bet, limit, max_raises, one_raise_each, reraise, call_back,
  may_check, lone_ends, needs_caller, short_all_in_reopens, opens, forced, messages)``: a round.
  ``structure``: ``fixed`` (bets and raises exactly ``size``), ``declared`` (1..``limit(state)``,
  a per-hand limit such as Blücher's), ``pot`` (up to the pot after calling, at least ``min_bet``), ``no-limit``.
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
  raises, and the opener may not fold before opening. ``ready(state, player, move)``: the
  game's own precondition for a bet, call or all-in (raise `RuleViolation`: Blücher's
  declarations and hole card before the opening bet). ``reopens``: what re-opens a ``reraise``
  round for everyone else: ``raise`` (a bet, a raise, a full all-in raise) or ``highest`` (any
  move after which the player bets more than everyone else in the hand: Bluffjack's; the
  round's minimum and forced stakes aside). ``folds_act``: a fold counts as having acted
  (False: a folded player is simply out of the round).
- ``Forced(kind, seat, amount)``: kind ``ante`` | ``blind`` | ``bring-in`` | ``raise``
  (Bluffjack's forced raise); `seat` is an index into `order`; `amount` chips or None for
  the round's minimum bet.
- ``Move``: a proposed move, one of the commands `Bet` | `Raise` | `Call` | `Check` | `Fold` |
  `AllIn` (`WAGERS`: their classes); a bet's amount is the bet, a raise's what it adds above the call.
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

from .book import MOVES, record, track
from .gates import Gate, gate, next_round
from .limits import limits, prompt, verbs
from .moves import act, check_move, turn
from .acting import can_act, owed, reset, to_act, waiting
from .rules import MESSAGES, WAGERS, Amount, Betting, Book, Forced, Limits, Move, RoundBook, SeatTest, Structure  # noqa: F401
from .stakes import forced_bets, table_stakes

__all__ = [
    "Betting", "Book", "Forced", "Gate", "Limits", "MESSAGES", "MOVES", "Move", "RoundBook", "WAGERS", "Structure", "act", "can_act",
    "check_move", "forced_bets", "gate", "limits", "next_round", "owed", "prompt", "record", "reset", "table_stakes",
    "to_act", "track", "turn", "verbs", "waiting",
]
