"""One line of plain English per event, for `potlog log`, recording output and text exports."""

from __future__ import annotations

from . import events as ev


def _who(p: str | None) -> str:
    return p if p else "the table"


def describe(e: ev.Event) -> str:  # noqa: C901 - one branch per event type, flat
    t = e.type  # type: ignore[attr-defined]
    text: str
    if t == "session_opened":
        opts = " ".join(f"{k}={v}" for k, v in e.options.items())  # type: ignore[attr-defined]
        text = f"session opened: {e.game}" + (f" ({opts})" if opts else "") + (f" — {e.title}" if e.title else "")  # type: ignore[attr-defined]
    elif t == "player_joined":
        text = f"{e.player} sits down and buys in for {e.buyin}"  # type: ignore[attr-defined]
    elif t == "rebuy":
        text = f"{e.player} rebuys {e.amount}"  # type: ignore[attr-defined]
    elif t == "player_left":
        text = f"{e.player} leaves, cashing out {e.cashout}" + (f" ({e.reason})" if e.reason else "")  # type: ignore[attr-defined]
    elif t == "hand_started":
        text = f"hand {e.hand} starts, {e.dealer} deals"  # type: ignore[attr-defined]
        if e.first:  # type: ignore[attr-defined]
            text += f", {e.first} first"  # type: ignore[attr-defined]
        if e.carry_in:  # type: ignore[attr-defined]
            text += f"; {e.carry_in} ride in from the last hand"  # type: ignore[attr-defined]
    elif t == "round_started":
        text = f"betting round {e.round}" + (f" ({e.name})" if e.name else "")  # type: ignore[attr-defined]
    elif t == "cards_dealt":
        text = f"{e.to} is dealt {' '.join(e.cards)}" + (" face up" if e.face_up else "")  # type: ignore[attr-defined]
    elif t == "cards_revealed":
        text = f"{e.holder} shows {' '.join(e.cards)}"  # type: ignore[attr-defined]
    elif t == "cards_exchanged":
        text = f"{e.player} discards {' '.join(e.discard) or 'nothing'}, draws {' '.join(e.draw) or 'nothing'}"  # type: ignore[attr-defined]
        if e.cost:  # type: ignore[attr-defined]
            text += f", paying {e.cost} to {e.to_account}"  # type: ignore[attr-defined]
    elif t == "card_played":
        text = f"{e.player} plays {e.card}"  # type: ignore[attr-defined]
    elif t == "trick_won":
        text = f"{e.player} takes trick {e.trick}"  # type: ignore[attr-defined]
    elif t == "dice_rolled":
        faces = " ".join(map(str, e.faces))  # type: ignore[attr-defined]
        text = f"{_who(e.player)} rolls {faces} (d{e.sides}, total {sum(e.faces)})"  # type: ignore[attr-defined]
    elif t == "declared":
        text = f"{_who(e.player)} declares {e.name}" + ("" if e.value is None else f" {e.value}")  # type: ignore[attr-defined]
    elif t in ("ante", "bet", "call", "all_in"):
        verb = {"ante": "antes", "bet": "bets", "call": "calls", "all_in": "goes all-in for"}[t]
        text = f"{e.player} {verb} {e.amount}"  # type: ignore[attr-defined]
        if e.pot != "pot":  # type: ignore[attr-defined]
            text += f" into {e.pot}"  # type: ignore[attr-defined]
    elif t == "raise":
        text = f"{e.player} raises by {e.by} (puts in {e.amount})"  # type: ignore[attr-defined]
    elif t == "check":
        text = f"{e.player} checks"  # type: ignore[attr-defined]
    elif t == "fold":
        text = f"{e.player} folds"  # type: ignore[attr-defined]
    elif t == "transfer":
        text = f"{e.amount} from {e.from_account} to {e.to_account}" + (f" ({e.reason})" if e.reason else "")  # type: ignore[attr-defined]
    elif t == "pot_awarded":
        shares = ", ".join(f"{s.player} {s.amount}" for s in e.shares)  # type: ignore[attr-defined]
        text = f"{e.pot} awarded: {shares}" + (f" ({e.reason})" if e.reason else "")  # type: ignore[attr-defined]
    elif t == "pot_carried":
        text = f"{e.amount} from {e.pot} ride into the next hand"  # type: ignore[attr-defined]
    elif t == "hand_ended":
        text = f"hand {e.hand} ends"  # type: ignore[attr-defined]
    elif t == "chip_count":
        text = f"{e.player}'s chips counted: {e.counted}"  # type: ignore[attr-defined]
    elif t == "note":
        text = f"note: {e.text}"  # type: ignore[attr-defined]
    elif t == "void":
        text = f"seq {e.target} is void: {e.reason}"  # type: ignore[attr-defined]
    elif t == "scored":
        text = f"{e.player} scores {e.points:+d}" + (f" ({e.reason})" if e.reason else "")  # type: ignore[attr-defined]
    elif t == "deck_reshuffled":
        text = f"the discards ({e.cards} cards) are shuffled into a new stock"  # type: ignore[attr-defined]
    elif t == "session_closed":
        text = "session closed"
    else:  # pragma: no cover - every type is above
        text = t
    if e.ruling:
        text += f"  [table ruling: {e.ruling}]"
    return text
