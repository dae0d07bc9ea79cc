"""Ordered card zones: where every card of a hand lies, with a top and a bottom.

A zone is an ordered list of cards, ``[0]`` the bottom and ``[-1]`` the top, each face up
or down (`ledger.state.Held`): a player's hand (named by the player), or a named zone kept
with the hand's boards. The names a reader meets:

==============  ==========================================================================
``stack:Ann``   a player's face-down stack (War), turned from the top, won cards under it
``pile:N``      a pile on the table (Wish's eight piles), taken from the top
``talon``       the undealt cards (``stock`` in the draw games)
``skat``        Skat's two cards; ``dog`` the tarot's chien
``discards``    cards put out of play, in the order they went
``tricks:Ann``  the tricks a player (or ``tricks:team-1`` a team) has taken, as taken
==============  ==========================================================================

One event family moves cards between zones (`ledger.events.CardsMoved`): the top ``n``
cards of one zone, as a packet in the order they lay, onto the top or under the bottom of
another, face up, face down or as they were. `move` decides one: the source must hold the
cards, and a card named for a place whose card is known must be that card (the top card is
enforced: "the top card of Ann's stack is KD, not 7H"); a name for an unseen card says what it turned out
to be, and must not be a card known to lie elsewhere (`ledger.core.table.where_is` reads
every zone). `top` and `cards` read a zone; nothing here changes the table.
"""

from __future__ import annotations

from .. import events as ev
from ..cards import UNKNOWN, parse_cards
from ..errors import RuleViolation
from ..state import Held, TableState
from .table import check_unseen, label, pack_of


WORDS = ("talon", "skat", "dog", "discards")


def is_zone(name: str) -> bool:
    """A named zone, not a player nor a board: ``KIND:NAME`` (a lower-case kind) or one of `WORDS`."""
    kind, colon, owner = name.partition(":")
    return name in WORDS or bool(colon and owner and kind.isalpha() and kind.islower())


def cards(state: TableState, zone: str) -> list[Held]:
    """The cards of `zone`, bottom to top (a player's name: their hand); [] for an empty one."""
    seat = state.seat(zone)
    if seat is not None:
        return seat.cards
    return state.hand.boards.get(zone, []) if state.hand is not None else []


def top(state: TableState, zone: str, n: int = 1) -> list[Held]:
    """The top `n` cards of `zone` (fewer when it holds fewer), bottom to top."""
    held = cards(state, zone)
    return held[max(0, len(held) - n):]


def move(state: TableState, source: str, dest: str, named: list[str] | None = None, *, count: int | None = None,
         whole: bool = False, bottom: bool = False, face_up: bool | None = None) -> ev.Event:
    """The move of the top cards of `source` onto `dest` (see the module docstring): `named`
    (bottom to top, ``??`` for a card nobody sees), `count` unseen ones, or the `whole` zone as
    it lies (one card by default). A card turned face up is seen: it must be named."""
    from .verbs import make_event  # (the verbs use the zones)

    names = [h.card for h in cards(state, source)] if whole else \
        parse_cards(list(named), pack_of(state)) if named else [UNKNOWN] * (count or 1)
    where = label(source)
    lying = cards(state, source)
    if len(names) > len(lying):
        raise RuleViolation(f"{where} holds {len(lying)} card{'s' if len(lying) != 1 else ''}, not {len(names)}")
    packet = lying[len(lying) - len(names):]
    out: list[str] = []
    for h, c in zip(packet, names):
        if h.card != UNKNOWN and c not in (UNKNOWN, h.card):
            place = "top card" if h is lying[-1] else f"card {len(lying) - lying.index(h)} from the top"
            raise RuleViolation(f"the {place} of {where} is {h.card}, not {c}")
        out.append(h.card if h.card != UNKNOWN else c)
    if face_up and UNKNOWN in out:
        raise RuleViolation(f"a card turned face up is seen: name it (the top of {where} is not known yet)")
    check_unseen(state, [c for h, c in zip(packet, names) if h.card == UNKNOWN])
    return make_event(ev.CardsMoved, source=source, dest=dest, cards=out, bottom=bottom, face_up=face_up)
