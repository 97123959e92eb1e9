"""Units of volume, mass and count, with conversion and metric display."""

from __future__ import annotations

UNITS: dict[str, tuple[str, float]] = {
    "ml": ("volume", 1), "l": ("volume", 1000), "tsp": ("volume", 5), "tbsp": ("volume", 15),
    "cup": ("volume", 240), "g": ("mass", 1), "kg": ("mass", 1000), "oz": ("mass", 28),
    "lb": ("mass", 448), "pc": ("count", 1),
}
BASE = {"volume": "ml", "mass": "g", "count": "pc"}


class UnitError(ValueError):
    """Unknown unit, or a conversion across dimensions."""


def _lookup(unit: str) -> tuple[str, float]:
    key = unit.lower()
    if key not in UNITS:
        raise UnitError(f"unknown unit {unit!r}")
    return UNITS[key]


def dimension(unit: str) -> str:
    return _lookup(unit)[0]


def convert(amount: float, from_unit: str, to_unit: str) -> float:
    dim_a, factor_a = _lookup(from_unit)
    dim_b, factor_b = _lookup(to_unit)
    if dim_a != dim_b:
        raise UnitError(f"cannot convert {from_unit} ({dim_a}) to {to_unit} ({dim_b})")
    return amount * factor_a / factor_b


def to_display(amount: float, unit: str) -> tuple[float, str]:
    dim = dimension(unit)
    base = convert(amount, unit, BASE[dim])
    if dim == "volume" and base >= 1000:
        return base / 1000, "l"
    if dim == "mass" and base >= 1000:
        return base / 1000, "kg"
    return base, BASE[dim]


def format_amount(x: float) -> str:
    text = f"{round(x, 2):.2f}"
    return text.rstrip("0").rstrip(".")
