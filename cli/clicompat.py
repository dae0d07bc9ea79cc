"""The click exception classes that Typer raises.

Typer 0.24 and later carry their own copy of click (``typer._click``); older ones use the
click package. Catching the wrong family lets a usage error escape as a bug, so both paths
import from here.
"""

from __future__ import annotations

import typer

try:
    from typer._click import exceptions as _exc
except ImportError:  # pragma: no cover - older Typer on the click package
    from click import exceptions as _exc  # type: ignore[no-redef]

ClickException = _exc.ClickException
UsageError = _exc.UsageError
Exit = typer.Exit
Abort = typer.Abort
NoArgsIsHelpError = getattr(_exc, "NoArgsIsHelpError", None)
