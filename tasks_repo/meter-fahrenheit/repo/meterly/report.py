"""What operators read: a daily table and the alerts of the day."""

from __future__ import annotations

from .aggregate import DayStats, daily_stats
from .cleaning import clean
from .readings import parse_log


def stats_of(log_text: str) -> list[DayStats]:
    return daily_stats(clean(parse_log(log_text)))


def daily_table(log_text: str) -> str:
    rows = ["sensor  day         n   mean    low    high"]
    for s in stats_of(log_text):
        rows.append(f"{s.sensor:<7} {s.day}  {s.count:>2} {s.mean:>6.2f} {s.low:>6.2f} {s.high:>6.2f}")
    return "\n".join(rows)


def alerts(log_text: str, too_warm: float = 26.0, too_cold: float = 5.0) -> list[str]:
    """Sensor-days whose mean leaves the comfortable band."""
    out = []
    for s in stats_of(log_text):
        if s.mean > too_warm:
            out.append(f"{s.sensor} {s.day}: too warm ({s.mean:.1f} C)")
        elif s.mean < too_cold:
            out.append(f"{s.sensor} {s.day}: too cold ({s.mean:.1f} C)")
    return out
