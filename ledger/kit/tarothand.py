"""A hand of the tarot family, declared: the deal with the chien (Troggu's Tapp), the bidding, the
taker's chien and discard, the play to the right, the count and the score sheet across hands.
Le Tarot Français, Troggu, Tarocchini, Tarocchi Siciliani and Tarock each fill in a `TarotGame`
(their pack, the cards each, their bidding, what a contract means, their discard limits and
their score); the trick rules are `ledger.kit.tarot`'s, played on the trick kit
(`ledger.kit.tricks`: the turn, following, the trick's taker, the cards won per side, the score
sheet and its payments).

What every one of them reads the same (each game's docstring adds its own):

- ``potlog hand`` deals (the first dealer is the first seat or ``--dealer``; then the deal passes
  to the right). Cards are dealt face down, nobody's named (``??``), the chien on ``dog``: each
  player the game's number, the chien the rest. Bidding and play go to the right (counter-
  clockwise), from the dealer's right.
- ``potlog bid NAME WORD``: each player speaks once, in turn. The game says who takes and on what
  contract once everyone has spoken (potlog records the ``contract``), or throws the hand in.
- The chien: a shown one is taken with ``potlog chien NAME CARDS`` (its cards named, seen by
  all); an unseen one goes to the taker by itself. The taker then discards as many with
  ``potlog discard NAME CARDS``, counted in their tricks: the cards named are checked against the
  limits; any not named (fewer named than the chien held, or none) are unseen, and counted at
  the end as the cards no trick showed.
- ``potlog show NAME CARDS`` records cards of a hand seen (then following suit is checked on
  them). ``potlog play NAME CARD``: the taker leads the first trick (a game may say otherwise);
  a card that breaks following suit, trumping or over-trumping against the cards known in the
  hand is refused naming the rule; potlog records each trick's winner, and after the last one the
  count, every player's points (``scored``), the stake's payments and the end of the hand.
- The chien left on the table is counted at the end for whom the contract says; its cards are the
  ones no trick nor discard showed.
- Chips (option ``stake``, chips per point, 0: points only) change hands at the end of every
  hand: a zero-sum score is paid as it stands; the games scored by each player's own count are
  paid pairwise (each pair settles the difference: ``stake x (players x points - sum)``). Debtors
  pay in turn order, each creditor in turn order, a debtor no more than they hold.
- Option ``hands`` (0: as many as the table likes): the agreed number of hands; a thrown-in hand
  does not count. ``potlog state`` shows the score sheet (one line per hand) and the totals.

The words' commands are declared here (`TarotBid`, `Chien`, `Show`, `Poignee`, `Chelem`; the
discard is the trick kit's `Discard`), and `TarotGame.verbs` keys the handlers by class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Sequence

from pydantic import BaseModel

from .. import events as ev
from ..cards import PACKS, UNKNOWN, parse_cards
from ..core import table
from ..core.commands import Cards, Command, NewHand, Play
from ..core.contract import AnyRuleset, Legal, Param, Ruleset, Word
from ..core.verbs import Handler, make_event
from ..errors import InputError, RuleViolation
from ..state import TableState
from . import follow, own, turns, wiring
from . import tarot as tc
from . import tricks as kit
from .tricks.commands import Discard

tricks, sheets = kit.hand, kit.sheet

DOG = "dog"


@dataclass(frozen=True, kw_only=True)
class TarotBid(Command):
    """``potlog bid NAME WORD``: `player` says their bid (`name`, a word of the game's bidding)."""

    verb: ClassVar[str] = "bid"
    player: str
    name: str


@dataclass(frozen=True, kw_only=True)
class Chien(Command):
    """``potlog chien NAME CARDS``: the taker `player` takes the chien, shown (`cards`)."""

    verb: ClassVar[str] = "chien"
    player: str
    cards: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Show(Command):
    """``potlog show NAME CARDS``: `cards` of `player`'s hand seen by the table."""

    verb: ClassVar[str] = "show"
    player: str
    cards: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Poignee(Command):
    """``potlog poignee NAME CARDS``: `player` shows a poignée of atouts (`cards`) before the first card."""

    verb: ClassVar[str] = "poignee"
    player: str
    cards: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Chelem(Command):
    """``potlog chelem NAME``: the taker `player` announces a chelem before the first card."""

    verb: ClassVar[str] = "chelem"
    player: str


@dataclass
class TarotState(tricks.Trickplay, sheets.Sheet):
    """A tarot game's own state (``state.ext``): the hand of tricks (`tricks.Trickplay`: the
    players in the order of play, ``seats``, from the dealer's right; the teams ``taker`` and
    ``defence``; the cards each side won), the score sheet (`sheets.Sheet`), and

    Attributes:
        phase: ``deal``, ``bidding``, ``chien`` (the taker names it), ``take`` (it goes by itself),
            ``discard``, ``play``, ``done``.
        bids: ``[player, word]`` as spoken. taker, contract: the contract recorded ("" none yet).
        discards: the taker's discard. poignees: player -> the atouts shown. chelem: who announced one.
    """

    phase: str = ""
    bids: list[list[str]] = field(default_factory=list)
    taker: str | None = None
    contract: str = ""
    discards: list[str] = field(default_factory=list)
    poignees: dict[str, list[str]] = field(default_factory=dict)
    chelem: str | None = None


@dataclass(frozen=True)
class Terms:
    """What a contract means for the hand.

    Attributes:
        chien: who counts the chien left on the table: ``taker``, ``defence`` or ``nobody``.
        exchange: the taker takes the chien into hand and discards as many.
        shown: the chien is shown (the taker names its cards).
        alone: each plays for themselves (Troggu's Misère): no taker's side.
        lead: who leads the first trick: ``taker``, ``dealer`` or ``first`` (the dealer's right).
        factor: the contract's multiplier (Le Tarot's bids), for the game's score.
    """

    chien: str = "taker"
    exchange: bool = True
    shown: bool = True
    alone: bool = False
    lead: str = "taker"
    factor: int = 1


@dataclass(frozen=True)
class Bidding:
    """A round of bids, one word per player in turn.

    Attributes:
        words: accepted word -> the word recorded (aliases included).
        check: (bids so far, word) -> why it is refused, or None.
        result: (bids, order) -> (taker, contract) once settled (taker None: nobody takes;
            contract ``throw-in``: the hand is thrown in), None while bids are still due.
    """

    words: Mapping[str, str]
    check: Callable[[Sequence[Sequence[str]], str], str | None]
    result: Callable[[Sequence[Sequence[str]], Sequence[str]], tuple[str | None, str] | None]


Score = Callable[[TableState, TarotState, dict[str, list[str]]], dict[str, tuple[int, str]]]
"""(table, game state, each side's cards won) -> player -> (points, why)."""


@dataclass(frozen=True)
class TarotGame:
    """A game of the tarot family (see the module docstring).

    Attributes:
        name, title, summary: the ruleset's. pack: the pack's name (`ledger.cards.PACKS`).
        players: (least, most). size: players -> cards each (the chien takes the rest).
        options: the options model (``stake``, ``hands`` and ``pack`` at least).
        terms: contract -> its `Terms`. bidding: None: no bidding, `default` is the contract,
            taken by the dealer.
        score: (table, game state, piles) -> player -> (points, why); piles are each side's cards
            won (``taker`` and ``defence``, or each player's name when each plays alone).
        pairwise: the points are each player's own count (paid pairwise), not zero-sum.
        discard: (discarded, the rest of the taker's hand as known) -> why refused, or None.
        low: the cards that may be handed over for the excuse.
        announce: Le Tarot's poignées and chelem (words ``poignee`` and ``chelem``).
        poignee: players -> the atouts for a single, double and triple poignée.
        hint: the moves, for refusals.
    """

    name: str
    title: str
    summary: str
    pack: str
    players: tuple[int, int]
    size: Callable[[int], int]
    options: type[BaseModel]
    terms: Mapping[str, Terms]
    score: Score
    discard: Callable[[Sequence[str], Sequence[str]], str | None]
    low: Callable[[str], bool]
    bidding: Bidding | None = None
    default: str = "dealer"
    pairwise: bool = False
    announce: bool = False
    poignee: Callable[[int], tuple[int, int, int]] = lambda n: (99, 99, 99)
    hint: str = "hand, bid, chien, discard, then play"

    # --------------------------------------------------------------------- reading

    def x(self, state: TableState) -> TarotState:
        return own.Plain(TarotState, self.options).x(state)

    def opt(self, state: TableState, name: str) -> Any:
        return getattr(own.Plain(TarotState, self.options).opts(state), name)

    def side(self, x: TarotState, player: str) -> str:
        """A player's side: ``taker`` or ``defence``, or themselves when each plays alone."""
        return tricks.side(x, player)

    def teams(self, x: TarotState) -> dict[str, str]:
        if x.taker is None or self.terms.get(x.contract, Terms()).alone:
            return {}
        return {p: "taker" if p == x.taker else "defence" for p in x.seats}

    def leader(self, state: TableState, x: TarotState) -> str | None:
        lead = self.terms.get(x.contract, Terms()).lead
        dealer = table.require_hand(state).dealer
        if lead == "taker" and x.taker in x.seats:
            return x.taker
        return dealer if lead == "dealer" and dealer in x.seats else (x.seats[0] if x.seats else None)

    def chien_size(self, x: TarotState) -> int:
        return len(PACKS[self.pack].cards) - x.size * len(x.seats)

    def final_piles(self, state: TableState, x: TarotState) -> dict[str, list[str]]:
        """Each side's cards at the end: tricks (the excuse's exchange done), the discard, the chien;
        a card of the discard or the chien nobody named is one that no trick nor name showed."""
        out = tc.exchanged(x.won, [(self.side(x, p), self.side(x, q)) for p, q in x.excused], self.low)
        dog = [h.card for h in state.hand.boards.get(DOG, [])] if state.hand is not None else []
        seen = {c for cards in out.values() for c in cards} | set(x.discards) | set(dog)
        rest = iter([c for c in PACKS[self.pack].cards if c not in seen])
        discards, dog = [[next(rest, UNKNOWN) if c == UNKNOWN else c for c in cards] for cards in (x.discards, dog)]
        if x.taker is not None and discards:
            out.setdefault(self.side(x, x.taker), []).extend(c for c in discards if c != UNKNOWN)
        t = self.terms.get(x.contract, Terms())
        to = {"taker": self.side(x, x.taker) if x.taker else None, "defence": "defence"}.get(t.chien)
        if dog and to is not None:
            out.setdefault(to, []).extend(c for c in dog if c != UNKNOWN)
        return out

    def announced(self, x: TarotState) -> bool:
        return self.announce and not x.done and not x.trick

    # --------------------------------------------------------------------- what follows by itself

    def after(self, state: TableState) -> list[ev.Event]:
        hand, x = state.hand, self.x(state)
        if hand is None or hand.ended or not x.seats:
            return []
        if DOG not in hand.boards:
            return [make_event(ev.CardsDealt, to=p, cards=[UNKNOWN] * x.size) for p in x.seats
                    if not own.cards(state, p)] + [
                make_event(ev.CardsDealt, to=DOG, cards=[UNKNOWN] * self.chien_size(x))]
        if not x.contract:
            if self.bidding is None:
                return [make_event(ev.Declared, player=hand.dealer, name="contract", value=self.default)]
            settled = self.bidding.result(x.bids, x.seats)
            return [] if settled is None else [make_event(ev.Declared, player=settled[0], name="contract",
                                                          value=settled[1])]
        if x.contract == "throw-in":
            return [make_event(ev.HandEnded, hand=hand.number)]
        if x.phase == "take" and x.taker is not None:
            return [make_event(ev.CardsMoved, source=DOG, dest=x.taker, cards=[UNKNOWN] * len(hand.boards.get(DOG, [])),
                               face_up=False)]
        if x.phase != "play":
            return []
        if not tricks.over(x):
            return tricks.taken(x, tc.RULES)
        scores = self.score(state, x, self.final_piles(state, x))
        reason = f"hand {hand.number}: " + next(iter(scores.values()))[1] if scores else ""
        return sheets.after(x, state, {p: scores[p][0] for p in x.seats if p in scores}, reason)

    # --------------------------------------------------------------------- moves

    def _live(self, state: TableState, phase: str, what: str) -> TarotState:
        table.require_open(state)
        hand = table.require_hand(state)
        x = self.x(state)
        if hand.ended:
            raise RuleViolation(f"no hand is on: potlog hand deals one ({what})")
        if x.phase != phase:
            raise RuleViolation(f"not now: {self.now(x)} ({what} comes {PHASE_WORDS[phase]})")
        return x

    def _hand(self, state: TableState, cmd: NewHand) -> list[ev.Event]:
        table.require_open(state)
        x, last = self.x(state), state.hand
        if last is not None and not last.ended:
            raise RuleViolation(f"hand {last.number} is still going: finish it first")
        n, (lo, hi) = len(state.active_seats), self.players
        if not lo <= n <= hi:
            raise RuleViolation(f"{self.title} is for {lo} to {hi} players, not {n}")
        if self.over(state, x):
            raise RuleViolation(f"the game is over after the {self.opt(state, 'hands')} hands agreed: "
                                "potlog close, or switch to a new game")
        if cmd.first:
            raise RuleViolation(f"in {self.title} the rules say who leads: drop --first")
        dealer = cmd.dealer or (turns.seat_right_of(state, last.dealer) if last is not None and last.number else None) \
            or state.active_seats[0].name
        dealer = table.require_seated(state, dealer)
        return [make_event(ev.HandStarted, hand=(last.number if last is not None else 0) + 1, dealer=dealer)]

    def _bid(self, state: TableState, cmd: TarotBid) -> list[ev.Event]:
        if self.bidding is None:
            raise RuleViolation(f"{self.title} has no bidding: the dealer takes the chien; play on")
        x = self._live(state, "bidding", "bidding")
        player = table.require_seated(state, cmd.player)
        due = self.waiting(x)
        if player != due:
            raise RuleViolation(f"it is {due}'s turn to bid, not {player}'s")
        word = self.bidding.words.get(str(cmd.name or "").lower())
        if word is None:
            raise InputError(f"{cmd.name!r} is not a bid here: say {', '.join(self.bid_words())}")
        why = self.bidding.check(x.bids, word)
        if why:
            raise RuleViolation(why)
        return [make_event(ev.Declared, player=player, name="bid", value=word)]

    def _taker(self, state: TableState, cmd: Chien | Discard, phase: str, what: str) -> tuple[TarotState, str]:
        x = self._live(state, phase, what)
        player = table.require_seated(state, cmd.player)
        if player != x.taker:
            raise RuleViolation(f"{x.taker} took the contract: {what} is theirs, not {player}'s")
        return x, player

    def _chien(self, state: TableState, cmd: Chien) -> list[ev.Event]:
        x, player = self._taker(state, cmd, "chien", "taking the chien")
        dog = len(table.require_hand(state).boards.get(DOG, []))
        named = parse_cards(list(cmd.cards), self.pack, allow_unknown=False) if cmd.cards else []
        if len(named) != dog:
            raise InputError(f"the chien is shown: name its {dog} cards, like 3S KC T5")
        if len(set(named)) != len(named):
            raise RuleViolation("a card is named twice: a pack holds one of each")
        table.check_unseen(state, named)
        return [make_event(ev.CardsMoved, source=DOG, dest=player, cards=named, face_up=True)]

    def _held(self, state: TableState, player: str, cards: Sequence[str]) -> list[str]:
        """`cards` (as typed) parsed, and each one `player` may hold: known in their hand, or an
        unseen card there and nowhere else."""
        if not cards:
            raise InputError("name the cards, like 3S KC T5")
        named = parse_cards(list(cards), self.pack, allow_unknown=False)
        if len(set(named)) != len(named):
            raise RuleViolation("a card is named twice: a pack holds one of each")
        mine = own.cards(state, player)
        unseen = mine.count(UNKNOWN)
        for c in named:
            if c in mine:
                continue
            if (where := table.where_is(state, c)) is not None:
                raise RuleViolation(f"{c} is already in {where}: {player} cannot hold it")
            if unseen <= 0:
                raise RuleViolation(f"{player} does not hold {c} (holds {' '.join(mine) or 'no cards'})")
            unseen -= 1
        return named

    def _discard(self, state: TableState, cmd: Discard) -> list[ev.Event]:
        x, player = self._taker(state, cmd, "discard", "the discard")
        need = self.chien_size(x)
        given = cmd.discard
        named = self._held(state, player, given) if given else []
        if len(named) > need:
            raise InputError(f"{player} discards {need} cards, as many as the chien held, not {len(named)}")
        rest = [c for c in own.cards(state, player) if c not in named and c != UNKNOWN]
        why = self.discard(named, rest)
        if why:
            raise RuleViolation(why)
        return [make_event(ev.CardsExchanged, player=player, discard=named + [UNKNOWN] * (need - len(named)))]

    def _show(self, state: TableState, cmd: Show) -> list[ev.Event]:
        table.require_open(state)
        if table.require_hand(state).ended:
            raise RuleViolation("no hand is on: cards are shown from a hand being played")
        x = self.x(state)
        named = [c for c in self._held(state, cmd.player, cmd.cards) if c not in own.cards(state, cmd.player)]
        if not named:
            raise RuleViolation(f"those cards are known in {cmd.player}'s hand already")
        return tricks.show(state, x, cmd.player, named, pack=self.pack)

    def _before_play(self, state: TableState, cmd: Poignee | Chelem, what: str) -> tuple[TarotState, str]:
        x = self._live(state, "play", what)
        if not self.announced(x):
            raise RuleViolation(f"{what} is made before the first card is played")
        return x, table.require_seated(state, cmd.player)

    def _poignee(self, state: TableState, cmd: Poignee) -> list[ev.Event]:
        x, player = self._before_play(state, cmd, "a poignée")
        if player not in x.seats or player in x.poignees:
            raise RuleViolation(f"{player} has shown a poignée already" if player in x.poignees else
                                f"{player} is not in this hand")
        named = self._held(state, player, cmd.cards)
        if any(not tc.is_trump(c) and c != "EX" for c in named):
            raise RuleViolation("a poignée shows atouts only (the excuse counts as one)")
        need = self.poignee(len(x.seats))[0]
        if len(named) < need:
            raise RuleViolation(f"a poignée with {len(x.seats)} players shows {need} atouts or more, not {len(named)}")
        return [make_event(ev.Declared, player=player, name="poignee", value=" ".join(named))]

    def _chelem(self, state: TableState, cmd: Chelem) -> list[ev.Event]:
        x, player = self._before_play(state, cmd, "a chelem")
        if player != x.taker or x.chelem:
            raise RuleViolation("the chelem is announced once, by the taker" if x.chelem or x.taker else
                                "nobody took: there is no chelem to announce")
        return [make_event(ev.Declared, player=player, name="chelem", value=True)]

    def _play(self, state: TableState, cmd: Play) -> list[ev.Event]:
        x = self._live(state, "play", "play")
        player = table.require_seated(state, cmd.player)
        if len(cmd.cards) != 1:
            raise InputError("name the one card played, like KC, T21 or EX")
        return tricks.play(state, x, tc.RULES, player, cmd.cards[0], pack=self.pack)

    def verbs(self) -> dict[type[Command], Handler]:
        out: dict[type[Command], Handler] = {NewHand: self._hand, TarotBid: self._bid, Chien: self._chien,
                                             Discard: self._discard, Show: self._show, Play: self._play}
        if self.announce:
            out.update({Poignee: self._poignee, Chelem: self._chelem})
        return {cls: self._then(move) for cls, move in out.items()}

    def _then(self, move: Handler) -> Handler:
        def decide(state: TableState, cmd: Command) -> list[ev.Event]:
            return follow.followed(move(state, cmd))
        return decide

    # --------------------------------------------------------------------- evolve

    def evolve(self, state: TableState, e: ev.Event) -> None:
        x, hand = self.x(state), state.hand
        if isinstance(e, ev.HandStarted):
            state.ext = x = TarotState(phase="deal", sheet=x.sheet)
            seats = tricks.seating(state, e.dealer, right=True)
            tricks.start(x, seats, self.size(len(seats)) if self.players[0] <= len(seats) <= self.players[1] else 0,
                         trump=tc.TRUMPS)
        if hand is None:
            return
        sheets.note(x, state, e, players=x.seats, stake=int(self.opt(state, "stake")), pairwise=self.pairwise,
                    reason=f"{self.title} hand {hand.number} at {self.opt(state, 'stake')} per point")
        match e:
            case ev.CardsDealt(to="dog"):
                x.phase = "bidding"
            case ev.Declared(name="bid"):
                x.bids.append([e.player or "", str(e.value)])
            case ev.Declared(name="contract"):
                x.taker, x.contract = e.player, str(e.value)
                t = self.terms.get(x.contract, Terms())
                x.phase = "done" if x.contract == "throw-in" else ("chien" if t.shown else "take") \
                    if t.exchange and x.taker else "play"
                x.teams, x.leader = self.teams(x), self.leader(state, x)
                x.hand_note = "thrown in" if x.contract == "throw-in" else \
                    f"{x.contract} by {x.taker}" if x.taker and x.teams else \
                    f"the chien to {x.taker}, each for themselves" if x.taker else f"{x.contract}, each for themselves"
            case ev.CardsMoved(source="dog"):
                x.phase = "discard"
            case ev.CardsExchanged() if x.phase == "discard":
                x.discards, x.phase = list(e.discard), "play"
            case ev.Declared(name="poignee") if e.player:
                x.poignees[e.player] = str(e.value).split()
                _reveal(state, e.player, x.poignees[e.player])
            case ev.Declared(name="chelem"):
                x.chelem = e.player
            case ev.CardPlayed() | ev.TrickWon():
                tricks.evolve(state, x, tc.RULES, e)
            case ev.HandEnded():
                x.phase = "done"
        if not hand.ended:
            hand.to_act = tricks.to_play(x) if x.phase == "play" else self.waiting(x)
            hand.phase = x.phase

    def waiting(self, x: TarotState) -> str | None:
        if x.phase == "bidding" and len(x.bids) < len(x.seats):
            return x.seats[len(x.bids)]
        return x.taker if x.phase in ("chien", "discard") else None

    # --------------------------------------------------------------------- reading

    def now(self, x: TarotState) -> str:
        who = tricks.to_play(x) if x.phase == "play" else self.waiting(x)
        return {"bidding": f"{who} to bid", "chien": f"{who} takes the chien (potlog chien {who} CARDS)",
                "discard": f"{who} discards {self.chien_size(x)} (potlog discard {who} CARDS)",
                "play": f"{who} to play"}.get(x.phase, "the hand is over: potlog hand deals the next")

    def legal(self, state: TableState) -> list[Legal]:
        if (idle := wiring.idle(state)) is not None:
            return idle
        x = self.x(state)
        if x.phase == "bidding":
            return [Legal(self.waiting(x), ("bid",), "one of " + ", ".join(self.bid_words()))]
        if x.phase in ("chien", "discard"):
            return [Legal(x.taker, (x.phase,), self.now(x))]
        if x.phase == "play":
            out = tricks.legal(state, x, tc.RULES)
            if self.announced(x):
                out.append(Legal(None, ("poignee", "chelem"), "before the first card: a poignée, the taker's chelem"))
            return out
        return []

    def view(self, state: TableState) -> list[tuple[str, str]]:
        x, out = self.x(state), []
        if state.hand is not None and not state.hand.ended and x.seats:
            out.append(("turn", self.now(x)))
            if x.bids:
                out.append(("bids", ", ".join(f"{p} {w}" for p, w in x.bids)))
            if x.contract:
                sides = f"; {x.taker} against {' and '.join(p for p in x.seats if p != x.taker)}" if x.teams else ""
                out.append(("contract", f"{x.hand_note}{sides}"))
            if x.phase == "play":
                out += tricks.lines(state, x, tc.RULES)
        players = list(dict.fromkeys(p for r in x.sheet for p in r["points"]))
        out += sheets.lines(x, state, players)
        if self.over(state, x):
            totals = sheets.totals(x, players)
            top = max(totals.values(), default=0)
            out.append(("game over", f"after the {self.opt(state, 'hands')} hands agreed: "
                                     f"{' and '.join(p for p, v in totals.items() if v == top)} with {top:+d}"))
        return out

    def over(self, state: TableState, x: TarotState) -> bool:
        """The agreed hands are played (a thrown-in hand does not count)."""
        hands = int(self.opt(state, "hands"))
        return bool(hands) and sum(1 for r in x.sheet if r.get("points")) >= hands

    # --------------------------------------------------------------------- the declaration

    def own_command(self, e: ev.Event) -> Command | None:
        match e:
            case ev.Declared(name="bid"):
                return TarotBid(player=str(e.player), name=str(e.value))
            case ev.Declared(name="poignee"):
                return Poignee(player=str(e.player), cards=tuple(str(e.value).split()))
            case ev.Declared(name="chelem"):
                return Chelem(player=str(e.player))
            case ev.CardsMoved(source="dog"):
                return Chien(player=e.dest, cards=tuple(e.cards))
            case ev.CardsExchanged():
                return Discard(player=e.player, discard=tuple(c for c in e.discard if c != UNKNOWN))
            case ev.CardsRevealed():
                return Show(player=e.holder, cards=tuple(e.cards))
        return None

    def bid_words(self) -> list[str]:
        return list(dict.fromkeys((self.bidding.words if self.bidding else {}).values()))

    def words(self) -> tuple[Word, ...]:
        def cards(help: str, field: str | None = None) -> Param:
            return Param("cards", help, many=True, metavar="CARD ...", field=field)
        out: list[Word] = []
        if self.bidding is not None:
            out.append(Word("bid", f"PLAYER says their bid in turn ({', '.join(self.bid_words())}).",
                            params=(Param("player", "Who speaks."),
                                    Param("bid", "The bid.", metavar="|".join(self.bid_words()), field="name")),
                            command=lambda v: TarotBid(player=v["player"], name=v["bid"]), makes=(TarotBid,)))
        if any(t.shown and t.exchange for t in self.terms.values()):
            out.append(Word("chien", "The taker takes the chien, shown: name its cards.",
                            params=(Param("player", "The taker."), cards("The chien's cards, like 3S KC T5.")),
                            command=lambda v: Chien(player=v["player"], cards=tuple(v["cards"])), makes=(Chien,)))
        out += [
            Word("discard", "The taker (where nobody bids, the dealer) discards as many cards as the chien held "
                 "(those named are checked against the limits; the others stay unseen).",
                 params=(Param("player", "The taker, or the dealer."), Param("cards", "The cards discarded (none: unseen).",
                                                               many=True, required=False, metavar="CARD ...",
                                                               field="discard")),
                 command=lambda v: Discard(player=v["player"], discard=tuple(v["cards"])), makes=(Discard,)),
            Word("show", "Cards of PLAYER's hand seen by the table (following suit is then checked on them).",
                 params=(Param("player", "Whose cards."), cards("The cards shown.")),
                 command=lambda v: Show(player=v["player"], cards=tuple(v["cards"])), makes=(Show,)),
        ]
        if self.announce:
            out += [Word("poignee", "PLAYER shows a poignée of atouts before the first card (the excuse counts).",
                         params=(Param("player", "Who shows it."), cards("The atouts shown, like T21 T20 ... EX.")),
                         command=lambda v: Poignee(player=v["player"], cards=tuple(v["cards"])), makes=(Poignee,)),
                    Word("chelem", "The taker announces a chelem (every trick) before the first card.",
                         params=(Param("player", "The taker."),),
                         command=lambda v: Chelem(player=v["player"]), makes=(Chelem,))]
        return tuple(out)

    def ruleset(self) -> AnyRuleset:
        decide, check_event = wiring.wire(
            self.name, self.title, self.options, self.after, self.verbs(), self.hint,
            by_itself=(ev.CardsDealt, ev.TrickWon, ev.Scored, ev.Transfer, ev.HandEnded), own=self.own_command)
        plain = own.Plain(TarotState, self.options)
        return Ruleset(name=self.name, title=self.title, summary=self.summary, options=self.options,
                       initial=plain.initial, decide=decide, after=self.after, evolve=self.evolve, legal=self.legal, view=self.view,
                       check_event=check_event, words=self.words(), min_players=self.players[0],
                       max_players=self.players[1], scores=True)


PHASE_WORDS = {"bidding": "after the deal", "chien": "after the bidding", "discard": "once the chien is taken",
               "play": "once the bidding and the discard are done"}


def _reveal(state: TableState, player: str, cards: Sequence[str]) -> None:
    """Cards of `player`'s hand seen (a poignée): each known one turned up, else an unseen one named."""
    seat = state.seat(player)
    if seat is None:
        return
    for c in cards:
        held = next((h for h in seat.cards if h.card == c), None) or next(
            (h for h in seat.cards if h.card == UNKNOWN), None)
        if held is not None:
            held.card, held.up = c, True


def each_for_themselves(points: Callable[[Sequence[str]], int]) -> Score:
    """The `Score` of a game each plays for themselves (Tarocchini, Siciliani, Tarock): every
    player's pile counted by `points`; the reason names who has the most."""
    def score(state: TableState, x: TarotState, piles: dict[str, list[str]]) -> dict[str, tuple[int, str]]:
        counts = {p: points(piles.get(p, [])) for p in x.seats}
        top = max(counts.values())
        why = "most points: " + " and ".join(p for p, v in counts.items() if v == top)
        return {p: (v, why) for p, v in counts.items()}
    return score


def no_kings_no_bouts(discarded: Sequence[str], rest: Sequence[str]) -> str | None:
    """Le Tarot's discard: no king, no bout; an atout only when no other card could go instead
    (a known card of the hand that is neither atout nor king)."""
    bad = [c for c in discarded if c in tc.BOUTS or tc.court(c) == "K"]
    if bad:
        return f"the discard may not hold kings or bouts (T1, T21, EX): {' '.join(bad)}"
    trumps = [c for c in discarded if tc.is_trump(c)]
    instead = [c for c in rest if not tc.is_trump(c) and c not in tc.BOUTS and tc.court(c) != "K"]
    if trumps and instead:
        return f"an atout is discarded only when nothing else can be: discard {' '.join(instead)} first"
    return None

