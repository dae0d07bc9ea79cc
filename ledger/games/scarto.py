"""Scarto: three players with a 78-card tarot pack; the dealer discards three; play to the right;
count the court cards and the bouts, less 26.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Scarto", in "Cards"), on the trick kit
(`ledger.kit.tricks`). ``potlog hand`` deals; ``potlog discard Ann KS 3H 4C`` (the dealer);
``potlog play Ben 7H`` ...; potlog takes the tricks, counts, pays the stake. Readings:

- Three players, the ``tarot78`` pack (suit cards ``1S``-``10S``, ``JS CS QS KS``; atouts ``T1``-
  ``T21``; the excuse ``EX``). The first dealer as the table agrees (``hand --dealer NAME``, else
  the first seat); the deal then passes to the right, as the play does.
- The deal: 25 each (in packets of five: recorded as one deal each), the last three to the dealer,
  who discards three. The discards must be named (they count for the dealer) and may not be a
  king or a bout (``T1``, ``T21``); the excuse may be discarded only when the dealer holds no other
  atout (as far as potlog knows the hand: a known atout ``T2``-``T20`` held refuses it).
- Play: the dealer's right leads the first trick; play and the lead pass to the right; a player
  must follow suit, and if they cannot, play an atout ("if they cannot discard an atout, they may
  discard any card": so an atout when they hold one); no over-trumping is asked.
- Rank: the atouts above every suit, 21 highest. Spades and clubs: K Q C J 10 9 ... 1; hearts and
  diamonds: K Q C J 1 2 ... 10 (the text names K, J, 10 and 1; the queen and cavalier take their
  usual places between the king and the jack).
- The excuse (the text gives it no play rule; it is a bout for counting): as in the compendium's
  tarot, it may be played at any time, never takes a trick and goes back to its player's pile
  (to the taker on the last trick); its player then hands the taker one plain card from their
  pile in exchange, counted at the end; with none to hand over, the excuse goes to the taker
  after all (so every pile is whole threes and the count stays 78).
- Counting: each pile, the dealer's with the discards, counted in groups of three: kings 5,
  queens 4, cavaliers 3, jacks 2, the bouts 5, every other card 1, each group less 2 (a last group
  of two less 1): the 78 cards count 78. Each player's score is their count less 26 (zero-sum);
  the highest wins. At ``stake`` chips per point each player wins or pays their score. The sheet
  keeps every hand; ``hands`` ends the game after that many.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Literal

from pydantic import BaseModel, Field

from .. import events as ev
from ..cards import UNKNOWN, parse_cards
from ..core import table
from ..core.commands import Command, NewHand, Play, Reveal
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.verbs import make_event, start_hand
from ..errors import InputError, RuleViolation
from ..kit import follow, own, tricks, turns, wiring
from ..kit import tarot as tc
from ..kit.tricks.commands import Discard
from ..state import TableState

th, tr, sh = tricks.hand, tricks.rules, tricks.sheet

PACK = "tarot78"
BOUTS = tc.BOUTS


class Options(BaseModel):
    """Scarto's table choices."""

    pack: Literal["tarot78"] = Field(default="tarot78", description="the 78-card tarot pack")
    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips per point of a score")
    hands: int = Field(default=0, ge=0, le=1000, description="hands in the game (0: as many as the table plays)")


@dataclass
class Scarto(th.Trickplay, sh.Sheet):
    """Scarto's own state: the phase and the dealer's discards."""

    phase: str = ""
    discarded: list[str] = field(default_factory=list)


OWN = own.Plain(Scarto, Options)


rank = tc.rank
"""The tarot's ranks (`ledger.kit.tarot.rank`): black pips 1 low, red pips 10 low, then J C Q K."""
RULES = tr.Rules(rank=rank, must_trump=True, excuse=frozenset({"EX"}), right=True)
"""Scarto's trick: the tarot's ranks, an atout when one cannot follow, no over-trumping."""


def value(card: str) -> int:
    """Bouts 5, kings 5, queens 4, cavaliers 3, jacks 2, anything else 1."""
    return 5 if card in BOUTS else tc.court_value(card) or 1


def in_threes(cards: list[str]) -> int:
    """A pile counted in groups of three: each group its values less 2 (a last group of two less 1)."""
    return tr.count(cards, value) - (len(cards) - (len(cards) + 2) // 3)


def piles(x: Scarto, dealer: str) -> dict[str, list[str]]:
    """Each player's pile to count: the cards taken, the dealer's discards, the excuse's exchange."""
    out = {p: list(x.won.get(p, [])) for p in x.seats}
    out.setdefault(dealer, []).extend(x.discarded)
    for owner, taker in x.excused:
        plain = next((c for c in out.get(owner, []) if value(c) == 1), None)
        give = plain if plain is not None else "EX" if "EX" in out.get(owner, []) else None
        if give is not None:  # (no plain card to hand over: the excuse itself goes to the taker)
            out[owner].remove(give)
            out.setdefault(taker, []).append(give)
    return out


def scores(x: Scarto, dealer: str) -> dict[str, int]:
    return {p: in_threes(cards) - 26 for p, cards in piles(x, dealer).items()}


def _after(state: TableState) -> list[ev.Event]:
    hand, x = state.hand, OWN.x(state)
    if hand is None or hand.ended or not x.seats:
        return []
    if x.phase == "deal":
        if undealt := [p for p in x.seats if not th.holding(state, p)]:
            return [make_event(ev.CardsDealt, to=p, cards=[UNKNOWN] * 25) for p in undealt]
        return [make_event(ev.CardsDealt, to=hand.dealer, cards=[UNKNOWN] * 3)]
    if th.complete(x):
        return th.taken(x, RULES)
    if th.over(x):
        pts = scores(x, hand.dealer)
        return sh.after(x, state, pts, f"Scarto hand {hand.number}: the count less 26")
    return []


def _start(state: TableState, cmd: NewHand) -> list[ev.Event]:
    o, x, last = OWN.opts(state), OWN.x(state), state.hand
    if len(state.active_seats) != 3:
        raise RuleViolation(f"Scarto is played by 3 players, not {len(state.active_seats)}")
    if o.hands and len(x.sheet) >= o.hands:
        raise RuleViolation(f"the game is over after {o.hands} hands: potlog state shows the sheet")
    if cmd.first:
        raise RuleViolation("in Scarto the dealer's right leads the first trick: drop --first")
    dealer = cmd.dealer
    if last is not None and last.number:
        right = turns.seat_right_of(state, last.dealer)
        if dealer and dealer != right:
            raise RuleViolation(f"the deal passes to the right: {right} deals")
        dealer = right
    return follow.followed(start_hand(state, NewHand(dealer=dealer), min_players=3))


def _discard(state: TableState, cmd: Discard) -> list[ev.Event]:
    hand, x = table.require_hand(state), OWN.x(state)
    player = table.require_seated(state, cmd.player)
    if x.phase != "discard":
        raise RuleViolation("the dealer's discard is made once, after the deal")
    if player != hand.dealer:
        raise RuleViolation(f"the dealer, {hand.dealer}, discards, not {player}")
    cards = parse_cards(list(cmd.discard), PACK, allow_unknown=False)
    if len(cards) != 3:
        raise InputError("name the dealer's three discards, like potlog discard Ann 3H 4C 7S")
    barred = [c for c in cards if c[:-1] == "K" and tr.printed_suit(c) not in (None, tr.TRUMPS) or c in BOUTS[:2]]
    if barred:
        raise RuleViolation(f"the dealer may not discard a king or a bout: {' '.join(barred)}")
    held = th.holding(state, player)
    if "EX" in cards and (others := [c for c in held if tr.printed_suit(c) == tr.TRUMPS and c not in BOUTS
                                     and c not in cards]):
        raise RuleViolation(f"the excuse is discarded only when no other atout can be: {player} holds "
                            f"{' '.join(others)}")
    for c in cards:
        if cards.count(c) > 1:
            raise RuleViolation(f"{c} is named twice: a pack holds one {c}")
        if c not in held and (UNKNOWN not in held or (where := table.where_is(state, c)) is not None):
            raise RuleViolation(f"{player} does not hold {c}" + (f": it is in {where}" if UNKNOWN in held else ""))
    return follow.followed([make_event(ev.CardsExchanged, player=player, discard=cards)])


def _play(state: TableState, cmd: Play) -> list[ev.Event]:
    table.require_hand(state)
    x = OWN.x(state)
    if x.phase != "play":
        raise RuleViolation("the dealer discards three first: potlog discard NAME C1 C2 C3")
    return follow.followed(th.play(state, x, RULES, cmd.player, cmd.cards[0] if cmd.cards else None,
                                      pack=PACK))


def _reveal(state: TableState, cmd: Reveal) -> list[ev.Event]:
    table.require_hand(state)
    return th.show(state, OWN.x(state), cmd.player, cmd.cards, pack=PACK)


def _own(e: ev.Event) -> Command | None:
    return Discard(player=e.player, discard=tuple(e.discard)) if isinstance(e, ev.CardsExchanged) else None


decide, check_event = wiring.wire(
    "scarto", "Scarto", Options, _after, {NewHand: _start, Discard: _discard, Play: _play, Reveal: _reveal},
    "hand, the dealer's discard, then play NAME CARD to the right (reveal NAME CARDS shows cards held)",
    by_itself=(ev.CardsDealt, ev.TrickWon, ev.Scored, ev.Transfer, ev.HandEnded), own=_own)


def evolve(state: TableState, e: ev.Event) -> None:
    x, o, hand = OWN.x(state), OWN.opts(state), state.hand
    match e:
        case ev.HandStarted():
            th.start(x, th.seating(state, e.dealer, right=True), 25, trump=tr.TRUMPS)
            x.phase, x.discarded = "deal", []
        case ev.CardsDealt() if hand is not None and e.to == hand.dealer and x.phase == "deal" and \
                all(th.holding(state, p) for p in x.seats) and len(th.holding(state, e.to)) > 25:
            x.phase = "discard"
        case ev.CardsExchanged() if x.phase == "discard":
            x.discarded, x.phase = list(e.discard), "play"
    th.evolve(state, x, RULES, e)
    sh.note(x, state, e, players=x.seats, stake=o.stake, reason=f"Scarto at {o.stake} per point", pairwise=False)
    if hand is not None and not hand.ended:
        hand.to_act = hand.dealer if x.phase == "discard" else th.to_play(x) if x.phase == "play" else None
        hand.phase = {"play": "playing", "deal": "dealing"}.get(x.phase, x.phase)


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    x = OWN.x(state)
    if x.phase == "discard" and state.hand is not None:
        return [Legal(state.hand.dealer, ("discard",), "the dealer discards three: no king, no bout")]
    return th.legal(state, x, RULES)


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    out: list[tuple[str, str]] = []
    hand = state.hand
    if hand is not None and x.seats and x.phase in ("play", "discard") or (hand is not None and th.over(x)):
        assert hand is not None
        if x.phase == "discard":
            out.append(("discard", f"{hand.dealer} discards three"))
        else:
            counts = {p: in_threes(c) for p, c in piles(x, hand.dealer).items()}
            out += th.lines(state, x, RULES, points=counts)
    return out + sh.lines(x, state, [s.name for s in state.seats if s.name in x.seats or s.active])


WORDS = (
    Word("discard", "The dealer discards three cards (no king, no bout; the excuse only with no other atout).",
         params=(Param("player", "The dealer."), Param("cards", "The three discards, like 3H 4C 7S.", many=True,
                                                                     field="discard")),
         command=lambda v: Discard(player=v["player"], discard=tuple(v["cards"])), makes=(Discard,)),
)
RULESET = Ruleset(name="scarto", title="Scarto", summary="Three players, a tarot pack, 25 cards each: the dealer "
                  "discards three, play to the right, count the courts and bouts less 26.", options=Options,
                  initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view, check_event=check_event,
                  words=WORDS, min_players=3, max_players=3)
