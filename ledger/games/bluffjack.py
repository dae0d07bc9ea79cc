"""Bluffjack (Rich Hutnik, 2012): blackjack hands with poker betting, played to the last chip.

The hand, as potlog runs it (``../shared/rules/bluffjack.txt``):

1. ``potlog hand`` starts it. The first dealer is the first seat (or ``--dealer``); after
   that the deal passes left (the next seat clockwise still in the game) and potlog refuses
   any other dealer.
2. The deal: one card face down to each player, then one face up, one at a time clockwise
   from the dealer's left (``deal Ann ??`` or ``deal Ann 7S``, then ``deal Ann QH --up``).
   Everyone antes the table's ante (``ante Ann 1``) at any point before the betting starts.
3. When every card is out and every ante is in, potlog opens the first betting round and
   records the forced raise itself: the player left of the dealer raises by the ante.
   Then, clockwise: call, raise or fold until the bets are equal.
4. The draw: clockwise from the dealer's left each player takes a card (``potlog hit Ann
   5D``) or stands (``potlog stand Ann``); a player who stands takes no more cards. The turn
   goes round until everyone has stood.
5. The final betting round, clockwise from the dealer's left: check (or ``call`` with
   nothing to match), bet, raise, call or fold until the bets are equal.
6. ``potlog showdown``: potlog reveals the known face-down cards, works out every hand, pays
   the pot (side pots included), sends a pot nobody can win to the house, eliminates the
   players left without chips, and ends the hand; when one player holds every chip it
   records that they won the game. When everyone but one has folded, ``potlog showdown``
   pays that player without anyone showing a card. The deal, the turn and the stage are in
   ``potlog state`` (its "next" line names who acts and what they may do).

Readings chosen where the text leaves a gap:

- The ante is also the table's minimum bet ("the same initial minimum bet amount"): the
  forced raise is exactly one ante, and every later bet or raise is at least one ante,
  unless it puts the player all-in. Raises are otherwise unlimited.
- A player who cannot cover the ante antes what they have and is all-in. If the player left
  of the dealer has no chips left after the ante, the forced raise falls to the next player
  clockwise who has; a forced raiser short of a full ante raises all-in.
- A player may only fold, call or raise on their own betting turn. With nothing to match,
  ``call`` records a check ("calling the current high value" of nothing).
- All-in players stay in the hand and keep taking cards. The pot is split poker-style into a
  main pot and side pots; each is won by the best hand among the players who matched it.
  A side pot only one player matched goes back to them.
- Cards taken in the draw are dealt face up (as in blackjack: the face-down card is what
  hides a hand); ``hit --down`` records one dealt face down instead.
- A betting round with fewer than two players able to bet is recorded but needs no action.
- If everyone left in a pot is over 21, that pot goes to the house (the ``house`` account).
  With ``no_house`` it goes to ``pot:aside``, which persists between hands and is paid to
  the last player standing; if the game stops earlier (``potlog close``) or a showdown would
  leave nobody with chips, what is set aside is shared evenly among the players concerned.
  With the house, a showdown that leaves nobody with chips ends the game with no winner.
- Ties split the pot evenly; the odd chip goes to the tied player nearest the dealer's left.
- Charlies (``charlie=5|7|10``): a hand of exactly that many cards totalling under 21. It
  beats every hand but a 21; between charlies the higher total wins. With
  ``charlie_minimum`` it is a hand of at least that many cards under 21, and between
  charlies of equal total the one with more cards wins.
- Best hand (``best_hand``): two-card 21s rank A-K suited, A-K, A-Q suited, A-Q, A-J
  suited, A-J, A-10 suited, A-10; then any other 21; then charlies; then 20 down to 2; a
  bust always loses. Without it, every 21 ties with every other 21.
- More betting (``more_betting``): the draw becomes a betting round. On each turn a player
  who has not stood takes a card or stands and then calls (a check when nothing is owed),
  raises or folds; a player who has stood still gets a turn each time round and must call
  or raise (or fold). The draw ends when everyone has stood and the bets are equal; the
  final betting round follows.
- Two initial bets (``two_initial_bets``): the antes and the forced raise come after the
  face-down cards; then a second betting round follows the face-up cards (opened from the
  dealer's left, with no forced raise).
- Potlog keeps the turn: dealing, betting, taking cards and standing out of turn are refused.
  ``award``, ``carry``, ``round`` and ``end`` are refused: the showdown settles and ends each
  hand. ``pay`` moves chips between players only. In the draw, ``deal`` is a ``hit`` (face
  down unless ``--up``, as ``deal`` always is).
- Corrections (``potlog void``) go from the newest event back, and only within the last hand
  (with what came after it): a command that made potlog record steps of its own (the last ante
  and the forced raise, the call that closes a round and the next round) is undone by voiding
  those steps first. After a ruling (``--override``) leaves such a step due, potlog records it
  before the next command.
- A short stack is eliminated only at a showdown; a player who joins later, or comes back with
  a new buy-in, is dealt in from the next hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .. import events as ev
from ..cards import UNKNOWN, parse_cards, rank, suit
from ..chips import side_pots, split_evenly
from ..commands import Command
from ..errors import InputError, RuleViolation
from ..state import Seat, TableState
from . import base

NAME = "bluffjack"
TITLE = "Bluffjack"
SUMMARY = ("Blackjack hands with poker betting: closest to 21 wins the pot, all bust pays the house; "
           "played until one player holds every chip.")

ASIDE = "pot:aside"
HOUSE = "house"
ELIMINATED = "eliminated"
BETTING_STAGES = ("opening", "second", "final")


class Options(BaseModel):
    """The table's choices. Defaults are the rule book's basic game."""

    model_config = ConfigDict(extra="forbid")
    ante: int = Field(default=1, ge=1, le=10**9,
                      description="Chips each player antes; also the forced raise and the smallest bet or raise.")
    no_house: bool = Field(default=False,
                           description="No house: a pot everyone busts is set aside for the last player standing.")
    more_betting: bool = Field(default=False,
                               description="A betting turn after every card taken or held during the draw.")
    two_initial_bets: bool = Field(default=False,
                                   description="Bet after the face-down card and again after the face-up card.")
    charlie: int = Field(default=0, description="Charlie size: 0 (off), 5, 7 or 10 cards under 21.")
    charlie_minimum: bool = Field(default=False,
                                  description="The charlie size is a minimum; a longer charlie wins a tied total.")
    best_hand: bool = Field(default=False,
                            description="Rank 21s: A-K suited best ... A-10, then other 21s, charlies, 20 down.")

    @field_validator("charlie")
    @classmethod
    def _charlie(cls, v: int) -> int:
        if v not in (0, 5, 7, 10):
            raise ValueError(f"a charlie is 5, 7 or 10 cards (0 for none), not {v}")
        return v

    @model_validator(mode="after")
    def _minimum_needs_size(self) -> Options:
        if self.charlie_minimum and not self.charlie:
            raise ValueError("charlie_minimum needs a charlie size: add charlie=5, 7 or 10")
        return self


@dataclass(slots=True)
class BluffjackExt:
    """Where the hand is.

    Attributes:
        stage: idle, deal, opening, deal-up, second, drawing, final, showdown, ended.
        due: a step potlog records by itself next (opening, second, draws, final), or "".
        anted: who has anted this hand.
        acted: who has acted in the betting since the last raise.
        stood: who has stood this hand.
        last: who last finished a turn (the next turn is clockwise after them).
        drew: in a more-betting draw, the player who has just taken a card or stood and now bets.
        forced: who made this hand's forced raise.
        paid: how many of the showdown's payouts are recorded.
        recent: the seqs of the events since the last hand started (voids aside), for voids.
    """

    stage: str = "idle"
    due: str = ""
    anted: list[str] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    stood: list[str] = field(default_factory=list)
    last: str | None = None
    drew: str | None = None
    forced: str | None = None
    paid: int = 0
    recent: list[int] = field(default_factory=list)


# ----------------------------------------------------------------------------- hands

def card_value(card: str) -> int:
    r = rank(card)
    if r == "A":
        return 1
    if r in ("J", "Q", "K"):
        return 10
    return int(r)


def hand_total(cards: list[str]) -> int:
    """The best blackjack total: aces count 11 when that does not go over 21, else 1."""
    total = sum(card_value(c) for c in cards)
    if any(rank(c) == "A" for c in cards) and total + 10 <= 21:
        total += 10
    return total


_TWO_CARD_21 = {"10": 1, "J": 2, "Q": 3, "K": 4}


def hand_key(cards: list[str], options: dict[str, Any]) -> tuple[int, ...]:
    """A key that orders hands best-last under the table's options (bust is lowest)."""
    total = hand_total(cards)
    n = len(cards)
    if total > 21:
        return (0,)
    if total == 21:
        if options.get("best_hand") and n == 2:
            other = [rank(c) for c in cards if rank(c) != "A"]
            kind = _TWO_CARD_21.get(other[0], 0) if other else 0
            return (3, 2 * kind - 1 + (1 if suit(cards[0]) == suit(cards[1]) else 0))
        return (3, 0)
    size = int(options.get("charlie") or 0)
    if size:
        minimum = bool(options.get("charlie_minimum"))
        if n == size or (minimum and n > size):
            return (2, total, n if minimum else 0)
    return (1, total)


def hand_name(cards: list[str], options: dict[str, Any]) -> str:
    key = hand_key(cards, options)
    total = hand_total(cards)
    if key[0] == 0:
        return f"bust {total}"
    if key[0] == 2:
        return f"{len(cards)}-card charlie {total}"
    if key[0] == 3 and len(cards) == 2:
        return "21 (" + " ".join(cards) + ")"
    return str(total)


# ----------------------------------------------------------------------------- reading the table

def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _opt(state: TableState, key: str) -> Any:
    return state.options.get(key, Options.model_fields[key].default)


def _ext(state: TableState) -> BluffjackExt:
    if not isinstance(state.ext, BluffjackExt):
        state.ext = BluffjackExt()
    return state.ext


def _clockwise(state: TableState, dealer: str | None) -> list[Seat]:
    """Every seat, clockwise from the dealer's left (the dealer last)."""
    seats = state.seats
    names = [s.name for s in seats]
    d = names.index(dealer) if dealer in names else -1
    n = len(seats)
    return [seats[(d + 1 + i) % n] for i in range(n)]


def _order(state: TableState) -> list[Seat]:
    """The seats dealt into this hand, clockwise from the dealer's left."""
    assert state.hand is not None
    return [s for s in _clockwise(state, state.hand.dealer) if s.in_hand]


def _live(state: TableState) -> list[Seat]:
    return [s for s in _order(state) if not s.folded]


def _owes(state: TableState, s: Seat) -> int:
    assert state.hand is not None
    return max(0, state.hand.current_bet - s.round_bet)


def _able(state: TableState) -> list[Seat]:
    """Live players who still have chips to bet."""
    return [s for s in _live(state) if state.stack(s.name) > 0]


def _next_after(state: TableState, name: str | None, pred: Any) -> Seat | None:
    order = _order(state)
    names = [s.name for s in order]
    start = names.index(name) if name in names else -1
    n = len(order)
    for i in range(1, n + 1):
        s = order[(start + i) % n]
        if pred(s):
            return s
    return None


def _round_done(state: TableState) -> bool:
    ext = _ext(state)
    able = _able(state)
    if any(_owes(state, s) for s in able):
        return False
    return len(able) <= 1 or all(s.name in ext.acted for s in able)


def _needs_bet(state: TableState, s: Seat) -> bool:
    """Whether `s` still has a betting action in this round (owes chips or has not acted)."""
    return (not s.folded and state.stack(s.name) > 0
            and (_owes(state, s) > 0 or s.name not in _ext(state).acted))


def _can_bet_now(state: TableState, s: Seat) -> bool:
    """In a more-betting draw: whether `s` has a betting step on their turn."""
    if s.folded or state.stack(s.name) == 0:
        return False
    return _owes(state, s) > 0 or len(_able(state)) >= 2


def _cards_needed(state: TableState) -> int:
    return 1 if _opt(state, "two_initial_bets") else 2


def _next_to_deal(state: TableState, need: int) -> Seat | None:
    live = _live(state)
    if not live:
        return None
    fewest = min(len(s.cards) for s in live)
    if fewest >= need:
        return None
    return next(s for s in live if len(s.cards) == fewest)


def _players_with_chips(state: TableState) -> list[str]:
    return [s.name for s in state.seats if s.active and state.stack(s.name) > 0]


# ----------------------------------------------------------------------------- apply

def initial(state: TableState) -> BluffjackExt:
    if state.options.get("no_house") and ASIDE not in state.persistent:
        state.persistent.append(ASIDE)
    return BluffjackExt()


def apply(state: TableState, event: ev.Event) -> None:
    """The game's part of an event: who has anted, acted, stood; then whose turn it is."""
    ext = _ext(state)
    hand = state.hand
    t = event.type  # type: ignore[attr-defined]
    if t == "hand_started":
        ext.recent = []
    if t != "void":
        ext.recent.append(state.seq)
    if t == "hand_started" and hand is not None:
        ext.stage, ext.due, ext.forced, ext.drew, ext.paid = "deal", "", None, None, 0
        ext.anted, ext.acted, ext.stood = [], [], []
        ext.last = hand.dealer
    elif hand is None or hand.ended:
        ext.stage, ext.due, ext.drew = ("ended" if hand is not None and hand.number else "idle"), "", None
        if hand is not None:
            hand.to_act, hand.phase = None, ext.stage
        return
    elif t == "ante":
        if event.player not in ext.anted:  # type: ignore[attr-defined]
            ext.anted.append(event.player)  # type: ignore[attr-defined]
    elif t == "round_started":
        name = event.name  # type: ignore[attr-defined]
        ext.stage = {"draws": "drawing"}.get(name, name if name in BETTING_STAGES else ext.stage)
        ext.due, ext.acted, ext.drew, ext.last = "", [], None, hand.dealer
        if name == "opening" and len(_able(state)) >= 2:
            ext.due = "forced"
    elif t in ("bet", "call", "raise", "all_in", "check"):
        if ext.due == "forced":
            ext.due = ""
        _after_bet(state, ext, event.player)  # type: ignore[attr-defined]
    elif ext.stage == "showdown" and (t == "pot_awarded" or (t == "transfer" and event.from_account == "pot")):  # type: ignore[attr-defined]
        ext.paid += 1
    elif t == "fold":
        player = event.player  # type: ignore[attr-defined]
        if (ext.stage in BETTING_STAGES or ext.stage == "drawing") and hand.to_act == player:
            ext.last, ext.drew = player, None  # (a fold out of turn, by a ruling, keeps the turn where it is)
    elif t == "cards_dealt" and ext.stage == "drawing" and state.seat(event.to) is not None:  # type: ignore[attr-defined]
        _after_draw(state, ext, event.to)  # type: ignore[attr-defined]
    elif t == "declared" and event.name == "stand" and event.player:  # type: ignore[attr-defined]
        player = event.player  # type: ignore[attr-defined]
        if player not in ext.stood:
            ext.stood.append(player)
        if ext.stage == "drawing":
            _after_draw(state, ext, player)
    _advance(state, ext)


def _after_bet(state: TableState, ext: BluffjackExt, player: str) -> None:
    seat = state.seat(player)
    if seat is None:
        return
    others = [s.round_bet for s in state.seats if s.name != player and s.in_hand]
    if ext.stage == "opening" and ext.forced is None and not ext.acted:
        ext.forced = player
    if seat.round_bet > max(others, default=0):
        ext.acted = [player]
    elif player not in ext.acted:
        ext.acted.append(player)
    ext.last, ext.drew = player, None


def _after_draw(state: TableState, ext: BluffjackExt, player: str) -> None:
    if _opt(state, "more_betting"):
        ext.drew = player
    else:
        ext.last = player


def _advance(state: TableState, ext: BluffjackExt) -> None:
    """Move the hand on as far as the events allow, and say whose turn it is."""
    hand = state.hand
    assert hand is not None
    hand.to_act = None
    if ext.stage in ("idle", "ended", "showdown"):
        hand.phase = ext.stage
        return
    if len(_live(state)) <= 1:
        ext.stage, ext.due, ext.drew = "showdown", "", None
        hand.phase = "showdown"
        return
    if ext.due:
        hand.phase = ext.stage
        return
    if ext.stage == "deal":
        nxt = _next_to_deal(state, _cards_needed(state))
        if nxt is not None:
            hand.to_act = nxt.name
        elif all(s.name in ext.anted for s in _order(state)):
            ext.due = "opening"
    elif ext.stage == "deal-up":
        nxt = _next_to_deal(state, 2)
        if nxt is not None:
            hand.to_act = nxt.name
        else:
            ext.due = "second"
    elif ext.stage in BETTING_STAGES:
        if _round_done(state):
            _round_over(state, ext)
        else:
            nxt = _next_after(state, ext.last, lambda s: _needs_bet(state, s))
            hand.to_act = nxt.name if nxt is not None else None
    elif ext.stage == "drawing":
        _advance_draw(state, ext)
    hand.phase = ext.stage


def _round_over(state: TableState, ext: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    if ext.stage == "final":
        ext.stage = "showdown"
        return
    if ext.stage == "opening" and _opt(state, "two_initial_bets"):
        ext.stage, ext.last = "deal-up", hand.dealer
        nxt = _next_to_deal(state, 2)
        if nxt is not None:
            hand.to_act = nxt.name
        else:
            ext.due = "second"
        return
    _start_draw(state, ext)


def _start_draw(state: TableState, ext: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    if _opt(state, "more_betting"):
        ext.due = "draws"
        return
    ext.stage, ext.last, ext.drew = "drawing", hand.dealer, None
    _advance_draw(state, ext)


def _advance_draw(state: TableState, ext: BluffjackExt) -> None:
    hand = state.hand
    assert hand is not None
    live = _live(state)
    if not _opt(state, "more_betting"):
        nxt = _next_after(state, ext.last, lambda s: not s.folded and s.name not in ext.stood)
        if nxt is None:
            ext.due = "final"
        else:
            hand.to_act = nxt.name
        return
    if ext.drew is not None:
        seat = state.seat(ext.drew)
        if seat is not None and _can_bet_now(state, seat):
            hand.to_act = ext.drew
            return
        ext.last, ext.drew = ext.drew, None
    everyone_stood = all(s.name in ext.stood for s in live)
    if everyone_stood:
        if _round_done(state):
            ext.due = "final"
            return
        nxt = _next_after(state, ext.last, lambda s: _needs_bet(state, s))
    else:
        nxt = _next_after(state, ext.last, lambda s: not s.folded and (
            s.name not in ext.stood or _can_bet_now(state, s)))
    hand.to_act = nxt.name if nxt is not None else None
    if nxt is None:
        ext.due = "final"


# ----------------------------------------------------------------------------- decide

def _trial(state: TableState, events: list[ev.Event]) -> TableState:
    from ..reducer import apply as reduce

    st = state.clone()
    for e in events:
        reduce(st, st.seq + 1, e)
    return st


def _auto(state: TableState) -> list[ev.Event]:
    """What potlog records by itself when a stage is due: a new round, the forced raise."""
    ext = _ext(state)
    hand = state.hand
    if not ext.due or hand is None or hand.ended:
        return []
    if ext.due != "forced":
        return [base.make_event(ev.RoundStarted, round=hand.round + 1, name=ext.due)]
    able = _able(state)
    if not able:
        return []
    forced = able[0].name
    stack = state.stack(forced)
    amount = min(int(_opt(state, "ante")), stack)
    if amount == stack:
        return [base.make_event(ev.AllIn, player=forced, amount=amount)]
    return [base.make_event(ev.Raise, player=forced, amount=amount, by=amount)]


def _auto_chain(state: TableState) -> list[ev.Event]:
    out: list[ev.Event] = []
    for _ in range(6):
        more = _auto(state)
        if not more:
            break
        out += more
        state = _trial(state, more)
    return out


def decide(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "open":
        return base.open_session(cmd, Options, NAME)
    base.require_open(state)
    if cmd.verb == "void":
        return _void(state, cmd)
    pre = _auto_chain(state) if state.in_hand else []  # only after an overridden or voided event
    current = _trial(state, pre) if pre else state
    events = _decide(current, cmd)
    if not events:
        return pre + events
    return pre + events + _auto_chain(_trial(current, events))


def _decide(state: TableState, cmd: Command) -> list[ev.Event]:
    handler = _HANDLERS.get(cmd.verb)
    if handler is not None:
        return handler(state, cmd)  # type: ignore[no-any-return]
    if cmd.verb in ("join", "leave", "note", "count", "close", "reveal", "rebuy", "pay"):
        return _generic(state, cmd)
    if cmd.verb in ("award", "carry", "end"):
        raise RuleViolation(f"in bluffjack potlog settles the pot: record the hand to its end and use "
                            f"'potlog showdown' (it pays the winners and ends the hand), not '{cmd.verb}'")
    if cmd.verb == "round":
        raise RuleViolation("in bluffjack potlog opens each betting round itself when the cards and bets before it are done")
    raise RuleViolation(f"bluffjack has no '{cmd.verb}': deal, ante, bet, call, raise, allin, check, fold, "
                        "hit, stand, reveal and showdown are its moves")


_HANDLERS: dict[str, Any] = {}


def _void(state: TableState, cmd: Command) -> list[ev.Event]:
    """Corrections go from the newest event back, so no event is left standing on one that
    is gone (a round opened by a call that is void, a forced raise without its antes)."""
    recent = _ext(state).recent
    if cmd.target is not None and recent and cmd.target != recent[-1] and 1 < cmd.target <= state.seq \
            and cmd.target not in state.voided:
        if cmd.target in recent:
            raise RuleViolation(f"void seq {recent[-1]} first: in bluffjack corrections go from the newest "
                                f"event back (seq {recent[-1]} came after seq {cmd.target})")
        raise RuleViolation(f"seq {cmd.target} came before the last hand started (seq {recent[0]}): only the "
                            "events since then can be voided, newest first")
    return base.void(state, cmd)


_HANDLERS["void"] = _void


def _generic(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.verb == "join" and cmd.amount is not None and cmd.amount <= 0:
        raise RuleViolation(f"{cmd.player} needs chips to sit down at bluffjack: give a buy-in above 0")
    if cmd.verb == "rebuy" and state.in_hand:
        raise RuleViolation(f"{cmd.player} can rebuy between hands, not during hand {state.hand.number}")  # type: ignore[union-attr]
    if cmd.verb == "pay":
        for who in (cmd.source, cmd.to):
            if who is not None and state.seat(who) is None:
                raise RuleViolation(f"in bluffjack chips reach the pot by betting and leave it at the showdown: "
                                    f"pay moves chips between players only, not to or from {who}")
    if cmd.verb == "close":
        shares = _aside_at_close(state)
        return shares + base.close(_trial(state, shares) if shares else state, cmd)
    events = base.decide_generic(state, cmd, NAME)
    if cmd.verb == "leave":
        events += _aside_after_leave(state, events)
    return events


def _aside_after_leave(state: TableState, events: list[ev.Event]) -> list[ev.Event]:
    """No house: when a leave leaves one player with chips, they take what was set aside."""
    aside = state.balance(ASIDE)
    if not aside:
        return []
    after = _trial(state, events)
    if after.in_hand:
        return []
    left = _players_with_chips(after)
    if len(left) != 1:
        return []
    return [base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + left[0], amount=aside,
                            reason="the last player standing wins what was set aside")]


def _aside_at_close(state: TableState) -> list[ev.Event]:
    aside = state.balance(ASIDE)
    if not aside or state.in_hand:
        return []
    dealer = state.hand.dealer if state.hand is not None else None
    names = [s.name for s in _clockwise(state, dealer) if s.active and state.stack(s.name) > 0]
    names = names or [s.name for s in _clockwise(state, dealer) if s.active]
    if not names:
        return []
    return [base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + p, amount=a,
                            reason="the game stops: what was set aside is shared")
            for p, a in split_evenly(aside, names) if a]


def _handler(verb: str) -> Any:
    def register(fn: Any) -> Any:
        _HANDLERS[verb] = fn
        return fn
    return register


# -- starting a hand

@_handler("hand")
def _hand(state: TableState, cmd: Command) -> list[ev.Event]:
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: play it to the showdown first")  # type: ignore[union-attr]
    holders = _players_with_chips(state)
    if len(holders) == 1 and state.hands_played:
        raise RuleViolation(f"the game is over: {holders[0]} holds every chip (end the session with 'potlog close')")
    if len(holders) < 2:
        raise RuleViolation(f"bluffjack needs at least 2 players with chips, not {len(holders)}")
    # players out of chips are eliminated (the showdown does it; after a void, the next hand does)
    out = [base.make_event(ev.PlayerLeft, player=s.name, cashout=0, reason=ELIMINATED)
           for s in state.active_seats if state.stack(s.name) == 0]
    if out:
        return out + _hand(_trial(state, out), cmd)
    last = state.hand.dealer if state.hand is not None and state.hand.number else None
    if last is None:
        dealer = cmd.dealer or state.active_seats[0].name
        base.require_seated(state, dealer)
    else:
        dealer = base.seat_after(state, last)  # type: ignore[assignment]
        if cmd.dealer and cmd.dealer != dealer:
            raise RuleViolation(f"the deal passes left: {dealer} deals this hand, not {cmd.dealer}")
    if cmd.first:
        raise RuleViolation("in bluffjack the player left of the dealer always acts first: drop --first")
    first = base.seat_after(state, dealer)
    number = (state.hand.number if state.hand is not None else 0) + 1
    return [base.make_event(ev.HandStarted, hand=number, dealer=dealer, first=first,
                            carry_in=state.balance("carry"))]


# -- dealing and drawing

def _one_card(state: TableState, cmd: Command, player: str) -> str:
    cards = parse_cards(cmd.cards, "french52") if cmd.cards else []
    if cmd.count:
        cards += [UNKNOWN] * cmd.count
    if not cards:
        raise InputError(f"name the card {player} gets (like 7H), or ?? for an unseen face-down card")
    if len(cards) != 1:
        raise InputError(f"one card at a time: {player} gets {len(cards)} here")
    base.check_unseen(state, cards)
    return cards[0]


@_handler("deal")
def _deal(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    ext = _ext(state)
    if not cmd.to:
        raise InputError("say who the card goes to: potlog deal Ann ??")
    if state.seat(cmd.to) is None:
        raise RuleViolation(f"in bluffjack cards go only to players, not to {cmd.to}")
    player = base.require_live(state, cmd.to)
    if ext.stage == "drawing":
        return _hit(state, Command("hit", player=player, cards=cmd.cards, count=cmd.count, face_up=cmd.face_up))
    if ext.stage not in ("deal", "deal-up") or state.hand.to_act is None:  # type: ignore[union-attr]
        raise RuleViolation(f"no card is dealt now: {_waiting(state)}")
    to_act = state.hand.to_act  # type: ignore[union-attr]
    if player != to_act:
        raise RuleViolation(f"{to_act} gets the next card, not {player}: one card each, clockwise from "
                            "the dealer's left")
    card = _one_card(state, cmd, player)
    seat = state.seat(player)
    assert seat is not None
    if not seat.cards:
        if cmd.face_up:
            raise RuleViolation(f"{player}'s first card is dealt face down: drop --up")
        return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=False)]
    if card == UNKNOWN:
        raise RuleViolation(f"{player}'s second card is dealt face up, so the table sees it: name it (like 7H)")
    return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=True)]


def _require_draw_turn(state: TableState, player: str, doing: str) -> BluffjackExt:
    ext = _ext(state)
    hand = state.hand
    assert hand is not None
    if ext.stage != "drawing":
        raise RuleViolation(f"{player} cannot {doing} now: {_waiting(state)}")
    if player in ext.stood:
        raise RuleViolation(f"{player} has stood: a player who stands takes no more cards this hand")
    if ext.drew == player:
        raise RuleViolation(f"{player} has had a card or stood this turn: now {player} calls, raises or folds")
    if hand.to_act != player:
        raise RuleViolation(f"it is {hand.to_act}'s turn, not {player}'s: {_waiting(state)}")
    return ext


@_handler("hit")
def _hit(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    _require_draw_turn(state, player, "take a card")
    card = _one_card(state, cmd, player)
    if card == UNKNOWN and cmd.face_up:
        raise RuleViolation(f"a card dealt face up is seen by the table: name it (like 7H), or add --down")
    return [base.make_event(ev.CardsDealt, to=player, cards=[card], face_up=cmd.face_up)]


@_handler("stand")
def _stand(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    ext = _ext(state)
    if player in ext.stood and ext.stage == "drawing":
        raise RuleViolation(f"{player} has already stood")
    _require_draw_turn(state, player, "stand")
    return [base.make_event(ev.Declared, player=player, name="stand")]


@_handler("declare")
def _declare(state: TableState, cmd: Command) -> list[ev.Event]:
    if cmd.name == "stand" and cmd.player:
        return _stand(state, Command("stand", player=cmd.player))
    raise RuleViolation("bluffjack's only declaration is a stand: potlog stand NAME")


# -- antes and betting

@_handler("ante")
def _ante(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    player = base.require_live(state, cmd.player)
    ext = _ext(state)
    if ext.stage != "deal" or ext.due:
        raise RuleViolation(f"the antes are in and the betting has started: {_waiting(state)}")
    if player in ext.anted:
        raise RuleViolation(f"{player} has already anted this hand")
    ante = int(_opt(state, "ante"))
    stack = state.stack(player)
    owed = min(ante, stack)
    if cmd.amount is not None and cmd.amount != owed:
        if owed < ante:
            raise RuleViolation(f"{player} has only {_chips(stack)}: {player} antes {stack} and is all-in")
        raise RuleViolation(f"the ante at this table is {ante}, not {cmd.amount}: potlog ante {player} {ante}")
    return [base.make_event(ev.Ante, player=player, amount=owed)]


def _bet_turn(state: TableState, player: str | None, doing: str) -> str:
    base.require_hand(state)
    name = base.require_live(state, player)
    ext = _ext(state)
    hand = state.hand
    assert hand is not None
    who = hand.to_act
    if ext.stage == "drawing":
        if not _opt(state, "more_betting"):
            raise RuleViolation(f"{name} cannot {doing} while cards are taken: {_waiting(state)} "
                                "(the final betting round comes when everyone has stood)")
        if who == name and ext.drew != name and name not in ext.stood:
            raise RuleViolation(f"{name} takes a card or stands first (potlog hit / potlog stand), then calls, "
                                "raises or folds")
        betting = who is not None and (ext.drew == who or who in ext.stood)
    else:
        betting = ext.stage in BETTING_STAGES and who is not None
    if not betting:
        raise RuleViolation(f"{name} cannot {doing} now: {_waiting(state)}")
    if hand.to_act != name:
        extra = ""
        if name == ext.forced and ext.acted == [name] and ext.stage == "opening":
            extra = f" ({name}'s forced raise is already in)"
        raise RuleViolation(f"it is {hand.to_act}'s turn to bet, not {name}'s{extra}")
    if state.stack(name) == 0:
        raise RuleViolation(f"{name} is all-in: nothing more to bet")
    return name


def _min_bet(state: TableState, player: str, amount: int, what: str) -> None:
    ante = int(_opt(state, "ante"))
    if amount < ante and amount < state.stack(player):
        raise RuleViolation(f"{player} cannot {what} {amount}: the smallest bet or raise is the ante, {ante} "
                            "(or all-in)")


@_handler("call")
def _call(state: TableState, cmd: Command) -> list[ev.Event]:
    player = _bet_turn(state, cmd.player, "call")
    seat = state.seat(player)
    assert seat is not None
    if _owes(state, seat) == 0:
        if cmd.amount:
            raise RuleViolation(f"{player} has nothing to match: the call is a check")
        return [base.make_event(ev.Check, player=player)]
    return base.call(state, cmd)


@_handler("check")
def _check(state: TableState, cmd: Command) -> list[ev.Event]:
    _bet_turn(state, cmd.player, "check")
    return base.check(state, cmd)


@_handler("bet")
def _bet(state: TableState, cmd: Command) -> list[ev.Event]:
    player = _bet_turn(state, cmd.player, "bet")
    if cmd.amount is not None:
        _min_bet(state, player, cmd.amount, "bet")
    return base.bet(state, cmd)


@_handler("raise")
def _raise(state: TableState, cmd: Command) -> list[ev.Event]:
    player = _bet_turn(state, cmd.player, "raise")
    if cmd.amount is not None:
        seat = state.seat(player)
        assert seat is not None
        owed = _owes(state, seat)
        if cmd.amount < int(_opt(state, "ante")) and owed + cmd.amount < state.stack(player):
            _min_bet(state, player, cmd.amount, "raise by")
    return base.raise_(state, cmd)


@_handler("allin")
def _allin(state: TableState, cmd: Command) -> list[ev.Event]:
    _bet_turn(state, cmd.player, "go all-in")
    return base.all_in(state, cmd)


@_handler("fold")
def _fold(state: TableState, cmd: Command) -> list[ev.Event]:
    _bet_turn(state, cmd.player, "fold")
    return base.fold(state, cmd)


# -- the showdown

def _payouts(state: TableState) -> list[ev.Event]:
    """Every payment out of the pot this hand, worked out from what does not change while the
    pot is paid: the cards, who folded, and what each player put in."""
    hand = state.hand
    assert hand is not None
    everyone = _clockwise(state, hand.dealer)
    live = [s for s in everyone if s.in_hand and not s.folded]
    total = sum(s.hand_bet for s in everyone)
    if not total:
        return []
    if len(live) == 1:
        return [base.make_event(ev.PotAwarded, shares=[ev.Share(player=live[0].name, amount=total)],
                                reason="everyone else folded")]
    opts = state.options
    cards = {s.name: [h.card for h in s.cards] for s in live}
    keys = {name: hand_key(c, opts) for name, c in cards.items()}
    layers = side_pots([(s.name, s.hand_bet, s.in_hand and not s.folded) for s in everyone])
    no_house = bool(_opt(state, "no_house"))
    out: list[ev.Event] = []
    for i, layer in enumerate(layers):
        label = "the pot" if len(layers) == 1 else ("main pot" if i == 0 else f"side pot {i}")
        eligible = list(layer.eligible) or [s.name for s in live]
        if len(eligible) == 1:
            out.append(base.make_event(ev.PotAwarded, shares=[ev.Share(player=eligible[0], amount=layer.amount)],
                                       reason=f"{label}: back to {eligible[0]}, nobody else matched it"))
            continue
        best = max(keys[p] for p in eligible)
        if best[0] == 0:
            why = "set aside for the last player standing" if no_house else "the house takes it"
            out.append(base.make_event(ev.Transfer, from_account="pot", to_account=ASIDE if no_house else HOUSE,
                                       amount=layer.amount, reason=f"{label}: everyone in it is over 21, {why}"))
            continue
        winners = [p for p in eligible if keys[p] == best]
        shares = [ev.Share(player=p, amount=a) for p, a in split_evenly(layer.amount, winners) if a]
        shown = ", ".join(f"{p} {hand_name(cards[p], opts)}" for p in eligible)
        verb = "split" if len(winners) > 1 else f"{winners[0]} wins"
        out.append(base.make_event(ev.PotAwarded, shares=shares, reason=f"{label}: {verb} ({shown})"[:200]))
    return out


def _unnamed(state: TableState) -> None:
    for s in _live(state):
        if len(_live(state)) > 1 and any(h.card == UNKNOWN for h in s.cards):
            raise RuleViolation(f"{s.name}'s face-down card was never named: say what it is "
                                f"(potlog reveal {s.name} CARD), then showdown")


@_handler("showdown")
def _showdown(state: TableState, cmd: Command) -> list[ev.Event]:
    base.require_hand(state)
    ext = _ext(state)
    hand = state.hand
    assert hand is not None
    if ext.stage != "showdown":
        raise RuleViolation(f"the hand is not ready for the showdown: {_waiting(state)}")
    _unnamed(state)
    live = _live(state)
    events: list[ev.Event] = []
    if len(live) > 1:
        for s in live:
            down = [h.card for h in s.cards if not h.up]
            if down:
                events.append(base.make_event(ev.CardsRevealed, holder=s.name, cards=down))
    payouts = _payouts(state)[ext.paid:]
    owed = sum(e.amount if e.type == "transfer" else sum(x.amount for x in e.shares)  # type: ignore[attr-defined]
               for e in payouts)
    if owed != state.balance("pot"):
        raise RuleViolation(f"the pot holds {state.balance('pot')} chips but the bets add up to {owed}: "
                            "settle this hand with --override")
    events += payouts
    events.append(base.make_event(ev.HandEnded, hand=hand.number))
    return events + _after_hand(_trial(state, events), live)


def _after_hand(state: TableState, live: list[Seat]) -> list[ev.Event]:
    """After the hand: eliminations, what was set aside, and the end of the game."""
    out: list[ev.Event] = []
    stacks = {s.name: state.stack(s.name) for s in state.seats}
    active = [s.name for s in _clockwise(state, state.hand.dealer if state.hand else None) if s.active]
    aside = state.balance(ASIDE)
    if aside and not any(stacks[p] for p in active):
        for p, a in split_evenly(aside, [s.name for s in live]):
            if a:
                out.append(base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + p, amount=a,
                                           reason="nobody else is left: what was set aside is shared"))
                stacks[p] += a
        aside = 0
    for p in active:
        if stacks[p] == 0:
            out.append(base.make_event(ev.PlayerLeft, player=p, cashout=0, reason=ELIMINATED))
    holders = [p for p in active if stacks[p] > 0]
    if len(holders) == 1:
        winner = holders[0]
        if aside:
            out.append(base.make_event(ev.Transfer, from_account=ASIDE, to_account="seat:" + winner, amount=aside,
                                       reason="the last player standing wins what was set aside"))
        out.append(base.make_event(ev.Note, text=f"{winner} holds every chip and wins the game"))
    elif not holders:
        out.append(base.make_event(ev.Note, text="every player is out of chips: the house took the last of them "
                                                 "and nobody wins the game"))
    return out


# -- verify --rules: was each recorded event what these rules make?

def check_event(state: TableState, event: ev.Event) -> None:
    """Raise `RuleViolation` if the rules would not have recorded `event` in `state`
    (``potlog verify --rules``). Player moves are decided again and must come out the same;
    what potlog records by itself (rounds, the forced raise, the showdown) is recomputed."""
    from ..verify import command_for

    e: Any = event
    plain = event.model_copy(update={"ruling": None})
    t = e.type
    if t == "session_opened":
        _same(base.open_session(command_for(event), Options, NAME)[0], plain)  # type: ignore[arg-type]
        return
    ext = _ext(state)
    if t == "void":
        _same(_void(state, command_for(event))[0], plain)  # type: ignore[arg-type]
        return
    if state.in_hand and ext.due:
        expected = _auto(state)
        if not expected:
            raise RuleViolation(f"potlog has nothing to record by itself here, yet {ext.due} is due")
        _same(expected[0], plain)
        return
    if state.in_hand and ext.stage == "showdown" and t in ("pot_awarded", "transfer", "hand_ended"):
        _unnamed(state)
        payouts = _payouts(state)
        if ext.paid < len(payouts):
            _same(payouts[ext.paid], plain)
        elif t != "hand_ended":
            raise RuleViolation("the pot is already paid out")
        return
    if t == "round_started":
        raise RuleViolation("no betting round is due here")
    if t == "player_left" and e.reason == ELIMINATED:
        if state.in_hand or state.stack(e.player) or e.cashout:
            raise RuleViolation(f"{e.player} still has chips or a hand to play: not eliminated")
        return
    if t == "transfer":
        _check_transfer(state, e)
        return
    if t == "note":
        return
    cmd = command_for(event)
    if cmd is None:
        raise RuleViolation(f"bluffjack never records {t}")
    if t == "hand_started":
        cmd = Command("hand", dealer=e.dealer)
    decided = _decide(state, cmd)
    if not decided:
        raise RuleViolation(f"the rules record nothing for '{cmd.verb}' here")
    _same(decided[0], plain)


def _same(expected: ev.Event, recorded: ev.Event) -> None:
    if expected != recorded:
        from ..describe import describe as say

        raise RuleViolation(f"the rules make it '{say(expected)}', the log says '{say(recorded)}'")


def _check_transfer(state: TableState, e: Any) -> None:
    src, dest = e.from_account, e.to_account
    if src.startswith("seat:") and dest.startswith("seat:"):
        if e.amount > state.balance(src):
            raise RuleViolation(f"{src[5:]} has only {state.balance(src)} chips")
        return
    if src == ASIDE and dest.startswith("seat:") and not state.in_hand:
        if e.amount > state.balance(ASIDE):
            raise RuleViolation(f"only {state.balance(ASIDE)} chips are set aside")
        holders = _players_with_chips(state)
        if len(holders) > 1 and dest[5:] not in holders and state.hands_played:
            raise RuleViolation(f"{dest[5:]} is not still in the game")
        return
    raise RuleViolation(f"in bluffjack chips do not move from {src} to {dest} here")


# ----------------------------------------------------------------------------- legal and describe

def _bet_verbs(state: TableState, player: str) -> tuple[str, ...]:
    seat = state.seat(player)
    assert seat is not None
    owed = _owes(state, seat)
    if owed >= state.stack(player):
        return ("allin", "fold")
    if owed:
        return ("call", "raise", "allin", "fold")
    return ("check", "bet", "allin", "fold")


def _waiting(state: TableState) -> str:
    """What the hand waits for, in words."""
    ext = _ext(state)
    hand = state.hand
    if hand is None or hand.ended:
        return "no hand is in progress (potlog hand)"
    who = hand.to_act
    if ext.stage in ("deal", "deal-up"):
        if who:
            seat = state.seat(who)
            kind = "face-down" if seat is not None and not seat.cards else "face-up"
            return f"{who} is dealt a {kind} card next"
        missing = [s.name for s in _order(state) if s.name not in ext.anted]
        return f"waiting for the ante from {', '.join(missing)}" if missing else "the betting starts"
    if ext.stage == "showdown":
        return "the betting is over: potlog showdown"
    if who is None:
        return "nobody is to act"
    if ext.stage == "drawing" and ext.drew != who and who not in ext.stood:
        return f"{who} to take a card or stand"
    seat = state.seat(who)
    owed = _owes(state, seat) if seat is not None else 0
    return f"{who} to call {owed}, raise or fold" if owed else f"{who} to check, bet or fold"


def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    if not state.in_hand:
        holders = _players_with_chips(state)
        if len(holders) == 1 and state.hands_played:
            return [base.Legal(None, ("close", "note"), f"the game is over: {holders[0]} holds every chip")]
        if not holders and state.hands_played:
            return [base.Legal(None, ("close", "note"), "the game is over: the house took the last chips")]
        if len(holders) < 2:
            return [base.Legal(None, ("join", "rebuy", "note", "close"), "a hand needs 2 players with chips")]
        return [base.Legal(None, ("hand", "join", "rebuy", "leave", "count", "note", "close"))]
    if _ext(state).due:  # after a ruling or a void: the step potlog records before the next command
        state = _trial(state, _auto_chain(state))
    ext = _ext(state)
    hand = state.hand
    assert hand is not None
    out: list[base.Legal] = []
    who = hand.to_act
    if ext.stage in ("deal", "deal-up"):
        if who:
            out.append(base.Legal(who, ("deal",), _waiting(state)))
        if ext.stage == "deal":
            ante = int(_opt(state, "ante"))
            for s in _order(state):
                if s.name not in ext.anted:
                    out.append(base.Legal(s.name, ("ante",), f"ante {min(ante, state.stack(s.name))}"))
    elif ext.stage == "showdown":
        out.append(base.Legal(None, ("reveal", "showdown"), "potlog showdown settles the hand"))
    elif who is not None:
        if ext.stage == "drawing" and ext.drew != who and who not in ext.stood:
            out.append(base.Legal(who, ("hit", "stand"), "take a card or stand"))
        else:
            seat = state.seat(who)
            owed = _owes(state, seat) if seat is not None else 0
            note = "nothing to call" if not owed else (f"{owed} to call" if owed < state.stack(who) else
                                                        f"{owed} to call: all-in or fold")
            out.append(base.Legal(who, _bet_verbs(state, who), note))
    return out


def describe(state: TableState) -> list[tuple[str, str]]:
    ext = _ext(state)
    lines: list[tuple[str, str]] = []
    hand = state.hand
    if hand is not None and hand.number and not hand.ended:
        lines.append(("stage", ext.stage))
        shown = []
        for s in _order(state):
            if s.folded:
                continue
            if not s.cards:
                continue
            up = [h.card for h in s.cards if h.up]
            down = len(s.cards) - len(up)
            text = (f"{s.name} shows {hand_total(up)}" if up else s.name) + (f" +{down} down" if down else "")
            if s.name in ext.stood:
                text += ", stood"
            shown.append(text)
        if shown:
            lines.append(("hands", "; ".join(shown)))
    if state.balance(ASIDE):
        lines.append(("set aside", f"{state.balance(ASIDE)} (for the last player standing)"))
    if state.balance(HOUSE):
        lines.append(("house", str(state.balance(HOUSE))))
    holders = _players_with_chips(state)
    if not state.in_hand and len(holders) == 1 and state.hands_played:
        lines.append(("game", f"over: {holders[0]} holds every chip"))
    return lines
