"""Repeating jobs: 'every 15m starting 2h' -> run times in seconds from midnight."""

from __future__ import annotations

import re

from .durations import parse_duration

RULE = re.compile(r"^every\s+(?P<every>\S+)(?:\s+starting\s+(?P<start>\S+))?$")
DAY_S = 24 * 3600


def run_times(rule: str, limit: int = 10) -> list[float]:
    """The first ``limit`` run times within one day."""
    match = RULE.match(rule.strip().lower())
    if not match:
        raise ValueError(f"expected 'every <duration> [starting <duration>]', got {rule!r}")
    every = parse_duration(match["every"])
    if every <= 0:
        raise ValueError("the interval must be positive")
    start = parse_duration(match["start"]) if match["start"] else 0.0
    out, t = [], start
    while t < DAY_S and len(out) < limit:
        out.append(t)
        t += every
    return out
