"""Settle up: who pays whom at the end of a night, in as few payments as possible.

Each party's net result (chips won, negative for chips lost) must add up to zero. Paying
off a group of parties whose nets add up to zero takes one payment fewer than the group
has members, and never fewer; so the fewest payments overall is the number of parties
with a non-zero net minus the largest number of disjoint zero-sum groups they split into.

- Exact (`EXACT_LIMIT` parties or fewer after pairing off equal and opposite nets, which
  is always part of some best answer): a dynamic programme over subsets finds the largest
  number of zero-sum groups (the classic zero-sum subset partition); each group is then
  paid off largest debtor to largest creditor, one payment fewer than its size.
- Beyond that: largest debtor pays largest creditor until everyone is square, which takes
  at most one payment fewer than the number of parties; the result says it may not be
  the fewest.

Money is `Decimal`: chips times the rate per chip, exact (no float anywhere). Ties are
broken by name, so the same nets always give the same payments.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from .errors import InputError, RuleViolation

EXACT_LIMIT = 18


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    chips: int
    money: Decimal | None = None


@dataclass(frozen=True)
class Settlement:
    """The payments, whether they are proven the fewest, and a note when not."""

    payments: tuple[Payment, ...]
    exact: bool
    note: str = ""
    rate: Decimal | None = None

    def to_data(self) -> dict[str, object]:
        return {
            "exact": self.exact, "note": self.note, "transfers": len(self.payments),
            "rate": None if self.rate is None else str(self.rate),
            "payments": [{"from": p.payer, "to": p.payee, "chips": p.chips,
                          "money": None if p.money is None else str(p.money)} for p in self.payments],
        }


def parse_rate(text: str) -> Decimal:
    """A money value per chip, like ``0.25`` or ``1``; refused if not a positive decimal."""
    try:
        rate = Decimal(text.strip())
    except (InvalidOperation, AttributeError):
        raise InputError(f"--rate {text!r} is not a number: give the money one chip is worth, like 0.25") from None
    if not rate.is_finite() or rate <= 0:
        raise InputError(f"--rate must be a positive amount of money per chip, like 0.25, not {text!r}")
    exponent = rate.as_tuple().exponent  # an int: the rate is finite
    if not isinstance(exponent, int) or exponent < -12 or rate.adjusted() > 12:
        raise InputError(f"--rate {text!r} is out of range: 1e-12 to 1e12 per chip")
    return rate


def _pay_off(group: list[tuple[str, int]]) -> list[tuple[str, str, int]]:
    """Payments that square a zero-sum group: largest debtor to largest creditor."""
    owe = {p: -n for p, n in group if n < 0}
    due = {p: n for p, n in group if n > 0}
    out = []
    while owe and due:
        payer = min(owe, key=lambda p: (-owe[p], p))
        payee = min(due, key=lambda p: (-due[p], p))
        amount = min(owe[payer], due[payee])
        out.append((payer, payee, amount))
        owe[payer] -= amount
        due[payee] -= amount
        if not owe[payer]:
            del owe[payer]
        if not due[payee]:
            del due[payee]
    return out


def _max_groups(values: list[int]) -> list[list[int]]:
    """Split indexes of `values` (summing to 0) into the most zero-sum groups."""
    n = len(values)
    if n == 0:
        return []
    full = (1 << n) - 1
    total = [0] * (1 << n)
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        i = low.bit_length() - 1
        total[mask] = total[mask ^ low] + values[i]
        b = 0
        m = mask
        while m:
            bit = m & -m
            v = best[mask ^ bit]
            if v > b:
                b = v
            m ^= bit
        best[mask] = b + (1 if total[mask] == 0 else 0)
    # walk back: remove members one at a time, cutting a group wherever the rest sums to 0
    order: list[int] = []
    mask = full
    while mask:
        want = best[mask] - (1 if total[mask] == 0 else 0)
        m = mask
        while m:
            bit = m & -m
            if best[mask ^ bit] == want:
                break
            m ^= bit
        order.append(bit.bit_length() - 1)
        mask ^= bit
    order.reverse()  # the order members were added in; prefix sums hit 0 at group ends
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for i in order:
        current.append(i)
        running += values[i]
        if running == 0:
            groups.append(current)
            current = []
    return groups


def settle(nets: dict[str, int], rate: Decimal | None = None, *, exact_limit: int = EXACT_LIMIT) -> Settlement:
    """The fewest payments that square `nets` (party -> chips won, negative if lost)."""
    parties = sorted((p, n) for p, n in nets.items() if n)
    total = sum(n for _, n in parties)
    if total:
        raise RuleViolation(
            f"the results do not add up to zero ({total:+d} chips): chips are still in a pot or in carry; "
            "finish the hand and pay out the carry before settling"
        )
    # pair off equal and opposite nets first: some fewest answer always does
    payments: list[tuple[str, str, int]] = []
    rest: list[tuple[str, int]] = []
    waiting: dict[int, list[str]] = {}
    for p, n in parties:
        if waiting.get(-n):
            other = waiting[-n].pop(0)
            payments.append((p, other, -n) if n < 0 else (other, p, n))
        else:
            waiting.setdefault(n, []).append(p)
    rest = sorted((p, n) for n, names in waiting.items() for p in names)
    exact = len(rest) <= exact_limit
    note = ""
    if exact:
        for group in _max_groups([n for _, n in rest]):
            payments += _pay_off([rest[i] for i in group])
    else:
        payments += _pay_off(rest)
        note = (f"{len(rest)} players still to square after pairing equal results: this is a good answer "
                f"(at most {len(rest) - 1} payments), found greedily; the proven fewest is computed for up to "
                f"{exact_limit}")
    payments.sort(key=lambda t: (t[0], t[1]))
    return Settlement(
        tuple(Payment(a, b, c, None if rate is None else c * rate) for a, b, c in payments),
        exact, note, rate,
    )
