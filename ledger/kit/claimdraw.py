"""Claim, draw, point: the hand of Primiera and Primero, declared once for both.

Rule book: ``shared/rules/parlett-primiera-poch-bouillotte.txt``. A game on this engine is its
readings, its `Options` (a `ClaimDrawOptions`), a pure `rank` of four cards and one
declaration::

    GAME = ClaimDraw("primiera", "Primiera", "...", Options,
                     rank=lambda cards, o, family: rank_primiera(cards, best_suit=o.best_suit, family=family),
                     classes="a flush, a fifty-five or a primiera")
    RULESET = GAME.ruleset()

What the engine does (both games the same way):

- ``potlog hand``: the deal passes left; everyone seated with chips antes ``ante`` (or what
  they have), recorded by potlog; a pot carried from a dead tie rides in. ``potlog deal all``
  (or ``potlog deal Ann 7H 6H AH 2C``): four cards each.
- **Claims**, clockwise from the dealer's left, everyone once: ``potlog claim NAME CARDS``
  shows a hand of a class (``potlog claim NAME`` when its cards are known), ``potlog pass
  NAME`` does not claim. A claim must beat or equal the best one standing (the example's
  counters); a hand of no class is refused. When everyone has had a turn, the best claim
  takes the pot; claims still equal annul the deal and the whole pot is carried forward.
- **The draw**, when nobody claimed: each in turn discards one to four cards and is dealt as
  many from the top of the stock (``potlog exchange NAME 5H --discard KD``, or ``-n 2`` for
  two unseen cards for two unseen ones). The discards are not shuffled back: once the stock
  is empty, the players still to draw keep their cards. Then, with ``restake``, everyone
  stakes that much again (potlog records it), and there is a claims round again.
- **Vying** (``vie``, the stages of the hand with a round of poker-style vying: check, bet,
  call, raise, all-in, fold; ``min_bet``, ``limit`` as in Straight Poker; clockwise from the
  dealer's left): ``deal``, once the claims after the deal come to nothing, before the first
  draw (the text's "players may agree to stake again at this stage"); ``draw``, once the
  claims after the last draw come to nothing, before the showdown ("the period between the
  draw and final showdown sees a round of Poker-style vying"; ``vying=true`` says the same).
  ``-o vie=deal,draw`` vies at both; ``none`` by default. Everyone else folding, the last player
  in takes the pot unseen; a player who folded draws, claims and shows no more. Chips bet in
  one round are matched there: the next round starts afresh (potlog records its start).
- ``draws`` (default 1) draws at most, each only while the stock holds a card for every
  player in; then the vying after the draw if the table vies there, and the **showdown**:
  every hand still in is turned up (``potlog reveal NAME CARDS`` names unseen ones) and the
  best takes the pot, a class above any point; equal hands annul the deal and the pot is
  carried forward.
  All but one folding in the vying wins the pot unseen.
- ``potlog verify --rules`` re-decides every move and recomputes the antes and the payouts.

Public API: `ClaimDrawOptions`, `ClaimDraw` (``.ruleset()``, and its ``decide``, ``evolve``,
``legal``, ``view``, ``check_event``), `Book` (the game's state, ``state.ext``), `CLAIM`, `PASS`
(the words).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .. import events as ev
from ..cards import PACKS, UNKNOWN, parse_cards
from ..core.commands import Command, Deal, Declare, Exchange, NewHand, Reveal, command_for
from ..errors import InputError, RuleViolation
from ..core.table import require_hand, require_open, require_seated
from ..core.verbs import Handler, exchange, make_event, reveal
from ..core.contract import AnyRuleset, Legal, Param, Ruleset, Word
from ..core.options import options_of
from ..state import TableState
from . import betting as bets
from . import deal, follow, pots, stages
from .verbs import decider, IDLE
from .evaluators import Ranked


class ClaimDrawOptions(BaseModel):
    """The table's choices every game on this engine has."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="chips each player antes into the pot")
    pack: Literal["italian40", "spanish40"] = Field(
        default="italian40", description="italian40 (French suits, A 2-7 J Q K) or spanish40 (1-7, 10-12)")
    draws: int = Field(default=1, ge=1, le=8, description="draws at most before the showdown (further draws: 2 or more)")
    restake: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="chips everyone stakes again after a draw; 0: none")
    vying: bool = Field(default=False, description="a round of poker-style vying after the last draw, before the "
                                                   "showdown (the same as vie=draw)")
    vie: Literal["none", "deal", "draw", "deal,draw"] = Field(
        default="none", description="the stages with a round of vying: deal (after the deal's claims, before "
                                    "the draw), draw (after the last draw's claims, before the showdown), deal,draw, "
                                    "or none")
    min_bet: int = Field(default=1, ge=1, le=ev.MAX_CHIPS, description="the smallest bet or raise in the vying")
    limit: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="the largest bet or raise in the vying; 0: no limit")

    @model_validator(mode="after")
    def _limit_in_order(self) -> ClaimDrawOptions:
        if self.limit and self.limit < self.min_bet:
            raise ValueError(f"the limit ({self.limit}) must be at least the smallest bet, min_bet ({self.min_bet}), "
                             "or 0 for no limit")
        return self


@dataclass(slots=True)
class Book:
    """The hand in progress: players from the dealer's left, the phase (deal, claim, draw, vie,
    showdown, settle), who has had their turn this round (`moved`) and who claimed, the draws
    done, antes and restakes, the stock, the vying's `stage` (deal or draw) and book, and the
    settlement tally."""

    order: list[str] = field(default_factory=list)
    phase: str = "idle"
    moved: list[str] = field(default_factory=list)
    claimed: list[str] = field(default_factory=list)
    draws: int = 0
    anted: list[str] = field(default_factory=list)
    staked: list[str] = field(default_factory=list)
    stock: int = 40
    stage: str = ""
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0
    paid: int = 0
    settled: int = 0


Rank = Callable[[Sequence[str], Any, str], Ranked]
PASSED = Ranked((-1,), "passed")
BY_ITSELF = (ev.Ante, ev.RoundStarted, ev.PotAwarded, ev.PotCarried, ev.HandEnded)
STAGES = {"deal": "after the deal's claims, before the draw", "draw": "after the last draw, before the showdown"}
DEALING = deal.Dealing(4, messages={"too_many": "{to} holds {have} cards: four each ({short} more at most)"})
_WHAT = {"claim": "claim or pass", "draw": "draw"}

CLAIM = Word("claim", "PLAYER claims by showing a hand of a class (it must beat or equal the best claim standing).",
             "Example: potlog claim Ann 7H 6H AH 2C. Without cards, the hand's known cards are shown. "
             "At the showdown it turns a hand up, like potlog reveal.",
             params=(Param("player", "Who claims."),
                     Param("cards", "The four cards shown, like 7H 6H AH 2C.", required=False, many=True)),
             command=lambda v: Reveal(player=v["player"], cards=tuple(v["cards"] or ())), makes=(Reveal,))
PASS = Word("pass", "PLAYER does not claim this round.", "When everyone has passed, the draw comes (or the showdown).",
            params=(Param("player", "Who passes."),),
            command=lambda v: Declare(player=v["player"], name="pass"), makes=(Declare,))


def _beats(layer: pots.Layer, won: list[str], ranks: dict[str, Ranked]) -> str:
    """The award's reason, with the best hand of the layer it beat (the text's "60 to Carlo's 53")."""
    beaten = max(((p, ranks[p]) for p in layer.eligible if p not in won and p in ranks and ranks[p].key >= (0,)),
                 key=lambda pr: pr[1].key, default=None)
    over = f", over {beaten[0]}'s {beaten[1].label}" if beaten else ""
    return f"{layer.name}: {won[0]} wins with {ranks[won[0]].label}{over}"


@dataclass(frozen=True)
class ClaimDraw:
    """A game of the family, declared (see the module docstring)."""

    name: str
    title: str
    summary: str
    options: type[ClaimDrawOptions]
    rank: Rank
    classes: str

    # ------------------------------------------------------------------------- reading the table

    def x(self, state: TableState) -> Book:
        return stages.ext_of(state, Book, lambda s: Book())

    def opts(self, state: TableState) -> ClaimDrawOptions:
        return options_of(state, self.options)

    def vies(self, state: TableState) -> list[str]:
        """The stages this table vies at (``vie``, and ``vying``: the draw), in the hand's order."""
        o = self.opts(state)
        named = set(o.vie.split(",")) | ({"draw"} if o.vying else set())
        return [stage for stage in STAGES if stage in named]

    def betting(self, state: TableState) -> bets.Betting:
        o = self.opts(state)
        return bets.Betting(structure="declared" if o.limit else "no-limit", min_bet=o.min_bet,
                            limit=(lambda s: o.limit) if o.limit else None,
                            messages={"turn": "it is {to_act}'s turn to bet, not {player}'s"})

    def ranked(self, state: TableState, cards: Sequence[str]) -> Ranked:
        return self.rank(cards, self.opts(state), PACKS[self.opts(state).pack].family)

    def live(self, state: TableState, x: Book) -> list[str]:
        return [p for p in x.order if (s := state.seat(p)) is not None and s.in_hand and not s.folded]

    def cards(self, state: TableState, player: str) -> list[str]:
        seat = state.seat(player)
        return [h.card for h in seat.cards] if seat is not None else []

    def best_claim(self, state: TableState, x: Book) -> tuple[str, Ranked] | None:
        ranks = [(p, self.ranked(state, self.cards(state, p))) for p in x.claimed]
        return max(ranks, key=lambda r: r[1].key, default=None)

    def next_up(self, state: TableState, x: Book) -> str | None:
        return next((p for p in self.live(state, x) if p not in x.moved), None)

    def now(self, x: Book) -> str:
        return {"deal": "the cards are being dealt (four each)", "claim": "the claims are under way",
                "draw": "the draw is under way", "vie": "the vying is under way",
                "showdown": "the showdown: turn up the hands still in"}.get(x.phase, "no hand is in progress")

    # ------------------------------------------------------------------------- the verbs

    def _turn(self, state: TableState, cmd: Reveal | Declare | Exchange, phase: str) -> tuple[Book, str]:
        require_hand(state)
        x = self.x(state)
        player = require_seated(state, cmd.player)
        if x.phase != phase:
            raise RuleViolation(f"{player} cannot {_WHAT[phase]} now: {self.now(x)}")
        who = self.next_up(state, x)
        if player != who:
            raise RuleViolation(f"it is {who}'s turn to {_WHAT[phase]}, not {player}'s")
        return x, player

    def _hand(self, state: TableState, cmd: NewHand) -> list[ev.Event]:
        return follow.followed(deal.start(state, cmd, DEALING, players=(2, 8)))

    def _deal(self, state: TableState, cmd: Deal) -> list[ev.Event]:
        require_hand(state)
        x = self.x(state)
        if x.phase != "deal":
            raise RuleViolation("the cards are dealt: four each; new cards come in the draw (potlog exchange)")
        return follow.followed(deal.deal(state, cmd, DEALING, x.order, x.stock))

    def _reveal(self, state: TableState, cmd: Reveal) -> list[ev.Event]:
        require_hand(state)
        x = self.x(state)
        if x.phase == "showdown":
            return follow.followed(reveal(state, cmd))
        x, player = self._turn(state, cmd, "claim")
        held = self.cards(state, player)
        shown = parse_cards(list(cmd.cards), self.opts(state).pack, allow_unknown=False) if cmd.cards else held
        if len(shown) != 4 or UNKNOWN in shown:
            raise InputError(f"a claim shows all four of {player}'s cards, like potlog claim {player} 7H 6H AH 2C")
        ranked = self.ranked(state, shown)
        if ranked.key[0] <= 0:
            raise RuleViolation(f"{player}'s {ranked.label} is no claim: claim {self.classes}, or pass "
                                f"(potlog pass {player})")
        best = self.best_claim(state, x)
        if best is not None and best[1].key > ranked.key:
            raise RuleViolation(f"{best[0]}'s {best[1].label} stands: {player}'s {ranked.label} does not beat it; "
                                f"{player} passes (potlog pass {player})")
        events = reveal(state, dataclasses.replace(cmd, player=player, cards=tuple(shown)))
        return follow.followed(events)

    def _declare(self, state: TableState, cmd: Declare) -> list[ev.Event]:
        if cmd.name != "pass":
            require_open(state)
            raise RuleViolation(f"{self.title} has no declaration {cmd.name!r}: players claim (potlog claim) or pass")
        _, player = self._turn(state, cmd, "claim")
        return follow.followed([make_event(ev.Declared, player=player, name="pass")])

    def _exchange(self, state: TableState, cmd: Exchange) -> list[ev.Event]:
        x, player = self._turn(state, cmd, "draw")
        pack = self.opts(state).pack
        discard = parse_cards(list(cmd.discard), pack) if cmd.discard else []
        draw = (parse_cards(list(cmd.cards), pack) if cmd.cards else []) + [UNKNOWN] * (cmd.count or 0)
        discard = discard or [UNKNOWN] * len(draw)
        draw = draw or [UNKNOWN] * len(discard)
        if not 1 <= len(discard) == len(draw) <= 4:
            raise InputError(f"{player} discards one to four cards and draws as many: potlog exchange {player} "
                             f"-n 2 (two unseen), or name them: potlog exchange {player} 5H --discard KD")
        if len(draw) > x.stock:
            raise RuleViolation(f"the stock has only {x.stock} cards left: {player} draws {x.stock} at most")
        if cmd.amount:
            raise RuleViolation(f"a draw costs nothing in {self.title}")
        one = dataclasses.replace(cmd, player=player, discard=tuple(discard), cards=tuple(draw), count=None, amount=0)
        return follow.followed(exchange(state, one, cost=0))

    def _bet(self, state: TableState, cmd: bets.Move) -> list[ev.Event]:
        require_hand(state)
        x = self.x(state)
        if x.phase != "vie":
            when = " and ".join(STAGES[stage] for stage in self.vies(state))
            vie = f" (the vying comes {when})" if when else ""
            raise RuleViolation(f"{self.title} has no betting {'now' if vie else 'at this table'}{vie}: {self.now(x)}")
        return follow.followed(bets.act(state, x, self.betting(state), cmd))

    # ------------------------------------------------------------------------- what follows by itself

    def _after(self, state: TableState) -> list[ev.Event]:
        """The antes and restakes due, then the settlement: the best claim, or the showdown."""
        x, hand, o = self.x(state), state.hand, self.opts(state)
        if hand is None or hand.ended:
            return []
        due = pots.post_antes(state, x.order, x.anted, o.ante)
        if not due and x.phase == "claim" and x.draws and o.restake:
            due = pots.post_antes(state, self.live(state, x), x.staked, o.restake)
        if not due and x.phase == "vie" and not x.acted and hand.current_bet:   # a round after one with bets
            due = bets.next_round(state, {hand.round + 1: f"vying after the {x.stage}"})
        if due or x.phase not in ("settle", "showdown"):
            return due
        live = self.live(state, x)
        if x.phase == "showdown" and len(live) <= 1:
            return pots.last_in(state)[1] or [make_event(ev.HandEnded, hand=hand.number)]
        if x.phase == "showdown":
            if any(UNKNOWN in self.cards(state, p) for p in live):
                return []
            ranks = {p: self.ranked(state, self.cards(state, p)) for p in live}
        else:
            ranks = {p: self.ranked(state, self.cards(state, p)) if p in x.claimed else PASSED for p in live}
        total = state.balance("pot") + x.paid
        payout = pots.Payout(reason=lambda layer, won: _beats(layer, won, ranks))
        paid = pots.award_by_rank(state, ranks, x.order, ties="stand", total=total, payout=payout)[x.settled:]
        return deal.turn_up(state, live if x.phase == "showdown" else []) or paid[:1] or [
            make_event(ev.HandEnded, hand=hand.number)]

    # ------------------------------------------------------------------------- the declaration's parts

    def decide(self, state: TableState, cmd: Command) -> list[ev.Event]:
        verbs: dict[type[Command], Handler] = {
            NewHand: self._hand, Deal: self._deal, Reveal: self._reveal, Declare: self._declare,
            Exchange: self._exchange, **dict.fromkeys(bets.WAGERS, self._bet)}
        hint = "hand, deal, claim or pass, exchange (the draw), reveal at the showdown; potlog pays the pot"
        return decider(self.name, self.title, self.options, verbs, hint)(state, cmd)

    def evolve(self, state: TableState, event: ev.Event) -> None:
        x, hand = self.x(state), state.hand
        if isinstance(event, ev.HandStarted):
            state.ext = x = Book(order=deal.seat_in(state, event), phase="deal")
        elif isinstance(event, ev.Ante):
            (x.staked if event.player in x.anted else x.anted).append(event.player)
        deal.track(state, x, event)
        pots.tally(x, event)
        if hand is None or hand.ended:
            x.phase = "idle"
            return
        who = getattr(event, "holder", None) or getattr(event, "player", None)
        if x.phase in ("claim", "draw") and who in x.order and who not in x.moved and (
                isinstance(event, ev.CardsRevealed | ev.CardsExchanged)
                or isinstance(event, ev.Declared) and event.name == "pass"):
            x.moved.append(who)
            if isinstance(event, ev.CardsRevealed):
                x.claimed.append(who)
        if x.phase == "vie":
            bets.record(state, x, self.betting(state), event)
        self._move_on(state, x)
        hand.to_act = bets.to_act(state, x, self.betting(state), x.order) if x.phase == "vie" else (
            self.next_up(state, x) if x.phase in ("claim", "draw") else None)
        hand.phase = x.phase

    def _move_on(self, state: TableState, x: Book) -> None:
        o, live = self.opts(state), self.live(state, x)
        if x.phase == "deal" and deal.dealt(state, 4):
            x.phase, x.moved = "claim", []
        if x.phase == "draw" and (self.next_up(state, x) is None or x.stock <= 0):
            x.phase, x.draws, x.moved, x.staked = "claim", x.draws + 1, [], []
        if x.phase == "claim" and self.next_up(state, x) is None:
            vies = self.vies(state)
            if x.claimed:
                x.phase = "settle"
            elif x.draws < o.draws and x.stock >= len(live):
                x.phase, x.moved, x.stage = ("vie", [], "deal") if not x.draws and "deal" in vies else ("draw", [], "")
            else:
                x.phase, x.stage = ("vie", "draw") if "draw" in vies else ("showdown", "")
            bets.reset(x)
        if x.phase == "vie" and (len(live) <= 1 or bets.to_act(state, x, self.betting(state), x.order) is None):
            x.phase = "draw" if x.stage == "deal" and len(live) > 1 else "showdown"

    def legal(self, state: TableState) -> list[Legal]:
        if state.closed:
            return []
        x, hand = self.x(state), state.hand
        if not state.in_hand or hand is None:
            return [IDLE]
        if x.phase == "deal":
            return [Legal(None, ("deal",), f"four cards each to {', '.join(deal.short(state, 4, x.order))}")]
        if x.phase == "claim" and hand.to_act:
            return [Legal(hand.to_act, ("claim", "pass"), f"claim {self.classes} by showing it, or pass")]
        if x.phase == "draw" and hand.to_act:
            return [Legal(hand.to_act, ("exchange",), f"discard one to four, draw as many ({x.stock} in the stock)")]
        if x.phase == "vie" and hand.to_act:
            return [bets.prompt(state, x, self.betting(state), hand.to_act)]
        unseen = [p for p in self.live(state, x) if UNKNOWN in self.cards(state, p)]
        return [Legal(None, ("reveal",), "name the unseen cards of " + ", ".join(unseen))] if unseen else []

    def view(self, state: TableState) -> list[tuple[str, str]]:
        x = self.x(state)
        lines = [("phase", x.phase)]
        if state.in_hand:
            lines += [("draws", f"{x.draws} of {self.opts(state).draws}"), ("stock", f"{x.stock} cards")]
            best = self.best_claim(state, x)
            lines += [("best claim", f"{best[0]}: {best[1].label}")] if best else []
        return lines

    def check_event(self, state: TableState, event: ev.Event) -> None:
        """``potlog verify --rules``: each move decided again; the antes and payouts recomputed."""
        follow.check(state, event, self._after, self.decide, lambda s, e: command_for(e), game=self.name,
                     by_itself=BY_ITSELF)

    def ruleset(self) -> AnyRuleset:
        return Ruleset(name=self.name, title=self.title, summary=self.summary, options=self.options,
                       initial=lambda state: Book(), decide=self.decide, evolve=self.evolve, legal=self.legal,
                       view=self.view, check_event=self.check_event, words=(CLAIM, PASS), min_players=2, after=self._after,
                       max_players=8)
