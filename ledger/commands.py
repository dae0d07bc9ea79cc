"""The command type, for the application and the CLI: it lives in the core (`ledger.core.commands`)."""

from .core.commands import Command, command_for

__all__ = ["Command", "command_for"]
