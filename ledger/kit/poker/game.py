"""The poker engine: a `Game` is a declaration (streets, stakes, evaluators); its methods are the
ruleset's decide, evolve, legal, view and check_event. See the package docstring."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Callable, Sequence

from pydantic import BaseModel

from ... import events as ev
from ...cards import UNKNOWN
from ...core.commands import (
    AllIn, Bet, BringIn, Command, Deal, Declare, Exchange, Fold, NewHand, Raise, Rebuy, Reshuffle,
    Reveal,
)
from ...errors import InputError, RuleViolation
from ...core.table import require_hand, require_live, require_open
from ...core.verbs import Handler, declare, fold, make_event, reveal
from ...core.contract import Legal
from ...state import TableState
from .. import betting as bets
from .. import deal, follow, pots
from ..verbs import decider, IDLE
from ..evaluators import Ranked
from . import opening
from .cards import Cards, Discards, board_cards, ext, still_in
from .split import award_hi_lo
from .streets import Hand, Stakes, Street

BB_ANTE = "big blind ante"
_BETS = ("bet", "call", "raise", "allin", "check", "fold")
_FORCED = frozenset({ev.Ante, ev.Transfer, ev.Bet, ev.Call, ev.Raise, ev.AllIn})
_PHASE_SHOWN = {"board": "dealing", "deal": "dealing", "next": "dealing", "draw": "drawing"}  # `hand.phase` of a phase
_BY_CARDS = ("low-card", "high-card")
_POT_WORDS = {"bet_range": "{player} may bet {min} to {max} (pot limit: the pot), not {amount}",
              "raise_range": "{player} may raise by {min} to {max} (pot limit: the pot after calling), not {amount}"}

Best = Callable[[Sequence[str], Sequence[str]], Ranked]
Low = Callable[[Sequence[str], Sequence[str]], "Ranked | None"]


_RULES: dict[tuple[object, ...], tuple[dict[str, object], bets.Betting]] = {}


@dataclass(frozen=True)
class Game(Cards):
    """A poker game, declared: `streets`, the table's `stakes` (read from its options), `best`
    (hole, board) -> the high hand's rank; `low` (hole, board) -> the low hand's rank or None
    (hi-lo split, when the stakes say ``split="hi-lo"``); `deck` 52 or 36 (short deck, sixes
    to aces); `discards` (state, player, cards held, discards) refuses a draw the game does not
    allow (five-card draw's three, four with an ace); `rising`: the game has the ``blinds``
    word (blinds rising between hands)."""

    name: str
    title: str
    options: type[BaseModel]
    stakes: Callable[[TableState], Stakes]
    best: Best
    streets: tuple[Street, ...]
    players: tuple[int, int] = (2, 10)
    low: Low | None = None
    deck: int = 52
    discards: Discards | None = None
    rising: bool = True

    # ------------------------------------------------------------------------- the declaration, worked out

    @cached_property
    def draws(self) -> bool:
        return any(s.draw for s in self.streets)

    @cached_property
    def by_cards(self) -> bool:
        return any(s.opening != "position" for s in self.streets)

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

    def _round_order(self, state: TableState, x: Hand) -> list[str]:
        """Who bets in turn this street, the opener first (or the `opens` index of a blind round):
        from the button's left; heads-up before the first betting with blinds, the button first;
        by the cards, from the opener."""
        if x.opener and x.opener != "?" and x.opener in x.order:
            i = x.order.index(x.opener)
            return x.order[i:] + x.order[:i]
        if x.street == 0 and len(x.order) == 2 and self.current(state).blinds:
            return x.order[::-1]
        return x.order

    def betting(self, state: TableState, x: Hand | None = None) -> bets.Betting:
        """The betting round of the street in progress, declared from the table's stakes."""
        x = x or ext(state)
        n, street = len(x.order), self.streets[x.street]
        key, options = (id(self), x.street, n, *x.level), state.options
        kept = _RULES.get(key)  # (the options it was made for, the round): one table's at a time
        got = kept[1] if kept is not None and kept[0] == options else None
        if got is None:
            s = self.current(state)
            blind_round = x.street == 0 and street.opening == "position" and s.blinds
            last = 3 if s.straddle and n >= 3 else 2 if s.big_blind else 1  # left of the last blind opens
            opens = last % n if blind_round else 0
            if s.structure == "fixed-limit":
                size = s.size(street)
                cap = street.cap - (1 if x.street == 0 and (s.blinds or s.button_blind) else 0)
                got = bets.Betting(structure="fixed", size=size, min_bet=size, max_raises=cap, opens=opens)
            elif s.structure == "pot-limit":
                least = s.smallest
                got = bets.Betting(structure="pot", min_bet=lambda st: max(least, ext(st).last_raise), opens=opens,
                                   messages=_POT_WORDS)
            else:
                got = bets.Betting(structure="no-limit", min_bet=s.min_bet or s.big_blind or s.smallest, opens=opens)
            if len(_RULES) > 256:
                _RULES.clear()
            _RULES[key] = (dict(options), got)
        if got.structure == "fixed" and x.street == 0 and self.by_cards:  # the completion of a bring-in
            high = state.hand.current_bet if state.hand is not None else 0
            if 0 < high < got.size:
                return replace(got, size=got.size - high, min_bet=got.size - high)
        return got

    def _plan(self, state: TableState, x: Hand) -> list[list[str | int]]:
        """The forced bets of the hand, in the order they go in."""
        s, order = self.current(state), x.order
        if len(order) < 2:
            return []
        pre = order[::-1] if len(order) == 2 else order
        out: list[list[str | int]] = [["ante", p, s.ante] for p in order] if s.ante else []
        if s.bb_ante:
            out.append(["bb-ante", pre[1], s.bb_ante])
        out += [["blind", p, a] for p, a in ((pre[0], s.small_blind), (pre[1], s.big_blind)) if a]
        if s.straddle and len(order) >= 3:
            out.append(["blind", pre[2], s.straddle])
        if s.button_blind:
            out.append(["blind", order[-1], s.button_blind])
        return out

    # ------------------------------------------------------------------------- decide

    def decide(self, state: TableState, cmd: Command) -> list[ev.Event]:
        """``open``, the hand's verbs, ``rebuy`` at table stakes and the shared ones (what
        follows them by itself is `after`'s)."""
        return self._decider(state, cmd)

    @cached_property
    def _decider(self) -> Callable[[TableState, Command], list[ev.Event]]:
        verbs: dict[type[Command], Handler] = {
            NewHand: self._hand, Deal: self._deal, Reveal: self._reveal, Rebuy: bets.table_stakes,
            Declare: self._blinds, **dict.fromkeys(bets.WAGERS, self._bet)}
        words = "hand, deal, check, bet, call, raise, allin, fold and reveal"
        if self.draws:
            verbs.update({Exchange: self._exchange, Reshuffle: self._reshuffle})
            words = "hand, deal, exchange (draw or stand pat), check, bet, call, raise, allin, fold and reveal"
        if self.by_cards:
            verbs[BringIn] = self._bringin
            words = "hand, deal, bringin, check, bet, call, raise, allin, fold and reveal"
        forced = "the blinds" if self.rising else "the antes"
        return decider(self.name, self.title, self.options, verbs,
                              f"{words}; potlog posts {forced} and pays the pots")

    def _blinds(self, state: TableState, cmd: Declare) -> list[ev.Event]:
        """``potlog blinds SB BB [--ante N]``: the blinds (and ante) from the next hand on."""
        require_open(state)
        if not self.rising:
            raise RuleViolation(f"{self.title} declares nothing: its stakes are the table's options")
        if cmd.name != "blinds" or cmd.player:
            raise RuleViolation(f"{self.title} declares only the blinds: potlog blinds SMALL BIG [--ante N]")
        if state.in_hand:
            raise RuleViolation("the blinds change between hands: end this one first")
        small, big, ante = level_of(cmd.value)
        return declare(state, Declare(name="blinds", value=f"{small}/{big}/{ante}"))

    def _hand(self, state: TableState, cmd: NewHand) -> list[ev.Event]:
        return follow.followed(deal.start(state, cmd, self.dealing, players=self.players))

    def _bringin(self, state: TableState, cmd: BringIn) -> list[ev.Event]:
        """``potlog bringin NAME``: the lowest (razz: highest) up card opens with the bring-in."""
        x = ext(state)
        player = require_live(state, cmd.player)
        amount = self.current(state).bring_in
        hand = require_hand(state)
        if x.phase != "bet" or not x.bring or hand.current_bet:  # (a bet left standing by a void of the deal)
            raise RuleViolation("the bring-in opens the first betting round, before anyone acts"
                                if amount else f"{self.title} is played without a bring-in here")
        if x.opener not in ("?", player):
            raise RuleViolation(f"{x.opener} brings in ({self._up_card(state, x.opener)}), not {player}")
        stack = state.stack(player)
        event = make_event(ev.AllIn, player=player, amount=stack) if stack <= amount else \
            make_event(ev.Bet, player=player, amount=amount)
        return follow.followed([event])

    def _up_card(self, state: TableState, player: str) -> str:
        seat = state.seat(player)
        up = [h.card for h in seat.cards if h.up] if seat is not None else []
        word = "the highest" if self.streets[0].opening == "high-card" else "the lowest"
        return f"{word} up card, {up[-1]}" if up else word + " up card"

    def _bet(self, state: TableState, cmd: bets.Move) -> list[ev.Event]:
        require_hand(state)
        x = ext(state)
        if isinstance(cmd, Fold) and self._showing(state, x):
            player = require_live(state, cmd.player)
            return follow.followed(fold(state, Fold(player=player)))
        if x.phase != "bet":
            street = self.streets[min(x.street + 1, len(self.streets) - 1) if x.phase == "next" else x.street]
            raise RuleViolation({
                "blinds": "the blinds go in first" if self.current(state).blinds or self.current(state).button_blind
                          else "the antes go in first",
                "deal": f"the betting starts when everyone has {self._need[x.street] - x.common} cards "
                        "(potlog deal all)",
                "draw": f"the {street.name} comes first: each player discards and draws (potlog exchange NAME "
                        "--discard CARDS) or stands pat (potlog exchange NAME)",
                "showdown": "the betting is over: show (potlog reveal NAME CARDS) or muck (potlog fold NAME)",
            }.get(x.phase, f"deal the {street.name} first (potlog deal board CARDS)"))
        rules = self.betting(state, x)
        if x.bring:
            return self._bring_move(state, x, rules, cmd)
        if x.opener == "?":  # an unseen up card: the first to act opens, as the record says
            state = _turn_of(state, require_live(state, cmd.player))
        if isinstance(cmd, (Raise, AllIn)) and rules.structure != "fixed":
            _min_raise(state, x, cmd)
        return follow.followed(bets.act(state, x, rules, cmd))

    def _bring_move(self, state: TableState, x: Hand, rules: bets.Betting, cmd: bets.Move) -> list[ev.Event]:
        """The first move of a stud hand: the bring-in, or completing to the small bet."""
        player = require_live(state, cmd.player)
        s = self.current(state)
        opener = player if x.opener == "?" else x.opener
        if player != opener:
            raise RuleViolation(f"{opener} acts first: the bring-in ({self._up_card(state, opener)})")
        if isinstance(cmd, Bet) and cmd.amount == s.bring_in and s.bring_in < rules.size:
            return self._bringin(state, BringIn(player=player))
        if not isinstance(cmd, (Bet, AllIn)):
            raise RuleViolation(f"{player} brings in {s.bring_in} (potlog bringin {player}) or completes to "
                                f"{rules.size} (potlog bet {player} {rules.size})")
        return follow.followed(bets.act(_turn_of(state, player), x, rules, cmd))

    def _reveal(self, state: TableState, cmd: Reveal) -> list[ev.Event]:
        require_hand(state)
        x = ext(state)
        if x.phase == "draw" and self.discards is not None and cmd.player == self._drawer(state, x) and cmd.cards:
            return reveal(state, cmd)  # a card shown before the draw (five-card draw's ace)
        if not self._showing(state, x):
            raise RuleViolation("hands are shown at the showdown, or once nobody can bet any more")
        if cmd.player and not cmd.cards:  # show the cards the record knows (those still face down)
            seat = state.seat(cmd.player)
            held = [h.card for h in seat.cards] if seat is not None else []
            if UNKNOWN in held or not held:
                raise InputError(f"name {cmd.player}'s cards: potlog reveal {cmd.player} CARDS")
            down = [h.card for h in seat.cards if not h.up] if seat is not None else []
            cmd = Reveal(player=cmd.player, cards=tuple(down or held))
        return follow.followed(reveal(state, cmd))

    def _showing(self, state: TableState, x: Hand) -> bool:
        """Showing and mucking: at the showdown, or during a run-out nobody can bet in."""
        if x.phase == "showdown":
            return True
        hand = state.hand
        phases = ("next", "board", "bet", "deal") if x.street else ("next", "board", "bet")
        if x.phase not in phases or hand is None or hand.to_act is not None:
            return False
        able = 0
        for s in state.seats:
            if bets.can_act(state, s):
                able += 1
        return able <= 1

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
            return [make_event(ev.RoundStarted, round=hand.round + 1, name=self.streets[x.street + 1].name)]
        if x.phase != "showdown":
            return []
        live = still_in(state, x)
        if len(live) <= 1:
            return (pots.last_in(state)[1] or [make_event(ev.HandEnded, hand=hand.number)])[:1]
        seats = {p: s for p in live if (s := state.seat(p)) is not None}
        if any(h.card == UNKNOWN or not h.up for s in seats.values() for h in s.cards):
            return []
        board = board_cards(state)
        hole = {p: [h.card for h in s.cards] for p, s in seats.items()}
        ranks = {p: self.best(cards, board) for p, cards in hole.items()}
        total = state.balance("pot") + x.paid  # the pot as the showdown found it
        if self.low is not None and self.current(state).split == "hi-lo":
            low = self.low
            due = award_hi_lo(state, ranks, {p: low(cards, board) for p, cards in hole.items()}, x.order,
                              total=total)[x.settled:]
        else:
            due = pots.award_by_rank(state, ranks, x.order, total=total)[x.settled:]
        return due[:1] or [make_event(ev.HandEnded, hand=hand.number)]

    def check_event(self, state: TableState, event: ev.Event) -> None:
        """``potlog verify --rules``: each move decided again; forced bets, streets and pots recomputed."""
        from ...core.commands import command_for

        follow.check(state, event, self.after, self.decide, lambda s, e: command_for(e), game=self.name,
                     by_itself=(ev.Ante, ev.Transfer, ev.RoundStarted, ev.PotAwarded, ev.HandEnded))

    def forced(self, state: TableState, cmd: Command) -> list[ev.Event] | None:
        """``--override`` of the bring-in: the bring-in's bet, whoever the rules would have open."""
        if not isinstance(cmd, BringIn):
            return None
        player = require_live(state, cmd.player)
        return [make_event(ev.Bet, player=player, amount=self.current(state).bring_in)]

    # ------------------------------------------------------------------------- evolve

    def evolve(self, state: TableState, event: ev.Event) -> None:
        x, hand, t = ext(state), state.hand, type(event)
        if isinstance(event, ev.HandStarted):
            x.order, x.street, x.posted, x.paid, x.settled = deal.seat_in(state, event), 0, 0, 0, 0
            bets.reset(x)
            s = self.current(state)
            x.plan, x.phase, x.last_raise = self._plan(state, x), "blinds", s.big_blind or s.smallest
            x.opener, x.drawn, x.common, x.bring = "", 0, 0, False
            _skip_empty(state, x)
        pots.tally(x, event)
        if isinstance(event, ev.Declared) and event.name == "blinds" and not state.in_hand:
            try:
                x.level = list(level_of(event.value))
            except InputError:  # a ruling recorded something else: the blinds stay
                pass
        if hand is None or hand.ended:
            x.phase = "idle"
            if hand is not None:
                hand.to_act = None
            return
        rules: bets.Betting | None = None  # the round's rules: the same all through this event (street, level, seats)
        if x.phase == "blinds" and t in _FORCED:
            rules = self.betting(state, x)
            bets.record(state, x, rules, event, forced=True)
            x.posted += 1
            _skip_empty(state, x)
        elif x.phase == "bet" and t in bets.MOVES:
            player: str = getattr(event, "player")
            if x.opener == "?":
                x.opener = player
            rules = self.betting(state, x)
            if x.bring and self._brings_in(state, event):
                bets.record(state, x, rules, event, forced=True)
                x.acted.append(player)
            else:
                _raised(state, x, event)
                bets.record(state, x, rules, event)
            x.bring = False
        elif t is ev.RoundStarted and x.phase == "next":
            x.street = min(x.street + 1, len(self.streets) - 1)
            x.phase = self._entry(state, x)
            s = self.current(state)
            x.last_raise, x.opener, x.drawn = s.big_blind or s.smallest, "", 0
            bets.reset(x)
        elif t is ev.CardsExchanged and x.phase == "draw":
            player = getattr(event, "player")
            if player in x.order:
                x.drawn |= 1 << x.order.index(player)
        if x.phase == "blinds" and x.posted >= len(x.plan):
            x.phase = "deal"
        if x.phase == "deal" and self._dealt(state, x):
            self._open(state, x)
        elif x.phase == "board" and len(board_cards(state)) >= self._boards[x.street] + x.common:
            self._open(state, x)
        elif x.phase == "draw" and self._drawn(state, x):
            self._open(state, x)
        phase, waiting, who = x.phase, False, None
        if phase == "bet":
            waiting = x.opener == "?" and sum(1 for s in state.seats if bets.can_act(state, s)) > 1
            if not waiting:
                who = bets.to_act(state, x, rules or self.betting(state, x), self._round_order(state, x))
        if (phase in ("bet", "next", "board") or (x.street and phase in ("deal", "draw"))) and _alone(state):
            x.phase = "showdown"
        elif phase == "bet" and who is None and not waiting:
            x.phase = "showdown" if x.street == len(self.streets) - 1 else "next"
        phase = x.phase
        hand.to_act = who if phase == "bet" else self._drawer(state, x) if phase == "draw" else None
        hand.phase = self.streets[x.street].name if phase == "bet" else _PHASE_SHOWN.get(phase, phase)

    def _entry(self, state: TableState, x: Hand) -> str:
        """The phase a street opens with: its draw, its hole cards, or its board; a stud street
        the stock cannot deal to everyone is one community card on the board (as PokerKit)."""
        street = self.streets[x.street]
        if street.draw:
            return "draw"
        if street.hole:
            if self._stock(state) < len(street.hole) * len(still_in(state, x)):
                x.common += len(street.hole)
                return "board"
            return "deal"
        return "board"

    def _dealt(self, state: TableState, x: Hand) -> bool:
        need, anyone = self._need[x.street] - x.common, False
        for s in state.seats:
            if s.in_hand and not s.folded:
                if len(s.cards) < need:
                    return False
                anyone = True
        return anyone

    def _drawn(self, state: TableState, x: Hand) -> bool:
        need = self._need[x.street]
        return all(x.has_drawn(p) and (s := state.seat(p)) is not None and len(s.cards) >= need
                   for p in still_in(state, x))

    def _open(self, state: TableState, x: Hand) -> None:
        """The street's betting begins: who opens by the cards, and whether a bring-in is due."""
        x.phase = "bet"
        street = self.streets[x.street]
        if street.opening == "position":
            return
        x.opener = opening.opener(state, street.opening, x.order)
        x.bring = (x.street == 0 and street.opening in _BY_CARDS and self.current(state).bring_in > 0
                   and (x.opener == "?" or bets.can_act(state, state.seat(x.opener))))

    def _brings_in(self, state: TableState, event: ev.Event) -> bool:
        """A first move that is the bring-in (not a completion to the small bet)."""
        if type(event) not in (ev.Bet, ev.AllIn):
            return False
        s = self.current(state)
        seat = state.seat(getattr(event, "player"))
        size = s.size(self.streets[0])
        return seat is not None and s.bring_in < size and seat.round_bet <= s.bring_in

    # ------------------------------------------------------------------------- legal, view

    def legal(self, state: TableState) -> list[Legal]:
        if state.closed:
            return []
        x, hand = ext(state), state.hand
        if not state.in_hand or hand is None:
            return [IDLE] + ([Legal(None, ("blinds",), "the blinds for the next hands")] if self.rising else [])
        if x.phase == "deal":
            need = self._need[x.street] - x.common
            short = deal.short(state, need, still_in(state, x))
            return [Legal(None, ("deal",), f"{need} cards each to {', '.join(short)}")]
        if x.phase == "bet" and x.bring:
            s, rules = self.current(state), self.betting(state, x)
            return [Legal(None if x.opener == "?" else x.opener, ("bringin", "bet", "allin"),
                          f"brings in {s.bring_in} or completes to {rules.size}")]
        if x.phase == "bet" and hand.to_act is not None:
            return [bets.prompt(state, x, self.betting(state, x), hand.to_act)]
        if x.phase == "bet":
            return [Legal(None, _BETS, "an up card is unseen: the first to act opens")]
        if x.phase == "board":
            return [Legal(None, ("deal",), f"the {self.streets[x.street].name}: potlog deal board CARDS")]
        if x.phase == "draw":
            if hand.to_act is not None:
                shows = ("reveal",) if self.discards is not None else ()
                return [Legal(hand.to_act, ("exchange",) + shows,
                              "discards and draws (--discard CARDS), or stands pat")]
            return [Legal(None, ("deal",), "the cards drawn: potlog deal NAME CARDS")]
        return [Legal(None, ("reveal", "fold"), "each player still in shows (reveal) or mucks (fold)")]

    def view(self, state: TableState) -> list[tuple[str, str]]:
        x, s = ext(state), self.current(state)
        rows = [("phase", x.phase), ("street", self.streets[x.street].name), stakes_row(s)]
        text = pots.side_pots_text(state) if state.in_hand else ""
        return rows + ([("pots", text)] if text else [])


def stakes_row(s: Stakes) -> tuple[str, str]:
    """The stakes as ``potlog state`` shows them: the blinds (hold'em's line), else the antes and bets."""
    limit = f", {s.small_bet or s.big_blind}/{s.big_bet or 2 * (s.small_bet or s.big_blind)}" \
        if s.structure == "fixed-limit" and (s.small_bet or s.big_bet) else ""
    split = ", hi-lo split" if s.split == "hi-lo" else ""
    if s.blinds:
        return ("blinds", f"{s.small_blind}/{s.big_blind} {s.structure}" + (f", ante {s.ante}" if s.ante else "") + (
            f", big-blind ante {s.bb_ante}" if s.bb_ante else "") + (f", straddle {s.straddle}" if s.straddle else "")
            + limit + split)
    parts = [f"ante {s.ante}"] if s.ante else []
    parts += [f"button blind {s.button_blind}"] if s.button_blind else []
    parts += [f"bring-in {s.bring_in}"] if s.bring_in else []
    return ("stakes", ", ".join(parts + [s.structure + limit.replace(", ", " ")]) + split)


def level_of(value: object) -> tuple[int, int, int]:
    """The blinds declared: "SMALL/BIG/ANTE", each a whole number (a small and a big blind of 1 or more)."""
    parts = str(value).split("/")
    if len(parts) != 3 or not all(p.isdigit() and len(p) <= 13 for p in parts):
        raise InputError(f"{value!r}: the blinds are SMALL/BIG/ANTE in chips, like 2/4/0")
    small, big, ante = (int(p) for p in parts)
    if not 1 <= small <= big <= ev.MAX_CHIPS or ante > ev.MAX_CHIPS:
        raise InputError(f"blinds {small}/{big}: a small blind of 1 or more and a big blind at least as big")
    return small, big, ante


def _turn_of(state: TableState, player: str) -> TableState:
    """A copy of the table with `player` to act (the opener the record names)."""
    trial = state.clone()
    if trial.hand is not None:
        trial.hand.to_act = player
    return trial


def _post(state: TableState, kind: str, player: str, amount: int) -> list[ev.Event]:
    """One forced bet, or what the player has left of it."""
    chips = min(amount, state.stack(player))
    if kind == "ante":
        return [make_event(ev.Ante, player=player, amount=chips)]
    if kind == "bb-ante":
        return [make_event(ev.Transfer, from_account="seat:" + player, to_account="pot", amount=chips,
                                reason=BB_ANTE)]
    return bets.forced_bets(state, _blind(amount), [player])


@lru_cache(maxsize=256)
def _blind(amount: int) -> bets.Betting:
    """The round of one blind of `amount` (a declaration: made once per amount)."""
    return bets.Betting(forced=(bets.Forced("blind", 0, amount),))


def _alone(state: TableState) -> bool:
    """At most one player is still in the hand (dealt in, not folded)."""
    n = 0
    for s in state.seats:
        if s.in_hand and not s.folded:
            n += 1
            if n > 1:
                return False
    return True


def _skip_empty(state: TableState, x: Hand) -> None:
    """Pass over the forced bets of players with nothing left to post."""
    while x.posted < len(x.plan) and state.stack(str(x.plan[x.posted][1])) <= 0:
        x.posted += 1


def _min_raise(state: TableState, x: Hand, cmd: Raise | AllIn) -> None:
    """A raise is at least the last full bet or raise of the round, unless all-in."""
    player = cmd.player or ""
    owe, stack = bets.owed(state, player), state.stack(player)
    by = stack - owe if isinstance(cmd, AllIn) else (cmd.amount or 0)
    if owe and 0 < by < x.last_raise and owe + by < stack:
        raise RuleViolation(f"{player} cannot raise by {by}: a raise is at least the last bet or raise "
                            f"({x.last_raise}), or all-in")


def _raised(state: TableState, x: Hand, event: ev.Event) -> None:
    """Keep the size of the round's last full bet or raise."""
    seat = state.seat(getattr(event, "player", ""))
    if seat is None or type(event) not in (ev.Bet, ev.Raise, ev.AllIn):
        return
    if seat.round_bet - x.high >= x.last_raise:
        x.last_raise = seat.round_bet - x.high
