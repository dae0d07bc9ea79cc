"""The pot engine: layered pots from the hand's bets, the uncalled bet, ties and the odd chip,
paying by rank, and a pot that stands, goes to the house or is set aside.

Public API (every function reads the state and returns events; nothing here changes a state
but `evolve`, the game's hook):

    order_from_dealer(state) -> list[str]
        every seat, clockwise from the dealer's left: the default order for odd chips.
    uncalled(state, order=None) -> tuple[str, int] | None
        (bettor, chips) of the part of the top bet nobody matched, or None.
    layers(state, order=None, *, pot="pot", total=None, returned=True, single="the pot") -> list[Layer]
        the main pot and side pots of the hand, the uncalled part left out (``returned``).
    split(amount, winners, order) -> list[tuple[str, int]]
        `amount` shared evenly; odd chips one each to the first winners in `order`.
    award_by_rank(state, ranks, order=None, *, ties="split", pot="pot", total=None, payout=PAYOUT)
        the uncalled bet returned, then one `PotAwarded` per layer to its best hand(s);
        with ``ties="stand"`` a tied layer rides instead (one `PotCarried` at the end).
        `total`: the pot's chips (default its balance; a re-check after some awards passes
        what it held). `payout` (a `Payout`) words the awards and says what a layer whose
        best hand loses (every contender busts) pays: Blücher's least-wrong chip per player,
        Bluffjack's house; with ``open_to_live``, a layer no live player reached is open to
        every live player.
    least_wrong(ranks, reason, *, per=1, pot="pot") -> (layer, contenders) -> (events, rides)
        a `Payout.lost` hook: when every contender loses (all bust), the best of them (the
        least wrong) takes `per` chip(s) for each other contender, at most the layer; the rest
        rides (`reason` fields: layer, player, label).
    award(shares, reason, *, pot="pot") -> Event
        one award of (player, chips) shares, its reason cut to fit.
    award_all(state, player, reason, *, pot="pot", amount=None) -> list[Event]
        the whole pot to one player (everyone else folded).
    last_in(state, reason=..., *, pot="pot", amount=None, refusal=...) -> tuple[str | None, list[Event]]
        everyone else folded: the last player in takes the whole pot without showing
        (`reason` field: player); refused when chips are there and not one player is left.
    carry(state, *, pot="pot") -> Event           the kitty stands: the whole pot rides.
    to_house(state, reason, *, pot="pot", amount=None, held=None) -> Event
    set_aside(state, name, *, pot="pot", amount=None, held=None, reason=None) -> Event
        chips to ``pot:NAME``, a pot that persists between hands (a jackpot); with a reason,
        as a `Transfer`. `held`: what the pot holds part-way through a payout worked out ahead.
    share(state, players, reason, *, pot) -> list[Event]
        the whole of `pot` shared evenly among `players`, a `Transfer` each.
    check_paid(event, want) -> None / check_end(state, event) -> None
        for ``potlog verify --rules``: a recorded payout must be the next of `want` (what the
        rules pay from here, worked out again); a hand ends only with its pot empty.
    check_payout(event, due, paid) -> None
        for ``potlog verify --rules``: a payout recorded at the showdown must be `due[paid]`
        (what the rules pay, worked out again; `paid`: how many are recorded), exactly; once
        all are, only the end of the hand.
    require_settles(state, due, *, pot="pot") -> None
        refuse to pay `due` (the payouts worked out from the bets) unless they take exactly what
        `pot` holds: a ruling moved chips the bets do not account for (settle it by a ruling).
    paid_out(event) -> int
        the chips an award, a carry-over or a transfer takes out of a pot (0 for other events).
    tally(book, event) -> bool
        in ``evolve``: an award or a carry-over adds to the game's settlement book (``paid``:
        chips out of the pot so far; ``settled``: payouts recorded, for `check_paid`).
    evolve(state, event) -> None
        the game's ``evolve`` calls it: a set-aside pot is marked persistent.
    pay(state, cmd, *, from_pot, to_carry=None, carry_in_hand=None, players_only=None) -> list[Event]
        ``potlog pay`` at a table where only the rules move chips out of the pots: a payment
        out of a pot is refused (`from_pot`), and when given, one into ``carry`` (`to_carry`)
        and one out of ``carry`` while a hand is on (`carry_in_hand`), or, first, any payment
        from or to what is not a player (`players_only`, field: account); else the shared verb.
    ante(state, player, ante, *, anted, named=None) -> list[Event]
        `player` antes the table's `ante` once a hand (`anted`: who has); a player short of it
        antes what they have (all-in); `named`, the amount the command names, must be that.
    antes_due(state, players, ante, anted) -> list[Legal]
        `legal`'s items for the antes still due: each of `players` not in `anted`, and how much.
    post_antes(state, order, anted, ante) -> list[Event]
        as a game played for a kitty starts, the antes still due, recorded by the rules: each of
        `order` not in `anted` with chips antes `ante`, or what they have when short.
    side_pots_text(state) -> str
        the hand's pots as the table sees them: "12 for Ann, Ben, Cy; 4 for Ann, Ben".

Pots paid one at a time (freeform's ``award``, where the recorder says who won which pot):
    hand_layers(state, order=None, *, pot="pot", total=None) -> list[Layer]
        `layers`, and the uncalled bet as a layer of its own on top ("uncalled bet", its
        bettor's alone); [] when the pot holds less than the bets.
    unpaid(state, paid, order=None, *, pot="pot", held=None) -> list[Layer]
        `hand_layers` less `paid` (chips paid out of each, by `layer_key`); a layer nobody
        can win (no eligible player) is open to anyone.
    layer_key(name) -> str
        how ``--pot`` names a layer: main (the pot, the main pot), side-1, side-2 ..., uncalled.
    one_layer(state, held) -> bool
        ``unpaid(state, {}, held=held)`` is at most one layer, all of `held` (decided in one
        pass over the seats; False, to be worked out, for a name seated twice or a bet below 0).
    named_in(reason, left) -> str | None
        the key of the layer an award's reason names first ("side pot 1: ..."), if any.
    claim(left, shares, *, layer=None, strict=True) -> dict[str, int]
        which layers `shares` (player, chips) are paid from (chips by key). Strict: refused
        when a player takes from a layer they are not in, more than a layer holds, or part
        of several layers without naming one; otherwise (a ruling, a re-fold) as near as it
        gets: the named layer, the player's own layers from the main pot up, then the rest
        from the top down.
    wanting(left) -> str
        "side pot 1 (Ann, Ben: 60) wants a winner: award PLAYER --pot side-1"; "" when empty.

Readings and choices:
- Layers are `ledger.chips.side_pots` over each seat's ``hand_bet`` (antes and every bet of
  the hand), eligible = dealt in and not folded; folded players' chips stay in the layers
  they reached. Chips in the pot that no seat bet this hand (what rode in, card costs,
  payments into the pot) belong to the main pot, which every live player may win.
- The uncalled bet is the top bettor's hand total less the next highest total (of anyone,
  folded or not), when the top bettor is still in the hand: nobody matched it, so it goes
  straight back. It is returned as a `PotAwarded` to the bettor with the reason "uncalled
  bet returned" (not a Transfer): it leaves the pot like every payout, and ``potlog
  verify --rules`` re-decides it as an award.
- Ties split evenly; the odd chips go one each to the tied winners in `order`, which by
  default is clockwise from the dealer's left (the usual card-room rule). A game passes
  its own order.
- A layer only one live player reached is theirs ("nobody else is in it").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Callable, Literal, Protocol

from .. import events as ev
from ..chips import SidePot, side_pots, split_evenly
from ..errors import RuleViolation
from ..core.commands import Pay
from ..core import verbs
from ..core.checks import require_same
from ..core.contract import Legal
from ..core.table import require_hand
from ..core.verbs import make_event
from ..state import Seat, TableState
from .evaluators import Ranked
from .turns import clockwise

Ties = Literal["split", "stand"]
UNCALLED = "uncalled bet returned"
REASON_MAX = 200


@dataclass(frozen=True)
class Payout:
    """How `award_by_rank` words and pays a showdown (the defaults are the card room's).

    Attributes:
        single: the name of the only layer (Blücher says "main pot").
        returned: the uncalled bet goes back first as its own award; False: it stays the
            top layer, which goes back to its one contender like any layer one player reached.
        lone: the reason for a layer only one player reached (fields: layer, player).
        reason: (layer, winners) -> the reason for a won or split layer (default: names the
            winners and the hand's label).
        loses: (player) -> their hand wins nothing (a bust); a layer whose best hand loses,
            or that nobody can win, is paid by `lost`.
        lost: (layer, contenders best first) -> (events, chips that ride); default: refused.
        open_to_live: a layer no live player reached (everyone who bet that much folded) is
            contested by every live player; False: nobody can win it (`lost`, or refused).
    """

    single: str = "the pot"
    returned: bool = True
    lone: str = "{layer}: {player}, nobody else is in it"
    reason: Callable[[Layer, list[str]], str] | None = None
    loses: Callable[[str], bool] | None = None
    lost: Callable[[Layer, list[str]], tuple[list[ev.Event], int]] | None = None
    open_to_live: bool = False


PAYOUT = Payout()


@dataclass(frozen=True)
class Layer:
    """One pot of the hand: `name` ("the pot", "main pot", "side pot 1"), its chips and who
    may win it (in the order given)."""

    name: str
    amount: int
    eligible: tuple[str, ...]


def order_from_dealer(state: TableState) -> list[str]:
    """Every seat clockwise from the dealer's left (from the first seat when no hand)."""
    return clockwise(state, state.hand.dealer if state.hand is not None else None)


def _order(state: TableState, order: Sequence[str] | None) -> list[str]:
    given = list(order) if order is not None else order_from_dealer(state)
    named = set(given)
    return given + [s.name for s in state.seats if s.name not in named]


def _seats(state: TableState) -> dict[str, Seat]:
    """Each name's seat: the first seat of that name, as `TableState.seat` finds it."""
    return {s.name: s for s in reversed(state.seats)}


def _bets(names: Sequence[str], seats: Mapping[str, Seat]) -> list[tuple[str, int, bool]]:
    """(name, hand bet, still in) of each of `names` (`_order`) whose seat bet this hand."""
    rows = []
    for name in names:
        seat = seats.get(name)
        if seat is not None and seat.hand_bet:
            rows.append((name, seat.hand_bet, seat.in_hand and not seat.folded))
    return rows


def uncalled(state: TableState, order: Sequence[str] | None = None) -> tuple[str, int] | None:
    """(bettor, chips) of the part of the top bet nobody matched, or None."""
    return _uncalled(_bets(_order(state, order), _seats(state)))


def _uncalled(rows: Sequence[tuple[str, int, bool]]) -> tuple[str, int] | None:
    """`uncalled` of `_bets`' rows: the first of the highest bets, if still in, less the next highest."""
    if not rows:
        return None
    top, second = rows[0], None
    for row in rows[1:]:
        if row[1] > top[1]:
            top, second = row, top[1]
        elif second is None or row[1] > second:
            second = row[1]
    if not top[2]:
        return None
    if second is None:
        second = 0
    return (top[0], top[1] - second) if top[1] > second else None


def layers(state: TableState, order: Sequence[str] | None = None, *, pot: str = "pot", total: int | None = None,
           returned: bool = True, single: str = "the pot") -> list[Layer]:
    """The main pot and the side pots, the uncalled part left out (unless not `returned`);
    chips in `pot` (`total`, default its balance) that nobody bet this hand join the main
    pot. Refuses when the pot holds less than the bets (chips were already paid out of it)."""
    names, seats = _order(state, order), _seats(state)
    rows = _bets(names, seats)
    return _layers(state, names, seats, rows, _uncalled(rows) if returned else None, pot=pot, total=total,
                   single=single)


def _layers(state: TableState, names: Sequence[str], seats: Mapping[str, Seat], rows: list[tuple[str, int, bool]],
            back: tuple[str, int] | None, *, pot: str, total: int | None, single: str) -> list[Layer]:
    """`layers` of the seats `names` (the whole `_order`), their `_bets` rows, `back` (their
    `_uncalled` bet, left out; None: none is)."""
    if back is not None:
        rows = [(p, c - back[1] if p == back[0] else c, live) for p, c, live in rows]
    pots = side_pots(rows)
    bet = sum(c for _, c, _ in rows)
    held = state.balance(pot) if total is None else total
    extra = held - bet - (back[1] if back else 0)
    if extra < 0:
        raise RuleViolation(f"{pot} holds {held} chips but this hand's bets add up to "
                            f"{bet + (back[1] if back else 0)}: pay it out with potlog award")
    if extra:
        live = tuple(p for p in names if (s := seats.get(p)) is not None and s.in_hand and not s.folded)
        if pots:
            pots[0] = SidePot(pots[0].amount + extra, pots[0].eligible or live)
        else:
            pots = [SidePot(extra, live)]
    if len(pots) == 1:
        return [Layer(single, pots[0].amount, tuple(pots[0].eligible))]
    return [Layer("main pot" if i == 0 else f"side pot {i}", p.amount, tuple(p.eligible)) for i, p in enumerate(pots)]


def _live(state: TableState, name: str) -> bool:
    seat = state.seat(name)
    return seat is not None and seat.in_hand and not seat.folded


def split(amount: int, winners: Sequence[str], order: Sequence[str]) -> list[tuple[str, int]]:
    """`amount` shared evenly among `winners`; the odd chips go one each to the winners who
    come first in `order` (names not in `order` come last, as given). Zero shares are left out."""
    rank = {name: i for i, name in enumerate(order)}
    ordered = sorted(winners, key=lambda w: rank.get(w, len(rank)))
    return [(w, a) for w, a in split_evenly(amount, ordered) if a]


def award(shares: Sequence[tuple[str, int]], reason: str, *, pot: str = "pot") -> ev.Event:
    """One `PotAwarded` of `shares` (player, chips) out of `pot`; the reason is cut to fit."""
    return make_event(ev.PotAwarded, pot=pot, shares=[ev.Share(player=p, amount=a) for p, a in shares],
                      reason=reason[:REASON_MAX])


def _award(pot: str, shares: list[tuple[str, int]], reason: str) -> ev.Event:
    return award(shares, reason, pot=pot)


def least_wrong(ranks: Mapping[str, Ranked], reason: str, *, per: int = 1, pot: str = "pot",
                ) -> Callable[[Layer, list[str]], tuple[list[ev.Event], int]]:
    """A `Payout.lost` hook (see the module docstring): the least wrong takes `per` chip(s) a
    player from a layer every contender lost; the rest of it rides."""
    def lost(layer: Layer, contenders: list[str]) -> tuple[list[ev.Event], int]:
        take = min(layer.amount, per * (len(contenders) - 1)) if contenders else 0
        if not take:
            return [], layer.amount
        best = contenders[0]
        text = reason.format(layer=layer.name, player=best, label=ranks[best].label)
        return [_award(pot, [(best, take)], text)], layer.amount - take
    return lost


def award_all(state: TableState, player: str, reason: str, *, pot: str = "pot",
              amount: int | None = None) -> list[ev.Event]:
    """The whole of `pot` (or `amount`: what it held, for a re-check) to `player` (nothing
    when it is empty)."""
    have = state.balance(pot) if amount is None else amount
    return [_award(pot, [(player, have)], reason)] if have else []


def last_in(state: TableState, reason: str = "{player} is the last player in: everyone else folded", *,
            pot: str = "pot", amount: int | None = None,
            refusal: str = "nobody is left in the hand to take the pot: award it as a table ruling (--override)",
            ) -> tuple[str | None, list[ev.Event]]:
    """Everyone else folded: (the last player in, the award of the whole of `pot` to them, or
    of `amount`: what it held, for a re-check). Refused when the pot holds chips and not
    exactly one player is left; (None, []) for an empty pot and nobody left."""
    live = state.live_players()
    have = state.balance(pot) if amount is None else amount
    if len(live) != 1 and have:
        raise RuleViolation(refusal)
    winner = live[0].name if len(live) == 1 else None
    return winner, award_all(state, winner, reason.format(player=winner), pot=pot, amount=have) if winner else []


def award_by_rank(state: TableState, ranks: Mapping[str, Ranked], order: Sequence[str] | None = None,
                  *, ties: Ties = "split", pot: str = "pot", total: int | None = None,
                  payout: Payout = PAYOUT, layered: Sequence[Layer] | None = None) -> list[ev.Event]:
    """Pay the hand: the uncalled bet back to its bettor, then every layer to the best of its
    eligible hands in `ranks` (split, odd chips by `order`; or, with ``ties="stand"``, a tied
    layer rides to the next hand). A layer with two or more contenders needs a rank for each.
    `total` is the pot's chips (default its balance); `payout` words it (see `Payout`).
    `layered`: the layers still to pay, when some were paid already (`unpaid`), the uncalled
    bet among them."""
    seats = _order(state, order)
    out: list[ev.Event] = []
    back = uncalled(state, seats) if payout.returned and layered is None else None
    if back is not None:
        out.append(_award(pot, [back], UNCALLED))
    stands = 0
    live = tuple(p for p in seats if _live(state, p))
    todo = layered if layered is not None else layers(state, seats, pot=pot, total=total, returned=payout.returned,
                                                      single=payout.single)
    for layer in todo:
        if layer.name == UNCALLED_LAYER and layered is not None:
            out.append(_award(pot, [(layer.eligible[0], layer.amount)], UNCALLED))
            continue
        if not layer.eligible and payout.open_to_live:
            layer = Layer(layer.name, layer.amount, live)
        if not layer.eligible and payout.lost is None:
            raise RuleViolation(f"nobody is left in the hand to win {layer.name}")
        if len(layer.eligible) == 1:
            who = layer.eligible[0]
            out.append(_award(pot, [(who, layer.amount)], payout.lone.format(layer=layer.name, player=who)))
            continue
        missing = [p for p in layer.eligible if p not in ranks]
        if missing:
            raise RuleViolation(f"{layer.name}: no hand to rank for {', '.join(missing)}")
        ranked = sorted(layer.eligible, key=lambda p: ranks[p].key, reverse=True)
        if payout.lost is not None and (not ranked or (payout.loses is not None and payout.loses(ranked[0]))):
            paid, rides = payout.lost(layer, ranked)
            out += paid
            stands += rides
            continue
        best = ranks[ranked[0]].key
        winners = [p for p in layer.eligible if ranks[p].key == best]
        label = ranks[winners[0]].label
        if len(winners) == 1:
            reason = f"{layer.name}: {winners[0]} wins with {label}"
        elif ties == "stand":
            stands += layer.amount
            continue
        else:
            reason = f"{layer.name}: {' and '.join(winners)} tie with {label}, split"
        if payout.reason is not None:
            reason = payout.reason(layer, winners)
        out.append(_award(pot, split(layer.amount, winners, seats), reason))
    if stands:
        out.append(make_event(ev.PotCarried, pot=pot, amount=stands))
    return out


def carry(state: TableState, *, pot: str = "pot") -> ev.Event:
    """The kitty stands: everything in `pot` rides into the next hand (pot -> carry)."""
    have = state.balance(pot)
    if have <= 0:
        raise RuleViolation(f"{pot} is empty: nothing stands for the next hand")
    return make_event(ev.PotCarried, pot=pot, amount=have)


def _amount(state: TableState, pot: str, amount: int | None, held: int | None = None) -> int:
    have = state.balance(pot) if held is None else held
    amount = have if amount is None else amount
    if have <= 0 or not 0 < amount <= have:
        raise RuleViolation(f"{pot} holds {have} chips: move 1 to {have}, not {amount}")
    return amount


def to_house(state: TableState, reason: str, *, pot: str = "pot", amount: int | None = None,
             held: int | None = None) -> ev.Event:
    """The house takes `amount` (default: all) of `pot`; `held`: what the pot holds at this
    point of a payout worked out ahead (default: its balance)."""
    return make_event(ev.Transfer, from_account=pot, to_account="house", amount=_amount(state, pot, amount, held),
                      reason=reason[:REASON_MAX])


def set_aside(state: TableState, name: str, *, pot: str = "pot", amount: int | None = None,
              held: int | None = None, reason: str | None = None) -> ev.Event:
    """`amount` (default: all) of `pot` set aside in ``pot:NAME``, which keeps it between
    hands: a `PotCarried` to that account (`evolve` marks it persistent), or, with a `reason`,
    a `Transfer` (the game marks the account persistent itself). `held` as in `to_house`."""
    dest = name if name.startswith("pot:") else "pot:" + name
    if dest == pot:
        raise RuleViolation(f"{pot} cannot be set aside into itself")
    chips = _amount(state, pot, amount, held)
    if reason is not None:
        return make_event(ev.Transfer, from_account=pot, to_account=dest, amount=chips, reason=reason[:REASON_MAX])
    return make_event(ev.PotCarried, pot=pot, amount=chips, to_account=dest)


def share(state: TableState, players: Sequence[str], reason: str, *, pot: str) -> list[ev.Event]:
    """Everything in `pot` shared evenly among `players` (odd chips to the first), one
    `Transfer` each: what was set aside, paid out when the game says."""
    return [make_event(ev.Transfer, from_account=pot, to_account="seat:" + p, amount=a, reason=reason[:REASON_MAX])
            for p, a in split(state.balance(pot), players, players)]


def check_paid(event: ev.Event, want: Sequence[ev.Event]) -> None:
    """`event` (a recorded payout) must be the first of `want`, what the rules pay from here."""
    from ..describe import describe as say

    if not want or want[0] != event.model_copy(update={"ruling": None}):
        raise RuleViolation(f"the showdown records '{say(want[0])}' here" if want else "the hand is settled already")


def check_end(state: TableState, event: ev.HandEnded) -> None:
    """A recorded end of the hand in progress: refused while chips are in the pot."""
    hand = require_hand(state)
    if state.balance("pot") or event.hand != hand.number:
        raise RuleViolation(f"hand {hand.number} cannot end with {state.balance('pot')} chips in the pot")


def check_payout(event: ev.Event, due: Sequence[ev.Event], paid: int, *,
                 earlier: Callable[[], Sequence[ev.Event]] | None = None) -> None:
    """`event`, recorded at the showdown, must be the next payout of `due` (`paid` are
    recorded), or, once they all are, the end of the hand. `earlier`: the same payouts as an
    earlier potlog worded them, which a recorded award may match instead (asked only then)."""
    if paid < len(due):
        recorded = event.model_copy(update={"ruling": None})
        if earlier is not None and isinstance(event, ev.PotAwarded) and recorded != due[paid]:
            old = earlier()
            if paid < len(old) and old[paid] == recorded:
                return None
        return require_same(due[paid], recorded)
    if not isinstance(event, ev.HandEnded):
        raise RuleViolation("the pot is already paid out")


def require_settles(state: TableState, due: Sequence[ev.Event], *, pot: str = "pot") -> None:
    """Refuse `due` unless it pays out exactly what `pot` holds."""
    owed = sum(paid_out(e) for e in due)
    if owed != state.balance(pot):
        raise RuleViolation(f"the {pot} holds {state.balance(pot)} chips but the bets add up to {owed}: "
                            "settle this hand with --override")


def paid_out(event: ev.Event) -> int:
    """The chips `event` takes out of a pot: an award, a carry-over, a transfer from a pot."""
    match event:
        case ev.PotAwarded():
            return sum(s.amount for s in event.shares)
        case ev.PotCarried():
            return event.amount
        case ev.Transfer() if event.from_account == "pot" or event.from_account.startswith("pot:"):
            return event.amount
        case _:
            return 0


class Tally(Protocol):
    """A game's settlement book (its flat ext qualifies as it is)."""

    paid: int
    settled: int


def tally(book: Tally, event: ev.Event) -> bool:
    """Count a recorded award or carry-over in `book`'s ``paid`` (chips) and ``settled``
    (events); True when `event` was one."""
    t = type(event)
    if t is not ev.PotAwarded and t is not ev.PotCarried:
        return False
    book.paid += paid_out(event)
    book.settled += 1
    return True


def evolve(state: TableState, event: ev.Event) -> None:
    """The pots' part of applying an event: a pot something was set aside into persists."""
    match event:
        case ev.PotCarried(to_account=dest) if dest.startswith("pot:") and dest not in state.persistent:
            state.persistent.append(dest)
        case _:
            pass


def pay(state: TableState, cmd: Pay, *, from_pot: str, to_carry: str | None = None,
        carry_in_hand: str | None = None, players_only: str | None = None) -> list[ev.Event]:
    """``potlog pay`` where only the rules empty the pots (see the module docstring); a seat
    named like an account is a player, never the account."""
    for account in (cmd.source, cmd.to):
        if players_only is not None and account is not None and state.seat(account) is None:
            raise RuleViolation(players_only.format(account=account))
    source, to = cmd.source or "", cmd.to or ""
    if state.seat(source) is None and (source == "pot" or source.startswith("pot:")):
        raise RuleViolation(from_pot)
    if to_carry is not None and state.seat(to) is None and to == "carry":
        raise RuleViolation(to_carry)
    if carry_in_hand is not None and state.seat(source) is None and source == "carry" and state.in_hand:
        raise RuleViolation(carry_in_hand)
    return verbs.pay(state, cmd)


def ante(state: TableState, player: str, ante: int, *, anted: Sequence[str], named: int | None = None,
         ) -> list[ev.Event]:
    """`player`'s ante of `ante`, once a hand (`anted`: who has anted); a short stack antes
    all it has. `named`: the amount the command names, refused unless it is that."""
    if player in anted:
        raise RuleViolation(f"{player} has already anted this hand")
    stack = state.stack(player)
    owed = min(ante, stack)
    if named is not None and named != owed:
        if owed < ante:
            have = f"{stack} chip" if stack == 1 else f"{stack} chips"
            raise RuleViolation(f"{player} has only {have}: {player} antes {stack} and is all-in")
        raise RuleViolation(f"the ante at this table is {ante}, not {named}: potlog ante {player} {ante}")
    return [make_event(ev.Ante, player=player, amount=owed)]


def antes_due(state: TableState, players: Sequence[str], ante: int, anted: Sequence[str]) -> list[Legal]:
    """`legal`'s items for the antes still due (see the module docstring)."""
    return [Legal(p, ("ante",), f"ante {min(ante, state.stack(p))}") for p in players if p not in anted]


def post_antes(state: TableState, order: Sequence[str], anted: Sequence[str], ante: int) -> list[ev.Event]:
    """As a game played for a kitty starts: the antes still due from `order` (each player's
    `ante`, or what they have when short)."""
    hand = state.hand
    if hand is None or hand.ended:
        return []
    return [make_event(ev.Ante, player=p, amount=min(ante, state.stack(p)))
            for p in order if p not in anted and state.stack(p) > 0]


def side_pots_text(state: TableState) -> str:
    """The hand's pots (`ledger.chips.side_pots` over the bets), as the table sees them."""
    layered = side_pots([(s.name, s.hand_bet, not s.folded) for s in state.seats if s.in_hand])
    return "; ".join(f"{p.amount} for {', '.join(p.eligible)}" for p in layered)


# ----------------------------------------------------------------------------- pots paid one at a time

UNCALLED_LAYER = "uncalled bet"


def layer_key(name: str) -> str:
    """How ``potlog award --pot`` names the layer called `name`: main, side-1 ..., uncalled."""
    if name.startswith("side pot "):
        return "side-" + name.removeprefix("side pot ")
    return "uncalled" if name == UNCALLED_LAYER else "main"


def hand_layers(state: TableState, order: Sequence[str] | None = None, *, pot: str = "pot",
                total: int | None = None) -> list[Layer]:
    """`layers` (`total`: what `pot` held before anything was paid out of it), and the
    uncalled bet on top as a layer only its bettor is in; [] when the pot holds less than
    the bets (chips left it some way this hand does not account for)."""
    names, seats = _order(state, order), _seats(state)
    rows = _bets(names, seats)
    back = _uncalled(rows)
    try:
        out = _layers(state, names, seats, rows, back, pot=pot, total=total, single="the pot")
    except RuleViolation:
        return []
    if back is not None:
        out.append(Layer(UNCALLED_LAYER, back[1], (back[0],)))
    return out


def unpaid(state: TableState, paid: Mapping[str, int], order: Sequence[str] | None = None, *,
           pot: str = "pot", held: int | None = None) -> list[Layer]:
    """What is left of each of the hand's pots once `paid` (chips by `layer_key`) came out of
    them; `held`: what `pot` holds now (default its balance). The layers always add up to
    `held`: chips paid from a layer that is no longer there, or beyond what one holds, come
    off the top. When the bets cannot be read as layers, one open pot of what is held."""
    have = state.balance(pot) if held is None else held
    full = hand_layers(state, order, pot=pot, total=have + sum(paid.values()))
    if not full:
        return [Layer("the pot", have, ())] if have > 0 else []
    if not paid:  # (every layer holds chips: nothing to take off)
        return full
    keys = {layer_key(x.name) for x in full}
    over = sum(c for k, c in paid.items() if k not in keys)
    left = []
    for x in full:
        rest = x.amount - paid.get(layer_key(x.name), 0)
        over += max(0, -rest)
        left.append(Layer(x.name, max(0, rest), x.eligible))
    for i in reversed(range(len(left))):
        take = min(over, left[i].amount)
        if take:
            left[i] = Layer(left[i].name, left[i].amount - take, left[i].eligible)
            over -= take
    return left


def one_layer(state: TableState, held: int) -> bool:
    """`unpaid` with nothing paid (``unpaid(state, {}, held=held)``, in any order) is at most
    one layer ("the pot", all of `held`): no uncalled bet and every live bettor's hand bet the
    same, or the pot holding less than the bets. One pass over the seats and nothing built (a
    freeform award asks at every payout); False, so the caller reads the layers, for a table
    it cannot judge at a glance (a name seated twice, a bet below zero)."""
    names: set[str] = set()
    top = second = total = level = 0  # the highest bet and the next, their sum, the one live level so far
    top_live = levels = False  # levels: more than one live level
    for seat in state.seats:
        name, chips = seat.name, seat.hand_bet
        if name in names or chips < 0:
            return False
        names.add(name)
        if not chips:
            continue
        total += chips
        live = seat.in_hand and not seat.folded
        if chips > top:
            second, top, top_live = top, chips, live
        elif chips > second:
            second = chips
        if live:
            levels = levels or (level != 0 and chips != level)
            level = chips
    return total > held or not (levels or (top_live and top > second))


def named_in(reason: str, left: Sequence[Layer]) -> str | None:
    """The key of the layer `reason` starts by naming ("side pot 1: Ann wins ..."; the
    uncalled bet's own reason), or None."""
    for x in left:
        if reason == x.name or reason.startswith(x.name + ":") or (x.name == UNCALLED_LAYER and reason == UNCALLED):
            return layer_key(x.name)
    return None


def _in(layer: Layer, player: str) -> bool:
    return not layer.eligible or player in layer.eligible


def _about(layer: Layer) -> str:
    who = ", ".join(layer.eligible) if layer.eligible else "anyone"
    return f"{layer.name} ({who}: {layer.amount})"


def wanting(left: Sequence[Layer]) -> str:
    """The pots with chips left, each wanting a winner, and how to award it; "" when none."""
    return "; ".join(f"{_about(x)} wants a winner: award PLAYER --pot {layer_key(x.name)}" for x in left if x.amount)


def claim(left: Sequence[Layer], shares: Sequence[tuple[str, int]], *, layer: str | None = None,
          strict: bool = True) -> dict[str, int]:
    """Which layers of `left` pay `shares`: chips by `layer_key` (see the module docstring)."""
    keyed = [(layer_key(x.name), x) for x in left]
    room = {k: x.amount for k, x in keyed}
    by_key = {k: x for k, x in keyed}
    got: dict[str, int] = {}

    def take(key: str, chips: int) -> int:
        n = min(chips, room[key])
        if n:
            room[key] -= n
            got[key] = got.get(key, 0) + n
        return chips - n

    if layer is not None and layer in by_key:
        pot = by_key[layer]
        outside = [p for p, _ in shares if not _in(pot, p)]
        asked = sum(a for _, a in shares)
        if strict and outside:
            raise RuleViolation(f"{' and '.join(outside)} {'is' if len(outside) == 1 else 'are'} not in {pot.name}, "
                                f"which is for {', '.join(pot.eligible)}")
        if strict and asked > pot.amount:
            raise RuleViolation(f"{pot.name} holds {pot.amount} chips; the shares add up to {asked}")
        rest = [(p, take(layer, a)) for p, a in shares]
        shares = [(p, a) for p, a in rest if a]
    mine = {p: [k for k, x in keyed if _in(x, p)] for p, _ in shares}
    ordered = sorted(shares, key=lambda s: sum(1 for k in mine[s[0]] if room[k])) if len(shares) > 1 \
        else shares  # the fewest pots first
    for p, chips in ordered:
        keys = [k for k in mine[p] if room[k]]
        can = sum(room[k] for k in keys)
        if strict and chips > can:
            raise RuleViolation(_too_much(left, room, p, chips, can))
        if strict and chips < can and len(keys) > 1:
            names = " and ".join(by_key[k].name for k in keys)
            raise RuleViolation(f"{p} is in {names}: say which {p} takes, "
                                f"{' or '.join('--pot ' + k for k in keys)} (or all {can}: award {p})")
        for k in keys:
            chips = take(k, chips)
        if chips:
            for k in reversed(list(room)):  # beyond the player's own pots (a ruling): from the top down
                chips = take(k, chips)
    return got


def _too_much(left: Sequence[Layer], room: Mapping[str, int], player: str, chips: int, can: int) -> str:
    own = [x.name for x in left if _in(x, player) and room[layer_key(x.name)]]
    rest = wanting([Layer(x.name, room[layer_key(x.name)], x.eligible) for x in left if not _in(x, player)])
    where = f"{player} is in {' and '.join(own)} ({can} chips), not {chips}" if own else \
        f"{player} is in no pot with chips left"
    return where + (f"; {rest}" if rest else "")
