"""Seals and the key kept outside the database.

A database file proves nothing about itself: whoever can write it can rewrite any event and
recompute every later hash, or cut off the last events, and the chain still holds. Two
things here do not live in the database:

- **the key** (`key_path`): 32 random bytes in ``$POTLOG_KEY_FILE``, else ``seal.key`` in
  the user's config directory (``~/.config/potlog/`` on Linux), created mode 0600 on first
  use. Keys for each purpose are derived from it (`subkey`), so a snapshot MAC can never
  pass as a seal MAC. If it cannot be read or created, snapshots are simply not used and
  ``potlog seal`` says why; nothing else changes.
- **the seal** (`Seal`): one line naming a session's head, its last seq and that event's
  hash, the time it was sealed and an HMAC-SHA256 of those with the seal key:

      potlog-seal/1 session=friday seq=124 hash=5f1c... at=2026-11-21T23:58:01.220Z mac=9a0b...

  The hash of an event covers every event before it (`ledger.events.chain_hash`), so a
  copy of that line kept off the machine pins the whole log up to that seq:
  ``potlog verify --seal FILE`` fails if events up to it were removed (truncation) or
  rewritten (even with every later hash recomputed), and counts the events recorded since.
  The MAC says the seal itself was made with this machine's key and not typed up later.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
from pathlib import Path
from typing import Iterable, Iterator

from .core.frozen import later
from . import events as ev
from .errors import InputError

SEAL_TAG = "potlog-seal/1"
_SESSION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_AT = re.compile(r"^[0-9T:.Z+-]{1,40}$")


# ----------------------------------------------------------------------------- the key

def key_path() -> Path:
    """``$POTLOG_KEY_FILE``, else ``seal.key`` in the user's potlog config directory."""
    env = os.environ.get("POTLOG_KEY_FILE")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("potlog", appauthor=False)) / "seal.key"


class KeyUnavailable(InputError):
    """The key file cannot be read (or, when asked to, created)."""


_KEYS: dict[str, bytes] = {}


def load_key(*, create: bool) -> bytes:
    """The key's 32 bytes; created (mode 0600, atomically) when missing and `create`."""
    path = key_path()
    cached = _KEYS.get(str(path))
    if cached is not None:
        return cached
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        if not create:
            raise KeyUnavailable(f"no seal key at {path} (set $POTLOG_KEY_FILE to the key this database was "
                                 "sealed with)") from None
        text = _create_key(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyUnavailable(f"cannot read the seal key {path}: {exc}") from None
    if not _HEX64.match(text):
        raise KeyUnavailable(f"{path} is not a potlog key (64 hex digits); move it away to make a new one")
    key = bytes.fromhex(text)
    _KEYS[str(path)] = key
    return key


def _create_key(path: Path) -> str:
    """Write a new key without ever exposing a partial file: a private temporary file, then a
    hard link to the name (which fails if another process made one first: that one wins)."""
    import secrets
    import tempfile

    text = secrets.token_hex(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(prefix=".seal-key-", dir=path.parent)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, (text + "\n").encode("ascii"))
            os.fsync(fd)
            os.close(fd)
            try:
                os.link(tmp, path)
            except FileExistsError:
                return path.read_text(encoding="ascii").strip()
        finally:
            os.unlink(tmp)
    except OSError as exc:
        raise KeyUnavailable(f"cannot create the seal key {path}: {exc.strerror or exc} (set $POTLOG_KEY_FILE "
                             "to a file in a writable, private place)") from None
    return text


def subkey(purpose: str, *, create: bool = True) -> bytes:
    """The key for one purpose (``seal``, ``snapshot``), derived from the key file."""
    return hmac.new(load_key(create=create), f"potlog {purpose} key".encode(), hashlib.sha256).digest()


def snapshot_key() -> bytes | None:
    """The snapshot key, or None when the key file cannot be read or created (never raises)."""
    try:
        return subkey("snapshot")
    except KeyUnavailable:  # a key file that cannot be read or created
        return None


def forget_keys() -> None:
    _KEYS.clear()


# ----------------------------------------------------------------------------- seals

def _mac(key: bytes, session: str, seq: int, head: str, at: str) -> str:
    msg = ev.canonical_json([SEAL_TAG, session, seq, head, at]).encode("utf-8")
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


@later(frozen=True)
class Seal:
    """A session's head at a moment: its last seq, that event's hash, when, and the MAC."""

    session: str
    seq: int
    hash: str
    at: str
    mac: str

    def line(self) -> str:
        return f"{SEAL_TAG} session={self.session} seq={self.seq} hash={self.hash} at={self.at} mac={self.mac}"

    def to_data(self) -> dict[str, object]:
        return {"session": self.session, "seq": self.seq, "hash": self.hash, "at": self.at, "mac": self.mac,
                "line": self.line()}

    def signed_by(self, key: bytes) -> bool:
        return hmac.compare_digest(self.mac, _mac(key, self.session, self.seq, self.hash, self.at))


def make_seal(session: str, seq: int, head: str, at: str) -> Seal:
    """Seal a head with this machine's key (created if missing; `KeyUnavailable` if it cannot be)."""
    return Seal(session, seq, head, at, _mac(subkey("seal"), session, seq, head, at))


def parse_seals(text: str, where: str = "the seal") -> list[Seal]:
    """Every seal line in `text`: the lines holding the ``potlog-seal/1`` tag, read from it on
    (anything else, as the rest of an e-mail, is skipped); none at all is an error."""
    seals = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        at = line.find(SEAL_TAG)
        if at < 0:  # the rest of an e-mail, a note: only seal lines count
            continue
        parts = line[at:].split()
        fields = dict(p.split("=", 1) for p in parts[1:] if "=" in p)
        if parts[0] != SEAL_TAG or len(parts) != 6 or set(fields) != {"session", "seq", "hash", "at", "mac"}:
            raise InputError(f"{where}, line {n}: a seal line is '{SEAL_TAG} session=S seq=N hash=H at=T mac=M'")
        seq = fields["seq"]
        if (not _SESSION.match(fields["session"]) or not seq.isascii() or not seq.isdigit() or len(seq) > 12
                or int(seq) < 1 or not _HEX64.match(fields["hash"]) or not _HEX64.match(fields["mac"])
                or not _AT.match(fields["at"])):
            raise InputError(f"{where}, line {n}: the seal is garbled (session, seq from 1, 64-hex hash and mac)")
        seals.append(Seal(fields["session"], int(seq), fields["hash"], fields["at"], fields["mac"]))
    if not seals:
        raise InputError(f"{where} holds no seal line (one starts with '{SEAL_TAG} session=...')")
    return seals


# ----------------------------------------------------------------------------- files

def write_new_file(path: str, text: str, *, force: bool, database: str | None = None) -> Path:
    """Write `text` to `path` as an export is written (`ledger.export.files.output`): through a
    temporary file renamed into place, never over an existing file unless `force`, never over
    a protected file at all (`ledger.export.files.protected_files`: the database however it
    was named, its -wal/-shm/-journal, the seal key)."""
    from .export.files import output, protected_files

    with output(path, protect=protected_files(database), force=force) as fh:
        fh.write(text)
    return Path(path).expanduser()


# ----------------------------------------------------------------------------- scheme 1 -> 2

def rehash_lines(lines: Iterable[str]) -> Iterator[str]:
    """An export written with hash scheme 1, re-chained with scheme 2 (`ledger.events.chain_hash`).

    Every line must be an intact scheme-1 link (seq gapless per session, ``prev_hash`` the
    previous line's hash, ``hash == sha256(prev_hash + body)``): a file broken or edited
    under the old scheme is refused, naming the line, rather than blessed with new hashes.
    """
    last: dict[str, tuple[int, str, str]] = {}  # session -> seq, old hash, new hash
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
            sid, seq, at, prev, h, event = (obj[k] for k in ("session", "seq", "recorded_at", "prev_hash", "hash",
                                                              "event"))
            body = ev.canonical_json(event)
            etype = event["type"]
        except (ValueError, KeyError, TypeError, RecursionError):
            raise InputError(f"line {n}: not an export line (session, seq, recorded_at, prev_hash, hash, event)") from None
        if not isinstance(sid, str) or not isinstance(seq, int) or not isinstance(at, str) or not isinstance(etype, str):
            raise InputError(f"line {n}: not an export line (session, seq, recorded_at, prev_hash, hash, event)")
        old_seq, old_prev, new_prev = last.get(sid, (0, ev.GENESIS, ev.GENESIS))
        if seq != old_seq + 1 or prev != old_prev:
            raise InputError(f"line {n}: seq {seq} of {sid} does not continue the chain (after seq {old_seq}): "
                             "nothing converted")
        if ev.v1_hash(prev, body) != h:
            if ev.chain_hash(prev, body, session=sid, seq=seq, etype=etype, recorded_at=at) == h:
                raise InputError(f"line {n}: already hashed with the current scheme: import the file as it is")
            raise InputError(f"line {n}: the hash of seq {seq} of {sid} does not match its content under the old "
                             "scheme either: the event was altered; nothing converted")
        new = ev.chain_hash(new_prev, body, session=sid, seq=seq, etype=etype, recorded_at=at)
        last[sid] = (seq, h, new)
        yield ev.canonical_json({**obj, "prev_hash": new_prev, "hash": new})


def seal_session(store: object, session: str, at: str) -> Seal:
    """Seal the head of `session` after checking its chain (links and hashes): a broken log is
    never sealed (`IntegrityError` naming the seq)."""
    from .verify import chain_intact

    seq, head = chain_intact(store, session)
    return make_seal(session, seq, head, at)
