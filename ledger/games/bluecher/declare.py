"""Declarations a stage asks for: the card cost before the deal, the number of dice, a betting
limit, a bid. A game declares each one as data; the engine refuses a declaration by the wrong
player, at the wrong time, twice, or out of range, in the game's own words.

    COST = Declaration("cost", "card_cost", by=dealer, role="the dealer", stands=False,
                       when=lambda s: ext(s).phase == "deal" and not dealt(s), messages={...})
    DICE = Declaration("dice", "dice", by=first_player, high=5, when=opening)

Public API:

- ``Declaration(name, attr, by, when, role, low, high, stands, error, messages)``: `name` is
  the word (``potlog declare Ann dice 3``), `attr` the attribute of the game's ext that holds
  the value (None until declared), `by(state)` who declares it, `when(state)` whether it may
  be declared now, `low`..`high` its range (whole numbers; `high` None: no top), `stands` whether it holds once made,
  `error` the refusal class for a value out of range (``InputError`` for a malformed amount,
  ``RuleViolation`` for a rule such as "1 to 5 dice").
- ``MESSAGES``: the refusals by key (who, when, stands, value); fields: player, by, role,
  name, value (as given), have (the value now), low, high.
- ``decide(state, cmd, declarations, book, unknown) -> [Declared]``: check ``potlog declare``
  against the declarations (`book` is the game's ext; `unknown` the refusal for a name no
  declaration has, field ``name``).
- ``record(book, declarations, event) -> bool``: in ``evolve``, keep a recorded value in
  its field (True when `event` was one of them).
- ``pending(book, declarations) -> list[Declaration]``: those not yet made (for prompts).
- ``as_int(value)``: a value from the shell as a whole number when it is one.
- ``dealer(state) -> str``: the hand's dealer (a `by` for the dealer's declarations).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ... import events as ev
from ...core.commands import Declare
from ...errors import RuleViolation
from ...core.table import require_seated
from ...core.verbs import make_event
from ...state import TableState

__all__ = ["Declaration", "MESSAGES", "as_int", "dealer", "decide", "pending", "record"]

MESSAGES: Mapping[str, str] = {
    "who": "{player} cannot declare the {name}: {by}, {role}, does",
    "when": "the {name} cannot be declared now",
    "stands": "{by} declared the {name} already ({have}): a declaration stands (void it if it was recorded wrong)",
    "value": "{by} may declare {low} to {high} for the {name}, not {value}",
}


def _always(state: TableState) -> bool:
    return True


@dataclass(frozen=True)
class Declaration:
    """A value one player declares for the hand (see the module docstring)."""

    name: str
    attr: str
    by: Callable[[TableState], str]
    when: Callable[[TableState], bool] = _always
    role: str = "the first player"
    low: int = 1
    high: int | None = ev.MAX_CHIPS
    stands: bool = True
    error: type[Exception] = RuleViolation
    messages: Mapping[str, str] = field(default_factory=dict)

    def say(self, key: str, **values: object) -> str:
        return self.messages.get(key, MESSAGES[key]).format(name=self.name, role=self.role, low=self.low,
                                                              high=self.high, **values)


def as_int(value: Any) -> Any:
    """A value typed at the shell (``"3"``) as the whole number it is; anything else as given."""
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 13:
        return int(value.strip())
    return value


def decide(state: TableState, cmd: Declare, declarations: Sequence[Declaration], book: object,
           unknown: str) -> list[ev.Event]:
    """The `Declared` event for ``potlog declare PLAYER NAME VALUE``, or a refusal: a name no
    declaration has, the wrong player, the wrong time, a value that stands already, or one
    out of range (checked in that order)."""
    player = require_seated(state, cmd.player)
    value = as_int(cmd.value)
    found = next((d for d in declarations if d.name == cmd.name), None)
    if found is None:
        raise RuleViolation(unknown.format(name=cmd.name))
    by, have = found.by(state), getattr(book, found.attr)
    if player != by:
        raise RuleViolation(found.say("who", player=player, by=by))
    if not found.when(state):
        raise RuleViolation(found.say("when", player=player, by=by, have=have))
    if found.stands and have is not None:
        raise RuleViolation(found.say("stands", player=player, by=by, have=have))
    if not isinstance(value, int) or value < found.low or (found.high is not None and value > found.high):
        raise found.error(found.say("value", player=player, by=by, value=cmd.value))
    return [make_event(ev.Declared, player=player, name=found.name, value=value)]


def record(book: object, declarations: Sequence[Declaration], event: ev.Event) -> bool:
    """Keep a recorded declaration's value in `book` (True when `event` is one of them)."""
    if isinstance(event, ev.Declared) and isinstance(event.value, int):
        for d in declarations:
            if d.name == event.name:
                setattr(book, d.attr, event.value)
                return True
    return False


def pending(book: object, declarations: Sequence[Declaration]) -> list[Declaration]:
    """The declarations not made yet (their attribute is None)."""
    return [d for d in declarations if getattr(book, d.attr) is None]


def dealer(state: TableState) -> str:
    """The hand's dealer: who declares what the dealer declares."""
    return state.hand.dealer if state.hand is not None else ""
