"""Durations as written in config files: '30' or '30s' (seconds), '500ms', '2m', '1h'."""

from __future__ import annotations

import re

PATTERN = re.compile(r"^(?P<number>\d+(?:\.\d+)?)\s*(?P<unit>ms|s|m|h)?$")
FACTORS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}


def parse_duration(text: str) -> float:
    """Seconds as a float; a number without a unit means seconds."""
    match = PATTERN.match(text.strip().lower())
    if not match:
        raise ValueError(f"not a duration: {text!r} (e.g. 30, 30s, 500ms, 2m, 1h)")
    number = float(match["number"])
    unit = match["unit"]
    if unit is None:
        return number / 1000
    return number * FACTORS[unit]


def format_duration(seconds: float) -> str:
    if seconds < 1:
        return f"{round(seconds * 1000)}ms"
    if seconds < 60:
        return f"{seconds:g}s"
    if seconds < 3600:
        return f"{seconds / 60:g}m"
    return f"{seconds / 3600:g}h"
