"""The cards of a poker hand: the hole cards of each street with their up/down statuses, the board,
the draw (discards in turn, the cards drawn, standing pat) and the reshuffle; the stock and the deck.
`Cards` is the part of `Game` that decides them (see the package docstring for the commands)."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Callable, Sequence

from ... import events as ev
from ...cards import UNKNOWN, parse_cards, rank
from ...core.commands import Deal, Exchange, Reshuffle
from ...errors import InputError, RuleViolation
from ...core import verbs
from ...core.table import pack_of, require_hand, require_live
from ...core.verbs import exchange, make_event
from ...state import Held, TableState
from .. import deal, follow, stages
from .streets import Hand, Street

_SHORT_DECK = frozenset({"2", "3", "4", "5"})

Discards = Callable[[TableState, str, Sequence[Held], Sequence[str]], None]


def initial(state: TableState) -> Hand:
    return Hand()


def ext(state: TableState) -> Hand:
    return stages.ext_of(state, Hand, initial)


def board_cards(state: TableState) -> list[str]:
    hand = state.hand
    return [h.card for h in hand.boards.get("board", [])] if hand is not None else []


def still_in(state: TableState, x: Hand) -> list[str]:
    return [p for p in x.order if (s := state.seat(p)) is not None and s.in_hand and not s.folded]


class Cards:
    """The dealing and drawing verbs of a `Game` (whose fields and `after` they read)."""

    streets: tuple[Street, ...]
    deck: int
    discards: Discards | None
    after: Callable[[TableState], list[ev.Event]]  # what the rules record by themselves (`Game.after`)

    @cached_property
    def _need(self) -> tuple[int, ...]:
        """Hole cards each player holds once street i is dealt."""
        out, n = [], 0
        for s in self.streets:
            n += len(s.hole)
            out.append(n)
        return tuple(out)

    @cached_property
    def _boards(self) -> tuple[int, ...]:
        """Board cards out once street i is dealt."""
        out, n = [], 0
        for s in self.streets:
            n += s.board
            out.append(n)
        return tuple(out)

    @property
    def hole(self) -> int:
        """The hole cards of the first street."""
        return self._need[0]

    @cached_property
    def dealing(self) -> deal.Dealing:
        return deal.Dealing(self.hole, messages={"too_many": "{to} holds {have} cards: {each} hole cards each "
                                                             "({short} more at most)"})

    def _stock(self, state: TableState) -> int:
        hand = state.hand
        out = len(hand.out) if hand is not None else 0
        held = 0
        for s in state.seats:
            if s.in_hand:
                held += len(s.cards)
        return self.deck - held - len(board_cards(state)) - out

    def _in_deck(self, cards: Sequence[str]) -> None:
        if self.deck == 36:
            low = [c for c in cards if c != UNKNOWN and rank(c) in _SHORT_DECK]
            if low:
                raise RuleViolation(f"{' '.join(low)}: the short deck has 36 cards, sixes to aces (no 2 to 5)")

    def _deal(self, state: TableState, cmd: Deal) -> list[ev.Event]:
        require_hand(state)
        x = ext(state)
        if x.phase == "deal":
            return follow.followed(self._hole(state, cmd, x))
        if x.phase == "draw":
            return follow.followed(self._replace(state, cmd, x))
        street = self.streets[x.street]
        if x.phase != "board":
            if x.phase not in ("bet", "next"):
                raise RuleViolation("no cards are dealt now")
            raise RuleViolation("the hole cards are dealt, and the board is dealt when the betting of the street "
                                "is over" if self._boards[-1] else f"the cards of the next street are dealt when the "
                                                                    f"betting of the {street.name} is over")
        want = self._boards[x.street] + x.common - len(board_cards(state))
        if (cmd.to or "").lower() != "board":
            raise RuleViolation(f"the {street.name} is dealt to the board: potlog deal board CARDS ({want})")
        if cmd.count or not cmd.cards:
            raise InputError(f"board cards are dealt face up: name the {street.name} ({want} cards)")
        events = verbs.deal(state, Deal(to="board", cards=cmd.cards, face_up=True))
        got = sum(len(e.cards) for e in events if isinstance(e, ev.CardsDealt))
        if got != want:
            raise RuleViolation(f"the {street.name} is {want} card{'s' if want > 1 else ''}, not {got}")
        self._in_deck(sum((e.cards for e in events if isinstance(e, ev.CardsDealt)), []))
        return follow.followed(events)

    def _hole(self, state: TableState, cmd: Deal, x: Hand) -> list[ev.Event]:
        """The street's hole cards: to one player (named or ``??``, in the order dealt: each takes
        the status of its place in the street), or unseen to everyone short of them."""
        statuses = self.streets[x.street].hole
        need = self._need[x.street] - x.common
        before = need - len(statuses)
        to = cmd.to or ""
        events: list[ev.Event] = []
        if to.lower() in ("all", "everyone"):
            if cmd.cards:
                raise InputError(self.dealing.say("all_named"))
            for name in still_in(state, x):
                seat = state.seat(name)
                have = len(seat.cards) - before if seat is not None else len(statuses)
                if have < len(statuses):
                    events += _cards(name, [UNKNOWN] * (len(statuses) - have), statuses[have:], False)
            if not events:
                raise RuleViolation(f"everyone has {need} cards already")
        else:
            seat = state.seat(to)
            if seat is None:
                raise RuleViolation(self.dealing.say("not_player", players=", ".join(x.order), to=to or "nobody"))
            named = verbs.deal(state, cmd)
            cards = [c for e in named if isinstance(e, ev.CardsDealt) for c in e.cards]
            have = len(seat.cards) - before
            if have + len(cards) > len(statuses):
                raise RuleViolation(f"{to} holds {len(seat.cards)} cards: {need} hole cards each "
                                    f"({need - len(seat.cards)} more at most)")
            self._in_deck(cards)
            events = _cards(seat.name, cards, statuses[have:], cmd.face_up) if any(statuses) else named
        n = sum(len(e.cards) for e in events if isinstance(e, ev.CardsDealt))
        stock = self._stock(state)
        if n > stock:
            raise RuleViolation(self.dealing.say("stock", stock=stock))
        return events

    def _replace(self, state: TableState, cmd: Deal, x: Hand) -> list[ev.Event]:
        """The cards drawn: dealt face down to a player who has discarded, no more than they gave up."""
        need = self._need[x.street]
        to = cmd.to or ""
        if to.lower() in ("all", "everyone"):
            if cmd.cards:
                raise InputError(self.dealing.say("all_named"))
            events = [make_event(ev.CardsDealt, to=p, cards=[UNKNOWN] * owed) for p in x.order
                      if x.has_drawn(p) and (s := state.seat(p)) is not None and not s.folded
                      and (owed := need - len(s.cards)) > 0]
            if not events:
                raise RuleViolation("nobody who has discarded is owed cards: draw first (potlog exchange NAME "
                                    "--discard CARDS, or potlog exchange NAME to stand pat)")
        else:
            player = require_live(state, to)
            if not x.has_drawn(player):
                raise RuleViolation(f"{player} has not discarded yet: potlog exchange {player} --discard CARDS "
                                    f"(or potlog exchange {player} to stand pat)")
            events = verbs.deal(state, cmd)
            seat = state.seat(player)
            owed = need - len(seat.cards) if seat is not None else 0
            got = sum(len(e.cards) for e in events if isinstance(e, ev.CardsDealt))
            if got > owed:
                raise RuleViolation(f"{player} is owed {owed} card{'s' if owed != 1 else ''} for the discards, "
                                    f"not {got}")
        cards = [c for e in events if isinstance(e, ev.CardsDealt) for c in e.cards]
        self._in_deck(cards)
        stock = self._stock(state)
        if len(cards) > stock:
            raise RuleViolation(f"the stock has only {stock} card{'s' if stock != 1 else ''} left: deal "
                                "those, then reshuffle the discards (potlog reshuffle)")
        return events

    def _drawer(self, state: TableState, x: Hand) -> str | None:
        """Who draws next: the first player still in, from the button's left, who has not."""
        return next((p for p in still_in(state, x) if not x.has_drawn(p)), None)

    def _exchange(self, state: TableState, cmd: Exchange) -> list[ev.Event]:
        """``potlog exchange NAME [NEW] --discard OLD``: the discards (and the cards drawn, or
        later by ``deal``); ``potlog exchange NAME`` alone stands pat."""
        require_hand(state)
        x = ext(state)
        player = require_live(state, cmd.player)
        if x.phase != "draw":
            raise RuleViolation(f"{player} cannot draw now: " + (
                f"the {self.streets[x.street + 1].name} comes once the betting is over"
                if x.phase in ("bet", "next") and x.street + 1 < len(self.streets) else "no draw is due"))
        if x.has_drawn(player):
            raise RuleViolation(f"{player} has drawn this round: deal the cards drawn (potlog deal {player} CARDS)")
        turn = self._drawer(state, x)
        if turn != player:
            raise RuleViolation(f"{player} cannot draw now: it is {turn}'s turn to draw")
        pack = pack_of(state)
        discard = parse_cards(cmd.discard, pack) if cmd.discard else []
        drawn = (parse_cards(cmd.cards, pack) if cmd.cards else []) + [UNKNOWN] * (cmd.count or 0)
        if cmd.amount:
            raise RuleViolation("a draw costs nothing in poker: drop --cost")
        if drawn and not discard:
            raise RuleViolation(f"name what {player} discards: potlog exchange {player} NEW --discard OLD "
                                f"(potlog exchange {player} alone stands pat)")
        if len(drawn) > len(discard):
            raise RuleViolation(f"{player} draws as many cards as discarded ({len(discard)}), not {len(drawn)}")
        seat = state.seat(player)
        if self.discards is not None and seat is not None:
            self.discards(state, player, seat.cards, discard)
        if not discard:  # standing pat: an exchange of nothing
            return follow.followed([make_event(ev.CardsExchanged, player=player)])
        self._in_deck(discard + drawn)
        if len(drawn) > self._stock(state):
            raise RuleViolation(f"the stock has only {self._stock(state)} cards left: reshuffle the discards "
                                "(potlog reshuffle)")
        return follow.followed(exchange(state, replace(cmd, player=player, amount=None), cost=0))

    def _reshuffle(self, state: TableState, cmd: Reshuffle) -> list[ev.Event]:
        """The discards back into the stock, once it is empty (a draw needs more cards)."""
        require_hand(state)
        if ext(state).phase != "draw":
            raise RuleViolation("the discards are reshuffled during a draw, once the stock is empty")
        return deal.reshuffle(state, cmd, self.dealing, self._stock(state))


def _cards(to: str, cards: Sequence[str], statuses: Sequence[bool], up: bool) -> list[ev.Event]:
    """`cards` dealt to `to`, one ``cards_dealt`` per run of the same status (face down, face up)."""
    out: list[ev.Event] = []
    run: list[str] = []
    for i, card in enumerate(cards):
        face = statuses[i] or up
        if run and face != (statuses[i - 1] or up):
            out.append(make_event(ev.CardsDealt, to=to, cards=run, face_up=statuses[i - 1] or up))
            run = []
        run.append(card)
    if run:
        out.append(make_event(ev.CardsDealt, to=to, cards=run, face_up=statuses[len(cards) - 1] or up))
    return out
