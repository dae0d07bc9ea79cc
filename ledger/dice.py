"""Dice: faces 1..N for the game's die size, parsed with errors a player understands."""

from __future__ import annotations

import re

from .errors import InputError

MAX_SIDES = 100


def check_sides(sides: int) -> int:
    if not isinstance(sides, int) or isinstance(sides, bool) or not 2 <= sides <= MAX_SIDES:
        raise InputError(f"a die has 2 to {MAX_SIDES} sides, not {sides!r}")
    return sides


def parse_face(text: str | int, sides: int = 6) -> int:
    """One face; ``7`` on a six-sided die is refused with the faces that exist."""
    check_sides(sides)
    s = str(text).strip()
    if not re.fullmatch(r"[0-9]{1,3}", s):
        raise InputError(f"{s[:20]!r} is not a die face: write a whole number from 1 to {sides}")
    face = int(s)
    if not 1 <= face <= sides:
        raise InputError(f"{face} is not a face of a {sides}-sided die: faces are 1 to {sides}")
    return face


def parse_faces(text: str | list[str] | list[int] | tuple[str | int, ...], sides: int = 6) -> list[int]:
    """Faces given as ``3 5 6``, ``3,5,6`` or a list; at least one."""
    items = [x for x in re.split(r"[,\s]+", text.strip()) if x] if isinstance(text, str) else list(text)
    if not items:
        raise InputError(f"name the faces rolled, like '3 5 6' (each 1 to {sides})")
    return [parse_face(x, sides) for x in items]
