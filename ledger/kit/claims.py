"""Claims that must rise, and the challenge that settles them: the kit of the bluffing games
(Liar's Dice's bids of quantity and face, Meier's announcements).

A claim is made in turn, clockwise among the players still in; each must beat the last of the
round by the game's order (a key: a higher key beats a lower one); the next player either
raises or challenges ("Liar!", the doubt); the hidden dice are shown and the challenge is
settled: when the claim holds, the challenger loses, otherwise the claimant does. Losing
costs dice or lives; a player with none left is out, and the last one in wins.

Everything here is pure: the games keep their rounds in their own ext and record what these
functions decide.

Public API:

- ``Bid(quantity, face)``: a Liar's Dice bid; ``str(bid)`` reads "3 fives", `bid.key` the
  text's order (face first, then quantity: "2 twos" -> "1 three" is a raise).
- ``parse_bid(quantity, face, *, sides=6, most) -> Bid``: refuses a face off the die and a
  quantity below 1 or above `most` (the dice on the table).
- ``bid_text(value) -> Bid``: a bid back from its recorded text ("3 fives"); ``is_bid(value)``.
- ``require_rise(player, new, last, beat, *, what="bid") -> None``: refuse a claim whose key
  does not beat the last (``beat``: the table's words for what beats it, ending the refusal).
- ``counted(faces, face, wild=()) -> int``: the dice showing `face`, wild faces counting as
  any face but their own.
- ``Verdict(loser, winner, lost, why)`` and ``settle(claimant, challenger, held, *, lost=1,
  why="") -> Verdict``: who loses a challenge.
- ``alive(counts) -> list[str]``, ``next_in(order, after, counts) -> str | None``: turn order
  among the players with dice or lives left; ``starter(order, player, counts)``: `player`
  again if still in, else the next one.
- ``last_standing(counts) -> str | None``: the winner, once only one player is left in.
- ``turn_refusal(expected, player, doing) -> str``: "it is Cy's turn to bid, not Ann's".
- ``spoken(n)``: small numbers as words (for labels).
- ``last_one_takes(state, order, counts, reason) -> list[Event]``: once one player of `order`
  is left in (`counts`), the kitty to them (`reason`, field player), then the end of the hand;
  a step at a time, for ``follow.then``.
- ``players(state, dealer) -> list[str]``: who plays a game for the kitty: seated with chips,
  clockwise from the dealer's left.
- ``lift_seen(cups, players) -> (events, up)``: at a challenge, the cups of `players` the
  recorder saw are lifted (one ``DiceShown`` each); `up` once every cup is (an unseen one
  waits for ``potlog lift NAME FACES``).
- ``dice_command(event) -> Command | None``: the ``cup`` or ``lift`` behind a recorded event.
- ``require_in(state, order, counts, player, out) -> str``: a move needs a game on (once it is
  won, the refusal names the winner) and the player in it, not out (`out`: "has lost every
  die").
- ``standing(order, counts, one, many) -> rows``: ``potlog state``'s lines: "2 dice", "out".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .. import events as ev
from ..core.commands import Command, CupDice, Lift
from ..core.table import require_hand, require_seated
from ..core.verbs import make_event
from ..errors import InputError, RuleViolation
from ..state import TableState
from .dice import UNSEEN, Cup
from .turns import clockwise

__all__ = ["Bid", "Verdict", "alive", "bid_text", "counted", "dice_command",
           "is_bid", "last_one_takes", "last_standing", "lift_seen", "next_in", "parse_bid", "players",
           "require_in", "require_rise", "settle", "spoken", "standing", "starter", "turn_refusal"]

_PLURAL = ("ones", "twos", "threes", "fours", "fives", "sixes")
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def spoken(n: int) -> str:
    """A small count as a word ("three"); larger ones as digits."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _faces_word(face: int, quantity: int) -> str:
    if face <= len(_PLURAL):
        return _PLURAL[face - 1] if quantity != 1 else _PLURAL[face - 1].removesuffix("es" if face == 6 else "s")
    return f"{face}s" if quantity != 1 else str(face)


@dataclass(frozen=True)
class Bid:
    """A bid of Liar's Dice: at least `quantity` dice on the table show `face`."""

    quantity: int
    face: int

    @property
    def key(self) -> tuple[int, int]:
        """The text's order: a higher face beats any count of a lower one; at the same face,
        more dice beat fewer."""
        return (self.face, self.quantity)

    def __str__(self) -> str:
        return f"{self.quantity} {_faces_word(self.face, self.quantity)}"

    def said(self) -> str:
        """The bid as the table says it: "three fives"."""
        return f"{spoken(self.quantity)} {_faces_word(self.face, self.quantity)}"


def parse_bid(quantity: int | None, face: int | None, *, sides: int = 6, most: int) -> Bid:
    """A bid as given, checked: the face is on the die, the quantity 1 to `most`."""
    if quantity is None or face is None:
        raise InputError("a bid is a quantity and a face: potlog bid Ann 3 5 (three fives)")
    if not 1 <= face <= sides:
        raise InputError(f"a die shows 1 to {sides}, not {face}")
    if quantity < 1:
        raise InputError(f"a bid names at least one die, not {quantity}")
    if quantity > most:
        raise RuleViolation(f"only {most} dice are on the table: a bid names at most {most}, not {quantity}")
    return Bid(quantity, face)


def bid_text(value: object) -> Bid:
    """A bid back from its recorded text ("3 fives", "1 six"); `InputError` when it is none."""
    words = str(value).split()
    if len(words) == 2 and words[0].isdigit():
        for face in range(1, len(_PLURAL) + 1):
            if words[1] in (_faces_word(face, 1), _faces_word(face, 2)):
                return Bid(int(words[0]), face)
    raise InputError(f"{value!r} is not a bid: a quantity and a face, like '3 fives'")


def is_bid(value: object) -> bool:
    """Whether `value` reads as a bid (a game's ``evolve`` keeps only those: a ruling may record any)."""
    try:
        bid_text(value)
    except InputError:
        return False
    return True


def require_rise(player: str, new: tuple[int, ...], last: tuple[int, ...] | None, beat: str, *,
                 what: str = "bid") -> None:
    """Refuse a claim that does not beat the last one of the round (`beat` ends the refusal:
    "three fives: more fives, or any count of a higher face"; `what` names the claim)."""
    if last is not None and not new > last:
        raise RuleViolation(f"{player}'s {what} must beat {beat}")


def counted(faces: Iterable[int], face: int, wild: Iterable[int] = ()) -> int:
    """How many of `faces` show `face`; a wild face counts as any face but itself counts once."""
    wilds = set(wild) - {face}
    return sum(1 for f in faces if f == face or f in wilds)


@dataclass(frozen=True)
class Verdict:
    """A settled challenge: who loses `lost` dice or lives, who won it, and why (for the log)."""

    loser: str
    winner: str
    lost: int
    why: str


def settle(claimant: str, challenger: str, held: bool, *, lost: int = 1, why: str = "") -> Verdict:
    """The challenge of `claimant`'s claim by `challenger`: when the claim `held` (it was true,
    or at least minimally so), the challenger loses; otherwise the claimant."""
    if held:
        return Verdict(challenger, claimant, lost, why)
    return Verdict(claimant, challenger, lost, why)


def alive(counts: Mapping[str, int]) -> list[str]:
    """The players still in (dice or lives left), in the mapping's order."""
    return [p for p, n in counts.items() if n > 0]


def next_in(order: Sequence[str], after: str | None, counts: Mapping[str, int]) -> str | None:
    """The next player clockwise after `after` (the first in `order` when None) still in."""
    n = len(order)
    start = order.index(after) + 1 if after in order else 0
    for i in range(n):
        name = order[(start + i) % n]
        if counts.get(name, 0) > 0 and name != after:
            return name
    return None


def starter(order: Sequence[str], player: str | None, counts: Mapping[str, int]) -> str | None:
    """Who starts the next round: `player` when still in, else the next player who is."""
    if player is not None and counts.get(player, 0) > 0:
        return player
    return next_in(order, player, counts)


def last_standing(counts: Mapping[str, int]) -> str | None:
    """The one player left in, or None while two or more are (or nobody is)."""
    left = alive(counts)
    return left[0] if len(left) == 1 else None


def turn_refusal(expected: str | None, player: str, doing: str) -> str:
    """One line for a move out of turn."""
    if expected is None:
        return f"{player} cannot {doing} now"
    return f"it is {expected}'s turn to {doing}, not {player}'s"


def last_one_takes(state: TableState, order: Sequence[str], counts: Mapping[str, int], reason: str) -> list[ev.Event]:
    """Once one player of `order` is left in (`counts`): the kitty to them (`reason`, field
    player), then the end of the hand; one step at a time, for ``follow.then``."""
    hand = state.hand
    winner = last_standing({p: counts.get(p, 0) for p in order}) if len(order) > 1 else None
    if hand is None or hand.ended or winner is None:
        return []
    kitty = state.balance("pot")
    if kitty:
        return [make_event(ev.PotAwarded, shares=[ev.Share(player=winner, amount=kitty)],
                           reason=reason.format(player=winner))]
    return [make_event(ev.HandEnded, hand=hand.number)]


def players(state: TableState, dealer: str) -> list[str]:
    """Who plays a game for the kitty: seated with chips, clockwise from the dealer's left."""
    return clockwise(state, dealer, include=lambda s: s.active and state.stack(s.name) > 0)


def require_cups(cups: Mapping[str, Cup], names: Iterable[str]) -> None:
    """Refuse a challenge or a lift while a cup it reads was voided after the claims standing on
    it: the table corrects newest first, then rolls again."""
    gone = [p for p in names if p not in cups]
    if gone:
        raise RuleViolation(f"{gone[0]}'s roll was voided, but what was said after it stands: void that too, "
                            f"newest first (potlog log shows the seqs), then record the roll again")


def lift_seen(cups: Mapping[str, Cup], names: Iterable[str]) -> tuple[list[ev.Event], bool]:
    """The cups of `names` the recorder saw, lifted; and whether every cup is up already."""
    shows: list[ev.Event] = []
    waiting = False
    for p in names:
        down = [d.face for d in cups[p].dice if not d.up] if p in cups else [UNSEEN]  # (no cup: a void took it)
        if UNSEEN in down:
            waiting = True
        elif down:
            shows.append(make_event(ev.DiceShown, player=p, faces=down))
    return shows, not shows and not waiting


def dice_command(event: ev.Event) -> Command | None:
    """The ``cup`` or ``lift`` command behind a recorded event (``verify --rules``)."""
    match event:
        case ev.DiceCupped():
            return CupDice(player=event.player, count=None if event.faces else event.count,
                           faces=tuple(event.faces))
        case ev.DiceShown():
            return Lift(player=event.player, faces=tuple(event.faces))
    return None


def require_in(state: TableState, order: Sequence[str], counts: Mapping[str, int], player: str | None,
               out: str) -> str:
    """The player of a move: a game is on, they play it and are still in it (once the game is
    won, the refusal says who won)."""
    hand, winner = state.hand, last_standing({p: counts.get(p, 0) for p in order}) if len(order) > 1 else None
    if hand is not None and hand.ended and winner is not None:
        raise RuleViolation(f"the game is over: {winner} won, the last player still in; "
                            "the next game starts with potlog hand")
    require_hand(state)
    p = require_seated(state, player)
    if p not in order:
        raise RuleViolation(f"{p} is not playing this game (players: {', '.join(order)})")
    if counts.get(p, 0) <= 0:
        raise RuleViolation(f"{p} {out} and is out of this game")
    return p


def standing(order: Sequence[str], counts: Mapping[str, int], one: str, many: str) -> list[tuple[str, str]]:
    """Each player's dice or lives left ("1 life", "3 lives"), or "out"."""
    return [(p, f"{n} {one if n == 1 else many}" if (n := counts.get(p, 0)) > 0 else "out") for p in order]
