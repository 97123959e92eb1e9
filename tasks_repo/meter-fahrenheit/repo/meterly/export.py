"""CSV export of daily statistics (one row per sensor-day)."""

from __future__ import annotations

import csv
import io

from .aggregate import DayStats

HEADER = ("sensor", "day", "count", "mean", "low", "high", "spread")


def to_csv(stats: list[DayStats]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(HEADER)
    for s in stats:
        writer.writerow((s.sensor, s.day, s.count, f"{s.mean:.2f}", f"{s.low:.2f}", f"{s.high:.2f}", f"{s.spread:.2f}"))
    return buffer.getvalue()
