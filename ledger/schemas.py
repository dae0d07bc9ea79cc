"""JSON Schemas generated from the pydantic models: the events into ``schemas/events/``, and
what each command prints under ``--json`` (`ledger.outputs`) into ``schemas/output/``.

Regenerate after changing an event or output model: ``python -m ledger.schemas`` (a test
fails when the committed files are stale).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .events import EVENT_ADAPTER, EVENT_TYPES

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
DEFAULT_DIR = SCHEMAS / "events"
OUTPUT_DIR = SCHEMAS / "output"


def _text(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def render() -> dict[str, str]:
    """File name -> schema text, one per event type plus ``event.schema.json`` for the union."""
    out: dict[str, str] = {}
    for model in EVENT_TYPES:
        name = model.model_fields["type"].default
        schema = model.model_json_schema()
        schema["$id"] = f"https://potlog.invalid/schemas/events/{name}.schema.json"
        out[f"{name}.schema.json"] = json.dumps(schema, indent=2, sort_keys=True) + "\n"
    union = EVENT_ADAPTER.json_schema()
    union["title"] = "potlog event"
    union["$id"] = "https://potlog.invalid/schemas/events/event.schema.json"
    out["event.schema.json"] = json.dumps(union, indent=2, sort_keys=True) + "\n"
    return out


def render_outputs() -> dict[str, str]:
    """File name -> schema text, one per command's --json output (`ledger.outputs.OUTPUTS`)."""
    from .outputs import OUTPUTS

    out: dict[str, str] = {}
    for command, model in OUTPUTS.items():
        schema = model.model_json_schema(by_alias=True)
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["$id"] = f"https://potlog.invalid/schemas/output/{command}.schema.json"
        schema.setdefault("title", f"potlog {command} --json")
        out[f"{command}.schema.json"] = _text(schema)
    return out


def _write(directory: Path, wanted: dict[str, str]) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for old in directory.glob("*.schema.json"):
        if old.name not in wanted:
            old.unlink()
    for name, text in wanted.items():
        path = directory / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def write(directory: Path = DEFAULT_DIR) -> list[Path]:
    """The event schemas into `directory`."""
    return _write(directory, render())


def write_outputs(directory: Path = OUTPUT_DIR) -> list[Path]:
    """The --json output schemas into `directory`."""
    return _write(directory, render_outputs())


if __name__ == "__main__":
    if len(sys.argv) > 1:  # one directory: the event schemas there (as before), the outputs beside them
        root = Path(sys.argv[1])
        events, outputs = write(root), write_outputs(root.parent / "output")
    else:
        events, outputs = write(), write_outputs()
    print(f"wrote {len(events)} schemas to {events[0].parent} and {len(outputs)} to {outputs[0].parent}")
