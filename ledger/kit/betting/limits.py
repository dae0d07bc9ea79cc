"""What a player may do now: the round's `limits`, the betting `verbs` they have, `legal`'s `prompt`."""

from __future__ import annotations

from ...core.contract import Legal
from ...state import TableState
from .acting import owed
from .rules import Betting, Book, Limits


def _others_can_call(state: TableState, player: str) -> bool:
    return any(s.name != player and state.stack(s.name) > 0 for s in state.live_players())


def _top(state: TableState, rules: Betting, player: str, owe: int) -> int | None:
    """The largest bet or raise (above the call) the structure allows; None: the stack."""
    if rules.structure == "fixed":
        return rules.size
    if rules.structure == "declared":
        return (rules.limit(state) if rules.limit is not None else None) or 0
    if rules.structure == "pot":  # the pot after calling, and never below the smallest raise
        return max(state.balance("pot") + owe, rules.smallest(state))
    return None


def _raises_left(book: Book, rules: Betting) -> bool:
    return rules.max_raises is None or len(book.raised) < rules.max_raises


def limits(state: TableState, book: Book, rules: Betting, player: str, *, uncallable: bool = False) -> Limits:
    """What `player` may do now in this round (turn order aside); `uncallable`: a bet or raise
    nobody else could call counts as allowed (``needs_caller`` aside)."""
    owe = owed(state, player)
    acted = player in book.acted
    may_raise = (_raises_left(book, rules) and not (rules.one_raise_each and player in book.raised)
                 and not (acted and not rules.reraise)
                 and (uncallable or not rules.needs_caller or _others_can_call(state, player)))
    return Limits(owed=owe, may_check=owe == 0 and rules.may_check, may_bet=owe == 0 and may_raise,
                  may_raise=owe > 0 and may_raise, low=rules.smallest(state), high=_top(state, rules, player, owe))


def verbs(state: TableState, book: Book, rules: Betting, player: str, *, opener: str | None = None,
          uncallable: bool = False) -> tuple[str, ...]:
    """The betting verbs `player` may use now (see the module docstring), in a fixed order."""
    if rules.opener_only and opener is not None:
        if player == opener and player not in book.acted:
            return ("bet", "allin")
        return ("call", "allin", "fold") if state.stack(player) <= owed(state, player) else ("call", "fold")
    can = limits(state, book, rules, player, uncallable=uncallable)
    out = (("call",) if can.owed else ()) + (("raise",) if can.may_raise else ())
    out += (("check",) if can.may_check else ()) + (("bet",) if can.may_bet else ())
    return out + ("allin", "fold")


def prompt(state: TableState, book: Book, rules: Betting, player: str, note: str = "", *, opener: str | None = None,
           before: tuple[str, ...] = (), uncallable: bool = False) -> Legal:
    """`legal`'s item for a betting stage: who acts, `before` + `verbs`, "N to call" and `note`."""
    owe = owed(state, player)
    owing = f"{owe} to call" if owe or (rules.opener_only and opener is not None and player != opener) else ""
    return Legal(player, before + verbs(state, book, rules, player, opener=opener, uncallable=uncallable),
                      "; ".join(t for t in (owing, note) if t))
