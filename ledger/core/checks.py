"""For a ruleset's ``check_event`` (``potlog verify --rules``): the event the rules make must be
the one the log holds (`require_same`), and a session_opened what opening the game records
(`check_opened`)."""

from __future__ import annotations

from pydantic import BaseModel

from .. import events as ev
from ..errors import PotlogError, RuleViolation
from . import registry
from .commands import Open, command_for
from .options import same_options
from .verbs import open_session


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
    try:
        model = registry.ruleset(expected.game).options
    except PotlogError:
        return False
    return expected.model_copy(update={"options": {}}) == recorded.model_copy(update={"options": {}}) \
        and same_options(model, recorded.options, expected.options)


def check_opened(event: ev.Event, options_model: type[BaseModel], game: str) -> None:
    """For a ruleset's ``check_event``: a session_opened must be what opening `game` records."""
    cmd = command_for(event)
    assert isinstance(cmd, Open), "check_opened is given a session_opened, whose command is an Open"
    require_same(open_session(cmd, options_model, game)[0], event.model_copy(update={"ruling": None}))
