"""``decide``: each command to its verb on the kit's engines (the deal, the declarations, the
betting rounds), Blücher's own verbs (the hole card, the roll), what the rules make follow,
and the verbs between hands (the next hand and its dealer, rebuys, payments, the end)."""

from __future__ import annotations

import dataclasses

from ... import events as ev
from ...core.commands import (
    Ante, Award, Bet, Carry, Command, Deal, Declare, End, Exchange, Leave, NewHand, Pay, Play,
    Rebuy, Reshuffle, RollDice, Round, Score, Showdown, player_of,
)
from ...core.verbs import Handler
from ...errors import RuleViolation
from ...kit import betting as bets
from ...kit import deal, pots, stages
from . import declare, staged
from ...state import TableState
from . import NAME
from .options import ROUND_NAMES, BluecherExt, Options, ext, family_of
from .showdown import settlement, showdown
from .stages import DEALING, DECLARATIONS, FLOW, LIMIT_ONLY, OPENING, ROUND, first_player


def _after(state: TableState) -> list[ev.Event]:
    """What the rules record by themselves: a new round, or the pot to the last player left."""
    return staged.follows(state, FLOW, ext(state).phase, names=ROUND_NAMES, won=staged.last_one)


def _gated(state: TableState, cmd: Command, verb: str = "") -> tuple[BluecherExt, str | None]:
    """Blücher's state and the player, once the word's gate (`FLOW.gates`: the hand, the phase, the turn) lets it by."""
    x = ext(state)
    return x, stages.gate(state, FLOW, verb or cmd.verb, x.phase, player_of(cmd))


def _bet(state: TableState, cmd: bets.Move) -> list[ev.Event]:
    x, _ = _gated(state, cmd)
    rules = OPENING if x.phase == "open" else ROUND if x.phase == "round" or not isinstance(cmd, Bet) else LIMIT_ONLY
    return bets.act(state, x, rules, cmd, opener=first_player(x), waiting_text=FLOW.text(x.phase))


def _declare(state: TableState, cmd: Declare) -> list[ev.Event]:
    if cmd.name == "hole":
        return _hole(state, cmd)
    return declare.decide(state, cmd, DECLARATIONS, _gated(state, cmd)[0], "Blücher has no declaration {name!r}: "
                          "the dealer declares cost; the first player declares dice and limit")


def _hole(state: TableState, cmd: Declare) -> list[ev.Event]:
    """Place the hole card (in the opening, in turn), or name and turn up an unseen one (at the showdown)."""
    return staged.hole(state, cmd, DEALING, ext(state).hole, lambda p: _gated(state, dataclasses.replace(cmd, player=p),
                       "hole"), showing=lambda: ext(state).phase in ("showdown", "won"))


def _roll(state: TableState, cmd: RollDice) -> list[ev.Event]:
    x = ext(state)
    if state.in_hand and x.target is not None:
        raise RuleViolation(f"the dice are rolled once a hand, and {first_player(x)} rolled them already (target "
                            f"{x.target}); {FLOW.text(x.phase)}")
    x, _ = _gated(state, cmd)
    return staged.roll(state, cmd, by=first_player(x), dice=x.dice, messages={
        "who": "{by}, the first player, rolls the dice, not {player}",
        "sides": "Blücher is played with six-sided dice"})


def _buy(state: TableState, cmd: Exchange) -> list[ev.Event]:
    x, player = _gated(state, cmd, "buy")
    assert player is not None
    return deal.buy(state, cmd, DEALING, player, cost=x.card_cost, stock=x.stock, kept=x.hole.get(player),
                    bought=x.bought, acted=x.acted)


_VERBS: dict[type[Command], Handler] = {
    NewHand: lambda s, c: deal.start(s, c, DEALING, players=(3, 9 if family_of(s) == "spanish" else 10),
                                    winner=ext(s).next_dealer, pack=family_of(s).capitalize()),
    Declare: _declare, RollDice: _roll, Exchange: _buy,  # (the words hole and buy record a Declare, an Exchange)
    Deal: lambda s, c: deal.deal(s, c, DEALING, _gated(s, c)[0].order, ext(s).stock),
    Reshuffle: lambda s, c: deal.reshuffle(s, c, DEALING, _gated(s, c)[0].stock),
    Round: lambda s, c: _gated(s, c) and _after(s), Showdown: showdown, Rebuy: bets.table_stakes,
    End: lambda s, c: staged.end(s, c, _gated(s, c)[0].phase, "the hand ends with the showdown (or when all but "
                                   f"one fold); {FLOW.text(ext(s).phase)}"),
    Pay: lambda s, c: pots.pay(
        s, c, from_pot="chips leave the pot only by the rules (potlog showdown, or the last fold)",
        to_carry="the pot rides only when everyone busts: potlog showdown carries it over",
        carry_in_hand="the carry-over is in this hand's pot now: the showdown settles it"),
    **dict.fromkeys(bets.WAGERS, _bet),
}
_FLOW_VERBS = {Deal, Declare, *bets.WAGERS, RollDice, Exchange, Round, Leave}
_REFUSED = {
    Ante: "Blücher has no antes: the first player opens with a bet",
    Play: "Blücher has no tricks: cards are bought (potlog buy) and shown at the showdown",
    Score: "Blücher is played for chips, not points",
    Award: "Blücher settles the pot itself: potlog showdown (or the last fold) pays it out",
    Carry: "the pot rides only when everyone busts, and potlog showdown works that out",
}
decide = staged.decider(NAME, Options, _VERBS, refused=_REFUSED, after=_after, following=_FLOW_VERBS)
check_event = staged.checker(
    decide, Options, NAME, game="Blücher", flow=FLOW, phase=lambda s: ext(s).phase, paying=("showdown", FLOW.won),
    paid=lambda s: settlement(s)[ext(s).settled:],
    rounds="a round starts by itself, only when the dice are rolled or a round's betting is over")
"""``potlog verify --rules``: the rounds and the settlement are recomputed, every other event decided again."""
