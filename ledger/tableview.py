"""The table as data: what ``potlog state --json`` prints, and what the web pages draw
(`ledger.web`), with the colour a card is drawn in and the moves `legal` allows, as lines."""

from __future__ import annotations

from typing import Any

from .games import get_ruleset
from .state import TableState, state_hash

# Cards print one way everywhere a person reads them: as potlog spells them and as they are
# typed (9S, 10H, KD; ?? unseen; ▒▒ face down). Where there is colour, hearts and diamonds are red.
RED_SUITS = ("H", "D")


def card_style(card: str, family: str = "french") -> str:
    """The colour of a card on a colour console: red for hearts and diamonds (French suits)."""
    if card in ("??", "▒▒"):
        return "dim"
    if family == "french" and card[-1:] in RED_SUITS and card not in ("HI", "LO"):
        return "red"
    return ""


def view_value(value: str) -> int | str:
    """A game's view line's value as data: a whole number as a number, anything else as written."""
    text = value.strip()
    if text.lstrip("-").isdigit() and text.isascii() and len(text) < 19:
        return int(text)
    return value


def legal_lines(state: TableState) -> list[str]:
    lines = []
    for item in get_ruleset(state.game).legal(state):
        who = item.player or "anyone"
        lines.append(f"{who}: {', '.join(item.verbs)}" + (f" — {item.note}" if item.note else ""))
    return lines


def legal_verbs_for(state: TableState, player: str) -> list[str]:
    for item in get_ruleset(state.game).legal(state):
        if item.player == player:
            return list(item.verbs)
    return []


def state_data(state: TableState, all_cards: bool = True) -> dict[str, Any]:
    """The state as JSON-able data (what `potlog state --json` prints)."""
    hand = state.hand
    seats = []
    for s in state.seats:
        seats.append({
            "name": s.name, "active": s.active, "stack": state.stack(s.name), "in_hand": s.in_hand,
            "folded": s.folded, "all_in": s.all_in, "round_bet": s.round_bet, "hand_bet": s.hand_bet,
            "cards": [{"card": h.card if (h.up or all_cards) else "??", "up": h.up} for h in s.cards],
            "bought_in": s.bought_in, "rebought": s.rebought, "cashed_out": s.cashed_out,
            "score": state.scores.get(s.name),
            "net": state.stack(s.name) + s.cashed_out - s.bought_in - s.rebought,
        })
    data: dict[str, Any] = {
        "session": state.session, "game": state.game, "options": state.options, "chip_unit": state.chip_unit,
        "seq": state.seq, "closed": state.closed, "hands_played": state.hands_played,
        "seats": seats,
        "accounts": {"pot": 0, "carry": 0, "house": 0,
                     **{k: v for k, v in state.balances.items() if not k.startswith("seat:")}},
        "scores": state.scores,
        "hand": None,
        "legal": legal_lines(state),
        "state_hash": state_hash(state),
    }
    if hand is not None and hand.number:
        data["hand"] = {
            "number": hand.number, "dealer": hand.dealer, "first": hand.first, "phase": hand.phase,
            "round": hand.round, "current_bet": hand.current_bet, "to_act": hand.to_act, "ended": hand.ended,
            "dice": [{"player": r.player, "faces": r.faces, "sides": r.sides} for r in hand.dice],
            "declarations": [{"player": d.player, "name": d.name, "value": d.value} for d in hand.declarations],
            "boards": {k: [{"card": h.card if (h.up or all_cards) else "??", "up": h.up} for h in v]
                       for k, v in hand.boards.items()},
            "trick": [{"player": p.player, "card": p.card} for p in hand.trick],
            "tricks": hand.tricks,
        }
    view = get_ruleset(state.game).view(state)
    data["game_view"] = [{"label": label, "value": view_value(value)} for label, value in view]
    return data


