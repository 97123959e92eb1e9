"""Amounts of money as Decimal, rounded to cents the way payslips show them."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


def to_cents(amount: Decimal | int | str) -> Decimal:
    """Round half up to whole cents."""
    return Decimal(amount).quantize(CENT, rounding=ROUND_HALF_UP)


def fmt(amount: Decimal) -> str:
    """Thousands separated, two decimals: Decimal('1234.5') -> '1,234.50'."""
    return f"{to_cents(amount):,.2f}"


def parse_amount(text: str) -> Decimal:
    """'1,234.50' or '15' -> Decimal; ValueError for anything else."""
    cleaned = text.strip().replace(",", "")
    try:
        value = Decimal(cleaned)
    except ArithmeticError:
        raise ValueError(f"not an amount: {text!r}") from None
    if not value.is_finite():
        raise ValueError(f"not an amount: {text!r}")
    return to_cents(value)
