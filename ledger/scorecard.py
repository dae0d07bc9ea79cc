"""The Bluke scorecard lives with its game, in `ledger.games.bluke.scorecard`; this name keeps
``from ledger.scorecard import rows`` (and ``build``, ``LAYOUTS``) working."""

from __future__ import annotations

from .games.bluke.scorecard import LAYOUTS, build, rows

__all__ = ["LAYOUTS", "build", "rows"]
