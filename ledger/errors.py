"""Errors a person at the table can read.

Every error potlog raises on purpose is a `PotlogError`: its message is one line that says
what is wrong and what is accepted. The CLI prints it and exits 1; nothing else reaches a
user.
"""


class PotlogError(Exception):
    """Base of every deliberate refusal; `str(err)` is the one line shown to the user."""

    exit_code = 1


class InputError(PotlogError):
    """The input is not well formed: a card that is not a card, a bad amount, a bad line."""


class RuleViolation(PotlogError):
    """The rules (or the chips) refuse the command; `--override` can record it anyway."""


class ChipError(RuleViolation):
    """The command would break chip conservation; never overridable."""


class NotFound(PotlogError):
    """No such session, seq, player or file."""


class Conflict(PotlogError):
    """Another recorder appended first; reload and retry."""


class IntegrityError(PotlogError):
    """The stored log is not what was written (hash chain or seq broken)."""


class UsageError(InputError):
    """The words typed do not have the shape the command takes (exit 2, like any usage error)."""

    exit_code = 2


def damaged_database(exc: BaseException) -> str | None:
    """The line for a database file SQLite finds damaged ("database disk image is malformed":
    a disk, a copy cut short, an editor): the file's fault, not a bug, said with the way out;
    None for any other exception (a constraint or a lock, `sqlite3.DatabaseError`'s
    subclasses, is another story)."""
    import sqlite3

    if type(exc) is not sqlite3.DatabaseError:
        return None
    return (f"the database file is damaged ({str(exc)[:200]}): potlog cannot read it; restore it from a copy or a "
            "JSONL export ('potlog import FILE' into a new --db)")
