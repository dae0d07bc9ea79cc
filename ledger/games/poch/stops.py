"""A stops play-out and its payments (Poch's third part; Newmarket and its family): the cards
played out in sequences (`ledger.games.poch.sequences` says what may be played), the first player
out paid a chip for each card left in every other hand, and, where the table pays it, a chip
from each opponent to whoever begins a new sequence. The payments are worked out when the
card is played and recorded one at a time after it (`ledger.games.poch.dues`).

    def _play(state, cmd):                        # potlog play NAME CARD, in the play-out
        return follow.followed(stops.play(state, x, cmd))
    stops.begin(state, x, x.winner)               # in evolve, as the play-out starts
    stops.record(state, x, event, per_sequence=1) # in evolve, each card played
    stops.follows(state, x)                       # in `after`: the next payment, the end of the hand

Public API:

- ``Book``: where a game keeps the play-out (its flat ext qualifies): a `sequences.Run`
  (``leader``, ``card``, ``player``, ``sequences``), the players in ``order`` and the payments
  still ``due`` (`dues.Row`).
- ``begin(state, book, first) -> None``: before the first card: everyone dealt in plays (a
  player who dropped out of a vying is not out of the deal: unfolded) and `first` leads (none:
  the first of ``order``).
- ``play(state, book, cmd) -> list[Event]``: ``potlog play NAME CARD``: the card, refused
  unless `name` holds it (`verbs.play`) and the sequence allows it (`sequences.check`).
- ``record(state, book, event, *, per_sequence=0) -> None``: in ``evolve``: a payment made
  is taken off ``due``; for a card played, the sequence moves on; a new sequence, past the
  first, is paid `per_sequence` chips by each opponent; the player out is paid a chip for
  each card left by everyone else (what they have, at most).
- ``follows(state, book) -> list[Event]``: the next payment due, else the end of the hand
  once a player is out; [] while the play goes on, and once the hand is over.
- ``prompt(book, player) -> Legal``: `legal`'s item: `player` begins a sequence (None: the
  next card, or the last card's player begins anew).
- ``rows(book) -> rows``: ``potlog state``'s line for the last card.
"""

from __future__ import annotations

from typing import Protocol

from ... import events as ev
from ...cards import parse_cards
from ...core.commands import Play
from ...core import verbs
from ...core.contract import Legal
from ...core.table import pack_of
from ...core.verbs import make_event
from ...state import TableState
from . import dues, sequences
from ...kit import own



class Book(sequences.Run, Protocol):
    order: list[str]
    due: list[dues.Row]


def begin(state: TableState, book: Book, first: str) -> None:
    """Start the play-out (nothing once a card is played)."""
    if book.sequences or book.leader:
        return
    for seat in state.seats:
        seat.folded = False
    book.leader = first or book.order[0]


def play(state: TableState, book: Book, cmd: Play) -> list[ev.Event]:
    """A card played (see the module docstring)."""
    events = verbs.play(state, cmd)
    card = parse_cards(cmd.cards, pack_of(state))[0]
    sequences.check(book, cmd.player or "", card, own.hands(state, book.order))
    return events


def record(state: TableState, book: Book, event: ev.Event, *, per_sequence: int = 0) -> None:
    """Keep the play-out for a recorded card or payment (see the module docstring)."""
    if isinstance(event, ev.Transfer):
        dues.settle(book.due, event)
    if not isinstance(event, ev.CardPlayed):
        return
    left = len(own.cards(state, event.player))
    if sequences.played(book, event.player, event.card, left) and book.sequences > 1 and per_sequence:
        chips = "a chip" if per_sequence == 1 else f"{per_sequence} chips"
        book.due += dues.each_pays(state, book.order, event.player, per_sequence,
                                   f"{{payee}} begins a new sequence: {chips} from {{payer}}")
    if not left:
        book.due += dues.each_pays(state, book.order, event.player, lambda p: len(own.cards(state, p)),
                                   "{payee} is out: {payer} pays a chip a card left", book.due)


def follows(state: TableState, book: Book) -> list[ev.Event]:
    """What the play-out records by itself now."""
    hand = state.hand
    if hand is None or hand.ended:
        return []
    if book.due:
        return dues.next_transfer(book.due)
    if book.card and not book.leader and not own.cards(state, book.player):
        return [make_event(ev.HandEnded, hand=hand.number)]
    return []


def prompt(book: Book, player: str | None) -> Legal:
    return Legal(player, ("play",), f"{player} begins a sequence" if player else
                      f"the next card, {sequences.next_card(book.card)}, or {book.player} begins a new sequence")


def rows(book: Book) -> list[tuple[str, str]]:
    return [("last card", f"{book.card} by {book.player}")] if book.card else []
