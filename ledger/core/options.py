"""A game's options: the table's choices as the game's pydantic model, parsed from what the
session records, checked as ``--option KEY=VALUE`` pairs (one line naming what is accepted),
and compared across the options added since a log was recorded."""

from __future__ import annotations

from typing import Any, Literal, Mapping, TypeVar, cast

from pydantic import BaseModel, ValidationError

from ..errors import InputError
from ..state import TableState

M = TypeVar("M", bound=BaseModel)

_PARSED: dict[tuple[Any, ...], BaseModel] = {}


def options_model_of(model: type[M], options: Mapping[str, Any]) -> M:
    """`options` (a session's JSON) as `model`, parsed once per process per option set."""
    key = (model, *sorted(options.items()))
    got = _PARSED.get(key)
    if got is None:
        if len(_PARSED) > 256:
            _PARSED.clear()
        got = _PARSED[key] = model.model_validate(dict(options))
    return cast(M, got)


def options_of(state: TableState, model: type[M]) -> M:
    """The session's options as the typed model, parsed once per process per option set."""
    return options_model_of(model, state.options)  # options are flat scalars: cheaper than JSON per event


def new_table(default: Any) -> Any:
    """``json_schema_extra`` for an option added after sessions were recorded without it: the
    field's default is what such a log meant (Poker Dice without betting), `default` what a new
    table gets unless told (`fresh_options`): ``Field(default=False, json_schema_extra=new_table(True))``."""
    return {"new_table": default}


def fresh_options(options_model: type[BaseModel], given: Mapping[str, Any]) -> dict[str, Any]:
    """The options a table opening now asks for: `given`, and each option declared with
    `new_table` at that value unless given."""
    fresh = {name: f.json_schema_extra["new_table"] for name, f in options_model.model_fields.items()
             if isinstance(f.json_schema_extra, dict) and "new_table" in f.json_schema_extra}
    return {**fresh, **given}


def same_options(options_model: type[BaseModel], recorded: Mapping[str, Any], decided: Mapping[str, Any]) -> bool:
    """Whether two recorded option sets mean the same table: an option a log does not name
    (one added since it was recorded) has its default."""
    try:
        return options_model.model_validate(recorded) == options_model.model_validate(decided)
    except ValidationError:
        return False


def validate_options(options_model: type[BaseModel], raw: dict[str, Any], game: str) -> dict[str, Any]:
    """Validate ``--option KEY=VALUE`` pairs (strings from the shell, or typed values) into the
    JSON the session records."""
    fields = options_model.model_fields
    for key in raw:
        if key not in fields:
            choices = ", ".join(fields) or "none"
            raise InputError(f"{game} has no option {key!r}: its options are {choices}")
    try:
        model = options_model.model_validate(raw)
    except ValidationError as exc:
        raise InputError(_option_problem(options_model, exc.errors()[0], raw)) from None
    return model.model_dump(mode="json")


def _choices(annotation: Any) -> list[str]:
    """The values a field's type allows when it is a closed list (a Literal or an Enum), else []."""
    import enum
    from typing import get_args, get_origin

    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [str(m.value) for m in annotation]
    for arg in get_args(annotation):  # Optional[...] and unions: the first closed list inside
        found = _choices(arg)
        if found:
            return found
    return []


def _option_problem(options_model: type[BaseModel], err: Any, raw: Mapping[str, Any]) -> str:
    """Pydantic's complaint about one option as one sentence naming what is accepted:
    "option pack must be one of french52, french54, ...", "option dice_sides must be at least 2"."""
    import re

    loc = [str(x) for x in err.get("loc", ())]
    key = loc[0] if loc else "options"
    field_info = options_model.model_fields.get(key)
    got = raw.get(key)
    shown = str(got) if len(str(got)) <= 60 else str(got)[:57] + "..."
    given = f", not {shown}" if key in raw and not isinstance(got, (dict, list)) and shown.strip() else ""
    kind, ctx = err.get("type", ""), err.get("ctx") or {}
    choices = _choices(field_info.annotation) if field_info is not None else []
    if not choices and kind == "string_pattern_mismatch":
        alternatives = re.fullmatch(r"\^\(?([\w-]+(?:\|[\w-]+)+)\)?\$", str(ctx.get("pattern", "")))
        if alternatives:
            choices = alternatives.group(1).split("|")
    if choices and kind in ("literal_error", "enum", "string_pattern_mismatch"):
        return f"option {key} must be one of {', '.join(choices)}{given}"
    bounds = {"greater_than_equal": "at least {ge}", "greater_than": "more than {gt}",
              "less_than_equal": "at most {le}", "less_than": "less than {lt}",
              "int_parsing": "a whole number", "int_from_float": "a whole number", "int_type": "a whole number",
              "bool_parsing": "true or false", "bool_type": "true or false",
              "string_too_short": "at least {min_length} characters",
              "string_too_long": "at most {max_length} characters"}
    if kind in bounds:
        try:
            return f"option {key} must be {bounds[kind].format(**ctx)}{given}"
        except (KeyError, IndexError):
            pass
    msg = str(err.get("msg", "not accepted")).removeprefix("Value error, ")
    if not loc:  # a rule across options (a model validator): the rule says it
        return f"options: {msg}"
    return f"option {'.'.join(loc)}: {msg}{given}"
