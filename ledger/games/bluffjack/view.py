"""Who may do what next (`legal`), what the hand waits for, and the lines for `potlog state`."""

from __future__ import annotations

from ...cards import UNKNOWN
from ...kit import betting as bets
from ...kit.stages import Turn, step
from ...state import TableState
from .. import base
from .hands import hand_total
from .options import ASIDE, HOUSE, ext, opts
from .stages import FLOW, auto_steps, live, players, trial, with_chips


def bet_verbs(state: TableState, player: str) -> tuple[str, ...]:
    owed = bets.owed(state, player)
    if owed >= state.stack(player):
        return ("allin", "fold")
    if owed:
        return ("call", "raise", "allin", "fold")
    return ("check", "bet", "allin", "fold")


def waiting(state: TableState) -> str:
    """What the hand waits for, in words."""
    x = ext(state)
    hand = state.hand
    if hand is None or hand.ended:
        return "no hand is in progress (potlog hand)"
    who = hand.to_act
    if x.stage in ("deal", "deal-up"):
        if who:
            seat = state.seat(who)
            kind = "face-down" if seat is not None and not seat.cards else "face-up"
            return f"{who} is dealt a {kind} card next"
        missing = [p for p in players(state) if p not in x.anted]
        return f"waiting for the ante from {', '.join(missing)}" if missing else "the betting starts"
    if x.stage == "showdown":
        return "the betting is over: potlog showdown"
    if who is None:
        return "nobody is to act"
    if step(FLOW, Turn(x.stage, who, drew=x.drew), who in x.stood, state) == "move":
        return f"{who} to take a card or stand"
    owed = bets.owed(state, who)
    return f"{who} to call {owed}, raise or fold" if owed else f"{who} to check, bet or fold"


def legal(state: TableState) -> list[base.Legal]:
    if state.closed:
        return []
    if not state.in_hand:
        holders = with_chips(state)
        if len(holders) == 1 and state.hands_played:
            return [base.Legal(None, ("close", "note"), f"the game is over: {holders[0]} holds every chip")]
        if not holders and state.hands_played:
            return [base.Legal(None, ("close", "note"), "the game is over: the house took the last chips")]
        if len(holders) < 2:
            return [base.Legal(None, ("join", "rebuy", "note", "close"), "a hand needs 2 players with chips")]
        return [base.Legal(None, ("hand", "join", "rebuy", "leave", "count", "note", "close"))]
    if ext(state).due:  # after a ruling or a void: the step potlog records before the next command
        state = trial(state, auto_steps(state))
    x = ext(state)
    hand = state.hand
    assert hand is not None
    out: list[base.Legal] = []
    who = hand.to_act
    if x.stage in ("deal", "deal-up"):
        if who:
            out.append(base.Legal(who, ("deal",), waiting(state)))
        if x.stage == "deal":
            ante = opts(state).ante
            for p in players(state):
                if p not in x.anted:
                    out.append(base.Legal(p, ("ante",), f"ante {min(ante, state.stack(p))}"))
    elif x.stage == "showdown":
        out.append(base.Legal(None, ("reveal", "showdown"), "potlog showdown settles the hand"))
    elif who is not None:
        if step(FLOW, Turn(x.stage, who, drew=x.drew), who in x.stood, state) == "move":
            out.append(base.Legal(who, ("hit", "stand"), "take a card or stand"))
        else:
            owed = bets.owed(state, who)
            note = "nothing to call" if not owed else (f"{owed} to call" if owed < state.stack(who) else
                                                        f"{owed} to call: all-in or fold")
            out.append(base.Legal(who, bet_verbs(state, who), note))
    return out


def describe(state: TableState) -> list[tuple[str, str]]:
    x = ext(state)
    lines: list[tuple[str, str]] = []
    hand = state.hand
    if hand is not None and hand.number and not hand.ended:
        lines.append(("stage", x.stage))
        shown = []
        for s in live(state):
            if not s.cards:
                continue
            up = [h.card for h in s.cards if h.up]
            down = len(s.cards) - len(up)
            known = [c for c in up if c != UNKNOWN]  # (a card turned up unseen, by a ruling, counts for nothing)
            text = (f"{s.name} shows {hand_total(known)}" if up else s.name) + (f" +{down} down" if down else "")
            if s.name in x.stood:
                text += ", stood"
            shown.append(text)
        if shown:
            lines.append(("hands", "; ".join(shown)))
    if state.balance(ASIDE):
        lines.append(("set aside", f"{state.balance(ASIDE)} (for the last player standing)"))
    if state.balance(HOUSE):
        lines.append(("house", str(state.balance(HOUSE))))
    holders = with_chips(state)
    if not state.in_hand and len(holders) == 1 and state.hands_played:
        lines.append(("game", f"over: {holders[0]} holds every chip"))
    return lines
