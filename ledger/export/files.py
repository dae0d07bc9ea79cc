"""Writing an export (or any file potlog writes) to a path without harming what is there.

`output(path, protect=..., force=...)` is the one way potlog writes a file a person named:

- never a protected file (`protected_files`): the open database, its ``-wal``, ``-shm`` and
  ``-journal`` files, both next to the name it was opened by and next to the file that name
  resolves to (a ``--db`` through a symlink), and the seal key; nor anything that is the same
  file (compared by resolved path and by `os.path.samefile`, so a symlink, a hard link or a
  path through ``..`` is caught); not even with ``--force``;
- never an existing file without ``force`` (the refusal says so, and names a SQLite
  database as one); a device or pipe (``/dev/stdout``, a FIFO) is written to directly;
- the text goes to a temporary file in the target's directory, flushed to disk and renamed
  into place (`os.replace`; without ``force``, linked into place so that a file created
  meanwhile is not replaced either), so a failed export leaves the old file, or nothing,
  never half a file. The new file keeps the mode of the file it replaces (a new file gets
  the usual mode for the umask).

Every refusal is a `PotlogError` whose message is one line saying what is wrong and what is
accepted.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Iterable, Iterator, TextIO

from ..errors import InputError, NotFound, PotlogError
from ..text import printable

ACCEPTED = "give a new file name in an existing directory, or '-' for stdout"


class OutputError(PotlogError):
    """The file cannot be written (a full disk, no permission): nothing was changed."""


SIBLINGS = (("-wal", "write-ahead log"), ("-shm", "shared-memory index"), ("-journal", "rollback journal"))


def protected_files(db_path: str | None) -> list[tuple[str, str]]:
    """Every file no command writes over, even with --force, as (path, what it is): the
    database and its siblings (`SIBLINGS`) next to the name it was opened by and next to
    the file that name resolves to (SQLite keeps them by the resolved name), and the seal key."""
    from ..seal import key_path

    out: list[tuple[str, str]] = []
    if db_path and db_path != ":memory:" and "://" not in db_path:  # a PostgreSQL URL is no file
        for base in dict.fromkeys([db_path, os.path.realpath(db_path)]):
            out.append((base, "the open database"))
            out += [(base + suffix, f"the open database's {what}") for suffix, what in SIBLINGS]
    out.append((str(key_path()), "the seal key"))
    return out


def _same(a: str, b: str) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist
        return False


def _is_sqlite(path: str) -> bool:
    try:
        with open(path, "rb") as fh:
            return fh.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def check_target(path: str, *, protect: Iterable[tuple[str, str]] = (), force: bool = False) -> tuple[Path, bool]:
    """Where `path` will be written: (the real path, whether it is a regular file to be
    replaced by renaming, as opposed to a device or pipe written to directly). Refuses, with
    one line, the protected files, an existing file without `force`, a directory, and a
    directory that does not exist."""
    shown = printable(path)
    if not path:
        raise InputError(f"--out needs a file name: {ACCEPTED}")
    for guarded, what in protect:
        if _same(path, guarded):
            raise InputError(f"{shown} is {what} ({printable(guarded)}): potlog never writes over it, not even "
                             f"with --force; {ACCEPTED}")
    real = Path(os.path.realpath(path))
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        raise InputError(f"{shown}: a part of that path is a file, not a directory; {ACCEPTED}") from None
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}; {ACCEPTED}") from None
    if st is None:
        parent = real.parent
        if path.endswith(os.sep) or (os.altsep and path.endswith(os.altsep)):
            raise NotFound(f"{shown} ends in a directory separator: --out takes a file name, not a directory; {ACCEPTED}")
        if not parent.exists():
            raise NotFound(f"no directory {printable(str(parent))} for {shown}: {ACCEPTED}")
        if not parent.is_dir():
            raise InputError(f"{printable(str(parent))} is not a directory, so {shown} cannot be written; {ACCEPTED}")
        return real, True
    if stat.S_ISDIR(st.st_mode):
        example = printable(os.path.join(path, "night.txt"))
        raise InputError(f"{shown} is a directory: --out takes a file name (like {example}), or '-' for stdout")
    if not stat.S_ISREG(st.st_mode):
        return Path(path), False  # a terminal, /dev/null, a pipe: written to as it is
    if not force:
        kind = "is a SQLite database" if _is_sqlite(path) else "already exists"
        raise InputError(f"{shown} {kind}: add --force to replace it, or {ACCEPTED}")
    return real, True


@contextlib.contextmanager
def output(path: str, *, protect: Iterable[tuple[str, str]] = (), force: bool = False) -> Iterator[TextIO]:
    """A text file object (UTF-8, newlines as written) whose content replaces `path` whole
    when the block ends without an error, and is thrown away otherwise."""
    target, rename = check_target(path, protect=protect, force=force)
    shown = printable(path)
    if not rename:
        try:
            fh = open(target, "w", encoding="utf-8", newline="")
        except OSError as exc:
            raise OutputError(f"cannot write {shown}: {exc.strerror or exc}; {ACCEPTED}") from None
        with fh:
            yield fh
        return
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    except OSError as exc:
        raise OutputError(f"cannot write in {printable(str(target.parent))}: {exc.strerror or exc}; {ACCEPTED}") from None
    try:
        with open(fd, "w", encoding="utf-8", newline="") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        _set_mode(tmp, target)
        _put_in_place(tmp, target, shown, force)
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc} (nothing was written); {ACCEPTED}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _sync_dir(target.parent)


def _set_mode(tmp: str, target: Path) -> None:
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def _put_in_place(tmp: str, target: Path, shown: str, force: bool) -> None:
    if force:
        os.replace(tmp, target)
        return
    try:
        os.link(tmp, target)  # fails if the name was taken meanwhile: never replaces a file
    except FileExistsError:
        raise InputError(f"{shown} already exists: add --force to replace it, or {ACCEPTED}") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS):
            raise
        if target.exists():  # a file system without hard links: check, then rename
            raise InputError(f"{shown} already exists: add --force to replace it, or {ACCEPTED}") from None
        os.replace(tmp, target)


def _sync_dir(directory: Path) -> None:
    """Make the rename itself durable (best effort: not every system can open a directory)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
