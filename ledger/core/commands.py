"""Commands: what the recorder asks for (``bet Ann 5``). A ruleset's `decide` turns one
into events or refuses it.

A command carries raw input (cards as typed, faces as typed): the ruleset parses them
with the session's pack and die, so its errors can name what that table accepts. `command_for`
goes the other way: the shared command behind a recorded event (``potlog verify --rules``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import events as ev


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


def command_for(event: ev.Event) -> Command | None:  # noqa: C901 - one case per event class, flat
    """The shared-mechanics command that causes `event` (None for types no verb records)."""
    match event:
        case ev.SessionOpened():
            return Command("open", options=dict(event.options), chip_unit=event.chip_unit, title=event.title)
        case ev.GameSwitched():
            return Command("switch", name=event.game, options=dict(event.options))
        case ev.PlayerJoined():
            return Command("join", player=event.player, amount=event.buyin, position=event.position)
        case ev.Rebuy():
            return Command("rebuy", player=event.player, amount=event.amount)
        case ev.PlayerLeft():
            return Command("leave", player=event.player, reason=event.reason)
        case ev.HandStarted():
            return Command("hand", dealer=event.dealer, first=event.first)
        case ev.RoundStarted():
            return Command("round", name=event.name or None)
        case ev.CardsDealt():
            return Command("deal", to=event.to, cards=tuple(event.cards), face_up=event.face_up)
        case ev.CardsRevealed():
            return Command("reveal", player=event.holder, cards=tuple(event.cards))
        case ev.CardsExchanged():
            return Command("exchange", player=event.player, cards=tuple(event.draw),
                           discard=tuple(event.discard), amount=event.cost, face_up=event.face_up)
        case ev.CardPlayed():
            return Command("play", player=event.player, cards=(event.card,))
        case ev.DiceRolled():
            return Command("roll", player=event.player, faces=tuple(event.faces), sides=event.sides)
        case ev.Declared():
            return Command("declare", player=event.player, name=event.name, value=event.value)
        case ev.Ante():
            return Command("ante", player=event.player, amount=event.amount)
        case ev.Bet():
            return Command("bet", player=event.player, amount=event.amount)
        case ev.Call():
            return Command("call", player=event.player, amount=event.amount)
        case ev.Raise():
            return Command("raise", player=event.player, amount=event.by)
        case ev.Check():
            return Command("check", player=event.player)
        case ev.Fold():
            return Command("fold", player=event.player)
        case ev.AllIn():
            return Command("allin", player=event.player)
        case ev.Transfer():
            return Command("pay", source=event.from_account, to=event.to_account, amount=event.amount,
                           reason=event.reason)
        case ev.PotAwarded():
            return Command("award", source=event.pot, shares=tuple((s.player, s.amount) for s in event.shares),
                           reason=event.reason)
        case ev.PotCarried():
            return Command("carry", source=event.pot, amount=event.amount)
        case ev.HandEnded():
            return Command("end")
        case ev.ChipCount():
            return Command("count", player=event.player, amount=event.counted)
        case ev.Note():
            return Command("note", text=event.text)
        case ev.CardsMoved():
            return Command("move", source=event.source, to=event.dest, cards=tuple(event.cards),
                           position=0 if event.bottom else None, value=event.face_up)
        case ev.Void():
            return Command("void", target=event.target, reason=event.reason)
        case ev.Scored():
            return Command("score", player=event.player, amount=event.points, reason=event.reason)
        case ev.DeckReshuffled():
            return Command("reshuffle")
        case ev.SessionClosed():
            return Command("close")
    return None
