"""Tricks: what every trick-taking game asks (Bluke now; Whist, Skat, Tarot, Maw next).

Whose turn it is in a trick (the leader, then clockwise among the hand's players), what the
first card asks to be followed, whether a card follows under the game's `Following` rule (and
which held cards it should have been instead), who takes the trick under the game's own card
power, and, for hands that are not known, the voids a play shows and the revokes a later card
shows. Pure functions over plain data: a trick is a list of ``(player, card)`` in the order
played; voids are ``player -> suit -> the trick where they did not follow it``. On top of them,
the steps a game's decide and evolve take over what it keeps of a hand of tricks (`Keeping`):
a card played (checked), cards shown, a scorekeeper's tally, a trick taken.

A card *follows as* a suit letter, as `TRUMPS` when the game widens the trump suit with cards
of other faces (New Jersey Bluke's jokers, Skat's jacks), or as None: a card playable at any
time that follows nothing (standard Bluke's jokers, Tarot's Excuse). A trick led with such a
card has no suit to follow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, MutableMapping, Sequence

from ... import events as ev
from ...cards import UNKNOWN, suit
from ...errors import InputError, RuleViolation
from ...core.table import where_is
from ...state import TableState

Play = tuple[str, str]
Voids = MutableMapping[str, dict[str, int]]
Power = Callable[[str, str | None, str | None], Any]
"""(card, what the trick's first card follows as, the trump suit) -> its strength; the highest
takes the trick, the earliest played among equals."""

TRUMPS = "T"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", TRUMPS: "trumps"}


def suit_name(k: str | None) -> str:
    return SUIT_NAMES.get(k or "", k or "nothing")


@dataclass(frozen=True)
class Following:
    """A game's rule for following suit: a player must follow the suit led if they can.

    Attributes:
        trump: the trump suit (a suit letter), or None for a hand without trumps.
        any_time: cards that may be played at any time and follow nothing.
        trumps: cards of other faces that belong to the trump suit; with any, every trump
            follows as `TRUMPS` (a no-trump hand keeps these as the whole trump suit).
        must_trump: a player who cannot follow must play a trump if they hold one.
        may_trump: a trump may be played instead of following (Maw).
        suit: the suit printed on a card (None for a card without one).
    """

    trump: str | None = None
    any_time: frozenset[str] = frozenset()
    trumps: frozenset[str] = frozenset()
    must_trump: bool = False
    may_trump: bool = False
    suit: Callable[[str], str | None] = suit

    @property
    def trump_class(self) -> str | None:
        """What a trump follows as: `TRUMPS` when the trump suit is widened, else its suit."""
        return TRUMPS if self.trumps else self.trump

    def follows_as(self, card: str) -> str | None:
        """The suit `card` follows as: its suit, `TRUMPS`, or None (played at any time)."""
        if card in self.any_time:
            return None
        if card in self.trumps:
            return TRUMPS
        s = self.suit(card)
        return TRUMPS if self.trumps and s is not None and s == self.trump else s


# ----------------------------------------------------------------------------- turns

def on_table(state: TableState) -> list[Play]:
    """The current trick as plain data."""
    return [(p.player, p.card) for p in state.hand.trick] if state.hand is not None else []


def complete(order: Sequence[str], plays: Sequence[Play]) -> bool:
    """Everyone in the hand has played to the trick."""
    return bool(order) and len(plays) >= len(order)


def to_play(order: Sequence[str], leader: str | None, plays: Sequence[Play]) -> str | None:
    """Whose turn it is in the trick: the leader, then clockwise in `order` (the hand's players)
    after the last of them to play; None once the trick is complete. A card from outside
    `order` (a table ruling) passes no turn."""
    if complete(order, plays):
        return None
    last = [p for p, _ in plays if p in order]
    return order[(order.index(last[-1]) + 1) % len(order)] if last else leader


# ----------------------------------------------------------------------------- following

def led(plays: Sequence[Play], rule: Following) -> str | None:
    """What the trick's first card asks to be followed (None: nothing, or no card yet)."""
    return rule.follows_as(plays[0][1]) if plays else None


def _excused(card: str, plays: Sequence[Play], rule: Following) -> str | None:
    """The suit led when `card` does not follow it and is not otherwise allowed; else None."""
    asked, mine = led(plays, rule), rule.follows_as(card)
    if asked is None or mine is None or mine == asked or (rule.may_trump and mine == rule.trump_class):
        return None
    return asked


def instead(card: str, held: Sequence[str], plays: Sequence[Play], rule: Following) -> list[str]:
    """The known cards in `held` the rule asks for instead of `card` on the trick `plays` (the
    suit led, or with `must_trump` a trump when void in it); empty when `card` may be played."""
    asked = _excused(card, plays, rule)
    if asked is None:
        return []
    known = [c for c in held if c != UNKNOWN and c != card]
    same = [c for c in known if rule.follows_as(c) == asked]
    trump = rule.trump_class
    if same or not rule.must_trump or trump is None or rule.follows_as(card) == trump:
        return same
    return [c for c in known if rule.follows_as(c) == trump]


def shows_void(card: str, plays: Sequence[Play], rule: Following) -> list[str]:
    """The suits a player shows they hold none of by playing `card` to the trick `plays`."""
    asked = _excused(card, plays, rule)
    if asked is None:
        return []
    trump = rule.trump_class
    if rule.must_trump and trump is not None and trump != asked and rule.follows_as(card) != trump:
        return [asked, trump]
    return [asked]


def revoke(voids: Voids, player: str, card: str, rule: Following) -> tuple[str, int] | None:
    """``(suit, trick)`` if `card` is of a suit `player` did not follow on that trick: a revoke
    shown (the player held the suit after all)."""
    k = rule.follows_as(card)
    trick = voids.get(player, {}).get(k) if k is not None else None
    return (k, trick) if k is not None and trick is not None else None


def winner(plays: Sequence[Play], power: Power, rule: Following) -> str:
    """Who takes the trick: the highest `power`, the earliest played among equals."""
    asked = led(plays, rule)
    best = max(range(len(plays)), key=lambda i: (power(plays[i][1], asked, rule.trump), -i))
    return plays[best][0]


def unseen(held: Sequence[str], holding: int) -> int:
    """How many of the `holding` cards a player still holds are not known: ``??`` cards plus
    those never recorded."""
    return held.count(UNKNOWN) + max(0, holding - len(held))


# ----------------------------------------------------------------------------- evolve

def shown(voids: Voids, player: str, card: str, rule: Following) -> tuple[str, int] | None:
    """A card shown (played or revealed): the revoke it shows, if any, taken off `voids` so each
    suit not followed is flagged once."""
    hit = revoke(voids, player, card, rule)
    if hit is not None:
        del voids[player][hit[0]]
    return hit


def played(voids: Voids, plays: Sequence[Play], rule: Following, trick: int) -> tuple[str, int] | None:
    """Bookkeeping after the last card of `plays` (trick number `trick`): the revoke it shows
    (see `shown`), and the voids it shows noted against its player."""
    player, card = plays[-1]
    hit = shown(voids, player, card, rule)
    for k in shows_void(card, plays[:-1], rule):
        voids.setdefault(player, {}).setdefault(k, trick)
    return hit


# ----------------------------------------------------------------------------- a hand of tricks

@dataclass
class Keeping:
    """What a game keeps of its hand of tricks (fields of its own state: a game's state
    dataclass inherits them).

    Attributes:
        order: the hand's players, clockwise from the dealer's left (the bidding order).
        cards: cards dealt to each player. tricks_done: tricks taken so far.
        trump: the trump suit letter, ``none`` (a card without a suit turned), or None (not
            turned yet); trump_card: the card turned.
        bids, taken: this hand's bids and tricks per player.
        tally: the tricks were recorded as a scorekeeper's tally, not card by card.
        leader: who leads the trick on the table.
        voids: player -> suit -> the trick where they did not follow it.
        revokes: every revoke shown: hand, player, suit, trick (not followed), shown (the trick
            number, or ``revealed``), card.
    """

    order: list[str] = field(default_factory=list)
    cards: int = 0
    trump: str | None = None
    trump_card: str | None = None
    bids: dict[str, int] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)
    tally: bool = False
    tricks_done: int = 0
    leader: str | None = None
    voids: dict[str, dict[str, int]] = field(default_factory=dict)
    revokes: list[dict[str, Any]] = field(default_factory=list)


def new_hand(k: Keeping, order: list[str], cards: int) -> str | None:
    """A new hand: its players and cards; no trump, bid or trick, no void known. Returns who leads."""
    k.order, k.cards, k.tricks_done, k.taken, k.voids = order, cards, 0, {}, {}
    k.trump = k.trump_card = None
    k.bids, k.tally = {}, False
    k.leader = order[0] if order else None
    return k.leader


def pending(state: TableState, k: Keeping) -> bool:
    """A full trick is on the table without its winner (its last card was a table ruling)."""
    return complete(k.order, on_table(state))


def take(state: TableState, k: Keeping, power: Power, rule: Following) -> ev.Event:
    """The full trick on the table, taken."""
    return ev.TrickWon(player=winner(on_table(state), power, rule), trick=k.tricks_done + 1)


def taken_first(state: TableState, k: Keeping, power: Power, rule: Following) -> list[ev.Event]:
    """The full trick on the table taken (before anything else is recorded), or nothing."""
    return [take(state, k, power, rule)] if pending(state, k) else []


def held(state: TableState, player: str) -> list[str]:
    seat = state.seat(player)
    return [h.card for h in seat.cards] if seat is not None else []


def play(state: TableState, k: Keeping, player: str, card: str, rule: Following, *, hint: str = "") -> list[ev.Event]:
    """`player` plays `card` to the trick: refused out of turn, when they cannot hold it, or when
    the rule asks for another card they hold (`hint` closes that message); a revoke it shows is
    noted."""
    hand = state.hand
    assert hand is not None
    if player != hand.to_act:
        who = hand.trick[0].player if hand.trick else k.leader
        raise RuleViolation(f"it is {hand.to_act}'s turn to play, not {player}'s ({who} leads trick {k.tricks_done + 1})")
    cards = held(state, player)
    if card not in cards and unseen(cards, k.cards - k.tricks_done) <= 0:
        raise RuleViolation(f"{player} does not hold {card} (holds {' '.join(cards) or 'no cards'})")
    if card not in cards and (where := where_is(state, card)) is not None:
        raise RuleViolation(f"{card} is already in {where}: a pack holds one {card}")
    plays = on_table(state)
    can = instead(card, cards, plays, rule)
    if can:
        raise RuleViolation(f"{player} must follow {suit_name(led(plays, rule))}: they hold {' '.join(can)}{hint}")
    out: list[ev.Event] = [ev.CardPlayed(player=player, card=card)]
    if (hit := revoke(k.voids, player, card, rule)) is not None:
        out.append(ev.Note(text=f"revoke: {player} did not follow {suit_name(hit[0])} on trick {hit[1]} "
                                f"and now plays {card} on trick {k.tricks_done + 1}"))
    return out


def reveal(state: TableState, k: Keeping, holder: str, cards: list[str], rule: Following) -> list[ev.Event]:
    """`holder` shows `cards` (known or unseen in their hand); the first revoke they show is noted."""
    if not cards:
        raise InputError("name the cards shown, like QD 7S")
    mine = held(state, holder)
    unknown = unseen(mine, k.cards - k.tricks_done - any(p == holder for p, _ in on_table(state)))
    for card in cards:
        if card in mine:
            mine.remove(card)
            continue
        if cards.count(card) > 1:
            raise RuleViolation(f"{card} is named twice: a pack holds one {card}")
        where = where_is(state, card)
        if where is not None:
            raise RuleViolation(f"{card} is already in {where}: {holder} cannot show it")
        if unknown <= 0:
            raise RuleViolation(f"{holder} has no unseen card left to show {card}")
        unknown -= 1
    out: list[ev.Event] = [ev.CardsRevealed(holder=holder, cards=cards)]
    for card in cards:
        if (hit := revoke(k.voids, holder, card, rule)) is not None:
            out.append(ev.Note(text=f"revoke: {holder} did not follow {suit_name(hit[0])} on trick {hit[1]} "
                                    f"and shows {card}"))
            break
    return out


def check_tally(state: TableState, k: Keeping, given: Mapping[str, int]) -> None:
    """A scorekeeper's tally of the hand: every player's tricks, adding up to the cards dealt."""
    if k.taken or on_table(state) or k.tricks_done:
        raise RuleViolation("this hand is being played card by card: finish it with potlog play")
    missing = [p for p in k.order if p not in given]
    if missing:
        raise RuleViolation(f"name every player's tricks: {', '.join(missing)} missing (0 if none)")
    for p, n in given.items():
        if not 0 <= n <= k.cards:
            raise RuleViolation(f"{p} took {n}: a player takes 0 to {k.cards} tricks this hand")
    if sum(given.values()) != k.cards:
        raise RuleViolation(f"the tricks add up to {sum(given.values())} but {k.cards} were played: "
                            "every trick is taken by someone")


def check_tallied(state: TableState, k: Keeping, player: str | None, value: object) -> None:
    """One recorded entry of a tally (for ``verify --rules``): in turn, in range, adding up."""
    if on_table(state) or k.tricks_done:
        raise RuleViolation("this hand is being played card by card: no tally of tricks")
    waiting = [p for p in k.order if p not in k.taken]
    if not waiting or player != waiting[0]:
        raise RuleViolation(f"tricks are tallied for every player in turn: {waiting[0] if waiting else 'nobody'} next")
    n = value if isinstance(value, int) and not isinstance(value, bool) else -1
    if not 0 <= n <= k.cards:
        raise RuleViolation(f"{player} took {value}: a player takes 0 to {k.cards} tricks this hand")
    if len(waiting) == 1 and sum(k.taken.values()) + n != k.cards:
        raise RuleViolation(f"the tricks add up to {sum(k.taken.values()) + n} but {k.cards} were played")


def evolve(state: TableState, k: Keeping, rule: Following, event: ev.Event) -> bool:
    """The bookkeeping of a hand of tricks after `event`: the trump card turned (a card without
    a suit: no trump), a card played (the revoke it shows, the voids it shows, the turn), cards
    shown (revokes), a trick taken (its taker leads next). Revokes go to ``k.revokes``. True
    when the hand's last trick was just taken."""
    hand = state.hand
    if hand is None:
        return False
    match event:
        case ev.CardsDealt(to="trump"):
            k.trump_card = card = event.cards[-1]
            k.trump = suit(card) or "none"
        case ev.CardPlayed():
            plays = on_table(state)
            _revoked(k, hand.number, event.player, event.card, played(k.voids, plays, rule, k.tricks_done + 1),
                     k.tricks_done + 1)
            hand.to_act = to_play(k.order, k.leader, plays)
        case ev.CardsRevealed() if event.holder in k.order:
            for card in event.cards:
                _revoked(k, hand.number, event.holder, card, shown(k.voids, event.holder, card, rule), "revealed")
        case ev.TrickWon():
            k.taken[event.player] = k.taken.get(event.player, 0) + 1
            k.tricks_done += 1
            k.leader = hand.to_act = event.player
            return k.tricks_done >= k.cards
    return False


def _revoked(k: Keeping, hand: int, player: str, card: str, hit: tuple[str, int] | None, when: int | str) -> None:
    if hit is not None:
        k.revokes.append({"hand": hand, "player": player, "suit": hit[0], "trick": hit[1], "shown": when,
                          "card": card})


def revokes_text(revokes: Sequence[Mapping[str, Any]]) -> str:
    return "; ".join(f"{r['player']} hand {r['hand']} trick {r['trick']} ({suit_name(r['suit'])})" for r in revokes)


def revoke_lines(revokes: Sequence[Mapping[str, Any]]) -> list[str]:
    """The revokes, one line each (for a scorecard)."""
    return [f"revoke: {r['player']} did not follow {r['suit']} on trick {r['trick']} of hand {r['hand']}, showed "
            f"{r['card']} {'when the cards were shown' if r['shown'] == 'revealed' else 'on trick ' + str(r['shown'])}"
            for r in revokes]
