"""What is already at home, counted in grams, millilitres or pieces."""

from __future__ import annotations

from fractions import Fraction

from .ingredients import normalise_name, parse_ingredient


class Pantry:
    def __init__(self) -> None:
        self._stock: dict[tuple[str, str], Fraction] = {}

    def put(self, line: str) -> None:
        """Add what a line like '500 g flour' or '6 eggs' says."""
        item = parse_ingredient(line)
        key = (item.name, item.quantity.dimension)
        self._stock[key] = self._stock.get(key, Fraction(0)) + item.quantity.base

    def has(self, name: str, dimension: str) -> Fraction:
        return self._stock.get((normalise_name(name), dimension), Fraction(0))
