"""The click exception classes that Typer raises.

Typer 0.24 and later carry their own copy of click (``typer._click``); older ones use the
click package. Catching the wrong family lets a usage error escape as a bug, so both paths
import from here.
"""

from __future__ import annotations

import typer

try:
    from typer._click import exceptions as _exc
    from typer._click.core import Context
except ImportError:  # pragma: no cover - older Typer on the click package
    from click import exceptions as _exc  # type: ignore[no-redef]
    from click import Context  # type: ignore[assignment]


class _NeverRaised(Exception):
    """Stands in for `NoArgsIsHelpError` on a click that has none (so nothing matches it)."""


ClickException = _exc.ClickException
UsageError = _exc.UsageError
NoSuchOption = _exc.NoSuchOption
Exit = typer.Exit
Abort = typer.Abort
NoArgsIsHelpError: type[Exception] = getattr(_exc, "NoArgsIsHelpError", _NeverRaised)
