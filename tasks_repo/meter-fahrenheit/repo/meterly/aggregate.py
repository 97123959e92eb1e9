"""Daily statistics per sensor."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .readings import Reading
from .timeutil import day_key


@dataclass(frozen=True)
class DayStats:
    sensor: str
    day: str
    count: int
    mean: float
    low: float
    high: float

    @property
    def spread(self) -> float:
        return round(self.high - self.low, 3)


def by_sensor_day(readings: list[Reading]) -> dict[tuple[str, str], list[float]]:
    groups: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in readings:
        groups[(r.sensor, day_key(r.at))].append(r.celsius)
    return dict(groups)


def daily_stats(readings: list[Reading]) -> list[DayStats]:
    out = []
    for (sensor, day), values in sorted(by_sensor_day(readings).items()):
        out.append(DayStats(sensor, day, len(values), round(sum(values) / len(values), 2), min(values), max(values)))
    return out
