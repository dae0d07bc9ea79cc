"""One line of plain English per event, for `potlog log`, recording output and text exports."""

from __future__ import annotations

from typing import Callable

from . import events as ev


def _who(p: str | None) -> str:
    return p if p else "the table"


_STAKE_VERB = {ev.Ante: "antes", ev.Bet: "bets", ev.Call: "calls", ev.AllIn: "goes all-in for"}


def _text(e: ev.Event) -> str:  # noqa: C901 - one case per event class, flat
    match e:
        case ev.SessionOpened():
            opts = " ".join(f"{k}={v}" for k, v in e.options.items())
            return f"session opened: {e.game}" + (f" ({opts})" if opts else "") + (f" — {e.title}" if e.title else "")
        case ev.PlayerJoined():
            return f"{e.player} sits down and buys in for {e.buyin}"
        case ev.Rebuy():
            return f"{e.player} rebuys {e.amount}"
        case ev.PlayerLeft():
            return f"{e.player} leaves, cashing out {e.cashout}" + (f" ({e.reason})" if e.reason else "")
        case ev.HandStarted():
            text = f"hand {e.hand} starts, {e.dealer} deals"
            if e.first:
                text += f", {e.first} first"
            if e.carry_in:
                text += f"; {e.carry_in} ride in from the last hand"
            return text
        case ev.RoundStarted():
            return f"betting round {e.round}" + (f" ({e.name})" if e.name else "")
        case ev.CardsDealt():
            return f"{e.to} is dealt {' '.join(e.cards)}" + (" face up" if e.face_up else "")
        case ev.CardsMoved():
            face = "" if e.face_up is None else " face up" if e.face_up else " face down"
            where = f"under {e.dest}" if e.bottom else f"onto {e.dest}"
            return f"{' '.join(e.cards)} from {e.source} {where}{face}"
        case ev.CardsRevealed():
            return f"{e.holder} shows {' '.join(e.cards)}"
        case ev.CardsExchanged():
            text = f"{e.player} discards {' '.join(e.discard) or 'nothing'}, draws {' '.join(e.draw) or 'nothing'}"
            return text + (f", paying {e.cost} to {e.to_account}" if e.cost else "")
        case ev.CardPlayed():
            return f"{e.player} plays {e.card}"
        case ev.TrickWon():
            return f"{e.player} takes trick {e.trick}"
        case ev.DiceRolled():
            faces = " ".join(map(str, e.faces))
            return f"{_who(e.player)} rolls {faces} (d{e.sides}, total {sum(e.faces)})"
        case ev.Declared():
            return declared(e)
        case ev.Ante() | ev.Bet() | ev.Call() | ev.AllIn():
            text = f"{e.player} {_STAKE_VERB[type(e)]} {e.amount}"
            return text + (f" into {e.pot}" if e.pot != "pot" else "")
        case ev.Raise():
            return f"{e.player} raises by {e.by} (puts in {e.amount})"
        case ev.Check():
            return f"{e.player} checks"
        case ev.Fold():
            return f"{e.player} folds"
        case ev.Transfer():
            return f"{e.amount} from {e.from_account} to {e.to_account}" + (f" ({e.reason})" if e.reason else "")
        case ev.PotAwarded():
            shares = ", ".join(f"{s.player} {s.amount}" for s in e.shares)
            return f"{e.pot} awarded: {shares}" + (f" ({e.reason})" if e.reason else "")
        case ev.PotCarried():
            return f"{e.amount} from {e.pot} ride into the next hand"
        case ev.HandEnded():
            return f"hand {e.hand} ends"
        case ev.ChipCount():
            return f"{e.player}'s chips counted: {e.counted}"
        case ev.Note():
            return f"note: {e.text}"
        case ev.Void():
            return f"seq {e.target} is void: {e.reason}"
        case ev.Scored():
            return f"{e.player} scores {e.points:+d}" + (f" ({e.reason})" if e.reason else "")
        case ev.DeckReshuffled():
            return f"the discards ({e.cards} cards) are shuffled into a new stock"
        case ev.SessionClosed():
            return "session closed"
    return e.summary()  # an event class added for one game describes itself


def _count(n: object, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


# A declaration a game records, as a sentence: its value -> the words after the player's name.
# The names are the games' own; a name not here reads "Ann declares NAME VALUE" (`declared`).
_DECLARED: dict[str, Callable[[ev.Scalar | None], str]] = {
    "hole": lambda v: "places a hole card" + ("" if v in (None, "??") else f" ({v})"),
    "stand": lambda v: "stands",
    "stop": lambda v: "stops" + ("" if v is None else f" at {v}"),
    "pass": lambda v: "passes",
    "bid": lambda v: "bids" + ("" if v is None else f" {v}"),
    "taken": lambda v: "took " + _count(v, "trick", "tricks"),
    "claim": lambda v: "claims" + ("" if v is None else f" {v}"),
    "liar": lambda v: "calls the last bid a lie",
    "doubt": lambda v: "doubts the claim",
    "concede": lambda v: "concedes",
    "straddle": lambda v: "straddles" + ("" if v is None else f", making the stake {v}"),
    "limit": lambda v: "sets the limit" + ("" if v is None else f" at {v}"),
    "cost": lambda v: "sets the card cost" + ("" if v is None else f" at {v}"),
    "dice": lambda v: "declares " + ("the dice" if v is None else _count(v, "die", "dice")),
    "lives-left": lambda v: "has " + ("lives" if v is None else _count(v, "life", "lives")) + " left",
    "dice-left": lambda v: "has " + ("dice" if v is None else _count(v, "die", "dice")) + " left",
    "direction": lambda v: "chooses to play" + ("" if v is None else f" {v}"),
}


def declared(e: ev.Declared) -> str:
    """`Declared` as a sentence: "Ben places a hole card", "Cy stands", "Ann bids 3", "Ben
    deals next"; any other name as "Ann declares NAME VALUE" ("the table declares settle 2")."""
    if e.name == "next-dealer" and e.value is not None:
        return f"{e.value} deals next"
    say = _DECLARED.get(e.name)
    if say is not None and e.player:
        return f"{e.player} {say(e.value)}"
    return f"{_who(e.player)} declares {e.name.replace('-', ' ')}" + ("" if e.value is None else f" {e.value}")


def describe(e: ev.Event) -> str:
    text = _text(e)
    if e.ruling:
        text += f"  [table ruling: {e.ruling}]"
    return text
