"""Cleaning: one reading per sensor and minute, implausible values dropped."""

from __future__ import annotations

from .readings import Reading

PLAUSIBLE = (-60.0, 70.0)


def dedupe(readings: list[Reading]) -> list[Reading]:
    """Keep the last reading of each (sensor, minute)."""
    latest: dict[tuple[str, object], Reading] = {}
    for r in readings:
        latest[(r.sensor, r.at)] = r
    return sorted(latest.values(), key=lambda r: (r.sensor, r.at))


def plausible(readings: list[Reading], low: float = PLAUSIBLE[0], high: float = PLAUSIBLE[1]) -> list[Reading]:
    return [r for r in readings if low <= r.celsius <= high]


def clean(readings: list[Reading]) -> list[Reading]:
    return plausible(dedupe(readings))
