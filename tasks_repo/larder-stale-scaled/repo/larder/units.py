"""Kitchen units, each a multiple of a base unit: grams, millilitres or pieces."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Unit:
    symbol: str
    dimension: str  # "mass", "volume" or "count"
    to_base: Fraction


UNITS: dict[str, Unit] = {u.symbol: u for u in (
    Unit("g", "mass", Fraction(1)),
    Unit("kg", "mass", Fraction(1000)),
    Unit("ml", "volume", Fraction(1)),
    Unit("l", "volume", Fraction(1000)),
    Unit("tsp", "volume", Fraction(5)),
    Unit("tbsp", "volume", Fraction(15)),
    Unit("cup", "volume", Fraction(240)),
    Unit("pc", "count", Fraction(1)),
)}
ALIASES = {"gram": "g", "grams": "g", "kilo": "kg", "litre": "l", "liter": "l", "cups": "cup",
           "teaspoon": "tsp", "teaspoons": "tsp", "tablespoon": "tbsp", "tablespoons": "tbsp"}
BASE = {"mass": "g", "volume": "ml", "count": "pc"}
LARGE = {"mass": "kg", "volume": "l"}


def unit(symbol: str) -> Unit:
    key = symbol.strip().lower()
    key = ALIASES.get(key, key)
    if key not in UNITS:
        raise KeyError(f"unknown unit {symbol!r} (known: {', '.join(UNITS)})")
    return UNITS[key]


def convert(amount: Fraction, source: str, target: str) -> Fraction:
    a, b = unit(source), unit(target)
    if a.dimension != b.dimension:
        raise ValueError(f"cannot convert {a.symbol} ({a.dimension}) to {b.symbol} ({b.dimension})")
    return amount * a.to_base / b.to_base


def for_display(amount: Fraction, dimension: str) -> tuple[Fraction, str]:
    """A base amount in the unit a shopper reads best: 1500 g -> (3/2, 'kg'), 250 ml -> (250, 'ml')."""
    large = LARGE.get(dimension)
    if large and amount >= UNITS[large].to_base:
        return amount / UNITS[large].to_base, large
    return amount, BASE[dimension]
