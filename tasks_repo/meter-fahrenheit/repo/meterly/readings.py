"""Rows of a sensor log: 'sensor;timestamp;quantity'."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .timeutil import parse_time
from .units import parse_celsius


@dataclass(frozen=True)
class Reading:
    sensor: str
    at: datetime
    celsius: float


def parse_row(line: str) -> Reading:
    parts = [p.strip() for p in line.split(";")]
    if len(parts) != 3:
        raise ValueError(f"expected 'sensor;timestamp;quantity', got {line!r}")
    sensor, stamp, quantity = parts
    return Reading(sensor, parse_time(stamp), parse_celsius(quantity))


def parse_log(text: str) -> list[Reading]:
    """Every non-empty, non-comment line of a log."""
    out = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            out.append(parse_row(line))
    return out
