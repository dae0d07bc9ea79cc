"""Player names: one cleaning rule, and one idea of when two names are the same person.

A name is what the table calls a player (and what a board, a side pot or a chip unit is
called): 1 to 40 characters in Unicode NFC form, with no control, format (zero-width,
text-direction), line-break, surrogate, private-use or unassigned character, no space other
than the plain one, no ``:``, and no space at either end. `clean_name` normalises typed input
to NFC and refuses the rest with one line naming the bad character; `name_problem` says what
is wrong with a stored name (the event models use it, so an import is held to the same rule).

Two names are the same person when their `skeleton`s are equal: NFKC, common Cyrillic and
Greek look-alikes mapped to Latin letters, dashes and quotes unified, runs of spaces
collapsed, then case-folded. `Ann`, `ann`, `ＡＮＮ` and `Аnn` (a Cyrillic A) share one
skeleton; a table refuses to seat a second of them (`confusable_with`), and a command that
names a seated player in another case finds them (`resolve`).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Iterable

MAX_LEN = 40
ALLOWED = "use letters, digits, spaces and - ' ."

# Characters that render as nothing (Unicode's Default_Ignorable_Code_Point, less what the
# categories below catch already): variation selectors, fillers, the combining grapheme joiner.
_IGNORABLE = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0x1BCA0, 0x1BCA3), (0xE0000, 0xE0FFF),
)
_BIDI = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
_LINE_BREAKS = {0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029}
_CONTROL_NAMES = {
    0x00: "NULL", 0x07: "BELL", 0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED",
    0x0B: "LINE TABULATION", 0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE",
    0x7F: "DELETE", 0x85: "NEXT LINE",
}


def _char_name(ch: str) -> str:
    code = ord(ch)
    return _CONTROL_NAMES.get(code) or unicodedata.name(ch, "") or (
        "CONTROL" if unicodedata.category(ch) == "Cc" else "UNNAMED")


def _label(ch: str) -> str:
    return f"U+{ord(ch):04X} {_char_name(ch)}"


def shown(text: str) -> str:
    """`text` quoted, with every character a terminal would not print as itself escaped."""
    out = []
    for ch in text[:60]:
        if ch.isprintable() and not _is_ignorable(ch):
            out.append("\\'" if ch == "'" else ch)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "'" + "".join(out) + ("…" if len(text) > 60 else "") + "'"


def _is_ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _IGNORABLE)


def _bad_char(ch: str) -> str | None:
    """Why `ch` cannot be in a name, or None."""
    code = ord(ch)
    if ch == ":":
        return "a ':' (potlog uses it in account names such as seat:Ann)"
    if code in _LINE_BREAKS:
        return f"a line break {_label(ch)}"
    cat = unicodedata.category(ch)
    if cat == "Cc":
        return f"a control character {_label(ch)}"
    if cat in ("Zl", "Zp"):
        return f"a line break {_label(ch)}"
    if code in _BIDI:
        return f"a text-direction character {_label(ch)}"
    if cat == "Cf" or _is_ignorable(ch):
        return f"an invisible character {_label(ch)}"
    if cat == "Cs":
        return f"a lone surrogate {_label(ch)}"
    if cat == "Co":
        return f"a private-use character {_label(ch)}"
    if cat == "Cn":
        return f"an unassigned character U+{code:04X}"
    if cat == "Zs" and ch != " ":
        return f"a special space {_label(ch)} (use a plain space)"
    return None


@lru_cache(maxsize=8192)
def name_problem(name: str) -> str | None:
    """What is wrong with `name` as stored (it must already be NFC), or None if it is a name."""
    if not isinstance(name, str) or not name:
        return "a name needs 1 to 40 characters"
    if name.isascii():  # the usual case, without a look at each character's category
        if name.isprintable() and ":" not in name and name[0] != " " and name[-1] != " " and len(name) <= MAX_LEN:
            return None
    for ch in name:
        why = _bad_char(ch)
        if why is not None:
            return f"name {shown(name)} has {why}: {ALLOWED}"
    if name != name.strip() or name[0].isspace() or name[-1].isspace():
        return f"name {shown(name)} has a space at one end: {ALLOWED}, and no space at either end"
    if len(name) > MAX_LEN:
        return f"name {shown(name)} is {len(name)} characters long: at most {MAX_LEN}"
    if unicodedata.normalize("NFC", name) != name:
        return f"name {shown(name)} is not in Unicode NFC form (the composed form potlog stores)"
    return None


def clean_name(raw: str) -> str:
    """Typed input -> the name as stored (NFC), or `InputError` naming the bad character."""
    from .errors import InputError

    if not isinstance(raw, str):
        raise InputError("a name is text")
    name = unicodedata.normalize("NFC", raw)
    why = name_problem(name)
    if why is not None:
        raise InputError(why)
    return name


# ----------------------------------------------------------------------------- sameness

_HOMOGLYPHS = str.maketrans({
    # Cyrillic that looks Latin
    "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M", "Н": "H",
    "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X", "Ү": "Y", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
    "а": "a", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j", "ӏ": "l", "о": "o",
    "р": "p", "ԛ": "q", "ѕ": "s", "ԝ": "w", "х": "x", "у": "y", "ү": "y", "ь": "b",
    # Greek that looks Latin
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v", "ι": "i", "κ": "k",
    "ρ": "p", "υ": "u", "χ": "x", "α": "a",
    # Latin letters that look like others
    "ı": "i", "ȷ": "j", "ſ": "s",
    # dashes and quotes
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-", "﹣": "-",
    "’": "'", "‘": "'", "ʼ": "'", "′": "'", "`": "'", "´": "'", "ʹ": "'",
})


@lru_cache(maxsize=8192)
def skeleton(name: str) -> str:
    """What `name` looks like, for comparing: equal skeletons, the same person."""
    text = unicodedata.normalize("NFKC", name).translate(_HOMOGLYPHS)
    text = " ".join(text.split())
    return unicodedata.normalize("NFKC", text.casefold())


def confusable_with(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that looks like `name` without being it, or None."""
    key = skeleton(name)
    for other in others:
        if other != name and skeleton(other) == key:
            return other
    return None


def resolve(typed: str, names: Iterable[str]) -> str | None:
    """The one of `names` that `typed` means (exactly, else by skeleton: any case, look-alike
    letters), or None when there is none or more than one."""
    pool = list(names)
    if typed in pool:
        return typed
    typed = unicodedata.normalize("NFC", typed)
    if typed in pool:
        return typed
    key = skeleton(typed)
    hits = [n for n in pool if skeleton(n) == key]
    return hits[0] if len(hits) == 1 else None
