"""War: two face-down stacks, the top cards turned, the higher card takes both under its stack.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("War", in "Cards"), on the card zones
(`ledger.core.zones`): ``stack:Ann`` face down, turned cards onto ``battle:Ann``. ``potlog hand``
stakes and deals; then ``potlog turn Ann 7H``, ``potlog turn Ben KD`` (either first). Readings:

- The whole pack is dealt face down, half each (``-o pack=tarot78``: 39). A turned card is the
  stack's top: a known one (won earlier) cannot be named as another ("the top card of Ann's
  stack is KD, not 7H"); an unseen one is named as it turns up.
- Different suits: the higher rank takes both (2 to A; tarot 1 to K, the cavalier between jack
  and queen). The same suit is a war, and so are equal ranks (neither is higher): potlog puts
  each player's next card face down, then each turns one; again while it is a war. Tarot: "the
  atouts are considered the same suit as the other active face up card": an atout always wars.
- The taker puts the battle under their stack, the other's cards below their own. A player with
  no card to turn, or to put down for a war, has lost; the winner takes the stakes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .. import events as ev
from ..cards import PACKS, UNKNOWN, suit
from ..core import table, zones
from ..core.commands import Turn
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.options import options_of
from ..core.verbs import make_event
from ..errors import RuleViolation
from ..kit import follow, pots, wiring
from ..state import TableState

ORDER = {"french52": "2 3 4 5 6 7 8 9 10 J Q K A".split(), "tarot78": "1 2 3 4 5 6 7 8 9 10 J C Q K".split()}


class Options(BaseModel):
    """War's table choices."""

    stake: int = Field(default=1, ge=0, le=ev.MAX_CHIPS, description="chips each player puts in; the winner takes them")
    pack: Literal["french52", "tarot78"] = Field(default="french52", description="the pack dealt: french52 or tarot78")


def players(state: TableState) -> list[str]:
    return [s.name for s in state.seats if s.active][:2]


def active(state: TableState, player: str) -> str | None:
    """The player's active face-up card, or None while they have to turn one."""
    return next((h.card for h in zones.top(state, f"battle:{player}") if h.up), None)


def taker(a: str, b: str, pack: str) -> int | None:
    """Which of two turned cards takes the battle (0 or 1); None for a war."""
    ra, rb = (ORDER[pack].index(c[:-1]) if suit(c) else -1 for c in (a, b))
    return None if min(ra, rb) < 0 or ra == rb or suit(a) == suit(b) else int(rb > ra)


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the stakes, the deal, a battle taken, a war's face-down cards, the end."""
    o, order, hand = options_of(state, Options), players(state), state.hand
    if hand is None or hand.ended:
        return []
    if undealt := [p for p in order if f"stack:{p}" not in hand.boards]:
        anted = [p for p in order if (s := state.seat(p)) is not None and s.hand_bet]
        return pots.post_antes(state, order, anted, o.stake) or [make_event(
            ev.CardsDealt, to=f"stack:{p}", cards=[UNKNOWN] * (len(PACKS[o.pack].cards) // 2)) for p in undealt]
    lying, up = [zones.cards(state, f"battle:{p}") for p in order], [active(state, p) or "" for p in order]
    war, down = all(up) and (won := taker(up[0], up[1], o.pack)) is None, [bool(c) and not c[-1].up for c in lying]
    for i, (p, q) in enumerate((order, order[::-1])):
        if down[i] and not lying[1 - i]:  # a battle taken: the rest under q's stack
            return [zones.move(state, f"battle:{p}", f"stack:{q}", whole=True, bottom=True, face_up=False)]
        if (war and i == 0) or up[i] and down[1 - i] and len(lying[1 - i]) > len(lying[i]):
            return _won(state, order, [p] if not zones.cards(state, f"stack:{p}") else []) or [
                zones.move(state, f"stack:{p}", f"battle:{p}", face_up=False)]  # a war: p's card face down
    if all(up) and won is not None:  # the loser's cards onto the taker's, face down, then (above) under
        return [zones.move(state, f"battle:{order[won]}", f"battle:{order[1 - won]}", whole=True, face_up=False)]
    return _won(state, order, [p for p, card in zip(order, up) if not card and not zones.cards(state, f"stack:{p}")])


def _won(state: TableState, order: list[str], out: list[str]) -> list[ev.Event]:
    w = next((p for p in order if p not in out), "")
    return pots.award_all(state, w, f"{w} wins: {out[0]} has no card left") + [
        make_event(ev.HandEnded, hand=table.require_hand(state).number)] if out else []


def _turn(state: TableState, cmd: Turn) -> list[ev.Event]:
    table.require_hand(state)
    order, player = players(state), table.require_seated(state, cmd.player)
    if player not in order or active(state, player):
        raise RuleViolation(f"War is played by {' and '.join(order)}, not {player}" if player not in order else
                            f"{player} has turned {active(state, player)}: {' and '.join(order)} each turn one")
    return follow.followed([zones.move(state, f"stack:{player}", f"battle:{player}", list(cmd.cards) or None,
                                          face_up=True)])


decide, check_event = wiring.wire("war", "War", Options, _after, {Turn: _turn}, "hand, then turn each top card",
                                  by_itself=(ev.Ante, ev.CardsDealt, ev.PotAwarded, ev.HandEnded), own=lambda e:
                                  Turn(player=e.source[6:], cards=tuple(e.cards))
                                  if isinstance(e, ev.CardsMoved) and e.face_up and "stack:" in e.source else None)


def legal(state: TableState) -> list[Legal]:
    idle = wiring.idle(state)
    return idle if idle is not None else [Legal(p, ("turn",), f"{p} turns the top card of their stack")
                                          for p in players(state) if not active(state, p)]


def view(state: TableState) -> list[tuple[str, str]]:
    return [(p, f"{len(zones.cards(state, f'stack:{p}'))} in the stack; battle: " + (" ".join(
        h.card if h.up else "(down)" for h in zones.cards(state, f"battle:{p}")) or "-")) for p in players(state)]


TURN = Word("turn", "PLAYER turns the top card of their stack (name it when nobody has seen it).",
            params=(Param("player", "Who turns."), Param("card", "The card turned, like KD.", required=False, field="cards")),
            command=lambda v: Turn(player=v["player"], cards=(v["card"],) if v.get("card") else ()), makes=(Turn,))
RULESET = Ruleset(name="war", title="War", summary="Two face-down stacks; the higher top card takes both, the same "
                  "suit is a war.", options=Options, initial=lambda state: None, decide=decide, after=_after, legal=legal, view=view,
                  evolve=lambda state, e: None, check_event=check_event, words=(TURN,), min_players=2, max_players=2)
