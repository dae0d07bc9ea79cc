"""Community-card poker (hold'em, Omaha, ...), declared: forced bets, hole cards, a board dealt
street by street with a betting round on each, the run-out when nobody can bet, the showdown
(shown or mucked hands) and the pots. A game is a `Game` value: its stakes from the table's
options, how many hole cards, the board per street, and its evaluator; the engine does the rest.

    HOLDEM = flop.Game("holdem", "Hold'em", Options, stakes, best)       # ledger/games/holdem.py
    RULESET = Ruleset(..., initial=flop.initial, decide=HOLDEM.decide, evolve=HOLDEM.evolve,
                      legal=HOLDEM.legal, view=HOLDEM.view, check_event=HOLDEM.check_event)

Public API:

- ``Stakes(small_blind, big_blind, ante=0, bb_ante=0, straddle=0, structure="no-limit",
  min_bet=0)``: the forced bets and the betting structure (``no-limit``, ``pot-limit``,
  ``fixed-limit``: bets of the big blind on the first two streets, twice that after).
- ``Game(name, title, options, stakes, best, hole=2, board=(0, 3, 4, 5), streets=(...),
  players=(2, 10))``: `options` is the game's options model (``open``); `stakes(state)` reads
  the table's options; `best(hole, board)` ranks a hand at the showdown (`Ranked`, higher key
  better: Omaha's would take exactly two hole cards); `board[i]` is how many board cards lie
  out once street `i` is dealt. Its methods are the game's ``decide``, ``evolve``, ``legal``,
  ``view``, ``check_event``, and ``current(state)``, the stakes in force.
- ``FlopHand``: the hand in progress (a game's ``state.ext``); ``initial(state)``; ``ext(state)``.
- ``BB_ANTE``: the reason of the big-blind ante's transfer.
- ``BLINDS``: the game word ``blinds SMALL BIG [--ante N]``: a ``declared`` named ``blinds``
  (``SMALL/BIG/ANTE``), recorded between hands; from the next hand on `Game.current` (the stakes
  every step reads) takes it over the options.

Readings (the card room's, as PokerKit plays them):

- The button is the dealer; it moves one seat left each hand (`deal.start`); players without
  chips sit the hand out. The order of a hand is clockwise from the button's left: the small
  blind, the big blind, ...; heads-up the button posts the small blind, acts first before the
  flop and last after it.
- Forced bets, potlog's own steps, one at a time as the hand starts: antes (everyone), the
  big-blind ante (a ``transfer`` of dead money: it joins the main pot and is no part of the big
  blind's bet, so it does not make the big blind's side pots bigger), the small and big blind,
  a straddle left of the big blind (three players or more; the next player then acts first).
  A short stack posts what it has and is all-in; one with nothing left posts nothing.
- Each street after the first opens with a ``round_started`` potlog records itself once the
  betting is level; then the board cards are dealt (named, face up, exactly the street's count).
  A street nobody can bet on (at most one player with chips) is passed: the run-out.
- No limit: a raise is at least the last full bet or raise of the round (the big blind before
  the flop), or all-in. The betting engine's re-opening rule counts an all-in as a full raise
  once it is the table's minimum bet (the card room's rule is the last raise's size).
- Show or muck: at the showdown, and during a run-out, a player still in shows (``reveal``; a
  command without cards, as a PHH import makes, shows the cards the record knows) or mucks
  (``fold``: the hand gives up every pot). Once every hand still in is face up, potlog ranks
  them (`Game.best`) and pays the pots one award at a time (`pots.award_by_rank`: the uncalled
  bet back, side pots, splits with the odd chips one each from the button's left), then ends
  the hand. Everyone else folding or mucking wins without a showdown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Callable, Literal, Sequence

from pydantic import BaseModel

from .. import events as ev
from ..cards import UNKNOWN
from ..commands import Command
from ..errors import InputError, RuleViolation
from ..games import base
from ..games.ruleset import Legal, Param, Word
from ..state import TableState
from . import betting as bets
from . import claims, deal, follow, pots, stages
from .evaluators import Ranked

BB_ANTE = "big blind ante"
_BETS = ("bet", "call", "raise", "allin", "check", "fold")
_FORCED = frozenset({ev.Ante, ev.Transfer, ev.Bet, ev.Call, ev.Raise, ev.AllIn})


@dataclass(frozen=True)
class Stakes:
    """The table's forced bets and betting structure (see the module docstring)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    bb_ante: int = 0
    straddle: int = 0
    structure: Literal["no-limit", "pot-limit", "fixed-limit"] = "no-limit"
    min_bet: int = 0


@dataclass(slots=True)
class FlopHand:
    """The hand in progress: its players from the button's left, the phase (blinds, deal, bet,
    next, board, showdown, idle), the street, the forced bets (`plan`, `posted` of them), the
    round's betting book and the last full raise, the settlement so far, and the blinds declared
    between hands (`level`: small blind, big blind, ante; empty: the table's options)."""

    order: list[str] = field(default_factory=list)
    phase: str = "idle"
    street: int = 0
    plan: list[list[str | int]] = field(default_factory=list)
    posted: int = 0
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0
    last_raise: int = 0
    paid: int = 0
    settled: int = 0
    level: list[int] = field(default_factory=list)


def initial(state: TableState) -> FlopHand:
    return FlopHand()


def ext(state: TableState) -> FlopHand:
    return stages.ext_of(state, FlopHand, initial)


def _board(state: TableState) -> list[str]:
    hand = state.hand
    return [h.card for h in hand.boards.get("board", [])] if hand is not None else []


def _round_order(x: FlopHand) -> list[str]:
    """Who bets in turn this street: from the button's left; heads-up preflop, the button first."""
    return x.order[::-1] if x.street == 0 and len(x.order) == 2 else x.order


def _live(state: TableState, x: FlopHand) -> list[str]:
    return [p for p in x.order if (s := state.seat(p)) is not None and s.in_hand and not s.folded]


_RULES: dict[tuple[object, ...], bets.Betting] = {}


@dataclass(frozen=True)
class Game:
    """A community-card poker game, declared (see the module docstring)."""

    name: str
    title: str
    options: type[BaseModel]
    stakes: Callable[[TableState], Stakes]
    best: Callable[[Sequence[str], Sequence[str]], Ranked]
    hole: int = 2
    board: tuple[int, ...] = (0, 3, 4, 5)
    streets: tuple[str, ...] = ("preflop", "flop", "turn", "river")
    players: tuple[int, int] = (2, 10)

    @property
    def dealing(self) -> deal.Dealing:
        return deal.Dealing(self.hole, messages={"too_many": "{to} holds {have} cards: {each} hole cards each "
                                                             "({short} more at most)"})

    def current(self, state: TableState) -> Stakes:
        """The stakes now: the table's options, with the blinds and ante last declared between hands."""
        s, level = self.stakes(state), ext(state).level
        if not level:
            return s
        small, big, ante = level
        if s.bb_ante:
            return replace(s, small_blind=small, big_blind=big, bb_ante=ante)
        return replace(s, small_blind=small, big_blind=big, ante=ante)

    # ------------------------------------------------------------------------- the betting

    def betting(self, state: TableState, x: FlopHand | None = None) -> bets.Betting:
        """The betting round of the street in progress, declared from the table's stakes."""
        x = x or ext(state)
        n, pre = len(x.order), x.street == 0
        key = (self.name, *state.options.items(), *x.level, x.street, n)
        got = _RULES.get(key)
        if got is None:
            s = self.current(state)
            opens = 0 if not pre or n <= 2 else (3 % n if s.straddle else 2)
            if s.structure == "fixed-limit":
                size = s.big_blind * (1 if x.street < 2 else 2)
                got = bets.Betting(structure="fixed", size=size, min_bet=size, max_raises=3 if pre else 4,
                                   opens=opens)
            else:
                got = bets.Betting(structure="pot" if s.structure == "pot-limit" else "no-limit",
                                   min_bet=s.min_bet or s.big_blind, opens=opens)
            if len(_RULES) > 256:
                _RULES.clear()
            _RULES[key] = got
        return got

    def _plan(self, state: TableState, x: FlopHand) -> list[list[str | int]]:
        """The forced bets of the hand, in the order they go in."""
        s, order = self.current(state), x.order
        if len(order) < 2:
            return []
        pre = _round_order(FlopHand(order=order))
        out: list[list[str | int]] = [["ante", p, s.ante] for p in order] if s.ante else []
        if s.bb_ante:
            out.append(["bb-ante", pre[1], s.bb_ante])
        out += [["blind", pre[0], s.small_blind], ["blind", pre[1], s.big_blind]]
        if s.straddle and len(order) >= 3:
            out.append(["blind", pre[2], s.straddle])
        return out

    # ------------------------------------------------------------------------- decide

    def decide(self, state: TableState, cmd: Command) -> list[ev.Event]:
        """``open``, the hand's verbs, ``rebuy`` at table stakes and the shared ones."""
        return self._decider(state, cmd)

    @cached_property
    def _decider(self) -> Callable[[TableState, Command], list[ev.Event]]:
        verbs = {"hand": self._hand, "deal": self._deal, "reveal": self._reveal, "rebuy": bets.table_stakes,
                 "declare": self._blinds, **dict.fromkeys(_BETS, self._bet)}
        return claims.decider(self.name, self.title, self.options, verbs,
                              "hand, deal, check, bet, call, raise, allin, fold and reveal; potlog posts the "
                              "blinds and pays the pots")

    def _blinds(self, state: TableState, cmd: Command) -> list[ev.Event]:
        """``potlog blinds SB BB [--ante N]``: the blinds (and ante) from the next hand on."""
        base.require_open(state)
        if cmd.name != "blinds" or cmd.player:
            raise RuleViolation(f"{self.title} declares only the blinds: potlog blinds SMALL BIG [--ante N]")
        if state.in_hand:
            raise RuleViolation("the blinds change between hands: end this one first")
        small, big, ante = _level(cmd.value)
        return base.declare(state, Command("declare", name="blinds", value=f"{small}/{big}/{ante}"))

    def _hand(self, state: TableState, cmd: Command) -> list[ev.Event]:
        return follow.then(state, deal.start(state, cmd, self.dealing, players=self.players), self.after)

    def _deal(self, state: TableState, cmd: Command) -> list[ev.Event]:
        base.require_hand(state)
        x = ext(state)
        stock = 52 - sum(len(s.cards) for s in state.seats if s.in_hand) - len(_board(state))
        if x.phase == "deal":
            return follow.then(state, deal.deal(state, cmd, self.dealing, x.order, stock), self.after)
        street = self.streets[x.street]
        if x.phase != "board":
            raise RuleViolation("the hole cards are dealt, and the board is dealt when the betting of the street "
                                "is over" if x.phase in ("bet", "next") else "no cards are dealt now")
        want = self.board[x.street] - len(_board(state))
        if (cmd.to or "").lower() != "board":
            raise RuleViolation(f"the {street} is dealt to the board: potlog deal board CARDS ({want})")
        if cmd.count or not cmd.cards:
            raise InputError(f"board cards are dealt face up: name the {street} ({want} cards)")
        events = base.deal(state, Command("deal", to="board", cards=cmd.cards, face_up=True))
        got = sum(len(e.cards) for e in events if isinstance(e, ev.CardsDealt))
        if got != want:
            raise RuleViolation(f"the {street} is {want} card{'s' if want > 1 else ''}, not {got}")
        return follow.then(state, events, self.after)

    def _bet(self, state: TableState, cmd: Command) -> list[ev.Event]:
        base.require_hand(state)
        x = ext(state)
        if cmd.verb == "fold" and _showing(state, x):
            player = base.require_live(state, cmd.player)
            return follow.then(state, base.fold(state, Command("fold", player=player)), self.after)
        if x.phase != "bet":
            street = self.streets[min(x.street + 1, len(self.streets) - 1) if x.phase == "next" else x.street]
            raise RuleViolation({"blinds": "the blinds go in first",
                                 "deal": f"the betting starts when everyone has {self.hole} cards (potlog deal all)",
                                 "showdown": "the betting is over: show (potlog reveal NAME CARDS) or muck "
                                             "(potlog fold NAME)"}.get(x.phase, f"deal the {street} first "
                                                                                "(potlog deal board CARDS)"))
        rules = self.betting(state, x)
        if cmd.verb in ("raise", "allin") and rules.structure != "fixed":
            _min_raise(state, x, cmd)
        return follow.then(state, bets.act(state, x, rules, cmd), self.after)

    def _reveal(self, state: TableState, cmd: Command) -> list[ev.Event]:
        base.require_hand(state)
        if not _showing(state, ext(state)):
            raise RuleViolation("hands are shown at the showdown, or once nobody can bet any more")
        if cmd.player and not cmd.cards:  # show the cards the record knows
            seat = state.seat(cmd.player)
            held = [h.card for h in seat.cards] if seat is not None else []
            if UNKNOWN in held or not held:
                raise InputError(f"name {cmd.player}'s cards: potlog reveal {cmd.player} CARDS")
            cmd = Command("reveal", player=cmd.player, cards=tuple(held))
        return follow.then(state, base.reveal(state, cmd), self.after)

    def after(self, state: TableState) -> list[ev.Event]:
        """What potlog records by itself: a forced bet, a street's start, and once the hand is
        decided, the pots (one award at a time) and the end of the hand."""
        x, hand = ext(state), state.hand
        if hand is None or hand.ended:
            return []
        if x.phase == "blinds" and x.posted < len(x.plan):
            kind, player, amount = x.plan[x.posted]
            return _post(state, str(kind), str(player), int(amount))
        if x.phase == "next":
            return [base.make_event(ev.RoundStarted, round=hand.round + 1, name=self.streets[x.street + 1])]
        if x.phase != "showdown":
            return []
        live = _live(state, x)
        if len(live) <= 1:
            return (pots.last_in(state)[1] or [base.make_event(ev.HandEnded, hand=hand.number)])[:1]
        seats = {p: s for p in live if (s := state.seat(p)) is not None}
        if any(h.card == UNKNOWN or not h.up for s in seats.values() for h in s.cards):
            return []
        board = _board(state)
        ranks = {p: self.best([h.card for h in s.cards], board) for p, s in seats.items()}
        total = state.balance("pot") + x.paid  # the pot as the showdown found it
        due = pots.award_by_rank(state, ranks, x.order, total=total)[x.settled:]
        return due[:1] or [base.make_event(ev.HandEnded, hand=hand.number)]

    def check_event(self, state: TableState, event: ev.Event) -> None:
        """``potlog verify --rules``: each move decided again; forced bets, streets and pots recomputed."""
        from ..verify import command_for

        follow.check(state, event, self.after, self.decide, lambda s, e: command_for(e), game=self.name,
                     by_itself=(ev.Ante, ev.Transfer, ev.RoundStarted, ev.PotAwarded, ev.HandEnded))

    # ------------------------------------------------------------------------- evolve, legal, view

    def evolve(self, state: TableState, event: ev.Event) -> None:
        x, hand, t = ext(state), state.hand, type(event)
        if isinstance(event, ev.HandStarted):
            x.order, x.street, x.posted, x.paid, x.settled = deal.seat_in(state, event), 0, 0, 0, 0
            bets.reset(x)
            x.plan, x.phase, x.last_raise = self._plan(state, x), "blinds", self.current(state).big_blind
            _skip_empty(state, x)
        pots.tally(x, event)
        if isinstance(event, ev.Declared) and event.name == "blinds" and not state.in_hand:
            try:
                x.level = list(_level(event.value))
            except InputError:  # a ruling recorded something else: the blinds stay
                pass
        if hand is None or hand.ended:
            x.phase = "idle"
            if hand is not None:
                hand.to_act = None
            return
        if x.phase == "blinds" and t in _FORCED:
            bets.record(state, x, self.betting(state, x), event, forced=True)
            x.posted += 1
            _skip_empty(state, x)
        elif x.phase == "bet" and t in bets.MOVES:
            _raised(state, x, event)
            bets.record(state, x, self.betting(state, x), event)
        elif t is ev.RoundStarted and x.phase == "next":
            x.street, x.phase = min(x.street + 1, len(self.streets) - 1), "board"
            x.last_raise = self.current(state).big_blind
            bets.reset(x)
        if x.phase == "blinds" and x.posted >= len(x.plan):
            x.phase = "deal"
        if x.phase == "deal" and deal.dealt(state, self.hole):
            x.phase = "bet"
        if x.phase == "board" and len(_board(state)) >= self.board[x.street]:
            x.phase = "bet"
        who = bets.to_act(state, x, self.betting(state, x), _round_order(x)) if x.phase == "bet" else None
        live = sum(1 for s in state.seats if s.in_hand and not s.folded)
        if x.phase in ("bet", "next", "board") and live <= 1:
            x.phase = "showdown"
        elif x.phase == "bet" and who is None:
            x.phase = "showdown" if x.street == len(self.streets) - 1 else "next"
        hand.to_act = who if x.phase == "bet" else None
        hand.phase = {"bet": self.streets[x.street], "board": "dealing", "deal": "dealing", "next": "dealing"}.get(
            x.phase, x.phase)

    def legal(self, state: TableState) -> list[Legal]:
        if state.closed:
            return []
        x, hand = ext(state), state.hand
        if not state.in_hand or hand is None:
            return [claims.IDLE, Legal(None, ("blinds",), "the blinds for the next hands")]
        if x.phase == "deal":
            return [Legal(None, ("deal",), f"{self.hole} cards each to "
                                           f"{', '.join(deal.short(state, self.hole, x.order))}")]
        if x.phase == "bet" and hand.to_act is not None:
            return [bets.prompt(state, x, self.betting(state, x), hand.to_act)]
        if x.phase == "board":
            return [Legal(None, ("deal",), f"the {self.streets[x.street]}: potlog deal board CARDS")]
        return [Legal(None, ("reveal", "fold"), "each player still in shows (reveal) or mucks (fold)")]

    def view(self, state: TableState) -> list[tuple[str, str]]:
        x, s = ext(state), self.current(state)
        blinds = f"{s.small_blind}/{s.big_blind} {s.structure}" + (f", ante {s.ante}" if s.ante else "") + (
            f", big-blind ante {s.bb_ante}" if s.bb_ante else "") + (f", straddle {s.straddle}" if s.straddle else "")
        rows = [("phase", x.phase), ("street", self.streets[x.street]), ("blinds", blinds)]
        text = pots.side_pots_text(state) if state.in_hand else ""
        return rows + ([("pots", text)] if text else [])


def _level(value: object) -> tuple[int, int, int]:
    """The blinds declared: "SMALL/BIG/ANTE", each a whole number (a small and a big blind of 1 or more)."""
    parts = str(value).split("/")
    if len(parts) != 3 or not all(p.isdigit() and len(p) <= 13 for p in parts):
        raise InputError(f"{value!r}: the blinds are SMALL/BIG/ANTE in chips, like 2/4/0")
    small, big, ante = (int(p) for p in parts)
    if not 1 <= small <= big <= ev.MAX_CHIPS or ante > ev.MAX_CHIPS:
        raise InputError(f"blinds {small}/{big}: a small blind of 1 or more and a big blind at least as big")
    return small, big, ante


BLINDS = Word("blinds", "Change the blinds (and the ante) from the next hand on: blinds rising.",
              "Between hands: potlog blinds 2 4, or potlog blinds 5 10 --ante 1 (the ante replaces the table's "
              "ante, or its big-blind ante when it has one).",
              params=(Param("small", "The small blind.", type=int), Param("big", "The big blind.", type=int),
                      Param("ante", "The ante (0: none).", kind="option", flags=("--ante",), type=int, default=0)),
              command=lambda v: Command("declare", name="blinds", value=f"{v['small']}/{v['big']}/{v['ante'] or 0}"))
"""The game word for rising blinds (a ``declared`` named ``blinds``, between hands)."""


def _post(state: TableState, kind: str, player: str, amount: int) -> list[ev.Event]:
    """One forced bet, or what the player has left of it."""
    chips = min(amount, state.stack(player))
    if kind == "ante":
        return [base.make_event(ev.Ante, player=player, amount=chips)]
    if kind == "bb-ante":
        return [base.make_event(ev.Transfer, from_account="seat:" + player, to_account="pot", amount=chips,
                                reason=BB_ANTE)]
    return bets.forced_bets(state, bets.Betting(forced=(bets.Forced("blind", 0, amount),)), [player])


def _skip_empty(state: TableState, x: FlopHand) -> None:
    """Pass over the forced bets of players with nothing left to post."""
    while x.posted < len(x.plan) and state.stack(str(x.plan[x.posted][1])) <= 0:
        x.posted += 1


def _min_raise(state: TableState, x: FlopHand, cmd: Command) -> None:
    """A raise is at least the last full bet or raise of the round, unless all-in."""
    player = cmd.player or ""
    owe, stack = bets.owed(state, player), state.stack(player)
    by = stack - owe if cmd.verb == "allin" else (cmd.amount or 0)
    if owe and 0 < by < x.last_raise and owe + by < stack:
        raise RuleViolation(f"{player} cannot raise by {by}: a raise is at least the last bet or raise "
                            f"({x.last_raise}), or all-in")


def _raised(state: TableState, x: FlopHand, event: ev.Event) -> None:
    """Keep the size of the round's last full bet or raise."""
    seat = state.seat(getattr(event, "player", ""))
    if seat is None or type(event) not in (ev.Bet, ev.Raise, ev.AllIn):
        return
    if seat.round_bet - x.high >= x.last_raise:
        x.last_raise = seat.round_bet - x.high


def _showing(state: TableState, x: FlopHand) -> bool:
    """Showing and mucking: at the showdown, or during a run-out nobody can bet in."""
    able = sum(1 for s in state.seats if bets.can_act(state, s))
    hand = state.hand
    return x.phase == "showdown" or (x.phase in ("next", "board", "bet") and able <= 1 and hand is not None
                                     and hand.to_act is None)
