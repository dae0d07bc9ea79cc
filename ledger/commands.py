"""Commands: what the recorder asks for (``bet Ann 5``). A ruleset's `decide` turns one
into events or refuses it.

A command carries raw input (cards as typed, faces as typed): the ruleset parses them
with the session's pack and die, so its errors can name what that table accepts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Command:
    """One request. Only the fields a verb needs are set.

    Attributes:
        verb: ``join``, ``bet``, ``deal``, ``showdown`` ... (see `VERBS`).
        player: who acts.
        amount: chips (a bet, a raise's size, a buy-in, a payment).
        to: where cards or chips go (a player, a board, an account).
        source: where chips come from (``pay``).
        cards: cards as typed; ``??`` for unseen ones.
        discard: cards given up (``exchange``).
        count: a number of unseen cards to deal.
        face_up: dealt or drawn face up.
        faces: die faces as typed.
        sides: the die size, when the game lets the roll say.
        name, value: a declaration.
        target: the seq a void cancels.
        reason: why (a void, a payment, an override).
        text: a note's text.
        options: the table's options (``new``).
        shares: (player, chips) pairs for a split award.
    """

    verb: str
    player: str | None = None
    amount: int | None = None
    to: str | None = None
    source: str | None = None
    cards: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    count: int | None = None
    face_up: bool = False
    faces: tuple[Any, ...] = ()
    sides: int | None = None
    name: str | None = None
    value: Any = None
    target: int | None = None
    reason: str = ""
    text: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    shares: tuple[tuple[str, int], ...] = ()
    game: str | None = None
    chip_unit: str = "chip"
    title: str = ""
    position: int | None = None
    dealer: str | None = None
    first: str | None = None
