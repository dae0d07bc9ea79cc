"""Table mechanics every ruleset shares: seating, chips through the cage, dealing, betting,
awarding, voiding, closing. `freeform` is exactly this; a game module calls these helpers
for the verbs it does not change and adds its own checks before them.

Each helper checks that the command is well formed and keeps the chips whole (no bet larger
than a stack, no award larger than the pot, no card in two places) and returns events.
Refusals are `RuleViolation` (or `InputError` for input that is not well formed), with a
message a person at the table understands.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from .. import events as ev
from .. import zones
from ..cards import UNKNOWN, parse_cards
from ..commands import Command
from ..dice import check_sides, parse_faces
from ..errors import InputError, PotlogError, RuleViolation
from ..state import Hand, Held, TableState
from .ruleset import Legal, options_of, validate_options  # noqa: F401 (the game modules use them from here)

RESERVED_NAMES = {
    "bank", "pot", "carry", "house", "board", "stock", "trump", "discard", "table", "kitty",
    "trick", "all", "everyone",
}


# ----------------------------------------------------------------------------- events

def make_event(model: type[ev.Event], **fields: Any) -> ev.Event:
    """Build an event, turning a validation failure into one clear line."""
    try:
        return model(**fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        raise InputError(f"{where}: {msg}") from None


# ----------------------------------------------------------------------------- lookups

def require_open(state: TableState) -> None:
    if not state.game:
        raise InputError("this session has not been opened")
    if state.closed:
        raise RuleViolation(f"session {state.session} is closed: nothing more can be recorded")


def require_seated(state: TableState, player: str | None) -> str:
    if not player:
        raise InputError("say which player")
    seat = state.seat(player)
    if seat is None or not seat.active:
        seated = ", ".join(s.name for s in state.active_seats) or "nobody yet"
        raise RuleViolation(f"{player} is not at the table (seated: {seated})")
    return player


def require_hand(state: TableState) -> Hand:
    """The hand in progress (refused between hands)."""
    hand = state.hand
    if hand is None or hand.ended:  # not state.in_hand, said so the type checker sees the hand
        raise RuleViolation("no hand is in progress: start one with 'potlog hand'")
    return hand


def require_live(state: TableState, player: str | None) -> str:
    """A player seated, dealt into the current hand and not folded."""
    require_hand(state)
    name = require_seated(state, player)
    seat = state.seat(name)
    assert seat is not None
    if not seat.in_hand:
        raise RuleViolation(f"{name} is not in this hand")
    if seat.folded:
        raise RuleViolation(f"{name} has already folded this hand")
    return name


def seat_after(state: TableState, name: str | None, *, skip: Callable[[Any], bool] | None = None) -> str | None:
    """The next active seat clockwise after `name` (the first seat when `name` is None)."""
    seats = state.active_seats
    if not seats:
        return None
    names = [s.name for s in state.seats]
    start = names.index(name) if name in names else -1
    n = len(state.seats)
    for i in range(1, n + 1):
        seat = state.seats[(start + i) % n]
        if seat.active and (skip is None or not skip(seat)):
            return seat.name
    return None


def pack_of(state: TableState) -> str:
    return str(state.options.get("pack", "french52"))


def where_is(state: TableState, card: str) -> str | None:
    """Where a known card is this hand (``Ann's hand``, ``the board``), or None."""
    return None if card == UNKNOWN else _placed(state).get(card)


def check_unseen(state: TableState, cards: list[str], *, allow_at: str | None = None) -> None:
    """Refuse a known card that is already somewhere else this hand, or named twice."""
    seen: set[str] = set()
    placed: dict[str, str] | None = None  # every known card of the hand -> where it is (`where_is`), found once
    for c in cards:
        if c == UNKNOWN:
            continue
        if c in seen:
            raise RuleViolation(f"{c} is named twice: a pack holds one {c}")
        seen.add(c)
        if placed is None:
            placed = _placed(state)
        where = placed.get(c)
        if where is not None and where != allow_at:
            raise RuleViolation(f"{c} is already in {where}: a pack holds one {c}")


def _placed(state: TableState) -> dict[str, str]:
    """Where each known card is this hand: the first of a player's hand (in seat order), a
    board, the current trick, the discards that holds it."""
    out: dict[str, str] = {}
    for seat in state.seats:
        here = f"{seat.name}'s hand"
        for h in seat.cards:
            out.setdefault(h.card, here)
    hand = state.hand
    if hand is not None:
        for board, cards in hand.boards.items():
            where = zones.label(board)  # ``the board``, ``Ann's stack``
            for h in cards:
                out.setdefault(h.card, where)
        for p in hand.trick:
            out.setdefault(p.card, "the current trick")
        for c in hand.out:
            out.setdefault(c, "the discards")
    out.pop(UNKNOWN, None)
    return out


def to_call(state: TableState, player: str) -> int:
    seat = state.seat(player)
    assert seat is not None and state.hand is not None
    return max(0, state.hand.current_bet - seat.round_bet)


def account_of(name: str, state: TableState) -> str:
    """A player's name means their seat; otherwise an account name as written."""
    if state.seat(name) is not None:
        return "seat:" + name
    if name == "bank":
        raise InputError("chips come from the bank only by join or rebuy, and go back only by leave")
    if name in ("pot", "carry", "house") or name.startswith(("pot:", "seat:")):
        return name
    raise InputError(
        f"{name!r} is neither a player nor an account: use a player's name, pot, pot:NAME, carry or house"
    )


def _amount(cmd: Command, what: str) -> int:
    if cmd.amount is None:
        raise InputError(f"say how many chips to {what}")
    if cmd.amount <= 0:
        raise InputError(f"{what}: the amount must be a whole number of chips above 0, not {cmd.amount}")
    if cmd.amount > ev.MAX_CHIPS:
        raise InputError(f"{what}: {cmd.amount} chips is more than potlog counts (at most {ev.MAX_CHIPS})")
    return cmd.amount


def _afford(state: TableState, player: str, amount: int, what: str) -> None:
    stack = state.stack(player)
    if amount > stack:
        raise RuleViolation(
            f"{player} has only {stack} chips and cannot {what} {amount}: "
            f"at most {stack}, or go all-in"
        )


# ----------------------------------------------------------------------------- verbs

def open_session(cmd: Command, options_model: type[BaseModel], game: str) -> list[ev.Event]:
    opts = validate_options(options_model, dict(cmd.options), game)
    return [make_event(ev.SessionOpened, game=game, options=opts, chip_unit=cmd.chip_unit or "chip",
                       title=cmd.title)]


def switch_game(state: TableState, cmd: Command) -> list[ev.Event]:
    """``potlog switch GAME``: between hands the table moves on to another game in the same
    session (a night of several games). Seats and stacks stay, and so does a kitty standing in
    ``carry``; a game's own boards (``pot:NAME``) must be empty first, since the new game
    would never pay them out."""
    from . import get_ruleset

    require_open(state)
    if state.in_hand:
        raise RuleViolation(f"hand {state.hand.number} is still going: finish it before the table switches game")  # type: ignore[union-attr]
    if not cmd.name:
        raise InputError("say which game: potlog switch GAME ('potlog games' lists them)")
    rules = get_ruleset(cmd.name)
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


def join(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    if not cmd.player:
        raise InputError("say who joins")
    if cmd.player.lower() in RESERVED_NAMES:
        raise InputError(f"{cmd.player!r} is a word potlog keeps for the table: pick another name")
    seat = state.seat(cmd.player)
    if seat is not None and seat.active:
        raise RuleViolation(f"{cmd.player} is already at the table: use rebuy for more chips")
    if state.game:  # the game's most players (a join beyond it would leave every hand refused)
        from . import get_ruleset

        get_ruleset(state.game).check_seats(len(state.active_seats) + 1, state.options, joining=True)
    amount = cmd.amount if cmd.amount is not None else 0
    if amount < 0:
        raise InputError(f"a buy-in is 0 or more chips, not {amount}")
    return [make_event(ev.PlayerJoined, player=cmd.player, buyin=amount, position=cmd.position)]


def rebuy(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player)
    return [make_event(ev.Rebuy, player=player, amount=_amount(cmd, "rebuy"))]


def leave(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player)
    seat = state.seat(player)
    assert seat is not None
    hand = state.hand
    if hand is not None and not hand.ended and seat.in_hand and not seat.folded and len(state.live_players()) > 1:
        raise RuleViolation(f"{player} is still in hand {hand.number}: fold first or wait for the hand to end")
    return [make_event(ev.PlayerLeft, player=player, cashout=state.stack(player), reason=cmd.reason)]


def start_hand(state: TableState, cmd: Command, *, min_players: int = 1) -> list[ev.Event]:
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


def new_round(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    hand = require_hand(state)
    return [make_event(ev.RoundStarted, round=hand.round + 1, name=cmd.name or "")]


def deal(state: TableState, cmd: Command) -> list[ev.Event]:
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


def reveal(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    holder = cmd.player or cmd.to
    if not holder:
        raise InputError("say whose cards are revealed")
    cards = parse_cards(cmd.cards, pack_of(state), allow_unknown=False)
    if not cards:
        raise InputError("name the cards revealed, like AS 10H")
    check_unseen(state, cards, allow_at=f"{holder}'s hand" if state.seat(holder) else f"the {holder}")
    _check_holding(state, holder, cards, "reveal")
    return [make_event(ev.CardsRevealed, holder=holder, cards=cards)]


def exchange(state: TableState, cmd: Command, *, cost: int | None = None) -> list[ev.Event]:
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


def play(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    cards = parse_cards(cmd.cards, pack_of(state), allow_unknown=False)
    if len(cards) != 1:
        raise InputError("play one card at a time, like: potlog play Ann QH")
    _check_holding(state, player, cards, "play")
    return [make_event(ev.CardPlayed, player=player, card=cards[0])]


def roll(state: TableState, cmd: Command, *, sides: int | None = None) -> list[ev.Event]:
    require_open(state)
    n = sides or cmd.sides or int(state.options.get("dice_sides", 6))
    check_sides(n)
    player = require_seated(state, cmd.player) if cmd.player else None
    faces = parse_faces(list(cmd.faces), n)
    return [make_event(ev.DiceRolled, player=player, faces=faces, sides=n)]


def declare(state: TableState, cmd: Command) -> list[ev.Event]:
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


def ante(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    amount = _amount(cmd, "ante")
    _afford(state, player, amount, "ante")
    return [make_event(ev.Ante, player=player, amount=amount)]


def bet(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    amount = _amount(cmd, "bet")
    owed = to_call(state, player)
    if owed:
        raise RuleViolation(f"{player} faces a bet of {owed}: call, raise or fold")
    _afford(state, player, amount, "bet")
    return [make_event(ev.Bet, player=player, amount=amount)]


def call(state: TableState, cmd: Command) -> list[ev.Event]:
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


def raise_(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    by = _amount(cmd, "raise by")
    owed = to_call(state, player)
    total = owed + by
    _afford(state, player, total, f"put in ({owed} to call + {by} raise)")
    return [make_event(ev.Raise, player=player, amount=total, by=by)]


def all_in(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    stack = state.stack(player)
    if stack == 0:
        raise RuleViolation(f"{player} has no chips left to put in")
    return [make_event(ev.AllIn, player=player, amount=stack)]


def check(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    owed = to_call(state, player)
    if owed:
        raise RuleViolation(f"{player} cannot check: {owed} to call (call, raise or fold)")
    return [make_event(ev.Check, player=player)]


def fold(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_live(state, cmd.player)
    return [make_event(ev.Fold, player=player)]


def pay(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    if not cmd.source or not cmd.to:
        raise InputError("say who pays whom: potlog pay FROM TO AMOUNT (a player, pot, pot:NAME, carry, house)")
    source, dest = account_of(cmd.source, state), account_of(cmd.to, state)
    if source == dest:
        raise InputError("a payment goes from one account to another, not to itself")
    amount = _amount(cmd, "pay")
    have = state.balance(source)
    if amount > have:
        raise RuleViolation(f"{cmd.source} has only {have} chips and cannot pay {amount}")
    return [make_event(ev.Transfer, from_account=source, to_account=dest, amount=amount, reason=cmd.reason)]


def award(state: TableState, cmd: Command) -> list[ev.Event]:
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


def carry(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    pot = cmd.source or "pot"
    have = state.balance(pot)
    amount = cmd.amount if cmd.amount is not None else have
    if have == 0:
        raise RuleViolation(f"{pot} is empty: nothing to carry over")
    if amount <= 0 or amount > have:
        raise RuleViolation(f"{pot} holds {have} chips: carry 1 to {have}, not {amount}")
    return [make_event(ev.PotCarried, pot=pot, amount=amount)]


def end_hand(state: TableState, cmd: Command) -> list[ev.Event]:
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


def count(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player)
    if cmd.amount is None or cmd.amount < 0:
        raise InputError("say how many chips were counted: 0 or more")
    return [make_event(ev.ChipCount, player=player, counted=cmd.amount)]


def note(state: TableState, cmd: Command) -> list[ev.Event]:
    if not cmd.text.strip():
        raise InputError("a note needs some text")
    require_open(state)
    return [make_event(ev.Note, text=cmd.text)]


def void(state: TableState, cmd: Command) -> list[ev.Event]:
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


def score(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    player = require_seated(state, cmd.player)
    if cmd.amount is None:
        raise InputError("say how many points")
    return [make_event(ev.Scored, player=player, points=cmd.amount, reason=cmd.reason)]


def reshuffle(state: TableState, cmd: Command) -> list[ev.Event]:
    require_open(state)
    hand = require_hand(state)
    return [make_event(ev.DeckReshuffled, cards=len(hand.out))]


def close(state: TableState, cmd: Command) -> list[ev.Event]:
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


def move(state: TableState, cmd: Command) -> list[ev.Event]:
    """``potlog move FROM TO [CARDS]``: the top cards of one zone onto (``--bottom``: under) another
    (`ledger.zones`); ``position`` 0 is the bottom, ``value`` the face (True up, False down, None as they lie)."""
    require_open(state)
    require_hand(state)
    if not cmd.source or not cmd.to:
        raise InputError("say where the cards come from and where they go: potlog move stack:Ann battle:Ann 7H")
    return [zones.move(state, cmd.source, cmd.to, list(cmd.cards) or None, count=cmd.count, bottom=cmd.position == 0,
                       face_up=cmd.value if isinstance(cmd.value, bool) else None)]


VERBS: dict[str, Callable[[TableState, Command], list[ev.Event]]] = {
    "join": join, "rebuy": rebuy, "leave": leave, "hand": start_hand, "round": new_round,
    "deal": deal, "reveal": reveal, "exchange": exchange, "play": play, "roll": roll,
    "declare": declare, "ante": ante, "bet": bet, "call": call, "raise": raise_, "allin": all_in,
    "check": check, "fold": fold, "pay": pay, "award": award, "carry": carry, "end": end_hand,
    "count": count, "note": note, "void": void, "score": score, "reshuffle": reshuffle,
    "close": close, "move": move,
}


def decide_generic(state: TableState, cmd: Command, game: str) -> list[ev.Event]:
    """Dispatch a verb to the shared mechanics, or refuse it naming what this game knows."""
    handler = VERBS.get(cmd.verb)
    if handler is None:
        raise RuleViolation(
            f"{game} has no rule for '{cmd.verb}'"
            + (": record the result with award/pay instead" if cmd.verb == "showdown" else "")
        )
    return handler(state, cmd)



# ----------------------------------------------------------------------------- overrides

def _forced_player(state: TableState, cmd: Command) -> str:
    if not cmd.player:
        raise InputError("say which player")
    if state.seat(cmd.player) is None:
        raise RuleViolation(f"{cmd.player} has never sat at this table")
    return cmd.player


def forced(state: TableState, cmd: Command) -> list[ev.Event]:
    """What a command records when the table overrules the rules (``--override``).

    The shared mechanics first; where they refuse on a rule (a check facing a bet, a bet out
    of turn), the command's plain event is built with only its input checked. The caller's
    trial apply still refuses anything that breaks the chips.
    """
    require_open(state)
    from . import get_ruleset

    own = get_ruleset(state.game).forced
    got = own(state, cmd) if own is not None else None
    if got is not None:
        return got
    try:
        return decide_generic(state, cmd, "this table")
    except InputError:
        raise
    except RuleViolation:
        pass
    verb, pack = cmd.verb, pack_of(state)
    if verb in ("check", "fold"):
        model = ev.Check if verb == "check" else ev.Fold
        return [make_event(model, player=_forced_player(state, cmd))]
    if verb in ("bet", "ante"):
        stake = ev.Bet if verb == "bet" else ev.Ante
        return [make_event(stake, player=_forced_player(state, cmd), amount=_amount(cmd, verb))]
    if verb == "call":
        player = _forced_player(state, cmd)
        owed = cmd.amount or (to_call(state, player) if state.hand is not None else 0)
        return [make_event(ev.Call, player=player, amount=owed)]
    if verb == "raise":
        player = _forced_player(state, cmd)
        by = _amount(cmd, "raise by")
        owed = to_call(state, player) if state.hand is not None else 0
        return [make_event(ev.Raise, player=player, amount=owed + by, by=by)]
    if verb == "deal" and cmd.to:
        cards = parse_cards(cmd.cards, pack) + [UNKNOWN] * (cmd.count or 0)
        return [make_event(ev.CardsDealt, to=cmd.to, cards=cards, face_up=cmd.face_up)]
    if verb == "reveal" and (cmd.player or cmd.to):
        return [make_event(ev.CardsRevealed, holder=cmd.player or cmd.to,
                           cards=parse_cards(cmd.cards, pack, allow_unknown=False))]
    if verb == "play":
        return [make_event(ev.CardPlayed, player=_forced_player(state, cmd),
                           card=parse_cards(cmd.cards, pack, allow_unknown=False)[0])]
    if verb == "exchange":
        return [make_event(ev.CardsExchanged, player=_forced_player(state, cmd),
                           discard=parse_cards(cmd.discard, pack), draw=parse_cards(cmd.cards, pack),
                           cost=cmd.amount or 0, face_up=cmd.face_up)]
    raise RuleViolation(f"'{cmd.verb}' cannot be recorded against the rules even as a table ruling")


# ----------------------------------------------------------------------------- verify --rules

def require_same(expected: ev.Event, recorded: ev.Event) -> None:
    """For a ruleset's ``check_event``: the rules make `expected`; refuse a different record (a
    table opened or switched to with the same options, an option added since left out, is the same)."""
    if expected != recorded and not _same_opening(expected, recorded):
        from ..describe import describe

        raise RuleViolation(f"the rules make it '{describe(expected)}', the log says '{describe(recorded)}'")


def _same_opening(expected: ev.Event, recorded: ev.Event) -> bool:
    if type(expected) is not type(recorded) or not isinstance(expected, (ev.SessionOpened, ev.GameSwitched)):
        return False
    assert isinstance(recorded, (ev.SessionOpened, ev.GameSwitched))
    from . import get_ruleset
    from .ruleset import same_options

    try:
        model = get_ruleset(expected.game).options
    except PotlogError:
        return False
    return expected.model_copy(update={"options": {}}) == recorded.model_copy(update={"options": {}}) \
        and same_options(model, recorded.options, expected.options)


def check_opened(event: ev.Event, options_model: type[BaseModel], game: str) -> None:
    """For a ruleset's ``check_event``: a session_opened must be what opening `game` records."""
    from ..verify import command_for

    cmd = command_for(event)
    assert cmd is not None, "check_opened is given a session_opened, which has a command"
    require_same(open_session(cmd, options_model, game)[0], event.model_copy(update={"ruling": None}))
