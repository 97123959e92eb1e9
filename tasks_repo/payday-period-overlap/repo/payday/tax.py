"""Income tax by annual bands, spread evenly over the pay periods of a year."""

from __future__ import annotations

from decimal import Decimal

from .money import to_cents

# (upper end of the band in a year, or None for everything above; rate)
BANDS: tuple[tuple[Decimal | None, Decimal], ...] = (
    (Decimal(12570), Decimal("0")),
    (Decimal(50270), Decimal("0.20")),
    (Decimal(125140), Decimal("0.40")),
    (None, Decimal("0.45")),
)


def annual_tax(income: Decimal) -> Decimal:
    """Tax on a year's taxable income, each band at its own rate."""
    tax = Decimal(0)
    lower = Decimal(0)
    for upper, rate in BANDS:
        if income <= lower:
            break
        top = income if upper is None else min(income, upper)
        tax += (top - lower) * rate
        if upper is None:
            break
        lower = upper
    return to_cents(tax)


def period_tax(gross: Decimal, periods_per_year: int) -> Decimal:
    """Tax on one period's pay, as if every period of the year paid the same."""
    if periods_per_year < 1:
        raise ValueError(f"periods per year must be positive, got {periods_per_year}")
    return to_cents(annual_tax(gross * periods_per_year) / periods_per_year)
