"""User text made safe to show: one rule for every export and for the terminal.

Text typed at the table (notes, reasons, titles, names, pot names) is stored as typed. Where
it is shown to a person or written into a line-based file it goes through `printable`:

- every character a terminal, a line reader or a text layout would act on instead of
  showing is written as an escape, so it can neither forge a line nor drive the terminal:
  control characters (Unicode ``Cc``: C0 including tab, CR, LF, VT, FF, ESC and BEL, DEL,
  and C1 including U+0085 NEL), format characters (``Cf``: the bidi embeddings, overrides
  and isolates U+202A-U+202E and U+2066-U+2069, the marks U+200E/U+200F/U+061C,
  zero-width and other invisible characters), the line and paragraph separators U+2028 and
  U+2029 (``Zl``, ``Zp``) and lone surrogates (``Cs``);
- the escape is the one Python uses: ``\\t``, ``\\n``, ``\\r``, else ``\\xNN``,
  ``\\uNNNN`` or ``\\UNNNNNNNN`` (so ESC is ``\\x1b``, U+202E is ``\\u202e``);
- everything else (letters of any script, spaces, punctuation, symbols, emoji, a backslash)
  is left exactly as typed, so ordinary text reads the same and a name compares equal.

`csv_cell` is the rule for CSV text cells (see its docstring); `json_safe` keeps JSON data
exactly the data while writing those same characters as JSON escapes.
"""

from __future__ import annotations

from collections.abc import Sequence

_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}
_HIDDEN = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
_SAFE: dict[str, bool] = {}  # per character: shown as it is? (a cache; the set of characters met is small)


def _shown(ch: str) -> bool:
    safe = _SAFE.get(ch)
    if safe is None:
        import unicodedata  # only when some text is not plainly printable: it costs a CLI start

        safe = _SAFE[ch] = unicodedata.category(ch) not in _HIDDEN
    return safe


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str) -> str:
    """`text` with every control, format, line-break and bidi character written as an escape
    (``\\n``, ``\\x1b``, ``\\u202e``); ordinary text is returned unchanged."""
    if text.isprintable():  # the common case, in C: nothing to escape
        return text
    return "".join(ch if _shown(ch) else _escape(ch) for ch in text)


def is_printable(text: str) -> bool:
    """True when `printable` would return `text` unchanged."""
    return text.isprintable() or all(_shown(ch) for ch in text)


# Leading characters a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"),
# with their full-width forms, which some spreadsheets read the same way.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def csv_cell(text: str) -> str:
    """A CSV text cell that no spreadsheet runs as a formula: text starting with ``=``, ``+``,
    ``-``, ``@``, tab or CR (or the full-width ``＝ ＋ － ＠``) gets a leading single quote, as
    OWASP advises; any other text is unchanged. For text columns only: integer columns are
    written as numbers, so a chip amount of -10 stays a number."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def json_safe(encoded: str) -> str:
    """JSON text (as `json.dumps(..., ensure_ascii=False)` writes it) with every character
    `printable` would escape written as a JSON ``\\uXXXX`` escape instead of raw: the same
    JSON value, so it parses to the very same data, but no line break (U+2028, U+0085) a
    line reader splits on and no control or bidi character reaches a file or a terminal
    raw. JSON already escapes C0 characters; ordinary text is unchanged, byte for byte."""
    if encoded.isprintable():
        return encoded
    out = []
    for ch in encoded:
        if _shown(ch) or ch == "\n":  # "\n" only occurs between values (indent), never in a string
            out.append(ch)
            continue
        code = ord(ch)
        if code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:  # a surrogate pair, as JSON spells a character beyond the BMP
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
    return "".join(out)


def listed(words: Sequence[str]) -> str:
    """Words as a person lists them: "Ann", "Ann and Ben", "Ann, Ben and Cy"."""
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]
