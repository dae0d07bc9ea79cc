"""The dice engine: dice rolled in the open or under a cup, held and re-rolled, lifted, and
"the current dice of PLAYER" for scoring.

Public API (deciders read the state and return one event; `evolve` is the game's hook):

    Die(face, up), Cup(dice, sides)     a player's dice this hand; face 0 is unseen (``??``)
    Cups = dict[str, Cup]               kept in the game's ``ext`` (plain JSON-able data)
    roll(state, player, faces, *, sides=6) -> DiceRolled          in the open
    cup(state, cups, player, *, count=None, faces=(), keep=(), sides=6) -> DiceCupped
        dice rolled under PLAYER's cup, unseen (`count`) or seen by the recorder (`faces`);
        with `keep`, a re-roll under the cup of the dice not kept
    reroll(state, cups, player, faces, keep) -> DiceRerolled      keep some, roll the rest openly
    lift(state, cups, player, faces=()) -> DiceShown              the cup is lifted
    lift_all(cups, players) -> list[DiceShown]                    a showdown: every cup whose faces are known
    current(cups, player) -> list[int]                            the player's dice, for an evaluator
    shown(cup) -> str                                             "6 6 ?? ??" as the table sees it
    evolve(cups, state, event) -> None                            apply a dice event to `cups`

Readings (incompleat-gamester.txt):
- Liar's Dice, Meier and Poker Dice roll "in the cup", flip it and peek: the table does not
  see the dice until the cup is lifted. Often the recorder does not see them either, so a
  cup may hold unseen dice (``??``), named when it is lifted; when the recorder did see
  them, the faces are recorded at once and the table still sees ``??``.
- Poker Dice: "they may roll up to three times, keeping as many dice as desired from the
  previous roll"; a re-roll names the dice kept (they must be among the player's dice) and
  the new faces, and kept plus re-rolled is the player's whole set of dice. Kept dice stay
  as they were (under the cup or in the open). The number of rolls a turn is the game's
  rule, not the engine's.
- Liar's Dice: a player who loses a die cups one fewer next round, so a fresh cup may hold
  any number of dice.
- Dice seen by the table are also added to ``state.hand.dice`` (one `Roll` each time a
  player's whole set lies open), so ``potlog state`` and the hand history show them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import events as ev
from ..dice import parse_faces
from ..errors import InputError, RuleViolation
from ..core.table import require_live
from ..core.verbs import make_event
from ..state import Roll, TableState

UNSEEN = 0


@dataclass(slots=True)
class Die:
    """One die: its face (0: unseen) and whether the table sees it."""

    face: int = UNSEEN
    up: bool = False


@dataclass(slots=True)
class Cup:
    """A player's dice this hand (the whole set: under the cup, kept, or in the open)."""

    dice: list[Die] = field(default_factory=list)
    sides: int = 6


Cups = dict[str, Cup]


# ----------------------------------------------------------------------------- reading

def shown(cup: Cup) -> str:
    """The dice as the table sees them: faces in the open, ``??`` under the cup."""
    return " ".join(str(d.face) if d.up else "??" for d in cup.dice)


def current(cups: Cups, player: str) -> list[int]:
    """The player's dice for scoring; refuses when they have none or some are unseen."""
    got = cups.get(player)
    if got is None or not got.dice:
        raise RuleViolation(f"{player} has no dice this hand: potlog roll or potlog cup first")
    if any(d.face == UNSEEN for d in got.dice):
        raise RuleViolation(f"{player}'s dice are under the cup, unseen ({shown(got)}): "
                            f"lift it first (potlog lift {player} FACES)")
    return [d.face for d in got.dice]


def _faces(raw: Sequence[int | str], sides: int) -> list[int]:
    return parse_faces([str(f) for f in raw], sides) if raw else []


def _unmatched(have: list[int], wanted: list[int]) -> int | None:
    """The first of `wanted` that is neither one of `have`'s known faces nor stands for one of
    its unseen dice (each die answers once); None when every face is there."""
    left = list(have)
    for f in wanted:
        if f in left:
            left.remove(f)
        elif UNSEEN in left:
            left.remove(UNSEEN)
        else:
            return f
    return None


def _kept(got: Cup | None, player: str, keep: list[int]) -> None:
    """Refuse kept dice the player does not have (known faces, or unseen ones they stand for)."""
    if got is None or not got.dice:
        raise RuleViolation(f"{player} has no dice to keep: roll first (potlog roll or potlog cup)")
    missing = _unmatched([d.face for d in got.dice], keep)
    if missing is not None:
        raise RuleViolation(f"{player} has no {missing} to keep (their dice: {shown(got)})")


def _whole(got: Cup, player: str, kept: int, rolled: int) -> None:
    if kept + rolled != len(got.dice):
        raise RuleViolation(f"{player} has {len(got.dice)} dice: keep some and re-roll the others, "
                            f"not {kept} kept and {rolled} rolled")


# ----------------------------------------------------------------------------- deciders

def roll(state: TableState, player: str, faces: Sequence[int | str], *, sides: int = 6) -> ev.Event:
    """PLAYER rolls in the open."""
    require_live(state, player)
    rolled = _faces(faces, sides)
    if not rolled:
        raise InputError(f"name the faces rolled, like '3 5 6' (each 1 to {sides})")
    return make_event(ev.DiceRolled, player=player, faces=rolled, sides=sides)


def cup(state: TableState, cups: Cups, player: str, *, count: int | None = None,
        faces: Sequence[int | str] = (), keep: Sequence[int | str] = (), sides: int = 6) -> ev.Event:
    """Dice rolled under PLAYER's cup: `count` unseen, or `faces` the recorder saw. With `keep`
    it is a re-roll under the cup of the player's other dice (`count` may then be left out)."""
    require_live(state, player)
    got = cups.get(player)
    if keep:
        sides = got.sides if got is not None else sides
    known = _faces(faces, sides)
    held = _faces(keep, sides)
    if held:
        _kept(got, player, held)
        assert got is not None
        if count is None and not known:
            count = len(got.dice) - len(held)
            if count < 1:
                raise RuleViolation(f"{player} keeps all {len(got.dice)} dice: nothing is rolled again")
    n = len(known) if known else count
    if n is None or n < 1:
        raise InputError("say how many dice go under the cup, or the faces the recorder saw")
    if count is not None and known and count != len(known):
        raise InputError(f"{count} dice under the cup but {len(known)} faces named")
    if held:
        assert got is not None
        _whole(got, player, len(held), n)
    return make_event(ev.DiceCupped, player=player, count=n, faces=known, kept=held, sides=sides)


def reroll(state: TableState, cups: Cups, player: str, faces: Sequence[int | str],
           keep: Sequence[int | str]) -> ev.Event:
    """PLAYER keeps `keep` and rolls the rest of their dice in the open, showing `faces`."""
    require_live(state, player)
    got = cups.get(player)
    if got is None or not got.dice:
        raise RuleViolation(f"{player} has not rolled this hand: potlog roll or potlog cup first")
    new, held = _faces(faces, got.sides), _faces(keep, got.sides)
    if not new:
        raise InputError(f"name the faces of the dice {player} re-rolled, like: potlog reroll {player} 2 4 --keep 6,6,6")
    _kept(got, player, held)
    _whole(got, player, len(held), len(new))
    return make_event(ev.DiceRerolled, player=player, kept=held, faces=new, sides=got.sides)


def lift(state: TableState, cups: Cups, player: str, faces: Sequence[int | str] = ()) -> ev.Event:
    """PLAYER's cup is lifted: every die under it, named (or as the recorder saw them)."""
    require_live(state, player)
    got = cups.get(player)
    down = [d for d in got.dice if not d.up] if got is not None else []
    if got is None or not down:
        raise RuleViolation(f"{player} has no dice under the cup")
    named = _faces(faces, got.sides)
    if not named:
        if any(d.face == UNSEEN for d in down):
            raise InputError(f"nobody saw {player}'s dice: name the {len(down)} faces, "
                             f"like potlog lift {player} {' '.join(['6'] * len(down))}")
        named = [d.face for d in down]
    if len(named) != len(down):
        raise RuleViolation(f"{len(down)} dice are under {player}'s cup: name {len(down)} faces, not {len(named)}")
    if _unmatched([d.face for d in down], named) is not None:
        raise RuleViolation(f"the recorder saw {' '.join(str(d.face) for d in down)} under {player}'s cup, "
                            f"not {' '.join(map(str, named))}")
    return make_event(ev.DiceShown, player=player, faces=named)


def lift_all(cups: Cups, players: Sequence[str]) -> list[ev.Event]:
    """Every cup of `players` lifted as the recorder saw it; refuses the first with unseen
    dice (or no dice at all), saying how to name them."""
    out: list[ev.Event] = []
    for p in players:
        current(cups, p)
        down = [d.face for d in cups[p].dice if not d.up]
        if down:
            out.append(make_event(ev.DiceShown, player=p, faces=down))
    return out


# ----------------------------------------------------------------------------- evolve

def _take(got: Cup, face: int) -> Die:
    """Remove and return the die showing `face` (else an unseen one, now named)."""
    for want in (face, UNSEEN):
        for i, d in enumerate(got.dice):
            if d.face == want:
                die = got.dice.pop(i)
                die.face = face
                return die
    return Die(face, True)  # an overridden record: the die appears


def _keep(cups: Cups, player: str, kept: list[int]) -> list[Die]:
    got = cups.get(player) or Cup()
    return [_take(got, f) for f in kept]


def _seen(state: TableState, player: str, got: Cup) -> None:
    if state.hand is not None and got.dice and all(d.up for d in got.dice):
        state.hand.dice.append(Roll(player, [d.face for d in got.dice], got.sides))


def evolve(cups: Cups, state: TableState, event: ev.Event) -> None:
    """Apply a dice event (or a new hand) to `cups`, in place; never refuses."""
    match event:
        case ev.HandStarted():
            cups.clear()
        case ev.DiceRolled(player=str(p)):
            cups[p] = Cup([Die(f, True) for f in event.faces], event.sides)
        case ev.DiceCupped():
            held = _keep(cups, event.player, event.kept)
            new = event.faces or [UNSEEN] * event.count
            cups[event.player] = Cup(held + [Die(f, False) for f in new], event.sides)
        case ev.DiceRerolled():
            held = _keep(cups, event.player, event.kept)
            got = cups[event.player] = Cup(held + [Die(f, True) for f in event.faces], event.sides)
            _seen(state, event.player, got)
        case ev.DiceShown():
            got = cups.setdefault(event.player, Cup())
            for f in event.faces:
                die = next((d for d in got.dice if not d.up and d.face == f), None) or \
                    next((d for d in got.dice if not d.up and d.face == UNSEEN), None)
                if die is None:
                    got.dice.append(Die(f, True))
                else:
                    die.face, die.up = f, True
            _seen(state, event.player, got)
        case _:
            pass
