"""Temperature quantities as written by the sensors: '21.5C', '70.7F', '294.2K'."""

from __future__ import annotations

SCALES = ("C", "F", "K")


class UnitError(ValueError):
    """A reading whose unit we do not know."""


def split_quantity(text: str) -> tuple[float, str]:
    """'21.5C' -> (21.5, 'C'); spaces and a degree sign are allowed: '21.5 °C'."""
    cleaned = text.strip().replace("°", "").replace(" ", "")
    if not cleaned:
        raise UnitError("empty reading")
    scale = cleaned[-1].upper()
    if scale not in SCALES:
        raise UnitError(f"unknown unit in {text!r} (expected one of {', '.join(SCALES)})")
    return float(cleaned[:-1]), scale


def to_celsius(value: float, scale: str) -> float:
    """Convert a temperature on ``scale`` to degrees Celsius."""
    if scale == "C":
        return value
    if scale == "F":
        return (value - 32) * 9 / 5
    if scale == "K":
        return value - 273.15
    raise UnitError(f"unknown scale {scale!r}")


def parse_celsius(text: str) -> float:
    value, scale = split_quantity(text)
    return round(to_celsius(value, scale), 3)
