"""What a count of chips (or anything) is called, and money to the cent.

One place for plurals: ``amount(5, "token")`` is ``"5 tokens"``, ``amount(1, "token")`` is
``"1 token"``. The unit is the session's ``chip_unit`` (``chip`` unless ``new --unit`` said
otherwise). Money is printed with the currency's two decimals: ``cents(Decimal("7.5"))`` is
``"7.50"``.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext

CENT = Decimal("0.01")


def plural(unit: str) -> str:
    """The plural of a unit name: chip -> chips, penny -> pennies, box -> boxes."""
    word = unit.strip() or "chip"
    low = word.lower()
    if low.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def unit_for(n: int, unit: str) -> str:
    """`unit` as it reads after the number `n`: singular for 1 and -1, plural otherwise."""
    word = unit.strip() or "chip"
    return word if abs(n) == 1 else plural(word)


def amount(n: int, unit: str = "chip") -> str:
    """``n`` with its unit: ``1 token``, ``5 tokens``, ``0 chips``."""
    return f"{n} {unit_for(n, unit)}"


def to_cents(money: Decimal) -> Decimal:
    """`money` rounded to the cent (half up), always with two decimals."""
    with localcontext() as ctx:
        ctx.prec = 60  # wide enough that no sane amount loses a digit before the cents
        return money.quantize(CENT, rounding=ROUND_HALF_UP)


def cents(money: Decimal) -> str:
    """`money` as printed: two decimals, ``7.50``."""
    return f"{to_cents(money):f}"
