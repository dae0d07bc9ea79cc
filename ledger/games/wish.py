"""Wish Solitaire: the 32-card pack in eight piles of four; pairs off the tops; won when every pile
is gone.

Rule book: ``shared/rules/incompleat-gamester.txt`` ("Wish Solitaire", in "Cards"), on the card
zones (`ledger.core.zones`): ``pile:1`` ... ``pile:8``. ``potlog hand`` stakes and deals;
``potlog turn 3 7H`` turns the top card of pile 3, named as it turns up; ``potlog pair 3 5``
sets aside the two top cards of a kind. Readings:

- One player; the 52-card pack less the 2s to 6s (``french32``), dealt in eight piles of four,
  face down. Others may sit at the table (a night's session): each hand is then the game of the
  one who lays it out, the hand's dealer (``hand --dealer NAME``, else the next seat in turn).
- The top card of a pile is turned face up (any pile, in any order); two face-up tops of one
  rank are taken off together and set aside (``discards``); the card under each is turned next.
- Won when every pile is gone. Lost when every pile left shows its top card and no two of them
  are of a kind.
- Chips (the text gives none): ``stake`` chips go into the pot at the deal (0 by default: played
  for nothing); a win takes them back, a loss leaves them to the house.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from .. import events as ev
from ..cards import UNKNOWN, parse_card, rank
from ..core import table, zones
from ..core.commands import Cards, Command, NewHand
from ..core.contract import Legal, Param, Ruleset, Word
from ..core.verbs import make_event, start_hand
from ..errors import InputError, RuleViolation
from ..kit import follow, pots, wiring
from ..state import TableState

PILES = [f"pile:{n}" for n in range(1, 9)]
PACK = "french32"


class Options(BaseModel):
    """Wish Solitaire's table choices."""

    pack: Literal["french32"] = Field(default="french32", description="the 52-card pack less the 2s to 6s")
    stake: int = Field(default=0, ge=0, le=ev.MAX_CHIPS, description="chips put in; a win takes them back, "
                                                                     "a loss leaves them to the house")


def showing(state: TableState) -> dict[str, str]:
    """Each pile whose top card is face up -> that card."""
    return {p: top[-1].card for p in PILES if (top := zones.top(state, p)) and top[-1].up}


def pairs(state: TableState) -> list[tuple[str, str]]:
    """The piles whose tops make a pair, two by two."""
    up = list(showing(state).items())
    return [(a, b) for i, (a, ca) in enumerate(up) for b, cb in up[i + 1:] if rank(ca) == rank(cb)]


def _half_pair(state: TableState) -> str | None:
    """The rank of a pair half set aside (its other card still to take), or None."""
    out = zones.cards(state, "discards")
    return rank(out[-1].card) if len(out) % 2 else None


def _after(state: TableState) -> list[ev.Event]:
    hand, o = state.hand, options(state)
    if hand is None or hand.ended:
        return []
    player = hand.dealer
    if o.stake and (s := state.seat(player)) is not None and not s.hand_bet and state.stack(player):
        return [make_event(ev.Ante, player=player, amount=min(o.stake, state.stack(player)))]
    if undealt := [p for p in PILES if p not in hand.boards]:
        return [make_event(ev.CardsDealt, to=p, cards=[UNKNOWN] * 4) for p in undealt]
    if _half_pair(state):
        return []
    left = [p for p in PILES if zones.cards(state, p)]
    if not left:
        return pots.award_all(state, player, f"{player} wins: every pile is gone") + [
            make_event(ev.HandEnded, hand=hand.number)]
    if len(showing(state)) == len(left) and not pairs(state):
        return ([pots.to_house(state, f"{player} loses: no pair on the tops")] if state.balance("pot") else []) + [
            make_event(ev.HandEnded, hand=hand.number)]
    return []


def options(state: TableState) -> Options:
    from ..core.options import options_of
    return options_of(state, Options)


def _pile(text: object) -> str:
    n = str(text or "").removeprefix("pile:")
    if not n.isdigit() or not 1 <= int(n) <= 8:
        raise InputError(f"{text!r} is not a pile: name one of 1 to 8")
    return f"pile:{n}"


def _name(pile: str) -> str:
    return f"pile {pile[5:]}"


@dataclass(frozen=True, kw_only=True)
class TurnPile(Command):
    """``potlog turn PILE CARD``: the top of pile `to` (as typed: ``3``) turned up, named (`cards`)."""

    verb: ClassVar[str] = "turn"
    to: str
    cards: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Pair(Command):
    """``potlog pair PILE PILE``: the tops of the two piles `cards` (as typed) set aside."""

    verb: ClassVar[str] = "pair"
    cards: Cards = ()


@dataclass(frozen=True, kw_only=True)
class Take(Command):
    """One card of a pair off the top of pile `source` (what ``pair`` records twice; for ``verify``)."""

    verb: ClassVar[str] = "take"
    source: str


def _start(state: TableState, cmd: NewHand) -> list[ev.Event]:
    if cmd.first:
        raise RuleViolation("Wish Solitaire has one player: drop --first")
    return follow.followed(start_hand(state, cmd, min_players=1))


def _turn(state: TableState, cmd: TurnPile) -> list[ev.Event]:
    table.require_hand(state)
    pile = _pile(cmd.to)
    top = zones.top(state, pile)
    if not top:
        raise RuleViolation(f"{_name(pile)} is gone")
    if top[-1].up:
        raise RuleViolation(f"the top of {_name(pile)} is {top[-1].card}, face up already")
    if len(cmd.cards) != 1:
        raise InputError(f"name the card turned, like potlog turn {pile[5:]} 7H")
    card = parse_card(cmd.cards[0], PACK, allow_unknown=False)
    return follow.followed([zones.move(state, pile, pile, [card], face_up=True)])


def _take(state: TableState, cmd: Take) -> list[ev.Event]:
    """One card of a pair off the top of a pile (``pair`` takes both)."""
    table.require_hand(state)
    pile = _pile(cmd.source)
    card = showing(state).get(pile)
    if card is None:
        raise RuleViolation(f"the top of {_name(pile)} is not showing: turn it first")
    half = _half_pair(state)
    if half is not None and rank(card) != half:
        raise RuleViolation(f"take the other {half} of the pair first")
    if half is None and not any(pile in pr for pr in pairs(state)):
        raise RuleViolation(f"{card} makes no pair with the other tops ({' '.join(showing(state).values())})")
    return follow.followed([zones.move(state, pile, "discards", face_up=True)])


def _pair(state: TableState, cmd: Pair) -> list[ev.Event]:
    table.require_hand(state)
    if len(cmd.cards) != 2:
        raise InputError("name the two piles, like potlog pair 3 5")
    a, b = (_pile(c) for c in cmd.cards)
    up = showing(state)
    if a == b or a not in up or b not in up or rank(up[a]) != rank(up[b]):
        shown = ", ".join(f"{p[5:]}: {c}" for p, c in up.items()) or "nothing"
        raise RuleViolation(f"piles {a[5:]} and {b[5:]} do not show a pair (showing {shown})")
    first = [zones.move(state, a, "discards", face_up=True)]
    return follow.followed(first + _take(follow.trial(state, first), Take(source=b)))


def _own(e: ev.Event) -> Command | None:
    if isinstance(e, ev.CardsMoved):
        if e.dest == "discards":
            return Take(source=e.source)
        return TurnPile(to=e.source, cards=tuple(e.cards))
    return None


decide, check_event = wiring.wire("wish", "Wish Solitaire", Options, _after,
                                  {NewHand: _start, TurnPile: _turn, Pair: _pair, Take: _take},
                                  "hand, then turn PILE CARD and pair PILE PILE",
                                  by_itself=(ev.Ante, ev.CardsDealt, ev.PotAwarded, ev.Transfer, ev.HandEnded), own=_own)


def legal(state: TableState) -> list[Legal]:
    if (idle := wiring.idle(state)) is not None:
        return idle
    who = state.hand.dealer if state.hand is not None else None
    out = [Legal(who, ("pair",), " or ".join(f"{a[5:]} and {b[5:]}" for a, b in pairs(state)))] if pairs(state) else []
    down = [p[5:] for p in PILES if (top := zones.top(state, p)) and not top[-1].up]
    return out + ([Legal(who, ("turn",), "turn the top of pile " + ", ".join(down))] if down else [])


def view(state: TableState) -> list[tuple[str, str]]:
    out = []
    for p in PILES:
        cards = zones.cards(state, p)
        if p in (state.hand.boards if state.hand is not None else {}):
            out.append((f"pile {p[5:]}", "gone" if not cards else
                        f"{cards[-1].card if cards[-1].up else '(face down)'}, {len(cards) - 1} under"))
    return out


WORDS = (
    Word("turn", "Turn the top card of a pile face up (name it).",
         params=(Param("pile", "The pile, 1 to 8.", field="to"),
                 Param("card", "The card turned, like 7H.", field="cards")),
         command=lambda v: TurnPile(to=v["pile"], cards=(v["card"],)), makes=(TurnPile,)),
    Word("pair", "Set aside the two top cards of a kind of two piles.",
         params=(Param("piles", "The two piles, like 3 5.", many=True, field="cards"),),
         command=lambda v: Pair(cards=tuple(v["piles"])), makes=(Pair,)),
)
RULESET = Ruleset(name="wish", title="Wish Solitaire", summary="A solitaire: 32 cards in eight piles of four; "
                  "pairs off the tops; won when every pile is gone.", options=Options, initial=lambda state: None,
                  decide=decide, after=_after, evolve=lambda state, e: None, legal=legal, view=view, check_event=check_event,
                  words=WORDS, min_players=1, max_players=10)
