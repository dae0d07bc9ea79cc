"""JSON Schemas of the events, generated from the pydantic models into ``schemas/events/``.

Regenerate after changing an event model: ``python -m ledger.schemas`` (a test fails when the
committed files are stale).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .events import EVENT_ADAPTER, EVENT_TYPES

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "schemas" / "events"


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


def write(directory: Path = DEFAULT_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    wanted = render()
    for old in directory.glob("*.schema.json"):
        if old.name not in wanted:
            old.unlink()
    for name, text in wanted.items():
        path = directory / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    paths = write(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_DIR)
    print(f"wrote {len(paths)} schemas to {paths[0].parent}")
