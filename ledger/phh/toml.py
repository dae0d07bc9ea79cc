"""The TOML a PHH file is, read quickly: most hand histories (every file PokerKit writes) are
one ``key = value`` a line, the values single-quoted strings, whole numbers, booleans and
one-line arrays of them. `loads` reads exactly that subset with a few regular expressions and
hands anything else (comments after a value, arrays over several lines, escapes, floats,
inline tables) to `tomllib`, so the result is always what `tomllib.loads` gives, or its error.

``.phhs`` files (several hands, one table each: ``[1]``, ``[2]``, ...) are read the same way,
a bare table header a line.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

_KEY = r"[A-Za-z0-9_-]+"
_INT = r"[+-]?(?:0|[1-9][0-9]*)"
_NUM = rf"{_INT}(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
_STR = r"'[^'\n\r\x00-\x08\x0b-\x1f\x7f]*'|\"[^\"\\\n\r\x00-\x08\x0b-\x1f\x7f]*\""
_LINE = re.compile(rf"({_KEY}) *= *(.*?)[ \t]*")
_HEADER = re.compile(rf"\[ *({_KEY}) *\][ \t]*")
_ONE_STR = re.compile(_STR)
_ONE_INT = re.compile(_INT)
_ONE_NUM = re.compile(_NUM)
_STRS = re.compile(rf"\[ *(?:(?:{_STR}) *, *)*(?:(?:{_STR}) *,? *)?\]")
_INTS = re.compile(rf"\[ *(?:{_INT} *, *)*(?:{_INT} *,? *)?\]")
_NUMS = re.compile(rf"\[ *(?:{_NUM} *, *)*(?:{_NUM} *,? *)?\]")
_STR_ITEM = re.compile(r"'([^']*)'|\"([^\"]*)\"")


class _Other(Exception):
    """A line outside the quick subset: `tomllib` reads the whole text."""


def _value(text: str) -> Any:
    first = text[:1]
    if first == "'" or first == '"':
        if _ONE_STR.fullmatch(text):
            return text[1:-1]
    elif first == "[":
        if text[1:2] in ("'", '"') or text[2:3] in ("'", '"'):
            if _STRS.fullmatch(text):
                return [a or b for a, b in _STR_ITEM.findall(text)]
        elif _INTS.fullmatch(text):
            return [int(x) for x in text[1:-1].split(",") if x.strip()]
        elif _NUMS.fullmatch(text):
            return [_number(x.strip()) for x in text[1:-1].split(",") if x.strip()]
    elif text == "true":
        return True
    elif text == "false":
        return False
    elif _ONE_INT.fullmatch(text):
        return int(text)
    elif _ONE_NUM.fullmatch(text):
        return float(text)
    raise _Other


def _number(text: str) -> int | float:
    return int(text) if _ONE_INT.fullmatch(text) else float(text)


def _quick(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    table = out
    for line in text.split("\n"):
        line = line.strip(" \t\r")
        if not line or line[0] == "#":
            continue
        m = _LINE.fullmatch(line)
        if m is None:
            h = _HEADER.fullmatch(line)
            if h is None or h.group(1) in out:
                raise _Other
            table = out[h.group(1)] = {}
            continue
        key = m.group(1)
        if key in table:
            raise _Other
        table[key] = _value(m.group(2))
    return out


def loads(text: str) -> dict[str, Any]:
    """`text` read as TOML: the same table `tomllib.loads` gives (its `TOMLDecodeError` too)."""
    try:
        return _quick(text)
    except _Other:
        return tomllib.loads(text)
