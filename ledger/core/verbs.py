"""The base verbs: table mechanics every ruleset shares: seating, chips through the cage,
dealing, betting, awarding, voiding, closing. `freeform` is exactly this; a game module calls
these for the verbs it does not change and adds its own checks before them (`decide_generic`
dispatches a command to them by its class, `VERBS`).

Each verb checks that the command is well formed and keeps the chips whole (no bet larger
than a stack, no award larger than the pot, no card in two places) and returns events, built
with `make_event`. Refusals are `RuleViolation` (or `InputError` for input that is not well
formed), with a message a person at the table understands.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from .. import events as ev
from ..cards import UNKNOWN, parse_cards
from ..dice import check_sides, parse_faces
from ..errors import InputError, RuleViolation
from ..state import Held, TableState
from . import registry, zones
from .commands import (
    AllIn, Ante, Award, Bet, Call, Carry, Check, Close, Command,
    Count, Deal, Declare, End, Exchange, Fold, Join, Leave, Move,
    NewHand, Note, Open, Pay, Play, Raise, Rebuy, Reshuffle, Reveal,
    RollDice, Round, Score, Showdown, Switch, Void,
)
from .options import validate_options
from .table import (RESERVED_NAMES, check_unseen, pack_of, require_hand, require_live, require_open,
                    require_seated, seat_after, to_call, where_is, account_of)


def make_event(model: type[ev.Event], **fields: Any) -> ev.Event:
    """Build an event, turning a validation failure into one clear line."""
    try:
        return model(**fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        raise InputError(f"{where}: {msg}") from None


def _amount(amount: int | None, what: str) -> int:
    if amount is None:
        raise InputError(f"say how many chips to {what}")
    if amount <= 0:
        raise InputError(f"{what}: the amount must be a whole number of chips above 0, not {amount}")
    if amount > ev.MAX_CHIPS:
        raise InputError(f"{what}: {amount} chips is more than potlog counts (at most {ev.MAX_CHIPS})")
    return amount


def _afford(state: TableState, player: str, amount: int, what: str) -> None:
    stack = state.stack(player)
    if amount > stack:
        raise RuleViolation(
            f"{player} has only {stack} chips and cannot {what} {amount}: "
            f"at most {stack}, or go all-in"
        )


def open_session(cmd: Open, options_model: type[BaseModel], game: str) -> list[ev.Event]:
    opts = validate_options(options_model, dict(cmd.options), game)
    return [make_event(ev.SessionOpened, game=game, options=opts, chip_unit=cmd.chip_unit or "chip",
                       title=cmd.title)]


def switch_game(state: TableState, cmd: Switch) -> list[ev.Event]:
    """``potlog switch GAME``: between hands the table moves on to another game in the same
    session (a night of several games). Seats and stacks stay, and so does a kitty standing in
    ``carry``; a game's own boards (``pot:NAME``) must be empty first, since the new game
    would never pay them out."""
    require_open(state)
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: finish it before the table switches game")  # type: ignore[union-attr]
    if not cmd.name:
        raise InputError("say which game: potlog switch GAME ('potlog games' lists them)")
    rules = registry.ruleset(cmd.name)
    held = [(a, n) for a, n in sorted(state.balances.items()) if a.startswith("pot") and n]
    if held:
        where = ", ".join(f"{a} holds {n}" for a, n in held)
        raise RuleViolation(f"{where}: pay or share it out before the table switches game "
                            "(only a kitty standing in carry rides into the next game)")
    seated = sum(1 for s in state.seats if s.active)
    opts = validate_options(rules.options, dict(cmd.options), rules.name)
    rules.check_seats(seated, opts, game_least=True)
    if rules.name == state.game and opts == state.options:
        raise RuleViolation(f"the table is already playing {rules.title} with these options")
    return [make_event(ev.GameSwitched, game=rules.name, options=opts)]


def join(state: TableState, cmd: Join) -> list[ev.Event]:
    require_open(state)
    if not cmd.player:
        raise InputError("say who joins")
    if cmd.player.lower() in RESERVED_NAMES:
        raise InputError(f"{cmd.player!r} is a word potlog keeps for the table: pick another name")
    seat = state.seat(cmd.player)
    if seat is not None and seat.active:
        raise RuleViolation(f"{cmd.player} is already at the table: use rebuy for more chips")
    if state.game:  # the game's most players (a join beyond it would leave every hand refused)
        registry.ruleset(state.game).check_seats(len(state.active_seats) + 1, state.options, joining=True)
    amount = cmd.amount if cmd.amount is not None else 0
    if amount < 0:
        raise InputError(f"a buy-in is 0 or more chips, not {amount}")
    return [make_event(ev.PlayerJoined, player=cmd.player, buyin=amount, position=cmd.position)]


def rebuy(state: TableState, cmd: Rebuy) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player)
    return [make_event(ev.Rebuy, player=player, amount=_amount(cmd.amount, "rebuy"))]


def leave(state: TableState, cmd: Leave) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player)
    seat = state.seat(player)
    assert seat is not None
    hand = state.hand
    if hand is not None and not hand.ended and seat.in_hand and not seat.folded and len(state.live_players()) > 1:
        raise RuleViolation(f"{player} is still in hand {hand.number}: fold first or wait for the hand to end")
    return [make_event(ev.PlayerLeft, player=player, cashout=state.stack(player), reason=cmd.reason)]


def start_hand(state: TableState, cmd: NewHand, *, min_players: int = 1) -> list[ev.Event]:
    require_open(state)
    if state.hand is not None and not state.hand.ended:
        raise RuleViolation(f"hand {state.hand.number} is still going: end it first")
    active = state.active_seats
    if len(active) < min_players:
        raise RuleViolation(f"a hand needs at least {min_players} players at the table, not {len(active)}")
    last_dealer = state.hand.dealer if state.hand is not None and state.hand.number else None
    dealer = cmd.dealer or (seat_after(state, last_dealer) if last_dealer else active[0].name)
    dealer = require_seated(state, dealer)
    first = cmd.first
    if first is not None:
        require_seated(state, first)
    number = (state.hand.number if state.hand is not None else 0) + 1
    return [make_event(ev.HandStarted, hand=number, dealer=dealer, first=first,
                       carry_in=state.balance("carry"))]


def new_round(state: TableState, cmd: Round) -> list[ev.Event]:
    require_open(state)
    hand = require_hand(state)
    return [make_event(ev.RoundStarted, round=hand.round + 1, name=cmd.name or "")]


def deal(state: TableState, cmd: Deal) -> list[ev.Event]:
    require_open(state)
    require_hand(state)
    if not cmd.to:
        raise InputError("say who the cards go to: a player or a board (board, stock, trump ...)")
    if state.seat(cmd.to) is not None:
        require_live(state, cmd.to)
    elif cmd.to.lower() not in RESERVED_NAMES and not zones.is_zone(cmd.to):
        raise RuleViolation(
            f"{cmd.to} is not at the table: deal to a seated player, a board (board, stock, trump, kitty, "
            "table) or a zone (stack:NAME, pile:N, talon, skat, dog, discards)"
        )
    cards = parse_cards(cmd.cards, pack_of(state)) if cmd.cards else []
    if cmd.count:
        if cmd.count < 0 or cmd.count > 200:
            raise InputError(f"deal 1 to 200 unseen cards, not {cmd.count}")
        cards += [UNKNOWN] * cmd.count
    if not cards:
        raise InputError("name the cards dealt (like AS 10H), or give --count for face-down unseen cards")
    check_unseen(state, cards)
    return [make_event(ev.CardsDealt, to=cmd.to, cards=cards, face_up=cmd.face_up)]


def _holder_cards(state: TableState, name: str) -> list[Held]:
    seat = state.seat(name)
    if seat is not None:
        return seat.cards
    if state.hand is not None and name in state.hand.boards:
        return state.hand.boards[name]
    raise RuleViolation(f"{name} holds no cards this hand")


def _check_holding(state: TableState, holder: str, cards: list[str], verb: str) -> None:
    """Every card must be among `holder`'s known cards, or stand for one of their ``??``."""
    held = [h.card for h in _holder_cards(state, holder)]
    unknown = held.count(UNKNOWN)
    for c in cards:
        if c in held:
            held.remove(c)
        elif c == UNKNOWN or unknown > 0:
            if unknown == 0:
                raise RuleViolation(f"{holder} has no unseen card left to {verb}")
            unknown -= 1
            if c != UNKNOWN:
                where = where_is(state, c)
                if where is not None:
                    raise RuleViolation(f"{c} is already in {where}: {holder} cannot {verb} it")
        else:
            shown = " ".join(h.card for h in _holder_cards(state, holder)) or "no cards"
            raise RuleViolation(f"{holder} does not hold {c} (holds {shown})")


def reveal(state: TableState, cmd: Reveal) -> list[ev.Event]:
    require_open(state)
    holder = cmd.player
    if not holder:
        raise InputError("say whose cards are revealed")
    cards = parse_cards(cmd.cards, pack_of(state), allow_unknown=False)
    if not cards:
        raise InputError("name the cards revealed, like AS 10H")
    check_unseen(state, cards, allow_at=f"{holder}'s hand" if state.seat(holder) else f"the {holder}")
    _check_holding(state, holder, cards, "reveal")
    return [make_event(ev.CardsRevealed, holder=holder, cards=cards)]


def exchange(state: TableState, cmd: Exchange, *, cost: int | None = None) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    pack = pack_of(state)
    discard = parse_cards(cmd.discard, pack) if cmd.discard else []
    draw = parse_cards(cmd.cards, pack) if cmd.cards else []
    if cmd.count:
        draw += [UNKNOWN] * cmd.count
    if not discard and not draw:
        raise InputError("name the cards discarded (--discard) and drawn")
    _check_holding(state, player, discard, "discard")
    check_unseen(state, draw)
    price = cmd.amount if cost is None else cost
    price = price or 0
    if price < 0:
        raise InputError(f"a card's cost is 0 or more chips, not {price}")
    if price:
        _afford(state, player, price, "pay")
    return [make_event(ev.CardsExchanged, player=player, discard=discard, draw=draw, cost=price,
                       face_up=cmd.face_up)]


def play(state: TableState, cmd: Play) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    cards = parse_cards(cmd.cards, pack_of(state), allow_unknown=False)
    if len(cards) != 1:
        raise InputError("play one card at a time, like: potlog play Ann QH")
    _check_holding(state, player, cards, "play")
    return [make_event(ev.CardPlayed, player=player, card=cards[0])]


def roll(state: TableState, cmd: RollDice, *, sides: int | None = None) -> list[ev.Event]:
    require_open(state)
    n = sides or cmd.sides or int(state.options.get("dice_sides", 6))
    check_sides(n)
    player = require_seated(state, cmd.player) if cmd.player else None
    faces = parse_faces(cmd.faces, n)
    return [make_event(ev.DiceRolled, player=player, faces=faces, sides=n)]


def declare(state: TableState, cmd: Declare) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player) if cmd.player else None
    if not cmd.name:
        raise InputError("say what is declared, like: potlog declare Ann limit 5")
    if not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", cmd.name):
        raise InputError(f"{cmd.name[:40]!r} is not a declaration name: use lower-case letters, digits, '-' or '_', like dice or limit")
    value = cmd.value
    if isinstance(value, str) and value.lstrip("-").isdigit() and len(value) < 15:
        value = int(value)
    return [make_event(ev.Declared, player=player, name=cmd.name, value=value)]


def ante(state: TableState, cmd: Ante) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    amount = _amount(cmd.amount, "ante")
    _afford(state, player, amount, "ante")
    return [make_event(ev.Ante, player=player, amount=amount)]


def bet(state: TableState, cmd: Bet) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    amount = _amount(cmd.amount, "bet")
    owed = to_call(state, player)
    if owed:
        raise RuleViolation(f"{player} faces a bet of {owed}: call, raise or fold")
    _afford(state, player, amount, "bet")
    return [make_event(ev.Bet, player=player, amount=amount)]


def call(state: TableState, cmd: Call) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    owed = to_call(state, player)
    if owed == 0:
        raise RuleViolation(f"{player} has nothing to call: check or bet")
    stack = state.stack(player)
    if stack == 0:
        raise RuleViolation(f"{player} is all-in already")
    if owed > stack:
        raise RuleViolation(f"{player} has {stack} chips and {owed} to call: go all-in for {stack} or fold")
    if cmd.amount is not None and cmd.amount != owed:
        raise RuleViolation(f"{player} calls {owed}, not {cmd.amount}: that is what matches the bet")
    return [make_event(ev.Call, player=player, amount=owed)]


def raise_(state: TableState, cmd: Raise) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    by = _amount(cmd.amount, "raise by")
    owed = to_call(state, player)
    total = owed + by
    _afford(state, player, total, f"put in ({owed} to call + {by} raise)")
    return [make_event(ev.Raise, player=player, amount=total, by=by)]


def all_in(state: TableState, cmd: AllIn) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    stack = state.stack(player)
    if stack == 0:
        raise RuleViolation(f"{player} has no chips left to put in")
    return [make_event(ev.AllIn, player=player, amount=stack)]


def check(state: TableState, cmd: Check) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    owed = to_call(state, player)
    if owed:
        raise RuleViolation(f"{player} cannot check: {owed} to call (call, raise or fold)")
    return [make_event(ev.Check, player=player)]


def fold(state: TableState, cmd: Fold) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    return [make_event(ev.Fold, player=player)]


def pay(state: TableState, cmd: Pay) -> list[ev.Event]:
    require_open(state)
    if not cmd.source or not cmd.to:
        raise InputError("say who pays whom: potlog pay FROM TO AMOUNT (a player, pot, pot:NAME, carry, house)")
    source, dest = account_of(cmd.source, state), account_of(cmd.to, state)
    if source == dest:
        raise InputError("a payment goes from one account to another, not to itself")
    amount = _amount(cmd.amount, "pay")
    have = state.balance(source)
    if amount > have:
        raise RuleViolation(f"{cmd.source} has only {have} chips and cannot pay {amount}")
    return [make_event(ev.Transfer, from_account=source, to_account=dest, amount=amount, reason=cmd.reason)]


def award(state: TableState, cmd: Award) -> list[ev.Event]:
    require_open(state)
    pot = cmd.source or "pot"
    if not (pot == "pot" or pot.startswith("pot:")):
        raise InputError(f"award pays out of a pot (pot or pot:NAME), not {pot!r}")
    have = state.balance(pot)
    shares: list[tuple[str, int]] = list(cmd.shares)
    if cmd.player and not shares:
        shares = [(cmd.player, cmd.amount if cmd.amount is not None else have)]
    if not shares:
        raise InputError("say who wins: potlog award Ann, or --share Ann=10 --share Ben=5")
    for player, amount in shares:
        require_seated(state, player)
        if amount <= 0:
            raise InputError(f"{player}'s share must be above 0 chips, not {amount}")
    total = sum(a for _, a in shares)
    if total > have:
        raise RuleViolation(f"{pot} holds {have} chips; the shares add up to {total}")
    return [make_event(ev.PotAwarded, pot=pot, shares=[ev.Share(player=p, amount=a) for p, a in shares],
                       reason=cmd.reason)]


def carry(state: TableState, cmd: Carry) -> list[ev.Event]:
    require_open(state)
    pot = cmd.source or "pot"
    have = state.balance(pot)
    amount = cmd.amount if cmd.amount is not None else have
    if have == 0:
        raise RuleViolation(f"{pot} is empty: nothing to carry over")
    if amount <= 0 or amount > have:
        raise RuleViolation(f"{pot} holds {have} chips: carry 1 to {have}, not {amount}")
    return [make_event(ev.PotCarried, pot=pot, amount=amount)]


def end_hand(state: TableState, cmd: End) -> list[ev.Event]:
    require_open(state)
    hand = require_hand(state)
    for account in state.pot_accounts():
        chips = state.balance(account)
        if chips and account not in state.persistent:
            raise RuleViolation(
                f"{account} still holds {chips} chips: award it (potlog award) or carry it over "
                "(potlog carry) before ending the hand"
            )
    return [make_event(ev.HandEnded, hand=hand.number)]


def count(state: TableState, cmd: Count) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player)
    if cmd.amount is None or cmd.amount < 0:
        raise InputError("say how many chips were counted: 0 or more")
    return [make_event(ev.ChipCount, player=player, counted=cmd.amount)]


def note(state: TableState, cmd: Note) -> list[ev.Event]:
    if not cmd.text.strip():
        raise InputError("a note needs some text")
    require_open(state)
    return [make_event(ev.Note, text=cmd.text)]


def void(state: TableState, cmd: Void) -> list[ev.Event]:
    """The void itself; the application layer re-folds without the target to check it."""
    require_open(state)
    target = cmd.target
    if target is None or target < 1:
        raise InputError("say which seq to void (see potlog log)")
    if target == 1:
        raise RuleViolation("seq 1 opens the session and cannot be voided: start a new session instead")
    if target > state.seq:
        raise RuleViolation(f"there is no seq {target} yet (the last is {state.seq})")
    if target in state.voided:
        raise RuleViolation(f"seq {target} is already void")
    if not cmd.reason.strip():
        raise InputError("a void needs a reason (--reason), for the audit")
    return [make_event(ev.Void, target=target, reason=cmd.reason)]


def score(state: TableState, cmd: Score) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player)
    if cmd.amount is None:
        raise InputError("say how many points")
    return [make_event(ev.Scored, player=player, points=cmd.amount, reason=cmd.reason)]


def reshuffle(state: TableState, cmd: Reshuffle) -> list[ev.Event]:
    require_open(state)
    hand = require_hand(state)
    return [make_event(ev.DeckReshuffled, cards=len(hand.out))]


def close(state: TableState, cmd: Close) -> list[ev.Event]:
    """Close the session: everyone still seated cashes out their stack, then it closes."""
    require_open(state)
    if state.hand is not None and not state.hand.ended:
        raise RuleViolation(f"hand {state.hand.number} is still going: end it before closing")
    if state.balance("carry"):
        raise RuleViolation(
            f"{state.balance('carry')} chips ride in carry: pay them out (potlog pay carry PLAYER N) before closing"
        )
    out: list[ev.Event] = [
        make_event(ev.PlayerLeft, player=s.name, cashout=state.stack(s.name), reason="session closed")
        for s in state.active_seats
    ]
    return out + [make_event(ev.SessionClosed)]


def move(state: TableState, cmd: Move) -> list[ev.Event]:
    """``potlog move FROM TO [CARDS]``: the top cards of one zone onto (``--bottom``: under) another
    (`ledger.zones`); ``position`` 0 is the bottom, ``value`` the face (True up, False down, None as they lie)."""
    require_open(state)
    require_hand(state)
    if not cmd.source or not cmd.to:
        raise InputError("say where the cards come from and where they go: potlog move stack:Ann battle:Ann 7H")
    return [zones.move(state, cmd.source, cmd.to, list(cmd.cards) or None, count=cmd.count, bottom=cmd.position == 0,
                       face_up=cmd.value if isinstance(cmd.value, bool) else None)]


Handler = Callable[[TableState, Any], list[ev.Event]]
"""``(state, cmd) -> events``, in a table keyed by the class of `cmd` (what the handler takes)."""

VERBS: dict[type[Command], Handler] = {
    Join: join, Rebuy: rebuy, Leave: leave, NewHand: start_hand, Round: new_round,
    Deal: deal, Reveal: reveal, Exchange: exchange, Play: play, RollDice: roll,
    Declare: declare, Ante: ante, Bet: bet, Call: call, Raise: raise_, AllIn: all_in,
    Check: check, Fold: fold, Pay: pay, Award: award, Carry: carry, End: end_hand,
    Count: count, Note: note, Void: void, Score: score, Reshuffle: reshuffle,
    Close: close, Move: move,
}


def decide_generic(state: TableState, cmd: Command, game: str) -> list[ev.Event]:
    """Dispatch a command to the shared mechanics by its class, or refuse it naming what this game knows."""
    handler = VERBS.get(type(cmd))
    if handler is None:
        raise RuleViolation(
            f"{game} has no rule for '{cmd.verb}'"
            + (": record the result with award/pay instead" if isinstance(cmd, Showdown) else "")
        )
    return handler(state, cmd)
