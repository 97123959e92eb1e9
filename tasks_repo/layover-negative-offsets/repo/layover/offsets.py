"""UTC offsets as written in timetables ('+05:30', '-0500', 'Z') and as minutes east of UTC."""

from __future__ import annotations

import re

OFFSET = re.compile(r"^([+-])(\d{2}):?(\d{2})$")


def parse_offset(text: str) -> int:
    """Minutes east of UTC: '+05:30' -> 330, 'Z' or 'UTC' -> 0; ValueError for anything else."""
    cleaned = text.strip().upper()
    if cleaned in ("Z", "UTC"):
        return 0
    match = OFFSET.match(cleaned)
    if not match:
        raise ValueError(f"not a UTC offset: {text!r} (expected e.g. +05:30, -0500 or Z)")
    sign = -1 if match.group(1) == "-" else 1
    hours, minutes = int(match.group(2)), int(match.group(3))
    if hours > 14 or minutes >= 60:
        raise ValueError(f"UTC offset out of range: {text!r}")
    return sign * hours * 60 + minutes


def format_offset(minutes: int) -> str:
    """330 -> '+05:30', -300 -> '-05:00'."""
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}:{rest:02d}"
