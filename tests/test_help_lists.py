"""An option that takes a fixed set of values lists them in its help, from the list the code
checks (issue 29, point 3: ``export --help`` did not name ``phh``)."""

from __future__ import annotations

from ledger.export import FORMATS


def test_export_help_lists_every_format_the_code_accepts(potlog) -> None:
    out = potlog("export", "--help").output
    assert "phh" in FORMATS
    for name in FORMATS:
        assert f"{name}:" in out, name
    assert f"One of {', '.join(FORMATS)}" in " ".join(out.split()).replace("│ ", "")
