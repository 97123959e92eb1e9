"""Letter grades from percentages, and how percentages are shown."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

SCALE = ((90.0, "A"), (80.0, "B"), (70.0, "C"), (60.0, "D"), (50.0, "E"))


def one_decimal(percent: float) -> float:
    """Rounded to one decimal, halves up (89.15 -> 89.2), as printed on report cards."""
    return float(Decimal(repr(percent)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def letter(percent: float) -> str:
    """The letter of the rounded percentage: A from 90, B from 80, ... E from 50, else F."""
    shown = one_decimal(percent)
    if not 0 <= shown <= 100:
        raise ValueError(f"a percentage is between 0 and 100, got {percent}")
    return next((grade for floor, grade in SCALE if shown >= floor), "F")
