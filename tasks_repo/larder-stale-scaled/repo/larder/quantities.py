"""Quantities as recipes write them: '200 g', '1 1/2 cup', '2' (pieces), and how they print."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .units import BASE, unit

NUMBER = re.compile(r"^(\d+(?:\.\d+)?)(?:\s+(\d+)/(\d+))?$|^(\d+)/(\d+)$")


def parse_number(text: str) -> Fraction:
    """'2', '0.5', '1/2' or '1 1/2' -> Fraction."""
    match = NUMBER.match(text.strip())
    if not match:
        raise ValueError(f"not an amount: {text!r}")
    whole, num, den, frac_num, frac_den = match.groups()
    if whole is not None:
        value = Fraction(whole)
        return value + Fraction(int(num), int(den)) if num else value
    return Fraction(int(frac_num), int(frac_den))


def format_number(value: Fraction) -> str:
    """Up to two decimals, no trailing zeros: Fraction(3, 2) -> '1.5', Fraction(1, 3) -> '0.33'."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Quantity:
    amount: Fraction
    unit: str = "pc"

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError(f"a quantity cannot be negative: {self.amount}")
        unit(self.unit)

    @property
    def dimension(self) -> str:
        return unit(self.unit).dimension

    @property
    def base(self) -> Fraction:
        """The amount in grams, millilitres or pieces."""
        return self.amount * unit(self.unit).to_base

    def times(self, factor: Fraction) -> Quantity:
        return Quantity(self.amount * factor, self.unit)

    def __str__(self) -> str:
        if self.unit == BASE["count"]:
            return format_number(self.amount)
        return f"{format_number(self.amount)} {self.unit}"
