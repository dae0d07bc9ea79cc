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

Money is `Decimal`: chips times the rate per chip, computed exactly (no float anywhere),
then given in the currency's two decimals (rounded half up to the cent; the note says so when
a payment had to be rounded). Ties are broken by name, so the same nets always give the same
payments.

Several sessions settle together (`combine`) only when each adds up to zero on its own (the
one that does not is named) and they all count the same unit (`chip_unit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from .errors import InputError, RuleViolation
from .units import cents, plural, to_cents, unit_for

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
    unit: str = "chip"

    def to_data(self) -> dict[str, object]:
        return {
            "exact": self.exact, "note": self.note, "transfers": len(self.payments),
            "rate": None if self.rate is None else str(self.rate),
            "payments": [{"from": p.payer, "to": p.payee, "chips": p.chips,
                          "money": None if p.money is None else cents(p.money)} for p in self.payments],
        }


@dataclass(frozen=True)
class SessionNets:
    """One session's net results (party -> chips won, the house too) and its chip unit."""

    session: str
    nets: dict[str, int]
    unit: str = "chip"


def check_session(one: SessionNets) -> None:
    """Refuse a session whose results do not add up to zero, naming it."""
    total = sum(one.nets.values())
    if total:
        raise RuleViolation(
            f"session {one.session}: the results do not add up to zero ({total:+d} {unit_for(total, one.unit)}): "
            f"{plural(one.unit)} are still in a pot or in carry; finish the hand and pay out the carry before settling"
        )


def combine(sessions: list[SessionNets], rate: Decimal | None = None) -> tuple[dict[str, int], str]:
    """The summed nets of `sessions` and their common unit.

    Refused (naming them) when a session does not add up to zero, or when the sessions count
    different units: chips of one game and tokens of another are not the same money."""
    for one in sessions:
        check_session(one)
    units: dict[str, list[str]] = {}
    for one in sessions:
        units.setdefault(one.unit or "chip", []).append(one.session)
    if len(units) > 1:
        listed = "; ".join(f"{unit}: {', '.join(sids)}" for unit, sids in sorted(units.items()))
        under = "under one --rate" if rate is not None else "together"
        raise InputError(f"cannot settle sessions counted in different units {under} ({listed}): "
                         "settle each unit on its own with --session")
    nets: dict[str, int] = {}
    for one in sessions:
        for party, n in one.nets.items():
            nets[party] = nets.get(party, 0) + n
    return nets, next(iter(units), "chip")


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


def settle(nets: dict[str, int], rate: Decimal | None = None, *, exact_limit: int = EXACT_LIMIT,
           unit: str = "chip") -> Settlement:
    """The fewest payments that square `nets` (party -> chips won, negative if lost)."""
    parties = sorted((p, n) for p, n in nets.items() if n)
    total = sum(n for _, n in parties)
    if total:
        raise RuleViolation(
            f"the results do not add up to zero ({total:+d} {unit_for(total, unit)}): {plural(unit)} are still in a pot or in carry; "
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
    out: list[Payment] = []
    rounded = False
    for a, b, c in payments:
        money = None
        if rate is not None:
            money = to_cents(c * rate)
            rounded = rounded or money != c * rate
        out.append(Payment(a, b, c, money))
    if rounded:
        note = (note + "; " if note else "") + f"money rounded to the cent (rate {rate} per {unit_for(1, unit)})"
    return Settlement(tuple(out), exact, note, rate, unit)
