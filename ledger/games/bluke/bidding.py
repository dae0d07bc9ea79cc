"""Bidding hands of tricks: bids of a number of tricks in turn, a turned trump card, and the
declared hand (`Bidding`) that runs the bidding, the play card by card or a scorekeeper's tally,
and the scoring (Bluke now; Oh Hell and other bidding games next). Built on `ledger.games.bluke.tricks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from ... import events as ev
from ...cards import UNKNOWN, parse_cards, pretty
from ...core.commands import Bids, Command, Deal, End, Play, Reveal, Tricks
from ...errors import InputError, RuleViolation, UsageError
from ...core.table import check_unseen, require_hand, require_live, require_open
from ...core.verbs import make_event, reveal as show
from ...core.contract import Legal
from ...state import Hand, TableState
from ...kit.follow import After, then, trial
from .tricks import SUIT_NAMES, Following, Keeping, Power, check_tallied, check_tally, evolve, new_hand, on_table, pending, play, reveal, taken_first, winner


def per_player(state: TableState, cmd: Bids | Tricks, what: str) -> dict[str, int]:
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


def turn_trump(state: TableState, k: Keeping, turned: str | None, cmd: Deal, pack: str, *,
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
        match cmd:
            case Deal():
                return self.deal(state, cmd)
            case Bids():
                return self.bid(state, cmd)
            case Tricks():
                return self.tally(state, cmd, after)
            case Play():
                return self.play(state, cmd, after)
            case End():
                return self.end(state, cmd, after)
            case Reveal():
                return self.reveal(state, cmd)
        raise ValueError(f"not a verb of a hand of tricks: {cmd.verb}")

    def deal(self, state: TableState, cmd: Deal) -> list[ev.Event]:
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

    def bid(self, state: TableState, cmd: Bids) -> list[ev.Event]:
        k = self.live(state)[0]
        given = per_player(state, cmd, "bid")
        return [make_event(ev.Declared, player=p, name="bid", value=given[p])
                for p in check_bids(state, k, k.bids, given, least=self.least_bid)]

    def tally(self, state: TableState, cmd: Tricks, after: After) -> list[ev.Event]:
        """A scorekeeper's ``tricks``: every player's tricks taken, then what follows."""
        k = self.live(state)[0]
        given = per_player(state, cmd, "tricks taken")
        bids_done(k)
        check_tally(state, k, given)
        return then(state, [make_event(ev.Declared, player=p, name="taken", value=given[p]) for p in k.order], after)

    def play(self, state: TableState, cmd: Play, after: After) -> list[ev.Event]:
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

    def end(self, state: TableState, cmd: End, after: After) -> list[ev.Event]:
        """``end``: the last trick taken (if a ruling left it on the table), then the hand scored."""
        hand = self.live(state)[1]
        events = self.taken_first(state)
        k = self.keeping(trial(state, events))
        if k.tricks_done < k.cards and not k.tally:
            left = k.cards - k.tricks_done
            raise RuleViolation(f"hand {hand.number} is not over: {left} trick{'s' if left != 1 else ''} "
                                "still to play (potlog play), or record the tricks taken (potlog tricks)")
        return then(state, events, after)

    def reveal(self, state: TableState, cmd: Reveal) -> list[ev.Event]:
        """Cards shown: in a hand, a card of a suit the player did not follow earlier is a revoke."""
        k, holder = self.keeping(state), cmd.player or ""
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
                return Bids(shares=((event.player or "", value),))
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
