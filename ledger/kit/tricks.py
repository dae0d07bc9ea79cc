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

from .. import events as ev
from ..cards import UNKNOWN, parse_cards, pretty, suit
from ..commands import Command
from ..errors import InputError, RuleViolation, UsageError
from ..games.base import check_unseen, make_event, require_hand, require_live, require_open, reveal as show, where_is
from ..games.ruleset import Legal
from ..state import Hand, TableState
from .follow import After, then, trial

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


def per_player(state: TableState, cmd: Command, what: str) -> dict[str, int]:
    """A command's ``NAME=N`` pairs (bids, tricks taken), each naming a player in the hand once."""
    if not cmd.shares:
        raise InputError(f"say each player's {what}, like: potlog {cmd.verb} John=3 Margaret=1")
    names = [p for p, _ in cmd.shares]
    for p in names:
        if names.count(p) > 1:
            raise InputError(f"{p} is named twice")
    for p in names:
        require_live(state, p)
    return dict(cmd.shares)


def check_bids(state: TableState, k: Keeping, bids: Mapping[str, int], given: Mapping[str, int], *,
               least: int = 0) -> list[str]:
    """Bids of a number of tricks, in turn from the dealer's left, one each (several may come at
    once, in any order), `least` up to the cards dealt. Returns the bidders in turn."""
    if k.taken or on_table(state) or k.tricks_done:
        raise RuleViolation("the bidding is over: the hand is being played")
    for p in given:
        if p in bids:
            raise RuleViolation(f"{p} has already bid {bids[p]} this hand (void that bid to correct it)")
    waiting = [p for p in k.order if p not in bids]
    if not waiting:
        raise RuleViolation("everyone has bid: play the hand (potlog play) or record the tricks (potlog tricks)")
    expected = waiting[:len(given)]
    if set(expected) != set(given):
        raise RuleViolation(f"it is {waiting[0]}'s turn to bid: bids go round from the dealer's left "
                            f"({', '.join(k.order)}), one each")
    for p in expected:
        if not least <= given[p] <= k.cards:
            raise RuleViolation(f"{p} bids {given[p]}: a bid is {least} to {k.cards} tricks (the cards dealt this hand)")
    return expected


def turn_trump(state: TableState, k: Keeping, turned: str | None, cmd: Command, pack: str, *,
               example: str) -> list[ev.Event]:
    """The card turned for trump (face up), once a hand, before the first card is played."""
    if turned is not None:
        raise RuleViolation(f"the trump card is already turned this hand ({turned})")
    if on_table(state) or k.tricks_done:
        raise RuleViolation("the trump card is turned before the first card is played")
    cards = parse_cards(cmd.cards, pack, allow_unknown=False) if cmd.cards else []
    if len(cards) != 1 or cmd.count:
        raise InputError(f"turn one known card for trump, like: {example}")
    check_unseen(state, cards)
    return [ev.CardsDealt(to="trump", cards=cards, face_up=True)]


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


# ----------------------------------------------------------------------------- a bidding game, declared

def bids_done(k: Keeping) -> None:
    """Refused until every player has bid."""
    waiting = [p for p in k.order if p not in k.bids]
    if waiting:
        raise RuleViolation(f"the bids come first: {waiting[0]} has not bid yet (potlog bid {waiting[0]} N)")


def pairs(items: Sequence[str], what: str, example: str) -> tuple[tuple[str, int], ...]:
    """A word's ``NAME=N`` items (bids, tricks taken; for a single player ``NAME N`` works too)."""
    if len(items) == 2 and "=" not in items[0] and "=" not in items[1]:
        items = [f"{items[0]}={items[1]}"]
    out = []
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"{item!r} needs the form {example}")
        t = value.strip()
        if not t.isdigit() or len(t) > 4:
            raise UsageError(f"{name.strip()}'s {what}: {value!r} is not a whole number of tricks (0 or more)")
        out.append((name.strip(), int(t)))
    return tuple(out)


def revokes_text(revokes: Sequence[Mapping[str, Any]]) -> str:
    return "; ".join(f"{r['player']} hand {r['hand']} trick {r['trick']} ({suit_name(r['suit'])})" for r in revokes)


def revoke_lines(revokes: Sequence[Mapping[str, Any]]) -> list[str]:
    """The revokes, one line each (for a scorecard)."""
    return [f"revoke: {r['player']} did not follow {r['suit']} on trick {r['trick']} of hand {r['hand']}, showed "
            f"{r['card']} {'when the cards were shown' if r['shown'] == 'revealed' else 'on trick ' + str(r['shown'])}"
            for r in revokes]


@dataclass(frozen=True)
class Bidding:
    """A hand of tricks with a turned trump card and bids (Bluke, Oh Hell): the phases
    ``bidding`` (each player bids in turn from the dealer's left), ``playing`` (card by card,
    or a scorekeeper's tally of the tricks taken) and ``scoring`` (every trick is taken: the
    game's `after` records the points). The game's state inherits `Keeping`.

    Attributes:
        game: the game's title (for refusals).
        pack: the pack dealt.
        keeping: the game's state (a `Keeping`) in a table state.
        power: the cards' strength in a trick.
        rule: how cards follow in the hand being played.
        least_bid: the smallest bid.
        trump_example: how to turn the trump card (in refusals).
        turn_first: the refusal of a card played before the trump card is turned.
        hint: what closes the refusal of a card that does not follow (the game's exceptions).
    """

    VERBS = ("deal", "bid", "tricks", "play", "end", "reveal")

    game: str
    pack: str
    keeping: Callable[[TableState], Keeping]
    power: Power
    rule: Callable[[TableState], Following]
    least_bid: int = 0
    trump_example: str = "potlog deal trump 7H --up"
    turn_first: str = "turn the trump card first: potlog deal trump 7H --up"
    hint: Callable[[TableState], str] = lambda state: ""

    def live(self, state: TableState) -> tuple[Keeping, Hand]:
        require_open(state)
        return self.keeping(state), require_hand(state)

    def start(self, state: TableState, order: list[str], cards: int) -> None:
        """A hand starts: `order` from the dealer's left, `cards` each; the bidding opens."""
        assert state.hand is not None
        state.hand.to_act = new_hand(self.keeping(state), order, cards)
        state.hand.phase = "bidding"

    def taken_first(self, state: TableState) -> list[ev.Event]:
        """The full trick on the table taken (what potlog records before anything else), or nothing."""
        return taken_first(state, self.keeping(state), self.power, self.rule(state))

    # --------------------------------------------------------------------- decide

    def decide(self, state: TableState, cmd: Command, after: After) -> list[ev.Event]:
        """One of `VERBS`; `after` says what the rules record by themselves (a trick's winner, the points)."""
        match cmd.verb:
            case "deal":
                return self.deal(state, cmd)
            case "bid":
                return self.bid(state, cmd)
            case "tricks":
                return self.tally(state, cmd, after)
            case "play":
                return self.play(state, cmd, after)
            case "end":
                return self.end(state, cmd, after)
            case "reveal":
                return self.reveal(state, cmd)
        raise ValueError(f"not a verb of a hand of tricks: {cmd.verb}")

    def deal(self, state: TableState, cmd: Command) -> list[ev.Event]:
        """``deal trump CARD`` (the turned card) or ``deal NAME CARDS`` (a hand known, before the bids)."""
        k, to = self.live(state)[0], cmd.to or ""
        if to.lower() == "trump":
            return turn_trump(state, k, k.trump_card if k.trump is not None else None, cmd, self.pack,
                              example=self.trump_example)
        seat = state.seat(to)
        if seat is None:
            raise RuleViolation(f"in {self.game} cards go to a player or the turned trump card (deal trump 7H), not {to!r}")
        require_live(state, to)
        if k.bids or k.taken:
            raise RuleViolation("the deal is over once the bidding starts: record known hands before the first bid")
        cards = (parse_cards(cmd.cards, self.pack) if cmd.cards else []) + [UNKNOWN] * (cmd.count or 0)
        if not cards:
            raise InputError("name the cards dealt (like AS 10H HI), or give --count for unseen cards")
        if len(seat.cards) + len(cards) > k.cards:
            raise RuleViolation(f"{to} is dealt {k.cards} cards this hand and already has {len(seat.cards)}: "
                                f"at most {k.cards - len(seat.cards)} more")
        check_unseen(state, cards)
        return [make_event(ev.CardsDealt, to=to, cards=cards, face_up=cmd.face_up)]

    def bid(self, state: TableState, cmd: Command) -> list[ev.Event]:
        k = self.live(state)[0]
        given = per_player(state, cmd, "bid")
        return [make_event(ev.Declared, player=p, name="bid", value=given[p])
                for p in check_bids(state, k, k.bids, given, least=self.least_bid)]

    def tally(self, state: TableState, cmd: Command, after: After) -> list[ev.Event]:
        """A scorekeeper's ``tricks``: every player's tricks taken, then what follows."""
        k = self.live(state)[0]
        given = per_player(state, cmd, "tricks taken")
        bids_done(k)
        check_tally(state, k, given)
        return then(state, [make_event(ev.Declared, player=p, name="taken", value=given[p]) for p in k.order], after)

    def play(self, state: TableState, cmd: Command, after: After) -> list[ev.Event]:
        """A card played (a full trick left on the table by a ruling is taken first), then what follows."""
        self.live(state)
        prefix = self.taken_first(state)
        state = trial(state, prefix)
        k, hand = self.live(state)
        player = require_live(state, cmd.player)
        if k.tally or k.tricks_done >= k.cards:
            raise RuleViolation(f"all {k.cards} tricks of hand {hand.number} are taken: potlog end scores it")
        bids_done(k)
        if k.trump is None:
            raise RuleViolation(self.turn_first)
        cards = parse_cards(cmd.cards, self.pack, allow_unknown=False)
        if len(cards) != 1:
            raise InputError("play one card at a time, like: potlog play John QH")
        return prefix + then(state, play(state, k, player, cards[0], self.rule(state), hint=self.hint(state)), after)

    def end(self, state: TableState, cmd: Command, after: After) -> list[ev.Event]:
        """``end``: the last trick taken (if a ruling left it on the table), then the hand scored."""
        hand = self.live(state)[1]
        events = self.taken_first(state)
        k = self.keeping(trial(state, events))
        if k.tricks_done < k.cards and not k.tally:
            left = k.cards - k.tricks_done
            raise RuleViolation(f"hand {hand.number} is not over: {left} trick{'s' if left != 1 else ''} "
                                "still to play (potlog play), or record the tricks taken (potlog tricks)")
        return then(state, events, after)

    def reveal(self, state: TableState, cmd: Command) -> list[ev.Event]:
        """Cards shown: in a hand, a card of a suit the player did not follow earlier is a revoke."""
        k, holder = self.keeping(state), cmd.player or cmd.to or ""
        if not (state.in_hand and holder in k.order):
            return show(state, cmd)
        require_open(state)
        return reveal(state, k, holder, parse_cards(cmd.cards, self.pack, allow_unknown=False), self.rule(state))

    def command(self, state: TableState, event: ev.Event) -> Command | bool | None:
        """For ``verify --rules`` (`follow.check`): a recorded bid as the command to decide
        again; a tally entry checked here (True); None for anything else."""
        match event:
            case ev.Declared(name="taken"):
                require_hand(state)
                bids_done(self.keeping(state))
                check_tallied(state, self.keeping(state), event.player, event.value)
                return True
            case ev.Declared(name="bid"):
                value = event.value if isinstance(event.value, int) else 0
                return Command("bid", shares=((event.player or "", value),))
        return None

    # --------------------------------------------------------------------- evolve and show

    def evolve(self, state: TableState, event: ev.Event) -> None:
        """A bid, a tally entry, a trump card, a card, cards shown, a trick: the turn and the phase."""
        k, hand = self.keeping(state), state.hand
        assert hand is not None
        match event:
            case ev.Declared(player=str(p), value=int(v)) if not isinstance(v, bool):
                if event.name == "bid":
                    k.bids[p] = v
                    waiting = [q for q in k.order if q not in k.bids]
                    hand.to_act = waiting[0] if waiting else k.leader
                    hand.phase = hand.phase if waiting else "playing"
                elif event.name == "taken":
                    k.taken[p] = v
                    k.tally = True
                    if all(q in k.taken for q in k.order):
                        hand.phase, hand.to_act = "scoring", None
            case ev.Declared():
                pass
            case _ if evolve(state, k, self.rule(state), event):
                hand.phase, hand.to_act = "scoring", None

    def legal(self, state: TableState) -> list[Legal]:
        """Who may do what in the hand being played."""
        k, hand = self.keeping(state), state.hand
        assert hand is not None
        fresh = not hand.trick and not k.tricks_done
        if hand.phase == "bidding":
            return [Legal(hand.to_act, ("bid",))] + (
                [Legal(None, ("deal",), "turn the trump card: potlog deal trump 7H --up")] if k.trump is None else [])
        if hand.phase != "playing":
            return [Legal(None, ("end",), "score the hand")]
        if pending(state, k) and k.tricks_done + 1 >= k.cards:
            return [Legal(None, ("end",), "the last trick is on the table: end takes it and scores the hand")]
        if pending(state, k):
            return [Legal(winner(on_table(state), self.power, self.rule(state)), ("play",),
                          "takes the trick on the table and leads"),
                    Legal(None, ("end",), "if that was the last trick")]
        return ([Legal(hand.to_act, ("play",))] if hand.to_act else []) + (
            [Legal(None, ("deal",), "turn the trump card before the first card")] if k.trump is None and fresh
            else []) + ([Legal(None, ("tricks",), "or record every player's tricks taken")] if fresh else [])

    def describe(self, state: TableState) -> list[tuple[str, str]]:
        """The hand being played: trumps, bids, tricks (for ``potlog state``)."""
        k = self.keeping(state)
        if not state.in_hand:
            return []
        trumps = ("not turned yet" if k.trump is None else f"no trump ({k.trump_card} turned)" if k.trump == "none"
                  else f"{SUIT_NAMES[k.trump]} ({pretty(k.trump_card or '')} turned)")
        out = [("trumps", trumps)]
        if k.bids:
            out.append(("bids", ", ".join(f"{p} {k.bids[p]}" for p in k.order if p in k.bids)
                        + f" (total {sum(k.bids.values())} of {k.cards})"))
        if k.taken:
            out.append(("tricks", ", ".join(f"{p} {k.taken.get(p, 0)}" for p in k.order)))
        return out
